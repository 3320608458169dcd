"""Buried Treasure table view: no other seat's pending choice in a layout or a readable log line,
a gesture for every legal action, refusal reasons, status prompts, summary."""

from __future__ import annotations

import pytest

from tabletop.engine import Piece, Session
from tabletop.games.buried_treasure.model import Phase
from tabletop.games.buried_treasure.view import BuriedTreasureView
from tests.games.buried_treasure.bt_build import GAME, play, position, say
from tests.games.viewcheck import check_gestures, decisions, seat_views

VIEW = BuriedTreasureView()


def by_id(pieces: list[Piece]) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_gestures_exist_for_every_legal_action(n: int) -> None:
    for session in decisions(GAME, n, range(3)):
        assert check_gestures(session, VIEW, say) > 0


@pytest.mark.parametrize("n", [2, 6])
def test_no_pending_choice_in_another_seats_layout_or_log(n: int) -> None:
    # A buried card of another seat is a bare back; resampling hidden facts changes nothing
    # on screen; a log line another seat can read never names the buried value.
    played: list[Session] = []
    for (session, _, ply), seat, obs, lay, twin in seat_views(GAME, VIEW, n, range(4)):
        if ply == 0 and seat == 0:
            played.append(session)
        s = session.state
        pieces = by_id(lay.pieces)
        for p in range(n):
            if p != seat and s.buried[p] is not None:
                back = pieces[f"bur{p}"]
                assert not back.face_up and not back.art
                assert str(s.buried[p]) not in back.tooltip_en.replace(f"Player {p + 1}", "")
        for lang in ("en", "ja"):
            assert say(VIEW.status(twin, seat), lang) == say(VIEW.status(obs, seat), lang)
    for session in played:
        for rec in session.history:
            if rec.action.startswith("bury:"):
                for e in rec.events:
                    if e.seats is None:
                        assert "card" not in e.data and not e.reveals
                        text = say(e, "en") + say(e, "ja")
                        assert "Treasure" not in text and "得点" not in text
                    else:
                        assert e.seats == frozenset({e.data["seat"]})


def test_layout_shows_own_bury_face_up_and_others_hidden() -> None:
    s = position([[4, 1, 2], [2, 1, 1], [-5, 1, 8]], centre=[8])
    s, _ = play(s, "bury:4", "bury:1")
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    pieces = by_id(lay.pieces)
    assert pieces["bur0"].face_up and pieces["bur0"].art["title_en"] == "4"
    assert not pieces["bur1"].face_up and "hidden" in pieces["bur1"].tooltip_en
    assert "bur2" not in pieces  # still choosing
    texts = {t.id: t.text_en for t in lay.texts}
    assert texts["state1"] == "Has chosen (hidden)"
    assert texts["state2"] == "Choosing a card secretly…"
    assert pieces["d0"].art["title_en"] == "8"
    # Seat 2 is to bury: its own spot is the drop target.
    lay2 = VIEW.layout(GAME.observation(s, 2), 2)
    spot = by_id(lay2.pieces)["bur2"]
    assert spot.state == "active" and spot.art["title_ja"] == "埋める"


def test_status_says_choose_secretly_and_hidden_while_waiting() -> None:
    s = position([[4, 1], [2, 1], [1, 1]])
    obs = GAME.observation(s, 0)
    assert say(VIEW.status(obs, 0), "en").startswith("Choose secretly")
    assert "こっそり" in say(VIEW.status(obs, 0), "ja")
    s, _ = play(s, "bury:4")
    waiting = say(VIEW.status(GAME.observation(s, 0), 0), "en")
    assert "secretly" in waiting and "hidden until the reveal" in waiting
    assert "秘密" in say(VIEW.status(GAME.observation(s, 0), 0), "ja")
    assert "hidden" in say(VIEW.status(GAME.observation(s, 2), 2), "en")


def test_board_slots_and_bid_gestures() -> None:
    s = position([[1, 1]] * 4)
    s, _ = play(s, "bury:1", "bury:1", "bury:1", "bury:1", "bid:0", "bid:5")
    assert s.phase == Phase.BID
    obs = GAME.observation(s, 2)
    pieces = by_id(VIEW.layout(obs, 2).pieces)
    assert pieces["z0"].art["body_en"] == "P1" and pieces["z1"].art["body_en"] == "free"
    assert pieces["b5"].state == "active"
    gestures = {g.action: g for g in VIEW.gestures(obs, 2, GAME.legal_actions(s))}
    assert gestures["bid:0"].target == "z1" and gestures["bid:3"].target == "b3"
    assert say(VIEW.why_not(obs, 2, "b5", None), "en") == \
        "Player 2's pawn is already on 5; choose a free value."
    assert "順番" in say(VIEW.why_not(obs, 2, "z3", None), "ja")
    assert say(VIEW.why_not(obs, 2, "p2h0", None), "en") == \
        "You bury a card only at the start of a round."


def test_why_not_reasons() -> None:
    s = position([[4, 1], [2, 1]])
    obs = GAME.observation(s, 1)
    assert say(VIEW.why_not(obs, 1, "p1h0", None), "en") == "It is Player 1's turn."
    assert say(VIEW.why_not(obs, 1, "p0h0", None), "en") == \
        "That card is in Player 1's hand."
    obs0 = GAME.observation(s, 0)
    assert "burial spot" in say(VIEW.why_not(obs0, 0, "p0h0", "d0"), "en")
    assert say(VIEW.why_not(obs0, 0, "b3", None), "ja").startswith(
        "まず全員がカードを埋めます")
    s, _ = play(s, "bury:4")
    obs1 = GAME.observation(s, 1)
    assert "face down" in say(VIEW.why_not(obs1, 1, "bur0", None), "en")
    assert s.phase == Phase.BURY


def test_take_gestures_and_summary() -> None:
    s = position([[4, 1], [2, 1]], centre=[-5], rnd=6)
    s, _ = play(s, "bury:4", "bury:2", "bid:3", "bid:2")
    obs = GAME.observation(s, 0)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    targets = {g.action: g.target for g in gestures}
    assert targets["pass"] is None and targets["take:4"] is not None
    assert "Take nothing" in say(VIEW.status(obs, 0), "en")
    s, _ = play(s, "take:4", "take:2")
    final = GAME.observation(s, None)
    assert say(VIEW.summary(final), "en").startswith("Player 1 wins with 4 points.")
    assert "勝ち" in say(VIEW.summary(final), "ja")
    assert {say(name, "en"): v for name, v in VIEW.series(final)} == {"P1 points": 4.0,
                                                                      "P2 points": 2.0}
    assert {say(name, "ja") for name, _ in VIEW.series(final)} == {"P1 点", "P2 点"}
