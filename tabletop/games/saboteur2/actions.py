"""Saboteur 2 action texts: one table of forms, and parsers from a text to its parts.

Every decision of the game is one of these texts (SB-R13, SB-R32):

* ``place:B-P06@2,-1`` a path card at cell (2, -1) as printed; ``place:B-P06@2,-1:180`` the
  same card turned 180° (SB-R06);
* ``play:A-BRK-P@3`` an action card on seat 3 (0-based seat index); a repair names the tool,
  ``play:A-REP-PL@3:L``; Rockfall and Map name a cell, ``play:A-ROCK@2,0``,
  ``play:A-MAP@8,-2``; Theft has no target, ``play:A-THF``;
* ``fix:A-TRP`` starts removing a card in front of oneself by discarding two, followed by
  ``discard:<card>`` twice;
* ``discard:<card>`` starts (or goes on with) a pass; ``end`` ends a pass before the third;
* ``steal:<seat>`` a thief's victim at the end of a round.

Chance outcomes: ``goals:AGB`` (the goal cards top to bottom: stone A, gold, stone B),
``role:R-SAB``, ``draw:<card>``, ``first:<seat>``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Final, TypeVar

from tabletop.api import ActionForms, Arg

from .data import (
    ACTION_IDS,
    BREAK,
    CARD_IDS,
    FRONT_CARDS,
    GOAL_LETTER,
    MAP,
    PATH_IDS,
    REPAIRS,
    ROCKFALL,
    ROLES,
    THEFT,
    TOOLS,
)

TURNED: Final = "180"
END: Final = "end"
GOAL_LAYOUTS: Final = tuple("".join(p) for p in permutations(sorted(GOAL_LETTER.values())))
#: Action cards aimed at a seat (Theft at oneself takes no target).
SEAT_CARDS: Final = frozenset({*BREAK.values(), "A-TRP", "A-FRE", "A-HOF", "A-SWH", "A-INS",
                               "A-HAT"})
CELL_CARDS: Final = frozenset({ROCKFALL, MAP})

Target = int | tuple[int, int] | tuple[int, str] | None
#: A path card placed, as ``place:`` reads it: (card, x, y, turned).
Placed = tuple[str, int, int, bool]
#: An action card played, as ``play:`` reads it: (card, target).
Played = tuple[str, Target]
T = TypeVar("T")


def _int(text: str) -> int | None:
    body = text[1:] if text[:1] == "-" else text
    return int(text) if body.isdigit() and body == body.strip() else None


def parse_cell(text: str) -> tuple[int, int] | None:
    x, sep, y = text.partition(",")
    a, b = _int(x), _int(y)
    return (a, b) if sep and a is not None and b is not None else None


def parse_place(arg: str) -> tuple[str, int, int, bool] | None:
    """``B-P06@2,-1`` or ``B-P06@2,-1:180`` as (card, x, y, turned)."""
    card, sep, rest = arg.partition("@")
    if not sep or card not in PATH_IDS:
        return None
    where, colon, rot = rest.partition(":")
    if colon and rot != TURNED:
        return None
    xy = parse_cell(where)
    return None if xy is None else (card, xy[0], xy[1], bool(colon))


def parse_play(arg: str) -> tuple[str, Target] | None:
    """``A-BRK-P@3``, ``A-REP-PL@3:L``, ``A-ROCK@2,0``, ``A-THF`` as (card, target)."""
    card, sep, rest = arg.partition("@")
    if card not in ACTION_IDS:
        return None
    if card == THEFT:
        return (card, None) if not sep else None
    if not sep:
        return None
    if card in CELL_CARDS:
        xy = parse_cell(rest)
        return None if xy is None else (card, xy)
    if card in REPAIRS:
        seat, colon, tool = rest.partition(":")
        if not colon or tool not in TOOLS or tool not in REPAIRS[card] or not seat.isdigit():
            return None
        return card, (int(seat), tool)
    return (card, int(rest)) if rest.isdigit() else None


def _read_by(parse: Callable[[str], T | None]) -> Callable[[str], T]:
    """An ``Arg`` reader from a parser that answers ``None`` for a text not of its form."""

    def read(text: str) -> T:
        got = parse(text)
        if got is None:
            raise ValueError(f"{text!r} is not of the form")
        return got

    return read


def _read_digits(text: str) -> int:
    """A seat written in digits (``str.isdigit``, as the forms always took it)."""
    if not text.isdigit():
        raise ValueError(f"{text!r} is not a seat")
    return int(text)


def _write_place(placed: Placed) -> str:
    card, x, y, turned = placed
    return f"{card}@{x},{y}" + (f":{TURNED}" if turned else "")


def _write_play(played: Played) -> str:
    card, target = played
    if target is None:
        return card
    if isinstance(target, int):
        return f"{card}@{target}"
    a, b = target
    return f"{card}@{a}:{b}" if isinstance(b, str) else f"{card}@{a},{b}"


def place_text(card: str, x: int, y: int, turned: bool) -> str:
    return f"place:{card}@{x},{y}" + (f":{TURNED}" if turned else "")


ACTIONS = ActionForms({
    "place": Arg(_read_by(parse_place), _write_place),  # a path card (SB-R15..R19)
    "play": Arg(_read_by(parse_play), _write_play),     # an action card (§6)
    "fix": frozenset(FRONT_CARDS),  # discard two to remove a card in front (SB-R13 (3))
    "discard": frozenset(CARD_IDS),  # a card discarded on a pass or a fix
    END: None,                   # end a pass after one or two cards
    "steal": Arg(_read_digits),  # a thief's victim (SB-R32)
    "goals": frozenset(GOAL_LAYOUTS),  # chance: the goal layout
    "role": frozenset(ROLES),    # chance: a role card
    "draw": frozenset(CARD_IDS),  # chance: a card drawn
    "first": Arg(_read_digits),  # chance: the first player
})
