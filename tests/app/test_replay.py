"""The replay viewer: steps, keys, slider, seats' points of view, and a save left unchanged."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tabletop.api import GamePlugin
from tabletop.app.newgame import GameSetup
from tabletop.app.replay import ReplayWindow, decision_plies
from tabletop.engine import CHANCE, Session
from tabletop.engine import savefile as sf
from tests.toygame import TOY_WORDS, ToyGame, ToyView


def finished_toy() -> Session:
    s = Session(ToyGame(), seed=3, human_seats=[0])
    for k in (1, 2, 1, 2, 1):
        s.submit(s.current_player(), f"take:{k}")
    assert s.is_terminal()
    return s


def test_steps_are_decisions_with_the_chance_after_them() -> None:
    s = finished_toy()
    plies = decision_plies(s)
    assert plies == [2, 3, 4, 5, 6, 7]  # two opening deals, then one entry per move
    assert all(s.history[p - 1].seat != CHANCE for p in plies[1:])


def test_replay_steps_keys_slider_and_log(qtbot) -> None:
    s = finished_toy()
    plugin = GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)
    w = ReplayWindow(plugin, s, ["human", "easy"], "en", 0)
    qtbot.addWidget(w)
    w.show()
    assert w.step == w.last_step == 5 and w.observation()["stones"] == 0
    assert w.log.count() == 6 and w.log.currentRow() == 5
    qtbot.keyClick(w, Qt.Key.Key_Home)
    assert w.step == 0 and w.observation()["stones"] == 7
    assert w.table.piece_item("stone6") is not None  # the table shows all seven stones
    assert not w.back_button.isEnabled() and w.forward_button.isEnabled()
    assert w.step_label.text() == "Start of the game"
    qtbot.keyClick(w, Qt.Key.Key_Right)
    assert w.step == 1 and w.observation()["stones"] == 6
    assert w.table.piece_item("stone6") is None and w.table.piece_item("stone5") is not None
    assert w.log.currentRow() == 1 and w.line(1) == "1. Seat 1 takes 1"
    assert w.line(0) == "Start of the game: Seat 1 gets a card Seat 2 gets a card"
    assert w.step_label.text() == "Move 1 of 5"
    qtbot.keyClick(w, Qt.Key.Key_End)
    assert w.step == 5
    qtbot.keyClick(w, Qt.Key.Key_Left)
    assert w.step == 4 and w.slider.value() == 4
    w.slider.setValue(2)
    assert w.step == 2 and w.log.currentRow() == 2 and w.observation()["stones"] == 4
    w.log.setCurrentRow(3)
    assert w.step == 3 and w.slider.value() == 3
    w.forward_button.click()
    w.forward_button.click()  # stops at the end
    assert w.step == 5


def test_each_seat_sees_only_its_own_secrets(qtbot) -> None:
    s = finished_toy()
    plugin = GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)
    w = ReplayWindow(plugin, s, ["human", "easy"], "en", None)
    qtbot.addWidget(w)
    w.first()
    assert w.seat is None and w.observation()["secret"] == [None, None]  # spectator
    w.set_seat(0)
    assert w.observation()["secret"] == [s.state.secret[0], None]
    assert w.step == 0  # the step stays where it was
    w.set_seat(1)
    assert w.observation()["secret"] == [None, s.state.secret[1]]
    assert w.seat_combo.currentText() == "Player 2 (AI)"
    w.last()
    assert w.observation()["secret"] == s.state.secret  # shown to all at the end


def test_replay_after_a_game_leaves_the_game_alone(make_window, qtbot, tmp_path: Path) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["random", "easy"], {}, seed=5))
    assert c is not None
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    before = c.session.state_hash(), len(c.session.history)
    window.ending.summary_dialog.replay_button.click()
    w = window.files.replay_window
    assert isinstance(w, ReplayWindow) and w.isVisible()
    assert w.session is not c.session
    w.first()
    w.forward()
    assert (c.session.state_hash(), len(c.session.history)) == before
    assert w.seat is None  # nobody human at the screen: the spectator's view


def test_replay_from_a_saved_file(make_window, tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    s = finished_toy()
    sf.save(path, s, ["human", "easy"])
    raw = path.read_bytes()
    window = make_window()
    w = window.files.replay_file(path)
    assert isinstance(w, ReplayWindow) and w.last_step == 5
    w.first()
    w.set_seat(0)
    assert path.read_bytes() == raw
    assert window.controller is None  # replaying does not start a game
    path.write_text("{")
    assert window.files.replay_file(path) is None
    assert window.message_box is not None and "cut short" in window.message_box.text()


def test_keys_work_as_shortcuts_while_the_seat_list_has_focus(qtbot) -> None:
    s = finished_toy()
    w = ReplayWindow(GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS), s,
                     ["human", "easy"], "en", 1)
    qtbot.addWidget(w)
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    w.seat_combo.setFocus()
    qtbot.keyClick(w.seat_combo, Qt.Key.Key_Home)
    # Home moved the replay to its start, not the seat list to its first entry.
    assert w.step == 0 and w.seat == 1
    qtbot.keyClick(w.seat_combo, Qt.Key.Key_Right)
    assert w.step == 1 and w.seat == 1


def _seats_offered(w: ReplayWindow) -> list[int | None]:
    return [w.seat_combo.itemData(i) for i in range(w.seat_combo.count())]


def test_an_unfinished_save_is_replayed_only_as_a_spectator(make_window, tmp_path: Path) -> None:
    s = Session(ToyGame(), seed=3, human_seats=[0, 1])
    s.submit(s.current_player(), "take:1")
    path = tmp_path / "running.json"  # the running match's own autosave, say
    sf.save(path, s, ["human", "human"])
    window = make_window()
    w = window.files.replay_file(path)
    assert isinstance(w, ReplayWindow)
    assert _seats_offered(w) == [None]  # once: both players' hands on offer
    w.set_seat(0)
    assert w.seat is None and w.observation()["secret"] == [None, None]


def test_replaying_the_running_match_offers_only_the_person_at_the_screen(make_window) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3))
    assert c is not None
    assert c.awaiting_privacy == 0  # the privacy screen is up: nobody has claimed the screen
    w = window.files.replay_current()
    assert _seats_offered(w) == [None]
    window.privacy_page.button.click()
    assert c.submit_human("take:1") and c.awaiting_privacy == 1
    window.privacy_page.button.click()  # player 2 now holds the screen
    w = window.files.replay_current()
    assert _seats_offered(w) == [1, None] and w.seat == 1


def test_a_finished_game_is_replayed_from_every_seat(make_window, tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    sf.save(path, finished_toy(), ["human", "easy"])
    w = make_window().files.replay_file(path)
    assert _seats_offered(w) == [0, 1, None]


def test_the_replay_names_the_seats_as_the_match_did(make_window, tmp_path: Path) -> None:
    # The names kept in a save word the seat list, the log and the table's seat panels.
    import random

    from tabletop.games.magos.plugin import PLUGIN as MAGOS

    game = MAGOS.game
    s = Session(game, 2, {}, 4, human_seats=[0, 1])
    rng = random.Random(4)
    while not s.is_terminal():
        s.submit(s.current_player(), rng.choice(s.legal_actions()))
    path = tmp_path / "named.json"
    sf.save(path, s, ["human", "human"], ui={"names": ["Aiko", "Ben"]})
    window = make_window({"magos": MAGOS})
    w = window.files.replay_file(path)
    assert isinstance(w, ReplayWindow)
    assert [w.seat_combo.itemText(i) for i in range(2)] == ["Aiko", "Ben"]
    w.set_seat(None)
    w.last()
    assert w.table.item_for("row0").label() == "Aiko's spells"
    log = "\n".join(w.log.item(i).text() for i in range(w.log.count()))
    assert "Aiko" in log and "Player 1" not in log


def test_a_replay_closed_is_let_go(make_window, qtbot) -> None:
    """Each replay opened replaces the last one, which goes with its copy of the match and
    its table: opened a hundred times in an evening, they used to pile up until the app quit."""
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["human", "easy"], {}, seed=5))
    assert c is not None
    qtbot.waitUntil(c.is_human_turn, timeout=30_000)
    for _ in range(4):
        window.files.replay_current()
        qtbot.wait(1)  # the closed ones are deleted once the event loop runs
    assert len(window.findChildren(ReplayWindow)) == 1
    window.files.close_running_replay()
    qtbot.wait(1)
    assert window.findChildren(ReplayWindow) == []
