#!/usr/bin/env python3
"""The helper of scripts/tune-clblast.sh: the OpenCL device query and what it reads from and writes
for CLBlast's tuners (docs/clblast-tuning.md). One sub-command per task, its answer on stdout; an
error is a message on stderr and exit status 1.

    clblast_tuning.py query PLATFORM DEVICE
        'platform name<TAB>device name<TAB>precisions<TAB>compute units' of that device (ctypes over
        the ICD loader), precisions as "32[,64][,16]"
    clblast_tuning.py best KERNEL DIR PRECISION TOP
        the TOP fastest distinct configurations in DIR (its clblast_*_PRECISION.json files and the
        result table of DIR/tuner.log), one 'time_ms<TAB>NAME=VALUE ...' line each, fastest first
    clblast_tuning.py routine-single FILE
        'indirect_ms direct_ms' of a clblast_gemm_routine_single_size_*.json (-1 where missing)
    clblast_tuning.py routine-sweep FILE
        the XGEMM_MIN_INDIRECT_SIZE that the GemmRoutine sweep's JSON chose
    clblast_tuning.py write-json FILE FAMILY PRECISION "NAME=VALUE ..."
        a tuner-style JSON file that clblast_tuner_routine_xgemm loads as a parameter override
    clblast_tuning.py cbrt M N K
        floor of the cube root of M*N*K (CLBlast takes XgemmDirect iff M*N*K < S^3)
"""
import ctypes
import ctypes.util
import glob
import json
import os
import re
import sys

# Full parameter sets CLBlast 1.5.x expects per kernel (OverrideParameters needs all of them).
KNOWN = {
    "Copy": ["COPY_DIMX", "COPY_DIMY", "COPY_VW", "COPY_WPT"],
    "Pad": ["PAD_DIMX", "PAD_DIMY", "PAD_WPTX", "PAD_WPTY"],
    "Transpose": ["TRA_DIM", "TRA_PAD", "TRA_SHUFFLE", "TRA_WPT"],
    "Padtranspose": ["PADTRA_PAD", "PADTRA_TILE", "PADTRA_WPT"],
    "Xgemm": ["GEMMK", "KREG", "KWG", "KWI", "MDIMA", "MDIMC", "MWG", "NDIMB", "NDIMC", "NWG",
              "SA", "SB", "STRM", "STRN", "VWM", "VWN"],
    "XgemmDirect": ["KWID", "MDIMAD", "MDIMCD", "NDIMBD", "NDIMCD", "PADA", "PADB", "VWMD", "VWND", "WGD"],
    "GemmRoutine": ["XGEMM_MIN_INDIRECT_SIZE"],
}
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class HelperError(Exception):
    """A failure that main() reports as its message and exit status 1."""


def cl_query(plat_idx, dev_idx):
    """(platform name, device name, precisions ["32", "64"?, "16"?], compute units) of one device."""
    name = ctypes.util.find_library("OpenCL") or "libOpenCL.so.1"
    try:
        cl = ctypes.CDLL(name)
    except OSError as e:
        raise HelperError("cannot load the OpenCL ICD loader (%s): %s" % (name, e))
    u32 = ctypes.c_uint32
    n = u32(0)
    rc = cl.clGetPlatformIDs(0, None, ctypes.byref(n))
    if rc != 0 or n.value == 0:
        raise HelperError("no OpenCL platforms found (clGetPlatformIDs returned %d)" % rc)
    plats = (ctypes.c_void_p * n.value)()
    cl.clGetPlatformIDs(n.value, plats, None)
    if plat_idx >= n.value:
        raise HelperError("platform %d does not exist: there are %d platform(s) (see 'clinfo -l')"
                          % (plat_idx, n.value))
    plat = ctypes.c_void_p(plats[plat_idx])

    def info(get, obj, param):
        """A string query (clGetPlatformInfo or clGetDeviceInfo): its size first, then its text."""
        sz = ctypes.c_size_t(0)
        get(obj, u32(param), ctypes.c_size_t(0), None, ctypes.byref(sz))
        buf = ctypes.create_string_buffer(sz.value)
        get(obj, u32(param), sz, buf, None)
        return buf.value.decode("utf-8", "replace")
    pname = info(cl.clGetPlatformInfo, plat, 0x0902)  # CL_PLATFORM_NAME
    CL_DEVICE_TYPE_ALL = 0xFFFFFFFF
    nd = u32(0)
    rc = cl.clGetDeviceIDs(plat, ctypes.c_uint64(CL_DEVICE_TYPE_ALL), u32(0), None, ctypes.byref(nd))
    if rc != 0 or nd.value == 0:
        raise HelperError("platform %d ('%s') has no devices (clGetDeviceIDs returned %d)%s" % (
            plat_idx, pname, rc, "; for rusticl set RUSTICL_ENABLE=<driver>" if "rusticl" in pname else ""))
    devs = (ctypes.c_void_p * nd.value)()
    cl.clGetDeviceIDs(plat, ctypes.c_uint64(CL_DEVICE_TYPE_ALL), nd, devs, None)
    if dev_idx >= nd.value:
        raise HelperError("device %d does not exist on platform %d ('%s'): it has %d device(s)"
                          % (dev_idx, plat_idx, pname, nd.value))
    dev = ctypes.c_void_p(devs[dev_idx])

    dname = info(cl.clGetDeviceInfo, dev, 0x102B)   # CL_DEVICE_NAME
    ext = info(cl.clGetDeviceInfo, dev, 0x1030)     # CL_DEVICE_EXTENSIONS
    units = u32(0)
    cl.clGetDeviceInfo(dev, u32(0x1002), ctypes.c_size_t(4), ctypes.byref(units), None)  # CL_DEVICE_MAX_COMPUTE_UNITS
    return pname, dname, precisions(ext), units.value


def precisions(extensions):
    """The precisions (bits, as strings) a device with these CL_DEVICE_EXTENSIONS can be tuned for."""
    fp = ["32"]
    if "cl_khr_fp64" in extensions:
        fp.append("64")
    if "cl_khr_fp16" in extensions:
        fp.append("16")
    return fp


def rows_from_log_text(text):
    """Successful rows of a tuner's printed result tables: list of (time_ms, {param: value}).

    A tuner stopped by the time limit writes no JSON for its unfinished phase; these rows are what it
    had measured by then. The column names come from the "* Parameters explored:" line before a table."""
    out, names = [], None
    for line in ANSI.sub("", text).splitlines():
        if line.startswith("* Parameters explored:"):
            names = line.split(":", 1)[1].split()
            continue
        if not line.startswith("|") or "results match" not in line or names is None:
            continue
        f = line.split("|")
        if len(f) < 6:
            continue
        vals = f[3].split()
        if len(vals) != len(names):
            continue
        t = None
        # The first column after the parameters that is a bare "<number> ms" is the kernel time (the
        # compile column carries a status word before its time).
        for field in f[4:]:
            m = re.fullmatch(r"\s*([0-9.]+) ms\s*", field)
            if m:
                t = float(m.group(1))
                break
        if t is None or t <= 0:
            continue
        out.append((t, dict(zip(names, (int(v) for v in vals)))))
    return out


def rows_from_log(path):
    """rows_from_log_text of a log file; none when it cannot be read."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    return rows_from_log_text(text)


def load_json(path):
    with open(path) as f:
        return json.load(f)


def rows_from_json_data(d):
    """(time_ms, {param: value}) of each timed result of one tuner JSON document, PRECISION left out."""
    out = []
    for r in d.get("results", []):
        p = {k: int(v) for k, v in r.get("parameters", {}).items() if k != "PRECISION"}
        if r.get("time", 0) > 0:
            out.append((float(r["time"]), p))
    return out


def rows_from_json(pattern):
    """rows_from_json_data of every file matching the glob pattern, in name order; unreadable files skipped."""
    out = []
    for fn in sorted(glob.glob(pattern)):
        try:
            d = load_json(fn)
        except (OSError, ValueError):
            continue
        out += rows_from_json_data(d)
    return out


def best_rows(kernel, rows, top):
    """The `top` fastest distinct configurations among rows, fastest first (ties keep their order).

    Raises HelperError when one lacks a parameter that CLBlast needs for the kernel: the override API
    rejects incomplete sets."""
    seen, res = set(), []
    for t, p in sorted(rows, key=lambda r: r[0]):
        key = tuple(sorted(p.items()))
        if key in seen:
            continue
        seen.add(key)
        res.append((t, p))
        if len(res) >= top:
            break
    need = KNOWN.get(kernel)
    for t, p in res:
        if need:
            missing = [n for n in need if n not in p]
            if missing:
                raise HelperError("%s: tuner result lacks parameter(s) %s" % (kernel, ",".join(missing)))
    return res


def best(kernel, workdir, prec, top):
    """best_rows over a tuner's directory: its JSON files of that precision and its log's table rows."""
    rows = rows_from_json(os.path.join(workdir, "clblast_*_%s.json" % prec))
    rows += rows_from_log(os.path.join(workdir, "tuner.log"))
    return best_rows(kernel, rows, top)


def format_candidate(t, p):
    """'time_ms<TAB>NAME=VALUE ...', names sorted: a candidate line of tune-clblast.sh."""
    return "%.4f\t%s" % (t, " ".join("%s=%d" % (k, p[k]) for k in sorted(p)))


def routine_single_times(d):
    """(indirect_ms, direct_ms) of a routine tuner's single-size JSON document, -1.0 where missing.

    XGEMM_MIN_INDIRECT_SIZE=0 forces the indirect path; any other value is the direct one's run."""
    t = {"ind": -1.0, "dir": -1.0}
    for r in d.get("results", []):
        lim = int(r["parameters"].get("XGEMM_MIN_INDIRECT_SIZE", -1))
        t["ind" if lim == 0 else "dir"] = float(r["time"])
    return t["ind"], t["dir"]


def routine_sweep_value(d, path="the sweep's JSON"):
    """XGEMM_MIN_INDIRECT_SIZE of a GemmRoutine sweep document: its best_parameters, else the fastest result."""
    bp = d.get("best_parameters", "")
    m = re.search(r"XGEMM_MIN_INDIRECT_SIZE=(\d+)", bp)
    if m:
        return m.group(1)
    rs = [r for r in d.get("results", []) if "XGEMM_MIN_INDIRECT_SIZE" in r.get("parameters", {})]
    if not rs:
        raise HelperError("no XGEMM_MIN_INDIRECT_SIZE in %s" % path)
    return min(rs, key=lambda r: r["time"])["parameters"]["XGEMM_MIN_INDIRECT_SIZE"]


def tuner_json_text(family, prec, params):
    """Minimal tuner-style JSON that clblast_tuner_routine_xgemm can load as an override."""
    # clblast's reader splits lines on '"' and drops a trailing empty field, so every value line must
    # end with a ',' (hence the extra "note" entry at the end).
    return ('{\n  "kernel_family": "%s",\n  "precision": "%s",\n  "best_parameters": "%s PRECISION=%s",\n'
            '  "note": "written by tune-clblast.sh"\n}\n' % (family, prec, params, prec))


def cbrt_floor(m, n, k):
    """The largest c with c^3 <= m*n*k, exact for integers beyond a double's precision."""
    v = m * n * k
    c = int(round(v ** (1.0 / 3)))
    while c ** 3 > v:
        c -= 1
    while (c + 1) ** 3 <= v:
        c += 1
    return c


USAGE = "usage: clblast_tuning.py query|best|routine-single|routine-sweep|write-json|cbrt ARGS... (see its docstring)"


def main(argv):
    if not argv:
        raise HelperError(USAGE)
    cmd, args = argv[0], argv[1:]
    arity = {"query": 2, "best": 4, "routine-single": 1, "routine-sweep": 1, "write-json": 4, "cbrt": 3}
    if cmd not in arity:
        raise HelperError("unknown helper command " + cmd)
    if len(args) != arity[cmd]:
        raise HelperError("%s takes %d argument(s), got %d; %s" % (cmd, arity[cmd], len(args), USAGE))
    if cmd == "query":
        pname, dname, fp, units = cl_query(int(args[0]), int(args[1]))
        # tab-separated so names with spaces survive
        print("\t".join([pname, dname, ",".join(fp), str(units)]))
    elif cmd == "best":
        for t, p in best(args[0], args[1], args[2], int(args[3])):
            print(format_candidate(t, p))
    elif cmd == "routine-single":
        print("%.4f %.4f" % routine_single_times(load_json(args[0])))
    elif cmd == "routine-sweep":
        print(routine_sweep_value(load_json(args[0]), args[0]))
    elif cmd == "write-json":
        with open(args[0], "w") as f:
            f.write(tuner_json_text(args[1], args[2], args[3]))
    elif cmd == "cbrt":
        print(cbrt_floor(int(args[0]), int(args[1]), int(args[2])))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except HelperError as e:
        sys.exit(str(e))
