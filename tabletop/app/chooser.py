"""The game chooser: every game that loaded as a card with Play and Rules, the offer to resume an
unfinished game, and every game that failed to load, with the reason.

It is all that start-up builds and paints: it needs no rules, no table and no controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import GamePlugin
from tabletop.registry import LoadFailure

from .i18n import escape, sort_key, spec_name, tr

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

FELT = "#23573b"  # the table's green, also the app icon's

# The chooser's look is set on its widgets (fonts, text colours) and painted (the rounded
# panels), not given as a style sheet: Qt polishes a style sheet into every widget of the page,
# which made building the page take 16-17 ms of CPU where it now takes 9-10 (the same cards,
# fonts loaded; ~190 ms to the first paint in all). It looks as the style sheet did, to the
# pixel but for the corners' antialiasing.
#: Each text's look: point size, colour, bold.
TEXT: dict[str, tuple[float, str, bool]] = {
    "chooserHeading": (26, "#f4ecd8", True),
    "chooserSub": (13, "#d9e6dc", False),
    "chooserError": (12, "#8f1d12", False),
    "chooserNone": (14, "#f4ecd8", False),
    "chooserFailure": (11, "#5c1a12", False),
    "resumeText": (12, "#3b2a14", False),
    "gameTitle": (20, "#3b2a14", True),
    "gameSubtitle": (12, "#6b5a3a", False),
    "gamePlayers": (12, "#23573b", True),
    "gameSummary": (11, "#2b2b2b", False),
}
#: Each button's look: point size, bold, padding either side of its text.
BUTTONS: dict[str, tuple[float, bool, int]] = {
    "play": (13, True, 18), "rules": (12, False, 14),
    "resume": (13, True, 18), "discard": (12, False, 14),
}
#: Each panel's look: fill, border (2 px, or none), corner radius, padding.
PANELS: dict[str, tuple[str, str, float, int]] = {
    "chooserError": ("#fbe3df", "", 6, 8),
    "chooserFailure": ("#f7d9d3", "", 8, 10),
    "resumeBanner": ("#fff4c9", "#b8860b", 8, 0),
    "gameCard": ("#f6efdc", "#b8860b", 12, 0),
}
BORDER = 2


class _Looks:
    """The fonts and palettes of one page's texts, each made once and shared."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[float, bool], QFont] = {}
        self._palettes: dict[str, QPalette] = {}

    def font(self, size: float, bold: bool) -> QFont:
        font = self._fonts.get((size, bold))
        if font is None:
            font = self._fonts[size, bold] = QFont()
            font.setPointSizeF(size)
            font.setBold(bold)
        return font

    def text(self, label: QLabel, name: str) -> QLabel:
        """``label`` named ``name`` and given that text's look."""
        size, colour, bold = TEXT[name]
        label.setObjectName(name)
        label.setFont(self.font(size, bold))
        palette = self._palettes.get(colour)
        if palette is None:
            palette = self._palettes[colour] = label.palette()  # a copy
            palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
        label.setPalette(palette)
        return label

    def button(self, button: QPushButton, role: str) -> QPushButton:
        """``button`` with the look of its role: its font, and room either side of its
        text."""
        size, bold, pad = BUTTONS[role]
        font = self.font(size, bold)
        button.setFont(font)
        # As wide as the padded button of a style sheet (its text, the padding, a 1 px frame):
        # the style's own minimum is wider; and as tall, padded 4 px above and below.
        text = QFontMetrics(font).size(0, button.text())
        button.setFixedWidth(text.width() + 2 * (pad + 1))
        button.setMinimumHeight(text.height() + 2 * (4 + 1))
        return button


_BRUSHES: dict[str, tuple[QPalette, QBrush]] = {}


def _brush(widget: QWidget, colour: str) -> QBrush:
    """A solid brush of ``colour``, taken from a palette. Painting with a pen or a colour, or
    making a brush of one, would have PySide build every enum of the Qt namespace to tell the
    overloads apart (~14-21 ms, measured), before the first paint is on screen."""
    kept = _BRUSHES.get(colour)
    if kept is None:
        palette = widget.palette()  # a copy, kept with its brush
        palette.setColor(QPalette.ColorRole.Window, QColor(colour))
        kept = _BRUSHES[colour] = (palette, palette.window())
    return kept[1]


def _fill(painter: QPainter, widget: QWidget, colour: str, rect: QRectF,
          radius: float = 0) -> None:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    painter.fillPath(path, _brush(widget, colour))


def _paint_panel(widget: QWidget, name: str) -> None:
    """The rounded panel of ``name`` under ``widget``'s content: its border is the panel in
    the border's colour, under the fill inset by the border's width."""
    fill, border, radius, _ = PANELS[name]
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(widget.rect())
    if border:
        _fill(painter, widget, border, rect, radius)
        rect.adjust(BORDER, BORDER, -BORDER, -BORDER)
        radius -= BORDER
    _fill(painter, widget, fill, rect, radius)
    painter.end()


class _Felt(QWidget):
    """The page under the cards, painted the table's green (a palette would pass the green to
    the buttons, whose frames the style draws from it)."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        _fill(painter, self, FELT, QRectF(self.rect()))
        painter.end()


class _Panel(QFrame):
    """A frame painted as a rounded panel (a game card, the resume offer)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self._panel = name

    def paintEvent(self, event: QPaintEvent) -> None:
        _paint_panel(self, self._panel)


class _PanelLabel(QLabel):
    """A text on a rounded panel (the error banner, a failure)."""

    def __init__(self, text: str, name: str, looks: _Looks) -> None:
        super().__init__(text)
        looks.text(self, name)
        self._panel = name
        pad = PANELS[name][3]
        self.setContentsMargins(pad, pad, pad, pad)
        # A label with a frame sets its text in by half an "x", as it did in a style sheet's
        # box.
        self.setIndent(QFontMetrics(self.font()).horizontalAdvance("x") // 2)
        self.setWordWrap(True)

    def paintEvent(self, event: QPaintEvent) -> None:
        _paint_panel(self, self._panel)
        super().paintEvent(event)


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
        self.error_banner: QLabel = QLabel()
        self.resume_banner: QFrame | None = None
        self.resume_button: QPushButton | None = None
        self.discard_button: QPushButton | None = None

    def populate(self, plugins: dict[str, GamePlugin], failures: list[LoadFailure],
                 lang: str, error: str = "", resume: str = "") -> None:
        looks = _Looks()
        inner = _Felt()
        inner.setObjectName("chooserInner")
        outer = QVBoxLayout(inner)
        outer.setContentsMargins(40, 28, 40, 28)
        outer.setSpacing(14)
        heading = looks.text(QLabel(tr("chooser.heading", lang)), "chooserHeading")
        sub = looks.text(QLabel(tr("chooser.sub", lang)), "chooserSub")
        outer.addWidget(heading)
        outer.addWidget(sub)
        self.error_banner = _PanelLabel(error, "chooserError", looks)
        self.error_banner.setVisible(bool(error))
        outer.addWidget(self.error_banner)
        self.resume_banner = self.resume_button = self.discard_button = None
        if resume:
            outer.addWidget(self._resume_banner(resume, lang, looks))
        grid = QGridLayout()
        grid.setSpacing(18)
        self.game_cards = {}
        columns = 3
        # Each game's listing: a game's code may not be imported yet (it is read from its
        # game.toml), and a card needs none of it.
        ordered = sorted(plugins.values(), key=lambda p: sort_key(p.listing, lang))
        for i, plugin in enumerate(ordered):
            card = self._game_card(plugin, lang, looks)
            self.game_cards[plugin.listing.id] = card
            # Every card of a row takes the row's height, its buttons on one line with its
            # neighbours': a row of cards of uneven heights looks unfinished.
            grid.addWidget(card, i // columns, i % columns)
        if not plugins:
            none = looks.text(QLabel(tr("chooser.none", lang)), "chooserNone")
            grid.addWidget(none, 0, 0)
        for col in range(columns):
            grid.setColumnStretch(col, 1)
        outer.addLayout(grid)
        self.failure_labels = []
        for failure in failures:
            label = _PanelLabel(f"<b>{tr('chooser.failed', lang, source=failure.source)}</b>"
                                f"<br>{escape(failure.message)}", "chooserFailure", looks)
            label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
            self.failure_labels.append(label)
            outer.addWidget(label)
        outer.addStretch(1)
        self.setWidget(inner)
        inner.setAutoFillBackground(False)  # it paints its felt itself

    def _resume_banner(self, text: str, lang: str, looks: _Looks) -> QFrame:
        """The offer to continue an unfinished game: its description, Resume and Discard."""
        banner = _Panel("resumeBanner")
        row = QHBoxLayout(banner)
        row.setContentsMargins(14 + BORDER, 10 + BORDER, 14 + BORDER, 10 + BORDER)
        # The description escaped into rich text shows exactly its words; setting the plain
        # text format instead would build all of Qt's namespace enums (~25 ms) before the
        # first paint of a start that offers to resume.
        label = looks.text(QLabel("<p>" + escape(text).replace("\n", "<br>") + "</p>"),
                           "resumeText")
        label.setWordWrap(True)
        resume = looks.button(QPushButton(tr("resume.resume", lang)), "resume")
        resume.clicked.connect(lambda _=False: self.resume_requested.emit())
        discard = looks.button(QPushButton(tr("resume.discard", lang)), "discard")
        discard.clicked.connect(lambda _=False: self.discard_requested.emit())
        row.addWidget(label, 1)
        row.addWidget(resume)
        row.addWidget(discard)
        self.resume_banner = banner
        self.resume_button = resume
        self.discard_button = discard
        return banner

    def _game_card(self, plugin: GamePlugin, lang: str, looks: _Looks) -> QFrame:
        spec = plugin.listing
        card = _Panel("gameCard")
        card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        lay = QVBoxLayout(card)
        lay.setContentsMargins(18 + BORDER, 14 + BORDER, 18 + BORDER, 14 + BORDER)
        other = "en" if lang == "ja" else "ja"
        title = looks.text(QLabel(spec_name(spec, lang)), "gameTitle")
        subtitle = looks.text(QLabel(spec_name(spec, other)), "gameSubtitle")
        if spec.min_players == spec.max_players:
            players = (tr("chooser.solo", lang) if spec.min_players == 1
                       else tr("chooser.players", lang, n=spec.min_players))
        else:
            players = tr("chooser.players_range", lang, lo=spec.min_players, hi=spec.max_players)
        count = looks.text(QLabel(players), "gamePlayers")
        summary = looks.text(QLabel(spec.summary_ja if lang == "ja" else spec.summary_en),
                             "gameSummary")
        summary.setWordWrap(True)
        buttons = QHBoxLayout()
        play = looks.button(QPushButton(tr("chooser.play", lang)), "play")
        play.setObjectName(f"play-{spec.id}")
        play.setMinimumHeight(38)
        play.clicked.connect(lambda _=False, gid=spec.id: self.play_requested.emit(gid))
        rules = looks.button(QPushButton(tr("chooser.rules", lang)), "rules")
        rules.setMinimumHeight(38)
        rules.clicked.connect(lambda _=False, gid=spec.id: self.rules_requested.emit(gid))
        buttons.addWidget(play)
        buttons.addWidget(rules)
        buttons.addStretch(1)
        for w in (title, subtitle, count, summary):
            lay.addWidget(w)
        lay.addStretch(1)  # the room a shorter text leaves goes above the buttons
        lay.addLayout(buttons)
        return card
