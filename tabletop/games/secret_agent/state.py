"""Secret Agent's state: every field of a position in one table, and the small reads of it
that the rules, the hidden-information code and the AI share.

A country is five stacks of technology (one per kind, bottom card first, SA-R17), kept as one
list of lists ``stacks[seat * 5 + kind]`` so that the generated copy stays two levels deep.
Hands are sorted multisets of faces and include the leader card (SA-R04); ``known`` keeps, per
seat, the cards of that hand the whole table has seen go into it and not seen leave it (a card
returned after a secret action's draw, the losing bids, a super spy hired). A card put down
face down sets the remembered cards of its family aside (``held``) until it is shown; those it
was not are then remembered again (``recalled``, apart from ``known`` so that the form of
rules version 2 is ``known`` alone, see ``model.state_json_for_version``). Work still to do in
the turn (losses to choose, hand limits, auctions, refills, the next turn) is a queue of small
tasks ``todo`` of texts, so a position can stop at any decision, be saved and go on.
"""

from __future__ import annotations

from typing import Any

from tabletop import api

from .data import (
    DECK,
    KIND_INDEX,
    KINDS,
    LEADER,
    LEADERS,
    NUMBERS,
    PRESIDENT,
    family,
    kind_of,
)


def _copy_check(check: dict[str, Any]) -> dict[str, Any]:
    return {"seat": int(check["seat"]), "dice": [int(d) for d in check["dice"]],
            "modifier": int(check["modifier"]), "total": int(check["total"]),
            "threshold": int(check["threshold"]), "success": bool(check["success"]),
            "purpose": str(check["purpose"])}


# Every field of a position: the slots, the copy, the JSON form and who may see it come from
# this table. ``last_check`` is never changed once made, so copies share it. Hidden are the
# hands (the others see a size, the leader and the remembered cards), the deck, the spies
# committed face down (their committer's until the reveal) and the contracts bid (each its
# bidder's). Which remembered cards are ``known`` and which ``recalled`` no observation tells
# apart (it shows them together), so neither list is promised as such.
FIELDS = api.StateFields(
    n=api.INT.public, leaders_on=api.BOOL.public, open_spies=api.BOOL.public,
    multi_defence=api.BOOL.public, tops_only=api.BOOL.public, auto_spy=api.BOOL.public,
    refill_actions_only=api.BOOL.public, clash_high_loses=api.BOOL.public,
    phase=api.STR.public, actor=api.INT.public, turn=api.INT.public, first=api.INT.public,
    turns=api.INT.public, pending=api.INTS.public,
    leader_pool=api.STRS.public, leaders=api.STRS.public, hands=api.STRS2.owned,
    known=api.STRS2.unseen,
    recalled=api.STRS2.unseen, held=api.STRS2.public,
    stacks=api.STRS2.public, counters=api.STRS2.public,
    deck=api.COPIES.unseen, deck_size=api.derived(lambda s: sum(s.deck.values())).public,
    discard=api.STRS.public, removed=api.STRS.public, ltg=api.INT.public, declared=api.BOOLS.public,
    passed=api.INTS.public, end_stage=api.BOOL.public,
    todo=api.STRS2.public, hand_base=api.INTS.public,
    attacker=api.INT.public, defender=api.INT.public, mode=api.STR.public, played=api.STR.public,
    atk_spies=api.STRS.owned_by("attacker"), def_spies=api.STRS.owned_by("defender"),
    revealed=api.BOOL.public, stolen=api.STR.public, target=api.STR.public, threat=api.STR.public,
    roll_seat=api.INT.public, threshold=api.INT.public, purpose=api.STR.public,
    dice=api.INTS.public,
    rerolled=api.BOOL.public, clash=api.INTS.public,
    rel_left=api.INT.public, emperor_used=api.BOOL.public,
    hire=api.STRS.public, bids=api.STRS.owned, bidders=api.INTS.public, bid_done=api.BOOLS.public,
    auction_card=api.STR.public,
    lose_seat=api.INT.public, lose_left=api.INT.public, lose_cause=api.STR.public,
    lose_first=api.BOOL.public,
    reorg_seat=api.INT.public, reorg_kind=api.STR.public, reorg_fixed=api.INT.public,
    reorg_then=api.STR.public,
    last_check=api.maybe(_copy_check).public, winners=api.INTS.public, scores=api.STRS.public,
    # Added after games were saved: the JSON form holds it only where it is set.
    peace_ends_war=api.BOOL.public.added(False),
)


class SecretAgentState:
    """One position of Secret Agent (see the module's docstring for the layout).

    ``actor`` is the seat whose decision it is in a decision phase (the reacting seat during
    a defence, a counter, a bid or a refill). The attack under way is ``attacker``,
    ``defender``, ``mode`` and the cards on the table: ``played`` (the disaster or super spy),
    ``atk_spies`` and ``def_spies`` (face down until ``revealed`` where the rules hide them),
    ``stolen`` (the card drawn from the defender's hand). ``bids`` holds each seat's contract
    put down in an auction ("" none yet, "-" passed). ``scores`` keeps every country's points
    at the start of each turn, one text per turn ("12,9,7"), for the chart of the end.
    """

    __slots__ = FIELDS.names

    def __init__(self, n: int, options: dict[str, bool] | None = None) -> None:
        o = options or {}
        self.n = n
        self.leaders_on = bool(o.get("leader_abilities", False))
        self.open_spies = bool(o.get("open_spies", False))
        self.multi_defence = bool(o.get("multi_defence", False))
        self.tops_only = bool(o.get("tops_only", False))
        self.auto_spy = bool(o.get("auto_spy_discard", False))
        self.refill_actions_only = bool(o.get("refill_actions_only", False))
        self.clash_high_loses = bool(o.get("clash_high_loses", True))
        # SA-R46 option (Peace against War): a Peace played against War avoids the whole
        # event, not only its owner's loss.
        self.peace_ends_war = bool(o.get("peace_ends_war", False))
        self.phase = "leaders"
        self.actor = -1
        self.turn = -1
        self.first = -1
        self.turns = 0
        self.pending: list[int] = list(range(n))
        self.leader_pool: list[str] = list(LEADERS)
        self.leaders: list[str] = [""] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.recalled: list[list[str]] = [[] for _ in range(n)]
        self.held: list[list[str]] = [[] for _ in range(n)]
        self.stacks: list[list[str]] = [[] for _ in range(n * len(KINDS))]
        self.counters: list[list[str]] = [[] for _ in range(n)]
        self.deck: dict[str, int] = dict(DECK)
        self.deck_size = sum(self.deck.values())
        self.discard: list[str] = []
        self.removed: list[str] = []
        self.ltg = -1
        self.declared = [False] * n
        self.passed: list[int] = []
        self.end_stage = False
        self.todo: list[list[str]] = []
        self.hand_base = [0] * n
        self.attacker = -1
        self.defender = -1
        self.mode = ""
        self.played = ""
        self.atk_spies: list[str] = []
        self.def_spies: list[str] = []
        self.revealed = False
        self.stolen = ""
        self.target = ""
        self.threat = ""
        self.roll_seat = -1
        self.threshold = 0
        self.purpose = ""
        self.dice: list[int] = []
        self.rerolled = False
        self.clash: list[int] = []
        self.rel_left = 3
        self.emperor_used = False
        self.hire: list[str] = []
        self.bids: list[str] = [""] * n
        self.bidders: list[int] = []
        self.bid_done = [False] * n
        self.auction_card = ""
        self.lose_seat = -1
        self.lose_left = 0
        self.lose_cause = ""
        self.lose_first = False
        self.reorg_seat = -1
        self.reorg_kind = ""
        self.reorg_fixed = 0
        self.reorg_then = ""
        self.last_check: dict[str, Any] | None = None
        self.winners: list[int] = []
        self.scores: list[str] = []

    def clone(self) -> SecretAgentState:
        return FIELDS.clone(self)

    # -- reads ----------------------------------------------------------------------------
    def stack(self, seat: int, kind: str) -> list[str]:
        return self.stacks[seat * len(KINDS) + KIND_INDEX[kind]]

    def country(self, seat: int) -> list[list[str]]:
        k = len(KINDS)
        return self.stacks[seat * k:(seat + 1) * k]

    def score(self, seat: int) -> int:
        """SA-R52: the points of every open technology card, defectors included."""
        k = len(KINDS)
        points = NUMBERS.__getitem__
        return sum([sum(map(points, st)) for st in self.stacks[seat * k:(seat + 1) * k]])

    def all_scores(self) -> list[int]:
        """Every country's ``score``, in one pass over the stacks (at the start of each
        turn)."""
        points = NUMBERS.__getitem__
        per = [sum(map(points, st)) for st in self.stacks]
        k = len(KINDS)
        return [sum(per[i:i + k]) for i in range(0, len(per), k)]

    def tech_count(self, seat: int) -> int:
        return sum(len(st) for st in self.country(seat))

    def has_ability(self, seat: int, leader: str) -> bool:
        """Whether ``seat`` leads with ``leader`` and the optional abilities are on (§11)."""
        return self.leaders_on and self.leaders[seat] == leader

    def pass_limit(self, seat: int) -> int:
        """SA-R16, LD-PRE: the largest hand that may pass."""
        return 7 + (1 if self.has_ability(seat, PRESIDENT) else 0)

    def refill_limit(self, seat: int) -> int:
        """SA-R15, LD-PRE: the hand size at or below which a special refill is allowed."""
        return 3 + (1 if self.has_ability(seat, PRESIDENT) else 0)

    def actor_hand(self) -> list[str]:
        """The hand of the seat to decide (an empty list while nobody decides)."""
        return self.hands[self.actor] if self.actor >= 0 else []

    def others(self, seat: int) -> list[int]:
        """The seats ``seat`` may target: every other seat that has not declared (SA-R50)."""
        return [p for p in range(self.n) if p != seat and not self.declared[p]]

    def clockwise(self, start: int) -> list[int]:
        """Every seat from ``start`` clockwise."""
        return [(start + k) % self.n for k in range(self.n)]


def open_tech(s: SecretAgentState, seat: int, tops_only: bool) -> list[str]:
    """The faces ``seat`` may give up when he must discard an open technology card: any card
    of his country (SA-C2), or only the stack tops (option)."""
    if tops_only:
        return sorted({st[-1] for st in s.country(seat) if st})
    return sorted({c for st in s.country(seat) for c in st})


def tops(s: SecretAgentState, seat: int) -> list[str]:
    return sorted({st[-1] for st in s.country(seat) if st})


def remove_from_stack(s: SecretAgentState, seat: int, face: str) -> None:
    """Take the topmost copy of ``face`` out of ``seat``'s stack of its kind."""
    st = s.stack(seat, kind_of(face))
    for i in range(len(st) - 1, -1, -1):
        if st[i] == face:
            del st[i]
            return
    raise ValueError(f"{face} is not in the country of seat {seat}")


def add_to_hand(hand: list[str], face: str) -> None:
    hand.append(face)
    hand.sort()


def return_to_hand(s: SecretAgentState, seat: int, face: str) -> None:
    """``face``, which every player has just seen, goes into ``seat``'s hand: a card drawn in
    a secret action and given back (SA-R28), a contract taken (SA-R28, SA-R31), the bids
    that lost and the super spy hired (SA-R35), a super spy back after a clash (SA-R33).
    The table remembers it there (``known``); the leader is open anyway."""
    add_to_hand(s.hands[seat], face)
    if family(face) != LEADER:
        add_to_hand(s.known[seat], face)


def take_from_hand(s: SecretAgentState, seat: int, face: str, *, face_down: bool = False
                   ) -> None:
    """``face`` leaves ``seat``'s hand; ``known`` keeps only what the others can still tell.

    A card shown as it leaves takes one remembered copy of its face with it (if any): the
    others cannot tell which copy went. A card put down face down (a defence spy, a bid)
    may have been any remembered card of its family, so all of them are set aside until it is
    shown (``held``, see ``recall``); showing one would tell the table that it was not the
    hidden card."""
    s.hands[seat].remove(face)
    known = s.known[seat]
    recalled = s.recalled[seat]
    if face_down:
        fam = family(face)
        aside = [c for c in known + recalled if family(c) == fam]
        if aside:
            s.known[seat] = [c for c in known if family(c) != fam]
            s.recalled[seat] = [c for c in recalled if family(c) != fam]
            s.held[seat] = sorted(s.held[seat] + aside)
    elif face in known:
        known.remove(face)
    elif face in recalled:
        recalled.remove(face)


def recall(s: SecretAgentState, seat: int, shown: list[str]) -> None:
    """The cards ``seat`` put down face down are shown (SA-R23 spies, SA-R35 bids): the
    remembered cards set aside for them are remembered again, but for one copy of each face
    shown (the others cannot tell a remembered copy from another of the same face)."""
    held = s.held[seat]
    if not held:
        return
    rest = list(held)
    for face in shown:
        if face in rest:
            rest.remove(face)
    s.held[seat] = []
    if rest:
        s.recalled[seat] = sorted(s.recalled[seat] + rest)


def is_tech_card(face: str) -> bool:
    return family(face) in ("TE", "DF")


def zones(s: SecretAgentState) -> dict[str, int]:
    """Every card of the game, wherever it is: face -> copies over the deck, the hands, the
    countries (stacks, open counters, an attached Long-term Government), the discard and
    removed piles, the leaders not yet dealt and the cards on the table during an attack or an
    auction. Always the 146 cards of §2."""
    out: dict[str, int] = dict(s.deck)

    def add(cards: list[str]) -> None:
        for c in cards:
            if c:
                out[c] = out.get(c, 0) + 1

    for h in s.hands:
        add(h)
    for st in s.stacks:
        add(st)
    for ct in s.counters:
        add(ct)
    add(s.discard)
    add(s.removed)
    add(s.leader_pool)
    add(s.atk_spies)
    add(s.def_spies)
    add(s.hire)
    add([s.played, s.stolen, s.auction_card])
    add([b.rstrip("!") for b in s.bids if b not in ("", "-")])
    if s.ltg != -1:
        add(["EV-LTG"])
    return out
