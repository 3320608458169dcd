"""packaging/startup_modules.py: the modules a start reads are kept as .pyc files, and only
those. Runs in the normal suite; the bundle itself is checked by test_bundle.py."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from startup_modules import collection_modes, package_folders, parse_importtime  # noqa: E402

sys.path.remove(str(ROOT / "packaging"))

IMPORTTIME = """\
import time: self [us] | cumulative | imported package
import time:       250 |        250 |   _io
import time:       128 |        128 |     encodings.utf_8
import time:      1686 |       1686 | os
import time:       902 |       4768 | game
import time:       550 |       2148 |   game.engine.rules
import time:       550 |       2148 |   game.engine
import time:        90 |         90 | game.engine.rules
this line is not part of it
"""


def test_parse_importtime_lists_each_module_once_in_import_order() -> None:
    assert parse_importtime(IMPORTTIME) == [
        "_io", "encodings.utf_8", "os", "game", "game.engine.rules", "game.engine"]


def test_collection_modes_keep_the_other_modules_of_a_startup_package_compressed(
        tmp_path: Path) -> None:
    pkg = tmp_path / "game"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "data").mkdir()  # a folder that is no package: nothing in it is a module
    for file in ("__init__.py", "engine/__init__.py", "engine/rules.py", "engine/search.py",
                 "model.py", "data/cards.py", "notes.txt"):
        (pkg / file).write_text("")
    startup = ["encodings.utf_8", "os", "game", "game.engine", "game.engine.rules"]
    modes = collection_modes(startup, {"game": [str(pkg)], "game.engine": [str(pkg / "engine")]},
                             base_modules={"encodings", "os"})
    assert modes == {
        "game": "pyc", "game.engine": "pyc", "game.engine.rules": "pyc",
        "game.engine.search": "pyz", "game.model": "pyz",
    }


def test_package_folders_finds_packages_without_their_modules() -> None:
    folders = package_folders(["json", "json.decoder", "no_such_package_here"])
    assert list(folders) == ["json"]
    assert Path(folders["json"][0], "decoder.py").is_file()
