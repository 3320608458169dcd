"""A game is one folder and one line: a toy game written as a package in a temporary folder,
with its rulebooks, words and spec beside its modules, joins the shelf by one entry of the
built-in list, and everything that walks "every game" (the registry, the CLI, the rules page,
the conformance kit, the test cases of the table's layout, keyboard play and the hidden-
information check, the type check) takes it in with no other edit.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop.games
import tabletop.registry
from tabletop.engine import check_game

ROOT = Path(__file__).resolve().parents[1]

FILES = {
    "__init__.py": '"""A toy game of keeps and swaps, as a plugin author writes one."""\n',
    "game.toml": """\
["toy-shelf"]
name = ["Shelf Keeps", "たなキープ"]
players = [2, 2]
rules_version = "1"
summary = ["Keep your card or swap it; the one nearer the die scores.",
           "カードをキープするか交換するか。ダイに近いほうが得点。"]
hidden_information = true
""",
    "spec.py": '''"""The toy's spec, from its game.toml."""
from tabletop.api import GameSpec

SPEC = GameSpec.from_file(__package__, "game.toml", "toy-shelf")
''',
    "model.py": '''"""The toy's rules: the keeps-and-swaps toy of the engine's tests."""
from tests.toygame import KeepsGame

from .spec import SPEC


class ShelfGame(KeepsGame):
    spec = SPEC
''',
    "view.py": '''"""The toy's view: the engine's default."""
from tabletop.api import GameView


class ShelfView(GameView):
    pass
''',
    "plugin.py": '''"""The toy's one line."""
from tabletop.api import package_plugin

from .spec import SPEC

PLUGIN = package_plugin(__package__, SPEC, game="model:ShelfGame", view="view:ShelfView")
''',
    "rules/en.md": "# Shelf Keeps\n\nKeep your card or swap it.\n",
    "rules/ja.md": "# たなキープ\n\nカードをキープするか交換します。\n",
}


@pytest.fixture
def toy_shelf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy's package written under ``tmp_path`` and importable, and its one line added to
    the built-in list: nothing else is touched."""
    package = tmp_path / "toyshelf"
    for name, text in FILES.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    line = "toyshelf.plugin:PLUGIN"
    monkeypatch.setattr(tabletop.games, "BUILTIN", (*tabletop.games.BUILTIN, line))
    monkeypatch.setattr(tabletop.registry, "BUILTIN", tabletop.games.BUILTIN)
    yield "toy-shelf"
    for name in [m for m in sys.modules if m == "toyshelf" or m.startswith("toyshelf.")]:
        del sys.modules[name]


def test_the_registry_lists_it_from_its_folder(toy_shelf: str) -> None:
    plugins, failures = tabletop.registry.load_plugins(include_entry_points=False)
    assert failures == []
    plugin = plugins[toy_shelf]
    assert (plugin.spec.name_en, plugin.spec.name_ja) == ("Shelf Keeps", "たなキープ")
    # Its rulebooks are its own folder's, with no entry naming them anywhere.
    folder = Path(sys.modules["toyshelf"].__file__ or "").parent
    assert plugin.rules == {"en": folder / "rules" / "en.md", "ja": folder / "rules" / "ja.md"}
    assert plugin.rules["ja"].read_text(encoding="utf-8").startswith("# たなキープ")


def test_the_command_line_lists_and_plays_it(toy_shelf: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop import cli

    assert cli.main(["list"]) == 0
    assert "toy-shelf" in capsys.readouterr().out
    assert cli.main(["simulate", toy_shelf, "--games", "2", "--agents", "random,random",
                     "--seed", "1"]) == 0
    assert "2 games" in capsys.readouterr().out


def test_the_conformance_kit_checks_it(toy_shelf: str) -> None:
    plugins, _ = tabletop.registry.load_plugins(include_entry_points=False)
    report = check_game(plugins[toy_shelf].game, seeds=range(4))
    assert report.games == 4 and report.resamples_differing > 0


def test_every_game_test_takes_it_in(toy_shelf: str) -> None:
    # The case lists of the tests that walk every game are made from the registry.
    from tests.app.test_keyboard_play import CASES as KEYBOARD
    from tests.app.test_keyboard_play import keyboard_cases
    from tests.app.test_layout_fit import layout_cases

    plugins, _ = tabletop.registry.load_plugins(include_entry_points=False)
    assert (toy_shelf, 2) in layout_cases(plugins)
    assert toy_shelf in {case.game for case in keyboard_cases(plugins, KEYBOARD)}
    # The hidden-information check parametrizes over the registry and asks that every entry
    # of the built-in list loads.
    assert len(plugins) == len(tabletop.games.BUILTIN)


def test_the_type_check_covers_every_game_folder() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        mypy = tomllib.load(f)["tool"]["mypy"]
    assert "tabletop/games" in mypy["files"]
    assert not [f for f in mypy["files"] if f.startswith("tabletop/games/")]


def test_no_game_is_registered_outside_its_folder_but_by_its_line() -> None:
    # No rulebook outside a game's folder, no game.toml naming its rules file.
    assert not (ROOT / "rules").exists()
    for toml in sorted((ROOT / "tabletop" / "games").glob("*/game.toml")):
        assert "rules_file" not in toml.read_text(encoding="utf-8"), toml
        assert (toml.parent / "rules" / "en.md").is_file()
        assert (toml.parent / "rules" / "ja.md").is_file()
