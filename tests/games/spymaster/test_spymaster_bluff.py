"""Spymaster and the AI as a bluffer: the face-down card stays hidden from the search
(``public_action``, ``rewind_hidden_move``), choices ignore hidden facts, the hard attacker
plays every type (it bluffs), the hard defender's calls follow what the attacker can hold and
vary (it calls bluffs), and a fixed counter-strategy loses (slow; -m slow)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.ai import Agent, Decision, make_agent
from tabletop.ai.base import CancelFlag
from tabletop.ai.mo_ismcts import MIX_FLOOR
from tabletop.engine import Game, Session
from tabletop.games.spymaster.data import card_type
from tabletop.games.spymaster.model import Phase, SpymasterState
from tabletop.testing.aicheck import assert_choice_ignores_hidden_facts, rotated_wins, untimed
from tests.games.spymaster.spy_build import GAME, play, position

# -- the hooks ------------------------------------------------------------------------------


def test_only_the_face_down_card_is_hidden_from_the_defender() -> None:
    # SM-R11: the attacker plays face down; everything else happens in the open.
    s = position(["spy2", "spy5", "forces", "hacker"], ["spy1", "spy7"], attacker=0)
    for a in GAME.legal_actions(s):
        assert GAME.public_action(s, a, 0) == a
        assert GAME.public_action(s, a, 1) == "play"
    called, _ = play(s, "play:spy2", "call:hacker")  # SM-R13: success, then SM-R27
    assert called.phase == Phase.TUCK
    for a in GAME.legal_actions(called):  # tuck:spy5 / pass show their card
        assert GAME.public_action(called, a, 1) == a
    s = position(["spy2"], ["spy1"], attacker=1)
    s, _ = play(s, "play:spy1")
    for a in GAME.legal_actions(s):  # SM-R12: the call is heard by both
        assert GAME.public_action(s, a, 1) == a == GAME.public_action(s, a, 0)


def test_rewinding_puts_the_face_down_card_back_in_the_attacker_hand() -> None:
    # SM-R11..R12: the defender's search may replay the attacker's choice among the cards it
    # could have played; every one of them leads back to what the defender sees now.
    s = position(["spy2", "spy5", "forces", "hacker"], ["spy1", "spy7", "hacker"], attacker=0,
                 may_stop=True)
    s, _ = play(s, "play:hacker", "call:spy", "draw:spy3", "draw:spy9", "play:spy5")
    assert s.phase == Phase.CALL and s.hits == 1  # "stop" is legal after the rewind
    obs = GAME.observation(s, 1)
    for k in range(5):
        guess = GAME.resample(obs, 1, random.Random(k))
        hand = sorted([*guess.hands[0], guess.played])
        assert GAME.rewind_hidden_move(guess, 1) == "play"
        assert GAME.current_player(guess) == 0 and guess.phase == Phase.PLAY
        assert sorted(guess.hands[0]) == hand and guess.played == ""
        looks_alike = [a for a in GAME.legal_actions(guess)
                       if GAME.public_action(guess, a, 1) == "play"]
        assert "stop" in GAME.legal_actions(guess) and "stop" not in looks_alike
        for a in looks_alike:
            again, _ = GAME.apply(guess, a)
            assert GAME.observation(again, 1) == obs
    # Nothing to rewind for the attacker, or when no card is face down.
    state = s.clone()
    assert GAME.rewind_hidden_move(state, 0) is None
    assert GAME.state_to_json(state) == GAME.state_to_json(s)
    fresh = position(["spy2"], ["spy1"])
    assert GAME.rewind_hidden_move(fresh, 1) is None


# -- fairness -------------------------------------------------------------------------------


def _decision_point(seed: int, phase: str, skip: int) -> Session:
    """A session of random play stopped at the ``skip``-th real choice in ``phase``."""
    session = Session(GAME, 2, None, seed=seed)
    rng = random.Random(seed)
    seen = 0
    while True:
        assert not session.is_terminal(), "no such decision in this game"
        legal = session.legal_actions()
        if session.state.phase == phase and len(legal) > 1:
            if seen == skip:
                return session
            seen += 1
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])


def _hand_limit() -> SpymasterState:
    """Player 1 is caught with 8 cards left in hand and must discard 4 (SM-R15)."""
    s = position(["spy1", "spy2", "spy3", "spy4", "forces", "forces", "hacker", "hacker",
                  "hacker"], ["spy5", "forces"], attacker=0)
    s, _ = play(s, "play:spy1", "call:spy")
    assert s.phase == Phase.DISCARD and s.discard_left == [4, 0]
    return s


# (seed, phase, skip): the defender naming a face-down card, the attacker choosing one, a
# tuck; then a hand-limit discard built directly.
@pytest.mark.parametrize(("seed", "phase", "skip"),
                         [(3, Phase.CALL, 0), (5, Phase.CALL, 4), (4, Phase.PLAY, 2),
                          (3, Phase.TUCK, 1), (0, Phase.DISCARD, -1)])
def test_choice_ignores_facts_hidden_from_the_agent(seed: int, phase: str, skip: int) -> None:
    # DESIGN §3: an agent's choice must not change when only hidden facts change - here the
    # face-down card (SM-R11), the other hand and the deck order.
    state = _hand_limit() if skip < 0 else _decision_point(seed, phase, skip).state
    seat = GAME.current_player(state)
    obs = GAME.observation(state, seat)
    if phase == Phase.CALL:  # the face-down card itself is among the facts that change
        assert len({GAME.resample(obs, seat, random.Random(k)).played for k in range(40)}) > 1
    assert_choice_ignores_hidden_facts(GAME, state)


# -- bluffing and calling bluffs ------------------------------------------------------------

HARD = make_agent("hard", time_cap=None)

#: Attacker hands with every type, against defender hands that hold 1, 0 and 2 of the Special
#: Forces; rounds 1 and 3 (the opening has no draw, SM-R10).
SPOTS: list[tuple[list[str], list[str], int]] = [
    (["spy2", "spy5", "forces", "hacker", "spy8"], ["spy1", "spy6", "forces", "hacker", "spy9"],
     1),
    (["spy3", "spy5", "forces", "hacker", "hacker"], ["spy1", "spy6", "spy7", "hacker", "spy9"],
     1),
    (["spy3", "spy4", "forces", "hacker", "spy7"], ["spy1", "forces", "forces", "hacker", "spy9"],
     3),
]


def test_hard_attacker_bluffs_with_every_type() -> None:
    # SM-R11: which type to play face down is a guessing game (SM-R20..R29 make every type
    # worth something when it gets through); a fixed habit would be read and punished.
    types: Counter[str] = Counter()
    for hand0, hand1, rounds in SPOTS:
        s = position(hand0, hand1, attacker=0, rounds=rounds)
        obs, legal = GAME.observation(s, 0), GAME.legal_actions(s)
        for seed in range(6):
            action = HARD.choose(GAME, obs, 0, legal, seed=seed).action
            types[card_type(action.removeprefix("play:"))] += 1
    assert sum(types.values()) == 18
    assert all(types[t] >= 2 for t in ("spy", "forces", "hacker")), types
    assert max(types.values()) <= 12, types


def test_hard_defender_calls_vary_with_the_seed_in_open_spots() -> None:
    # SM-R12: the defender mixes its calls; the same spot does not always get the same call.
    # A mixed decision is drawn among the calls within MIX_FLOOR of the favourite's visits
    # (``mo_ismcts``): over the seeds, that draw must offer more than one call, and more than
    # one call must be drawn. (In the first spot about one seed in ten draws a call other than
    # Special Forces, so the calls drawn are counted over 40 seeds, not a lucky handful.)
    for (hand0, hand1, rounds), card in zip(SPOTS[::2], ("spy2", "spy3"), strict=True):
        s = position(hand0, hand1, attacker=0, rounds=rounds)
        s, _ = play(s, f"play:{card}")
        obs, legal = GAME.observation(s, 1), GAME.legal_actions(s)
        offered: Counter[str] = Counter()
        calls: Counter[str] = Counter()
        for seed in range(40):
            decision = HARD.choose(GAME, obs, 1, legal, seed=seed)
            top = max(decision.visits.values())
            pool = {a for a, v in decision.visits.items() if v >= MIX_FLOOR * top}
            assert decision.action in pool
            offered.update(pool)
            calls[decision.action] += 1
        assert len(offered) >= 2, offered
        assert len(calls) >= 2, calls


@pytest.mark.parametrize(("hand1", "discard", "impossible"), [
    (["spy1", "forces", "forces", "forces", "spy9"], ["forces", "forces", "forces"], "forces"),
    (["spy1", "spy2", "spy3", "spy4", "spy5"], ["spy6", "spy7", "spy8", "spy9"], "spy"),
])
def test_hard_defender_never_names_a_type_the_attacker_cannot_hold(
        hand1: list[str], discard: list[str], impossible: str) -> None:
    # SM-R12: every copy of the type is in sight (the defender's hand and the discard pile),
    # so the face-down card cannot be one; naming it would give the attack away.
    hand0 = ["spy2", "spy7", "hacker", "hacker", "spy5"] if impossible == "forces" else \
        ["forces", "forces", "hacker", "hacker", "forces"]
    s = position(hand0, hand1, attacker=0, discard=discard)
    s, _ = play(s, "play:hacker")
    obs, legal = GAME.observation(s, 1), GAME.legal_actions(s)
    calls = Counter(HARD.choose(GAME, obs, 1, legal, seed=seed).action for seed in range(6))
    assert calls[f"call:{impossible}"] == 0, calls


# -- a fixed counter-strategy ---------------------------------------------------------------


class _Script(Agent):
    """A fixed exploit: never plays Special Forces (if it can help it), always names Hacker,
    and otherwise plays at random."""

    name = "script"

    def decide(self, game: Game[Any], obs: dict[str, Any], seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None) -> Decision:
        rng = random.Random(seed)
        plays = [a for a in legal if a.startswith("play:") and a != "play:forces"]
        if plays:
            return Decision(rng.choice(plays))
        if "call:hacker" in legal:
            return Decision("call:hacker")
        return Decision(rng.choice(list(legal)))


@pytest.mark.slow
def test_a_fixed_counter_strategy_loses_clearly() -> None:
    # SM-R12..R13: a defender that always names one type lets every other type through, and
    # an attacker without Special Forces never exposes a document by force (SM-R20).
    games = 20
    wins = rotated_wins(GAME, untimed("hard"), _Script, games, 500)
    assert wins >= 15, f"hard won {wins} of {games}"
