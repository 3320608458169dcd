"""The game log pane: lines sent as changes, and rebuilt once, in place, when the language
changes (never the old lines with the new ones after them)."""

from __future__ import annotations

from typing import Any

from tabletop.app.game_log import GameLog
from tabletop.registry import load_plugins
from tabletop.testing.table_driver import start_seeded

PLUGINS = load_plugins(include_entry_points=False)[0]


def test_lines_are_sent_as_changes_and_afresh_after_forget() -> None:
    sent: list[tuple[str, list[str]]] = []
    log = GameLog(lambda lines: sent.append(("reset", lines)),
                  lambda lines: sent.append(("append", lines)))
    log.show(["a", "b"])
    log.show(["a", "b", "c"])
    log.show(["a", "x"])  # an undo, another seat: not a continuation
    log.forget()
    log.show(["A", "X", "Y"])  # the same match in another language
    log.show(["A", "X", "Y", "Z"])
    assert sent == [("append", ["a", "b"]), ("append", ["c"]), ("reset", ["a", "x"]),
                    ("reset", ["A", "X", "Y"]), ("append", ["Z"])]


def test_switching_the_language_rebuilds_the_log_once(make_window: Any, qtbot: Any) -> None:
    window = make_window({"national-economy": PLUGINS["national-economy"]})
    c = start_seeded(window, "national-economy", ["human", "easy"], seed=4)
    qtbot.waitUntil(lambda: c.is_human_turn(), timeout=10_000)
    english = window.table_page.log.toPlainText().splitlines()
    assert len(english) >= 3
    window.set_language("ja")
    shown = window.table_page.log.toPlainText().splitlines()
    said = [c.speaker.say(e, "ja") for e in c.session.events_for(c.viewing_seat) if e.logged]
    assert shown == said
    assert len(shown) == len(english)
    assert not set(shown) & set(english)
