"""Multiple-observer ISMCTS on a one-shot face-down game, and the guarantee that games which do
not declare hidden moves are searched exactly as before."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from tabletop.ai import MCTSAgent, make_agent, mo_ismcts
from tabletop.engine import TERMINAL, Event, Game, GameSpec, Session
from tabletop.engine.game import Observation
from tabletop.games.magos.model import MagosGame
from tests.toygame import ToyGame


class FaceDownState:
    def __init__(self, hand: list[str]) -> None:
        self.hand = hand
        self.played = ""
        self.call = ""

    def clone(self) -> FaceDownState:
        s = FaceDownState(self.hand[:])
        s.played, s.call = self.played, self.call
        return s


class FaceDownGame(Game[FaceDownState]):
    """Seat 0 plays one card of its open hand face down (``play:a``, ``play:b``...); seat 1
    names its letter (``call:a``/``call:b``); ``payoff[(letter, call)]`` is seat 0's result.
    The smallest game with a hidden move followed by a guess."""

    spec = GameSpec(id="face-down", name_en="Face down", name_ja="伏せ札", min_players=2,
                    max_players=2)
    has_hidden_moves = True

    def __init__(self, payoff: Mapping[tuple[str, str], float],
                 hand: tuple[str, ...] = ("a", "b"), rewinds: bool = True) -> None:
        self.payoff = dict(payoff)
        self.hand = list(hand)
        self.rewinds = rewinds

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> FaceDownState:
        return FaceDownState(self.hand[:])

    def num_players(self, state: FaceDownState) -> int:
        return 2

    def current_player(self, state: FaceDownState) -> int:
        return TERMINAL if state.call else 1 if state.played else 0

    def legal_actions(self, state: FaceDownState) -> list[str]:
        p = self.current_player(state)
        if p == 0:
            return sorted({f"play:{c}" for c in state.hand})
        return ["call:a", "call:b"] if p == 1 else []

    def chance_outcomes(self, state: FaceDownState) -> list[tuple[str, float]]:
        return []

    def apply_in_place(self, state: FaceDownState, action: str) -> list[Event]:
        kind, _, arg = action.partition(":")
        if kind == "play":
            state.hand.remove(arg)
            state.played = arg
        else:
            state.call = arg
        return []

    def returns(self, state: FaceDownState) -> list[float]:
        if not state.call:
            return [0.0, 0.0]
        v = self.payoff[(state.played[0], state.call)]
        return [v, -v]

    def observation(self, state: FaceDownState, seat: int | None) -> Observation:
        shown = seat == 0 or bool(state.call)
        return {"hand": len(state.hand), "played": state.played if shown else bool(state.played),
                "call": state.call, "mine": state.hand[:] if seat == 0 else None}

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> FaceDownState:
        s = FaceDownState([])
        if seat == 0 or obs["call"] or not obs["played"]:
            s.hand = list(obs["mine"]) if seat == 0 else self.hand[:]
            s.played = str(obs["played"] or "")
            s.call = str(obs["call"])
            return s
        cards = self.hand[:]  # the played card is any of the hand, uniformly
        s.played = cards.pop(rng.randrange(len(cards)))
        s.hand = cards
        return s

    def public_action(self, state: FaceDownState, action: str, seat: int) -> str:
        return "play" if seat == 1 and action.startswith("play:") else action

    def rewind_hidden_move(self, state: FaceDownState, seat: int) -> str | None:
        if not self.rewinds or seat != 1 or not state.played or state.call:
            return None
        state.hand = sorted([*state.hand, state.played])
        state.played = ""
        return "play"

    def state_to_json(self, state: FaceDownState) -> dict[str, Any]:
        return {"hand": state.hand, "played": state.played, "call": state.call}

    def state_from_json(self, data: Mapping[str, Any]) -> FaceDownState:
        s = FaceDownState(list(data["hand"]))
        s.played, s.call = str(data["played"]), str(data["call"])
        return s


#: Matching pennies: the defender wins by naming the card, the attacker by escaping.
PENNIES = {("a", "a"): -1.0, ("a", "b"): 1.0, ("b", "a"): 1.0, ("b", "b"): -1.0}


def _played(game: FaceDownGame, card: str) -> FaceDownState:
    state = game.new_initial_state(2, {})
    game.apply_in_place(state, f"play:{card}")
    return state


def _decide(game: Game[Any], state: Any, seat: int, seed: int, iterations: int = 400) -> Any:
    agent = MCTSAgent(iterations)
    return agent.choose(game, game.observation(state, seat), seat,
                        game.legal_actions(state), seed=seed)


class _SingleObserver(FaceDownGame):
    has_hidden_moves = False


def test_the_defender_no_longer_sees_the_face_down_card() -> None:
    # Strategy fusion: in one shared tree the simulated defender is reached through the true
    # card, names it every time, and the attacker expects to lose whatever it plays. With one
    # tree per seat the defender's call cannot depend on the card, so escaping has a chance.
    fused = _SingleObserver(PENNIES)
    state = fused.new_initial_state(2, {})
    assert _decide(fused, state, 0, 1).value < -0.9
    game = FaceDownGame(PENNIES)
    assert _decide(game, state, 0, 1).value > -0.5


def test_both_sides_of_a_guess_choose_mixed_and_seeded() -> None:
    game = FaceDownGame(PENNIES)
    start = game.new_initial_state(2, {})
    plays = Counter(_decide(game, start, 0, seed).action for seed in range(16))
    calls = Counter(_decide(game, _played(game, "a"), 1, seed).action for seed in range(16))
    assert set(plays) == {"play:a", "play:b"}, plays
    assert set(calls) == {"call:a", "call:b"}, calls
    again = Counter(_decide(game, start, 0, seed).action for seed in range(16))
    assert again == plays


def test_the_answer_to_a_hidden_move_follows_what_a_thinking_opponent_plays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Card "a" dominates the two "b" cards for the attacker, so a thinking attacker plays it
    # and the defender should name "a". A uniform guess of the face-down card (2 of 3 are
    # "b") makes "call:b" look better. Rewinding lets the attacker choose again in-tree.
    payoff = {("a", "a"): 0.2, ("a", "b"): 0.6, ("b", "a"): 0.0, ("b", "b"): -1.0}
    monkeypatch.setattr(mo_ismcts, "MODEL_WEIGHT", 0.0)  # a thinking opponent only
    hand = ("a", "b1", "b2")
    thinking = FaceDownGame(payoff, hand)
    blind = FaceDownGame(payoff, hand, rewinds=False)
    state = _played(thinking, "b1")  # the defender's choice must not depend on it anyway
    with_rewind = Counter(_decide(thinking, state, 1, seed).action for seed in range(8))
    without = Counter(_decide(blind, state, 1, seed).action for seed in range(8))
    assert with_rewind["call:a"] >= 7, with_rewind
    assert without["call:b"] >= 7, without


def test_careless_opponents_are_punished_at_the_default_model_weight() -> None:
    # MODEL_WEIGHT: part of the time the opponent is modelled as guessing at random, so
    # against the same dominated cards the default search still names the likelier "b".
    payoff = {("a", "a"): 0.2, ("a", "b"): 0.6, ("b", "a"): 0.0, ("b", "b"): -1.0}
    game = FaceDownGame(payoff, ("a", "b1", "b2"))
    calls = Counter(_decide(game, _played(game, "a"), 1, seed).action for seed in range(8))
    assert calls["call:b"] >= 6, calls


def test_rewinding_restores_a_state_the_defender_cannot_tell_apart() -> None:
    game = FaceDownGame(PENNIES, ("a", "b1", "b2"))
    state = _played(game, "b2")
    obs = game.observation(state, 1)
    guess = game.resample(obs, 1, random.Random(3))
    assert game.rewind_hidden_move(guess, 1) == "play"
    assert game.current_player(guess) == 0
    for action in game.legal_actions(guess):
        assert game.public_action(guess, action, 1) == "play"
        again = guess.clone()
        game.apply_in_place(again, action)
        assert game.observation(again, 1) == obs


def test_games_without_hidden_moves_keep_the_single_observer_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Bit-for-bit as before: the new search is never entered, and the default hooks are inert.
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("multiple-observer search used for a game without hidden moves")

    monkeypatch.setattr(mo_ismcts, "choose", refuse)
    for game, options, plies in ((ToyGame(), None, 1), (MagosGame(), {"setup": "draft"}, 14)):
        assert not game.has_hidden_moves
        session = Session(game, 2, options, seed=3)
        rng = random.Random(3)
        for _ in range(plies):
            legal = session.legal_actions()
            session.submit(session.current_player(), legal[rng.randrange(len(legal))])
        while len(session.legal_actions()) < 2:
            session.submit(session.current_player(), session.legal_actions()[0])
        seat, legal = session.current_player(), session.legal_actions()
        state = session.state.clone()
        assert all(game.public_action(state, a, 1 - seat) == a for a in legal)
        assert game.rewind_hidden_move(state, seat) is None
        assert game.state_to_json(state) == game.state_to_json(session.state)
        for level in ("easy", "hard"):
            decision = make_agent(level).choose(game, session.observation(seat), seat, legal,
                                                seed=5)
            assert decision.action in legal
