"""What every game's rules tests need alike: the words of a message as the app shows them, the
words of a refusal (the rules' reason, or the error a checked action raises), checked play of a
list of actions, the kinds of a list of events, and the positions of seeded random games.

A game's ``*_build`` module makes one ``RulesKit`` for its game and catalogue and adds what only
that game needs (a position built directly, a dice roll given by hand).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

from tabletop.engine import Event, Game, GameError, Msg, Session, random_play
from tabletop.engine.game import State
from tabletop.text import Catalogue, render

S = TypeVar("S", bound=State)


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

    def refusal(self, state: S, action: str, lang: str = "en") -> str:
        """The words of the error ``Game.check_action`` raises for ``action`` (also for one
        that is not well formed, or after the end; "" when it is legal)."""
        try:
            self.game.check_action(state, action)
        except GameError as exc:
            return self.say(exc.msg, lang)
        return ""

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


def positions(game: Game[S], seeds: range, n: int | None = None
              ) -> Iterator[tuple[S, random.Random]]:
    """Every position of a uniformly random game per seed (``n`` players) before each move,
    with the game's generator (the state changes once the caller asks for the next)."""
    for seed in seeds:
        rng = random.Random(seed)
        for s in random_play(game, game.new_game(n), rng):
            yield s, rng


def play_out(session: Session, rng: random.Random, moves: int | None = None) -> Session:
    """Play ``session`` on with uniformly random legal moves: to the end, or ``moves`` of
    them."""
    done = 0
    while not session.is_terminal() and (moves is None or done < moves):
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
        done += 1
    return session


def new_session(game: Game[Any], n: int | None, seed: int) -> Session:
    """A session played to its end with random moves seeded by ``seed``."""
    return play_out(Session(game, n, seed=seed), random.Random(seed))
