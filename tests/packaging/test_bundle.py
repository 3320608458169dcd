"""The frozen app: build the PyInstaller bundle (or reuse a fresh one) and run its self-test.

Marked ``packaging`` (minutes, not seconds): ``pytest -m packaging``. The bundle in dist/ is
rebuilt when anything it is made from (the app, rulebooks, resources, packaging) is newer.
"""

from __future__ import annotations

import filecmp
import importlib.util
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
FOLDER = DIST / "tabletop"
EXE = FOLDER / ("tabletop.exe" if sys.platform == "win32" else "tabletop")
INTERNAL = FOLDER / "_internal"
SOURCES = ("tabletop", "rules", "resources", "packaging")
LINUX = sys.platform.startswith("linux")


def _stale() -> bool:
    if not EXE.is_file():
        return True
    built = EXE.stat().st_mtime
    return any(p.stat().st_mtime > built for d in SOURCES for p in (ROOT / d).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts)


@pytest.fixture(scope="module")
def bundle() -> Path:
    if _stale():
        if importlib.util.find_spec("PyInstaller") is not None:
            # This interpreter has PyInstaller: build with it rather than set up .venv.
            env = dict(os.environ, PYTHON=sys.executable)
            subprocess.run(["bash", "scripts/build_dist.sh"], cwd=ROOT, env=env, check=True)
        else:
            subprocess.run(["make", "dist"], cwd=ROOT, check=True)
    assert EXE.is_file()
    return EXE


def _run(exe: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_frozen_self_test_passes_with_the_bundled_files(bundle: Path) -> None:
    out = _run(bundle, "--self-test")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[-1].startswith("self-test passed:")
    # Resources and rulebooks were found inside the bundle, not in the source tree.
    icon = next(line for line in out.stdout.splitlines() if line.startswith("ok   app icon"))
    assert icon.endswith(str(INTERNAL))
    rules = next(line for line in out.stdout.splitlines() if line.startswith("ok   rulebooks"))
    assert str(INTERNAL / "rules") in rules


def test_frozen_app_reports_bad_options_without_a_window(bundle: Path) -> None:
    out = _run(bundle, "--lang", "xx")
    assert out.returncode == 2
    assert "invalid choice" in out.stderr


def test_bundle_holds_every_rulebook_and_resource_unchanged(bundle: Path) -> None:
    for folder in ("rules", "resources"):
        for src in (ROOT / folder).rglob("*"):
            if src.is_file():
                copy = INTERNAL / src.relative_to(ROOT)
                assert copy.is_file(), f"{copy} missing from the bundle"
                assert filecmp.cmp(src, copy, shallow=False), f"{copy} differs"


def test_bundle_leaves_out_unused_qt(bundle: Path) -> None:
    names = [p.relative_to(INTERNAL).as_posix() for p in INTERNAL.rglob("*")]
    unused = ("QtQuick", "QtQml", "QtNetwork", "QtWebEngine", "QtPdf", "QtMultimedia",
              "Qt3D", "QtDesigner", "QtSql", "QtVirtualKeyboard", "Qt6Quick", "Qt6Qml",
              "Qt6Network", "Qt6Pdf", "Qt6VirtualKeyboard", "plugins/sqldrivers/",
              "plugins/tls/", "plugins/qmltooling/", "plugins/printsupport/", "libqgtk3")
    assert [n for n in names if any(u in n for u in unused)] == []
    assert not [n for n in names if n.startswith(("pyqtgraph/opengl", "pyqtgraph/examples"))]
    qm = [Path(n).name for n in names if n.endswith(".qm")]
    assert qm and all(n.split("_")[-1] in ("ja.qm", "en.qm") for n in qm)
    # What the app does use is there: the SVG plugins draw the icon, numpy serves pyqtgraph.
    assert any("iconengines/" in n and "svg" in n for n in names)
    assert any("imageformats/" in n and "svg" in n for n in names)
    assert any(n.startswith("numpy/") for n in names)


@pytest.mark.skipif(not LINUX, reason="the tar.gz and desktop entry are made on Linux")
def test_linux_tarball_has_the_app_desktop_entry_and_icon(bundle: Path) -> None:
    tarballs = sorted(DIST.glob("tabletop-linux-*.tar.gz"))
    assert tarballs, "no dist/tabletop-linux-<arch>.tar.gz"
    with tarfile.open(tarballs[-1]) as tar:
        members = set(tar.getnames())
        assert {"tabletop/tabletop", "tabletop/tabletop.desktop", "tabletop/tabletop.png",
                "tabletop/install-desktop-entry.sh"} <= members
        desktop = tar.extractfile("tabletop/tabletop.desktop")
        assert desktop is not None
        text = desktop.read().decode("utf-8")
    assert "Exec=tabletop" in text and "Icon=tabletop" in text and "Type=Application" in text
    assert (FOLDER / "tabletop.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
