"""Exact play of a Magos solo battle under patch v1.1 (MG-R54, MG-T2).

With the patch the enemy does not roll: the faces of its *n*-th turn are printed in MG-T2 and
every effect is fixed by its HP band (MG-R56). The only chance left in a battle is the player's
own dice. A battle is then a one-player game against those dice, small enough to solve: from
a position, the best the player can do is the expected result of expectimax over every roll and
every way of casting it, and a solved position is never searched again.

``SoloSolver`` does that with the game's own rules (``MagosSoloGame.apply_in_place``), so no
spell is written twice. Positions are merged on what decides their future: the dice not yet
used count by value, not by which of the rolled dice they were, and the spells already cast this
turn by name. The value of a position is the expected return of the battle (1 a win, -1 a loss,
0 the draw of the turn limit, MG-R42) for the best play. The moves of a position are searched
in the order the game's heuristic likes them, and a move within ``SURE`` of a certain win ends
the search of its position: nothing else can do more than that much better, so every value is
exact to within a thousandth. Among the moves of equal value at the position being decided,
the heuristic's favourite is played (the blow that ends the battle now rather than a Harmony
cast for nothing, or ending the turn). Nothing in a solo state is hidden from the player, so
the solver sees only what the player sees.

Solving a battle from its first turn takes some 10^4 to 10^6 positions: from a second to half a
minute, the most where both sides heal and battles run long. One solver serves every battle with
the same enemy, hand and options, so ``solver_for`` keeps the last one, and a solve that is
stopped keeps what it finished.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.api import CHANCE, TERMINAL, Game

from .data import SPELL_IDS
from .model import Phase

# A battle state (``solo.MagosSoloState``) and its game (``solo.MagosSoloGame``); the solo
# module imports this one, so they are not named here.
Battle = Any

#: Values closer than this are equal: the sums of a chance node's children differ in the last
#: bits with the order they were added in.
TIE = 1e-9
#: The value of a certain win (the best return of a battle).
WIN = 1.0
#: A move within this of a certain win ends the search of its position: nothing can do more
#: than this much better, so every value the solver gives is exact to within it (a twentieth
#: of a percentage point of win chance).
SURE = 1e-3
#: How many positions the solver works through between two looks at its stop switch.
_CHECK_EVERY = 2048

# The phases a battle passes through; the last two are the solo module's enemy phases
# (``solo.Phase.ENEMY``, ``solo.Phase.ENEMY_ROLL``), which imports this one.
_PHASES = {Phase.ROLL: 0, Phase.MAIN: 1, Phase.CAST: 2, "enemy": 3, "enemy_roll": 4}
_SPELL_BIT = {sp: 1 << i for i, sp in enumerate(SPELL_IDS)}
_SPELL_NUMBER = {sp: i + 1 for i, sp in enumerate(SPELL_IDS)}


class Stopped(Exception):
    """The solve was asked to stop; positions finished so far stay solved."""


def position_key(s: Battle) -> int:
    """What decides the rest of a battle from ``s`` (the hand, enemy and options are the
    solver's own), packed in one integer: two states with the same key have the same value.

    Each number gets the bits its range needs and more (turns at most 60 in 6 bits, HP 25 in
    5, mana 8 in 4, a spell's number 28 in 5); the spells cast this turn are one bit each; the
    dice not yet used (by value) and the dice of the cast under way (in the order assigned)
    are base-7 numbers of at most four digits 1-6, 12 bits each. So no two positions share a
    key, and a key takes a few dozen bytes where a tuple of the fields would take hundreds."""
    t: list[int] = s.turns
    hp: list[int] = s.hp
    done = 0
    for sp in s.cast_done:
        done |= _SPELL_BIT[sp]
    left = 0
    for v in sorted([v for v, u in zip(s.dice, s.used, strict=True) if not u]):
        left = left * 7 + v
    cast = 0
    for v in s.cast_dice:
        cast = cast * 7 + v
    k: int = (((((t[0] * 64 + t[1]) * 32 + hp[0]) * 32 + hp[1]) * 16 + s.max_hp[0]) * 16
              + s.mana[0]) * 16 + s.max_mana[0]
    k = ((((k * 8 + s.enemy_next) * 4 + s.enemy_band) * 8 + _PHASES[s.phase]) * 2
         + s.active) * 32 + _SPELL_NUMBER.get(s.casting, 0)
    return (((((k << 32) | done) << 12) | left) << 12) | cast


class _Frame:
    """A position being solved: its moves (with their chances at a chance node) and what the
    moves worked through so far add up to."""

    __slots__ = ("chance", "i", "key", "moves", "total")

    def __init__(self, key: int, moves: list[tuple[Battle, float]],
                 chance: bool) -> None:
        self.key = key
        self.moves = moves
        self.chance = chance
        self.i = 0
        self.total = 0.0 if chance else -WIN


class SoloSolver:
    """The exact value of the positions of one kind of battle: one enemy, one hand, patch
    dice, one turn limit."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.memo: dict[int, float] = {}

    def value(self, state: Battle, stop: Callable[[], bool] | None = None) -> float:
        """The value of ``state`` for the player; ``Stopped`` when ``stop()`` turns true."""
        found = self._known(state)
        if found is not None:
            return found
        return self._solve(state, stop)

    def action_values(self, state: Battle, legal: Sequence[str],
                      stop: Callable[[], bool] | None = None) -> dict[str, float]:
        """The value of each action in ``legal`` (the player's turn)."""
        return {a: self.value(self._child(state, a), stop) for a in legal}

    def best_action(self, state: Battle, values: dict[str, float]) -> str:
        """The action to play from ``state`` among ``values``: the best value, and among
        equal values the best by the game's heuristic (in ``values``' order at a tie). Moves
        within ``SURE`` of a certain win all count as certain wins, since the search of each
        stopped as soon as it was that sure."""
        if not values:
            raise ValueError("No action to choose from.")
        top = max(values.values())
        equal = SURE if top >= WIN - SURE else TIE
        pick, pick_h = "", -2.0
        for action, v in values.items():
            if v >= top - equal:
                h = self.game.heuristic(self._child(state, action), 0)
                h = -2.0 if h is None else h
                if not pick or h > pick_h + TIE:
                    pick, pick_h = action, h
        return pick

    # -- the search ---------------------------------------------------------------------------
    def _child(self, state: Battle, action: str) -> Battle:
        child = state.clone()
        child.quiet = True
        self.game.apply_in_place(child, action)
        return child

    def _known(self, state: Battle) -> float | None:
        if self.game.current_player(state) == TERMINAL:
            return self.game.returns(state)[0]
        return self.memo.get(position_key(state))

    def _frame(self, state: Battle, key: int) -> _Frame:
        game = self.game
        if game.current_player(state) == CHANCE:
            return _Frame(key, [(self._child(state, a), p)
                                for a, p in game.chance_outcomes(state)], True)
        # The heuristic's favourite first: where one move wins for sure, it is usually that
        # one, and the search of the others is spared.
        moves = [(child, game.heuristic(child, 0) or 0.0)
                 for child in (self._child(state, a) for a in game.legal_actions(state))]
        moves.sort(key=lambda m: -m[1])
        return _Frame(key, moves, False)

    def _solve(self, root: Battle, stop: Callable[[], bool] | None) -> float:
        """Expectimax from ``root`` with an explicit stack (a battle of the longest turn limit
        is deeper than Python's recursion allows)."""
        memo = self.memo
        game = self.game
        stack = [self._frame(root, position_key(root))]
        count = 0
        while True:
            f = stack[-1]
            if f.i < len(f.moves):
                count += 1
                if stop is not None and count % _CHECK_EVERY == 0 and stop():
                    raise Stopped
                child = f.moves[f.i][0]
                if game.current_player(child) == TERMINAL:
                    self._take(f, game.returns(child)[0])
                    continue
                key = position_key(child)
                got = memo.get(key)
                if got is None:
                    stack.append(self._frame(child, key))
                else:
                    self._take(f, got)
                continue
            memo[f.key] = f.total
            stack.pop()
            if not stack:
                return f.total
            self._take(stack[-1], f.total)

    @staticmethod
    def _take(f: _Frame, got: float) -> None:
        """Count the value of ``f``'s current move and go on to the next."""
        if f.chance:
            f.total += f.moves[f.i][1] * got
            f.i += 1
            return
        if got > f.total:
            f.total = got
        # Nothing beats a certain win by more than SURE: the other moves need no search.
        f.i = len(f.moves) if got >= WIN - SURE else f.i + 1


#: The solver kept, by enemy, hand, dice mode and turn limit: a campaign meets one enemy at a
#: time, and a benchmark process one after another.
_KEPT: dict[tuple[str, tuple[str, ...], str, int], SoloSolver] = {}
_KEEP = 1


def solver_for(game: Game[Any], enemy: str, hand: tuple[str, ...], dice_mode: str,
               turn_limit: int) -> SoloSolver:
    """The solver of battles against ``enemy`` with ``hand`` (kept, so that every decision
    and every battle of that kind reuses what was solved; any instance of the game applies
    the same rules)."""
    key = (enemy, hand, dice_mode, turn_limit)
    solver = _KEPT.pop(key, None)
    if solver is None:
        solver = SoloSolver(game)
    _KEPT[key] = solver  # the most recently used last
    while len(_KEPT) > _KEEP:
        del _KEPT[next(iter(_KEPT))]
    return solver
