"""National Economy's payday rule: which buildings a player short of wages may sell (the
over-selling rule, NE-R50..NE-R54). One place decides: the rules model refuses a sale with
these answers, and the table dims what no legal sale can include and lists the legal ones.
Pure functions of the buildings' values, so the view may call them on an observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.api import Msg

from .data import BUILDING_VALUE, SELLABLE

SaleProblem = tuple[Any, ...]


def sale_problem(selected: Sequence[int], sellable: Sequence[int],
                 shortfall: int) -> SaleProblem | None:
    """Why selling buildings worth ``selected`` is not a legal sale; ``None`` if it is.

    ``sellable`` holds the values of every sellable building the player owns (``selected``
    is a sub-multiset of it) and ``shortfall`` is wages owed minus cash (NE-R53). Answers:
    ``("not_short",)`` (NE-R54), ``("over", cheapest, total, shortfall)`` (principle 3: the
    cheapest building sold was not needed) and ``("short", total, shortfall)`` (principle 1).
    """
    if shortfall <= 0:
        return ("not_short",) if selected else None
    total = sum(selected)
    if selected:
        cheapest = min(selected)
        # Principle 3 holds for every building iff it holds for the cheapest one.
        if total - cheapest >= shortfall:
            return ("over", cheapest, total, shortfall)
    if total < shortfall and len(selected) < len(sellable):
        return ("short", total, shortfall)
    return None


def can_complete(selected: Sequence[int], rest: Sequence[int], shortfall: int) -> bool:
    """Whether some legal sale (NE-R53) contains ``selected`` plus a sub-multiset of ``rest``.

    Over-selling only gets worse as buildings are added, so a branch that over-sells is cut.
    """
    total = sum(selected)
    if selected and total - min(selected) >= shortfall:
        return False
    if total >= shortfall or not rest:
        return True  # covered already, or the selection is everything the player can sell
    values = sorted(rest, reverse=True)
    if total + sum(values) - min([*selected, *values]) < shortfall:
        return True  # selling everything does not over-sell

    def search(i: int, tot: int, low: int) -> bool:
        for j in range(i, len(values)):
            if j > i and values[j] == values[j - 1]:
                continue  # an equal value gives the same sales
            v = values[j]
            t = tot + v
            lo = v if low < 0 else min(low, v)
            if t - lo >= shortfall:
                continue
            if t >= shortfall or search(j + 1, t, lo):
                return True
        return False

    return search(0, total, min(selected) if selected else -1)


def sale_message(problem: SaleProblem) -> Msg:
    """A ``sale_problem`` answer as the rule's message."""
    code = problem[0]
    if code == "over":
        return Msg("sale.over", cheapest=problem[1], total=problem[2], short=problem[3])
    if code == "short":
        return Msg("sale.short", total=problem[1], short=problem[2])
    if code in ("unsellable", "not_owned"):
        return Msg(f"sale.{code}", card=problem[1])
    if code in ("not_short", "dead_end"):
        return Msg(f"sale.{code}")
    return Msg("sale.other")


def _selection_problem(buildings: Sequence[str], selection: Sequence[str]) -> SaleProblem | None:
    """Whether ``selection`` names sellable buildings the player really owns."""
    left: dict[str, int] = {}
    for b in buildings:
        left[b] = left.get(b, 0) + 1
    for b in selection:
        if b not in SELLABLE:
            return ("unsellable", b)
        if left.get(b, 0) <= 0:
            return ("not_owned", b)
        left[b] -= 1
    return None


def sale_reason(buildings: Sequence[str], selection: Sequence[str], cash: int, due: int,
                values: Mapping[str, int] | None = None) -> Msg | None:
    """Why selling ``selection`` out of ``buildings`` (a player's own area) is not a legal
    complete sale when ``due`` is owed with ``cash`` in hand; ``None`` if it is (NE-R53).
    ``values`` replaces the asset values as sale prices (solo variant B pays half)."""
    price = BUILDING_VALUE if values is None else values
    problem = _selection_problem(buildings, selection)
    if problem is None:
        sellable = [price[b] for b in buildings if b in SELLABLE]
        problem = sale_problem([price[b] for b in selection], sellable, due - cash)
    return None if problem is None else sale_message(problem)


def sale_selections(buildings: Sequence[str], cash: int, due: int,
                    values: Mapping[str, int] | None = None
                    ) -> list[tuple[tuple[str, ...], Msg | None]]:
    """Every distinct selection of sellable buildings (as a sorted tuple of ids) with ``None``
    when it is a legal sale and otherwise the reason it is not (NE-R53, NE-R54); ``values``
    as for ``sale_reason``."""
    counts: dict[str, int] = {}
    for b in buildings:
        if b in SELLABLE:
            counts[b] = counts.get(b, 0) + 1
    kinds = sorted(counts)
    out: list[tuple[tuple[str, ...], Msg | None]] = []

    def rec(i: int, chosen: list[str]) -> None:
        if i == len(kinds):
            sel = tuple(chosen)
            out.append((sel, sale_reason(buildings, sel, cash, due, values)))
            return
        for k in range(counts[kinds[i]] + 1):
            rec(i + 1, chosen + [kinds[i]] * k)

    rec(0, [])
    return out
