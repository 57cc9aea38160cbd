"""Reading a case's params (each operator's module lists the keys it reads)."""


def ints(params, key):
    if key not in params:
        raise KeyError(f"the case has no params['{key}'] (see docs/benchmarks.md)")
    return [int(v) for v in params[key]]


def first(params, key, default):
    return params[key][0] if key in params and params[key] else default
