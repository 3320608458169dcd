"""Every benchmark script runs to its end at a tiny size: ``benchmarks/run.py --smoke`` (all
of ``make bench`` at its smallest) and each script on its own, with the smallest arguments that
still go through its code, each in a fresh interpreter as a person starts it.

A run passes when it exits 0 and writes what it promises (its JSON file, its chart, its table)
in the right shape. The figures are never checked: at these sizes they mean nothing, and a
benchmark measures, it does not judge. Every script of ``benchmarks/`` must have a case here (a
new one fails ``test_every_benchmark_script_has_a_smoke_case`` until it gets one), and none may
write into the repository: each runs in its own temporary folder, and the repository's
``benchmarks/`` (its ``results/`` above all), top folder and ``docs/`` are compared before and
after.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"
RESULTS = BENCH / "results"

#: Modules of ``benchmarks/`` that are imported by the scripts, not run: where each is covered.
HELPERS = {"resumable": "the resumable results of exploit, luck_cap, magos_solo_winrates, "
                        "ne_solo_scores, ne_value_fit and saboteur2_roles",
           "net_common": "the server process of net_roundtrip and net_tables"}

#: A run that hangs is stopped here; no run of a tiny size comes near it.
HANG_SECONDS = 600

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="memory.py (and so run.py) reads /proc")

Check = Callable[[Path, list[str]], None]


@dataclass(frozen=True)
class Case:
    """One script's smoke run: its command lines (``{tmp}`` and ``{results}`` are filled in),
    what to set up first in the run's folder, and the check of what it wrote (the folder and
    the stdout of each command)."""

    runs: tuple[tuple[str, ...], ...]
    check: Check
    prepare: Callable[[Path], None] | None = None


def _json(path: Path) -> Any:
    assert path.is_file(), f"{path.name} was not written"
    return json.loads(path.read_text(encoding="utf-8"))


def _has(data: dict[str, Any], *keys: str) -> None:
    missing = [k for k in keys if k not in data]
    assert not missing, f"missing {missing} in {sorted(data)}"


def _png(path: Path) -> None:
    assert path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path.name


# -- the checks, one per script -------------------------------------------------------------

def _baseline_uct(tmp: Path, out: list[str]) -> None:
    assert re.search(r"plain UCT, dice duel: \d+ iterations/s \(10 in ", out[0]), out[0]


def _beat_latency(tmp: Path, out: list[str]) -> None:
    text, raw = out
    assert re.search(r"^\d+ of \d+ beats at 300 ms on '", text), text
    assert "click started after the beat" in text
    data = json.loads(raw)
    _has(data["app"], "beats", "measured", "waited_for_a_move", "timer_ms", "to_sound_ms",
         "total_ms")
    _has(data["device"], "device", "latency_ms")


def _big_save(tmp: Path, out: list[str]) -> None:
    rows = json.loads(out[0])
    assert [r["file"] for r in rows] == ["long log", "big ui"]
    for r in rows:
        _has(r, "mib", "entries", "cli_s", "cli_exit", "cli_says", "window_s",
             "window_reads", "offered")
    # At the smoke size the two files still take the paths of the limit's: one is refused,
    # the other loads and is offered for resume.
    assert (rows[0]["cli_exit"], rows[0]["offered"]) == (2, False)
    assert (rows[1]["cli_exit"], rows[1]["offered"]) == (0, True)


def _fake_bundle(tmp: Path) -> None:
    """A bundle folder of a few small files, and a "frozen app" that reports its first paint
    at once (the start-up part runs against it as against the real one)."""
    folder = tmp / "dist" / "tabletop"
    for rel, size in (("_internal/PySide6/Qt/lib/libQt6Core.so.6", 3000),
                      ("_internal/PySide6/Qt/lib/libicudata.so.73", 2000),
                      ("_internal/base_library.zip", 1000),
                      ("_internal/tabletop/games/magos/rules/en.md", 100)):
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(bytes(range(256)) * (size // 256) + b"x" * (size % 256))
    exe = folder / "tabletop"
    exe.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "import time; print(time.time())"\n',
                   encoding="utf-8")
    exe.chmod(0o755)


def _bundle(tmp: Path, out: list[str]) -> None:
    text, raw = out
    for line in ("bundle folder", "tar.gz", "by part:", "largest files:",
                 "start to first paint (median of 1)"):
        assert line in text, line
    data = json.loads(raw)
    _has(data, "folder_mib", "files", "groups_mib", "largest_files_mib", "tar_gz_mib",
         "tar_gz", "aim_folder_mib", "aim_tar_gz_mib")
    assert data["files"] == 5
    assert "ICU (Qt's Unicode and locale data)" in data["groups_mib"]


def _card_faces(tmp: Path, out: list[str]) -> None:
    assert re.search(r"^\d+ card faces: [\d.]+ ms a face \(best of 1 rounds", out[0]), out[0]


def _exploit(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "exploit.json")
    _has(data, "game", "seed", "base", "bar", "seconds", "rows", "runs")
    [row] = data["rows"]
    assert row["habit"] == "always-spy" and row["games"] == 1
    assert len(data["runs"]) == 1
    assert "always-spy" in out[0]


def _frame_time(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "frames.json")
    _has(data, "steps", "rounds", "view", "seed", "round", "platform", "repaint", "cases",
         "profile")
    names = [c["name"] for c in data["cases"]]
    assert sorted(names) == sorted(["national_economy", "bare_national_economy", "synthetic",
                                    "bare_synthetic", "synthetic_4", "bare_synthetic_4"])
    for case in data["cases"]:
        _has(case, "label", "items", "samples", "median_ms", "p95_ms", "max_ms",
             "deferred_median_ms", "baseline")
        assert case["samples"] == 4
        if case["baseline"] is not None:
            _has(case, "ratio_median", "ratio_p95")
    assert "| case | items |" in out[0] and "function calls" in out[0]


def _luck_cap(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "luck.json")
    _has(data, "measure", "game", "agents", "seed", "rotate", "oracle_effort", "seconds",
         "summary", "rows", "runs")
    assert data["summary"]["games"] == 2 and data["summary"]["errors"] == 0
    assert [r["agent"] for r in data["rows"]] == ["oracle", "random"]
    assert "2 games in the results" in out[0]


def _table(out: str, rows: list[str]) -> None:
    for row in rows:
        assert row in out, row
    assert "Produced by:" in out


def _magos_solo_table(tmp: Path, out: list[str]) -> None:
    _table(out[0], ["| a-1 | Training Dummy", "| a-17 |"])


def _magos_solo_winrates(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "winrates.json")
    _has(data, "level", "dice", "seconds", "battles_per_enemy", "enemies", "runs")
    [enemy] = data["enemies"]
    assert enemy["enemy"] == "training_dummy" and enemy["battles"] == 1
    assert len(data["runs"]) == 1
    assert "| a-1 | Training Dummy |" in out[0]


def _magos_spell_sets(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "sets.json")
    _has(data, "level", "dice", "battles", "seed", "steps", "enemies")
    row = data["enemies"]["training_dummy"]
    _has(row, "hand", "path", "sets_tried", "wins", "battles", "first_game_wins", "seconds")
    assert len(row["hand"]) == 5
    assert out[0].startswith("a-1 ")


def _memory(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "memory.json")
    _has(data, "runs", "settle_ms", "seed", "python", "kinds")
    assert list(data["kinds"]) == ["bare", "chooser", "game"]
    for row in data["kinds"].values():
        _has(row, "label", "rss_mib", "hwm_mib", "rss_runs_mib", "rss_ratio", "hwm_ratio")
    assert "table_items" in data["kinds"]["game"]
    assert "| process | VmRSS MiB |" in out[0]


def _mr_sneaky_fair(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "fair.json")
    _has(data, "seed", "rounds", "games")
    for figures in (*data["rounds"].values(), *data["games"].values()):
        _has(figures, "wins", "n", "rate", "low", "high")
    assert "against random, whole games" in out[0]


def _net_roundtrip(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "roundtrip.json")
    _has(data, "game", "seats", "actions", "median_ms", "p95_ms", "max_ms", "targets")
    assert data["actions"] == 20 and data["seats"] == 4
    assert "4 remote seats, 20 actions: round trip median" in out[0]


def _net_tables(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "tables.json")
    _has(data, "game", "seconds", "rows", "tables_within_limit")
    assert [r["tables"] for r in data["rows"]] == [2, 4]
    for row in data["rows"]:
        _has(row, "tables", "moves", "median_ms", "p95_ms", "server_rss_mib",
             "rss_per_table_kib")
    assert "p95 within 100 ms up to" in out[0]


def _ne_solo_scores(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "scores.json")
    _has(data, "level", "variant", "seconds", "figures", "runs")
    assert data["figures"]["games"] == 1 and len(data["runs"]) == 1
    assert "| a | easy | 1 |" in out[0]


def _ne_solo_table(tmp: Path, out: list[str]) -> None:
    _table(out[0], ["| | variant a, hard | variant b, hard |", "| games | 200 | 200 |"])


def _ne_value_fit(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "values.json")
    _has(data, "game", "agents", "seed", "seconds", "games", "decided", "rounds", "runs")
    assert data["games"] == 24 and len(data["runs"]) == 24
    # Enough decided games on each side to fit at least one round: the fit itself ran.
    assert data["rounds"], "no round had games enough to fit"
    _has(data["rounds"][0], "round", "games", "points", "heuristic_points", "fitted_right",
         "heuristic_right")
    assert "fitted right" in out[0]


def _rules_trace(tmp: Path, out: list[str]) -> None:
    # Secret Agent at three seats: its defaults and every option away from its default.
    traces = _json(tmp / "traces.json")
    assert sorted(traces) == ["secret-agent/3/auto_spy_discard=True,clash_high_loses=False,"
                              "leader_abilities=True,multi_defence=True,open_spies=True,"
                              "peace_ends_war=True,refill_actions_only=True,tops_only=True/0",
                              "secret-agent/3/default/0"]
    for rows in traces.values():
        assert rows and set(rows[0]) >= {"state", "legal", "observations"}
    assert out[0].startswith("2 games, ") and out[1].strip() == "same"


def _run(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "report.json")
    _has(data, "when", "machine", "speed", "yardstick", "frame_time_natural",
         "frame_time_full", "startup", "memory", "strength", "targets", "seconds")
    assert {(r["game"], r["players"]) for r in data["speed"]} >= {("magos", 2),
                                                                    ("national-economy", 4)}
    for mode in ("natural", "full"):
        assert len(data[f"frame_time_{mode}"]["cases"]) == 6
    _has(data["strength"], "cells", "levels", "games_per_cell")
    assert data["targets"] and all(set(t) == {"target", "measured", "met"}
                                   for t in data["targets"])
    _png(tmp / "chart.png")
    for title in ("Rules and search speed", "Drag frame time (natural repaint)",
                  "Drag frame time (full repaint)", "Network", "Start-up", "Memory",
                  "AI strength per second", "Targets"):
        assert f"### {title}" in out[0], title


def _saboteur2_roles(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "roles.json")
    _has(data, "game", "agents", "seed", "guess_turn", "guess_samples", "seconds", "games",
         "sides", "subject", "guess", "first", "runs")
    assert data["games"] == 1 and len(data["runs"]) == 1
    for text in out:  # the run, then --merge of its file with itself
        assert "role guesses after 10 turns" in text and "first place:" in text
    assert "of 2 games" in out[1]


def _simulate_table(tmp: Path, out: list[str]) -> None:
    _table(out[0], ["| magos | hard vs greedy | rotated | 200 |",
                    "| spymaster | hard vs random | rotated | 200 |"])


def _review_time(tmp: Path, out: list[str]) -> None:
    [row] = _json(tmp / "review.json")
    _has(row, "game", "players", "decisions", "seconds", "mean_chance_gap",
         "largest_chance_gap", "mistakes", "mistakes_named_by_both")
    assert (row["game"], row["players"], len(row["seconds"])) == ("spymaster", 2, 2)
    assert re.search(r"^spymaster \(2p\): \d+ decisions, ", out[0]), out[0]


def _startup(tmp: Path, out: list[str]) -> None:
    assert re.search(r"^bare PySide6 window +: +\d+ ms \(median\)$", out[0], re.M), out[0]
    assert re.search(r"^python -m tabletop +: +\d+ ms \(median\) +[\d.]+x bare$", out[0],
                     re.M), out[0]


def _strength(tmp: Path, out: list[str]) -> None:
    data = _json(tmp / "strength.json")
    _has(data, "games_per_cell", "seed", "workers", "seconds", "cells", "levels")
    [cell] = data["cells"]
    assert (cell["game"], cell["opponent"], cell["budget"], cell["games"]) == (
        "magos", "random", 0.01, 1)
    assert [(lv["game"], lv["level"], lv["decisions"]) for lv in data["levels"]] == [
        ("magos", "easy", 1)]
    _png(tmp / "strength.png")
    assert "| magos | random | 0.01 s | 1 |" in out[0]


CASES: dict[str, Case] = {
    "baseline_uct": Case((("--iterations", "10", "--positions", "1"),), _baseline_uct),
    "beat_latency": Case((("--beats", "4"), ("--beats", "4", "--json")), _beat_latency),
    "big_save": Case((("--smoke", "--json"),), _big_save),
    "bundle": Case((("--dist", "{tmp}/dist", "--startup-runs", "1"),
                    ("--dist", "{tmp}/dist", "--json")), _bundle, prepare=_fake_bundle),
    "card_faces": Case((("--rounds", "1"),), _card_faces),
    "exploit": Case((("spymaster", "--games", "1", "--habits", "always-spy",
                      "--json", "{tmp}/exploit.json"),), _exploit),
    "frame_time": Case((("--steps", "4", "--rounds", "1", "--pieces", "3", "--more-pieces",
                         "4", "--profile", "2", "--json", "{tmp}/frames.json"),), _frame_time),
    # A hundredth of hard's search for the oracle: the same search, a few iterations a move.
    "luck_cap": Case((("magos", "--agents", "oracle,random", "--games", "2",
                       "--oracle-effort", "0.01", "--json", "{tmp}/luck.json"),), _luck_cap),
    "magos_solo_table": Case((("{results}/magos-solo-hard-patch-v1.1.json",
                               "{results}/magos-solo-hard-rolled.json"),), _magos_solo_table),
    "magos_solo_winrates": Case((("--level", "random", "--battles", "1", "--enemies",
                                  "training_dummy", "--json", "{tmp}/winrates.json"),),
                                _magos_solo_winrates),
    "magos_spell_sets": Case((("--level", "random", "--battles", "1", "--steps", "1",
                               "--enemies", "training_dummy", "--json", "{tmp}/sets.json"),),
                             _magos_spell_sets),
    "memory": Case((("--runs", "1", "--settle-ms", "0", "--json", "{tmp}/memory.json"),),
                   _memory),
    "mr_sneaky_fair": Case((("--rounds", "20", "--games", "2", "--json", "{tmp}/fair.json"),),
                           _mr_sneaky_fair),
    "net_roundtrip": Case((("--quick", "--json", "{tmp}/roundtrip.json"),), _net_roundtrip),
    "net_tables": Case((("--quick", "--json", "{tmp}/tables.json"),), _net_tables),
    "ne_solo_scores": Case((("--level", "easy", "--games", "1", "--json",
                             "{tmp}/scores.json"),), _ne_solo_scores),
    "ne_solo_table": Case((("{results}/ne-solo-a-hard.json", "{results}/ne-solo-b-hard.json"),),
                          _ne_solo_table),
    # 24 random games: the fewest that give each round ten decided games to fit and to judge.
    "ne_value_fit": Case((("--agents", "random,random", "--games", "24", "--json",
                           "{tmp}/values.json"),), _ne_value_fit),
    "rules_trace": Case((("record", "{tmp}/traces.json", "--games", "1", "--game",
                          "secret-agent", "--players", "3"),
                         ("compare", "{tmp}/traces.json", "--games", "1", "--game",
                          "secret-agent", "--players", "3")), _rules_trace),
    "run": Case((("--smoke", "--workers", "1", "--json", "{tmp}/report.json",
                  "--chart", "{tmp}/chart.png"),), _run),
    "saboteur2_roles": Case((("--agents", "random,random", "--games", "1", "--guess-samples",
                              "2", "--json", "{tmp}/roles.json"),
                             ("--merge", "{tmp}/roles.json", "{tmp}/roles.json")),
                            _saboteur2_roles),
    "simulate_table": Case((("{results}/magos-hard-greedy.json",
                             "{results}/spymaster-hard-random.json"),), _simulate_table),
    "review_time": Case((("--only", "spymaster", "--level", "easy", "--json",
                          "{tmp}/review.json"),), _review_time),
    "startup": Case((("--runs", "1"),), _startup),
    "strength": Case((("--games", "1", "--budgets", "0.01", "--only", "magos", "--opponents",
                       "random", "--levels", "easy", "--level-positions", "1",
                       "--json", "{tmp}/strength.json", "--chart", "{tmp}/strength.png"),),
                     _strength),
}


# -- what a run may not touch ---------------------------------------------------------------

def _repository() -> dict[str, tuple[int, int]]:
    """What a benchmark could write in the repository: every file under ``benchmarks/``
    (bytecode caches aside) with its size and time, and the entries of the top folder and of
    ``docs/`` (dot-entries aside: tools' caches come and go)."""
    seen: dict[str, tuple[int, int]] = {}
    for path in BENCH.rglob("*"):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        info = path.stat()
        seen[path.relative_to(ROOT).as_posix()] = (info.st_size, info.st_mtime_ns)
    for folder in (ROOT, ROOT / "docs"):
        for path in folder.iterdir():
            if not path.name.startswith("."):  # there, whatever its size and time
                seen.setdefault(path.relative_to(ROOT).as_posix(), (-1, -1))
    return seen


def _env(tmp: Path) -> dict[str, str]:
    """The environment of a run: offscreen Qt, and every folder an app could keep data or
    settings in pointed into the run's own folder."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               TABLETOP_DATA_DIR=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "config"),
               XDG_DATA_HOME=str(tmp / "share"), XDG_CACHE_HOME=str(tmp / "cache"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


# -- the tests ------------------------------------------------------------------------------

def uncovered(folder: Path) -> list[str]:
    """The scripts in ``folder`` that have no smoke case and are no listed helper."""
    return sorted({p.stem for p in folder.glob("*.py")} - CASES.keys() - HELPERS.keys())


def test_every_benchmark_script_has_a_smoke_case() -> None:
    assert uncovered(BENCH) == [], "a benchmark script without a smoke case: add it to CASES"
    scripts = {p.stem for p in BENCH.glob("*.py")}
    assert sorted((CASES.keys() | HELPERS.keys()) - scripts) == [], "a case for no script"
    for name in CASES:
        assert 'if __name__ == "__main__":' in (BENCH / f"{name}.py").read_text("utf-8"), name
    for name in HELPERS:  # a helper that became a script needs a case of its own
        assert "__main__" not in (BENCH / f"{name}.py").read_text("utf-8"), name


def test_a_new_script_without_a_case_is_found(tmp_path: Path) -> None:
    for p in BENCH.glob("*.py"):
        (tmp_path / p.name).write_text("", encoding="utf-8")
    assert uncovered(tmp_path) == []
    (tmp_path / "new_measure.py").write_text('if __name__ == "__main__":\n    pass\n',
                                             encoding="utf-8")
    assert uncovered(tmp_path) == ["new_measure"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_benchmark_runs_at_a_tiny_size(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    if case.prepare is not None:
        case.prepare(tmp_path)
    before = _repository()
    outputs = []
    for args in case.runs:
        argv = [a.format(tmp=tmp_path, results=RESULTS) for a in args]
        done = subprocess.run([sys.executable, str(BENCH / f"{name}.py"), *argv],
                              cwd=tmp_path, env=_env(tmp_path), capture_output=True,
                              text=True, timeout=HANG_SECONDS, check=False)
        assert done.returncode == 0, f"{name} {' '.join(argv)} exited {done.returncode}:\n" \
                                     f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        outputs.append(done.stdout)
    after = _repository()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert changed == [], f"{name} wrote into the repository: {changed}"
    case.check(tmp_path, outputs)
