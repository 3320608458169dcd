"""Not My Fault! table view: layout, no hidden card in another seat's layout, a gesture for every
legal action, refusal reasons, status, summary."""

from __future__ import annotations

import pytest

from tabletop.engine import Piece
from tabletop.games.not_my_fault.data import MILESTONES
from tabletop.games.not_my_fault.view import NotMyFaultView
from tests.games.not_my_fault.nmf_build import GAME, play, position, say
from tests.games.viewcheck import check_gestures, decisions, seat_views

VIEW = NotMyFaultView()


def by_id(pieces: list[Piece]) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_gestures_exist_for_every_legal_action(n: int) -> None:
    for session in decisions(GAME, n, range(4)):
        assert check_gestures(session, VIEW, say) > 0


@pytest.mark.parametrize("n", [2, 5])
def test_no_hidden_card_in_another_seats_layout(n: int) -> None:
    # The layout is drawn from the seat's observation only: other hands and the others'
    # face-down cards are backs without art, and changing them changes nothing on screen.
    for step, seat, _, lay, _ in seat_views(GAME, VIEW, n, range(6)):
        s = step.session.state
        pieces = by_id(lay.pieces)
        for p in range(n):
            if p == seat:
                continue
            for i in range(len(s.hands[p])):
                back = pieces[f"p{p}h{i}"]
                assert not back.face_up and not back.art
        for i, o in enumerate(s.owners):
            card = pieces[f"c{i}"]
            assert card.face_up == (o == seat)
            if o != seat:
                assert not card.art


def test_layout_hands_milestones_pile_and_reprimands() -> None:
    s = position([[0, 2, 8], [4, 4], [1]], turn=2, centre=[2, 4], declared=7,
                 reprimands=[1, 0, 2], discard=[1, 1, 8])
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    pieces = by_id(lay.pieces)
    mine = [pieces[f"p0h{i}"] for i in range(3)]
    assert all(p.face_up for p in mine)
    assert [p.art["title_en"] for p in mine] == ["0", "2", "8"]
    assert {"title_ja", "title_en", "body_ja", "body_en", "corner", "badge", "color"} <= \
        set(mine[0].art)
    assert mine[2].tooltip_en == "Progress 8" and mine[2].tooltip_ja == "進捗8"
    assert all(not pieces[f"p1h{i}"].face_up for i in range(2))
    assert pieces["p1h0"].y < 300 < mine[0].y
    # The current declaration is slid up and lit; the milestones below it are dimmed.
    m7, m11, m5 = pieces["m7"], pieces["m11"], pieces["m5"]
    assert m7.state == "active" and m7.y < m11.y and m11.state == "" and m5.state == "dim"
    assert m7.art["body_en"] == "Declared by Player 2"
    # The centre: seat 0's own card face up for seat 0 only, seat 1's face down.
    assert s.owners == [0, 1]
    assert pieces["c0"].face_up and pieces["c0"].art["title_en"] == "2"
    assert not pieces["c1"].face_up
    assert sorted(k for k in pieces if k.startswith("rep")) == ["rep0_0", "rep2_0", "rep2_1"]
    assert pieces["discard_top"].art["title_en"] == "8"
    texts = {t.id: t.text_en for t in lay.texts}
    assert texts["discard_1"] == "1: ×2" and texts["discard_8"] == "8: ×1"
    assert texts["pile_text"] == "2 down · declared 7 by Player 2"
    assert texts["rep_label2"] == "Reprimands 2/3" and texts["hand_count1"] == "2 cards in hand"
    assert texts["reserve_count"] == f"{s.deck_size} cards"
    zones = {z.id for z in lay.zones}
    assert {"pile", "discard", "reserve_zone", "last_audit", "seat0", "seat1", "seat2"} <= zones
    turn_zone = next(z for z in lay.zones if z.id == "seat2")
    assert turn_zone.color and "to move" in turn_zone.label_en


def test_other_players_sit_in_turn_order_along_the_top() -> None:
    s = position([[1], [1], [1], [1], [1]])
    lay = VIEW.layout(GAME.observation(s, 2), 2)
    zones = {z.id: z for z in lay.zones}
    xs = [zones[f"seat{p}"].x for p in (3, 4, 0, 1)]
    assert xs == sorted(xs) and zones["seat2"].y > 500


def test_spectator_sees_no_card() -> None:
    s = position([[0, 2], [4]], turn=1, centre=[8], owners=[0], declared=5)
    lay = VIEW.layout(GAME.observation(s, None), None)
    assert all(not p.face_up for p in lay.pieces if p.id.startswith(("p", "c")))
    assert VIEW.gestures(GAME.observation(s, None), None, GAME.legal_actions(s)) == []


def test_raise_is_a_drag_onto_a_milestone_and_audit_a_button() -> None:
    s = position([[2, 8, 8], [1]], turn=0, centre=[4], owners=[1], declared=13)
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    drags = {(x.action, x.source, x.target) for x in g if x.source}
    assert drags == {(f"play:{v}:{m}", f"p0h{i}", f"m{m}")
                     for i, v in enumerate((2, 8, 8)) for m in (18, 25)}
    [button] = [x for x in g if x.source is None]
    assert (button.action, button.label_en, button.label_ja, button.shortcut,
            button.target) == ("audit", "Audit!", "監査！", "A", None)
    drag = next(x for x in g if x.action == "play:8:25")
    assert drag.label_en == "Play 8 face down, declare 25"
    assert drag.label_ja == "8を伏せて「25」と申告"


def test_opening_offers_every_milestone_and_no_audit() -> None:
    s = position([[4], [1]])
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert {x.target for x in g} == {f"m{m}" for m in MILESTONES}
    assert all(x.action != "audit" for x in g)


def test_why_not_reasons() -> None:
    s = position([[2, 8], [1, 4]], turn=0, centre=[4], owners=[1], declared=7)
    obs = GAME.observation(s, 0)
    assert say(VIEW.why_not(obs, 0, "p0h0", "m11"), "en") == ""
    assert say(VIEW.why_not(obs, 0, "p0h0", "m5"), "en") == \
        "A raise must declare more than 7."
    assert say(VIEW.why_not(obs, 0, "p0h0", "m5"), "ja") == \
        "7より大きいマイルストーンを申告しなければなりません。"
    assert say(VIEW.why_not(obs, 0, "p0h0", None), "en") == \
        "Drag the card onto a milestone (or click one) to declare it."
    assert say(VIEW.why_not(obs, 0, "p0h1", "discard"), "en").startswith(
        "Drop the card on a milestone")
    assert say(VIEW.why_not(obs, 0, "p1h0", "m11"), "ja") == "それはプレイヤー2の手札です。"
    assert say(VIEW.why_not(obs, 0, "c0", None), "en").startswith(
        "The face-down cards are turned up only by an audit")
    assert say(VIEW.why_not(obs, 0, "m11", None), "en") == \
        "Drag a card from your hand onto a milestone to declare it."
    obs1 = GAME.observation(s, 1)
    assert say(VIEW.why_not(obs1, 1, "p1h0", "m11"), "en") == "It is Player 1's turn."
    assert say(VIEW.why_not(obs1, 1, "p1h0", "m11"), "ja") == "プレイヤー1の手番です。"
    assert say(VIEW.why_not(GAME.observation(s, None), None, "p0h0", "m11"), "en") == \
        "You are watching this game."
    top = position([[2, 8], [1]], turn=0, centre=[4], owners=[1], declared=25)
    assert say(VIEW.why_not(GAME.observation(top, 0), 0, "p0h1", None), "en") == \
        "25 is the last milestone: you can only audit."


def test_status_prompts() -> None:
    s = position([[2, 8], [1, 4]])
    assert say(VIEW.status(GAME.observation(s, 0), 0), "en").startswith(
        "Drag a card from your hand onto a milestone")
    assert say(VIEW.status(GAME.observation(s, 1), 1), "ja") == \
        "プレイヤー1がラウンドを始めます。"
    s, _ = play(s, "play:2:5")
    assert say(VIEW.status(GAME.observation(s, 1), 1), "en") == (
        "Player 1 declared 5. Drag a card onto a higher milestone to raise, or press Audit! (A).")
    assert "監査" in say(VIEW.status(GAME.observation(s, 1), 1), "ja")
    assert say(VIEW.status(GAME.observation(s, 0), 0), "en") == \
        "Player 2 is deciding: raise or audit (declared: 5)."
    s, _ = play(s, "play:4:25")
    assert say(VIEW.status(GAME.observation(s, 0), 0), "en") == \
        "Player 2 declared 25, the last milestone: press Audit! (A)."
    empty = position([[], [1]], turn=0, centre=[4], owners=[1], declared=5)
    assert say(VIEW.status(GAME.observation(empty, 0), 0), "en") == \
        "You have no cards left: press Audit! (A)."


def test_series_and_summary() -> None:
    s = position([[2], [1], [4]], turn=2, centre=[0], owners=[1], declared=3,
                 reprimands=[1, 2, 0])
    obs = GAME.observation(s, None)
    assert {say(name, "en"): v for name, v in VIEW.series(obs)} == {
        "P1 reprimands": 1.0, "P2 reprimands": 2.0, "P3 reprimands": 0.0}
    assert VIEW.series_round(obs) == 2
    assert say(VIEW.summary(obs), "en") == ""
    s, _ = play(s, "audit")
    obs = GAME.observation(s, None)
    assert say(VIEW.summary(obs), "en") == (
        "Player 2 collects a third reprimand and loses; Player 1 and Player 3 win.\n"
        "Reprimands after 2 rounds: Player 1 1, Player 2 3, Player 3 0.")
    assert say(VIEW.summary(obs), "ja").startswith("プレイヤー2が3枚目の戒告を受けて負け")
    assert say(VIEW.status(obs, None), "en") == \
        "Player 2 has 3 reprimands and loses; everyone else wins."
    texts = {t.id: t.text_en for t in VIEW.layout(obs, None).texts}
    assert texts["audit_text"] == "Sum 0 < 3: a false report"
    assert texts["audit_who"] == "Player 3 audited; Player 2 reprimanded"
