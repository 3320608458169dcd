"""Mr. Sneaky data: the floor plan of the house (door positions and the neighbour table), the
door tiles, the 31 rich-man cards and the words used to show them.

Rules follow rules/reference.md. The split of the three trap tiles (MS-G01) and of
the eight guard cards (MS-G02) is not in the source; the spec's choices are the defaults and
the alternatives are offered as game options. Everything here is plain data and pure functions
shared by the model, the view and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

# ---------------------------------------------------------------------------------------------
# The house (§3)
# ---------------------------------------------------------------------------------------------

#: Door ids D1..D8 label positions, never tiles (the tiles are shuffled every round).
DOORS: tuple[str, ...] = tuple(f"D{i}" for i in range(1, 9))
START = "S"
#: ``(row, x)`` of each door; ``x`` counts half cards so the staggered pyramid is exact (§3.1).
DOOR_POS: tuple[tuple[int, int], ...] = (
    (1, 1), (1, 3),
    (2, 0), (2, 2), (2, 4),
    (3, 1), (3, 3),
    (4, 2),
)
START_POS: tuple[int, int] = (0, 2)

#: The neighbour table of §3.2, as printed there (door ids). The start card S leads only to D1
#: and D2, and nothing leads back to S (MS-R07).
NEIGHBOUR_TABLE: dict[str, tuple[str, ...]] = {
    "S": ("D1", "D2"),
    "D1": ("D2", "D3", "D4"),
    "D2": ("D1", "D4", "D5"),
    "D3": ("D1", "D4", "D6"),
    "D4": ("D1", "D2", "D3", "D5", "D6", "D7"),
    "D5": ("D2", "D4", "D7"),
    "D6": ("D3", "D4", "D7", "D8"),
    "D7": ("D4", "D5", "D6", "D8"),
    "D8": ("D6", "D7"),
}
#: The same table by index: ``NEIGHBOURS[i]`` for door index ``i``, ``FROM_START`` for S.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(DOORS.index(n) for n in NEIGHBOUR_TABLE[d]) for d in DOORS)
FROM_START: tuple[int, ...] = tuple(DOORS.index(n) for n in NEIGHBOUR_TABLE[START])


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """MS-R06: same row two half-columns apart, or neighbouring rows one half-column apart."""
    (r1, x1), (r2, x2) = a, b
    return (r1 == r2 and abs(x1 - x2) == 2) or (abs(r1 - r2) == 1 and abs(x1 - x2) == 1)


def door_index(door: str) -> int:
    """0..7 for ``D1``..``D8``; ``ValueError`` for anything else."""
    return DOORS.index(door)


# ---------------------------------------------------------------------------------------------
# Door tiles (§10.1)
# ---------------------------------------------------------------------------------------------

#: Tile codes: one character each, so a whole layout is an 8-character text (``deal:N1T2NN1N``).
TREASURE = "T"
TRAP1 = "1"
TRAP2 = "2"
NOTHING = "N"
TILE_CODES: tuple[str, ...] = (TREASURE, TRAP1, TRAP2, NOTHING)

#: The kanji every door and card shows; a card "matches" a door when they share one (MS-R26).
SYM_TREASURE = "T"  # 宝
SYM_TRAP = "R"      # 罠
SYM_NOTHING = "N"   # 無
TILE_SYMBOL: dict[str, str] = {TREASURE: SYM_TREASURE, TRAP1: SYM_TRAP, TRAP2: SYM_TRAP,
                               NOTHING: SYM_NOTHING}
SYMBOL_KANJI: dict[str, str] = {SYM_TREASURE: "宝", SYM_TRAP: "罠", SYM_NOTHING: "無"}
SYMBOL_NAMES: dict[str, tuple[str, str]] = {
    SYM_TREASURE: ("Treasure", "宝"), SYM_TRAP: ("Trap", "罠"), SYM_NOTHING: ("Nothing", "無")}

TILE_NAMES: dict[str, tuple[str, str]] = {
    TREASURE: ("Treasure", "宝"),
    TRAP1: ("Trap (1 guard)", "罠（警備1）"),
    TRAP2: ("Trap (2 guards)", "罠（警備2）"),
    NOTHING: ("Nothing", "無"),
}
#: The short mark the Rich Man sees in the corner of a closed door, and everyone on an open one.
TILE_MARKS: dict[str, str] = {TREASURE: "宝", TRAP1: "罠1", TRAP2: "罠2", NOTHING: "無"}
TILE_COLORS: dict[str, str] = {TREASURE: "#c9a227", TRAP1: "#a93226", TRAP2: "#7b1e1e",
                               NOTHING: "#7f8c8d"}
TILE_EFFECTS: dict[str, tuple[str, str]] = {
    TREASURE: ("The Thief wins the round: 4 − guards jewels.",
               "泥棒がラウンドに勝利：宝石（4−警備）個。"),
    TRAP1: ("The Thief takes 1 guard.", "泥棒は警備コマを1個受け取る。"),
    TRAP2: ("The Thief takes 2 guards.", "泥棒は警備コマを2個受け取る。"),
    NOTHING: ("Half a guard: every 2nd Nothing gives 1 guard.",
              "警備½：無の2枚目ごとに警備コマ1個。"),
}
TRAP_GUARDS: dict[str, int] = {TRAP1: 1, TRAP2: 2}

#: Trap splits (MS-G01): the default two 1-guard traps and one 2-guard trap, or the harsher one.
TRAP_MIXES: dict[str, tuple[str, ...]] = {
    "1-1-2": (TRAP1, TRAP1, TRAP2),
    "1-2-2": (TRAP1, TRAP2, TRAP2),
}
DEFAULT_TRAPS = "1-1-2"


def door_tiles(traps: str) -> tuple[str, ...]:
    """The eight tiles of a round, sorted: 1 Treasure, 3 Traps, 4 Nothing (§10.1)."""
    return tuple(sorted((TREASURE, *TRAP_MIXES[traps], NOTHING, NOTHING, NOTHING, NOTHING)))


_LAYOUTS: dict[str, tuple[str, ...]] = {}


def layouts(traps: str) -> tuple[str, ...]:
    """Every distinct way to deal the tiles to D1..D8, sorted (840 for either trap mix)."""
    found = _LAYOUTS.get(traps)
    if found is None:
        found = _LAYOUTS[traps] = tuple(sorted({"".join(p) for p in
                                                permutations(door_tiles(traps))}))
    return found


# ---------------------------------------------------------------------------------------------
# Rich-man cards (§10.2)
# ---------------------------------------------------------------------------------------------

FAMILY_TREASURE = "treasure"
FAMILY_GUARD = "guard"
FAMILY_AGENT = "agent"
RICH = "rich"    # crown icon: the effect is the Rich Man's
THIEF = "thief"  # mouse icon: the effect is the Thief's


@dataclass(frozen=True)
class CardKind:
    """One kind of rich-man card: what it matches and what it does when it matches."""

    id: str
    family: str
    symbols: frozenset[str]
    target: str
    jewels: int = 0
    guards: int = 0
    agents: int = 0
    color: str = ""

    @property
    def is_treasure_card(self) -> bool:
        """MS-R14(c): judged by the jewel icon (family), not by the kanji 宝."""
        return self.family == FAMILY_TREASURE

    @property
    def is_agent(self) -> bool:
        return self.family == FAMILY_AGENT


_PINK = "#c2185b"
_YELLOW = "#b7950b"
_BLUE = "#1f618d"
_BLACK = "#2c3e50"

CARD_KINDS: dict[str, CardKind] = {k.id: k for k in (
    CardKind("A1", FAMILY_TREASURE, frozenset({SYM_TREASURE, SYM_NOTHING}), THIEF, jewels=1,
             color=_PINK),
    CardKind("A2", FAMILY_TREASURE, frozenset({SYM_TREASURE, SYM_NOTHING}), THIEF, jewels=2,
             color=_PINK),
    CardKind("A3", FAMILY_TREASURE, frozenset({SYM_TRAP}), RICH, jewels=1, color=_PINK),
    CardKind("B1", FAMILY_GUARD, frozenset({SYM_NOTHING}), THIEF, guards=1, color=_YELLOW),
    CardKind("B2", FAMILY_GUARD, frozenset({SYM_TRAP}), THIEF, guards=1, color=_BLUE),
    CardKind("C1", FAMILY_AGENT, frozenset({SYM_TREASURE}), RICH, agents=1, color=_BLACK),
    CardKind("C2", FAMILY_AGENT, frozenset({SYM_TREASURE}), RICH, agents=2, color=_BLACK),
    CardKind("C3", FAMILY_AGENT, frozenset({SYM_TRAP}), THIEF, agents=1, color=_BLACK),
    CardKind("C4", FAMILY_AGENT, frozenset({SYM_TRAP}), THIEF, agents=2, color=_BLACK),
)}
CARDS: tuple[str, ...] = tuple(sorted(CARD_KINDS))
CARD_SYMBOLS: dict[str, frozenset[str]] = {c: k.symbols for c, k in CARD_KINDS.items()}
TREASURE_CARDS = frozenset(c for c, k in CARD_KINDS.items() if k.is_treasure_card)
AGENT_CARDS = frozenset(c for c, k in CARD_KINDS.items() if k.is_agent)
AGENT_VALUE: dict[str, int] = {c: CARD_KINDS[c].agents for c in CARDS}

#: Guard-card splits B1 (無, yellow) - B2 (罠, blue) (MS-G02); the total 8 is forced by §10.2.
GUARD_MIXES: dict[str, tuple[int, int]] = {"4-4": (4, 4), "5-3": (5, 3), "3-5": (3, 5)}
DEFAULT_GUARDS = "4-4"


def card_counts(guards: str = DEFAULT_GUARDS) -> dict[str, int]:
    """Copies of each card in the full 31-card set (§10.2)."""
    b1, b2 = GUARD_MIXES[guards]
    return {"A1": 5, "A2": 3, "A3": 7, "B1": b1, "B2": b2, "C1": 2, "C2": 2, "C3": 2, "C4": 2}


def card_symbols_text(card: str) -> str:
    """The kanji printed on a card, in the order 宝, 罠, 無 (``宝・無``)."""
    syms = CARD_SYMBOLS[card]
    return "・".join(SYMBOL_KANJI[s] for s in (SYM_TREASURE, SYM_TRAP, SYM_NOTHING) if s in syms)


def _effect(card: str) -> tuple[str, str]:
    k = CARD_KINDS[card]
    who_en, who_ja = ("Rich Man", "富豪") if k.target == RICH else ("Thief", "泥棒")
    if k.family == FAMILY_TREASURE:
        s = "" if k.jewels == 1 else "s"
        return f"{who_en} +{k.jewels} jewel{s}", f"{who_ja} 宝石+{k.jewels}"
    if k.family == FAMILY_GUARD:
        return f"{who_en} +1 guard", f"{who_ja} 警備+1"
    s = "" if k.agents == 1 else "s"
    return f"{who_en} keeps it: {k.agents} agent{s}", f"{who_ja}が保持：エージェント{k.agents}"


CARD_EFFECTS: dict[str, tuple[str, str]] = {c: _effect(c) for c in CARDS}


def _short(card: str) -> tuple[str, str]:
    """The effect in two short lines (who, what) for the small cards lying on doors."""
    k = CARD_KINDS[card]
    who_en, who_ja = ("Rich Man", "富豪") if k.target == RICH else ("Thief", "泥棒")
    if k.family == FAMILY_TREASURE:
        return f"{who_en}\n+{k.jewels} jewel{'s' if k.jewels != 1 else ''}", \
            f"{who_ja}\n宝石+{k.jewels}"
    if k.family == FAMILY_GUARD:
        return f"{who_en}\n+1 guard", f"{who_ja}\n警備+1"
    # An agent card's count is its badge of sunglasses (``view.card_art``): no word for
    # agents fits a door's small card in Japanese.
    return f"{who_en} keeps", f"{who_ja}が\n保持"


CARD_SHORT: dict[str, tuple[str, str]] = {c: _short(c) for c in CARDS}
CARD_FAMILY_NAMES: dict[str, tuple[str, str]] = {
    FAMILY_TREASURE: ("Treasure card", "宝カード"),
    FAMILY_GUARD: ("Guard card", "警備カード"),
    FAMILY_AGENT: ("Agent card", "エージェントカード"),
}


def card_names(card: str) -> tuple[str, str]:
    """(English, Japanese) name: ``Treasure card 宝・無 (Thief +1 jewel)``."""
    k = CARD_KINDS[card]
    fam_en, fam_ja = CARD_FAMILY_NAMES[k.family]
    eff_en, eff_ja = CARD_EFFECTS[card]
    sym = card_symbols_text(card)
    return f"{fam_en} {sym} ({eff_en})", f"{fam_ja}{sym}（{eff_ja}）"


def agent_total(cards: list[str]) -> int:
    """Sunglasses on a player's held agent cards (MS-R04)."""
    return sum(AGENT_VALUE[c] for c in cards)


# ---------------------------------------------------------------------------------------------
# Numbers of the game
# ---------------------------------------------------------------------------------------------

JEWELS_TO_WIN = 8    # MS-R04
AGENTS_TO_LOSE = 4   # MS-R04
GUARDS_TO_CATCH = 4  # MS-R28, MS-G11
CARDS_PER_DOOR = 3   # MS-R14(b)
TREASURE_PER_DOOR = 2  # MS-R14(c)
STEAL_EVERY = 4      # MS-R22: the start card turns a full circle
RICH_WIN_JEWELS = 2  # MS-R17, MS-R28
