"""Pieces of the app on their own: command line, i18n, new-game dialog, summary, start-up cost."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from tabletop.app import i18n
from tabletop.app.display import NO_DISPLAY
from tabletop.app.main import main
from tabletop.app.newgame import GameSetup, NewGameDialog
from tabletop.app.summary import SummaryDialog, series_lines, series_owner
from tabletop.engine import GameSpec, InvalidOptionError, OptionSpec
from tests.toygame import ToyGame

ROOT = Path(__file__).resolve().parents[2]


def test_bad_language_exits_2_with_a_message(capsys) -> None:
    assert main(["--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "'fr'" in err


def test_unknown_game_exits_2_naming_the_known_ones(capsys) -> None:
    assert main(["--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "magos" in err


def test_unknown_option_exits_2(capsys) -> None:
    assert main(["--colour", "red"]) == 2
    assert "unrecognized arguments: --colour red" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland only")
def test_no_display_exits_2_with_a_message_instead_of_a_qt_abort(tmp_path: Path) -> None:
    # Qt's own answer is a core dump (status 134) after a list of platform plugins.
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["TABLETOP_DATA_DIR"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-m", "tabletop", "--lang", "en"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip() == NO_DISPLAY
    assert "--self-test" in out.stderr


def test_python_dash_m_tabletop_answers_version() -> None:
    out = subprocess.run([sys.executable, "-m", "tabletop", "--version"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("tabletop ")


def test_first_paint_probe_prints_the_time_and_quits(tmp_path: Path) -> None:
    # The start-up benchmark's probe: the app's real start, ended at the first paint.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_DATA_DIR=str(tmp_path))
    before = time.time()
    out = subprocess.run([sys.executable, "-m", "tabletop", "--first-paint-probe", "--lang",
                          "en"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    painted = float(out.stdout.strip().splitlines()[-1])
    assert before < painted < time.time()


def test_window_module_does_not_load_pyqtgraph() -> None:
    code = ("import sys, tabletop.app.window, tabletop.app.main\n"
            "print('pyqtgraph' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=60, check=True)
    assert out.stdout.strip() == "False"


def test_the_chooser_paints_before_any_match_part_or_rules_model_loads(tmp_path: Path) -> None:
    # The app's real start, ended at the first paint: only the chooser's parts are loaded.
    code = ("import sys\n"
            "from tabletop.app.main import main\n"
            "assert main(['--first-paint-probe', '--lang', 'en']) == 0\n"
            "print(' '.join(sorted(sys.modules)))\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_DATA_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60, check=True)
    loaded = set(out.stdout.split())  # the probe's time, then every module loaded
    assert "tabletop.app.window" in loaded and "tabletop.app.chooser" in loaded
    late = ("tabletop.table", "tabletop.app.controller", "tabletop.app.pages",
            "tabletop.app.newgame", "tabletop.app.summary", "tabletop.ai.worker", "pyqtgraph")
    assert [m for m in late if m in loaded] == []
    rules = [m for m in loaded if m.startswith("tabletop.games.")
             and m.rsplit(".", 1)[1] in ("model", "solo", "view", "solo_view", "campaign",
                                         "campaign_page")]
    assert rules == []


def test_every_string_has_both_languages_and_formats() -> None:
    for key in i18n.catalogue_keys():
        en, ja = i18n.tr(key, "en"), i18n.tr(key, "ja")
        assert en and ja, key
    assert i18n.tr("status.thinking", "en", player="Player 2 (AI)") == \
        "Player 2 (AI) is thinking…"
    assert i18n.tr("privacy.title", "ja", player="プレイヤー2") == "プレイヤー2に交代してください"
    assert i18n.tr("no.such.key", "en") == "no.such.key"
    assert i18n.player_name(1, "ja", ai=True) == "プレイヤー2（AI）"


class OptionToy(ToyGame):
    spec = GameSpec(
        id="opt", name_en="Options", name_ja="オプション", min_players=2, max_players=4,
        options=(
            OptionSpec("stones", "Stones", "石の数", 7, (5, 7, 9)),
            OptionSpec("fast", "Fast", "早い", False),
            OptionSpec("limit", "Limit", "上限", 30),
            OptionSpec("mode", "Mode", "モード", "first-game", ("first-game", "draft")),
        ),
        extra={"choice_labels": {"mode": {"draft": {"en": "Draft", "ja": "ドラフト"}}}},
    )


def test_new_game_dialog_defaults_and_widgets(qtbot) -> None:
    dialog = NewGameDialog(OptionToy.spec, "en")
    qtbot.addWidget(dialog)
    assert dialog.players_spin.minimum() == 2 and dialog.players_spin.maximum() == 4
    w = dialog.option_widgets
    assert isinstance(w["stones"], QComboBox) and isinstance(w["fast"], QCheckBox)
    assert isinstance(w["limit"], QSpinBox) and isinstance(w["mode"], QComboBox)
    mode = w["mode"]
    assert isinstance(mode, QComboBox)
    assert [mode.itemText(i) for i in range(mode.count())] == ["First game", "Draft"]
    setup = dialog.setup()
    assert setup.players == 2 and setup.seats == ["human", "normal"]
    assert setup.options == {"stones": 7, "fast": False, "limit": 30, "mode": "first-game"}
    assert not setup.fixed_seed and setup.seed > 0


def test_new_game_dialog_reads_changes(qtbot) -> None:
    dialog = NewGameDialog(OptionToy.spec, "ja")
    qtbot.addWidget(dialog)
    mode = dialog.option_widgets["mode"]
    assert isinstance(mode, QComboBox) and mode.itemText(1) == "ドラフト"
    dialog.players_spin.setValue(3)
    dialog.set_seat(1, "hard")
    dialog.set_seat(2, "human")
    fast = dialog.option_widgets["fast"]
    assert isinstance(fast, QCheckBox)
    fast.setChecked(True)
    mode.setCurrentIndex(1)
    dialog.seed_edit.setText("1234")
    setup = dialog.setup()
    assert setup.seats == ["human", "hard", "human"] and setup.players == 3
    assert setup.options["fast"] is True and setup.options["mode"] == "draft"
    assert setup.seed == 1234 and setup.fixed_seed
    assert setup.human_seats == [0, 2]
    assert setup.again().seed == 1234  # a typed seed replays the same match


def test_new_game_dialog_offers_expert_and_says_how_long_it_thinks(qtbot) -> None:
    dialog = NewGameDialog(OptionToy.spec, "ja")
    qtbot.addWidget(dialog)
    combo = dialog.seat_combos[1]
    items = [combo.itemData(i) for i in range(combo.count())]
    assert items == ["human", "easy", "normal", "hard", "expert"]
    at = items.index("expert")
    assert combo.itemText(at) == "コンピューター（最強）"
    assert "3秒" in combo.itemData(at, Qt.ItemDataRole.ToolTipRole)
    dialog.set_seat(1, "expert")
    assert dialog.setup().seats == ["human", "expert"]


def test_new_game_dialog_starts_from_the_previous_setup(qtbot) -> None:
    previous = GameSetup("opt", 3, ["hard", "human", "easy"], {"stones": 9}, seed=5)
    dialog = NewGameDialog(OptionToy.spec, "en", previous)
    qtbot.addWidget(dialog)
    setup = dialog.setup()
    assert setup.seats == ["hard", "human", "easy"] and setup.options["stones"] == 9
    assert setup.seed != 5  # the seed was random, so it is drawn again


def test_game_setup_checks_its_seats() -> None:
    with pytest.raises(ValueError, match="2 players need 2 seats"):
        GameSetup("toy", 2, ["human"])
    with pytest.raises(InvalidOptionError):
        OptionToy.spec.resolve_options({"stones": 8})


def test_series_are_coloured_by_player_and_drawn(qtbot) -> None:
    assert series_owner("P2 HP", ["Player 1", "Player 2"]) == 1
    assert series_owner("プレイヤー1 マナ", ["プレイヤー1", "プレイヤー2"]) == 0
    assert series_owner("Round", ["Player 1", "Player 2"]) is None
    samples = [(0, {"P1 HP": 15.0, "P2 HP": 15.0}), (1, {"P1 HP": 12.0, "P2 HP": 15.0})]
    assert series_lines(samples) == {"P1 HP": ([0.0, 1.0], [15.0, 12.0]),
                                     "P2 HP": ([0.0, 1.0], [15.0, 15.0])}
    dialog = SummaryDialog("Magos", "Player 1 wins.", samples, ["Player 1", "Player 2"], "en")
    qtbot.addWidget(dialog)
    assert dialog.plot is not None
    curves = dialog.plot.getPlotItem().listDataItems()
    assert [c.name() for c in curves] == ["P1 HP", "P2 HP"]
    assert curves[0].opts["pen"].color().name() != curves[1].opts["pen"].color().name()
    fired: list[str] = []
    dialog.play_again.connect(lambda: fired.append("again"))
    dialog.back_to_chooser.connect(lambda: fired.append("chooser"))
    dialog.again_button.click()
    dialog.chooser_button.click()
    assert fired == ["again", "chooser"]


def test_summary_without_series_says_so(qtbot) -> None:
    dialog = SummaryDialog("Stones", "Draw.", [(0, {}), (1, {})], ["A", "B"], "ja")
    qtbot.addWidget(dialog)
    assert dialog.plot is None


def test_app_icon_renders(qtbot) -> None:
    from tabletop.app.icon import app_icon, draw_app_icon

    assert not app_icon().pixmap(32, 32).isNull()
    painted = draw_app_icon(64).toImage()
    assert painted.pixelColor(32, 4).name() == "#23573b"  # the felt reaches the top edge
    assert painted.pixelColor(0, 0).alpha() == 0  # rounded corners stay transparent
