"""Session, undo policy, options and the conformance kit, on a tiny game."""

from __future__ import annotations

import pytest

from tabletop.engine import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    Session,
    UndoRefusedError,
    check_game,
)
from tabletop.text import render
from tests.toygame import TOY_WORDS, ToyGame


def test_conformance_kit_passes_on_toy() -> None:
    report = check_game(ToyGame(), seeds=range(20))
    assert report.games == 20
    assert report.resamples_differing > 0


def test_session_is_seeded() -> None:
    a = Session(ToyGame(), seed=5)
    b = Session(ToyGame(), seed=5)
    assert a.state.secret == b.state.secret
    differs = any(Session(ToyGame(), seed=s).state.secret != a.state.secret for s in range(20))
    assert differs


def test_wrong_turn_and_illegal_moves_change_nothing() -> None:
    s = Session(ToyGame(), seed=1)
    before = s.state_hash()
    with pytest.raises(IllegalActionError) as refused:
        s.submit(1, "take:1")
    assert "seat 1's turn" in render(refused.value.reason, "en", TOY_WORDS, strict=True)
    with pytest.raises(InvalidActionError):
        s.submit(0, "jump")
    s.submit(0, "take:2")
    s.submit(1, "take:2")
    s.submit(0, "take:2")
    with pytest.raises(IllegalActionError) as refused:
        s.submit(1, "take:2")
    assert "Only 1 stones" in render(refused.value.reason, "en", TOY_WORDS, strict=True)
    assert s.state.stones == 1
    assert before != s.state_hash()


def test_undo_stops_at_revealed_information() -> None:
    s = Session(ToyGame(), seed=1, human_seats=[0])
    with pytest.raises(UndoRefusedError) as refused:
        s.undo()
    assert "new information" in render(refused.value.msg, "en", TOY_WORDS, strict=True)
    s.submit(0, "take:1")
    s.submit(1, "take:2")  # an AI reply
    s.undo()  # takes back the AI reply and the human move together
    assert s.state.stones == 7
    assert len([r for r in s.history if r.seat != CHANCE]) == 0
    s.redo()
    assert s.state.stones == 4


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptionError, match="one of 5, 7, 9"):
        Session(ToyGame(), options={"stones": "8"})
    with pytest.raises(InvalidOptionError, match="no option 'colour'"):
        Session(ToyGame(), options={"colour": "red"})
    with pytest.raises(InvalidOptionError, match="exactly 2 players"):
        Session(ToyGame(), num_players=3)
    assert Session(ToyGame(), options={"stones": "5"}).state.stones == 5


def test_save_and_replay_round_trip() -> None:
    s = Session(ToyGame(), seed=3)
    s.submit(0, "take:1")
    s.submit(1, "take:1")
    data = s.to_json()
    again = Session.from_json(ToyGame(), data)
    assert again.state_hash() == data["state_hash"]


def test_a_copy_goes_its_own_way_and_shares_the_recorded_states() -> None:
    game = ToyGame()
    s = Session(game, seed=3, human_seats=[0, 1])
    s.submit(0, "take:1")
    stones = s.state.stones
    copy = s.copy()
    assert copy.state is s.state and copy.history == s.history
    copy.submit(1, "take:2")
    assert len(copy.history) == len(s.history) + 1 and s.state.stones == stones
    copy.undo()
    assert copy.can_redo() and not s.can_redo()
    assert copy.state_hash() == s.state_hash()


def test_a_copy_with_a_drawn_state_keeps_the_history() -> None:
    # For checks that compare what a seat is shown in positions it cannot tell apart.
    import random

    game = ToyGame()
    s = Session(game, seed=3, human_seats=[0, 1])
    s.submit(0, "take:1")
    drawn = game.resample(s.observation(1), 1, random.Random(0))
    copy = s.copy(drawn)
    assert copy.state is drawn and s.state is not drawn
    assert copy.observation(1) == s.observation(1)
    assert [e.to_json() for e in copy.events_for(1)] == [e.to_json() for e in s.events_for(1)]
