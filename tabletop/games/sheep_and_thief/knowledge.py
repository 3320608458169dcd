"""What each seat of Sheep & Thief may know (ST-R36, ST-C6): its observation, the states an AI
draws from it, and the prompt worked out from it.

Public: every sheet (a face-down card only as "a card lies face down"), the fences, the thief,
the stock, the deck's size, every hand's and pack's size, who has chosen in the current secret
step, the discards. Private: one's own hand, pack and pending choice, one's own face-down cards.

The draft's memory (ST-C6): in the 3-4 player draft a seat remembers every pack it passed on,
as it left its hands; the observation shows, beside each other seat, the last sight of the
pack that seat now holds (``pack_seen``) and the step of that sight. With 2 players, the offered
pairs are seen by the other side (ST-R36) and a seat keeps knowing which cards of the other's
hand came from the offers (``known``) until that hand plays a card face down. The pack memory
lasts for the draft, the 2-player memory for the round; what a seat could still infer later
from earlier sights is not kept (a simplification the resample shares, so it never
contradicts the observation).

``resample`` deals what the seat cannot locate: the cards of each remembered pack go back to
that pack and to the seats that have picked from it since (in the order they did), and all
other hidden places (other hands, packs never seen, pending picks, face-down cards, the deck)
are dealt from the cards the seat has not seen anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from tabletop.api import CHANCE, TERMINAL, Msg, Observation, ObservationBase, deal_unseen

from .data import CARD_IDS, CELL_OF_TEXT, CELL_TEXT, CELLS, DEAL_FIRST, DEAL_LATER, HOUSE
from .spec import OPT_THEFT, OPT_THIEF, SPEC, THEFT_LAST, THIEF_UP_TO
from .state import FIELDS, Phase, SheepState, options_of

HIDDEN = "?"  # a face-down card of another seat


class ScoreObs(TypedDict):
    sheep: int
    towns: list[str]
    road: int
    river: int
    total: int


class PlayerObs(TypedDict):
    """One seat as an observation shows it."""

    house: int                    # house number 1-4 (0 before the houses are dealt)
    cards: list[str]              # 16 cells: "" empty, "H" house, a card id, "?" face down
    down: list[bool]              # 16 cells: face down
    sheep: list[int]              # 16 cells: sheep on the card
    fence: int                    # stolen sheep (ST-R25)
    hand: list[str | None]        # own ids; another seat's as None placeholders
    known: list[str]              # cards of this hand the viewer knows (2 players)
    pack: list[str | None]        # the pack it holds (own ids; placeholders otherwise)
    pack_seen: list[str] | None   # viewer's last sight of that pack (ST-C6), or None
    pack_seen_step: int           # the draft step of that sight (-1: none)
    chosen: bool                  # has made its choice of this secret step
    choice: list[str]             # own pending pick / kept-and-offer / take (else [])
    offer: list[str | None]       # 2 players: the offered pairs [a, b, c, d] when visible
    placed: int                   # cards placed this round
    score: ScoreObs


class SheepObs(ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position."""

    num_players: int
    options: dict[str, str]
    round: int
    start: int
    step: int
    turn: int
    thief: str                    # the shared thief's cell "row,col"
    thief_path: list[str]         # the cells of its last walk this round, start first
    thief_by: int                 # the seat whose card made that walk (-1: none yet)
    stock: int
    deck: int
    to_deal: int                  # cards still to deal in this deal
    discards: list[str]
    card: str                     # the card whose dogs or thieves are being resolved
    dogs_left: int
    thieves_left: int
    flock: int                    # one-flock option: the cell of the moving flock (-1)
    players: list[PlayerObs]
    round_scores: list[list[int]]
    winners: list[int]


def _pending(s: SheepState, p: int) -> tuple[bool, list[str]]:
    """Whether seat ``p`` has made its choice of this secret step, and that choice."""
    if s.phase == Phase.DRAFT:
        return bool(s.picks[p]), [s.picks[p]] if s.picks[p] else []
    if s.phase == Phase.KEEP:
        return bool(s.offers[p]), s.offers[p][:]
    if s.phase == Phase.TAKE:
        return bool(s.takes[p]), s.takes[p][:]
    return False, []


def observe(s: SheepState, seat: int | None, to_move: int) -> SheepObs:
    n = s.n
    players: list[PlayerObs] = []
    drafting = s.phase == Phase.DRAFT
    for p in range(n):
        mine = seat == p
        cards = [HIDDEN if s.down[p][i] and not mine else s.sheets[p][i] for i in range(CELLS)]
        if drafting:
            pack = s.packs[s.pack_of(p)]
        elif s.phase in (Phase.KEEP, Phase.DEAL):
            pack = s.packs[p]
        else:
            pack = []
        chosen, choice = _pending(s, p)
        seen: list[str] | None = None
        seen_step = -1
        if drafting and seat is not None and not mine:
            k = seat * n + s.pack_of(p)
            if s.seen_step[k] >= 0:
                seen, seen_step = s.seen[k][:], s.seen_step[k]
        offer: list[str | None] = []
        if s.phase == Phase.TAKE or (s.phase == Phase.KEEP and mine):
            offer = list(s.offers[p])
        elif s.phase == Phase.KEEP and s.offers[p]:
            offer = [None] * 4
        sheep, towns, road, river = s.breakdown(p)
        players.append({
            "house": s.houses[p] if s.houses else 0,
            "cards": cards, "down": s.down[p][:], "sheep": s.sheep[p][:], "fence": s.fence[p],
            "hand": list(s.hands[p]) if mine else [None] * len(s.hands[p]),
            "known": s.known[seat * n + p][:] if seat is not None and not mine else [],
            "pack": list(pack) if mine else [None] * len(pack),
            "pack_seen": seen, "pack_seen_step": seen_step,
            "chosen": chosen, "choice": choice if mine else [],
            "offer": offer,
            "placed": s.placed[p],
            "score": {"sheep": sheep, "towns": towns, "road": road, "river": river,
                      "total": sheep + road + river},
        })
    return {
        "game": SPEC.id, "seat": seat, "phase": s.phase, "to_move": to_move,
        "num_players": n, "options": s.options(), "round": s.round, "start": s.start,
        "step": s.step, "turn": s.turn, "thief": CELL_TEXT[s.thief],
        "thief_path": [CELL_TEXT[c] for c in s.thief_path], "thief_by": s.thief_by,
        "stock": s.stock,
        "deck": len(s.deck), "to_deal": len(s.deal_to), "discards": s.discards[:], "card": s.card,
        "dogs_left": s.dogs_left, "thieves_left": s.thieves_left, "flock": s.flock,
        "players": players, "round_scores": [r[:] for r in s.round_scores],
        "winners": s.winners[:],
    }


def thief_reading(obs: Mapping[str, Any]) -> str:
    """The suffix of the words that tell how the thief walks under the game's options
    (ST-G09, ST-G10): ``""`` for every step taken and a theft on each, ``_free`` where it may
    stop early, ``_last`` where it steals only where it stops, ``_free_last`` for both."""
    o = obs["options"]
    return (("_free" if o.get(OPT_THIEF) == THIEF_UP_TO else "")
            + ("_last" if o.get(OPT_THEFT) == THEFT_LAST else ""))


# ---------------------------------------------------------------------------------------------
# Resampling
# ---------------------------------------------------------------------------------------------


def _visible_state(obs: Observation, seat: int) -> tuple[SheepState, list[str]]:
    """The state as far as ``obs`` shows it (hidden places empty), and the cards ``seat``
    has not located anywhere."""
    n = int(obs["num_players"])
    o = obs["options"]
    s = FIELDS.load_shown(
        SheepState(n, *options_of(o)), obs,
        "phase round start step turn thief_by stock discards card dogs_left thieves_left flock "
        "round_scores winners")
    s.thief = CELL_OF_TEXT[str(obs["thief"])]
    s.thief_path = [CELL_OF_TEXT[str(c)] for c in obs["thief_path"]]
    players = obs["players"]
    s.houses = [int(pl["house"]) for pl in players] if s.phase != Phase.HOUSES else []
    located: set[str] = set(s.discards)
    for p, pl in enumerate(players):
        s.sheets[p] = [str(c) for c in pl["cards"]]
        s.down[p] = [bool(d) for d in pl["down"]]
        s.sheep[p] = [int(k) for k in pl["sheep"]]
        s.fence[p] = int(pl["fence"])
        s.placed[p] = int(pl["placed"])
        located.update(c for c in s.sheets[p] if c not in ("", HOUSE, HIDDEN))
        located.update(str(c) for c in pl["offer"] if c is not None)
        if p == seat:
            continue
        known = [str(c) for c in pl["known"]]
        s.known[seat * n + p] = known
        located.update(known)
        if pl["pack_seen"] is not None:
            seen = [str(c) for c in pl["pack_seen"]]
            k = seat * n + s.pack_of(p)
            s.seen[k] = seen
            s.seen_step[k] = int(pl["pack_seen_step"])
            located.update(seen)
    me = players[seat]
    s.hands[seat] = [str(c) for c in me["hand"]]
    located.update(s.hands[seat])
    pack = [str(c) for c in me["pack"]]
    located.update(pack)
    choice = [str(c) for c in me["choice"]]
    located.update(choice)
    if s.phase == Phase.DRAFT:
        j = s.pack_of(seat)
        s.packs[j] = pack
        if choice:
            s.picks[seat] = choice[0]
            # The seat remembers the pack it is about to pass on (ST-C6).
            s.seen[seat * n + j] = pack[:]
            s.seen_step[seat * n + j] = s.step
    elif s.phase in (Phase.KEEP, Phase.DEAL):
        s.packs[seat] = pack
    if s.phase == Phase.KEEP:
        s.offers[seat] = choice
    elif s.phase == Phase.TAKE:
        s.offers = [[str(c) for c in pl["offer"]] for pl in players]
        s.takes[seat] = choice
    to_deal = int(obs["to_deal"])
    if to_deal:
        k = (DEAL_FIRST if s.round == 1 else DEAL_LATER)[n]
        full = [(s.start + i) % n for i in range(n) for _ in range(k)]
        s.deal_to = full[len(full) - to_deal:]
    pool = [c for c in CARD_IDS if c not in located]
    return s, pool


def resampler(obs: Observation, seat: int) -> Callable[[random.Random], SheepState]:
    """Read ``obs`` once; each call deals the hidden cards afresh."""
    base, pool = _visible_state(obs, seat)
    n = base.n
    players = obs["players"]
    deck_size = int(obs["deck"])
    phase = base.phase
    others = [p for p in range(n) if p != seat]
    # Remembered packs (ST-C6): (holder, its cards, the seats that picked from it since).
    remembered: list[tuple[int, list[str], list[int]]] = []
    from_memory = [0] * n
    if phase == Phase.DRAFT:
        for q in others:
            pl = players[q]
            if pl["pack_seen"] is None:
                continue
            j = base.pack_of(q)
            t = int(pl["pack_seen_step"])
            pickers = [(j + k) % n for k in range(t + 1, base.step)]
            for p in pickers:
                from_memory[p] += 1
            remembered.append((q, [str(c) for c in pl["pack_seen"]], pickers))
    remembered_held = {q for q, _, _ in remembered}

    # The hidden places dealt from the pool, in a fixed order: (kind, seat, size).
    places: list[tuple[str, int, int]] = []
    for q in others:
        pl = players[q]
        downs = sum(1 for c in pl["cards"] if c == HIDDEN)
        if downs:
            places.append(("down", q, downs))
        hand = len(pl["hand"]) - from_memory[q] - len(pl["known"])
        if hand:
            places.append(("hand", q, hand))
        if phase in (Phase.DRAFT, Phase.KEEP, Phase.DEAL) and q not in remembered_held \
                and pl["pack"]:
            places.append(("pack", q, len(pl["pack"])))
        if phase == Phase.DRAFT and pl["chosen"] and q not in remembered_held:
            places.append(("pick", q, 1))
        if phase == Phase.KEEP and pl["chosen"]:
            places.append(("offer", q, 4))
    sizes = [k for _, _, k in places]

    def sample(rng: random.Random) -> SheepState:
        s = base.clone()
        extra: list[list[str]] = [[] for _ in range(n)]
        for q, cards, pickers in remembered:
            order = cards[:]
            rng.shuffle(order)
            for p in pickers:
                extra[p].append(order.pop())
            if players[q]["chosen"]:
                s.picks[q] = order.pop()
            s.packs[s.pack_of(q)] = sorted(order)
        dealt, rest = deal_unseen(pool, sizes, rng)
        for (kind, q, _), cards in zip(places, dealt, strict=True):
            if kind == "down":
                it = iter(cards)
                s.sheets[q] = [next(it) if c == HIDDEN else c for c in s.sheets[q]]
            elif kind == "hand":
                extra[q].extend(cards)
            elif kind == "pack":
                s.packs[s.pack_of(q) if phase == Phase.DRAFT else q] = sorted(cards)
            elif kind == "pick":
                s.picks[q] = cards[0]
            else:
                s.offers[q] = cards
        for q in others:
            s.hands[q] = sorted([str(c) for c in players[q]["known"]] + extra[q])
            if phase == Phase.TAKE and players[q]["chosen"]:
                mine = s.offers[seat]
                s.takes[q] = sorted(mine[:2] if rng.random() < 0.5 else mine[2:])
        if len(rest) != deck_size:
            raise ValueError(f"{len(rest)} unseen cards left for a deck of {deck_size}")
        s.deck = sorted(rest)
        return s

    return sample


def resample(obs: Observation, seat: int, rng: random.Random) -> SheepState:
    return resampler(obs, seat)(rng)


# ---------------------------------------------------------------------------------------------
# Prompts
# ---------------------------------------------------------------------------------------------


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    to_move = int(obs["to_move"])
    players = obs["players"]
    if phase == Phase.OVER:
        return Msg("prompt.over", winners=[int(p) for p in obs["winners"]],
                   best=max(int(pl["score"]["total"]) for pl in players))
    if to_move in (CHANCE, TERMINAL):
        return Msg("prompt.dealing")
    if phase in (Phase.DRAFT, Phase.KEEP, Phase.TAKE):
        mine = seat is not None and 0 <= seat < len(players)
        if mine and not players[int(seat)]["chosen"]:  # type: ignore[arg-type]
            me = players[int(seat)]  # type: ignore[arg-type]
            if phase == Phase.DRAFT:
                return Msg("prompt.pick", left=len(me["pack"]))
            if phase == Phase.TAKE:
                return Msg("prompt.take")
            return Msg("prompt.keep" if len(me["hand"]) < 2 else "prompt.offer")
        waiting = [p for p, pl in enumerate(players) if not pl["chosen"]]
        return Msg("prompt.choosing", seats=waiting)
    turn = int(obs["turn"])
    if seat != turn:
        key = {Phase.PLACE: "placing", Phase.DOG: "dogging", Phase.THIEF: "thieving",
               Phase.DISCARD: "discarding"}[phase]
        return Msg(f"prompt.{key}", seat=turn)
    if phase == Phase.PLACE:
        return Msg("prompt.place", n=int(players[turn]["placed"]) + 1)
    if phase == Phase.DOG:
        return Msg("prompt.dog", left=int(obs["dogs_left"]))
    if phase == Phase.THIEF:
        return Msg("prompt.thief" + thief_reading(obs), left=int(obs["thieves_left"]),
                   at=str(obs["thief"]))
    return Msg("prompt.discard")
