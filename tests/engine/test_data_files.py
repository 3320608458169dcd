"""A game's data files: the spec's table (``GameSpec.from_file``) and a catalogue's plain entries
(``words_file``) load as the code did before them, and a damaged file is refused with a message
that names the file and the entry."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from tabletop.engine import GameSpec, OptionSpec
from tabletop.registry import load_plugins
from tabletop.text import words_file


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """A package ``datagame`` whose folder is ``tmp_path``."""
    module = types.ModuleType("datagame")
    module.__file__ = str(tmp_path / "__init__.py")
    monkeypatch.setitem(sys.modules, "datagame", module)
    return "datagame", tmp_path


SPEC_TEXT = """
["data-game"]
name = ["Data Game", "データゲーム"]
players = [2, 5]
rules_version = "2"
summary = ["A game.", "ゲーム。"]
hidden_information = false
"""


def test_a_spec_table_gives_every_field(package: tuple[str, Path]) -> None:
    name, folder = package
    (folder / "game.toml").write_text(SPEC_TEXT, encoding="utf-8")
    option = OptionSpec("fast", "Fast", "速い", False)
    spec = GameSpec.from_file(name, "game.toml", "data-game", options=(option,),
                              extra={"x": 1})
    assert spec == GameSpec(id="data-game", name_en="Data Game", name_ja="データゲーム",
                            min_players=2, max_players=5, rules_version="2", options=(option,),
                            summary_en="A game.", summary_ja="ゲーム。",
                            has_hidden_information=False,
                            extra={"x": 1})


@pytest.mark.parametrize(("text", "says"), [
    ("[other]\nname = ['a', 'b']\n", "no table [data-game]"),
    ('["data-game"]\nname = "Data Game"\nplayers = [2, 4]\n', "name must be a pair of str"),
    ('["data-game"]\nname = ["a", "b"]\nplayers = [2]\n', "players must be a pair of int"),
    ('["data-game"]\nname = ["a", "b"]\nplayers = [true, 4]\n', "players must be a pair"),
    ('["data-game"]\nname = ["a", "b"]\nplayers = [2, 4]\nrules_version = 2\n',
     "rules_version and reading are text"),
    ('["data-game"]\nname = ["a", "b"]\nplayers = [2, 4]\nreading = ["び"]\n',
     "rules_version and reading are text"),
    ('["data-game"]\nname = ["a", "b"]\nplayers = [2, 4]\nrules_file = "x"\n',
     "has no entry rules_file"),
    ('["data-game"\nname = ', "game.toml"),
])
def test_a_damaged_spec_table_is_refused_with_its_place(package: tuple[str, Path], text: str,
                                                        says: str) -> None:
    name, folder = package
    (folder / "game.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"datagame/game\.toml") as caught:
        GameSpec.from_file(name, "game.toml", "data-game")
    assert says in str(caught.value)


def test_catalogue_entries_load_as_pairs(package: tuple[str, Path]) -> None:
    name, folder = package
    (folder / "words.toml").write_text(
        '"log.x" = ["{seat:player} waits.", "{seat:player}が待ちます。"]\n', encoding="utf-8")
    assert words_file(name, "words.toml") == {
        "log.x": ("{seat:player} waits.", "{seat:player}が待ちます。")}


@pytest.mark.parametrize("text", ['"log.x" = ["only English"]\n', '"log.x" = "text"\n',
                                  '"log.x" = ["a", 2]\n', '"log.x" = ["a", "b"'])
def test_a_damaged_catalogue_is_refused_with_its_place(package: tuple[str, Path],
                                                       text: str) -> None:
    name, folder = package
    (folder / "words.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"datagame/words\.toml"):
        words_file(name, "words.toml")


def test_without_a_package_the_loaders_say_so() -> None:
    with pytest.raises(ValueError, match="needs the package"):
        words_file(None, "words.toml")
    with pytest.raises(ValueError, match="needs the package"):
        GameSpec.from_file("no.such.package", "game.toml", "x")


def test_every_built_in_game_has_its_texts_in_both_languages() -> None:
    # The data files feed what the chooser shows: nothing may be left empty in either language.
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    for plugin in plugins.values():
        spec = plugin.spec
        assert spec.name_en and spec.name_ja and spec.summary_en and spec.summary_ja, spec.id
        assert all(path.is_file() for path in plugin.rules.values()), spec.id


def test_action_forms_parse_write_and_refuse() -> None:
    from tabletop.engine.actions import ActionForms

    forms = ActionForms({"pass": None, "play": lambda c: c.startswith("spy"),
                         "call": ("hacker", "forces")})
    assert forms.format("play", "spy3") == "play:spy3" and forms.format("pass") == "pass"
    assert forms.parse("call:hacker") == ("call", "hacker")
    assert forms.parse("pass") == ("pass", "")
    for bad in ("", "pass:x", "play:", "play:joker", "call:spy", "call: hacker", " pass",
                "stop", "play:spy3 ", ":"):
        assert forms.parse(bad) is None and not forms.is_well_formed(bad), bad
    with pytest.raises(ValueError, match="not an action"):
        forms.format("call", "joker")
    with pytest.raises(ValueError, match="without ':'"):
        ActionForms({"a:b": None})
