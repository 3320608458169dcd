"""The app with the real Magos plugin: a full AI match, a human turn, and the hot-seat barrier."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from tabletop.app.controller import TURN
from tabletop.app.newgame import GameSetup, NewGameDialog
from tabletop.registry import load_plugins

plugins, _failures = load_plugins(include_entry_points=False)
pytestmark = pytest.mark.skipif("magos" not in plugins, reason="Magos did not load")


def test_chooser_lists_magos_from_the_registry(qtbot, settings: QSettings) -> None:
    from tabletop.app.window import MainWindow

    window = MainWindow(lang="ja", settings=settings, ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    assert "magos" in window.chooser.game_cards
    window.close()


def test_magos_ai_match_plays_to_the_summary(make_window, qtbot) -> None:
    window = make_window({"magos": plugins["magos"]})
    c = window.start_game(GameSetup("magos", 2, ["random", "easy"], {}, seed=11))
    assert c is not None
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=120_000)
    assert c.session.is_terminal()
    dialog = window.ending.summary_dialog
    assert dialog.text.text() == c.speaker.say(c.view.summary(c.session.observation(None)),
                                               "en")
    assert dialog.text.text()  # Magos always explains the result
    # The chart has one line per series, one point per round of turns, up to the last.
    assert set(dialog.lines) == {"P1 HP", "P1 mana", "P2 HP", "P2 mana"}
    xs, ys = dialog.lines["P1 HP"]
    final = c.session.observation(None)
    assert xs == [float(x) for x in range(int(xs[0]), int(xs[-1]) + 1)] and xs[0] <= 1
    assert xs[-1] == max(int(p["turns"]) for p in final["players"])
    assert min(ys) >= 0 and max(ys) <= 15  # HP after each round, never above the start


def test_magos_human_turn_offers_gestures_and_end_button(make_window, qtbot) -> None:
    window = make_window({"magos": plugins["magos"]})
    c = window.start_game(GameSetup("magos", 2, ["human", "random"], {}, seed=2))
    assert c is not None
    qtbot.waitUntil(c.is_human_turn, timeout=30_000)  # the AI may start
    assert c.session.legal_actions()[-1] == "end" or "end" in c.session.legal_actions()
    assert window.table_page.status_kind == TURN and window.table_page.status.text()
    legal = set(c.session.legal_actions())
    on_table = {g.action for g in window.table.gestures()}
    buttons = {b.property("action") for b in window.table_page.game_buttons}
    assert on_table | buttons == legal
    assert "end" in buttons


def test_magos_hot_seat_draft_hides_the_other_hand(make_window, qtbot) -> None:
    window = make_window({"magos": plugins["magos"]})
    c = window.start_game(GameSetup("magos", 2, ["human", "human"], {"setup": "draft"}, seed=4))
    assert c is not None
    first = c.awaiting_privacy
    assert first is not None and window.stack.currentWidget() is window.privacy_page
    assert window.table.scene().items() == []
    window.privacy_page.button.click()
    for _ in range(5):
        c.submit_human(c.session.legal_actions()[0])
    assert c.awaiting_privacy == 1 - first
    assert window.table.scene().items() == []
    assert window.table_page.log.toPlainText() == ""
    window.privacy_page.button.click()
    # The second player's log holds exactly the events their seat may read: their own deal,
    # and of the first player's draft only how many spells were kept.
    second = 1 - first
    assert any(not e.visible_to(second) for e in c.session.events_for(first))
    log = window.table_page.log.toPlainText().splitlines()
    assert log == [c.speaker.say(e, "en") for e in c.session.events_for(second) if e.logged]
    # Undo cannot reach into the first player's secret draft, nor name what they kept.
    window.undo()
    assert len(c.moves()) == 5
    assert "keep" not in window.table_page.status.text().lower()


def test_new_game_dialog_reads_magos_options(qtbot) -> None:
    spec = plugins["magos"].game.spec
    dialog = NewGameDialog(spec, "ja")
    qtbot.addWidget(dialog)
    assert not dialog.players_spin.isEnabled()  # Magos is for exactly two
    setup = dialog.setup()
    assert setup.seats == ["human", "normal"]
    assert setup.options == spec.resolve_options({})
    assert not setup.fixed_seed


def test_the_game_list_is_in_reading_order_in_japanese(qtbot, settings: QSettings) -> None:
    from tabletop.app.i18n import sort_key
    from tabletop.app.window import MainWindow

    window = MainWindow(lang="ja", settings=settings, ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    shown = [plugins[g].spec.name_ja for g in window.chooser.game_cards]
    # Kanji and Latin names go where their reading puts them (埋蔵金: まいぞうきん, before
    # マゴス), and katakana names among the hiragana ones, not after all of them.
    assert shown.index("埋蔵金") < shown.index("マゴス") < shown.index("ミスター・スニーキー")
    assert shown.index("スパイマスター") < shown.index("Not My Fault!") < shown.index("ぷにもにょ")
    assert shown == sorted(shown, key=lambda n: next(
        sort_key(p.spec, "ja") for p in plugins.values() if p.spec.name_ja == n))
    window.set_language("en")
    english = [plugins[g].spec.name_en for g in window.chooser.game_cards]
    assert english == sorted(english, key=str.casefold)
    window.close()


def test_the_new_game_dialogs_choices_read_in_japanese(qtbot) -> None:
    from PySide6.QtWidgets import QComboBox

    from tabletop.app.newgame import GameSetup

    def texts(combo: QComboBox) -> list[str]:
        return [combo.itemText(i) for i in range(combo.count())]

    duel = NewGameDialog(plugins["magos"].game.spec, "ja")
    qtbot.addWidget(duel)
    setup_box = duel.option_widgets["setup"]
    assert isinstance(setup_box, QComboBox)
    assert texts(setup_box) == ["初めての対戦（基本の5呪文）", "ドラフト（配られた10枚から5枚）"]
    assert "first-game" not in setup_box.toolTip() and "初めての対戦" in setup_box.toolTip()
    solo_spec = plugins["magos-solo"].game.spec
    solo = NewGameDialog(solo_spec, "ja")
    qtbot.addWidget(solo)
    enemy, dice = solo.option_widgets["enemy"], solo.option_widgets["dice"]
    assert isinstance(enemy, QComboBox) and isinstance(dice, QComboBox)
    assert texts(enemy)[0] == "a-1 訓練ダミー" and texts(dice)[0] == "パッチv1.1（固定の出目）"
    assert all(not any(c.isascii() and c.isalpha() for c in t.removeprefix("a-"))
               for t in texts(enemy))
    # The campaign's carried-over spells are set by its page, never asked as a blank field;
    # repeating a campaign set-up keeps them.
    assert "hand" not in solo.option_widgets
    assert solo.setup().options["hand"] == ""
    kept = GameSetup("magos-solo", 1, ["human"], solo_spec.resolve_options(
        {"hand": "harmony,pain,fireball,resonance,healing"}), 3, True)
    again = NewGameDialog(solo_spec, "en", kept)
    qtbot.addWidget(again)
    assert again.setup().options["hand"] == "harmony,pain,fireball,resonance,healing"
