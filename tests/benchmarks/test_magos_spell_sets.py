"""The Magos spell-set search: its neighbours are every hand one spell away that the deck
allows (MG-R11, MG-R51), and a climb keeps a set only when it does better of the same seeded
battles."""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import magos_spell_sets as search
import pytest

from tabletop.games.magos.data import DRAFT_POOL, FIRST_GAME_HAND
from tabletop.games.magos.solo import parse_hand


def test_neighbours_swap_one_spell_within_the_copies_the_deck_holds() -> None:
    start = tuple(sorted(FIRST_GAME_HAND))
    hands = search.neighbours(start)
    assert len(hands) == len(set(hands))
    assert start not in hands
    for hand in hands:
        assert sum((Counter(start) - Counter(hand)).values()) == 1  # one spell changed
        parse_hand(",".join(hand))  # a hand the solo game accepts (copies, one Harmony)
    # Every spell of the pool can come in for any of the five.
    assert {s for h in hands for s in h} == {"harmony", *DRAFT_POOL}
    # Pain has two copies: a hand with both may not take a third; Harmony never twice.
    two = ("fireball", "harmony", "healing", "pain", "pain")
    assert all(Counter(h)["pain"] <= 2 and Counter(h)["harmony"] <= 1
               for h in search.neighbours(two))


def test_a_climb_keeps_a_set_only_when_it_does_better() -> None:
    row = search.climb("training_dummy", "random", "patch-v1.1", battles=2, steps=1, seed=1,
                       pool=None)
    assert row["path"][0]["hand"] == sorted(FIRST_GAME_HAND)
    wins = [step["wins"] for step in row["path"]]
    # Each step does better: more wins, or as many with less of the enemy's HP left.
    keys = [(step["wins"], -step["enemy_hp_left"]) for step in row["path"]]
    assert all(a < b for a, b in pairwise(keys))
    assert row["wins"] == wins[-1] and row["hand"] == row["path"][-1]["hand"]
    assert 0 <= row["wins"] <= 2
    assert row["sets_tried"] == 1 + len(search.neighbours(tuple(sorted(FIRST_GAME_HAND))))


def test_an_exact_climb_starts_from_the_sets_found_and_judges_by_perfect_play(
        tmp_path: Path) -> None:
    # MG-R54: patch v1.1 dice; the Training Dummy (a-1) loses to perfect play with any hand
    # that can hurt it, so the chance is 1 and no step can do better.
    start = tmp_path / "found.json"
    start.write_text(json.dumps({"enemies": {"training_dummy": {
        "hand": ["pain", "harmony", "pain", "fireball", "healing"]}}}), encoding="utf-8")
    out = tmp_path / "exact.json"
    assert search.main(["--level", "exact", "--enemies", "training_dummy", "--steps", "0",
                        "--start", str(start), "--json", str(out)]) == 0
    row = json.loads(out.read_text(encoding="utf-8"))["enemies"]["training_dummy"]
    assert row["hand"] == ["fireball", "harmony", "healing", "pain", "pain"]
    assert row["perfect_chance"] == pytest.approx(1.0, abs=1e-3)
    assert row["start_chance"] == row["perfect_chance"] and len(row["path"]) == 1
    # Rolled dice cannot be solved: refused with a message.
    with pytest.raises(SystemExit):
        search.main(["--level", "exact", "--dice", "rolled", "--json", str(out)])
