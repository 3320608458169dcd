"""The search yardstick of the benchmarks plays its dice duel by the rules and finds a win in
one, and the benchmark report checks its targets as documented."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import baseline_uct as uct
import run


def test_duel_rules() -> None:
    s = (12, 12, 0, 0, (2, 5))
    assert uct.legal(s) == [("hit", 2), ("hit", 5), ("heal", 2), ("heal", 5)]
    assert uct.apply(s, ("hit", 5)) == (12, 7, 1, 1, ())
    assert uct.apply((9, 12, 0, 3, (5, 5)), ("heal", 5)) == (11, 12, 1, 4, ())
    assert uct.apply((12, 12, 0, 3, (5, 5)), ("heal", 5))[0] == 12  # capped at 12 HP
    assert uct.apply((3, 12, 1, 3, (6, 1)), ("hit", 6))[0] == 0
    assert uct.result((0, 4, 0, 7, ())) == 0.0
    assert uct.result((4, 0, 0, 7, ())) == 1.0
    assert uct.result((4, 4, 0, uct.TURNS, ())) == 0.5
    assert uct.result((4, 4, 0, 7, ())) is None
    rolled = uct.roll((12, 12, 0, 0, ()), random.Random(1))[4]
    assert len(rolled) == 2 and all(1 <= d <= 6 for d in rolled)


def test_search_takes_the_win_in_one_for_either_seat() -> None:
    rng = random.Random(3)
    assert uct.search((12, 4, 0, 5, (2, 4)), 400, rng) == ("hit", 4)
    assert uct.search((5, 12, 1, 6, (1, 6)), 400, rng) == ("hit", 6)


def test_measure_counts_every_iteration() -> None:
    r = uct.measure(iterations=50, count=3)
    assert r["iterations"] == 150 and r["iterations_per_second"] > 0


def _report(passes: list[float]) -> dict[str, object]:
    speed = [{"game": "magos", "players": 2, "hard_passes": passes,
              "levels": {"hard": {"iterations_per_second": passes[0], "median_seconds": 0.3}}}]
    return {"speed": speed}


def test_search_target_takes_the_best_of_identical_passes() -> None:
    [row] = [r for r in run.targets(_report([3600.0, 5200.0, 4400.0])) if "search" in r[0]]
    assert row == ("magos (2p) search >= 5,000 iterations/s (best of 3 identical passes)",
                   "5200 (passes: 3600, 5200, 4400)", True)
    [row] = [r for r in run.targets(_report([3600.0, 4900.0, 4400.0])) if "search" in r[0]]
    assert row[2] is False


def test_frame_p95_row_names_the_bare_scene_p95() -> None:
    cases = [{"name": "synthetic", "label": "500 synthetic cards, drag c1", "p95_ms": 10.4,
              "baseline": "bare_synthetic", "ratio_median": 0.54},
             {"name": "bare_synthetic", "label": "bare scene", "p95_ms": 18.1,
              "baseline": None}]
    rows = run.targets({"frame_time_full": {"cases": cases}})
    assert ("drag frame (full repaint) p95 < 8 ms at 500 pieces", "10.4 ms (bare 18.1 ms)",
            False) in rows
    assert ("drag frame (full repaint), 500 synthetic cards, drag c1: <= 1.5x bare", "0.54x",
            True) in rows
