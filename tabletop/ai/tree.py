"""What both tree searches share: the node of a search tree, the budget that ends a search,
the walk through chance to the next decision, and the playout below a new node.

``mcts`` searches one tree from the searching seat's guesses of the hidden facts; ``mo_ismcts``
keeps a tree per seat for games whose moves others see only in part. These pieces are the same
in both, and live here once.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from tabletop.engine.game import CHANCE, TERMINAL, Game

from .base import Decision, visit_margins


class Node:
    """Statistics of one edge (the action that led here) and the children below it.

    ``mover`` is the seat that chose the edge into this node; ``total`` sums that seat's
    rewards. ``avail`` counts the visits of the parent at which this action was legal (kept
    only in the mover's own tree, where it selects).
    """

    __slots__ = ("alt", "avail", "children", "mover", "player", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.mover = mover
        self.player = -1
        self.alt: dict[int, Node] | None = None

    def holder(self, player: int) -> Node:
        """The node whose children hold ``player``'s actions here.

        A position reached by one action sequence usually has the same player to move in
        every guess; when chance decides otherwise, that player's actions get their own
        children so that seats never share statistics.
        """
        if self.player == player:
            return self
        if self.player < 0:
            self.player = player
            return self
        if self.alt is None:
            self.alt = {}
        node = self.alt.get(player)
        if node is None:
            node = Node(self.mover)
            node.player = player
            self.alt[player] = node
        return node

    def find(self, player: int) -> Node | None:
        """``holder`` without creating anything."""
        if self.player == player:
            return self
        return None if self.alt is None else self.alt.get(player)


def select(children: dict[str, Node], actions: Sequence[str], c: float,
           randrange: Any) -> tuple[str, Node | None]:
    """The action a search takes at a node: an action with no child yet, drawn at random
    among them (``None`` as its child: the caller expands it), else the child with the best
    UCB1 score over the visits at which it was available. Every existing child is counted
    available, as it is legal here."""
    untried: list[str] | None = None
    best: Node | None = None
    best_action = ""
    best_score = -math.inf
    for a in actions:
        child = children.get(a)
        if child is None:
            if untried is None:
                untried = [a]
            else:
                untried.append(a)
            continue
        child.avail += 1
        if untried is None:
            n = child.visits
            score = child.total / n + c * math.sqrt(math.log(child.avail) / n)
            if score > best_score:
                best_score = score
                best = child
                best_action = a
    if untried is not None:
        return (untried[randrange(len(untried))] if len(untried) > 1 else untried[0]), None
    return best_action, best


@dataclass(frozen=True)
class Guide:
    """What a game tells its searches (``Game.playout_action``, ``search_actions``,
    ``playout_depth``), or nothing: hooks a game does not override are ``None`` here, so its
    searches draw the same random numbers as they always did."""

    policy: Callable[[Any, Sequence[str], random.Random], str | None] | None = None
    prune: Callable[[Any, list[str]], list[str]] | None = None
    depth: int | None = None


def guide(game: Game[Any], guided: bool = True) -> Guide:
    """The game's guidance for a search (none at all with ``guided`` off, to measure it)."""
    if not guided:
        return Guide()
    kind = type(game)
    return Guide(
        game.playout_action if kind.playout_action is not Game.playout_action else None,
        game.search_actions if kind.search_actions is not Game.search_actions else None,
        game.playout_depth())


def decided(children: dict[str, Node], legal: Sequence[str], action: str, done: int,
            start: float, cancelled: bool) -> Decision:
    """The decision for ``action`` after a search of ``done`` iterations begun at ``start``
    (a ``time.perf_counter`` reading), with every searched move's visits and value."""
    best = children[action]
    visits = {a: children[a].visits for a in legal if a in children}
    return Decision(
        action,
        iterations=done,
        seconds=time.perf_counter() - start,
        value=best.total / best.visits,
        visits=visits,
        values={a: children[a].total / children[a].visits for a in legal
                if a in children and children[a].visits},
        margins=visit_margins(visits, action),
        cancelled=cancelled,
    )


class Budget:
    """When a search stops: after ``iterations`` iterations, when ``cancel`` is set, or past
    ``deadline`` (a ``time.perf_counter`` reading)."""

    __slots__ = ("_clock", "_is_cancelled", "deadline", "iterations")

    def __init__(self, iterations: int, deadline: float,
                 is_cancelled: Callable[[], bool] | None) -> None:
        self.iterations = iterations
        self.deadline = deadline
        self._is_cancelled = is_cancelled
        self._clock = time.perf_counter

    def more(self, done: int) -> bool:
        """Whether a search that has completed ``done`` iterations runs another."""
        if done >= self.iterations:
            return False
        if self._is_cancelled is not None and self._is_cancelled():
            return False
        # The cap ends a search, never keeps it from its first iteration: on a machine too
        # busy to search at all within the cap, a move searched once beats an arbitrary one.
        return not done or self._clock() <= self.deadline


def decision_walker(game: Game[Any],
                    prune: Callable[[Any, list[str]], list[str]] | None = None,
                    ) -> Callable[[Any, random.Random, int], tuple[int, list[str], int]]:
    """A function ``(state, rng, steps) -> (player, actions, steps)`` that plays ``state`` on
    in place through chance to the next decision: whose it is and the actions the search
    weighs there (the legal ones, through the game's ``prune``), counting the actions applied
    on top of the ``steps`` already taken. At the end of the game, or once the game's length
    cap is reached, the player is ``TERMINAL`` and there are no actions."""
    current_player = game.current_player
    legal_actions = game.legal_actions
    apply = game.apply_in_place
    sample_chance = game.sample_chance
    length_cap = game.max_game_length()

    def walk(state: Any, rng: random.Random, steps: int) -> tuple[int, list[str], int]:
        while steps < length_cap:
            player = current_player(state)
            if player != CHANCE:
                if player < 0:
                    break
                actions = legal_actions(state)
                if prune is not None:
                    actions = prune(state, actions)
                return player, actions, steps
            apply(state, sample_chance(state, rng))
            steps += 1
        return TERMINAL, [], steps

    return walk


def playout(game: Game[Any], state: Any, rng: random.Random, depth_limit: float,
            steps: int, length_cap: int,
            policy: Callable[[Any, Sequence[str], random.Random], str | None] | None = None,
            ) -> tuple[Sequence[float], int]:
    """Play ``state`` on in place below a new node and judge it: random decisions (the game's
    ``policy``, else uniform) and chance until ``depth_limit`` decisions have been made, then
    the game's heuristic for every seat (or, where it has none, on to the end), the real
    returns if the game ends first. ``steps`` actions were applied on the way down; no more
    than ``length_cap`` are. Returns the rewards per seat and the steps taken in all."""
    current_player = game.current_player
    legal_actions = game.legal_actions
    apply = game.apply_in_place
    sample_chance = game.sample_chance
    randrange = rng.randrange
    decisions = 0
    limit = depth_limit
    while True:
        player = current_player(state)
        if player < 0:
            if player == TERMINAL:
                return game.returns(state), steps
            apply(state, sample_chance(state, rng))
            steps += 1
            continue
        if decisions >= limit:
            values = game.heuristics(state)
            if None in values:
                limit = math.inf
            else:
                return cast("list[float]", values), steps
        if steps >= length_cap:
            return game.returns(state), steps
        actions = legal_actions(state)
        chosen = None if policy is None else policy(state, actions, rng)
        apply(state, actions[randrange(len(actions))] if chosen is None else chosen)
        decisions += 1
        steps += 1
