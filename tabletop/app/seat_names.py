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
from typing import Any

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
    view's own is left as it was). No names given: the layout itself. Only the parts that
    name a seat are copied: the table syncs every part on every move."""
    if not any(names):
        return layout
    rename = renamer(names)

    def renamed(item: Any, *keys: str) -> Any:
        """``item`` with its texts ``keys`` renamed: itself when none names a seat."""
        changes = {k: new for k in keys if (new := rename(getattr(item, k))) != getattr(item, k)}
        return dataclasses.replace(item, **changes) if changes else item

    pieces = []
    for p in layout.pieces:
        piece = renamed(p, "tooltip_en", "tooltip_ja")
        art = {k: new for k in _ART_KEYS
               if isinstance(v := p.art.get(k), str) and (new := rename(v)) != v}
        if art:
            piece = dataclasses.replace(piece, art={**p.art, **art})
        pieces.append(piece)
    return dataclasses.replace(
        layout, pieces=pieces,
        zones=[renamed(z, "label_en", "label_ja") for z in layout.zones],
        texts=[renamed(t, "text_en", "text_ja") for t in layout.texts],
        meters=[renamed(m, "label_en", "label_ja") for m in layout.meters])
