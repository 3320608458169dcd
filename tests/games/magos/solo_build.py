"""Helpers for Magos solo tests: build a battle position directly and run enemy turns."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.engine import CHANCE, Event
from tabletop.games.magos.data import ENEMIES, FIRST_GAME_HAND
from tabletop.games.magos.solo import MagosSoloGame, MagosSoloState, band_index
from tabletop.games.magos.words import SOLO_WORDS
from tabletop.testing.build import RulesKit

SOLO = MagosSoloGame()
KIT = RulesKit(SOLO, SOLO_WORDS)
say, play = KIT.say, KIT.play


def battle(
    enemy: str = "stone_gargoyle",
    hand: Sequence[str] = FIRST_GAME_HAND,
    dice: Sequence[int] = (),
    hp: int = 15,
    max_hp: int = 15,
    mana: int = 0,
    max_mana: int = 8,
    enemy_hp: int | None = None,
    turns: tuple[int, int] = (1, 0),
    dice_mode: str = "patch-v1.1",
    turn_limit: int = 40,
) -> MagosSoloState:
    """A main-phase position: the wizard to play with ``dice`` rolled on its turn
    ``turns[0]``, the enemy having taken ``turns[1]`` turns."""
    s = MagosSoloState(enemy, dice_mode, "first-game", turn_limit)
    e = ENEMIES[enemy]
    s.phase = "main"
    s.active = 0
    s.turns = list(turns)
    s.hp = [hp, e.hp if enemy_hp is None else enemy_hp]
    s.max_hp = [max_hp, e.hp]
    s.mana = [mana, 0]
    s.max_mana = [max_mana, 0]
    s.hands = [list(hand), []]
    s.revealed = [[True] * len(hand), []]
    s.dice = sorted(dice)
    s.used = [False] * len(dice)
    s.enemy_band = band_index(e, s.hp[1])
    return s


def resolve_chance(state: MagosSoloState, rng: random.Random | None = None,
                   stop_at_player_roll: bool = True) -> tuple[MagosSoloState, list[Event]]:
    """Resolve chance nodes (enemy dice, enemy steps) one node at a time.

    Stops at the wizard's own roll when ``stop_at_player_roll``, so a test can choose it.
    """
    rng = rng or random.Random(0)
    events: list[Event] = []
    while SOLO.current_player(state) == CHANCE:
        if stop_at_player_roll and state.phase == "roll":
            break
        outcomes = SOLO.chance_outcomes(state)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state, evs = SOLO.apply(state, SOLO.sample_chance(state, rng))
        events.extend(evs)
    return state, events


def enemy_turn(state: MagosSoloState) -> tuple[MagosSoloState, list[Event]]:
    """End the wizard's turn and resolve the enemy's; stop at the wizard's next roll."""
    state, events = play(state, "end")
    state, more = resolve_chance(state)
    return state, events + more


def player_roll(state: MagosSoloState, values: Sequence[int] | None = None) -> MagosSoloState:
    """Roll the wizard's dice: ``values`` (must have the right count) or the lowest faces."""
    assert state.phase == "roll"
    outcomes = [a for a, _ in SOLO.chance_outcomes(state)]
    action = outcomes[0] if values is None else "roll:" + "-".join(map(str, sorted(values)))
    assert action in outcomes
    state, _ = SOLO.apply(state, action)
    return state
