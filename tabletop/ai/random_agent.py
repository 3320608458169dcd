"""The uniformly random player: the baseline for strength tests and the quickest opponent."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from tabletop.engine.game import Game, Observation

from .base import Agent, CancelFlag, Decision


class RandomAgent(Agent):
    """Picks any legal action with equal probability, from its own seeded generator."""

    name = "random"

    def choose(
        self,
        game: Game[Any],
        obs: Observation,
        seat: int,
        legal: Sequence[str],
        *,
        seed: int,
        cancel: CancelFlag | None = None,
    ) -> Decision:
        if not legal:
            raise ValueError("RandomAgent.choose needs at least one legal action.")
        start = time.perf_counter()
        action = legal[random.Random(seed).randrange(len(legal))]
        return Decision(action, iterations=0, seconds=time.perf_counter() - start)
