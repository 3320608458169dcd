"""Mr. Sneaky (ミスター・スニーキー) rules model: a Rich Man hides a treasure behind eight doors,
a Thief sneaks through the house to steal it; roles swap every round.

Rules follow rules/reference/mr-sneaky.md (MS-R01..MS-R37, decisions MS-G01..MS-G13). A
turn is a short sequence of atomic actions: the Rich Man's card is drawn by chance
(``draw:<card>``) and he places it with ``place:D<n>``; the Thief moves with ``move:D<n>`` and
then chooses ``steal`` or ``pass``. Steps with only one possible outcome happen by themselves: a
Thief who lands on an open door does nothing, one who must steal (the start card turned a full
circle, MS-R22) steals at once.

Chance is explicit: the first Rich Man (``first:<seat>``, MS-R08), the deal of the doors
(``deal:<layout>``, one of the 840 distinct layouts, MS-R10) and each card draw. The rich-man
deck is a multiset, so its order is in no state at all: nobody can know it (MS-R37), and
reshuffling the discard pile (MS-R16) needs no chance of its own. The only secret in a state is
the face of each closed door, which the Rich Man sees and the Thief does not.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, TypedDict

from tabletop.api import (
    BOOLS,
    CHANCE,
    COPIES,
    INT,
    INTS,
    JSON,
    STR,
    STRS,
    STRS2,
    TERMINAL,
    ActionForms,
    Event,
    Field,
    Game,
    Msg,
    Observation,
    ObservationBase,
    OptionValue,
    StateFields,
    derived,
    draw_by_count,
)

from .data import (
    AGENTS_TO_LOSE,
    CARD_KINDS,
    CARD_SYMBOLS,
    CARDS,
    CARDS_PER_DOOR,
    DEFAULT_GUARDS,
    DEFAULT_TRAPS,
    DOORS,
    FROM_START,
    GUARDS_TO_CATCH,
    JEWELS_TO_WIN,
    NEIGHBOURS,
    NOTHING,
    RICH,
    RICH_WIN_JEWELS,
    STEAL_EVERY,
    TILE_SYMBOL,
    TRAP1,
    TRAP_GUARDS,
    TREASURE,
    TREASURE_CARDS,
    TREASURE_PER_DOOR,
    agent_total,
    card_counts,
    door_tiles,
    layouts,
)
from .spec import SPEC

# Phases of a state.
P_FIRST = "first"  # chance: who is the first Rich Man (MS-R08)
P_DEAL = "deal"    # chance: the doors are shuffled and dealt face down (MS-R10)
P_DRAW = "draw"    # chance: the Rich Man draws a card (MS-R13)
P_PLACE = "place"  # the Rich Man places the drawn card on a door (MS-R13, MS-R14)
P_MOVE = "move"    # the Thief moves (MS-R18)
P_STEAL = "steal"  # the Thief steals or does nothing (MS-R21)
P_OVER = "over"

# How a round ended.
E_TREASURE = "treasure"  # MS-R29
E_GUARDS = "guards"      # MS-R28
E_BLOCKED = "blocked"    # MS-R17: the drawn card fits no door
E_NOCARDS = "nocards"    # MS-R16, MS-G07: no card left to draw

# How the game ended.
R_JEWELS = "jewels"
R_AGENTS = "agents"

AT_START = -1  # the Thief stands on the start card

_TREASURE_CARDS = TREASURE_CARDS


def where_name(pos: int) -> str:
    """``S`` for the start card, else the door id."""
    return "S" if pos == AT_START else DOORS[pos]


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


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


def _last_round(lr: Any) -> tuple[int, int, int, str] | None:
    return None if lr is None else (int(lr[0]), int(lr[1]), int(lr[2]), str(lr[3]))


# Every field of a position, in one table: the slots, the copy and the JSON form come from it.
# ``last_round`` is an immutable tuple, so copies share it.
FIELDS = StateFields(
    traps=STR, guard_mix=Field(load=str, key="guard_cards"), first_opt=STR, phase=STR,
    first=INT, rich=INT, round=INT, doors=STRS, opened=BOOLS, cards=STRS2, deck=COPIES,
    deck_size=derived(lambda s: sum(s.deck.values())), discard=STRS, aside=STRS, drawn=STR,
    thief=INT, moves=INT, guards=INT, nothing=INT, jewels=INTS, agents=STRS2, winner=INT,
    result=STR, last_door=INT, last_face=STR, last_cards=STRS,
    last_round=Field(dump=lambda lr: None if lr is None else list(lr), load=_last_round),
)


class SneakyState:
    """One position. Per-door lists are indexed 0..7 (D1..D8); per-player lists by seat.

    ``doors`` holds tile codes ("" before the deal); ``opened`` which doors are face up;
    ``cards`` the rich-man cards on each door in placement order; ``deck`` card ids to copies
    left (no zero entries); ``aside`` the cards set aside by the current redraw (MS-R15);
    ``thief`` the Thief's door or ``AT_START``; ``moves`` the start card's quarter turns since
    the last steal (MS-R20); ``nothing`` the Nothing doors opened this round (MS-R25).
    ``last_door``/``last_face``/``last_cards`` describe the latest steal for the table;
    ``last_round`` is ``(round, winner, jewels, how)`` of the latest finished round.
    """

    __slots__ = FIELDS.names

    def __init__(self, traps: str = DEFAULT_TRAPS, guard_mix: str = DEFAULT_GUARDS,
                 first_opt: str = "random") -> None:
        self.traps = traps
        self.guard_mix = guard_mix
        self.first_opt = first_opt
        self.phase = P_FIRST
        self.first = -1
        self.rich = -1
        self.round = 0
        self.doors: list[str] = [""] * 8
        self.opened: list[bool] = [False] * 8
        self.cards: list[list[str]] = [[] for _ in range(8)]
        self.deck: dict[str, int] = {}
        self.deck_size = 0
        self.discard: list[str] = []
        self.aside: list[str] = []
        self.drawn = ""
        self.thief = AT_START
        self.moves = 0
        self.guards = 0
        self.nothing = 0
        self.jewels = [0, 0]
        self.agents: list[list[str]] = [[], []]
        self.winner = -1
        self.result = ""
        self.last_door = -1
        self.last_face = ""
        self.last_cards: list[str] = []
        self.last_round: tuple[int, int, int, str] | None = None

    def clone(self) -> SneakyState:
        return FIELDS.clone(self)

    @property
    def thief_seat(self) -> int:
        return 1 - self.rich


# ---------------------------------------------------------------------------------------------
# Rule helpers shared with the view
# ---------------------------------------------------------------------------------------------


def place_problem(opened: list[bool], cards: list[list[str]], card: str, door: int) -> str:
    """Why ``card`` may not go on ``door`` (MS-R14): ``open``, ``full``, ``treasure`` or ""."""
    if opened[door]:
        return "open"
    here = cards[door]
    if len(here) >= CARDS_PER_DOOR:
        return "full"
    if card in _TREASURE_CARDS and sum(1 for c in here if c in _TREASURE_CARDS) \
            >= TREASURE_PER_DOOR:
        return "treasure"
    return ""


def place_targets(s: SneakyState, card: str) -> list[int]:
    """Doors ``card`` may legally go on (MS-R14)."""
    opened = s.opened
    cards = s.cards
    out = []
    treasure_card = card in _TREASURE_CARDS
    for d in range(8):
        if opened[d]:
            continue
        here = cards[d]
        n = len(here)
        if n >= CARDS_PER_DOOR:
            continue
        if treasure_card and n >= TREASURE_PER_DOOR and sum(
                1 for c in here if c in _TREASURE_CARDS) >= TREASURE_PER_DOOR:
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


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------

_PLACE = {f"place:{d}": i for i, d in enumerate(DOORS)}
_MOVE = {f"move:{d}": i for i, d in enumerate(DOORS)}
_PLACE_TEXT = tuple(f"place:{d}" for d in DOORS)
_MOVE_TEXT = tuple(f"move:{d}" for d in DOORS)
_DOOR_SET = frozenset(DOORS)
_CARD_SET = frozenset(CARDS)


# Every action text of the game: its kind and what the argument may be.
ACTIONS = ActionForms({
    "first": ("0", "1"),                                           # chance: the first Rich Man
    "deal": lambda t: len(t) == 8 and all(c in "T12N" for c in t),  # chance: the house
    "draw": _CARD_SET,                                             # chance: a card drawn
    "place": DOORS,                                                # a card onto a door
    "move": DOORS,                                                 # the Thief's move
    "steal": None,
    "pass": None,
})


class MrSneakyGame(Game[SneakyState]):
    """Mr. Sneaky for two players (MS-R01..MS-R37)."""

    spec = SPEC
    actions = ACTIONS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, OptionValue]) -> SneakyState:
        s = SneakyState(str(options.get("traps", DEFAULT_TRAPS)),
                        str(options.get("guard_cards", DEFAULT_GUARDS)),
                        str(options.get("first", "random")))
        if s.first_opt in ("1", "2"):  # MS-R08: the players chose
            s.first = int(s.first_opt) - 1
            self._start_round(s, s.first, [])
        return s

    def num_players(self, state: SneakyState) -> int:
        return 2

    # -- flow -----------------------------------------------------------------------------
    def current_player(self, state: SneakyState) -> int:
        phase = state.phase
        if phase == P_PLACE:
            return state.rich
        if phase in (P_MOVE, P_STEAL):
            return 1 - state.rich
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self, state: SneakyState) -> list[str]:
        s = state
        phase = s.phase
        if phase == P_PLACE:
            return [_PLACE_TEXT[d] for d in place_targets(s, s.drawn)]
        if phase == P_MOVE:
            return [_MOVE_TEXT[d] for d in move_targets(s.thief, s.moves, s.opened)]
        if phase == P_STEAL:
            return ["pass", "steal"]
        if phase == P_OVER:
            return []
        return [a for a, _ in self.chance_outcomes(s)]

    def chance_outcomes(self, state: SneakyState) -> list[tuple[str, float]]:
        s = state
        if s.phase == P_FIRST:
            return [("first:0", 0.5), ("first:1", 0.5)]
        if s.phase == P_DEAL:
            all_layouts = layouts(s.traps)
            p = 1.0 / len(all_layouts)
            return [(f"deal:{lay}", p) for lay in all_layouts]
        if s.phase == P_DRAW and s.deck_size:
            n = s.deck_size
            return [(f"draw:{c}", k / n) for c, k in sorted(s.deck.items())]
        return []

    def sample_chance(self, state: SneakyState, rng: random.Random) -> str:
        s = state
        if s.phase == P_FIRST:
            return f"first:{rng.randrange(2)}"
        if s.phase == P_DEAL:
            # A uniform shuffle of the tiles gives every distinct layout the same chance.
            tiles = list(door_tiles(s.traps))
            rng.shuffle(tiles)
            return "deal:" + "".join(tiles)
        if s.phase != P_DRAW or not s.deck_size:
            raise ValueError("Not a chance node.")
        return "draw:" + str(draw_by_count(s.deck, rng, s.deck_size))

    # -- applying -------------------------------------------------------------------------
    def apply_in_place(self, state: SneakyState, action: str) -> list[Event]:
        s = state
        events: list[Event] = []
        d = _MOVE.get(action)
        if d is not None:
            self._move(s, d, events)
        else:
            d = _PLACE.get(action)
            if d is not None:
                self._place(s, d, events)
            elif action == "steal":
                self._steal(s, events)
            elif action == "pass":
                events.append(Event("pass", {"seat": 1 - s.rich}))
                s.phase = P_DRAW  # MS-R23
            else:
                kind, _, rest = action.partition(":")
                if kind == "draw":
                    self._draw(s, rest, events)
                elif kind == "deal":
                    self._deal(s, rest, events)
                elif kind == "first":
                    seat = int(rest)
                    s.first = seat
                    events.append(Event("first", {"seat": seat}, reveals=True))
                    self._start_round(s, seat, events)
                else:
                    raise ValueError(f"Unknown action {action!r}")
        self._settle(s, events)
        return events

    def _start_round(self, s: SneakyState, rich: int, events: list[Event]) -> None:
        """MS-R09..MS-R12, MS-R32..MS-R34: a fresh house and deck; jewels and agents stay."""
        s.round += 1
        s.rich = rich
        s.phase = P_DEAL
        s.doors = [""] * 8
        s.opened = [False] * 8
        s.cards = [[] for _ in range(8)]
        deck = card_counts(s.guard_mix)
        for held in s.agents:  # MS-R11, MS-R33: held agents are not reshuffled
            for c in held:
                deck[c] -= 1
        s.deck = {c: k for c, k in deck.items() if k > 0}
        s.deck_size = sum(s.deck.values())
        s.discard = []
        s.aside = []
        s.drawn = ""
        s.thief = AT_START
        s.moves = 0
        s.guards = 0
        s.nothing = 0
        s.last_door = -1
        s.last_face = ""
        s.last_cards = []
        events.append(Event("round", {"round": s.round, "rich": rich}))

    def _deal(self, s: SneakyState, layout: str, events: list[Event]) -> None:
        # MS-R10: face down for the Thief; the Rich Man peeks (a private log line).
        s.doors = list(layout)
        s.phase = P_DRAW
        events.append(Event("deal", {"round": s.round}))
        events.append(Event("house", {"layout": layout},
                            seats=frozenset((s.rich,)), reveals=True))

    def _useful(self, s: SneakyState, card: str) -> bool:
        """MS-R15, MS-G06: the card's kanji match at least one closed door."""
        syms = CARD_SYMBOLS[card]
        opened = s.opened
        return any(not opened[d] and TILE_SYMBOL[face] in syms
                   for d, face in enumerate(s.doors))

    def _draw(self, s: SneakyState, card: str, events: list[Event]) -> None:
        k = s.deck[card]
        if k == 1:
            del s.deck[card]
        else:
            s.deck[card] = k - 1
        s.deck_size -= 1
        rich = s.rich
        events.append(Event("draw", {"seat": rich, "card": card}, reveals=True))
        if not self._useful(s, card):  # MS-R15: set aside, draw again
            s.aside.append(card)
            events.append(Event("aside", {"card": card}))
            return
        s.discard.extend(s.aside)  # MS-R15: set-aside cards join the pile only now
        s.aside = []
        if not place_targets(s, card):  # MS-R17
            s.discard.append(card)
            events.append(Event("blocked", {"card": card}))
            self._end_round(s, rich, RICH_WIN_JEWELS, E_BLOCKED, events)
            return
        s.drawn = card
        s.phase = P_PLACE

    def _place(self, s: SneakyState, door: int, events: list[Event]) -> None:
        # MS-R13: face up on the chosen door; every placed card is public.
        card = s.drawn
        s.cards[door].append(card)
        s.drawn = ""
        s.phase = P_MOVE
        events.append(Event("place", {"seat": s.rich, "card": card, "door": DOORS[door]}))

    def _move(self, s: SneakyState, door: int, events: list[Event]) -> None:
        thief = 1 - s.rich
        src = s.thief
        s.thief = door
        s.moves = min(STEAL_EVERY, s.moves + 1)  # MS-R20, MS-R22: stays at 4 if no steal
        events.append(Event("move", {"seat": thief, "from": where_name(src),
                                     "to": DOORS[door], "moves": s.moves}))
        if s.opened[door]:
            s.phase = P_DRAW  # MS-R21, MS-G03: nothing to steal on an open door
        elif s.moves >= STEAL_EVERY:
            events.append(Event("forced", {"seat": thief}))
            self._steal(s, events)  # MS-R22
        else:
            s.phase = P_STEAL

    def _steal(self, s: SneakyState, events: list[Event]) -> None:
        """MS-R24..MS-R31: flip the door, door effect, card effects, guard check, end checks.

        MS-R03: the Treasure wins the round for the Thief, a fourth guard loses it; MS-R04:
        8 jewels win the game, 4 agents lose it."""
        door = s.thief
        face = s.doors[door]
        rich = s.rich
        thief = 1 - rich
        s.opened[door] = True
        s.moves = 0  # MS-R24
        here = s.cards[door]
        s.cards[door] = []
        s.last_door = door
        s.last_face = face
        s.last_cards = here[:]
        events.append(Event("steal", {"seat": thief, "door": DOORS[door], "face": face,
                                      "cards": here[:]}, reveals=True))
        # MS-R25: the door's own effect.
        if face in TRAP_GUARDS:
            self._add_guards(s, TRAP_GUARDS[face], events)
        elif face == NOTHING:
            s.nothing += 1
            if s.nothing % 2 == 0:
                self._add_guards(s, 1, events)
            else:
                events.append(Event("half", {"count": s.nothing}))
        # MS-R26, MS-R27: matching cards in placement order; the rest is discarded.
        bonus = 0
        for c in here:
            if not card_matches(c, face):
                s.discard.append(c)
                events.append(Event("miss", {"card": c}))
                continue
            kind = CARD_KINDS[c]
            who = rich if kind.target == RICH else thief
            events.append(Event("match", {"card": c, "seat": who}))
            if kind.agents:
                s.agents[who].append(c)
                continue
            if kind.jewels:
                s.jewels[who] += kind.jewels
                if who == thief:
                    bonus += kind.jewels
            if kind.guards:
                self._add_guards(s, kind.guards, events)
            s.discard.append(c)
        if s.guards >= GUARDS_TO_CATCH:  # MS-R28
            self._end_round(s, rich, RICH_WIN_JEWELS, E_GUARDS, events)
        elif face == TREASURE:  # MS-R29
            gain = GUARDS_TO_CATCH - s.guards
            self._end_round(s, thief, gain, E_TREASURE, events, bonus)
        elif not self._check_end(s, events):  # MS-R30, MS-R31
            s.phase = P_DRAW

    def _add_guards(self, s: SneakyState, n: int, events: list[Event]) -> None:
        # MS-G11: only four guard pieces exist.
        s.guards = min(GUARDS_TO_CATCH, s.guards + n)
        events.append(Event("guard", {"n": n, "guards": s.guards}))

    def _end_round(self, s: SneakyState, winner: int, gain: int, how: str,
                   events: list[Event], bonus: int = 0) -> None:
        s.jewels[winner] += gain
        s.last_round = (s.round, winner, gain + bonus, how)
        events.append(Event("round_end", {"round": s.round, "winner": winner,
                                          "jewels": gain + bonus, "how": how},
                            msg=Msg("log.round_end", round=s.round, winner=winner,
                                    jewels=gain + bonus, how=how,
                                    role="rich" if winner == s.rich else "thief")))
        # MS-R02, MS-R32..MS-R34: the roles swap for a fresh round; MS-R36: there is no
        # round limit, someone scores every round, so the game always ends.
        if not self._check_end(s, events):  # MS-R30, MS-R35
            self._start_round(s, 1 - s.rich, events)

    def _check_end(self, s: SneakyState, events: list[Event]) -> bool:
        """MS-R35: 8 jewels first (both: the current Rich Man), then 4 agents lose."""
        rich = s.rich
        winner = -1
        how = ""
        j = s.jewels
        if j[rich] >= JEWELS_TO_WIN:
            winner, how = rich, R_JEWELS
        elif j[1 - rich] >= JEWELS_TO_WIN:
            winner, how = 1 - rich, R_JEWELS
        else:
            for p in (rich, 1 - rich):
                if agent_total(s.agents[p]) >= AGENTS_TO_LOSE:
                    winner, how = 1 - p, R_AGENTS
                    break
        if winner < 0:
            return False
        s.winner = winner
        s.result = how
        s.phase = P_OVER
        events.append(Event("win", {"winner": winner, "how": how}))
        return True

    def _settle(self, s: SneakyState, events: list[Event]) -> None:
        """MS-R16: before a draw, reshuffle an empty deck or end the round if nothing is left."""
        while s.phase == P_DRAW and not s.deck_size:
            if s.discard:
                n = len(s.discard)
                for c in s.discard:
                    s.deck[c] = s.deck.get(c, 0) + 1
                s.deck_size = n
                s.discard = []
                events.append(Event("reshuffle", {"cards": n}))
            else:  # MS-G07: deck and discard empty, or the redraw ran through every card
                s.discard.extend(s.aside)
                s.aside = []
                events.append(Event("nocards", {}))
                self._end_round(s, s.rich, RICH_WIN_JEWELS, E_NOCARDS, events)

    # -- checking -------------------------------------------------------------------------
    def reason(self, s: SneakyState, action: str) -> Msg | None:
        """Why ``action`` is not legal now; ``None`` when it is legal."""
        if action in self.legal_actions(s):
            return None
        phase = s.phase
        if phase == P_OVER:
            return Msg("game_over")
        kind = action.partition(":")[0]
        if kind in ("draw", "deal", "first"):
            return Msg("refuse.deck")
        if phase in (P_FIRST, P_DEAL, P_DRAW):
            return Msg("refuse.shuffling")
        if kind == "place":
            if phase != P_PLACE:
                return Msg("refuse.place_when")
            door = _PLACE[action]
            why = place_reason(place_problem(s.opened, s.cards, s.drawn, door), door)
            return why or Msg("not_possible", action=action)
        if kind == "move":
            if phase == P_PLACE:
                return Msg("refuse.rich_first", seat=s.rich)
            if phase == P_STEAL:
                return Msg("refuse.steal_first")
            why = move_reason(s.thief, s.moves, s.opened, _MOVE[action])
            return why or Msg("not_possible", action=action)
        if kind in ("steal", "pass"):
            if phase == P_PLACE:
                return Msg("refuse.wait_place")
            return Msg("refuse.steal_when")
        return Msg("not_possible", action=action)

    # -- results --------------------------------------------------------------------------
    def returns(self, state: SneakyState) -> list[float]:
        if state.phase != P_OVER:
            return [0.0, 0.0]
        return [1.0, -1.0] if state.winner == 0 else [-1.0, 1.0]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: SneakyState, seat: int | None) -> SneakyObs:
        s = state
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
            "game": self.spec.id, "seat": seat,
            "options": {"first": s.first_opt, "traps": s.traps, "guard_cards": s.guard_mix},
            "phase": s.phase, "to_move": self.current_player(s), "first": s.first,
            "rich": s.rich, "round": s.round, "dealt": bool(s.doors[0]), "doors": doors,
            "thief": s.thief, "moves": s.moves, "guards": s.guards, "nothing": s.nothing,
            "deck_count": s.deck_size, "discard": s.discard[:], "aside": s.aside[:],
            "drawn": s.drawn, "jewels": s.jewels[:], "agents": [a[:] for a in s.agents],
            "winner": s.winner, "result": s.result,
            "last_steal": None if s.last_door < 0 else
            {"door": DOORS[s.last_door], "face": s.last_face, "cards": s.last_cards[:]},
            "last_round": last_round,
        }

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> SneakyState:
        return self.resampler(obs, seat)(rng)

    def resampler(self, obs: Observation, seat: int
                  ) -> Callable[[random.Random], SneakyState]:
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

    # -- serialisation --------------------------------------------------------------------
    def state_to_json(self, state: SneakyState) -> JSON:
        return FIELDS.to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> SneakyState:
        return FIELDS.load(
            SneakyState(str(data["traps"]), str(data["guard_cards"]), str(data["first_opt"])),
            data)

    # -- words ----------------------------------------------------------------------------
    def describe_action(self, state: SneakyState, action: str) -> Msg:
        kind, _, rest = action.partition(":")
        if kind == "place":
            if state.drawn:
                return Msg("move.place", card=state.drawn, door=rest)
            return Msg("move.place_card", door=rest)
        if kind == "move":
            return Msg("move.move", door=rest)
        if action in ("steal", "pass"):
            return Msg(f"move.{action}")
        if kind == "draw" and rest in CARD_KINDS:
            return Msg("move.draw", card=rest)
        if kind == "deal":
            return Msg("move.deal")
        if kind == "first" and rest in ("0", "1"):
            return Msg("move.first", seat=int(rest))
        return Msg("action", action=action)

    def prompt(self, state: SneakyState, seat: int) -> Msg | None:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: SneakyState, seat: int) -> float | None:
        return self.heuristics(state)[seat]

    def heuristics(self, state: SneakyState) -> list[float | None]:
        """Both seats' values at once (the game is zero-sum, so one projection serves both):
        the chance that the current Rich Man wins the game, worked out by ``_rich_win_chance``
        and mapped to [-1, 1], less a penalty for agents held."""
        s = state
        if s.phase == P_OVER:
            return list(self.returns(s))
        rich = s.rich
        if rich < 0:  # the first Rich Man is not drawn yet
            return [0.0, 0.0]
        v = 2.0 * _rich_win_chance(s) - 1.0
        # Agents carry over between rounds and the fourth loses the game (MS-R04): a player one
        # card away is in real danger, which no jewel count shows.
        for p_, sign in ((rich, -1.0), (1 - rich, 1.0)):
            a = agent_total(s.agents[p_])
            v += sign * (0.06 * a + (0.35 if a >= AGENTS_TO_LOSE - 1 else 0.0))
        v = min(1.0, max(-1.0, v))
        return [v, -v] if rich == 0 else [-v, v]

    def opponent_model(self, state: SneakyState, seat: int, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        """In a search for ``seat``, the other player chooses uniformly at random.

        Single-observer search draws every state from the searcher's view and lets the other
        player choose in the same tree, which goes wrong here both ways. The Rich Man's
        search always holds the true layout (he sees it), so a searched Thief learns within a
        few hundred iterations where the Treasure is and walks straight to it: the Rich Man
        then judged his cards against a Thief who cannot lose and placed them badly (hard won
        46% of its Rich Man rounds, random placement 45%, a one-line greedy rule 49%). In the
        Thief's search the Rich Man's statistics are pooled over every layout guessed, so the
        searched Rich Man plays the placement that is best on average; it is not the informed
        player he really is. The Thief cannot tell closed doors apart except by the public
        cards, and the Rich Man's knowledge cannot be modelled in a tree pooled over layouts,
        so both are taken as choosing blindly. Measured over 120 seeded rounds against random
        play, this lifted hard's mean jewel margin per round from -0.53 to about 0 as the Rich
        Man and from +2.0 to +2.5 as the Thief.
        """
        return legal[rng.randrange(len(legal))]

    def search_effort(self) -> float:
        """Three times the level's iterations: an iteration here is cheap (hard thought about
        0.2 s a decision at the common budget), and the Thief's choices are only as good as the
        number of door layouts his search samples."""
        return 3.0

    def max_game_length(self) -> int:
        return 12_000


# ---------------------------------------------------------------------------------------------
# Judging a position for search (AI only: the rules never read any of this)
# ---------------------------------------------------------------------------------------------

#: How a round between two random players ends: (Rich Man's jewels, Thief's jewels, share),
#: measured over 20,000 seeded rounds from 0-0 (the 17 commonest results, 97% of the rounds,
#: scaled to sum to 1). It only shapes ``_WIN``: how much a jewel is worth at each score.
_ROUND_OUTCOMES: tuple[tuple[int, int, float], ...] = (
    (0, 4, .217), (2, 0, .194), (0, 3, .117), (0, 2, .081), (3, 0, .081), (2, 1, .051),
    (2, 2, .042), (0, 1, .041), (0, 5, .031), (3, 1, .022), (3, 2, .017), (4, 0, .016),
    (0, 6, .015), (2, 3, .014), (1, 2, .010), (1, 3, .008), (1, 1, .008),
)


def _after_round(table: list[list[float]], rich: float, thief: float) -> float:
    """The chance that the Rich Man of a round that has just ended wins the game, holding
    ``rich`` jewels against the Thief's ``thief`` (whole numbers here). MS-R35: at 8 he has
    won, even if the Thief has 8 too; otherwise roles swap (MS-R34) for the next round."""
    if rich >= JEWELS_TO_WIN:
        return 1.0
    if thief >= JEWELS_TO_WIN:
        return 0.0
    return 1.0 - table[int(thief)][int(rich)]


def _win_table() -> list[list[float]]:
    """``table[x][y]``: the chance that the Rich Man of a round about to start wins the game,
    holding ``x`` jewels against the Thief's ``y`` (both under 8), if every round ends as
    ``_ROUND_OUTCOMES`` says. Every round pays someone, so it fills from high totals down."""
    total = sum(p for _, _, p in _ROUND_OUTCOMES)
    outcomes = [(a, b, p / total) for a, b, p in _ROUND_OUTCOMES]
    n = JEWELS_TO_WIN
    table = [[0.5] * n for _ in range(n)]
    for both in range(2 * n - 2, -1, -1):
        for x in range(max(0, both - n + 1), min(n, both + 1)):
            y = both - x
            table[x][y] = sum(p * _after_round(table, x + a, y + b) for a, b, p in outcomes)
    return table


_WIN = _win_table()


def _after_round_mean(rich: float, thief: float) -> float:
    """``_after_round`` at fractional jewel counts (expected bonuses), interpolated."""
    r0, t0 = int(rich), int(thief)
    fr, ft = rich - r0, thief - t0
    v = (1.0 - fr) * (1.0 - ft) * _after_round(_WIN, r0, t0)
    if fr:
        v += fr * (1.0 - ft) * _after_round(_WIN, r0 + 1, t0)
    if ft:
        v += (1.0 - fr) * ft * _after_round(_WIN, r0, t0 + 1)
        if fr:
            v += fr * ft * _after_round(_WIN, r0 + 1, t0 + 1)
    return v


#: Half guards that catch the Thief (MS-R28): Nothing doors count in halves (MS-R25).
_CAUGHT = 2 * GUARDS_TO_CATCH
#: Roughly how likely a door that is not the Treasure is opened before the round ends; its
#: cards that pay jewels count this much (the Treasure's own cards count in full).
_OPEN_SHARE = 0.45
#: Card effects the projection counts, by kind: jewels for the Thief (A1, A2: on 宝 and 無),
#: guards on 無 (B1) and on 罠 (B2), jewels for the Rich Man (A3: on 罠).
_THIEF_JEWELS = {c: k.jewels for c, k in CARD_KINDS.items() if k.jewels and k.target != RICH}
_NOTHING_GUARD_CARDS = frozenset(c for c, k in CARD_KINDS.items()
                            if k.guards and TILE_SYMBOL[NOTHING] in k.symbols)
_TRAP_GUARD_CARDS = frozenset(c for c, k in CARD_KINDS.items()
                         if k.guards and TILE_SYMBOL[TRAP1] in k.symbols)
_RICH_JEWELS = {c: k.jewels for c, k in CARD_KINDS.items() if k.jewels and k.target == RICH}


@lru_cache(maxsize=1 << 16)
def _treasure_chances(budget: int, costs: tuple[int, ...]) -> tuple[float, ...]:
    """``out[c]``: the chance that the Thief opens the Treasure having spent exactly ``c`` half
    guards on the way, for ``c`` below ``budget`` (the half guards he can still take without
    being caught), if he opens the closed doors in random order; ``costs`` are the half guards
    behind each closed door other than the Treasure.

    Random order is what the Thief's choice looks like to the faces, which he cannot see. The
    Treasure's place in the order is uniform, and the doors before it are a uniform subset of
    that size, so the sum counts subsets by size and cost."""
    m = len(costs)
    ways = [[0] * budget for _ in range(m + 1)]
    ways[0][0] = 1
    for i, w in enumerate(costs):
        for j in range(i, -1, -1):
            row, up = ways[j], ways[j + 1]
            for c in range(budget - w):
                if row[c]:
                    up[c + w] += row[c]
    out = [0.0] * budget
    for j in range(m + 1):
        share = 1.0 / (math.comb(m, j) * (m + 1))
        for c, k in enumerate(ways[j]):
            if k:
                out[c] += k * share
    return tuple(out)


def _rich_win_chance(s: SneakyState) -> float:
    """The chance that the current Rich Man wins the game: how the round may end from here
    (``_treasure_chances`` over the true faces of a drawn state, with the cards that lie on
    the doors), each ending weighed by ``_WIN`` at the score it leaves."""
    rich = s.rich
    jr, jt = s.jewels[rich], s.jewels[1 - rich]
    if not s.doors[0] or TREASURE not in s.doors:  # between rounds: only the score counts
        return _WIN[min(jr, JEWELS_TO_WIN - 1)][min(jt, JEWELS_TO_WIN - 1)]
    half = 2 * s.guards + (s.nothing & 1)  # MS-R25: every 2nd Nothing door gives a guard
    costs: list[int] = []
    rich_bonus = thief_bonus = 0.0
    treasure_bonus = 0
    opened, doors, cards = s.opened, s.doors, s.cards
    for d in range(8):
        if opened[d]:
            continue
        face = doors[d]
        here = cards[d]
        if face == TREASURE:  # of the cards that match 宝 only the Thief's jewels count here
            treasure_bonus += sum(_THIEF_JEWELS.get(c, 0) for c in here)
            continue
        if face == NOTHING:
            w = 1 + 2 * sum(1 for c in here if c in _NOTHING_GUARD_CARDS)
            thief_bonus += sum(_THIEF_JEWELS.get(c, 0) for c in here)
        else:
            w = 2 * (TRAP_GUARDS[face] + sum(1 for c in here if c in _TRAP_GUARD_CARDS))
            rich_bonus += sum(_RICH_JEWELS.get(c, 0) for c in here)
        costs.append(min(w, _CAUGHT))
    rich_bonus *= _OPEN_SHARE
    thief_bonus *= _OPEN_SHARE
    found = 0.0
    p = 0.0
    chances = _treasure_chances(max(1, _CAUGHT - half), tuple(sorted(costs)))
    for c, q in enumerate(chances):
        if q:
            found += q
            gain = GUARDS_TO_CATCH - (half + c) // 2 + treasure_bonus  # MS-R29
            p += q * _after_round_mean(jr + rich_bonus, jt + thief_bonus + gain)
    return p + (1.0 - found) * _after_round_mean(jr + RICH_WIN_JEWELS + rich_bonus,
                                                 jt + thief_bonus)


# ---------------------------------------------------------------------------------------------
# Reasons and prompts, shared with the view (which has only an observation)
# ---------------------------------------------------------------------------------------------


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
    if phase == P_OVER:
        return Msg("prompt.won", seat=int(obs["winner"]))
    if phase in (P_FIRST, P_DEAL, P_DRAW):
        return Msg("prompt.shuffling")
    rich = int(obs["rich"])
    thief = 1 - rich
    if phase == P_PLACE:
        return Msg("prompt.placing", seat=rich) if seat != rich else Msg("prompt.place")
    moves = int(obs["moves"])
    if phase == P_MOVE:
        if seat != thief:
            return Msg("prompt.moving", seat=thief)
        opened = [bool(d["open"]) for d in obs["doors"]]
        pos = int(obs["thief"])
        if must_steal_next(moves) and any(not opened[d] for d in neighbours_of(pos)):
            return Msg("prompt.forced")
        return Msg("prompt.move")
    if phase == P_STEAL:
        if seat != thief:
            return Msg("prompt.deciding", seat=thief)
        return Msg("prompt.steal", left=STEAL_EVERY - moves)
    return None


def visible_state(obs: Mapping[str, Any]) -> SneakyState:
    """A state built from an observation; unknown door faces are ``"?"`` and every card the
    observation does not place is counted into the deck (whose order no state holds)."""
    opts = obs["options"]
    s = SneakyState(str(opts["traps"]), str(opts["guard_cards"]), str(opts["first"]))
    s.phase = str(obs["phase"])
    s.first = int(obs["first"])
    s.rich = int(obs["rich"])
    s.round = int(obs["round"])
    dealt = bool(obs["dealt"])
    for d, door in enumerate(obs["doors"]):
        face = door["face"]
        s.doors[d] = str(face) if face is not None else ("?" if dealt else "")
        s.opened[d] = bool(door["open"])
        s.cards[d] = [str(c) for c in door["cards"]]
    s.discard = [str(c) for c in obs["discard"]]
    s.aside = [str(c) for c in obs["aside"]]
    s.drawn = str(obs["drawn"])
    s.thief = int(obs["thief"])
    s.moves = int(obs["moves"])
    s.guards = int(obs["guards"])
    s.nothing = int(obs["nothing"])
    s.jewels = [int(v) for v in obs["jewels"]]
    s.agents = [[str(c) for c in a] for a in obs["agents"]]
    s.winner = int(obs["winner"])
    s.result = str(obs["result"])
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
