"""Saving, loading, autosave and resume, bad files, and the undo/redo controls in the window."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QKeySequence

from tabletop.api import GamePlugin
from tabletop.app.controller import WARNING
from tabletop.app.newgame import GameSetup
from tabletop.app.saves import RECENT_KEEP, SaveStore
from tabletop.app.window import MainWindow
from tabletop.engine import CHANCE, Session
from tabletop.engine import savefile as sf
from tabletop.games.magos.plugin import PLUGIN as MAGOS
from tests.toygame import DEAL_WORDS, TOY_WORDS, PrivateDealToy, ToyGame, ToyView


def toy_games() -> dict[str, GamePlugin]:
    return {"toy": GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)}


def hot_seat_move(window: MainWindow, action: str) -> None:
    """Play ``action`` for whoever is to move at a shared screen, claiming it first."""
    c = window.controller
    assert c is not None
    if c.awaiting_privacy is not None:
        window.privacy_page.button.click()
    assert c.submit_human(action)


def autosaved(data_dir: Path) -> tuple[Session, sf.SaveData]:
    return sf.load(data_dir / "autosave" / "current.json", toy_games())


def reopened(make_window: Any, *actions: str) -> tuple[Any, MainWindow]:
    """A hot-seat toy game (seed 2) with ``actions`` played in a window then closed, and the
    next window opened, with that game on offer: the game's controller and the new window."""
    first = make_window()
    c = first.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=2))
    assert c is not None
    for action in actions:
        hot_seat_move(first, action)
    first.close()
    return c, make_window()


# -- autosave and resume ---------------------------------------------------------------------

def test_autosave_is_written_after_every_action(make_window, data_dir: Path) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 9}, seed=4))
    assert c is not None
    session, data = autosaved(data_dir)  # the opening deal is saved before any move
    assert data.moves == 0 and session.state_hash() == c.session.state_hash()
    for n, action in enumerate(["take:2", "take:1", "take:2"], start=1):
        hot_seat_move(window, action)
        session, data = autosaved(data_dir)
        assert data.moves == n
        assert session.state_hash() == c.session.state_hash() == data.state_hash
    assert data.seats == ["human", "human"] and data.options == {"stones": 9}
    window.undo()  # taking a move back is saved too
    assert autosaved(data_dir)[1].moves == 2
    assert sorted(p.name for p in (data_dir / "autosave").iterdir()) == ["current.json"]


def test_resume_is_offered_and_restores_the_game(make_window, data_dir: Path, qtbot) -> None:
    first = make_window()
    first.ai_delay_ms = 60_000  # the AI's reply stays unplayed: a game caught mid-turn
    c = first.start_game(GameSetup("toy", 2, ["human", "easy"], {"stones": 9}, seed=6,
                                   fixed_seed=True))
    assert c is not None
    c.submit_human("take:2")
    hash_then, history_then = c.session.state_hash(), c.session.decisions()
    first.close()  # the window goes away without any clean-up of the autosave

    second = make_window()
    assert second.files.pending is not None
    banner = second.chooser.resume_banner
    assert banner is not None and second.chooser.resume_button is not None
    assert "Stones" in second.chooser.findChild(QObject, "resumeText").text()
    assert "moves played: 1" in second.chooser.findChild(QObject, "resumeText").text()
    second.chooser.resume_button.click()
    resumed = second.controller
    assert resumed is not None
    assert resumed.session.decisions()[:len(history_then)] == history_then
    assert resumed.setup.seats == ["human", "easy"] and resumed.setup.options == {"stones": 9}
    assert resumed.setup.seed == 6 and resumed.setup.fixed_seed
    assert resumed.viewing_seat == 0
    assert second.chooser.resume_banner is None  # the offer is used up
    # The AI's reply carries on from exactly the saved position.
    assert resumed.session.state_hash() == hash_then
    assert second.stack.currentWidget() is second.table_page
    qtbot.waitUntil(resumed.is_human_turn, timeout=30_000)
    assert len(resumed.moves()) == 2


def test_resume_in_hot_seat_starts_on_the_privacy_page(make_window) -> None:
    c, second = reopened(make_window, "take:1", "take:1")
    resumed = second.files.resume_pending()
    assert resumed is not None and resumed.session.state_hash() == c.session.state_hash()
    assert resumed.awaiting_privacy == 0
    assert second.stack.currentWidget() is second.privacy_page
    assert second.table.scene().items() == []


def test_discard_files_the_autosave_with_recent_games(make_window, data_dir: Path) -> None:
    _, second = reopened(make_window, "take:1")
    assert second.chooser.discard_button is not None
    second.chooser.discard_button.click()
    assert second.files.pending is None and second.chooser.resume_banner is None
    assert not (data_dir / "autosave" / "current.json").exists()
    [kept] = SaveStore(data_dir).recent()
    assert sf.load(kept, toy_games())[1].moves == 1
    third = make_window()
    assert third.files.pending is None


def test_finished_game_moves_to_recent(make_window, data_dir: Path, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["random", "easy"], {}, seed=5))
    assert c is not None
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    assert not (data_dir / "autosave" / "current.json").exists()
    [done] = SaveStore(data_dir).recent()
    session, data = sf.load(done, toy_games())
    assert data.finished and session.is_terminal()
    assert session.state_hash() == c.session.state_hash()
    assert make_window().files.pending is None


def test_recent_games_are_rotated(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    s = Session(ToyGame(), seed=1)
    data = sf.from_session(s, ["human", "human"])
    for _ in range(RECENT_KEEP + 3):
        store.write_autosave(data)
        store.finish(data)
    assert len(store.recent()) == RECENT_KEEP
    assert not store.autosave_path.exists()


def test_data_dir_follows_the_environment(data_dir: Path) -> None:
    assert SaveStore().root == data_dir


# -- save and open ---------------------------------------------------------------------------

def test_save_and_load_round_trip(make_window, tmp_path: Path) -> None:
    window = make_window()
    assert window.menus.act_save.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert window.menus.act_open.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 5}, seed=9))
    assert c is not None
    hot_seat_move(window, "take:2")
    path = tmp_path / "mine.json"
    assert window.files.save_file(path)
    assert "Saved to" in window.table_page.status.text()
    window.start_game(GameSetup("toy", 2, ["human", "easy"], {}, seed=1))
    loaded = window.files.load_file(path)
    assert loaded is not None and loaded is window.controller
    assert loaded.session.state_hash() == c.session.state_hash()
    assert loaded.setup.seats == ["human", "human"] and loaded.moves() == ["take:2"]


def test_damaged_autosave_is_kept_aside_with_a_message(make_window, data_dir: Path) -> None:
    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    (auto / "current.json").write_text('{"format": "tabletop-save", "format_vers')
    window = make_window()
    assert window.files.pending is None and window.chooser.resume_banner is None
    box = window.message_box
    assert box is not None and box.isVisible()
    assert "cut short" in box.text() and "damaged" in box.text()
    [aside] = list(auto.iterdir())
    assert aside.name.startswith("current.damaged-") and aside.suffix == ".json"
    assert str(aside) in box.text()
    assert aside.read_text() == '{"format": "tabletop-save", "format_vers'
    # The app works on: a new game starts and autosaves in the freed slot.
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None and (auto / "current.json").is_file()


def test_autosave_of_an_uninstalled_game_is_left_alone(make_window, data_dir: Path) -> None:
    store = SaveStore(data_dir)
    s = Session(ToyGame(), seed=1)
    store.write_autosave(sf.from_session(s, ["human", "human"]))
    window = make_window({})  # no toy game installed today
    assert window.files.pending is None
    assert store.autosave_path.is_file()
    assert "not installed" in window.chooser.error_banner.text()


def test_game_in_progress_survives_a_bad_file(make_window, tmp_path: Path) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    hot_seat_move(window, "take:1")
    before = c.session.state_hash()
    bad = tmp_path / "bad.json"
    good = tmp_path / "good.json"
    assert window.files.save_file(good)
    obj = json.loads(good.read_text())
    obj["log"][-1] = [0, "take:9"]
    bad.write_text(json.dumps(obj))
    raw = bad.read_bytes()
    assert window.files.load_file(bad) is None
    assert window.controller is c and c.session.state_hash() == before
    assert bad.read_bytes() == raw  # a file the player chose stays where it is, untouched
    box = window.message_box
    assert box is not None and "do not replay" in box.text() and str(bad) in box.text()
    box.close()
    for text, words in (("", "cut short"), ("hello", "not a save file"),
                        ('{"format": "tabletop-save", "format_version": 9}', "format 9")):
        bad.write_text(text)
        assert window.files.load_file(bad) is None
        assert window.message_box is not None and words in window.message_box.text()
        assert window.controller is c
    hot_seat_move(window, "take:1")  # the game goes on
    assert c.moves() == ["take:1", "take:1"]


# -- undo and redo ---------------------------------------------------------------------------

def test_undo_redo_controls_follow_what_is_possible(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    page = window.table_page
    # Only the public deal lies behind: undo is off and says why.
    assert not window.menus.act_undo.isEnabled() and not page.undo_button.isEnabled()
    assert "Seat 2 gets a card" in window.menus.act_undo.toolTip()
    assert window.menus.undo_refused_shortcut.isEnabled()
    window.menus.undo_refused_shortcut.activated.emit()  # Ctrl+Z while undo is off
    assert page.status_kind == WARNING and "Seat 2 gets a card" in page.status.text()
    assert not window.menus.act_redo.isEnabled() and "nothing to redo" in page.redo_button.toolTip()
    c.submit_human("take:1")
    qtbot.waitUntil(c.is_human_turn, timeout=30_000)
    assert window.menus.act_undo.isEnabled() and page.undo_button.isEnabled()
    assert not window.menus.undo_refused_shortcut.isEnabled()
    window.menus.act_undo.trigger()
    assert c.moves() == []
    assert window.menus.act_redo.isEnabled() and page.redo_button.isEnabled()
    window.menus.act_redo.trigger()
    assert len(c.moves()) == 2 and not window.menus.act_redo.isEnabled()


def test_refused_undo_across_a_card_draw_names_it_only_to_its_owner(make_window) -> None:
    window = make_window({"toy": GamePlugin(PrivateDealToy(), ToyView, {}, words=DEAL_WORDS)})
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    window.privacy_page.button.click()
    assert c.viewing_seat == 0
    window.undo()
    text = window.table_page.status.text()
    # The last deal went to seat 2: seat 1 learns only that something was dealt.
    assert text == "Cannot undo: new information has appeared (a die, a card or a secret choice)."
    assert "You are dealt" not in window.menus.act_undo.toolTip()


def test_refused_undo_across_a_die_roll(make_window) -> None:
    window = make_window({"magos": MAGOS})
    c = window.start_game(GameSetup("magos", 2, ["human", "human"], {}, seed=12))
    assert c is not None
    window.privacy_page.button.click()
    [roll] = [r for r in c.session.history if r.action.startswith("roll:")]
    assert roll.seat == CHANCE
    window.undo()
    text = window.table_page.status.text()
    assert window.table_page.status_kind == WARNING
    assert text.startswith("Cannot undo: new information has appeared") and "rolls" in text
    assert "rolls" in window.menus.act_undo.toolTip() and not window.menus.act_undo.isEnabled()
    # A first cast shows the spell to the opponent (MG-R12): that is now the newest
    # information, and the reason names it instead of the roll.
    assert c.submit_human("cast:harmony:1")
    assert not window.menus.act_undo.isEnabled()
    tip = window.menus.act_undo.toolTip()
    assert "casts" in tip and "rolls" not in tip


class FakeThinker(QObject):
    """Answers nothing: an AI caught in the middle of its search."""

    decided = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.asked = 0
        self.cancelled = 0
        self.pondered = 0

    def think(self, *_args: Any) -> None:
        self.asked += 1

    def ponder(self, *_args: Any) -> None:
        self.pondered += 1

    def cancel(self) -> None:
        self.cancelled += 1

    def wait_done(self, _msecs: int = -1) -> bool:
        return True


def test_undo_cancels_a_thinking_ai_first(qtbot, settings) -> None:
    window = MainWindow(toy_games(), [], settings=settings, ai_delay_ms=0, animate=False,
                        thinker_factory=FakeThinker)
    qtbot.addWidget(window)
    c = window.start_game(GameSetup("toy", 2, ["human", "hard"], {}, seed=3))
    assert c is not None
    c.submit_human("take:2")
    thinker = window.thinker
    assert thinker.asked == 1 and c.session.current_player() == 1
    window.undo()
    assert thinker.cancelled >= 1 and c.moves() == [] and c.is_human_turn()
    # A late answer to the cancelled question is ignored.
    thinker.decided.emit(type("D", (), {"action": "take:1", "cancelled": False})())
    assert c.moves() == []
    window.close()


def test_a_persons_turn_is_worked_ahead_on_and_a_move_stops_it(qtbot, settings) -> None:
    # The hint's level ponders only on a person's turn, asked nothing; the move cancels it.
    window = MainWindow(toy_games(), [], settings=settings, ai_delay_ms=0, animate=False,
                        thinker_factory=FakeThinker)
    qtbot.addWidget(window)
    c = window.start_game(GameSetup("toy", 2, ["human", "hard"], {}, seed=3))
    assert c is not None
    thinker = window.thinker
    assert thinker.pondered == 1 and thinker.asked == 0 and c.thinking.pending is None
    cancelled = thinker.cancelled
    c.submit_human("take:2")
    assert thinker.cancelled > cancelled and thinker.asked == 1
    assert thinker.pondered == 1  # the computer's turn: nobody to prepare a hint for
    window.close()


def test_failed_autosave_warns_and_the_game_goes_on(make_window, data_dir: Path,
                                                    qtbot) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "autosave").write_text("a file where the folder should be")
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    window.privacy_page.button.click()
    assert c.submit_human("take:1")
    assert c.moves() == ["take:1"] and c.awaiting_privacy == 1
    window.privacy_page.button.click()
    qtbot.waitUntil(lambda: "could not be autosaved" in window.table_page.status.text())
    assert window.table_page.status_kind == WARNING
    assert c.submit_human("take:1") and c.moves() == ["take:1", "take:1"]
    assert (data_dir / "autosave").read_text() == "a file where the folder should be"


def test_resume_offer_shows_the_description_word_for_word(qtbot: Any) -> None:
    from PySide6.QtGui import QTextDocumentFragment

    from tabletop.app.chooser import ChooserPage

    page = ChooserPage()
    qtbot.addWidget(page)
    text = "Toy <b>game</b> & co\nmoves played: 3"
    page.populate({}, [], "en", resume=text)
    label = page.findChild(QObject, "resumeText")
    shown = QTextDocumentFragment.fromHtml(label.text()).toPlainText()
    assert shown == text  # markup in a description is shown, never interpreted


# -- hostile data folders (each of these once stopped the app or lost a game) ---------------

def _autosave_text(game: Any, seed: int = 1, moves: int = 1) -> str:
    s = Session(game, seed=seed)
    for _ in range(moves):
        s.submit(s.current_player(), s.legal_actions()[0])
    return sf.dump(sf.from_session(s, ["human", "human"]))


def test_an_autosave_with_a_number_no_float_holds_does_not_stop_the_start(
        make_window, data_dir: Path) -> None:
    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    obj = json.loads(_autosave_text(ToyGame()))
    obj["finished"], obj["result"] = True, [10**400, 0]  # once an OverflowError at start-up
    (auto / "current.json").write_text(json.dumps(obj))
    window = make_window()  # the window is built
    assert window.files.pending is None
    box = window.message_box
    assert box is not None and "too large" in box.text()
    [aside] = auto.iterdir()
    assert aside.name.startswith("current.damaged-") and str(aside) in box.text()


def test_an_uninstalled_games_autosave_survives_the_next_match(make_window,
                                                             data_dir: Path) -> None:
    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    kept = _autosave_text(MAGOS.game)
    (auto / "current.json").write_text(kept)
    window = make_window()  # only the toy game is installed
    assert "not installed" in window.chooser.error_banner.text()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    hot_seat_move(window, "take:1")
    assert (auto / "current.json").read_text() == kept  # once overwritten by this move
    assert sf.load(auto / "current-2.json", toy_games())[1].moves == 1
    window.close()
    later = make_window({"magos": MAGOS, **toy_games()})  # the game is installed again
    assert later.files.pending is not None and later.files.pending.data.game_id in ("magos", "toy")


def test_two_apps_keep_their_own_games(make_window, data_dir: Path, qtbot) -> None:
    first, second = make_window(), make_window()
    a = first.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    b = second.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=4))
    assert a is not None and b is not None
    hot_seat_move(first, "take:1")
    hot_seat_move(second, "take:2")
    hot_seat_move(second, "take:2")
    auto = data_dir / "autosave"
    assert sf.load(auto / "current.json", toy_games())[1].moves == 1
    assert sf.load(auto / "current-2.json", toy_games())[1].moves == 2
    while not b.over:  # the second app's game ends: only its own slot is cleared
        hot_seat_move(second, b.session.legal_actions()[0])
    assert not (auto / "current-2.json").exists()
    assert sf.load(auto / "current.json", toy_games())[1].moves == 1
    hot_seat_move(first, "take:1")
    assert sf.load(auto / "current.json", toy_games())[1].moves == 2


def test_a_crashed_second_apps_game_is_offered_at_the_next_start(make_window,
                                                                 data_dir: Path) -> None:
    first, second = make_window(), make_window()
    b = second.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=4))
    assert b is not None
    hot_seat_move(second, "take:2")
    second.saves.release_slot()  # the process died: the system dropped its lock
    first.close()
    third = make_window()
    assert third.files.pending is not None and third.files.pending.data.moves == 1
    assert (data_dir / "autosave" / "current.json").is_file()
    assert not (data_dir / "autosave" / "current-2.json").exists()


def test_temporary_files_left_by_a_kill_are_removed(make_window, data_dir: Path) -> None:
    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    old, young = auto / ".current.json.ab12.tmp", auto / ".current.json.cd34.tmp"
    for path in (old, young):
        path.write_text("half a save")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    make_window()
    assert not old.exists()
    assert young.exists()  # it may belong to a write in progress in another app


def offered_on_a_read_only_disk(make_window: Any, monkeypatch: Any) -> MainWindow:
    """A second window offering the first one's game, on a disk where nothing can be
    written or removed any more."""
    _, second = reopened(make_window, "take:1")
    assert second.files.pending is not None

    def read_only(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(30, "Read-only file system")
    monkeypatch.setattr(sf, "write_atomic", read_only)
    monkeypatch.setattr(Path, "unlink", read_only)
    return second


def test_discard_on_a_read_only_folder_says_so_and_keeps_the_game(
        make_window, data_dir: Path, monkeypatch: Any) -> None:
    second = offered_on_a_read_only_disk(make_window, monkeypatch)
    second.files.discard_pending()  # once raised from inside its own error handler
    box = second.message_box
    assert box is not None and "could not be discarded" in box.text()
    assert "Read-only" in box.text()
    assert second.files.pending is not None  # still offered
    assert (data_dir / "autosave" / "current.json").is_file()


def test_a_new_match_files_the_offered_game_instead_of_overwriting_it(
        make_window, data_dir: Path) -> None:
    _, second = reopened(make_window, "take:1")
    assert second.files.pending is not None
    second.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=5))
    [filed] = SaveStore(data_dir).recent()
    assert sf.load(filed, toy_games())[1].moves == 1


def test_a_game_left_for_the_game_list_is_offered_and_resumes(make_window,
                                                              data_dir: Path) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 9}, seed=2))
    assert c is not None
    hot_seat_move(window, "take:2")
    hot_seat_move(window, "take:1")
    hash_then = c.session.state_hash()
    assert window.back_to_chooser()
    assert window.stack.currentWidget() is window.chooser
    # The game list offers the game just left, and it comes back as it was.
    assert window.files.pending is not None and window.chooser.resume_button is not None
    assert "moves played: 2" in window.chooser.findChild(QObject, "resumeText").text()
    window.chooser.resume_button.click()
    resumed = window.controller
    assert resumed is not None and resumed.session.state_hash() == hash_then
    hot_seat_move(window, "take:1")
    hash_later = resumed.session.state_hash()
    # Left again and replaced by a new match, it is filed with the recent games, not lost.
    assert window.back_to_chooser()
    window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=5))
    filed = [sf.load(p, toy_games()) for p in SaveStore(data_dir).recent()]
    assert [session.state_hash() for session, data in filed if data.moves == 3] == [hash_later]


def test_the_leave_question_says_the_game_is_kept() -> None:
    from tabletop.app.i18n import tr

    for lang in ("en", "ja"):
        body = tr("confirm.body", lang)
        assert "lost" not in body and "失われ" not in body
    assert "resume" in tr("confirm.body", "en") and "再開" in tr("confirm.body", "ja")


def test_the_file_dialogs_open_in_the_games_own_folders(make_window, data_dir: Path,
                                                        monkeypatch) -> None:
    """Save and Open start in the saves folder, Replay in the finished games; never in the
    program's working folder."""
    from PySide6.QtWidgets import QFileDialog

    asked: list[tuple[str, str]] = []

    def ask(kind: str) -> Any:
        def dialog(parent: Any, title: str, folder: str, *rest: Any) -> tuple[str, str]:
            asked.append((kind, folder))
            return "", ""
        return dialog

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask("save"))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", ask("open"))
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 5}, seed=9))
    assert c is not None
    window.files.save_dialog()
    window.files.open_dialog()
    for action in ("take:2", "take:2", "take:1"):  # the game ends and is filed as recent
        hot_seat_move(window, action)
    assert c.session.is_terminal()
    window.files.replay_dialog()
    saves = window.files.saves
    assert [kind for kind, _ in asked] == ["save", "open", "open"]
    assert Path(asked[0][1]).parent == saves.saves_dir
    assert Path(asked[1][1]) == saves.saves_dir
    assert Path(asked[2][1]) == saves.recent_dir and saves.recent_dir.is_dir()
    assert all(Path(folder).is_relative_to(data_dir) for _, folder in asked)


def test_resuming_files_nothing_with_the_recent_games(make_window, data_dir: Path) -> None:
    # Every resume used to file a copy of the unfinished game among the recent games, as if
    # it had been discarded; the folder keeps ten, so each resume pushed out a finished game.
    store = SaveStore(data_dir)
    game = toy_games()["toy"].game
    for seed in range(RECENT_KEEP):
        session = Session(game, 2, {}, seed=seed)
        while not session.is_terminal():
            session.submit(session.current_player(), session.legal_actions()[0])
        store.finish(sf.from_session(session, ["human", "human"]))
    finished = sorted(p.name for p in store.recent())
    _, window = reopened(make_window, "take:1")
    for _ in range(3):  # a resume, a move, a crash: three times over
        assert window.files.pending is not None
        window.files.resume_pending()
        assert window.controller is not None and window.files.pending is None
        hot_seat_move(window, "take:1")
        window.saves.release_slot()  # the process died: the system dropped its lock
        window.close()
        window = make_window()
    assert sorted(p.name for p in store.recent()) == finished
    assert all(sf.load(p, toy_games())[1].finished for p in store.recent())


def test_a_read_only_data_folder_resumes_and_says_it_cannot_save(
        make_window, data_dir: Path, monkeypatch: Any, qtbot: Any) -> None:
    second = offered_on_a_read_only_disk(make_window, monkeypatch)
    c = second.files.resume_pending()
    assert c is not None and c.session.decisions()[-1] == "take:1"
    assert second.message_box is None  # no "could not be discarded"
    hot_seat_move(second, "take:2")
    qtbot.waitUntil(lambda: "could not be autosaved" in second.table_page.status.text())
    assert (data_dir / "autosave" / "current.json").is_file()


def test_the_autosave_is_read_once_at_start(make_window, data_dir: Path,
                                             monkeypatch: Any) -> None:
    # Claiming the slot looked at the file's game and offering it read the file again: a
    # save at the size limit was parsed twice before the window showed.
    _, second = reopened(make_window, "take:1")
    second.close()  # the app quits with the game on offer: the next start offers it again
    reads: list[str] = []
    parse = sf.parse
    monkeypatch.setattr(sf, "parse", lambda raw, path="<save>", *a: reads.append(path)
                        or parse(raw, path, *a))
    window = make_window()
    assert window.files.pending is not None
    assert reads == [str(data_dir / "autosave" / "current.json")]


def test_a_damaged_autosave_is_read_once_and_set_aside(make_window, data_dir: Path,
                                                       monkeypatch: Any) -> None:
    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    (auto / "current.json").write_text('{"format": "tabletop-save", "format_version": 1}')
    reads: list[str] = []
    parse = sf.parse
    monkeypatch.setattr(sf, "parse", lambda raw, path="<save>", *a: reads.append(path)
                        or parse(raw, path, *a))
    window = make_window()
    assert window.files.pending is None and len(reads) == 1
    assert list(auto.glob("current.damaged-*.json"))
