"""A tiny app driver for the crash test, run in its own process.

``crash_driver.py play GAME MOVES``: open the window, start a seeded match, play ``MOVES`` seeded
human decisions (the AI answers in between), print ``READY <hash>`` and keep the app running
until it is killed. ``crash_driver.py resume``: open the window, take the resume offer and print
``RESUMED <hash> <moves> <awaiting privacy seat or -> <viewing seat or ->``.

The data directory comes from ``TABLETOP_DATA_DIR``, as for the real app.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: tests.*

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tabletop.api import GamePlugin
from tabletop.app.newgame import GameSetup
from tabletop.app.window import MainWindow
from tabletop.games.magos.plugin import PLUGIN as MAGOS
from tests.toygame import TOY_WORDS, ToyGame, ToyView

PLUGINS = {"toy": GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS), "magos": MAGOS}
SETUPS = {
    "toy": GameSetup("toy", 2, ["human", "easy"], {"stones": 9}, seed=21, fixed_seed=True),
    "magos": GameSetup("magos", 2, ["human", "human"], {}, seed=7, fixed_seed=True),
}


def window(app: QApplication) -> MainWindow:
    settings = QSettings(os.path.join(os.environ["TABLETOP_DATA_DIR"], "driver.ini"),
                         QSettings.Format.IniFormat)
    w = MainWindow(PLUGINS, [], settings=settings, ai_delay_ms=0, animate=False)
    w.show()
    app.processEvents()
    return w


def play(app: QApplication, game: str, moves: int) -> None:
    w = window(app)
    c = w.start_game(SETUPS[game])
    assert c is not None
    rng = random.Random(5)
    for _ in range(moves):
        while not c.session.is_terminal():
            if c.awaiting_privacy is not None:
                w.privacy_page.button.click()
            if c.is_human_turn():
                break
            app.processEvents()
            time.sleep(0.005)  # the AI thinks on another thread
        legal = c.session.legal_actions()
        assert c.submit_human(legal[rng.randrange(len(legal))])
    while not c.is_human_turn() and c.awaiting_privacy is None:
        app.processEvents()
        time.sleep(0.005)
    print(f"READY {c.session.state_hash()}", flush=True)
    app.exec()  # until killed


def resume(app: QApplication) -> int:
    w = window(app)
    if w.files.pending is None:
        print("NOTHING TO RESUME", flush=True)
        return 1
    c = w.files.resume_pending()
    assert c is not None
    awaiting = "-" if c.awaiting_privacy is None else str(c.awaiting_privacy)
    viewing = "-" if c.viewing_seat is None else str(c.viewing_seat)
    print(f"RESUMED {c.session.state_hash()} {len(c.moves())} {awaiting} {viewing}", flush=True)
    w.ask_before_leaving = False
    w.close()
    w.thinker.wait_done(5000)
    return 0


def main() -> int:
    app = QApplication([sys.argv[0]])
    if sys.argv[1] == "play":
        play(app, sys.argv[2], int(sys.argv[3]))
        return 0
    return resume(app)


if __name__ == "__main__":
    sys.exit(main())
