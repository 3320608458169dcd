"""Who moves in each phase of a game, as one table: ``current_player`` read from it instead of
a chain of ``if phase == ...`` written by hand.

A game names, for each phase its states go through, who is to move there: ``CHANCE``,
``TERMINAL``, a fixed seat, the name of the state's field that holds the seat, or a function
of the state for anything else::

    TURNS: PhaseTable[MyState] = PhaseTable({
        "bid": "turn",                        # the seat in state.turn
        "call": lambda s: 1 - s.attacker,     # the other seat
        "deal": CHANCE,
        "over": TERMINAL,
    }, chance_while="pending")                # chance first while cards are still to come

    class MyGame(Game[MyState]):
        turns = TURNS                         # its current_player comes from the table

``TURNS(state)`` answers the same anywhere else.

The table is asked in the order it names the phases, so the phases where most moves are made
come first. A state in a phase the table does not name is an error (``ValueError``) unless
``otherwise`` says who moves in every other phase.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from keyword import iskeyword
from typing import Any, Generic, TypeVar

from .game import CHANCE, TERMINAL

S = TypeVar("S")

#: Who moves in a phase: ``CHANCE``, ``TERMINAL`` or a seat; the name of the state's field
#: holding the seat; or a function of the state giving one of these.
Mover = int | str | Callable[[S], int]


def _is_field(name: str) -> bool:
    return name.isidentifier() and not iskeyword(name)


class PhaseTable(Generic[S]):
    """Who moves in each phase: call it with a state, or declare it as a game's ``turns`` for
    its ``current_player`` (a method made from the table, as fast as the chain of comparisons
    it replaces)."""

    __slots__ = ("_who", "current_player", "movers", "otherwise")

    def __init__(self, movers: Mapping[str, Mover[S]], *, phase: str = "phase",
                 chance_while: str | None = None, otherwise: Mover[S] | None = None) -> None:
        """``phase`` names the state's field that holds its phase; ``chance_while`` a field
        that, while it holds anything (cards still to deal), makes chance move whatever the
        phase; ``otherwise`` who moves in a phase the table does not name."""
        for name in (phase, chance_while):
            if name is not None and not _is_field(name):
                raise ValueError(f"{name!r} is not a field name")
        #: The table as given.
        self.movers: dict[str, Mover[S]] = dict(movers)
        self.otherwise = otherwise
        namespace: dict[str, Any] = {"_phases": tuple(self.movers)}
        # Phases that share a mover are tested together, in the order the table names them.
        groups: dict[str, list[str]] = {}
        for p, mover in self.movers.items():
            groups.setdefault(self._code(p, mover, namespace), []).append(p)
        body = []
        if chance_while is not None:
            body.append(f"    if state.{chance_while}: return {CHANCE}")
        body.append(f"    phase = state.{phase}")
        for result, phases in groups.items():
            test = " or ".join(f"phase == {p!r}" for p in phases)
            body.append(f"    if {test}: return {result}")
        if otherwise is not None:
            body.append(f"    return {self._code('otherwise', otherwise, namespace)}")
        else:
            body.append("    raise ValueError(f'{phase!r} is no phase of this table: '")
            body.append("                     + ', '.join(_phases))")
        code = "\n".join(["def who(state):", *body, "",
                          "def current_player(self, state):", *body])
        exec(code, namespace)
        self._who: Callable[[S], int] = namespace["who"]
        #: The table as a ``Game.current_player`` method, which a game that declares
        #: ``turns = TURNS`` gets.
        self.current_player: Callable[[Any, S], int] = namespace["current_player"]

    @staticmethod
    def _code(phase: str, mover: Mover[S], namespace: dict[str, Any]) -> str:
        """The expression of the state ``state`` that gives ``mover``."""
        if isinstance(mover, bool):
            raise TypeError(f"phase {phase!r}: {mover!r} is no seat")
        if isinstance(mover, int):
            if mover < 0 and mover not in (CHANCE, TERMINAL):
                raise ValueError(f"phase {phase!r}: {mover} is neither a seat, CHANCE nor "
                                 "TERMINAL")
            return str(mover)
        if isinstance(mover, str):
            if not _is_field(mover):
                raise ValueError(f"phase {phase!r}: {mover!r} is not a field name")
            return f"state.{mover}"
        if callable(mover):
            name = f"_mover{len(namespace)}"
            namespace[name] = mover
            return f"{name}(state)"
        raise TypeError(f"phase {phase!r}: {mover!r} says nobody who moves")

    def __call__(self, state: S) -> int:
        """The seat to move in ``state``, ``CHANCE`` or ``TERMINAL``."""
        return self._who(state)
