"""The main window: a stack of pages, and the match on screen from its start to its end.

The central area is a stack of pages: the chooser (``chooser``), which lists every game that
loaded and every one that did not; the table page, with the generic table, the game log, an
action bar and a large status line that always says what to do next; the privacy page, which
replaces the whole table page while the screen is handed from one player to another (both in
``pages``); and the front pages that games bring (``front_pages``).

The window owns one table widget and one AI thinker for its lifetime; each match gets a fresh
``GameController`` that drives them. The window starts and ends matches and shows the page each
moment needs; the rest is done by parts with one job each: the menus and which actions can be
used (``menus``), the files (``files``: autosave slot, resume, Save…, Open…, Replay…), the end
of a match (``ending``) and the games' front pages (``front_pages``). The chooser is all that
start-up builds: the table, the thinker, the controller and the other pages are made the first
time they are needed, so the window paints sooner. The first start opens maximised on a small
screen and on most of a larger one (``fit``); later starts open the window as it was left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

# The Qt namespace is reached through ``QtCore`` when a method runs, never imported here:
# building its enums costs ~45 ms, and the chooser paints without them. PySide6 builds each
# class on first access, so the message box is reached the same way. The table, the
# controller, the new-game dialog and the game pages load on first use likewise.
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget, QWidget

from tabletop.api import GamePlugin
from tabletop.engine.errors import GameError
from tabletop.engine.sounds import HANDOVER
from tabletop.registry import ListedPlugin, LoadFailure, load_listed, load_plugins

from .chooser import ChooserPage
from .ending import Ending
from .files import Files
from .fit import available, fills_screen, first_window_size, resize_to_fit
from .front_pages import FrontPages
from .i18n import LANGUAGES, sort_key, spec_name, tr
from .menus import Menus
from .qt_words import use_language
from .saves import SaveStore
from .sound import SoundBoard, game_sounds, match_sounds

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QCloseEvent, QPaintEvent
    from PySide6.QtWidgets import QMessageBox

    from tabletop.engine import Gesture, Session

    from .contracts import TableLike, ThinkerLike
    from .controller import GameController
    from .newgame import GameSetup
    from .pages import PrivacyPage, TablePage
    from .sound import Sink


def _default_table() -> Any:
    from tabletop.table import TableWidget

    return TableWidget()


def _default_thinker(parent: QWidget) -> Any:
    from tabletop.ai.worker import AIThinker

    return AIThinker(parent)


def _set_app_icon() -> None:
    from .icon import app_icon

    QApplication.setWindowIcon(app_icon())


class MainWindow(QMainWindow):
    """The application window. ``plugins``/``failures`` default to ``load_plugins()``.

    A game in ``plugins`` may be only listed (``tabletop.registry.ListedPlugin``): its code is
    imported when the game is opened, or in idle time after the first paint, and a game whose
    code fails is then taken off the chooser and listed with the failures."""

    def __init__(self, plugins: dict[str, GamePlugin] | None = None,
                 failures: list[LoadFailure] | None = None, lang: str = "en",
                 settings: QSettings | None = None,
                 table_factory: Callable[[], TableLike] | None = None,
                 thinker_factory: Callable[[QWidget], ThinkerLike] | None = None,
                 ai_delay_ms: int = 500, animate: bool = True,
                 parent: QWidget | None = None, saves: SaveStore | None = None,
                 clock_factory: Callable[[Any], Any] | None = None,
                 sound_sink: Sink | None = None) -> None:
        super().__init__(parent)
        if plugins is None:
            plugins, loaded_failures = load_plugins(defer=True)
            failures = loaded_failures if failures is None else failures
        self.plugins = plugins
        self.failures = list(failures or [])
        self.lang = lang if lang in LANGUAGES else "en"
        self.settings = settings
        # The table's sounds (Qt Multimedia is loaded with the first one; ``sound_sink``: a
        # test's recording sink). Quiet while another window is active, but for "your turn".
        self.sound = SoundBoard(settings, self.isActiveWindow, sound_sink)
        self.ai_delay_ms = ai_delay_ms
        self.animate = animate
        self.ask_before_leaving = False
        self.controller: GameController | None = None
        self._last_setups: dict[str, GameSetup] = {}
        self.chooser_error = ""  # the last problem worth a banner on the chooser
        self.message_box: QMessageBox | None = None

        self._painted = False  # the icon is set after the first paint (``paintEvent``)
        self._table_factory = table_factory or _default_table
        self._thinker_factory = thinker_factory or _default_thinker
        self._clock_factory = clock_factory  # None: each match's controller keeps real time
        self._table: TableLike | None = None
        self._thinker: ThinkerLike | None = None
        self._table_page: TablePage | None = None
        self.moment_panel: Any = None
        self._privacy_page: PrivacyPage | None = None
        self._remote: Any = None  # remote play, set up when first asked for (``remote``)

        self.stack = QStackedWidget()
        self.chooser = ChooserPage()
        self.chooser.play_requested.connect(
            lambda gid: self.game_ready(gid) and (self.front_pages.open(gid)
                                                  or self.open_new_game(gid)))
        self.chooser.rules_requested.connect(
            lambda gid: self.game_ready(gid) and self.menus.show_rules(gid))
        self.chooser.lesson_requested.connect(self.learn)
        self._lessons: Any = None  # the lessons' part, built when one is first opened
        self.stack.addWidget(self.chooser)
        self.setCentralWidget(self.stack)

        self.files = Files(self, self, saves if saves is not None else SaveStore())
        self.saves = self.files.saves
        self.ending = Ending(self, self)
        self.front_pages = FrontPages(self)
        self.menus = Menus(self, self, lambda: (self._table_page.game_buttons
                                                if self._table_page is not None else []))
        # The first start fills a small screen and most of a larger one: the table is what
        # the player came for. Later starts open the window as it was left, its size and
        # whether it was maximised (``closeEvent`` keeps both).
        free = available(self)
        resize_to_fit(self, *first_window_size(free))
        # Maximised when first shown, unless a size is set before then: a remembered one, or
        # its caller's own (a test's, a screenshot's).
        self._maximise_at: QtCore.QSize | None = self.size() if fills_screen(free) else None
        if settings is not None:
            geometry = settings.value("window/geometry")
            if isinstance(geometry, QtCore.QByteArray) and self.restoreGeometry(geometry):
                self._maximise_at = None
        self.chooser.resume_requested.connect(self.files.resume_pending)
        self.chooser.discard_requested.connect(self.files.discard_pending)
        self.files.claim_slot()
        self.files.check_autosave()
        self.retranslate()
        self.show_chooser()

    # -- parts built on first use (the chooser paints without them) -------------------------
    @property
    def table(self) -> TableLike:
        """The table widget, shared by every match of this window."""
        if self._table is None:
            self._table = self._table_factory()
            self._table.set_hover_lens(self.hover_lens())
            self._table.gestured.connect(self.sound.play)
        return self._table

    def hover_lens(self) -> bool:
        """Whether the mouse resting on a card shows it large (View menu; remembered)."""
        if self.settings is None:
            return True
        return str(self.settings.value("table/hover_lens", "true")).lower() != "false"

    def set_hover_lens(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.setValue("table/hover_lens", "true" if on else "false")
        if self._table is not None:
            self._table.set_hover_lens(on)

    @property
    def thinker(self) -> ThinkerLike:
        """The AI thinker, shared by every match of this window."""
        if self._thinker is None:
            self._thinker = self._thinker_factory(self)
        return self._thinker

    @property
    def table_page(self) -> TablePage:
        """The table with the log, the status line and the action bar."""
        if self._table_page is None:
            from .moment import MomentPanel
            from .pages import TablePage

            page = TablePage(self.table)
            page.hint_button.clicked.connect(self.hint)
            page.undo_button.clicked.connect(self.undo)
            page.redo_button.clicked.connect(self.redo)
            page.retranslate(self.lang)
            self.stack.addWidget(page)
            self._table_page = page
            # The moment of a result lies over the table; a double-click on its log line
            # opens a past one again.
            self.moment_panel = MomentPanel(page, self.table)
            self.moment_panel.continued.connect(self._moment_continued)
            page.log.viewport().installEventFilter(self)
            self.update_actions()
        return self._table_page

    @property
    def privacy_page(self) -> PrivacyPage:
        """The barrier shown while the screen passes between two people."""
        if self._privacy_page is None:
            from .pages import PrivacyPage

            page = PrivacyPage()
            page.ready.connect(self._privacy_passed)
            self.stack.addWidget(page)
            self._privacy_page = page
        return self._privacy_page

    # -- language and actions -------------------------------------------------------------
    def retranslate(self) -> None:
        """Every visible string again, in ``self.lang``."""
        use_language(self.lang)
        self.menus.retranslate(self.lang)
        if self._table_page is not None:
            self._table_page.retranslate(self.lang)
        self.populate_chooser()
        self.update_actions()
        self.front_pages.retranslate()

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        if self.settings is not None:
            self.settings.setValue("language", lang)
        self.retranslate()
        if self.controller is not None:
            self.controller.set_language(lang)
        elif self._table is not None:  # a table built later starts in the language of its match
            self._table.set_language(lang)

    def update_actions(self) -> None:
        """The title and the actions follow the match and the page on show."""
        c = self.controller
        if c is not None:
            name = spec_name(c.game.spec, self.lang)
            self.setWindowTitle(tr("app.title_game", self.lang, game=name))
        else:
            self.setWindowTitle(tr("app.title", self.lang))
        page = self._table_page
        owner = self.front_pages.owner_of(c)
        self.menus.update(c, page, page is not None and self.stack.currentWidget() is page,
                          self.front_pages.page_title(owner) if owner is not None else "")

    @property
    def remote(self) -> Any:
        """Tables on other computers (``remote.RemotePlay``): Join a table…, Host a table…;
        imported when first used, not at start-up."""
        if self._remote is None:
            from .remote import RemotePlay

            self._remote = RemotePlay(self, self)
        return self._remote

    @property
    def lessons(self) -> Any:
        """The games' lessons (``lessons.Lessons``): Learn to play; imported when first used,
        not at start-up."""
        if self._lessons is None:
            from .lessons import Lessons

            self._lessons = Lessons(self)
        return self._lessons

    def learn(self, game_id: str) -> Any:
        """Start ``game_id``'s lesson (Learn to play); its controller, or ``None``."""
        if not self.game_ready(game_id) or not self.confirm_leave():
            return None
        return self.lessons.open(game_id)

    # -- pages ----------------------------------------------------------------------------
    def show_chooser(self) -> None:
        self.stack.setCurrentWidget(self.chooser)
        self.update_actions()

    # -- games listed before their code is imported ------------------------------------------
    def game_ready(self, game_id: str) -> bool:
        """Whether the game can be played: its code imported now if it was only listed. A game
        whose code fails leaves the chooser for its list of failures."""
        self._load_games([game_id])
        return game_id in self.plugins

    def _load_games(self, game_ids: list[str] | None = None) -> None:
        """Import the code of the listed games (of ``game_ids``, default all) now."""
        failures = load_listed(self.plugins, game_ids)
        if failures:
            self.failures += failures
            self.populate_chooser()

    def _load_next_game(self) -> None:
        """Import one listed game's code, then let the event loop run before the next: the
        window answers meanwhile, and a broken game is reported soon after the first paint."""
        waiting = [gid for gid, p in self.plugins.items() if isinstance(p, ListedPlugin)]
        if waiting:
            self._load_games(waiting[:1])
            QTimer.singleShot(0, self, self._load_next_game)

    def populate_chooser(self) -> None:
        self.chooser.populate(self.plugins, self.failures, self.lang, self.chooser_error,
                              self.files.describe_pending())

    def show_error(self, message: str) -> None:
        """Report ``message`` on the chooser, and show it."""
        self.chooser_error = message
        self.populate_chooser()
        self.show_chooser()

    def _show_table_page(self) -> None:
        page = self.table_page
        self.stack.setCurrentWidget(page)
        # The keyboard plays at the table: it goes there when it is on no control of the
        # page (a match started from the game list, a page that went away).
        focus = QApplication.focusWidget()
        table = self.table
        if (focus is None or not page.isAncestorOf(focus)) and isinstance(table, QWidget):
            table.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)
        self.update_actions()

    def _privacy_passed(self) -> None:
        """The next person took the screen: their table, with the keyboard on it."""
        if self.controller is None:
            return
        self.controller.reveal()
        table = self.table
        if self.stack.currentWidget() is self._table_page and isinstance(table, QWidget):
            table.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)

    def _on_privacy_requested(self, seat: int) -> None:
        """The page names who takes the screen, with their seat's colour and mark, and why:
        their turn, or their secret choice in a round of them (``Game.secret_round``)."""
        c = self.controller
        assert c is not None
        self.sound.play(HANDOVER)
        secret = seat in c.game.secret_round(c.session.state)
        self.privacy_page.set_player(c.player_label(seat), self.lang, seat=seat, secret=secret,
                                     role=c.public_role(seat))
        self.stack.setCurrentWidget(self.privacy_page)
        # Passed by Enter or Space as by a click: the keyboard is on its button.
        self.privacy_page.button.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)
        self.update_actions()

    # -- sound ------------------------------------------------------------------------------
    def set_sound_muted(self, on: bool) -> None:
        """Sound off or on (View menu, M; remembered)."""
        self.sound.set_muted(on)
        self.menus.show_sound(self.sound)

    def set_sound_volume(self, percent: int) -> None:
        """The volume of every sound, in percent (View ▸ Volume; remembered); choosing one
        turns sound on."""
        self.sound.set_volume(percent)
        self.sound.set_muted(False)
        self.menus.show_sound(self.sound)

    # -- moments of results ----------------------------------------------------------------
    def auto_results(self) -> bool:
        """Whether a result goes on by itself against the computer (View menu; remembered)."""
        if self.settings is None:
            return False
        return str(self.settings.value("table/auto_results", "false")).lower() == "true"

    def set_auto_results(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.setValue("table/auto_results", "true" if on else "false")

    def _show_moment(self, moment: Any, pausing: bool) -> None:
        c = self.controller
        if c is None or self.moment_panel is None:
            return
        alone = len(c.setup.human_seats) == 1
        self.moment_panel.show_moment(moment, lambda m: c.speaker.say(m, self.lang), self.lang,
                                      pausing=pausing, auto=pausing and alone
                                      and self.auto_results())

    def _moment_continued(self) -> None:
        c = self.controller
        if c is not None and c.pausing:
            c.continue_moment()
        table = self._table
        if isinstance(table, QWidget) and self.stack.currentWidget() is self._table_page:
            table.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        # A double-click on a line of the log that tells a result opens it again.
        page = self._table_page
        if (page is not None and watched is page.log.viewport()
                and event.type() == QtCore.QEvent.Type.MouseButtonDblClick
                and self.controller is not None):
            line = page.log.cursorForPosition(event.position().toPoint()).blockNumber()
            if self.controller.moment_at_line(line) is not None:
                return True
        return super().eventFilter(watched, event)

    def forget_transient(self) -> None:
        """Everything a person's hand left on the window goes: the one place that clears it
        (DESIGN.md §7), called whenever the person at the screen or the match on it changes
        (a hand-over and its privacy page, a new match, the game list, Open, undo across a
        hand-over). The table lets go of the pointer's and the keyboard's traces (hover,
        large view, focus, drag, selection, hint), the page of its hover line and hint mark,
        and a replay of the running match, which showed that person's view, closes."""
        if self._table is not None:
            self._table.forget_transient()
        if self._table_page is not None:
            self._table_page.forget_transient()
        c = self.controller
        if self.moment_panel is not None and not (c is not None and c.pausing):
            self.moment_panel.close_moment()  # a past moment opened from the log
        self.files.close_running_replay()
        QtWidgets.QToolTip.hideText()

    def _set_game_buttons(self, gestures: list[Gesture]) -> None:
        if self._table_page is not None or gestures:  # no page yet: no buttons to take away
            self.table_page.set_game_buttons(
                gestures, self.lang,
                lambda action: self.controller is not None
                and self.controller.submit_human(action))
        self.update_actions()

    # -- matches --------------------------------------------------------------------------
    def confirm_leave(self) -> bool:
        """Ask before a running game is thrown away (only when ``ask_before_leaving``)."""
        c = self.controller
        if not self.ask_before_leaving or c is None or c.over or not c.moves():
            return True
        answer = QtWidgets.QMessageBox.question(self, tr("confirm.title", self.lang),
                                                tr("confirm.body", self.lang))
        return answer == QtWidgets.QMessageBox.StandardButton.Yes

    def back_to_chooser(self) -> bool:
        """Leave the match (asking first while it runs) for the chooser; False: it goes on."""
        if not self.confirm_leave():
            return False
        self._end_match()
        self.populate_chooser()
        self.show_chooser()
        return True

    def back_to_page(self) -> bool:
        """Leave the match (asking first while it runs) for the game page that started it."""
        return self.front_pages.back_to_page(self.controller)

    def open_new_game(self, game_id: str | None = None) -> GameSetup | None:
        """Ask for a set-up in the new-game dialog and start it; ``None`` when cancelled.

        The dialog lists every game, in the game list's order, and opens on ``game_id``;
        without it, on the game on the table, else the game played last, else the first of
        the list (Ctrl+N always opens a dialog). A game played from its own page is offered
        that page there, unless the player came from it; taking the offer leaves the match
        on the table (asking first while it runs) for that page, as Play on the game list
        would open it."""
        from .newgame import OPEN_PAGE, NewGameDialog

        self._load_games()  # the dialog offers every game, with its options
        listed = sorted(self.plugins.values(), key=lambda p: sort_key(p.spec, self.lang))
        if game_id is None:
            if self.controller is not None:
                game_id = self.controller.setup.game_id
            elif self._last_setups:
                game_id = next(reversed(self._last_setups))
            elif listed:
                game_id = listed[0].spec.id
            else:
                self.show_chooser()
                return None
        plugin = self.plugins.get(game_id)
        if plugin is None:
            return None
        on_show = self.stack.currentWidget()
        pages = [p.spec.id for p in listed if self.front_pages.has_page(p.spec.id)
                 and self.front_pages.page(p.spec.id) is not on_show]
        dialog = NewGameDialog(plugin.spec, self.lang, self._last_setups.get(game_id), self,
                               settings=self.settings, games=[p.spec for p in listed],
                               setups=self._last_setups, pages=pages)
        answer = dialog.exec()
        if answer == OPEN_PAGE and dialog.page_game is not None:
            if self.controller is None or self.back_to_chooser():
                self.front_pages.open(dialog.page_game)
            return None
        if answer != NewGameDialog.DialogCode.Accepted:
            return None
        if not self.confirm_leave():
            return None
        try:
            setup = dialog.setup()
        except GameError as exc:
            self.show_error(str(exc))
            return None
        self.start_game(setup)
        return setup

    def restart(self) -> None:
        if self.controller is None or not self.confirm_leave():
            return
        self.start_game(self.controller.setup.again())

    def start_game(self, setup: GameSetup, *, session: Session | None = None,
                   resume_ui: dict[str, Any] | None = None,
                   created: str | None = None,
                   thinker: ThinkerLike | None = None) -> GameController | None:
        """Start a match now (no dialog); a game that fails to start is reported, not raised.

        With ``session`` the match continues that session (a resumed or opened save); with
        ``thinker`` its computer seats ask that one, not the window's (a lesson's script).
        """
        self._end_match()
        if self.files.pending is not None:
            # A new match takes the autosave slot: the unfinished game offered there is filed
            # with the recent games first (Game ▸ Replay… still finds it), never overwritten.
            self.files.discard_pending()
            if self.files.pending is not None:  # it could not be filed: keep it, start nothing
                return None
        known = setup.game_id in self.plugins
        plugin = self.plugins.get(setup.game_id) if self.game_ready(setup.game_id) else None
        if plugin is None:
            if known:  # its code failed to load: the chooser now says why
                self.show_chooser()
            else:
                self.show_error(f"Unknown game '{setup.game_id}'.")
            return None
        from .controller import GameController

        self._last_setups.pop(setup.game_id, None)  # the newest last: Ctrl+N's default
        self._last_setups[setup.game_id] = setup
        page = self.table_page  # the table sits on its page before a controller drives it
        try:
            c = GameController(plugin, setup, self.table, thinker or self.thinker, self.lang,
                               self.ai_delay_ms, self.animate, self, session=session,
                               saves=self.saves, resume_ui=resume_ui, created=created,
                               clock_factory=self._clock_factory)
        except Exception as exc:  # a broken game must leave the app usable
            self.show_error(tr("error.game_failed", self.lang, error=f"{type(exc).__name__}: "
                                                                      f"{exc}"))
            return None
        self.chooser_error = ""
        self.chooser.error_banner.hide()
        self.controller = c
        c.status_changed.connect(page.set_status)
        c.hover_changed.connect(page.set_hover)
        c.log_reset.connect(page.reset_log)
        c.log_appended.connect(page.append_log)
        c.buttons_changed.connect(self._set_game_buttons)
        c.privacy_requested.connect(self._on_privacy_requested)
        c.table_shown.connect(self._show_table_page)
        c.history_changed.connect(self.update_actions)
        c.hint_shown.connect(page.mark_hint)
        c.viewer_changed.connect(self.forget_transient)
        c.moment_shown.connect(self._show_moment)
        c.moment_closed.connect(lambda: self.moment_panel is not None
                                and self.moment_panel.close_moment())
        c.game_over.connect(self.ending.game_over)
        c.autosave_failed.connect(self.files.autosave_failed)
        c.sound_made.connect(self.sound.play)
        self.sound.set_game(game_sounds(c.view), match_sounds(c.view))
        page.set_log_moments(c.has_moments)
        page.reset_log([])
        self._show_table_page()
        c.start()
        self.table.fit_table()
        self.update_actions()
        return c

    def _end_match(self) -> None:
        self.ending.close()
        self.forget_transient()
        c = self.controller
        if c is not None:
            unfinished = not c.session.is_terminal() and bool(c.moves())
            c.stop()
            c.deleteLater()
            self.controller = None
            if unfinished:
                # Left unfinished, the match stays in the autosave slot: the game list offers
                # to resume it, and a new match files it with the recent games first.
                self.files.check_autosave()
        self._set_game_buttons([])

    # -- edit -----------------------------------------------------------------------------
    def undo(self) -> None:
        if self.controller is not None and self.controller.undo():
            self.ending.close()  # the game goes on again

    def redo(self) -> None:
        if self.controller is not None:
            self.controller.redo()

    def hint(self) -> None:
        if self.controller is not None:
            self.controller.hints.ask()

    # -- messages -------------------------------------------------------------------------
    def show_message(self, title: str, text: str, warning: bool = True) -> QMessageBox:
        """A window-modal message that does not block the event loop (the game goes on)."""
        if self.message_box is not None:
            self.message_box.close()
        box = QtWidgets.QMessageBox(self)
        icon = QtWidgets.QMessageBox.Icon
        box.setIcon(icon.Warning if warning else icon.Information)
        box.setWindowTitle(title)
        box.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        box.setText(text)
        box.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        box.destroyed.connect(lambda: setattr(self, "message_box", None))
        self.message_box = box
        box.open()
        return box

    # -- showing, painting and closing ----------------------------------------------------
    def setVisible(self, visible: bool) -> None:
        """Shown the first time on a small screen, and at the size the start gave it, the
        window is shown maximised (``__init__``)."""
        planned, self._maximise_at = self._maximise_at, None
        if visible and planned is not None and self.size() == planned:
            # showMaximized sets the state through a method, which needs none of the Qt
            # namespace's enums before the first paint; it shows the window through here.
            self.showMaximized()
            return
        super().setVisible(visible)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            # The icon is an SVG: rendering it loads Qt's SVG plugin (~10 ms), which the
            # first paint need not wait for. Set on the application, it serves every window.
            self._painted = True
            QTimer.singleShot(0, _set_app_icon)
            QTimer.singleShot(0, self, self._load_next_game)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_leave():
            event.ignore()
            return
        self._end_match()
        if self._thinker is not None:
            self._thinker.cancel()
        if self.settings is not None:
            self.settings.setValue("window/geometry", self.saveGeometry())
        self.menus.close()
        if self._remote is not None:
            self._remote.close()  # the tables this app hosts are kept in its folder
        self.files.close()  # the autosave stays, for the next start to offer
        super().closeEvent(event)
