"""Time to paint a card face from its art, with the picture cache cleared each round.

The table paints each card once per size and language and keeps the picture
(``art.card_face`` and ``QPixmapCache``); this is the cost of that first paint, which a table
pays when it opens, zooms or changes language. Every National Economy building and workplace
is painted in English and Japanese at three widths (80, 130 and 150 units, the sizes its table
uses) at 0.61 device pixels a unit, the scale of its table in a 1280x800 window.

    python benchmarks/card_faces.py [--rounds 5]

Prints the best round's time per face.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QApplication

from tabletop.games.national_economy.data import BUILDINGS, WORKPLACES
from tabletop.games.national_economy.view import RATIO, card_art
from tabletop.table import art

WIDTHS = (80.0, 130.0, 150.0)
SCALE = 0.61


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    _app = QApplication.instance() or QApplication([])
    cards = [card_art(c, 4) for c in [*BUILDINGS, *WORKPLACES]]
    faces = len(cards) * 2 * len(WIDTHS)
    best = float("inf")
    for _ in range(args.rounds):
        QPixmapCache.clear()
        start = time.perf_counter()
        for lang in ("en", "ja"):
            for card in cards:
                for w in WIDTHS:
                    art.card_face(card, w, w * RATIO, SCALE, lang)
        best = min(best, time.perf_counter() - start)
    print(f"{faces} card faces: {best * 1000 / faces:.2f} ms a face "
          f"(best of {args.rounds} rounds, cache cleared each round)")


if __name__ == "__main__":
    main()
