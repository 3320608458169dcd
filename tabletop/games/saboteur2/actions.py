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

from itertools import permutations
from typing import Final

from tabletop.api import ActionForms

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


def _is_place(arg: str) -> bool:
    return parse_place(arg) is not None


def _is_play(arg: str) -> bool:
    return parse_play(arg) is not None


def place_text(card: str, x: int, y: int, turned: bool) -> str:
    return f"place:{card}@{x},{y}" + (f":{TURNED}" if turned else "")


ACTIONS = ActionForms({
    "place": _is_place,          # a path card into the maze (SB-R15..R19)
    "play": _is_play,            # an action card (§6)
    "fix": frozenset(FRONT_CARDS),  # discard two to remove a card in front (SB-R13 (3))
    "discard": frozenset(CARD_IDS),  # a card discarded on a pass or a fix
    END: None,                   # end a pass after one or two cards
    "steal": str.isdigit,        # a thief's victim (SB-R32)
    "goals": frozenset(GOAL_LAYOUTS),  # chance: the goal layout
    "role": frozenset(ROLES),    # chance: a role card
    "draw": frozenset(CARD_IDS),  # chance: a card drawn
    "first": str.isdigit,        # chance: the first player
})
