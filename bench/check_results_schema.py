#!/usr/bin/env python3
"""Checks that an aclnn_bench --json file follows the schema in docs/benchmarks.md exactly.

  check_results_schema.py RESULTS.json [--expect-op OP]

Exits 1 with the first problem found. --expect-op requires at least one timed result of that operator.
"""
import json
import sys

TOP = {"machine": str, "devices": list, "torch": (dict, type(None)), "results": list}
TORCH = {"version": str, "python": (str, type(None)), "threads": int, "cuda": (str, type(None))}
TOP_OPTIONAL = {"gemm_backends": list}  # only when some case ran on both GEMM backends
DEVICE = {"name": str, "type": str, "copy_gbps": (float, int, type(None))}
NUM_OR_NULL = (float, int, type(None))
RESULT = {"op": str, "case": str, "dtype": str, "device": str, "ms": (float, int), "wall_ms": (float, int),
          "first_call_ms": (float, int), "gbps": NUM_OR_NULL, "gflops": NUM_OR_NULL, "torch_device": (str, type(None)), "torch_ms": NUM_OR_NULL,
          "torch_wall_ms": NUM_OR_NULL}
# Files written before the products' breakdown lack it.
RESULT_OPTIONAL = {"products_ms": NUM_OR_NULL}
GEMM_BACKEND = {"op": str, "case": str, "dtype": str, "device": str, "backend": str, "ms": (float, int),
                "wall_ms": (float, int)}


def check_object(obj, spec, where, optional=None):
    optional = optional or {}
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: not an object")
    if not set(spec) <= set(obj) <= set(spec) | set(optional):
        raise ValueError(f"{where}: keys {sorted(obj)} differ from {sorted(spec)} (optional: {sorted(optional)})")
    for key, types in {**spec, **optional}.items():
        if key in obj and (not isinstance(obj[key], types) or isinstance(obj[key], bool)):
            raise ValueError(f"{where}.{key}: {obj[key]!r} has the wrong type")


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    expect_op = argv[argv.index("--expect-op") + 1] if "--expect-op" in argv else None
    try:
        with open(argv[1]) as f:
            doc = json.load(f)
        check_object(doc, TOP, "top level", TOP_OPTIONAL)
        if doc["torch"] is not None:
            check_object(doc["torch"], TORCH, "torch")
        elif any(r["torch_ms"] is not None for r in doc["results"]):
            raise ValueError("results carry PyTorch times but torch is null")
        names = set()
        for i, d in enumerate(doc["devices"]):
            check_object(d, DEVICE, f"devices[{i}]")
            if d["type"] not in ("CPU", "GPU", "ACCELERATOR", "OTHER"):
                raise ValueError(f"devices[{i}].type: {d['type']!r}")
            names.add(d["name"])
        for i, r in enumerate(doc["results"]):
            check_object(r, RESULT, f"results[{i}]", RESULT_OPTIONAL)
            if r["device"] not in names:
                raise ValueError(f"results[{i}].device {r['device']!r} is not in devices")
            if not r["ms"] > 0:
                raise ValueError(f"results[{i}].ms {r['ms']} is not positive")
            if not r["wall_ms"] > 0:
                raise ValueError(f"results[{i}].wall_ms {r['wall_ms']} is not positive")
            if (r["torch_device"] is None) != (r["torch_ms"] is None):
                raise ValueError(f"results[{i}]: torch_device and torch_ms must be both null or both set")
            if (r["torch_ms"] is None) != (r["torch_wall_ms"] is None):
                raise ValueError(f"results[{i}]: torch_ms and torch_wall_ms must be both null or both set")
        for i, g in enumerate(doc.get("gemm_backends", [])):
            check_object(g, GEMM_BACKEND, f"gemm_backends[{i}]")
            if g["device"] not in names or g["backend"] not in ("host BLAS", "CLBlast"):
                raise ValueError(f"gemm_backends[{i}]: device {g['device']!r} or backend {g['backend']!r}")
            if not (g["ms"] > 0 and g["wall_ms"] > 0):
                raise ValueError(f"gemm_backends[{i}]: times must be positive")
        if expect_op and not any(r["op"] == expect_op for r in doc["results"]):
            raise ValueError(f"no timed result for {expect_op}")
    except (OSError, ValueError) as e:
        print(f"check_results_schema: {argv[1]}: {e}", file=sys.stderr)
        return 1
    print(f"check_results_schema: {argv[1]}: ok ({len(doc['devices'])} devices, {len(doc['results'])} results)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
