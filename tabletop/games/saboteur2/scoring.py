"""The end of a Saboteur 2 round: who can use the gold, who wins, what each is paid.

Rules follow the rules reference of Saboteur 2 (SB-R25..R31, SB-G03, SB-G04, SB-C1, SB-C2;
whether a trapped player still counts among the winners who share the gold is the
``trapped_winners`` option).
Everything here reads a state and returns the result; the model applies it.
"""

from __future__ import annotations

from typing import Any

from .data import (
    BLUE,
    BOSS_CUT,
    GOLD,
    GREEN,
    PAY_BY_WINNERS,
    PROFITEER_CUT,
    PROPOSED,
    R_BLUE,
    R_BOSS,
    R_GEOLOGIST,
    R_GREEN,
    R_PROFITEER,
    R_SABOTEUR,
    SHAPES,
)
from .maze import GOAL_KEYS, team_reach
from .state import Saboteur2State


def crystals(s: Saboteur2State) -> int:
    """SB-R31: crystals on the cards of the maze (the six proposed cards count only with the
    ``extra_crystals`` option, SB-G07)."""
    total = 0
    for sh in s.maze.values():
        shape = SHAPES[sh]
        if shape.crystals and (s.extra_crystals or shape.card not in PROPOSED):
            total += shape.crystals
    return total


def reachable_teams(s: Saboteur2State) -> tuple[bool, bool]:
    """SB-R25: (green can reach the gold, blue can reach it); both False when the gold is not
    in the maze."""
    slot = s.goals.index(GOLD) if GOLD in s.goals else -1
    if slot < 0 or not s.goal_up[slot]:
        return False, False
    target = GOAL_KEYS[slot]
    return team_reach(s.maze, SHAPES, target, BLUE), team_reach(s.maze, SHAPES, target, GREEN)


def winning_teams(completer_role: str, green: bool, blue: bool) -> list[str]:
    """SB-R26, SB-G03, SB-C1: the teams that win when a player of ``completer_role`` connects
    the gold and green / blue can reach it; [] is "gold not found" (SB-R27, SB-C2)."""
    if completer_role == R_GREEN:
        return [GREEN] if green else [BLUE] if blue else []
    if completer_role == R_BLUE:
        return [BLUE] if blue else [GREEN] if green else []
    return [t for t, ok in ((GREEN, green), (BLUE, blue)) if ok]


def pay_amount(winners: int) -> int:
    """SB-R29: what each winner gets with ``winners`` winners."""
    return PAY_BY_WINNERS.get(winners, 1)


def settle(s: Saboteur2State) -> dict[str, Any]:
    """The round's result: the winners, the teams, the gold paid per seat (SB-R25..R31)."""
    n = s.n
    trapped = [p for p in range(n) if s.trapped(p)]
    found = s.completer >= 0
    teams: list[str] = []
    if found:
        green, blue = reachable_teams(s)
        teams = winning_teams(s.roles[s.completer], green, blue)
    if teams:
        reason = "gold"
        side = {R_BOSS, R_PROFITEER} | {R_GREEN for t in teams if t == GREEN} | {
            R_BLUE for t in teams if t == BLUE}
    else:
        reason = "blocked" if found else "not_found"
        side = {R_SABOTEUR, R_PROFITEER}
    # SB-R28: trapped players are no winners (with the option they still count in N and get
    # nothing); geologists never are.
    winners = [p for p in range(n) if s.roles[p] in side and p not in trapped]
    sharers = sum(1 for p in range(n) if s.roles[p] in side) if s.trapped_count else \
        len(winners)
    pay = [0] * n
    amount = pay_amount(sharers)
    for p in winners:
        cut = BOSS_CUT if s.roles[p] == R_BOSS else PROFITEER_CUT if s.roles[p] == R_PROFITEER \
            else 0
        pay[p] = max(0, amount - cut)  # SB-R30
    geos = [p for p in range(n) if s.roles[p] == R_GEOLOGIST]
    free = [p for p in geos if p not in trapped]
    count = crystals(s)
    divisor = len(geos) if s.geo_all else len(free)  # SB-G04 and its option
    if free and divisor:
        for p in free:
            pay[p] = count // divisor  # SB-R31
    return {"found": found, "reason": reason, "completer": s.completer, "teams": teams,
            "winners": winners, "pay": pay, "crystals": count, "geologists": free,
            "roles": s.roles[:], "trapped": trapped}


def theft_order(s: Saboteur2State) -> list[int]:
    """SB-R32: untrapped Theft holders, the latest to play Theft first, then clockwise."""
    holders = [p for p in range(s.n) if "A-THF" in s.front[p] and not s.trapped(p)]
    if not holders:
        return []
    first = max(holders, key=lambda p: s.theft_at[p])
    return sorted(holders, key=lambda p: (p - first) % s.n)
