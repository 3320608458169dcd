"""Magos solo rules (MG-R50..MG-R58) and the solo worked examples MG-X2..MG-X4, played through
the game: the wizard ends turns, the enemy's dice resolve node by node."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, InvalidOptionError, Session
from tabletop.games.magos.data import (
    CAMPAIGN_ORDER,
    ENEMIES,
    FIRST_GAME_HAND,
    enemy_dice_v11,
    resolve_enemy_turn,
)
from tabletop.games.magos.solo import ENEMY_SELF_KO, MagosSoloState, Phase, parse_hand
from tests.games.magos.solo_build import (
    SOLO,
    battle,
    enemy_turn,
    play,
    player_roll,
    resolve_chance,
    say,
)

# MG-X2: the patch v1.1 faces of enemy turns 1..14 (turn 9 on loops the rows of 6, 7, 8).
PATCH_FACES = [
    [1, 6], [3, 5], [2, 4, 5], [1, 2, 2, 3], [5, 6], [2, 3, 4, 6], [1, 2, 3, 6], [3, 4, 5, 6],
    [2, 3, 4, 6], [1, 2, 3, 6], [3, 4, 5, 6], [2, 3, 4, 6], [1, 2, 3, 6], [3, 4, 5, 6],
]


def _steps(events: list) -> list:
    return [e for e in events if e.kind == "enemy_step"]


# -- worked examples ----------------------------------------------------------------------------

def test_x2_patch_faces_through_the_game() -> None:
    # MG-X2, MG-R54: the enemy's faces in turns 1..14 come from MG-T2, whatever the enemy.
    s = battle("training_dummy", hp=999, max_hp=999)
    for turn, faces in enumerate(PATCH_FACES, start=1):
        s, events = enemy_turn(s)
        start = next(e for e in events if e.kind == "enemy_turn")
        assert start.data["turn"] == turn and start.data["faces"] == faces, turn
        # The dummy has no ends-turn face: every die resolves, one node each, ascending.
        assert [e.data["face"] for e in _steps(events)] == faces
        assert SOLO.observation(s, 0)["enemy"]["faces"] == faces
        s = player_roll(s)
    assert [enemy_dice_v11(n) for n in range(1, 15)] == PATCH_FACES


def test_x3_gargoyle_damage_per_turn() -> None:
    # MG-X3: Gargoyle under v1.1 against a wizard with unlimited HP.
    s = battle("stone_gargoyle", hp=999, max_hp=999)
    damage = []
    for _ in range(10):
        before = s.hp[0]
        s, events = enemy_turn(s)
        damage.append(before - s.hp[0])
        assert sum(e.data["damage"] for e in _steps(events)) == damage[-1]
        s = player_roll(s)
    assert damage == [6, 0, 6, 4, 6, 12, 8, 10, 12, 8]


def test_x4_band_lock() -> None:
    # MG-X4, MG-R56.1, MG-G4: Lion at HP 17 starts its 3rd turn; faces 2, 4, 5.
    s = battle("sleeping_lion", enemy_hp=17, turns=(3, 2), dice=[1, 1, 1])
    s, _ = play(s, "end")
    assert s.phase == Phase.ENEMY and s.enemy_faces == [2, 4, 5]
    obs = SOLO.observation(s, 0)
    high = obs["enemy"]["band"]
    assert ENEMIES["sleeping_lion"].bands[high].lo == 16 and obs["enemy"]["band_locked"]
    s, ev1 = SOLO.apply(s, "enemy:2")
    assert s.hp[1] == 15 and ev1[0].data["effect"] == "self_damage"
    # HP 15 is in the 1-15 band now, but the band in force stays the locked one.
    assert SOLO.observation(s, 0)["enemy"]["band"] == high
    s, ev2 = SOLO.apply(s, "enemy:4")
    assert ev2[0].data["effect"] == "miss"
    s, ev3 = SOLO.apply(s, "enemy:5")
    assert ev3[0].data["damage"] == 3 and s.hp[0] == 12  # 3, not the 1-15 band's 5
    assert s.phase == "roll"
    # Between turns, the band shown is the one its HP would lock next (1-15).
    assert ENEMIES["sleeping_lion"].bands[SOLO.observation(s, 0)["enemy"]["band"]].hi == 15


# -- MG-R50 .. MG-R58 ---------------------------------------------------------------------------

def test_r50_enemy_option_in_campaign_order() -> None:
    # MG-R50, MG-G1: the opponent choices are a-1 .. a-17 in campaign order.
    opt = SOLO.spec.option("enemy")
    assert opt.choices == CAMPAIGN_ORDER and opt.default == "training_dummy"
    assert [ENEMIES[e].number for e in opt.choices] == list(range(1, 18))
    s = SOLO.new_game(options={"enemy": "intruder"})
    assert s.enemy == "intruder" and s.hp[1] == 25
    with pytest.raises(InvalidOptionError):
        SOLO.new_game(options={"enemy": "dragon"})


def test_r51_draft_harmony_plus_nine_keep_five() -> None:
    # MG-R51: one Harmony plus 9 random cards, keep 5.
    session = Session(SOLO, options={"setup": "draft"}, seed=3)
    s = session.state
    assert s.phase == "draft" and SOLO.current_player(s) == 0
    assert len(s.dealt[0]) == 10 and s.dealt[0][0] == "harmony"
    assert s.dealt[0].count("harmony") == 1
    for _ in range(5):
        legal = session.legal_actions()
        assert all(a.startswith("keep:") for a in legal)
        session.submit(0, legal[-1])
    s = session.state
    assert len(s.hands[0]) == 5 and s.phase == "main" and s.turns == [1, 0]
    remaining = list(s.dealt[0])
    for sp in s.hands[0]:
        remaining.remove(sp)  # kept spells come from the deal


def test_r51_hand_option_carries_five_spells() -> None:
    # MG-R51: after a victory the same five spells fight the next enemy; `hand` overrides setup.
    hand = "zeal,tempest,pain,pain,harmony"
    s = SOLO.new_game(options={"hand": hand, "setup": "draft", "enemy": "reaper"})
    assert s.hands[0] == ["zeal", "tempest", "pain", "pain", "harmony"]
    assert s.phase == "roll" and s.dealt == [[], []]


@pytest.mark.parametrize(("text", "words"), [
    ("harmony,pain", "five spell ids"),
    ("harmony,pain,fireball,resonance,", "five spell ids"),
    ("harmony,pain,fireball,resonance,lightning", "'lightning' is not a spell id"),
    ("harmony,harmony,pain,fireball,healing", "at most 1 copy"),
    ("zeal,zeal,pain,fireball,healing", "at most 1 copy"),
    ("pain,pain,pain,fireball,healing", "at most 2 copies"),
])
def test_hand_option_is_validated(text: str, words: str) -> None:
    with pytest.raises(InvalidOptionError, match=words):
        parse_hand(text)
    with pytest.raises(InvalidOptionError, match="hand"):
        Session(SOLO, options={"hand": text}, seed=1)


def test_r52_each_battle_starts_fresh() -> None:
    # MG-R52: player 15/15 and 0/8, enemy at its printed HP, both turn counters at 1.
    for enemy in CAMPAIGN_ORDER:
        session = Session(SOLO, options={"enemy": enemy}, seed=1)
        s = session.state
        assert (s.hp[0], s.max_hp[0], s.mana[0], s.max_mana[0]) == (15, 15, 0, 8)
        assert s.hp[1] == s.max_hp[1] == ENEMIES[enemy].hp
        assert s.turns == [1, 0]  # the wizard's turn 1; the enemy's first turn will be 1
        assert sorted(s.hands[0]) == sorted(FIRST_GAME_HAND)


def test_r53_player_first_with_first_player_dice() -> None:
    # MG-R53, MG-R20: the wizard always starts and rolls 1, 2, 3, 4, 4 dice.
    s = SOLO.new_game(options={"enemy": "training_dummy"})
    assert s.phase == "roll" and s.active == 0
    s.hp[0] = s.max_hp[0] = 999
    counts = []
    for _ in range(5):
        outcomes = SOLO.chance_outcomes(s)
        counts.append(len(outcomes[0][0].split(":")[1].split("-")))
        s = player_roll(s)
        assert SOLO.current_player(s) == 0
        s, _ = enemy_turn(s)
    assert counts == [1, 2, 3, 4, 4]


def test_r54_rolled_enemy_dice_are_chance() -> None:
    # MG-R54, MG-G14: without the patch the enemy rolls 2, 2, 3, 4, 4 dice (a chance node).
    s = battle("training_dummy", hp=999, max_hp=999, dice_mode="rolled")
    rng = random.Random(5)
    counts = []
    seen = set()
    for _ in range(5):
        s, _ = play(s, "end")
        assert s.phase == "enemy_roll" and SOLO.current_player(s) == CHANCE
        outcomes = SOLO.chance_outcomes(s)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) > 1
        n = len(outcomes[0][0].split(":")[1].split("-"))
        counts.append(n)
        s, events = resolve_chance(s, rng)
        roll = next(e for e in events if e.kind == "roll")
        assert roll.reveals and roll.data["dice"] == sorted(roll.data["dice"])
        assert [e.data["face"] for e in _steps(events)] == roll.data["dice"]  # MG-G5
        seen.add(tuple(roll.data["dice"]))
        s = player_roll(s)
    assert counts == [2, 2, 3, 4, 4]
    assert len(seen) >= 3  # the enemy's faces vary from turn to turn
    obs = SOLO.observation(s, 0)
    assert obs["enemy"]["next_faces"] is None  # future rolls are not known


def test_rolled_mode_follows_the_session_seed() -> None:
    # MG-R54: the rolls are the session's seeded chance, so replays match and seeds differ.
    def enemy_rolls(dice: str, seed: int) -> list[str]:
        session = Session(SOLO, options={"dice": dice, "enemy": "chimera"}, seed=seed)
        session.state.hp[0] = session.state.max_hp[0] = 999
        for _ in range(4):
            session.submit(0, "end")
        return [r.action for r in session.history if r.seat == CHANCE
                and any(e.kind == "roll" and e.data["seat"] == 1 for e in r.events)]

    assert len(enemy_rolls("rolled", 1)) == 4
    assert enemy_rolls("rolled", 1) == enemy_rolls("rolled", 1)
    assert enemy_rolls("rolled", 1) != enemy_rolls("rolled", 2)
    assert enemy_rolls("patch-v1.1", 1) == []  # the patch table needs no roll


def test_r55_spells_hit_the_enemy_which_has_no_mana() -> None:
    # MG-R55: the enemy has HP, no mana; "the opponent" of a spell is the enemy card.
    s = battle("training_dummy", dice=[3, 5], mana=5)
    assert s.max_mana[1] == 0 and SOLO.observation(s, 0)["enemy"]["hp"] == 10
    s, events = play(s, "cast:pain:3")
    assert s.hp[1] == 8 and say(events[0], "en") == "The wizard casts Pain with 3: 2 damage."
    s = battle("training_dummy", dice=[5, 6], mana=6, enemy_hp=5)
    s, events = play(s, "cast:fireball:5", "die:6")
    assert s.hp[1] == 0 and SOLO.is_terminal(s) and SOLO.returns(s) == [1.0]
    assert events[-1].kind == "win" and "Training Dummy has 0 HP" in say(events[-1], "en")


def test_r56_ends_turn_face_stops_the_turn() -> None:
    # MG-R56.3, MG-G6: a ⏹ face ends the enemy's turn; the other dice do nothing.
    s = battle("stone_gargoyle", hp=999, max_hp=999, dice_mode="rolled")
    s, _ = play(s, "end", "roll:6-6")
    assert s.enemy_faces == [6, 6]
    s, events = SOLO.apply(s, "enemy:6")
    step = events[0]
    assert step.kind == "enemy_step" and step.data["ends_turn"] and step.data["skipped"] == [6]
    assert say(step, "en").startswith("Stone Gargoyle rolls 6: 6 damage — its turn ends")
    assert s.hp[0] == 993 and s.phase == "roll"  # only once, and the wizard's turn is next
    assert events[-1].kind == "turn"


def test_r56_each_die_applies_its_face_separately() -> None:
    # MG-R56.2, MG-G6: two 2s apply the face-2 effect twice (turn 4 of the patch: 1-2-2-3).
    s = battle("monstrous_fish", hp=999, max_hp=999, turns=(4, 3))
    s, events = enemy_turn(s)
    assert [e.data["damage"] for e in _steps(events)] == [2, 2, 2, 0]


def test_r56_knockout_stops_at_once() -> None:
    # MG-R56.4, MG-G7: the wizard at 0 HP loses before the remaining dice resolve.
    s = battle("stone_gargoyle", hp=2, turns=(6, 5))
    s, events = enemy_turn(s)  # patch turn 6: 2-3-4-6
    assert [e.data["face"] for e in _steps(events)] == [2]
    assert SOLO.is_terminal(s) and SOLO.returns(s) == [-1.0]
    assert s.result == "ko" and events[-1].kind == "win"


def test_each_enemy_die_is_its_own_chance_node() -> None:
    # MG-R56.2: one single-outcome chance node per die, so the table can replay each step.
    s = battle("necromancer", hp=999, max_hp=999, turns=(4, 3), enemy_hp=10)
    s, _ = play(s, "end")
    assert s.enemy_faces == [1, 2, 2, 3]
    texts = []
    for face in (1, 2, 2, 3):
        assert SOLO.current_player(s) == CHANCE
        assert SOLO.chance_outcomes(s) == [(f"enemy:{face}", 1.0)]
        assert SOLO.legal_actions(s) == [f"enemy:{face}"]
        s, events = SOLO.apply(s, f"enemy:{face}")
        texts.append(say(events[0], "en"))
        assert events[0].data["face"] == face and not events[0].reveals
    assert texts[0] == "Necromancer rolls 1: heals 4."
    assert texts[1] == "Necromancer rolls 2: 2 damage."
    with pytest.raises(IllegalActionError):
        SOLO.apply(battle(), "enemy:3")


@pytest.mark.parametrize(("enemy", "setup", "turns", "expect"), [
    # MG-R57, MG-G2: mana damage floors at 0 and leaves max mana alone (turn 4: 1-2-2-3 is
    # miss, 2 mana damage twice, 3 damage).
    ("witch_doctor", {"mana": 1}, (4, 3), {"mana": 0, "max_mana": 8, "hp": 12}),
    ("witch_doctor", {"mana": 7}, (4, 3), {"mana": 3, "max_mana": 8}),
    # Healing capped at the printed HP (turn 4: face 1 heals 4).
    ("necromancer", {"enemy_hp": 13}, (4, 3), {"enemy_hp": 15}),
    # Full heal (turn 3: 2-4-5, face 2), then 5 damage.
    ("water_dragon", {"enemy_hp": 3}, (3, 2), {"enemy_hp": 10, "hp": 10}),
    # Self damage in the 16-25 band (turn 1: 1-6), then 4 damage and the turn ends.
    ("sleeping_lion", {"enemy_hp": 25}, (1, 0), {"enemy_hp": 23, "hp": 11}),
    # Damage and heal on one face (turn 1: 1-6).
    ("vampire", {"enemy_hp": 7}, (1, 0), {"enemy_hp": 9, "hp": 13}),
])
def test_r57_effect_vocabulary(enemy: str, setup: dict, turns: tuple[int, int],
                               expect: dict) -> None:
    s = battle(enemy, turns=turns, **setup)
    s, events = enemy_turn(s)
    got = {"mana": s.mana[0], "max_mana": s.max_mana[0], "enemy_hp": s.hp[1], "hp": s.hp[0]}
    for key, value in expect.items():
        assert got[key] == value, (enemy, key, events)


def test_r57_self_damage_and_drain_steps() -> None:
    # MG-R57: "2 damage to itself" (Lion, 16-25 band); "2 damage and heals 2" (Vampire).
    s = battle("sleeping_lion", hp=999, max_hp=999, turns=(3, 2), enemy_hp=25)
    s, events = enemy_turn(s)  # 2-4-5: self 2, miss, 3 damage
    assert s.hp[1] == 23 and s.hp[0] == 996
    assert say(_steps(events)[0], "en") == "Sleeping Lion rolls 2: 2 damage to itself."
    s = battle("vampire", enemy_hp=6)
    s, events = enemy_turn(s)  # 1-6: drain, miss
    assert (s.hp[0], s.hp[1]) == (13, 8)
    assert _steps(events)[0].data["healed"] == 2
    assert say(_steps(events)[0], "ja") == "ヴァンパイアの出目1：2ダメージ・HP2回復。"


def test_g16_enemy_self_knockout_is_a_victory() -> None:
    # MG-G16: self-damage to 0 defeats the enemy (impossible with the printed Lion, so the
    # position is built with its 16-25 band locked at 2 HP).
    s = battle("sleeping_lion", enemy_hp=2, turns=(1, 0))
    s, _ = play(s, "end")
    s.enemy_band = next(i for i, b in enumerate(ENEMIES["sleeping_lion"].bands) if b.lo == 16)
    s.enemy_faces = [1, 5]
    s, events = SOLO.apply(s, "enemy:1")
    assert s.hp[1] == 0 and SOLO.returns(s) == [1.0] and s.result == ENEMY_SELF_KO
    assert say(events[-1], "en") == "You win: Sleeping Lion knocked itself out."


def test_draw_after_the_turn_limit() -> None:
    # MG-G15: both sides took turn_limit turns: a draw, returns 0.
    session = Session(SOLO, options={"turn_limit": 20, "enemy": "training_dummy"}, seed=2)
    session.state.hp[0] = session.state.max_hp[0] = 9999
    while not session.is_terminal():
        session.submit(0, "end")
    s = session.state
    assert s.turns == [20, 20] and s.result == "draw" and session.returns() == [0.0]


def test_r58_victory_and_defeat_returns() -> None:
    # MG-R58 (per battle): [1] when the enemy falls, [-1] when the wizard does.
    s = battle("training_dummy", dice=[4], enemy_hp=2)
    s, _ = play(s, "cast:pain:4")
    assert SOLO.returns(s) == [1.0] and SOLO.legal_actions(s) == []
    s = battle("stone_gargoyle", hp=6)
    s, _ = enemy_turn(s)  # 1-6: miss, 6 damage
    assert SOLO.returns(s) == [-1.0]
    assert SOLO.current_player(s) == TERMINAL


def test_player_casts_as_in_the_duel() -> None:
    # MG-R21..R26: the same actions and legality as the duel, including an ending spell.
    s = battle("chimera", hand=["harmony", "meditation", "pain", "fireball", "resonance"],
               dice=[2, 2, 5], mana=3, turns=(3, 2))
    legal = SOLO.legal_actions(s)
    assert "cast:fireball:2" in legal and "cast:fireball:5" not in legal and legal[-1] == "end"
    s, _ = play(s, "cast:resonance:2", "die:2", "x:3")
    assert s.hp[1] == 22 and s.mana[0] == 0
    s, events = play(s, "cast:meditation:5")
    assert s.phase == Phase.ENEMY and s.mana[0] == 5  # Meditation ends the turn (MG-R25)
    assert any(e.kind == "enemy_turn" for e in events)


def test_undo_within_the_wizards_turn() -> None:
    # Nothing is hidden from the enemy card, so casting reveals nothing: undo stays free
    # back to the roll, and the enemy's resolved turn cannot be taken back.
    session = Session(SOLO, options={"enemy": "chimera"}, seed=4)
    session.submit(0, "end")
    s = session.state
    assert s.dice and s.turns[0] == 2
    first = session.legal_actions()[0]
    session.submit(0, first)
    session.undo()
    assert session.state.dice == s.dice and session.state.used == s.used
    assert not session.can_undo()[0]


@pytest.mark.parametrize("enemy", CAMPAIGN_ORDER)
def test_steps_agree_with_the_data_resolver(enemy: str) -> None:
    # MG-R56: node-by-node resolution equals data.resolve_enemy_turn for every patch turn.
    e = ENEMIES[enemy]
    rng = random.Random(enemy)
    for turn in range(1, 12):
        ehp = rng.randint(1, e.hp)
        php = rng.randint(1, 15)
        mana = rng.randint(0, 8)
        s = battle(enemy, hp=php, mana=mana, enemy_hp=ehp, turns=(turn, turn - 1))
        s, _ = play(s, "end")
        s, _ = resolve_chance(s)
        want = resolve_enemy_turn(e, ehp, enemy_dice_v11(turn), php, mana)
        assert (s.hp[1], s.hp[0], s.mana[0]) == (want.enemy_hp, want.player_hp,
                                                 want.player_mana)
        assert [st[0] for st in s.enemy_steps] == [st.face for st in want.steps]


def test_reasons_and_words() -> None:
    s = battle("stone_gargoyle", dice=[3])
    assert say(SOLO.reason(s, "cast:fireball:3")) != ""
    assert say(SOLO.reason(s, "die:3")).startswith("Start a cast first")
    s, _ = play(s, "end")
    assert say(SOLO.reason(s, "end")) == "Stone Gargoyle is taking its turn."
    assert say(SOLO.reason(s, "enemy:6"), "ja") == "それはダイスや山札が決めることです。"
    assert say(SOLO.describe_action(s, "enemy:1")) == "Stone Gargoyle resolves a 1"
    assert say(SOLO.prompt(s, 0)) == "Stone Gargoyle is taking its turn."
    assert not SOLO.is_well_formed("enemy:7") and SOLO.is_well_formed("enemy:6")
    assert SOLO.heuristic(battle(hp=15, enemy_hp=5), 0) > SOLO.heuristic(battle(hp=5), 0)


def test_json_round_trip_and_clone() -> None:
    s = battle("intruder", dice=[2, 4], mana=4, turns=(3, 2))
    s, _ = play(s, "end", "enemy:2")
    data = SOLO.state_to_json(s)
    back = SOLO.state_from_json(data)
    assert isinstance(back, MagosSoloState) and SOLO.state_to_json(back) == data
    c = s.clone()
    SOLO.apply_in_place(c, "enemy:4")
    assert SOLO.state_to_json(s) == data and c.enemy_next == s.enemy_next + 1
