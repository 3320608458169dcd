"""Magos table view: layout, gestures for every legal action, refusal reasons, summaries."""

from __future__ import annotations

import pytest

from tabletop.engine import Piece, Session
from tabletop.games.magos.data import SPELLS
from tabletop.games.magos.view import MagosView
from tests.games.magos.magos_build import GAME, duel, play, say
from tests.games.viewcheck import check_gestures, decisions

VIEW = MagosView()


def cards(pieces: list[Piece]) -> list[Piece]:
    return [p for p in pieces if p.kind == "card"]


def test_layout_rows_dice_and_meters() -> None:
    s = duel(dice=[2, 5, 5], mana=(3, 0))
    s, _ = play(s, "cast:pain:2")
    obs = GAME.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    assert (lay.width, lay.height) == (1280, 800)
    all_cards = cards(lay.pieces)
    top = [c for c in all_cards if c.y < 400]
    bottom = [c for c in all_cards if c.y > 400]
    assert len(top) == 5 and len(bottom) == 5
    assert all(not c.face_up for c in top)  # the opponent's spells are unrevealed
    assert all(c.face_up for c in bottom)
    pain = next(c for c in bottom if c.art["title_en"] == "Pain")
    assert pain.state == "used"
    fireball = next(c for c in bottom if c.art["title_en"] == "Fireball")
    assert fireball.art["badge"] == "●●" and fireball.art["corner"] == "●"
    assert fireball.art["title_ja"] == "火球" and fireball.art["ends_turn"] is False
    assert {"title_ja", "title_en", "body_ja", "body_en", "corner", "badge", "color",
            "ends_turn"} <= set(fireball.art)
    dice = [p for p in lay.pieces if p.kind == "die"]
    assert [(d.id, d.art["value"], d.state) for d in dice] == [
        ("die0", 2, "used"), ("die1", 5, ""), ("die2", 5, "")]
    meters = {m.id: (m.value, m.maximum, m.capacity) for m in lay.meters}
    assert meters == {"hp0": (15, 15, 15), "mana0": (3, 8, 8), "hp1": (13, 15, 15),
                      "mana1": (0, 8, 8)}
    texts = {t.id: t.text_en for t in lay.texts}
    assert "Player 1 (you)" in texts["name0"] and texts["turn"] == "Turn 3 — Player 1"


def test_revealed_and_active_cards() -> None:
    s = duel(dice=[2, 5], mana=(3, 3))
    s, _ = play(s, "cast:pain:2", "end", "roll:1-1-4-6", "cast:fireball:1")
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    top = {c.id: c for c in cards(lay.pieces) if c.y < 400}
    casting_slot = f"p1s{s.cast_slot}"
    assert top[casting_slot].face_up and top[casting_slot].state == "active"
    assert top[casting_slot].art["title_en"] == "Fireball"
    assert sum(1 for c in top.values() if c.face_up) == 1
    # Seat 1 sees Pain revealed in seat 0's row (now at the top of seat 1's table).
    lay1 = VIEW.layout(GAME.observation(s, 1), 1)
    opp_row = [c for c in cards(lay1.pieces) if c.y < 400]
    assert [c.art["title_ja"] for c in opp_row if c.face_up] == ["苦痛"]


def test_spectator_sees_seat_zero_at_bottom_and_nothing_hidden() -> None:
    s = duel(dice=[3])
    lay = VIEW.layout(GAME.observation(s, None), None)
    assert all(not c.face_up for c in cards(lay.pieces))
    assert {c.id for c in cards(lay.pieces) if c.y > 400} == {f"p0s{i}" for i in range(5)}
    assert VIEW.gestures(GAME.observation(s, None), None, []) == []


@pytest.mark.parametrize("setup", ["first-game", "draft"])
def test_gestures_exist_for_every_legal_action(setup: str) -> None:
    for session in decisions(GAME, None, range(4), lambda seed: {"setup": setup}, limit=150):
        assert check_gestures(session, VIEW, say) > 0


def test_gesture_shapes() -> None:
    s = duel(dice=[4, 4, 6], mana=(5, 0))
    obs = GAME.observation(s, 0)
    g = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    fire = [x for x in g if x.action == "cast:fireball:4"]
    slot = f"p0s{s.hands[0].index('fireball')}"
    assert {(x.source, x.target) for x in fire} == {("die0", slot), ("die1", slot)}
    end = next(x for x in g if x.action == "end")
    assert end.source is None and end.target is None and end.shortcut == "E"
    assert end.label_ja == "手番終了" and end.label_en == "End turn"
    s, _ = play(s, "cast:resonance:4")
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert [(x.action, x.target) for x in g] == [("die:4", f"p0s{s.cast_slot}")]
    s, _ = play(s, "die:4")
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert [x.label_en for x in g] == ["X = 1", "X = 2", "X = 3", "X = 4", "X = 5"]


def test_doomsday_label_warns() -> None:
    s = duel(hand0=["doomsday"], dice=[1, 2, 3, 4], hp=(3, 15))
    s, _ = play(s, "cast:doomsday:1", "die:2", "die:3", "die:4")
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert [x.label_en for x in g] == ["X = 1", "X = 2", "X = 3 (you lose!)"]
    assert "負け" in g[-1].label_ja


def test_why_not_reasons_match_the_engine() -> None:
    s = duel(dice=[4, 6], mana=(5, 0))
    obs = GAME.observation(s, 0)
    fire_slot = f"p0s{s.hands[0].index('fireball')}"
    assert say(VIEW.why_not(obs, 0, "die1", fire_slot), "en") == \
        "Fireball: a 6 as the cost die needs 6 mana; you have 5."
    assert say(VIEW.why_not(obs, 0, "die1", fire_slot), "en") == \
        say(GAME.reason(s, "cast:fireball:6"))
    assert say(VIEW.why_not(obs, 0, "die1", fire_slot), "ja") == \
        say(GAME.reason(s, "cast:fireball:6"), "ja")
    assert say(VIEW.why_not(obs, 0, "die0", "p1s0"), "en") == \
        "You can only cast your own spells."
    assert say(VIEW.why_not(GAME.observation(s, 1), 1, "die0", "p1s0"), "en") == \
        "It is Player 1's turn."
    s, _ = play(s, "cast:harmony:4")
    obs = GAME.observation(s, 0)
    harmony_slot = f"p0s{s.hands[0].index('harmony')}"
    assert say(VIEW.why_not(obs, 0, "die0", fire_slot), "en") == "That die is already used."
    s2 = duel(dice=[1, 3])
    s2, _ = play(s2, "cast:harmony:1")
    obs2 = GAME.observation(s2, 0)
    assert say(VIEW.why_not(obs2, 0, "die1", harmony_slot), "en") == \
        "Harmony was already cast this turn."
    s3 = duel(dice=[2, 3], mana=(5, 0))
    s3, _ = play(s3, "cast:fireball:2")
    obs3 = GAME.observation(s3, 0)
    pain_slot = f"p0s{s3.hands[0].index('pain')}"
    assert say(VIEW.why_not(obs3, 0, "die1", pain_slot), "en") == \
        "Finish casting Fireball first."
    assert say(VIEW.status(obs3, 0), "en") == "Fireball: drag the damage die."


def test_status_series_summary() -> None:
    s = duel(dice=[3], hp=(15, 2))
    obs = GAME.observation(s, 0)
    assert say(VIEW.status(obs, 0), "en") == \
        "Drag a die onto a spell to cast it, or press End turn."
    assert say(VIEW.status(obs, 1), "en") == "It is Player 1's turn."
    assert {say(n, "en"): v for n, v in VIEW.series(obs)} == \
        {"P1 HP": 15, "P1 mana": 0, "P2 HP": 2, "P2 mana": 0}
    assert {say(n, "ja") for n, _ in VIEW.series(obs)} == {"P1 HP", "P1 マナ", "P2 HP", "P2 マナ"}
    assert say(VIEW.summary(obs), "en") == ""
    s, _ = play(s, "cast:pain:3")
    obs = GAME.observation(s, None)
    assert say(VIEW.summary(obs), "en").startswith("Player 1 wins: Player 2's HP fell to 0.")
    assert say(VIEW.summary(obs), "ja").startswith("プレイヤー1の勝ち")


def test_draft_layout_and_keep_clicks() -> None:
    session = Session(GAME, options={"setup": "draft"}, seed=3)
    s = session.state
    seat = GAME.current_player(s)
    obs = GAME.observation(s, seat)
    lay = VIEW.layout(obs, seat)
    dealt = [p for p in lay.pieces if p.id.startswith("deal")]
    assert len(dealt) == 10 and all(p.face_up for p in dealt)
    assert max(p.x + p.w for p in dealt) <= 1280 and min(p.x for p in dealt) >= 0
    gestures = VIEW.gestures(obs, seat, GAME.legal_actions(s))
    assert all(g.source is None and g.target and g.target.startswith("deal") for g in gestures)
    first = gestures[0]
    session.submit(seat, first.action)
    obs = GAME.observation(session.state, seat)
    lay = VIEW.layout(obs, seat)
    assert next(p for p in lay.pieces if p.id == first.target).state == "selected"
    assert say(VIEW.why_not(obs, seat, str(first.target), None), "en") == \
        "You already keep this card."
    # The waiting seat sees its own dealt cards, never the drafting seat's.
    other = VIEW.layout(GAME.observation(session.state, 1 - seat), 1 - seat)
    shown = [p.art["title_en"] for p in other.pieces if p.id.startswith("deal")]
    assert shown == [SPELLS[c].en for c in session.state.dealt[1 - seat]]
    assert VIEW.gestures(GAME.observation(session.state, 1 - seat), 1 - seat, []) == []
    assert say(VIEW.why_not(GAME.observation(session.state, 1 - seat), 1 - seat, "deal0",
                            None), "en") == f"Player {seat + 1} is choosing spells."


def test_the_summary_charts_one_point_per_round_of_turns() -> None:
    # A whole seeded duel with random moves: the rounds the chart files samples under (the
    # draft's is 0) never go back and end at the number of turns the longer-playing seat had.
    import random

    from tabletop.engine import CHANCE

    session = Session(GAME, 2, {}, 5, human_seats=())
    rng = random.Random(5)
    rounds = [VIEW.series_round(session.observation(None))]
    while not session.is_terminal():
        assert session.current_player() != CHANCE
        legal = session.legal_actions()
        session.submit(session.current_player(), rng.choice(legal))
        rounds.append(VIEW.series_round(session.observation(None)))
    assert all(r is not None and r >= 0 for r in rounds)
    assert rounds == sorted(rounds)  # type: ignore[type-var]
    final = session.observation(None)
    assert rounds[-1] == max(int(p["turns"]) for p in final["players"]) > 1
