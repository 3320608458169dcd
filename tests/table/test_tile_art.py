"""Tile art: drawn at the device-pixel size asked for, cached like the cards, and saying what the
data says (a path reaches its edge, a wall does not, a stub stops short of the middle)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor, QImage, QPixmapCache

from tabletop.engine.tiles import TileArt, TileIcon
from tabletop.table import art, tile_art

ROOT = Path(__file__).resolve().parents[2]
SIZE = 80.0
PATH = tile_art.PALETTES["tunnel"].path


def picture(tile: TileArt, scale: float = 1.0) -> QImage:
    return tile_art.tile_face(tile, SIZE, SIZE, scale).toImage()


def near(c: QColor, want: QColor, tolerance: int = 14) -> bool:
    return max(abs(c.red() - want.red()), abs(c.green() - want.green()),
               abs(c.blue() - want.blue())) <= tolerance


def at(img: QImage, fx: float, fy: float) -> QColor:
    """The colour at a point of the tile given as fractions of its side (shadow left out)."""
    k = img.width() / (SIZE + 2 * art.SHADOW)
    return img.pixelColor(round((art.SHADOW + fx * SIZE) * k),
                          round((art.SHADOW + fy * SIZE) * k))


# A point on a path's floor beside its light middle, a little inside the edge.
BESIDE = 0.5 + tile_art.PATH_WIDTH * 0.35


def test_pictures_have_the_device_pixel_size_and_are_cached(qtbot: Any) -> None:
    tile = TileArt(n="path", s="path", segments=(("N", "S"),), icons=(TileIcon("door"),))
    for scale in (0.5, 1.0, 2.0, 2.5):
        pm = tile_art.tile_face(tile, SIZE, SIZE, scale)
        assert (pm.width(), pm.height()) == art.piece_pixmap_size(SIZE, SIZE, scale)
    key = art.cache_key("tile", tile.to_art(), *art.piece_pixmap_size(SIZE, SIZE, 2.0), "")
    cached = QPixmapCache.find(key)
    assert cached is not None and cached.cacheKey() == \
        tile_art.tile_face(tile, SIZE, SIZE, 2.0).cacheKey()


def test_a_path_reaches_its_edge_and_a_wall_does_not(qtbot: Any) -> None:
    img = picture(TileArt(n="path", e="path", segments=(("N", "E"),)), 2.0)
    assert near(at(img, BESIDE, 0.06), PATH)  # north: open
    assert near(at(img, 0.94, BESIDE), PATH)  # east: open
    assert not near(at(img, BESIDE, 0.94), PATH, 40)  # south: a wall, rock
    assert not near(at(img, 0.06, BESIDE), PATH, 40)  # west: a wall
    # A bend stays clear of the middle.
    assert not near(at(img, 0.42, 0.58), PATH, 40)


def test_a_stub_is_open_at_its_edge_and_stops_short_of_the_middle(qtbot: Any) -> None:
    img = picture(TileArt(n="stub"), 2.0)
    assert near(at(img, BESIDE, 0.06), PATH)
    assert not near(at(img, BESIDE, 0.5), PATH, 40)
    through = picture(TileArt(n="path", segments=(("N",),)), 2.0)
    assert near(at(through, BESIDE, 0.45), PATH)  # a lone one-edge path runs to the middle


def test_turned_round_the_open_edges_are_drawn_on_the_other_side(qtbot: Any) -> None:
    tile = TileArt(w="path", s="path", segments=(("W", "S"),))
    turned = picture(tile.rotated_180(), 2.0)
    assert near(at(turned, 0.94, BESIDE), PATH) and near(at(turned, BESIDE, 0.06), PATH)
    assert not near(at(turned, 0.06, BESIDE), PATH, 40)


def test_the_tile_sheet_script_writes_a_png_per_zoom(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "tile_sheet.py"), "--out", str(tmp_path),
         "--zoom", "0.5", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    small, full = QImage(str(tmp_path / "tiles-50.png")), QImage(str(tmp_path / "tiles-100.png"))
    assert not small.isNull() and not full.isNull()
    assert abs(full.width() - 2 * small.width()) <= 2
