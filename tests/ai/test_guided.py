"""The search guides a game may give (``Game.playout_action``, ``search_actions``,
``playout_depth``): the searches use them, both the single-tree and the per-seat search, and a
game that gives none, or an agent told to ignore them, searches exactly as before."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.ai import MCTSAgent, make_agent
from tabletop.ai.tree import guide
from tabletop.engine import Session
from tests.toygame import ToyGame, ToyState


class PrunedToy(ToyGame):
    """Stones where the search may only ever take one stone."""

    def search_actions(self, state: ToyState, legal: list[str]) -> list[str]:
        return [a for a in legal if a == "take:1"] or legal


class PolicyToy(ToyGame):
    """Stones whose playouts always take two stones, counting each call."""

    def __init__(self) -> None:
        self.calls = 0

    def playout_action(self, state: ToyState, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        self.calls += 1
        return "take:2" if "take:2" in legal else None


class ShallowToy(ToyGame):
    def __init__(self) -> None:
        self.depths: list[int] = []

    def playout_depth(self) -> int | None:
        return 1

    def heuristic(self, state: ToyState, seat: int) -> float | None:
        self.depths.append(state.stones)
        return 0.0


def decision(game: ToyGame) -> tuple[Any, int, list[str]]:
    session = Session(game, 2, None, seed=4)
    while session.current_player() < 0:
        session.submit(session.current_player(), session.legal_actions()[0])
    seat = session.current_player()
    return session.observation(seat), seat, session.legal_actions()


def test_a_game_without_guides_is_searched_as_before() -> None:
    plain = guide(ToyGame())
    assert plain.policy is None and plain.prune is None and plain.depth is None
    obs, seat, legal = decision(ToyGame())
    a = MCTSAgent(300).choose(ToyGame(), obs, seat, legal, seed=9)
    b = MCTSAgent(300, guided=False).choose(ToyGame(), obs, seat, legal, seed=9)
    assert (a.action, a.visits, a.value) == (b.action, b.visits, b.value)


def test_pruned_moves_are_never_tried_but_the_decision_stays_legal() -> None:
    game = PrunedToy()
    obs, seat, legal = decision(game)
    assert legal == ["take:1", "take:2"]
    d = MCTSAgent(300).choose(game, obs, seat, legal, seed=3)
    assert d.action == "take:1" and set(d.visits) == {"take:1"}
    unguided = MCTSAgent(300, guided=False).choose(game, obs, seat, legal, seed=3)
    assert set(unguided.visits) == {"take:1", "take:2"}


def test_the_playout_policy_plays_the_playouts() -> None:
    game = PolicyToy()
    obs, seat, legal = decision(game)
    MCTSAgent(200).choose(game, obs, seat, legal, seed=1)
    assert game.calls > 0  # the playouts below new nodes ask it at every step
    game.calls = 0
    MCTSAgent(200, guided=False).choose(game, obs, seat, legal, seed=1)
    assert game.calls == 0
    game.calls = 0
    make_agent("hard-unguided").choose(game, obs, seat, legal, seed=1)
    assert game.calls == 0


def test_the_games_playout_depth_replaces_the_searchs_own() -> None:
    game = ShallowToy()
    obs, seat, legal = decision(game)
    MCTSAgent(100, rollout_depth=12).choose(game, obs, seat, legal, seed=2)
    # One decision into each playout, then the heuristic: never deep into the pile.
    assert game.depths and min(game.depths) >= 7 - 2 - 2 - 2


class GuessingToy(ToyGame):
    """Stones whose hard level searches over a few fixed guesses of the hidden cards,
    counting the guesses drawn."""

    def __init__(self, guesses: int) -> None:
        self.guesses = guesses
        self.drawn = 0

    def search_guesses(self, level: str) -> int:
        return self.guesses if level == "hard" else 0

    def resampler(self, obs: Any, seat: int) -> Any:
        draw = super().resampler(obs, seat)

        def counted(rng: random.Random) -> ToyState:
            self.drawn += 1
            return draw(rng)
        return counted


def test_a_search_over_fixed_guesses_draws_each_guess_once_and_shares_the_budget() -> None:
    game = GuessingToy(4)
    obs, seat, legal = decision(game)
    hard = MCTSAgent(400, level="hard")
    a = hard.choose(game, obs, seat, legal, seed=3)
    # Four guesses, each searched alone with a quarter of the iterations, summed at the root.
    assert game.drawn == 4 and a.iterations == 400 and sum(a.visits.values()) == 400
    assert a.action in legal
    again = hard.choose(GuessingToy(4), obs, seat, legal, seed=3)
    assert (again.action, again.visits) == (a.action, a.visits)
    # Other levels, and hard told to ignore the game's hooks, draw a guess every iteration.
    for agent in (MCTSAgent(400, level="normal"), MCTSAgent(400, level="hard", guided=False)):
        game.drawn = 0
        agent.choose(game, obs, seat, legal, seed=3)
        assert game.drawn == 400
