"""The window over games listed before they load: the app's start paints the chooser with no
game's code imported, a game's code is imported when it is played, and the rest is imported
after the first paint, where a game whose code fails leaves the chooser for its failures."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

import tabletop.registry
from tabletop.app.newgame import GameSetup
from tabletop.games import BUILTIN
from tabletop.registry import ListedPlugin, load_plugins
from tests.test_registry_listed import AddGame, game_adder, package_modules

ROOT = Path(__file__).resolve().parents[2]

# The app's real start; at its first paint, the game modules imported and the chooser's cards
# and failures; then, once the window has imported every listed game's code, the modules again.
START = """\
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
import tabletop.app.main as main
from tabletop.registry import ListedPlugin

def games():
    return sorted(m for m in sys.modules if m.startswith("tabletop.games."))

def probe(window):
    def wait():
        if any(isinstance(p, ListedPlugin) for p in window.plugins.values()):
            QTimer.singleShot(1, wait)
        else:
            print(len(window.plugins), len(window.failures), " ".join(games()))
            QApplication.quit()

    class Probe(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                obj.removeEventFilter(self)
                print(len(window.chooser.game_cards), len(window.chooser.failure_labels),
                      games())
                QTimer.singleShot(0, wait)
            return False

    window.probe = Probe(window)
    window.installEventFilter(window.probe)

main._install_first_paint_probe = probe
sys.exit(main.main(["--first-paint-probe", "--lang", "en"]))
"""


def test_the_start_paints_every_game_before_any_game_module_loads(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_DATA_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    painted, loaded = out.stdout.splitlines()
    assert painted == f"{len(BUILTIN)} 0 []"
    count, failed, modules = loaded.split(" ", 2)
    assert (int(count), int(failed)) == (len(BUILTIN), 0)
    # After the first paint each game's plugin and spec modules were imported; no rules yet.
    assert "tabletop.games.magos.plugin" in modules.split()
    assert "tabletop.games.national_economy.spec" in modules.split()
    assert not [m for m in modules.split() if m.endswith((".model", ".view"))]


@pytest.fixture
def add_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AddGame]:
    monkeypatch.setattr(tabletop.registry, "BUILTIN", ())  # the toy games alone
    yield from game_adder(tmp_path, monkeypatch)


def listed(add_game: AddGame, **replaced: str) -> tuple[str, dict[str, object]]:
    ref = add_game("windowed", **replaced)
    plugins, failures = load_plugins(include_entry_points=False, defer=True)
    assert failures == [] and isinstance(plugins["toy-shelf"], ListedPlugin)
    return ref, plugins


def test_a_game_is_imported_when_it_is_played(make_window, add_game: AddGame,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    ref, plugins = listed(add_game)
    window = make_window(plugins)
    assert "toy-shelf" in window.chooser.game_cards and package_modules(ref) == []
    opened: list[str] = []
    monkeypatch.setattr(window, "open_new_game", opened.append)  # not the modal dialog
    play = window.chooser.findChild(QPushButton, "play-toy-shelf")
    play.click()
    # Its code was imported for the new-game dialog, and stands in the window for its listing.
    assert opened == ["toy-shelf"]
    assert window.plugins["toy-shelf"] is sys.modules[ref.partition(":")[0]].PLUGIN


def test_a_broken_game_is_reported_after_the_first_paint(make_window, qtbot,
                                                         add_game: AddGame) -> None:
    ref, plugins = listed(add_game, **{"plugin.py": "raise ImportError('no dice today')\n"})
    window = make_window(plugins)
    assert "toy-shelf" in window.chooser.game_cards and window.chooser.failure_labels == []
    # Listed, the game is on the chooser at once; its code is imported in idle time after the
    # first paint, and fails there as it would have at start.
    qtbot.waitUntil(lambda: window.chooser.failure_labels != [], timeout=10_000)
    [label] = window.chooser.failure_labels
    assert ref in label.text() and "ImportError: no dice today" in label.text()
    assert window.chooser.game_cards == {} and window.plugins == {}
    assert [(f.source, f.message) for f in window.failures] == \
        [(ref, "ImportError: no dice today")]
    none = [w.text() for w in window.chooser.findChildren(QLabel)
            if w.objectName() == "chooserNone"]
    assert none != []


def test_a_broken_game_played_before_its_code_loads_is_reported(make_window,
                                                                add_game: AddGame) -> None:
    ref, plugins = listed(add_game, **{"plugin.py": "import sys\nsys.exit(2)\n"})
    window = make_window(plugins)
    assert window.start_game(GameSetup("toy-shelf", 2, ["random", "random"], {})) is None
    assert window.controller is None and window.stack.currentWidget() is window.chooser
    [label] = window.chooser.failure_labels
    assert ref in label.text() and "it called sys.exit(2) while loading" in label.text()
    assert not window.game_ready("toy-shelf")


def test_the_names_of_a_broken_game_read_its_listing_before_its_code_loads(
        make_window, add_game: AddGame) -> None:
    # Statistics (and the resume offer, a page's title) name every game: they read the name
    # from the listing, so a game whose code fails does not break them in the moment between
    # the first paint and its import.
    _ref, plugins = listed(add_game, **{"plugin.py": "raise ImportError('no dice today')\n"})
    window = make_window(plugins)
    assert isinstance(window.plugins["toy-shelf"], ListedPlugin)
    window.menus.show_statistics()
    combo = window.menus.stats_window.game_combo
    assert "Shelf Keeps" in [combo.itemText(i) for i in range(combo.count())]
    # Naming it imported nothing: it is still the listing, its code still to load.
    assert isinstance(window.plugins["toy-shelf"], ListedPlugin)
