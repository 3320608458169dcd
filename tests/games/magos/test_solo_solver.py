"""Magos solo under patch v1.1: hard plays a battle exactly (``solver``).

The enemy's faces are printed (MG-R54, MG-T2), so the only chance is the wizard's own dice and
the value of a position can be worked out by hand where the dice decide it in one roll.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.ai.base import CancelFlag
from tabletop.ai.levels import make_agent
from tabletop.engine import CHANCE, TERMINAL
from tabletop.games.magos import solo as solo_module
from tabletop.games.magos import solver as solver_module
from tabletop.games.magos.data import FIRST_GAME_HAND
from tabletop.games.magos.solo import MagosSoloState
from tabletop.games.magos.solver import SURE, SoloSolver, position_key, solver_for
from tests.games.magos.solo_build import SOLO, battle

FOUND_INTRUDER = ["harmony", "healing", "meditation", "ring_of_fire", "wrath"]


def _at_roll(s: MagosSoloState) -> MagosSoloState:
    """The same position one step earlier: the wizard's dice not yet rolled."""
    s.phase = "roll"
    s.dice, s.used = [], []
    return s


def _last_chance(hand: list[str]) -> MagosSoloState:
    # The Monstrous Fish at 4 HP; the wizard at 1 HP rolls two dice on turn 2 (MG-R20). Its
    # second turn shows 3 and 5 (MG-T2): 3 misses and 5 deals 3 (MG-T3), so the wizard wins
    # on this roll or not at all.
    return _at_roll(battle("monstrous_fish", hand, hp=1, enemy_hp=4, turns=(2, 1)))


def test_a_battle_decided_by_one_roll_has_the_value_worked_out_by_hand() -> None:
    # MG-S20 Gale: a pair deals its value, so only 4-4, 5-5 and 6-6 kill: 3 rolls of 36.
    value = SoloSolver(SOLO).value(_last_chance(["harmony", "gale"]))
    assert value == pytest.approx(3 / 36 - 33 / 36, abs=1e-12)
    # MG-S10 Wrath, mode b: a die above the wizard's 1 HP deals 4. Only 1-1 fails (and then
    # Wrath's 1 and Gale's 1 make 2 of the 4 needed).
    value = SoloSolver(SOLO).value(_last_chance(["harmony", "gale", "wrath"]))
    assert value == pytest.approx(35 / 36 - 1 / 36, abs=1e-12)


def _reference(s: MagosSoloState, memo: dict[str, float]) -> float:
    """Expectimax by the book: every state told apart by its whole saved form."""
    player = SOLO.current_player(s)
    if player == TERMINAL:
        return SOLO.returns(s)[0]
    k = json.dumps(SOLO.state_to_json(s), sort_keys=True)
    if k in memo:
        return memo[k]
    if player == CHANCE:
        v = sum(p * _reference(SOLO.apply(s, a)[0], memo) for a, p in SOLO.chance_outcomes(s))
    else:
        v = max(_reference(SOLO.apply(s, a)[0], memo) for a in SOLO.legal_actions(s))
    memo[k] = v
    return v


@pytest.mark.parametrize("enemy, hp, enemy_hp, mana, dice, turns, limit", [
    # MG-T3 a-17: the Intruder in its 11-15 band, four turns in (MG-R56.1); the battle is
    # drawn after its fifth turn (MG-R42), so this turn decides.
    ("intruder", 5, 12, 3, [2, 3, 5, 6], (5, 4), 5),
    # a-14: the Earth Dragon's lower band (MG-R57), the first-game spells with a pair for
    # Resonance (MG-S04), and one more roll of three dice (MG-R20) before the limit.
    ("earth_dragon", 4, 9, 3, [4, 4], (2, 1), 3),
])
def test_merged_positions_keep_the_values_of_a_search_that_merges_nothing(
        enemy: str, hp: int, enemy_hp: int, mana: int, dice: list[int],
        turns: tuple[int, int], limit: int) -> None:
    # The solver merges positions on the dice left by value and the spells cast by name
    # (``position_key``); a search that tells every state apart must find the same values.
    hand = FOUND_INTRUDER if enemy == "intruder" else FIRST_GAME_HAND
    s = battle(enemy, hand, dice=dice, hp=hp, enemy_hp=enemy_hp, mana=mana, turns=turns,
               turn_limit=limit)
    solver = SoloSolver(SOLO)
    memo: dict[str, float] = {}
    found = set()
    for action in SOLO.legal_actions(s):
        child = SOLO.apply(s, action)[0]
        value = solver.value(child)
        # Exact but where a move wins for sure, within SURE (``solver.SURE``).
        assert value == pytest.approx(_reference(child, memo), abs=SURE)
        found.add(round(value, 6))
    assert len(found) >= 2  # the moves differ in worth: the comparison means something


def test_hard_plays_the_solved_move_and_the_hint_gets_every_moves_value() -> None:
    # Dice 1 and 5 against the Fish at 4 HP: Wrath on the 5 wins at once (MG-S10 mode b);
    # ending the turn loses to the Fish's 3 damage. Harmony first would win as surely; the
    # blow that ends the battle is the one the heuristic prefers.
    s = battle("monstrous_fish", ["harmony", "gale", "wrath"], dice=[1, 5], hp=1, enemy_hp=4,
               turns=(2, 1))
    legal = SOLO.legal_actions(s)
    decision = make_agent("hard", time_cap=None).choose(SOLO, SOLO.observation(s, 0), 0,
                                                        legal, seed=1)
    assert decision.action == "cast:wrath:5"
    assert decision.win_chance() == pytest.approx(1.0)
    assert set(decision.values) == set(legal)
    assert decision.values["end"] == pytest.approx(-1.0)
    ranked = decision.ranked()
    assert ranked[0] == ("cast:wrath:5", pytest.approx(1.0))
    assert len(ranked) == 3 and all(c <= 1.0 for _, c in ranked)


def test_a_won_battle_is_finished_at_once_rather_than_later() -> None:
    # The Training Dummy at 2 HP cannot hurt a wizard at 15 this turn or the next (MG-T3 a-1),
    # so ending the turn still wins for sure, on the next turn, before the limit of two turns
    # (MG-R42); Pain now wins sooner (MG-S02), and is chosen.
    s = battle("training_dummy", dice=[3], enemy_hp=2, turns=(1, 0), turn_limit=2)
    solver = SoloSolver(SOLO)
    legal = SOLO.legal_actions(s)
    values = solver.action_values(s, legal)
    assert values["end"] == pytest.approx(1.0) and values["cast:pain:3"] == 1.0
    assert legal.index("cast:harmony:3") < legal.index("cast:pain:3")
    assert values["cast:harmony:3"] == pytest.approx(1.0)
    assert solver.best_action(s, values) == "cast:pain:3"


def test_positions_that_differ_in_what_decides_the_battle_have_different_keys() -> None:
    s = battle("intruder", FOUND_INTRUDER, dice=[2, 5, 5, 6], hp=7, enemy_hp=12, mana=3,
               turns=(5, 4))
    seen = {position_key(s)}
    variants = []
    for field, value in (("hp", [6, 12]), ("hp", [7, 11]), ("mana", [4, 0]),
                         ("max_mana", [7, 0]), ("max_hp", [14, 25]), ("turns", [6, 5]),
                         ("cast_done", ["wrath"]), ("enemy_band", 0), ("phase", "cast")):
        v = s.clone()
        setattr(v, field, value)
        variants.append(v)
    used = s.clone()
    used.used = [False, True, False, False]  # a 5 spent instead of nothing
    variants.append(used)
    casting = s.clone()
    casting.phase, casting.casting, casting.cast_dice = "cast", "ring_of_fire", [5]
    variants.append(casting)
    for v in variants:
        seen.add(position_key(v))
    assert len(seen) == len(variants) + 1
    # Which of two equal dice was spent does not matter.
    a, b = s.clone(), s.clone()
    a.used = [False, True, False, False]
    b.used = [False, False, True, False]
    assert position_key(a) == position_key(b)


def _obs(s: MagosSoloState) -> Any:
    return SOLO.observation(s, 0)


def test_only_hard_under_the_patch_solves_and_a_stop_ends_the_solve() -> None:
    s = battle("intruder", FOUND_INTRUDER, dice=[2, 5], turns=(2, 1))
    legal = SOLO.legal_actions(s)
    for level in ("easy", "normal"):
        assert SOLO.solved_action(_obs(s), 0, legal, level, None) is None
    rolled = battle("intruder", FOUND_INTRUDER, dice=[2, 5], turns=(2, 1), dice_mode="rolled")
    assert SOLO.solved_action(_obs(rolled), 0, SOLO.legal_actions(rolled), "hard", None) is None
    # Asked to stop, the solve gives up and the search answers (at once, being cancelled).
    assert SOLO.solved_action(_obs(s), 0, legal, "hard", lambda: True) is None
    flag = CancelFlag()
    flag.set()
    decision = make_agent("hard", time_cap=None).choose(SOLO, _obs(s), 0, legal, seed=1,
                                                        cancel=flag)
    assert decision.cancelled and decision.action in legal


def test_with_a_time_cap_a_long_solve_leaves_the_move_to_the_search_and_keeps_its_work() -> None:
    # A whole battle against the Intruder is several seconds of solving, far more than the
    # share of a one-second cap it may take (``mcts.SOLVE_SHARE``): the solve stops there, the
    # search picks the move in the rest, and the positions solved so far are kept for the next
    # decision.
    s = battle("intruder", FOUND_INTRUDER, dice=[4], turns=(1, 0))
    legal = SOLO.legal_actions(s)
    before = len(solver_for(SOLO, "intruder", tuple(FOUND_INTRUDER), "patch-v1.1", 40).memo)
    decision = make_agent("hard", time_cap=1.0).choose(SOLO, _obs(s), 0, legal, seed=1)
    assert decision.action in legal and not decision.cancelled
    assert decision.iterations >= 1 and set(decision.visits) <= set(legal)
    after = len(solver_for(SOLO, "intruder", tuple(FOUND_INTRUDER), "patch-v1.1", 40).memo)
    assert after > before


@pytest.fixture
def fresh_solvers(monkeypatch: pytest.MonkeyPatch) -> None:
    """No solver kept from other tests: each test here solves from nothing."""
    monkeypatch.setattr(solver_module, "_KEPT", {})


def _five_turn_battle() -> MagosSoloState:
    # MG-R42 with the shortest limit that still leaves two rolls: some 20 k positions, too
    # many for a fifth of a second on any machine, a few seconds to solve whole.
    return battle("intruder", FOUND_INTRUDER, dice=[2, 5], turns=(2, 1), turn_limit=4)


@pytest.mark.usefixtures("fresh_solvers")
def test_pondering_solves_ahead_so_a_hint_under_a_short_cap_is_exact() -> None:
    s = _five_turn_battle()
    legal = SOLO.legal_actions(s)
    agent = make_agent("hard", time_cap=0.2)
    # Nothing is solved yet: a solve that must stop at once gives up (the search would answer).
    halt = lambda: True  # noqa: E731 - a stop switch already thrown
    assert SOLO.solved_action(_obs(s), 0, legal, "hard", halt) is None
    # A cancelled ponder gives up as soon as it looks at its stop switch.
    flag = CancelFlag()
    flag.set()
    agent.ponder(SOLO, _obs(s), 0, legal, flag)
    assert SOLO.solved_action(_obs(s), 0, legal, "hard", halt) is None
    # Left to work while the person thinks, it solves the position whole: even a solve told to
    # stop at once now answers, and the hint under a short cap is the exact solve with every
    # move's value, not the search's estimate.
    agent.ponder(SOLO, _obs(s), 0, legal, CancelFlag())
    assert SOLO.solved_action(_obs(s), 0, legal, "hard", halt) is not None
    hint = agent.choose(SOLO, _obs(s), 0, legal, seed=1)
    exact = SoloSolver(SOLO).action_values(s, legal)
    assert hint.iterations == 0 and hint.values == pytest.approx(exact, abs=1e-12)
    assert hint.action == SoloSolver(SOLO).best_action(s, exact)


@pytest.mark.usefixtures("fresh_solvers")
def test_a_stoppable_solve_gives_up_at_the_memory_bound_and_keeps_answering_what_it_knows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = _five_turn_battle()
    legal = SOLO.legal_actions(s)
    monkeypatch.setattr(solo_module, "MAX_STOPPABLE_POSITIONS", 100)
    never = lambda: False  # noqa: E731 - a stop that only the bound can trip
    assert SOLO.solved_action(_obs(s), 0, legal, "hard", never) is None
    kept = solver_for(SOLO, "intruder", tuple(FOUND_INTRUDER), "patch-v1.1", 4).memo
    assert 100 < len(kept) < 100 + 2 * 2048
    # A seeded run (no stop) is never bounded; what it solved answers a stoppable ask too.
    unbounded = SOLO.solved_action(_obs(s), 0, legal, "hard", None)
    assert unbounded is not None and len(kept) > 10_000
    assert SOLO.solved_action(_obs(s), 0, legal, "hard", never) == unbounded
