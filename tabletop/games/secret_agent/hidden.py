"""Secret Agent's hidden information: what each seat sees of a position, and the full
positions an AI draws from what it sees.

A seat sees its own hand; of every other hand its size, its leader (each player is openly the
leader of his country) and the cards the whole table saw go into it and not leave it since
(``known``: a card given back after a secret action's draw, a losing bid, a super spy hired,
and those remembered again after a reveal; see ``state.take_from_hand``); the deck as a
count; spies committed face down to a disaster attack (SA-R23) as a count until they are
revealed, except its own; the contracts put down in an auction (SA-R35) as "a bid" until the
reveal, except its own. Everything else lies open on the table: countries, counters, the
discard and removed piles, the card drawn in a secret action, the dice.

``resample`` deals what the seat cannot locate back into those hidden places: face-down spies
are spies, face-down bids are contracts, events can only be in the deck (SA-R08, SA-R12,
SA-R15), remembered cards set aside for another seat's face-down cards go to that seat's hand
or to those cards, and the rest goes to the other hands and the deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, NotRequired, cast

from tabletop.api import ObservationBase, deal_unseen

from .data import ALL_FACES, CONTRACT, EVENT, SPY, family
from .state import FIELDS, SecretAgentState


class SecretAgentObs(ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees. The keys beyond the base are the
    state's fields (see ``SecretAgentState``), with the hidden parts masked: another seat's
    hand is its leader, its ``known`` cards (with the ``recalled`` ones, which are then
    empty) and ``None`` per other card; ``deck`` is ``{}``
    and ``deck_count`` its size; a face-down spy is ``None``; a bid not yet revealed is
    ``"?"``."""

    num_players: int
    deck_count: int
    scores_now: list[int]
    n: int
    leader_abilities: bool
    open_spies: bool
    multi_defence: bool
    tops_only: bool
    auto_spy: bool
    refill_actions_only: bool
    clash_high_loses: bool
    peace_ends_war: NotRequired[bool]  # only where set (the state's JSON form leaves it out)
    actor: int
    turn: int
    first: int
    turns: int
    pending: list[int]
    leader_pool: list[str]
    leaders: list[str]
    hands: list[list[str | None]]
    known: list[list[str]]
    recalled: list[list[str]]
    held: list[list[str]]
    stacks: list[list[str]]
    counters: list[list[str]]
    deck: dict[str, int]
    discard: list[str]
    removed: list[str]
    ltg: int
    declared: list[bool]
    passed: list[int]
    end_stage: bool
    todo: list[list[str]]
    hand_base: list[int]
    attacker: int
    defender: int
    mode: str
    played: str
    atk_spies: list[str | None]
    def_spies: list[str | None]
    revealed: bool
    stolen: str
    target: str
    threat: str
    roll_seat: int
    threshold: int
    purpose: str
    dice: list[int]
    rerolled: bool
    clash: list[int]
    rel_left: int
    emperor_used: bool
    hire: list[str]
    bids: list[str]
    bidders: list[int]
    bid_done: list[bool]
    auction_card: str
    lose_seat: int
    lose_left: int
    lose_cause: str
    lose_first: bool
    reorg_seat: int
    reorg_kind: str
    reorg_fixed: int
    reorg_then: str
    last_check: dict[str, Any] | None
    winners: list[int]
    scores: list[str]


def atk_hidden(s: Any) -> bool:
    """Whether the attacker's spies are face down (SA-R23: a disaster attack before the
    reveal, unless the option shows them)."""
    return bool(s.mode == "disaster" and not s.open_spies and not s.revealed)


def def_hidden(s: Any) -> bool:
    return bool(s.mode == "disaster" and not s.revealed)


def observation(s: SecretAgentState, seat: int | None, game_id: str,
                to_move: int) -> SecretAgentObs:
    data = FIELDS.to_json(s)
    hands: list[list[str | None]] = []
    for p, hand in enumerate(s.hands):
        if p == seat:
            hands.append(list(hand))
        else:
            lead = s.leaders[p]
            shown: list[str | None] = [lead] if lead and lead in hand else []
            shown.extend(sorted(s.known[p] + s.recalled[p]))
            hands.append(shown + [None] * (len(hand) - len(shown)))
    data["hands"] = hands
    # Everything the table remembers of a hand is one list here. What it has set aside for a
    # face-down card (``held``) is public too, but not shown in the hand: it may be that card.
    data["known"] = [sorted(k + r) for k, r in zip(s.known, s.recalled, strict=True)]
    data["recalled"] = [[] for _ in range(s.n)]
    data["deck"] = {}
    if atk_hidden(s) and seat != s.attacker:
        data["atk_spies"] = [None] * len(s.atk_spies)
    if def_hidden(s) and seat != s.defender:
        data["def_spies"] = [None] * len(s.def_spies)
    data["bids"] = [b if p == seat or b in ("", "-") else "?" for p, b in enumerate(s.bids)]
    data["leader_abilities"] = data.pop("leaders_on")
    data.update({
        "game": game_id, "seat": seat, "to_move": to_move, "num_players": s.n,
        "deck_count": s.deck_size, "scores_now": [s.score(p) for p in range(s.n)],
    })
    return cast(SecretAgentObs, data)


def unseen(obs: Mapping[str, Any], seat: int) -> dict[str, int]:
    """Copies of each face that ``seat`` cannot locate."""
    left = dict(ALL_FACES)

    def take(cards: list[Any]) -> None:
        for c in cards:
            if c and c not in ("?", "-"):
                left[str(c).rstrip("!")] -= 1

    for h in obs["hands"]:
        take(h)
    for st in obs["stacks"]:
        take(st)
    for ct in obs["counters"]:
        take(ct)
    take(obs["discard"])
    take(obs["removed"])
    take(obs["leader_pool"])
    take(obs["atk_spies"])
    take(obs["def_spies"])
    take(obs["hire"])
    take([obs["played"], obs["stolen"], obs["auction_card"]])
    take(list(obs["bids"]))
    if int(obs["ltg"]) != -1:
        take(["EV-LTG"])
    assert all(k >= 0 for k in left.values()), "an observation shows a card twice"
    return {c: k for c, k in left.items() if k}


def resampler(obs: Mapping[str, Any], seat: int
              ) -> Callable[[random.Random], SecretAgentState]:
    """Draws of full states consistent with ``obs`` for ``seat``: read the observation once,
    then deal the unseen cards afresh on every draw."""
    base = dict(obs)
    base["leaders_on"] = obs["leader_abilities"]
    n = int(obs["num_players"])
    left = unseen(obs, seat)
    hand_slots = [(p, sum(1 for c in obs["hands"][p] if c is None)) for p in range(n)]
    atk_slots = [i for i, c in enumerate(obs["atk_spies"]) if c is None]
    def_slots = [i for i, c in enumerate(obs["def_spies"]) if c is None]
    bid_slots = [p for p, b in enumerate(obs["bids"]) if b == "?"]
    # Cards the table set aside for another seat's face-down cards (``state.recall``): each is
    # in that hand or is one of those cards, so it is dealt to one of the two.
    held = {p: [str(c) for c in obs["held"][p]] for p in range(n)
            if p != seat and obs["held"][p]}
    if held:
        return _resampler_held(base, n, left, hand_slots, atk_slots, def_slots, bid_slots,
                               held)
    pool = [c for c in sorted(left) for _ in range(left[c])]
    spies = [c for c in pool if family(c) == SPY]
    contracts = [c for c in pool if family(c) == CONTRACT]

    def sample(rng: random.Random) -> SecretAgentState:
        rest = dict(left)
        drawn_spies, _ = deal_unseen(spies, [len(atk_slots) + len(def_slots)], rng)
        drawn_bids, _ = deal_unseen(contracts, [len(bid_slots)], rng)
        for c in drawn_spies[0] + drawn_bids[0]:
            rest[c] -= 1
        atk = drawn_spies[0][:len(atk_slots)]
        dfn = drawn_spies[0][len(atk_slots):]
        bids = dict(zip(bid_slots, drawn_bids[0], strict=True))
        return _dealt(base, n, rest, hand_slots, {}, (atk_slots, atk), (def_slots, dfn),
                      bids, rng)

    return sample


def _dealt(base: dict[str, Any], n: int, rest: dict[str, int],
           hand_slots: list[tuple[int, int]], pinned: Mapping[int, list[str]],
           atk: tuple[list[int], list[str]], dfn: tuple[list[int], list[str]],
           bids: Mapping[int, str], rng: random.Random) -> SecretAgentState:
    """One full state: the face-down cards and ``pinned`` hand cards as given, the rest of
    the unseen cards (``rest``, without them) dealt to the hands and the deck."""
    events = [c for c in rest for _ in range(rest[c]) if family(c) == EVENT]
    others = [c for c in sorted(rest) for _ in range(rest[c]) if family(c) != EVENT]
    sizes = [k - len(pinned[p]) if p in pinned else k for p, k in hand_slots]
    places, deck_rest = deal_unseen(others, sizes, rng)
    data = dict(base)
    hands = []
    for (p, _), place in zip(hand_slots, places, strict=True):
        hand = [str(c) for c in base["hands"][p] if c is not None] + place
        if p in pinned:
            hand.extend(pinned[p])
        hand.sort()
        hands.append(hand)
    data["hands"] = hands
    for key, (slots, faces) in (("atk_spies", atk), ("def_spies", dfn)):
        if slots:
            cards = list(base[key])
            for i, c in zip(slots, faces, strict=True):
                cards[i] = c
            data[key] = cards
    if bids:
        data["bids"] = [bids.get(p, b) for p, b in enumerate(base["bids"])]
    deck: dict[str, int] = {}
    for c in deck_rest + events:
        deck[c] = deck.get(c, 0) + 1
    data["deck"] = deck
    return FIELDS.load(SecretAgentState(n), data)


def _resampler_held(base: dict[str, Any], n: int, left: dict[str, int],
                    hand_slots: list[tuple[int, int]], atk_slots: list[int],
                    def_slots: list[int], bid_slots: list[int], held: dict[int, list[str]]
                    ) -> Callable[[random.Random], SecretAgentState]:
    """``resampler`` while another seat's remembered cards are set aside for its face-down
    cards: those cards are drawn from the unseen cards of their family and its set-aside
    cards alike (at least as many of the set-aside ones as its hand has no room left for),
    and the set-aside cards not drawn stay in its hand."""
    room = dict(hand_slots)
    groups = [(int(base["attacker"]), SPY, len(atk_slots)),
              (int(base["defender"]), SPY, len(def_slots))]
    groups.extend((p, CONTRACT, 1) for p in bid_slots)
    free = dict(left)  # the unseen cards that are not set aside
    for cards in held.values():
        for c in cards:
            free[c] -= 1

    def sample(rng: random.Random) -> SecretAgentState:
        rest = dict(free)
        kept = {p: list(cards) for p, cards in held.items()}
        drawn: list[list[str]] = []
        for owner, fam, k in groups:
            if not k:
                drawn.append([])
                continue
            own = [c for c in kept.get(owner, ()) if family(c) == fam]
            rng.shuffle(own)
            force = min(k, max(0, len(kept.get(owner, ())) - room[owner]))
            picks = own[:force]
            pool = [(c, False) for c in sorted(rest) for _ in range(rest[c])
                    if family(c) == fam]
            pool.extend((c, True) for c in own[force:])
            rng.shuffle(pool)
            for c, aside in pool[:k - force]:
                picks.append(c)
                if aside:
                    kept[owner].remove(c)
                else:
                    rest[c] -= 1
            for c in own[:force]:
                kept[owner].remove(c)
            drawn.append(picks)
        bids = {p: drawn[2 + i][0] for i, p in enumerate(bid_slots)}
        return _dealt(base, n, rest, hand_slots, kept, (atk_slots, drawn[0]),
                      (def_slots, drawn[1]), bids, rng)

    return sample

