"""The window's menus and their actions, which of them can be used now, and what Help opens.

Game (new, open, save, replay, statistics, restart, back to the list, quit), Edit (undo, redo,
hint), View (zoom, fit, language) and Help (the rules window, keyboard shortcuts, about). An
action that cannot be used is disabled; a refused undo or redo says why in its tooltip, and
Ctrl+Z still answers with the reason on the status line. Everything here is retranslated when the
language changes. The rules window (F1, or Rules on the chooser) shows a game's rulebook.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

# The Qt namespace is reached through ``QtCore`` when a method runs: building its enums costs
# ~45 ms, and the chooser paints without them (the window builds the menus before it paints).
from PySide6 import QtCore, QtWidgets
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut

from tabletop import __version__

from .i18n import LANGUAGE_NAMES, LANGUAGES, escape, plain, tr
from .sound import VOLUMES
from .undo_guard import redo_state, undo_state

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QPushButton

    from tabletop.api import GamePlugin

    from .controller import GameController
    from .files import Files
    from .pages import TablePage
    from .sound import SoundBoard


class _Window(Protocol):
    """The window's commands that the menus trigger, and what the rules window reads."""

    plugins: dict[str, GamePlugin]
    controller: GameController | None
    files: Files

    @property
    def remote(self) -> Any: ...
    @property
    def table(self) -> Any: ...

    def open_new_game(self, game_id: str | None = None) -> Any: ...
    def learn(self, game_id: str) -> Any: ...
    def restart(self) -> None: ...
    def back_to_chooser(self) -> bool: ...
    def back_to_page(self) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def hint(self) -> None: ...
    def set_language(self, lang: str) -> None: ...
    def hover_lens(self) -> bool: ...
    def set_hover_lens(self, on: bool) -> None: ...
    def auto_results(self) -> bool: ...
    def set_auto_results(self, on: bool) -> None: ...
    @property
    def sound(self) -> SoundBoard: ...
    def set_sound_muted(self, on: bool) -> None: ...
    def set_sound_volume(self, percent: int) -> None: ...


class Menus:
    """The menu bar of ``window`` (a ``QMainWindow``) and every action in it; ``commands``
    carries them out, and ``game_buttons()`` are the buttons of the game on show."""

    def __init__(self, window: QMainWindow, commands: _Window,
                 game_buttons: Callable[[], list[QPushButton]]) -> None:
        self.window = window
        self._commands = commands
        self._game_buttons = game_buttons
        self.rules_window: Any = None
        self.stats_window: Any = None
        self._texts: list[tuple[Any, str]] = []  # (action, i18n key)

        def action(key: str, slot: Callable[[], object],
                   shortcut: QKeySequence | list[QKeySequence] | str | None = None) -> QAction:
            act = QAction(window)
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

        c = commands
        std = QKeySequence.StandardKey
        self.act_new = action("act.new", c.open_new_game, QKeySequence(std.New))
        self.act_restart = action("act.restart", c.restart)
        self.act_chooser = action("act.chooser", c.back_to_chooser)
        # "Back to <page>": shown while the match under way was started by a game's page.
        self.act_page = QAction(window)
        self.act_page.triggered.connect(lambda _=False: c.back_to_page())
        self.act_page.setVisible(False)
        self.act_open = action("act.open", c.files.open_dialog, QKeySequence(std.Open))
        self.act_save = action("act.save", c.files.save_dialog, QKeySequence(std.Save))
        self.act_replay = action("act.replay", c.files.replay_dialog)
        self.act_join = action("act.join", lambda: c.remote.join_dialog())
        self.act_host = action("act.host", lambda: c.remote.host_dialog())
        self.act_stats = action("act.stats", self.show_statistics)
        self.act_quit = action("act.quit", window.close, "Ctrl+Q")
        self.act_undo = action("act.undo", c.undo, QKeySequence(std.Undo))
        self.act_redo = action("act.redo", c.redo,
                               [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_hint = action("act.hint", c.hint, "H")
        self.act_zoom_in = action("act.zoom_in", lambda: c.table.zoom_in(),
                                  [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self.act_zoom_out = action("act.zoom_out", lambda: c.table.zoom_out(), "Ctrl+-")
        self.act_fit = action("act.fit", lambda: c.table.fit_table(), "Ctrl+0")
        self.act_hover_lens = action("act.hover_lens", lambda: None)
        self.act_hover_lens.setCheckable(True)
        self.act_hover_lens.setChecked(c.hover_lens())
        self.act_hover_lens.toggled.connect(c.set_hover_lens)
        self.act_auto_results = action("act.auto_results", lambda: None)
        self.act_auto_results.setCheckable(True)
        self.act_auto_results.setChecked(c.auto_results())
        self.act_auto_results.toggled.connect(c.set_auto_results)
        # Sound: on by default; M turns it off and on (the choice is remembered).
        self.act_mute = action("act.mute", lambda: None, "M")
        self.act_mute.setCheckable(True)
        self.act_mute.setChecked(c.sound.muted())
        self.act_mute.toggled.connect(c.set_sound_muted)
        self.volume_group = QActionGroup(window)
        self.volume_actions: dict[int, QAction] = {}
        for percent in VOLUMES:
            act = QAction(window)  # and setters, as the language actions below
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, v=percent: c.set_sound_volume(v))
            self.volume_group.addAction(act)
            self.volume_actions[percent] = act
        self.act_rules = action("act.rules", lambda: self.show_rules(None), "F1")
        self.act_shortcuts = action("act.shortcuts", self.show_shortcuts)
        self.act_about = action("act.about", self.show_about)

        bar = window.menuBar()
        self.menu_game = bar.addMenu("")
        for act in (self.act_new, self.act_open, self.act_save, self.act_replay):
            self.menu_game.addAction(act)
        self.menu_game.addSeparator()
        self.menu_game.addAction(self.act_join)
        self.menu_game.addAction(self.act_host)
        self.menu_game.addSeparator()
        self.menu_game.addAction(self.act_stats)
        self.menu_game.addSeparator()
        for act in (self.act_restart, self.act_page, self.act_chooser):
            self.menu_game.addAction(act)
        self.menu_game.addSeparator()
        self.menu_game.addAction(self.act_quit)
        self.menu_edit = bar.addMenu("")
        for act in (self.act_undo, self.act_redo):
            self.menu_edit.addAction(act)
        self.menu_edit.addSeparator()
        self.menu_edit.addAction(self.act_hint)
        # A disabled action's shortcut is dead; this one answers Ctrl+Z then with the reason.
        self.undo_refused_shortcut = QShortcut(QKeySequence(std.Undo), window)
        self.undo_refused_shortcut.setEnabled(False)
        self.undo_refused_shortcut.activated.connect(c.undo)
        self.menu_view = bar.addMenu("")
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            self.menu_view.addAction(act)
        self.menu_view.addSeparator()
        self.menu_view.addAction(self.act_hover_lens)
        self.menu_view.addAction(self.act_auto_results)
        self.menu_view.addSeparator()
        self.menu_view.addAction(self.act_mute)
        self.menu_volume = self.menu_view.addMenu("")
        for act in self.volume_actions.values():
            self.menu_volume.addAction(act)
        self.menu_view.addSeparator()
        self.menu_language = self.menu_view.addMenu("")
        self.language_group = QActionGroup(window)
        self.language_actions: dict[str, QAction] = {}
        for code in LANGUAGES:
            # QAction(window) and setters: the (text, parent) overload's resolution builds
            # QIcon's 151 theme icons first (~4 ms of the first paint).
            act = QAction(window)
            act.setText(LANGUAGE_NAMES[code])
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, lang=code: c.set_language(lang))
            self.language_group.addAction(act)
            self.menu_language.addAction(act)
            self.language_actions[code] = act
        self.menu_help = bar.addMenu("")
        for act in (self.act_rules, self.act_shortcuts):
            self.menu_help.addAction(act)
        # Learn to play: a game's lesson, for each game that has one (listed when opened).
        self.menu_learn = self.menu_help.addMenu("")
        self.menu_learn.aboutToShow.connect(self._list_lessons)
        self.menu_help.addSeparator()
        self.menu_help.addAction(self.act_about)
        self._menus = ((self.menu_game, "menu.game"), (self.menu_edit, "menu.edit"),
                       (self.menu_view, "menu.view"), (self.menu_language, "menu.language"),
                       (self.menu_volume, "menu.volume"),
                       (self.menu_help, "menu.help"), (self.menu_learn, "menu.learn"))
        self.lang = "en"
        self.show_sound(c.sound)

    def show_sound(self, board: SoundBoard) -> None:
        """The sound items as ``board``'s settings stand: muted or not, the volume chosen."""
        self.act_mute.blockSignals(True)
        self.act_mute.setChecked(board.muted())
        self.act_mute.blockSignals(False)
        nearest = min(VOLUMES, key=lambda v: abs(v - board.volume()))
        self.volume_actions[nearest].setChecked(True)

    def retranslate(self, lang: str) -> None:
        self.lang = lang
        for act, key in self._texts:
            act.setText(tr(key, lang))
        for menu, key in self._menus:
            menu.setTitle(tr(key, lang))
        self.language_actions[lang].setChecked(True)
        for percent, act in self.volume_actions.items():
            act.setText(tr("act.volume", lang, percent=percent))
        if self.rules_window is not None:
            self.rules_window.set_language(lang)
        if self.stats_window is not None:
            self.stats_window.set_language(lang)

    def update(self, c: GameController | None, page: TablePage | None, on_table: bool,
               front_page: str = "") -> None:
        """Enable what can be used now: ``c`` is the match (if any), ``page`` the table page
        (once built), ``on_table`` whether it is the page on show, ``front_page`` the title
        of the page that started the match ("": none did)."""
        in_game = c is not None
        self.act_page.setVisible(bool(front_page) and in_game)
        if front_page:
            self.act_page.setText(tr("act.page", self.lang, page=front_page))
        for act in (self.act_restart, self.act_save):
            act.setEnabled(in_game)
        hint = c is not None and c.hints.available()
        self.act_hint.setEnabled(hint)
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
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            act.setEnabled(on_table)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """Every keyboard shortcut: the menus' and those of the game's buttons on show."""
        rows: list[tuple[str, str]] = []
        for act in (self.act_new, self.act_open, self.act_save, self.act_quit, self.act_undo,
                    self.act_redo, self.act_hint, self.act_mute,
                    self.act_zoom_in, self.act_zoom_out, self.act_fit, self.act_rules):
            keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                             for k in act.shortcuts())
            rows.append((plain(act.text()), keys))
        for b in self._game_buttons():
            key = b.property("key")
            if key:
                rows.append((b.text(), QKeySequence(str(key)).toString(
                    QKeySequence.SequenceFormat.NativeText)))
        # The table's own keys (tabletop.table.view): playing without the mouse, and turning;
        # then how the keyboard reaches the buttons of moves that have no place on the table.
        rows += [(tr(f"shortcuts.{name}", self.lang), tr(f"shortcuts.{name}_keys", self.lang))
                 for name in ("step", "pick", "turn", "put_back", "lens", "buttons", "zoom")]
        return rows

    def _list_lessons(self) -> None:
        """Help ▸ Learn to play: the games that have a lesson, the game on the table first."""
        from tabletop.registry import lesson_file

        from .i18n import sort_key, spec_name

        self.menu_learn.clear()
        c = self._commands
        games = sorted((p for p in c.plugins.values() if lesson_file(p) is not None),
                       key=lambda p: sort_key(p.listing, self.lang))
        here = c.controller.setup.game_id if c.controller is not None else None
        games.sort(key=lambda p: p.listing.id != here)
        for plugin in games:
            act = self.menu_learn.addAction(spec_name(plugin.listing, self.lang))
            act.setObjectName(f"learn-{plugin.listing.id}")
            act.triggered.connect(lambda _=False, gid=plugin.listing.id: c.learn(gid))
        self.menu_learn.setEnabled(bool(games))

    def show_rules(self, game_id: str | None = None) -> None:
        """The rules window, on ``game_id``'s rulebook: by default the game on the table, or
        the only game there is."""
        from .rules_window import RulesWindow

        plugins = self._commands.plugins
        controller = self._commands.controller
        if game_id is None and controller is not None:
            game_id = controller.setup.game_id
        if game_id is None and len(plugins) == 1:
            game_id = next(iter(plugins))
        plugin = plugins.get(game_id) if game_id else None
        if self.rules_window is None:
            self.rules_window = RulesWindow(self.lang, self.window)
        self.rules_window.show_plugin(plugin)
        self.rules_window.set_language(self.lang)
        self.rules_window.show()
        self.rules_window.raise_()

    def show_statistics(self, game_id: str | None = None) -> None:
        """The Statistics window (``stats_page``), on ``game_id``: by default the game on the
        table, else the last one played; its records are read afresh."""
        from .stats_page import StatsWindow

        controller = self._commands.controller
        if game_id is None and controller is not None:
            game_id = controller.setup.game_id
        if self.stats_window is None:
            files = self._commands.files
            self.stats_window = StatsWindow(self._commands.plugins, self.lang, self.window,
                                            export_dir=files.saves.saves_dir,
                                            saves=files.saves)
            self.stats_window.review_requested.connect(files.review_file)
        self.stats_window.set_language(self.lang)
        self.stats_window.load(game_id)
        self.stats_window.show()
        self.stats_window.raise_()

    def close(self) -> None:
        """The window closes: the rules and statistics windows go with it."""
        if self.rules_window is not None:
            self.rules_window.close()
        if self.stats_window is not None:
            self.stats_window.close()

    def show_shortcuts(self) -> None:
        rows = "".join(f"<tr><td style='padding-right:18px'>{escape(name)}</td>"
                       f"<td><b>{escape(keys)}</b></td></tr>"
                       for name, keys in self.shortcut_rows())
        box = QtWidgets.QMessageBox(self.window)
        box.setWindowTitle(tr("shortcuts.title", self.lang))
        box.setTextFormat(QtCore.Qt.TextFormat.RichText)
        box.setText(f"<table>{rows}</table>")
        box.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def show_about(self) -> None:
        from .icon import draw_app_icon

        box = QtWidgets.QMessageBox(self.window)
        box.setWindowTitle(tr("about.title", self.lang))
        box.setTextFormat(QtCore.Qt.TextFormat.RichText)
        box.setText(tr("about.body", self.lang, version=__version__))
        box.setIconPixmap(draw_app_icon(64))
        box.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
