"""Mr. Sneaky's hidden information: what a seat sees of a position (``observe``) and how the
AI's search deals what it cannot see (``make_resampler``: determinizations of an observation).

The only secret in a state is the face of each closed door, which the Rich Man sees and the
Thief does not (MS-R10, MS-R37). The rich-man deck is a multiset whose order no state holds, so
every card an observation does not place is simply counted into the deck and nothing about
the cards needs guessing.

The doors are not dealt uniformly, though: the Rich Man placed every card on a closed door
knowing the faces (MS-R13), so the cards lying there are evidence of what is behind them. The
Thief's guesses are weighed by how likely those public placements are under each layout
(``placement_factors``, ``layout_weights``); the weighting is softened towards uniform because
a Rich Man may also place at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate
from typing import Any, TypedDict

from tabletop.api import Observation, ObservationBase

from .data import (
    CARD_KINDS,
    CARDS,
    DOORS,
    RICH,
    TILE_CODES,
    TILE_SYMBOL,
    card_counts,
    door_tiles,
    layouts,
)
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


#: A guard piece weighed as a jewel and an agent as a jewel: each guard takes one jewel off the
#: Thief's Treasure win (MS-R29), and agents count towards the fourth that loses (MS-R04).
_GUARD_WORTH = 1.0
_AGENT_WORTH = 1.0


def card_worth(card: str, face: str) -> float:
    """What ``card`` lying on a door of ``face`` is worth to the Rich Man, in jewels, once the
    door is opened: its effect when it matches the face (MS-R26, §10.2), nothing otherwise.
    This is what a Rich Man who sees the faces weighs when he chooses a door (MS-R13)."""
    kind = CARD_KINDS[card]
    if TILE_SYMBOL[face] not in kind.symbols:
        return 0.0
    for_rich = kind.target == RICH
    worth = float(kind.jewels) if for_rich else -float(kind.jewels)
    worth += _GUARD_WORTH * kind.guards  # guards are always the Thief's
    worth += _AGENT_WORTH * kind.agents * (-1.0 if for_rich else 1.0)
    return worth


#: How sharply the modelled Rich Man prefers the door where a card is worth most to him (per
#: jewel of ``card_worth``), and the share of his placements modelled as random. A random
#: Rich Man's cards say nothing, so the mix keeps every layout's weight within a small factor
#: per card and the Thief's guesses never collapse onto a few layouts.
PLACE_SHARPNESS = 1.0
PLACE_RANDOM = 0.5


def placement_factors(closed_faces: Sequence[str]) -> dict[str, dict[str, float]]:
    """``f[card][face]``: how likely (up to a factor common to every layout) the Rich Man put
    ``card`` on a door that has ``face``, when ``closed_faces`` are the faces still closed.

    The modelled Rich Man picks a door with a chance in proportion to
    ``exp(PLACE_SHARPNESS * card_worth)``, mixed with a uniform pick (``PLACE_RANDOM``). The
    normaliser (a sum over the closed doors) is the same in every layout, because the closed
    doors hold the same tiles in any order; so only the numerator tells layouts apart, and the
    uniform part is scaled by the mean over the closed faces to keep the mix a true mix.
    Placement legality (MS-R14) does not depend on faces, so it changes nothing here."""
    out: dict[str, dict[str, float]] = {}
    n = len(closed_faces)
    for card in CARDS:
        pull = {f: math.exp(PLACE_SHARPNESS * card_worth(card, f)) for f in TILE_CODES}
        mean = sum(pull[f] for f in closed_faces) / n if n else 1.0
        out[card] = {f: PLACE_RANDOM * mean + (1.0 - PLACE_RANDOM) * pull[f]
                     for f in TILE_CODES}
    return out


def layout_weights(base: SneakyState, hidden: Sequence[int]
                   ) -> tuple[list[tuple[str, ...]], list[float]]:
    """The ways to deal the unseen tiles to the doors ``hidden`` (every distinct layout that
    agrees with the faces ``base`` shows, MS-R10) and the weight of each: the likelihood of
    the cards lying on the closed doors under that layout (``placement_factors``).

    Only the cards on closed doors are evidence: an opened door's cards went to the discard
    pile, and its face is known anyway. Every fact read here is public (MS-R13, MS-R37)."""
    known = [(d, f) for d, f in enumerate(base.doors) if f != "?"]
    fills = [tuple(lay[d] for d in hidden) for lay in layouts(base.traps)
             if all(lay[d] == f for d, f in known)]
    factors = placement_factors(fills[0]) if fills else {}
    weights: list[float] = []
    evidence = [(i, base.cards[d]) for i, d in enumerate(hidden) if base.cards[d]]
    for fill in fills:
        w = 1.0
        for i, here in evidence:
            face = fill[i]
            for card in here:
                w *= factors[card][face]
        weights.append(w)
    return fills, weights


def make_resampler(obs: Observation) -> Callable[[random.Random], SneakyState]:
    """Draws of the states ``obs`` may come from: the unseen tiles dealt over the doors whose
    face ``obs`` does not show, each layout as likely as the Rich Man's public card
    placements make it (``layout_weights``; uniform while no card lies on a closed door)."""
    # Search resamples one observation thousands of times: read it once, then copy the
    # visible part and deal the unseen tiles afresh. Every card the observation does not
    # place is in the deck, whose order no state holds, so only door faces are guessed.
    base = visible_state(obs)
    hidden = [d for d in range(8) if base.doors[d] == "?"]
    if not hidden:
        return lambda rng: base.clone()
    if any(base.cards[d] for d in hidden):
        # At most 840 layouts: weigh them all once, then each draw is one bisection.
        fills, weights = layout_weights(base, hidden)
        cumulative = list(accumulate(weights))

        def draw(rng: random.Random) -> SneakyState:
            s = base.clone()
            fill = rng.choices(fills, cum_weights=cumulative)[0]
            doors = s.doors
            for d, t in zip(hidden, fill, strict=True):
                doors[d] = t
            return s

        return draw
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
