"""Entry point of the desktop app: command-line options, Qt application set-up, main window.

``--lang`` picks the language (otherwise the last choice, otherwise the system locale),
``--game`` opens a game's new-game dialog straight away, and ``--data-dir`` keeps autosaves and
recent games in another folder (the same as setting ``TABLETOP_DATA_DIR``). Bad options print a
clear message and exit with status 2, before any window appears; so does a start on Linux with
no display to open the window on (Qt itself would abort the process with a core dump).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, NoReturn

from tabletop import __version__

from .display import NO_DISPLAY, no_display
from .i18n import LANGUAGES

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

ORGANISATION = "Tabletop"
APPLICATION = "Tabletop"


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tabletop",
                     description="Play small Japanese board and card games on a virtual table.")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="language of the window: ja or en (default: last used, else the "
                             "system language)")
    parser.add_argument("--game", metavar="ID",
                        help="open the new-game dialog of this game (an id that tabletop-cli list "
                             "shows)")
    parser.add_argument("--self-test", action="store_true",
                        help="check that every game loads, plays and renders, then exit "
                             "(status 0 when all is well)")
    # Start-up benchmark: quit at the first paint, printing its time (benchmarks/startup.py).
    parser.add_argument("--first-paint-probe", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", metavar="DIR",
                        help="folder for the autosave and recent games (default: the user data "
                             "folder, or $TABLETOP_DATA_DIR)")
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    return parser


def _install_first_paint_probe(window: QWidget) -> None:
    """Print the wall clock at the window's first paint, then quit (the start-up benchmark).
    Kept here, with nothing to import, so that the probe adds as little as it can to what it
    measures."""
    import time

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class _Probe(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                obj.removeEventFilter(self)
                if sys.stdout is not None:  # a windowed Windows executable has no console
                    print(repr(time.time()), flush=True)
                QTimer.singleShot(0, QApplication.quit)
            return False

    window.installEventFilter(_Probe(window))


def system_language() -> str:
    from PySide6.QtCore import QLocale

    return "ja" if QLocale.system().language() == QLocale.Language.Japanese else "en"


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the process exit status."""
    parser = build_parser()
    args_list = sys.argv[1:] if argv is None else argv
    try:
        args = parser.parse_args(args_list)
    except _ArgumentError as exc:
        parser.print_usage(sys.stderr)
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0)
    if args.self_test:
        from tabletop.selftest import run

        return run()

    if args.data_dir:
        from .saves import ENV_DATA_DIR

        os.environ[ENV_DATA_DIR] = os.path.abspath(args.data_dir)

    from tabletop.engine.datafile import keep_parsed
    from tabletop.userdata import data_dir

    keep_parsed(data_dir() / "cache" / "parsed-data.json")
    from tabletop.registry import load_plugins

    # The games are listed from their game.toml files; the window imports their code after
    # its first paint, and reports then a game whose code fails.
    plugins, failures = load_plugins(defer=True)
    if args.game is not None and args.game not in plugins:
        known = ", ".join(sorted(plugins)) or "none"
        print(f"tabletop: error: unknown game '{args.game}' (known games: {known})",
              file=sys.stderr)
        return 2
    if no_display(os.environ):
        print(NO_DISPLAY, file=sys.stderr)
        return 2

    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from .window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "tabletop"])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    settings = QSettings(ORGANISATION, APPLICATION)
    saved = settings.value("language")
    lang = args.lang or (saved if saved in LANGUAGES else None) or system_language()

    window = MainWindow(plugins, failures, lang=lang, settings=settings)
    window.ask_before_leaving = True
    window.show()
    if args.first_paint_probe:
        _install_first_paint_probe(window)
    if args.game is not None:
        QTimer.singleShot(0, lambda: window.open_new_game(args.game))
    return int(app.exec())
