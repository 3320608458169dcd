"""Not My Fault! (仮) rules model: report progress face down, raise the claim, or audit.

Rules follow rules/reference.md (NMF-R1..NMF-R30, decisions NMF-G1..NMF-G9).
A turn is one atomic decision: ``play:<value>:<milestone>`` puts a progress card of that value
face down and declares that milestone (the opening of a round, NMF-R10, or a raise, NMF-R11),
and ``audit`` turns the round's cards up (NMF-R11, NMF-R15). Card and claim form one action
because the table does them with one drag (a card onto a milestone). The price is breadth for
search: up to 5 values x 8 milestones per turn.

Progress cards differ only by value, so the deck is a count per value and every dealt card is
the chance outcome ``deal:<value>`` weighted by the copies left. Who starts is the chance
outcome ``first:<seat>`` (NMF-R3). At a redeal (NMF-R20) every hand is empty and the centre
has been discarded, so discard pile plus reserve are always the whole deck again.

What a seat knows: its own hand, the cards it put face down itself, the discard pile (audited
cards, NMF-R16) and every count. ``resample`` deals everything else afresh from the cards that
seat cannot locate, so search never leans on a hidden card.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypedDict

from tabletop import api
from tabletop.api import Arg, Event, Msg

from .data import (
    FIRST_DEAL,
    LAST_MILESTONE,
    MILESTONES,
    REDEAL,
    REPRIMANDS_TO_LOSE,
    VALUE_INDEX,
    VALUES,
    full_deck,
    milestones_above,
)
from .spec import SPEC


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    FIRST = "first"  # chance: who starts the first round (NMF-R3)
    PLAY = "play"    # the player to move raises or audits (NMF-R10, NMF-R11)
    OVER = "over"    # someone has three reprimands (NMF-R30)


AUDIT = "audit"

#: Action texts and their parts, built once: search applies actions by the thousand.
PLAY_TEXT: dict[tuple[int, int], str] = {(v, m): f"play:{v}:{m}" for v in VALUES
                                         for m in MILESTONES}
PLAY_PARTS: dict[str, tuple[int, int]] = {t: vm for vm, t in PLAY_TEXT.items()}
DEAL_TEXT: tuple[str, ...] = tuple(f"deal:{v}" for v in VALUES)
_ABOVE: dict[int, tuple[int, ...]] = {m: milestones_above(m) for m in (0, *MILESTONES)}

# Heuristic weights (see ``heuristic``): how much more likely to lose one more reprimand
# makes a player, and how much of a reprimand an undecided audit is worth.
DANGER = 3.0
LIE_WEIGHT = 0.6
TRUTH_WEIGHT = 0.3


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class SeatObs(TypedDict):
    """One seat as an observation shows it: its hand only to itself."""

    hand: list[int | None]
    reprimands: int


class CentreObs(TypedDict):
    """A card put down this round: who put it, and its value only to them."""

    seat: int
    card: int | None


class NotMyFaultObs(api.ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position."""

    num_players: int
    turn: int
    starter: int
    round: int
    deals: int
    reserve: int
    discard: list[int]
    players: list[SeatObs]
    centre: list[CentreObs]
    declared: int
    declarer: int
    pending: list[int]
    last_audit: dict[str, Any] | None
    loser: int


def _copy_last(last: Mapping[str, Any]) -> dict[str, Any]:
    return {"auditor": int(last["auditor"]), "declarer": int(last["declarer"]),
            "declared": int(last["declared"]), "total": int(last["total"]),
            "penalised": int(last["penalised"]), "cards": [int(v) for v in last["cards"]],
            "owners": [int(p) for p in last["owners"]]}


# Every field of a position, in one table: the slots, the copy, the JSON form and who may see
# it come from it. ``last`` is never changed once made, so copies share it. A card put down
# this round (``centre[i]``) is seen by the seat that put it down, ``owners[i]``.
FIELDS = api.StateFields(
    n=api.INT.public, phase=api.STR.public, pending=api.INTS.public,
    deck=api.counts_per(VALUES).unseen, deck_size=api.derived(lambda s: sum(s.deck)).public,
    hands=api.SORTED_INTS2.owned, centre=api.INTS.owned_by("owners"), owners=api.INTS.public,
    declared=api.INT.public, declarer=api.INT.public, turn=api.INT.public, starter=api.INT.public,
    reprimands=api.INTS.public, discard=api.INTS.public, rounds=api.INT.public,
    deals=api.INT.public,
    last=api.maybe(_copy_last).public, loser=api.INT.public,
)


class NotMyFaultState:
    """One position.

    ``hands[p]`` holds seat ``p``'s card values in increasing order; ``centre`` the values put
    face down this round in play order, ``owners`` who put each. ``deck`` counts the undealt
    cards per value index (the reserve between deals). ``declared`` is the current milestone
    (0 before the opening), ``declarer`` who declared it. ``last`` describes the latest audit
    for the table and is never changed once made, so clones may share it.
    """

    __slots__ = FIELDS.names

    def __init__(self, num_players: int) -> None:
        self.n = num_players
        self.phase = Phase.FIRST
        self.pending: list[int] = []
        self.deck: list[int] = full_deck()
        self.deck_size = sum(self.deck)
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.centre: list[int] = []
        self.owners: list[int] = []
        self.declared = 0
        self.declarer = -1
        self.turn = -1
        self.starter = -1
        self.reprimands = [0] * num_players
        self.discard: list[int] = []
        self.rounds = 0
        self.deals = 0
        self.last: dict[str, Any] | None = None
        self.loser = -1

    def clone(self) -> NotMyFaultState:
        return FIELDS.clone(self)


def unseen_pool(obs: Mapping[str, Any], seat: int) -> list[int]:
    """Card values ``seat`` cannot locate: the other hands, the others' face-down cards and
    the reserve, i.e. the whole deck minus what this seat holds, put down itself, or saw
    turned up (the discard pile holds every audited card since the last redeal)."""
    left = full_deck()
    seen: list[int] = [int(v) for v in obs["discard"]]
    seen.extend(int(v) for v in obs["players"][seat]["hand"])
    seen.extend(int(c["card"]) for c in obs["centre"] if c["card"] is not None)
    for v in seen:
        left[VALUE_INDEX[v]] -= 1
    return [v for i, v in enumerate(VALUES) for _ in range(left[i])]


def next_with_cards(hands: list[list[int]], seat: int) -> tuple[int, tuple[int, ...]]:
    """NMF-R21: ``seat`` if it holds a card, else the next seat clockwise that does; and the
    seats passed over. Assumes some hand is not empty."""
    n = len(hands)
    skipped: list[int] = []
    p = seat
    for _ in range(n):
        if hands[p]:
            break
        skipped.append(p)
        p = (p + 1) % n
    return p, tuple(skipped)


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


# Every action text of the game: its kind and what the argument may be, read as ints.
_VALUE = Arg.numbers(VALUES)
ACTIONS = api.ActionForms({
    "first": Arg.numbers(range(5)),  # chance: who starts
    "deal": _VALUE,                  # chance: a card dealt
    # A card face down and the milestone declared: ``play:4:7`` reads (4, 7).
    "play": Arg.pair(_VALUE, Arg.numbers(MILESTONES), ":"),
    AUDIT: None,                     # audit the last declaration
})

# Game sends each action to the method named after its kind, its argument read (``play:4:7`` is
# ``_apply_play(state, (4, 7), events)``); the rest has no refusal or words of its own.

# Who moves: chance while cards are being dealt (NMF-R2, NMF-R20), else the phase says.
TURNS: api.PhaseTable[NotMyFaultState] = api.PhaseTable({
    Phase.PLAY: "turn", Phase.FIRST: api.CHANCE, Phase.OVER: api.TERMINAL,
}, chance_while="pending")


class NotMyFaultGame(api.Game[NotMyFaultState]):
    """Not My Fault! for 2 to 5 players (NMF-R1..NMF-R30)."""

    spec = SPEC
    actions = ACTIONS
    turns = TURNS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> NotMyFaultState:
        # NMF-R1: the milestones are fixed data (``MILESTONES``), laid out by the view.
        return NotMyFaultState(num_players)

    # -- flow -----------------------------------------------------------------------------
    def legal_actions(self, state: NotMyFaultState) -> list[str]:
        s = state
        if s.pending or s.phase == Phase.FIRST:
            return [a for a, _ in self.chance_outcomes(s)]
        if s.phase != Phase.PLAY:
            return []
        declared = s.declared
        # NMF-R10: the opening is a card and any milestone; no audit with nothing down.
        out = [AUDIT] if declared else []
        hand = s.hands[s.turn]
        if not hand or declared == LAST_MILESTONE:
            return out  # NMF-R12, NMF-R13: only the audit remains
        above = _ABOVE[declared]
        prev = -1
        for v in hand:  # the hand is sorted, so each value comes once and in order
            if v != prev:
                prev = v
                out.extend(PLAY_TEXT[v, m] for m in above)
        return out

    def chance_outcomes(self, state: NotMyFaultState) -> list[tuple[str, float]]:
        s = state
        if s.phase == Phase.FIRST:
            return [(f"first:{p}", 1.0 / s.n) for p in range(s.n)]
        if s.pending and s.deck_size:
            n = s.deck_size
            return [(DEAL_TEXT[i], k / n) for i, k in enumerate(s.deck) if k]
        return []

    def sample_chance(self, state: NotMyFaultState, rng: random.Random) -> str:
        s = state
        if s.phase == Phase.FIRST:
            return f"first:{rng.randrange(s.n)}"
        if not s.pending or not s.deck_size:
            raise ValueError("Not a chance node.")
        return DEAL_TEXT[int(api.draw_by_count(s.deck, rng, s.deck_size))]
        raise AssertionError("deck_size does not match the deck")

    # -- applying -------------------------------------------------------------------------
    def _apply_first(self, s: NotMyFaultState, seat: int, events: list[Event]) -> None:
        # NMF-R2, NMF-R3: seven cards each, dealt one at a time from the starter on.
        s.starter = seat
        s.turn = seat
        s.rounds = 1
        s.phase = Phase.PLAY
        events.append(Event("first", {"seat": seat}, reveals=True))
        s.pending = [(seat + k) % s.n for k in range(s.n)] * FIRST_DEAL

    def _apply_deal(self, s: NotMyFaultState, value: int, events: list[Event]) -> None:
        seat = s.pending.pop(0)
        s.deck[VALUE_INDEX[value]] -= 1
        s.deck_size -= 1
        insort(s.hands[seat], value)
        # Its seat sees the card arrive; the log tells the whole hand once the deal is done.
        events.append(Event("card", {"seat": seat, "card": value}, seats=frozenset((seat,)),
                            reveals=True, logged=False))
        if s.pending:
            return
        # The whole deal is logged once: each seat reads its own hand, everyone the count.
        s.deals += 1
        size = len(s.hands[seat])
        redeal = s.deals > 1
        events.append(Event("dealt", {"cards": size, "redeal": redeal},
                            msg=Msg("log.redealt" if redeal else "log.dealt", cards=size),
                            reveals=True))
        for p in range(s.n):
            events.append(Event("hand", {"seat": p, "hand": list(s.hands[p])},
                                seats=frozenset((p,)), reveals=True))

    def _apply_play(self, s: NotMyFaultState, play: tuple[int, int],
                    events: list[Event]) -> None:
        # NMF-R10, NMF-R11: a card face down and a claim; the claim may be a lie.
        value, milestone = play
        seat = s.turn
        opening = not s.declared
        s.hands[seat].remove(value)
        s.centre.append(value)
        s.owners.append(seat)
        s.declared = milestone
        s.declarer = seat
        s.turn = (seat + 1) % s.n
        events.append(Event("play", {"seat": seat, "milestone": milestone, "opening": opening},
                            msg=Msg("log.open" if opening else "log.raise", seat=seat,
                                    milestone=milestone)))
        events.append(Event("own_card", {"seat": seat, "card": value}, seats=frozenset((seat,))))

    def _apply_audit(self, s: NotMyFaultState, events: list[Event]) -> None:
        # NMF-R14: only the player to move audits; NMF-R15: the sum decides who is at fault.
        auditor = s.turn
        cards = tuple(s.centre)
        total = sum(cards)
        declared = s.declared
        declarer = s.declarer  # NMF-G7: always the player just before the auditor
        penalised = declarer if total < declared else auditor
        s.reprimands[penalised] += 1
        count = s.reprimands[penalised]
        s.last = {"auditor": auditor, "declarer": declarer, "declared": declared,
                  "total": total, "penalised": penalised, "cards": list(cards),
                  "owners": s.owners[:]}
        events.append(Event("audit", {"auditor": auditor, "declarer": declarer,
                                      "declared": declared, "cards": list(cards),
                                      "total": total, "penalised": penalised},
                            msg=Msg("log.audit", auditor=auditor, declarer=declarer,
                                    declared=declared, cards=list(cards), total=total,
                                    penalised=penalised, count=count),
                            reveals=True))
        # NMF-R16: the round's cards go face up to the discard pile.
        s.discard.extend(cards)
        s.centre = []
        s.owners = []
        s.declared = 0
        s.declarer = -1
        if count >= REPRIMANDS_TO_LOSE:  # NMF-R30: the game ends at once
            s.phase = Phase.OVER
            s.loser = penalised
            s.turn = -1
            winners = tuple(p for p in range(s.n) if p != penalised)
            events.append(Event("lose", {"loser": penalised, "winners": list(winners)}))
            return
        s.rounds += 1
        if not any(s.hands):
            # NMF-R20, NMF-G4, NMF-G5: checked only here, at round end. Discard pile and
            # reserve together are the whole deck; the undealt rest becomes the new reserve.
            s.deck = full_deck()
            s.deck_size = sum(s.deck)
            s.discard = []
            s.pending = [(auditor + k) % s.n for k in range(s.n)] * REDEAL
            starter, skipped = auditor, tuple[int, ...]()
        else:
            starter, skipped = next_with_cards(s.hands, auditor)  # NMF-R16, NMF-R21
        s.starter = starter
        s.turn = starter
        events.append(Event("round", {"seat": starter, "round": s.rounds,
                                      "skipped": list(skipped)}))

    # -- checking -------------------------------------------------------------------------
    chance_kinds = ("deal", "first")

    def _refuse_audit(self, s: NotMyFaultState) -> Msg:
        return Msg("refuse.nothing_to_audit")

    def _refuse_play(self, s: NotMyFaultState, play: tuple[int, int]) -> Msg:
        value, milestone = play
        hand = s.hands[s.turn]
        if not hand:  # NMF-R13
            return Msg("refuse.must_audit")
        if s.declared == LAST_MILESTONE:  # NMF-R12
            return Msg("refuse.last_milestone")
        if value not in hand:
            return Msg("refuse.no_card", card=value)
        if milestone <= s.declared:  # NMF-R11
            return Msg("refuse.raise_above", declared=s.declared)
        return Msg("not_possible", action=PLAY_TEXT[play])

    # -- results --------------------------------------------------------------------------
    def returns(self, state: NotMyFaultState) -> list[float]:
        # NMF-R30, NMF-G8: one loser, every other player wins; no ranking among them.
        if state.phase != Phase.OVER:
            return [0.0] * state.n
        return [-1.0 if p == state.loser else 1.0 for p in range(state.n)]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: NotMyFaultState, seat: int | None) -> NotMyFaultObs:
        s = state
        players: list[SeatObs] = []
        for p in range(s.n):
            hand: list[int | None] = (list(s.hands[p]) if seat == p
                                      else [None] * len(s.hands[p]))
            players.append({"hand": hand, "reprimands": s.reprimands[p]})
        # A player remembers the cards they put down themselves; nobody sees the others'.
        centre: list[CentreObs] = [{"seat": o, "card": c if o == seat else None}
                                   for c, o in zip(s.centre, s.owners, strict=True)]
        last = s.last
        return {
            "game": self.spec.id, "seat": seat, "num_players": s.n, "phase": s.phase,
            "to_move": self.current_player(s), "turn": s.turn, "starter": s.starter,
            "round": s.rounds, "deals": s.deals, "reserve": s.deck_size,
            "discard": s.discard[:], "players": players, "centre": centre,
            "declared": s.declared, "declarer": s.declarer, "pending": s.pending[:],
            "last_audit": None if last is None else _copy_last(last), "loser": s.loser,
        }

    def resampler(self, obs: api.Observation, seat: int
                  ) -> Callable[[random.Random], NotMyFaultState]:
        # Search resamples one observation thousands of times: read it once, then copy the
        # visible part and deal the unseen cards afresh.
        base = self._visible_state(obs)
        pool = unseen_pool(obs, seat)
        others = [p for p in range(len(obs["players"])) if p != seat]
        hidden_centre = [i for i, c in enumerate(obs["centre"]) if c["card"] is None]
        sizes = [len(obs["players"][p]["hand"]) for p in others] + [1] * len(hidden_centre)

        def sample(rng: random.Random) -> NotMyFaultState:
            s = base.clone()
            places, rest = api.deal_unseen(pool, sizes, rng, sort=True)
            for p, hand in zip(others, places, strict=False):
                s.hands[p] = hand
            for i, card in zip(hidden_centre, places[len(others):], strict=True):
                s.centre[i] = card[0]
            s.deck = api.count_copies(rest, VALUE_INDEX)
            s.deck_size = len(rest)
            return s

        return sample

    @staticmethod
    def _visible_state(obs: api.Observation) -> NotMyFaultState:
        """The state as far as ``obs`` shows it: hidden hands empty, hidden centre cards 0,
        an empty deck. Legal actions of the observing seat on its own turn are exact."""
        seat = obs["seat"]
        s = FIELDS.load_seen(NotMyFaultState(int(obs["num_players"])), obs, int(seat))
        s.rounds = int(obs["round"])
        for p, pl in enumerate(obs["players"]):
            s.hands[p] = [int(v) for v in pl["hand"]] if p == seat else []
            s.reprimands[p] = int(pl["reprimands"])
        s.centre = [0 if c["card"] is None else int(c["card"]) for c in obs["centre"]]
        s.owners = [int(c["seat"]) for c in obs["centre"]]
        s.deck = [0] * len(VALUES)
        s.deck_size = 0
        last = obs["last_audit"]
        s.last = None if last is None else _copy_last(last)
        return s

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> NotMyFaultState:
        return NotMyFaultState(int(data["n"]))

    # -- words ----------------------------------------------------------------------------
    def _describe_play(self, s: NotMyFaultState, play: tuple[int, int]) -> Msg:
        return Msg("move.play", card=play[0], milestone=play[1])

    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "audit": None,
        "deal": None,  # a deal is secret: the words do not name the card
        "first": "seat",
    }

    def prompt(self, state: NotMyFaultState, seat: int) -> Msg:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: NotMyFaultState, seat: int) -> float | None:
        s = state
        if s.phase == Phase.OVER:
            return -1.0 if s.loser == seat else 1.0
        # Whoever reaches three reprimands first loses, so each reprimand makes a player
        # DANGER times as likely to be that one; the value is the expected result 1 - 2 P(lose).
        # An audit still to come counts part of a reprimand: in this guess of the hidden cards
        # a claim above the sum will likely cost its declarer, a true one puts the player to
        # move on the spot.
        weights = [DANGER ** r for r in s.reprimands]
        if s.declared and s.phase == Phase.PLAY:
            if sum(s.centre) < s.declared:
                weights[s.declarer] *= DANGER ** LIE_WEIGHT
            else:
                weights[s.turn] *= DANGER ** TRUTH_WEIGHT
        return 1.0 - 2.0 * weights[seat] / math.fsum(weights)

    def max_game_length(self) -> int:
        # At most 2n + 1 rounds (one reprimand each) of at most 9 decisions, plus the deals.
        return 2000



def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        return Msg("prompt.over", seat=int(obs["loser"]))
    if obs["pending"] or phase == Phase.FIRST:
        return Msg("prompt.dealing")
    turn = int(obs["turn"])
    declared = int(obs["declared"])
    if seat != turn:
        if not declared:
            return Msg("prompt.opening", seat=turn)
        return Msg("prompt.deciding", seat=turn, declared=declared)
    hand = obs["players"][seat]["hand"]
    if not declared:
        return Msg("prompt.open")
    who = int(obs["declarer"])
    if declared == LAST_MILESTONE:
        return Msg("prompt.last", seat=who)
    if not hand:
        return Msg("prompt.no_cards")
    return Msg("prompt.raise", seat=who, declared=declared)
