"""Spymaster (スパイマスター ver.2) rules model: bluff a face-down agent past the defender.

Rules follow rules/reference.md (SM-R1..SM-R29, decisions SM-G1..SM-G10). A round
is a short sequence of atomic actions: the attacker plays ``play:<card>`` face down, the
defender names a type with ``call:spy|forces|hacker``; after a successful Spy the attacker may
``tuck:<spy>`` a larger Spy under it or ``pass``. That question is asked whether or not a larger
Spy is held (only ``pass`` is legal then), so that it tells the defender nothing about the
attacker's hand; only public facts skip it (``tuck_asked``). At round end a player holding 8 or
more cards sheds half with ``discard:<card>`` one card at a time. With the "may stop" variant
(SM-G2) the attacker may ``stop`` after a success.

The deck is a multiset, so every draw is a chance outcome ``draw:<card>`` weighted by copies
left, and reshuffling the discard pile (SM-R16) needs no chance of its own. Who attacks first
is the chance outcome ``first:<seat>`` (SM-R1). The documents of a player are identical
(SM-G8), so the next face-down one is turned automatically when a document is exposed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypedDict

from tabletop import api
from tabletop.api import Event, Msg

from .data import (
    ALL_CARDS,
    DECK_MIXES,
    DEFAULT_MIX,
    DOCUMENTS,
    FORCES,
    HACKER,
    HAND_LIMIT,
    HAND_START,
    INFILTRATION_STEP,
    SPY,
    TYPES,
    card_type,
    is_card,
    sort_key,
    spy_number,
)
from .spec import SPEC


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    FIRST = "first"      # chance: who attacks first (SM-R1)
    PLAY = "play"        # the attacker plays a card face down (SM-R11)
    CALL = "call"        # the defender names a type (SM-R12)
    TUCK = "tuck"        # the attacker may tuck a larger Spy (SM-R27)
    DISCARD = "discard"  # hand limit at round end (SM-R15)
    OVER = "over"


DRAW = 2  # ``winner`` of a drawn game (SM-G10)
IDLE_ROUNDS_FOR_DRAW = 2  # SM-G10

# How a game ended, for the summary.
R_DOCUMENTS = "documents"
R_DEADLOCK = "deadlock"

_KEY: dict[str, tuple[int, int]] = {c: sort_key(c) for c in ALL_CARDS}
_TYPE: dict[str, str] = {c: card_type(c) for c in ALL_CARDS}
_TYPE_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(TYPES)}
#: Calls of each type the search's model of a defender starts from (``opponent_model``): the
#: larger, the more calls it takes before a leaning shows. Measured over 200 seeded games each
#: (``docs/exploit.md``): at 2 a caller who always names Special Forces won 32.5% against hard
#: and hard won 89.0% against random play; at 1, 25.5% and 86.5%.
CALL_PRIOR = 1.0
_NUM: dict[str, int] = {c: spy_number(c) for c in ALL_CARDS}


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class PlayerObs(TypedDict):
    """One seat as an observation shows it: the hand only to its owner (``None`` for each
    hidden card), the open row, its tucked spies, the exposed documents."""

    hand: list[str | None]
    exposed: int
    row: list[str]
    tucks: list[str]
    discard_left: int


class PlayedObs(TypedDict):
    """The card played face down this attack: its face only to the attacker."""

    card: str | None


class SpymasterObs(api.ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position: the typed contract
    between the rules, the view and the AI's resample."""

    mix: str
    may_stop: bool
    first: int
    attacker: int
    round: int
    deck_count: int
    discard: list[str]
    players: list[PlayerObs]
    played: PlayedObs | None
    call: str
    revealed: str
    outcome: str
    pending: list[int]
    played_in_round: int
    hits: int
    idle: int
    winner: int
    result: str
    calls: list[list[int]]


# Every field of a position, in one table: the slots, the copy, the JSON form and who may see
# it come from it.
FIELDS = api.StateFields(
    mix=api.STR.public, may_stop=api.BOOL.public, phase=api.STR.public, first=api.INT.public,
    attacker=api.INT.public, rounds=api.INT.public, hands=api.STRS2.owned,
    deck=api.COPIES.unseen,
    deck_size=api.derived(lambda s: sum(s.deck.values())).public,
    discard=api.STRS.public, rows=api.STRS2.public, tucks=api.STRS2.public, exposed=api.INTS.public,
    # The card played face down is the attacker's until it is revealed.
    played=api.STR.owned_by("attacker"), call=api.STR.public, revealed=api.STR.public,
    outcome=api.STR.public, pending=api.INTS.public, discard_left=api.INTS.public,
    played_in_round=api.INT.public, hits=api.INT.public, idle=api.INT.public,
    winner=api.INT.public, result=api.STR.public,
    # History, not position: the calls each seat has made (for the AI's read of a caller's
    # habits). Kept out of the JSON form, whose digest every save file records: a position
    # read back from JSON starts the count afresh, a save replays its moves and has it whole.
    # Every call is made in the open, and the observation shows the counts.
    calls=api.derived(lambda s: [[0] * len(TYPES) for _ in range(2)], api.LISTS).public,
)


class SpymasterState:
    """One position. Lists are per seat (0, 1); ``tucks[p][i]`` is the Spy tucked under
    ``rows[p][i]`` ("" for none); ``deck`` maps card ids to copies left (no zero entries)."""

    __slots__ = FIELDS.names

    def __init__(self, mix: str = DEFAULT_MIX, may_stop: bool = False) -> None:
        self.mix = mix
        self.may_stop = may_stop
        self.phase = Phase.FIRST
        self.first = -1
        self.attacker = -1
        self.rounds = 0
        self.hands: list[list[str]] = [[], []]
        self.deck: dict[str, int] = DECK_MIXES[mix].counts()
        self.deck_size = sum(self.deck.values())
        self.discard: list[str] = []
        self.rows: list[list[str]] = [[], []]
        self.tucks: list[list[str]] = [[], []]
        self.exposed = [0, 0]
        self.played = ""
        self.call = ""
        self.revealed = ""
        self.outcome = ""
        self.pending: list[int] = []
        self.discard_left = [0, 0]
        self.played_in_round = 0
        self.hits = 0
        self.idle = 0
        self.winner = -1
        self.result = ""
        # Calls each seat has made as defender, by type (TYPES order): public, for the AI's
        # read of a caller's habits.
        self.calls = [[0] * len(TYPES) for _ in range(2)]

    def clone(self) -> SpymasterState:
        return FIELDS.clone(self)

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def discarding_seat(self) -> int:
        """Who sheds cards now at the hand limit: the attacker first, then the defender."""
        a = self.attacker
        return a if self.discard_left[a] else 1 - a


def spy_count(row: list[str], tucks: list[str]) -> int:
    """Spies in a row, tucked ones and a defected one included (SM-R26, SM-G4)."""
    return sum(1 for c in row if _TYPE[c] == SPY) + sum(1 for t in tucks if t)


def tuck_options(hand: list[str], row: list[str]) -> list[str]:
    """Spies in ``hand`` that may go under the rightmost Spy of ``row`` (SM-R27)."""
    base = _NUM[row[-1]] if row else 0
    return sorted({c for c in hand if _NUM[c] > base}) if base else []


def tuck_asked(hand: list[str], row: list[str], mix: str) -> bool:
    """Whether the attacker is asked to tuck or pass after a successful Spy (SM-R27).

    Decided on public facts only: the number of cards in hand, the Spy's number and the deck
    mix, never on which cards are held. Asking only when a larger Spy is held would tell the
    defender so through the phase and the prompt; so the attacker is asked whenever some
    larger Spy might be in hand, and then may only pass if none is."""
    return bool(hand) and bool(row) and _NUM[row[-1]] < DECK_MIXES[mix].spies


def unseen_pool(obs: Mapping[str, Any], seat: int) -> list[str]:
    """Cards ``seat`` cannot locate: the opponent's hand, a hidden face-down card and the
    deck, drawn from the full deck minus every card this seat can see."""
    left = DECK_MIXES[str(obs["mix"])].counts()
    seen: list[str] = list(obs["discard"])
    for p, pl in enumerate(obs["players"]):
        seen.extend(pl["row"])
        seen.extend(t for t in pl["tucks"] if t)
        if p == seat:
            seen.extend(pl["hand"])
    played = obs["played"]
    if played is not None and played["card"] is not None:
        seen.append(played["card"])
    for c in seen:
        left[c] -= 1
    return [c for c in sorted(left) for _ in range(left[c])]


def _card_text(text: str) -> bool:
    return is_card(text) and ":" not in text


# Every action text of the game: its kind and what the argument may be (a card as its text).
ACTIONS = api.ActionForms({
    "first": api.Arg.numbers((0, 1)),                      # chance: who attacks first
    "draw": _card_text,                                # chance: the card drawn
    "play": _card_text,                                # a card played face down
    "call": TYPES,                                     # the type the defender names
    "tuck": lambda c: is_card(c) and _TYPE[c] == SPY,  # a larger Spy tucked under a Spy
    "pass": None,                                      # do not tuck
    "discard": _card_text,                             # a card shed at the hand limit
    "stop": None,                                      # stop attacking (an option)
})

# Game sends each action to the method named after its kind, with its argument read.


def _defender(s: SpymasterState) -> int:
    return 1 - s.attacker


# Who moves: chance while cards are drawn (SM-R3, SM-R10, SM-R16), else the phase says.
TURNS: api.PhaseTable[SpymasterState] = api.PhaseTable({
    Phase.PLAY: "attacker", Phase.TUCK: "attacker", Phase.CALL: _defender,
    Phase.DISCARD: SpymasterState.discarding_seat,
    Phase.FIRST: api.CHANCE, Phase.OVER: api.TERMINAL,
}, chance_while="pending")


class SpymasterGame(api.Game[SpymasterState]):
    """Spymaster ver.2 for two players (SM-R1..SM-R29)."""

    spec = SPEC
    actions = ACTIONS
    turns = TURNS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> SpymasterState:
        return SpymasterState(str(options.get("deck", DEFAULT_MIX)),
                              bool(options.get("may_stop", False)))

    # -- flow -----------------------------------------------------------------------------
    def legal_actions(self, state: SpymasterState) -> list[str]:
        s = state
        if s.pending or s.phase == Phase.FIRST:
            return [a for a, _ in self.chance_outcomes(s)]
        phase = s.phase
        if phase == Phase.PLAY:
            out = [f"play:{c}" for c in sorted(set(s.hands[s.attacker]))]
            if s.may_stop and s.hits:
                out.append("stop")
            return out
        if phase == Phase.CALL:
            return ["call:forces", "call:hacker", "call:spy"]
        if phase == Phase.TUCK:
            return ["pass", *(f"tuck:{c}" for c in tuck_options(s.hands[s.attacker],
                                                                s.rows[s.attacker]))]
        if phase == Phase.DISCARD:
            return [f"discard:{c}" for c in sorted(set(s.hands[s.discarding_seat()]))]
        return []

    def chance_outcomes(self, state: SpymasterState) -> list[tuple[str, float]]:
        s = state
        if s.phase == Phase.FIRST:
            return [("first:0", 0.5), ("first:1", 0.5)]
        if s.pending and s.deck_size:
            n = s.deck_size
            return [(f"draw:{c}", k / n) for c, k in sorted(s.deck.items())]
        return []

    def sample_chance(self, state: SpymasterState, rng: random.Random) -> str:
        s = state
        if s.phase == Phase.FIRST:
            return f"first:{rng.randrange(2)}"
        if not s.pending or not s.deck_size:
            raise ValueError("Not a chance node.")
        return "draw:" + str(api.draw_by_count(s.deck, rng, s.deck_size))

    # -- applying -------------------------------------------------------------------------
    def _apply_pass(self, s: SpymasterState, events: list[Event]) -> None:
        s.phase = Phase.PLAY

    def _apply_discard(self, s: SpymasterState, card: str, events: list[Event]) -> None:
        seat = s.discarding_seat()
        s.hands[seat].remove(card)
        s.discard.append(card)
        s.discard_left[seat] -= 1
        events.append(Event("discard", {"seat": seat, "card": card}, reveals=True))

    def _apply_stop(self, s: SpymasterState, events: list[Event]) -> None:
        events.append(Event("stop", {"seat": s.attacker}))
        self._end_round(s, events)

    def _apply_first(self, s: SpymasterState, seat: int, events: list[Event]) -> None:
        # SM-R1, SM-R2, SM-R3: the first attacker, then five cards each, dealt in turn.
        s.first = seat
        events.append(Event("first", {"seat": seat}, reveals=True))
        s.pending = [seat, 1 - seat] * HAND_START
        self._start_round(s, seat, events)

    def _start_round(self, s: SpymasterState, seat: int, events: list[Event]) -> None:
        s.attacker = seat
        s.rounds += 1
        s.played_in_round = 0
        s.hits = 0
        s.phase = Phase.PLAY
        events.append(Event("round", {"seat": seat, "round": s.rounds}))
        if s.rounds > 1:  # SM-R10: no draw in the very first round
            s.pending.append(seat)
        self._refill(s, events)

    def _refill(self, s: SpymasterState, events: list[Event]) -> None:
        """SM-R16, SM-G9: reshuffle the discard pile when a draw finds the deck empty;
        skip the draw when both are empty."""
        if not s.pending or s.deck_size:
            return
        if s.discard:
            n = len(s.discard)
            for c in s.discard:
                s.deck[c] = s.deck.get(c, 0) + 1
            s.deck_size = n
            s.discard = []
            events.append(Event("reshuffle", {"cards": n}))
        else:
            s.pending.clear()
            events.append(Event("skip", {}))

    def _apply_draw(self, s: SpymasterState, card: str, events: list[Event]) -> None:
        seat = s.pending.pop(0)
        api.take_copy(s.deck, card)
        s.deck_size -= 1
        hand = s.hands[seat]
        hand.append(card)
        hand.sort(key=_KEY.__getitem__)
        events.append(Event("draw", {"seat": seat, "card": card},
                            seats=frozenset((seat,)), reveals=True))
        events.append(Event("drew", {"seat": seat}))
        self._refill(s, events)

    def _apply_play(self, s: SpymasterState, card: str, events: list[Event]) -> None:
        # SM-R11: face down; only the attacker knows the card until the call.
        a = s.attacker
        s.hands[a].remove(card)
        s.played = card
        s.played_in_round += 1
        s.call = ""
        s.revealed = ""
        s.outcome = ""
        s.phase = Phase.CALL
        events.append(Event("play", {"seat": a}))

    def _apply_call(self, s: SpymasterState, call: str, events: list[Event]) -> None:
        # SM-R12, SM-R13: name a type, then reveal.
        a = s.attacker
        d = 1 - a
        card = s.played
        kind = _TYPE[card]
        caught = kind == call
        s.played = ""
        s.call = call
        s.calls[d][_TYPE_INDEX[call]] += 1
        s.revealed = card
        s.outcome = "caught" if caught else "success"
        events.append(Event("reveal", {"seat": d, "call": call, "card": card, "caught": caught},
                            reveals=True))
        if caught:
            if kind == FORCES:  # SM-R21
                s.discard.append(card)
                self._expose(s, a, events)
            elif kind == SPY:  # SM-R29: the spy defects and starts the defender's row
                s.rows[d].insert(0, card)
                s.tucks[d].insert(0, "")
                events.append(Event("defect", {"card": card, "seat": d}))
            else:  # SM-R23, SM-G6
                s.discard.append(card)
            if s.phase != Phase.OVER:
                self._end_round(s, events)
            return
        s.hits += 1
        row = s.rows[a]
        prev = row[-1] if row else ""
        row.append(card)
        s.tucks[a].append("")
        if kind == FORCES:  # SM-R20
            self._expose(s, d, events)
            if s.phase != Phase.OVER:
                self._end_round(s, events)
            return
        s.phase = Phase.PLAY
        if kind == HACKER:  # SM-R22
            s.pending.extend((a, a))
        else:
            # SM-R24: chain draw from a smaller Spy just before; SM-R25..R26: infiltrate.
            if prev and _TYPE[prev] == SPY and _NUM[prev] < _NUM[card]:
                s.pending.append(a)
                events.append(Event("chain", {"seat": a, "prev": prev, "card": card}))
            self._infiltrate(s, events)
            if s.phase != Phase.OVER:
                s.phase = Phase.TUCK  # SM-R27, asked once the draws are done (see settle)
        self._refill(s, events)

    def _infiltrate(self, s: SpymasterState, events: list[Event]) -> None:
        """SM-R26: one more spy in the attacker's row; every third exposes a document."""
        a = s.attacker
        count = spy_count(s.rows[a], s.tucks[a])
        if count % INFILTRATION_STEP == 0:
            events.append(Event("infiltrate", {"seat": a, "spies": count}))
            self._expose(s, 1 - a, events)

    def _apply_tuck(self, s: SpymasterState, card: str, events: list[Event]) -> None:
        # SM-R27, SM-G7: under the spy just placed; no chain draw, no further tuck.
        a = s.attacker
        s.hands[a].remove(card)
        base = s.rows[a][-1]
        s.tucks[a][-1] = card
        events.append(Event("tuck", {"seat": a, "card": card, "base": base}, reveals=True))
        s.phase = Phase.PLAY
        self._infiltrate(s, events)

    def _expose(self, s: SpymasterState, seat: int, events: list[Event]) -> None:
        s.exposed[seat] += 1
        left = DOCUMENTS - s.exposed[seat]
        events.append(Event("expose", {"seat": seat, "left": left}))
        if left <= 0:  # SM-R17
            s.phase = Phase.OVER
            s.winner = 1 - seat
            s.result = R_DOCUMENTS
            s.pending.clear()
            events.append(Event("win", {"winner": 1 - seat}))

    def _end_round(self, s: SpymasterState, events: list[Event]) -> None:
        """SM-R15: the attacker's row to the discard pile, then the hand limit."""
        a = s.attacker
        for c, t in zip(s.rows[a], s.tucks[a], strict=True):
            s.discard.append(c)
            if t:
                s.discard.append(t)
        s.rows[a] = []
        s.tucks[a] = []
        s.pending.clear()
        s.idle = 0 if s.played_in_round else s.idle + 1
        if s.idle >= IDLE_ROUNDS_FOR_DRAW:  # SM-G10
            s.phase = Phase.OVER
            s.winner = DRAW
            s.result = R_DEADLOCK
            events.append(Event("deadlock", {}))
            return
        for p in (a, 1 - a):
            n = len(s.hands[p])
            if n >= HAND_LIMIT:
                s.discard_left[p] = n // 2
                events.append(Event("limit", {"seat": p, "discard": n // 2}))
        s.phase = Phase.DISCARD

    def settle(self, s: SpymasterState, events: list[Event]) -> None:
        """Move on through steps that need nobody's decision."""
        while True:
            phase = s.phase
            if phase == Phase.OVER:
                s.pending.clear()
                return
            if s.pending:
                return
            if phase == Phase.TUCK:
                if tuck_asked(s.hands[s.attacker], s.rows[s.attacker], s.mix):
                    return
                s.phase = Phase.PLAY
            elif phase == Phase.PLAY:
                if s.hands[s.attacker]:
                    return
                self._end_round(s, events)  # SM-R11, SM-G3: nothing left to play
            elif phase == Phase.DISCARD:
                if s.discard_left[0] or s.discard_left[1]:
                    return
                self._start_round(s, 1 - s.attacker, events)
            else:
                return

    # -- checking -------------------------------------------------------------------------
    chance_kinds = ("draw", "first")
    chance_refusal = "refuse.deck"
    waiting_refusal = "refuse.drawing"

    def _waiting_for(self, s: SpymasterState, kind: str) -> Msg | None:
        """What the phase asks for first, when ``kind`` is not it: a call, a tuck or a
        pass, a discard."""
        phase = s.phase
        a = s.attacker
        if phase == Phase.CALL and kind != "call":
            return Msg("refuse.call_first", seat=1 - a)
        if phase == Phase.TUCK and kind not in ("tuck", "pass"):
            if not tuck_options(s.hands[a], s.rows[a]):
                return Msg("refuse.no_tuck")
            return Msg("refuse.tuck_first")
        if phase == Phase.DISCARD and kind != "discard":
            p = s.discarding_seat()
            return Msg("refuse.discard_first", seat=p, n=s.discard_left[p])
        return None

    def _refuse_play(self, s: SpymasterState, card: str) -> Msg:
        return self._waiting_for(s, "play") or Msg("refuse.no_card", card=card)

    def _refuse_call(self, s: SpymasterState, call: str) -> Msg:
        return self._waiting_for(s, "call") or Msg("refuse.nothing_to_name")

    def _refuse_tuck(self, s: SpymasterState, card: str) -> Msg:
        why = self._waiting_for(s, "tuck")
        if why is not None:
            return why
        if s.phase != Phase.TUCK:
            return Msg("refuse.tuck_when")
        a = s.attacker
        base = s.rows[a][-1]
        if card not in s.hands[a]:
            return Msg("refuse.no_card", card=card)
        return Msg("refuse.tuck_larger", number=_NUM[base], base=base)

    def _refuse_pass(self, s: SpymasterState) -> Msg:
        return self._waiting_for(s, "pass") or Msg("refuse.nothing_to_pass")

    def _refuse_discard(self, s: SpymasterState, card: str) -> Msg:
        why = self._waiting_for(s, "discard")
        if why is not None:
            return why
        if s.phase != Phase.DISCARD:
            return Msg("refuse.discard_when")
        return Msg("refuse.no_card", card=card)

    def _refuse_stop(self, s: SpymasterState) -> Msg:
        why = self._waiting_for(s, "stop")
        if why is not None:
            return why
        if not s.may_stop:
            return Msg("refuse.keep_attacking")
        return Msg("refuse.stop_after")

    # Chance's own kinds, which ``reason`` refuses before asking here.
    def _refuse_draw(self, s: SpymasterState, card: str) -> Msg:
        return self._waiting_for(s, "draw") or Msg("not_possible", action=f"draw:{card}")

    def _refuse_first(self, s: SpymasterState, seat: int) -> Msg:
        return self._waiting_for(s, "first") or Msg("not_possible", action=f"first:{seat}")

    # -- results --------------------------------------------------------------------------
    def returns(self, state: SpymasterState) -> list[float]:
        over = state.phase == Phase.OVER and state.winner != DRAW
        return api.winner_returns(2, (state.winner,), over)

    # -- information ----------------------------------------------------------------------
    def observation(self, state: SpymasterState, seat: int | None) -> SpymasterObs:
        s = state
        players: list[PlayerObs] = []
        for p in (0, 1):
            hand: list[str | None] = list(s.hands[p]) if seat == p else [None] * len(s.hands[p])
            players.append({"hand": hand, "exposed": s.exposed[p], "row": s.rows[p][:],
                            "tucks": s.tucks[p][:], "discard_left": s.discard_left[p]})
        played: PlayedObs | None = None
        if s.played:
            played = {"card": s.played if seat == s.attacker else None}
        return {
            "game": self.spec.id, "seat": seat, "mix": s.mix, "may_stop": s.may_stop,
            "phase": s.phase, "to_move": self.current_player(s), "first": s.first,
            "attacker": s.attacker, "round": s.rounds, "deck_count": s.deck_size,
            "discard": s.discard[:], "players": players, "played": played, "call": s.call,
            "revealed": s.revealed, "outcome": s.outcome, "pending": s.pending[:],
            "played_in_round": s.played_in_round, "hits": s.hits, "idle": s.idle,
            "winner": s.winner, "result": s.result, "calls": [c[:] for c in s.calls],
        }

    def resampler(self, obs: api.Observation, seat: int
                  ) -> Callable[[random.Random], SpymasterState]:
        # Search resamples one observation thousands of times: read it once, then copy the
        # visible part and deal the unseen cards afresh.
        base = self._visible_state(obs)
        pool = unseen_pool(obs, seat)
        opp = 1 - seat
        hidden_play = obs["played"] is not None and obs["played"]["card"] is None
        sizes = [len(obs["players"][opp]["hand"]), *([1] if hidden_play else [])]

        def sample(rng: random.Random) -> SpymasterState:
            s = base.clone()
            places, rest = api.deal_unseen(pool, sizes, rng)
            hand = places[0]
            hand.sort(key=_KEY.__getitem__)
            s.hands[opp] = hand
            if hidden_play:
                s.played = places[1][0]
            s.deck = dict(Counter(rest))
            s.deck_size = len(rest)
            return s

        return sample

    @staticmethod
    def _visible_state(obs: api.Observation) -> SpymasterState:
        seat = obs["seat"]
        s = FIELDS.load_seen(SpymasterState(str(obs["mix"]), bool(obs["may_stop"])), obs,
                             int(seat))
        s.rounds = int(obs["round"])
        for p, pl in enumerate(obs["players"]):
            s.hands[p] = [str(c) for c in pl["hand"]] if p == seat else []
            s.exposed[p] = int(pl["exposed"])
            s.rows[p] = [str(c) for c in pl["row"]]
            s.tucks[p] = [str(c) for c in pl["tucks"]]
            s.discard_left[p] = int(pl["discard_left"])
        played = obs["played"]
        s.played = str(played["card"]) if played is not None and played["card"] else ""
        s.deck = {}
        s.deck_size = 0
        s.calls = [[int(v) for v in c] for c in obs["calls"]]
        return s

    def opponent_model(self, state: SpymasterState, seat: int, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        """A defender's call, in the search's careless share (``tabletop.ai.mo_ismcts``),
        drawn in proportion to the calls he has made so far (all public, SM-R12) with
        ``CALL_PRIOR`` of each type added: an even mix until his calls say otherwise. A caller
        who keeps naming one type is then met in the search as he plays: the attacker learns
        to play that type last, to hold back spies that cannot reach the next third (SM-R26)
        and to shed that type at the hand limit. The answer depends on the calls alone, never
        on the face-down card. The attacker's own face-down play keeps the uniform guess."""
        s = state
        if s.phase != Phase.CALL or s.pending:
            return None
        counts = s.calls[1 - s.attacker]
        weights = [counts[_TYPE_INDEX[a[5:]]] + CALL_PRIOR for a in legal]
        return rng.choices(legal, weights)[0]

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> SpymasterState:
        return SpymasterState(str(data["mix"]), bool(data["may_stop"]))

    # -- words ----------------------------------------------------------------------------
    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "play": "card",
        "tuck": "card",
        "discard": "card",
        "call": "type",
        "pass": None,
        "stop": None,
        "draw": None,  # a draw is secret: the words do not name the card
        "first": "seat",
    }

    def prompt(self, state: SpymasterState, seat: int) -> Msg | None:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- saves of earlier rules -----------------------------------------------------------
    def upgrade_log(self, rules_version: str, num_players: int,
                    options: Mapping[str, api.OptionValue],
                    log: Sequence[tuple[int, str]]) -> list[tuple[int, str]] | None:
        """Rules 2 skipped the tuck question when the attacker held no larger Spy (SM-R27);
        rules 3 always ask it, so a match saved under rules 2 gets the attacker's "Don't
        tuck" back wherever the question now comes and the log went straight on."""
        if rules_version != "2":
            return None
        state = self.new_initial_state(num_players, options)
        out: list[tuple[int, str]] = []

        def skipped() -> bool:
            # Rules 2 asked only an attacker who could tuck; rules 3 ask every attacker.
            a = state.attacker
            return (state.phase == Phase.TUCK and not state.pending
                    and not tuck_options(state.hands[a], state.rows[a]))

        for seat, action in log:
            if skipped():
                out.append((state.attacker, "pass"))
                self.apply_in_place(state, "pass")
            out.append((seat, action))
            if not self.is_well_formed(action):
                return out  # the replay that follows refuses it, with its own words
            try:
                self.check_action(state, action)
            except api.GameError:
                return out
            self.apply_in_place(state, action)
        if skipped():  # the save was made just after such a Spy
            out.append((state.attacker, "pass"))
        return out

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: SpymasterState, seat: int) -> float | None:
        s = state
        if s.phase == Phase.OVER:
            return self.returns(s)[seat]
        o = 1 - seat
        # Documents decide the game; cards in hand are the means to attack with, and spies
        # in the attacker's row are progress towards the next infiltration.
        v = 0.7 * (s.exposed[o] - s.exposed[seat])
        v += 0.05 * (min(len(s.hands[seat]), HAND_LIMIT) - min(len(s.hands[o]), HAND_LIMIT))
        a = s.attacker
        if a >= 0:
            spies = spy_count(s.rows[a], s.tucks[a]) % INFILTRATION_STEP
            v += (0.08 if a == seat else -0.08) * spies
        return math.tanh(v)

    def max_game_length(self) -> int:
        return 6000

    # The attacker's card is face down until the call (SM-R11..R13): the defender sees only
    # that a card was played. Declaring it lets the search keep the defender's statistics
    # apart from the card, so the AI bluffs and calls bluffs (see ``tabletop.ai.mo_ismcts``).
    has_hidden_moves = True

    def public_action(self, state: SpymasterState, action: str, seat: int) -> str:
        if seat != state.attacker and action.startswith("play:"):
            return "play"
        return action

    def rewind_hidden_move(self, state: SpymasterState, seat: int) -> str | None:
        s = state
        if s.phase != Phase.CALL or seat == s.attacker or not s.played or s.pending:
            return None
        # Back to SM-R11: the face-down card returns to the attacker's hand. ``call``,
        # ``revealed`` and ``outcome`` only report the last call and are cleared by a play.
        hand = s.hands[s.attacker]
        hand.append(s.played)
        hand.sort(key=_KEY.__getitem__)
        s.played = ""
        s.played_in_round -= 1
        s.phase = Phase.PLAY
        return "play"


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg | None:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        w = int(obs["winner"])
        return Msg("prompt.draw") if w == DRAW else Msg("prompt.won", seat=w)
    if obs["pending"] or phase == Phase.FIRST:
        return Msg("prompt.dealing")
    a = int(obs["attacker"])
    d = 1 - a
    if phase == Phase.PLAY:
        if seat != a:
            return Msg("prompt.choosing", seat=a)
        if obs["may_stop"] and obs["hits"]:
            return Msg("prompt.play_or_stop")
        return Msg("prompt.play")
    if phase == Phase.CALL:
        if seat != d:
            return Msg("prompt.naming", seat=d)
        return Msg("prompt.name")
    if phase == Phase.TUCK:
        if seat != a:
            return Msg("prompt.may_tuck", seat=a)
        row = [str(c) for c in obs["players"][a]["row"]]
        hand = [str(c) for c in obs["players"][a]["hand"]]
        base = row[-1]  # a tuck follows a Spy that has just joined the row
        if not tuck_options(hand, row):
            return Msg("prompt.no_tuck", base=base)
        return Msg("prompt.tuck", base=base)
    if phase == Phase.DISCARD:
        left = [int(p["discard_left"]) for p in obs["players"]]
        p = a if left[a] else d
        if seat != p:
            return Msg("prompt.discarding", seat=p)
        return Msg("prompt.discard", n=left[p])
    return None
