"""The names people gave their seats, on the table: a view lays a seat out as "Player 2" /
"プレイヤー2" (``tabletop.text.seat_name``: views know nothing of who sits where), and the app
puts the given name in its place in every label, text and hover text before the table draws
the layout, so a seat panel reads "Aiko" like the log, the prompts and the summary do.

Only the seat name the views make is replaced, whole: "Player 1" never eats the "Player 1" of
"Player 12", and a seat nobody named keeps its default name.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from tabletop.engine.layout import Layout

_EN = re.compile(r"\bPlayer (\d+)(?!\d)")
_JA = re.compile(r"プレイヤー(\d+)(?!\d)")
#: Card art texts a name may appear in (a title such as "Player 2's hand").
_ART_KEYS = ("title_en", "title_ja", "body_en", "body_ja", "label_en", "label_ja")


def renamer(names: Sequence[str]) -> Callable[[str], str]:
    """A function that puts ``names[seat]`` (where not empty) in place of the default names
    of the seats in a text."""

    def swap(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        if 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return match.group(0)

    def rename(text: str) -> str:
        if not text or ("Player" not in text and "プレイヤー" not in text):
            return text
        return _JA.sub(swap, _EN.sub(swap, text))

    return rename


def with_names(layout: Layout, names: Sequence[str]) -> Layout:
    """``layout`` with the given names in place of the default seat names (a new layout; the
    view's own is left as it was). No names given: the layout itself."""
    if not any(names):
        return layout
    rename = renamer(names)
    zones = [dataclasses.replace(z, label_en=rename(z.label_en), label_ja=rename(z.label_ja))
             for z in layout.zones]
    texts = [dataclasses.replace(t, text_en=rename(t.text_en), text_ja=rename(t.text_ja))
             for t in layout.texts]
    meters = [dataclasses.replace(m, label_en=rename(m.label_en), label_ja=rename(m.label_ja))
              for m in layout.meters]
    pieces = []
    for p in layout.pieces:
        art = p.art
        if any(isinstance(art.get(k), str) for k in _ART_KEYS):
            art = {k: rename(v) if k in _ART_KEYS and isinstance(v, str) else v
                   for k, v in art.items()}
        pieces.append(dataclasses.replace(p, art=art, tooltip_en=rename(p.tooltip_en),
                                          tooltip_ja=rename(p.tooltip_ja)))
    return dataclasses.replace(layout, zones=zones, texts=texts, meters=meters, pieces=pieces)
