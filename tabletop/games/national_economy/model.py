"""National Economy rules model for 2-4 players: workers, buildings and a shared household.

Rules follow rules/reference.md (NE-R1..NE-R63, tables NE-T1..NE-T3, the
decisions of §10). A turn is a short sequence of atomic actions:

* ``place:<workplace>`` puts a worker on a card of the public area (a public workplace such as
  ``place:mine`` or a building sold there, ``place:farm``); ``place:own:<building>`` on a
  building of the player's own area. Copies of one card are interchangeable, so there is one
  action per card type. The effect then resolves at once and may ask for follow-up picks:
* ``discard:<card>`` discards one card from hand (``goods`` is a consumer goods card): the
  cards a shop or factory asks for, the cost of a building just built, and the cards above the
  hand limit at the end of a round (NE-R36);
* ``build:<building>`` builds a card from hand (a second ``build:`` for Two-in-One);
* ``take:<building>`` keeps one card revealed by the Design Office;
* ``sell:<building>`` adds a building to the sale at wage time, ``done`` completes the sale
  (the over-selling rule NE-R53 is enforced on every pick, see ``sale_problem``).

Chance: ``start:<seat>`` (the start player, NE-R16) and ``draw:<building>`` (one building card
from the deck, which is a multiset: the draw is the chance outcome). Consumer goods are all
alike, so drawing them is no chance at all. Wages, sales and round changes happen on their
own once the last decision of a round is made.

The payday rule (``payday``: ``sale_problem``, ``sale_reason``, ``sale_selections``) and the
scoring (``scoring.score_breakdown``) are modules of their own, pure functions that the table
view shows and this model enforces with the same words.

Rule options (``RULE_OPTIONS``, held by a state as ``NERules``) keep the spec's gap decisions
configurable where a playable alternative exists: NE-R26, NE-G17, NE-G18, NE-R62 and NE-R3.
Each default is the spec's decision and leaves play, observations and saved states exactly as
they were before the options existed.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired, TypedDict

from tabletop import api
from tabletop.api import Event, Msg

from .data import (
    AGRI,
    BUILDING_IDS,
    BUILDING_VALUE,
    BUILDINGS,
    DECK,
    GOODS,
    GOODS_COUNT,
    HAND_LIMIT,
    ROUND_WORKPLACES,
    ROUNDS,
    SELLABLE,
    START_CASH,
    START_HAND,
    START_WORKERS,
    WAGES,
    WAREHOUSE_BONUS,
    WORKER_LIMIT,
    WORKPLACES,
)
from .payday import (
    SaleProblem,
    can_complete,
    sale_message,
    sale_problem,
)
from .scoring import ScoreBreakdown, score_breakdown
from .spec import (
    BONUS_EACH,
    BONUS_ONE,
    BUILT_NEXT_ROUND,
    BUILT_SAME_ROUND,
    FINAL_LIMIT_APPLY,
    FINAL_LIMIT_SKIP,
    GOODS_PARTIAL,
    GOODS_UNUSABLE,
    OPT_BONUS,
    OPT_BUILT,
    OPT_FINAL_LIMIT,
    OPT_GOODS,
    OPT_TIE,
    SPEC,
    TIE_CASH,
    TIE_SHARED,
)


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    START = "start"      # chance: the start player (NE-R16)
    DRAW = "draw"        # chance: building cards are being drawn or revealed
    PLACE = "place"      # the active player places a worker
    DISCARD = "discard"  # the active player discards for an effect or a building cost
    BUILD = "build"      # the active player picks a building to build
    BUILD2 = "build2"    # Two-in-One: the second building, of the same cost
    TAKE = "take"        # Design Office: keep one revealed card
    SELL = "sell"        # wage time: the first seat of ``queue`` picks buildings to sell
    TRIM = "trim"        # round end: the first seat of ``queue`` discards down to the limit
    OVER = "over"


# Build kinds (the argument of a build step).
B_FULL, B_MINUS_ONE, B_AGRI_FREE, B_PAIR = 0, 1, 2, 3

Step = tuple[str, int]

# What each workplace does, as steps run in order (NE-T1, NE-T3).
PROGRAMS: dict[str, tuple[Step, ...]] = {
    "quarry": (("marker", 0), ("draw", 1)),
    "mine": (("draw", 1),),
    "carpenter": (("build", B_FULL),),
    "school": (("hire", 1),),
    "stall": (("discard", 1), ("cash", 6)),
    "market": (("discard", 2), ("cash", 12)),
    "high_school": (("hire_to", 4),),
    "supermarket": (("discard", 3), ("cash", 18)),
    "university": (("hire_to", 5),),
    "department_store": (("discard", 4), ("cash", 24)),
    "vocational_school": (("awake", 1),),
    "expo": (("discard", 5), ("cash", 30)),
    "farm": (("goods", 2),),
    "slash_and_burn": (("goods", 5), ("burn", 0)),
    "design_office": (("reveal", 5), ("take", 0)),
    "tavern": (("cash", 5),),
    "orchard": (("orchard", 4),),
    "factory": (("discard", 2), ("draw", 4)),
    "construction_company": (("build", B_MINUS_ONE),),
    "plantation": (("goods", 3),),
    "settlers": (("build", B_AGRI_FREE),),
    "restaurant": (("discard", 1), ("cash", 15)),
    "steelworks": (("draw", 3),),
    "general_contractor": (("build", B_FULL), ("draw", 2)),
    "chemical_plant": (("chem", 2),),
    "car_factory": (("discard", 3), ("draw", 7)),
    "two_in_one": (("build", B_PAIR),),
}

_NB = len(BUILDING_IDS)
_IDX: dict[str, int] = {b: i for i, b in enumerate(BUILDING_IDS)}
_COST: dict[str, int] = {b.id: b.cost for b in BUILDINGS.values()}
_WORKPLACE_CARDS = frozenset(b for b in BUILDING_IDS if not BUILDINGS[b].passive)
_CARDS = frozenset(BUILDING_IDS) | {GOODS}
_PLACE_TEXT: dict[str, str] = {c: f"place:{c}" for c in (*WORKPLACES, *BUILDING_IDS)}
_OWN_TEXT: dict[str, str] = {c: f"place:own:{c}" for c in BUILDING_IDS}
_DISCARD_TEXT: dict[str, str] = {c: f"discard:{c}" for c in _CARDS}
_BUILD_TEXT: dict[str, str] = {c: f"build:{c}" for c in BUILDING_IDS}
_SELL_TEXT: dict[str, str] = {c: f"sell:{c}" for c in BUILDING_IDS}
_TAKE_TEXT: dict[str, str] = {c: f"take:{c}" for c in BUILDING_IDS}
_DRAW_TEXT: list[str] = [f"draw:{c}" for c in BUILDING_IDS]
_INITIAL_PUBLIC: tuple[str, ...] = ("quarry", "school", "mine")
# Every seat but one, per player count: who is told only that a card was drawn.
_OTHERS: dict[int, tuple[frozenset[int], ...]] = {
    n: tuple(frozenset(q for q in range(n) if q != p) for p in range(n)) for n in range(1, 5)}

# What the search's playouts read of each placement (from the rules' own programs), keyed by
# the action text of a public or an own workplace: the cash a shop, the Tavern or the
# Restaurant brings with the cards it costs, and which placements build or bring cards.
_STEPS = {card: dict(steps) for card, steps in PROGRAMS.items()}
_EARNS: dict[str, tuple[int, int]] = {
    f"{kind}{card}": (steps["cash"], steps.get("discard", 0))
    for card, steps in _STEPS.items() if "cash" in steps for kind in ("place:", "place:own:")}
_BUILDS = frozenset(f"{kind}{card}" for card, steps in _STEPS.items() if "build" in steps
                    for kind in ("place:", "place:own:"))
_DRAWS = frozenset(f"{kind}{card}" for card, steps in _STEPS.items()
                   if {"draw", "reveal", "chem"} & steps.keys() and "build" not in steps
                   for kind in ("place:", "place:own:"))
#: Share of a playout's placements left to chance, so that playouts still try the moves the
#: rules of thumb of ``playout_action`` never pick (hiring, goods).
PLAYOUT_NOISE = 0.15


#: What a card in hand counts for in the search's judge of a position, in points of assets.
#: Between two easy players a card in hand at a round's start went with about 2 points more
#: of final assets in round 2 and 4 to 6.5 from round 3 on (``benchmarks/ne_value_fit.py``).
#: That is what holding cards goes with, not what keeping one more is worth: at 5 points a
#: card, a building of cost 2 and value 8 (the card itself and two discarded) counts as 8 - 15,
#: a loss, and with 2 to 5 points a card hard won 36 of the first 55 seeded games against
#: normal where it wins 40 of them with 1.5.
HAND_WORTH = 1.5


def worth(s: NEState, p: int) -> float:
    """What the search counts ``p``'s position as, in points of assets: the assets as they
    would be scored now, cards in hand and workers as income to come, this round's wages
    still to pay as a debt (NE-R31)."""
    return (s.score(p).total + HAND_WORTH * len(s.hands[p])
            + 4.0 * s.workers[p] * min(ROUNDS - s.round + 1, 4) - s.due(p))


def _card_value(action: str) -> int:
    """The asset value of the card an action names (0 for goods and workplaces)."""
    return BUILDING_VALUE.get(action[action.find(":") + 1:], 0)


# ---------------------------------------------------------------------------------------------
# Rule options: the spec's gap decisions ([D], §10) that have a playable alternative
# ---------------------------------------------------------------------------------------------
# The options themselves (keys, values, help texts) are in ``spec``; here is what they mean.


@dataclass(frozen=True)
class NERules:
    """The rule options of one game as flags (every ``True`` is the spec's decision).

    A state holds one shared, never-changed instance, so cloning a state copies a reference.
    """

    built_usable: bool = True      # NE-R26: a building works in the round it is built
    final_hand_limit: bool = True  # NE-G17: the hand limit applies after round 9 too
    cash_tie_break: bool = True    # NE-G18: a tie on total assets goes to more cash
    bonus_each_copy: bool = True   # NE-R62: every copy of a bonus building scores
    partial_goods: bool = True     # NE-R3: a goods draw takes what is left of the pile

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> NERules:
        """The flags of resolved option values; keys the game does not know are ignored
        (the solo game has no tie-break), missing keys keep the spec's decision."""
        return cls(
            built_usable=options.get(OPT_BUILT, BUILT_SAME_ROUND) != BUILT_NEXT_ROUND,
            final_hand_limit=options.get(OPT_FINAL_LIMIT, FINAL_LIMIT_APPLY)
            != FINAL_LIMIT_SKIP,
            cash_tie_break=options.get(OPT_TIE, TIE_CASH) != TIE_SHARED,
            bonus_each_copy=options.get(OPT_BONUS, BONUS_EACH) != BONUS_ONE,
            partial_goods=options.get(OPT_GOODS, GOODS_PARTIAL) != GOODS_UNUSABLE,
        )

    def changed(self) -> dict[str, str]:
        """The options that differ from the spec's decisions, as option values.

        Observations and saved states carry only these: with every rule at its default the
        JSON form of a state stays what it was before the options existed, so the state
        digests in older save files still match.
        """
        out: dict[str, str] = {}
        if not self.built_usable:
            out[OPT_BUILT] = BUILT_NEXT_ROUND
        if not self.final_hand_limit:
            out[OPT_FINAL_LIMIT] = FINAL_LIMIT_SKIP
        if not self.cash_tie_break:
            out[OPT_TIE] = TIE_SHARED
        if not self.bonus_each_copy:
            out[OPT_BONUS] = BONUS_ONE
        if not self.partial_goods:
            out[OPT_GOODS] = GOODS_UNUSABLE
        return out


DEFAULT_RULES = NERules()


def rules_of(obs: Mapping[str, Any]) -> NERules:
    """The rule options of the game an observation (or saved state) belongs to."""
    changed = obs.get("rules")
    return NERules.from_options(changed) if changed else DEFAULT_RULES


def hand_limit(buildings: Sequence[str]) -> int:
    """NE-R36: 5, +4 per Warehouse owned."""
    return HAND_LIMIT + WAREHOUSE_BONUS * buildings.count("warehouse")


def worker_limit(buildings: Sequence[str]) -> int:
    """NE-R40: 5, +1 per Company Housing owned."""
    return WORKER_LIMIT + buildings.count("company_housing")


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class NEPlayerObs(TypedDict):
    """A seat as an observation shows it: its hand only to itself (and to all once the game
    is over), the rest in the open. The solo game adds what may be sold and for how much."""

    cash: int
    workers: int
    sleeping: int
    placed: int
    penalties: int
    buildings: list[str]
    used: list[bool]
    hand_count: int
    hand: list[str] | None
    hand_limit: int
    worker_limit: int
    due: int
    fresh: NotRequired[int]
    sellable: NotRequired[list[str]]
    prices: NotRequired[dict[str, int]]


class PublicObs(TypedDict):
    """A public workplace and the workers on it."""

    card: str
    workers: list[int]


class NEObs(api.ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position (NE-R9)."""

    num_players: int
    round: int
    wage: int
    active: int
    start: int
    marker: int
    household: int
    issued: int
    goods: int
    deck_count: int
    discard: dict[str, int]
    public: list[PublicObs]
    draw_queue: list[int]
    revealed: list[str]
    effect: str
    stage: int
    need: int
    build_kind: int
    first_built: str
    where: int
    queue: list[int]
    selling: list[str]
    players: list[NEPlayerObs]
    scores: list[dict[str, Any]] | None
    rules: NotRequired[dict[str, str]]


# Every field of a position, in one table: the slots, the copy and who may see each field come
# from it. (The JSON form is the public observation with the hands and the deck added, as saves
# have always held it, so the table's own JSON form is not used here.) ``rules`` is one shared,
# never-changed object and ``fresh`` a tuple replaced on change, so copies share both. Only
# the hands (the others see their sizes) and the deck (its size) are hidden.
FIELDS = api.StateFields(
    n=api.INT.public, round=api.INT.public, phase=api.STR.public, active=api.INT.public,
    start=api.INT.public,
    marker=api.INT.public, cash=api.INTS.public, workers=api.INTS.public, sleeping=api.INTS.public,
    placed=api.INTS.public, penalties=api.INTS.public, hands=api.STRS2.owned,
    buildings=api.STRS2.public,
    own_used=api.BOOLS2.public, public=api.STRS.public, public_workers=api.INTS2.public,
    deck=api.INTS.unseen,
    discard=api.INTS.public, goods=api.INT.public, household=api.INT.public, issued=api.INT.public,
    draw_queue=api.INTS.public, revealed=api.STRS.public, effect=api.STR.public,
    stage=api.INT.public,
    need=api.INT.public, build_kind=api.INT.public, first_built=api.STR.public,
    where=api.INT.public,
    queue=api.INTS.public, selling=api.STRS.public, rules=api.Field().public,
    fresh=api.Field().public,
)


class NEState:
    """One position. Per-seat lists are indexed by seat; ``deck`` and ``discard`` count the
    building cards per type in ``BUILDING_IDS`` order; hands are kept sorted."""

    __slots__ = FIELDS.names

    def __init__(self, n: int) -> None:
        self.n = n
        self.round = 1
        self.phase = Phase.START
        self.active = -1
        self.start = -1
        self.marker = -1
        self.cash = [0] * n
        self.workers = [START_WORKERS] * n
        self.sleeping = [0] * n
        self.placed = [0] * n
        self.penalties = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.buildings: list[list[str]] = [[] for _ in range(n)]
        self.own_used: list[list[bool]] = [[] for _ in range(n)]
        self.public: list[str] = [*_INITIAL_PUBLIC, *(["carpenter"] * (n - 1))]
        self.public_workers: list[list[int]] = [[] for _ in self.public]
        self.deck = [DECK[b] for b in BUILDING_IDS]
        self.discard = [0] * _NB
        self.goods = GOODS_COUNT
        self.household = 0
        self.issued = 0
        self.draw_queue: list[int] = []
        self.revealed: list[str] = []
        self.effect = ""
        self.stage = 0
        self.need = 0
        self.build_kind = 0
        self.first_built = ""
        self.where = -1
        self.queue: list[int] = []
        self.selling: list[str] = []
        self.rules = DEFAULT_RULES
        # With ``built_buildings=next-round`` (NE-R26): how many of each player's buildings,
        # the last ones of their list, were built this round. A tuple, replaced on change, so
        # a clone shares it; it stays all zero under the default rule.
        self.fresh: tuple[int, ...] = (0,) * n

    def clone(self) -> NEState:
        return FIELDS.clone(self)

    # -- derived facts ----------------------------------------------------------------------
    def free_workers(self, p: int) -> int:
        """Awake workers of ``p`` not yet placed this round."""
        return self.workers[p] - self.sleeping[p] - self.placed[p]

    def wage(self) -> int:
        return WAGES[self.round - 1]

    def due(self, p: int) -> int:
        """NE-R31: wages ``p`` owes at the end of this round."""
        return self.wage() * self.workers[p]

    def deck_count(self) -> int:
        return sum(self.deck)

    def score(self, p: int) -> ScoreBreakdown:
        return score_breakdown(self.buildings[p], self.cash[p], self.penalties[p],
                               self.workers[p], self.hands[p], self.rules.bonus_each_copy)

    def usable_buildings(self, p: int) -> int:
        """How many of ``p``'s buildings, from the first, may take a worker this round: all
        of them, less those built this round under ``built_buildings=next-round`` (NE-R26)."""
        return len(self.buildings[p]) - self.fresh[p]

    def winners(self) -> list[int]:
        """NE-R63: highest total assets, then most cash (NE-G18; ``tie_break=shared`` skips
        the cash); ties share the win."""
        cash_counts = self.rules.cash_tie_break
        keys = [(self.score(p).total, self.cash[p] if cash_counts else 0)
                for p in range(self.n)]
        best = max(keys)
        return [p for p in range(self.n) if keys[p] == best]

    def seats_from_start(self) -> list[int]:
        return [(self.start + k) % self.n for k in range(self.n)]


def _discard_card(s: NEState, card: str) -> None:
    """A card leaves play to its pile: buildings to the discard pile, goods to theirs (NE-R3)."""
    if card == GOODS:
        s.goods += 1
    else:
        s.discard[_IDX[card]] += 1


def _distinct(cards: Sequence[str]) -> list[str]:
    """The distinct ids of a sorted list, in order."""
    out: list[str] = []
    last = ""
    for c in cards:
        if c != last:
            out.append(c)
            last = c
    return out


def build_choices(hand: Sequence[str], kind: int) -> list[str]:
    """Buildings of ``hand`` (sorted) that may be built first with a build of ``kind``
    (NE-R42..NE-R44): the card leaves the hand and its cost is paid with *other* cards."""
    h = len(hand)
    out: list[str] = []
    if kind == B_PAIR:
        by_cost: dict[int, int] = {}
        for c in hand:
            if c != GOODS:
                by_cost[_COST[c]] = by_cost.get(_COST[c], 0) + 1
        for c in _distinct(hand):
            if c != GOODS:
                cost = _COST[c]
                if by_cost[cost] >= 2 and cost <= h - 2:
                    out.append(c)
        return out
    for c in _distinct(hand):
        if c == GOODS:
            continue
        if kind == B_AGRI_FREE:
            if BUILDINGS[c].category == AGRI:
                out.append(c)
            continue
        cost = _COST[c] - 1 if kind == B_MINUS_ONE else _COST[c]
        if max(cost, 0) <= h - 1:
            out.append(c)
    return out


def can_build(hand: Sequence[str], kind: int) -> bool:
    """Whether ``build_choices(hand, kind)`` has a building: the same test, stopping at the
    first (asked for every build workplace whenever the legal placements are listed)."""
    h = len(hand)
    if kind == B_PAIR:
        seen: set[int] = set()
        for c in hand:
            if c != GOODS:
                cost = _COST[c]
                if cost in seen and cost <= h - 2:
                    return True
                seen.add(cost)
        return False
    for c in hand:
        if c == GOODS:
            continue
        if kind == B_AGRI_FREE:
            if BUILDINGS[c].category == AGRI:
                return True
            continue
        cost = _COST[c] - 1 if kind == B_MINUS_ONE else _COST[c]
        if max(cost, 0) <= h - 1:
            return True
    return False


def build_cost(card: str, kind: int) -> int:
    """Cards to discard after building ``card`` with a build of ``kind``."""
    if kind == B_AGRI_FREE:
        return 0
    if kind == B_MINUS_ONE:
        return max(0, _COST[card] - 1)
    return _COST[card]


def _read_place(text: str) -> tuple[str, bool]:
    """Where a worker goes, as (card, whether it is one of the player's own buildings):
    ``own:<building>``, else a public workplace or building."""
    if text.startswith("own:"):
        if text[4:] in _IDX:
            return text[4:], True
    elif text in WORKPLACES or text in _IDX:
        return text, False
    raise ValueError(f"{text!r} is no place for a worker")


# Every action text of the game: its kind and what the argument may be (a card as its id).
ACTIONS = api.ActionForms({
    "start": api.Arg.numbers(range(4)),  # chance: the start player
    "draw": _IDX,                    # chance: a card drawn
    # A worker onto a public workplace or one's own building: place:own:farm reads
    # ("farm", True).
    "place": api.Arg(_read_place, lambda place: f"own:{place[0]}" if place[1] else place[0]),
    "discard": _CARDS,               # a card discarded (a cost, or down to the hand limit)
    "build": _IDX,                   # a building built
    "take": _IDX,                    # a revealed card kept (Design Office)
    "sell": _IDX,                    # a building picked for sale at payday
    "done": None,                    # the sale picked is complete
})

# Game sends each action to the method named after its kind, with its argument read and the events
# to append to.
#: The kind of action each phase asks for (at payday ``done`` too).
_EXPECTED: dict[str, str] = {Phase.PLACE: "place", Phase.DISCARD: "discard", Phase.TRIM: "discard",
                             Phase.BUILD: "build", Phase.BUILD2: "build", Phase.TAKE: "take",
                             Phase.SELL: "sell"}


def _first_in_queue(s: NEState) -> int:
    return s.queue[0]


# Who moves: the active player, but at payday and at the hand limit whoever is first in the
# queue (NE-R50..NE-R53); the start player and every card are chance's.
TURNS: api.PhaseTable[NEState] = api.PhaseTable({
    Phase.PLACE: "active", Phase.DISCARD: "active", Phase.BUILD: "active", Phase.BUILD2: "active",
    Phase.TAKE: "active", Phase.SELL: _first_in_queue, Phase.TRIM: _first_in_queue,
    Phase.DRAW: api.CHANCE, Phase.START: api.CHANCE, Phase.OVER: api.TERMINAL,
})


class NationalEconomyGame(api.Game[NEState]):
    """National Economy for 2-4 players (NE-R1..NE-R63)."""

    spec = SPEC
    actions = ACTIONS
    turns = TURNS
    state_fields = FIELDS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> NEState:
        s = NEState(num_players)
        s.rules = NERules.from_options(options)
        return s

    # -- flow -----------------------------------------------------------------------------
    def legal_actions(self, state: NEState) -> list[str]:
        s = state
        phase = s.phase
        if phase == Phase.PLACE:
            return self._place_actions(s, s.active)
        if phase in (Phase.DISCARD, Phase.TRIM):
            p = s.queue[0] if phase == Phase.TRIM else s.active
            return [_DISCARD_TEXT[c] for c in _distinct(s.hands[p])]
        if phase == Phase.BUILD:
            return [_BUILD_TEXT[c] for c in build_choices(s.hands[s.active], s.build_kind)]
        if phase == Phase.BUILD2:
            cost = _COST[s.first_built]
            return [_BUILD_TEXT[c] for c in _distinct(s.hands[s.active])
                    if c != GOODS and _COST[c] == cost]
        if phase == Phase.TAKE:
            return [_TAKE_TEXT[c] for c in _distinct(s.revealed)]
        if phase == Phase.SELL:
            return self._sell_actions(s)
        if phase == Phase.OVER:
            return []
        return [a for a, _ in self.chance_outcomes(s)]

    def chance_outcomes(self, state: NEState) -> list[tuple[str, float]]:
        s = state
        if s.phase == Phase.START:
            return [(f"start:{p}", 1.0 / s.n) for p in range(s.n)]
        if s.phase == Phase.DRAW:
            total = sum(s.deck)
            return [(_DRAW_TEXT[i], c / total) for i, c in enumerate(s.deck) if c]
        return []

    def sample_chance(self, state: NEState, rng: random.Random) -> str:
        s = state
        if s.phase == Phase.START:
            return f"start:{rng.randrange(s.n)}"
        if s.phase == Phase.DRAW:
            return _DRAW_TEXT[int(api.draw_by_count(s.deck, rng))]
        raise ValueError("Not a chance node.")

    # -- placing ----------------------------------------------------------------------------
    def _multi(self, s: NEState, card: str) -> bool:
        """NE-R23: the Mine always takes any number of workers; shops do with 3-4 players."""
        w = WORKPLACES.get(card)
        if w is None:
            return False
        return w.multi == "always" or (w.multi == "3p" and s.n >= 3)

    def _public_slot(self, s: NEState, card: str) -> int:
        """The first copy of ``card`` in the public area that can take a worker; -1 if none."""
        multi = self._multi(s, card)
        for i, c in enumerate(s.public):
            if c == card and (multi or not s.public_workers[i]):
                return i
        return -1

    @staticmethod
    def _own_slot(s: NEState, p: int, card: str) -> int:
        used = s.own_used[p]
        own = s.buildings[p]
        for i in range(s.usable_buildings(p)):  # NE-R26
            if own[i] == card and not used[i]:
                return i
        return -1

    def _effect_problem(self, s: NEState, p: int, card: str) -> tuple[Any, ...] | None:
        """NE-R24: why the effect of ``card`` cannot be performed in full by ``p`` now."""
        hand = s.hands[p]
        for op, arg in PROGRAMS[card]:
            if op == "discard":
                if len(hand) < arg:
                    return ("hand", arg, len(hand))
            elif op == "cash":
                if s.household < arg:
                    return ("household", s.household, arg)
            elif op == "build":
                if not can_build(hand, arg):
                    return ("build", arg)
            elif op in ("hire", "awake"):
                limit = worker_limit(s.buildings[p])
                if s.workers[p] >= limit:
                    return ("limit", s.workers[p], limit)
            elif op == "hire_to":
                if s.workers[p] >= arg:
                    return ("hire_to", arg, s.workers[p])
            elif op == "orchard":
                if len(hand) >= arg:
                    return ("orchard", arg, len(hand))
                if not s.rules.partial_goods and s.goods < arg - len(hand):
                    return ("goods", arg - len(hand), s.goods)  # NE-R3 option
            elif op == "reveal" and not any(s.deck) and not any(s.discard):
                return ("no_cards",)
            elif op == "goods" and not s.rules.partial_goods and s.goods < arg:
                return ("goods", arg, s.goods)  # NE-R3 with goods_shortage=unusable
        return None

    def _blocked_slots(self, s: NEState) -> Sequence[int]:
        """Public places no worker may take whatever stands there (the solo blocker)."""
        return ()

    def _place_actions(self, s: NEState, p: int) -> list[str]:
        out: list[str] = []
        seen: set[str] = set()
        n3 = s.n >= 3
        blocked = self._blocked_slots(s)
        for i, c in enumerate(s.public):
            if c in seen:
                continue
            if blocked and i in blocked:
                continue
            if s.public_workers[i]:
                w = WORKPLACES.get(c)
                if w is None or not (w.multi == "always" or (n3 and w.multi == "3p")):
                    continue
            seen.add(c)
            if self._effect_problem(s, p, c) is None:
                out.append(_PLACE_TEXT[c])
        seen.clear()
        used = s.own_used[p]
        own = s.buildings[p]
        if s.fresh[p]:
            own = own[:s.usable_buildings(p)]  # NE-R26 with built_buildings=next-round
        for i, c in enumerate(own):
            if used[i] or c in seen or c not in _WORKPLACE_CARDS:
                continue
            seen.add(c)
            if self._effect_problem(s, p, c) is None:
                out.append(_OWN_TEXT[c])
        out.sort()
        return out

    # -- selling ----------------------------------------------------------------------------
    def _sale_context(self, s: NEState) -> tuple[int, list[int], list[int], int]:
        """The seller, the values selected, the values still unselected, the shortfall."""
        p = s.queue[0]
        rest = [self._sale_value(s, b) for b in self._sellable_list(s, p)]
        selected = [self._sale_value(s, b) for b in s.selling]
        for v in selected:
            rest.remove(v)
        return p, selected, rest, s.due(p) - s.cash[p]

    def _sellable_list(self, s: NEState, p: int) -> list[str]:
        """The buildings of ``p`` that count as sellable for NE-R53 (NE-R51)."""
        return [b for b in s.buildings[p] if b in SELLABLE]

    def _sale_value(self, s: NEState, card: str) -> int:
        """What the supply pays for ``card`` (NE-R52)."""
        return BUILDING_VALUE[card]

    def _unsellable(self, s: NEState, p: int, card: str) -> SaleProblem | None:
        """Why ``card`` cannot join the sale of ``p`` whatever the amounts (NE-R51)."""
        if card not in SELLABLE:
            return ("unsellable", card)
        if s.buildings[p].count(card) <= s.selling.count(card):
            return ("not_owned", card)
        return None

    def _sell_problem(self, s: NEState, card: str) -> SaleProblem | None:
        """Why ``sell:card`` cannot be the next pick (NE-R51, NE-R53)."""
        p, selected, rest, short = self._sale_context(s)
        problem = self._unsellable(s, p, card)
        if problem is not None:
            return problem
        v = self._sale_value(s, card)
        rest.remove(v)
        new = [*selected, v]
        problem = sale_problem(new, [*new, *rest], short)
        if problem is not None and problem[0] != "short":
            return problem
        if not can_complete(new, rest, short):
            return ("dead_end",)
        return None

    def _sell_actions(self, s: NEState) -> list[str]:
        p, selected, rest, short = self._sale_context(s)
        out: list[str] = []
        sellable = self._sellable_list(s, p)
        for c in _distinct(sorted(sellable)):
            if sellable.count(c) > s.selling.count(c) and self._sell_problem(s, c) is None:
                out.append(_SELL_TEXT[c])
        if sale_problem(selected, [*selected, *rest], short) is None:
            out.append("done")
        out.sort()
        return out

    # -- applying -------------------------------------------------------------------------
    def _apply_start(self, s: NEState, seat: int, events: list[Event]) -> None:
        s.start = s.marker = seat
        events.append(Event("start", {"seat": seat}, reveals=True))
        for k, p in enumerate(s.seats_from_start()):
            s.cash[p] = START_CASH[k]  # NE-R17
            s.issued += START_CASH[k]
        s.draw_queue = [p for p in s.seats_from_start() for _ in range(START_HAND)]  # NE-R14
        s.phase = Phase.DRAW

    def _settle_draws(self, s: NEState) -> list[Event]:
        """NE-R1: reshuffle the discard pile into an empty deck; with both empty the
        remaining draws get nothing."""
        events: list[Event] = []
        if s.draw_queue and not any(s.deck):
            if any(s.discard):
                s.deck = s.discard
                s.discard = [0] * _NB
                events.append(Event("reshuffle", {"cards": sum(s.deck)}))
            else:
                s.draw_queue.clear()
                events.append(Event("no_cards", {}))
        return events

    def _begin_draws(self, s: NEState, target: int, count: int) -> list[Event]:
        s.draw_queue = [target] * count
        events = self._settle_draws(s)
        if s.draw_queue:
            s.phase = Phase.DRAW
        return events

    def _apply_draw(self, s: NEState, card: str, events: list[Event]) -> None:
        target = s.draw_queue.pop(0)
        s.deck[_IDX[card]] -= 1
        if target < 0:
            insort(s.revealed, card)
            events.append(Event("reveal", {"card": card}, reveals=True))
        else:
            insort(s.hands[target], card)
            others = _OTHERS[s.n][target]
            events += (
                Event("draw", {"seat": target, "card": card}, seats=frozenset({target}),
                      reveals=True),
                Event("drew", {"seat": target}, seats=others),
            )
        events.extend(self._settle_draws(s))
        if not s.draw_queue:
            events.extend(self._after_draws(s))

    def _after_draws(self, s: NEState) -> list[Event]:
        if not s.effect:
            return self._begin_round(s)
        s.stage += 1
        return self._run(s)

    def _apply_place(self, s: NEState, place: tuple[str, bool], events: list[Event]) -> None:
        card, own = place
        p = s.active
        if own:
            i = self._own_slot(s, p, card)
            s.own_used[p][i] = True
            s.where = i
        else:
            i = self._public_slot(s, card)
            s.public_workers[i].append(p)
            s.where = -1
        s.placed[p] += 1
        s.effect = card
        s.stage = 0
        events.append(Event("place", {"seat": p, "card": card, "own": own}))
        events.extend(self._after_place(s))
        events.extend(self._run(s))

    def _after_place(self, s: NEState) -> list[Event]:
        """What happens once a worker stands on its card, before the effect resolves (the
        solo game's blocker, NE-R73); nothing in the 2-4 player game."""
        return []

    def _run(self, s: NEState) -> list[Event]:
        """Resolve the current workplace's steps until one needs a decision or a draw."""
        p = s.active
        program = PROGRAMS[s.effect]
        events: list[Event] = []
        while s.stage < len(program):
            op, arg = program[s.stage]
            if op == "discard":
                s.phase = Phase.DISCARD
                s.need = arg
                return events
            if op == "build":
                s.phase = Phase.BUILD
                s.build_kind = arg
                return events
            if op in ("draw", "chem", "reveal"):
                count = 4 if op == "chem" and not s.hands[p] else arg
                events.extend(self._begin_draws(s, -1 if op == "reveal" else p, count))
                if s.draw_queue:
                    return events
            elif op == "take":
                if s.revealed:
                    s.phase = Phase.TAKE
                    return events
            elif op == "cash":
                s.household -= arg
                s.cash[p] += arg
                events.append(Event("income", {"seat": p, "amount": arg}))
            elif op in ("goods", "orchard"):
                want = arg - len(s.hands[p]) if op == "orchard" else arg
                k = max(0, min(want, s.goods))  # NE-R3: only what is left
                s.goods -= k
                s.hands[p].extend([GOODS] * k)
                s.hands[p].sort()
                events.append(Event("goods", {"seat": p, "count": k}))
            elif op == "marker":
                s.marker = p  # NE-G14: the new start player begins the next round
                events.append(Event("marker", {"seat": p}))
            elif op in ("hire", "hire_to", "awake"):
                add = arg - s.workers[p] if op == "hire_to" else arg
                s.workers[p] += add
                if op != "awake":
                    s.sleeping[p] += add  # NE-R41
                events.append(Event("hire", {"seat": p, "count": add, "awake": op == "awake"},
                                    msg=Msg("log.hire", seat=p, count=add,
                                            total=s.workers[p])))
            elif op == "burn":
                del s.buildings[p][s.where]
                del s.own_used[p][s.where]
                s.discard[_IDX["slash_and_burn"]] += 1
                events.append(Event("burn", {"seat": p}))
            s.stage += 1
        return events + self._end_turn(s)

    def _apply_discard(self, s: NEState, card: str, events: list[Event]) -> None:
        p = s.queue[0] if s.phase == Phase.TRIM else s.active
        s.hands[p].remove(card)
        _discard_card(s, card)
        events.append(Event("discard", {"seat": p, "card": card}))
        if s.phase == Phase.TRIM:
            if len(s.hands[p]) <= hand_limit(s.buildings[p]):
                s.queue.pop(0)
                events.extend(self._trim_next(s))
            return
        s.need -= 1
        if s.need:
            return
        s.stage += 1
        events.extend(self._run(s))

    def _apply_build(self, s: NEState, card: str, events: list[Event]) -> None:
        p = s.active
        s.hands[p].remove(card)
        s.buildings[p].append(card)
        s.own_used[p].append(False)
        if not s.rules.built_usable:  # NE-R26 option: it works from the next round
            fresh = list(s.fresh)
            fresh[p] += 1
            s.fresh = tuple(fresh)
        events.append(Event("build", {"seat": p, "card": card}))
        if s.phase == Phase.BUILD and s.build_kind == B_PAIR:
            s.phase = Phase.BUILD2
            s.first_built = card
            return
        cost = _COST[card] if s.phase == Phase.BUILD2 else build_cost(card, s.build_kind)
        s.first_built = ""
        if cost:
            s.phase = Phase.DISCARD
            s.need = cost
            return
        s.stage += 1
        events.extend(self._run(s))

    def _apply_take(self, s: NEState, card: str, events: list[Event]) -> None:
        p = s.active
        s.revealed.remove(card)
        insort(s.hands[p], card)
        for c in s.revealed:
            _discard_card(s, c)  # NE-G9
        s.revealed = []
        events.append(Event("take", {"seat": p, "card": card}))
        s.stage += 1
        events.extend(self._run(s))

    def _end_turn(self, s: NEState) -> list[Event]:
        s.effect = ""
        s.stage = 0
        s.need = 0
        s.where = -1
        for k in range(1, s.n + 1):  # NE-R21, NE-R22: clockwise, skipping finished players
            q = (s.active + k) % s.n
            if s.free_workers(q) > 0:
                s.active = q
                s.phase = Phase.PLACE
                return []
        return self._end_round(s)

    def _begin_round(self, s: NEState) -> list[Event]:
        s.start = s.marker  # NE-R39
        s.active = s.start
        s.placed = [0] * s.n
        s.phase = Phase.PLACE
        r, w = s.round, s.wage()
        return [Event("round", {"round": r, "wage": w, "start": s.start})]

    def _end_round(self, s: NEState) -> list[Event]:
        # NE-R30: workers come home.
        s.public_workers = [[] for _ in s.public]
        s.own_used = [[False] * len(b) for b in s.buildings]
        s.placed = [0] * s.n
        if any(s.fresh):
            s.fresh = (0,) * s.n  # this round's buildings work from the next one (NE-R26)
        s.queue = s.seats_from_start()  # NE-R32, NE-G19
        return self._payday(s)

    def _pay(self, s: NEState, p: int) -> list[Event]:
        """NE-R31, NE-R32, NE-R34: pay what cash allows; a penalty token per dollar short."""
        due = s.due(p)
        paid = min(due, s.cash[p])
        s.cash[p] -= paid
        s.household += paid
        unpaid = due - paid
        s.penalties[p] += unpaid
        said = (Msg("log.wages_short", seat=p, paid=paid, due=due, unpaid=unpaid) if unpaid
                else Msg("log.wages", seat=p, paid=paid))
        return [Event("wages", {"seat": p, "paid": paid, "unpaid": unpaid}, msg=said)]

    def _payday(self, s: NEState) -> list[Event]:
        events: list[Event] = []
        if s.phase == Phase.OVER:  # a payment that failed ended a solo game (NE-R77)
            return events
        while s.queue:
            p = s.queue[0]
            if s.cash[p] < s.due(p) and self._sellable_list(s, p):
                s.phase = Phase.SELL  # NE-R33
                s.selling = []
                return events
            events.extend(self._pay(s, p))
            s.queue.pop(0)
            if s.phase == Phase.OVER:
                return events
        s.sleeping = [0] * s.n  # NE-R35
        if s.round >= ROUNDS and not s.rules.final_hand_limit:
            s.queue = []  # NE-G17 with final_hand_limit=skip: hands are scored as they are
        else:
            s.queue = [p for p in s.seats_from_start()
                       if len(s.hands[p]) > hand_limit(s.buildings[p])]
        return events + self._trim_next(s)

    def _apply_sell(self, s: NEState, card: str, events: list[Event]) -> None:
        s.selling.append(card)
        s.selling.sort()
        p = s.queue[0]
        # Not a line of the log: the sale is one line once it is made ("sell" names every
        # building sold), as the table shows the picks meanwhile.
        events.append(Event("sell_pick", {"seat": p, "card": card}, logged=False))

    def _apply_done(self, s: NEState, events: list[Event]) -> None:
        p = s.queue[0]
        total = 0
        for b in s.selling:
            i = s.buildings[p].index(b)
            del s.buildings[p][i]
            del s.own_used[p][i]
            s.public.append(b)  # NE-R52: now a public workplace
            s.public_workers.append([])
            total += self._sale_value(s, b)
        s.cash[p] += total
        s.issued += total
        events.append(Event("sell", {"seat": p, "cards": s.selling[:], "amount": total}))
        s.selling = []
        events.extend(self._pay(s, p))
        s.queue.pop(0)
        events.extend(self._payday(s))

    def _trim_next(self, s: NEState) -> list[Event]:
        if s.queue:
            s.phase = Phase.TRIM  # NE-R36
            return []
        if s.round >= ROUNDS:  # NE-R38
            s.phase = Phase.OVER
            return self._game_over(s)
        card = ROUND_WORKPLACES[s.round - 1]  # NE-R37
        s.public.append(card)
        s.public_workers.append([])
        s.round += 1
        ev = Event("workplace", {"card": card})
        return [ev, *self._begin_round(s)]

    def _game_over(self, s: NEState) -> list[Event]:
        # The hands are shown at the end (and count for the final scores): the event says
        # what each one held, for the log and for every seat that could not see it.
        hands = [h[:] for h in s.hands]
        events: list[Event] = [Event("hands", {"hands": hands}, reveals=True)]
        for p in range(s.n):
            sc = s.score(p)
            events.append(Event("score", {"seat": p, **sc.to_json()}))
        events.append(Event("winner", {"seats": s.winners()}))
        return events

    # -- results --------------------------------------------------------------------------
    def returns(self, state: NEState) -> list[float]:
        if state.phase != Phase.OVER:
            return [0.0] * state.n
        win = state.winners()
        if len(win) == state.n:
            return [0.0] * state.n
        return [1.0 if p in win else -1.0 for p in range(state.n)]

    def scores(self, state: NEState) -> list[ScoreBreakdown]:
        """Every player's total assets as they would be scored now (NE-R60)."""
        return [state.score(p) for p in range(state.n)]

    # -- checking -------------------------------------------------------------------------
    chance_kinds = ("start", "draw")
    chance_refusal = "refuse.deck"
    waiting_refusal = None  # while cards are drawn, the refusal says what is under way

    def _out_of_turn(self, s: NEState, kind: str) -> Msg | None:
        """Why ``kind`` is not what the phase asks for now, if it is not: what to do instead."""
        phase = s.phase
        if kind != _EXPECTED.get(phase, "") and not (phase == Phase.SELL and kind == "done"):
            return self.prompt(s, self.current_player(s)) or Msg("refuse.not_now")
        return None

    def _refuse_place(self, s: NEState, place: tuple[str, bool]) -> Msg:
        return self._out_of_turn(s, "place") or self._place_reason(s, place[0], place[1])

    def _refuse_discard(self, s: NEState, card: str) -> Msg:
        return self._out_of_turn(s, "discard") or Msg("refuse.hold_no", card=card)

    def _refuse_build(self, s: NEState, card: str) -> Msg:
        return self._out_of_turn(s, "build") or self._build_reason(s, card)

    def _refuse_take(self, s: NEState, card: str) -> Msg:
        return self._out_of_turn(s, "take") or Msg("refuse.not_revealed", card=card)

    def _refuse_sell(self, s: NEState, card: str) -> Msg:
        why = self._out_of_turn(s, "sell")
        if why is not None:
            return why
        return sale_message(self._sell_problem(s, card) or ("",))

    def _refuse_done(self, s: NEState) -> Msg:
        why = self._out_of_turn(s, "done")
        if why is not None:
            return why
        # A selection that does not cover the shortfall yet.
        _, selected, rest, short = self._sale_context(s)
        return sale_message(sale_problem(selected, [*selected, *rest], short) or ("",))

    # Chance's own kinds, which ``reason`` refuses before asking here: no phase asks for them.
    def _refuse_start(self, s: NEState, seat: int) -> Msg:
        return self._out_of_turn(s, "start") or Msg("refuse.not_now")

    def _refuse_draw(self, s: NEState, card: str) -> Msg:
        return self._out_of_turn(s, "draw") or Msg("refuse.not_now")

    def _place_reason(self, s: NEState, card: str, own: bool) -> Msg:
        p = s.active
        if card in BUILDINGS and BUILDINGS[card].passive:
            return Msg("refuse.passive", card=card)
        if own:
            if card not in s.buildings[p]:
                return Msg("refuse.have_no", card=card)
            if self._own_slot(s, p, card) < 0 and card in s.buildings[p][
                    s.usable_buildings(p):]:
                return Msg("refuse.fresh", card=card)
            if self._own_slot(s, p, card) < 0:
                return Msg("refuse.own_taken", card=card)
        else:
            if card not in s.public:
                if card in s.buildings[p]:
                    return Msg("refuse.use_own", card=card, id=card)
                return Msg("refuse.not_public", card=card)
            if self._public_slot(s, card) < 0:
                return Msg("refuse.public_taken", card=card)
        problem = self._effect_problem(s, p, card)
        if problem is None:
            return Msg("refuse.not_now")
        code = problem[0]
        if code == "hand":
            return Msg("refuse.hand", card=card, need=problem[1], held=problem[2])
        if code == "household":
            return Msg("refuse.household", card=card, held=problem[1], need=problem[2])
        if code == "build":
            return Msg("refuse.build", card=card)
        if code == "limit":
            return Msg("refuse.limit", limit=problem[1])
        if code == "hire_to":
            return Msg("refuse.hire_to", card=card, target=problem[1], have=problem[2])
        if code == "goods":
            return Msg("refuse.goods", card=card, need=problem[1], left=problem[2])
        if code == "orchard":
            return Msg("refuse.orchard", card=card, limit=problem[1], held=problem[2])
        return Msg("refuse.no_reveal")

    def _build_reason(self, s: NEState, card: str) -> Msg:
        p = s.active
        hand = s.hands[p]
        if card not in hand:
            return Msg("refuse.hold_no", card=card)
        if s.phase == Phase.BUILD2:
            return Msg("refuse.second_cost", first=s.first_built, cost=_COST[s.first_built])
        if s.build_kind == B_AGRI_FREE:
            return Msg("refuse.settlers")
        if s.build_kind == B_PAIR:
            return Msg("refuse.pair", cost=_COST[card])
        return Msg("refuse.cost", card=card, cost=build_cost(card, s.build_kind),
                   others=len(hand) - 1)

    # -- information ----------------------------------------------------------------------
    def observation(self, state: NEState, seat: int | None) -> NEObs:
        s = state
        over = s.phase == Phase.OVER
        players: list[NEPlayerObs] = []
        for p in range(s.n):
            players.append({
                "cash": s.cash[p], "workers": s.workers[p], "sleeping": s.sleeping[p],
                "placed": s.placed[p], "penalties": s.penalties[p],
                "buildings": s.buildings[p][:], "used": s.own_used[p][:],
                "hand_count": len(s.hands[p]),
                "hand": s.hands[p][:] if (seat == p or over) else None,
                "hand_limit": hand_limit(s.buildings[p]),
                "worker_limit": worker_limit(s.buildings[p]),
                "due": s.due(p),
            })
            if s.fresh[p]:
                players[p]["fresh"] = s.fresh[p]  # NE-R26: the last ones were built this round
        obs: NEObs = {
            "game": self.spec.id, "seat": seat, "num_players": s.n, "round": s.round,
            "wage": s.wage(), "phase": s.phase, "to_move": self.current_player(s),
            "active": s.active, "start": s.start, "marker": s.marker,
            "household": s.household, "issued": s.issued, "goods": s.goods,
            "deck_count": s.deck_count(),
            "discard": {b: c for b, c in zip(BUILDING_IDS, s.discard, strict=True) if c},
            "public": [{"card": c, "workers": w[:]}
                       for c, w in zip(s.public, s.public_workers, strict=True)],
            "draw_queue": s.draw_queue[:], "revealed": s.revealed[:],
            "effect": s.effect, "stage": s.stage, "need": s.need, "build_kind": s.build_kind,
            "first_built": s.first_built, "where": s.where,
            "queue": s.queue[:], "selling": s.selling[:],
            "players": players,
            "scores": [s.score(p).to_json() for p in range(s.n)] if over else None,
        }
        changed = s.rules.changed()
        if changed:
            obs["rules"] = changed  # only options that differ from the spec's decisions
        return obs

    def _public_from(self, data: Mapping[str, Any]) -> NEState:
        """The public part of a state from an observation or a saved state."""
        s = FIELDS.load_shown(
            self._empty_state(data), data,
            "round phase active start marker household issued goods draw_queue revealed effect "
            "stage need build_kind first_built where queue selling")
        s.rules = rules_of(data)
        s.discard = [int(data["discard"].get(b, 0)) for b in BUILDING_IDS]
        s.public = [str(x["card"]) for x in data["public"]]
        s.public_workers = [[int(q) for q in x["workers"]] for x in data["public"]]
        for p, pl in enumerate(data["players"]):
            s.cash[p] = int(pl["cash"])
            s.workers[p] = int(pl["workers"])
            s.sleeping[p] = int(pl["sleeping"])
            s.placed[p] = int(pl["placed"])
            s.penalties[p] = int(pl["penalties"])
            s.buildings[p] = [str(b) for b in pl["buildings"]]
            s.own_used[p] = [bool(u) for u in pl["used"]]
            if pl.get("hand") is not None:
                s.hands[p] = sorted(str(c) for c in pl["hand"])
        fresh = tuple(int(pl.get("fresh", 0)) for pl in data["players"])
        if any(fresh):
            s.fresh = fresh
        return s

    def _empty_state(self, data: Mapping[str, Any]) -> NEState:
        """A fresh state of the right kind for an observation or a saved state."""
        return NEState(int(data["num_players"]))

    # -- the review's reasons ------------------------------------------------------------
    def review_reason(self, obs: api.Observation, seat: int, made: str,
                      best: str) -> Msg | None:
        """``review.sold_dearer`` where, picking a building for a payday sale, the seat picked
        one the supply pays more for than the one the search picks: both sales are legal
        (NE-R53), but the dearer building was worth keeping for its asset value (NE-R60) and
        its work, and the cheaper one covered the wages as well (NE-R53 principle 3 allows no
        building that was not needed). Prices are the seat's sale prices as its observation
        shows them (the solo variants pay their own, NE-R82)."""
        if not (made.startswith("sell:") and best.startswith("sell:")):
            return None
        mine = obs["players"][seat]
        prices = mine.get("prices") or {}
        sold, kept = made.partition(":")[2], best.partition(":")[2]

        def price(card: str) -> int:
            return int(prices[card]) if card in prices else self._sale_value_of(card)

        if price(sold) <= price(kept):
            return None
        return Msg("review.sold_dearer", sold=sold, kept=kept, sold_price=price(sold),
                   kept_price=price(kept))

    def _sale_value_of(self, card: str) -> int:
        """What the supply pays for ``card`` without a variant's prices (NE-R52)."""
        return BUILDING_VALUE[card]

    def resampler(self, obs: api.Observation, seat: int) -> Callable[[random.Random], NEState]:
        """Guesses of the hidden hands and the deck order behind ``obs``: the public state and
        the unseen cards are worked out once, and every guess clones them and deals the cards
        afresh (search asks for one guess per iteration)."""
        s = self._public_from(obs)
        players = obs["players"]
        hidden = [p for p in range(s.n) if players[p].get("hand") is None]
        unknown = dict(DECK)
        # Every consumer good not in the pile nor in a visible hand is in a hidden hand.
        goods_hidden = GOODS_COUNT - s.goods
        for p in range(s.n):
            if p in hidden:
                continue
            for c in s.hands[p]:
                if c == GOODS:
                    goods_hidden -= 1
                else:
                    unknown[c] -= 1
        for p in range(s.n):
            for b in s.buildings[p]:
                unknown[b] -= 1
        for c in s.public:
            if c in unknown:
                unknown[c] -= 1
        for i, b in enumerate(BUILDING_IDS):
            unknown[b] -= s.discard[i]
        for c in s.revealed:
            unknown[c] -= 1
        sizes = {p: int(players[p]["hand_count"]) for p in hidden}
        unseen = [b for b in BUILDING_IDS for _ in range(unknown[b])]
        in_hands = sum(sizes.values()) - goods_hidden
        template = s

        def sample(rng: random.Random) -> NEState:
            s = template.clone()
            pool = unseen[:]
            rng.shuffle(pool)
            cards = pool[:in_hands] + [GOODS] * goods_hidden
            rng.shuffle(cards)
            k = 0
            for p in hidden:
                s.hands[p] = sorted(cards[k:k + sizes[p]])
                k += sizes[p]
            s.deck = api.count_copies(pool[in_hands:], _IDX)
            return s

        return sample

    # -- serialisation --------------------------------------------------------------------
    def state_to_json(self, state: NEState) -> api.JSON:
        s = state
        data: dict[str, Any] = dict(self.observation(s, None))
        for p, pl in enumerate(data["players"]):
            pl["hand"] = s.hands[p][:]
        data["deck"] = {b: c for b, c in zip(BUILDING_IDS, s.deck, strict=True) if c}
        del data["seat"]
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> NEState:
        s = self._public_from(data)
        s.deck = [int(data["deck"].get(b, 0)) for b in BUILDING_IDS]
        return s

    # -- words ----------------------------------------------------------------------------
    def _describe_place(self, s: NEState, place: tuple[str, bool]) -> Msg:
        card, own = place
        return Msg("move.place_own" if own else "move.place", card=card)

    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "discard": "card",
        "build": "card",
        "take": "card",
        "sell": "card",
        "done": None,
        "draw": None,  # the words name no card: a card drawn is its drawer's secret
        "start": "seat",
    }

    def prompt(self, state: NEState, seat: int) -> Msg | None:
        s = state
        phase = s.phase
        if phase == Phase.OVER:
            return Msg("prompt.over", seats=s.winners())
        if phase in (Phase.START, Phase.DRAW):
            return Msg("prompt.drawing")
        actor = self.current_player(s)
        if seat != actor:
            return Msg("prompt.waiting", seat=actor)
        if phase == Phase.PLACE:
            return Msg("prompt.place")
        if phase == Phase.DISCARD:
            return Msg("prompt.discard", n=s.need)
        if phase == Phase.TRIM:
            return Msg("prompt.trim", n=len(s.hands[actor]) - hand_limit(s.buildings[actor]))
        if phase == Phase.BUILD:
            return Msg("prompt.build")
        if phase == Phase.BUILD2:
            return Msg("prompt.build2", cost=_COST[s.first_built])
        if phase == Phase.TAKE:
            return Msg("prompt.take")
        return Msg("prompt.sell", short=s.due(actor) - s.cash[actor])

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: NEState, seat: int) -> float | None:
        s = state
        if s.phase == Phase.OVER:
            return self.returns(s)[seat]
        mine = worth(s, seat)
        best = max(worth(s, p) for p in range(s.n) if p != seat)
        return math.tanh((mine - best) / 40.0)

    def heuristics(self, state: NEState) -> list[float | None]:
        # Every seat's ``heuristic`` from one pass over the players' worths (the same numbers,
        # a quarter of the work at four players).
        if type(self).heuristic is not NationalEconomyGame.heuristic:
            return super().heuristics(state)  # a variant (solo) judges positions its own way
        s = state
        if s.phase == Phase.OVER:
            return list(self.returns(s))
        worths = [worth(s, p) for p in range(s.n)]
        out: list[float | None] = []
        for seat in range(s.n):
            best = max(w for p, w in enumerate(worths) if p != seat)
            out.append(math.tanh((worths[seat] - best) / 40.0))
        return out

    def playout_action(self, state: NEState, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        """Rules of thumb for the search's playouts. Uniformly random play sells the best
        building at a payday, discards a Statue to pay for a Farm and hires workers whose
        wages it cannot pay, so a playout said little about the position it started from.
        Here a placement covers this round's wages first (the cheapest earner in cards that
        covers them), then builds, then draws; a build or a Design Office keeps the most
        valuable card, a discard gives up goods first and then the least valuable card, and a
        payday sells the cheapest building that covers the rest. Every seat plays them for
        itself, with its own wages and cash."""
        phase = state.phase
        if phase == Phase.PLACE:
            if rng.random() < PLAYOUT_NOISE:
                return None
            p = state.active
            short = state.due(p) - state.cash[p]
            if short > 0:
                earners = [a for a in legal if a in _EARNS]
                if earners:
                    covering = [a for a in earners if _EARNS[a][0] >= short]
                    if covering:
                        return min(covering, key=lambda a: _EARNS[a][1])
                    return max(earners, key=lambda a: _EARNS[a][0])
            for group in (_BUILDS, _DRAWS):
                picks = [a for a in legal if a in group]
                if picks:
                    return picks[rng.randrange(len(picks))]
            return None
        if phase in (Phase.BUILD, Phase.BUILD2, Phase.TAKE):
            return max(legal, key=_card_value)
        if phase in (Phase.DISCARD, Phase.TRIM):
            goods = _DISCARD_TEXT[GOODS]
            return goods if goods in legal else min(legal, key=_card_value)
        if phase == Phase.SELL:
            if "done" in legal:
                return "done"
            p = state.queue[0]
            short = state.due(p) - state.cash[p]
            sales = [a for a in legal if a.startswith("sell:")]
            if not sales:
                return None
            price = {a: self._sale_value(state, a[5:]) for a in sales}
            covering = [a for a in sales if price[a] >= short]
            return min(covering, key=price.__getitem__) if covering else max(
                sales, key=price.__getitem__)
        return None

    def max_game_length(self) -> int:
        return 20_000
