"""Games listed before they load: ``load_plugins(defer=True)`` lists each built-in game from its
folder's ``game.toml`` without importing any module of it, imports a game's code the first time
more than its listing is asked for, and still reports a damaged ``game.toml`` at once and code
that fails when it is imported, in the words of a failure at start."""

from __future__ import annotations

import dataclasses
import importlib
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import tabletop.registry
from tabletop.api import GamePlugin
from tabletop.engine import GameError
from tabletop.engine.savefile import find_game
from tabletop.games import BUILTIN
from tabletop.registry import ListedPlugin, listing, load_listed, load_plugins
from tests.test_one_folder import FILES

ROOT = Path(__file__).resolve().parents[1]

#: Writes a toy game package (``FILES`` of the one-folder test, with some files replaced) and
#: adds its line to the built-in list; returns the line.
AddGame = Callable[..., str]


def game_adder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AddGame]:
    """The body of an ``add_game`` fixture: toy game packages under ``tmp_path``, importable,
    each added to the built-in list; their modules are forgotten afterwards."""
    made: list[str] = []

    def add(name: str, attr: str = "PLUGIN", **replaced: str | None) -> str:
        # A name of its own for each package: an imported module stays in sys.modules.
        package = f"{name}_{abs(hash(str(tmp_path))):x}"
        for file, text in {**FILES, **replaced}.items():
            path = tmp_path / package / file
            path.parent.mkdir(parents=True, exist_ok=True)
            if text is not None:
                path.write_text(text, encoding="utf-8")
        made.append(package)
        ref = f"{package}.plugin:{attr}"
        monkeypatch.setattr(tabletop.registry, "BUILTIN", (*tabletop.registry.BUILTIN, ref))
        return ref

    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield add
    for module in [m for m in sys.modules if m.split(".")[0] in made]:
        del sys.modules[module]


@pytest.fixture
def add_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AddGame]:
    yield from game_adder(tmp_path, monkeypatch)


def package_modules(ref: str) -> list[str]:
    package = ref.split(".")[0]
    return sorted(m for m in sys.modules if m == package or m.startswith(package + "."))


def test_the_game_list_imports_no_game_module() -> None:
    code = ("import sys\n"
            "from tabletop.registry import load_plugins\n"
            "plugins, failures = load_plugins(include_entry_points=False, defer=True)\n"
            "assert not failures, failures\n"
            "print(len(plugins), sorted(m for m in sys.modules if m.startswith("
            "'tabletop.games.')))\n"
            "print(plugins['magos'].spec.options[0].key, 'tabletop.games.magos.spec' in "
            "sys.modules, 'tabletop.games.national_economy.spec' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=60, check=True).stdout
    listed, opened = out.splitlines()
    assert listed == f"{len(BUILTIN)} []"
    # Asking for the options imports that game's code, and only that game's.
    assert opened == "setup True False"


def test_each_built_in_listing_is_its_spec_without_options() -> None:
    # game.toml names the plugin a table lists (its `plugin` entry), so it must be that
    # plugin's own game: the same id, names, players and summary as the spec its code gives.
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    for ref in BUILTIN:
        listed = listing(ref)
        assert listed is not None, ref
        spec = plugins[listed.id].spec
        assert listed == dataclasses.replace(spec, options=(), extra={}), ref


def test_a_listed_game_loads_its_code_on_first_use(add_game: AddGame) -> None:
    ref = add_game("shelf")
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    assert failures == []
    plugin = plugins["toy-shelf"]
    assert isinstance(plugin, ListedPlugin) and not plugin.imported
    assert plugin.listing.name_en == "Shelf Keeps" and package_modules(ref) == []
    assert not plugin.loaded
    rules = plugin.rules  # anything but the listing imports the plugin module, not the rules
    assert rules["en"].name == "en.md" and plugin.imported and not plugin.loaded
    assert f"{ref.split('.')[0]}.model" not in sys.modules
    assert plugin.game.spec is plugin.spec and plugin.loaded
    # Loaded, the listed game gives way to the plugin its module gives.
    assert load_listed(plugins) == []
    assert type(plugins["toy-shelf"]) is GamePlugin
    assert plugins["toy-shelf"] is sys.modules[ref.partition(":")[0]].PLUGIN


def test_without_defer_every_game_is_imported_as_before(add_game: AddGame) -> None:
    ref = add_game("eager")
    plugins, _ = load_plugins(include_entry_points=False)
    assert type(plugins["toy-shelf"]) is GamePlugin and package_modules(ref) != []


BROKEN_MODULES = {
    "raises": ("raise ImportError('a dependency is missing')\n",
               "ImportError: a dependency is missing"),
    "exits": ("import sys\nsys.exit(3)\n", "it called sys.exit(3) while loading"),
    "not_a_plugin": ("PLUGIN = 42\n", "does not provide a GamePlugin object"),
    "other_game": (FILES["plugin.py"].replace(
        'from .spec import SPEC', 'from tabletop.api import GameSpec\n'
        'SPEC = GameSpec.from_file(__package__, "other.toml", "toy-other")'),
        "its game.toml lists 'toy-shelf' for it, but its spec is 'toy-other'"),
}


@pytest.mark.parametrize("kind", list(BROKEN_MODULES))
def test_code_that_fails_is_reported_when_it_is_imported(add_game: AddGame, kind: str) -> None:
    module, message = BROKEN_MODULES[kind]
    other = FILES["game.toml"].replace('["toy-shelf"]', '["toy-other"]')
    ref = add_game(kind, **{"plugin.py": module, "other.toml": other})
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    assert failures == [] and isinstance(plugins["toy-shelf"], ListedPlugin)
    plugin = plugins["toy-shelf"]
    assert [(f.source, f.message) for f in load_listed(plugins)] == [(ref, message)]
    assert "toy-shelf" not in plugins
    # Reached for again, the game fails as a game whose rules do not load: a save of it is a
    # save of a game that is not installed.
    with pytest.raises(GameError, match="Shelf Keeps could not be loaded"):
        _ = plugin.spec
    assert find_game({"toy-shelf": plugin}, "toy-shelf") is None
    # Loaded at once, it is the failure it always was (a plugin of another game is that
    # game: nothing is listed before its code is imported).
    eager, failures = load_plugins(include_entry_points=False)
    assert "toy-shelf" not in eager
    if kind == "other_game":
        assert failures == [] and "toy-other" in eager
    else:
        assert [(f.source, f.message) for f in failures] == [(ref, message)]


GOOD_TABLE = FILES["game.toml"]


@pytest.mark.parametrize(("toml", "says"), [
    ('["toy-shelf"]\nname = ["Shelf Keeps", "たなキープ"]\nplayers = [2]\n',
     "[toy-shelf] players must be a pair of int"),
    ('["toy-shelf"\nname = ', "game.toml: "),
    # An error after an option table, which the listing does not read, names its line in the
    # whole file.
    ('["toy-shelf option x"]\nname = ["a", "b"]\n\n["toy-shelf"]\nname = ["S", "た"]\n'
     'players = [2, 2] 3\n', "line 6"),
])
def test_a_damaged_game_toml_is_reported_at_once(add_game: AddGame, toml: str,
                                                 says: str) -> None:
    ref = add_game("damaged", **{"game.toml": toml})
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    [failure] = failures
    assert failure.source == ref and says in failure.message
    assert failure.message.startswith("ValueError: ")
    assert "toy-shelf" not in plugins and package_modules(ref) == []
    # In the words the game's spec module gives when it is imported.
    assert load_plugins(include_entry_points=False)[1] == failures


def test_damaged_option_words_are_reported_when_the_code_loads(add_game: AddGame) -> None:
    # The chooser shows no option: their tables are read, and checked, with the spec.
    ref = add_game("options", **{"game.toml": GOOD_TABLE + '\n["toy-shelf option x"]\nname = [\n'})
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    assert failures == [] and isinstance(plugins["toy-shelf"], ListedPlugin)
    [failure] = load_listed(plugins)
    assert failure == load_plugins(include_entry_points=False)[1][0]
    assert failure.source == ref and failure.message.startswith("ValueError: ")
    assert "game.toml" in failure.message


def test_a_game_toml_that_does_not_list_the_plugin_has_it_imported(add_game: AddGame) -> None:
    # Two game tables, neither naming its plugin: which one PLUGIN carries is for its code.
    two = FILES["game.toml"] + FILES["game.toml"].replace('["toy-shelf"]', '["toy-two"]')
    ref = add_game("two_games", **{"game.toml": two})
    assert listing(ref) is None
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    assert failures == [] and type(plugins["toy-shelf"]) is GamePlugin
    # And a package without game.toml, its spec built in code, loads as before.
    spec_in_code = FILES["spec.py"].replace(
        'SPEC = GameSpec.from_file(__package__, "game.toml", "toy-shelf")',
        'SPEC = GameSpec(id="toy-code", name_en="Code", name_ja="コード", min_players=2, '
        'max_players=2)')
    ref = add_game("spec_in_code", **{"game.toml": None, "spec.py": spec_in_code})
    assert listing(ref) is None
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    assert failures == [] and type(plugins["toy-code"]) is GamePlugin


def test_the_second_plugin_of_a_folder_is_listed_by_its_table(add_game: AddGame) -> None:
    solo = FILES["game.toml"] + (
        '\n["toy-solo"]\nplugin = "SOLO_PLUGIN"\nname = ["Shelf Solo", "たなソロ"]\n'
        'players = [1, 1]\n')
    plugin_py = FILES["plugin.py"] + (
        'from tabletop.api import GameSpec\n'
        'SOLO_PLUGIN = package_plugin(__package__, GameSpec.from_file(__package__, '
        '"game.toml", "toy-solo"), game="model:ShelfGame", view="view:ShelfView")\n')
    ref = add_game("solo", "SOLO_PLUGIN", **{"game.toml": solo, "plugin.py": plugin_py})
    first = ref.replace(":SOLO_PLUGIN", ":PLUGIN")
    listed_solo, listed_first = listing(ref), listing(first)
    assert listed_solo is not None and listed_first is not None
    assert (listed_solo.id, listed_solo.min_players, listed_first.id) == \
        ("toy-solo", 1, "toy-shelf")
