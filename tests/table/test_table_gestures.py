"""Table gestures driven by real mouse events on the viewport: drag, drop, click, choose."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop.engine.layout import Gesture, Layout, Piece, Zone
from tests.table.tablehelp import (
    card_art,
    click,
    drag,
    make_table,
    move,
    press,
    release,
    same_point,
    sample_gestures,
    sample_layout,
)


def record(signal: object) -> list[str]:
    seen: list[str] = []
    signal.connect(seen.append)  # type: ignore[attr-defined]
    return seen


def test_drag_onto_legal_target_emits_action(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    drag(view, view.view_pos_of("die0"), view.view_pos_of("A"))
    assert chosen == ["cast:a:1"]
    assert refused == []


def test_drop_chooses_target_with_largest_overlap(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    # The die is grabbed near its left edge and released with the cursor on bare felt left
    # of A, while most of the die lies over A: overlap decides, not the cursor alone.
    die = view.item_for("die1").scene_body()
    a = view.item_for("A").scene_body()
    grab = view.mapFromScene(QPointF(die.left() + 4, die.center().y()))
    end = view.mapFromScene(QPointF(a.left() - 6, a.center().y()))
    assert view.item_for("A").scene_body().contains(view.mapToScene(end)) is False
    drag(view, grab, end)
    assert chosen == ["cast:a:4"]


def test_equal_overlap_is_decided_by_the_piece_under_the_cursor(qtbot: object) -> None:
    # Two cards, the second lying on the first a little lower, both legal targets: a die
    # dropped where both cover it wholly overlaps them alike, and the card under the cursor
    # (the upper one) wins the tie, whichever target the game listed first.
    lay = Layout(1000, 600)
    lay.zones.append(Zone("Z", 300, 250, 420, 300, "Zone", "場"))
    lay.pieces += [Piece("die0", "die", 100, 100, art={"value": 1}),
                   Piece("K1", "card", 420, 280, z=1, art={"title_en": "K1", "title_ja": "K1"}),
                   Piece("K2", "card", 430, 300, z=2, art={"title_en": "K2", "title_ja": "K2"})]
    gestures = [Gesture("to:zone", "die0", "Z"), Gesture("to:k1", "die0", "K1"),
                Gesture("to:k2", "die0", "K2")]
    view = make_table(qtbot, lay, gestures)
    chosen = record(view.action_chosen)
    drag(view, view.view_pos_of("die0"), view.view_pos_of("K2"))
    assert chosen == ["to:k2"]
    # Inside the zone but off both cards, only the zone overlaps.
    view.sync(lay, gestures, animate=False)
    drag(view, view.view_pos_of("die0"), view.mapFromScene(QPointF(340, 500)))
    assert chosen == ["to:k2", "to:zone"]


def test_a_target_still_moving_when_the_drag_starts_is_followed(qtbot: object) -> None:
    # The boxes of targets are kept for the drag, but not while a target is still gliding
    # to its place after a refresh: the drop counts where the target ends up.
    lay = sample_layout()
    view = make_table(qtbot, lay)
    moved = sample_layout()
    a = next(p for p in moved.pieces if p.id == "A")
    a.x, a.y = 600.0, 330.0
    view.sync(moved, sample_gestures(), animate=True)
    assert view.item_for("A").is_animating()  # type: ignore[union-attr]
    chosen = record(view.action_chosen)
    start = view.view_pos_of("die0")
    press(view, start)
    move(view, start + QPoint(30, 30))
    qtbot.waitUntil(lambda: not view.item_for("A").is_animating(),  # type: ignore
                    timeout=3000)
    end = view.view_pos_of("A")
    move(view, end)
    release(view, end)
    assert chosen == ["cast:a:1"]


def test_only_legal_targets_glow_while_dragging(qtbot: object) -> None:
    view = make_table(qtbot)
    start, end = view.view_pos_of("die0"), view.view_pos_of("A")
    press(view, start)
    move(view, start + QPoint(20, 20))
    glowing = {k for k in ("A", "B", "C", "T", "tray", "pool") if view.item_for(k).glowing}
    assert glowing == {"A", "B"}
    move(view, end)
    assert view.item_for("A").drop_target and not view.item_for("B").drop_target
    release(view, end)
    assert not any(view.item_for(k).glowing for k in ("A", "B"))


def test_illegal_drop_snaps_back_with_reason(qtbot: object) -> None:
    view = make_table(qtbot)
    asked: list[tuple[str, str | None]] = []

    def reason(source: str, target: str | None) -> str:
        asked.append((source, target))
        return f"{source} cannot go on {target}"

    view.set_reason_provider(reason)
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    origin = view.piece_scene_pos("die0")
    drag(view, view.view_pos_of("die0"), view.view_pos_of("C"))
    assert chosen == []
    assert refused == ["die0 cannot go on C"]
    assert asked == [("die0", "C")]
    qtbot.waitUntil(lambda: same_point(view.piece_scene_pos("die0"), origin),  # type: ignore
                    timeout=2000)


def test_drop_on_bare_felt_asks_reason_without_target(qtbot: object) -> None:
    view = make_table(qtbot)
    asked: list[tuple[str, str | None]] = []
    view.set_reason_provider(lambda s, t: asked.append((s, t)) or "no")
    refused = record(view.move_refused)
    drag(view, view.view_pos_of("die0"), view.mapFromScene(QPointF(700, 500)))
    assert refused == ["no"] and asked == [("die0", None)]


def test_move_shorter_than_start_drag_distance_does_not_drag(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    origin = view.piece_scene_pos("die0")
    start = view.view_pos_of("die0")
    small = max(1, QApplication.startDragDistance() - 2)
    press(view, start)
    move(view, start + QPoint(small, 0))
    assert same_point(view.piece_scene_pos("die0"), origin)
    assert not view.item_for("A").glowing or view.selected_piece() is not None
    release(view, start + QPoint(small, 0))
    assert chosen == []
    assert same_point(view.piece_scene_pos("die0"), origin)
    # Without a drag it was a click: the die is now selected for the click-click gesture.
    assert view.selected_piece() == "die0"


def test_piece_follows_the_mouse_once_dragging(qtbot: object) -> None:
    view = make_table(qtbot)
    origin = view.piece_scene_pos("die0")
    start = view.view_pos_of("die0")
    press(view, start)
    move(view, start + QPoint(40, 0))
    move(view, start + QPoint(80, 30))
    moved = view.piece_scene_pos("die0") - origin
    scale = view.transform().m11()
    assert abs(moved.x() - 80 / scale) < 2 and abs(moved.y() - 30 / scale) < 2
    QTest.keyClick(view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: same_point(view.piece_scene_pos("die0"), origin),  # type: ignore
                    timeout=2000)


def test_click_click_alternative(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    click(view, view.view_pos_of("die1"))
    assert view.selected_piece() == "die1"
    assert view.item_for("A").glowing and view.item_for("pool").glowing
    assert not view.item_for("B").glowing
    click(view, view.view_pos_of("A"))
    assert chosen == ["cast:a:4"]
    assert view.selected_piece() is None


def test_click_click_onto_zone(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    click(view, view.view_pos_of("die1"))
    click(view, view.view_pos_of("pool"))
    assert chosen == ["pool:4"]


def test_escape_cancels_selection(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    click(view, view.view_pos_of("die1"))
    assert view.selected_piece() == "die1"
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.selected_piece() is None
    click(view, view.view_pos_of("A"))
    assert chosen == []
    assert len(refused) == 1  # A alone does nothing: clicking it is refused with a reason


def test_click_on_illegal_target_after_selection_is_refused(qtbot: object) -> None:
    view = make_table(qtbot)
    asked: list[tuple[str, str | None]] = []
    view.set_reason_provider(lambda s, t: asked.append((s, t)) or "not there")
    refused = record(view.move_refused)
    click(view, view.view_pos_of("die1"))
    click(view, view.view_pos_of("C"))
    assert refused == ["not there"] and asked == [("die1", "C")]
    assert view.selected_piece() is None


def test_click_gesture_emits_action(qtbot: object) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    click(view, view.view_pos_of("T"))
    assert chosen == ["end"]


def test_several_actions_open_the_chooser(qtbot: object) -> None:
    view = make_table(qtbot)
    offered: list[list[str]] = []

    def chooser(gestures: list[Gesture], pos: QPoint) -> Gesture | None:
        offered.append([g.choice_en or g.label_en or g.action for g in gestures])
        return gestures[1]

    view.set_chooser(chooser)
    chosen = record(view.action_chosen)
    drag(view, view.view_pos_of("die0"), view.view_pos_of("B"))
    assert offered == [["Beta, first way", "Beta, other way"]]
    assert chosen == ["cast:b:alt"]


def test_cancelled_chooser_snaps_back_silently(qtbot: object) -> None:
    view = make_table(qtbot)
    view.set_chooser(lambda gestures, pos: None)
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    origin = view.piece_scene_pos("die0")
    drag(view, view.view_pos_of("die0"), view.view_pos_of("B"))
    assert chosen == [] and refused == []
    qtbot.waitUntil(lambda: same_point(view.piece_scene_pos("die0"), origin),  # type: ignore
                    timeout=2000)


def test_not_interactive_blocks_drags_and_clicks(qtbot: object) -> None:
    view = make_table(qtbot)
    view.set_interactive(False)
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    origin = view.piece_scene_pos("die0")
    start, end = view.view_pos_of("die0"), view.view_pos_of("A")
    press(view, start)
    move(view, start + QPoint(30, 0))
    move(view, end)
    assert same_point(view.piece_scene_pos("die0"), origin)
    release(view, end)
    click(view, view.view_pos_of("T"))
    assert chosen == [] and refused == []
    view.set_interactive(True)
    drag(view, view.view_pos_of("die0"), view.view_pos_of("A"))
    assert chosen == ["cast:a:1"]


def test_double_click_does_the_only_move(qtbot: object) -> None:
    view = make_table(qtbot)
    view.sync(view._layout, [Gesture("cast:a:4", "die1", "A")], animate=False)
    chosen = record(view.action_chosen)
    QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, view.view_pos_of("die1"))
    assert chosen == ["cast:a:4"]


def test_hover_reports_card_text_and_cursor(qtbot: object) -> None:
    view = make_table(qtbot)
    hints = record(view.status_hint)
    move(view, view.view_pos_of("A"), held=False)
    assert hints[-1] == "Alpha: Alpha effect."
    move(view, view.view_pos_of("die0"), held=False)
    assert view.viewport().cursor().shape() == Qt.CursorShape.OpenHandCursor
    view.set_language("ja")
    move(view, view.view_pos_of("B"), held=False)
    assert hints[-1] == "乙：乙の効果。"


def test_panning_empty_felt_moves_the_view_not_pieces(qtbot: object) -> None:
    view = make_table(qtbot)
    for _ in range(4):
        view.zoom_in()
    origin = view.piece_scene_pos("die0")
    before = view.mapToScene(view.viewport().rect().center())
    empty = view.mapFromScene(QPointF(500, 320))
    assert view.item_for("A").scene_body().contains(QPointF(500, 320)) is False
    drag(view, empty, empty + QPoint(-120, -60))
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > before.x() + 20 and after.y() > before.y() + 10
    assert same_point(view.piece_scene_pos("die0"), origin)


def test_a_large_piece_goes_where_the_cursor_points(qtbot: object) -> None:
    # A hand card larger than the maze's spaces, grabbed near its edge, overlaps the space
    # beside the one the player points at more than that one: the cursor says which is meant
    # (a Saboteur Rockfall landed on the neighbouring card, a card dropped on a small pile
    # inside a large area went to the area).
    lay = Layout(1000, 600)
    lay.pieces += [Piece("big", "card", 100, 300, w=140, h=200, art=card_art("Big", "大")),
                   Piece("s1", "tile", 500, 100, w=60, h=60),
                   Piece("s2", "tile", 562, 100, w=60, h=60)]
    gestures = [Gesture("on:s1", "big", "s1"), Gesture("on:s2", "big", "s2")]
    view = make_table(qtbot, lay, gestures)
    chosen = record(view.action_chosen)
    card = view.item_for("big").scene_body()
    grab = view.mapFromScene(QPointF(card.left() + 10, card.top() + 10))  # near its corner
    drag(view, grab, view.view_pos_of("s1"))
    assert chosen == ["on:s1"]
