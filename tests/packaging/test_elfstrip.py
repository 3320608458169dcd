"""packaging/elfstrip.py: libraries are stripped only when the stripped copy still loads.

These run in the normal suite (no bundle is built); the bundles themselves are checked by
test_bundle.py (marked ``packaging``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from elfstrip import Segment, damage, load_segments, strip_binaries  # noqa: E402

sys.path.remove(str(ROOT / "packaging"))

LINUX = sys.platform.startswith("linux")


def _elf(segments: list[tuple[int, int, int, int, int]], *, wide: bool = True,
         little: bool = True, phoff: int = 0x400) -> bytes:
    """An ELF file whose program headers (type, offset, vaddr, filesz, flags) sit at ``phoff``,
    away from the file header, as patchelf may leave them."""
    end = "<" if little else ">"
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if little else 2, 1]) + bytes(9)
    if wide:
        header = ident + struct.pack(end + "HHIQQQIHHHHHH", 3, 62, 1, 0, phoff, 0, 0, 64, 56,
                                     len(segments), 64, 0, 0)
        table = b"".join(struct.pack(end + "IIQQQQQQ", kind, flags, offset, vaddr, vaddr, size,
                                     size, 0x1000)
                         for kind, offset, vaddr, size, flags in segments)
    else:
        header = ident + struct.pack(end + "HHIIIIIHHHHHH", 3, 3, 1, 0, phoff, 0, 0, 52, 32,
                                     len(segments), 40, 0, 0)
        table = b"".join(struct.pack(end + "IIIIIIII", kind, offset, vaddr, vaddr, size, size,
                                     flags, 0x1000)
                         for kind, offset, vaddr, size, flags in segments)
    return header.ljust(phoff, b"\0") + table


@pytest.mark.parametrize(("wide", "little"), [(True, True), (False, True), (True, False)])
def test_load_segments_reads_only_the_loadable_ones_wherever_the_table_is(
        tmp_path: Path, wide: bool, little: bool) -> None:
    path = tmp_path / "lib.so"
    path.write_bytes(_elf([(1, 0, 0, 0x2887dc, 4), (6, 0x40, 0x40, 0x348, 4),
                           (1, 0x1621098, 0x166B000, 0, 6)], wide=wide, little=little))
    assert load_segments(path) == [
        Segment(offset=0, vaddr=0, filesz=0x2887dc, memsz=0x2887dc, flags=4, align=0x1000),
        Segment(offset=0x1621098, vaddr=0x166B000, filesz=0, memsz=0, flags=6, align=0x1000)]


def test_load_segments_is_none_for_other_files(tmp_path: Path) -> None:
    (tmp_path / "a").write_text("#!/bin/sh\n")
    (tmp_path / "b").write_bytes(b"\x7fELF" + bytes(3))
    assert load_segments(tmp_path / "a") is None
    assert load_segments(tmp_path / "b") is None


def _seg(offset: int, vaddr: int, filesz: int = 0x100) -> Segment:
    return Segment(offset=offset, vaddr=vaddr, filesz=filesz, memsz=filesz, flags=6,
                   align=0x1000)


def test_damage_names_what_the_loader_would_refuse() -> None:
    original = [_seg(0, 0), _seg(0x1750000, 0x166B000, 0x3A7C0)]
    assert damage(original, original) is None
    # numpy 2.4's OpenBLAS after strip(1): an emptied segment at an offset off its page.
    emptied = [_seg(0, 0), _seg(0x1621098, 0x166B000, 0)]
    assert "not aligned like its address" in (damage(original, emptied) or "")
    # Aligned, but strip dropped bytes the segment maps.
    shrunk = [_seg(0, 0), _seg(0x1621000, 0x166B000, 0x3A000)]
    assert "would change from 0x3a7c0 bytes" in (damage(original, shrunk) or "")
    assert "2 loadable segments would become 1" in (damage(original, original[:1]) or "")


def _extension_module() -> Path:
    """A real ELF library of this Python's to strip: one of its extension modules."""
    for name in ("_ctypes", "_decimal", "select", "_json"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin and spec.origin.endswith(".so"):
            return Path(spec.origin)
    pytest.skip("this Python has its extension modules built in")


@pytest.mark.skipif(not LINUX or shutil.which("strip") is None, reason="needs strip(1) on Linux")
def test_strip_binaries_swaps_in_a_good_copy_and_reuses_it(tmp_path: Path) -> None:
    src = _extension_module()
    toc = [("lib-dynload/" + src.name, str(src), "EXTENSION"), ("data.txt", __file__, "DATA")]
    out, kept = strip_binaries(toc, tmp_path / "stripped")
    assert kept == {}
    copy = tmp_path / "stripped" / "lib-dynload" / src.name
    assert out == [(toc[0][0], str(copy), "EXTENSION"), toc[1]]
    assert damage(load_segments(src) or [], load_segments(copy) or []) is None
    first = copy.stat().st_mtime_ns
    assert strip_binaries(toc, tmp_path / "stripped") == (out, {})
    assert copy.stat().st_mtime_ns == first


@pytest.mark.skipif(not LINUX, reason="ELF program headers")
def test_strip_binaries_keeps_the_original_when_strip_breaks_it(tmp_path: Path) -> None:
    src = _extension_module()
    # A stand-in for strip(1) that does to the copy what binutils did to numpy's OpenBLAS:
    # moves the last loadable segment's file offset off its page.
    fake = tmp_path / "strip"
    fake.write_text(f"""#!{sys.executable}
import struct, sys
sys.path.insert(0, {str(ROOT / "packaging")!r})
from elfstrip import PT_LOAD
path = sys.argv[-1]
data = bytearray(open(path, "rb").read())
phoff = struct.unpack_from("<Q", data, 32)[0]
size, count = struct.unpack_from("<HH", data, 54)
kinds = [struct.unpack_from("<I", data, phoff + i * size)[0] for i in range(count)]
last = max(i for i, kind in enumerate(kinds) if kind == PT_LOAD)
at = phoff + last * size + 8
struct.pack_into("<Q", data, at, struct.unpack_from("<Q", data, at)[0] + 0x98)
open(path, "wb").write(bytes(data))
""")
    os.chmod(fake, 0o755)
    toc = [("lib-dynload/" + src.name, str(src), "EXTENSION")]
    out, kept = strip_binaries(toc, tmp_path / "stripped", strip=str(fake))
    assert out == toc
    assert "not aligned like its address" in kept["lib-dynload/" + src.name]
    assert not (tmp_path / "stripped" / "lib-dynload" / src.name).exists()
