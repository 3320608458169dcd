"""A tile whose paths differ in style (a road crossing a river on a bridge) and the thief icon:
the data keeps one style per segment, turns and round-trips with it, and the picture shows
water where the river runs and the road's colour where the road crosses it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor

from tabletop.engine.tiles import TileArt, TileError, TileIcon
from tabletop.table import tile_art
from tests.table.test_tile_art import BESIDE, at, near, picture

BRIDGE = TileArt(n="path", e="path", s="path", w="path", segments=(("N", "S"), ("E", "W")),
                 styles=("river", "road"), style="river", icons=(TileIcon("thief"),))


def test_each_segment_keeps_its_style_through_json_and_turning() -> None:
    assert BRIDGE.segment_style(0) == "river" and BRIDGE.segment_style(1) == "road"
    art = BRIDGE.to_art()
    assert art["styles"] == ["river", "road"]
    assert TileArt.from_art(art) == BRIDGE
    assert BRIDGE.rotated_180().styles == ("river", "road")
    plain = TileArt(n="path", s="path", segments=(("N", "S"),), style="road")
    assert "styles" not in plain.to_art() and plain.segment_style(0) == "road"


@pytest.mark.parametrize(("styles", "words"), [
    (("river",), "1 styles for 2 segments"),
    (("river", "lava"), "style 'lava'"),
])
def test_styles_that_do_not_fit_the_segments_are_refused(styles: tuple[str, ...],
                                                          words: str) -> None:
    with pytest.raises(TileError, match=words):
        TileArt.from_art({**BRIDGE.to_art(), "styles": list(styles)})


def test_the_river_runs_under_the_road(qtbot: Any) -> None:
    img = picture(TileArt(n="path", e="path", s="path", w="path",
                          segments=(("N", "S"), ("E", "W")), styles=("river", "road"),
                          style="river"), 2.0)
    water = tile_art.PALETTES["river"].path
    road = tile_art.PALETTES["road"].path
    assert near(at(img, BESIDE, 0.08), water)  # north: the river reaches its edge
    assert near(at(img, 0.08, BESIDE), road)  # west: the road reaches its edge
    assert near(at(img, 0.5, BESIDE), road)  # the middle: the road is on top
    assert not near(at(img, 0.5, BESIDE), water, 40)


def test_the_thief_is_drawn_and_not_the_fallback_mark(qtbot: Any) -> None:
    thief = picture(TileArt(icons=(TileIcon("thief"),)), 2.0)
    mark = picture(TileArt(icons=(TileIcon("mark", text="!"),)), 2.0)
    assert thief != mark
    # The cloak is dark below the middle, where the mark's disc would be light.
    assert at(thief, 0.5, 0.58).lightness() < QColor("#808080").lightness()
