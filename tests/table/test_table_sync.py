"""Scene diffing by piece id, the animations a change triggers, zoom, fit and hints."""

from __future__ import annotations

import copy

from PySide6.QtCore import QPointF, QSize

from tabletop.engine.layout import Gesture, Layout, Piece
from tabletop.table.items import CardItem, DieItem, MeterItem, TokenItem, ZoneItem
from tests.table.tablehelp import make_table, same_point, sample_gestures, sample_layout


def moved(layout: Layout, piece_id: str, **changes: object) -> Layout:
    lay = copy.deepcopy(layout)
    for p in lay.pieces:
        if p.id == piece_id:
            for k, v in changes.items():
                setattr(p, k, v)
    return lay


def test_items_by_kind(qtbot: object) -> None:
    view = make_table(qtbot)
    assert isinstance(view.piece_item("A"), CardItem)
    assert isinstance(view.piece_item("die0"), DieItem)
    assert isinstance(view.piece_item("T"), TokenItem)
    assert isinstance(view.item_for("tray"), ZoneItem)
    assert view.piece_item("nope") is None
    assert same_point(view.piece_scene_pos("B"), QPointF(580, 60))


def test_sync_keeps_identity_and_removes_vanished(qtbot: object) -> None:
    view = make_table(qtbot)
    card, die = view.piece_item("A"), view.piece_item("die0")
    lay = moved(sample_layout(), "A", x=450.0)
    lay.pieces = [p for p in lay.pieces if p.id != "C"]
    lay.pieces.append(Piece("D", "card", 760, 300))
    view.sync(lay, sample_gestures(), animate=False)
    assert view.piece_item("A") is card and view.piece_item("die0") is die
    assert same_point(view.piece_scene_pos("A"), QPointF(450, 60))
    assert view.piece_item("C") is None
    assert isinstance(view.piece_item("D"), CardItem)
    in_scene = {getattr(i, "item_id", None) for i in view.scene().items()}
    assert "C" not in in_scene and "D" in in_scene


def test_kind_change_replaces_item(qtbot: object) -> None:
    view = make_table(qtbot)
    old = view.piece_item("T")
    lay = sample_layout()
    lay.pieces = [p if p.id != "T" else Piece("T", "die", 420, 400, art={"value": 2})
                  for p in lay.pieces]
    view.sync(lay, [], animate=False)
    assert isinstance(view.piece_item("T"), DieItem) and view.piece_item("T") is not old
    assert old.scene() is None


def test_move_animates_then_arrives(qtbot: object) -> None:
    view = make_table(qtbot)
    view.sync(moved(sample_layout(), "B", x=700.0, y=300.0), sample_gestures())
    item = view.piece_item("B")
    assert item.is_animating("pos")
    assert not same_point(item.pos(), QPointF(700, 300))
    qtbot.waitUntil(lambda: same_point(item.pos(), QPointF(700, 300)),  # type: ignore
                    timeout=2000)


def test_removed_item_fades_out_then_leaves_scene(qtbot: object) -> None:
    view = make_table(qtbot)
    item = view.piece_item("C")
    lay = sample_layout()
    lay.pieces = [p for p in lay.pieces if p.id != "C"]
    view.sync(lay, sample_gestures())
    assert view.piece_item("C") is None
    assert item.scene() is view.scene()  # still fading
    qtbot.waitUntil(lambda: item.scene() is None, timeout=2000)  # type: ignore


def test_new_item_fades_in(qtbot: object) -> None:
    view = make_table(qtbot)
    lay = sample_layout()
    lay.pieces.append(Piece("E", "token", 700, 400, art={"label": "E"}))
    view.sync(lay, sample_gestures())
    item = view.piece_item("E")
    assert item.opacity() < 1.0
    qtbot.waitUntil(lambda: item.opacity() == 1.0, timeout=2000)  # type: ignore


def test_face_change_flips_card(qtbot: object) -> None:
    view = make_table(qtbot)
    card = view.piece_item("A")
    assert isinstance(card, CardItem) and card.shown_face_up
    view.sync(moved(sample_layout(), "A", face_up=False, art={}), sample_gestures())
    assert card.is_animating("flip")
    qtbot.waitUntil(lambda: not card.is_animating("flip"), timeout=2000)  # type: ignore
    assert card.shown_face_up is False
    assert card.transform().m11() == 1.0
    view.sync(moved(sample_layout(), "A", face_up=True), sample_gestures(), animate=False)
    assert card.shown_face_up is True and not card.is_animating()


def test_new_die_value_rolls(qtbot: object) -> None:
    view = make_table(qtbot)
    die = view.piece_item("die0")
    assert isinstance(die, DieItem)
    seen: set[int] = set()
    view.sync(moved(sample_layout(), "die0", art={"value": 6}), sample_gestures())
    assert die.is_animating("roll")
    die.update = lambda *a: seen.add(die.shown_value)  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not die.is_animating("roll"), timeout=2000)  # type: ignore
    del die.update
    assert die.shown_value == 6 and die.rotation() == 0.0
    assert len(seen) >= 2  # it showed other faces on the way


def test_no_animation_applies_at_once(qtbot: object) -> None:
    view = make_table(qtbot)
    view.sync(moved(sample_layout(), "die0", x=300.0, art={"value": 5}), sample_gestures())
    view.sync(moved(sample_layout(), "die0", x=320.0, art={"value": 3}), sample_gestures(),
              animate=False)
    die = view.piece_item("die0")
    assert same_point(die.pos(), QPointF(320, 100))
    assert die.shown_value == 3 and not die.is_animating()


def test_meter_and_text(qtbot: object) -> None:
    from tabletop.engine.layout import Meter, Text

    view = make_table(qtbot)
    lay = sample_layout()
    lay.meters.append(Meter("hp", 600, 400, 200, "HP", "HP", 10, 15, 15))
    lay.texts.append(Text("name", 600, 450, "Alice", "アリス"))
    view.sync(lay, [], animate=False)
    meter = view.item_for("hp")
    assert isinstance(meter, MeterItem) and meter.shown == 10
    lay.meters[0].value = 4
    view.sync(lay, [], animate=True)
    qtbot.waitUntil(lambda: meter.shown == 4.0, timeout=2000)  # type: ignore
    text = view.item_for("name")
    width_en = text.boundingRect().width()
    view.set_language("ja")
    assert text.current() == "アリス" and text.boundingRect().width() != width_en


def test_gesture_sources_are_marked_usable(qtbot: object) -> None:
    view = make_table(qtbot)
    usable = {k for k in ("die0", "die1", "A", "B", "C", "T") if view.item_for(k).usable}
    assert usable == {"die0", "die1", "T"}
    view.set_interactive(False)
    assert not any(view.item_for(k).usable for k in ("die0", "die1", "T"))


def test_selection_survives_sync_only_if_still_a_source(qtbot: object) -> None:
    from tests.table.tablehelp import click

    view = make_table(qtbot)
    click(view, view.view_pos_of("die1"))
    view.sync(sample_layout(), sample_gestures(), animate=False)
    assert view.selected_piece() == "die1" and view.item_for("A").glowing
    view.sync(sample_layout(), [Gesture("cast:a:1", "die0", "A")], animate=False)
    assert view.selected_piece() is None and not view.item_for("A").glowing


def test_show_hint_pulses_source_and_target_until_sync(qtbot: object) -> None:
    view = make_table(qtbot)
    view.show_hint("cast:b:alt")
    qtbot.waitUntil(lambda: view.item_for("B").hint_level > 0.3, timeout=2000)  # type: ignore
    assert view.item_for("die0").hint_level > 0.3
    assert view.item_for("A").hint_level == 0.0
    view.sync(sample_layout(), sample_gestures(), animate=False)
    assert view.item_for("B").hint_level == 0.0 and view.item_for("die0").hint_level == 0.0


def test_fit_follows_resize_until_user_zooms(qtbot: object) -> None:
    view = make_table(qtbot)
    fitted = view.transform().m11()
    view.resize(QSize(500, 310))
    qtbot.waitUntil(lambda: view.transform().m11() < fitted * 0.7, timeout=2000)  # type: ignore
    small = view.transform().m11()
    view.zoom_in()
    zoomed = view.transform().m11()
    assert zoomed > small
    view.resize(QSize(1000, 620))
    qtbot.wait(50)  # type: ignore[attr-defined]
    assert view.transform().m11() == zoomed  # a user zoom is kept over resizes
    view.zoom_out()
    assert view.transform().m11() < zoomed
    view.reset_zoom()
    assert abs(view.transform().m11() - fitted) < 1e-6


def test_whole_layout_visible_when_fitted(qtbot: object) -> None:
    view = make_table(qtbot)
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(QPointF(0, 0)) and visible.contains(QPointF(1000, 600))
