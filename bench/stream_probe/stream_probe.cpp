// How should the memory-bound kernels be written to reach the copy bandwidth? Today they move one
// 4-byte element per work-item with 64-bit index math and reach 15-53% of the copy bandwidth on an
// H100; streaming kernels that run near the copy rate keep >= 32 KiB of bytes in flight per SM
// (several elements, vector loads and stores per work-item). This probe measures, on one device,
// with plain OpenCL (no library code):
//   1. yardstick: clEnqueueCopyBuffer (bytes read + written per second);
//   2. a float copy kernel: ELEMS elements per work-item {1,2,4,8,16} x vector width {1,2,4} x
//      work-group size {64,128,256,512}, 32-bit index math, all loads before any store, each
//      work-group copying one tile in which, for every j, consecutive work-items touch consecutive
//      vectors (coalesced); then 64-bit index math for the best one and for one element per item,
//      and the plain `i = get_global_id(0); if (i < n)` kernel of today with 32 and 64-bit indices;
//   3. a ReflectionPad2d forward gather (NCHW, fp32): today's 1-D kernel (64-bit `/` and `%`)
//      against 3-D NDRanges (column chunk, row, plane) with ELEMS outputs per work-item along the
//      row (32-bit math), with scalar or aligned float4 stores; checked bit-exact on the CPU;
//   4. the deterministic ReflectionPad2dBackward gather (every gradInput element sums its at most
//      3 x 3 reflected gradOutput sources in ascending order, as a CPU scatter does): 1-D with
//      64-bit divisions against a 3-D NDRange with ELEMS per work-item; checked bit-exact;
//   5. the per-call floor: an empty kernel + clFinish, a 1 MiB copy + clFinish, and the cost of
//      reading a fault flag back after the kernel: a blocking 4-byte clEnqueueReadBuffer, or a
//      persistently mapped CL_MEM_ALLOC_HOST_PTR / CL_MEM_USE_HOST_PTR buffer read directly, the blocking
//      read as the wait itself, a non-blocking read into pinned or plain host memory then clFinish (and
//      whether the value the kernel stored is visible there, or stale);
//   6. the device's limits (compute units, work-group size, vector widths, memories, timer).
// Kernel times are profiling-event times (warm-up first; best and median of the runs, more runs
// when one run is short); floor items are host wall times per call (median of 200 after 20).
// Results go to DIR/stream_probe.jsonl (one object per measurement, appended and flushed as it
// goes) and DIR/stream_probe.md (rewritten after every measurement). Exit 0: every check passed;
// 1: a check failed (or a kernel did not build or run); 2: setup error.
//
//   aclnn_stream_probe [--platform SUBSTRING] [--device-type gpu|cpu|all] [--mib N] [--runs N]
//                      [--budget SECONDS] [--out DIR] [--quick]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace {

const char *kSource = R"CL(
#ifndef ELEMS
#define ELEMS 1
#endif
#ifndef VEC
#define VEC 1
#endif
#ifndef INDEX64
#define INDEX64 0
#endif
#if INDEX64
typedef ulong idx_t;
#else
typedef uint idx_t;
#endif
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#if VEC == 1
typedef float vec_t;
#else
typedef CAT(float, VEC) vec_t;
#endif

// One tile of wg * ELEMS vectors per work-group; in step j, work-item lid moves vector
// tile + j * wg + lid, so that consecutive work-items touch consecutive vectors.
__kernel void copy_tile(__global const float *restrict src, __global float *restrict dst, const idx_t n) {
    const idx_t lid = (idx_t)get_local_id(0);
    const idx_t wg = (idx_t)get_local_size(0);
    const idx_t nv = n / VEC;
    const idx_t base = (idx_t)get_group_id(0) * (wg * ELEMS) + lid;
    __global const vec_t *s = (__global const vec_t *)src;
    __global vec_t *d = (__global vec_t *)dst;
    vec_t r[ELEMS];
    if (base + (idx_t)(ELEMS - 1) * wg < nv) {
#pragma unroll
        for (int j = 0; j < ELEMS; ++j) r[j] = s[base + (idx_t)j * wg];
#pragma unroll
        for (int j = 0; j < ELEMS; ++j) d[base + (idx_t)j * wg] = r[j];
    } else {
#pragma unroll
        for (int j = 0; j < ELEMS; ++j)
            if (base + (idx_t)j * wg < nv) r[j] = s[base + (idx_t)j * wg];
#pragma unroll
        for (int j = 0; j < ELEMS; ++j)
            if (base + (idx_t)j * wg < nv) d[base + (idx_t)j * wg] = r[j];
    }
#if VEC > 1
    // The n % VEC scalars after the last whole vector.
    const idx_t done = nv * VEC;
    const idx_t gid = (idx_t)get_global_id(0);
    if (gid < n - done) dst[done + gid] = src[done + gid];
#endif
}

// Today's pattern: one element per work-item.
__kernel void copy_simple(__global const float *restrict src, __global float *restrict dst, const idx_t n) {
    const idx_t i = (idx_t)get_global_id(0);
    if (i < n) dst[i] = src[i];
}

int reflect_i(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i); }
long reflect_l(long i, long n) { return i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i); }

// ReflectionPad2d forward, today's pattern: 1-D global id, 64-bit `/` and `%`.
__kernel void pad_today(__global const float *restrict in, __global float *restrict out, const ulong nc,
                        const ulong h, const ulong w, const ulong p) {
    const ulong gid = get_global_id(0);
    const ulong oh = h + 2 * p, ow = w + 2 * p;
    if (gid >= nc * oh * ow) return;
    const ulong x = gid % ow;
    const ulong t = gid / ow;
    const ulong y = t % oh;
    const ulong c = t / oh;
    const long sx = reflect_l((long)x - (long)p, (long)w);
    const long sy = reflect_l((long)y - (long)p, (long)h);
    out[gid] = in[(c * h + (ulong)sy) * w + (ulong)sx];
}

// ReflectionPad2d forward, 3-D NDRange (column chunk, row, plane), 32-bit math: work-item cx
// writes columns cx + j * cxn of its row, j < ELEMS (coalesced for every j).
__kernel void pad_rows(__global const float *restrict in, __global float *restrict out, const uint h,
                       const uint w, const uint p, const uint cxn) {
    const uint cx = get_global_id(0), y = get_global_id(1), c = get_global_id(2);
    const uint oh = h + 2 * p, ow = w + 2 * p;
    if (y >= oh || cx >= cxn) return;
    const int sy = reflect_i((int)y - (int)p, (int)h);
    __global const float *src = in + (c * h + (uint)sy) * w;
    __global float *dst = out + (c * oh + y) * ow;
    float r[ELEMS];
#pragma unroll
    for (int j = 0; j < ELEMS; ++j) {
        const uint x = cx + (uint)j * cxn;
        if (x < ow) r[j] = src[reflect_i((int)x - (int)p, (int)w)];
    }
#pragma unroll
    for (int j = 0; j < ELEMS; ++j) {
        const uint x = cx + (uint)j * cxn;
        if (x < ow) dst[x] = r[j];
    }
}

// The same with float4 stores: the output row is cut into the 16-byte aligned slots of the whole
// output buffer; slots inside the row are stored as one float4, the row's partial first and last
// slots element by element. Work-item cs handles slots cs + j * csn, j < ELEMS / 4.
#define E4 (ELEMS >= 4 ? ELEMS / 4 : 1)
__kernel void pad_vec(__global const float *restrict in, __global float *restrict out, const uint h,
                      const uint w, const uint p, const uint csn) {
    const uint cs = get_global_id(0), y = get_global_id(1), c = get_global_id(2);
    const uint oh = h + 2 * p, ow = w + 2 * p;
    if (y >= oh || cs >= csn) return;
    const int sy = reflect_i((int)y - (int)p, (int)h);
    __global const float *src = in + (c * h + (uint)sy) * w;
    const uint r0 = (c * oh + y) * ow;
    const uint first = r0 & ~3u;
    float r[E4][4];
#pragma unroll
    for (int j = 0; j < E4; ++j) {
        const uint s = first + 4u * (cs + (uint)j * csn);
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            const int x = (int)(s + (uint)k) - (int)r0;
            r[j][k] = (x >= 0 && x < (int)ow) ? src[reflect_i(x - (int)p, (int)w)] : 0.0f;
        }
    }
#pragma unroll
    for (int j = 0; j < E4; ++j) {
        const uint s = first + 4u * (cs + (uint)j * csn);
        if (s >= r0 && s + 4u <= r0 + ow) {
            *(__global float4 *)(out + s) = (float4)(r[j][0], r[j][1], r[j][2], r[j][3]);
        } else {
#pragma unroll
            for (int k = 0; k < 4; ++k) {
                const int x = (int)(s + (uint)k) - (int)r0;
                if (x >= 0 && x < (int)ow) out[s + (uint)k] = r[j][k];
            }
        }
    }
}

// The padded positions (along one axis) that reflect onto position y, ascending.
int sources(int y, int n, int p, int *o) {
    int k = 0;
    if (y >= 1 && y <= p) o[k++] = p - y;
    o[k++] = y + p;
    if (y >= n - 1 - p && y <= n - 2) o[k++] = 2 * (n - 1) - y + p;
    return k;
}

// ReflectionPad2dBackward, one gradInput element per work-item, 64-bit `/` and `%`.
__kernel void padbwd_today(__global const float *restrict go, __global float *restrict gi, const ulong nc,
                           const ulong h, const ulong w, const ulong p) {
    const ulong gid = get_global_id(0);
    if (gid >= nc * h * w) return;
    const ulong oh = h + 2 * p, ow = w + 2 * p;
    const ulong x = gid % w;
    const ulong t = gid / w;
    const ulong y = t % h;
    const ulong c = t / h;
    int rs[3], cs[3];
    const int nr = sources((int)y, (int)h, (int)p, rs);
    const int ncol = sources((int)x, (int)w, (int)p, cs);
    float acc = 0.0f;
    for (int a = 0; a < nr; ++a)
        for (int b = 0; b < ncol; ++b) acc += go[(c * oh + (ulong)rs[a]) * ow + (ulong)cs[b]];
    gi[gid] = acc;
}

// ReflectionPad2dBackward, 3-D NDRange, 32-bit math, columns cx + j * cxn of row y, j < ELEMS.
__kernel void padbwd_rows(__global const float *restrict go, __global float *restrict gi, const uint h,
                          const uint w, const uint p, const uint cxn) {
    const uint cx = get_global_id(0), y = get_global_id(1), c = get_global_id(2);
    if (y >= h || cx >= cxn) return;
    const uint oh = h + 2 * p, ow = w + 2 * p;
    int rs[3];
    const int nr = sources((int)y, (int)h, (int)p, rs);
    __global const float *plane = go + c * oh * ow;
    float acc[ELEMS];
#pragma unroll
    for (int j = 0; j < ELEMS; ++j) {
        const uint x = cx + (uint)j * cxn;
        acc[j] = 0.0f;
        if (x < w) {
            int cs[3];
            const int ncol = sources((int)x, (int)w, (int)p, cs);
            for (int a = 0; a < nr; ++a)
                for (int b = 0; b < ncol; ++b) acc[j] += plane[(uint)rs[a] * ow + (uint)cs[b]];
        }
    }
    __global float *dst = gi + (c * h + y) * w;
#pragma unroll
    for (int j = 0; j < ELEMS; ++j) {
        const uint x = cx + (uint)j * cxn;
        if (x < w) dst[x] = acc[j];
    }
}

__kernel void empty_kernel(void) {}

__kernel void write_flag(__global volatile uint *flag, const uint v) { flag[0] = v; }
)CL";

// ---------------------------------------------------------------------------------------------
// Options, errors, clocks.

struct Options {
    std::string platform;
    std::string deviceType = "auto";
    double mib = 256;
    bool mibGiven = false;
    int runs = 10;
    bool runsGiven = false;
    double budget = 180;
    std::string out = ".";
    bool quick = false;
};

const char *errName(cl_int e) {
    switch (e) {
    case CL_SUCCESS: return "CL_SUCCESS";
    case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
    case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
    case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
    case CL_MAP_FAILURE: return "CL_MAP_FAILURE";
    case CL_INVALID_VALUE: return "CL_INVALID_VALUE";
    case CL_INVALID_DEVICE: return "CL_INVALID_DEVICE";
    case CL_INVALID_BUFFER_SIZE: return "CL_INVALID_BUFFER_SIZE";
    case CL_INVALID_BUILD_OPTIONS: return "CL_INVALID_BUILD_OPTIONS";
    case CL_INVALID_KERNEL_NAME: return "CL_INVALID_KERNEL_NAME";
    case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
    case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
    case CL_INVALID_ARG_VALUE: return "CL_INVALID_ARG_VALUE";
    case CL_INVALID_WORK_DIMENSION: return "CL_INVALID_WORK_DIMENSION";
    case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
    case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
    case CL_INVALID_GLOBAL_WORK_SIZE: return "CL_INVALID_GLOBAL_WORK_SIZE";
    case CL_INVALID_EVENT: return "CL_INVALID_EVENT";
    case CL_INVALID_OPERATION: return "CL_INVALID_OPERATION";
    case CL_INVALID_MEM_OBJECT: return "CL_INVALID_MEM_OBJECT";
    case CL_PROFILING_INFO_NOT_AVAILABLE: return "CL_PROFILING_INFO_NOT_AVAILABLE";
    case CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST: return "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST";
    default: return "CL error";
    }
}

bool check(cl_int e, const char *what) {
    if (e == CL_SUCCESS) return true;
    std::fprintf(stderr, "stream_probe: %s failed: %s (%d)\n", what, errName(e), static_cast<int>(e));
    return false;
}

double nowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string lower(std::string s) {
    for (auto &ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

std::string jsonString(const std::string &s) {
    std::string o = "\"";
    for (char ch : s) {
        if (ch == '"' || ch == '\\') {
            o += '\\';
            o += ch;
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(ch)));
            o += b;
        } else {
            o += ch;
        }
    }
    return o + "\"";
}

std::string num(double v, const char *fmt = "%.6g") {
    if (!std::isfinite(v)) return "null";
    char b[64];
    std::snprintf(b, sizeof b, fmt, v);
    return b;
}

// ---------------------------------------------------------------------------------------------
// Results.

struct Record {
    std::string kind, variant, shape, note;
    int elems = 0, vec = 0, bits = 0, runs = 0;
    std::vector<size_t> wg;
    double bytes = 0, bestMs = NAN, medianMs = NAN, gbs = NAN, gbsMedian = NAN, pct = NAN;
    bool ok = true, skipped = false;
    // Floor items: host wall time per call and the visibility of the flag the kernel stored.
    double hostMedianUs = NAN, hostBestUs = NAN;
    int calls = 0, stale = -1;
    std::string visible;  // "yes", "stale" or "" (not applicable)
};

struct DeviceInfo {
    std::string platform, name, vendor, driver, version, clc;
    cl_uint cus = 0, clock = 0, vecFloat = 0, vecChar = 0, vecShort = 0, vecInt = 0, addrAlignBits = 0;
    size_t maxWg = 0, maxItems[3] = {0, 0, 0}, timerRes = 0;
    cl_ulong localMem = 0, globalMem = 0, maxAlloc = 0, l2 = 0;
    cl_device_type type = 0;
};

class Report {
  public:
    Report(const std::string &dir, const DeviceInfo &dev) : dev_(dev) {
        jsonlPath_ = dir + "/stream_probe.jsonl";
        mdPath_ = dir + "/stream_probe.md";
        jsonl_ = std::fopen(jsonlPath_.c_str(), "w");
        if (jsonl_) {
            std::fprintf(jsonl_,
                         "{\"kind\":\"device\",\"platform\":%s,\"name\":%s,\"vendor\":%s,\"driver\":%s,"
                         "\"version\":%s,\"opencl_c\":%s,\"compute_units\":%u,\"clock_mhz\":%u,"
                         "\"max_work_group_size\":%zu,\"max_work_item_sizes\":[%zu,%zu,%zu],"
                         "\"preferred_vector_width\":{\"char\":%u,\"short\":%u,\"int\":%u,\"float\":%u},"
                         "\"local_mem\":%llu,\"global_mem\":%llu,\"max_alloc\":%llu,\"global_cache\":%llu,"
                         "\"mem_base_addr_align_bits\":%u,\"timer_resolution_ns\":%zu}\n",
                         jsonString(dev.platform).c_str(), jsonString(dev.name).c_str(),
                         jsonString(dev.vendor).c_str(), jsonString(dev.driver).c_str(),
                         jsonString(dev.version).c_str(), jsonString(dev.clc).c_str(), dev.cus, dev.clock,
                         dev.maxWg, dev.maxItems[0], dev.maxItems[1], dev.maxItems[2], dev.vecChar, dev.vecShort,
                         dev.vecInt, dev.vecFloat, static_cast<unsigned long long>(dev.localMem),
                         static_cast<unsigned long long>(dev.globalMem),
                         static_cast<unsigned long long>(dev.maxAlloc), static_cast<unsigned long long>(dev.l2),
                         dev.addrAlignBits, dev.timerRes);
            std::fflush(jsonl_);
        }
        writeMd();
    }
    ~Report() {
        if (jsonl_) std::fclose(jsonl_);
    }
    bool opened() const { return jsonl_ != nullptr; }
    const std::string &mdPath() const { return mdPath_; }
    const std::string &jsonlPath() const { return jsonlPath_; }

    void add(const Record &r) {
        records_.push_back(r);
        if (jsonl_) {
            std::string wg = "[";
            for (size_t i = 0; i < r.wg.size(); ++i) wg += (i ? "," : "") + std::to_string(r.wg[i]);
            wg += "]";
            std::string line = "{\"kind\":" + jsonString(r.kind) + ",\"variant\":" + jsonString(r.variant);
            if (!r.shape.empty()) line += ",\"shape\":" + jsonString(r.shape);
            if (r.kind != "floor") {
                line += ",\"elems\":" + std::to_string(r.elems) + ",\"vec\":" + std::to_string(r.vec) +
                        ",\"wg\":" + wg + ",\"index_bits\":" + std::to_string(r.bits) + ",\"bytes\":" +
                        num(r.bytes, "%.0f") + ",\"best_ms\":" + num(r.bestMs) + ",\"median_ms\":" + num(r.medianMs) +
                        ",\"gbs\":" + num(r.gbs) + ",\"gbs_median\":" + num(r.gbsMedian) +
                        ",\"pct_yardstick\":" + num(r.pct) + ",\"runs\":" + std::to_string(r.runs);
            } else {
                line += ",\"host_median_us\":" + num(r.hostMedianUs) + ",\"host_best_us\":" + num(r.hostBestUs) +
                        ",\"calls\":" + std::to_string(r.calls);
                if (!r.visible.empty())
                    line += ",\"visible\":" + jsonString(r.visible) + ",\"stale_calls\":" + std::to_string(r.stale);
            }
            line += std::string(",\"ok\":") + (r.ok ? "true" : "false");
            if (r.skipped) line += ",\"skipped\":true";
            if (!r.note.empty()) line += ",\"note\":" + jsonString(r.note);
            line += "}\n";
            std::fputs(line.c_str(), jsonl_);
            std::fflush(jsonl_);
        }
        writeMd();
    }

    void setNote(const std::string &section, const std::string &note) {
        notes_[section] += note + "\n";
        writeMd();
    }

  private:
    static std::string wgText(const std::vector<size_t> &wg) {
        std::string s;
        for (size_t i = 0; i < wg.size(); ++i) s += (i ? "x" : "") + std::to_string(wg[i]);
        return s;
    }
    static std::string f(double v, const char *fmt) {
        if (!std::isfinite(v)) return "-";
        char b[64];
        std::snprintf(b, sizeof b, fmt, v);
        return b;
    }
    void section(FILE *o, const std::string &kind, const std::string &shape, const std::string &title) const {
        const Record *best = nullptr;
        for (const auto &r : records_)
            if (r.kind == kind && r.shape == shape && r.ok && !r.skipped && std::isfinite(r.gbs) &&
                (!best || r.gbs > best->gbs))
                best = &r;
        bool any = false;
        for (const auto &r : records_) any = any || (r.kind == kind && r.shape == shape);
        if (!any) return;
        std::fprintf(o, "\n## %s\n\n", title.c_str());
        std::fprintf(o, "| variant | elems | vec | wg | index bits | best ms | median ms | GB/s (best) | GB/s (median) "
                        "| %% of copy | runs | check | |\n"
                        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (const auto &r : records_) {
            if (r.kind != kind || r.shape != shape) continue;
            std::fprintf(o, "| %s | %d | %d | %s | %d | %s | %s | %s | %s | %s | %d | %s | %s |\n", r.variant.c_str(),
                         r.elems, r.vec, wgText(r.wg).c_str(), r.bits, f(r.bestMs, "%.4f").c_str(),
                         f(r.medianMs, "%.4f").c_str(), f(r.gbs, "%.1f").c_str(), f(r.gbsMedian, "%.1f").c_str(),
                         f(r.pct, "%.1f").c_str(), r.runs, r.skipped ? "skipped" : (r.ok ? "ok" : "**FAIL**"),
                         (&r == best ? "**best**" : r.note.c_str()));
        }
        auto it = notes_.find(kind + shape);
        if (it != notes_.end()) std::fprintf(o, "\n%s", it->second.c_str());
    }
    void writeMd() const {
        FILE *o = std::fopen(mdPath_.c_str(), "w");
        if (!o) return;
        std::fprintf(o, "# stream_probe\n\n| | |\n| --- | --- |\n");
        std::fprintf(o, "| device | %s |\n| platform | %s |\n| vendor | %s |\n| driver | %s |\n| version | %s |\n"
                        "| OpenCL C | %s |\n| compute units | %u |\n| clock MHz | %u |\n| max work-group size | %zu |\n"
                        "| max work-item sizes | %zu x %zu x %zu |\n| preferred vector width char/short/int/float | "
                        "%u/%u/%u/%u |\n| local memory | %llu KiB |\n| global memory | %llu MiB |\n"
                        "| max allocation | %llu MiB |\n| global cache | %llu KiB |\n| base address alignment | %u bits |\n"
                        "| profiling timer resolution | %zu ns |\n",
                     dev_.name.c_str(), dev_.platform.c_str(), dev_.vendor.c_str(), dev_.driver.c_str(),
                     dev_.version.c_str(), dev_.clc.c_str(), dev_.cus, dev_.clock, dev_.maxWg, dev_.maxItems[0],
                     dev_.maxItems[1], dev_.maxItems[2], dev_.vecChar, dev_.vecShort, dev_.vecInt, dev_.vecFloat,
                     static_cast<unsigned long long>(dev_.localMem >> 10),
                     static_cast<unsigned long long>(dev_.globalMem >> 20),
                     static_cast<unsigned long long>(dev_.maxAlloc >> 20),
                     static_cast<unsigned long long>(dev_.l2 >> 10), dev_.addrAlignBits, dev_.timerRes);
        section(o, "yardstick", "", "Yardstick: clEnqueueCopyBuffer (GB/s = bytes read + written)");
        bool anyFloor = false;
        for (const auto &r : records_) anyFloor = anyFloor || r.kind == "floor";
        if (anyFloor) {
            std::fprintf(o, "\n## Per-call floor (host wall time per call)\n\n"
                            "| item | median us | best us | calls | flag visible | stale calls | check |\n"
                            "| --- | --- | --- | --- | --- | --- | --- |\n");
            for (const auto &r : records_) {
                if (r.kind != "floor") continue;
                std::fprintf(o, "| %s | %s | %s | %d | %s | %s | %s |\n", r.variant.c_str(),
                             f(r.hostMedianUs, "%.1f").c_str(), f(r.hostBestUs, "%.1f").c_str(), r.calls,
                             r.visible.empty() ? "-" : r.visible.c_str(),
                             r.visible.empty() ? "-" : std::to_string(r.stale).c_str(),
                             r.skipped ? "skipped" : (r.ok ? "ok" : "**FAIL**"));
            }
            auto it = notes_.find("floor");
            if (it != notes_.end()) std::fprintf(o, "\n%s", it->second.c_str());
        }
        section(o, "copy", "", "Copy kernel sweep (fp32; GB/s = bytes read + written)");
        std::vector<std::string> shapes;
        for (const auto &r : records_)
            if ((r.kind == "pad" || r.kind == "padbwd") &&
                std::find(shapes.begin(), shapes.end(), r.kind + "|" + r.shape) == shapes.end())
                shapes.push_back(r.kind + "|" + r.shape);
        for (const auto &ks : shapes) {
            const std::string kind = ks.substr(0, ks.find('|')), shape = ks.substr(ks.find('|') + 1);
            section(o, kind, shape,
                    (kind == "pad" ? "ReflectionPad2d forward " : "ReflectionPad2dBackward ") + shape +
                        (kind == "pad" ? " (GB/s = input read once + output written)"
                                       : " (GB/s = gradOutput read + gradInput written)"));
        }
        std::fclose(o);
    }

    DeviceInfo dev_;
    std::string jsonlPath_, mdPath_;
    FILE *jsonl_ = nullptr;
    std::vector<Record> records_;
    std::map<std::string, std::string> notes_;
};

// ---------------------------------------------------------------------------------------------
// The probe.

class Probe {
  public:
    Probe(const Options &opt, cl_device_id dev, cl_context ctx, cl_command_queue q, Report &report,
          const DeviceInfo &info)
        : opt_(opt), dev_(dev), ctx_(ctx), q_(q), report_(report), info_(info) {
        deadline_ = nowSeconds() + opt.budget;
    }
    ~Probe() {
        for (auto &kv : programs_)
            if (kv.second) clReleaseProgram(kv.second);
    }

    int failures = 0;

    void run() {
        yardstick();
        floor();
        copySweep();
        if (opt_.quick) {
            pad(1, 4, 32, 32, 3, sectionDeadline(0.5));
            padBackward(1, 4, 32, 32, 3, sectionDeadline(1.0));
        } else {
            pad(8, 64, 128, 128, 3, sectionDeadline(0.35));
            pad(1, 16, 64, 64, 3, sectionDeadline(0.35));
            padBackward(8, 64, 128, 128, 3, sectionDeadline(1.0));
        }
        releaseCopyBuffers();
    }

  private:
    struct Timing {
        bool ok = false;
        bool wgRefused = false;  // the enqueue refused the local size (CL_INVALID_WORK_GROUP_SIZE)
        double bestMs = NAN, medianMs = NAN;
        int runs = 0;
    };

    double sectionDeadline(double share) const {
        const double now = nowSeconds();
        return now + std::max(0.0, deadline_ - now) * share;
    }
    bool overBudget(double sectionEnd) const {
        const double now = nowSeconds();
        return now >= deadline_ || now >= sectionEnd;
    }

    cl_program program(int elems, int vec, int bits) {
        char opts[160];
        std::snprintf(opts, sizeof opts, "-cl-std=CL1.2 -D ELEMS=%d -D VEC=%d -D INDEX64=%d", elems, vec,
                      bits == 64 ? 1 : 0);
        auto it = programs_.find(opts);
        if (it != programs_.end()) return it->second;
        cl_int err = CL_SUCCESS;
        cl_program p = clCreateProgramWithSource(ctx_, 1, &kSource, nullptr, &err);
        if (!check(err, "clCreateProgramWithSource")) {
            programs_[opts] = nullptr;
            return nullptr;
        }
        const double t0 = nowSeconds();
        err = clBuildProgram(p, 1, &dev_, opts, nullptr, nullptr);
        if (err != CL_SUCCESS) {
            size_t n = 0;
            clGetProgramBuildInfo(p, dev_, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
            std::string log(n, '\0');
            if (n) clGetProgramBuildInfo(p, dev_, CL_PROGRAM_BUILD_LOG, n, &log[0], nullptr);
            std::fprintf(stderr, "stream_probe: build with '%s' failed: %s (%d)\nbuild log:\n%s\n", opts,
                         errName(err), static_cast<int>(err), log.c_str());
            clReleaseProgram(p);
            programs_[opts] = nullptr;
            return nullptr;
        }
        std::printf("  (built %s in %.2f s)\n", opts, nowSeconds() - t0);
        programs_[opts] = p;
        return p;
    }

    // A kernel from the program for (elems, vec, bits), or nullptr (message printed).
    cl_kernel kernel(const char *name, int elems, int vec, int bits) {
        cl_program p = program(elems, vec, bits);
        if (!p) return nullptr;
        cl_int err = CL_SUCCESS;
        cl_kernel k = clCreateKernel(p, name, &err);
        if (!check(err, name)) return nullptr;
        return k;
    }

    size_t kernelMaxWg(cl_kernel k) const {
        size_t kmax = 0;
        clGetKernelWorkGroupInfo(k, dev_, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, nullptr);
        return kmax;
    }

    // Whether the local size fits the device; the reason if not.
    // Over the kernel's CL_KERNEL_WORK_GROUP_SIZE is tried anyway (some drivers under-report it)
    // and skipped when the enqueue refuses it.
    std::string wgFits(cl_kernel, const std::vector<size_t> &local) const {
        size_t total = 1;
        for (size_t i = 0; i < local.size(); ++i) {
            total *= local[i];
            if (local[i] > info_.maxItems[i]) return "work-item size over the device's maximum";
        }
        if (total > info_.maxWg) return "work-group size over the device's maximum";
        return "";
    }

    // Warm-up, then `runs` event-timed runs enqueued back to back (more when one run is short,
    // fewer when the section's time is running out).
    Timing timeIt(const std::function<cl_int(cl_event *)> &enqueue, double sectionEnd) {
        Timing t;
        // Two warm-ups: the first may pay for lazy compilation and allocation; the second, timed
        // on the host and by its event, decides how many runs to time.
        cl_event ev = nullptr;
        const cl_int e0 = enqueue(&ev);
        if (e0 == CL_INVALID_WORK_GROUP_SIZE) {
            t.wgRefused = true;
            return t;
        }
        if (!check(e0, "enqueue (warm-up)")) return t;
        clReleaseEvent(ev);
        ev = nullptr;
        if (!check(clFinish(q_), "clFinish (warm-up)")) return t;
        const double h0 = nowSeconds();
        const cl_int e = enqueue(&ev);
        if (e == CL_INVALID_WORK_GROUP_SIZE) {
            t.wgRefused = true;
            return t;
        }
        if (!check(e, "enqueue (warm-up)")) return t;
        if (!check(clFinish(q_), "clFinish (warm-up)")) {
            clReleaseEvent(ev);
            return t;
        }
        const double warmHost = (nowSeconds() - h0) * 1000.0;  // ms; bounds the cost of the runs
        const double warm = eventMs(ev);
        clReleaseEvent(ev);
        if (!std::isfinite(warm)) return t;
        int runs = opt_.runs;
        // Short runs: enough of them to fill ~20 ms of kernel time (up to 500 and ~50 ms of host
        // time per measurement).
        if (warm * runs < 20.0) {
            const double byKernel = warm > 0 ? 20.0 / warm : 500.0, byHost = 50.0 / std::max(warmHost, 1e-3);
            runs = std::max(runs, static_cast<int>(std::min({500.0, byKernel, byHost})));
        }
        // Slow device: as many as half the section's remaining time allows, at least 2.
        const double leftMs = (std::min(sectionEnd, deadline_) - nowSeconds()) * 1000.0;
        const double per = std::max(warm, warmHost);
        if (per * runs > leftMs * 0.5) runs = std::max(2, static_cast<int>(leftMs * 0.5 / per));
        std::vector<cl_event> evs(runs, nullptr);
        bool ok = true;
        for (int i = 0; i < runs && ok; ++i) ok = check(enqueue(&evs[i]), "enqueue");
        ok = check(clFinish(q_), "clFinish") && ok;
        std::vector<double> ms;
        for (auto evt : evs) {
            if (!evt) continue;
            const double v = eventMs(evt);
            if (std::isfinite(v)) ms.push_back(v);
            clReleaseEvent(evt);
        }
        if (!ok || ms.empty()) return t;
        std::sort(ms.begin(), ms.end());
        t.ok = true;
        t.runs = static_cast<int>(ms.size());
        t.bestMs = ms.front();
        t.medianMs = ms.size() % 2 ? ms[ms.size() / 2] : 0.5 * (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]);
        return t;
    }

    static double eventMs(cl_event e) {
        cl_ulong a = 0, b = 0;
        if (!check(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof a, &a, nullptr),
                   "clGetEventProfilingInfo(START)") ||
            !check(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof b, &b, nullptr),
                   "clGetEventProfilingInfo(END)"))
            return NAN;
        return b >= a ? (b - a) * 1e-6 : NAN;
    }

    void fillRecord(Record &r, const Timing &t, double bytes) {
        r.bytes = bytes;
        r.runs = t.runs;
        r.bestMs = t.bestMs;
        r.medianMs = t.medianMs;
        if (t.bestMs > 0) r.gbs = bytes / (t.bestMs * 1e-3) / 1e9;
        if (t.medianMs > 0) r.gbsMedian = bytes / (t.medianMs * 1e-3) / 1e9;
        if (yardstickGbs_ > 0 && std::isfinite(r.gbs)) r.pct = 100.0 * r.gbs / yardstickGbs_;
    }

    void emit(Record &r) {
        if (!r.ok && !r.skipped) ++failures;
        if (r.skipped)
            std::printf("%-9s %-12s %-14s e%-2d v%d wg %-7s %2d-bit  skipped: %s\n", r.kind.c_str(), r.variant.c_str(),
                        r.shape.c_str(), r.elems, r.vec, wgStr(r.wg).c_str(), r.bits, r.note.c_str());
        else
            std::printf("%-9s %-12s %-14s e%-2d v%d wg %-7s %2d-bit  best %8.4f ms  median %8.4f ms  %8.1f GB/s  "
                        "%5.1f%%  runs %3d  %s\n",
                        r.kind.c_str(), r.variant.c_str(), r.shape.c_str(), r.elems, r.vec, wgStr(r.wg).c_str(), r.bits,
                        r.bestMs, r.medianMs, r.gbs, r.pct, r.runs, r.ok ? "ok" : "FAIL");
        std::fflush(stdout);
        report_.add(r);
    }

    static std::string wgStr(const std::vector<size_t> &wg) {
        std::string s;
        for (size_t i = 0; i < wg.size(); ++i) s += (i ? "x" : "") + std::to_string(wg[i]);
        return s;
    }

    // A device buffer of `bytes`, nullptr on failure (the error is returned in *err).
    cl_mem buffer(size_t bytes, cl_int *err, const void *init = nullptr) {
        *err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(ctx_, CL_MEM_READ_WRITE, bytes, nullptr, err);
        if (*err != CL_SUCCESS) return nullptr;
        // Allocation may be deferred to the first use: touch it now.
        if (init)
            *err = clEnqueueWriteBuffer(q_, m, CL_TRUE, 0, bytes, init, 0, nullptr, nullptr);
        else {
            const cl_uint pattern = 0xffffffffu;
            *err = clEnqueueFillBuffer(q_, m, &pattern, sizeof pattern, 0, bytes, 0, nullptr, nullptr);
            if (*err == CL_SUCCESS) *err = clFinish(q_);
        }
        if (*err != CL_SUCCESS) {
            clReleaseMemObject(m);
            return nullptr;
        }
        return m;
    }

    bool poison(cl_mem m, size_t bytes) {
        const cl_uint pattern = 0xffffffffu;
        return check(clEnqueueFillBuffer(q_, m, &pattern, sizeof pattern, 0, bytes, 0, nullptr, nullptr),
                     "clEnqueueFillBuffer") &&
               check(clFinish(q_), "clFinish");
    }

    bool readBack(cl_mem m, std::vector<float> &host) {
        return check(clEnqueueReadBuffer(q_, m, CL_TRUE, 0, host.size() * sizeof(float), host.data(), 0, nullptr,
                                         nullptr),
                     "clEnqueueReadBuffer");
    }

    // ---- 1. yardstick (and the buffers of the copy sweep) ---------------------------------
    bool allocCopyBuffers() {
        size_t bytes = static_cast<size_t>(opt_.mib * 1048576.0);
        bytes = std::min<size_t>(bytes, static_cast<size_t>(info_.maxAlloc));
        bytes = std::min<size_t>(bytes, static_cast<size_t>(info_.globalMem * 0.4));
        bytes &= ~static_cast<size_t>(4095);
        if (opt_.quick) bytes -= 4;  // an odd element count: partial tiles and the scalar tail
        while (bytes >= 65536) {
            n_ = bytes / sizeof(float);
            try {
                host_.resize(n_);
                back_.resize(n_);
            } catch (const std::bad_alloc &) {
                bytes /= 2;
                continue;
            }
            for (size_t i = 0; i < n_; ++i) host_[i] = static_cast<float>(i % 1000003u) * 0.5f - 1000.0f;
            cl_int err = CL_SUCCESS;
            src_ = buffer(bytes, &err, host_.data());
            if (src_) dst_ = buffer(bytes, &err);
            if (src_ && dst_) break;
            std::fprintf(stderr, "stream_probe: %zu-byte buffers failed (%s); halving\n", bytes, errName(err));
            releaseCopyBuffers();
            bytes = (bytes / 2) & ~static_cast<size_t>(4095);
            if (opt_.quick) bytes -= 4;
        }
        if (!src_ || !dst_) {
            std::fprintf(stderr, "stream_probe: could not allocate the copy buffers\n");
            return false;
        }
        copyBytes_ = n_ * sizeof(float);
        if (copyBytes_ + 4 < static_cast<size_t>(opt_.mib * 1048576.0))
            std::printf("  copy buffers: %zu bytes (less than --mib)\n", copyBytes_);
        return true;
    }

    void releaseCopyBuffers() {
        if (src_) clReleaseMemObject(src_);
        if (dst_) clReleaseMemObject(dst_);
        src_ = dst_ = nullptr;
    }

    void yardstick() {
        std::printf("\n== yardstick: clEnqueueCopyBuffer\n");
        if (!allocCopyBuffers()) {
            ++failures;
            return;
        }
        Record r;
        r.kind = "yardstick";
        r.variant = "clEnqueueCopyBuffer";
        r.bits = 0;
        poison(dst_, copyBytes_);
        const Timing t = timeIt(
            [&](cl_event *ev) { return clEnqueueCopyBuffer(q_, src_, dst_, 0, 0, copyBytes_, 0, nullptr, ev); },
            deadline_);
        r.ok = t.ok && readBack(dst_, back_) && std::memcmp(back_.data(), host_.data(), copyBytes_) == 0;
        fillRecord(r, t, 2.0 * copyBytes_);
        yardstickGbs_ = r.gbs;
        r.pct = 100;
        emit(r);
    }

    // ---- 2. copy sweep ----------------------------------------------------------------------
    // Returns the record (for picking the best).
    Record copyOne(const char *name, int elems, int vec, size_t wg, int bits, double sectionEnd) {
        Record r;
        r.kind = "copy";
        r.variant = std::strcmp(name, "copy_tile") == 0 ? "tile" : "simple";
        r.elems = elems;
        r.vec = vec;
        r.wg = {wg};
        r.bits = bits;
        r.bytes = 2.0 * copyBytes_;
        if (bits == 32 && n_ > 0xffffffffull) {
            r.skipped = true;
            r.note = "n over 32 bits";
            emit(r);
            return r;
        }
        cl_kernel k = kernel(name, elems, vec, bits);
        if (!k) {
            r.ok = false;
            r.note = "kernel did not build";
            emit(r);
            return r;
        }
        const std::string why = wgFits(k, r.wg);
        if (!why.empty()) {
            r.skipped = true;
            r.note = why;
            clReleaseKernel(k);
            emit(r);
            return r;
        }
        const cl_uint n32 = static_cast<cl_uint>(n_);
        const cl_ulong n64 = n_;
        bool ok = check(clSetKernelArg(k, 0, sizeof src_, &src_), "clSetKernelArg") &&
                  check(clSetKernelArg(k, 1, sizeof dst_, &dst_), "clSetKernelArg") &&
                  (bits == 32 ? check(clSetKernelArg(k, 2, sizeof n32, &n32), "clSetKernelArg")
                              : check(clSetKernelArg(k, 2, sizeof n64, &n64), "clSetKernelArg"));
        size_t global = 0;
        if (r.variant == "tile") {
            const size_t perGroup = wg * static_cast<size_t>(elems);
            const size_t groups = std::max<size_t>(1, (n_ / vec + perGroup - 1) / perGroup);
            global = groups * wg;
        } else {
            global = (n_ + wg - 1) / wg * wg;
        }
        Timing t;
        if (ok) {
            ok = poison(dst_, copyBytes_);
            t = timeIt([&](cl_event *ev) { return clEnqueueNDRangeKernel(q_, k, 1, nullptr, &global, &wg, 0, nullptr, ev); },
                       sectionEnd);
            ok = ok && t.ok && readBack(dst_, back_);
            if (ok && std::memcmp(back_.data(), host_.data(), copyBytes_) != 0) {
                size_t i = 0;
                while (i < n_ && std::memcmp(&back_[i], &host_[i], sizeof(float)) == 0) ++i;
                r.note = "first wrong element " + std::to_string(i);
                ok = false;
            }
        }
        if (t.wgRefused) {
            r.skipped = true;
            r.note = "the enqueue refused work-group size " + std::to_string(wg) + " (CL_KERNEL_WORK_GROUP_SIZE " +
                     std::to_string(kernelMaxWg(k)) + ")";
        }
        clReleaseKernel(k);
        r.ok = ok || r.skipped;
        fillRecord(r, t, 2.0 * copyBytes_);
        emit(r);
        return r;
    }

    void copySweep() {
        std::printf("\n== copy kernel sweep (%zu bytes)\n", copyBytes_);
        if (!src_) return;
        const double end = sectionDeadline(0.45);
        const size_t wgs[] = {64, 128, 256, 512};
        int skipped = 0;
        // Today's kernel first: the reference point for everything after it.
        for (int bits : {64, 32})
            for (size_t wg : wgs) {
                if (overBudget(end)) ++skipped;
                else copyOne("copy_simple", 1, 1, wg, bits, end);
            }
        Record best;
        for (int elems : {1, 2, 4, 8, 16})
            for (int vec : {1, 2, 4})
                for (size_t wg : wgs) {
                    if (overBudget(end)) {
                        ++skipped;
                        continue;
                    }
                    const Record r = copyOne("copy_tile", elems, vec, wg, 32, end);
                    if (r.ok && !r.skipped && std::isfinite(r.gbs) && (!std::isfinite(best.gbs) || r.gbs > best.gbs))
                        best = r;
                }
        // What 64-bit index math costs: the best, and one element per work-item (runs past the
        // section's share, within the whole budget).
        const double end64 = std::min(deadline_, nowSeconds() + 0.1 * std::max(0.0, deadline_ - nowSeconds()));
        if (std::isfinite(best.gbs) && !overBudget(end64))
            copyOne("copy_tile", best.elems, best.vec, best.wg[0], 64, end64);
        for (size_t wg : wgs) {
            if (overBudget(end64)) ++skipped;
            else copyOne("copy_tile", 1, 1, wg, 64, end64);
        }
        if (skipped) {
            std::printf("  budget: %d copy measurements skipped\n", skipped);
            report_.setNote("copy", std::to_string(skipped) + " measurements skipped (--budget).");
        }
    }

    // One pad section's gather kernel: its buffers, the output's host reference, the four extents
    // (nc, h, w, pad: ulong arguments for the 64-bit variant; h, w, pad and the chunk count as uint for
    // the 32-bit ones), the section's deadline and its count of measurements the budget skipped.
    struct Gather {
        const char *kind;
        const std::string &shape;
        cl_mem in, out;
        size_t outCount;
        const std::vector<float> &ref;
        std::vector<float> &back;
        double bytes;
        cl_ulong extents[4];
        double end;
        int &skipped;
    };

    // Builds `name` with elems, runs it over global/local, checks the output bit for bit, emits it.
    void measureGather(const Gather &g, const char *name, const char *variant, int elems, int bits,
                       const std::vector<size_t> &local, const std::vector<size_t> &global, bool args64,
                       cl_uint chunks) {
        Record r;
        r.kind = g.kind;
        r.variant = variant;
        r.shape = g.shape;
        r.elems = elems;
        r.vec = std::strcmp(variant, "vec4") == 0 ? 4 : 1;
        r.wg = local;
        r.bits = bits;
        r.bytes = g.bytes;
        if (overBudget(g.end)) {
            ++g.skipped;
            return;
        }
        cl_kernel k = kernel(name, elems, 1, bits);
        if (!k) {
            r.ok = false;
            r.note = "kernel did not build";
            emit(r);
            return;
        }
        const std::string why = wgFits(k, local);
        if (!why.empty()) {
            r.skipped = true;
            r.note = why;
            clReleaseKernel(k);
            emit(r);
            return;
        }
        bool ok = check(clSetKernelArg(k, 0, sizeof g.in, &g.in), "clSetKernelArg") &&
                  check(clSetKernelArg(k, 1, sizeof g.out, &g.out), "clSetKernelArg");
        if (args64) {
            for (cl_uint i = 0; i < 4; ++i)
                ok = ok && check(clSetKernelArg(k, 2 + i, sizeof g.extents[i], &g.extents[i]), "clSetKernelArg");
        } else {
            const cl_uint a[4] = {static_cast<cl_uint>(g.extents[1]), static_cast<cl_uint>(g.extents[2]),
                                  static_cast<cl_uint>(g.extents[3]), chunks};
            for (cl_uint i = 0; i < 4; ++i) ok = ok && check(clSetKernelArg(k, 2 + i, sizeof a[i], &a[i]), "clSetKernelArg");
        }
        Timing t;
        if (ok) {
            ok = poison(g.out, g.outCount * sizeof(float));
            const cl_uint dims = static_cast<cl_uint>(local.size());
            t = timeIt([&](cl_event *ev) {
                return clEnqueueNDRangeKernel(q_, k, dims, nullptr, global.data(), local.data(), 0, nullptr, ev);
            }, g.end);
            ok = ok && t.ok && readBack(g.out, g.back);
            if (ok && std::memcmp(g.back.data(), g.ref.data(), g.outCount * sizeof(float)) != 0) {
                size_t i = 0;
                while (i < g.outCount && std::memcmp(&g.back[i], &g.ref[i], sizeof(float)) == 0) ++i;
                char b[160];
                std::snprintf(b, sizeof b, "first wrong element %zu: %.9g, expected %.9g", i, g.back[i], g.ref[i]);
                r.note = b;
                ok = false;
            }
        }
        if (t.wgRefused) {
            r.skipped = true;
            r.note = "the enqueue refused the work-group size (CL_KERNEL_WORK_GROUP_SIZE " +
                     std::to_string(kernelMaxWg(k)) + ")";
        }
        clReleaseKernel(k);
        r.ok = ok || r.skipped;
        fillRecord(r, t, g.bytes);
        emit(r);
    }

    // A pad section's sweep: the buffers (input from `in`, output checked against `ref`), today's
    // kernel (one element a work-item, 64-bit index math) at four work-group sizes, the rows kernel
    // (elems per work-item along an output row of `cols`, 32-bit, 3-D NDRange over rows x planes) at
    // five work-group shapes, and (vec4) the same with float4 stores of the aligned slots.
    void gatherSection(const char *kind, const std::string &shape, const std::vector<float> &in,
                       const std::vector<float> &ref, std::vector<float> &back, const cl_ulong (&extents)[4],
                       size_t rows, size_t cols, size_t planes, bool vec4, double end) {
        cl_int err = CL_SUCCESS;
        cl_mem din = buffer(in.size() * sizeof(float), &err, in.data());
        cl_mem dout = din ? buffer(ref.size() * sizeof(float), &err) : nullptr;
        if (!din || !dout) {
            check(err, (std::string(kind) + " buffers").c_str());
            ++failures;
            if (din) clReleaseMemObject(din);
            return;
        }
        int skipped = 0;
        const Gather g{kind, shape, din, dout, ref.size(), ref, back,
                       static_cast<double>(in.size() + ref.size()) * sizeof(float),
                       {extents[0], extents[1], extents[2], extents[3]}, end, skipped};
        const std::string today = std::string(kind) + "_today", rowsKernel = std::string(kind) + "_rows";
        auto measure = [&](const char *name, const char *variant, int elems, int bits, std::vector<size_t> local,
                           std::vector<size_t> global, bool args64, cl_uint chunks) {
            measureGather(g, name, variant, elems, bits, local, global, args64, chunks);
        };
        for (size_t wg : {64, 128, 256, 512})
            measure(today.c_str(), "today", 1, 64, {wg}, {(ref.size() + wg - 1) / wg * wg}, true, 0);
        const std::vector<std::vector<size_t>> shapes2 = {{32, 4}, {64, 2}, {128, 1}, {32, 8}, {256, 1}};
        for (int elems : {1, 2, 4, 8})
            for (const auto &l : shapes2) {
                const size_t cxn = (cols + elems - 1) / elems;
                measure(rowsKernel.c_str(), "rows", elems, 32, {l[0], l[1], 1},
                        {(cxn + l[0] - 1) / l[0] * l[0], (rows + l[1] - 1) / l[1] * l[1], planes}, false,
                        static_cast<cl_uint>(cxn));
            }
        if (vec4) {
            for (int elems : {4, 8})
                for (const auto &l : shapes2) {
                    const size_t slots = (cols + 3) / 4 + 1, csn = (slots + elems / 4 - 1) / (elems / 4);
                    measure("pad_vec", "vec4", elems, 32, {l[0], l[1], 1},
                            {(csn + l[0] - 1) / l[0] * l[0], (rows + l[1] - 1) / l[1] * l[1], planes},
                            false, static_cast<cl_uint>(csn));
                }
        }
        if (skipped) {
            std::printf("  budget: %d %s measurements skipped\n", skipped, kind);
            report_.setNote(kind + shape, std::to_string(skipped) + " measurements skipped (--budget).");
        }
        clReleaseMemObject(din);
        clReleaseMemObject(dout);
    }

    // ---- 3. ReflectionPad2d forward ---------------------------------------------------------
    static int reflect(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i); }

    void pad(int n, int c, int h, int w, int p, double end) {
        const int nc = n * c, oh = h + 2 * p, ow = w + 2 * p;
        char shapeBuf[64];
        std::snprintf(shapeBuf, sizeof shapeBuf, "%dx%dx%dx%d pad%d", n, c, h, w, p);
        const std::string shape = shapeBuf;
        std::printf("\n== ReflectionPad2d forward %s\n", shape.c_str());
        const size_t inCount = static_cast<size_t>(nc) * h * w, outCount = static_cast<size_t>(nc) * oh * ow;
        std::vector<float> in(inCount), ref(outCount), back(outCount);
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
        for (auto &v : in) v = dist(rng);
        for (int pl = 0; pl < nc; ++pl)
            for (int y = 0; y < oh; ++y)
                for (int x = 0; x < ow; ++x)
                    ref[(static_cast<size_t>(pl) * oh + y) * ow + x] =
                        in[(static_cast<size_t>(pl) * h + reflect(y - p, h)) * w + reflect(x - p, w)];
        gatherSection("pad", shape, in, ref, back,
                      {static_cast<cl_ulong>(nc), static_cast<cl_ulong>(h), static_cast<cl_ulong>(w),
                       static_cast<cl_ulong>(p)},
                      oh, ow, nc, true, end);
    }

    // ---- 4. ReflectionPad2dBackward -----------------------------------------------------------
    void padBackward(int n, int c, int h, int w, int p, double end) {
        const int nc = n * c, oh = h + 2 * p, ow = w + 2 * p;
        char shapeBuf[64];
        std::snprintf(shapeBuf, sizeof shapeBuf, "%dx%dx%dx%d pad%d", n, c, h, w, p);
        const std::string shape = shapeBuf;
        std::printf("\n== ReflectionPad2dBackward %s\n", shape.c_str());
        const size_t goCount = static_cast<size_t>(nc) * oh * ow, giCount = static_cast<size_t>(nc) * h * w;
        std::vector<float> go(goCount), ref(giCount, 0.0f), back(giCount);
        std::mt19937 rng(11);
        std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
        for (auto &v : go) v = dist(rng);
        // Scatter in ascending (row, column) order of gradOutput: every gradInput element receives
        // its sources in the order the kernels sum them (rows ascending, then columns ascending).
        for (int pl = 0; pl < nc; ++pl)
            for (int oy = 0; oy < oh; ++oy)
                for (int ox = 0; ox < ow; ++ox)
                    ref[(static_cast<size_t>(pl) * h + reflect(oy - p, h)) * w + reflect(ox - p, w)] +=
                        go[(static_cast<size_t>(pl) * oh + oy) * ow + ox];
        gatherSection("padbwd", shape, go, ref, back,
                      {static_cast<cl_ulong>(nc), static_cast<cl_ulong>(h), static_cast<cl_ulong>(w),
                       static_cast<cl_ulong>(p)},
                      h, w, nc, false, end);
    }

    // ---- 5. per-call floor ----------------------------------------------------------------------
    // Host microseconds per call of `call` (20 warm-ups, then the median of 200); `call` returns
    // false on an OpenCL error and sets *stale when the value it read was not the one stored.
    Record hostTimed(const std::string &variant, const std::function<bool(cl_uint, bool *)> &call) {
        Record r;
        r.kind = "floor";
        r.variant = variant;
        const int warm = opt_.quick ? 3 : 20, timed = opt_.quick ? 20 : 200;
        std::vector<double> us;
        bool ok = true;
        int stale = 0;
        for (int i = 0; i < warm + timed && ok; ++i) {
            bool isStale = false;
            const double t0 = nowSeconds();
            ok = call(++counter_, &isStale);
            const double t1 = nowSeconds();
            if (isStale) ++stale;
            if (i >= warm) us.push_back((t1 - t0) * 1e6);
        }
        r.ok = ok;
        r.calls = static_cast<int>(us.size());
        r.stale = stale;
        if (!us.empty()) {
            std::sort(us.begin(), us.end());
            r.hostBestUs = us.front();
            r.hostMedianUs = us.size() % 2 ? us[us.size() / 2] : 0.5 * (us[us.size() / 2 - 1] + us[us.size() / 2]);
        }
        return r;
    }

    void emitFloor(Record &r) {
        if (!r.ok) ++failures;
        std::printf("floor     %-44s median %9.1f us  best %9.1f us  calls %d%s%s  %s\n", r.variant.c_str(),
                    r.hostMedianUs, r.hostBestUs, r.calls, r.visible.empty() ? "" : "  flag ",
                    r.visible.empty() ? "" : (r.visible + " (" + std::to_string(r.stale) + " stale)").c_str(),
                    r.ok ? "ok" : "FAIL");
        std::fflush(stdout);
        report_.add(r);
    }

    void floor() {
        std::printf("\n== per-call floor (host wall time)\n");
        cl_int err = CL_SUCCESS;
        cl_program p = program(1, 1, 32);
        if (!p) {
            ++failures;
            return;
        }
        cl_kernel empty = clCreateKernel(p, "empty_kernel", &err);
        if (!check(err, "clCreateKernel(empty_kernel)")) {
            ++failures;
            return;
        }
        cl_kernel flag = clCreateKernel(p, "write_flag", &err);
        if (!check(err, "clCreateKernel(write_flag)")) {
            clReleaseKernel(empty);
            ++failures;
            return;
        }
        const size_t one = 1;
        {
            Record r = hostTimed("empty kernel + clFinish", [&](cl_uint, bool *) {
                return check(clEnqueueNDRangeKernel(q_, empty, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
                             "clEnqueueNDRangeKernel") &&
                       check(clFinish(q_), "clFinish");
            });
            emitFloor(r);
        }
        // 1 MiB copy kernel (one element per work-item, 32-bit) + clFinish.
        {
            cl_kernel copy = clCreateKernel(p, "copy_simple", &err);
            const size_t bytes = 1 << 20;
            std::vector<float> init(bytes / 4, 1.0f);
            cl_mem a = nullptr, b = nullptr;
            if (check(err, "clCreateKernel(copy_simple)")) {
                a = buffer(bytes, &err, init.data());
                if (a) b = buffer(bytes, &err);
            }
            const cl_uint n = bytes / 4;
            const size_t global = bytes / 4, local = std::min<size_t>(256, info_.maxWg);
            if (copy && a && b && check(clSetKernelArg(copy, 0, sizeof a, &a), "clSetKernelArg") &&
                check(clSetKernelArg(copy, 1, sizeof b, &b), "clSetKernelArg") &&
                check(clSetKernelArg(copy, 2, sizeof n, &n), "clSetKernelArg")) {
                Record r = hostTimed("1 MiB copy kernel + clFinish", [&](cl_uint, bool *) {
                    return check(clEnqueueNDRangeKernel(q_, copy, 1, nullptr, &global, &local, 0, nullptr, nullptr),
                                 "clEnqueueNDRangeKernel") &&
                           check(clFinish(q_), "clFinish");
                });
                emitFloor(r);
            } else {
                ++failures;
            }
            if (a) clReleaseMemObject(a);
            if (b) clReleaseMemObject(b);
            if (copy) clReleaseKernel(copy);
        }
        auto flagCall = [&](cl_mem m, cl_uint v) {
            return check(clSetKernelArg(flag, 0, sizeof m, &m), "clSetKernelArg") &&
                   check(clSetKernelArg(flag, 1, sizeof v, &v), "clSetKernelArg") &&
                   check(clEnqueueNDRangeKernel(q_, flag, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
                         "clEnqueueNDRangeKernel") &&
                   check(clFinish(q_), "clFinish");
        };
        // (a) device buffer + blocking 4-byte read.
        cl_mem dflag = clCreateBuffer(ctx_, CL_MEM_READ_WRITE, 64, nullptr, &err);
        if (check(err, "clCreateBuffer(flag)")) {
            Record r0 = hostTimed("flag kernel + clFinish", [&](cl_uint v, bool *) { return flagCall(dflag, v); });
            emitFloor(r0);
            Record r = hostTimed("flag kernel + clFinish + 4-byte read (a)", [&](cl_uint v, bool *stale) {
                cl_uint got = 0;
                const bool ok = flagCall(dflag, v) &&
                                check(clEnqueueReadBuffer(q_, dflag, CL_TRUE, 0, sizeof got, &got, 0, nullptr, nullptr),
                                      "clEnqueueReadBuffer");
                *stale = ok && got != v;
                return ok;
            });
            r.visible = r.stale == 0 ? "yes" : "stale";
            if (r.stale != 0) {
                r.ok = false;  // a blocking read must see the kernel's store
                r.note = "blocking read returned a stale flag";
            }
            emitFloor(r);
            // (a2) the blocking read as the wait itself (no clFinish): the library's synchronize today.
            // (d) a non-blocking read enqueued right after the kernel into a pinned host buffer (an
            // ALLOC_HOST_PTR buffer mapped once), then clFinish and a plain host load; (e) the same into
            // ordinary host memory. Both reads must see the store: they are ordered after the kernel.
            auto readAfter = [&](const char *name, bool blocking, cl_uint *dst) {
                Record rr = hostTimed(name, [&](cl_uint v, bool *stale) {
                    const bool ok =
                        check(clSetKernelArg(flag, 0, sizeof dflag, &dflag), "clSetKernelArg") &&
                        check(clSetKernelArg(flag, 1, sizeof v, &v), "clSetKernelArg") &&
                        check(clEnqueueNDRangeKernel(q_, flag, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
                              "clEnqueueNDRangeKernel") &&
                        check(clEnqueueReadBuffer(q_, dflag, blocking ? CL_TRUE : CL_FALSE, 0, sizeof(cl_uint), dst, 0,
                                                  nullptr, nullptr),
                              "clEnqueueReadBuffer") &&
                        (blocking || check(clFinish(q_), "clFinish"));
                    *stale = ok && *static_cast<volatile cl_uint *>(dst) != v;
                    return ok;
                });
                rr.visible = rr.stale == 0 ? "yes" : "stale";
                if (rr.stale != 0) {
                    rr.ok = false;
                    rr.note = "a read ordered after the kernel returned a stale flag";
                }
                emitFloor(rr);
            };
            cl_uint plain = 0;
            readAfter("flag kernel + blocking 4-byte read as the wait (a2)", true, &plain);
            cl_mem pinned = clCreateBuffer(ctx_, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, nullptr, &err);
            if (check(err, "clCreateBuffer(pinned)")) {
                void *pinnedPtr = clEnqueueMapBuffer(q_, pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, nullptr,
                                                     nullptr, &err);
                if (check(err, "clEnqueueMapBuffer(pinned)")) {
                    readAfter("flag kernel + non-blocking read into pinned memory + clFinish (d)", false,
                              static_cast<cl_uint *>(pinnedPtr));
                    clEnqueueUnmapMemObject(q_, pinned, pinnedPtr, 0, nullptr, nullptr);
                    clFinish(q_);
                }
                clReleaseMemObject(pinned);
            }
            readAfter("flag kernel + non-blocking read into host memory + clFinish (e)", false, &plain);
            clReleaseMemObject(dflag);
        } else {
            ++failures;
        }
        // (b) CL_MEM_ALLOC_HOST_PTR, mapped once, kept mapped while the kernel writes it.
        cl_mem hflag = clCreateBuffer(ctx_, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, nullptr, &err);
        if (check(err, "clCreateBuffer(ALLOC_HOST_PTR)")) {
            void *mapped = clEnqueueMapBuffer(q_, hflag, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, nullptr,
                                              nullptr, &err);
            if (check(err, "clEnqueueMapBuffer(ALLOC_HOST_PTR)")) {
                volatile cl_uint *hp = static_cast<volatile cl_uint *>(mapped);
                Record r = hostTimed("flag kernel + clFinish + mapped read (b) ALLOC_HOST_PTR",
                                     [&](cl_uint v, bool *stale) {
                                         const bool ok = flagCall(hflag, v);
                                         *stale = ok && hp[0] != v;
                                         return ok;
                                     });
                r.visible = r.stale == 0 ? "yes" : "stale";
                emitFloor(r);
                cl_event ev = nullptr;
                if (check(clEnqueueUnmapMemObject(q_, hflag, mapped, 0, nullptr, &ev), "clEnqueueUnmapMemObject")) {
                    clWaitForEvents(1, &ev);
                    clReleaseEvent(ev);
                }
            } else {
                ++failures;
            }
            clReleaseMemObject(hflag);
        } else {
            ++failures;
        }
        // (c) CL_MEM_USE_HOST_PTR on an aligned host allocation, mapped once and kept mapped.
        const size_t align = std::max<size_t>(4096, info_.addrAlignBits / 8);
        void *hostMem = std::aligned_alloc(align, align);
        if (hostMem) {
            std::memset(hostMem, 0, align);
            cl_mem uflag = clCreateBuffer(ctx_, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, align, hostMem, &err);
            if (check(err, "clCreateBuffer(USE_HOST_PTR)")) {
                void *mapped = clEnqueueMapBuffer(q_, uflag, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, align, 0,
                                                  nullptr, nullptr, &err);
                if (check(err, "clEnqueueMapBuffer(USE_HOST_PTR)")) {
                    volatile cl_uint *hp = static_cast<volatile cl_uint *>(mapped);
                    volatile cl_uint *raw = static_cast<volatile cl_uint *>(hostMem);
                    int rawStale = 0;
                    Record r = hostTimed("flag kernel + clFinish + mapped read (c) USE_HOST_PTR",
                                         [&](cl_uint v, bool *stale) {
                                             const bool ok = flagCall(uflag, v);
                                             *stale = ok && hp[0] != v;
                                             if (ok && raw[0] != v) ++rawStale;
                                             return ok;
                                         });
                    r.visible = r.stale == 0 ? "yes" : "stale";
                    r.note = std::string("mapped pointer ") + (mapped == hostMem ? "==" : "!=") +
                             " host pointer; host pointer stale in " + std::to_string(rawStale) + " calls";
                    emitFloor(r);
                    report_.setNote("floor", "(c): " + r.note + ".");
                    cl_event ev = nullptr;
                    if (check(clEnqueueUnmapMemObject(q_, uflag, mapped, 0, nullptr, &ev), "clEnqueueUnmapMemObject")) {
                        clWaitForEvents(1, &ev);
                        clReleaseEvent(ev);
                    }
                } else {
                    ++failures;
                }
                clReleaseMemObject(uflag);
            } else {
                ++failures;
            }
            std::free(hostMem);
        }
        report_.setNote("floor", "Flag visible = the value the kernel stored was read back after clFinish in every "
                                 "call; stale = not in some calls (counted). (b) and (c) keep the buffer mapped "
                                 "while the kernel writes it, which OpenCL 1.2 leaves undefined: this checks what "
                                 "the device does.");
        clReleaseKernel(empty);
        clReleaseKernel(flag);
    }

    Options opt_;
    cl_device_id dev_;
    cl_context ctx_;
    cl_command_queue q_;
    Report &report_;
    DeviceInfo info_;
    double deadline_ = 0;
    double yardstickGbs_ = NAN;
    std::map<std::string, cl_program> programs_;
    cl_mem src_ = nullptr, dst_ = nullptr;
    size_t n_ = 0, copyBytes_ = 0;
    std::vector<float> host_, back_;
    cl_uint counter_ = 0;
};

// ---------------------------------------------------------------------------------------------

std::string platformInfo(cl_platform_id p, cl_platform_info what) {
    size_t n = 0;
    if (clGetPlatformInfo(p, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
    std::string s(n, '\0');
    clGetPlatformInfo(p, what, n, &s[0], nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

std::string deviceString(cl_device_id d, cl_device_info what) {
    size_t n = 0;
    if (clGetDeviceInfo(d, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
    std::string s(n, '\0');
    clGetDeviceInfo(d, what, n, &s[0], nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

template <typename T> T deviceValue(cl_device_id d, cl_device_info what) {
    T v{};
    clGetDeviceInfo(d, what, sizeof v, &v, nullptr);
    return v;
}

void usage() {
    std::fprintf(stderr,
                 "usage: aclnn_stream_probe [--platform SUBSTRING] [--device-type gpu|cpu|all] [--mib N] [--runs N]\n"
                 "                          [--budget SECONDS] [--out DIR] [--quick]\n");
}

bool parse(int argc, char **argv, Options &o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](const char *name) -> const char * {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "stream_probe: %s needs a value\n", name);
                return nullptr;
            }
            return argv[++i];
        };
        const char *v = nullptr;
        if (a == "--quick") {
            o.quick = true;
        } else if (a == "--platform") {
            if (!(v = value("--platform"))) return false;
            o.platform = v;
        } else if (a == "--device-type") {
            if (!(v = value("--device-type"))) return false;
            o.deviceType = lower(v);
            if (o.deviceType != "gpu" && o.deviceType != "cpu" && o.deviceType != "all") {
                std::fprintf(stderr, "stream_probe: --device-type gpu|cpu|all\n");
                return false;
            }
        } else if (a == "--mib") {
            if (!(v = value("--mib"))) return false;
            o.mib = std::atof(v);
            o.mibGiven = true;
            if (!(o.mib >= 1)) {
                std::fprintf(stderr, "stream_probe: --mib must be >= 1\n");
                return false;
            }
        } else if (a == "--runs") {
            if (!(v = value("--runs"))) return false;
            o.runs = std::atoi(v);
            o.runsGiven = true;
            if (o.runs < 1) {
                std::fprintf(stderr, "stream_probe: --runs must be >= 1\n");
                return false;
            }
        } else if (a == "--budget") {
            if (!(v = value("--budget"))) return false;
            o.budget = std::atof(v);
            if (!(o.budget > 0)) {
                std::fprintf(stderr, "stream_probe: --budget must be > 0\n");
                return false;
            }
        } else if (a == "--out") {
            if (!(v = value("--out"))) return false;
            o.out = v;
        } else {
            std::fprintf(stderr, "stream_probe: unknown option '%s'\n", a.c_str());
            return false;
        }
    }
    if (o.quick) {
        if (!o.mibGiven) o.mib = 4;
        if (!o.runsGiven) o.runs = 3;
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    Options opt;
    if (!parse(argc, argv, opt)) {
        usage();
        return 2;
    }
    const double start = nowSeconds();
    cl_uint np = 0;
    if (!check(clGetPlatformIDs(0, nullptr, &np), "clGetPlatformIDs") || np == 0) {
        std::fprintf(stderr, "stream_probe: no OpenCL platform\n");
        return 2;
    }
    std::vector<cl_platform_id> platforms(np);
    if (!check(clGetPlatformIDs(np, platforms.data(), nullptr), "clGetPlatformIDs")) return 2;

    // The platform: the first matching --platform (name or vendor) with a device of the type asked
    // for; without --platform, the first with such a device (for "auto": a GPU, else any device).
    auto devicesOf = [](cl_platform_id p, cl_device_type type) {
        cl_uint nd = 0;
        std::vector<cl_device_id> ds;
        if (clGetDeviceIDs(p, type, 0, nullptr, &nd) != CL_SUCCESS || nd == 0) return ds;
        ds.resize(nd);
        if (clGetDeviceIDs(p, type, nd, ds.data(), nullptr) != CL_SUCCESS) ds.clear();
        return ds;
    };
    std::vector<cl_device_type> tries;
    if (opt.deviceType == "gpu") tries = {CL_DEVICE_TYPE_GPU};
    else if (opt.deviceType == "cpu") tries = {CL_DEVICE_TYPE_CPU};
    else if (opt.deviceType == "all") tries = {CL_DEVICE_TYPE_ALL};
    else tries = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    for (cl_device_type type : tries) {
        for (cl_platform_id p : platforms) {
            if (!opt.platform.empty()) {
                const std::string want = lower(opt.platform);
                if (lower(platformInfo(p, CL_PLATFORM_NAME)).find(want) == std::string::npos &&
                    lower(platformInfo(p, CL_PLATFORM_VENDOR)).find(want) == std::string::npos)
                    continue;
            }
            const auto ds = devicesOf(p, type);
            if (!ds.empty()) {
                platform = p;
                device = ds[0];
                break;
            }
        }
        if (device) break;
    }
    if (!device) {
        std::fprintf(stderr, "stream_probe: no %s device on a platform matching '%s'; platforms:\n",
                     opt.deviceType.c_str(), opt.platform.c_str());
        for (cl_platform_id p : platforms)
            std::fprintf(stderr, "  %s (%s)\n", platformInfo(p, CL_PLATFORM_NAME).c_str(),
                         platformInfo(p, CL_PLATFORM_VENDOR).c_str());
        return 2;
    }

    DeviceInfo info;
    info.platform = platformInfo(platform, CL_PLATFORM_NAME);
    info.name = deviceString(device, CL_DEVICE_NAME);
    info.vendor = deviceString(device, CL_DEVICE_VENDOR);
    info.driver = deviceString(device, CL_DRIVER_VERSION);
    info.version = deviceString(device, CL_DEVICE_VERSION);
    info.clc = deviceString(device, CL_DEVICE_OPENCL_C_VERSION);
    info.type = deviceValue<cl_device_type>(device, CL_DEVICE_TYPE);
    info.cus = deviceValue<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS);
    info.clock = deviceValue<cl_uint>(device, CL_DEVICE_MAX_CLOCK_FREQUENCY);
    info.maxWg = deviceValue<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof info.maxItems, info.maxItems, nullptr);
    info.vecChar = deviceValue<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR);
    info.vecShort = deviceValue<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT);
    info.vecInt = deviceValue<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT);
    info.vecFloat = deviceValue<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT);
    info.localMem = deviceValue<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE);
    info.globalMem = deviceValue<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
    info.maxAlloc = deviceValue<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    info.l2 = deviceValue<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
    info.addrAlignBits = deviceValue<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
    info.timerRes = deviceValue<size_t>(device, CL_DEVICE_PROFILING_TIMER_RESOLUTION);
    std::printf("stream_probe\n  platform            %s (%s)\n  device              %s\n  vendor              %s\n"
                "  driver              %s\n  version             %s\n  OpenCL C            %s\n"
                "  compute units       %u (%u MHz)\n  max work-group size %zu (items %zu x %zu x %zu)\n"
                "  preferred vector    char %u short %u int %u float %u\n  local memory        %llu KiB\n"
                "  global memory       %llu MiB (max allocation %llu MiB, cache %llu KiB)\n"
                "  base address align  %u bits\n  timer resolution    %zu ns\n"
                "  options             mib %g, runs %d, budget %g s, quick %s, out %s\n",
                info.platform.c_str(), platformInfo(platform, CL_PLATFORM_VENDOR).c_str(), info.name.c_str(),
                info.vendor.c_str(), info.driver.c_str(), info.version.c_str(), info.clc.c_str(), info.cus, info.clock,
                info.maxWg, info.maxItems[0], info.maxItems[1], info.maxItems[2], info.vecChar, info.vecShort,
                info.vecInt, info.vecFloat, static_cast<unsigned long long>(info.localMem >> 10),
                static_cast<unsigned long long>(info.globalMem >> 20), static_cast<unsigned long long>(info.maxAlloc >> 20),
                static_cast<unsigned long long>(info.l2 >> 10), info.addrAlignBits, info.timerRes, opt.mib, opt.runs,
                opt.budget, opt.quick ? "yes" : "no", opt.out.c_str());
    std::fflush(stdout);

    if (mkdir(opt.out.c_str(), 0755) != 0 && errno != EEXIST) {
        std::fprintf(stderr, "stream_probe: cannot create %s: %s\n", opt.out.c_str(), std::strerror(errno));
        return 2;
    }
    Report report(opt.out, info);
    if (!report.opened()) {
        std::fprintf(stderr, "stream_probe: cannot write %s\n", report.jsonlPath().c_str());
        return 2;
    }

    cl_int err = CL_SUCCESS;
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    if (!check(err, "clCreateContext")) return 2;
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    if (!check(err, "clCreateCommandQueue")) {
        clReleaseContext(ctx);
        return 2;
    }
    int failures = 0;
    {
        Probe probe(opt, device, ctx, q, report, info);
        probe.run();
        failures = probe.failures;
    }
    clFinish(q);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    std::printf("\nstream_probe: %s in %.1f s; %s, %s\n", failures ? "FAILED" : "all checks passed",
                nowSeconds() - start, report.jsonlPath().c_str(), report.mdPath().c_str());
    return failures ? 1 : 0;
}
