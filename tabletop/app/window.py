"""The main window: the game chooser, the table page and the hot-seat privacy page.

The central area is a stack of pages. The chooser lists every game that loaded (and every one
that did not, with the reason). The table page holds the generic table, the game log, an action
bar and a large status line that always says what to do next. The privacy page replaces the
whole table page while the screen is handed from one player to another. Both live in ``pages``.
A game may bring a front page of its own, which Play opens instead of the new-game dialog
(``front_pages``).

The window owns one table widget and one AI thinker for its lifetime; each match gets a fresh
``GameController`` that drives them. The chooser is all that start-up builds: the table, the
thinker and the other pages are made the first time they are needed, so the window paints sooner.

Games are never lost: the controller autosaves after every action, and at start-up an
unfinished autosave is offered on the chooser (Resume / Discard). Save…, Open… and Replay… work
on versioned JSON files (``tabletop.engine.savefile``); a bad file is reported and left alone,
and the game in progress goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The Qt namespace is reached through ``QtCore`` when a method runs, never imported here:
# building its enums costs ~45 ms, and the chooser paints without them. PySide6 builds each
# class on first access, so the message box and file dialog are reached the same way. The
# table, the controller, the new-game dialog and the game pages load on first use likewise.
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QColor,
    QIcon,
    QKeySequence,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop import __version__
from tabletop.api import GamePlugin
from tabletop.engine.errors import GameError, SaveFileError
from tabletop.registry import LoadFailure, load_plugins
from tabletop.resources import resource

from .front_pages import FrontPages
from .i18n import LANGUAGE_NAMES, LANGUAGES, tr
from .saves import DamagedAutosave, Pending, SaveStore
from .undo_guard import redo_state, undo_state

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QCloseEvent, QPaintEvent
    from PySide6.QtWidgets import QMessageBox

    from tabletop.engine import Gesture, Session
    from tabletop.engine.savefile import SaveData

    from .controller import GameController
    from .newgame import GameSetup
    from .pages import PrivacyPage, TablePage

FELT = "#23573b"
GAME_BUTTON_STYLE = "font-size: 12pt; font-weight: bold; padding: 4px 16px;"
RESERVED_KEYS = {"H", "Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z", "F1", "Ctrl+N", "Ctrl+Q", "Ctrl+S",
                 "Ctrl+O"}
SAVE_FILTER = "Tabletop saves (*.json);;All files (*)"


def draw_app_icon(size: int = 256) -> QPixmap:
    """The window icon, painted: a card and a die on green felt."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter, QPainterPath, QPen

    pix = QPixmap(size, size)
    pix.fill(QtCore.Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 64.0
    felt = QPainterPath()
    felt.addRoundedRect(QRectF(2 * s, 2 * s, 60 * s, 60 * s), 12 * s, 12 * s)
    p.fillPath(felt, QColor(FELT))
    p.save()
    p.translate(24 * s, 32 * s)
    p.rotate(-12)
    card = QPainterPath()
    card.addRoundedRect(QRectF(-13 * s, -19 * s, 26 * s, 38 * s), 3 * s, 3 * s)
    p.fillPath(card, QColor("#f6efdc"))
    p.setPen(QPen(QColor("#b8860b"), 1.5 * s))
    p.drawPath(card)
    p.setPen(QtCore.Qt.PenStyle.NoPen)
    p.setBrush(QColor("#c0392b"))
    p.drawEllipse(QRectF(-6 * s, -8 * s, 12 * s, 12 * s))
    p.restore()
    p.save()
    p.translate(45 * s, 42 * s)
    p.rotate(10)
    die = QPainterPath()
    die.addRoundedRect(QRectF(-10 * s, -10 * s, 20 * s, 20 * s), 4 * s, 4 * s)
    p.fillPath(die, QColor("#ffffff"))
    p.setPen(QPen(QColor("#333333"), 1.0 * s))
    p.drawPath(die)
    p.setPen(QtCore.Qt.PenStyle.NoPen)
    p.setBrush(QColor("#222222"))
    for dx, dy in ((-5, -5), (0, 0), (5, 5)):
        p.drawEllipse(QRectF((dx - 2) * s, (dy - 2) * s, 4 * s, 4 * s))
    p.restore()
    p.end()
    return pix


def app_icon() -> QIcon:
    """The bundled SVG icon when Qt can render it, else the same picture painted here."""
    svg = resource("icons", "tabletop.svg")
    if svg.is_file():
        icon = QIcon(str(svg))
        if not icon.pixmap(32, 32).isNull():
            return icon
    icon = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256):
        icon.addPixmap(draw_app_icon(size))
    return icon


def _default_table() -> Any:
    from tabletop.table import TableWidget

    return TableWidget()


def _default_thinker(parent: QWidget) -> Any:
    from tabletop.ai.worker import AIThinker

    return AIThinker(parent)


# The chooser's look as one style sheet on its content: Qt polishes every widget that has a
# sheet of its own separately, which cost ~20 ms of the first start with a sheet per label.
CHOOSER_STYLE = f"""
#chooserInner {{ background: {FELT}; }}
#chooserHeading {{ color: #f4ecd8; font-size: 26pt; font-weight: bold; }}
#chooserSub {{ color: #d9e6dc; font-size: 13pt; }}
#chooserError {{ color: #8f1d12; background: #fbe3df; padding: 8px; border-radius: 6px;
                 font-size: 12pt; }}
#chooserNone {{ color: #f4ecd8; font-size: 14pt; }}
#chooserFailure {{ color: #5c1a12; background: #f7d9d3; padding: 10px; border-radius: 8px;
                   font-size: 11pt; }}
#resumeBanner {{ background: #fff4c9; border-radius: 8px; border: 2px solid #b8860b; }}
#resumeText {{ font-size: 12pt; color: #3b2a14; }}
QPushButton[chooserRole="resume"] {{ font-size: 13pt; font-weight: bold; padding: 4px 18px; }}
QPushButton[chooserRole="discard"] {{ font-size: 12pt; padding: 4px 14px; }}
#gameCard {{ background: #f6efdc; border-radius: 12px; border: 2px solid #b8860b; }}
#gameTitle {{ font-size: 20pt; font-weight: bold; color: #3b2a14; }}
#gameSubtitle {{ font-size: 12pt; color: #6b5a3a; }}
#gamePlayers {{ font-size: 12pt; color: #23573b; font-weight: bold; }}
#gameSummary {{ font-size: 11pt; color: #2b2b2b; }}
QPushButton[chooserRole="play"] {{ font-size: 13pt; font-weight: bold; padding: 4px 18px; }}
QPushButton[chooserRole="rules"] {{ font-size: 12pt; padding: 4px 14px; }}
"""


class ChooserPage(QScrollArea):
    """Every loaded game as a card with Play and Rules buttons; failed plugins below."""

    play_requested = Signal(str)
    rules_requested = Signal(str)
    resume_requested = Signal()
    discard_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setObjectName("chooser")
        self.game_cards: dict[str, QFrame] = {}
        self.failure_labels: list[QLabel] = []
        self.error_banner = QLabel()
        self.resume_banner: QFrame | None = None
        self.resume_button: QPushButton | None = None
        self.discard_button: QPushButton | None = None

    def populate(self, plugins: dict[str, GamePlugin], failures: list[LoadFailure],
                 lang: str, error: str = "", resume: str = "") -> None:
        inner = QWidget()
        inner.setObjectName("chooserInner")
        inner.setStyleSheet(CHOOSER_STYLE)
        outer = QVBoxLayout(inner)
        outer.setContentsMargins(40, 28, 40, 28)
        outer.setSpacing(14)
        heading = QLabel(tr("chooser.heading", lang))
        heading.setObjectName("chooserHeading")
        sub = QLabel(tr("chooser.sub", lang))
        sub.setObjectName("chooserSub")
        outer.addWidget(heading)
        outer.addWidget(sub)
        self.error_banner = QLabel(error)
        self.error_banner.setWordWrap(True)
        self.error_banner.setObjectName("chooserError")
        self.error_banner.setVisible(bool(error))
        outer.addWidget(self.error_banner)
        self.resume_banner = self.resume_button = self.discard_button = None
        if resume:
            outer.addWidget(self._resume_banner(resume, lang))
        grid = QGridLayout()
        grid.setSpacing(18)
        self.game_cards = {}
        columns = 3
        ordered = sorted(plugins.values(), key=lambda p: p.spec.name(lang))
        for i, plugin in enumerate(ordered):
            card = self._game_card(plugin, lang)
            self.game_cards[plugin.spec.id] = card
            # The stretch below keeps a short card at the top of its row, as AlignTop would,
            # without building the Qt namespace's enums before the first paint.
            cell = QVBoxLayout()
            cell.setSpacing(0)
            cell.addWidget(card)
            cell.addStretch(1)
            grid.addLayout(cell, i // columns, i % columns)
        if not plugins:
            none = QLabel(tr("chooser.none", lang))
            none.setObjectName("chooserNone")
            grid.addWidget(none, 0, 0)
        for col in range(columns):
            grid.setColumnStretch(col, 1)
        outer.addLayout(grid)
        self.failure_labels = []
        for failure in failures:
            label = QLabel(f"<b>{tr('chooser.failed', lang, source=failure.source)}</b><br>"
                           f"{_escape(failure.message)}")
            label.setWordWrap(True)
            label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setObjectName("chooserFailure")
            self.failure_labels.append(label)
            outer.addWidget(label)
        outer.addStretch(1)
        self.setWidget(inner)

    def _resume_banner(self, text: str, lang: str) -> QFrame:
        """The offer to continue an unfinished game: its description, Resume and Discard."""
        banner = QFrame()
        banner.setObjectName("resumeBanner")
        row = QHBoxLayout(banner)
        row.setContentsMargins(14, 10, 14, 10)
        # The description escaped into rich text shows exactly its words; setting the plain
        # text format instead would build all of Qt's namespace enums (~25 ms) before the
        # first paint of a start that offers to resume.
        label = QLabel("<p>" + _escape(text).replace("\n", "<br>") + "</p>")
        label.setObjectName("resumeText")
        label.setWordWrap(True)
        resume = QPushButton(tr("resume.resume", lang))
        resume.setProperty("chooserRole", "resume")
        resume.clicked.connect(lambda _=False: self.resume_requested.emit())
        discard = QPushButton(tr("resume.discard", lang))
        discard.setProperty("chooserRole", "discard")
        discard.clicked.connect(lambda _=False: self.discard_requested.emit())
        row.addWidget(label, 1)
        row.addWidget(resume)
        row.addWidget(discard)
        self.resume_banner = banner
        self.resume_button = resume
        self.discard_button = discard
        return banner

    def _game_card(self, plugin: GamePlugin, lang: str) -> QFrame:
        spec = plugin.spec
        card = QFrame()
        card.setObjectName("gameCard")
        card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        lay = QVBoxLayout(card)
        lay.setContentsMargins(18, 14, 18, 14)
        other = "en" if lang == "ja" else "ja"
        title = QLabel(spec.name(lang))
        title.setObjectName("gameTitle")
        subtitle = QLabel(spec.name(other))
        subtitle.setObjectName("gameSubtitle")
        if spec.min_players == spec.max_players:
            players = (tr("chooser.solo", lang) if spec.min_players == 1
                       else tr("chooser.players", lang, n=spec.min_players))
        else:
            players = tr("chooser.players_range", lang, lo=spec.min_players, hi=spec.max_players)
        count = QLabel(players)
        count.setObjectName("gamePlayers")
        summary = QLabel(spec.summary_ja if lang == "ja" else spec.summary_en)
        summary.setWordWrap(True)
        summary.setObjectName("gameSummary")
        buttons = QHBoxLayout()
        play = QPushButton(tr("chooser.play", lang))
        play.setObjectName(f"play-{spec.id}")
        play.setMinimumHeight(38)
        play.setProperty("chooserRole", "play")
        play.clicked.connect(lambda _=False, gid=spec.id: self.play_requested.emit(gid))
        rules = QPushButton(tr("chooser.rules", lang))
        rules.setMinimumHeight(38)
        rules.setProperty("chooserRole", "rules")
        rules.clicked.connect(lambda _=False, gid=spec.id: self.rules_requested.emit(gid))
        buttons.addWidget(play)
        buttons.addWidget(rules)
        buttons.addStretch(1)
        for w in (title, subtitle, count, summary):
            lay.addWidget(w)
        lay.addLayout(buttons)
        return card


def _plain(menu_text: str) -> str:
    """A menu text without its mnemonic: "元に戻す(&U)" → "元に戻す", "&New Game…" → "New Game"."""
    return re.sub(r"\(&\w\)", "", menu_text).replace("&", "").replace("…", "").strip()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class MainWindow(QMainWindow):
    """The application window. ``plugins``/``failures`` default to ``load_plugins()``."""

    def __init__(self, plugins: dict[str, GamePlugin] | None = None,
                 failures: list[LoadFailure] | None = None, lang: str = "en",
                 settings: QSettings | None = None,
                 table_factory: Callable[[], Any] | None = None,
                 thinker_factory: Callable[[QWidget], Any] | None = None,
                 ai_delay_ms: int = 500, animate: bool = True,
                 parent: QWidget | None = None, saves: SaveStore | None = None,
                 clock_factory: Callable[[Any], Any] | None = None) -> None:
        super().__init__(parent)
        if plugins is None:
            plugins, loaded_failures = load_plugins()
            failures = loaded_failures if failures is None else failures
        self.plugins = plugins
        self.failures = list(failures or [])
        self.lang = lang if lang in LANGUAGES else "en"
        self.settings = settings
        self.ai_delay_ms = ai_delay_ms
        self.animate = animate
        self.ask_before_leaving = False
        self.controller: GameController | None = None
        self.summary_dialog: Any = None
        self.rules_window: Any = None
        self._last_setups: dict[str, GameSetup] = {}
        self._error = ""
        self.saves = saves if saves is not None else SaveStore()
        self.pending: Pending | None = None
        self.message_box: QMessageBox | None = None
        self.replay_window: Any = None

        self._painted = False  # the icon is set after the first paint (``paintEvent``)
        self._table_factory = table_factory or _default_table
        self._thinker_factory = thinker_factory or _default_thinker
        self._clock_factory = clock_factory  # None: each match's controller keeps real time
        self._table: Any = None
        self._thinker: Any = None
        self._table_page: TablePage | None = None
        self._privacy_page: PrivacyPage | None = None

        self.stack = QStackedWidget()
        self.chooser = ChooserPage()
        self.chooser.play_requested.connect(self._on_play_requested)
        self.chooser.rules_requested.connect(self.show_rules)
        self.stack.addWidget(self.chooser)
        self.setCentralWidget(self.stack)
        self.front_pages = FrontPages(self)

        self._build_actions()
        self.resize(1200, 740)
        if settings is not None:
            geometry = settings.value("window/geometry")
            if isinstance(geometry, QtCore.QByteArray):
                self.restoreGeometry(geometry)
        self.chooser.resume_requested.connect(self.resume_pending)
        self.chooser.discard_requested.connect(self.discard_pending)
        self._claim_autosave_slot()
        self.check_autosave()
        self.retranslate()
        self.show_chooser()

    # -- parts built on first use (the chooser paints without them) -------------------------
    @property
    def table(self) -> Any:
        """The table widget, shared by every match of this window."""
        if self._table is None:
            self._table = self._table_factory()
        return self._table

    @property
    def thinker(self) -> Any:
        """The AI thinker, shared by every match of this window."""
        if self._thinker is None:
            self._thinker = self._thinker_factory(self)
        return self._thinker

    @property
    def table_page(self) -> TablePage:
        """The table with the log, the status line and the action bar."""
        if self._table_page is None:
            from .pages import TablePage

            page = TablePage(self.table)
            page.hint_button.clicked.connect(self.hint)
            page.undo_button.clicked.connect(self.undo)
            page.redo_button.clicked.connect(self.redo)
            page.retranslate(self.lang)
            self.stack.addWidget(page)
            self._table_page = page
            self.update_actions()
        return self._table_page

    @property
    def privacy_page(self) -> PrivacyPage:
        """The barrier shown while the screen passes between two people."""
        if self._privacy_page is None:
            from .pages import PrivacyPage

            page = PrivacyPage()
            page.ready.connect(self._on_privacy_ready)
            self.stack.addWidget(page)
            self._privacy_page = page
        return self._privacy_page

    # -- actions and menus ----------------------------------------------------------------
    def _build_actions(self) -> None:
        self._texts: list[tuple[Any, str]] = []  # (widget or action, i18n key)

        def action(key: str, slot: Callable[[], object],
                   shortcut: QKeySequence | list[QKeySequence] | str | None = None) -> QAction:
            act = QAction(self)
            act.triggered.connect(lambda _=False: slot())
            # setShortcuts() even for one key, and no QKeySequence copied: resolving those
            # overloads builds the Qt namespace's enums (~45 ms), which the chooser can do without.
            if isinstance(shortcut, str):
                shortcut = QKeySequence(shortcut)
            if isinstance(shortcut, QKeySequence):
                shortcut = [shortcut]
            if shortcut is not None:
                act.setShortcuts(shortcut)
            self._texts.append((act, key))
            return act

        std = QKeySequence.StandardKey
        self.act_new = action("act.new", self.new_game, QKeySequence(std.New))
        self.act_restart = action("act.restart", self.restart)
        self.act_chooser = action("act.chooser", self.back_to_chooser)
        self.act_open = action("act.open", self.open_dialog, QKeySequence(std.Open))
        self.act_save = action("act.save", self.save_dialog, QKeySequence(std.Save))
        self.act_replay = action("act.replay", self.replay_dialog)
        self.act_quit = action("act.quit", self.close, "Ctrl+Q")
        self.act_undo = action("act.undo", self.undo, QKeySequence(std.Undo))
        self.act_redo = action("act.redo", self.redo,
                               [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_hint = action("act.hint", self.hint, "H")
        self.act_zoom_in = action("act.zoom_in", lambda: self.table.zoom_in(),
                                  [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self.act_zoom_out = action("act.zoom_out", lambda: self.table.zoom_out(), "Ctrl+-")
        self.act_fit = action("act.fit", lambda: self.table.fit_table(), "Ctrl+0")
        self.act_rules = action("act.rules", lambda: self.show_rules(None), "F1")
        self.act_shortcuts = action("act.shortcuts", self.show_shortcuts)
        self.act_about = action("act.about", self.show_about)

        bar = self.menuBar()
        self.menu_game = bar.addMenu("")
        for act in (self.act_new, self.act_open, self.act_save, self.act_replay):
            self.menu_game.addAction(act)
        self.menu_game.addSeparator()
        for act in (self.act_restart, self.act_chooser):
            self.menu_game.addAction(act)
        self.menu_game.addSeparator()
        self.menu_game.addAction(self.act_quit)
        self.menu_edit = bar.addMenu("")
        for act in (self.act_undo, self.act_redo):
            self.menu_edit.addAction(act)
        self.menu_edit.addSeparator()
        self.menu_edit.addAction(self.act_hint)
        # A disabled action's shortcut is dead; this one answers Ctrl+Z then with the reason.
        self.undo_refused_shortcut = QShortcut(QKeySequence(std.Undo), self)
        self.undo_refused_shortcut.setEnabled(False)
        self.undo_refused_shortcut.activated.connect(self.undo)
        self.menu_view = bar.addMenu("")
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            self.menu_view.addAction(act)
        self.menu_view.addSeparator()
        self.menu_language = self.menu_view.addMenu("")
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code in LANGUAGES:
            act = QAction(LANGUAGE_NAMES[code], self, checkable=True)
            act.triggered.connect(lambda _=False, c=code: self.set_language(c))
            self.language_group.addAction(act)
            self.menu_language.addAction(act)
            self.language_actions[code] = act
        self.menu_help = bar.addMenu("")
        for act in (self.act_rules, self.act_shortcuts):
            self.menu_help.addAction(act)
        self.menu_help.addSeparator()
        self.menu_help.addAction(self.act_about)
        self._menus = ((self.menu_game, "menu.game"), (self.menu_edit, "menu.edit"),
                       (self.menu_view, "menu.view"), (self.menu_language, "menu.language"),
                       (self.menu_help, "menu.help"))

    def retranslate(self) -> None:
        """Every visible string again, in ``self.lang``."""
        lang = self.lang
        for act, key in self._texts:
            act.setText(tr(key, lang))
        for menu, key in self._menus:
            menu.setTitle(tr(key, lang))
        self.language_actions[lang].setChecked(True)
        if self._table_page is not None:
            self._table_page.retranslate(lang)
        self._populate_chooser()
        self._update_title()
        self.update_actions()
        if self.rules_window is not None:
            self.rules_window.set_language(lang)
        self.front_pages.retranslate()

    def _update_title(self) -> None:
        if self.controller is not None:
            name = self.controller.game.spec.name(self.lang)
            self.setWindowTitle(tr("app.title_game", self.lang, game=name))
        else:
            self.setWindowTitle(tr("app.title", self.lang))

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
        c = self.controller
        in_game = c is not None
        for act in (self.act_restart, self.act_save):
            act.setEnabled(in_game)
        hint = c is not None and c.hints.available()
        self.act_hint.setEnabled(hint)
        page = self._table_page
        if page is not None:
            page.hint_button.setEnabled(hint)
        can_undo, why = undo_state(c) if c is not None else (False, "")
        can_redo, why_not_redo = redo_state(c) if c is not None else (False, "")
        keys = QKeySequence.SequenceFormat.NativeText
        undo_tip = self.act_undo.shortcut().toString(keys)
        redo_tip = self.act_redo.shortcut().toString(keys)
        if c is not None and not can_undo:
            undo_tip = why
        if c is not None and not can_redo:
            redo_tip = why_not_redo
        targets: list[tuple[Any, bool, str]] = [(self.act_undo, can_undo, undo_tip),
                                                (self.act_redo, can_redo, redo_tip)]
        if page is not None:
            targets += [(page.undo_button, can_undo, undo_tip),
                        (page.redo_button, can_redo, redo_tip)]
        for widget, on, tip in targets:
            widget.setEnabled(on)
            widget.setToolTip(tip)
        self.undo_refused_shortcut.setEnabled(in_game and not can_undo)
        on_table = page is not None and self.stack.currentWidget() is page
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            act.setEnabled(on_table)

    # -- pages ----------------------------------------------------------------------------
    def show_chooser(self) -> None:
        self.stack.setCurrentWidget(self.chooser)
        self.update_actions()

    def _in_progress(self) -> bool:
        c = self.controller
        return c is not None and not c.over and bool(c.moves())

    def confirm_leave(self) -> bool:
        """Ask before a running game is thrown away (only when ``ask_before_leaving``)."""
        if not self.ask_before_leaving or not self._in_progress():
            return True
        answer = QtWidgets.QMessageBox.question(self, tr("confirm.title", self.lang),
                                      tr("confirm.body", self.lang))
        return answer == QtWidgets.QMessageBox.StandardButton.Yes

    def back_to_chooser(self) -> bool:
        """Leave the match (asking first while it runs) for the chooser; False: it goes on."""
        if not self.confirm_leave():
            return False
        self._end_match()
        self._update_title()
        self.show_chooser()
        return True

    def new_game(self) -> None:
        if self.controller is not None:
            self.open_new_game(self.controller.setup.game_id)
        else:
            self.show_chooser()

    def _on_play_requested(self, game_id: str) -> None:
        # A game with a front page of its own opens it; it may offer the dialog too.
        if not self.front_pages.open(game_id):
            self.open_new_game(game_id)

    def open_new_game(self, game_id: str) -> GameSetup | None:
        """Ask for a set-up in the new-game dialog and start it; ``None`` when cancelled."""
        from .newgame import NewGameDialog

        plugin = self.plugins.get(game_id)
        if plugin is None:
            return None
        dialog = NewGameDialog(plugin.spec, self.lang, self._last_setups.get(game_id), self)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
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
                   created: str | None = None) -> GameController | None:
        """Start a match now (no dialog); a game that fails to start is reported, not raised.

        With ``session`` the match continues that session (a resumed or opened save).
        """
        self._end_match()
        if self.pending is not None:
            # A new match takes the autosave slot: the unfinished game offered there is filed
            # with the recent games first (Game ▸ Replay… still finds it), never overwritten.
            self.discard_pending()
            if self.pending is not None:  # it could not be filed: keep it, start nothing
                return None
        plugin = self.plugins.get(setup.game_id)
        if plugin is None:
            self.show_error(f"Unknown game '{setup.game_id}'.")
            return None
        from .controller import GameController

        self._last_setups[setup.game_id] = setup
        page = self.table_page  # the table sits on its page before a controller drives it
        try:
            c = GameController(plugin, setup, self.table, self.thinker, self.lang,
                               self.ai_delay_ms, self.animate, self, session=session,
                               saves=self.saves, resume_ui=resume_ui, created=created,
                               clock_factory=self._clock_factory)
        except Exception as exc:  # a broken game must leave the app usable
            self.show_error(tr("error.game_failed", self.lang, error=f"{type(exc).__name__}: "
                                                                       f"{exc}"))
            return None
        self._error = ""
        self.chooser.error_banner.hide()
        self.controller = c
        c.status_changed.connect(page.set_status)
        c.log_reset.connect(page.reset_log)
        c.log_appended.connect(page.append_log)
        c.buttons_changed.connect(self._set_game_buttons)
        c.privacy_requested.connect(self._on_privacy_requested)
        c.table_shown.connect(self._show_table_page)
        c.history_changed.connect(self.update_actions)
        c.hint_shown.connect(self._on_hint_shown)
        c.game_over.connect(self._on_game_over)
        c.autosave_failed.connect(self._on_autosave_failed)
        page.reset_log([])
        self._show_table_page()
        self._update_title()
        c.start()
        self.table.fit_table()
        self.update_actions()
        return c

    def _end_match(self) -> None:
        self._close_summary()
        if self.controller is not None:
            self.controller.stop()
            self.controller.deleteLater()
            self.controller = None
        self._set_game_buttons([])
        self.update_actions()

    def show_error(self, message: str) -> None:
        self._error = message
        self._populate_chooser()
        self.show_chooser()

    def _populate_chooser(self) -> None:
        resume = ""
        if self.pending is not None:
            resume = self._describe_pending(self.pending)
        self.chooser.populate(self.plugins, self.failures, self.lang, self._error, resume)

    def _show_table_page(self) -> None:
        self.stack.setCurrentWidget(self.table_page)
        self.update_actions()

    def _on_privacy_requested(self, seat: int) -> None:
        assert self.controller is not None
        self.privacy_page.set_player(self.controller.player_label(seat), self.lang)
        self.stack.setCurrentWidget(self.privacy_page)
        self.update_actions()

    def _on_privacy_ready(self) -> None:
        if self.controller is not None:
            self.controller.reveal()

    def _set_game_buttons(self, gestures: list[Gesture]) -> None:
        if self._table_page is None and not gestures:
            self.update_actions()  # no page yet, so no buttons to take away
            return
        page = self.table_page
        wanted = [(g.action, self._button_text(g)) for g in gestures]
        if wanted == [(b.property("action"), b.text()) for b in page.game_buttons]:
            for b in page.game_buttons:
                b.setStyleSheet(GAME_BUTTON_STYLE)  # drop an old hint's highlight
            self.update_actions()
            return
        for b in page.game_buttons:
            page.game_buttons_box.removeWidget(b)
            b.hide()  # deletion waits for the event loop; it must vanish now
            b.deleteLater()
        page.game_buttons = []
        for g in gestures:
            button = QPushButton(self._button_text(g))
            button.setMinimumHeight(38)
            button.setStyleSheet(GAME_BUTTON_STYLE)
            button.setProperty("action", g.action)
            button.setFocusPolicy(QtCore.Qt.FocusPolicy.NoFocus)
            if g.shortcut and g.shortcut not in RESERVED_KEYS:
                # A button's own shortcut clicks it 100 ms after the key goes down, and drops
                # a second press inside those 100 ms; a game played to a beat cannot wait, so
                # the key acts at once (held down, it does not repeat the move).
                key = QShortcut(QKeySequence(g.shortcut), button)
                key.setAutoRepeat(False)
                key.activated.connect(lambda a=g.action, b=button: self._key_press(a, b))
                button.setProperty("key", g.shortcut)
            button.clicked.connect(lambda _=False, a=g.action: self._press(a))
            page.game_buttons_box.addWidget(button)
            page.game_buttons.append(button)
        self.update_actions()

    def _button_text(self, g: Gesture) -> str:
        label = g.label(self.lang)
        return f"{label} ({g.shortcut})" if g.shortcut else label

    def _press(self, action: str) -> None:
        if self.controller is not None:
            self.controller.submit_human(action)

    def _key_press(self, action: str, button: QPushButton) -> None:
        button.setDown(True)  # the button shows the key press, as a click would
        QTimer.singleShot(120, button, lambda: button.setDown(False))
        self._press(action)

    def _on_hint_shown(self, action: str) -> None:
        for b in self.table_page.game_buttons:
            if b.property("action") == action:
                b.setStyleSheet(GAME_BUTTON_STYLE + "background: #ffe08a;")

    # -- edit -----------------------------------------------------------------------------
    def undo(self) -> None:
        if self.controller is not None and self.controller.undo():
            self._close_summary()  # the game goes on again

    def redo(self) -> None:
        if self.controller is not None:
            self.controller.redo()

    def hint(self) -> None:
        if self.controller is not None:
            self.controller.hints.ask()

    # -- end of game ----------------------------------------------------------------------
    def _on_game_over(self) -> None:
        from .summary import SummaryDialog  # pyqtgraph loads only when a game ends

        c = self.controller
        if c is None:
            return
        self._close_summary()
        if self.front_pages.match_over(c):
            return  # the game's page that started the match showed its own ending
        names = [c.player_label(s) for s in range(c.setup.players)]
        high_scores = self._file_high_score(c)
        lang = self.lang
        table = c.view.score_table(c.session.observation(None), lang)
        text = c.summary_text()
        if table is not None:  # the table holds the breakdown: keep only the headline
            text = text.splitlines()[0] if text else text
        dialog = SummaryDialog(c.game.spec.name(lang), text, c.chart.points(lang),
                               names, lang, self, score_table=table,
                               x_label=c.chart.axis(lang), panels=c.chart.panels(lang),
                               high_scores=high_scores)
        dialog.play_again.connect(self._play_again)
        dialog.back_to_chooser.connect(self.back_to_chooser)
        dialog.replay_requested.connect(self.replay_current)
        self.summary_dialog = dialog
        dialog.show()

    def _file_high_score(self, c: GameController
                         ) -> tuple[str, list[list[str]], int | None] | None:
        """File a finished solo game in its high-score list (once per match) and return the
        list for the summary: its title, rows (header first) and the new entry's row."""
        from dataclasses import replace

        from tabletop.highscores import HighScoreStore

        entry = c.view.high_score(c.session.observation(None))
        if entry is None or c.high_score_filed:
            return None
        c.high_score_filed = True
        lang = self.lang
        try:
            filed = HighScoreStore().add(c.game.spec.id, replace(entry, seed=c.setup.seed))
        except OSError as exc:
            self.show_message(tr("scores.error_title", lang),
                              tr("scores.save_failed", lang, error=str(exc)))
            return None
        if filed.damaged is not None:
            kept = filed.damaged.kept
            self.show_message(tr("scores.error_title", lang),
                              tr("scores.damaged", lang, problem=filed.damaged.problem,
                                 file=str(kept if kept is not None else filed.damaged.path)))
        rows = [[tr("scores.rank", lang), tr("scores.score", lang), tr("scores.result", lang),
                 tr("scores.date", lang)]]
        for i, e in enumerate(filed.entries):
            rows.append([str(i + 1), str(e.score), e.result(lang),
                         e.date.replace("T", " ")[:16]])
        title = tr("scores.title", lang, rules=filed.entry.title(lang))
        return title, rows, filed.place

    def _close_summary(self) -> None:
        if self.summary_dialog is not None:
            self.summary_dialog.close()
            self.summary_dialog.deleteLater()
            self.summary_dialog = None

    def _play_again(self) -> None:
        if self.controller is not None:
            self.start_game(self.controller.setup.again())

    # -- files ----------------------------------------------------------------------------
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
        box.destroyed.connect(self._forget_message)
        self.message_box = box
        box.open()
        return box

    def _forget_message(self) -> None:
        self.message_box = None

    def _file_error(self, exc: SaveFileError) -> None:
        self.show_message(tr("file.error_title", self.lang),
                          tr(f"file.{exc.kind}", self.lang, file=exc.path) + "\n\n" + str(exc))

    def _claim_autosave_slot(self) -> None:
        """Take an autosave slot of this window's own (another running app keeps its own);
        games left alone because they are not installed are named in the chooser."""
        try:
            self.saves.claim_slot(self.plugins)
        except OSError as exc:  # an unreadable data folder: the autosave will say so too
            self._error = str(exc)
            return
        if self.saves.skipped:
            self._error = str(self.saves.skipped[0])

    def check_autosave(self) -> Pending | None:
        """Look for an unfinished autosave; offer it, or report and keep aside a damaged one."""
        try:
            self.pending = self.saves.pending(self.plugins)
        except DamagedAutosave as exc:
            self.pending = None
            key = "resume.damaged" if exc.kept_as is not None else "resume.damaged_stuck"
            where = exc.kept_as if exc.kept_as is not None else exc.error.path
            self.show_message(tr("resume.damaged_title", self.lang),
                              tr(key, self.lang, problem=exc.error.problem, file=str(where)))
        except SaveFileError as exc:  # its game is not installed: leave the file for later
            self.pending = None
            self._error = str(exc)
        except OSError as exc:
            self.pending = None
            self._error = str(exc)
        return self.pending

    def _describe_pending(self, pending: Pending) -> str:
        data = pending.data
        plugin = self.plugins.get(data.game_id)
        name = plugin.spec.name(self.lang) if plugin is not None else data.game_id
        when = data.updated.replace("T", " ").replace("Z", " UTC")
        return tr("resume.offer", self.lang, game=name, moves=data.moves, when=when)

    def resume_pending(self) -> GameController | None:
        """Continue the offered autosave exactly where it stood."""
        pending = self.pending
        if pending is None:
            return None
        return self._start_saved(pending.session, pending.data)

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
            self.show_message(tr("resume.discard_failed_title", self.lang),
                              tr("resume.discard_failed", self.lang, error=str(exc),
                                 file=str(pending.path)))
            return
        self.pending = None
        self._populate_chooser()

    def _start_saved(self, session: Session, data: SaveData) -> GameController | None:
        from .newgame import GameSetup

        fixed = bool(data.ui.get("fixed_seed", True))
        setup = GameSetup(data.game_id, data.players, list(data.seats), dict(session.options),
                          data.seed, fixed, GameSetup.saved_tag(data.ui))
        controller = self.start_game(setup, session=session, resume_ui=data.ui,
                                     created=data.created)
        if controller is not None:
            # A match a game's page started before a restart goes back to that page.
            self.front_pages.adopt(controller, setup.game_id)
        return controller

    def save_dialog(self) -> None:
        if self.controller is None:
            return
        from tabletop.engine import savefile

        self.saves.saves_dir.mkdir(parents=True, exist_ok=True)
        name = f"{self.controller.setup.game_id}-{savefile.now_iso()[:10]}.json"
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self, _plain(tr("act.save", self.lang)), str(self.saves.saves_dir / name),
            SAVE_FILTER)
        if path:
            self.save_file(path)

    def save_file(self, path: str | Path) -> bool:
        """Write the current match to ``path`` (atomically); a failure is reported."""
        if self.controller is None:
            return False
        from tabletop.engine import savefile

        try:
            savefile.write_atomic(path, self.controller.save_data())
        except OSError as exc:
            self.show_message(tr("file.error_title", self.lang),
                              tr("file.save_failed", self.lang, file=str(path), error=str(exc)))
            return False
        from .controller import INFO

        self.table_page.set_status(tr("file.saved", self.lang, file=str(path)), INFO)
        return True

    def _ask_file(self, title_key: str) -> str:
        start = self.saves.saves_dir if self.saves.saves_dir.is_dir() else self.saves.root
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, _plain(tr(title_key, self.lang)), str(start), SAVE_FILTER)
        return path

    def open_dialog(self) -> None:
        path = self._ask_file("act.open")
        if path:
            self.load_file(path)

    def read_save(self, path: str | Path) -> tuple[Session, SaveData] | None:
        """Load and verify a file the player chose; a bad one is reported and left untouched."""
        from tabletop.engine import savefile

        try:
            return savefile.load(path, self.plugins)
        except SaveFileError as exc:
            self._file_error(exc)
            return None

    def load_file(self, path: str | Path) -> GameController | None:
        """Open a save and continue it; on any problem the current match is left running."""
        loaded = self.read_save(path)
        if loaded is None or not self.confirm_leave():
            return None
        return self._start_saved(*loaded)

    def replay_dialog(self) -> None:
        recent = self.saves.recent_dir
        start = recent if recent.is_dir() else self.saves.root
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, _plain(tr("act.replay", self.lang)), str(start), SAVE_FILTER)
        if path:
            self.replay_file(path)

    def replay_file(self, path: str | Path) -> Any:
        """Open the replay viewer on a save file; it is never changed. A game not yet finished
        (the running match's own autosave, say) is shown only as a spectator sees it."""
        loaded = self.read_save(path)
        if loaded is None:
            return None
        session, data = loaded
        return self._open_replay(session, data.seats, None)

    def replay_current(self) -> Any:
        """Open the replay viewer on the current match (a copy: the match is not touched)."""
        c = self.controller
        if c is None:
            return None
        from tabletop.engine import savefile

        copy = savefile.restore(c.save_data(), {c.game.spec.id: c.game})
        # Behind the privacy screen nobody has claimed the screen yet: the public view only.
        viewer = c.viewing_seat if c.awaiting_privacy is None else None
        return self._open_replay(copy, list(c.setup.seats), viewer)

    def _open_replay(self, session: Session, seats: list[str], viewer: int | None) -> Any:
        """The replay viewer on ``session``, opened at ``viewer``'s seat. A finished game (or
        one without secrets) may be seen from every seat; a game still being played only as
        the spectator and ``viewer``, the person at the screen, see it."""
        from .replay import ReplayWindow

        plugin = self.plugins[session.game.spec.id]
        if self.replay_window is not None:
            self.replay_window.close()
        open_to_all = session.is_terminal() or not session.game.spec.has_hidden_information
        allowed = None if open_to_all else ([] if viewer is None else [viewer])
        window = ReplayWindow(plugin, session, seats, self.lang, viewer, self,
                              seats_allowed=allowed)
        self.replay_window = window
        window.show()
        window.raise_()
        return window

    def _on_autosave_failed(self, error: str) -> None:
        from .controller import WARNING

        # The turn's own status line is drawn right after the autosave; show this after it.
        text = tr("file.autosave_failed", self.lang, error=error)
        QTimer.singleShot(0, self, lambda: self.table_page.set_status(text, WARNING))

    # -- help -----------------------------------------------------------------------------
    def show_rules(self, game_id: str | None = None) -> None:
        from .rules_window import RulesWindow

        if game_id is None and self.controller is not None:
            game_id = self.controller.setup.game_id
        if game_id is None and len(self.plugins) == 1:
            game_id = next(iter(self.plugins))
        plugin = self.plugins.get(game_id) if game_id else None
        if self.rules_window is None:
            self.rules_window = RulesWindow(self.lang, self)
        self.rules_window.show_plugin(plugin)
        self.rules_window.set_language(self.lang)
        self.rules_window.show()
        self.rules_window.raise_()

    def shortcut_rows(self) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        for act in (self.act_new, self.act_open, self.act_save, self.act_quit, self.act_undo,
                    self.act_redo, self.act_hint,
                    self.act_zoom_in, self.act_zoom_out, self.act_fit, self.act_rules):
            keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                             for k in act.shortcuts())
            rows.append((_plain(act.text()), keys))
        buttons = self._table_page.game_buttons if self._table_page is not None else []
        for b in buttons:
            key = b.property("key")
            if key:
                rows.append((b.text(), QKeySequence(str(key)).toString(
                    QKeySequence.SequenceFormat.NativeText)))
        return rows

    def show_shortcuts(self) -> None:
        rows = "".join(f"<tr><td style='padding-right:18px'>{_escape(name)}</td>"
                       f"<td><b>{_escape(keys)}</b></td></tr>"
                       for name, keys in self.shortcut_rows())
        box = QtWidgets.QMessageBox(self)
        box.setWindowTitle(tr("shortcuts.title", self.lang))
        box.setTextFormat(QtCore.Qt.TextFormat.RichText)
        box.setText(f"<table>{rows}</table>")
        box.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def show_about(self) -> None:
        box = QtWidgets.QMessageBox(self)
        box.setWindowTitle(tr("about.title", self.lang))
        box.setTextFormat(QtCore.Qt.TextFormat.RichText)
        box.setText(tr("about.body", self.lang, version=__version__))
        box.setIconPixmap(draw_app_icon(64))
        box.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # -- closing --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            # The icon is an SVG: rendering it loads Qt's SVG plugin (~10 ms), which the
            # first paint need not wait for. Set on the application, it serves every window.
            self._painted = True
            QTimer.singleShot(0, lambda: QApplication.setWindowIcon(app_icon()))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_leave():
            event.ignore()
            return
        self._end_match()
        if self._thinker is not None:
            self._thinker.cancel()
        if self.settings is not None:
            self.settings.setValue("window/geometry", self.saveGeometry())
        if self.rules_window is not None:
            self.rules_window.close()
        if self.replay_window is not None:
            self.replay_window.close()
        self.saves.release_slot()  # the autosave stays, for the next start to offer
        super().closeEvent(event)
