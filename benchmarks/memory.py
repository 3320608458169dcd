"""Resident memory of the app against a bare PySide6 window, each in a fresh process.

Every sample starts a new interpreter (Qt offscreen) that builds one thing, shows it, paints it
and lets the event loop settle for ``--settle-ms``, then reads ``VmRSS`` (resident set now)
and ``VmHWM`` (its peak so far) from ``/proc/self/status`` and prints them. Kinds:

* ``bare``: a ``QMainWindow`` of the app window's size, nothing in it;
* ``chooser``: the app's ``MainWindow`` with the loaded plugins, on the game chooser;
* ``game``: the same window with a four-player National Economy match started through
  ``MainWindow.start_game`` (seat 1 human, three "easy" AI seats, animations off), on a seed
  whose start player is seat 1, so the match waits for the human and no AI thinks while the
  figures are read (the child checks this).

The window saves into a temporary folder, never the player's data folder. The kinds run
interleaved after one unmeasured run each (warm file cache), so machine noise hits them alike.
Reported: the median of each figure in MiB and its ratio to the bare window.

    python benchmarks/memory.py [--runs 5] [--settle-ms 300] [--json PATH]

Linux only (``/proc``). Import ``measure`` to get the figures as a dict.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("bare", "chooser", "game")
LABELS = {
    "bare": "bare PySide6 QMainWindow",
    "chooser": "Tabletop, game chooser",
    "game": "Tabletop, 4-player National Economy on the table",
}
WINDOW_SIZE = (1200, 740)  # MainWindow's own default size
KIB = 1024


def proc_status() -> dict[str, int]:
    """VmRSS and VmHWM of this process, in KiB."""
    out: dict[str, int] = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out


def human_start_seed(first: int = 1) -> int:
    """The first seed from ``first`` on whose four-player National Economy starts with seat 0."""
    from tabletop.engine import Session
    from tabletop.games.national_economy.plugin import PLUGIN

    seed = first
    while Session(PLUGIN.game, 4, {}, seed, human_seats=(0,)).current_player() != 0:
        seed += 1
    return seed


# -- the child -----------------------------------------------------------------------------
def _settle(ms: int) -> None:
    from PySide6.QtCore import QElapsedTimer
    from PySide6.QtWidgets import QApplication

    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < ms:
        QApplication.processEvents()


def child(kind: str, seed: int, settle_ms: int) -> dict[str, Any]:
    """Build ``kind`` in this process, paint it, and read the memory figures."""
    import tempfile

    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication([sys.argv[0]])
    keep: list[Any] = [app]
    info: dict[str, Any] = {"kind": kind}
    with tempfile.TemporaryDirectory(prefix="tabletop-memory-") as tmp:
        if kind == "bare":
            window = QMainWindow()
            window.resize(*WINDOW_SIZE)
        else:
            from tabletop.app.saves import SaveStore
            from tabletop.app.window import MainWindow
            from tabletop.registry import load_plugins

            plugins, failures = load_plugins()
            window = MainWindow(plugins, failures, lang="en", animate=False,
                                saves=SaveStore(tmp))
        keep.append(window)
        window.show()
        QApplication.processEvents()
        if kind == "game":
            from tabletop.app.newgame import GameSetup
            from tabletop.games.national_economy.plugin import PLUGIN

            setup = GameSetup(PLUGIN.game.spec.id, 4, ["human", "easy", "easy", "easy"],
                      seed=seed)
            controller = window.start_game(setup)
            if controller is None or not controller.is_human_turn():
                raise RuntimeError("the match did not open on the human's turn")
            info["pieces"] = len(window.table.scene().items())
        window.repaint()
        _settle(settle_ms)
        window.repaint()
        QApplication.processEvents()
        if kind == "game":
            thinker = window.thinker
            if window.controller is None or not window.controller.is_human_turn() \
                    or thinker.busy():
                raise RuntimeError("an AI seat was thinking while memory was read")
            if not window.table.isVisible():
                raise RuntimeError("the table is not on screen")
        info.update(proc_status())
        window.close()
    return info


def _child_main(argv: list[str]) -> int:
    kind, seed, settle_ms = argv[0], int(argv[1]), int(argv[2])
    print(json.dumps(child(kind, seed, settle_ms)), flush=True)
    os._exit(0)  # skip tearing Qt down: the figures are out


# -- the parent ----------------------------------------------------------------------------
def sample(kind: str, seed: int, settle_ms: int) -> dict[str, Any]:
    """Run one child and return its figures."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installation keeps its bytecode
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", kind, str(seed),
           str(settle_ms)]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    if out.returncode != 0:
        raise RuntimeError(f"{kind} child failed ({out.returncode}):\n{out.stderr}")
    data: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def measure(runs: int = 5, settle_ms: int = 300) -> dict[str, Any]:
    """Every kind ``runs`` times (interleaved, after a warm-up each); medians in MiB."""
    seed = human_start_seed()
    for kind in KINDS:  # warm the file cache
        sample(kind, seed, settle_ms)
    samples: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
    for r in range(runs):
        order = KINDS[r % len(KINDS):] + KINDS[:r % len(KINDS)]
        for kind in order:
            samples[kind].append(sample(kind, seed, settle_ms))
    result: dict[str, Any] = {"runs": runs, "settle_ms": settle_ms, "seed": seed,
                              "python": sys.version.split()[0], "kinds": {}}
    for kind in KINDS:
        rss = statistics.median(s["VmRSS"] for s in samples[kind]) / KIB
        hwm = statistics.median(s["VmHWM"] for s in samples[kind]) / KIB
        row: dict[str, Any] = {"label": LABELS[kind], "rss_mib": rss, "hwm_mib": hwm,
                               "rss_runs_mib": [s["VmRSS"] / KIB for s in samples[kind]]}
        if "pieces" in samples[kind][0]:
            row["table_items"] = samples[kind][0]["pieces"]
        result["kinds"][kind] = row
    bare = result["kinds"]["bare"]
    for row in result["kinds"].values():
        row["rss_ratio"] = row["rss_mib"] / bare["rss_mib"]
        row["hwm_ratio"] = row["hwm_mib"] / bare["hwm_mib"]
    return result


def markdown(result: dict[str, Any]) -> str:
    lines = [
        f"Resident memory, median of {result['runs']} fresh processes (offscreen, "
        f"{result['settle_ms']} ms after the first paint)",
        "",
        "| process | VmRSS MiB | / bare | VmHWM MiB | / bare |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in result["kinds"].values():
        lines.append(f"| {row['label']} | {row['rss_mib']:.1f} | {row['rss_ratio']:.2f}x | "
                     f"{row['hwm_mib']:.1f} | {row['hwm_ratio']:.2f}x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return _child_main(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="measured processes per kind (5)")
    ap.add_argument("--settle-ms", type=int, default=300,
                    help="event-loop time between the first paint and the reading (300)")
    ap.add_argument("--json", metavar="PATH", help="also write the figures to PATH")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.settle_ms < 0:
        ap.error("need --runs >= 1 and --settle-ms >= 0")
    if not os.path.exists("/proc/self/status"):
        ap.error("this benchmark reads /proc/self/status (Linux only)")
    result = measure(args.runs, args.settle_ms)
    print(markdown(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
