"""Which modules the frozen app should keep as plain .pyc files: those it imports before its
first paint.

PyInstaller stores pure-Python modules zlib-compressed in one archive (the PYZ) and inflates
each one as it is imported; for the hundred-odd modules the window needs before it first paints
that cost about 9 ms of a 150 ms start. Collected as ``.pyc`` files beside the archive instead
(PyInstaller's ``module_collection_mode``), they load as from an installed Python. The rest
stay compressed: all of them as files would add several MiB to the bundle for modules that a
start never reads.

The list is measured, not kept by hand: the spec runs ``python -X importtime -m tabletop
--first-paint-probe`` from the source tree at build time and takes every module it names.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path


def imported_before_first_paint(python: str, root: Path) -> list[str]:
    """Module names, in import order, that ``python -m tabletop`` imports up to its first
    paint (offscreen, with an empty data folder); [] when the probe cannot run."""
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_DATA_DIR=data,
                   PYTHONDONTWRITEBYTECODE="1")
        try:
            out = subprocess.run([python, "-X", "importtime", "-m", "tabletop",
                                  "--first-paint-probe", "--lang", "en"],
                                 cwd=root, env=env, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            return []
    if out.returncode != 0:
        return []
    return parse_importtime(out.stderr)


def parse_importtime(text: str) -> list[str]:
    """The module names of ``-X importtime`` output, in import order, without repeats."""
    names: dict[str, None] = {}
    for line in text.splitlines():
        if not line.startswith("import time:"):
            continue
        name = line.rsplit("|", 1)[-1].strip()
        if name and name != "imported package":
            names.setdefault(name)
    return list(names)


def _submodules(package_dirs: Iterable[str], prefix: str) -> Iterable[str]:
    """Every module under a package's folders, found on disk without importing any of them."""
    for folder in package_dirs:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                yield prefix + entry.name
                yield from _submodules([entry.path], f"{prefix}{entry.name}.")
            elif entry.name.endswith(".py") and entry.name != "__init__.py":
                yield prefix + entry.name[:-3]


def collection_modes(startup: Iterable[str], packages: dict[str, list[str]],
                     base_modules: Iterable[str]) -> dict[str, str]:
    """A ``module_collection_mode`` for Analysis: "pyc" for every startup module, "pyz" for the
    other modules of the same packages.

    PyInstaller applies a package's mode to all its submodules unless they have one of their
    own, so each package that starts up as .pyc names its other modules back into the archive.
    ``packages`` maps a startup package's name to its folders; modules that PyInstaller keeps in
    base_library.zip (``base_modules``, top-level names) are left alone, as they must be.
    """
    base = set(base_modules)
    pyc = [name for name in startup if name.split(".")[0] not in base]
    modes = {name: "pyc" for name in pyc}
    for package in pyc:
        for name in _submodules(packages.get(package, []), package + "."):
            modes.setdefault(name, "pyz")
    return modes


def package_folders(names: Iterable[str]) -> dict[str, list[str]]:
    """The folders of those of ``names`` that are packages in this interpreter, found without
    importing them."""
    from importlib.util import find_spec

    folders: dict[str, list[str]] = {}
    for name in names:
        if name.split(".")[0] in ("__main__", "__mp_main__"):
            continue
        try:
            spec = find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.submodule_search_locations:
            folders[name] = list(spec.submodule_search_locations)
    return folders


if __name__ == "__main__":  # a look at what the spec would do: python packaging/startup_modules.py
    found = imported_before_first_paint(sys.executable, Path(__file__).resolve().parent.parent)
    print("\n".join(found))
