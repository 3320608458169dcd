"""Mr. Sneaky table view: the Thief's layout never shows a closed door, the Rich Man's shows it
only as a corner mark, a gesture for every legal action, real drags, refusal reasons, words."""

from __future__ import annotations

import json
import random
from typing import Any

from tabletop.engine import CHANCE, TERMINAL, Layout, Piece, Session
from tabletop.games.mr_sneaky.data import CARD_SHORT, DOORS, TILE_COLORS, TILE_MARKS, TILE_NAMES
from tabletop.games.mr_sneaky.state import Phase, SneakyState
from tabletop.games.mr_sneaky.view import (
    HEIGHT,
    WIDTH,
    MrSneakyView,
    closed_door_art,
    door_id,
)
from tests.games.mr_sneaky.ms_build import GAME, LAYOUT, door, play, position, say, shuffle_closed
from tests.games.viewcheck import check_gestures, decisions

VIEW = MrSneakyView()

#: Every word or mark that names a door's face, in either language.
FACE_WORDS = {w for names in TILE_NAMES.values() for w in names} | set(TILE_MARKS.values())


def by_id(pieces: list[Piece]) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


def _strings(piece: Piece) -> list[str]:
    """Every text a piece carries: its id, its art values and its tooltips."""
    out = [piece.id, piece.tooltip_en, piece.tooltip_ja]
    out.extend(str(v) for v in piece.art.values())
    return out


def _canon(lay: Layout) -> str:
    return json.dumps([[vars(p) for p in lay.pieces], [vars(z) for z in lay.zones],
                       [vars(t) for t in lay.texts]], sort_keys=True, ensure_ascii=False)


def _random_states(seeds: range) -> list[SneakyState]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.new_game()
        while GAME.current_player(s) != TERMINAL:
            if s.doors[0] and GAME.current_player(s) != CHANCE:
                out.append(s.clone())
            p = GAME.current_player(s)
            action = (GAME.sample_chance(s, rng) if p == CHANCE else
                      rng.choice(GAME.legal_actions(s)))
            GAME.apply_in_place(s, action)
    return out


def test_thief_layout_never_contains_a_closed_face() -> None:
    # MS-R10, MS-R37: over seeded random games, in both languages (a layout carries both).
    rng = random.Random(5)
    checked = 0
    rich_differs = 0
    for s in _random_states(range(8)):
        thief = 1 - s.rich
        for seat in (thief, None):
            lay = VIEW.layout(GAME.observation(s, seat), seat)
            pieces = by_id(lay.pieces)
            for d in range(8):
                if s.opened[d]:
                    continue
                piece = pieces[door_id(d)]
                assert piece.art == closed_door_art(d, "")
                for text in _strings(piece):
                    assert not any(w in text for w in FACE_WORDS), (text, s.doors[d])
            for p in lay.pieces:  # no id names a tile, only positions
                assert not p.id.startswith(("tile", "T-")), p.id
            # The whole layout is the same whatever lies behind the closed doors: two
            # shuffles per seat, as many as when a layout was built per language.
            for _ in range(2):
                other = shuffle_closed(s, rng)
                assert _canon(VIEW.layout(GAME.observation(other, seat), seat)) == \
                    _canon(lay)
                checked += 1
        rich_lay = VIEW.layout(GAME.observation(s, s.rich), s.rich)
        other = shuffle_closed(s, rng)
        if other.doors != s.doors:
            rich_differs += _canon(VIEW.layout(GAME.observation(other, s.rich),
                                               s.rich)) != _canon(rich_lay)
    assert checked > 500 and rich_differs > 50  # the check can see a leak when there is one


def test_rich_man_sees_faces_only_as_a_corner_mark_and_a_colour() -> None:
    s = position(rich=0, thief="D1", opened=["D2"], cards={"D3": ["A1"]})
    rich = by_id(VIEW.layout(GAME.observation(s, 0), 0).pieces)
    thief = by_id(VIEW.layout(GAME.observation(s, 1), 1).pieces)
    for d in range(8):
        if d == door("D2"):
            assert rich[door_id(d)].art == thief[door_id(d)].art
            assert thief[door_id(d)].art["corner"] == "罠1"
            continue
        mark = TILE_MARKS[LAYOUT[d]]
        assert rich[door_id(d)].art == {**closed_door_art(d, ""), "corner": mark,
                                        "color": TILE_COLORS[LAYOUT[d]]}
        assert thief[door_id(d)].art == closed_door_art(d, "")
    assert "Only you know it is Treasure" in rich[door_id(door("D3"))].tooltip_en


def test_layout_pieces() -> None:
    s = position(rich=0, thief="D4", moves=2, guards=1, opened=["D2"], jewels=(3, 1),
                 agents=([], ["C3"]), cards={"D5": ["A1", "B1"]}, discard=["B2"])
    lay = VIEW.layout(GAME.observation(s, 1), 1)
    pieces = by_id(lay.pieces)
    assert [pieces[door_id(d)].art["title_en"] for d in range(8)] == list(DOORS)
    assert pieces["card_D5_0"].art["title_en"] == "宝・無"
    assert pieces["card_D5_1"].art["body_en"] == "Thief\n+1 guard"
    # The short effect, in both languages (the table prints the player's).
    assert (pieces["card_D5_1"].art["body_en"], pieces["card_D5_1"].art["body_ja"]) in {
        tuple(short) for short in CARD_SHORT.values()}
    assert pieces["start"].rotation == 180.0  # two quarter turns
    thief_piece = pieces["thief"]
    assert (thief_piece.art["label_en"], thief_piece.art["label_ja"]) == ("Thief", "泥棒")
    dx = pieces[door_id(door("D4"))].x
    assert dx <= thief_piece.x <= dx + 176
    assert sum(1 for p in lay.pieces if p.id.startswith("jewel0_")) == 3
    assert pieces["agent1_0"].art["title_en"] == "罠"
    guards = [pieces[f"guard{i}"] for i in range(4)]
    assert sum(1 for g in guards if g.y >= 686 and g.x < 620) == 1  # one in front of the Thief
    assert pieces["discard_top"].art["title_en"] == "罠"
    assert not pieces["deck"].face_up
    texts = {t.id: t.text_en for t in lay.texts}
    assert texts["moves"] == "Moves since steal: 2/4" and texts["jewels0"] == "Jewels: 3 / 8"
    zones = {z.id: z for z in lay.zones}
    assert zones["player1"].label_en == "Player 2 (you) — Thief"
    assert zones["guards"].label_en == "Thief's guards 1/4"
    ja = {t.id: t.text_ja for t in lay.texts}
    assert ja["moves"] == "盗み以降の移動：2/4"


def _check_gestures(session: Session) -> int:
    """The shared check in both languages, and a drag for every move and placement."""
    count = check_gestures(session, VIEW, say, ("en", "ja"))
    obs = GAME.observation(session.state, session.current_player())
    gestures = VIEW.gestures(obs, session.current_player(), session.legal_actions())
    for action in session.legal_actions():  # buttons for steal/pass
        if action.startswith(("move:", "place:")):
            assert any(g.source and g.target for g in gestures if g.action == action), action
    return count


def test_gestures_exist_for_every_legal_action() -> None:
    for session in decisions(GAME, None, range(8)):
        assert _check_gestures(session) > 0


def test_move_and_place_are_drags_steal_and_pass_buttons() -> None:
    s = position(rich=0, thief="S")
    g = VIEW.gestures(GAME.observation(s, 1), 1, GAME.legal_actions(s))
    assert {(x.action, x.source, x.target) for x in g} == {
        ("move:D1", "thief", "door_D1"), ("move:D1", None, "door_D1"),
        ("move:D2", "thief", "door_D2"), ("move:D2", None, "door_D2")}
    s, _ = play(s, "move:D2")
    g = VIEW.gestures(GAME.observation(s, 1), 1, GAME.legal_actions(s))
    assert [(x.action, x.source, x.target, x.label_en, x.label_ja, x.shortcut)
            for x in g] == [("pass", None, None, "Do nothing", "何もしない", "N"),
                            ("steal", None, "door_D2", "Steal", "盗む", ""),
                            ("steal", None, None, "Steal", "盗む", "S")]
    s, _ = play(s, "pass", "draw:A3")
    assert s.phase == Phase.PLACE
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert ("place:D8", "drawn", "door_D8") in {(x.action, x.source, x.target) for x in g}
    assert VIEW.gestures(GAME.observation(s, None), None, GAME.legal_actions(s)) == []


def test_why_not_reasons() -> None:
    s = position(rich=0, thief="D1", moves=0, opened=["D3"])
    thief = GAME.observation(s, 1)
    assert say(VIEW.why_not(thief, 1, "thief", "door_D8"), "en") == \
        "From D1 the Thief can move only to D2, D3 or D4."
    assert say(VIEW.why_not(thief, 1, "thief", "door_D8"), "ja") == \
        "D1からはD2・D3・D4にしか移動できません。"
    assert say(VIEW.why_not(thief, 1, "thief", "door_D3"), "en") == ""  # an open door is fine
    assert say(VIEW.why_not(thief, 1, "thief", None), "en") == \
        "Drag the thief onto a neighbouring door."
    assert say(VIEW.why_not(thief, 1, "guard0", None), "en") == \
        "Guards come only from opened doors and guard cards."
    assert say(VIEW.why_not(thief, 1, "start", None), "ja") == \
        "スタートカードは泥棒が移動するたびに自動で回ります。"
    rich = GAME.observation(s, 0)
    assert say(VIEW.why_not(rich, 0, "thief", "door_D2"), "en") == \
        "Wait: the Thief (Player 2) is moving."
    forced = position(rich=0, thief="D1", moves=3, opened=["D3"])
    assert say(VIEW.why_not(GAME.observation(forced, 1), 1, "thief", "door_D3"), "en") == \
        "The start card has turned a full circle: move onto a closed door and steal."
    placing = position(rich=0, phase=Phase.PLACE, drawn="A1", opened=["D2"],
                       cards={"D4": ["A2", "A3"], "D5": ["B1", "B2", "C1"]})
    obs = GAME.observation(placing, 0)
    assert say(VIEW.why_not(obs, 0, "drawn", "door_D2"), "en") == \
        "D2 is already open: cards go only on closed doors."
    assert say(VIEW.why_not(obs, 0, "drawn", "door_D4"), "ja") == \
        "D4にはもう宝カードが2枚あります。"
    assert say(VIEW.why_not(obs, 0, "door_D5", None), "en") == "D5 already holds 3 cards."
    assert say(VIEW.why_not(obs, 0, "drawn", None), "en") == \
        "Drag the card onto a closed door."
    assert say(VIEW.why_not(obs, 0, "thief", "door_D2"), "en") == \
        "Only the Thief moves the thief piece."
    assert say(VIEW.why_not(GAME.observation(placing, 1), 1, "thief", "door_D2"), "ja") == \
        "お待ちください：富豪（プレイヤー1）がカードを置いています。"
    stealing, _ = play(position(rich=0, thief="D1"), "move:D2")
    obs = GAME.observation(stealing, 1)
    assert say(VIEW.why_not(obs, 1, "door_D4", None), "en") == \
        "You can steal only where the thief stands: D2."
    assert say(VIEW.why_not(obs, 1, "thief", "door_D4"), "en") == "First steal or do nothing."
    assert say(VIEW.why_not(GAME.observation(s, None), None, "thief", "door_D2"), "en") == \
        "You are watching this game."


def test_status_series_summary() -> None:
    s = position(rich=0, thief="D1", moves=3, jewels=(2, 5))
    obs = GAME.observation(s, 1)
    assert say(VIEW.status(obs, 1), "en").startswith("The start card completes its circle")
    assert say(VIEW.status(obs, 0), "ja") == "泥棒（プレイヤー2）が移動します。"
    assert {say(name, "en"): v for name, v in VIEW.series(obs)} == {"P1 jewels": 2.0,
                                                                    "P2 jewels": 5.0}
    assert VIEW.series_round(obs) == 1
    assert say(VIEW.summary(obs), "en") == ""
    s, _ = play(position(rich=0, thief="D1", jewels=(2, 5)), "move:D3", "steal")
    over = GAME.observation(s, None)
    assert over["phase"] == Phase.OVER
    assert say(VIEW.summary(over), "en") == \
        "Player 2 wins with 9 jewels. Jewels 2 – 9, agents 0 – 0, after 1 round."
    assert say(VIEW.summary(over), "ja").startswith("プレイヤー2が宝石9個で勝ちました。")
    assert say(VIEW.status(over, None), "en") == "Player 2 wins."
    texts = {t.id: t.text_en for t in VIEW.layout(over, None).texts}
    assert texts["over"] == "Game over: Player 2 wins"
    assert texts["last_round"] == "Round 1: Player 2 +4 (found the Treasure)"


# ---------------------------------------------------------------------------------------------
# Real mouse events on the table
# ---------------------------------------------------------------------------------------------


def _table(qtbot: Any, obs: dict[str, Any], seat: int, legal: list[str]) -> Any:
    from tabletop.table import TableWidget

    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(int(WIDTH), int(HEIGHT))
    table.show()
    qtbot.waitExposed(table)
    table.sync(VIEW.layout(obs, seat), VIEW.gestures(obs, seat, legal), animate=False)
    table.set_reason_provider(lambda src, tgt: say(VIEW.why_not(obs, seat, src, tgt), "en"))
    return table


def _drag(table: Any, source: str, target: str) -> None:
    from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    vp = table.viewport()
    start, end = table.view_pos_of(source), table.view_pos_of(target)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 7):
        pos = QPoint(round(start.x() + (end.x() - start.x()) * i / 6),
                     round(start.y() + (end.y() - start.y()) * i / 6))
        QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos),
                                               QPointF(vp.mapToGlobal(pos)),
                                               Qt.MouseButton.NoButton,
                                               Qt.MouseButton.LeftButton,
                                               Qt.KeyboardModifier.NoModifier))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_drag_the_thief_and_the_drawn_card(qtbot: Any) -> None:
    s = position(rich=0, thief="D1")
    table = _table(qtbot, GAME.observation(s, 1), 1, GAME.legal_actions(s))
    chosen: list[str] = []
    refused: list[str] = []
    table.action_chosen.connect(chosen.append)
    table.move_refused.connect(refused.append)
    _drag(table, "thief", "door_D4")
    assert chosen == ["move:D4"]
    _drag(table, "thief", "door_D8")
    assert chosen == ["move:D4"]
    assert refused == ["From D1 the Thief can move only to D2, D3 or D4."]
    s, _ = play(s, "move:D4", "pass", "draw:A2")
    table = _table(qtbot, GAME.observation(s, 0), 0, GAME.legal_actions(s))
    chosen.clear()
    table.action_chosen.connect(chosen.append)
    _drag(table, "drawn", "door_D7")
    assert chosen == ["place:D7"]
    GAME.apply(s, chosen[0])  # the engine accepts what the table produced
