"""Magos data tables (MG-T1, MG-T2, MG-T3) and the scripted enemy turn (MG-R56, MG-R57)."""

from __future__ import annotations

import pytest

from tabletop.games.magos.data import (
    CAMPAIGN_ORDER,
    ENEMIES,
    FIRST_GAME_HAND,
    LISTING_ORDER,
    SPELLS,
    dice_for_turn,
    enemy_dice_count,
    enemy_dice_v11,
    resolve_enemy_turn,
)

BIG = 10_000


def test_spell_table_counts() -> None:
    # MG-C3: 28 spells, 33 cards; the five double spells are the first-game set (MG-R10).
    assert len(SPELLS) == 28
    assert sum(s.copies for s in SPELLS.values()) == 33
    assert sorted(s.id for s in SPELLS.values() if s.copies == 2) == sorted(FIRST_GAME_HAND)
    assert [s.number for s in SPELLS.values()] == list(range(1, 29))


def test_spell_flags() -> None:
    # MG-T1: ends-turn spells, pair spells, X spells, fixed mana costs, dice counts.
    assert {s.id for s in SPELLS.values() if s.ends_turn} == {"meditation", "tempest",
                                                             "purgatory"}
    assert {s.id for s in SPELLS.values() if s.pair} == {"resonance", "gale", "blood_drain"}
    assert {s.id for s in SPELLS.values() if s.x_choice} == {"resonance", "revival",
                                                            "doomsday"}
    assert {s.id: s.mana_cost for s in SPELLS.values() if s.mana_cost} == {
        "earthquake": 3, "tempest": 5, "will_o_wisp": 3, "killing_blade": 7, "flame_slash": 8}
    assert SPELLS["doomsday"].dice == 4 and SPELLS["rapid_fire"].fewest_dice == 1
    assert SPELLS["rapid_fire"].badge == "1–3" and SPELLS["gale"].badge == "pair"
    assert SPELLS["earthquake"].badge == "●●●"
    for s in SPELLS.values():
        assert s.ja and s.en and s.effect_en and s.effect_ja and s.color.startswith("#")


def test_dice_schedule() -> None:
    # MG-R20, MG-R54.
    assert [dice_for_turn(n, True) for n in range(1, 7)] == [1, 2, 3, 4, 4, 4]
    assert [dice_for_turn(n, False) for n in range(1, 7)] == [2, 2, 3, 4, 4, 4]
    assert [enemy_dice_count(n) for n in range(1, 6)] == [2, 2, 3, 4, 4]


def test_x2_patch_dice() -> None:
    # MG-X2, MG-T2: enemy turns 1-10 under patch v1.1, then the 6-7-8 loop.
    assert [enemy_dice_v11(n) for n in range(1, 11)] == [
        [1, 6], [3, 5], [2, 4, 5], [1, 2, 2, 3], [5, 6], [2, 3, 4, 6], [1, 2, 3, 6],
        [3, 4, 5, 6], [2, 3, 4, 6], [1, 2, 3, 6]]
    assert enemy_dice_v11(11) == [3, 4, 5, 6] and enemy_dice_v11(12) == [2, 3, 4, 6]
    with pytest.raises(ValueError):
        enemy_dice_v11(0)


def test_x3_gargoyle_damage() -> None:
    # MG-X3: Gargoyle damage per enemy turn 1-10 under v1.1.
    garg = ENEMIES["stone_gargoyle"]
    damage = [resolve_enemy_turn(garg, garg.hp, enemy_dice_v11(n), BIG, 0).damage_to_player
              for n in range(1, 11)]
    assert damage == [6, 0, 6, 4, 6, 12, 8, 10, 12, 8]


def test_x4_band_lock() -> None:
    # MG-X4, MG-R56.1, MG-G4: the band comes from the HP at the start of the turn.
    lion = ENEMIES["sleeping_lion"]
    turn = resolve_enemy_turn(lion, 17, [2, 4, 5], 15, 0)
    assert [s.enemy_hp for s in turn.steps] == [15, 15, 15]
    assert turn.player_hp == 12 and turn.enemy_hp == 15
    assert [s.effect.kind for s in turn.steps] == ["self_damage", "miss", "damage"]
    low = resolve_enemy_turn(lion, 15, [2, 4, 5], 15, 0)
    assert low.player_hp == 8  # the 1-15 band: 2 + 5


def test_enemy_turn_stops_on_end_face_and_knockout() -> None:
    # MG-R56.3, MG-R56.4, MG-G6: an ends-turn face stops; each other die applies itself.
    assassin = ENEMIES["assassin"]
    turn = resolve_enemy_turn(assassin, 10, [1, 1, 6, 6], 20, 3)
    assert [s.face for s in turn.steps] == [1, 1, 6]
    assert turn.enemy_hp == 15 and turn.player_hp == 10
    ko = resolve_enemy_turn(ENEMIES["training_dummy"], 10, [1, 3, 5], 2, 0)
    assert ko.player_defeated and len(ko.steps) == 2 and ko.player_hp == 0


def test_enemy_effect_vocabulary() -> None:
    # MG-R57, MG-G2: mana damage floors at 0; heals cap at printed HP; drain heals.
    wd = resolve_enemy_turn(ENEMIES["witch_doctor"], 10, [2], 15, 1)
    assert (wd.player_mana, wd.player_hp) == (0, 15)
    necro = resolve_enemy_turn(ENEMIES["necromancer"], 13, [1], 15, 0)
    assert necro.enemy_hp == 15
    water = resolve_enemy_turn(ENEMIES["water_dragon"], 2, [1, 2], 15, 0)
    assert water.enemy_hp == 10 and [s.amount for s in water.steps] == [8, 0]
    vamp = resolve_enemy_turn(ENEMIES["vampire"], 6, [1, 3], 15, 0)
    assert (vamp.player_hp, vamp.enemy_hp) == (11, 10)
    skel_high = resolve_enemy_turn(ENEMIES["skeleton_knight"], 11, [1, 6], 15, 0)
    skel_low = resolve_enemy_turn(ENEMIES["skeleton_knight"], 10, [1, 6], 15, 0)
    assert skel_high.player_hp == 15 and skel_high.enemy_hp == 11
    assert skel_low.enemy_hp == 15 and skel_low.player_hp == 9


def test_enemy_table() -> None:
    # MG-T3, MG-G1: 17 enemies, campaign order a-1..a-17 and the source listing order.
    assert len(ENEMIES) == 17
    assert [ENEMIES[e].number for e in CAMPAIGN_ORDER] == list(range(1, 18))
    assert LISTING_ORDER[0] == "stone_gargoyle" and LISTING_ORDER[-1] == "training_dummy"
    assert sorted(ENEMIES[e].listing for e in LISTING_ORDER) == list(range(1, 18))
    for e in ENEMIES.values():
        covered = sorted(h for b in e.bands for h in range(b.lo, b.hi + 1))
        assert covered == list(range(1, e.hp + 1)), e.id
    assert ENEMIES["intruder"].hp == 25 and len(ENEMIES["intruder"].bands) == 3


def test_enemy_dice_resolve_in_ascending_order() -> None:
    # MG-G5: dice resolve lowest first, so the ends-turn 6 always comes last.
    garg = ENEMIES["stone_gargoyle"]
    shuffled = resolve_enemy_turn(garg, 15, [6, 2, 4], 20, 0)
    assert [s.face for s in shuffled.steps] == [2, 4, 6]
    assert shuffled.player_hp == 8
    with pytest.raises(ValueError):
        resolve_enemy_turn(garg, 15, [7], 20, 0)
