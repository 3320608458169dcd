"""Size of the double-click bundle: the folder, its tar.gz, and what takes the room.

Run after ``make dist``::

    python benchmarks/bundle.py [--dist dist] [--json] [--startup-runs 7]

The folder size is the sum of the files' sizes (symbolic links counted as links). The
compressed size is that of ``dist/tabletop-<os>-<arch>.tar.gz`` when the build made one, else
of a tar.gz made here in a temporary directory. ``--startup-runs N`` also times the frozen app's
start to first paint against a bare PySide6 window (benchmarks/startup.py --frozen).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

MIB = 1024 * 1024
# The size aims: the unpacked folder and the download (pyqtgraph's charts are part of the app).
AIM_MIB = 160
AIM_TAR_GZ_MIB = 64

# (label, test on the path relative to the bundle's _internal folder), first match wins.
GROUPS: list[tuple[str, tuple[str, ...]]] = [
    ("ICU (Qt's Unicode and locale data)", ("PySide6/Qt/lib/libicu",)),
    ("Qt libraries", ("PySide6/Qt/lib/",)),
    ("Qt plugins", ("PySide6/Qt/plugins/",)),
    ("Qt translations", ("PySide6/Qt/translations/",)),
    ("PySide6 bindings (QtCore, QtGui, QtWidgets, QtOpenGL...)", ("PySide6/", "shiboken6/")),
    ("numpy's OpenBLAS", ("numpy.libs/",)),
    ("numpy", ("numpy",)),
    ("pyqtgraph", ("pyqtgraph",)),
    ("Python (libpython, extension modules, stdlib)", ("libpython", "python3", "base_library")),
    ("rulebooks and resources", ("rules/", "resources/")),
]


def _group(rel: str) -> str:
    for label, prefixes in GROUPS:
        if rel.startswith(prefixes):
            return label
    if rel.startswith("lib") and ".so" in rel:
        return "system libraries (X11/xcb, fontconfig, glib, libstdc++...)"
    return "other (executable, Python archive, app code)"


def measure_folder(folder: Path) -> dict[str, object]:
    internal = folder / "_internal"
    total, files = 0, 0
    groups: dict[str, int] = {}
    biggest: list[tuple[int, str]] = []
    for path in folder.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            continue
        size = path.lstat().st_size
        total += size
        files += 1
        try:
            rel = path.relative_to(internal).as_posix()
        except ValueError:
            rel = path.relative_to(folder).as_posix()
            label = "other (executable, Python archive, app code)"
        else:
            label = _group(rel)
        groups[label] = groups.get(label, 0) + size
        biggest.append((size, rel))
    biggest.sort(reverse=True)
    return {
        "folder_mib": total / MIB,
        "files": files,
        "groups_mib": {k: v / MIB for k, v in sorted(groups.items(), key=lambda kv: -kv[1])},
        "largest_files_mib": {name: size / MIB for size, name in biggest[:12]},
    }


def tarball_size(dist: Path, folder: Path) -> tuple[float, str]:
    system = platform.system().lower()
    built = dist / f"tabletop-{system}-{platform.machine()}.tar.gz"
    if built.is_file() and built.stat().st_mtime >= folder.stat().st_mtime:
        return built.stat().st_size / MIB, str(built)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bundle.tar.gz"
        with tarfile.open(out, "w:gz") as tar:
            tar.add(folder, arcname=folder.name)
        return out.stat().st_size / MIB, "made here (gzip level 9)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default="dist", help="the build's output folder (default: dist)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--startup-runs", type=int, default=0, metavar="N",
                    help="also time the frozen app's start-up, N runs (default: skip)")
    args = ap.parse_args()
    dist = Path(args.dist)
    folder = dist / "tabletop"
    exe = folder / ("Tabletop.exe" if os.name == "nt" else "tabletop")
    if not exe.is_file():
        ap.error(f"no bundle at {folder}; build it with `make dist`")
    result = measure_folder(folder)
    result["tar_gz_mib"], result["tar_gz"] = tarball_size(dist, folder)
    result["aim_folder_mib"] = AIM_MIB
    result["aim_tar_gz_mib"] = AIM_TAR_GZ_MIB
    if args.startup_runs > 0:
        startup = Path(__file__).with_name("startup.py")
        out = subprocess.run([sys.executable, str(startup), "--runs", str(args.startup_runs),
                              "--json", "--frozen", str(exe)],
                             capture_output=True, text=True, check=True)
        result["startup"] = json.loads(out.stdout)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"bundle folder  : {result['folder_mib']:7.1f} MiB in {result['files']} files "
          f"(aim: at most {AIM_MIB} MiB)")
    print(f"tar.gz         : {result['tar_gz_mib']:7.1f} MiB ({result['tar_gz']}; aim: at most "
          f"{AIM_TAR_GZ_MIB} MiB)")
    for key in ("groups_mib", "largest_files_mib"):
        print("by part:" if key == "groups_mib" else "largest files:")
        parts = result[key]
        assert isinstance(parts, dict)
        for label, mib in parts.items():
            print(f"  {mib:7.1f} MiB  {label}")
    s = result.get("startup")
    if isinstance(s, dict):
        ms = {k: v * 1000 for k, v in s.items() if k.endswith("_median_s")}
        print(f"start to first paint (median of {s['runs']}): bare PySide6 "
              f"{ms['bare_median_s']:.0f} ms, from source {ms['app_median_s']:.0f} ms "
              f"({s['ratio']:.2f}x), frozen {ms['frozen_median_s']:.0f} ms "
              f"({s['frozen_ratio']:.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
