#!/usr/bin/env python3
"""Unit tests of the GPU kit's Python helpers (scripts/gpu-kit/unpack_deb.py, kernel_profile.py) on
small made-up inputs (CTest gpu_kit_helpers). Standard library and tar only."""
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kernel_profile  # noqa: E402
import unpack_deb  # noqa: E402


def ar_archive(members):
    """An ar archive of (name, bytes) members, as a .deb holds them."""
    out = b"!<arch>\n"
    for name, body in members:
        out += b"%-16s%-12d%-6d%-6d%-8s%-10d`\n" % (name.encode(), 0, 0, 0, b"100644", len(body))
        out += body + (b"\n" if len(body) & 1 else b"")
    return out


def tar_bytes(files, mode):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as tar:
        for path, text in files.items():
            info = tarfile.TarInfo(path)
            info.size = len(text)
            tar.addfile(info, io.BytesIO(text))
    return buf.getvalue()


class UnpackDeb(unittest.TestCase):
    def test_members_in_order_odd_sizes_padded(self):
        data = ar_archive([("debian-binary", b"2.0\n"), ("control.tar.gz/", b"abc"), ("data.tar", b"12345")])
        self.assertEqual(list(unpack_deb.ar_members(data)),
                         [("debian-binary", b"2.0\n"), ("control.tar.gz", b"abc"), ("data.tar", b"12345")])

    def test_tar_flag_by_compression(self):
        self.assertEqual(unpack_deb.tar_command("data.tar.xz", "/d"), ["tar", "-x", "-J", "-C", "/d"])
        self.assertEqual(unpack_deb.tar_command("data.tar.zst", "/d"), ["tar", "-x", "--zstd", "-C", "/d"])
        self.assertEqual(unpack_deb.tar_command("data.tar", "/d"), ["tar", "-x", "-C", "/d"])

    def test_only_the_data_member_is_unpacked(self):
        for suffix, mode in (("gz", "w:gz"), ("xz", "w:xz")):
            with tempfile.TemporaryDirectory() as tmp:
                deb = os.path.join(tmp, "p.deb")
                with open(deb, "wb") as f:
                    f.write(ar_archive([("debian-binary", b"2.0\n"),
                                        ("control.tar.gz", tar_bytes({"./control": b"Package: p\n"}, "w:gz")),
                                        ("data.tar." + suffix, tar_bytes({"./usr/lib/libp.so.1": b"odd"}, mode))]))
                out = os.path.join(tmp, "prefix")
                os.mkdir(out)
                unpack_deb.unpack(deb, out)
                with open(os.path.join(out, "usr/lib/libp.so.1"), "rb") as f:
                    self.assertEqual(f.read(), b"odd")
                self.assertFalse(os.path.exists(os.path.join(out, "control")))


LOG = """\
[pocl: cpu] Pad case 1/2 (1/3 overall): 1x16 constant
aclnn-opencl debug: aclnnConstantPadNd: step 0 (pad (constant)) took 0.500 ms (device time)
aclnn-opencl debug: aclnnConstantPadNd: step 0 (pad (constant)) took 0.100 ms (device time)
aclnn-opencl info: something else
[pocl: cpu] Pad case 2/2 (2/3 overall): 8x8 reflect  
aclnn-opencl debug: aclnnReflectionPad2d: step 1 (rows) took 2.000 ms (device time)
aclnn-opencl debug: aclnnReflectionPad2d: step 0 (cols) took 1.250 ms (host time, enqueue to finish)
aclnn-opencl debug: aclnnReflectionPad2d: step 1 (rows) took 1.500 ms (device time)
"""


class KernelProfile(unittest.TestCase):
    def test_last_run_of_each_step_per_case(self):
        self.assertEqual(kernel_profile.report(kernel_profile.last_steps(LOG.splitlines(keepends=True))), [
            "\n== Pad 1x16 constant",
            "    0.100 ms  aclnnConstantPadNd step 0: pad (constant)",
            "\n== Pad 8x8 reflect",
            "    1.500 ms  aclnnReflectionPad2d step 1: rows",
            "    1.250 ms  aclnnReflectionPad2d step 0: cols"])

    def test_command_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "profile.log")
            with open(log, "w") as f:
                f.write(LOG)
            r = subprocess.run([sys.executable, os.path.join(HERE, "kernel_profile.py"), log],
                               capture_output=True, text=True)
        self.assertEqual(r.returncode, 0)
        self.assertTrue(r.stdout.startswith("\n== Pad 1x16 constant\n    0.100 ms  aclnnConstantPadNd step 0"), r.stdout)


if __name__ == "__main__":
    unittest.main()
