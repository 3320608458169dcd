"""Start the app offscreen, play some random legal moves of any game, and save the window as a
PNG, to judge a game's table by eye.

    python scripts/game_screenshot.py buried-treasure out.png --seats human,hard,hard \
        [--moves 6] [--lang ja|en] [--seed 3] [--option key=value ...] [--hint [--think S]]
        [--summary summary.png]

Moves are played for the human seats only (random legal ones, seeded); the AI seats answer as
in the app. A privacy page between human seats is clicked through.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# A folder of its own for autosaves: a screenshot neither shows nor touches the games of
# the person running it.
os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-shots-"))

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from tabletop.app.newgame import GameSetup
from tabletop.app.window import MainWindow


def pump(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QCoreApplication.processEvents()
        time.sleep(0.01)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("game")
    ap.add_argument("out")
    ap.add_argument("--seats", default="human,hard")
    ap.add_argument("--moves", type=int, default=4)
    ap.add_argument("--lang", choices=("ja", "en"), default="ja")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--names", default="", help="comma-separated names of the human seats")
    ap.add_argument("--hint", action="store_true",
                    help="ask for a hint before the picture (it glows on the table)")
    ap.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                    help="with --hint: wait this long on the person's turn first, as a person "
                    "thinking would (the app works ahead meanwhile)")
    ap.add_argument("--summary", type=Path, metavar="PNG",
                    help="when the game ends, also save its summary (the final breakdown and "
                         "the chart) here")
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    options = dict(o.split("=", 1) for o in args.option)
    w, h = (int(v) for v in args.size.split("x"))

    _app = QApplication.instance() or QApplication(sys.argv[:1])  # lives until exit
    out = Path(args.out)
    settings = QSettings(str(out.with_suffix(".ini")), QSettings.Format.IniFormat)
    window = MainWindow(lang=args.lang, settings=settings, ai_delay_ms=0, animate=False)
    window.resize(w, h)
    window.show()
    names = args.names.split(",") if args.names else []
    c = window.start_game(GameSetup(args.game, len(seats), seats, options, seed=args.seed,
                                    fixed_seed=True, names=names))
    if c is None:
        print(f"could not start {args.game}", file=sys.stderr)
        return 1
    rng = random.Random(args.seed)
    played = 0
    deadline = time.monotonic() + 300
    while played < args.moves and not c.over and time.monotonic() < deadline:
        pump(0.05)
        if c.awaiting_privacy is not None:
            window.privacy_page.button.click()
            continue
        if not c.is_human_turn():
            continue
        legal = c.session.legal_actions()
        c.submit_human(legal[rng.randrange(len(legal))])
        played += 1
    end = time.monotonic() + 60
    while time.monotonic() < end and not (c.over or c.is_human_turn()):
        pump(0.05)
        if c.awaiting_privacy is not None:
            window.privacy_page.button.click()
    if args.hint and c.is_human_turn():
        pump(args.think)
        shown: list[str] = []
        c.hint_shown.connect(shown.append)
        window.menus.act_hint.trigger()
        end = time.monotonic() + 60
        while time.monotonic() < end and not shown:
            pump(0.05)
    pump(0.4)
    print("status:", window.table_page.status.full_text())
    window.grab().save(str(out))
    print(f"saved {out} after {played} moves")
    if args.summary is not None:
        dialog = window.ending.summary_dialog
        if dialog is None:
            print("no summary: the game has not ended", file=sys.stderr)
        else:
            pump(0.4)
            dialog.grab().save(str(args.summary))
            print(f"saved the summary to {args.summary}")
    window.close()
    window.thinker.wait_done(5000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
