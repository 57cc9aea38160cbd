#!/usr/bin/env python3
"""Unpacks a Debian package's files into a folder, as `dpkg -x DEB DIR` does, where dpkg is missing
(scripts/gpu-kit/run.sh on a machine that is not Debian-based). Standard library and tar only.

    unpack_deb.py DEB DIR

A .deb is an ar archive; its data.tar[.xz|.gz|.zst|.bz2] member holds the files, handed to tar
(Python's tarfile reads no zstd, which newer packages use)."""
import subprocess
import sys

# tar's option for each compression a data.tar member may carry.
TAR_FLAGS = {"xz": "-J", "gz": "-z", "zst": "--zstd", "bz2": "-j"}


def ar_members(data):
    """(name, body) of each member of an ar archive given as bytes, in order."""
    pos = 8  # past "!<arch>\n"
    while pos < len(data):
        # A 60-byte header: the name in its first 16 bytes (GNU ar ends it with '/'), the size at 48..58.
        name, size = data[pos:pos + 16].decode().strip().rstrip("/"), int(data[pos + 48:pos + 58])
        yield name, data[pos + 60:pos + 60 + size]
        pos += 60 + size + (size & 1)  # members start at even offsets


def tar_command(member, folder):
    """The tar command that extracts a data.tar member of that name (read from stdin) into folder."""
    flag = TAR_FLAGS.get(member.rsplit(".", 1)[-1], "")
    return ["tar", "-x"] + ([flag] if flag else []) + ["-C", folder]


def unpack(deb, folder):
    with open(deb, "rb") as f:
        data = f.read()
    for name, body in ar_members(data):
        if name.startswith("data.tar"):
            subprocess.run(tar_command(name, folder), input=body, check=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: unpack_deb.py DEB DIR")
    unpack(sys.argv[1], sys.argv[2])
