"""The AI checks a game's tests share (part of the author's kit, ``tabletop.testing``): a
position where the mover has a real choice, a twin of it that looks the same to the mover but
differs in what is hidden from it, the check that no agent's choice changes between the two
(agents see only their observation), and seeded matches between agents for the strength
tests.

A game's AI tests take the two tests every game with hidden facts and a hard level has from
here: ``fairness_test`` and ``strength_tests``."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tabletop.ai import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from tabletop.ai.base import Agent
from tabletop.engine import Game, Observation, Session
from tabletop.testing.build import play_out


def decision_point(game: Game[Any], n: int, seed: int, plies: int) -> Session:
    """A session after ``plies`` random decisions, then on to the next real choice."""
    session = play_out(Session(game, n, None, seed=seed), random.Random(seed), plies)
    while not session.is_terminal() and len(session.legal_actions()) < 2:
        session.submit(session.current_player(), session.legal_actions()[0])
    assert not session.is_terminal()
    return session


def hidden_twin(game: Game[Any], state: Any, seat: int) -> Any:
    """A state that looks the same to ``seat`` but differs in facts hidden from it."""
    obs = game.observation(state, seat)
    truth = game.state_to_json(state)
    for k in range(200):
        twin = game.resample(obs, seat, random.Random(1000 + k))
        if game.state_to_json(twin) != truth:
            return twin
    raise AssertionError("no resample differed from the true state")


def fair_agents() -> list[Agent]:
    """One agent of every kind: uniform, a small search, the easy level, one-move greedy."""
    return [RandomAgent(), MCTSAgent(120), make_agent("easy"), GreedyAgent()]


def assert_same_choices(game: Game[Any], seat: int, legal: list[str], obs: Observation,
                        twin_obs: Observation) -> None:
    """Every agent, with the same seeds, chooses alike from ``obs`` and from ``twin_obs``, and
    explains alike: the moves and chances a hint names (``Decision.ranked``) are the same."""
    for agent in fair_agents():
        for s in (1, 2):
            real = agent.choose(game, obs, seat, legal, seed=s)
            other = agent.choose(game, twin_obs, seat, legal, seed=s)
            assert (real.action, real.visits, real.value, real.ranked()) == (
                other.action, other.visits, other.value, other.ranked())


def assert_choice_ignores_hidden_facts(game: Game[Any], where: Session | Any) -> Any:
    """Every agent chooses alike in the position (a session or a state) and in a hidden twin
    of it that the mover cannot tell apart; the twin, for further checks."""
    state = where.state if isinstance(where, Session) else where
    seat, legal = game.current_player(state), game.legal_actions(state)
    twin = hidden_twin(game, state, seat)
    assert game.current_player(twin) == seat
    assert game.legal_actions(twin) == legal
    obs, twin_obs = game.observation(state, seat), game.observation(twin, seat)
    assert twin_obs == obs
    assert_same_choices(game, seat, legal, obs, twin_obs)
    return twin


def fairness_test(game: Game[Any], points: Sequence[tuple[int, int, int]]
                  ) -> Callable[[int, int, int], None]:
    """The test that at each decision point ``(n, seed, plies)`` of ``game`` (see
    ``decision_point``) every agent chooses alike in the true position and in a hidden twin of
    it. DESIGN §3: an agent's choice must not change when only hidden facts change. A game's AI
    tests take it as ``test_choice_ignores_facts_hidden_from_the_agent = fairness_test(...)``."""

    @pytest.mark.parametrize(("n", "seed", "plies"), points)
    def test_choice_ignores_facts_hidden_from_the_agent(n: int, seed: int, plies: int) -> None:
        assert_choice_ignores_hidden_facts(game, decision_point(game, n, seed, plies))

    return test_choice_ignores_facts_hidden_from_the_agent


def chance_to_clear(games: int, bar: int, p: float = 0.5) -> float:
    """The chance that a player who wins each game with chance ``p`` wins at least ``bar`` of
    ``games`` (the binomial tail): what luck alone gives a strength test's bar."""
    return sum(math.comb(games, k) * p**k * (1 - p)**(games - k) for k in range(bar, games + 1))


def by_ply(seed: int, seat: int, ply: int) -> int:
    """The decision seeds of the games' older strength tests: the match seed and the ply."""
    return seed * 1000 + ply


def match(game: Game[Any], agents: Sequence[Agent], seed: int,
          decision_seed: Callable[[int, int, int], int] = by_ply) -> list[float]:
    """The returns of one seeded match between ``agents`` (seat order). Agents get no time
    cap from here: a seeded match replays the same whatever the machine's speed."""
    session = Session(game, len(agents), None, seed, human_seats=())
    while not session.is_terminal():
        seat = session.current_player()
        decision = agents[seat].choose(game, session.observation(seat), seat,
                                       session.legal_actions(),
                                       seed=decision_seed(seed, seat, len(session.history)))
        session.submit(seat, decision.action)
    return session.returns()


def rotated_wins(game: Game[Any], agent: Callable[[], Agent], other: Callable[[], Agent],
                 games: int, first_seed: int,
                 decision_seed: Callable[[int, int, int], int] = by_ply) -> int:
    """How many of ``games`` two-player matches (seeds from ``first_seed``, seats swapped
    every game) ``agent`` wins outright against ``other``."""
    wins = 0
    for i in range(games):
        seat = i % 2
        agents = [agent(), other()] if seat == 0 else [other(), agent()]
        ret = match(game, agents, first_seed + i, decision_seed)
        wins += ret[seat] > ret[1 - seat]
    return wins


def untimed(name: str) -> Callable[[], Agent]:
    """A maker of the AI level ``name`` without a time cap (seeded games replay exactly)."""
    return lambda: make_agent(name, time_cap=None)


def strength_tests(game: Game[Any], games: int, bar: int, first_seed: int,
                   random_rate: float = 0.5
                   ) -> tuple[Callable[[], None], Callable[[], None]]:
    """The two tests of a two-player game's hard level: over ``games`` seeded matches against
    random play (seeds from ``first_seed``, seats alternating) hard wins at least ``bar``
    (slow; -m slow); and a player who wins each game with chance ``random_rate`` (what random
    play wins outright against random play in this game: below one half where games can be
    drawn) clears that bar with a chance below 1 %, so passing says something about the
    search. A game's AI tests take them as
    ``test_hard_beats_random, test_the_win_bar_is_beyond_chance = strength_tests(...)``."""
    if not 0 < random_rate < 1:
        raise ValueError(f"random_rate is a chance between 0 and 1, not {random_rate!r}")

    @pytest.mark.slow
    def test_hard_beats_random() -> None:
        wins = rotated_wins(game, untimed("hard"), untimed("random"), games, first_seed)
        assert wins >= bar, f"hard won {wins} of {games}"

    def test_the_win_bar_is_beyond_chance() -> None:
        assert chance_to_clear(games, bar, random_rate) < 0.01

    return test_hard_beats_random, test_the_win_bar_is_beyond_chance
