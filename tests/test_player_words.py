"""Words a player reads never show a rule's code or a lazy plural: every string of every word
catalogue and game file (``tabletop/**/*.toml``) is free of ids such as "XY-R12" (the in-app
rulebooks do not print them, so they mean nothing to a player) and of "card(s)". A lesson's
actions (``lesson-*.toml``, ``[[move]] action``) are move texts, never shown, and may name a
card by its id."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"\b[A-Z]{2,3}-[A-Z]{0,2}\d+\b")
LAZY_PLURAL = re.compile(r"\w\(s\)")


def strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, f"{where}.{key}")


def test_no_rule_code_or_lazy_plural_in_what_players_read() -> None:
    files = sorted((ROOT / "tabletop").rglob("*.toml"))
    assert len(files) >= 20
    found = []
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        lesson = path.name.startswith("lesson-")
        for where, text in strings(data, path.relative_to(ROOT).as_posix()):
            if lesson and where.endswith(".action"):
                continue
            if RULE_ID.search(text) or LAZY_PLURAL.search(text):
                found.append(f"{where}: {text[:70]!r}")
    assert not found, "\n".join(found)


def test_option_help_names_choices_by_their_labels_not_their_keys() -> None:
    # "any-flock (the default): ..." showed a key the dialog never shows; the help names a
    # choice as its label does. A key that is part of its own label (National Economy solo's
    # rules "a" and "b") is the game's name for it.
    found = []
    for path in sorted((ROOT / "tabletop" / "games").glob("*/game.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for section, body in data.items():
            if not isinstance(body, dict) or " option " not in section:
                continue
            keys = [str(label[0]) for label in body.get("labels", [])
                    if not any(str(label[0]) in str(words) for words in label[1:])]
            for text in body.get("help", []):
                for key in keys:
                    if re.search(rf"(^|[\s.。:]){re.escape(key)}\s*[(:(:]", text):
                        found.append(f"{path.parent.name} {section}: {key!r} in {text[:60]!r}")
    assert not found, "\n".join(found)


def test_the_check_finds_what_it_looks_for() -> None:
    assert RULE_ID.search("the game is over (XY-R77)") and RULE_ID.search("XY-G07")
    assert LAZY_PLURAL.search("discard 1 more card(s)")
    assert not RULE_ID.search("HP 15/15, 2-12 players, A-1 Training Dummy")
