"""The AI checks the game tests share: a position where the mover has a real choice, a twin of
it that looks the same to the mover but differs in what is hidden from it, and the check that
no agent's choice changes between the two (agents see only their observation)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.ai import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from tabletop.engine import Game, Session


def decision_point(game: Game[Any], n: int, seed: int, plies: int) -> Session:
    """A session after ``plies`` random decisions, then on to the next real choice."""
    session = Session(game, n, None, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if session.is_terminal():
            break
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    while not session.is_terminal() and len(session.legal_actions()) < 2:
        session.submit(session.current_player(), session.legal_actions()[0])
    assert not session.is_terminal()
    return session


def hidden_twin(game: Game[Any], session: Session, seat: int) -> Any:
    """A state that looks the same to ``seat`` but differs in facts hidden from it."""
    obs = session.observation(seat)
    truth = game.state_to_json(session.state)
    for k in range(200):
        twin = game.resample(obs, seat, random.Random(1000 + k))
        if game.state_to_json(twin) != truth:
            return twin
    raise AssertionError("no resample differed from the true state")


def assert_choice_ignores_hidden_facts(game: Game[Any], session: Session) -> None:
    """Every agent chooses alike in the position and in its hidden twin (same seeds)."""
    seat, legal = session.current_player(), session.legal_actions()
    twin = hidden_twin(game, session, seat)
    assert game.current_player(twin) == seat
    assert game.legal_actions(twin) == legal
    obs, twin_obs = session.observation(seat), game.observation(twin, seat)
    assert twin_obs == obs
    for agent in (RandomAgent(), MCTSAgent(120), make_agent("easy"), GreedyAgent()):
        for s in (1, 2):
            real = agent.choose(game, obs, seat, legal, seed=s)
            other = agent.choose(game, twin_obs, seat, legal, seed=s)
            assert (real.action, real.visits, real.value) == (other.action, other.visits,
                                                              other.value)
