"""The controller shows the chance after a decision one state at a time: the Magos solo enemy's
dice light up their face-table rows in order, with the log growing step by step, input off until
the last step, and leaving the match stops the show."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.app.newgame import GameSetup
from tabletop.engine import CHANCE
from tabletop.engine.layout import Layout
from tabletop.games.magos.data import enemy_dice_v11
from tests.app.magos_driver import PLUGINS, SOLO, greedy, solo_plugins

pytestmark = pytest.mark.skipif(SOLO not in PLUGINS, reason="Magos solo did not load")


class SyncRecorder:
    """Wraps the table's ``sync`` to keep every layout shown, and whether input was open."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.layouts: list[Layout] = []
        self.human_turn: list[bool] = []
        self._sync = window.table.sync
        window.table.sync = self

    def __call__(self, layout: Layout, gestures: list[Any], animate: bool = True) -> None:
        self.layouts.append(layout)
        c = self.window.controller
        self.human_turn.append(bool(c is not None and c.is_human_turn()))
        self._sync(layout, gestures, animate)

    def active_rows(self) -> list[str | None]:
        rows = []
        for layout in self.layouts:
            lit = [p.id for p in layout.pieces if p.id.startswith("row") and p.state == "active"]
            assert len(lit) <= 1
            rows.append(lit[0] if lit else None)
        return rows


def start_battle(window: Any, seed: int = 3) -> Any:
    setup = GameSetup(SOLO, 1, ["human"], {"enemy": "training_dummy"}, seed=seed)
    c = window.start_game(setup)
    assert c is not None and c.is_human_turn()
    return c


def play_to_end_of_turn(c: Any) -> None:
    """Play the wizard's first turn greedily, up to (not including) ending it."""
    while True:
        action = greedy(c.session.legal_actions())
        if action == "end":
            return
        assert c.submit_human(action)


def end_turn_in_steps(make_window: Any, step_ms: int) -> tuple[Any, Any, SyncRecorder]:
    """A battle whose wizard plays the first turn and ends it, the enemy's chance then shown
    ``step_ms`` apart: the window, the controller and the record of what the table showed
    from the end of the turn on."""
    window = make_window(solo_plugins())
    c = start_battle(window)
    play_to_end_of_turn(c)
    c.chance.step_ms = step_ms
    rec = SyncRecorder(window)
    assert c.submit_human("end")
    return window, c, rec


def test_the_enemy_dice_light_their_rows_one_after_another(make_window) -> None:
    window = make_window(solo_plugins())
    c = start_battle(window)
    assert c.chance.step_ms == 0  # animations off: the same steps, no pauses
    play_to_end_of_turn(c)
    before = len(c.session.history)
    batches: list[list[str]] = []
    c.log_appended.connect(lambda lines: batches.append(list(lines)))
    rec = SyncRecorder(window)
    assert c.submit_human("end")
    records = c.session.history[before:]
    faces = enemy_dice_v11(1)  # MG-T2: the enemy's first turn shows 1 and 6
    assert [r.action for r in records] == ["end", *(f"enemy:{f}" for f in faces),
                                           records[-1].action]
    assert records[-1].action.startswith("roll:")  # then the wizard's dice
    # One sync per state: after "end", after each enemy die, then the wizard's turn.
    assert len(rec.layouts) == len(records)
    assert rec.active_rows() == [None, *(f"row0-{f}" for f in faces), None]
    assert rec.human_turn == [False] * (len(records) - 1) + [True]
    # The log grew with each step: the end of the turn, then each die on its own.
    described = [[c.speaker.say(e, "en") for e in r.events if e.logged] for r in records]
    assert batches[:len(faces) + 1] == described[:len(faces) + 1]
    assert batches[1][0].startswith("Training Dummy rolls 1:")
    assert batches[2][0].startswith("Training Dummy rolls 6:")
    assert window.table_page.log.toPlainText().splitlines() == c.log.lines()


def test_with_a_pause_the_steps_wait_and_input_stays_off(make_window, qtbot) -> None:
    window, c, rec = end_turn_in_steps(make_window, 15)
    assert c.chance.playing and len(rec.layouts) == 1  # the first step only, so far
    assert not window.table.is_interactive() and window.table_page.game_buttons == []
    assert not c.submit_human("end")  # input waits for the last step
    assert not c.hints.ask()
    qtbot.waitUntil(lambda: not c.chance.playing, timeout=5000)
    assert rec.active_rows() == [None, "row0-1", "row0-6", None]
    assert c.is_human_turn() and window.table.is_interactive()


def test_leaving_the_match_stops_the_steps(make_window, qtbot) -> None:
    window, c, rec = end_turn_in_steps(make_window, 10)
    assert c.chance.playing
    window.back_to_chooser()
    assert not c.chance.playing
    shown = len(rec.layouts)
    qtbot.wait(60)
    assert len(rec.layouts) == shown  # nothing more was drawn after the match ended


def test_a_decision_without_chance_syncs_once(make_window) -> None:
    window = make_window(solo_plugins())
    c = start_battle(window)
    rec = SyncRecorder(window)
    before = len(c.session.history)
    assert c.submit_human(greedy(c.session.legal_actions()))
    assert all(r.seat != CHANCE for r in c.session.history[before:])
    assert len(rec.layouts) == 1 and not c.chance.playing
