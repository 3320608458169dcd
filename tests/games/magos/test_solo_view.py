"""Magos solo table view: the enemy card and its face table, the step highlight, the wizard's
row, gestures for every legal action, refusal reasons, series and summaries."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import Layout, Piece, Session
from tabletop.games.magos.solo_view import MagosSoloView
from tests.games.magos.solo_build import SOLO, battle, enemy_turn, play, say

VIEW = MagosSoloView()


def pieces(lay: Layout, kind: str) -> dict[str, Piece]:
    return {p.id: p for p in lay.pieces if p.kind == kind}


def test_enemy_card_face_table_and_texts() -> None:
    s = battle("sleeping_lion", dice=[2, 5], mana=3, turns=(3, 2))
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    assert (lay.width, lay.height) == (1280, 800)
    cards = pieces(lay, "card")
    enemy = cards["enemy"]
    assert enemy.art["title_en"] == "Sleeping Lion" and enemy.art["title_ja"] == "眠りライオン"
    assert enemy.art["corner"] == "25" and enemy.art["badge"] == "a-16"
    assert enemy.w > 120 and enemy.h > 168 and enemy.y < 100  # a large card at the top
    tiles = pieces(lay, "tile")
    assert set(tiles) == {f"row{b}-{f}" for b in (0, 1) for f in range(1, 7)}
    # Bands: 0 = HP 1-15, 1 = HP 16-25 (in force at 25 HP); the other band is dim.
    assert all(tiles[f"row0-{f}"].state == "dim" for f in range(1, 7))
    assert all(tiles[f"row1-{f}"].state == "" for f in range(1, 7))
    assert tiles["row1-1"].art["label_en"] == "1  2 dmg to itself"
    # A face that ends the turn says so in words, not by the rulebook's mark alone.
    assert tiles["row1-6"].art["label_en"] == "6  4 dmg, ends turn"
    assert tiles["row1-6"].art["ends_turn"]
    assert tiles["row0-6"].art["label_ja"] == "6  7ダメージ・手番終了"
    row = tiles["row1-1"]
    assert row.w > 3 * row.h  # wide, short tiles read as table rows
    assert tiles["row1-2"].y - row.y >= row.h and tiles["row1-2"].x == row.x
    meters = {m.id: (m.value, m.maximum) for m in lay.meters}
    assert meters == {"enemy_hp": (25, 25), "hp0": (15, 15), "mana0": (3, 8)}
    texts = {t.id: t.text_en for t in lay.texts}
    # The player's third turn: the enemy's two turns so far are over, none is under way.
    assert texts["enemy_turn"] == "Enemy turns played: 2"
    assert {t.id: t.text_ja for t in lay.texts}["enemy_turn"] == "敵の手番：2回終了"
    assert texts["next_dice"] == "Next enemy dice (patch v1.1): 2, 4, 5"
    ja_texts = {t.id: t.text_ja for t in lay.texts}
    assert ja_texts["next_dice"] == "次の敵の出目（パッチv1.1）：2・4・5"  # a list, not "2 to 5"
    assert texts["band1"] == "HP 16–25" and texts["turn"] == "Turn 3 — you"
    own = [c for c in cards.values() if c.id.startswith("p0s")]
    assert len(own) == 5 and all(c.face_up and c.y > 400 for c in own)
    assert [d.art["value"] for d in pieces(lay, "die").values()] == [2, 5]
    assert tiles["row1-5"].art["label_ja"] == "5  3ダメージ"


def test_enemy_steps_are_highlighted_node_by_node() -> None:
    # MG-X4 on the table: the resolving row is active, the band not in force stays dim even
    # after the Lion's HP drops into it (MG-R56.1).
    s = battle("sleeping_lion", enemy_hp=17, turns=(3, 2), dice=[1])
    s, _ = play(s, "end")
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    tiles = pieces(lay, "tile")
    assert not any(t.state == "active" for t in tiles.values())
    assert [d.state for d in pieces(lay, "die").values()] == ["", "", ""]
    s, _ = play(s, "enemy:2")
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    tiles = pieces(lay, "tile")
    assert tiles["row1-2"].state == "active"
    assert [t for t in tiles if tiles[t].state == "active"] == ["row1-2"]
    assert all(tiles[f"row0-{f}"].state == "dim" for f in range(1, 7))
    dice = pieces(lay, "die")
    assert [(d.id, d.art["value"], d.state) for d in dice.values()] == [
        ("enemy_die0", 2, "active"), ("enemy_die1", 4, ""), ("enemy_die2", 5, "")]
    assert pieces(lay, "card")["enemy"].state == "active"
    texts = {t.id: t.text_en for t in lay.texts}
    assert texts["step0"] == "2 → 2 damage to itself" and texts["turn"] == "Turn 3 — Sleeping Lion"
    assert texts["enemy_turn"] == "Enemy turn 3"  # its own turn, under way
    s, _ = play(s, "enemy:4", "enemy:5")
    # The last step stays on show until the wizard rolls.
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    assert pieces(lay, "tile")["row1-5"].state == "active"
    assert [d.state for d in pieces(lay, "die").values()] == ["used", "used", "active"]
    s, _ = play(s, "roll:1-1-1-1")
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    tiles = pieces(lay, "tile")
    assert not any(t.state == "active" for t in tiles.values())
    assert all(tiles[f"row1-{f}"].state == "dim" for f in range(1, 7))  # HP 15: band 0 now


def test_ends_turn_leaves_remaining_enemy_dice_dim() -> None:
    s = battle("stone_gargoyle", hp=99, max_hp=99, dice_mode="rolled")
    s, _ = play(s, "end", "roll:6-6", "enemy:6")
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    assert [d.state for d in pieces(lay, "die").values()] == ["active", "dim"]
    assert {t.id: t.text_en for t in lay.texts}["next_dice"] == \
        "Next enemy turn: 2 rolled dice"


def test_gestures_cover_every_legal_action() -> None:
    rng = random.Random(2)
    for options in ({"setup": "draft"}, {"enemy": "chimera"}):
        session = Session(SOLO, options=options, seed=6)
        for _ in range(60):
            if session.is_terminal():
                break
            obs = session.observation(0)
            legal = session.legal_actions()
            gestures = VIEW.gestures(obs, 0, legal)
            assert {g.action for g in gestures} == set(legal)
            lay = VIEW.layout(obs, 0)
            ids = {p.id for p in lay.pieces} | {z.id for z in lay.zones}
            for g in gestures:
                for ref in (g.source, g.target):
                    assert ref is None or ref in ids, (g, ids)
            session.submit(0, legal[rng.randrange(len(legal))])
    assert VIEW.gestures(SOLO.observation(battle(dice=[3]), None), None, ["end"]) == []


def test_why_not() -> None:
    s = battle("stone_gargoyle", dice=[3], turns=(2, 1))
    obs = SOLO.observation(s, 0)
    assert say(VIEW.why_not(obs, 0, "row0-6", None), "en").startswith(
        "That is Stone Gargoyle's card")
    assert "enemy" in say(VIEW.why_not(obs, 0, "die0", "enemy"), "en")
    assert say(VIEW.why_not(obs, 0, "die0", "p0s2"), "en") == \
        "Fireball needs 2 dice; only 1 is unused."
    assert say(VIEW.why_not(obs, 0, "p0s1", None), "en").startswith(
        "Drag a die onto this spell")
    s, _ = play(s, "end")
    obs = SOLO.observation(s, 0)
    assert say(VIEW.why_not(obs, 0, "p0s0", None), "en") == \
        "Stone Gargoyle is taking its turn."
    assert say(VIEW.why_not(obs, 0, "p0s0", None), "ja") == "石像ガーゴイルの手番です。"
    assert say(VIEW.status(obs, 0), "en") == "Stone Gargoyle is taking its turn."


@pytest.mark.parametrize(("case", "en"), [
    ("win", "Victory! You defeated Training Dummy on your turn 1. Your HP: 15/15."),
    ("loss", "Defeat: Stone Gargoyle brought your HP to 0 on its turn 1; it had 15 HP left."),
    ("self", "Defeat: you knocked yourself out with your own spell; Chimera had 23 HP left."),
])
def test_summary(case: str, en: str) -> None:
    if case == "win":
        s, _ = play(battle("training_dummy", dice=[2], enemy_hp=1), "cast:pain:2")
    elif case == "loss":
        s, _ = enemy_turn(battle("stone_gargoyle", hp=5))
    else:
        s, _ = play(battle("chimera", hand=["passion", "pain", "zeal", "gale", "wrath"],
                           dice=[2, 3], hp=3),
                    "cast:pain:2", "cast:zeal:3")
    obs = SOLO.observation(s, 0)
    assert say(VIEW.summary(obs), "en") == en
    assert say(VIEW.summary(obs), "ja")
    assert say(VIEW.status(obs, 0), "en") in ("You defeated Training Dummy!",
                                              "Stone Gargoyle defeated you.",
                                              "Chimera defeated you.")


def test_series_and_no_summary_mid_battle() -> None:
    obs = SOLO.observation(battle("reaper", mana=4, enemy_hp=9), 0)
    assert {say(n, "en"): v for n, v in VIEW.series(obs)} == \
        {"HP": 15.0, "mana": 4.0, "Reaper HP": 9.0}
    assert {say(n, "ja"): v for n, v in VIEW.series(obs)} == \
        {"HP": 15.0, "マナ": 4.0, "リーパー HP": 9.0}
    assert say(VIEW.summary(obs), "en") == ""


def test_no_table_text_lies_under_the_dealt_cards_in_the_draft() -> None:
    # MG-R51: in the draft the dealt cards cross the middle of the table, where the turn
    # counter stands in a battle; a text there peeked out beside the first card. The turn
    # has not begun, so the table names none.
    session = Session(SOLO, options={"setup": "draft"}, seed=6)
    lay = VIEW.layout(session.observation(0), 0)
    dealt = [p for p in lay.pieces if p.id.startswith("deal")] or [
        z for z in lay.zones if "deal" in z.id]
    assert dealt, [p.id for p in lay.pieces]
    top = min(p.y for p in dealt)
    bottom = max(p.y + p.h for p in dealt)
    under = [t.id for t in lay.texts if top - 20 <= t.y <= bottom]
    assert under == [], under
    assert "turn" not in {t.id for t in lay.texts}
    battle_lay = VIEW.layout(SOLO.observation(battle(dice=[3]), 0), 0)
    assert "turn" in {t.id for t in battle_lay.texts}


def test_before_its_first_turn_the_enemy_has_not_moved() -> None:
    lay = VIEW.layout(SOLO.observation(battle("sleeping_lion"), 0), 0)
    assert {t.id: t.text_en for t in lay.texts}["enemy_turn"] == "The enemy has not moved yet"
    assert {t.id: t.text_ja for t in lay.texts}["enemy_turn"] == "敵はまだ動いていません"
