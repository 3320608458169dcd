"""Render sample tiles on the table at 50%, 100% and 200% zoom into PNGs, to judge them by eye.

The samples cover what the tile art draws: tunnels (a door, a ladder, a crystal, gold, rubble
at a dead end), meadow roads (sheep, a dog, a hut, a barrier), rivers (a bend, a bridge, a
spring), a tile shown as laid and turned round, and an oblong, card-shaped tile. Each zoom is
drawn by the real table widget, so the pictures are rendered at the device-pixel size the table
asks for, as in the app.

    python scripts/tile_sheet.py --out DIR [--zoom 0.5 1 2]

writes DIR/tiles-50.png, DIR/tiles-100.png and DIR/tiles-200.png.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from tabletop.engine.layout import TILE_SIZE, Layout, Piece, Text
from tabletop.engine.tiles import TileArt, TileIcon

GAP = 28.0
ROW_STEP = TILE_SIZE + 56.0

DOOR = TileArt(n="path", s="path", e="stub", segments=(("N", "S"),),
               icons=(TileIcon("door", at="N", color="#2e8b57"),))
SAMPLES: list[tuple[str, list[tuple[str, TileArt]]]] = [
    ("Tunnels", [
        ("door, stub", DOOR),
        ("turned round", DOOR.rotated_180()),
        ("ladder", TileArt(n="path", e="path", s="path", w="path",
                           segments=(("N", "E", "S", "W"),), icons=(TileIcon("ladder"),),
                           label="12")),
        ("crystal", TileArt(n="path", e="path", w="stub", segments=(("N", "E"),),
                            icons=(TileIcon("crystal", color="#b388ff"),))),
        ("gold, T", TileArt(e="path", s="path", w="path", segments=(("E", "S", "W"),),
                            icons=(TileIcon("gold"),))),
        ("two bends", TileArt(n="path", e="path", s="path", w="path",
                              segments=(("N", "E"), ("S", "W")))),
        ("blue door", TileArt(e="path", w="path", segments=(("E", "W"),),
                              icons=(TileIcon("door", at="E", color="#2f6fb5"),
                                     TileIcon("rock", at="S")))),
    ]),
    ("Roads", [
        ("sheep, dog", TileArt(e="path", w="path", segments=(("E", "W"),), style="road",
                               icons=(TileIcon("sheep", at="N", count=3),
                                      TileIcon("dog", at="S")))),
        ("hut", TileArt(n="path", w="path", segments=(("N", "W"),), style="road",
                        icons=(TileIcon("hut"),))),
        ("flock of 7", TileArt(n="path", e="path", s="path", segments=(("N", "E", "S"),),
                               style="road", icons=(TileIcon("sheep", at="W", count=7),))),
        ("barrier", TileArt(n="path", s="stub", segments=(("N",),), style="road",
                            icons=(TileIcon("tree", at="E"), TileIcon("sheep", at="W")))),
        ("split", TileArt(n="path", e="path", s="path", segments=(("N", "S"), ("E",)),
                          style="road", icons=(TileIcon("mark", at="W", text="A"),))),
    ]),
    ("Rivers", [
        ("straight", TileArt(n="path", s="path", segments=(("N", "S"),), style="river",
                             icons=(TileIcon("tree", at="E"),))),
        ("bend", TileArt(s="path", e="path", segments=(("E", "S"),), style="river",
                         icons=(TileIcon("sheep", at="C", count=2),))),
        ("bridge", TileArt(n="path", e="path", s="path", w="path",
                           segments=(("N", "S"), ("E", "W")), style="river")),
        ("spring", TileArt(n="path", w="stub", segments=(("N",),), style="river",
                           icons=(TileIcon("hut", at="E"),))),
    ]),
]
OBLONG = TileArt(n="path", s="path", e="path", segments=(("N", "E", "S"),),
                 icons=(TileIcon("door", at="S", color="#c0392b"),), label="7")


def sample_layout() -> Layout:
    width = 120.0 + 7 * (TILE_SIZE + GAP) + 130.0
    lay = Layout(width, 40.0 + len(SAMPLES) * ROW_STEP)
    for row, (title, tiles) in enumerate(SAMPLES):
        y = 30.0 + row * ROW_STEP
        lay.texts.append(Text(f"row{row}", 10.0, y + TILE_SIZE / 2 - 10, title, title, 16,
                              bold=True))
        for col, (name, tile) in enumerate(tiles):
            x = 110.0 + col * (TILE_SIZE + GAP)
            lay.pieces.append(Piece(f"t{row}-{col}", "tile", x, y, art=tile.to_art()))
            lay.texts.append(Text(f"n{row}-{col}", x, y + TILE_SIZE + 4, name, name, 12))
    x = width - 110.0
    lay.pieces.append(Piece("oblong", "tile", x, 30.0, art=OBLONG.to_art(), w=TILE_SIZE,
                            h=TILE_SIZE * 1.5))
    lay.texts.append(Text("n-oblong", x, 30.0 + TILE_SIZE * 1.5 + 4, "oblong", "oblong", 12))
    return lay


def render(out: Path, zooms: list[float]) -> list[Path]:
    from tabletop.table import TableWidget
    from tabletop.table.view import MARGIN

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert app is not None
    lay = sample_layout()
    written: list[Path] = []
    out.mkdir(parents=True, exist_ok=True)
    for zoom in zooms:
        view = TableWidget()
        view.resize(round((lay.width + 2 * MARGIN) * zoom), round((lay.height + 2 * MARGIN)
                                                                  * zoom))
        view.show()
        view.sync(lay, [], animate=False)
        view.set_scale(zoom)
        QApplication.processEvents()
        path = out / f"tiles-{round(zoom * 100)}.png"
        view.grab().save(str(path))
        view.close()
        view.deleteLater()
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNGs")
    parser.add_argument("--zoom", type=float, nargs="+", default=[0.5, 1.0, 2.0])
    args = parser.parse_args(argv)
    for path in render(args.out, args.zoom):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
