"""Start the app offscreen, play some random legal moves of any game, and save the window as a
PNG, to judge a game's table by eye.

    python scripts/game_screenshot.py buried-treasure out.png --seats human,hard,hard \
        [--moves 6] [--lang ja|en] [--seed 3] [--option key=value ...] [--hint [--think S]]
        [--summary summary.png] [--until moment|handover [--after next.png]] [--screen]

Moves are played for the human seats only (random legal ones, seeded); the AI seats answer as
in the app. A privacy page between human seats is clicked through.

``--until moment`` plays on until a result pauses over the table (a round's end, an attack,
the end of the game) and pictures it. ``--until handover`` plays until the screen passes to
another person: before each move the real pointer rests on the piece the move is about, as a
person's hand does, and the picture is the privacy page; ``--after`` adds the next person's
table once they have passed it, the pointer left where it was. ``--screen`` saves the whole
screen, the window manager's frame included (run on an X server: ``QT_QPA_PLATFORM=xcb``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# A folder of its own for autosaves: a screenshot neither shows nor touches the games of
# the person running it.
os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-shots-"))

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QCursor, QGuiApplication
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
    ap.add_argument("--until", choices=("moves", "moment", "handover"), default="moves",
                    help="play --moves moves (the default), or until a result pauses over the "
                         "table, or until the screen passes to another person")
    ap.add_argument("--after", type=Path, metavar="PNG",
                    help="with --until handover: also save the next person's table")
    ap.add_argument("--screen", action="store_true",
                    help="save the whole screen, not the window alone")
    args = ap.parse_args(argv)
    if args.after is not None and args.until != "handover":
        ap.error("--after goes with --until handover")
    if args.until != "moves" and args.moves == 4:
        args.moves = 2000  # the moment decides when to stop, not a count
    seats = args.seats.split(",")
    options = dict(o.split("=", 1) for o in args.option)
    w, h = (int(v) for v in args.size.split("x"))

    _app = QApplication.instance() or QApplication(sys.argv[:1])  # lives until exit
    out = Path(args.out)
    settings = QSettings(str(out.with_suffix(".ini")), QSettings.Format.IniFormat)
    window = MainWindow(lang=args.lang, settings=settings, ai_delay_ms=0, animate=False)
    if args.screen:
        window.showMaximized()  # as the first window opens on a small screen, frame and all
    else:
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

    def picture() -> Any:
        if args.screen:
            return QGuiApplication.primaryScreen().grabWindow(0)
        return window.grab()

    def moment_shown() -> bool:
        panel = window.moment_panel
        return panel is not None and panel.isVisible()

    while played < args.moves and not c.over and time.monotonic() < deadline:
        pump(0.05)
        if moment_shown():
            if args.until == "moment":
                break
            window.moment_panel.button.click()  # a result on the way: go on, as a person does
            continue
        if c.awaiting_privacy is not None:
            if args.until == "handover" and played:
                break
            window.privacy_page.button.click()
            continue
        if not c.is_human_turn():
            continue
        legal = c.session.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if args.until == "handover":
            rest_pointer(window, action)
        c.submit_human(action)
        played += 1
    if args.until == "handover":
        pump(0.6)
        if c.awaiting_privacy is None:
            print("no hand-over came", file=sys.stderr)
            return 1
        picture().save(str(out))
        print(f"saved the privacy page to {out} after {played} moves")
        if args.after is not None:
            window.privacy_page.button.click()
            pump(1.0)
            print("hover line:", repr(hover_text(window)))
            picture().save(str(args.after))
            print(f"saved the next person's table to {args.after}")
        window.close()
        window.thinker.wait_done(5000)
        return 0
    if args.until == "moment" and not moment_shown():
        print("no result paused over the table", file=sys.stderr)
        return 1
    end = time.monotonic() + 60
    while time.monotonic() < end and not (c.over or c.is_human_turn()):
        pump(0.05)
        if c.awaiting_privacy is not None:
            window.privacy_page.button.click()
        if moment_shown() and args.until != "moment":
            window.moment_panel.button.click()
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
    picture().save(str(out))
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


def rest_pointer(window: Any, action: str) -> None:
    """Rest the real pointer on the piece ``action`` is made with (or at), as a person's hand
    lies on the card they are about to play, and let the table answer the hover."""
    from tabletop.table.pointer import visible_point

    table = window.table
    for g in table.gestures():
        if g.action != action:
            continue
        piece = g.source or g.target
        if piece is None:
            continue
        try:
            QCursor.setPos(table.viewport().mapToGlobal(visible_point(table, piece)))
        except KeyError:
            continue
        pump(0.4)
        return


def hover_text(window: Any) -> str:
    """The text of the line that describes what the pointer rests on."""
    return str(window.table_page.hover.text())


if __name__ == "__main__":
    raise SystemExit(main())
