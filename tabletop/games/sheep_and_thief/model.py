"""Sheep & Thief (ひつじとどろぼう) rules model: draft meadow cards, place them on your own 4 x 4
sheet, and steer the one thief that stands on the same cell of every sheet.

Rules follow rules/reference.md (ST-R01..ST-R37 with the corrections ST-C1..C6;
the decisions ST-G01..G15 are the defaults, ST-C1, ST-C2 and ST-C4 are options, and so are
the other readings of ST-G09, ST-G10 and ST-G11).

Every decision is one action text:

- ``pick:M12`` keeps a card of the pack in the 3-4 player draft (ST-R13). The picks of one
  step are taken one seat after another (``secret_round``), each hidden until all are in;
  then the packs pass left. The last card of every pack goes to its holder without asking.
- ``keep:M12`` (twice), ``offer:M03+M05`` and ``take:M03+M05`` are the 2-player draft
  (ST-R33): keep two cards, offer the other four as two pairs (named by the pair that holds
  the lowest of the four), then take one pair of the other's offer. Both sides choose in
  secret; the offers and then the takes are shown together.
- ``place:M12@1,2`` lays a card face up at row 1, column 2 (counted from 0, the house at
  ``0,0``); ``down:M12@1,2`` face down when no card of the hand fits face up anywhere
  (ST-R17); ``discard:M12`` when not even that is possible (ST-R18), and in the 2-player
  discard after the placements (ST-R34).
- ``dog:1,1>1,2`` moves every sheep of a cell one step for a sheepdog; ``dog:stop`` lets the
  remaining dogs rest (ST-R21). ``thief:2,1`` steps the shared thief (ST-R22), and the theft
  of ST-R23 follows at once on every sheet (with the ``theft`` option ``last-step``, only
  after its last step); ``halt`` stops it early where the ``thief`` option ``up-to`` allows.

Chance: ``houses:2-1-3`` (house numbers by seat, ST-R08) and ``deal:M12`` (one card at a time
from the deck, ST-R12). What each seat may see is in ``knowledge``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import permutations
from typing import Any, ClassVar

from tabletop import api
from tabletop.api import Arg, Event, Msg

from . import knowledge
from .ai import best_dog_move, best_thief_step, position_value
from .data import (
    ADJACENT,
    CARDS,
    CELL_OF_TEXT,
    CELL_TEXT,
    DEAL_FIRST,
    DEAL_LATER,
    PLACED_PER_ROUND,
    ROUNDS,
)
from .knowledge import SheepObs
from .moves import STOP, flock_moves, placements
from .sheet import (
    cell_problem,
    place_problem,
)
from .spec import SPEC
from .state import FIELDS, Phase, SheepState, options_of, start_sheets


# The arguments of actions, each read as what it names. A ``ValueError`` says the text is
# none of them.
def _read_houses(text: str) -> tuple[int, ...]:
    """House numbers by seat (``2-1-3``): each number from 1 to the seats' count once."""
    parts = text.split("-")
    if 2 <= len(parts) <= 4 and sorted(parts) == [str(k + 1) for k in range(len(parts))]:
        return tuple(int(v) for v in parts)
    raise ValueError(f"{text!r} are no house numbers")


def _read_pair(text: str) -> tuple[str, str]:
    """Two cards, the lower first (``M03+M27``)."""
    a, sep, b = text.partition("+")
    if sep and a in CARDS and b in CARDS and a < b:
        return a, b
    raise ValueError(f"{text!r} is no pair of cards")


def _read_placement(text: str) -> tuple[str, int]:
    """A card and the cell it is laid on (``M27@1,2``)."""
    card, sep, where = text.partition("@")
    if sep and card in CARDS and where in CELL_OF_TEXT:
        return card, CELL_OF_TEXT[where]
    raise ValueError(f"{text!r} is no card on a cell")


def _read_flock_move(text: str) -> tuple[int, int] | None:
    """A flock driven from one cell to another (``1,2>2,2``), or ``None`` for ``stop``."""
    if text == STOP:
        return None
    a, sep, b = text.partition(">")
    if sep and a in CELL_OF_TEXT and b in CELL_OF_TEXT:
        return CELL_OF_TEXT[a], CELL_OF_TEXT[b]
    raise ValueError(f"{text!r} is no move of a flock")


def _write_flock_move(move: tuple[int, int] | None) -> str:
    return STOP if move is None else f"{CELL_TEXT[move[0]]}>{CELL_TEXT[move[1]]}"


_PAIR = Arg(_read_pair, "+".join)
_PLACEMENT = Arg(_read_placement, lambda placed: f"{placed[0]}@{CELL_TEXT[placed[1]]}")

# Every action text of the game: its kind and what the argument may be (a card as its id,
# a cell as its index).
ACTIONS = api.ActionForms({
    "houses": Arg(_read_houses, lambda houses: "-".join(map(str, houses))),  # chance
    "deal": CARDS,            # chance: a card dealt
    "pick": CARDS,            # 3-4 players: keep a card of the pack
    "keep": CARDS,            # 2 players: keep a card
    "offer": _PAIR,           # 2 players: the pair with the lowest card of the four offered
    "take": _PAIR,            # 2 players: a pair taken from the other's offer
    "place": _PLACEMENT,      # face up
    "down": _PLACEMENT,       # face down
    "discard": CARDS,
    "dog": Arg(_read_flock_move, _write_flock_move),
    "thief": Arg.among(CELL_OF_TEXT),
    "halt": None,             # ST-G09 option up-to: the thief stops before its last step
})

# Game sends each action to the method named after its kind, with its argument read.
#: The kinds of action each phase of a player asks for.
_EXPECTED: dict[str, tuple[str, ...]] = {
    Phase.DRAFT: ("pick",), Phase.KEEP: ("keep", "offer"), Phase.TAKE: ("take",),
    Phase.PLACE: ("place", "down", "discard"), Phase.DOG: ("dog",),
    Phase.THIEF: ("thief", "halt"),
    Phase.DISCARD: ("discard",)}


def pair_text(a: str, b: str) -> str:
    return f"{min(a, b)}+{max(a, b)}"


def _pairs(offer: Sequence[str]) -> list[str]:
    """The two pairs of an offer ``[a, b, c, d]`` as action arguments."""
    return [pair_text(offer[0], offer[1]), pair_text(offer[2], offer[3])]


def secret_round(s: SheepState) -> tuple[int, ...]:
    """The seats still to choose in a round of secret choices, the next first (ST-R13,
    ST-R33: everyone chooses "at the same time"; the rules take the choices from the start
    player round the table, each hidden until all are in); ``()`` outside one."""
    order = [(s.start + k) % s.n for k in range(s.n)]
    if s.phase == Phase.DRAFT:
        return tuple(p for p in order if not s.picks[p])
    if s.phase == Phase.KEEP:
        return tuple(p for p in order if not s.offers[p])
    if s.phase == Phase.TAKE:
        return tuple(p for p in order if not s.takes[p])
    return ()


def _next_in_secret_round(s: SheepState) -> int:
    return secret_round(s)[0]


# Who moves: the player whose turn it is, in a draft the next seat still to choose; the
# house numbers and the deal are chance's.
TURNS: api.PhaseTable[SheepState] = api.PhaseTable({
    Phase.PLACE: "turn", Phase.DOG: "turn", Phase.THIEF: "turn", Phase.DISCARD: "turn",
    Phase.DRAFT: _next_in_secret_round, Phase.KEEP: _next_in_secret_round,
    Phase.TAKE: _next_in_secret_round,
    Phase.DEAL: api.CHANCE, Phase.HOUSES: api.CHANCE, Phase.OVER: api.TERMINAL,
})


class SheepAndThiefGame(api.Game[SheepState]):
    """Sheep & Thief for 2 to 4 players (ST-R01..ST-R37)."""

    spec = SPEC
    actions = ACTIONS
    turns = TURNS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> SheepState:
        return SheepState(num_players, *options_of(options))

    # -- flow -----------------------------------------------------------------------------
    def secret_round(self, state: SheepState) -> tuple[int, ...]:
        return secret_round(state)

    def legal_actions(self, state: SheepState) -> list[str]:
        s = state
        phase = s.phase
        if phase in (Phase.HOUSES, Phase.DEAL):
            return [a for a, _ in self.chance_outcomes(s)]
        if phase == Phase.OVER:
            return []
        seat = self.current_player(s)
        if phase == Phase.DRAFT:
            return [f"pick:{c}" for c in s.packs[s.pack_of(seat)]]
        if phase == Phase.KEEP:
            pack = s.packs[seat]
            if len(s.hands[seat]) < 2:
                return [f"keep:{c}" for c in pack]
            return [f"offer:{pack[0]}+{c}" for c in pack[1:]]
        if phase == Phase.TAKE:
            return [f"take:{p}" for p in _pairs(s.offers[1 - seat])]
        if phase == Phase.PLACE:
            return placements(s, seat)
        if phase == Phase.DOG:
            return [f"dog:{m}" for m in flock_moves(s, seat)] + [f"dog:{STOP}"]
        if phase == Phase.THIEF:
            steps = [f"thief:{CELL_TEXT[c]}" for c in sorted(ADJACENT[s.thief])]
            return ["halt", *steps] if s.thief_may_stop else steps
        if phase == Phase.DISCARD:
            return [f"discard:{c}" for c in s.hands[seat]]
        return []

    def chance_outcomes(self, state: SheepState) -> list[tuple[str, float]]:
        s = state
        if s.phase == Phase.HOUSES:
            perms = list(permutations(range(1, s.n + 1)))
            return [("houses:" + "-".join(map(str, p)), 1.0 / len(perms)) for p in perms]
        if s.phase == Phase.DEAL and s.deck:
            k = len(s.deck)
            return [(f"deal:{c}", 1.0 / k) for c in s.deck]
        return []

    def sample_chance(self, state: SheepState, rng: random.Random) -> str:
        s = state
        if s.phase == Phase.DEAL and s.deck:
            return f"deal:{s.deck[rng.randrange(len(s.deck))]}"
        if s.phase == Phase.HOUSES:
            houses = list(range(1, s.n + 1))
            rng.shuffle(houses)
            return "houses:" + "-".join(map(str, houses))
        raise ValueError("Not a chance node.")

    # -- applying -------------------------------------------------------------------------
    # Set-up and deal ------------------------------------------------------------------------
    def _apply_houses(self, s: SheepState, order: tuple[int, ...],
                      events: list[Event]) -> None:
        # ST-R07..ST-R09: house I starts; every thief on the silhouette cell (ST-G01).
        houses = list(order)
        s.houses = houses
        s.start = houses.index(1)
        start_sheets(s)
        events.append(Event("houses", {"houses": houses[:], "start": s.start}, reveals=True))
        self._start_round(s, 1, events)

    def _start_round(self, s: SheepState, number: int, events: list[Event]) -> None:
        # ST-R12, ST-R32: the card kept back joins the new pack (ST-E6).
        s.round = number
        s.phase = Phase.DEAL
        s.thief_path, s.thief_by = [], -1
        n = s.n
        k = (DEAL_FIRST if number == 1 else DEAL_LATER)[n]
        for p in range(n):
            s.packs[p] = sorted(s.hands[p])
            s.hands[p] = []
        s.deal_to = [(s.start + i) % n for i in range(n) for _ in range(k)]
        s.step = 0
        s.placed = [0] * n
        s.known = [[] for _ in range(n * n)]
        events.append(Event("round", {"round": number, "start": s.start, "cards": k}))

    def _apply_deal(self, s: SheepState, card: str, events: list[Event]) -> None:
        seat = s.deal_to.pop(0)
        s.deck.remove(card)
        pack = s.packs[seat]
        pack.append(card)
        pack.sort()
        events.append(Event("dealt", {"seat": seat}, logged=False))
        events.append(Event("dealt_own", {"seat": seat, "card": card}, seats=frozenset((seat,)),
                            reveals=True, logged=False))
        if s.deal_to:
            return
        for p in range(s.n):
            events.append(Event("pack", {"seat": p, "cards": s.packs[p][:]},
                                seats=frozenset((p,)), reveals=True))
        if s.n == 2:
            s.phase = Phase.KEEP
            s.offers = [[], []]
            s.takes = [[], []]
        else:
            s.phase = Phase.DRAFT
            s.picks = [""] * s.n
            s.seen = [[] for _ in range(s.n * s.n)]
            s.seen_step = [-1] * (s.n * s.n)

    # The 3-4 player draft (ST-R12, ST-R13, ST-C6) ------------------------------------------
    def _apply_pick(self, s: SheepState, card: str, events: list[Event]) -> None:
        seat = self.current_player(s)
        j = s.pack_of(seat)
        pack = s.packs[j]
        pack.remove(card)
        s.picks[seat] = card
        # ST-C6: the seat remembers what it passes on.
        s.seen[seat * s.n + j] = pack[:]
        s.seen_step[seat * s.n + j] = s.step
        events.append(Event("picked", {"seat": seat}))
        events.append(Event("pick_own", {"seat": seat, "card": card}, seats=frozenset((seat,))))
        if any(not c for c in s.picks):
            return
        for p in range(s.n):
            hand = s.hands[p]
            hand.append(s.picks[p])
            hand.sort()
        s.picks = [""] * s.n
        s.step += 1
        # Packs pass left: seat p now holds pack (p - step) % n.
        if len(s.packs[0]) == 1:
            # The last card of each pack is no choice: it goes to the seat it is passed to.
            for p in range(s.n):
                last = s.packs[s.pack_of(p)].pop()
                s.hands[p].append(last)
                s.hands[p].sort()
                events.append(Event("last", {"seat": p, "card": last}, seats=frozenset((p,)),
                                    reveals=True))
            self._end_draft(s, events)
            return
        events.append(Event("passed", {"step": s.step}))
        for p in range(s.n):
            events.append(Event("pack", {"seat": p, "cards": s.packs[s.pack_of(p)][:]},
                                seats=frozenset((p,)), reveals=True, logged=False))

    def _end_draft(self, s: SheepState, events: list[Event]) -> None:
        # The draft's memory of the packs is not carried into the placement (see knowledge).
        s.seen = [[] for _ in range(s.n * s.n)]
        s.seen_step = [-1] * (s.n * s.n)
        s.step = 0
        s.phase = Phase.PLACE
        s.turn = s.start
        for p in range(s.n):
            events.append(Event("hand", {"seat": p, "cards": s.hands[p][:]},
                                seats=frozenset((p,))))
        events.append(Event("placing", {"seat": s.start}))

    # The 2-player draft (ST-R32, ST-R33) ---------------------------------------------------
    def _apply_keep(self, s: SheepState, card: str, events: list[Event]) -> None:
        seat = self.current_player(s)
        s.packs[seat].remove(card)
        s.hands[seat].append(card)
        s.hands[seat].sort()
        events.append(Event("kept", {"seat": seat}, logged=False))
        events.append(Event("keep_own", {"seat": seat, "card": card}, seats=frozenset((seat,))))

    def _apply_offer(self, s: SheepState, pair: tuple[str, str], events: list[Event]) -> None:
        seat = self.current_player(s)
        a, b = pair
        rest = [c for c in s.packs[seat] if c not in (a, b)]
        s.offers[seat] = [a, b, *rest]
        s.packs[seat] = []
        events.append(Event("offered", {"seat": seat}))
        events.append(Event("offer_own", {"seat": seat, "pairs": _pairs(s.offers[seat])},
                            seats=frozenset((seat,))))
        if all(s.offers):
            s.phase = Phase.TAKE
            events.append(Event("offers", {"pairs": [_pairs(o) for o in s.offers]},
                                reveals=True))

    def _apply_take(self, s: SheepState, pair: tuple[str, str], events: list[Event]) -> None:
        seat = self.current_player(s)
        s.takes[seat] = list(pair)
        events.append(Event("took", {"seat": seat}))
        events.append(Event("take_own", {"seat": seat, "pair": "+".join(pair)},
                            seats=frozenset((seat,))))
        if not all(s.takes):
            return
        for p in (0, 1):
            q = 1 - p
            taken_from_me = set(s.takes[q])
            returned = [c for c in s.offers[p] if c not in taken_from_me]
            s.hands[p] = sorted(s.hands[p] + s.takes[p] + returned)
            # ST-R36: each side saw the other's offer and what became of its own.
            s.known[p * 2 + q] = sorted(s.takes[q] + [c for c in s.offers[q]
                                                      if c not in s.takes[p]])
        events.append(Event("takes", {"pairs": ["+".join(t) for t in s.takes]}, reveals=True))
        s.offers = [[], []]
        s.takes = [[], []]
        self._end_draft(s, events)

    # Placement (ST-R14..ST-R24) -------------------------------------------------------------
    def _play_card(self, s: SheepState, seat: int, card: str) -> None:
        s.hands[seat].remove(card)
        s.placed[seat] += 1
        for p in range(s.n):
            k = p * s.n + seat
            if card in s.known[k]:
                s.known[k].remove(card)

    def _lay(self, s: SheepState, placement: tuple[str, int],
             down: bool) -> tuple[int, str, int]:
        """The mover lays a hand card on a cell of its sheet, face down or up: the seat, the
        card and the cell."""
        card, cell = placement
        seat = s.turn
        self._play_card(s, seat, card)
        s.sheets[seat][cell] = card
        s.down[seat][cell] = down
        return seat, card, cell

    def _apply_place(self, s: SheepState, placement: tuple[str, int],
                     events: list[Event]) -> None:
        seat, card, cell = self._lay(s, placement, False)
        events.append(Event("place", {"seat": seat, "card": card, "cell": CELL_TEXT[cell]}))
        info = CARDS[card]
        # ST-R19, ST-G08: sheep, then dogs, then thieves.
        if info.sheep:
            got = min(info.sheep, s.stock)  # ST-R20, ST-G15
            s.stock -= got
            s.sheep[seat][cell] += got
            events.append(Event("sheep", {"seat": seat, "count": got, "cell": CELL_TEXT[cell],
                                          "short": info.sheep - got}))
        s.card = card
        s.dogs_left = info.dogs
        s.thieves_left = info.thieves
        s.flock = -1
        if info.thieves:
            s.thief_path, s.thief_by = [s.thief], seat
        self._continue(s, events)

    def _continue(self, s: SheepState, events: list[Event]) -> None:
        """Ask for the next dog or thief step of the card being resolved, or end the turn."""
        if s.dogs_left and flock_moves(s, s.turn):
            s.phase = Phase.DOG
            return
        s.dogs_left = 0
        if s.thieves_left:
            s.phase = Phase.THIEF
            return
        s.card = ""
        s.flock = -1
        self._next_turn(s, events)

    def _apply_dog(self, s: SheepState, move: tuple[int, int] | None,
                   events: list[Event]) -> None:
        seat = s.turn
        if move is None:
            events.append(Event("dog_stop", {"seat": seat, "left": s.dogs_left}))
            s.dogs_left = 0
        else:
            src, dst = move
            k = s.sheep[seat][src]
            s.sheep[seat][src] = 0
            s.sheep[seat][dst] += k
            s.dogs_left -= 1
            s.flock = dst
            events.append(Event("dog", {"seat": seat, "count": k, "from": CELL_TEXT[src],
                                        "to": CELL_TEXT[dst]}))
        self._continue(s, events)

    def _apply_thief(self, s: SheepState, cell: int, events: list[Event]) -> None:
        seat = s.turn
        s.thief = cell
        s.thief_path.append(cell)
        s.thieves_left -= 1
        events.append(Event("thief", {"seat": seat, "cell": CELL_TEXT[cell]}))
        # ST-R23, ST-G10: after every step, on every sheet; with the option, after the last.
        if not s.steals_last or not s.thieves_left:
            self._steal(s, seat, cell, events)
        self._continue(s, events)

    def _apply_halt(self, s: SheepState, events: list[Event]) -> None:
        # ST-G09 option up-to: the steps left are not taken; where theft waits for the end of
        # the walk, the cell it stops on is that end (a thief that never moved steals nothing).
        seat = s.turn
        events.append(Event("thief_halt", {"seat": seat, "left": s.thieves_left,
                                           "cell": CELL_TEXT[s.thief]}))
        s.thieves_left = 0
        if s.steals_last and len(s.thief_path) > 1:
            self._steal(s, seat, s.thief, events)
        self._continue(s, events)

    def _steal(self, s: SheepState, seat: int, cell: int, events: list[Event]) -> None:
        """ST-R23: the thief on ``cell`` takes the sheep there on every sheet, into ``seat``'s
        fence (his own go back to the stock), but for the sheltered ones (ST-R24, ST-G11)."""
        for p in range(s.n):
            k = s.sheep[p][cell]
            if not k:
                continue
            if s.sheltered(p, cell):
                events.append(Event("safe", {"seat": p, "count": k, "cell": CELL_TEXT[cell]}))
                continue
            s.sheep[p][cell] = 0
            if p == seat:
                s.stock += k
                events.append(Event("lost", {"seat": p, "count": k, "cell": CELL_TEXT[cell]}))
            else:
                s.fence[seat] += k
                events.append(Event("steal", {"seat": seat, "victim": p, "count": k,
                                              "cell": CELL_TEXT[cell]}))

    def _apply_down(self, s: SheepState, placement: tuple[str, int],
                    events: list[Event]) -> None:
        seat, card, cell = self._lay(s, placement, True)
        # The others cannot tell which card went down, so what they knew of the hand is lost.
        for p in range(s.n):
            s.known[p * s.n + seat] = []
        events.append(Event("down", {"seat": seat, "cell": CELL_TEXT[cell]}))
        events.append(Event("down_own", {"seat": seat, "card": card, "cell": CELL_TEXT[cell]},
                            seats=frozenset((seat,)), logged=False))
        self._next_turn(s, events)

    def _apply_discard(self, s: SheepState, card: str, events: list[Event]) -> None:
        seat = s.turn
        if s.phase == Phase.DISCARD:
            s.hands[seat].remove(card)
            for p in range(s.n):
                k = p * s.n + seat
                if card in s.known[k]:
                    s.known[k].remove(card)
        else:
            self._play_card(s, seat, card)  # ST-R18: counts as the turn's card
        s.discards.append(card)
        events.append(Event("discard", {"seat": seat, "card": card}))
        if s.phase == Phase.DISCARD:
            other = 1 - seat
            if len(s.hands[other]) > 1:
                s.turn = other
            else:
                self._end_round(s, events)
            return
        self._next_turn(s, events)

    def _next_turn(self, s: SheepState, events: list[Event]) -> None:
        s.phase = Phase.PLACE
        if all(k >= PLACED_PER_ROUND for k in s.placed):
            if s.n == 2:
                # ST-R34: place four, then discard one; the last card is kept.
                s.phase = Phase.DISCARD
                s.turn = s.start
                events.append(Event("discarding", {"seat": s.start}))
                return
            self._end_round(s, events)
            return
        s.turn = (s.turn + 1) % s.n  # ST-R14: clockwise, one card per turn

    def _end_round(self, s: SheepState, events: list[Event]) -> None:
        totals = [s.total(p) for p in range(s.n)]
        s.round_scores.append(totals)
        s.turn = -1
        if s.round >= ROUNDS:
            self._end_game(s, events)
            return
        # ST-R26: the start-player card is flipped and passed left.
        s.start = (s.start + 1) % s.n
        events.append(Event("round_end", {"round": s.round, "scores": totals,
                                          "start": s.start}))
        self._start_round(s, s.round + 1, events)

    def _end_game(self, s: SheepState, events: list[Event]) -> None:
        # ST-R27, ST-R31, ST-G12: total, then sheep; still tied, the win is shared.
        s.phase = Phase.OVER
        key = [(s.total(p), s.sheep_count(p)) for p in range(s.n)]
        best = max(key)
        s.winners = [p for p in range(s.n) if key[p] == best]
        events.append(Event("end", {"scores": [k[0] for k in key],
                                    "sheep": [k[1] for k in key],
                                    "winners": s.winners[:]}, reveals=True))

    # -- refusals -------------------------------------------------------------------------
    chance_kinds = ("deal", "houses")

    # Only what the mover sees: its own hand and pack, the sheets, the phase.
    @staticmethod
    def _out_of_phase(s: SheepState, kind: str) -> Msg | None:
        """Why ``kind`` is not what the phase asks for now, if it is not."""
        if kind not in _EXPECTED[s.phase]:
            return Msg(f"refuse.phase_{s.phase}")
        return None

    def _refuse_pick(self, s: SheepState, card: str) -> Msg:
        return self._out_of_phase(s, "pick") or Msg("refuse.not_in_pack", card=card)

    def _refuse_keep(self, s: SheepState, card: str) -> Msg:
        why = self._out_of_phase(s, "keep")
        if why is not None:
            return why
        if len(s.hands[self.current_player(s)]) >= 2:
            return Msg("refuse.kept_two")
        return Msg("refuse.not_in_pack", card=card)

    def _refuse_offer(self, s: SheepState, pair: tuple[str, str]) -> Msg:
        why = self._out_of_phase(s, "offer")
        if why is not None:
            return why
        seat = self.current_player(s)
        if len(s.hands[seat]) < 2:
            return Msg("refuse.keep_first")
        for c in pair:
            if c not in s.packs[seat]:
                return Msg("refuse.not_in_pack", card=c)
        return Msg("refuse.offer_lowest", card=s.packs[seat][0])

    def _refuse_take(self, s: SheepState, pair: tuple[str, str]) -> Msg:
        return self._out_of_phase(s, "take") or Msg("refuse.not_offered", pair="+".join(pair))

    def _refuse_discard(self, s: SheepState, card: str) -> Msg:
        why = self._out_of_phase(s, "discard")
        if why is not None:
            return why
        if card not in s.hands[self.current_player(s)]:
            return Msg("refuse.not_in_hand", card=card)
        return Msg("refuse.must_place")

    def _refuse_place(self, s: SheepState, placement: tuple[str, int]) -> Msg:
        return self._out_of_phase(s, "place") or self._lay_reason(s, placement, False)

    def _refuse_down(self, s: SheepState, placement: tuple[str, int]) -> Msg:
        return self._out_of_phase(s, "down") or self._lay_reason(s, placement, True)

    def _lay_reason(self, s: SheepState, placement: tuple[str, int], face_down: bool) -> Msg:
        seat = self.current_player(s)
        card, cell = placement
        if card not in s.hands[seat]:
            return Msg("refuse.not_in_hand", card=card)
        cards, down = s.sheets[seat], s.down[seat]
        if face_down:
            problem = cell_problem(cards, s.thief, cell)
            if problem is None:
                return Msg("refuse.face_up_possible")
        else:
            problem = place_problem(cards, down, s.thief, cell, CARDS[card], s.strict_rivers)
        if problem is None:  # legal in the cell, but the hand has no face-up card at all
            return Msg("refuse.no_face_up")
        return Msg(f"refuse.{problem}", card=card, cell=CELL_TEXT[cell])

    def _refuse_dog(self, s: SheepState, move: tuple[int, int] | None) -> Msg:
        why = self._out_of_phase(s, "dog")
        if why is not None:
            return why
        if move is None:  # calling the dogs off is always open while they run
            return Msg("not_possible", action=f"dog:{STOP}")
        return self._dog_reason(s, self.current_player(s), move)

    def _refuse_halt(self, s: SheepState) -> Msg:
        return self._out_of_phase(s, "halt") or Msg("refuse.thief_every_step")

    def _refuse_thief(self, s: SheepState, cell: int) -> Msg:
        return self._out_of_phase(s, "thief") or Msg("refuse.thief_step", cell=CELL_TEXT[cell],
                                                     at=CELL_TEXT[s.thief])

    # Chance's own kinds, which ``reason`` refuses before asking here: no phase asks for them.
    def _refuse_deal(self, s: SheepState, card: str) -> Msg:
        return self._out_of_phase(s, "deal") or Msg("not_possible", action=f"deal:{card}")

    def _refuse_houses(self, s: SheepState, houses: tuple[int, ...]) -> Msg:
        return self._out_of_phase(s, "houses") or Msg(
            "not_possible", action=ACTIONS.format("houses", houses))

    def _dog_reason(self, s: SheepState, seat: int, move: tuple[int, int]) -> Msg:
        src, dst = move
        a, b = CELL_TEXT[src], CELL_TEXT[dst]
        if s.one_flock and s.flock >= 0 and src != s.flock:
            return Msg("refuse.dog_same_flock", cell=CELL_TEXT[s.flock])
        if not s.sheep[seat][src]:
            return Msg("refuse.dog_no_sheep", cell=a)
        if dst not in ADJACENT[src]:
            return Msg("refuse.dog_not_adjacent", cell=b, at=a)
        if not s.sheets[seat][dst]:
            return Msg("refuse.dog_no_card", cell=b)
        return Msg("refuse.dog_thief", cell=b)

    # -- results --------------------------------------------------------------------------
    def returns(self, state: SheepState) -> list[float]:
        return api.winner_returns(state.n, state.winners, state.phase == Phase.OVER)

    def final_result(self, state: SheepState) -> tuple[str | None, float | None]:
        return "scored", float(state.total(0))

    # -- information (knowledge.py) --------------------------------------------------------
    def observation(self, state: SheepState, seat: int | None) -> SheepObs:
        return knowledge.observe(state, seat, self.current_player(state))

    def resampler(self, obs: api.Observation, seat: int) -> Callable[[random.Random], SheepState]:
        return knowledge.resampler(obs, seat)

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> SheepState:
        # The options added later (house, thief, theft) are read by the fields table, which
        # takes a form without them for the default reading.
        return SheepState(int(data["n"]), str(data["towns"]), str(data["dogs"]),
                          str(data["rivers"]))

    # -- words ----------------------------------------------------------------------------
    def _describe_place(self, s: SheepState, placement: tuple[str, int]) -> Msg:
        return Msg("move.place", card=placement[0], cell=CELL_TEXT[placement[1]])

    def _describe_down(self, s: SheepState, placement: tuple[str, int]) -> Msg:
        return Msg("move.down", card=placement[0], cell=CELL_TEXT[placement[1]])

    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "pick": "card",
        "keep": "card",
        "discard": "card",
        "deal": None,  # a deal is secret: the words do not name the card
        "houses": None,
        "halt": None,
    }

    def _describe_offer(self, s: SheepState, pair: tuple[str, str]) -> Msg:
        return Msg("move.offer", cards=list(pair))

    def _describe_take(self, s: SheepState, pair: tuple[str, str]) -> Msg:
        return Msg("move.take", cards=list(pair))

    def _describe_dog(self, s: SheepState, move: tuple[int, int] | None) -> Msg:
        if move is None:
            return Msg("move.dog_stop")
        return Msg("move.dog", at=CELL_TEXT[move[0]], cell=CELL_TEXT[move[1]])

    def _describe_thief(self, s: SheepState, cell: int) -> Msg:
        return Msg("move.thief", cell=CELL_TEXT[cell])

    def prompt(self, state: SheepState, seat: int) -> Msg:
        return knowledge.prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: SheepState, seat: int) -> float | None:
        return self.heuristics(state)[seat]

    def heuristics(self, state: SheepState) -> list[float | None]:
        s = state
        if s.phase == Phase.OVER:
            return list(api.winner_returns(s.n, s.winners))
        values = [position_value(s, p) for p in range(s.n)]
        out: list[float | None] = []
        for p in range(s.n):
            rival = max(values[q] for q in range(s.n) if q != p)
            out.append(math.tanh((values[p] - rival) / 8.0))
        return out

    def playout_action(self, state: SheepState, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        s = state
        if s.phase == Phase.THIEF:
            return best_thief_step(s, legal, rng)
        if s.phase == Phase.DOG:
            return best_dog_move(s, legal, rng)
        return None

    def max_game_length(self) -> int:
        # Deal 52 + 48 picks (or 24 two-player choices) + 48 placements with up to four
        # dog and thief steps each + discards: well under 600.
        return 600

