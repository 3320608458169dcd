"""Turning a piece round on the table, driven by real mouse and key events on the viewport.

The tile toy (``tests/toygame.py``) lays out a row with a start tile, empty cells as zones and
the tile in hand, turnable. Its first tile fits to the right of the row as it lies
(``place:3:0``) and to the left only turned round (``place:1:180``); its second fits to the
left either way (``place:1:0``, ``place:1:180``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from tabletop.engine.layout import Gesture, Piece
from tabletop.table import TableWidget
from tabletop.table.items import TileItem, TokenItem
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
from tests.toygame import TileRowGame, TileRowState, TileRowView

CELLS = ("cell0", "cell1", "cell3", "cell4")


def tile_table(qtbot: Any, moves: tuple[str, ...] = ()) -> tuple[TableWidget, str]:
    """The tile toy's table after ``moves``, and the id of the tile in hand."""
    game, view = TileRowGame(), TileRowView()
    state: TileRowState = game.new_initial_state(2, {})
    for action in moves:
        state, _ = game.apply(state, action)
    obs = game.observation(state, state.turn)
    table = make_table(qtbot, view.layout(obs, state.turn),
                       view.gestures(obs, state.turn, game.legal_actions(state)))
    return table, f"tile{state.drawn}"


def record(signal: Any) -> list[str]:
    seen: list[str] = []
    signal.connect(seen.append)
    return seen


def glowing(view: TableWidget) -> set[str]:
    return {c for c in CELLS if (item := view.item_for(c)) is not None and item.glowing}


def settled(view: TableWidget, pid: str) -> bool:
    item = view.item_for(pid)
    return item is not None and not item.is_animating("turn")


def right_click(view: TableWidget, pos: QPoint) -> None:
    QTest.mousePress(view.viewport(), Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier, pos)
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.RightButton,
                       Qt.KeyboardModifier.NoModifier, pos)


def start_drag(view: TableWidget, pid: str) -> QPoint:
    start = view.view_pos_of(pid)
    press(view, start)
    move(view, start + QPoint(12, -12))
    return start + QPoint(12, -12)


def test_a_tile_with_edges_is_a_tile_item_and_one_without_stays_a_token(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    assert isinstance(view.item_for(hand), TileItem)
    assert isinstance(view.item_for("start"), TileItem)
    lay = sample_layout()
    lay.pieces.append(Piece("row1", "tile", 60, 300, art={"label": "5"}, w=160, h=30))
    view.sync(lay, sample_gestures(), animate=False)
    assert isinstance(view.item_for("row1"), TokenItem)


def test_right_click_while_dragging_turns_the_tile_and_the_glow_follows(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    chosen = record(view.action_chosen)
    hints = record(view.status_hint)
    at = start_drag(view, hand)
    assert glowing(view) == {"cell3"}  # as it lies, it fits to the right only
    assert hints[-1] == "Right-click or R turns it round."
    right_click(view, at)
    item = view.item_for(hand)
    assert item is not None and item.turned and view.turned_piece() == hand
    assert glowing(view) == {"cell1"}
    qtbot.waitUntil(lambda: settled(view, hand), timeout=2000)
    # Settled, the tile is drawn turned round (icons upright), not rotated.
    assert item.shown_turned and item.rotation() == 0.0
    end = view.view_pos_of("cell1")
    move(view, end)
    assert view.item_for("cell1").drop_target  # type: ignore[union-attr]
    release(view, end)
    assert chosen == ["place:1:180"]


def test_r_while_dragging_turns_it_and_r_again_turns_it_back(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    chosen = record(view.action_chosen)
    start_drag(view, hand)
    QTest.keyClick(view, Qt.Key.Key_R)
    assert view.turned_piece() == hand and glowing(view) == {"cell1"}
    QTest.keyClick(view, Qt.Key.Key_R)  # mid-turn: it turns back the shorter way
    assert view.turned_piece() is None and glowing(view) == {"cell3"}
    qtbot.waitUntil(lambda: settled(view, hand), timeout=2000)
    item = view.item_for(hand)
    assert item is not None and not item.shown_turned and item.rotation() == 0.0
    QTest.keyClick(view, Qt.Key.Key_R)
    end = view.view_pos_of("cell1")
    move(view, end)
    release(view, end)
    assert chosen == ["place:1:180"]


def test_a_drop_that_fits_only_the_other_way_snaps_back_and_says_to_turn(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    asked: list[tuple[str, str | None]] = []
    view.set_reason_provider(lambda s, t: asked.append((s, t)) or "no")
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    origin = view.piece_scene_pos(hand)
    drag(view, view.view_pos_of(hand), view.view_pos_of("cell1"))
    assert chosen == [] and asked == []
    assert refused == ["It fits there turned round: right-click or press R to turn it."]
    qtbot.waitUntil(lambda: same_point(view.piece_scene_pos(hand), origin), timeout=2000)


def test_an_illegal_drop_of_a_turned_tile_snaps_back_and_turns_back(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    view.set_reason_provider(lambda s, t: f"{s} cannot go on {t}")
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    origin = view.piece_scene_pos(hand)
    start_drag(view, hand)
    QTest.keyClick(view, Qt.Key.Key_R)
    end = view.view_pos_of("start")  # the start tile is never a target
    move(view, end)
    release(view, end)
    assert chosen == [] and refused == [f"{hand} cannot go on start"]
    assert view.turned_piece() is None
    qtbot.waitUntil(lambda: same_point(view.piece_scene_pos(hand), origin)
                    and settled(view, hand), timeout=2000)
    assert not view.item_for(hand).shown_turned  # type: ignore[union-attr]


def test_escape_while_dragging_a_turned_tile_puts_it_back_as_laid(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    start_drag(view, hand)
    QTest.keyClick(view, Qt.Key.Key_R)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.turned_piece() is None and glowing(view) == set()
    qtbot.waitUntil(lambda: settled(view, hand), timeout=2000)
    assert view.item_for(hand).rotation() == 0.0  # type: ignore[union-attr]


def test_click_then_click_uses_the_only_way_that_fits(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    offered: list[list[Gesture]] = []
    view.set_chooser(lambda gs, pos: offered.append(gs) or None)
    chosen = record(view.action_chosen)
    click(view, view.view_pos_of(hand))
    assert view.selected_piece() == hand
    assert glowing(view) == {"cell1", "cell3"}  # either way round
    click(view, view.view_pos_of("cell1"))
    assert chosen == ["place:1:180"] and offered == []


def test_click_then_click_offers_both_ways_where_both_fit(qtbot: Any) -> None:
    view, hand = tile_table(qtbot, ("place:3:0",))
    offered: list[list[Gesture]] = []

    def choose(gestures: list[Gesture], pos: QPoint) -> Gesture | None:
        offered.append(gestures)
        return next(g for g in gestures if g.turned)

    view.set_chooser(choose)
    chosen = record(view.action_chosen)
    click(view, view.view_pos_of(hand))
    assert glowing(view) == {"cell1"}
    click(view, view.view_pos_of("cell1"))
    assert [(g.action, g.turned) for g in offered[0]] == [("place:1:0", False),
                                                          ("place:1:180", True)]
    assert chosen == ["place:1:180"]


def test_the_menu_offers_both_ways_with_a_picture_of_each(qtbot: Any) -> None:
    view, hand = tile_table(qtbot, ("place:3:0",))
    chosen = record(view.action_chosen)
    seen: list[tuple[str, bool]] = []

    def pick_turned() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        actions = menu.actions()
        seen.extend((a.text(), not a.icon().isNull()) for a in actions)
        menu.setActiveAction(actions[1])
        QTest.keyClick(menu, Qt.Key.Key_Return)

    click(view, view.view_pos_of(hand))
    QTimer.singleShot(50, pick_turned)
    click(view, view.view_pos_of("cell1"))
    assert seen == [("Cell 1 (as it lies)", True), ("Cell 1 (turned round)", True)]
    assert chosen == ["place:1:180"]


def test_r_on_the_selection_turns_it_and_a_click_then_means_that_way(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    view.set_chooser(lambda gs, pos: None)
    chosen, refused = record(view.action_chosen), record(view.move_refused)
    click(view, view.view_pos_of(hand))
    QTest.keyClick(view, Qt.Key.Key_R)
    assert view.turned_piece() == hand and view.selected_piece() == hand
    assert glowing(view) == {"cell1"}
    click(view, view.view_pos_of("cell3"))  # fits only as it lies
    assert chosen == [] and refused[-1].startswith("It fits there turned round")
    assert view.selected_piece() == hand
    QTest.keyClick(view, Qt.Key.Key_R)  # back as it lies: the other cell
    assert view.turned_piece() is None and glowing(view) == {"cell3"}
    QTest.keyClick(view, Qt.Key.Key_R)
    click(view, view.view_pos_of("cell1"))
    assert chosen == ["place:1:180"]


def test_a_turned_selection_turns_back_when_let_go(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    click(view, view.view_pos_of(hand))
    QTest.keyClick(view, Qt.Key.Key_R)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.selected_piece() is None and view.turned_piece() is None
    # Selected again, it offers both ways: pressing R earlier chose nothing for later.
    click(view, view.view_pos_of(hand))
    assert glowing(view) == {"cell1", "cell3"}


def test_a_refresh_shows_the_tile_as_the_new_layout_lays_it(qtbot: Any) -> None:
    game, layout_view = TileRowGame(), TileRowView()
    view, hand = tile_table(qtbot)
    start_drag(view, hand)
    QTest.keyClick(view, Qt.Key.Key_R)
    state, _ = game.apply(game.new_initial_state(2, {}), "place:1:180")
    obs = game.observation(state, 1)
    view.sync(layout_view.layout(obs, 1),
              layout_view.gestures(obs, 1, game.legal_actions(state)), animate=False)
    item = view.item_for(hand)
    assert isinstance(item, TileItem) and view.turned_piece() is None
    assert not item.turned and not item.shown_turned and item.rotation() == 0.0
    # The layout now draws the placed tile turned round: its open edge faces east.
    assert item.tile().edge("E") == "path" and item.tile().edge("W") == "wall"


def test_pieces_that_may_not_turn_ignore_r_and_right_click(qtbot: Any) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    at = start_drag(view, "die1")
    QTest.keyClick(view, Qt.Key.Key_R)
    right_click(view, at)
    assert view.turned_piece() is None
    assert view.item_for("die1").rotation() == 0.0  # type: ignore[union-attr]
    end = view.view_pos_of("A")
    move(view, end)
    release(view, end)
    assert chosen == ["cast:a:4"]


def card_table(qtbot: Any) -> TableWidget:
    """The sample table with a turnable card K: onto the pool as it lies, the tray turned."""
    lay = sample_layout()
    lay.pieces.append(Piece("K", "card", 760, 380, art=card_art("Kappa", "河童"), turnable=True))
    gestures = [*sample_gestures(), Gesture("k:up", "K", "pool"),
                Gesture("k:down", "K", "tray", turned=True)]
    return make_table(qtbot, lay, gestures)


def test_a_turnable_card_turns_as_a_picture_rotated_round(qtbot: Any) -> None:
    # Not a tile: the same picture, upside down, while it is turned.
    view = card_table(qtbot)
    chosen = record(view.action_chosen)
    start_drag(view, "K")
    assert view.item_for("pool").glowing and not view.item_for("tray").glowing  # type: ignore
    QTest.keyClick(view, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: settled(view, "K"), timeout=2000)
    assert view.item_for("K").rotation() == 180.0  # type: ignore[union-attr]
    assert view.item_for("tray").glowing and not view.item_for("pool").glowing  # type: ignore
    end = view.view_pos_of("tray")
    move(view, end)
    release(view, end)
    assert chosen == ["k:down"]


def test_dragging_another_piece_turns_the_selected_one_back(qtbot: Any) -> None:
    view = card_table(qtbot)
    click(view, view.view_pos_of("K"))
    QTest.keyClick(view, Qt.Key.Key_R)
    assert view.turned_piece() == "K"
    start_drag(view, "die1")
    assert view.turned_piece() is None and view.selected_piece() is None
    qtbot.waitUntil(lambda: settled(view, "K"), timeout=2000)
    assert view.item_for("K").rotation() == 0.0  # type: ignore[union-attr]
    QTest.keyClick(view, Qt.Key.Key_Escape)
