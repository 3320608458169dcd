"""Sheep & Thief table view: a gesture for every legal action, nothing hidden in a layout (other
hands, packs, pending picks and face-down cards), the rules' own words for refused drops, the
thief's path, the status line, and the end-of-game breakdown and chart."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import Piece, Session
from tabletop.engine.layout import Layout
from tabletop.games.sheep_and_thief.data import CELL_TEXT
from tabletop.games.sheep_and_thief.knowledge import HIDDEN, SheepObs
from tabletop.games.sheep_and_thief.state import Phase
from tabletop.games.sheep_and_thief.view import (
    BACK_COLOR,
    DISCARD_ZONE,
    HAND_ZONE,
    HEIGHT,
    WIDTH,
    SheepAndThiefView,
    cell_id,
    down_id,
    flock_id,
    thief_id,
    trail_id,
)
from tests.games.sheep_and_thief.st_build import GAME, cell, play, position, put, say
from tests.games.viewcheck import check_gestures, decisions, seat_views, walk


def obs_of(session: Session, seat: int | None) -> SheepObs:
    """The observation of ``seat``, typed as the game's."""
    return GAME.observation(session.state, seat)


def by_id(pieces: list[Piece]) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


def words_of(lay: Layout) -> str:
    """Everything a layout shows or tells, in both languages."""
    parts: list[str] = []
    for p in lay.pieces:
        parts += [p.id, p.tooltip_en, p.tooltip_ja, *(str(v) for v in p.art.values())]
    for z in lay.zones:
        parts += [z.id, z.label_en, z.label_ja]
    for t in lay.texts:
        parts += [t.id, t.text_en, t.text_ja]
    return "\n".join(parts)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_gestures_exist_for_every_legal_action(n: int) -> None:
    view = SheepAndThiefView()
    count = 0
    for session in decisions(GAME, n, range(2)):
        count += check_gestures(session, view, say)
    assert count > 100


@pytest.mark.parametrize("n", [2, 4])
def test_layout_fits_the_table_for_every_seat(n: int) -> None:
    # Sheets never overlap each other or the panel; every piece, zone and text starts on the
    # table, for each seat and the spectator, all game long.
    view = SheepAndThiefView()
    for session, _, _ in walk(GAME, n, [n]):
        for seat in (None, *range(n)):
            lay = view.layout(obs_of(session, seat), seat)
            assert (lay.width, lay.height) == (WIDTH, HEIGHT)
            for z in lay.zones:
                assert z.x >= 0 and z.y >= 20 and z.x + z.w <= WIDTH and z.y + z.h <= HEIGHT, z
            for t in lay.texts:
                assert 0 <= t.x < WIDTH - 100 and 0 <= t.y < HEIGHT - 14, t
            sheets = [z for z in lay.zones if z.id.startswith("sheet")]
            assert len(sheets) == n
            for i, a in enumerate(sheets):
                for b in sheets[i + 1:]:
                    assert a.x + a.w <= b.x or b.x + b.w <= a.x or \
                        a.y + a.h <= b.y or b.y + b.h <= a.y
            if seat is None:  # the spectator sees no hand and no pack
                assert not {HAND_ZONE, "pack", "seen", "offers"} & {z.id for z in lay.zones}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_hidden_card_in_a_layout(n: int) -> None:
    # ST-R36: a seat's layout is the same whatever the hidden cards are (another seat's hand,
    # pack, pending pick, face-down cards, the deck); it never names a card the seat cannot
    # see; another seat's face-down card is a bare back.
    view = SheepAndThiefView()
    for step, seat, obs, lay, twin in seat_views(GAME, view, n, range(2)):
        s = step.session.state
        assert say(view.status(twin, seat)) == say(view.status(obs, seat))
        text = words_of(lay)
        unseen = set(s.deck)
        for p in range(n):
            if p == seat:
                continue
            unseen |= set(s.hands[p])
            unseen |= {c for i, c in enumerate(s.sheets[p]) if s.down[p][i]}
            if s.phase == Phase.DRAFT:
                unseen |= set(s.packs[s.pack_of(p)]) | {s.picks[p]}
        unseen -= {""}
        known = {str(c) for pl in obs["players"] for c in
                 [*pl["known"], *(pl["pack_seen"] or []), *pl["offer"]] if c}
        for card in unseen - known:
            assert card not in text, (card, seat, s.phase)
        pieces = by_id(lay.pieces)
        for p in range(n):
            for i, c in enumerate(obs["players"][p]["cards"]):
                if c == HIDDEN:
                    back = pieces[down_id(p, i)]
                    assert not back.face_up and back.art == {"back": BACK_COLOR}


def test_placement_gestures_and_refusals_in_the_rules_words() -> None:
    # ST-E2: only the house is down and the thief stands on (0,1).
    s = position([["M27", "M33"], ["M01"]], thief=(0, 1))
    view = SheepAndThiefView()
    obs = GAME.observation(s, 0)
    legal = GAME.legal_actions(s)
    gestures = view.gestures(obs, 0, legal)
    assert {(g.source, g.target) for g in gestures} == {("M27", cell_id(0, cell("1,0")))}
    # ST-R15 (c): the thief's cell.
    assert say(view.why_not(obs, 0, "M27", cell_id(0, cell("0,1")))) == \
        "The thief stands on column 2, row 1: no card goes there."
    assert "どろぼう" in say(view.why_not(obs, 0, "M27", cell_id(0, cell("0,1"))), "ja")
    # ST-R16: M33's river reaches neither the border nor a river at (1,0).
    assert say(view.why_not(obs, 0, "M33", cell_id(0, cell("1,0")))) == \
        "The river of M33 (river E–S, 2 sheep) must reach the edge of the sheet or another " \
        "river at column 1, row 2."
    # ST-R15 (b): no neighbour; (a): the house's cell; another seat's sheet.
    assert "touches no card" in say(view.why_not(obs, 0, "M27", cell_id(0, cell("3,3"))))
    assert "already holds a card" in say(view.why_not(obs, 0, "M27", "house0"))
    assert say(view.why_not(obs, 0, "M27", cell_id(1, cell("1,0")))) == \
        "Your cards go on your own sheet."
    assert say(view.why_not(obs, 0, "M27", cell_id(0, cell("1,0")))) == ""
    assert "discard" in say(view.why_not(obs, 0, "M27", DISCARD_ZONE))
    # The other seat waits for its turn.
    obs1 = GAME.observation(s, 1)
    assert say(view.why_not(obs1, 1, "M01", cell_id(1, cell("1,0")))) == \
        "It is Player 1's turn."
    assert say(view.status(obs, 0)).startswith("Drag a card of your hand onto a glowing cell")


def test_face_down_when_no_card_fits() -> None:
    # ST-R17: no card of the hand fits face up anywhere: the same drag lays it face down.
    s = position([["M33"], ["M01"]], thief=(2, 2))
    view = SheepAndThiefView()
    obs = GAME.observation(s, 0)
    legal = GAME.legal_actions(s)
    assert all(a.startswith("down:") for a in legal)
    gestures = {g.action: g for g in view.gestures(obs, 0, legal)}
    g = gestures["down:M33@1,0"]
    assert (g.source, g.target) == ("M33", cell_id(0, cell("1,0")))
    assert say(view.why_not(obs, 0, "M33", cell_id(0, cell("1,0")))) == ""
    assert say(view.status(obs, 0)).startswith("No card of your hand fits face up")
    s2, _ = play(s, "down:M33@1,0")
    # The owner sees a back with the card named; the other seat a bare back at that cell.
    own = by_id(view.layout(GAME.observation(s2, 0), 0).pieces)["M33"]
    assert not own.face_up and "M33" in own.tooltip_en
    other = view.layout(GAME.observation(s2, 1), 1)
    back = by_id(other.pieces)[down_id(0, cell("1,0"))]
    assert not back.face_up and back.art == {"back": BACK_COLOR}
    assert "M33" not in words_of(other)


def test_sheepdog_flock_drag_and_refusals() -> None:
    # ST-E4: a flock of 2 on (1,1); cards at (1,2) (hut) and (2,1) (the thief's cell).
    s = position([["M16"], ["M01"]], thief=(2, 1))
    put(s, 0, "0,1", "M04")
    put(s, 0, "1,1", "M43", sheep=2)
    put(s, 0, "1,2", "M49")
    put(s, 0, "2,1", "M44")
    s, _ = play(s, "place:M16@0,2")
    assert s.phase == Phase.DOG
    view = SheepAndThiefView()
    obs = GAME.observation(s, 0)
    gestures = {g.action: g for g in view.gestures(obs, 0, GAME.legal_actions(s))}
    g = gestures["dog:1,1>1,2"]
    assert (g.source, g.target) == (flock_id(0, cell("1,1")), "M49")
    assert gestures["dog:stop"].source is None and gestures["dog:stop"].target is None
    assert gestures["dog:stop"].label_en == "Let the dog rest"
    flock = by_id(view.layout(obs, 0).pieces)[flock_id(0, cell("1,1"))]
    assert flock.art["label"] == "2" and flock.state == "active"
    assert say(view.why_not(obs, 0, flock_id(0, cell("1,1")), "M44")) == \
        "The thief stands on column 2, row 3: sheep cannot go there."
    assert say(view.why_not(obs, 0, flock_id(0, cell("1,1")), cell_id(0, cell("1,0")))) == \
        "Sheep move only onto a card; column 1, row 2 is empty."
    assert "one step" in say(view.why_not(obs, 0, flock_id(0, cell("1,1")), "house0"))
    assert say(view.why_not(obs, 0, flock_id(0, cell("1,1")), None)) == \
        "Drag the flock onto a neighbouring card of your sheet."
    assert say(view.status(obs, 0)).startswith("Sheepdog (2 left)")
    s, _ = play(s, "dog:1,1>1,2", "dog:stop")
    pieces = by_id(view.layout(GAME.observation(s, 0), 0).pieces)
    assert flock_id(0, cell("1,1")) not in pieces
    assert pieces[flock_id(0, cell("1,2"))].art["label"] == "2"
    assert "safe" in pieces[flock_id(0, cell("1,2"))].tooltip_en


def test_thief_steps_on_every_sheet_and_its_path_is_shown() -> None:
    # ST-E1: M25's two thieves walk (2,2) -> (2,1) -> (1,1); B's sheep are stolen.
    s = position([["M25"], ["M01"], ["M02"]], thief=(2, 2))
    put(s, 0, "1,0", "M05")
    put(s, 1, "1,0", "M30")
    put(s, 1, "2,0", "M47")
    put(s, 1, "2,1", "M43", sheep=3)
    view = SheepAndThiefView()
    s, _ = play(s, "place:M25@1,1")
    assert s.phase == Phase.THIEF
    obs = GAME.observation(s, 0)
    gestures = view.gestures(obs, 0, GAME.legal_actions(s))
    step = [g for g in gestures if g.action == "thief:2,1"]
    # A click on one's own sheet, or a drag of the thief on any sheet.
    assert {(g.source, g.target) for g in step} == {
        (None, cell_id(0, cell("2,1"))), (thief_id(0), cell_id(0, cell("2,1"))),
        (thief_id(1), "M43"), (thief_id(2), cell_id(2, cell("2,1")))}
    assert say(view.why_not(obs, 0, thief_id(1), cell_id(1, cell("1,2")))) == ""
    assert "one step at a time" in say(view.why_not(obs, 0, thief_id(0),
                                                    cell_id(0, cell("3,3"))))
    lay = view.layout(obs, 0)
    assert {p.id for p in lay.pieces} >= {thief_id(0), thief_id(1), thief_id(2)}
    s, _ = play(s, "thief:2,1")
    halfway = s
    s, _ = play(s, "thief:1,1")
    assert s.fence[0] == 3
    # The path is in the observation: a view that saw none of the steps shows it all.
    lay = SheepAndThiefView().layout(GAME.observation(s, 1), 1)
    pieces = by_id(lay.pieces)
    # The path on every sheet: the start, then the step before the thief's cell.
    for p in range(3):
        assert pieces[trail_id(p, 0)].art["label"] == "1"
        assert pieces[trail_id(p, 1)].art["label"] == "2"
        assert trail_id(p, 2) not in pieces
    line = {t.id: t.text_en for t in lay.texts}["thief_line"]
    # The walk as the steps it took, the thief named by the cell the sheets label.
    assert line == "Thief at column 2, row 2 · last walk by Player 1: left, up"
    assert pieces["fence0"].art["label"] == "3"
    # Undo back to the first step: the path is shortened, not lost.
    lay = SheepAndThiefView().layout(GAME.observation(halfway, 0), 0)
    line = {t.id: t.text_en for t in lay.texts}["thief_line"]
    assert line == "Thief at column 2, row 3 · last walk by Player 1: left"
    assert trail_id(0, 1) not in by_id(lay.pieces)


def test_thief_click_and_drag_refusals_out_of_turn() -> None:
    s = position([["M03"], ["M01"]], thief=(2, 2))
    put(s, 0, "0,1", "M04")
    view = SheepAndThiefView()
    obs = GAME.observation(s, 0)
    assert "only for the thieves" in say(view.why_not(obs, 0, thief_id(0),
                                                      cell_id(0, cell("2,1"))))
    assert "only with a sheepdog" in say(view.why_not(obs, 0, flock_id(0, 0), "M04"))
    assert "Player 2's sheep" in say(view.why_not(obs, 0, flock_id(1, 0), "house1"))


def _to_phase(n: int, phase: str, seed: int = 0) -> Session:
    session = Session(GAME, n, seed=seed)
    rng = random.Random(seed)
    while session.state.phase != phase:
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    return session


def test_draft_pick_by_click_or_drag_and_the_packs_seen() -> None:
    session = _to_phase(4, Phase.DRAFT)
    view = SheepAndThiefView()
    seat = session.current_player()
    obs = obs_of(session, seat)
    pack = obs["players"][seat]["pack"]
    gestures = view.gestures(obs, seat, session.legal_actions())
    first = [g for g in gestures if g.action == f"pick:{pack[0]}"]
    assert {(g.source, g.target) for g in first} == {(None, pack[0]), (pack[0], HAND_ZONE)}
    assert say(view.status(obs, seat)).startswith("Click the card of your pack you keep")
    # Everyone picks once: the packs pass left, and each seat remembers what it passed on.
    for _ in range(4):
        mover = session.current_player()
        session.submit(mover, session.legal_actions()[0])
    obs = obs_of(session, 0)
    lay = view.layout(obs, 0)
    zones = {z.id: z for z in lay.zones}
    assert "seen" in zones
    seen = [p for p in lay.pieces if p.id.startswith("seen")]
    assert seen and all(p.art for p in seen)
    texts = {t.id: t.text_en for t in lay.texts}
    assert texts["seen_row1"].startswith("Player 2 holds it now")
    # Someone who has chosen waits for the others.
    mover = session.current_player()
    session.submit(mover, session.legal_actions()[0])
    obs = obs_of(session, mover)
    card = obs["players"][mover]["pack"][0]
    assert say(view.why_not(obs, mover, str(card), None)).startswith("You have chosen")
    chosen = [p for p in view.layout(obs, mover).pieces if p.state == "selected"]
    assert [p.id for p in chosen] == obs["players"][mover]["choice"]


def test_two_player_draft_keep_offer_take() -> None:
    session = _to_phase(2, Phase.KEEP)
    view = SheepAndThiefView()
    seat = session.current_player()
    for _ in range(2):
        session.submit(seat, session.legal_actions()[0])
    obs = obs_of(session, seat)
    pack = [str(c) for c in obs["players"][seat]["pack"]]
    assert len(pack) == 4
    gestures = view.gestures(obs, seat, session.legal_actions())
    offer = [g for g in gestures if g.action == f"offer:{pack[0]}+{pack[2]}"]
    assert {(g.source, g.target) for g in offer} == {(None, pack[2]), (pack[2], pack[0])}
    assert say(view.why_not(obs, seat, pack[0], None)).startswith(f"{pack[0]} (")
    assert say(view.why_not(obs, seat, pack[1], HAND_ZONE)).startswith(
        "You have kept two cards: now click the card that goes with")
    assert say(view.status(obs, seat)).startswith("Split the other four into two pairs")
    # Both offer; then each takes a pair of the other's offer with a click on either card.
    session.submit(seat, f"offer:{pack[0]}+{pack[2]}")
    other = session.current_player()
    while session.state.phase == Phase.KEEP:
        session.submit(other, session.legal_actions()[0])
    assert session.state.phase == Phase.TAKE
    taker = session.current_player()
    obs = obs_of(session, taker)
    lay = view.layout(obs, taker)
    assert "offers" in {z.id for z in lay.zones}
    theirs = [str(c) for c in obs["players"][1 - taker]["offer"]]
    gestures = view.gestures(obs, taker, session.legal_actions())
    pair = "+".join(sorted(theirs[2:]))
    assert {g.target for g in gestures if g.action == f"take:{pair}" and g.source is None} \
        == set(theirs[2:])
    assert say(view.why_not(obs, taker, theirs[3], None)) == ""


def test_end_of_game_breakdown_chart_and_summary() -> None:
    view = SheepAndThiefView()
    for n in (2, 4):
        session = Session(GAME, n, seed=7)
        rng = random.Random(7)
        rounds: set[int | None] = set()
        while not session.is_terminal():
            rounds.add(view.series_round(obs_of(session, None)))
            legal = session.legal_actions()
            session.submit(session.current_player(), legal[rng.randrange(len(legal))])
        assert rounds >= {1, 2, 3}
        final = obs_of(session, None)
        table = view.score_table(final)
        assert table is not None
        header, *rows, total = table
        assert [say(c) for c in header[1:]] == [f"Player {p + 1}" for p in range(n)]
        labels = [say(r[0]) for r in rows]
        assert labels == ["Sheep", "of them in the fence", "East town", "South town",
                          "Big town", "Rivers"]
        assert [say(r[0], "ja") for r in rows][2:5] == ["右の街", "下の街", "右下の大きな街"]
        s = session.state
        for p in range(n):
            assert int(str(total[p + 1])) == s.total(p)
            parts = [int(str(r[p + 1])) for r in rows]
            assert parts[0] + sum(parts[2:]) == s.total(p)
        series = {say(name): v for name, v in view.series(final)}
        assert series == {f"P{p + 1} points": float(s.total(p)) for p in range(n)}
        assert say(view.summary(final)).startswith(f"{say(header[1 + s.winners[0]])}")
        lay = view.layout(final, None)
        assert {t.id for t in lay.texts} >= {"round_score0", "round_score1"}


def test_two_towns_option_has_no_south_town() -> None:
    s = position([["M01"], ["M02"]], options={"towns": "two"})
    view = SheepAndThiefView()
    ids = {p.id for p in view.layout(GAME.observation(s, 0), 0).pieces}
    assert "town0_east" in ids and "town0_big" in ids and "town0_south" not in ids


def test_cells_are_named_as_in_the_actions() -> None:
    s = position([["M01"], ["M02"]])
    view = SheepAndThiefView()
    obs = GAME.observation(s, 0)
    lay = view.layout(obs, 0)
    zones = {z.id: z for z in lay.zones}
    # Row by row from the house at 0,0: each cell one cell-width right of the one before.
    for i in range(1, 4):
        a, b = zones[cell_id(0, i - 1)], zones[cell_id(0, i)]
        assert b.x > a.x and b.y == a.y
        assert CELL_TEXT[i] == f"0,{i}"
    assert zones[cell_id(0, 4)].y > zones[cell_id(0, 0)].y
