"""Mr. Sneaky's rule questions, asked alike by the rules model and by the table: where a card
may go (MS-R14), where the Thief may move (MS-R18, MS-R19, MS-R22), whether a card takes effect
on a door (MS-R26), why a move is refused and what a seat should do next.

One place decides, so the model's refusals and the table's dimmed doors and status line say the
same. Everything here reads only what every seat sees (the doors' cards and which are open, the
Thief's place and count), so the view may ask it of an observation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import Msg

from .data import (
    CARD_SYMBOLS,
    CARDS_PER_DOOR,
    DOORS,
    FROM_START,
    NEIGHBOURS,
    STEAL_EVERY,
    TILE_SYMBOL,
    TREASURE_CARDS,
    TREASURE_PER_DOOR,
)
from .state import AT_START, Phase, SneakyState, where_name


def place_problem(opened: list[bool], cards: list[list[str]], card: str, door: int) -> str:
    """Why ``card`` may not go on ``door`` (MS-R14): ``open``, ``full``, ``treasure`` or ""."""
    if opened[door]:
        return "open"
    here = cards[door]
    if len(here) >= CARDS_PER_DOOR:
        return "full"
    if card in TREASURE_CARDS and sum(1 for c in here if c in TREASURE_CARDS) \
            >= TREASURE_PER_DOOR:
        return "treasure"
    return ""


def place_targets(s: SneakyState, card: str) -> list[int]:
    """Doors ``card`` may legally go on (MS-R14)."""
    # ``place_problem``'s tests inlined: the search lists the legal placements very often.
    opened = s.opened
    cards = s.cards
    out = []
    treasure_card = card in TREASURE_CARDS
    for d in range(8):
        if opened[d]:
            continue
        here = cards[d]
        n = len(here)
        if n >= CARDS_PER_DOOR:
            continue
        if treasure_card and n >= TREASURE_PER_DOOR and sum(
                1 for c in here if c in TREASURE_CARDS) >= TREASURE_PER_DOOR:
            continue
        out.append(d)
    return out


def neighbours_of(pos: int) -> tuple[int, ...]:
    """Doors next to ``pos`` (§3.2, MS-R05, MS-R06); from the start card only D1 and D2
    (MS-R19)."""
    return FROM_START if pos == AT_START else NEIGHBOURS[pos]


def must_steal_next(moves: int) -> bool:
    """MS-R22: the coming move brings the start card to a full circle (or it is there)."""
    return moves + 1 >= STEAL_EVERY


def move_targets(pos: int, moves: int, opened: list[bool]) -> list[int]:
    """Where the Thief may move (MS-R18, MS-R19, MS-R22), in door order."""
    nb = neighbours_of(pos)
    if must_steal_next(moves):
        closed = [d for d in nb if not opened[d]]
        if closed:
            return closed
    return list(nb)


def card_matches(card: str, face: str) -> bool:
    """MS-R26: a card takes effect when its kanji include the door's."""
    return TILE_SYMBOL[face] in CARD_SYMBOLS[card]


# -- reasons and prompts: the view has only an observation ------------------------------------


def place_reason(problem: str, door: int) -> Msg | None:
    """The refusal of a ``place_problem`` (MS-R14); ``None`` for no problem."""
    if not problem:
        return None
    return Msg(f"refuse.door_{problem}", door=DOORS[door])


def move_reason(pos: int, moves: int, opened: list[bool], door: int) -> Msg | None:
    """Why the Thief may not move from ``pos`` to ``door`` (MS-R07, MS-R18, MS-R22)."""
    nb = neighbours_of(pos)
    if door == pos:
        return Msg("refuse.move_away")
    if door not in nb:
        return Msg("refuse.move_to", doors=[DOORS[d] for d in nb], **{"from": where_name(pos)})
    if must_steal_next(moves) and opened[door] and any(not opened[d] for d in nb):
        return Msg("refuse.must_steal")
    return None


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg | None:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        return Msg("prompt.won", seat=int(obs["winner"]))
    if phase in (Phase.FIRST, Phase.DEAL, Phase.DRAW):
        return Msg("prompt.shuffling")
    rich = int(obs["rich"])
    thief = 1 - rich
    if phase == Phase.PLACE:
        return Msg("prompt.placing", seat=rich) if seat != rich else Msg("prompt.place")
    moves = int(obs["moves"])
    if phase == Phase.MOVE:
        if seat != thief:
            return Msg("prompt.moving", seat=thief)
        opened = [bool(d["open"]) for d in obs["doors"]]
        pos = int(obs["thief"])
        if must_steal_next(moves) and any(not opened[d] for d in neighbours_of(pos)):
            return Msg("prompt.forced")
        return Msg("prompt.move")
    if phase == Phase.STEAL:
        if seat != thief:
            return Msg("prompt.deciding", seat=thief)
        return Msg("prompt.steal", left=STEAL_EVERY - moves)
    return None
