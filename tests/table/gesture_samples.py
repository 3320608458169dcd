"""The legal moves of the table tests' synthetic layout, without Qt, so that the tests of the
gesture machine and those of the real table drive the same moves."""

from __future__ import annotations

from tabletop.engine.layout import Gesture


def sample_gestures() -> list[Gesture]:
    """die0 goes to A or B (B two ways), die1 to A or the pool, the token T takes a click,
    C takes nothing; a button the table ignores."""
    return [
        Gesture("cast:a:1", "die0", "A"),
        Gesture("cast:b:1", "die0", "B", choice_en="Beta, first way"),
        Gesture("cast:b:alt", "die0", "B", choice_en="Beta, other way"),
        Gesture("cast:a:4", "die1", "A"),
        Gesture("pool:4", "die1", "pool"),
        Gesture("end", None, "T", label_en="End turn", label_ja="手番終了"),
        Gesture("pass", label_en="Pass"),  # a button: the table ignores it
    ]
