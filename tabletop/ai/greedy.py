"""A one-move-lookahead player: the simple baseline that search must beat, beside random.

For every legal action the agent guesses the hidden facts a few times from its own observation
(``game.resampler``, like the search agent: it never peeks), plays the action, lets chance run,
and scores the position with ``game.heuristic`` (or the real result when the game has ended).
When the action leaves the same seat to decide again (a worker sent to a carpenter still has
to pick what to build; a spell still needs its dice), the rest of that move is played with the
same one-step rule before scoring, so a first step is not judged half-done. It takes the action
with the best mean score. Games without a heuristic give it nothing to compare, so it then
plays like the random agent.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.engine.game import CHANCE, TERMINAL, Game, Observation

from .base import Z95, Agent, CancelFlag, Decision

#: Scores a position for a seat, in [-1, 1] (``None``: nothing to say).
Judge = Callable[[Any, int], float | None]


class GreedyAgent(Agent):
    """Best immediate heuristic value over ``samples`` guesses of the hidden facts."""

    name = "greedy"

    def __init__(self, samples: int = 4) -> None:
        if samples < 1:
            raise ValueError("GreedyAgent needs at least one sample.")
        self.samples = samples

    def decide(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None) -> Decision:
        return lookahead(game, obs, seat, legal, self.samples, random.Random(seed), cancel)


def lookahead(game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
              samples: int, rng: random.Random, cancel: CancelFlag | None = None,
              *, judge: Judge | None = None) -> Decision:
    """The action of ``legal`` with the best mean heuristic score one move ahead, over
    ``samples`` guesses of the hidden facts drawn from ``seat``'s observation.

    Every action is scored on the same guesses of the hidden facts, so their differences
    are not the noise of the draw. The decision holds each action's mean score
    (``values``), for the hint, and how far each may lie from the chosen one's over other
    guesses (``margins``, from the spread of their differences guess by guess). A ``cancel``
    stops it after the guess under way. ``judge`` scores a position that has not ended
    (default: ``game.heuristic``).
    """
    if len(legal) == 1:
        return Decision(legal[0], 0)
    if judge is None:
        judge = game.heuristic
    sample = game.resampler(obs, seat)
    totals = dict.fromkeys(legal, 0.0)
    scores: dict[str, list[float]] = {a: [] for a in legal}
    done = 0
    while done < samples:
        if done and cancel is not None and cancel.is_set():
            break
        done += 1
        base = sample(rng)
        for action in legal:
            state = base.clone()
            game.apply_in_place(state, action)
            score = _value(game, state, seat, rng, judge)
            # Summed in order, as ever: ``sum`` rounds floats otherwise, and a tie broken the
            # other way would change seeded games.
            totals[action] += score
            scores[action].append(score)
    # Ties go to a seeded random pick, so the agent does not always prefer the first action.
    best = max(totals.values())
    top = [a for a in legal if totals[a] >= best - 1e-9]
    action = top[rng.randrange(len(top))]
    margins: dict[str, float] = {}
    if done > 1:
        for a, s in scores.items():
            # Half the difference of two scores in [-1, 1] is the difference of two chances.
            gaps = [(x - y) / 2.0 for x, y in zip(scores[action], s, strict=True)]
            margins[a] = Z95 * statistics.stdev(gaps) / math.sqrt(done)
    return Decision(action, iterations=done * len(legal), value=best / done,
                    visits=dict.fromkeys(legal, done),
                    values={a: v / done for a, v in totals.items()}, margins=margins,
                    cancelled=done < samples)


#: Follow-up decisions of the same seat played out before scoring (a safety net: a move in
#: the games on the shelf takes a handful of steps).
FOLLOW_UP = 12


def _value(game: Game[Any], state: Any, seat: int, rng: random.Random, judge: Judge) -> float:
    """``seat``'s score once chance has had its say and its own move is complete."""
    follow = 0
    for _ in range(game.max_game_length()):
        player = game.current_player(state)
        if player == TERMINAL:
            return float(game.returns(state)[seat])
        if player == CHANCE:
            game.apply_in_place(state, game.sample_chance(state, rng))
            continue
        if player != seat or follow >= FOLLOW_UP:
            break
        legal = game.legal_actions(state)
        best_action, best = legal[0], -math.inf
        for action in legal:
            trial = state.clone()
            game.apply_in_place(trial, action)
            v = _score(game, trial, seat, rng, judge)
            if v > best:
                best_action, best = action, v
        game.apply_in_place(state, best_action)
        follow += 1
    return _score(game, state, seat, rng, judge)


def _score(game: Game[Any], state: Any, seat: int, rng: random.Random, judge: Judge) -> float:
    """The result when the game is over, else the heuristic after pending chance."""
    for _ in range(game.max_game_length()):
        player = game.current_player(state)
        if player == TERMINAL:
            return float(game.returns(state)[seat])
        if player != CHANCE:
            break
        game.apply_in_place(state, game.sample_chance(state, rng))
    value = judge(state, seat)
    return 0.0 if value is None else float(value)
