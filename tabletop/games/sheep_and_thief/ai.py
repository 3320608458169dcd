"""The AI's guides for Sheep & Thief: a cheap playout policy for the thief and the dogs, and the
value of a position for a seat (points, exposed sheep discounted, the promise of the hand and
of unfinished roads). Read by the model's AI
hooks; the generic search agents are in tabletop.ai.

Both read the options as the rules do: which sheep are sheltered (the house only where it
shelters, ST-G11), whether the thief may stop early (ST-G09) and where it steals (ST-G10)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .data import (
    ADJACENT,
    CARDS,
    CELL_OF_TEXT,
    NEIGHBOUR,
    PLACED_PER_ROUND,
    ROUNDS,
    SOUTH_TOWN,
    TOWN_EXITS,
    TOWN_POINTS,
    Card,
    row_col,
)
from .moves import STOP
from .sheet import card_at, road_network, towns_reached
from .state import SheepState

HALT = "halt"


def _protected(s: SheepState, seat: int, cell: int) -> bool:
    return s.sheltered(seat, cell)


def theft_gain(s: SheepState, mover: int, cell: int) -> int:
    """What one thief step onto ``cell`` is worth to ``mover``: sheep won from the others
    minus own sheep lost (ST-R23)."""
    gain = 0
    for p in range(s.n):
        k = s.sheep[p][cell]
        if k and not _protected(s, p, cell):
            gain += -k if p == mover else k
    return gain


def _walk_end_gain(s: SheepState, cell: int, steps: int) -> int:
    """ST-G10 option last-step: the most a walk of ``steps`` more steps from ``cell`` can end
    on (fewer steps too where the thief may stop early, ST-G09)."""
    ends = {cell}
    best = theft_gain(s, s.turn, cell) if s.thief_may_stop or not steps else -10**6
    for k in range(steps):
        ends = {b for a in ends for b in ADJACENT[a]}
        if s.thief_may_stop or k == steps - 1:
            best = max(best, max(theft_gain(s, s.turn, c) for c in ends))
    return best


def _step_value(s: SheepState, a: str) -> int:
    """What a thief move is worth to its mover by the options' theft: the sheep of the cell
    entered, or, where the thief steals only where it stops, of the best end of the walk."""
    if a == HALT:  # the walk ends here: a thief that never moved steals nothing
        moved = len(s.thief_path) > 1
        return theft_gain(s, s.turn, s.thief) if s.steals_last and moved else 0
    cell = CELL_OF_TEXT[a[6:]]
    if s.steals_last:
        return _walk_end_gain(s, cell, s.thieves_left - 1)
    return theft_gain(s, s.turn, cell)


def best_thief_step(s: SheepState, legal: Sequence[str], rng: random.Random) -> str:
    """The step that steals most (ties broken at random): a cheap playout policy."""
    best: list[str] = []
    top = -10**6
    for a in legal:
        g = _step_value(s, a)
        if g > top:
            best, top = [a], g
        elif g == top:
            best.append(a)
    return best[rng.randrange(len(best))]


def best_dog_move(s: SheepState, legal: Sequence[str], rng: random.Random) -> str:
    """Move an exposed flock into shelter when one can be; otherwise rest the dogs."""
    seat = s.turn
    for a in legal:
        if a == f"dog:{STOP}":
            continue
        src, _, dst = a[4:].partition(">")
        i, j = CELL_OF_TEXT[src], CELL_OF_TEXT[dst]
        if not _protected(s, seat, i) and _protected(s, seat, j):
            return a
    return f"dog:{STOP}"


def _card_promise(card: Card) -> float:
    """Roughly what a card in hand is worth once placed: its sheep, a share of a town or a
    river, the sheep its thieves may steal, a hut's shelter."""
    return (0.9 * card.sheep + 0.6 * card.thieves + 0.3 * card.dogs
            + (0.6 if card.roads else 0.0) + (0.8 if card.rivers else 0.0)
            + (0.5 if card.hut else 0.0))


def _road_promise(s: SheepState, seat: int) -> float:
    """A share of each town not yet reached, larger as the road network's open ends come
    nearer to it."""
    cards, down = s.sheets[seat], s.down[seat]
    net = road_network(cards, down)
    reached = set(towns_reached(cards, down, s.two_towns))
    ends: list[int] = []
    for cell in net:
        card = card_at(cards, down, cell)
        assert card is not None
        for e in card.roads:
            n = NEIGHBOUR[cell][e]
            if n is not None and not cards[n]:
                ends.append(n)
    if not ends:
        return 0.0
    value = 0.0
    for town, exits in TOWN_EXITS.items():
        if town in reached or (s.two_towns and town == SOUTH_TOWN):
            continue
        goal = exits[0][0]
        gr, gc = row_col(goal)
        d = min(abs(r - gr) + abs(c - gc) for r, c in map(row_col, ends))
        value += TOWN_POINTS[town] * 0.5 * max(0.0, 1.0 - d / 5.0)
    return value


def position_value(s: SheepState, seat: int) -> float:
    """A seat's points with its exposed sheep discounted (the thief may still take them), and
    the promise of its hand and of its unfinished roads (so that a search that stops in the
    draft or early in the placement still tells good cards from bad)."""
    value = float(s.total(seat))
    sheep = s.sheep[seat]
    for i in range(len(sheep)):
        if sheep[i] and not _protected(s, seat, i):
            value -= 0.3 * sheep[i]
    hand = s.hands[seat]
    if s.round < ROUNDS or s.placed[seat] < PLACED_PER_ROUND:
        value += 0.6 * sum(_card_promise(CARDS[c]) for c in hand)
    value += _road_promise(s, seat)
    return value
