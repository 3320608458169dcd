"""The game chooser: every game that loaded as a card with Play and Rules, the offer to resume an
unfinished game, and every game that failed to load, with the reason.

It is all that start-up builds and paints: it needs no rules, no table and no controller.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPalette
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
from tabletop.registry import LoadFailure, lesson_file

from .i18n import escape, sort_key, spec_name, tr

FELT = "#23573b"  # the table's green, also the app icon's
CREAM = "#f4ecd8"
GOLD = "#b8860b"
BROWN = "#3b2a14"


def _look(widget: QWidget, points: float, colour: str | None = None, bold: bool = False) -> None:
    """Give ``widget`` its size of type, weight and colour of text.

    The chooser is styled through fonts and palettes, not a style sheet: Qt polishes every
    widget under a sheet through its style-sheet engine, which cost ~12 ms of the first start
    for the dozen cards, and the first paint waits for it."""
    font = QFont(widget.font())
    font.setPointSizeF(points)
    font.setBold(bold)
    widget.setFont(font)
    if colour is not None:
        palette = widget.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
        widget.setPalette(palette)


def _button(text: str, points: float, bold: bool, side: int) -> QPushButton:
    """A push button with larger type and ``side`` pixels of room each side of its text."""
    button = QPushButton(text)
    _look(button, points, bold=bold)
    button.setMinimumHeight(38)
    button.setMinimumWidth(button.fontMetrics().horizontalAdvance(text) + 2 * side + 2)
    return button


class _Panel(QFrame):
    """A rounded panel painted in one fill with a border: a game card, the resume offer."""

    def __init__(self, fill: str, border: str | None, radius: float) -> None:
        super().__init__()
        self._fill = solid(fill)
        self._border = solid(border) if border else None
        self._radius = radius

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_panel(self, self._fill, self._border, self._radius)


class _PanelLabel(QLabel):
    """A word-wrapped label on a rounded panel of its own: the error banner, a failure."""

    def __init__(self, text: str, fill: str, colour: str, points: float, pad: int,
                 radius: float) -> None:
        super().__init__(text)
        self.setWordWrap(True)
        self.setMargin(pad)
        self._fill = solid(fill)
        self._radius = radius
        _look(self, points, colour)

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_panel(self, self._fill, None, self._radius)
        super().paintEvent(event)


def solid(colour: str) -> QBrush:
    """A solid brush of ``colour``, made through a palette: ``QBrush(QColor)``, and every call
    that turns a colour into a brush or pen, first builds every enum of Qt's namespace
    (~20 ms), which the first paint would wait for."""
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(colour))
    return palette.brush(QPalette.ColorRole.Window)


def paint_panel(widget: QWidget, fill: QBrush, border: QBrush | None, radius: float) -> None:
    """Paint ``widget``'s rect as a rounded panel, with a 2-pixel border inside the rect (two
    filled paths: a pen would need the namespace's enums, as ``solid`` says)."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(widget.rect())
    if border is not None:
        outer = QPainterPath()
        outer.addRoundedRect(rect, radius, radius)
        painter.fillPath(outer, border)
        rect = rect.adjusted(2, 2, -2, -2)
        radius -= 2
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    painter.fillPath(path, fill)
    painter.end()


class ChooserPage(QScrollArea):
    """Every loaded game as a card with Play and Rules buttons; failed plugins below."""

    play_requested = Signal(str)
    rules_requested = Signal(str)
    lesson_requested = Signal(str)  # Learn to play: the game's lesson (``lessons``)
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
        felt = inner.palette()
        felt.setColor(QPalette.ColorRole.Window, QColor(FELT))
        inner.setPalette(felt)
        inner.setAutoFillBackground(True)
        outer = QVBoxLayout(inner)
        outer.setContentsMargins(40, 28, 40, 28)
        outer.setSpacing(14)
        heading = QLabel(tr("chooser.heading", lang))
        heading.setObjectName("chooserHeading")
        _look(heading, 26, CREAM, bold=True)
        sub = QLabel(tr("chooser.sub", lang))
        sub.setObjectName("chooserSub")
        _look(sub, 13, "#d9e6dc")
        outer.addWidget(heading)
        outer.addWidget(sub)
        self.error_banner = _PanelLabel(error, "#fbe3df", "#8f1d12", 12, 8, 6)
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
        # Each game's listing: a game's code may not be imported yet (it is read from its
        # game.toml), and a card needs none of it.
        ordered = sorted(plugins.values(), key=lambda p: sort_key(p.listing, lang))
        for i, plugin in enumerate(ordered):
            card = self._game_card(plugin, lang)
            self.game_cards[plugin.listing.id] = card
            # Every card of a row takes the row's height, its buttons on one line with its
            # neighbours': a row of cards of uneven heights looks unfinished.
            grid.addWidget(card, i // columns, i % columns)
        if not plugins:
            none = QLabel(tr("chooser.none", lang))
            none.setObjectName("chooserNone")
            _look(none, 14, CREAM)
            grid.addWidget(none, 0, 0)
        for col in range(columns):
            grid.setColumnStretch(col, 1)
        outer.addLayout(grid)
        self.failure_labels = []
        for failure in failures:
            label = _PanelLabel(f"<b>{tr('chooser.failed', lang, source=failure.source)}</b><br>"
                                f"{escape(failure.message)}", "#f7d9d3", "#5c1a12", 11, 10, 8)
            label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setObjectName("chooserFailure")
            self.failure_labels.append(label)
            outer.addWidget(label)
        outer.addStretch(1)
        self.setWidget(inner)

    def _resume_banner(self, text: str, lang: str) -> QFrame:
        """The offer to continue an unfinished game: its description, Resume and Discard."""
        banner = _Panel("#fff4c9", GOLD, 8)
        banner.setObjectName("resumeBanner")
        row = QHBoxLayout(banner)
        row.setContentsMargins(14, 10, 14, 10)
        # The description escaped into rich text shows exactly its words; setting the plain
        # text format instead would build all of Qt's namespace enums (~25 ms) before the
        # first paint of a start that offers to resume.
        label = QLabel("<p>" + escape(text).replace("\n", "<br>") + "</p>")
        label.setObjectName("resumeText")
        _look(label, 12, BROWN)
        label.setWordWrap(True)
        resume = _button(tr("resume.resume", lang), 13, True, 18)
        resume.clicked.connect(lambda _=False: self.resume_requested.emit())
        discard = _button(tr("resume.discard", lang), 12, False, 14)
        discard.clicked.connect(lambda _=False: self.discard_requested.emit())
        row.addWidget(label, 1)
        row.addWidget(resume)
        row.addWidget(discard)
        self.resume_banner = banner
        self.resume_button = resume
        self.discard_button = discard
        return banner

    def _game_card(self, plugin: GamePlugin, lang: str) -> QFrame:
        spec = plugin.listing
        card = _Panel("#f6efdc", GOLD, 12)
        card.setObjectName("gameCard")
        card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        lay = QVBoxLayout(card)
        lay.setContentsMargins(20, 16, 20, 16)  # the border is painted inside
        other = "en" if lang == "ja" else "ja"
        title = QLabel(spec_name(spec, lang))
        title.setObjectName("gameTitle")
        _look(title, 20, BROWN, bold=True)
        subtitle = QLabel(spec_name(spec, other))
        subtitle.setObjectName("gameSubtitle")
        _look(subtitle, 12, "#6b5a3a")
        if spec.min_players == spec.max_players:
            players = (tr("chooser.solo", lang) if spec.min_players == 1
                       else tr("chooser.players", lang, n=spec.min_players))
        else:
            players = tr("chooser.players_range", lang, lo=spec.min_players, hi=spec.max_players)
        count = QLabel(players)
        count.setObjectName("gamePlayers")
        _look(count, 12, FELT, bold=True)
        summary = QLabel(spec.summary_ja if lang == "ja" else spec.summary_en)
        summary.setWordWrap(True)
        summary.setObjectName("gameSummary")
        _look(summary, 11, "#2b2b2b")
        buttons = QHBoxLayout()
        play = _button(tr("chooser.play", lang), 13, True, 18)
        play.setObjectName(f"play-{spec.id}")
        play.clicked.connect(lambda _=False, gid=spec.id: self.play_requested.emit(gid))
        rules = _button(tr("chooser.rules", lang), 12, False, 14)
        rules.clicked.connect(lambda _=False, gid=spec.id: self.rules_requested.emit(gid))
        buttons.addWidget(play)
        buttons.addWidget(rules)
        # Only whether the game has a lesson file is looked at here: it is read when opened.
        if lesson_file(plugin) is not None:
            learn = _button(tr("chooser.learn", lang), 12, False, 14)
            learn.setObjectName(f"learn-{spec.id}")
            learn.clicked.connect(lambda _=False, gid=spec.id: self.lesson_requested.emit(gid))
            buttons.addWidget(learn)
        buttons.addStretch(1)
        for w in (title, subtitle, count, summary):
            lay.addWidget(w)
        lay.addStretch(1)  # the room a shorter text leaves goes above the buttons
        lay.addLayout(buttons)
        return card
