"""What every game's rules tests need alike: the words of a message as the app shows them, the
words of a refusal, checked play of a list of actions, and the kinds of a list of events.

A game's ``*_build`` module makes one ``RulesKit`` for its game and catalogue and adds what only
that game needs (a position built directly, a dice roll given by hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from tabletop.engine import Event, Game, Msg
from tabletop.text import Catalogue, render

S = TypeVar("S")


class RulesKit(Generic[S]):
    """Test helpers bound to one game and its catalogue."""

    def __init__(self, game: Game[S], words: Catalogue) -> None:
        self.game = game
        self.words = words

    def say(self, value: Msg | Event | str | None, lang: str = "en") -> str:
        """``value`` in words, as the app shows it; a code without words fails the test."""
        return render(value, lang, self.words, strict=True)

    def reason(self, state: S, action: str, lang: str = "en") -> str:
        """The words of the rules' refusal of ``action`` ("" when it is legal)."""
        return self.say(self.game.reason(state, action), lang)

    def play(self, state: S, *actions: str) -> tuple[S, list[Event]]:
        """Apply ``actions`` in order (chance outcomes such as a draw given explicitly) through
        the checked ``Game.apply``; the new state and every event on the way."""
        events: list[Event] = []
        for a in actions:
            state, evs = self.game.apply(state, a)
            events.extend(evs)
        return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    """The kinds of ``events``, in order: what a rules test usually compares."""
    return [e.kind for e in events]
