"""The Sheep & Thief position: one table of fields (slots, copy and JSON form), the phases, and
the small readings of a position that rules, observation and AI share.

Seats sit clockwise in increasing number; the left neighbour of seat ``p`` is ``p + 1``
(ST-R13 passes packs left, ST-R26 passes the start-player card left). In the draft of 3-4
players pack ``j`` is dealt to seat ``j`` and at draft step ``k`` lies with seat ``(j + k) % n``.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop import api

from .data import CARD_IDS, CELLS, HOUSE, HOUSE_CELL, STOCK, THIEF_START
from .sheet import card_at, river_points, town_points, towns_reached
from .spec import (
    DOGS_ANY,
    HOUSE_OPEN,
    HOUSE_SAFE,
    OPT_DOGS,
    OPT_HOUSE,
    OPT_RIVERS,
    OPT_THEFT,
    OPT_THIEF,
    OPT_TOWNS,
    RIVERS_STRICT,
    THEFT_EVERY,
    THEFT_LAST,
    THIEF_EXACT,
    THIEF_UP_TO,
    TOWNS_THREE,
    TOWNS_TWO,
)


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    HOUSES = "houses"    # chance: the house cards are shuffled out (ST-R08)
    DEAL = "deal"        # chance: meadow cards dealt one at a time (ST-R12, ST-R32)
    DRAFT = "draft"      # 3-4 players: everyone keeps one card of his pack (ST-R13)
    KEEP = "keep"        # 2 players: keep two cards, offer the other four as two pairs (ST-R33)
    TAKE = "take"        # 2 players: take one pair of the other's offer (ST-R33)
    PLACE = "place"      # the seat to move places (or turns down, or discards) a card (ST-R14)
    DOG = "dog"          # the placed card's sheepdogs move flocks (ST-R21)
    THIEF = "thief"      # the placed card's thieves step (ST-R22, ST-R23)
    DISCARD = "discard"  # 2 players: discard one of the last two cards (ST-R34)
    OVER = "over"        # ST-R27, ST-R31


SECRET_PHASES = (Phase.DRAFT, Phase.KEEP, Phase.TAKE)

_GIVEN_STR = api.Field(load=str, given=True)

FIELDS = api.StateFields(
    n=api.Field(load=int, given=True).public, towns=_GIVEN_STR.public, dogs=_GIVEN_STR.public,
    rivers=_GIVEN_STR.public,
    phase=api.STR.public, round=api.INT.public, start=api.INT.public, houses=api.INTS.public,
    deck=api.STRS.unseen, deal_to=api.INTS.public,
    packs=api.STRS2.unseen, step=api.INT.public, picks=api.STRS.owned, hands=api.STRS2.owned,
    seen=api.STRS2.unseen, seen_step=api.INTS.unseen, known=api.STRS2.unseen,
    offers=api.STRS2.unseen, takes=api.STRS2.unseen,
    sheets=api.STRS2.owned, down=api.BOOLS2.public, sheep=api.INTS2.public, fence=api.INTS.public,
    stock=api.INT.public, thief=api.INT.public, discards=api.STRS.public,
    placed=api.INTS.public, turn=api.INT.public, card=api.STR.public, dogs_left=api.INT.public,
    thieves_left=api.INT.public, flock=api.INT.public,
    thief_path=api.INTS.public, thief_by=api.INT.public,
    round_scores=api.INTS2.public, winners=api.INTS.public,
    # Options added after games were saved: the JSON form holds them only where they differ
    # from the reading those games were played by.
    house=api.STR.public.added(HOUSE_SAFE), thief_steps=api.STR.public.added(THIEF_EXACT),
    theft=api.STR.public.added(THEFT_EVERY),
)

class SheepState:
    """One position.

    ``sheets[p]`` / ``down[p]`` / ``sheep[p]``: seat ``p``'s 16 cells (card id, ``"H"`` or
    ``""``; face down; sheep on it). ``fence[p]``: stolen sheep (ST-R25). ``hands[p]``: the
    cards kept (during the draft: kept so far). ``packs``: the draft packs (see the module
    docstring); with 2 players ``packs[p]`` holds the six cards seat ``p`` still sorts.
    ``picks[p]``: the card seat ``p`` has kept at this draft step, secret until all have
    (``""``: not yet). ``seen[p * n + j]`` / ``seen_step[p * n + j]``: what seat ``p`` last
    saw of pack ``j`` (after its own pick) and at which step (ST-C6; -1: never).
    ``known[p * n + q]``: cards seat ``p`` knows to be in seat ``q``'s hand (the 2-player
    offers, ST-R36). ``offers[p]``: seat ``p``'s two offered pairs ``[a, b, c, d]``;
    ``takes[p]``: the pair it took from the other's offer. ``turn``: the seat placing;
    ``card``, ``dogs_left``, ``thieves_left``, ``flock``: the card being resolved.
    ``round_scores[r][p]``: totals after each round, for the chart.
    """

    __slots__ = FIELDS.names

    def __init__(self, n: int, towns: str = TOWNS_THREE, dogs: str = DOGS_ANY,
                 rivers: str = RIVERS_STRICT, house: str = HOUSE_SAFE,
                 thief_steps: str = THIEF_EXACT, theft: str = THEFT_EVERY) -> None:
        self.n = n
        self.towns = towns
        self.dogs = dogs
        self.rivers = rivers
        self.house = house
        self.thief_steps = thief_steps
        self.theft = theft
        self.phase = Phase.HOUSES
        self.round = 0
        self.start = -1
        self.houses: list[int] = []
        self.deck: list[str] = list(CARD_IDS)
        self.deal_to: list[int] = []
        self.packs: list[list[str]] = [[] for _ in range(n)]
        self.step = 0
        self.picks = [""] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.seen: list[list[str]] = [[] for _ in range(n * n)]
        self.seen_step = [-1] * (n * n)
        self.known: list[list[str]] = [[] for _ in range(n * n)]
        self.offers: list[list[str]] = [[] for _ in range(n)]
        self.takes: list[list[str]] = [[] for _ in range(n)]
        self.sheets: list[list[str]] = [[""] * CELLS for _ in range(n)]
        self.down: list[list[bool]] = [[False] * CELLS for _ in range(n)]
        self.sheep: list[list[int]] = [[0] * CELLS for _ in range(n)]
        self.fence = [0] * n
        self.stock = STOCK
        self.thief = THIEF_START
        self.discards: list[str] = []
        self.placed = [0] * n
        self.turn = -1
        self.card = ""
        self.dogs_left = 0
        self.thieves_left = 0
        self.flock = -1
        # The cells of the thief's last walk this round, start first, and who walked it: public,
        # so that every table shows the path the thieves of a card took (ST-R22).
        self.thief_path: list[int] = []
        self.thief_by = -1
        self.round_scores: list[list[int]] = []
        self.winners: list[int] = []

    def clone(self) -> SheepState:
        return FIELDS.clone(self)

    # -- readings ---------------------------------------------------------------------------
    @property
    def strict_rivers(self) -> bool:
        return self.rivers == RIVERS_STRICT

    @property
    def two_towns(self) -> bool:
        return self.towns == TOWNS_TWO

    @property
    def one_flock(self) -> bool:
        return self.dogs != DOGS_ANY

    @property
    def thief_may_stop(self) -> bool:
        """ST-G09 option ``up-to``: the thief may stop before its last step."""
        return self.thief_steps == THIEF_UP_TO

    @property
    def steals_last(self) -> bool:
        """ST-G10 option ``last-step``: the thief steals only where its walk ends."""
        return self.theft == THEFT_LAST

    def sheltered(self, seat: int, cell: int) -> bool:
        """ST-R24, ST-G11: whether the sheep on ``seat``'s ``cell`` are safe from the thief: a
        hut card's, and the house's unless the ``house`` option leaves it open."""
        cards = self.sheets[seat]
        if cards[cell] == HOUSE and self.house == HOUSE_OPEN:
            return False
        card = card_at(cards, self.down[seat], cell)
        return card is not None and card.hut

    def options(self) -> dict[str, str]:
        return {OPT_TOWNS: self.towns, OPT_DOGS: self.dogs, OPT_RIVERS: self.rivers,
                OPT_HOUSE: self.house, OPT_THIEF: self.thief_steps, OPT_THEFT: self.theft}

    def pack_of(self, seat: int) -> int:
        """The index of the pack seat ``seat`` holds at this draft step (3-4 players)."""
        return (seat - self.step) % self.n

    def sheep_count(self, seat: int) -> int:
        """ST-R28: sheep on the sheet plus sheep in the fence."""
        return sum(self.sheep[seat]) + self.fence[seat]

    def breakdown(self, seat: int) -> tuple[int, list[str], int, int]:
        """The points of ``seat`` as the end-of-game breakdown shows them (ST-R28..ST-R30):
        sheep, the towns reached, their points, river points."""
        cards, down = self.sheets[seat], self.down[seat]
        towns = towns_reached(cards, down, self.two_towns)
        return self.sheep_count(seat), towns, town_points(towns), river_points(cards, down)

    def total(self, seat: int) -> int:
        cards, down = self.sheets[seat], self.down[seat]
        return (self.sheep_count(seat) + town_points(towns_reached(cards, down, self.two_towns))
                + river_points(cards, down))


def options_of(options: Mapping[str, object]) -> tuple[str, str, str, str, str, str]:
    """The rule options as a state's constructor takes them (defaults for any not given)."""
    return (str(options.get(OPT_TOWNS, TOWNS_THREE)), str(options.get(OPT_DOGS, DOGS_ANY)),
            str(options.get(OPT_RIVERS, RIVERS_STRICT)), str(options.get(OPT_HOUSE, HOUSE_SAFE)),
            str(options.get(OPT_THIEF, THIEF_EXACT)), str(options.get(OPT_THEFT, THEFT_EVERY)))


def start_sheets(s: SheepState) -> None:
    """ST-R07, ST-R08: the house in the top-left cell with one sheep from the stock."""
    for p in range(s.n):
        s.sheets[p][HOUSE_CELL] = "H"
        s.sheep[p][HOUSE_CELL] = 1
        s.stock -= 1
