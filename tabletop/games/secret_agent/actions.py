"""Secret Agent's action texts: one table of every kind and what its argument is read as
(a seat as an int, a disaster attack as (card, target), a destruction as (target, counter), a
super spy's attack as (card, target, mode), the dice as (a, b), a card as its text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tabletop.api import ActionForms, Arg

from .data import (
    ALL_FACES,
    CONTRACT,
    COUNTER,
    DEFECTOR,
    DISASTER,
    KINDS,
    LEADER,
    SPY,
    SUPER_MODES,
    TECH,
    family,
)


def _face(fam: str | tuple[str, ...] | None = None) -> Callable[[str], bool]:
    fams = (fam,) if isinstance(fam, str) else fam

    def test(text: str) -> bool:
        return text in ALL_FACES and (fams is None or family(text) in fams)
    return test


def _read_seat(text: str) -> int:
    if not (text.isdigit() and len(text) == 1):
        raise ValueError(f"{text!r} is no seat")
    return int(text)


#: A seat, one digit, read as an int.
SEAT: Final = Arg(_read_seat)
#: A die, read as its value.
DIE: Final = Arg.numbers(range(1, 7))


def _read_special(text: str) -> tuple[str, int, str]:
    face, sep, tail = text.partition(":")
    seat, sep2, mode = tail.partition(":")
    if not (sep and sep2 and face in SUPER_MODES and mode in ("open", "secret")):
        raise ValueError(f"{text!r} is no super spy's attack")
    return face, _read_seat(seat), mode


def _write_special(special: tuple[str, int, str]) -> str:
    return ":".join(map(str, special))


# Every action text of the game: its kind and what the argument may be.
ACTIONS = ActionForms({
    # chance
    "leader": _face(LEADER), "first": SEAT, "deck": _face(), "steal": _face(),
    "roll": Arg.pair(DIE, DIE, "-"),      # the two dice (a, b)
    # the turn
    "draw": None, "tech": _face(TECH),
    "disaster": Arg.pair(Arg.text(_face(DISASTER)), SEAT, ":"),   # (card, target)
    "secret": SEAT,
    "special": Arg(_read_special, _write_special),               # (card, target, mode)
    "destroy": Arg.pair(SEAT, Arg.text(_face(COUNTER)), ":"),     # (target, counter)
    "defence": _face(COUNTER), "employ": _face(DEFECTOR), "purge": _face(DEFECTOR),
    "discard": _face(), "declare": None, "pass": None,
    # attacks and reactions
    "spy": _face(SPY), "done": None, "counter": _face(COUNTER), "no": None,
    "kill": None, "spare": None, "hit": _face((TECH, DEFECTOR, COUNTER)),
    "low": _face((TECH, DEFECTOR)), "reroll": None, "accept": None,
    "bid": _face(CONTRACT), "priority": _face(CONTRACT), "lose": _face((TECH, DEFECTOR)),
    "refill": None, "target": SEAT, "reorg": lambda k: k in KINDS, "put": _face(),
    "attach": SEAT,
})
