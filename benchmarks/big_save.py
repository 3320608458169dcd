"""Saves at the size limit: how long they take to refuse or load, on the command line and as the
autosave the app finds at start-up, and how often the app reads them.

Two files of just under ``savefile.MAX_BYTES`` (20 MiB) are made from a real seeded match of
Mr. Sneaky:

* ``long log``: the match's log repeated until the file is full (about 870,000 entries), as a
  damaged or hostile file might be; no game of the shelf runs that long, so it must be refused;
* ``big ui``: the real match, with its ``ui`` field padded with numbers up to the limit; it is a
  sound save and must load.

For each it times ``tabletop-cli replay FILE`` (in a fresh interpreter, so its imports count)
and the main window's start with the file as its autosave (claiming the slot, reading the file,
offering or refusing it), and counts how many times the window parsed the file.

    python benchmarks/big_save.py [--runs 3] [--json] [--smoke]

``--smoke`` makes the two files of ``SMOKE_BYTES`` instead, and times each once: the long log
still holds more entries than a Mr. Sneaky game can run, so both files take the same paths as
at the limit, in seconds instead of a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.engine import Session
from tabletop.engine import savefile as sf
from tabletop.registry import load_plugins

GAME = "mr-sneaky"
LIMIT = sf.MAX_BYTES - 50 * 1024  # just under the limit
SMOKE_BYTES = 512 * 1024


def _match() -> sf.SaveData:
    plugins, _ = load_plugins(include_entry_points=False)
    session = Session(plugins[GAME].game, 2, {}, seed=1, human_seats=[0, 1])
    rng = random.Random(1)
    for _ in range(60):
        session.submit(session.current_player(), rng.choice(session.legal_actions()))
    return sf.from_session(session, ["human", "human"])


def _fill(data: sf.SaveData, grow: Any, limit: int = LIMIT) -> str:
    """``data`` grown by ``grow(data, n)`` with the largest ``n`` that stays under ``limit``
    bytes."""
    lo, hi = 0, 1
    while len(sf.dump(grow(data, hi))) < limit:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if len(sf.dump(grow(data, mid))) < limit:
            lo = mid
        else:
            hi = mid
    return sf.dump(grow(data, lo))


def long_log(data: sf.SaveData, n: int) -> sf.SaveData:
    log = list(data.log)
    return sf.SaveData(**{**data.__dict__, "log": (log * (n // len(log) + 1))[:n]})


def big_ui(data: sf.SaveData, n: int) -> sf.SaveData:
    return sf.SaveData(**{**data.__dict__, "ui": {**data.ui, "padding": list(range(n))}})


def cli_seconds(path: Path) -> tuple[float, int, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tabletop.cli", "replay", str(path)],
                          capture_output=True, text=True, check=False)
    said = (done.stdout + done.stderr).strip().splitlines()
    return time.perf_counter() - start, done.returncode, said[0] if said else ""


WINDOW = r"""
import json, os, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tabletop.engine import savefile
from tabletop.registry import load_plugins
plugins, failures = load_plugins(include_entry_points=False)
from tabletop.app.window import MainWindow
reads = []
parse = savefile.parse
savefile.parse = lambda *a, **k: reads.append(1) or parse(*a, **k)
start = time.perf_counter()
window = MainWindow(plugins, failures)
seconds = time.perf_counter() - start
offered = window.files.pending is not None
print(json.dumps({"seconds": seconds, "reads": len(reads), "offered": offered}))
"""


def window_start(path: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as root:
        auto = Path(root) / "autosave"
        auto.mkdir()
        (auto / "current.json").write_bytes(path.read_bytes())
        env = {**os.environ, "TABLETOP_DATA_DIR": root}
        done = subprocess.run([sys.executable, "-c", WINDOW], capture_output=True, text=True,
                              env=env, check=True)
        return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--json", action="store_true")
    p.add_argument("--smoke", action="store_true",
                   help=f"files of {SMOKE_BYTES // 1024} KiB, one run each: checks that it runs")
    args = p.parse_args(argv)
    limit, runs = (SMOKE_BYTES, 1) if args.smoke else (LIMIT, args.runs)
    data = _match()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        for name, grow in (("long log", long_log), ("big ui", big_ui)):
            path = Path(folder) / f"{name.replace(' ', '-')}.json"
            path.write_text(_fill(data, grow, limit), encoding="utf-8")
            cli = [cli_seconds(path) for _ in range(runs)]
            starts = [window_start(path) for _ in range(runs)]
            rows.append({
                "file": name, "mib": round(path.stat().st_size / 2**20, 2),
                "entries": len(sf.parse(path.read_bytes()).log),
                "cli_s": round(statistics.median(c[0] for c in cli), 2),
                "cli_exit": cli[0][1], "cli_says": cli[0][2][:160],
                "window_s": round(statistics.median(s["seconds"] for s in starts), 2),
                "window_reads": max(s["reads"] for s in starts),
                "offered": starts[0]["offered"]})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['file']}: {r['mib']} MiB, {r['entries']:,} log entries; "
                  f"tabletop-cli replay {r['cli_s']} s (exit {r['cli_exit']}: {r['cli_says']}); "
                  f"window start {r['window_s']} s, read {r['window_reads']} time(s), "
                  f"offered: {r['offered']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
