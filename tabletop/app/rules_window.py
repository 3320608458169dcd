"""The rules viewer: a game's Markdown rulebook in the current language, opened with F1.

A rulebook missing in the chosen language falls back to English, then to any language the game
ships, so a player always gets some rules rather than an empty window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

from tabletop.api import GamePlugin

from .fit import resize_to_fit
from .i18n import spec_name, tr


def rulebook_path(plugin: GamePlugin, lang: str) -> Path | None:
    """The rulebook file to show for ``lang``: that language, else English, else any."""
    order = [lang, "en", *sorted(plugin.rules)]
    for code in order:
        path = plugin.rules.get(code)
        if path is not None and Path(path).is_file():
            return Path(path)
    return None


class RulesWindow(QDialog):
    """A non-modal window beside the table; follows the app's language."""

    def __init__(self, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.lang = lang
        self.plugin: GamePlugin | None = None
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        font = self.browser.font()
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.25)
        self.browser.setFont(font)
        self.browser.document().setDocumentMargin(18)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.browser)
        resize_to_fit(self, 720, 700)
        self._render()

    def show_plugin(self, plugin: GamePlugin | None) -> None:
        self.plugin = plugin
        self._render()

    def show_section(self, heading: str) -> bool:
        """Scroll to the section headed ``heading`` (a lesson's step links it); False when
        the rulebook on show has no such heading."""
        from PySide6.QtGui import QTextCursor

        doc = self.browser.document()
        block = doc.begin()
        while block.isValid():
            if block.text().strip() == heading.strip():
                cursor = QTextCursor(block)
                self.browser.setTextCursor(cursor)
                # The heading at the top of the window, not wherever the cursor scrolls it.
                bar = self.browser.verticalScrollBar()
                bar.setValue(bar.maximum())
                self.browser.ensureCursorVisible()
                return True
            block = block.next()
        return False

    def set_language(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._render()

    def shown_path(self) -> Path | None:
        return rulebook_path(self.plugin, self.lang) if self.plugin is not None else None

    def _render(self) -> None:
        if self.plugin is None:
            self.setWindowTitle(tr("rules.title", self.lang, game="Tabletop"))
            self.browser.setPlainText(tr("rules.no_game", self.lang))
            return
        spec = self.plugin.spec
        self.setWindowTitle(tr("rules.title", self.lang, game=spec_name(spec, self.lang)))
        path = self.shown_path()
        if path is None:
            self.browser.setPlainText(tr("rules.missing", self.lang))
            return
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            self.browser.setPlainText(f"{tr('rules.missing', self.lang)}\n{exc}")
            return
        self.browser.setMarkdown(text)
