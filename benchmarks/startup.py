"""Start-up time: process start to the first painted main window, against a bare PySide6 window.

Each sample starts a fresh interpreter. The child records the wall clock at its first paint
event and prints it; the parent subtracts its own clock reading taken just before spawning.
All kinds run interleaved so that machine noise hits them alike; the ratio is what to compare.

    python benchmarks/startup.py [--runs 7] [--json] [--frozen dist/tabletop/tabletop]

The app is started as a player starts it from source, ``python -m tabletop``: its real
``main()`` (arguments, settings, the plugins, the window), with the hidden
``--first-paint-probe`` option, which prints the time of the first paint and quits.
``--frozen PATH`` adds the PyInstaller bundle, started the same way.
The file cache is warm (one unmeasured run of each kind first), so these are warm starts.
The app runs with an empty data folder (``TABLETOP_DATA_DIR``): the start of a player with no
unfinished game, whatever saves the measuring machine holds.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BARE = r"""
import sys, time
from PySide6.QtCore import QObject, QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.resize(1280, 800)
class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint:
            print(time.time(), flush=True); QTimer.singleShot(0, app.quit)
        return False
f = F(); w.installEventFilter(f); w.show(); app.exec()
"""

APP = [sys.executable, "-m", "tabletop", "--first-paint-probe", "--lang", "en"]


PROBE = APP[3:]


@functools.cache
def _empty_data_dir() -> str:
    """One empty folder for the run, removed at exit."""
    path = tempfile.mkdtemp(prefix="tabletop-bench-")
    atexit.register(shutil.rmtree, path, True)
    return path


def sample(code_or_cmd: str | list[str]) -> float:
    """Seconds from spawning to the first paint, for Python code or a command line."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    # A player's installation keeps compiled bytecode; without it every start would compile
    # the whole app from source and the figure would measure the compiler.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["TABLETOP_DATA_DIR"] = _empty_data_dir()
    cmd = [sys.executable, "-c", code_or_cmd] if isinstance(code_or_cmd, str) else code_or_cmd
    t0 = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1]) - t0


def measure(runs: int = 7, frozen: str | None = None) -> dict[str, float | int]:
    """Median seconds to first paint per kind, and each kind's ratio to the bare window."""
    kinds: dict[str, str | list[str]] = {"bare": BARE, "app": APP}
    if frozen:
        kinds["frozen"] = [os.path.abspath(frozen), *PROBE]
    for code in kinds.values():  # warm the file cache for every kind
        sample(code)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(runs):
        for kind, code in kinds.items():
            times[kind].append(sample(code))
    bare = statistics.median(times["bare"])
    result: dict[str, float | int] = {"runs": runs}
    for kind in kinds:
        result[f"{kind}_median_s"] = statistics.median(times[kind])
        if kind != "bare":
            result[f"{kind}_ratio" if kind != "app" else "ratio"] = (
                statistics.median(times[kind]) / bare)
    return result


LABELS = {"bare": "bare PySide6 window", "app": "python -m tabletop", "frozen": "frozen bundle"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--frozen", metavar="PATH",
                    help="also time this frozen executable (e.g. dist/tabletop/tabletop)")
    args = ap.parse_args()
    if args.frozen and not os.access(os.path.abspath(args.frozen), os.X_OK):
        ap.error(f"not an executable: {args.frozen}")
    result = measure(args.runs, args.frozen)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        bare = float(result["bare_median_s"])
        for kind, label in LABELS.items():
            if f"{kind}_median_s" not in result:
                continue
            median = float(result[f"{kind}_median_s"])
            ratio = "" if kind == "bare" else f"  {median / bare:5.2f}x bare"
            print(f"{label:<20}: {median * 1000:7.0f} ms (median){ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
