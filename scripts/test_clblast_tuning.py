#!/usr/bin/env python3
"""Unit tests of scripts/clblast_tuning.py, the helper of scripts/tune-clblast.sh, on small made-up
tuner outputs in the formats it reads (CTest clblast_tuning_helper). Standard library only."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import clblast_tuning as ct  # noqa: E402

COPY = ["COPY_DIMX", "COPY_DIMY", "COPY_VW", "COPY_WPT"]

# A tuner's printed table as the helper reads it: a "Parameters explored" line names the columns of
# the parameter field (the third '|' field); the kernel time is the first bare "<number> ms" field after
# it; only "results match" rows count. Colour codes and a compile column with a status word included.
LOG = """\
* Options given:
|    1 |  144 |   8  8  1  1 | 0.90 ms |   results match |
* Parameters explored: COPY_DIMX COPY_DIMY COPY_VW COPY_WPT
|   ID | total |        param |    compiles |     time |            status |
x------x-------x--------------x-------------x----------x-------------------x
|  ref |     - |            - |          OK |  0.50 ms |      reference OK |
|    1 |   144 |   8  8  1  1 | OK   120 ms |  0.40 ms |     results match |
|    2 |   144 |  16  8  2  1 | OK   110 ms |  0.20 ms | \x1b[32m    results match\x1b[0m |
|    3 |   144 |  16 16  4  1 | OK   115 ms |  0.10 ms | results mismatch  |
|    4 |   144 |  32  8  1  2 | OK   100 ms |  0.00 ms |     results match |
|    5 |   144 |     8  8  1  | OK   100 ms |  0.05 ms |     results match |
|    6 |   144 |   8 16  2  2 |  compile error |   - ms |     results match |
"""


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def dump(path, doc):
    write(path, json.dumps(doc))


def copy_params(dimx, dimy, vw, wpt):
    return {"COPY_DIMX": dimx, "COPY_DIMY": dimy, "COPY_VW": vw, "COPY_WPT": wpt}


def tuner_json(results, best=None):
    d = {"kernel_family": "copy", "precision": "32", "results": results}
    if best is not None:
        d["best_parameters"] = best
    return d


def result(params, time):
    return {"kernel": "CopyMatrixFast", "time": time, "parameters": dict(params, PRECISION=32)}


class LogRows(unittest.TestCase):
    def test_matching_rows_with_their_times(self):
        rows = ct.rows_from_log_text(LOG)
        self.assertEqual(rows, [(0.40, copy_params(8, 8, 1, 1)), (0.20, copy_params(16, 8, 2, 1))])

    def test_rows_before_the_names_line_are_ignored(self):
        self.assertEqual(ct.rows_from_log_text(LOG.split("* Parameters explored")[0]), [])

    def test_a_missing_log_gives_no_rows(self):
        self.assertEqual(ct.rows_from_log("/nonexistent/tuner.log"), [])


class JsonRows(unittest.TestCase):
    def test_precision_dropped_untimed_results_skipped(self):
        d = tuner_json([result(copy_params(8, 8, 1, 1), 0.3), result(copy_params(8, 8, 2, 1), 0),
                        {"time": 0.25, "parameters": {"COPY_DIMX": "16", "PRECISION": "32"}}])
        self.assertEqual(ct.rows_from_json_data(d), [(0.3, copy_params(8, 8, 1, 1)), (0.25, {"COPY_DIMX": 16})])

    def test_files_in_name_order_unreadable_ones_skipped(self):
        with tempfile.TemporaryDirectory() as tmp:
            dump(os.path.join(tmp, "clblast_b_32.json"), tuner_json([result(copy_params(2, 2, 2, 2), 2.0)]))
            dump(os.path.join(tmp, "clblast_a_32.json"), tuner_json([result(copy_params(1, 1, 1, 1), 1.0)]))
            write(os.path.join(tmp, "clblast_c_32.json"), '{"results": [')  # a tuner stopped mid-write
            rows = ct.rows_from_json(os.path.join(tmp, "clblast_*_32.json"))
        self.assertEqual(rows, [(1.0, copy_params(1, 1, 1, 1)), (2.0, copy_params(2, 2, 2, 2))])


class Best(unittest.TestCase):
    def test_fastest_distinct_first(self):
        rows = [(0.5, copy_params(1, 1, 1, 1)), (0.2, copy_params(2, 2, 2, 2)), (0.3, copy_params(1, 1, 1, 1)),
                (0.2, copy_params(2, 2, 2, 2)), (0.4, copy_params(4, 4, 4, 4))]
        self.assertEqual(ct.best_rows("Copy", rows, 3),
                         [(0.2, copy_params(2, 2, 2, 2)), (0.3, copy_params(1, 1, 1, 1)),
                          (0.4, copy_params(4, 4, 4, 4))])
        self.assertEqual(ct.best_rows("Copy", rows, 1), [(0.2, copy_params(2, 2, 2, 2))])
        self.assertEqual(ct.best_rows("Copy", [], 4), [])

    def test_an_incomplete_set_is_an_error(self):
        with self.assertRaisesRegex(ct.HelperError, "Copy: tuner result lacks parameter.s. COPY_VW,COPY_WPT"):
            ct.best_rows("Copy", [(0.1, {"COPY_DIMX": 8, "COPY_DIMY": 8})], 1)
        # Only the kept ones are checked; a kernel the table does not know is not.
        self.assertEqual(len(ct.best_rows("Copy", [(0.1, copy_params(1, 1, 1, 1)), (0.2, {"COPY_DIMX": 8})], 1)), 1)
        self.assertEqual(ct.best_rows("Other", [(0.1, {"X": 1})], 1), [(0.1, {"X": 1})])

    def test_json_and_log_together(self):
        with tempfile.TemporaryDirectory() as tmp:
            dump(os.path.join(tmp, "clblast_copy_32.json"), tuner_json([result(copy_params(4, 4, 4, 4), 0.3)]))
            dump(os.path.join(tmp, "clblast_copy_64.json"), tuner_json([result(copy_params(1, 1, 1, 1), 0.01)]))
            write(os.path.join(tmp, "tuner.log"), LOG)
            self.assertEqual(ct.best("Copy", tmp, "32", 2),
                             [(0.20, copy_params(16, 8, 2, 1)), (0.3, copy_params(4, 4, 4, 4))])

    def test_candidate_line(self):
        self.assertEqual(ct.format_candidate(0.123456, {"B": 2, "A": 10}), "0.1235\tA=10 B=2")


class Routine(unittest.TestCase):
    def test_single_size_times(self):
        d = {"results": [{"time": 5.0, "parameters": {"XGEMM_MIN_INDIRECT_SIZE": 0}},
                         {"time": 7.5, "parameters": {"XGEMM_MIN_INDIRECT_SIZE": 4096}}]}
        self.assertEqual(ct.routine_single_times(d), (5.0, 7.5))
        self.assertEqual(ct.routine_single_times({"results": [d["results"][1]]}), (-1.0, 7.5))
        self.assertEqual(ct.routine_single_times({}), (-1.0, -1.0))

    def test_sweep_value(self):
        self.assertEqual(ct.routine_sweep_value({"best_parameters": "XGEMM_MIN_INDIRECT_SIZE=448 PRECISION=32"}), "448")
        d = {"results": [{"time": 3.0, "parameters": {"XGEMM_MIN_INDIRECT_SIZE": 256}},
                         {"time": 2.0, "parameters": {"XGEMM_MIN_INDIRECT_SIZE": 512}},
                         {"time": 1.0, "parameters": {}}]}
        self.assertEqual(ct.routine_sweep_value(d), 512)
        with self.assertRaisesRegex(ct.HelperError, "no XGEMM_MIN_INDIRECT_SIZE in x.json"):
            ct.routine_sweep_value({"results": []}, "x.json")


class WriteJson(unittest.TestCase):
    def test_override_file(self):
        text = ct.tuner_json_text("xgemm_1", "32", "KWG=16 MWG=64")
        d = json.loads(text)
        self.assertEqual((d["kernel_family"], d["precision"], d["best_parameters"]),
                         ("xgemm_1", "32", "KWG=16 MWG=64 PRECISION=32"))
        # CLBlast's reader needs a ',' after each value it reads.
        for line in text.splitlines():
            if '"kernel_family"' in line or '"precision"' in line or '"best_parameters"' in line:
                self.assertTrue(line.endswith(","), line)


class Cbrt(unittest.TestCase):
    def test_floor_of_the_cube_root(self):
        self.assertEqual(ct.cbrt_floor(8192, 512, 512), 1290)
        self.assertEqual(ct.cbrt_floor(64, 64, 64), 64)
        self.assertEqual(ct.cbrt_floor(64, 64, 63), 63)
        for m, n, k in [(1, 1, 1), (2, 3, 5), (10**6, 10**6, 10**6 - 1), (3**40, 3**40, 3**40 + 1)]:
            c = ct.cbrt_floor(m, n, k)
            self.assertTrue(c ** 3 <= m * n * k < (c + 1) ** 3, (m, n, k, c))


class Precisions(unittest.TestCase):
    def test_from_extensions(self):
        self.assertEqual(ct.precisions("cl_khr_global_int32_base_atomics"), ["32"])
        self.assertEqual(ct.precisions("cl_khr_fp16 cl_khr_fp64"), ["32", "64", "16"])


class CommandLine(unittest.TestCase):
    """The sub-commands as tune-clblast.sh calls them: answers on stdout, errors as exit status 1."""

    def run_helper(self, *args):
        return subprocess.run([sys.executable, os.path.join(HERE, "clblast_tuning.py")] + list(args),
                              capture_output=True, text=True)

    def test_commands(self):
        with tempfile.TemporaryDirectory() as tmp:
            write(os.path.join(tmp, "tuner.log"), LOG)
            r = self.run_helper("best", "Copy", tmp, "32", "4")
            self.assertEqual((r.returncode, r.stdout),
                             (0, "0.2000\tCOPY_DIMX=16 COPY_DIMY=8 COPY_VW=2 COPY_WPT=1\n"
                                 "0.4000\tCOPY_DIMX=8 COPY_DIMY=8 COPY_VW=1 COPY_WPT=1\n"))
            r = self.run_helper("best", "Xgemm", tmp, "32", "1")
            self.assertEqual(r.returncode, 1)
            self.assertIn("Xgemm: tuner result lacks parameter(s) GEMMK", r.stderr)
            path = os.path.join(tmp, "clblast_xgemm_1_32.json")
            self.assertEqual(self.run_helper("write-json", path, "xgemm_1", "32", "KWG=16").returncode, 0)
            with open(path) as f:
                self.assertEqual(f.read(), ct.tuner_json_text("xgemm_1", "32", "KWG=16"))
            dump(os.path.join(tmp, "single.json"),
                 {"results": [{"time": 5.0, "parameters": {"XGEMM_MIN_INDIRECT_SIZE": 0}}]})
            self.assertEqual(self.run_helper("routine-single", os.path.join(tmp, "single.json")).stdout,
                             "5.0000 -1.0000\n")
            dump(os.path.join(tmp, "sweep.json"), {"best_parameters": "XGEMM_MIN_INDIRECT_SIZE=384"})
            self.assertEqual(self.run_helper("routine-sweep", os.path.join(tmp, "sweep.json")).stdout, "384\n")
            dump(os.path.join(tmp, "empty.json"), {"results": []})
            self.assertEqual(self.run_helper("routine-sweep", os.path.join(tmp, "empty.json")).returncode, 1)
        self.assertEqual(self.run_helper("cbrt", "8192", "512", "512").stdout, "1290\n")
        r = self.run_helper("frobnicate")
        self.assertEqual((r.returncode, r.stderr), (1, "unknown helper command frobnicate\n"))
        self.assertEqual(self.run_helper("cbrt", "1").returncode, 1)


if __name__ == "__main__":
    unittest.main()
