"""Start the whole app offscreen at 1280x800 and save PNGs of its pages, to judge them by eye.

Saves, in the output folder: the chooser, the new-game dialog, a Magos table (human vs AI)
after a few moves (and one of its cards shown large), the hot-seat privacy screen, the rules
window and the end-of-game summary.

    python scripts/app_screenshot.py [out_dir] [--lang ja|en] [--moves N]
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
from PySide6.QtWidgets import QApplication, QWidget

from tabletop.app.newgame import GameSetup, NewGameDialog
from tabletop.app.window import MainWindow


def pump(seconds: float = 0.2) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QCoreApplication.processEvents()
        time.sleep(0.01)


def wait_for(condition: object, timeout: float = 120.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():  # type: ignore[operator]
            return True
        pump(0.05)
    return False


def save(widget: QWidget, path: Path) -> None:
    pump(0.3)
    widget.grab().save(str(path))
    print(f"saved {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default="/tmp/app_shots")
    parser.add_argument("--lang", choices=("ja", "en"), default="ja")
    parser.add_argument("--moves", type=int, default=3,
                        help="human moves to play (random legal ones) before the table shot")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    lang = args.lang

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(out / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(lang=lang, settings=settings, ai_delay_ms=0, animate=False)
    window.resize(1280, 800)
    window.show()
    save(window, out / f"chooser.{lang}.png")

    plugin = window.plugins["magos"]
    dialog = NewGameDialog(plugin.game.spec, lang, None, window)
    dialog.show()
    save(dialog, out / f"newgame.{lang}.png")
    dialog.close()

    c = window.start_game(GameSetup("magos", 2, ["human", "easy"], {}, seed=7))
    assert c is not None
    rng = random.Random(1)
    played = 0
    while played < args.moves:
        if not wait_for(lambda: c.is_human_turn() or c.over):
            break
        if c.over:
            break
        legal = c.session.legal_actions()
        casts = [a for a in legal if a != "end"]
        c.submit_human(rng.choice(casts or legal))
        played += 1
    wait_for(lambda: c.is_human_turn() or c.over)
    save(window, out / f"table.{lang}.png")
    # A card shown large, as resting the mouse on it shows it.
    from tabletop.table.lens import has_lens

    cards = [p for p in window.table.piece_ids() if has_lens(window.table.item_for(p))]
    if cards and window.table.show_lens(cards[-1]):
        save(window, out / f"lens.{lang}.png")
        window.table.close_lens()
    # In the middle of a cast: the table asks for the next die or for X.
    casts = [a for a in c.session.legal_actions() if a.startswith("cast:")]
    if casts:
        c.submit_human(casts[-1])
        save(window, out / f"casting.{lang}.png")
        c.undo()
    refused = c.submit_human("cast:doomsday:6")
    assert not refused
    save(window.table_page, out / f"table-warning.{lang}.png")
    # The AI's turn, held long enough to see the thinking indicator.
    c.ai_delay_ms = 60_000
    if c.is_human_turn():
        c.submit_human("end")
        save(window, out / f"thinking.{lang}.png")

    c2 = window.start_game(GameSetup("magos", 2, ["human", "human"], {"setup": "draft"}, seed=3))
    assert c2 is not None
    save(window, out / f"privacy.{lang}.png")
    window.privacy_page.button.click()
    save(window, out / f"draft.{lang}.png")

    window.menus.show_rules("magos")
    if window.menus.rules_window is not None:
        save(window.menus.rules_window, out / f"rules.{lang}.png")
        window.menus.rules_window.close()

    c3 = window.start_game(GameSetup("magos", 2, ["easy", "easy"], {}, seed=5))
    assert c3 is not None
    if wait_for(lambda: window.ending.summary_dialog is not None, 300):
        save(window, out / f"end-table.{lang}.png")
        save(window.ending.summary_dialog, out / f"summary.{lang}.png")
    window.close()
    window.thinker.wait_done(5000)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
