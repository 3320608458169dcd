"""Renders the app icon (resources/icons/tabletop.svg) into the formats the bundles need.

    python packaging/make_icons.py OUT_DIR

writes ``tabletop.png`` (256 px, for the Linux desktop entry), ``tabletop.ico`` (Windows
executable: 16-256 px) and ``tabletop.icns`` (macOS app: 32-1024 px). ICO and ICNS both accept
PNG-compressed images, so both are written here from Qt's PNGs without any imaging library.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "tabletop.svg"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size.
ICNS_TYPES = {32: b"ic11", 64: b"ic12", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def render_png(renderer: object, size: int) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)  # type: ignore[attr-defined]
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode a {size}px PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG per size (Windows Vista and later read these)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for size, kind in sorted(ICNS_TYPES.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - fonts need it
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"make_icons: cannot read {SVG}", file=sys.stderr)
        return 1
    pngs = {size: render_png(renderer, size) for size in {*ICO_SIZES, *ICNS_TYPES}}
    (out / "tabletop.png").write_bytes(pngs[256])
    (out / "tabletop.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    (out / "tabletop.icns").write_bytes(icns(pngs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
