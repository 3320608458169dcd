"""What the engine gives a game that does not say otherwise: its number of seats, resampling
from a resampler, its JSON form from its table of fields; and the small helpers the games'
states and samplers share (``StateFields.load_shown``, ``take_copy``, ``count_copies``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tabletop.api import (
    COPIES,
    INT,
    INTS,
    STR,
    TERMINAL,
    Event,
    Game,
    GameSpec,
    Observation,
    StateFields,
    count_copies,
    derived,
    maybe,
    take_copy,
)

FIELDS = StateFields(n=INT, phase=STR, seen=INTS, deck=COPIES,
                     deck_size=derived(lambda s: sum(s.deck.values())),
                     last=maybe(lambda v: dict(v)))


class TableState:
    __slots__ = FIELDS.names

    def __init__(self, n: int) -> None:
        self.n = n
        self.phase = "play"
        self.seen: list[int] = []
        self.deck: dict[str, int] = {"a": 2, "b": 1}
        self.deck_size = 3
        self.last: dict[str, Any] | None = None

    def clone(self) -> TableState:
        return FIELDS.clone(self)


class TableGame(Game[TableState]):
    """A game of 2 to 4 seats that gives only what the engine cannot know."""

    spec = GameSpec(id="table", name_en="Table", name_ja="卓", min_players=2, max_players=4)
    fields: StateFields | None = FIELDS
    draws = 0

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> TableState:
        return TableState(num_players)

    def current_player(self, state: TableState) -> int:
        return TERMINAL

    def legal_actions(self, state: TableState) -> list[str]:
        return []

    def chance_outcomes(self, state: TableState) -> list[tuple[str, float]]:
        return []

    def apply_in_place(self, state: TableState, action: str) -> list[Event]:
        return []

    def returns(self, state: TableState) -> list[float]:
        return [0.0] * state.n

    def observation(self, state: TableState, seat: int | None) -> dict[str, Any]:
        return {"n": state.n, "phase": state.phase}

    def resampler(self, obs: Observation, seat: int) -> Callable[[random.Random], TableState]:
        base = FIELDS.load_shown(TableState(int(obs["n"])), obs, "phase")

        def sample(rng: random.Random) -> TableState:
            self.draws += 1
            s = base.clone()
            s.seen = [rng.randrange(10)]
            return s

        return sample

    def blank_state(self, data: Mapping[str, Any]) -> TableState:
        return TableState(int(data["n"]))


class DuelGame(TableGame):
    spec = GameSpec(id="duel", name_en="Duel", name_ja="決闘", min_players=2, max_players=2)


class BareGame(TableGame):
    """Gives no sampler and no table of fields."""

    fields = None
    resampler = Game.resampler


def test_the_number_of_seats_is_the_spec_s_or_the_state_s() -> None:
    assert TableGame().num_players(TableState(3)) == 3
    duel = DuelGame()
    assert duel.num_players(duel.new_game()) == 2


def test_resample_is_one_draw_of_the_resampler() -> None:
    game = TableGame()
    obs = game.observation(TableState(3), 0)
    s = game.resample(obs, 0, random.Random(4))
    assert game.draws == 1
    assert (s.n, s.phase, s.seen) == (3, "play", [random.Random(4).randrange(10)])


def test_a_game_without_a_sampler_says_so() -> None:
    with pytest.raises(NotImplementedError, match="BareGame"):
        BareGame().resample({"n": 2, "phase": "play"}, 0, random.Random(0))


def test_the_json_form_is_the_table_s() -> None:
    game = TableGame()
    s = TableState(2)
    s.phase, s.seen, s.last = "over", [4, 5], {"who": 1}
    data = game.state_to_json(s)
    assert data == FIELDS.to_json(s)
    back = game.state_from_json(data)
    assert FIELDS.to_json(back) == data
    assert back.deck_size == 3
    with pytest.raises(NotImplementedError, match="state_to_json"):
        BareGame().state_to_json(s)
    with pytest.raises(NotImplementedError, match="state_from_json"):
        BareGame().state_from_json(data)


def test_load_shown_reads_the_named_fields_by_their_own_load() -> None:
    s = FIELDS.load_shown(TableState(2), {"phase": 7, "seen": ["1", 2], "last": None,
                                          "deck": {"a": "1"}, "other": 3},
                          "phase seen last")
    assert (s.phase, s.seen, s.last) == ("7", [1, 2], None)
    assert s.deck == {"a": 2, "b": 1}  # not named: left as it was
    shown = {"deck": {"c": 1}}
    s = FIELDS.load_shown(TableState(2), shown, "deck")
    assert s.deck == {"c": 1} and s.deck is not shown["deck"]
    with pytest.raises(KeyError):
        FIELDS.load_shown(TableState(2), {}, "phase")


def test_take_copy_takes_one_copy_and_drops_the_last() -> None:
    deck = {"a": 2, "b": 1}
    take_copy(deck, "a")
    assert deck == {"a": 1, "b": 1}
    take_copy(deck, "b")
    assert deck == {"a": 1}
    with pytest.raises(KeyError):
        take_copy(deck, "b")


def test_count_copies_counts_each_card_at_its_place() -> None:
    index = {-5: 0, 1: 1, 2: 2, 8: 3}
    assert count_copies([2, 8, 2, -5], index) == [1, 0, 2, 1]
    assert count_copies([], index) == [0, 0, 0, 0]
