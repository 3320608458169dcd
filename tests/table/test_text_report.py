"""The table's text report (``tabletop.table.textreport``): every text the table shows, where
and how large it is in device pixels, whether it was cut, elided or left out, which texts are
printed over each other and which lie under a piece."""

from __future__ import annotations

from PySide6.QtGui import QPixmapCache

from tabletop.engine.layout import Layout, Piece, Text, Zone
from tabletop.table import textnotes
from tabletop.table.textreport import TextRecord, TextReport, text_report
from tests.table.tablehelp import card_art, make_table, sample_layout


def _by(report: TextReport, item_id: str, role: str) -> TextRecord:
    return next(r for r in report.texts if r.item_id == item_id and r.role == role)


def test_every_text_of_the_sample_table_is_reported(qtbot: object) -> None:
    table = make_table(qtbot)
    report = text_report(table)
    shown = {(r.item_id, r.role): r.text for r in report.texts}
    assert shown[("tray", "zone")] == "Dice" and shown[("pool", "zone")] == "Pool"
    assert shown[("A", "title")] == "Alpha" and shown[("A", "body")] == "Alpha effect."
    assert shown[("A", "badge")] == "1" and shown[("T", "label")] == "End"
    assert not any(r.cut or r.elided or r.dropped for r in report.texts)
    # Each text lies inside its piece, and inside the window.
    for r in report.texts:
        assert report.viewport.contains(r.rect)
        item = table.item_for(r.item_id)
        if r.item_kind == "card" and item is not None:
            body = table.mapFromScene(item.scene_body()).boundingRect()
            assert body.adjusted(-1, -1, 1, 1).contains(r.rect.toAlignedRect())
    table.set_language("ja")
    assert _by(text_report(table), "A", "title").text == "甲"


def test_sizes_are_device_pixels_as_shown(qtbot: object) -> None:
    table = make_table(qtbot, Layout(1000, 600, texts=[Text("t", 40, 40, "Turn 3", "第3ターン",
                                                             size=16)]))
    table.set_scale(1.0)
    small = _by(text_report(table), "t", "text")
    table.set_scale(2.0)
    large = _by(text_report(table), "t", "text")
    assert small.pixel_size == 16.0 and large.pixel_size == 32.0
    assert abs(large.rect.width() - 2 * small.rect.width()) < 2
    assert abs(large.scene.width() - small.scene.width()) < 1  # the same in table units


def test_texts_printed_over_each_other_clash(qtbot: object) -> None:
    texts = [Text("a", 100, 100, "Player 1 — 12 points", "", size=16),
             Text("b", 160, 104, "Player 2", "", size=16)]
    table = make_table(qtbot, Layout(800, 500, texts=texts), [])
    pairs = {(low.item_id, high.item_id) for low, high in text_report(table).clashes()}
    assert pairs == {("a", "b")}
    texts[1].y = 160
    table.sync(Layout(800, 500, texts=texts), [], animate=False)
    assert text_report(table).clashes() == []


def test_a_piece_on_a_text_hides_it_and_is_no_clash(qtbot: object) -> None:
    lay = Layout(800, 500, texts=[Text("name", 100, 100, "A long player name", "", size=16)],
                 pieces=[Piece("top", "card", 130, 60, art=card_art("Top", "上")),
                         Piece("under", "card", 420, 60, art=card_art("Under", "下")),
                         Piece("over", "card", 420, 60, z=1, art=card_art("Over", "上"))])
    report = text_report(make_table(qtbot, lay, []))
    name = _by(report, "name", "text")
    hidden = report.hidden(name)
    assert 0 < hidden.width() < name.ink.width()  # a card lies on part of the name
    under = _by(report, "under", "body")
    assert report.hidden(under) == under.ink  # a pile: the lower card is hidden whole
    assert _by(report, "over", "body").ink.intersects(under.ink)
    assert report.clashes() == []
    assert report.hidden(_by(report, "top", "title")).isEmpty()  # its own card is no cover


def test_what_does_not_fit_is_left_out_or_elided(qtbot: object) -> None:
    long_body = "A very long effect text that no small card can hold at a readable size. " * 3
    tiny = {**card_art("Extraordinarily long name", "とても長い名前"), "body_en": long_body}
    lay = Layout(800, 500, pieces=[
        Piece("tiny", "card", 100, 100, w=40, h=56, art=tiny),
        Piece("big", "card", 300, 100, art=card_art("Extraordinarily long name", "長い名前")),
        Piece("tok", "token", 500, 100, w=30, h=30, art={"label": "Much too long a label"}),
    ])
    report = text_report(make_table(qtbot, lay, []))
    dropped = {r.role for r in report.texts if r.item_id == "tiny" and r.dropped}
    assert {"title", "body"} <= dropped
    big = _by(report, "big", "title")
    assert not big.dropped and not big.elided and "\n" in big.text  # two lines in the band
    token = _by(report, "tok", "label")
    assert token.elided and token.text.endswith("…") and not token.cut


def test_the_report_paints_afresh_and_painting_records_nothing(qtbot: object) -> None:
    table = make_table(qtbot, sample_layout())
    first = text_report(table)
    table.viewport().grab()  # an ordinary paint, with pictures from the cache
    assert not textnotes.recording()
    QPixmapCache.clear()
    again = text_report(table)
    assert [(r.item_id, r.role, r.text, r.rect) for r in first.texts] == \
        [(r.item_id, r.role, r.text, r.rect) for r in again.texts]


def test_a_zone_title_under_a_card_is_covered(qtbot: object) -> None:
    lay = Layout(800, 500, zones=[Zone("row", 100, 200, 400, 150, "Player 2's row", "列")],
                 pieces=[Piece("c", "card", 110, 40, art=card_art("Card", "札"))])
    report = text_report(make_table(qtbot, lay, []))
    title = _by(report, "row", "zone")
    assert report.hidden(title).height() > 1.5
