"""The Magos solo table names a measurement with found spell sets as such, lists each set,
and counts such a file complete when it holds every battle of the enemies it was run for."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import magos_solo_table


def _file(hands: dict[str, str] | None, enemies: list[str], wins: int) -> dict[str, object]:
    rows = [{"enemy": e, "battles": 4, "wins": wins, "win_rate": wins / 4,
             "mean_turns_to_win": 5.0 if wins else None} for e in enemies]
    runs = [{"enemy": e, "seed": k, "seconds": 0.5} for e in enemies for k in range(4)]
    out: dict[str, object] = {"level": "hard", "dice": "patch-v1.1", "battles_per_enemy": 4,
                              "seed": 1001, "enemies": rows, "runs": runs, "seconds": 120.0}
    if hands is not None:
        out["hands"] = hands
        out["hands_file"] = "sets.json"
    return out


def test_found_spells_are_named_and_listed() -> None:
    first = _file(None, ["armored_dragon"], 0)
    found = _file({"armored_dragon": "harmony,healing,pain,ring_of_fire,wrath"},
                  ["armored_dragon"], 3)
    text = magos_solo_table.render([first, found], ["cmd"])  # type: ignore[list-item]
    assert "patch-v1.1, found spells: battles" in text
    assert "- a-13 Armored Dragon: harmony, healing, pain, ring_of_fire, wrath" in text
    assert "| a-13 | Armored Dragon (鎧竜) | 20 | 4 | **0%**" in text
    assert "| 4 | **75%**" in text
    # The found-spells file holds all it was run for; the first-game file lacks 16 enemies.
    assert "- patch-v1.1, found spells: 4 battles" in text
    assert "in progress (4 of 4)" not in text and "in progress (4 of 68)" in text


def test_the_chance_of_perfect_play_gets_a_column_where_the_rows_give_it() -> None:
    patch = _file(None, ["armored_dragon", "intruder"], 2)
    rows: list[dict[str, object]] = patch["enemies"]  # type: ignore[assignment]
    for row, chance in zip(rows, (0.6, 0.0805), strict=True):
        row["exact_win_chance"] = chance
    rolled = {**_file(None, ["armored_dragon"], 1), "dice": "rolled"}
    text = magos_solo_table.render([patch, rolled], ["cmd"])  # type: ignore[list-item]
    assert ("| a-# | Enemy | HP | patch-v1.1: battles | win % (95% CI) | perfect play | "
            "turns to win | rolled: battles | win % (95% CI) | turns to win |") in text
    assert "|---|---|---|---|---|---|---|---|---|---|\n" in text
    assert "| 4 | **50%** (15–85) | 60.0% | 5.0 | 4 | **25%**" in text
    assert ("| a-17 | Intruder from the Void (虚無よりの闖入者) | 25 | 4 | **50%** (15–85) | "
            "8.1% |") in text
    # An enemy the rolled file does not hold: three empty cells, where the patch's take four.
    assert "8.1% | 5.0 | not measured | |  |\n" in text
    assert "| a-1 | Training Dummy (訓練ダミー) | 10 | not measured | |  |  | not measured" in text
    assert "hard plays it perfectly" in text
