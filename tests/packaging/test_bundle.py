"""The frozen app, built from the oldest and from the newest supported Python, and self-tested.

Marked ``packaging`` (minutes, not seconds): ``pytest -m packaging`` or ``make dist-test``.
The supported Pythons are pyproject.toml's classifiers; each bundle is built by ``make dist
PYTHON_VERSION=X.Y`` in a venv of its own (.venv-X.Y, or .venv when that is the same Python)
into dist/pythonX.Y, and rebuilt when anything it is made from (the app, rulebooks, resources,
packaging, pyproject.toml) is newer. A supported Python missing from the machine fails the test:
the bundle is only known to work from the Pythons it was built from.
"""

from __future__ import annotations

import filecmp
import os
import re
import subprocess
import sys
import tarfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("tabletop", "resources", "packaging")
LINUX = sys.platform.startswith("linux")
EXE_NAME = "Tabletop.exe" if sys.platform == "win32" else "tabletop"


def supported_pythons() -> list[str]:
    """The "3.X" versions pyproject.toml's classifiers name, oldest first."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = [m.group(1) for c in meta["project"]["classifiers"]
             if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c))]
    return sorted(found, key=lambda v: tuple(map(int, v.split("."))))


OLDEST_AND_NEWEST = sorted({supported_pythons()[0], supported_pythons()[-1]})


@dataclass(frozen=True)
class Bundle:
    python: str
    dist: Path

    @property
    def folder(self) -> Path:
        return self.dist / "tabletop"

    @property
    def exe(self) -> Path:
        return self.folder / EXE_NAME

    @property
    def internal(self) -> Path:
        return self.folder / "_internal"


def _stale(exe: Path) -> bool:
    if not exe.is_file():
        return True
    built = exe.stat().st_mtime
    sources = [p for d in SOURCES for p in (ROOT / d).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts]
    return any(p.stat().st_mtime > built for p in [*sources, ROOT / "pyproject.toml"])


def _python_of(venv: Path) -> str | None:
    python = venv / "bin" / "python"
    if not python.is_file():
        return None
    out = subprocess.run([str(python), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                         capture_output=True, text=True)
    return out.stdout.strip() or None


def test_oldest_and_newest_supported_python_agree_with_requires_python() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["requires-python"] == f">={supported_pythons()[0]}"


@pytest.fixture(scope="module", params=OLDEST_AND_NEWEST, ids=lambda v: f"python{v}")
def built(request: pytest.FixtureRequest) -> Bundle:
    version = request.param
    bundle = Bundle(version, ROOT / "dist" / f"python{version}")
    if _stale(bundle.exe):
        # The test tools' .venv serves when it runs this Python: one venv fewer to set up.
        venv = ".venv" if _python_of(ROOT / ".venv") == version else f".venv-{version}"
        subprocess.run(["make", "dist", f"PYTHON_VERSION={version}", f"VENV={venv}",
                        f"DIST={bundle.dist.relative_to(ROOT)}"], cwd=ROOT, check=True)
    assert bundle.exe.is_file()
    return bundle


def _run(exe: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_frozen_self_test_passes_with_the_bundled_files(built: Bundle) -> None:
    out = _run(built.exe, "--self-test")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[-1].startswith("self-test passed:")
    # Resources and rulebooks were found inside the bundle, not in the source tree.
    icon = next(line for line in out.stdout.splitlines() if line.startswith("ok   app icon"))
    assert icon.endswith(str(built.internal))
    rules = next(line for line in out.stdout.splitlines() if line.startswith("ok   rulebooks"))
    assert str(built.internal / "tabletop" / "games") in rules
    # The sounds read, and Qt Multimedia loads: they played, or sound went off by itself.
    sounds = next(line for line in out.stdout.splitlines() if line.startswith("ok   sounds"))
    assert "loaded by QSoundEffect" in sounds or "sound off by itself" in sounds, sounds


@pytest.mark.skipif(not LINUX, reason="ELF libraries and strip(1) are Linux's")
def test_bundle_holds_its_own_python_and_stripped_libraries(built: Bundle) -> None:
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        from elfstrip import load_segments
    finally:
        sys.path.pop(0)
    libpython = built.internal / f"libpython{built.python}.so.1.0"
    assert libpython.is_file(), f"the bundle lacks {libpython.name}"
    # Every bundled library still loads the way its loader checks it (numpy's OpenBLAS failed
    # this when strip(1) broke it), and the build did strip: libpython lost its symbol table.
    for lib in built.internal.rglob("*.so*"):
        segments = load_segments(lib) if lib.is_file() and not lib.is_symlink() else None
        for seg in segments or []:
            assert seg.align <= 1 or seg.offset % seg.align == seg.vaddr % seg.align, lib
    assert b".symtab\x00" not in libpython.read_bytes()


def test_modules_read_at_start_are_plain_pyc_files_and_the_rest_stay_archived(
        built: Bundle) -> None:
    code = built.internal / "tabletop"
    for module in ("__init__", "registry", "app/main", "app/window", "games/magos/spec"):
        assert (code / f"{module}.pyc").is_file(), f"{module} is not a .pyc file in the bundle"
    # Rules models load with a game's first table, not at start: they stay in the archive.
    assert not (code / "games" / "magos" / "model.pyc").exists()
    assert not list(code.rglob("*.py"))


def test_frozen_app_reports_bad_options_without_a_window(built: Bundle) -> None:
    out = _run(built.exe, "--lang", "xx")
    assert out.returncode == 2
    assert "invalid choice" in out.stderr


def test_bundle_holds_every_rulebook_and_resource_unchanged(built: Bundle) -> None:
    rulebooks = sorted((ROOT / "tabletop" / "games").glob("*/rules/??.md"))
    assert len(rulebooks) >= 20  # two languages of every game's folder
    sounds = sorted((ROOT / "tabletop" / "games").glob("*/sounds/*.wav"))
    assert sounds  # Punimonyo's words
    for src in [*rulebooks, *sounds, *(ROOT / "resources").rglob("*")]:
        if src.is_file():
            copy = built.internal / src.relative_to(ROOT)
            assert copy.is_file(), f"{copy} missing from the bundle"
            assert filecmp.cmp(src, copy, shallow=False), f"{copy} differs"


def test_bundle_leaves_out_unused_qt(built: Bundle) -> None:
    names = [p.relative_to(built.internal).as_posix() for p in built.internal.rglob("*")]
    # Qt Multimedia's audio stays (the table's sounds, with the QtNetwork it imports); its
    # media back-end, which decodes video with ffmpeg, goes with the libraries only it links.
    unused = ("QtQuick", "QtQml", "QtWebEngine", "QtPdf", "QtMultimediaWidgets",
              "QtMultimediaQuick", "plugins/multimedia/", "libavcodec", "libavformat",
              "libswscale", "libpulse", "libsndfile", "Qt3D", "QtDesigner", "QtSql",
              "QtVirtualKeyboard", "Qt6Quick", "Qt6Qml",
              "Qt6Pdf", "Qt6VirtualKeyboard", "plugins/sqldrivers/",
              "plugins/tls/", "plugins/qmltooling/", "plugins/printsupport/", "libqgtk3")
    assert [n for n in names if any(u in n for u in unused)] == []
    assert not [n for n in names if n.startswith(("pyqtgraph/opengl", "pyqtgraph/examples"))]
    qm = [Path(n).name for n in names if n.endswith(".qm")]
    assert qm and all(n.split("_")[-1] in ("ja.qm", "en.qm") for n in qm)
    # What the app does use is there: the SVG plugins draw the icon, numpy serves pyqtgraph.
    assert any("iconengines/" in n and "svg" in n for n in names)
    assert any("imageformats/" in n and "svg" in n for n in names)
    assert any(n.startswith("numpy/") for n in names)
    assert any("Qt6Multimedia.so" in n or "QtMultimedia." in n for n in names)


@pytest.mark.skipif(not LINUX, reason="the tar.gz and desktop entry are made on Linux")
def test_linux_tarball_has_the_app_desktop_entry_and_icon(built: Bundle) -> None:
    tarballs = sorted(built.dist.glob("tabletop-linux-*.tar.gz"))
    assert tarballs, "no dist/tabletop-linux-<arch>.tar.gz"
    with tarfile.open(tarballs[-1]) as tar:
        members = set(tar.getnames())
        assert {"tabletop/tabletop", "tabletop/tabletop.desktop", "tabletop/tabletop.png",
                "tabletop/install-desktop-entry.sh"} <= members
        desktop = tar.extractfile("tabletop/tabletop.desktop")
        assert desktop is not None
        text = desktop.read().decode("utf-8")
    assert "Exec=tabletop" in text and "Icon=tabletop" in text and "Type=Application" in text
    assert (built.folder / "tabletop.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
