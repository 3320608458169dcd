"""What a person's hand leaves on the table, and how it goes: the line beside the status that
says what the pointer rests on follows the table as it is (a piece that left it is no longer
described there), ``forget_transient`` lets go of every trace at once, and a piece picked up
again while it glides back from a drag put back stays under the hand."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tabletop.engine.layout import Gesture, Layout, Piece
from tests.table.tablehelp import (
    card_art,
    make_table,
    move,
    press,
    release,
    sample_gestures,
    sample_layout,
)


def said(view: object) -> list[str]:
    seen: list[str] = []
    view.status_hint.connect(seen.append)  # type: ignore[attr-defined]
    return seen


def test_the_hover_line_goes_when_its_piece_leaves_the_table(qtbot: object) -> None:
    # The bug of the shared screen: the pointer rested on a card, the table was emptied for
    # the privacy page and rebuilt for the next person, and the line still described it.
    view = make_table(qtbot)
    lines = said(view)
    move(view, view.view_pos_of("A"), held=False)
    assert lines[-1].startswith("Alpha")
    view.sync(Layout(1000, 600), [], animate=False)
    assert lines[-1] == ""
    view.sync(sample_layout(), sample_gestures(), animate=False)
    assert view.hover_said() == ""


def test_the_hover_line_says_the_piece_as_it_is_now(qtbot: object) -> None:
    view = make_table(qtbot)
    move(view, view.view_pos_of("A"), held=False)
    changed = sample_layout()
    for piece in changed.pieces:
        if piece.id == "A":
            piece.art = card_art("Aleph", "亜")
    view.sync(changed, sample_gestures(), animate=False)
    assert view.hover_said().startswith("Aleph")


def test_the_turning_tip_of_a_drag_goes_with_the_drag(qtbot: object) -> None:
    # "Right-click or R turns it round" stayed beside the status line after the drop, and
    # crossed into the next game.
    lay = Layout(1000, 600)
    lay.pieces += [Piece("T", "card", 100, 100, turnable=True,
                         art=card_art("Tile", "札")),
                   Piece("S", "card", 500, 100, art=card_art("Spot", "所"))]
    view = make_table(qtbot, lay, [Gesture("put", "T", "S")])
    lines = said(view)
    start = view.view_pos_of("T")
    press(view, start)
    for dx in (20, 60, 120):
        move(view, QPoint(start.x() + dx, start.y()))
    assert "R" in lines[-1]
    QTest.keyClick(view, Qt.Key.Key_Escape)
    release(view, QPoint(start.x() + 120, start.y()))
    assert "R" not in view.hover_said()


def test_forget_transient_lets_go_of_every_trace(qtbot: object) -> None:
    view = make_table(qtbot)
    lines = said(view)
    move(view, view.view_pos_of("A"), held=False)
    view.setFocus()
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.view_pos_of("die0"))
    assert view.selected_piece() == "die0"
    QTest.keyClick(view, Qt.Key.Key_Tab)
    assert view.key_focus() is not None
    view.show_hint("cast:a:1")
    view.show_lens("A")
    assert view.lens_piece() == "A"
    view.forget_transient()
    assert view.selected_piece() is None
    assert view.key_focus() is None
    assert view.lens_piece() is None
    assert lines[-1] == "" and view.hover_said() == ""
    assert view.accessibleDescription() == ""
    assert all(not item.glowing and not item.hovered and item.hint_level == 0.0
               for item in (view.item_for(i) for i in ("A", "B", "die0")))


def test_a_piece_picked_up_again_while_it_glides_back_stays_under_the_hand(
        qtbot: object) -> None:
    # A drag put back with Escape lets the die glide home; grabbed again on its way, it must
    # move with the hand from where it was seen, not jump to its home first and land on the
    # target beside the one it was dropped on.
    view = make_table(qtbot)
    chosen: list[str] = []
    view.action_chosen.connect(chosen.append)
    start = view.view_pos_of("die0")
    press(view, start)
    for dy in (40, 120, 200):
        move(view, QPoint(start.x() + 150, start.y() + dy))
    QTest.keyClick(view, Qt.Key.Key_Escape)
    release(view, QPoint(start.x() + 150, start.y() + 200))
    item = view.item_for("die0")
    assert item is not None and item.is_animating("pos")
    shown = view.mapFromScene(item.scene_body().center())
    target = view.view_pos_of("A")
    press(view, shown)
    for t in (0.25, 0.5, 1.0):
        move(view, QPoint(round(shown.x() + (target.x() - shown.x()) * t),
                          round(shown.y() + (target.y() - shown.y()) * t)))
    under_hand = view.mapFromScene(item.scene_body().center())
    assert abs(under_hand.x() - target.x()) <= 2 and abs(under_hand.y() - target.y()) <= 2
    release(view, target)
    assert chosen == ["cast:a:1"]
