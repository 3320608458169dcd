"""Plugin discovery: third-party games in the ``tabletop.games`` entry-point group are found,
whether their metadata sits in a folder or a zip archive on ``sys.path``, and the costly
``importlib.metadata`` lookup is skipped only when nothing installed mentions the group."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tabletop.games import BUILTIN
from tabletop.registry import load_plugins, may_declare_entry_points
from tests.hostile.harness import install_plugins

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_MODULE = (
    "from tests.toygame import ToyGame, ToyView\n"
    "from tabletop.api import GamePlugin\n"
    "PLUGIN = GamePlugin(ToyGame(), ToyView, {})\n"
    "NOT_A_PLUGIN = 42\n"
)
ENTRY_POINTS = (
    "[console_scripts]\n"
    "fake = fake:main\n"
    "\n"
    "[tabletop.games]\n"
    "toy-stones = {module}:PLUGIN\n"
    "broken = {module}:NOT_A_PLUGIN\n"
)


def fresh_python(code: str) -> str:
    """What ``code`` prints, run in a new interpreter (nothing imported yet) at the root."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, check=True).stdout


def _install_folder(site: Path, module: str) -> None:
    (site / f"{module}.py").write_text(PLUGIN_MODULE, encoding="utf-8")
    meta = site / f"{module}-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n",
                                   encoding="utf-8")
    (meta / "entry_points.txt").write_text(ENTRY_POINTS.format(module=module),
                                           encoding="utf-8")


def test_a_game_installed_in_a_folder_is_found(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _install_folder(tmp_path, "stones_plugin_dir")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert may_declare_entry_points()
    plugins, failures = load_plugins()
    assert plugins["toy"].game.spec.id == "toy"
    assert "magos" in plugins  # the built-in games are still there
    [bad] = [f for f in failures if f.source.startswith("broken")]
    assert "does not provide a GamePlugin" in bad.message


def test_a_game_installed_in_a_zip_archive_is_found(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    module = "stones_plugin_zip"
    archive = tmp_path / "stones.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(f"{module}.py", PLUGIN_MODULE)
        z.writestr(f"{module}-1.0.dist-info/METADATA",
                   f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
        z.writestr(f"{module}-1.0.dist-info/entry_points.txt", ENTRY_POINTS.format(module=module))
    monkeypatch.syspath_prepend(str(archive))
    assert may_declare_entry_points()
    plugins, _ = load_plugins()
    assert "toy" in plugins


def test_metadata_without_the_group_does_not_count(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    meta = tmp_path / "other-1.0.dist-info"
    meta.mkdir()
    (meta / "entry_points.txt").write_text("[console_scripts]\nother = other:main\n",
                                           encoding="utf-8")
    (tmp_path / "not-an-archive.zip").write_text("plain text", encoding="utf-8")
    before = may_declare_entry_points()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(tmp_path / "not-an-archive.zip"))
    monkeypatch.syspath_prepend(str(tmp_path / "missing"))
    assert may_declare_entry_points() == before
    assert may_declare_entry_points("console_scripts")


def test_the_full_lookup_is_imported_only_when_needed() -> None:
    code = ("import sys\n"
            "from tabletop.registry import load_plugins, may_declare_entry_points\n"
            "plugins, _ = load_plugins()\n"
            "print(may_declare_entry_points(), 'importlib.metadata' in sys.modules,"
            " 'magos' in plugins)\n")
    declared, imported, magos = fresh_python(code).split()
    assert imported == declared and magos == "True"


def test_listing_the_games_loads_no_rules() -> None:
    # The chooser, `tabletop-cli list` and the registry read each game's spec; the rules
    # models load when a game starts.
    code = ("import sys\n"
            "from tabletop.registry import load_plugins\n"
            "plugins, failures = load_plugins(include_entry_points=False)\n"
            "assert not failures, failures\n"
            "rules = [m for m in sys.modules if m.startswith('tabletop.games.') and\n"
            "         m.rsplit('.', 1)[1] in ('model', 'solo', 'view', 'solo_view')]\n"
            "print(len(plugins), rules, all(not p.loaded for p in plugins.values()))\n"
            "game = plugins['national-economy'].game\n"
            "print('tabletop.games.national_economy.model' in sys.modules,"
            " plugins['national-economy'].loaded, game is plugins['national-economy'].game)\n")
    listed, after = fresh_python(code).splitlines()
    assert listed == f"{len(BUILTIN)} [] True"  # every built-in game, no rules model loaded
    assert after == "True True True"


def test_every_built_in_spec_is_its_rules_models_spec() -> None:
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    for gid, plugin in plugins.items():
        spec = plugin.spec
        assert plugin.game.spec is spec and spec.id == gid


def test_a_lazy_plugin_checks_what_it_loads() -> None:
    from tabletop.api import GamePlugin
    from tabletop.engine import GameError, GameSpec
    from tests.toygame import ToyGame, ToyView

    calls: list[int] = []

    def load() -> ToyGame:
        calls.append(1)
        return ToyGame()

    plugin = GamePlugin(spec=ToyGame.spec, load=load, view=ToyView, rules={})
    assert plugin.spec is ToyGame.spec and not plugin.loaded and calls == []
    assert plugin.game is plugin.game and calls == [1] and plugin.loaded
    other = GameSpec(id="other", name_en="Other", name_ja="他", min_players=2, max_players=2,
                     rules_version="1")
    wrong = GamePlugin(spec=other, load=ToyGame, view=ToyView, rules={})
    with pytest.raises(GameError, match="loaded the rules of"):
        _ = wrong.game
    with pytest.raises(TypeError, match="a spec and a load function"):
        GamePlugin(spec=other, view=ToyView, rules={})
    with pytest.raises(TypeError, match="a view and its rulebooks"):
        GamePlugin(ToyGame())




def test_a_frozen_app_looks_for_no_installed_game_packages(monkeypatch) -> None:
    # A finder that could list distributions makes the scan answer yes...
    class Finder:
        @staticmethod
        def find_distributions(*args: object, **kwargs: object) -> list[object]:
            return []

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    assert may_declare_entry_points()
    # ...but a PyInstaller bundle's path is its own archive and folder, where nothing can be
    # installed.
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert not may_declare_entry_points()


def test_a_plugin_may_bring_a_front_page_built_only_when_asked() -> None:
    from tabletop.api import GamePlugin
    from tests.toygame import ToyGame, ToyView

    built: list[object] = []

    def page(host: object) -> object:
        built.append(host)
        return object()

    assert GamePlugin(ToyGame(), ToyView, {}).page is None
    plugin = GamePlugin(ToyGame(), ToyView, {}, page=page)  # type: ignore[arg-type]
    assert plugin.page is page and built == []


def test_a_plugin_that_exits_raises_or_has_a_broken_spec_is_a_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    install_plugins(site, ["exits", "exits_quietly", "raises", "spec_fails",
                           "spec_not_a_spec", "rules_fail"])
    monkeypatch.syspath_prepend(str(site))
    plugins, failures = load_plugins()
    messages = {f.source.split(" ")[0]: f.message for f in failures}
    assert messages == {
        "exits": "it called sys.exit(3) while loading",
        "exits-quietly": "it called sys.exit(None) while loading",
        "raises": "ImportError: a dependency is missing",
        "spec-fails": "its spec cannot be read: RuntimeError: no spec today",
        "spec-not-a-spec": "its spec is not a GameSpec",
    }
    # The rest load as before: a plugin whose rules fail loads its spec, and fails on use.
    assert "magos" in plugins and "broken-rules" in plugins and "toy" not in plugins


def test_a_plugin_whose_rules_exit_is_a_game_error() -> None:
    from tabletop.api import GamePlugin
    from tabletop.engine import GameError
    from tests.toygame import ToyGame, ToyView

    def load() -> ToyGame:
        raise SystemExit(4)

    plugin = GamePlugin(spec=ToyGame.spec, load=load, view=ToyView, rules={})
    with pytest.raises(GameError, match=r"could not be loaded: it called sys\.exit\(4\)"):
        _ = plugin.game
