"""Mr. Sneaky's judge of a position for the AI's search: how likely the current Rich Man is to
win the game from here (``rich_win_chance``) and both seats' values made of it
(``seat_values``). The rules never read any of this.

The round is projected as if the Thief opened the closed doors in random order
(``treasure_chances``), and each way it may end is weighed by the chance of winning the game
from the score it leaves (``WIN``, a table worked out once from how rounds between random
players end).
"""

from __future__ import annotations

import math
from functools import lru_cache

from .data import (
    AGENTS_TO_LOSE,
    CARD_KINDS,
    GUARDS_TO_CATCH,
    JEWELS_TO_WIN,
    NOTHING,
    RICH,
    RICH_WIN_JEWELS,
    TILE_SYMBOL,
    TRAP1,
    TRAP_GUARDS,
    TREASURE,
    agent_total,
)
from .state import SneakyState

#: How a round between two random players ends: (Rich Man's jewels, Thief's jewels, share),
#: measured over 20,000 seeded rounds from 0-0 (the 17 commonest results, 97% of the rounds,
#: scaled to sum to 1). It only shapes ``WIN``: how much a jewel is worth at each score.
ROUND_OUTCOMES: tuple[tuple[int, int, float], ...] = (
    (0, 4, .217), (2, 0, .194), (0, 3, .117), (0, 2, .081), (3, 0, .081), (2, 1, .051),
    (2, 2, .042), (0, 1, .041), (0, 5, .031), (3, 1, .022), (3, 2, .017), (4, 0, .016),
    (0, 6, .015), (2, 3, .014), (1, 2, .010), (1, 3, .008), (1, 1, .008),
)


def after_round(table: list[list[float]], rich: float, thief: float) -> float:
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
    ``ROUND_OUTCOMES`` says. Every round pays someone, so it fills from high totals down."""
    total = sum(p for _, _, p in ROUND_OUTCOMES)
    outcomes = [(a, b, p / total) for a, b, p in ROUND_OUTCOMES]
    n = JEWELS_TO_WIN
    table = [[0.5] * n for _ in range(n)]
    for both in range(2 * n - 2, -1, -1):
        for x in range(max(0, both - n + 1), min(n, both + 1)):
            y = both - x
            table[x][y] = sum(p * after_round(table, x + a, y + b) for a, b, p in outcomes)
    return table


WIN = _win_table()


def _after_round_mean(rich: float, thief: float) -> float:
    """``after_round`` at fractional jewel counts (expected bonuses), interpolated."""
    r0, t0 = int(rich), int(thief)
    fr, ft = rich - r0, thief - t0
    v = (1.0 - fr) * (1.0 - ft) * after_round(WIN, r0, t0)
    if fr:
        v += fr * (1.0 - ft) * after_round(WIN, r0 + 1, t0)
    if ft:
        v += (1.0 - fr) * ft * after_round(WIN, r0, t0 + 1)
        if fr:
            v += fr * ft * after_round(WIN, r0 + 1, t0 + 1)
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
def treasure_chances(budget: int, costs: tuple[int, ...]) -> tuple[float, ...]:
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


def rich_win_chance(s: SneakyState) -> float:
    """The chance that the current Rich Man wins the game: how the round may end from here
    (``treasure_chances`` over the true faces of a drawn state, with the cards that lie on
    the doors), each ending weighed by ``WIN`` at the score it leaves."""
    rich = s.rich
    jr, jt = s.jewels[rich], s.jewels[1 - rich]
    if not s.doors[0] or TREASURE not in s.doors:  # between rounds: only the score counts
        return WIN[min(jr, JEWELS_TO_WIN - 1)][min(jt, JEWELS_TO_WIN - 1)]
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
    chances = treasure_chances(max(1, _CAUGHT - half), tuple(sorted(costs)))
    for c, q in enumerate(chances):
        if q:
            found += q
            gain = GUARDS_TO_CATCH - (half + c) // 2 + treasure_bonus  # MS-R29
            p += q * _after_round_mean(jr + rich_bonus, jt + thief_bonus + gain)
    return p + (1.0 - found) * _after_round_mean(jr + RICH_WIN_JEWELS + rich_bonus,
                                                 jt + thief_bonus)


def seat_values(s: SneakyState) -> list[float | None]:
    """Both seats' values of a position not yet over, in [-1, 1] (the game is zero-sum, so
    one projection serves both): ``rich_win_chance`` mapped to [-1, 1], less a penalty for
    agents held."""
    rich = s.rich
    if rich < 0:  # the first Rich Man is not drawn yet
        return [0.0, 0.0]
    v = 2.0 * rich_win_chance(s) - 1.0
    # Agents carry over between rounds and the fourth loses the game (MS-R04): a player one
    # card away is in real danger, which no jewel count shows.
    for p_, sign in ((rich, -1.0), (1 - rich, 1.0)):
        a = agent_total(s.agents[p_])
        v += sign * (0.06 * a + (0.35 if a >= AGENTS_TO_LOSE - 1 else 0.0))
    v = min(1.0, max(-1.0, v))
    return [v, -v] if rich == 0 else [-v, v]
