"""The main window over the toy game: chooser, matches, privacy screen, undo, language."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton

from tabletop.api import GamePlugin
from tabletop.app.controller import THINKING, TURN, WARNING
from tabletop.app.newgame import GameSetup
from tabletop.engine import GameSpec
from tabletop.engine.layout import Gesture
from tabletop.registry import LoadFailure
from tests.toygame import TOY_WORDS, ToyGame, ToyView


def test_window_opens_on_the_chooser_listing_games_and_failures(make_window) -> None:
    failure = LoadFailure("broken.plugin:PLUGIN", "ImportError: no module named broken")
    window = make_window(failures=[failure])
    assert window.stack.currentWidget() is window.chooser
    assert set(window.chooser.game_cards) == {"toy"}
    card_text = " ".join(w.text() for w in window.chooser.game_cards["toy"].findChildren(QLabel))
    assert "Stones" in card_text and "石取り" in card_text and "2 players" in card_text
    [label] = window.chooser.failure_labels
    assert "broken.plugin:PLUGIN" in label.text() and "no module named broken" in label.text()


def test_ai_against_ai_plays_to_the_end_and_shows_the_summary(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["random", "easy"], {"stones": 9}, seed=5))
    assert c is not None and window.stack.currentWidget() is window.table_page
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    assert c.session.is_terminal()
    # Every decision was one stone-taking move by an AI seat; nine stones were taken.
    takes = [r for r in c.session.history if r.action.startswith("take:")]
    assert sum(int(r.action.split(":")[1]) for r in takes) == 9
    assert window.ending.summary_dialog.text.text() == c.summary_text()
    assert window.table_page.status_kind == "over"
    # The log shows public events only: with no human seat the secret deals are hidden.
    log = window.table_page.log.toPlainText()
    assert "takes" in log


def test_summary_play_again_starts_a_new_match(make_window, qtbot) -> None:
    window = make_window()
    first = window.start_game(GameSetup("toy", 2, ["random", "random"], {}, seed=1))
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    window.ending.summary_dialog.again_button.click()
    assert window.controller is not None and window.controller is not first
    assert window.controller.setup.seed != 1  # a random seed was not fixed: new dice
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    window.ending.summary_dialog.chooser_button.click()
    assert window.stack.currentWidget() is window.chooser and window.controller is None


def test_illegal_human_move_leaves_the_state_and_shows_the_reason(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "normal"], {"stones": 5}, seed=3))
    assert c is not None and c.is_human_turn()  # in the toy game seat 1 always starts
    before = c.session.state_hash()
    assert c.submit_human("take:7") is False  # only five stones on the table
    assert c.session.state_hash() == before
    assert window.table_page.status_kind == WARNING
    assert window.table_page.status.text() == "Only 5 stones are left."
    assert c.submit_human("grab:1") is False  # not an action of this game
    assert c.session.state_hash() == before
    assert "not an action" in window.table_page.status.text()


def test_human_turn_syncs_the_table_with_gestures_and_status(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None and c.is_human_turn()
    table = window.table
    assert table.piece_item("stone0") is not None
    assert {g.action for g in table.gestures()} == {"take:1", "take:2"}
    assert table.is_interactive()
    assert window.table_page.status_kind == TURN
    assert window.menus.act_hint.isEnabled()
    # A move through the table's signal reaches the session; the AI answers by itself.
    table.action_chosen.emit("take:2")
    assert c.moves()[0] == "take:2"
    qtbot.waitUntil(lambda: c.is_human_turn() or c.over, timeout=30_000)
    assert len(c.moves()) == 2


def test_ai_turn_shows_thinking_and_blocks_the_table(make_window, qtbot, monkeypatch) -> None:
    window = make_window()
    window.ai_delay_ms = 60_000  # hold the AI's move so its turn can be inspected
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    c.submit_human("take:1")
    assert c.session.current_player() == 1
    assert window.table_page.status_kind == THINKING
    assert "Player 2 (AI) is thinking" in window.table_page.status.text()
    assert not window.table.is_interactive() and window.table.gestures() == []
    assert not window.table_page.busy.isHidden()
    assert c.submit_human("take:1") is False  # not the human's turn
    assert c.moves() == ["take:1"]


def test_privacy_screen_between_two_humans_hides_every_piece(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    synced: list[Any] = []
    original = window.table.sync
    window.table.sync = lambda layout, gestures, animate=True: (  # type: ignore[method-assign]
        synced.append((layout, gestures)), original(layout, gestures, animate))
    # The first player must claim the screen too: the opening deal is secret.
    assert c.awaiting_privacy == 0
    assert window.stack.currentWidget() is window.privacy_page
    assert "Pass to Player 1" in window.privacy_page.title.text()
    window.privacy_page.button.click()
    assert window.stack.currentWidget() is window.table_page
    assert window.table.piece_item("stone0") is not None
    assert c.viewing_seat == 0
    c.submit_human("take:1")
    assert c.awaiting_privacy == 1
    assert window.stack.currentWidget() is window.privacy_page
    layout, gestures = synced[-1]
    assert layout.pieces == [] and layout.meters == [] and layout.texts == [] and gestures == []
    assert window.table.scene().items() == []  # nothing of seat 1's view survives
    assert window.table_page.log.toPlainText() == ""
    assert c.submit_human("take:1") is False  # nobody acts through the privacy screen
    window.privacy_page.button.click()
    assert c.viewing_seat == 1 and c.is_human_turn()
    assert window.table.piece_item("stone0") is not None


def test_single_human_never_sees_a_privacy_screen(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None and c.awaiting_privacy is None
    assert window.stack.currentWidget() is window.table_page


def test_no_privacy_screen_for_a_game_without_secrets(make_window) -> None:
    class OpenToy(ToyGame):
        spec = GameSpec(id="open", name_en="Open stones", name_ja="公開石取り",
                        min_players=2, max_players=2, has_hidden_information=False)

    window = make_window({"open": GamePlugin(OpenToy(), ToyView, {}, words=TOY_WORDS)})
    c = window.start_game(GameSetup("open", 2, ["human", "human"], {}, seed=3))
    assert c is not None and c.awaiting_privacy is None and c.is_human_turn()
    c.submit_human("take:1")
    assert c.awaiting_privacy is None and c.viewing_seat == 1 and c.is_human_turn()


def test_undo_is_refused_with_the_reason_and_then_allowed(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    window.privacy_page.button.click()
    window.undo()  # nothing but the secret deal happened
    assert window.table_page.status_kind == WARNING
    assert window.table_page.status.text().startswith("Cannot undo: new information has appeared")
    c.submit_human("take:2")
    window.privacy_page.button.click()
    c.submit_human("take:1")
    assert c.awaiting_privacy == 0
    window.undo()  # player 2 takes back their move from the hand-over page
    assert c.moves() == ["take:2"]
    # Whoever pressed it, the screen may already be in player 1's hands: player 2's table
    # comes back only through a page naming player 2.
    assert c.awaiting_privacy == 1 and c.viewing_seat is None and not c.is_human_turn()
    assert window.stack.currentWidget() is window.privacy_page
    window.privacy_page.button.click()
    assert c.awaiting_privacy is None and c.viewing_seat == 1 and c.is_human_turn()
    assert window.stack.currentWidget() is window.table_page


def test_undo_refusal_is_translated(make_window) -> None:
    window = make_window(lang="ja")
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    window.undo()
    assert window.table_page.status_kind == WARNING
    assert "新しい情報が出たため戻せません" in window.table_page.status.text()


def test_undo_and_redo_against_the_ai(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    c.submit_human("take:1")
    qtbot.waitUntil(c.is_human_turn, timeout=30_000)
    assert len(c.moves()) == 2
    window.undo()  # takes back the AI's reply with the human move
    assert c.moves() == [] and c.is_human_turn()
    assert window.table_page.redo_button.isEnabled()
    window.redo()  # the human move and the AI's recorded reply come back
    assert c.moves() == ["take:1", "take:2"] and c.is_human_turn()
    assert not window.table_page.redo_button.isEnabled()


def test_undo_ends_with_the_game(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {"stones": 5}, seed=3))
    assert c is not None
    while not c.session.is_terminal():
        qtbot.waitUntil(lambda: c.is_human_turn() or c.session.is_terminal(), timeout=30_000)
        if not c.session.is_terminal():
            c.submit_human("take:1")
    moves = c.moves()
    assert not window.table_page.undo_button.isEnabled()
    assert window.table_page.undo_button.toolTip() == (
        "The game is over: its moves can no longer be taken back.")
    window.undo()  # the shortcut still reaches the controller: it refuses and says why
    assert c.moves() == moves and c.session.is_terminal()
    assert window.table_page.status.text() == window.table_page.undo_button.toolTip()


def test_the_summary_tells_the_person_how_it_went_for_them(make_window, qtbot) -> None:
    window = make_window()
    for seed in (3, 4, 5, 6):
        c = window.start_game(GameSetup("toy", 2, ["random", "human"], {"stones": 5},
                                        seed=seed))
        assert c is not None
        while not c.session.is_terminal():
            qtbot.waitUntil(lambda c=c: c.is_human_turn() or c.session.is_terminal(),
                            timeout=30_000)
            if not c.session.is_terminal():
                c.submit_human("take:1")
        mine, theirs = c.session.returns()[1], c.session.returns()[0]
        verdict = ("You won!" if mine > theirs else "You lost." if mine < theirs
                   else "A draw.")
        assert c.summary_text("en").startswith(verdict + " ")
        ja = {"You won!": "あなたの勝ちです！", "You lost.": "あなたの負けです。",
              "A draw.": "引き分けです。"}[verdict]
        assert c.summary_text("ja").startswith(ja)
        # ...and goes straight on: Japanese sets no space after its full stop.
        assert not c.summary_text("ja")[len(ja):].startswith(" ")
    # At a shared screen nobody is "you": the summary names the winner only.
    c = window.start_game(GameSetup("toy", 2, ["random", "random"], {"stones": 5}, seed=3))
    assert c is not None
    qtbot.waitUntil(c.session.is_terminal, timeout=30_000)
    assert not c.summary_text("en").startswith(("You won", "You lost"))


def test_hint_names_a_legal_move(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    shown: list[str] = []
    c.hint_shown.connect(shown.append)
    window.menus.act_hint.trigger()
    qtbot.waitUntil(lambda: bool(shown), timeout=60_000)
    assert shown[0] in c.session.legal_actions()
    # The move, the chances after it and the next moves the search found worth a look.
    status = window.table_page.status.full_text()
    assert re.fullmatch(rf"Hint: {shown[0]} \(your chances about \d+%\)"
                        r"( — about as good: take:\d \(\d+%\)(; take:\d \(\d+%\))?)?"
                        r"( — also worth a look: take:\d \(\d+%\)(; take:\d \(\d+%\))?)?",
                        status), status
    assert c.moves() == []  # a hint never plays the move


def test_the_hint_explains_in_japanese(make_window, qtbot) -> None:
    window = make_window(lang="ja")
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {"stones": 7}, seed=4))
    assert c is not None
    shown: list[str] = []
    c.hint_shown.connect(shown.append)
    window.menus.act_hint.trigger()
    qtbot.waitUntil(lambda: bool(shown), timeout=60_000)
    status = window.table_page.status.full_text()
    assert status.startswith(f"ヒント：{shown[0]}（勝てる見込み 約") and "%）" in status, status


def test_language_switch_retranslates_menus_status_and_table(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    assert window.menus.menu_game.title() == "&Game"
    assert window.privacy_page.title.text() == "Pass to Player 1"
    window.menus.language_actions["ja"].trigger()
    assert window.menus.menu_game.title() == "ゲーム(&G)"
    assert window.menus.act_undo.text() == "元に戻す(&U)"
    assert window.table_page.log_title.text() == "ゲームの記録"
    assert window.privacy_page.title.text() == "プレイヤー1に交代してください"
    assert window.table.language() == "ja"
    assert window.settings.value("language") == "ja"
    assert window.windowTitle().startswith("石取り")
    window.menus.language_actions["en"].trigger()
    assert window.menus.menu_game.title() == "&Game"


def test_game_buttons_come_from_gestures_without_a_place(make_window, qtbot) -> None:
    class ButtonView(ToyView):
        def gestures(self, obs: dict[str, Any], seat: int | None,
                     legal_actions: list[str]) -> list[Gesture]:
            return [Gesture(a, label_en=f"Take {a[-1]}", label_ja=f"{a[-1]}個取る",
                            shortcut="E" if a == "take:1" else "")
                    for a in legal_actions]

    window = make_window({"toy": GamePlugin(ToyGame(), ButtonView, {}, words=TOY_WORDS)})
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    buttons = window.table_page.game_buttons
    assert [b.text() for b in buttons] == ["Take 1 (E)", "Take 2"]
    assert window.table.gestures() == []  # nothing to drag: the table gets no gestures
    qtbot.mouseClick(buttons[1], Qt.MouseButton.LeftButton)
    assert c.moves()[0] == "take:2"


def test_a_button_on_enter_is_pressed_by_either_enter_key(make_window, qtbot) -> None:
    # Qt's "Enter" is the keypad's key; the main keyboard's Return presses the button too.
    class EnterView(ToyView):
        def gestures(self, obs: dict[str, Any], seat: int | None,
                     legal_actions: list[str]) -> list[Gesture]:
            return [Gesture(a, label_en=f"Take {a[-1]}", label_ja=f"{a[-1]}個取る",
                            shortcut="Enter" if a == "take:2" else "")
                    for a in legal_actions]

    window = make_window({"toy": GamePlugin(ToyGame(), EnterView, {}, words=TOY_WORDS)})
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    window.privacy_page.button.click()
    assert [b.text() for b in window.table_page.game_buttons] == ["Take 1", "Take 2 (Enter)"]
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert c.moves() == ["take:2"]
    window.privacy_page.button.click()
    QTest.keyClick(window.table, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert c.moves() == ["take:2", "take:2"]


def test_failed_game_start_is_reported_on_the_chooser(make_window) -> None:
    class BrokenView(ToyView):
        def __init__(self) -> None:
            raise RuntimeError("no art")

    window = make_window({"toy": GamePlugin(ToyGame(), BrokenView, {}, words=TOY_WORDS)})
    assert window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=1)) is None
    assert window.stack.currentWidget() is window.chooser
    assert "no art" in window.chooser.error_banner.text()
    assert not window.chooser.error_banner.isHidden()


def test_rules_that_fail_to_load_are_reported_when_the_game_starts(make_window) -> None:
    # A plugin that loads its rules on first use lists its game from the spec alone; rules
    # that then fail to import are reported on the chooser and the window stays usable.
    def load() -> ToyGame:
        raise ImportError("no module named toy_rules")

    broken = GamePlugin(spec=ToyGame.spec, load=load, view=ToyView, rules={})
    window = make_window({"toy": broken,
                          "toy2": GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)})
    assert "toy" in window.chooser.game_cards
    assert window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=1)) is None
    assert window.stack.currentWidget() is window.chooser
    assert "could not be loaded" in window.chooser.error_banner.text()
    assert "no module named toy_rules" in window.chooser.error_banner.text()


def test_rules_window_shows_the_rulebook_with_english_fallback(make_window, tmp_path) -> None:
    (tmp_path / "toy.en.md").write_text("# Stones\n\nTake one or two stones.\n",
                                        encoding="utf-8")
    plugin = GamePlugin(ToyGame(), ToyView, {"en": tmp_path / "toy.en.md"},
                        words=TOY_WORDS)
    window = make_window({"toy": plugin}, lang="ja")
    window.menus.act_rules.trigger()
    rules = window.menus.rules_window
    assert rules is not None and rules.isVisible()
    assert "Take one or two stones." in rules.browser.toPlainText()
    assert rules.windowTitle() == "ルール — 石取り"


def test_chooser_play_button_opens_the_new_game_dialog(make_window, monkeypatch) -> None:
    from tabletop.app import newgame

    seen: list[str] = []

    def fake_exec(dialog: newgame.NewGameDialog) -> int:
        seen.append(dialog.spec.id)
        dialog.set_seat(1, "easy")
        return newgame.NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(newgame.NewGameDialog, "exec", fake_exec)
    window = make_window()
    play = window.chooser.findChild(QPushButton, "play-toy")
    play.click()
    assert seen == ["toy"]
    assert window.controller is not None
    assert window.controller.setup.seats == ["human", "easy"]


def test_shortcuts_list_names_keys(make_window) -> None:
    window = make_window()
    rows = dict(window.menus.shortcut_rows())
    assert rows["Hint"] == "H"
    assert "F1" in rows["Rules"]
    # The table's own keys: playing without the mouse and turning a piece round.
    assert rows["Step through the pieces and places you can play"].startswith("Tab")
    assert rows["Pick up the piece, or put it down here"] == "Enter, Space"
    assert "right-click" in rows["Turn the piece you hold or drag round (180°)"]
    window.set_language("ja")
    assert "R" in dict(window.menus.shortcut_rows())["持っている（ドラッグ中の）コマを180°回す"]


def test_language_switch_retranslates_the_status_line(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    assert window.table_page.status.text() == "Player 1: your turn."
    window.set_language("ja")
    assert window.table_page.status.text() == "プレイヤー1の番です。"
    assert window.table_page.hint_button.text() == "ヒント（H）"


def test_hot_seat_player_cannot_take_back_the_other_players_move(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    window.privacy_page.button.click()
    c.submit_human("take:2")
    window.privacy_page.button.click()
    assert c.viewing_seat == 1
    window.undo()
    assert c.moves() == ["take:2"] and c.viewing_seat == 1 and c.is_human_turn()
    assert window.table_page.status_kind == WARNING
    assert window.table_page.status.text() == "Only Player 1 can take back their own move."


def test_window_icon_is_set_once_the_window_has_painted(make_window, qtbot) -> None:
    # The SVG icon is rendered after the first paint, not before it (start-up time).
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    QApplication.setWindowIcon(QIcon())
    window = make_window()
    assert QApplication.windowIcon().isNull()  # shown, but not painted yet
    qtbot.waitUntil(lambda: not QApplication.windowIcon().isNull(), timeout=5000)
    assert not window.windowIcon().pixmap(32, 32).isNull()


def test_ctrl_n_on_the_game_list_opens_a_new_game_dialog(make_window, qtbot) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tabletop.app.newgame import NewGameDialog

    window = make_window()
    assert window.controller is None and window.stack.currentWidget() is window.chooser
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, NewGameDialog):
            seen.append(dialog.windowTitle())
            dialog.reject()

    QTimer.singleShot(0, answer)
    window.menus.act_new.trigger()  # Ctrl+N with no game on the table
    assert len(seen) == 1 and "Stones" in seen[0]
    assert window.controller is None  # cancelled: nothing started


def test_the_mover_sees_their_move_before_the_screen_turns(qtbot, settings) -> None:
    from tabletop.app import controller as ctl
    from tabletop.app.window import MainWindow
    from tests.app.conftest import toy_plugin

    window = MainWindow({"toy": toy_plugin()}, [], lang="en", settings=settings,
                        ai_delay_ms=0, animate=True)
    qtbot.addWidget(window)
    window.show()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 9}, seed=3))
    assert c is not None
    qtbot.waitUntil(lambda: c.awaiting_privacy is not None, timeout=10_000)
    first = c.awaiting_privacy
    window.privacy_page.button.click()
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    c.submit_human("take:1")
    # For a moment the mover's own table stays, input off, saying the screen will turn.
    assert c.awaiting_privacy is None and c.viewing_seat == first
    assert window.stack.currentWidget() is window.table_page
    assert not c.is_human_turn()
    assert window.table_page.status.full_text().startswith("Move made.")
    qtbot.waitUntil(lambda: c.awaiting_privacy == 1 - first, timeout=ctl.HANDOVER_MS + 5_000)
    assert window.stack.currentWidget() is window.privacy_page
    # Taken back during that moment, the move never hands the screen over.
    window.privacy_page.button.click()
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    c.submit_human("take:1")
    window.undo()
    qtbot.wait(ctl.HANDOVER_MS + 400)
    assert c.awaiting_privacy is None and c.is_human_turn() and c.viewing_seat == 1 - first
    window.close()
