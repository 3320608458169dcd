"""Buried Treasure (埋蔵金) rules model: bury a card secretly, bid on the hidden sum, collect.

Rules follow rules/reference.md (BT-R1..BT-R32, decisions BT-G1..BT-G10).

The simultaneous, secret bury of BT-R10 is collected one seat after another, from the dealer
clockwise (``bury:<value>``). Until every seat has buried, and then until the bids are all in,
a seat's observation shows of another seat only *that* it has buried, never *what*: the cards
are revealed together in one event (``reveals=True``) after the last bid (BT-R13). The bids
(``bid:<value>``, ``bid:0`` takes the first free zero slot, BT-R12) are open, as on the board.
A rewarded player who is not an exact hit picks one centre card or declines
(``take:<value>`` / ``pass``, BT-R16, BT-G5); exact hits and the bust penalty need no choice
and are applied at once.

Cards differ only by value, so the deck is a count per value and every dealt card is the
chance outcome ``deal:<value>`` weighted by the copies left; the first dealer is the chance
outcome ``dealer:<seat>`` (BT-R2). What a seat knows: its own hand, the card it buried itself,
the centre, every collected card, the board. ``resample`` deals every other card (other hands,
the others' buried cards, the unused rest of the deck) afresh from what that seat cannot
locate, so search never leans on a hidden choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypedDict

from tabletop import api
from tabletop.api import Arg, Event, Msg

from .data import (
    BID_VALUES,
    HAND_SIZE,
    NEGATIVE,
    ROUNDS,
    TARGET,
    VALUE_INDEX,
    VALUES,
    full_deck,
)
from .spec import SPEC


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    DEALER = "dealer"  # chance: the first dealer (BT-R2)
    DEAL = "deal"      # chance: seven cards each (BT-R1)
    BURY = "bury"      # seats bury a card secretly, one after another (BT-R10)
    BID = "bid"        # seats place their pawns, from the dealer clockwise (BT-R11)
    TAKE = "take"      # a rewarded player picks one centre card or declines (BT-R16)
    OVER = "over"      # BT-R31


PASS = "pass"

BURY_TEXT: dict[int, str] = {v: f"bury:{v}" for v in VALUES}
TAKE_TEXT: dict[int, str] = {v: f"take:{v}" for v in VALUES}
BID_TEXT: dict[int, str] = {v: f"bid:{v}" for v in (0, *BID_VALUES)}
DEAL_TEXT: tuple[str, ...] = tuple(f"deal:{v}" for v in VALUES)


def bid_rank(bids: list[int], orders: list[int]) -> list[int]:
    """Seats from the highest bid down; among zeros the earlier pawn ranks higher (BT-R12)."""
    seats = [p for p in range(len(bids)) if bids[p] >= 0]
    seats.sort(key=lambda p: (-bids[p], orders[p]))
    return seats


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class SeatObs(TypedDict):
    """One seat as an observation shows it: its hand and buried card only to itself."""

    hand: list[int | None]
    buried: bool
    buried_card: int | None
    bid: int
    order: int
    collected: list[int]
    score: int


class BuriedTreasureObs(api.ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position."""

    num_players: int
    turn: int
    dealer: int
    round: int
    total: int | None
    centre: list[int]
    queue: list[int]
    pending: int
    unused: int
    players: list[SeatObs]
    last: dict[str, Any] | None
    winners: list[int]


def _copy_last(last: Mapping[str, Any]) -> dict[str, Any]:
    return {"cards": [int(v) for v in last["cards"]], "total": int(last["total"]),
            "bids": [int(v) for v in last["bids"]], "orders": [int(v) for v in last["orders"]],
            "busted": [int(p) for p in last["busted"]], "penalised": int(last["penalised"]),
            "penalty": int(last["penalty"])}


# Every field of a position, in one table: the slots, the copy, the JSON form and who may see
# it come from it. ``last`` is never changed once made, so copies share it. The deal order
# (``pending``) follows from the dealer and the count shown; of a hand and a buried card the
# others see only the size and whether one lies there.
FIELDS = api.StateFields(
    n=api.INT.public, phase=api.STR.public, pending=api.INTS.public,
    deck=api.counts_per(VALUES).unseen,
    deck_size=api.derived(lambda s: sum(s.deck)).public, hands=api.SORTED_INTS2.owned,
    buried=api.OPT_INTS.owned, bids=api.INTS.public, orders=api.INTS.public,
    centre=api.SORTED_INTS.public,
    collected=api.INTS2.public, queue=api.INTS.public, dealer=api.INT.public, turn=api.INT.public,
    round=api.INT.public, total=api.OPT_INT.public, last=api.maybe(_copy_last).public,
    winners=api.INTS.public,
)


class BuriedTreasureState:
    """One position.

    ``hands[p]`` holds seat ``p``'s card values in increasing order; ``buried[p]`` the card
    it buried this round (``None`` until it has). ``bids[p]`` is its bid (-1: none yet) and
    ``orders[p]`` when it was placed (0 first), which ranks the zeros (BT-R12). ``centre`` is
    the sorted display of face-up cards (leftovers and revealed cards, BT-R18). ``queue``
    holds the rewarded seats still to be served, highest bid first. ``deck`` counts the cards
    not dealt (unused this game after the deal, BT-R1). ``last`` describes the latest reveal
    for the table and is never changed once made, so clones may share it.
    """

    __slots__ = FIELDS.names

    def __init__(self, num_players: int) -> None:
        n = num_players
        self.n = n
        self.phase = Phase.DEALER
        self.pending: list[int] = []
        self.deck: list[int] = full_deck()
        self.deck_size = sum(self.deck)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.buried: list[int | None] = [None] * n
        self.bids = [-1] * n
        self.orders = [-1] * n
        self.centre: list[int] = []
        self.collected: list[list[int]] = [[] for _ in range(n)]
        self.queue: list[int] = []
        self.dealer = -1
        self.turn = -1
        self.round = 0
        self.total: int | None = None
        self.last: dict[str, Any] | None = None
        self.winners: list[int] = []

    def clone(self) -> BuriedTreasureState:
        return FIELDS.clone(self)

    def score(self, seat: int) -> int:
        return sum(self.collected[seat])  # BT-R30


def unseen_pool(obs: Mapping[str, Any], seat: int) -> list[int]:
    """Card values ``seat`` cannot locate: the whole deck minus its own hand, its own buried
    card, the centre and every collected card."""
    left = full_deck()
    seen: list[int] = [int(v) for v in obs["centre"]]
    for p, pl in enumerate(obs["players"]):
        seen.extend(int(v) for v in pl["collected"])
        if p == seat:
            seen.extend(int(v) for v in pl["hand"])
            if pl["buried_card"] is not None:
                seen.append(int(pl["buried_card"]))
    for v in seen:
        left[VALUE_INDEX[v]] -= 1
    return [v for i, v in enumerate(VALUES) for _ in range(left[i])]


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


# Every action text of the game: its kind and what the argument may be, read as an int.
_CARD = Arg.numbers(VALUES)
ACTIONS = api.ActionForms({
    "dealer": Arg.integer(),               # chance: the first dealer
    "deal": _CARD,                         # chance: a card dealt
    "bury": _CARD,                         # a card buried face down
    "bid": Arg.numbers((0, *BID_VALUES)),  # a bid on the total
    "take": _CARD,                         # a card taken from the centre
    PASS: None,                            # take nothing
})

# Game sends each action to the method named after its kind, its argument read: ``bid:7`` is
# ``_apply_bid(state, 7, events)``; what has no refusal or words of its own gets the default.

# Who moves in each phase (BT-R2, BT-R10, BT-R11, BT-R16, BT-R31).
TURNS: api.PhaseTable[BuriedTreasureState] = api.PhaseTable({
    Phase.BURY: "turn", Phase.BID: "turn", Phase.TAKE: "turn",
    Phase.DEALER: api.CHANCE, Phase.DEAL: api.CHANCE,
    Phase.OVER: api.TERMINAL,
})


class BuriedTreasureGame(api.Game[BuriedTreasureState]):
    """Buried Treasure for 2 to 6 players (BT-R1..BT-R32)."""

    spec = SPEC
    actions = ACTIONS
    turns = TURNS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> BuriedTreasureState:
        # BT-R3, BT-R4: pawns are seat colours; centre and collected areas start empty.
        return BuriedTreasureState(num_players)

    # -- flow -----------------------------------------------------------------------------
    def secret_round(self, state: BuriedTreasureState) -> tuple[int, ...]:
        # BT-R10: every seat buries in secret, from the dealer round the table; the cards stay
        # face down until they are turned up together (BT-R13).
        if state.phase != Phase.BURY:
            return ()
        return tuple(p for p in ((state.turn + k) % state.n for k in range(state.n))
                     if state.buried[p] is None)

    def legal_actions(self, state: BuriedTreasureState) -> list[str]:
        s = state
        phase = s.phase
        if phase == Phase.BURY:
            return [BURY_TEXT[v] for v in sorted(set(s.hands[s.turn]))]
        if phase == Phase.BID:
            # BT-R11, BT-R12: a taken value is closed; the zero slots (one per player) never
            # run out, so 0 is always open.
            taken = set(s.bids)
            return [BID_TEXT[0]] + [BID_TEXT[v] for v in BID_VALUES if v not in taken]
        if phase == Phase.TAKE:
            return [TAKE_TEXT[v] for v in sorted(set(s.centre))] + [PASS]
        if phase in (Phase.DEALER, Phase.DEAL):
            return [a for a, _ in self.chance_outcomes(s)]
        return []

    def chance_outcomes(self, state: BuriedTreasureState) -> list[tuple[str, float]]:
        s = state
        if s.phase == Phase.DEALER:
            return [(f"dealer:{p}", 1.0 / s.n) for p in range(s.n)]
        if s.phase == Phase.DEAL and s.deck_size:
            n = s.deck_size
            return [(DEAL_TEXT[i], k / n) for i, k in enumerate(s.deck) if k]
        return []

    def sample_chance(self, state: BuriedTreasureState, rng: random.Random) -> str:
        s = state
        if s.phase == Phase.DEALER:
            return f"dealer:{rng.randrange(s.n)}"
        if s.phase != Phase.DEAL or not s.deck_size:
            raise ValueError("Not a chance node.")
        return DEAL_TEXT[int(api.draw_by_count(s.deck, rng, s.deck_size))]
        raise AssertionError("deck_size does not match the deck")

    # -- applying -------------------------------------------------------------------------
    def _apply_dealer(self, s: BuriedTreasureState, seat: int, events: list[Event]) -> None:
        # BT-R1, BT-R2: a random first dealer, then seven cards each, one at a time.
        s.dealer = seat
        s.phase = Phase.DEAL
        s.pending = [(seat + k) % s.n for k in range(s.n)] * HAND_SIZE
        events.append(Event("dealer", {"seat": seat}, reveals=True))

    def _apply_deal(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        seat = s.pending.pop(0)
        hand = s.hands[seat]
        hand.append(value)
        hand.sort()
        s.deck[VALUE_INDEX[value]] -= 1
        s.deck_size -= 1
        # Its seat sees the card arrive; the log tells the whole hand once the deal is done.
        events.append(Event("card", {"seat": seat, "card": value}, seats=frozenset((seat,)),
                            reveals=True, logged=False))
        if s.pending:
            return
        for p in range(s.n):
            events.append(Event("hand", {"seat": p, "hand": s.hands[p][:]},
                                seats=frozenset((p,)), reveals=True))
        self._start_round(s, 1, events)

    def _start_round(self, s: BuriedTreasureState, number: int, events: list[Event]) -> None:
        s.round = number
        s.phase = Phase.BURY
        s.turn = s.dealer
        s.buried = [None] * s.n
        s.bids = [-1] * s.n
        s.orders = [-1] * s.n
        s.total = None
        s.queue = []
        events.append(Event("round", {"round": number, "dealer": s.dealer}))

    def _apply_bury(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        # BT-R10, BT-G9: the choice is secret; the public line says only that it was made.
        seat = s.turn
        s.hands[seat].remove(value)
        s.buried[seat] = value
        events.append(Event("bury", {"seat": seat}))
        events.append(Event("bury_own", {"seat": seat, "card": value}, seats=frozenset((seat,))))
        nxt = (seat + 1) % s.n
        if nxt == s.dealer:
            s.phase = Phase.BID
            s.turn = s.dealer
            events.append(Event("all_buried", {"dealer": s.dealer}))
        else:
            s.turn = nxt

    def _apply_bid(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        seat = s.turn
        placed = sum(1 for b in s.bids if b >= 0)
        zero_rank = 1 + sum(1 for b in s.bids if b == 0)
        s.bids[seat] = value
        s.orders[seat] = placed
        events.append(Event("bid", {"seat": seat, "bid": value},
                            msg=Msg("log.bid_zero", seat=seat, rank=zero_rank) if value == 0
                            else None))
        nxt = (seat + 1) % s.n
        if nxt != s.dealer:
            s.turn = nxt
            return
        self._resolve(s, events)

    def _resolve(self, s: BuriedTreasureState, events: list[Event]) -> None:
        # BT-R13: reveal together; only this round's cards make the total.
        cards = tuple(int(v) for v in s.buried if v is not None)
        total = sum(cards)
        s.total = total
        s.centre.extend(cards)
        s.centre.sort()
        s.buried = [None] * s.n
        order = bid_rank(s.bids, s.orders)
        events.append(Event("reveal", {"cards": list(cards), "total": total}, reveals=True))
        busted = [p for p in order if s.bids[p] > total]  # BT-R14
        penalised = -1
        count = 0
        if busted:
            # BT-R15, BT-G2, BT-G4: every −5 in the centre, leftovers too, goes to the
            # highest bust before any reward is handed out.
            count = s.centre.count(NEGATIVE)
            if count:
                penalised = busted[0]
                s.collected[penalised].extend([NEGATIVE] * count)
                s.centre = [v for v in s.centre if v != NEGATIVE]
            events.append(Event("bust", {"seats": busted, "penalised": penalised,
                                         "count": count}))
        s.last = {"cards": list(cards), "total": total, "bids": s.bids[:],
                  "orders": s.orders[:], "busted": busted[:], "penalised": penalised,
                  "penalty": count}
        s.queue = [p for p in order if s.bids[p] <= total]  # BT-R16
        self._serve(s, events)

    def _serve(self, s: BuriedTreasureState, events: list[Event]) -> None:
        """Hand out the rewards in bid order until someone must choose, then end the round."""
        total = s.total
        while s.queue:
            p = s.queue[0]
            if s.bids[p] == total:
                # Exact hit: every positive card on display, leftovers included (BT-G3).
                won = [v for v in s.centre if v > 0]
                s.centre = [v for v in s.centre if v <= 0]
                s.collected[p].extend(won)
                s.queue.pop(0)
                events.append(Event("exact", {"seat": p, "cards": won},
                                    msg=None if won else Msg("log.exact_none", seat=p)))
            elif not s.centre:
                s.queue.pop(0)
                events.append(Event("empty", {"seat": p}))
            else:
                s.phase = Phase.TAKE
                s.turn = p
                return
        self._end_round(s, events)

    def _apply_take(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        seat = s.queue.pop(0)
        s.centre.remove(value)
        s.collected[seat].append(value)  # BT-R17
        events.append(Event("take", {"seat": seat, "card": value}))
        self._serve(s, events)

    def _apply_pass(self, s: BuriedTreasureState, events: list[Event]) -> None:
        seat = s.queue.pop(0)  # BT-G5: a reward may be declined
        events.append(Event("pass", {"seat": seat}))
        self._serve(s, events)

    def _end_round(self, s: BuriedTreasureState, events: list[Event]) -> None:
        # BT-R18: the rest stays in the centre. BT-R31, BT-G6: the 20-point check comes after
        # all of the round's rewards.
        scores = [s.score(p) for p in range(s.n)]
        early = max(scores) >= TARGET
        if early or s.round >= ROUNDS:
            best = max(scores)
            s.winners = [p for p in range(s.n) if scores[p] == best]  # BT-R32, BT-G7
            s.phase = Phase.OVER
            s.turn = -1
            events.append(Event("end", {"scores": scores, "winners": s.winners[:],
                                        "early": early}))
            return
        s.dealer = (s.dealer + 1) % s.n  # BT-R19
        self._start_round(s, s.round + 1, events)

    # -- refusals -------------------------------------------------------------------------
    chance_kinds = ("deal", "dealer")

    # Only what the mover sees: its own hand, the board, the phase.
    def _refuse_bury(self, s: BuriedTreasureState, card: int) -> Msg:
        if s.phase != Phase.BURY:
            return Msg("refuse.buried_all")
        return Msg("refuse.no_card", card=card)

    def _refuse_bid(self, s: BuriedTreasureState, bid: int) -> Msg:
        if s.phase == Phase.BURY:
            return Msg("refuse.bury_first")
        if s.phase != Phase.BID:
            return Msg("refuse.bids_in")
        return Msg("refuse.bid_taken", seat=s.bids.index(bid), bid=bid)

    def _refuse_take(self, s: BuriedTreasureState, card: int) -> Msg:
        if s.phase != Phase.TAKE:
            return Msg("refuse.take_later")
        return Msg("refuse.not_in_centre", card=card)

    def _refuse_pass(self, s: BuriedTreasureState) -> Msg:
        # Declining is always open while taking, so only another phase refuses it.
        return Msg("refuse.take_later")

    # -- results --------------------------------------------------------------------------
    def returns(self, state: BuriedTreasureState) -> list[float]:
        return api.winner_returns(state.n, state.winners, state.phase == Phase.OVER)

    # -- information ----------------------------------------------------------------------
    def observation(self, state: BuriedTreasureState, seat: int | None) -> BuriedTreasureObs:
        s = state
        players: list[SeatObs] = []
        for p in range(s.n):
            mine = seat == p
            hand: list[int | None] = list(s.hands[p]) if mine else [None] * len(s.hands[p])
            buried = s.buried[p]
            players.append({
                "hand": hand,
                # BT-G9: others see only that a card was buried, never which.
                "buried": buried is not None,
                "buried_card": buried if mine else None,
                "bid": s.bids[p], "order": s.orders[p],
                "collected": s.collected[p][:], "score": s.score(p),
            })
        last = s.last
        return {
            "game": self.spec.id, "seat": seat, "num_players": s.n, "phase": s.phase,
            "to_move": self.current_player(s), "turn": s.turn, "dealer": s.dealer,
            "round": s.round, "total": s.total, "centre": s.centre[:], "queue": s.queue[:],
            "pending": len(s.pending), "unused": s.deck_size, "players": players,
            "last": None if last is None else _copy_last(last), "winners": s.winners[:],
        }

    def resampler(self, obs: api.Observation, seat: int
                  ) -> Callable[[random.Random], BuriedTreasureState]:
        # Read the observation once; each sample copies the visible part and deals the
        # unseen cards (other hands, other buried cards, the unused deck) afresh.
        base = self._visible_state(obs)
        pool = unseen_pool(obs, seat)
        others = [p for p in range(len(obs["players"])) if p != seat]
        hidden_buried = [p for p in others if obs["players"][p]["buried"]]
        sizes = [len(obs["players"][p]["hand"]) for p in others] + [1] * len(hidden_buried)

        def sample(rng: random.Random) -> BuriedTreasureState:
            s = base.clone()
            places, rest = api.deal_unseen(pool, sizes, rng, sort=True)
            for p, hand in zip(others, places, strict=False):
                s.hands[p] = hand
            for p, card in zip(hidden_buried, places[len(others):], strict=True):
                s.buried[p] = card[0]
            s.deck = api.count_copies(rest, VALUE_INDEX)
            s.deck_size = len(rest)
            return s

        return sample

    @staticmethod
    def _visible_state(obs: api.Observation) -> BuriedTreasureState:
        """The state as far as ``obs`` shows it: other hands empty, other buried cards 0, the
        deck empty. The observing seat's own legal actions are exact."""
        n = int(obs["num_players"])
        seat = obs["seat"]
        # The public fields shown under their own keys (the deal order only as a count).
        s = FIELDS.load_seen(BuriedTreasureState(n), obs, int(seat), but="pending")
        s.pending = []
        if int(obs["pending"]):
            # The deal order is fixed by the dealer: rebuild the tail still to come.
            full = [(int(obs["dealer"]) + k) % n for k in range(n)] * HAND_SIZE
            s.pending = full[len(full) - int(obs["pending"]):]
        for p, pl in enumerate(obs["players"]):
            s.hands[p] = [int(v) for v in pl["hand"]] if p == seat else []
            if pl["buried"]:
                s.buried[p] = int(pl["buried_card"]) if p == seat else 0
            s.bids[p] = int(pl["bid"])
            s.orders[p] = int(pl["order"])
            s.collected[p] = [int(v) for v in pl["collected"]]
        s.deck = [0] * len(VALUES)
        s.deck_size = 0
        return s

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> BuriedTreasureState:
        return BuriedTreasureState(int(data["n"]))

    # -- words ----------------------------------------------------------------------------
    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "bury": "card",
        "bid": "bid",
        "take": "card",
        "pass": None,
        "deal": None,  # a deal is secret: the log does not say which card
        "dealer": "seat",
    }

    def prompt(self, state: BuriedTreasureState, seat: int) -> Msg:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: BuriedTreasureState, seat: int) -> float | None:
        s = state
        if s.phase == Phase.OVER:
            return 1.0 if seat in s.winners else -1.0
        # The lead over the best rival, squashed: ten points is about a decided game, since
        # the game stops at 20.
        mine = s.score(seat)
        rival = max(s.score(p) for p in range(s.n) if p != seat)
        return math.tanh((mine - rival) / 10.0)

    def max_game_length(self) -> int:
        # Deal (7 per seat, 42 at most) plus 6 rounds of at most 3 decisions per seat.
        return 400



def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        return Msg("prompt.over", winners=[int(p) for p in obs["winners"]],
                   best=max(int(pl["score"]) for pl in obs["players"]))
    if phase in (Phase.DEALER, Phase.DEAL):
        return Msg("prompt.dealing")
    turn = int(obs["turn"])
    players = obs["players"]
    if phase == Phase.BURY:
        if seat == turn:
            return Msg("prompt.bury", done=sum(1 for pl in players if pl["buried"]),
                       n=len(players))
        mine = seat is not None and players[seat]["buried"]
        return Msg("prompt.burying_seen" if mine else "prompt.burying", seat=turn)
    if phase == Phase.BID:
        return Msg("prompt.bid") if seat == turn else Msg("prompt.bidding", seat=turn)
    total = obs["total"]
    if seat == turn:
        return Msg("prompt.take", total=total)
    return Msg("prompt.taking", total=total, seat=turn)
