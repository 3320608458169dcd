"""Start-up time: process start to the first painted main window, against a bare PySide6 window.

Each sample starts a fresh interpreter. The child records the wall clock at its first paint
event and prints it; the parent subtracts its own clock reading taken just before spawning.
Both kinds run interleaved so that machine noise hits them alike; the ratio is what to compare.

    python benchmarks/startup.py [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
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

APP = r"""
import sys, time
from PySide6.QtCore import QObject, QEvent, QTimer
from PySide6.QtWidgets import QApplication
from tabletop.registry import load_plugins
from tabletop.app.window import MainWindow
app = QApplication(sys.argv)
plugins, failures = load_plugins()
w = MainWindow(plugins, failures, lang="en")
class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint:
            print(time.time(), flush=True); QTimer.singleShot(0, app.quit)
        return False
f = F(); w.installEventFilter(f); w.show(); app.exec()
"""


def sample(code: str) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1]) - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    sample(BARE)  # warm the file cache for both
    sample(APP)
    bare, app = [], []
    for _ in range(args.runs):
        bare.append(sample(BARE))
        app.append(sample(APP))
    result = {
        "bare_median_s": statistics.median(bare),
        "app_median_s": statistics.median(app),
        "ratio": statistics.median(app) / statistics.median(bare),
        "runs": args.runs,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"bare PySide6 window : {result['bare_median_s'] * 1000:7.0f} ms (median)")
        print(f"Tabletop chooser    : {result['app_median_s'] * 1000:7.0f} ms (median)")
        print(f"ratio               : {result['ratio']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
