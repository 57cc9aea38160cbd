// Checks examples/train_cnn.cpp: runs it twice with --dump and
//   1. the two dumps (the loss of every step and the first step's gradients, float32 printed with 9
//      significant digits, which round-trips every float) must be byte-identical: the same program on the
//      same device gives the same bits;
//   2. every step's loss must be within 1e-4 (relative) of PyTorch's float64 training from the same
//      float32 start (tests/golden/train_cnn.golden, made by tests/golden/ops/train_cnn.py), and the loss
//      must fall;
//   3. each first-step gradient element must be within 1e-4 of its tensor's largest magnitude of the
//      float64 gradient. Why that bound: every gradient is a float32 chain of about ten operators whose
//      sums run over up to 2048 terms (the convolution's weight gradient: 8 samples x 256 pixels), each
//      term of relative error a few float32 ulps (6e-8); the worst element found on PoCL, Intel's runtime
//      and rusticl was 2.4e-6 of the scale (the loss: 3.9e-6 of its value after 50 steps), so 1e-4 leaves
//      more than an order of magnitude for other devices' orders and still fails a wrong formula, index or
//      sign, which shows at the scale of the tensor.
//
//   check_train_cnn <train_cnn binary> <golden file> <work directory>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "golden/golden.h"

namespace {

std::string readAll(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs the program with --dump <path>, its output into <path>.log; true on exit status 0.
bool runOnce(const std::string &binary, const std::string &path) {
    std::string command = "'" + binary + "' --dump '" + path + "' > '" + path + ".log' 2>&1";
    int status = std::system(command.c_str());
    std::printf("%s", readAll(path + ".log").c_str());
    if (status != 0) {
        std::printf("FAIL: train_cnn exited with status %d\n", status);
        return false;
    }
    return true;
}

double maxAbs(const std::vector<double> &v) {
    double m = 0;
    for (double x : v) m = std::fmax(m, std::fabs(x));
    return m;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: check_train_cnn <train_cnn binary> <golden file> <work directory>\n");
        return 2;
    }
    const std::string binary = argv[1], goldenPath = argv[2], work = argv[3];
    // Names of this process's own, so that two checks at once (ctest -j) do not share files.
    const std::string stem = work + "/train_cnn." + std::to_string(getpid());
    const std::string first = stem + ".1.dump", second = stem + ".2.dump";
    if (!runOnce(binary, first) || !runOnce(binary, second)) return 1;
    if (readAll(first) != readAll(second)) {
        std::printf("FAIL: two runs of train_cnn wrote different losses or gradients (%s, %s)\n", first.c_str(),
                    second.c_str());
        return 1;
    }
    try {
        const golden::Case got = golden::load(first).at(0);
        const golden::Case want = golden::load(goldenPath).at(0);
        int failures = 0, checked = 0;
        for (const golden::Tensor &ref : want.tensors) {
            const golden::Tensor &ours = got.tensor(ref.role);
            if (ours.dims != ref.dims) {
                std::printf("FAIL: %s: shape differs from the golden's\n", ref.role.c_str());
                failures++;
                continue;
            }
            const bool isLoss = ref.role == "loss";
            const double scale = maxAbs(ref.values);
            double worst = 0;
            for (size_t i = 0; i < ref.values.size(); i++) {
                const double error = std::fabs(ours.values[i] - ref.values[i]);
                const double bound = isLoss ? 1e-4 * std::fabs(ref.values[i]) : 1e-4 * scale;
                worst = std::fmax(worst, error / (isLoss ? std::fabs(ref.values[i]) : scale));
                checked++;
                if (!(error <= bound)) {
                    if (failures < 10)
                        std::printf("FAIL: %s[%zu] = %.9g, PyTorch %.9g (bound %.3g)\n", ref.role.c_str(), i,
                                    ours.values[i], ref.values[i], bound);
                    failures++;
                }
            }
            std::printf("%-10s %5zu values, worst error %.3g of %s\n", ref.role.c_str(), ref.values.size(), worst,
                        isLoss ? "the value" : "the scale");
        }
        const std::vector<double> &loss = got.tensor("loss").values;
        if (checked == 0 || loss.empty() || !(loss.back() < loss.front())) {
            std::printf("FAIL: nothing checked, or the loss did not fall\n");
            return 1;
        }
        if (failures > 0) {
            std::printf("FAIL: %d values outside their bounds\n", failures);
            return 1;
        }
        std::printf("PASS: train_cnn: %d values match PyTorch autograd; two runs bit-identical\n", checked);
        for (const std::string &path : {first, second}) {
            std::remove(path.c_str());
            std::remove((path + ".log").c_str());
        }
    } catch (const std::exception &e) {
        std::printf("FAIL: %s\n", e.what());
        return 1;
    }
    return 0;
}
