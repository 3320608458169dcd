"""What the table sounds like after a step: the sounds of the records it shows, and of the end.

Qt-free, so that what a match sounds like is worked out (and tested) without a device. The
controller asks ``record_sounds`` for the records the table has just shown a seat, and a remote
table ``event_sounds`` for the events a view of its seat brought, and each plays the names it
gets (``tabletop.app.sound``); the rules never play a sound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine.sounds import LOSE, WIN

if TYPE_CHECKING:
    from tabletop.engine import Event, GameView, Record

#: At most this many sounds for one step of the table: a deal of twelve cards is one deal
#: sound, not twelve, and a step that does many things is not a din.
MOST_PER_STEP = 3


def record_sounds(view: GameView[Any], records: Sequence[Record], seat: int | None) -> list[str]:
    """The sounds of ``records`` as ``seat`` hears them: those of the events it may read (a
    hidden draw of another seat's is as silent as it is unseen), each name once, in order."""
    return event_sounds(view, [event for record in records for event in record.events
                               if event.visible_to(seat)])


def event_sounds(view: GameView[Any], events: Sequence[Event]) -> list[str]:
    """The sounds of ``events``, all of them ones the hearing seat may read (a remote
    table's: the server sends a seat no other), each name once, in order."""
    out: list[str] = []
    for event in events:
        for name in view.sounds(event):
            if name not in out:
                out.append(name)
    return out[:MOST_PER_STEP]


def outcome_sound(returns: Sequence[float], seat: int | None) -> str:
    """The sound of a finished game for ``seat``: it won (alone or shared), or it lost. With
    no seat (a spectator, people sharing a screen) someone won: the winner's sound."""
    if seat is None or not returns:
        return WIN
    return WIN if returns[seat] == max(returns) else LOSE
