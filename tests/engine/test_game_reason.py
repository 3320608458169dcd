"""The refusals every game gives before its own (``Game.reason`` and the game's ``refuse``):
a legal action has none, then the end of the game, an action only chance takes and chance's
turn are refused in that order, each in the game's words, before the game's rules speak."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from tabletop.api import CHANCE, TERMINAL, Event, Game, GameSpec, IllegalActionError, Msg


class DealState:
    """A one-card deal, then one move each: ``phase`` is ``deal``, ``move`` or ``over``."""

    def __init__(self) -> None:
        self.phase = "deal"
        self.turn = 0

    def clone(self) -> DealState:
        s = DealState()
        s.phase, s.turn = self.phase, self.turn
        return s


class DealGame(Game[DealState]):
    """Chance deals (``deal:<card>``), then ``play`` or ``pass``; ``refuse`` speaks of
    ``play`` only."""

    spec = GameSpec(id="deal", name_en="Deal", name_ja="配り", min_players=2, max_players=2)
    chance_kinds = ("deal",)

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> DealState:
        return DealState()

    def current_player(self, state: DealState) -> int:
        return {"deal": CHANCE, "over": TERMINAL}.get(state.phase, state.turn)

    def legal_actions(self, state: DealState) -> list[str]:
        if state.phase == "deal":
            return ["deal:1", "deal:2"]
        return ["pass"] if state.phase == "move" else []

    def chance_outcomes(self, state: DealState) -> list[tuple[str, float]]:
        return [("deal:1", 0.5), ("deal:2", 0.5)] if state.phase == "deal" else []

    def apply_in_place(self, state: DealState, action: str) -> list[Event]:
        state.phase = "move" if state.phase == "deal" else "over"
        return []

    def refuse(self, state: DealState, action: str) -> Msg | None:
        return Msg("refuse.play_later") if action == "play" else super().refuse(state, action)

    def returns(self, state: DealState) -> list[float]:
        return [0.0, 0.0]

    def observation(self, state: DealState, seat: int | None) -> dict[str, Any]:
        return {"phase": state.phase}

    def resample(self, obs: Mapping[str, Any], seat: int, rng: random.Random) -> DealState:
        s = DealState()
        s.phase = str(obs["phase"])
        return s

    def state_to_json(self, state: DealState) -> dict[str, Any]:
        return {"phase": state.phase}

    def state_from_json(self, data: Mapping[str, Any]) -> DealState:
        return self.resample(data, 0, random.Random(0))


class WordyDealGame(DealGame):
    """The same rules, refusing in words of its own and leaving chance's turn to ``refuse``."""

    over_refusal = "refuse.over"
    chance_refusal = "refuse.deck"
    waiting_refusal = None


GAME = DealGame()
WORDY = WordyDealGame()


def _at(phase: str) -> DealState:
    s = DealState()
    s.phase = phase
    return s


def test_a_legal_action_has_no_reason() -> None:
    assert GAME.reason(_at("deal"), "deal:1") is None
    assert GAME.reason(_at("move"), "pass") is None


def test_the_shared_refusals_come_in_their_order() -> None:
    over, deal, move = _at("over"), _at("deal"), _at("move")
    # The end of the game first, whatever the action...
    assert GAME.reason(over, "deal:1") == Msg("game_over")
    assert GAME.reason(over, "play") == Msg("game_over")
    # ...then an action only chance takes, even on a seat's turn...
    assert GAME.reason(move, "deal:3") == Msg("refuse.chance")
    assert GAME.reason(deal, "deal:3") == Msg("refuse.chance")
    # ...then any seat's action while chance is to act...
    assert GAME.reason(deal, "play") == Msg("refuse.dealing")
    assert GAME.reason(deal, "pass") == Msg("refuse.dealing")
    # ...and only then the game's own rules, with ``not_possible`` where they name none.
    assert GAME.reason(move, "play") == Msg("refuse.play_later")
    assert GAME.reason(move, "fold") == Msg("not_possible", action="fold")


def test_a_game_gives_the_shared_refusals_in_its_own_words() -> None:
    assert WORDY.reason(_at("over"), "play") == Msg("refuse.over")
    assert WORDY.reason(_at("move"), "deal:3") == Msg("refuse.deck")
    # No words for chance's turn: the game's ``refuse`` answers then.
    assert WORDY.reason(_at("deal"), "play") == Msg("refuse.play_later")
    assert WORDY.reason(_at("deal"), "fold") == Msg("not_possible", action="fold")


def test_check_action_refuses_with_the_reason() -> None:
    with pytest.raises(IllegalActionError) as caught:
        GAME.check_action(_at("move"), "play")
    assert caught.value.reason == Msg("refuse.play_later")
