"""The game chooser: every game that loaded as a card with Play and Rules, the offer to resume an
unfinished game, and every game that failed to load, with the reason.

It is all that start-up builds and paints: it needs no rules, no table and no controller.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import Signal
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

FELT = "#23573b"  # the table's green, also the app icon's

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
            grid.addWidget(none, 0, 0)
        for col in range(columns):
            grid.setColumnStretch(col, 1)
        outer.addLayout(grid)
        self.failure_labels = []
        for failure in failures:
            label = QLabel(f"<b>{tr('chooser.failed', lang, source=failure.source)}</b><br>"
                           f"{escape(failure.message)}")
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
        label = QLabel("<p>" + escape(text).replace("\n", "<br>") + "</p>")
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
        spec = plugin.listing
        card = QFrame()
        card.setObjectName("gameCard")
        card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        lay = QVBoxLayout(card)
        lay.setContentsMargins(18, 14, 18, 14)
        other = "en" if lang == "ja" else "ja"
        title = QLabel(spec_name(spec, lang))
        title.setObjectName("gameTitle")
        subtitle = QLabel(spec_name(spec, other))
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
        lay.addStretch(1)  # the room a shorter text leaves goes above the buttons
        lay.addLayout(buttons)
        return card
