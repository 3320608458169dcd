"""Strips the bundle's Linux libraries with strip(1), keeping as shipped any that strip breaks.

PyInstaller's own ``strip=True`` runs strip(1) on every collected library and trusts the result.
That breaks libraries whose program headers were rewritten by patchelf, as auditwheel does
for the libraries vendored into manylinux wheels: patchelf moves ``.dynsym``/``.dynstr`` to
new ``PT_LOAD`` segments at the end of the file and leaves the old copies in segments that no
section covers. strip(1) lays the file out again from its sections, so those segments come out
empty at a file offset that is no longer congruent to their address modulo the page size, and
the dynamic loader refuses the library ("ELF load command address/offset not page-aligned").
numpy 2.4's OpenBLAS (``numpy.libs/libscipy_openblas64_*.so``, the wheels Python 3.11 gets) is
such a library; numpy 2.5's is laid out differently and survives.

So each library is stripped into a copy, and the copy is used only when its loadable segments
are the original's (same addresses, sizes and permissions) and each one's file offset agrees
with its address modulo its alignment, which is the loader's rule. Otherwise the original is
bundled unchanged, and the build says which libraries it kept.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from pathlib import Path
from typing import NamedTuple

PT_LOAD = 1


class Segment(NamedTuple):
    """A ``PT_LOAD`` program header: what the loader maps, and from where in the file."""

    offset: int
    vaddr: int
    filesz: int
    memsz: int
    flags: int
    align: int


def load_segments(path: Path) -> list[Segment] | None:
    """The loadable segments of an ELF file, from its program headers; None if not ELF."""
    with open(path, "rb") as f:
        head = f.read(64)
        if len(head) < 52 or head[:4] != b"\x7fELF" or head[4] not in (1, 2) \
                or head[5] not in (1, 2):
            return None
        wide = head[4] == 2
        end = "<" if head[5] == 1 else ">"
        if wide:
            phoff = struct.unpack_from(end + "Q", head, 32)[0]
            phentsize, phnum = struct.unpack_from(end + "HH", head, 54)
            layout = end + "IIQQQQQQ"  # type, flags, offset, vaddr, paddr, filesz, memsz, align
        else:
            phoff = struct.unpack_from(end + "I", head, 28)[0]
            phentsize, phnum = struct.unpack_from(end + "HH", head, 42)
            layout = end + "IIIIIIII"  # type, offset, vaddr, paddr, filesz, memsz, flags, align
        # patchelf may have moved the program headers anywhere in the file.
        f.seek(phoff)
        table = f.read(phentsize * phnum)
    if phentsize < struct.calcsize(layout) or len(table) < phentsize * phnum:
        return None
    segments = []
    for i in range(phnum):
        f = struct.unpack_from(layout, table, i * phentsize)
        if f[0] != PT_LOAD:
            continue
        if wide:
            segments.append(Segment(offset=f[2], vaddr=f[3], filesz=f[5], memsz=f[6], flags=f[1],
                                    align=f[7]))
        else:
            segments.append(Segment(offset=f[1], vaddr=f[2], filesz=f[4], memsz=f[5], flags=f[6],
                                    align=f[7]))
    return segments


def damage(original: list[Segment], stripped: list[Segment]) -> str | None:
    """Why the stripped copy would not load as the original does, or None when it would."""
    for s in stripped:  # the loader's own check, the one numpy's OpenBLAS failed
        if s.align > 1 and s.offset % s.align != s.vaddr % s.align:
            return (f"the segment at {s.vaddr:#x} would start at file offset {s.offset:#x}, "
                    f"not aligned like its address to {s.align:#x}")
    if len(original) != len(stripped):
        return f"{len(original)} loadable segments would become {len(stripped)}"
    for a, b in zip(original, stripped, strict=True):
        if (a.vaddr, a.memsz, a.filesz, a.flags) != (b.vaddr, b.memsz, b.filesz, b.flags):
            return (f"the segment at {a.vaddr:#x} would change from {a.filesz:#x} bytes in the "
                    f"file to {b.filesz:#x}")
    return None


def strip_binaries(binaries: list[tuple[str, str, str]], workdir: Path,
                   strip: str = "strip") -> tuple[list[tuple[str, str, str]], dict[str, str]]:
    """``binaries`` (a PyInstaller TOC) with every ELF library replaced by a stripped copy in
    ``workdir``, except those strip(1) would break; returns the new TOC and, for each library
    kept as shipped, why.

    Copies are reused while their source is unchanged (same size and modification time).
    """
    workdir.mkdir(parents=True, exist_ok=True)
    index_path = workdir / "index.json"
    try:
        index: dict[str, list] = json.loads(index_path.read_text())
    except (OSError, ValueError):
        index = {}
    new_index: dict[str, list] = {}
    result, kept = [], {}
    for dest, src, kind in binaries:
        if kind not in ("BINARY", "EXTENSION"):
            result.append((dest, src, kind))
            continue
        stat = os.stat(src)
        key = [src, stat.st_size, stat.st_mtime_ns]
        copy = workdir / dest
        cached = index.get(dest)
        if cached is not None and cached[:3] == key and (cached[3] or copy.is_file()):
            verdict = cached[3]
        else:
            verdict = _strip_one(Path(src), copy, strip)
        new_index[dest] = [*key, verdict]
        if verdict:
            kept[dest] = verdict
        result.append((dest, src if verdict else str(copy), kind))
    index_path.write_text(json.dumps(new_index, indent=0))
    return result, kept


def _strip_one(src: Path, copy: Path, strip: str) -> str:
    """Strip ``src`` into ``copy``; '' when the copy is good, else why the original stays."""
    before = load_segments(src)
    if before is None:
        return "not an ELF file"
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, copy)
    os.chmod(copy, 0o755)
    out = subprocess.run([strip, str(copy)], capture_output=True, text=True)
    after = load_segments(copy) if out.returncode == 0 else None
    why = (f"strip failed: {out.stderr.strip()}" if out.returncode != 0
           else "strip wrote no ELF file" if after is None else damage(before, after))
    if why:
        copy.unlink()
        return why
    return ""
