"""The uniformly random player: the baseline for strength tests and the quickest opponent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.engine.game import Game, Observation

from .base import Agent, CancelFlag, Decision


class RandomAgent(Agent):
    """Picks any legal action with equal probability, from its own seeded generator."""

    name = "random"

    def decide(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None) -> Decision:
        return Decision(legal[random.Random(seed).randrange(len(legal))], iterations=0)
