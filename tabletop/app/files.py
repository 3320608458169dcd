"""The window's files: the autosave slot, resuming or discarding an unfinished game at start-up,
damaged files, Save…, Open…, the replay viewer and the review of a finished game.

Games are never lost: the controller autosaves after every action (``autosave``) into a slot of
this app's own (``saves``), and at start-up an unfinished autosave is offered on the chooser
(Resume / Discard); a damaged one is reported and kept aside. Save…, Open… and Replay… work on
versioned JSON files (``tabletop.engine.savefile``); a bad file is reported and left alone, and
the game in progress goes on. A match resumed from a file keeps its viewing seat and seed
choice, the players' names, and a game page's tag (``front_pages``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6 import QtWidgets
from PySide6.QtCore import QTimer

from tabletop.engine.errors import SaveFileError
from tabletop.engine.files import local_time

from .i18n import plain, spec_name, tr
from .saves import DamagedAutosave, Pending, SaveStore
from .status import INFO, WARNING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from tabletop.api import GamePlugin
    from tabletop.engine import Session
    from tabletop.engine.savefile import SaveData

    from .controller import GameController
    from .front_pages import FrontPages
    from .newgame import GameSetup
    from .pages import TablePage

SAVE_FILTER = "Tabletop saves (*.json);;All files (*)"


class _Window(Protocol):
    """What the files use of the main window."""

    lang: str
    plugins: dict[str, GamePlugin]
    controller: GameController | None
    chooser_error: str
    front_pages: FrontPages

    @property
    def table_page(self) -> TablePage: ...
    @property
    def lessons(self) -> Any: ...
    def show_message(self, title: str, text: str) -> Any: ...
    def confirm_leave(self) -> bool: ...
    def populate_chooser(self) -> None: ...
    def start_game(self, setup: GameSetup, *, session: Session | None = None,
                   resume_ui: dict[str, Any] | None = None,
                   created: str | None = None) -> GameController | None: ...


class Files:
    """The autosave slot and the files of ``window``; ``parent`` (the window as a widget)
    owns the dialogs."""

    def __init__(self, window: _Window, parent: QWidget, saves: SaveStore) -> None:
        self._window = window
        self._parent = parent
        self.saves = saves
        self.pending: Pending | None = None  # the unfinished game offered at start-up
        self.replay_window: Any = None
        self.review_window: Any = None
        # The replay window opened on the running match while it was not over: it shows the
        # view of the person at the screen then, so it goes when that person does.
        self._running_replay: Any = None

    @property
    def lang(self) -> str:
        return self._window.lang

    def _file_error(self, exc: SaveFileError) -> None:
        self._window.show_message(
            tr("file.error_title", self.lang),
            tr(f"file.{exc.kind}", self.lang, file=exc.path) + "\n\n" + str(exc))

    def claim_slot(self) -> None:
        """Take an autosave slot of this window's own (another running app keeps its own);
        games left alone because they are not installed are named in the chooser."""
        try:
            self.saves.claim_slot(self._window.plugins)
        except OSError as exc:  # an unreadable data folder: the autosave will say so too
            self._window.chooser_error = str(exc)
            return
        if self.saves.skipped:
            self._window.chooser_error = str(self.saves.skipped[0])

    def check_autosave(self) -> Pending | None:
        """Look for an unfinished autosave; offer it, or report and keep aside a damaged one."""
        try:
            self.pending = self.saves.pending(self._window.plugins)
        except DamagedAutosave as exc:
            self.pending = None
            key = "resume.damaged" if exc.kept_as is not None else "resume.damaged_stuck"
            where = exc.kept_as if exc.kept_as is not None else exc.error.path
            self._window.show_message(
                tr("resume.damaged_title", self.lang),
                tr(key, self.lang, problem=exc.error.problem, file=str(where)))
        except SaveFileError as exc:  # its game is not installed: leave the file for later
            self.pending = None
            self._window.chooser_error = str(exc)
        except OSError as exc:
            self.pending = None
            self._window.chooser_error = str(exc)
        return self.pending

    def describe_pending(self) -> str:
        """The chooser's offer to resume the unfinished game ("" when there is none), saved
        at a time on the player's clock."""
        if self.pending is None:
            return ""
        data = self.pending.data
        plugin = self._window.plugins.get(data.game_id)
        name = spec_name(plugin.listing, self.lang) if plugin is not None else data.game_id
        when = local_time(data.updated)
        return tr("resume.offer", self.lang, game=name, moves=data.moves, when=when)

    def resume_pending(self) -> GameController | None:
        """Continue the offered autosave exactly where it stood. It goes on in its own slot:
        it is not filed with the recent games as a discarded game would be (the recent games
        keep a few, so such a copy would push out a finished game), and nothing need be
        written to resume it (a read-only data folder resumes; the autosave then says it
        cannot save). If the match cannot start, the offer stays."""
        pending = self.pending
        if pending is None:
            return None
        self.pending = None
        controller = self._start_saved(pending.session, pending.data)
        if controller is None and self._window.controller is None:
            self.pending = pending
        self._window.populate_chooser()  # the offer is used up, or stays
        return controller

    def discard_pending(self) -> None:
        """Drop the offered autosave (it is filed with the recent games, not destroyed).

        When the data folder cannot be written (read-only, full) the offer stays and the
        player is told why: nothing is deleted that could not first be filed."""
        pending = self.pending
        if pending is None:
            return
        try:
            self.saves.finish(pending.data)
        except OSError as exc:
            self._window.show_message(tr("resume.discard_failed_title", self.lang),
                                      tr("resume.discard_failed", self.lang, error=str(exc),
                                         file=str(pending.path)))
            return
        self.pending = None
        self._window.populate_chooser()

    def _start_saved(self, session: Session, data: SaveData) -> GameController | None:
        from .newgame import GameSetup

        fixed = bool(data.ui.get("fixed_seed", True))
        setup = GameSetup(data.game_id, data.players, list(data.seats), dict(session.options),
                          data.seed, fixed, GameSetup.saved_tag(data.ui),
                          names=GameSetup.saved_names(data.ui))
        if data.ui.get("lesson"):  # a lesson goes on as a lesson, its script and all
            lesson: GameController | None = self._window.lessons.resume(
                setup, session, data.ui, data.created)
            return lesson
        controller = self._window.start_game(setup, session=session, resume_ui=data.ui,
                                             created=data.created)
        if controller is not None:
            # A match a game's page started before a restart goes back to that page.
            self._window.front_pages.adopt(controller, setup.game_id)
        return controller

    def save_dialog(self) -> None:
        controller = self._window.controller
        if controller is None:
            return
        from tabletop.engine import savefile

        self.saves.saves_dir.mkdir(parents=True, exist_ok=True)
        # Named by the player's date: past midnight in Japan, UTC's is still yesterday's.
        name = f"{controller.setup.game_id}-{local_time(savefile.now_iso(), date_only=True)}.json"
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self._parent, plain(tr("act.save", self.lang)), str(self.saves.saves_dir / name),
            SAVE_FILTER)
        if path:
            self.save_file(path)

    def save_file(self, path: str | Path) -> bool:
        """Write the current match to ``path`` (atomically); a failure is reported."""
        controller = self._window.controller
        if controller is None:
            return False
        from tabletop.engine import savefile

        try:
            savefile.write_atomic(path, controller.save_data())
        except OSError as exc:
            self._window.show_message(
                tr("file.error_title", self.lang),
                tr("file.save_failed", self.lang, file=str(path), error=str(exc)))
            return False
        self._window.table_page.set_status(tr("file.saved", self.lang, file=str(path)), INFO)
        return True

    def _ask_file(self, title_key: str) -> str:
        start = self.saves.saves_dir if self.saves.saves_dir.is_dir() else self.saves.root
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self._parent, plain(tr(title_key, self.lang)), str(start), SAVE_FILTER)
        return path

    def open_dialog(self) -> None:
        path = self._ask_file("act.open")
        if path:
            self.load_file(path)

    def read_save(self, path: str | Path) -> tuple[Session, SaveData] | None:
        """Load and verify a file the player chose; a bad one is reported and left untouched."""
        from tabletop.engine import savefile

        try:
            return savefile.load(path, self._window.plugins)
        except SaveFileError as exc:
            self._file_error(exc)
            return None

    def load_file(self, path: str | Path) -> GameController | None:
        """Open a save and continue it; on any problem the current match is left running."""
        loaded = self.read_save(path)
        if loaded is None or not self._window.confirm_leave():
            return None
        return self._start_saved(*loaded)

    def replay_dialog(self) -> None:
        recent = self.saves.recent_dir
        start = recent if recent.is_dir() else self.saves.root
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self._parent, plain(tr("act.replay", self.lang)), str(start), SAVE_FILTER)
        if path:
            self.replay_file(path)

    def replay_file(self, path: str | Path) -> Any:
        """Open the replay viewer on a save file; it is never changed. A game not yet finished
        (the running match's own autosave, say) is shown only as a spectator sees it."""
        loaded = self.read_save(path)
        if loaded is None:
            return None
        session, data = loaded
        from .newgame import GameSetup

        return self._open_replay(session, data.seats, None, GameSetup.saved_names(data.ui))

    def replay_current(self) -> Any:
        """Open the replay viewer on the current match (a copy of its session, which the
        viewer cannot change: the match is not touched)."""
        c = self._window.controller
        if c is None:
            return None
        copy = c.session.copy()
        # Behind the privacy screen nobody has claimed the screen yet: the public view only.
        viewer = c.viewing_seat if c.awaiting_privacy is None else None
        window = self._open_replay(copy, list(c.setup.seats), viewer, c.setup.names)
        self._running_replay = window if not copy.is_terminal() else None
        return window

    def close_running_replay(self) -> None:
        """Close the replay of the running match opened before it was over (the person at the
        screen, or the match, changes): what it shows was that person's to see."""
        window, self._running_replay = self._running_replay, None
        if window is not None and window is self.replay_window:
            self._drop_replay()

    def _drop_replay(self) -> None:
        """Close the replay viewer and let it go: a closed one kept its copy of the match and
        its table until the main window closed, one more each time a replay was opened."""
        window, self.replay_window = self.replay_window, None
        if window is not None:
            window.close()
            window.deleteLater()

    def _open_replay(self, session: Session, seats: list[str], viewer: int | None,
                     names: Sequence[str] = ()) -> Any:
        """The replay viewer on ``session``, opened at ``viewer``'s seat. A finished game (or
        one without secrets) may be seen from every seat; a game still being played only as
        the spectator and ``viewer``, the person at the screen, see it."""
        from .replay import ReplayWindow

        plugin = self._window.plugins[session.game.spec.id]
        self._drop_replay()
        open_to_all = session.is_terminal() or not session.game.spec.has_hidden_information
        allowed = None if open_to_all else ([] if viewer is None else [viewer])
        window = ReplayWindow(plugin, session, seats, self.lang, viewer, self._parent,
                              seats_allowed=allowed, names=names)
        window.review_requested.connect(
            lambda seat: self.review(session, seats, seat, names))
        self.replay_window = window
        window.show()
        window.raise_()
        return window

    # -- review -----------------------------------------------------------------------------
    def review_current(self) -> Any:
        """The review of the finished match on screen, of the seat of the person at the screen
        (the first person's at a shared screen): ``review_window``."""
        c = self._window.controller
        if c is None or not c.session.is_terminal():
            return None
        humans = c.setup.human_seats
        seat = c.viewing_seat if c.viewing_seat is not None else (humans[0] if humans else 0)
        return self.review(c.session.copy(), list(c.setup.seats), seat, c.setup.names)

    def review_file(self, path: str | Path) -> Any:
        """The review of the finished game saved in ``path`` (one the Statistics window
        lists), of its first person's seat; a bad file is reported as Open… reports it."""
        loaded = self.read_save(path)
        if loaded is None:
            return None
        session, data = loaded
        from .newgame import GameSetup

        humans = data.human_seats
        return self.review(session, list(data.seats), humans[0] if humans else 0,
                           GameSetup.saved_names(data.ui))

    def review(self, session: Session, seats: list[str], seat: int | None,
               names: Sequence[str] = ()) -> Any:
        """Open the Review window on a finished game (a copy the window may keep), for
        ``seat``; a click in it opens Replay at that moment from that seat."""
        if not session.is_terminal():
            return None
        from tabletop.review import ReviewStore

        from .review_window import ReviewWindow

        self._drop_review()
        plugin = self._window.plugins[session.game.spec.id]
        window = ReviewWindow(plugin, session, self.lang, seat, self._parent, names=names,
                              store=ReviewStore(self.saves.root / "reviews"))
        window.replay_requested.connect(
            lambda ply, at: self._replay_at(session, seats, names, ply, at))
        self.review_window = window
        window.show()
        window.raise_()
        return window

    def _replay_at(self, session: Session, seats: list[str], names: Sequence[str], ply: int,
                   seat: int) -> Any:
        """Replay of the reviewed game at the position before the decision at ``ply``."""
        window = self.replay_window
        if window is None or window.session is not session:
            window = self._open_replay(session, seats, seat, names)
        window.show_decision(ply, seat)
        window.raise_()
        return window

    def _drop_review(self) -> None:
        window, self.review_window = self.review_window, None
        if window is not None:
            window.close()
            window.deleteLater()

    def autosave_failed(self, error: str) -> None:
        """Say on the status line that the autosave failed (the match goes on)."""
        # The turn's own status line is drawn right after the autosave; show this after it.
        text = tr("file.autosave_failed", self.lang, error=error)
        QTimer.singleShot(0, self._parent,
                          lambda: self._window.table_page.set_status(text, WARNING))

    def close(self) -> None:
        """The window closes: the replay goes with it, and the slot is let go of (the
        autosave stays, for the next start to offer)."""
        self._drop_replay()
        self._drop_review()
        self.saves.release_slot()
