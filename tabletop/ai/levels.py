"""The AI levels offered in the new-game dialog and the CLI, and the factory that builds them.

Levels are defined by search iterations, not seconds, so that a seeded match with AI seats
replays the same on any machine. ``time_cap`` is only a safety net for a slow machine.
"""

from __future__ import annotations

import math

from tabletop.engine.spec import AI_LEVELS

from .base import Agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

LEVELS: tuple[str, ...] = AI_LEVELS

#: Every agent the command line and the benchmarks can seat: the levels, the one-move greedy
#: baseline, and hard without the game's search hooks (``Game.playout_action``,
#: ``search_actions``, ``playout_depth``): yardsticks, not opponents, so the app offers neither.
AGENTS: tuple[str, ...] = (*LEVELS, "greedy", "hard-unguided")

#: Search settings per level: iterations, and how many of the best actions easy picks among.
#: Measured on Magos (2-core reference machine, ~3,000-3,600 iterations/s): median decision
#: easy ~0.02-0.03 s, normal ~0.09-0.10 s, hard ~0.4 s (p95 ~0.6 s). Hard beat normal 34-16
#: over 50 seeded games; a much larger budget gained little more, so hard stays under a second.
#: In two-player National Economy likewise: at two and four times its iterations hard won 83 of
#: the first 121 and 34 of the first 48 seeded games against normal, where at its own budget it
#: won 84 and 35 of the same games (the four-fold budget thinking 0.65 s a decision); an
#: all-knowing hard did no better either (68.5% of 200, docs/luck-cap.md).
#: Expert searches eight times hard's iterations, for a player who accepts a longer wait (a
#: game whose iterations are cheap may ask for more, ``Game.expert_effort``). In two-player
#: National Economy it thinks 1.6 s a decision over whole seeded games on that machine and beat
#: hard in 70.5% of 200 games. In a Magos duel eight times thought 0.7 s and beat hard in 59.5%
#: of 400 games; the duel asks for twice that, which thinks 1.25 s (1.9 s median where there is
#: a choice) and beat hard in 69.0% of 200.
_SEARCH: dict[str, dict[str, int]] = {
    "easy": {"iterations": 60, "top_k": 3},
    "normal": {"iterations": 300, "top_k": 1},
    "hard": {"iterations": 1200, "top_k": 1},
    "expert": {"iterations": 9600, "top_k": 1},
}

#: Seconds a level may think before the safety net stops it (on this project's reference
#: machine hard needs well under a second per decision).
DEFAULT_TIME_CAP = 10.0
#: Expert thinks up to this long in the app: where its iterations take longer (a six-country
#: Secret Agent game, a slow machine) it plays the best move found by then. Seeded benchmarks
#: run without a cap and replay exactly.
EXPERT_TIME_CAP = 3.0
#: The level whose way of play the rules' scripts (``Game.scripted_action``) give each level:
#: expert is hard with a longer search, so it plays the rules' script for hard.
SCRIPTED_AS: dict[str, str] = {"expert": "hard"}


def make_agent(level: str, time_cap: float | None = DEFAULT_TIME_CAP) -> Agent:
    """A fresh agent for ``level`` (one of ``LEVELS``); ``ValueError`` for anything else, and
    for a time cap that is not a finite number above 0 (``None``: no cap)."""
    if time_cap is not None and not (0.0 < time_cap < math.inf):  # also refuses nan
        raise ValueError(f"The time cap must be a number of seconds above 0, not {time_cap!r}.")
    if level == "random":
        return RandomAgent()
    if level == "greedy":
        return GreedyAgent()
    guided = level != "hard-unguided"
    if not guided:
        level = "hard"
    settings = _SEARCH.get(level)
    if settings is None:
        raise ValueError(
            f"Unknown AI level {level!r}; choose one of: {', '.join(AGENTS)}."
        )
    if level == "expert" and time_cap is not None:
        time_cap = min(time_cap, EXPERT_TIME_CAP)
    return MCTSAgent(
        settings["iterations"], name=level if guided else "hard-unguided",
        top_k=settings["top_k"], time_cap=time_cap, level=SCRIPTED_AS.get(level, level),
        guided=guided, expert=level == "expert",
    )
