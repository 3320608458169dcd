"""Hosting the front pages that games bring (``GamePlugin.page``), such as a campaign screen.

A game with a front page is opened by the chooser's Play button on that page instead of the
new-game dialog. The page is built the first time it is opened, shown in the window's page
stack, and reaches the app only through its ``PageHost`` (a ``tabletop.api.GameHost``): the
language, messages, the table's card painter, starting a match from plain values, leaving the
table, the chooser and the game's ordinary new-game dialog.

A match a page starts carries the page's *tag*, which the save file keeps. When that match ends,
the page is asked first (``FrontPage.match_over``) and may show its own ending instead of the
summary; a tagged match resumed from a save file is offered back to its game's page
(``FrontPage.adopt``). A page that fails to build is reported on the chooser; the app goes on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .i18n import spec_name, tr

if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QStackedWidget

    from tabletop.api import FrontPage, GamePlugin, Match
    from tabletop.engine.spec import OptionValue

    from .newgame import GameSetup


class _Window(Protocol):
    """What the hosting uses of the main window."""

    lang: str
    plugins: dict[str, GamePlugin]
    stack: QStackedWidget

    def show_message(self, title: str, text: str) -> Any: ...
    def start_game(self, setup: GameSetup) -> Any: ...
    def confirm_leave(self) -> bool: ...
    def show_chooser(self) -> None: ...
    def back_to_chooser(self) -> bool: ...
    def open_new_game(self, game_id: str) -> Any: ...
    def show_error(self, message: str) -> None: ...
    def update_actions(self) -> None: ...


class PageHost:
    """The app as one game's front page sees it (``tabletop.api.GameHost``)."""

    def __init__(self, window: _Window, pages: FrontPages, game_id: str) -> None:
        self._window = window
        self._pages = pages
        self.game_id = game_id

    @property
    def lang(self) -> str:
        return self._window.lang

    def show_message(self, title: str, text: str) -> None:
        self._window.show_message(title, text)

    def card_face(self, art: Mapping[str, Any], width: float, height: float,
                  scale: float) -> QPixmap:
        from tabletop.table.art import card_face

        return card_face(art, width, height, scale, self.lang)

    def start_match(self, game_id: str, seats: Sequence[str],
                    options: Mapping[str, OptionValue], seed: int | None = None, *,
                    tag: str | None = None) -> Match | None:
        from .newgame import GameSetup, random_seed  # the dialog's module: not at start-up

        setup = GameSetup(game_id, len(seats), list(seats), dict(options),
                          random_seed() if seed is None else seed, seed is not None, tag)
        match: Match | None = self._window.start_game(setup)
        if match is not None:
            self._pages.own(match, self.game_id)
        return match

    def confirm_leave(self) -> bool:
        return self._window.confirm_leave()

    def show_chooser(self) -> None:
        self._window.show_chooser()

    def show_page(self) -> bool:
        if not self._window.back_to_chooser():
            return False
        self._pages.open(self.game_id)
        return True

    def open_new_game(self, game_id: str) -> None:
        self._window.open_new_game(game_id)


class FrontPages:
    """The front pages of the window's games, built on first use, and whose match is whose."""

    def __init__(self, window: _Window) -> None:
        self._window = window
        self._pages: dict[str, FrontPage] = {}
        # The match under way that a page started or adopted, and that page's game.
        self._owner: tuple[Match, str] | None = None

    def page(self, game_id: str) -> FrontPage | None:
        """``game_id``'s front page if it has been built."""
        return self._pages.get(game_id)

    def has_page(self, game_id: str) -> bool:
        plugin = self._window.plugins.get(game_id)
        return plugin is not None and plugin.page is not None

    def _built(self, game_id: str) -> FrontPage | None:
        """The page, built now if it was not; ``None`` (reported) when it cannot be built."""
        page = self._pages.get(game_id)
        if page is not None:
            return page
        plugin = self._window.plugins[game_id]
        assert plugin.page is not None
        from PySide6.QtWidgets import QWidget

        try:
            page = plugin.page(PageHost(self._window, self, game_id))
            if not isinstance(page, QWidget):
                raise TypeError(f"the page is a {type(page).__name__}, not a QWidget")
        except Exception as exc:  # a broken page must leave the app usable
            name = spec_name(plugin.listing, self._window.lang)
            self._window.show_error(tr("error.page_failed", self._window.lang, game=name,
                                       error=f"{type(exc).__name__}: {exc}"))
            return None
        self._window.stack.addWidget(page)
        self._pages[game_id] = page
        return page

    def open(self, game_id: str) -> bool:
        """Show ``game_id``'s front page (read afresh); False when the game has none."""
        if not self.has_page(game_id):
            return False
        fresh = game_id not in self._pages
        page = self._built(game_id)
        if page is None:
            return True  # reported on the chooser
        if not fresh:
            page.refresh()
        self._window.stack.setCurrentWidget(page)  # a QWidget: checked when it was built
        self._window.update_actions()
        return True

    def retranslate(self) -> None:
        for page in self._pages.values():
            page.retranslate()

    def own(self, match: Match, game_id: str) -> None:
        """``match`` was started by ``game_id``'s page: its end goes to that page."""
        self._owner = (match, game_id)
        self._window.update_actions()  # the Game menu now offers the way back

    def adopt(self, match: Match, game_id: str) -> None:
        """A match resumed from a save file: a tagged one is offered back to its game's page."""
        if match.tag is None or not self.has_page(game_id):
            return
        page = self._built(game_id)
        if page is not None and page.adopt(match):
            self.own(match, game_id)

    def owner_of(self, match: Match | None) -> str | None:
        """The game whose page started (or adopted) ``match``, if any."""
        if match is None or self._owner is None or self._owner[0] is not match:
            return None
        return self._owner[1]

    def page_title(self, game_id: str) -> str:
        """What ``game_id``'s page calls itself (its game's name if it cannot say)."""
        page = self._pages.get(game_id)
        try:
            title = page.page_title() if page is not None else ""
        except Exception:  # a page's fault must not break the menu
            title = ""
        if not isinstance(title, str) or not title:
            title = spec_name(self._window.plugins[game_id].listing, self._window.lang)
        return title

    def back_to_page(self, match: Match | None) -> bool:
        """Leave ``match`` (asking first while it runs) for the page that started it; False
        when the player stays or no page did."""
        game_id = self.owner_of(match)
        if game_id is None or not self._window.back_to_chooser():
            return False
        self.open(game_id)
        return True

    def match_over(self, match: Match) -> bool:
        """Whether the page that started ``match`` took care of its end (no summary then)."""
        if self._owner is None or self._owner[0] is not match:
            return False
        page = self._pages.get(self._owner[1])
        return page is not None and page.match_over(match)
