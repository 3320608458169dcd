"""Sheep & Thief names a cell of a sheet as the sheet labels it: columns and rows 1 to 4 along
its top and its left, "column 3, row 2" / 「2行3列」, in the log, the hints, the refusals and
the info line, as every game with a grid names its cells."""

from __future__ import annotations

from tabletop.games.sheep_and_thief.data import CELL_TEXT, SIZE
from tabletop.games.sheep_and_thief.view import SheepAndThiefView, cell_id
from tests.games.sheep_and_thief.st_build import GAME, play, position, say

VIEW = SheepAndThiefView()


def test_the_log_names_a_cell_by_the_labels_of_the_sheet() -> None:
    s = position([["M43"], ["M01"]], thief=(2, 2))
    s, ev = play(s, "place:M43@1,0")  # the rules' own text: row 1, column 0, from 0
    line = next(say(e) for e in ev if e.kind == "place")
    assert line.endswith("at column 1, row 2.")
    assert next(say(e, "ja") for e in ev if e.kind == "place").endswith("を2行1列に置きました。")
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    texts = {t.id: t for t in lay.texts}
    zones = {z.id: z for z in lay.zones}
    zone, top = zones[cell_id(0, SIZE * 1 + 0)], zones[cell_id(0, 0)]
    column, row = texts["sheet0:col:1"], texts["sheet0:row:2"]
    assert (column.text_en, row.text_en) == ("1", "2") and column.text_ja == "1"
    # Each label stands in line with its cell: the column's above it, the row's left of it.
    assert abs(column.x + column.size * 0.3 - (zone.x + zone.w / 2)) < 2
    assert column.y + column.size <= top.y + 2
    assert abs(row.y + row.size * 0.65 - (zone.y + zone.h / 2)) < 2
    assert row.x < zone.x


def test_every_sheet_labels_its_four_columns_and_rows() -> None:
    s = position([["M43"], ["M01"], ["M02"]])
    lay = VIEW.layout(GAME.observation(s, 1), 1)
    ids = {t.id for t in lay.texts}
    for p in range(3):
        for k in range(1, SIZE + 1):
            assert f"sheet{p}:col:{k}" in ids and f"sheet{p}:row:{k}" in ids


def test_no_message_names_a_cell_in_the_rules_own_form() -> None:
    # "(1,0)" read as row and column counted from 0 in one game and as x and y in another.
    from tabletop.games.sheep_and_thief.words import WORDS

    for code in WORDS.codes():
        for lang in ("en", "ja"):
            entry = WORDS.entry(code)
            assert entry is not None
            part = entry[1] if lang == "ja" else entry[0]
            if isinstance(part, str):
                assert "({cell})" not in part and "({at})" not in part, code
    assert all(f"cell.{t}" in WORDS for t in CELL_TEXT)
