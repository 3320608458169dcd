"""Magos duel rules (MG-R1..MG-R42) and every spell of MG-T1, on positions built directly."""

from __future__ import annotations

import random
import re

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, Session
from tabletop.games.magos.data import DRAFT_POOL, FIRST_GAME_HAND, SPELL_IDS
from tabletop.games.magos.model import MagosState
from tabletop.games.magos.plugin import PLUGIN
from tests.games.magos.magos_build import GAME, duel, play, say

ALL = list(SPELL_IDS)


def cast_ok(s: MagosState, action: str) -> bool:
    return action in GAME.legal_actions(s)


# -- set-up -----------------------------------------------------------------------------------

def test_start_values_and_first_player() -> None:
    # MG-R1, MG-R13: HP 15/15, mana 0/8; the first player is drawn fairly.
    s = GAME.new_game()
    assert GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [("first:0", 0.5), ("first:1", 0.5)]
    GAME.apply_in_place(s, "first:1")
    assert s.first == 1 and s.active == 1
    assert s.hp == [15, 15] and s.max_hp == [15, 15]
    assert s.mana == [0, 0] and s.max_mana == [8, 8]


def test_first_game_hands() -> None:
    # MG-R10: both wizards use Harmony, Fireball, Pain, Healing, Resonance.
    s = GAME.new_game(options={"setup": "first-game"})
    GAME.apply_in_place(s, "first:0")
    for seat in (0, 1):
        assert sorted(s.hands[seat]) == sorted(FIRST_GAME_HAND)
    assert sorted(FIRST_GAME_HAND) == ["fireball", "harmony", "healing", "pain", "resonance"]


def test_draft_deal_and_keep() -> None:
    # MG-R11: one Harmony plus nine dealt cards each; keep any five; copies respected.
    assert sum(DRAFT_POOL.values()) == 31
    session = Session(GAME, options={"setup": "draft"}, seed=5)
    s = session.state
    assert s.phase == "draft"
    for seat in (0, 1):
        assert len(s.dealt[seat]) == 10 and s.dealt[seat][0] == "harmony"
        assert s.dealt[seat].count("harmony") == 1
    both = s.dealt[0][1:] + s.dealt[1][1:]
    for spell in set(both):
        assert both.count(spell) <= DRAFT_POOL[spell]
    drafter = GAME.current_player(s)
    assert drafter == s.first
    legal = GAME.legal_actions(s)
    assert legal == sorted({f"keep:{c}" for c in s.dealt[drafter]})
    # Keeping Harmony is optional: keep five non-Harmony cards when dealt enough of them.
    for _ in range(5):
        choice = next(a for a in GAME.legal_actions(session.state) if a != "keep:harmony")
        session.submit(drafter, choice)
    s = session.state
    assert "harmony" not in s.hands[drafter] and len(s.hands[drafter]) == 5
    other = 1 - drafter
    assert GAME.current_player(s) == other
    obs = GAME.observation(s, other)
    assert [h["spell"] for h in obs["players"][drafter]["hand"]] == [None] * 5
    assert obs["players"][drafter]["dealt"] is None
    for _ in range(5):
        session.submit(other, GAME.legal_actions(session.state)[0])
    s = session.state
    assert s.phase == "main" and s.active == s.first and len(s.dice) == 1


def test_deal_probabilities_follow_copies() -> None:
    # MG-R11: probability of a deal = copies left / cards left.
    s = GAME.new_game(options={"setup": "draft"})
    GAME.apply_in_place(s, "first:0")
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes["deal:pain"] == pytest.approx(2 / 31)
    assert outcomes["deal:zeal"] == pytest.approx(1 / 31)
    assert "deal:harmony" not in outcomes  # both Harmonies are set aside
    GAME.apply_in_place(s, "deal:zeal")
    outcomes = dict(GAME.chance_outcomes(s))
    assert "deal:zeal" not in outcomes
    assert outcomes["deal:pain"] == pytest.approx(2 / 30)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_deal_event_visible_only_to_receiver() -> None:
    # MG-R11: dealt cards are secret.
    s = GAME.new_game(options={"setup": "draft"})
    GAME.apply_in_place(s, "first:1")
    (ev,) = GAME.apply_in_place(s, "deal:gale")
    assert ev.seats == frozenset({1}) and ev.reveals
    assert s.dealt[1] == ["harmony", "gale"]


# -- turn structure -----------------------------------------------------------------------------

@pytest.mark.parametrize(("first", "schedule"), [(True, [1, 2, 3, 4, 4]),
                                                  (False, [2, 2, 3, 4, 4])])
def test_dice_count_schedule(first: bool, schedule: list[int]) -> None:
    # MG-R20: first player 1/2/3/4+, second player 2/2/3/4+.
    s = GAME.new_game()
    GAME.apply_in_place(s, "first:0")
    seat = 0 if first else 1
    seen: list[int] = []
    rng = random.Random(3)
    while len(seen) < 5:
        if s.phase == "roll":
            action = GAME.sample_chance(s, rng)
            if s.active == seat:
                seen.append(len(action.split(":")[1].split("-")))
            assert action in dict(GAME.chance_outcomes(s))
            GAME.apply_in_place(s, action)
        else:
            GAME.apply_in_place(s, "end")
    assert seen == schedule


def test_roll_outcomes_are_a_multinomial() -> None:
    # MG-R20: roll outcomes are sorted multisets with multinomial probabilities.
    s = duel(turns=(4, 3))
    s.phase = "roll"
    outcomes = dict(GAME.chance_outcomes(s))
    assert len(outcomes) == 126  # multisets of 4 dice
    assert outcomes["roll:1-1-1-1"] == pytest.approx(1 / 1296)
    assert outcomes["roll:1-2-3-4"] == pytest.approx(24 / 1296)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_several_spells_and_each_die_once() -> None:
    # MG-R21: any number of spells while dice remain; each die goes to one spell only.
    s = duel(dice=[2, 5], mana=(0, 0))
    s, _ = play(s, "cast:harmony:5", "cast:pain:2")
    assert s.mana[0] == 5 and s.hp[1] == 13
    assert GAME.legal_actions(s) == ["end"]
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, "cast:healing:2")
    assert re.search(r"That die is already used\.", say(err.value.msg))


def test_same_spell_once_per_turn_even_with_two_copies() -> None:
    # MG-R22, MG-G12: one cast per spell name per turn.
    s = duel(hand0=["pain", "pain", "harmony", "gale", "zeal"], dice=[1, 3])
    s, _ = play(s, "cast:pain:1")
    assert not any(a.startswith("cast:pain") for a in GAME.legal_actions(s))
    with pytest.raises(IllegalActionError) as exc:
        GAME.apply(s, "cast:pain:3")
    assert say(exc.value.msg) == "Pain was already cast this turn."
    s2 = duel(hand0=FIRST_GAME_HAND, dice=[1, 3])
    s2, _ = play(s2, "cast:harmony:1")
    assert say(GAME.reason(s2, "cast:harmony:3")) == "Harmony was already cast this turn."
    assert say(GAME.reason(s2, "cast:harmony:3"), "ja") == "調和はこの手番にもう使いました。"


def test_costs_must_be_payable() -> None:
    # MG-R23, MG-G8: a spell whose cost cannot be paid cannot be cast.
    s = duel(hand0=["earthquake", "tempest", "killing_blade", "flame_slash", "ring_of_fire"],
             dice=[1, 2, 3], mana=(2, 0))
    assert GAME.legal_actions(s) == ["cast:ring_of_fire:1", "cast:ring_of_fire:2", "end"]
    assert say(GAME.reason(s, "cast:earthquake:1")) == "Earthquake costs 3 mana; you have 2."
    assert say(GAME.reason(s, "cast:ring_of_fire:3")) == \
        "Ring of Fire: a 3 costs 3 mana; you have 2."


def test_end_turn_any_time_discards_dice() -> None:
    # MG-R24: unused dice are discarded; the turn may end at any time.
    s = duel(dice=[1, 2, 3], turns=(3, 2))
    assert "end" in GAME.legal_actions(s)
    s, events = play(s, "end")
    assert s.active == 1 and s.phase == "roll" and s.dice == [] and s.turns == [3, 3]
    assert events[0].kind == "end"


@pytest.mark.parametrize(("spell", "dice", "actions"), [
    ("meditation", [1, 4], ["cast:meditation:1"]),
    ("tempest", [1, 2, 3, 4], ["cast:tempest:1", "die:2", "die:3"]),
    ("purgatory", [1, 2, 5], ["cast:purgatory:1", "die:2"]),
])
def test_ending_spells_end_the_turn(spell: str, dice: list[int], actions: list[str]) -> None:
    # MG-R25: an ends-turn spell ends the turn; remaining dice are discarded.
    s = duel(hand0=[spell, "harmony", "pain", "zeal", "gale"], dice=dice, mana=(6, 0))
    s, events = play(s, *actions)
    assert s.active == 1 and s.phase == "roll" and s.dice == []
    assert any(e.kind == "end" and e.data.get("by") == spell for e in events)


def test_no_cancel_but_cast_in_progress_blocks_other_actions() -> None:
    # MG-R21 with atomic actions: a cast in progress must be finished.
    s = duel(dice=[2, 5], mana=(5, 0))
    s, _ = play(s, "cast:fireball:2")
    assert GAME.legal_actions(s) == ["die:5"]
    assert say(GAME.reason(s, "end")) == "Finish casting Fireball first."
    assert say(GAME.reason(s, "cast:pain:5")) == "Finish casting Fireball first."


def test_x1_fireball_cost_die_choice() -> None:
    # MG-X1, MG-R26: the first die is the cost die, the second the damage die.
    s = duel(dice=[4, 6], mana=(5, 0))
    assert "cast:fireball:4" in GAME.legal_actions(s)
    assert "cast:fireball:6" not in GAME.legal_actions(s)
    assert say(GAME.reason(s, "cast:fireball:6")) == \
        "Fireball: a 6 as the cost die needs 6 mana; you have 5."
    s, events = play(s, "cast:fireball:4", "die:6")
    assert s.mana[0] == 1 and s.max_mana[0] == 8 and s.hp[1] == 9
    assert say(events[-1], "en") == \
        "Player 1 casts Fireball (cost 4, damage 6) with 4, 6: 6 damage."


# -- win and loss --------------------------------------------------------------------------------

def test_knockout_wins_at_once() -> None:
    # MG-R40, MG-R5: HP 0 loses immediately; HP never goes below 0.
    s = duel(dice=[3, 4], hp=(15, 1))
    s, events = play(s, "cast:pain:3")
    assert s.hp[1] == 0 and GAME.is_terminal(s)
    assert GAME.returns(s) == [1.0, -1.0]
    assert events[-1].kind == "win"
    assert GAME.legal_actions(s) == []


def test_x6_wrath_modes() -> None:
    # MG-X6(a), MG-S10: a die above own HP deals 4, otherwise 1.
    for value, damage in ((4, 4), (5, 4), (6, 4), (3, 1), (1, 1)):
        s = duel(hand0=["wrath", "harmony"], dice=[value], hp=(3, 15))
        s, _ = play(s, f"cast:wrath:{value}")
        assert s.hp[1] == 15 - damage, value


def test_x6_passion_and_self_knockout() -> None:
    # MG-X6(b), MG-R41: self-damage is checked before the opponent is hit.
    s = duel(hand0=["passion"], dice=[2], hp=(4, 15))
    s, _ = play(s, "cast:passion:2")
    assert s.hp == [2, 12] and not GAME.is_terminal(s)
    s = duel(hand0=["passion"], dice=[2], hp=(2, 15))
    s, events = play(s, "cast:passion:2")
    assert s.hp == [0, 15] and GAME.returns(s) == [-1.0, 1.0]
    assert s.result == "self_ko" and events[-1].kind == "win"
    assert not any("3 damage" in say(e, "en") for e in events)


def test_zeal_self_knockout_skips_refill() -> None:
    # MG-R41, MG-S08.
    s = duel(hand0=["zeal"], dice=[5], hp=(5, 15), mana=(1, 0))
    s, _ = play(s, "cast:zeal:5")
    assert s.hp[0] == 0 and s.mana[0] == 1 and GAME.returns(s) == [-1.0, 1.0]


def test_draw_after_turn_limit() -> None:
    # MG-R42: both players have taken the limit of turns: a draw.
    s = duel(dice=[1], turns=(20, 20), active=1, first=0, turn_limit=20)
    s, events = play(s, "end")
    assert GAME.is_terminal(s) and GAME.returns(s) == [0.0, 0.0]
    assert events[-1].kind == "draw"
    s = duel(dice=[1], turns=(20, 19), active=1, first=0, turn_limit=20)
    s, _ = play(s, "end")
    assert not GAME.is_terminal(s) and s.active == 0


# -- player state ----------------------------------------------------------------------------------

def test_mana_capped_at_max() -> None:
    # MG-R2: mana above the maximum is lost.
    s = duel(dice=[6], mana=(5, 0), max_mana=(8, 8))
    s, _ = play(s, "cast:harmony:6")
    assert s.mana[0] == 8


def test_x5_healing_cap() -> None:
    # MG-X5(a), MG-R2, MG-R3: HP capped at max; max mana −1 for good.
    s = duel(dice=[3], hp=(13, 15), mana=(5, 0))
    s, _ = play(s, "cast:healing:3")
    assert (s.hp[0], s.max_hp[0], s.mana[0], s.max_mana[0]) == (15, 15, 2, 7)


def test_x5_vitality() -> None:
    # MG-X5(b), MG-S11, MG-G3: max mana −d, heal 2, mana becomes the new max.
    s = duel(hand0=["vitality"], dice=[3], hp=(10, 15), mana=(2, 0))
    s, _ = play(s, "cast:vitality:3")
    assert (s.hp[0], s.mana[0], s.max_mana[0]) == (12, 5, 5)


def test_max_mana_floor_and_clamp() -> None:
    # MG-R3: max mana never below 0; current mana drops to the new max.
    s = duel(hand0=["vitality"], dice=[6], mana=(4, 0), max_mana=(4, 8), hp=(15, 15))
    s, _ = play(s, "cast:vitality:6")
    assert s.max_mana[0] == 0 and s.mana[0] == 0


def test_max_hp_reduction_and_floor() -> None:
    # MG-R4, MG-G11: max HP reductions are permanent, clamp current HP, never below 1.
    s = duel(hand0=["sacrifice", "fresh_blood"], dice=[1, 6], hp=(15, 15))
    s, _ = play(s, "cast:sacrifice:1")
    assert (s.hp[0], s.max_hp[0]) == (13, 13)
    s = duel(hand0=["sacrifice", "fresh_blood"], dice=[2, 3], max_hp=(4, 15), hp=(2, 15))
    assert GAME.legal_actions(s) == ["cast:sacrifice:2", "cast:sacrifice:3", "end"]
    assert say(GAME.reason(s, "cast:fresh_blood:2")) == (
        "Fresh Blood lowers your maximum HP by 4, but it is only 4 (it cannot drop below 1).")
    s = duel(hand0=["sacrifice"], dice=[2], max_hp=(2, 15), hp=(1, 15))
    assert GAME.legal_actions(s) == ["end"]


# -- hidden hand and reveal ------------------------------------------------------------------------

def test_reveal_on_first_cast_only() -> None:
    # MG-R12: a spell is revealed the first time it is cast.
    s = duel(dice=[1, 2])
    slot = s.hands[0].index("pain")
    obs = GAME.observation(s, 1)
    assert obs["players"][0]["hand"][slot]["spell"] is None
    s, events = play(s, "cast:pain:1")
    assert events[0].reveals and s.revealed[0][slot]
    obs = GAME.observation(s, 1)
    assert obs["players"][0]["hand"][slot] == {"slot": f"p0s{slot}", "spell": "pain",
                                                "revealed": True}
    s, _ = play(s, "end", "roll:1-2-3-4", "end", "roll:3-4-5-6")
    s, events = play(s, "cast:pain:3")
    assert not events[0].reveals


def test_starting_a_cast_says_which_hidden_spell_turns_up() -> None:
    # MG-R12, MG-R21: a spell of several dice shows from its first die on; the event of that
    # die tells the other wizard which face-down card it is, as the table shows it.
    s = duel(hand0=["harmony", "pain", "fireball", "resonance", "healing"], dice=[2, 5],
             mana=(3, 0))
    s, events = play(s, "cast:fireball:2")
    assert [(e.kind, e.seats, e.data["hand_slot"]) for e in events] == [("assign", None, 2)]
    hand = GAME.observation(s, 1)["players"][0]["hand"]
    assert [h["spell"] for h in hand] == [None, None, "fireball", None, None]
    assert GAME.observation(s, 1)["casting"]["slot"] == "p0s2"


# -- every spell of MG-T1 --------------------------------------------------------------------------

SPELL_CASES: list[tuple[str, dict[str, object], list[int], list[str], dict[str, object]]] = [
    # spell, position, dice, actions, expected (attribute: [seat0, seat1] or value)
    ("harmony", {"mana": (2, 0)}, [4], ["cast:harmony:4"], {"mana": [6, 0]}),
    ("pain", {}, [1], ["cast:pain:1"], {"hp": [15, 13]}),
    ("fireball", {"mana": (3, 0)}, [3, 5], ["cast:fireball:3", "die:5"],
     {"hp": [15, 10], "mana": [0, 0]}),
    ("resonance", {"mana": (6, 0)}, [2, 2], ["cast:resonance:2", "die:2", "x:5"],
     {"hp": [15, 10], "mana": [1, 0]}),
    ("healing", {"mana": (4, 0), "hp": (9, 15)}, [4], ["cast:healing:4"],
     {"hp": [13, 15], "mana": [0, 0], "max_mana": [7, 8]}),
    ("ring_of_fire", {"mana": (5, 0)}, [5], ["cast:ring_of_fire:5"],
     {"hp": [15, 12], "mana": [0, 0]}),
    ("meditation", {"mana": (1, 0)}, [6], ["cast:meditation:6"], {"mana": [6, 0], "active": 1}),
    ("zeal", {"mana": (1, 0), "max_mana": (6, 8)}, [3], ["cast:zeal:3"],
     {"hp": [12, 15], "mana": [6, 0]}),
    ("rapid_fire", {}, [1, 2, 3], ["cast:rapid_fire:1", "fire"], {"hp": [15, 14]}),
    ("rapid_fire", {}, [1, 2, 3], ["cast:rapid_fire:1", "die:3", "fire"], {"hp": [15, 12]}),
    ("rapid_fire", {}, [1, 2, 3], ["cast:rapid_fire:1", "die:2", "die:3"], {"hp": [15, 10]}),
    ("wrath", {"hp": (2, 15)}, [3], ["cast:wrath:3"], {"hp": [2, 11]}),
    ("vitality", {"hp": (10, 15), "mana": (0, 0)}, [2], ["cast:vitality:2"],
     {"hp": [12, 15], "mana": [6, 0], "max_mana": [6, 8]}),
    ("earthquake", {"mana": (3, 0)}, [1, 1, 1], ["cast:earthquake:1", "die:1", "die:1"],
     {"hp": [15, 8], "mana": [0, 0]}),
    ("tempest", {"mana": (5, 0)}, [6, 6, 6], ["cast:tempest:6", "die:6", "die:6"],
     {"hp": [15, 7], "mana": [0, 0], "active": 1}),
    ("sacrifice", {"hp": (8, 15)}, [5], ["cast:sacrifice:5"], {"hp": [13, 15],
                                                                "max_hp": [13, 15]}),
    ("fresh_blood", {"hp": (3, 15)}, [1], ["cast:fresh_blood:1"],
     {"hp": [11, 15], "max_hp": [11, 15]}),
    ("will_o_wisp", {"mana": (4, 0)}, [2, 6], ["cast:will_o_wisp:6", "die:2"],
     {"hp": [15, 9], "mana": [1, 0]}),
    ("killing_blade", {"mana": (8, 0)}, [6], ["cast:killing_blade:6"],
     {"hp": [15, 9], "mana": [1, 0]}),
    ("inspiration", {"mana": (0, 0), "max_mana": (7, 8)}, [2], ["cast:inspiration:2"],
     {"mana": [5, 0]}),
    ("purgatory", {}, [2, 5], ["cast:purgatory:2", "die:5"],
     {"hp": [13, 10], "active": 1}),
    ("gale", {}, [4, 4], ["cast:gale:4", "die:4"], {"hp": [15, 11]}),
    ("blood_drain", {"hp": (10, 15)}, [3, 3], ["cast:blood_drain:3", "die:3"],
     {"hp": [12, 12]}),
    ("essence_drain", {"mana": (7, 0)}, [1], ["cast:essence_drain:1"],
     {"hp": [15, 14], "mana": [8, 0]}),
    ("soul_drain", {"mana": (1, 0)}, [2, 3], ["cast:soul_drain:2", "die:3"],
     {"hp": [15, 13], "mana": [6, 0]}),
    ("flame_slash", {"mana": (8, 0)}, [1, 2, 5], ["cast:flame_slash:5", "die:1", "die:2"],
     {"hp": [15, 6], "mana": [0, 0]}),
    ("full_recovery", {"mana": (7, 0), "hp": (2, 15)}, [3, 4],
     ["cast:full_recovery:3", "die:4"], {"hp": [15, 15], "mana": [0, 0],
                                         "max_mana": [6, 8]}),
    ("passion", {}, [1], ["cast:passion:1"], {"hp": [13, 12]}),
    ("revival", {"mana": (5, 0), "hp": (6, 15)}, [1], ["cast:revival:1", "x:4"],
     {"hp": [10, 15], "mana": [1, 0], "max_mana": [7, 8]}),
    ("doomsday", {"hp": (9, 15)}, [1, 2, 3, 4],
     ["cast:doomsday:1", "die:2", "die:3", "die:4", "x:8"], {"hp": [1, 7]}),
]


@pytest.mark.parametrize(("spell", "pos", "dice", "actions", "expected"), SPELL_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(SPELL_CASES)])
def test_spell(spell: str, pos: dict[str, object], dice: list[int], actions: list[str],
               expected: dict[str, object]) -> None:
    # MG-T1: each spell's cost and effect; MG-R26: costs first, then effects in order.
    s = duel(hand0=[spell, "harmony"], dice=dice, **pos)  # type: ignore[arg-type]
    s, events = play(s, *actions)
    for attr, value in expected.items():
        assert getattr(s, attr) == value, attr
    assert any(e.kind == "cast" and e.data["spell"] == spell for e in events)


def test_every_spell_has_a_case() -> None:
    assert {c[0] for c in SPELL_CASES} == set(ALL) and len(ALL) == 28


def test_pair_spells_need_matching_dice() -> None:
    # MG-S04, MG-S20, MG-S21: a pair means two dice with the same number.
    s = duel(hand0=["gale", "blood_drain", "resonance"], dice=[2, 3, 3], mana=(1, 0))
    assert GAME.legal_actions(s) == ["cast:blood_drain:3", "cast:gale:3",
                                     "cast:resonance:3", "end"]
    assert say(GAME.reason(s, "cast:gale:2")) == (
        "Gale needs two dice showing the same number; no other unused die shows 2.")
    s, _ = play(s, "cast:gale:3")
    assert GAME.legal_actions(s) == ["die:3"]
    assert say(GAME.reason(s, "die:2")) == "Gale needs a matching die: the first one shows 3."


def test_x_choice_ranges() -> None:
    # MG-G9: X ≥ 1; bounded by mana for Resonance/Revival, by own HP for Doomsday.
    s = duel(dice=[5, 5], mana=(3, 0))
    s, _ = play(s, "cast:resonance:5", "die:5")
    assert GAME.legal_actions(s) == ["x:1", "x:2", "x:3"]
    assert say(GAME.reason(s, "x:4")) == "X must be between 1 and 3."
    s = duel(hand0=["resonance", "revival"], dice=[5, 5], mana=(0, 0))
    assert GAME.legal_actions(s) == ["end"]
    assert say(GAME.reason(s, "cast:revival:5")) == "Revival costs at least 1 mana; you have 0."
    s = duel(hand0=["doomsday"], dice=[1, 1, 2, 6], hp=(4, 15))
    s, _ = play(s, "cast:doomsday:1", "die:1", "die:2", "die:6")
    assert GAME.legal_actions(s) == ["x:1", "x:2", "x:3", "x:4"]
    assert "you lose" in say(GAME.prompt(s, 0))
    s, _ = play(s, "x:4")
    assert s.hp == [0, 15] and GAME.returns(s) == [-1.0, 1.0]  # MG-R41


def test_multi_die_cast_must_be_completable() -> None:
    # MG-R23: a cast may start only if its dice and costs can be completed.
    s = duel(hand0=["earthquake", "full_recovery", "inspiration"], dice=[3, 5],
             mana=(7, 0), max_mana=(4, 8))
    assert say(GAME.reason(s, "cast:earthquake:3")) == "Earthquake needs 3 dice; only 2 are unused."
    assert say(GAME.reason(s, "cast:full_recovery:5")) == (
        "Full Recovery costs the sum of both dice: at least 8 mana; you have 7.")
    assert say(GAME.reason(s, "cast:inspiration:5")) == (
        "Inspiration: a 5 costs 5 mana after refilling to your maximum of 4.")
    assert GAME.legal_actions(s) == ["cast:inspiration:3", "end"]
    s = duel(hand0=["full_recovery"], dice=[3, 4, 5], mana=(7, 0))
    s, _ = play(s, "cast:full_recovery:3")
    assert GAME.legal_actions(s) == ["die:4"]
    assert say(GAME.reason(s, "die:5")) == "Full Recovery: 3 + 5 costs 8 mana; you have 7."


def test_rapid_fire_takes_at_most_three() -> None:
    # MG-S09: 1, 2 or 3 dice; the third die finishes the spell.
    s = duel(hand0=["rapid_fire", "pain"], dice=[1, 2, 3, 4])
    s, _ = play(s, "cast:rapid_fire:1", "die:2")
    assert GAME.legal_actions(s) == ["die:3", "die:4", "fire"]
    s, _ = play(s, "die:4")
    assert s.phase == "main" and s.hp[1] == 10
    assert GAME.legal_actions(s) == ["cast:pain:3", "end"]


def test_illegal_and_malformed_actions() -> None:
    s = duel(dice=[1, 2])
    for bad in ("cast:fireball", "cast:nothing:1", "die:7", "x:0", "x:-1", "roll:1-1-1-1-1",
                "keep:", "end:1", " end"):
        assert not GAME.is_well_formed(bad), bad
        with pytest.raises(InvalidActionError):
            GAME.apply(s, bad)
    assert say(GAME.reason(s, "cast:gale:1")) == "You do not have Gale."
    assert say(GAME.reason(s, "cast:pain:5")) == "No die shows 5."
    assert say(GAME.reason(s, "die:1")) == "Start a cast first: drag a die onto a spell."
    assert say(GAME.reason(s, "keep:pain")) == "The draft is over."
    assert say(GAME.reason(s, "cast:pain:1"), "ja") == ""


def test_json_round_trip_and_clone_are_independent() -> None:
    s = duel(dice=[2, 2, 4], mana=(3, 1))
    s, _ = play(s, "cast:resonance:2", "die:2")
    data = GAME.state_to_json(s)
    again = GAME.state_from_json(data)
    assert GAME.state_to_json(again) == data
    assert GAME.legal_actions(again) == GAME.legal_actions(s)
    c = s.clone()
    GAME.apply_in_place(c, "x:3")
    assert s.phase == "cast" and s.mana == [3, 1] and c.mana == [0, 1]


def test_terminal_and_heuristic() -> None:
    s = duel(hp=(15, 5), mana=(4, 0))
    h = GAME.heuristic(s, 0)
    assert h is not None and 0 < h < 1
    h1 = GAME.heuristic(s, 1)
    assert h1 is not None and h1 == pytest.approx(-h)
    s.phase = "over"
    s.winner = 1
    assert GAME.current_player(s) == TERMINAL and GAME.heuristic(s, 0) == -1.0


def test_words_for_actions_and_prompts() -> None:
    s = duel(dice=[2, 5], mana=(4, 0))
    assert say(GAME.describe_action(s, "cast:fireball:2")) == \
        "Start casting Fireball: a 2 as the cost die"
    assert say(GAME.describe_action(s, "cast:pain:5"), "ja") == "苦痛に5を置いて唱える"
    assert say(GAME.describe_action(s, "end"), "ja") == "手番を終える"
    s, _ = play(s, "cast:fireball:2")
    assert say(GAME.describe_action(s, "die:5")) == "Put a 5 on Fireball as the damage die"
    assert say(GAME.prompt(s, 0)) == "Fireball: drag the damage die."
    assert say(GAME.prompt(s, 0), "ja") == "火球：ダメージ役のダイスをドラッグしてください。"
    assert say(GAME.prompt(s, 1)) == "It is Player 1's turn."
    r = duel(hand0=["rapid_fire"], dice=[3])
    r, _ = play(r, "cast:rapid_fire:3")
    assert say(GAME.prompt(r, 0)) == "Rapid Fire: press Fire."


def test_undo_takes_back_a_cast_in_progress() -> None:
    # No cancel action: the session's undo takes back the start of a cast.
    session = Session(GAME, seed=2)
    starts: list[str] = []
    for _ in range(40):
        seat = GAME.current_player(session.state)
        legal = session.legal_actions()
        starts = [a for a in legal if a.startswith(("cast:fireball", "cast:resonance"))]
        if starts:
            break
        harmony = [a for a in legal if a.startswith("cast:harmony")]
        session.submit(seat, harmony[-1] if harmony else "end")
    assert starts
    before = GAME.state_to_json(session.state)
    session.submit(seat, starts[0])
    assert session.state.phase == "cast"
    assert session.can_undo() == (True, None)
    session.undo()
    assert GAME.state_to_json(session.state) == before


def test_refusal_reason_comes_in_the_players_language() -> None:
    # MG-R23 reasons reach the status line through Session.submit in ja as well as en.
    session = Session(GAME, 2, {}, seed=5)
    seat = session.current_player()
    before = session.state_hash()
    speaker = PLUGIN.speaker()
    with pytest.raises(IllegalActionError) as refused:
        session.submit(seat, "cast:gale:6")
    assert speaker.refusal(refused.value, "ja", session.state) == "烈風を持っていません。"
    assert speaker.refusal(refused.value, "en", session.state) == "You do not have Gale."
    assert session.state_hash() == before


def test_every_spell_has_an_effect_program_in_the_table() -> None:
    # MG-R26: the effect table words every spell of the card list, and only those.
    from tabletop.games.magos.data import SPELLS
    from tabletop.games.magos.spells import EFFECTS, _amount

    assert set(EFFECTS) == set(SPELLS)
    ops = {"hurt", "hurt_self", "pay", "gain", "heal", "refill", "lower_max_mana",
           "lower_max_hp", "note_damage", "wrath"}
    for spell, steps in EFFECTS.items():
        assert steps and all(op in ops for op, _ in steps), spell
        for _, term in steps:
            assert isinstance(_amount(term, [3, 4], 2, 9), int), (spell, term)
