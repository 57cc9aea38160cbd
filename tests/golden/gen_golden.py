#!/usr/bin/python3
"""Generate PyTorch golden reference data for the aclnn-opencl operator tests.

Run with Debian's Python, which has PyTorch 1.13:

    /usr/bin/python3 tests/golden/gen_golden.py [output_dir]

The output directory defaults to the directory of this script. Each operator is a module in
ops/ (ops/<operator>.py) defining FILES = [(file name, case maker, comment lines)]; this script
discovers them, so adding an operator adds a module and edits nothing here. golden_lib.py holds
what the modules share. The output is
deterministic: every case draws its random numbers from its own generator, seeded
with the CRC-32 of "<op>/<case name>", so adding or reordering cases changes no
other case. See README.md in this directory for the file format and for what each
operator's outputs were computed with.

Besides writing the files, the script checks every case against an independent
plain-Python/NumPy implementation of the math in docs/ops/*.md, checks that
every input (and every low-precision output) holds values exactly representable in
its dtype, re-reads every file with its own parser and asserts the round trip is
bit exact.
"""

import glob
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import golden_lib  # noqa: E402
from golden_lib import MAX_FILE_BYTES, NOTES, check_round_trip, torch, write_file  # noqa: E402

OUT_DIR = HERE


def discover():
    """(file name, case maker, comments) of every module in ops/, in file-name order."""
    files = []
    for path in sorted(glob.glob(os.path.join(HERE, "ops", "*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location("golden_ops_" + name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert getattr(module, "FILES", None), "%s defines no FILES" % path
        files.extend(module.FILES)
    names = [f[0] for f in files]
    assert len(names) == len(set(names)), "two modules write the same file: %s" % names
    return files


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else OUT_DIR
    torch.set_num_threads(1)
    total = 0
    for op, make, comments in discover():
        cases = make()
        path = os.path.join(out_dir, op + ".golden")
        size = write_file(path, cases, comments)
        assert size < MAX_FILE_BYTES, "%s is %d bytes" % (path, size)
        n = check_round_trip(path, cases)
        total += n
        print("%-30s %3d cases %7d bytes" % (op + ".golden", n, size))
        for c in cases:
            print("    " + c.name)
    for note in NOTES:
        print("note: " + note)
    print("ok: %d cases" % total)


if __name__ == "__main__":
    main()
