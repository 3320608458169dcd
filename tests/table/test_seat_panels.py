"""Twelve seat panels on the real table at 1280x800: apart, readable, in seat colours."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from PySide6.QtCore import QRect, QRectF

from tabletop.engine.layout import Layout, Meter, Piece, Text, Zone
from tabletop.engine.seats import seat_colour, seat_mark, seat_panels
from tabletop.table import TableWidget, art
from tests.table.tablehelp import card_art


def twelve_seat_layout(own: int = 0, active: int = 4) -> Layout:
    lay = Layout(1600, 1000)
    for seat, box in enumerate(seat_panels(12, lay.width, lay.height, own=own, active=active)):
        mark = seat_mark(seat)
        lay.zones.append(Zone(f"seat{seat}", box.x, box.y, box.w, box.h,
                              f"{mark} Player {seat + 1}", f"{mark} プレイヤー{seat + 1}",
                              color=seat_colour(seat)))
        lay.texts.append(Text(f"gold{seat}", box.x + 12, box.y + 34, "Gold 3  ·  Hand 5",
                              "金 3 ・ 手札 5", size=18))
        lay.meters.append(Meter(f"meter{seat}", box.x + 12, box.y + box.h - 30,
                                min(box.w - 24, 200), "Tools", "道具", 2, 3, 3,
                                color=seat_colour(seat)))
    lay.pieces.append(Piece("goal", "card", 740, 420, art=card_art("Goal", "ゴール")))
    return lay


def test_twelve_panels_do_not_overlap_and_stay_readable_at_1280x800(qtbot: object,
                                                                   tmp_path: Path) -> None:
    view = TableWidget()
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)  # type: ignore[attr-defined]
    layout = twelve_seat_layout()
    view.sync(layout, [], animate=False)
    view.fit_table()
    shown: list[QRect] = []
    for seat, zone in enumerate(layout.zones):
        assert view.item_for(f"seat{seat}") is not None
        rect = view.mapFromScene(QRectF(zone.x, zone.y, zone.w, zone.h)).boundingRect()
        assert view.viewport().rect().contains(rect), (seat, rect)
        # Room for the name and a line of figures at the table's smallest text sizes.
        assert rect.width() >= 110 and rect.height() >= 75, (seat, rect)
        shown.append(rect)
    # Each zone item's bounds hold its label and a shadow margin: without the margin, no
    # label is covered by another panel either.
    m = art.SHADOW + 2.0
    drawn = [item.sceneBoundingRect().adjusted(m, m, -m, -m)
             for item in (view.item_for(f"seat{seat}") for seat in range(12)) if item]
    assert len(drawn) == 12
    for (a, ra), (b, rb) in itertools.combinations(enumerate(drawn), 2):
        assert not ra.intersects(rb), (a, b)
    for rect in drawn:
        assert view.viewport().rect().contains(view.mapFromScene(rect).boundingRect())
    scale = view.transform().m11()
    assert 18 * scale >= 12  # the figures' text is at least 12 px high on screen
    # A change of language repaints every label, those kept in the items' caches too.
    before = view.grab().toImage()
    view.set_language("ja")
    after = view.grab().toImage()
    label = view.mapFromScene(QRectF(layout.zones[0].x, layout.zones[0].y - 20, 120, 20))
    box = label.boundingRect()
    assert before.copy(box) != after.copy(box)
    meter = layout.meters[0]
    box = view.mapFromScene(QRectF(meter.x, meter.y, meter.w, 24)).boundingRect()
    assert before.copy(box) != after.copy(box)
    view.set_language("en")

    out = os.environ.get("TABLETOP_SHOTS")
    if out:  # screenshots for a look by eye
        view.grab().save(str(Path(out) / "twelve-seats-en.png"))
        view.set_language("ja")
        view.grab().save(str(Path(out) / "twelve-seats-ja.png"))
