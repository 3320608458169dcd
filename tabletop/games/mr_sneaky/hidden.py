"""Mr. Sneaky's hidden information: what a seat sees of a position (``observe``) and how the
AI's search deals what it cannot see (``make_resampler``: determinizations of an observation).

The only secret in a state is the face of each closed door, which the Rich Man sees and the
Thief does not (MS-R10, MS-R37). The rich-man deck is a multiset whose order no state holds, so
every card an observation does not place is simply counted into the deck and nothing about
the cards needs guessing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from tabletop.api import Observation, ObservationBase

from .data import DOORS, card_counts, door_tiles
from .spec import SPEC
from .state import FIELDS, SneakyState


class DoorObs(TypedDict):
    """One door as an observation shows it: its face only when open, or to the Rich Man."""

    id: str
    open: bool
    face: str | None
    cards: list[str]


class SneakyObs(ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position (MS-R10, MS-R37)."""

    options: dict[str, str]
    first: int
    rich: int
    round: int
    dealt: bool
    doors: list[DoorObs]
    thief: int
    moves: int
    guards: int
    nothing: int
    deck_count: int
    discard: list[str]
    aside: list[str]
    drawn: str
    jewels: list[int]
    agents: list[list[str]]
    winner: int
    result: str
    last_steal: dict[str, Any] | None
    last_round: dict[str, Any] | None


def observe(s: SneakyState, seat: int | None, to_move: int) -> SneakyObs:
    """What ``seat`` sees of ``s``; ``to_move`` is the rules' current player."""
    sees_house = seat is not None and seat == s.rich  # MS-R10, MS-R37
    doors: list[DoorObs] = []
    for d in range(8):
        face = s.doors[d]
        opened = s.opened[d]
        doors.append({"id": DOORS[d], "open": opened,
                      "face": face if face and (opened or sees_house) else None,
                      "cards": s.cards[d][:]})
    last_round: dict[str, Any] | None = None
    if s.last_round is not None:
        rnd, winner, gain, how = s.last_round
        last_round = {"round": rnd, "winner": winner, "jewels": gain, "how": how}
    return {
        "game": SPEC.id, "seat": seat,
        "options": {"first": s.first_opt, "traps": s.traps, "guard_cards": s.guard_mix},
        "phase": s.phase, "to_move": to_move, "first": s.first,
        "rich": s.rich, "round": s.round, "dealt": bool(s.doors[0]), "doors": doors,
        "thief": s.thief, "moves": s.moves, "guards": s.guards, "nothing": s.nothing,
        "deck_count": s.deck_size, "discard": s.discard[:], "aside": s.aside[:],
        "drawn": s.drawn, "jewels": s.jewels[:], "agents": [a[:] for a in s.agents],
        "winner": s.winner, "result": s.result,
        "last_steal": None if s.last_door < 0 else
        {"door": DOORS[s.last_door], "face": s.last_face, "cards": s.last_cards[:]},
        "last_round": last_round,
    }


def visible_state(obs: Mapping[str, Any]) -> SneakyState:
    """A state built from an observation; unknown door faces are ``"?"`` and every card the
    observation does not place is counted into the deck (whose order no state holds)."""
    opts = obs["options"]
    s = FIELDS.load_shown(
        SneakyState(str(opts["traps"]), str(opts["guard_cards"]), str(opts["first"])), obs,
        "phase first rich round discard aside drawn thief moves guards nothing jewels agents "
        "winner result")
    dealt = bool(obs["dealt"])
    for d, door in enumerate(obs["doors"]):
        face = door["face"]
        s.doors[d] = str(face) if face is not None else ("?" if dealt else "")
        s.opened[d] = bool(door["open"])
        s.cards[d] = [str(c) for c in door["cards"]]
    last = obs["last_steal"]
    if last is not None:
        s.last_door = DOORS.index(str(last["door"]))
        s.last_face = str(last["face"])
        s.last_cards = [str(c) for c in last["cards"]]
    lr = obs["last_round"]
    if lr is not None:
        s.last_round = (int(lr["round"]), int(lr["winner"]), int(lr["jewels"]), str(lr["how"]))
    if s.round:
        left = card_counts(s.guard_mix)
        placed = [*s.discard, *s.aside, *s.agents[0], *s.agents[1],
                  *(c for door in s.cards for c in door)]
        if s.drawn:
            placed.append(s.drawn)
        for c in placed:
            left[c] -= 1
        s.deck = {c: k for c, k in sorted(left.items()) if k > 0}
        s.deck_size = sum(s.deck.values())
    return s


def make_resampler(obs: Observation) -> Callable[[random.Random], SneakyState]:
    """Draws of the states ``obs`` may come from, each equally likely: the unseen tiles are
    dealt afresh over the doors whose face ``obs`` does not show."""
    # Search resamples one observation thousands of times: read it once, then copy the
    # visible part and deal the unseen tiles afresh. Every card the observation does not
    # place is in the deck, whose order no state holds, so only door faces are guessed.
    base = visible_state(obs)
    hidden = [d for d in range(8) if base.doors[d] == "?"]
    if not hidden:
        return lambda rng: base.clone()
    pool = list(door_tiles(base.traps))
    for d in range(8):
        if base.doors[d] != "?":
            pool.remove(base.doors[d])

    def sample(rng: random.Random) -> SneakyState:
        s = base.clone()
        tiles = pool[:]
        rng.shuffle(tiles)
        doors = s.doors
        for d, t in zip(hidden, tiles, strict=True):
            doors[d] = t
        return s

    return sample
