// golden.h - header-only reader for the PyTorch golden reference files (*.golden) in
// tests/golden/. C++17, standard library only. The format is described in
// tests/golden/README.md; the files are written by tests/golden/gen_golden.py.
//
//   for (const golden::Case& c : golden::load(GOLDEN_DIR "/conv_tbc_backward.golden")) {
//       const golden::Tensor& dy = c.tensor("self");
//       int64_t pad = c.ints("pad")[0];
//       ...
//   }
#ifndef ACLNN_OPENCL_TESTS_GOLDEN_H
#define ACLNN_OPENCL_TESTS_GOLDEN_H

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace golden {

struct Tensor {
    std::string role;
    std::string dtype;            // float32 float16 bfloat16 float64 complex64 complex128
                                  // int8 uint8 int16 int32 int64 bool
    std::vector<int64_t> dims;
    std::vector<double> values;   // row-major contiguous; complex: re,im interleaved

    int64_t numel() const {
        int64_t n = 1;
        for (int64_t d : dims) n *= d;
        return n;
    }
    bool isComplex() const { return dtype == "complex64" || dtype == "complex128"; }
    bool isFloating() const {
        return dtype == "float32" || dtype == "float16" || dtype == "bfloat16" || dtype == "float64";
    }
    bool isIntegral() const { return !isComplex() && !isFloating(); }  // ints and bool
};

struct Case {
    std::string op;
    std::string name;
    std::map<std::string, std::vector<double>> params;
    std::vector<Tensor> tensors;

    bool has(const std::string& role) const {
        for (const Tensor& t : tensors)
            if (t.role == role) return true;
        return false;
    }

    const Tensor& tensor(const std::string& role) const {
        for (const Tensor& t : tensors)
            if (t.role == role) return t;
        throw std::runtime_error("golden: case " + op + "/" + name + " has no tensor '" + role + "'");
    }

    bool hasParam(const std::string& param) const { return params.count(param) != 0; }

    // The parameter's values as integers; throws if missing or not integral.
    std::vector<int64_t> ints(const std::string& param) const {
        const std::vector<double>& v = values(param);
        std::vector<int64_t> r;
        r.reserve(v.size());
        for (double d : v) {
            if (!(std::fabs(d) <= 9007199254740992.0) || d != std::floor(d))
                throw std::runtime_error("golden: case " + op + "/" + name + ": param '" + param +
                                         "' is not an integer list");
            r.push_back(static_cast<int64_t>(d));
        }
        return r;
    }

    // The parameter's single value; throws if missing or not exactly one value.
    double num(const std::string& param) const {
        const std::vector<double>& v = values(param);
        if (v.size() != 1)
            throw std::runtime_error("golden: case " + op + "/" + name + ": param '" + param +
                                     "' has " + std::to_string(v.size()) + " values, want 1");
        return v[0];
    }

    const std::vector<double>& values(const std::string& param) const {
        auto it = params.find(param);
        if (it == params.end())
            throw std::runtime_error("golden: case " + op + "/" + name + " has no param '" + param + "'");
        return it->second;
    }
};

namespace detail {

inline bool knownDtype(const std::string& d) {
    static const char* const names[] = {"float32", "float16", "bfloat16", "float64",
                                        "complex64", "complex128", "int8", "uint8",
                                        "int16", "int32", "int64", "bool"};
    for (const char* n : names)
        if (d == n) return true;
    return false;
}

[[noreturn]] inline void fail(const std::string& path, size_t line, const std::string& msg) {
    throw std::runtime_error("golden: " + path + ":" + std::to_string(line) + ": " + msg);
}

inline std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> r;
    std::istringstream in(s);
    std::string tok;
    while (in >> tok) r.push_back(tok);
    return r;
}

// One number: decimal/float text, or nan, inf, -inf (any case, via strtod).
inline double parseNumber(const std::string& tok, const std::string& path, size_t line) {
    const char* b = tok.c_str();
    char* e = nullptr;
    errno = 0;
    double v = std::strtod(b, &e);
    if (e == b || *e != '\0') fail(path, line, "bad number '" + tok + "'");
    // ERANGE on underflow (subnormals) is fine; overflow cannot happen for values we write
    return v;
}

inline int64_t parseInt(const std::string& tok, const std::string& path, size_t line) {
    const char* b = tok.c_str();
    char* e = nullptr;
    errno = 0;
    long long v = std::strtoll(b, &e, 10);
    if (e == b || *e != '\0' || errno == ERANGE) fail(path, line, "bad integer '" + tok + "'");
    return static_cast<int64_t>(v);
}

// Whitespace separated numbers of a whole line, without building substrings.
inline std::vector<double> parseValues(const std::string& s, const std::string& path, size_t line) {
    std::vector<double> r;
    const char* p = s.c_str();
    const char* end = p + s.size();
    while (true) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
        if (p >= end) break;
        char* e = nullptr;
        double v = std::strtod(p, &e);
        if (e == p || (e < end && *e != ' ' && *e != '\t' && *e != '\r')) {
            const char* q = p;
            while (q < end && *q != ' ' && *q != '\t') ++q;
            fail(path, line, "bad number '" + std::string(p, q) + "'");
        }
        r.push_back(v);
        p = e;
    }
    return r;
}

}  // namespace detail

// Reads every case of a .golden file. Throws std::runtime_error naming the file and line
// on any parse error (unknown keyword, bad number, wrong value count, missing 'end', ...).
inline std::vector<Case> load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("golden: cannot open " + path);
    std::vector<Case> cases;
    Case cur;
    bool inCase = false;
    size_t lineNo = 0, caseLine = 0;
    std::string line;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        std::vector<std::string> tok = detail::split(line);
        const std::string& kw = tok[0];
        if (kw == "case") {
            if (inCase) detail::fail(path, lineNo, "'case' before 'end' of the case at line " + std::to_string(caseLine));
            if (tok.size() != 3) detail::fail(path, lineNo, "want 'case <op> <name>'");
            cur = Case();
            cur.op = tok[1];
            cur.name = tok[2];
            inCase = true;
            caseLine = lineNo;
        } else if (kw == "param") {
            if (!inCase) detail::fail(path, lineNo, "'param' outside a case");
            if (tok.size() < 3) detail::fail(path, lineNo, "want 'param <name> <v1> [<v2> ...]'");
            if (cur.params.count(tok[1])) detail::fail(path, lineNo, "duplicate param '" + tok[1] + "'");
            std::vector<double> v;
            for (size_t i = 2; i < tok.size(); ++i) v.push_back(detail::parseNumber(tok[i], path, lineNo));
            cur.params[tok[1]] = std::move(v);
        } else if (kw == "tensor") {
            if (!inCase) detail::fail(path, lineNo, "'tensor' outside a case");
            if (tok.size() < 4) detail::fail(path, lineNo, "want 'tensor <role> <dtype> <rank> <dims...>'");
            Tensor t;
            t.role = tok[1];
            t.dtype = tok[2];
            if (!detail::knownDtype(t.dtype)) detail::fail(path, lineNo, "unknown dtype '" + t.dtype + "'");
            if (cur.has(t.role)) detail::fail(path, lineNo, "duplicate tensor '" + t.role + "'");
            int64_t rank = detail::parseInt(tok[3], path, lineNo);
            if (rank < 0 || static_cast<size_t>(rank) != tok.size() - 4)
                detail::fail(path, lineNo, "rank " + tok[3] + " but " + std::to_string(tok.size() - 4) + " dims");
            for (size_t i = 4; i < tok.size(); ++i) {
                int64_t d = detail::parseInt(tok[i], path, lineNo);
                if (d < 0) detail::fail(path, lineNo, "negative dim");
                t.dims.push_back(d);
            }
            std::string vals;
            if (!std::getline(in, vals)) detail::fail(path, lineNo + 1, "missing values line of tensor '" + t.role + "'");
            ++lineNo;
            t.values = detail::parseValues(vals, path, lineNo);
            size_t want = static_cast<size_t>(t.numel()) * (t.isComplex() ? 2 : 1);
            if (t.values.size() != want)
                detail::fail(path, lineNo, "tensor '" + t.role + "' has " + std::to_string(t.values.size()) +
                                               " values, want " + std::to_string(want));
            cur.tensors.push_back(std::move(t));
        } else if (kw == "end") {
            if (!inCase) detail::fail(path, lineNo, "'end' outside a case");
            if (tok.size() != 1) detail::fail(path, lineNo, "junk after 'end'");
            cases.push_back(std::move(cur));
            cur = Case();
            inCase = false;
        } else {
            detail::fail(path, lineNo, "unknown keyword '" + kw + "'");
        }
    }
    if (in.bad()) throw std::runtime_error("golden: read error on " + path);
    if (inCase) detail::fail(path, lineNo, "end of file inside the case at line " + std::to_string(caseLine));
    return cases;
}

}  // namespace golden

#endif  // ACLNN_OPENCL_TESTS_GOLDEN_H
