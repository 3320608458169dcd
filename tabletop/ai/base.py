"""What every AI player provides, and the small types agents share.

An agent is handed only what a person in that seat would know: the seat's observation (a JSON
dict), the legal actions, and the rules object. To think about hidden facts it draws complete
states consistent with the observation through ``game.resampler(obs, seat)``; it never sees the
true state. Agents are seeded so a match with AI seats replays exactly, and they stop early when
their ``CancelFlag`` is set (the window closed, the user undid a move).
"""

from __future__ import annotations

import math
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.game import Game, Observation


class CancelFlag:
    """A thread-safe "stop thinking" switch, shared by the GUI thread and a search thread."""

    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self) -> None:
        self._event.set()

    def clear(self) -> None:
        self._event.clear()

    def is_set(self) -> bool:
        return self._event.is_set()

    def __repr__(self) -> str:
        return f"CancelFlag({'set' if self.is_set() else 'clear'})"


@dataclass
class Decision:
    """An agent's answer: the action, and what the search did to find it.

    ``value`` is the agent's estimate of the result of ``action`` from its own seat's point of
    view, in [-1, 1] (``None`` when it did not estimate); ``visits`` maps each root action to
    how often the search tried it and ``values`` to its mean result, in [-1, 1] from the same
    seat's view: the Hint button names the few moves worth considering with their chances.
    ``margins`` says, where the search can, how far each root action's chance may lie from
    ``action``'s by the noise of the search alone (the half-width of a 95% interval of the
    difference, in chances from 0 to 1; 0 for a search that judged every move exactly): the
    hint calls a move within it about as good, rather than ranking it on noise.
    """

    action: str
    iterations: int = 0
    seconds: float = 0.0
    value: float | None = None
    visits: dict[str, int] = field(default_factory=dict)
    cancelled: bool = False
    values: dict[str, float] = field(default_factory=dict)
    margins: dict[str, float] = field(default_factory=dict)

    def win_chance(self) -> float | None:
        """``value`` mapped to [0, 1] (a draw counts as half a win)."""
        return None if self.value is None else (self.value + 1.0) / 2.0

    def ranked(self, most: int = 3, floor: float = 0.05) -> list[tuple[str, float]]:
        """The root actions the search tried most, best first, with their chances in [0, 1]
        (``values`` mapped like ``win_chance``): at most ``most``, the chosen action first, and
        only those tried at least ``floor`` times as often as it (fewer tries, no estimate);
        among actions tried equally often (a one-move lookahead tries each alike), the better
        first."""
        if self.action not in self.values:
            return []
        top = self.visits.get(self.action, 0)
        others = sorted((a for a in self.values if a != self.action
                         and self.visits.get(a, 0) >= floor * top),
                        key=lambda a: (-self.visits.get(a, 0), -self.values[a], a))
        return [(a, (self.values[a] + 1.0) / 2.0) for a in [self.action, *others][:most]]


#: z of a two-sided 95% interval.
Z95 = 1.96


def visit_margin(visits: int, other: int) -> float:
    """How far apart the chances of two root actions tried ``visits`` and ``other`` times may
    lie by sampling noise alone: the half-width of a 95% interval of their difference.

    A result lies in [-1, 1], so the chance one playout gives, (result + 1) / 2, has a
    standard deviation of at most 1/2, reached by win-or-lose results; the two means are
    taken as independent. A tree search's samples are not independent draws, so this is the
    search's noise as a rule of thumb, on the safe side for a game decided by wins and
    losses."""
    return Z95 * 0.5 * math.sqrt(1.0 / max(1, visits) + 1.0 / max(1, other))


def visit_margins(visits: dict[str, int], action: str) -> dict[str, float]:
    """``Decision.margins`` of a tree search that tried each root action ``visits`` times and
    chose ``action``: each tried action's ``visit_margin`` from it (0 for ``action``)."""
    chosen = visits[action]
    return {a: 0.0 if a == action else visit_margin(chosen, n) for a, n in visits.items() if n}


class Agent(ABC):
    """A player that picks one of the legal actions from what its seat can see."""

    #: Short name for logs and statistics ("random", "hard", ...).
    name: str = "agent"

    def choose(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None = None) -> Decision:
        """Pick one action of ``legal`` for ``seat``.

        ``obs`` is ``game.observation(true_state, seat)``; ``legal`` is non-empty and in the
        game's stable order. The same inputs and ``seed`` give the same decision, except when
        a safety time cap or ``cancel`` cut the thinking short. The decision's ``seconds`` is
        the time this call took.
        """
        if not legal:
            raise ValueError(f"{type(self).__name__}.choose needs at least one legal action.")
        start = time.perf_counter()
        decision = self.decide(game, obs, seat, legal, seed=seed, cancel=cancel)
        decision.seconds = time.perf_counter() - start
        return decision

    @abstractmethod
    def decide(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None) -> Decision:
        """The agent's own choice, as ``choose`` describes it (``legal`` is not empty)."""

    def ponder(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               cancel: CancelFlag) -> None:
        """Work ahead on ``seat``'s position while a person thinks about it, so that a later
        ``choose`` from it (a hint) answers sooner; stops when ``cancel`` is set. Nothing is
        returned: the later choice is one the agent would make given more time. By default
        an agent keeps nothing between decisions and has nothing to prepare."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"
