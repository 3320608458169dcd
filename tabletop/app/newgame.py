"""The new-game dialog: which game (any installed one), how many players, who plays each seat
(and the people's names), game options, and the seed.

It returns a ``GameSetup``, the plain description of a match that the controller starts and
that "Restart" and "Play again" reuse; a game's front page describes its matches the same way
(``tabletop.api.GameHost.start_match``). The names the people typed are remembered per seat
position in the window's settings and offered again by the next dialog, also after a restart.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator, QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import HUMAN
from tabletop.engine.spec import AI_LEVELS as SEAT_LEVELS
from tabletop.engine.spec import GameSpec, OptionSpec, OptionValue

from .i18n import escape, player_name, spec_name, tr

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

#: The levels a person may seat: every AI level but random play, a yardstick.
AI_LEVELS: tuple[str, ...] = tuple(lv for lv in SEAT_LEVELS if lv != "random")
SEAT_CHOICES: tuple[str, ...] = (HUMAN, *AI_LEVELS)
SEED_LIMIT = 2**31 - 1
#: What the dialog's ``exec()`` answers when the player leaves it for the picked game's own
#: page (``NewGameDialog.page_game``) instead of starting a match.
OPEN_PAGE = 2
#: The save file's ``ui`` entry with the tag of the front page that started the match. Saves
#: written before front pages had tags kept the one page's tag (a campaign's slot) under
#: ``"campaign"``; they are read the same way.
TAG = "tag"
TAG_BEFORE_PAGES = "campaign"
#: The save file's ``ui`` entry with the people's names, one per seat ("" for a seat without
#: one). Saves without it name every seat "Player N".
NAMES = "names"
#: The settings key of the name last typed for a seat position (1-based).
NAME_SETTING = "players/name{n}"
#: A name is a label on a page, a status line and a log: a few words at most.
NAME_LIMIT = 20
# Marks that turn the direction of the text after them; a name must not reverse the sentence
# it stands in.
_BIDI_CONTROLS = frozenset((0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F),
                            *range(0x2066, 0x206A)))


def clean_name(text: object) -> str:
    """A player's name as plain text: line breaks and tabs become spaces, other control
    characters (and marks that turn the text's direction) go, runs of spaces are one, and it
    is cut to ``NAME_LIMIT`` characters. Anything but text gives "" (no name)."""
    if not isinstance(text, str):
        return ""
    kept: list[str] = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cs") and ord(ch) not in _BIDI_CONTROLS:
            kept.append(ch)
    return " ".join("".join(kept).split())[:NAME_LIMIT].strip()


def random_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_LIMIT)


@dataclass
class GameSetup:
    """One match to start: the game, its seats (``"human"`` or an AI level), options, seed.

    ``fixed_seed`` records whether the player typed the seed; when not, "Play again" draws a
    fresh one so the next match has new dice and cards. ``tag`` is the mark of the game's front
    page that started the match (a campaign's slot, say); it travels in the save file, so
    a match resumed after a restart goes back to that page. ``names`` are the names the people
    gave, one per seat ("" or missing: "Player N"); they are cleaned (``clean_name``), kept for
    human seats only, travel in the save file too, and are empty when nobody gave one.
    """

    game_id: str
    players: int
    seats: list[str]
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    fixed_seed: bool = False
    tag: str | None = None
    names: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.seats) != self.players:
            raise ValueError(f"{self.players} players need {self.players} seats, "
                             f"got {len(self.seats)}.")
        names = [clean_name(n) if self.is_human(seat) else ""
                 for seat, n in enumerate(list(self.names)[:self.players])]
        self.names = names if any(names) else []

    def name(self, seat: int) -> str:
        """The name the person at ``seat`` gave ("" when none: the app says "Player N")."""
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def again(self) -> GameSetup:
        """The same match set-up, with a new seed unless the player fixed one."""
        seed = self.seed if self.fixed_seed else random_seed()
        return GameSetup(self.game_id, self.players, list(self.seats), dict(self.options),
                         seed, self.fixed_seed, names=list(self.names))

    @staticmethod
    def saved_tag(ui: Mapping[str, Any]) -> str | None:
        """The front page's tag kept in a save file's ``ui``, in either of its forms."""
        tag = ui.get(TAG, ui.get(TAG_BEFORE_PAGES))
        return tag if isinstance(tag, str) else None

    @staticmethod
    def saved_names(ui: Mapping[str, Any]) -> list[str]:
        """The names kept in a save file's ``ui`` (none in saves from before names, or in a
        file whose entry is not a list); each one is cleaned again, as typed text would be."""
        names = ui.get(NAMES)
        return [clean_name(n) for n in names] if isinstance(names, list) else []

    def speaker_names(self, lang: Callable[[], str]) -> SeatNames | None:
        """The seats' names for a game's speaker (``GamePlugin.speaker``): ``None`` when nobody
        gave a name, so that the speaker words every seat as it always did."""
        return SeatNames(self, lang) if self.names else None


class SeatNames(Sequence[str]):
    """The names of a match's seats as a speaker reads them (``{seat:player}``): the name a
    person gave, else "Player N" in the language of the moment (``lang()``), which changes
    when the player switches it. The speaker keeps one list for every language; a seat without
    a name must still be "プレイヤー2" in Japanese."""

    def __init__(self, setup: GameSetup, lang: Callable[[], str]) -> None:
        self._setup = setup
        self._lang = lang

    def __len__(self) -> int:
        return self._setup.players

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        seat = index % len(self)
        return self._setup.name(seat) or player_name(seat, self._lang())

    def __iter__(self) -> Iterator[str]:
        return (self[i] for i in range(len(self)))


def default_seats(players: int) -> list[str]:
    """Seat 1 is the person at the screen; the others are computer players of normal strength."""
    return [HUMAN] + ["normal"] * (players - 1)


def choice_label(spec: GameSpec, opt: OptionSpec, value: OptionValue, lang: str,
                 you: int | None = None) -> str:
    """Text for one choice of an option.

    A game may name its choices in ``spec.extra["choice_labels"][key][value] = {"en", "ja"}``;
    otherwise the value itself is shown, made a little friendlier ("first-game" → "First game",
    "random" → "Random" / "ランダム").

    A choice about one seat ("Player 1 is the Rich Man first") may say so with ``"seat": n``
    and word itself for the one person at the screen: ``"you"`` when that person sits at seat
    ``n`` ("You are the Rich Man first"), ``"other"`` when they sit elsewhere ("You are the
    Thief first"), each ``{"en", "ja"}``. ``you`` is that person's seat; ``None`` (hot-seat,
    or only computer players) keeps the plain label.
    """
    names = (spec.extra or {}).get("choice_labels", {}).get(opt.key, {}).get(str(value), {})
    seat = names.get("seat")
    if you is not None and isinstance(seat, int):
        mine = names.get("you" if seat == you else "other") or {}
        label = mine.get(lang) or mine.get("en")
        if label:
            return str(label)
    label = names.get(lang) or names.get("en")
    if label:
        return str(label)
    if str(value) == "random":
        return tr("option.random", lang)
    return str(value).replace("-", " ").replace("_", " ").capitalize()


class _OptionLabel(QLabel):
    """An option's name beside its control, with the same help on hover. A click on it works
    the control as a click on a check box's own words would: the control takes the keyboard,
    and a check box is ticked or cleared."""

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        buddy = self.buddy()
        if (event.button() != Qt.MouseButton.LeftButton or buddy is None
                or not buddy.isEnabled() or not self.rect().contains(event.position().toPoint())):
            return
        buddy.setFocus(Qt.FocusReason.MouseFocusReason)
        if isinstance(buddy, QCheckBox):
            buddy.click()


def _keep_room(widget: QWidget) -> None:
    """A hidden ``widget`` keeps its room in the layout: the controls below it stay put."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


class NewGameDialog(QDialog):
    """Asks for the game, players, seats (with the people's names), options and seed;
    ``setup()`` reads the answer.

    The dialog opens on ``spec``'s game. With ``games`` (every installed game, in the game
    list's order) a list at its top picks another: the seats, options and seed then become
    that game's, from its set-up in ``setups`` (the last one played of each game) if it has
    one; the names typed so far stay with their seats. A game in ``pages`` is played from a
    page of its own (a campaign, say): picked, the dialog offers that page, and the player who
    takes the offer closes it with ``OPEN_PAGE`` (``page_game`` names the game). A single match
    of that game may still be started here.

    With ``settings`` (the window's) the names typed for each seat position are remembered
    when the dialog is accepted and offered again by the next one, of any game; without, the
    names of ``previous`` are offered.

    Changing the number of players moves nothing: the rows of the seats not in play keep
    their room, as does the note that only computers play, so that the control under the
    mouse stays under it.
    """

    def __init__(self, spec: GameSpec, lang: str, previous: GameSetup | None = None,
                 parent: QWidget | None = None, settings: QSettings | None = None, *,
                 games: Sequence[GameSpec] = (), setups: Mapping[str, GameSetup] | None = None,
                 pages: Collection[str] = ()) -> None:
        super().__init__(parent)
        self.lang = lang
        self.settings = settings
        self.games: dict[str, GameSpec] = {g.id: g for g in games}
        if spec.id not in self.games:
            self.games = {spec.id: spec, **self.games}
        self._setups = dict(setups or {})
        if previous is not None and previous.game_id == spec.id:
            self._setups[spec.id] = previous
        self._pages = frozenset(pages)
        self.page_game: str | None = None  # the game whose page the player chose to open
        self.setMinimumWidth(440)

        outer = QVBoxLayout(self)
        # The game: its name as the heading when there is no other, else a list of them all.
        self.title = QLabel()
        outer.addWidget(self.title)
        self.game_combo = QComboBox()
        for game in self.games.values():
            self.game_combo.addItem(spec_name(game, lang), game.id)
        self.game_combo.setAccessibleName(tr("new.game", lang))
        game_row = QWidget()
        game_form = QFormLayout(game_row)
        game_form.setContentsMargins(0, 0, 0, 0)
        game_form.addRow(tr("new.game", lang), self.game_combo)
        outer.addWidget(game_row)
        several = len(self.games) > 1
        game_row.setVisible(several)
        self.title.setVisible(not several)
        self.game_combo.setVisible(several)
        # The offer of a game's own page, for a game played from one.
        self.page_note = QLabel()
        self.page_note.setWordWrap(True)
        self.page_button = QPushButton(tr("new.open_page", lang))
        self.page_button.clicked.connect(self._open_page)
        self._page_row = QWidget()
        page_lay = QHBoxLayout(self._page_row)
        page_lay.setContentsMargins(0, 0, 0, 0)
        page_lay.addWidget(self.page_note, 1)
        page_lay.addWidget(self.page_button)
        outer.addWidget(self._page_row)

        # The game's own part (seats and options), built again for each game picked.
        self._body: QWidget | None = None
        self._body_lay = QVBoxLayout()
        self._body_lay.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(self._body_lay)

        # seed
        seed_form = QFormLayout()
        self.seed_edit = QLineEdit()
        self.seed_edit.setPlaceholderText(tr("new.seed_random", lang))
        self.seed_edit.setValidator(QIntValidator(0, SEED_LIMIT, self))
        self.seed_edit.setToolTip(tr("new.seed_help", lang))
        seed_form.addRow(tr("new.seed", lang), self.seed_edit)
        outer.addLayout(seed_form)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("new.start", lang))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("new.cancel", lang))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)

        self._build(spec)
        self.game_combo.setCurrentIndex(self.game_combo.findData(spec.id))
        self.game_combo.currentIndexChanged.connect(self._game_picked)

    def pick_game(self, game_id: str) -> None:
        """Show ``game_id``'s seats and options, as picking it in the list does."""
        self.game_combo.setCurrentIndex(self.game_combo.findData(game_id))

    def _game_picked(self) -> None:
        game = self.games.get(str(self.game_combo.currentData()))
        if game is not None and game.id != self.spec.id:
            self._build(game)
            if self.isVisible():  # the dialog takes the new game's size, no more
                self.adjustSize()

    def _open_page(self) -> None:
        """Leave the dialog for the picked game's own page (the window opens it)."""
        self.page_game = self.spec.id
        self.done(OPEN_PAGE)

    def _build(self, spec: GameSpec) -> None:
        """The seats and options of ``spec``'s game, from its last set-up if it has one, in
        place of those shown; the names typed so far stay with their seats."""
        lang = self.lang
        previous = self._setups.get(spec.id)
        carried = self._names_so_far() if self._body is not None else []
        self.spec = spec
        self._you: int | None = None  # the lone person's seat the choices are worded for
        name = spec_name(spec, lang)
        self.setWindowTitle(tr("new.title", lang, game=name))
        self.title.setText(f"<h2>{escape(name)}</h2>")
        self.page_note.setText(tr("new.page_note", lang, game=name))
        self._page_row.setVisible(spec.id in self._pages)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)

        # players and seats: a grid, not a form, as a form gives a hidden row's room away
        seat_box = QGroupBox(tr("new.seats", lang))
        seat_grid = QGridLayout(seat_box)
        seat_grid.setColumnStretch(1, 1)
        seat_grid.setColumnStretch(2, 1)
        self.players_spin = QSpinBox()
        self.players_spin.setRange(spec.min_players, spec.max_players)
        self.players_spin.setEnabled(spec.min_players != spec.max_players)
        players_label = QLabel(tr("new.players", lang))
        players_label.setBuddy(self.players_spin)
        seat_grid.addWidget(players_label, 0, 0)
        seat_grid.addWidget(self.players_spin, 0, 1, 1, 2)
        self.seat_combos: list[QComboBox] = []
        # A person's seat has a name field; a computer's shows the name the app gives it.
        self.name_edits: list[QLineEdit] = []
        self._seat_rows: list[tuple[QWidget, ...]] = []
        self._typed: list[str] = []  # a name kept while its seat is the computer's
        self._shown_human: list[bool | None] = [None] * spec.max_players
        for seat in range(spec.max_players):
            combo = QComboBox()
            for choice in SEAT_CHOICES:
                combo.addItem(tr(f"seat.{choice}", lang), choice)
                if choice == "expert":  # the one level a player waits for: say how long
                    combo.setItemData(combo.count() - 1, tr("seat.expert_help", lang),
                                      Qt.ItemDataRole.ToolTipRole)
            self.seat_combos.append(combo)
            edit = QLineEdit()
            edit.setMaxLength(NAME_LIMIT)
            edit.setPlaceholderText(player_name(seat, lang))
            edit.setAccessibleName(tr("new.name", lang, player=player_name(seat, lang)))
            edit.setToolTip(tr("new.name_help", lang))
            self.name_edits.append(edit)
            self._typed.append(carried[seat] if seat < len(carried)
                               else self._remembered_name(seat, previous))
            label = QLabel(tr("player", lang, n=seat + 1))
            label.setBuddy(combo)
            row = (label, combo, edit)
            # The rows of the largest table have their room from the start: a seat that
            # comes into play shows in it, and nothing below moves.
            for column, widget in enumerate(row):
                _keep_room(widget)
                seat_grid.addWidget(widget, seat + 1, column)
            self._seat_rows.append(row)
        start_players = previous.players if previous else spec.min_players
        self.players_spin.setValue(start_players)
        seats = previous.seats if previous else default_seats(spec.max_players)
        for seat, combo in enumerate(self.seat_combos):
            value = seats[seat] if seat < len(seats) else "normal"
            combo.setCurrentIndex(max(0, combo.findData(value)))
            self._show_name(seat)
            combo.currentIndexChanged.connect(lambda _=0, s=seat: self._show_name(s))
        self.players_spin.valueChanged.connect(self._update_seat_rows)
        lay.addWidget(seat_box)
        self.watch_note = QLabel(tr("new.need_human", lang))
        self.watch_note.setWordWrap(True)
        _keep_room(self.watch_note)
        lay.addWidget(self.watch_note)
        for combo in self.seat_combos:
            combo.currentIndexChanged.connect(self._update_seat_rows)

        # options
        self.option_widgets: dict[str, QWidget] = {}
        # Options a game's own page sets (spec.extra["internal_options"]) are not asked here:
        # they keep their defaults, or the values of the set-up being repeated.
        internal = set((spec.extra or {}).get("internal_options", ()))
        asked = [opt for opt in spec.options if opt.key not in internal]
        self._kept = {k: v for k, v in (previous.options if previous else {}).items()
                      if k in internal}
        if asked:
            opt_box = QGroupBox(tr("new.options", lang))
            opt_form = QFormLayout(opt_box)
            given = previous.options if previous else {}
            for opt in asked:
                current = given.get(opt.key, opt.default)
                widget = self._option_widget(opt, current)
                # The name is a buddy: "&" is a mnemonic's mark there, so it is doubled.
                label = _OptionLabel(spec_name(opt, lang).replace("&", "&&"))
                label.setBuddy(widget)
                help_text = opt.help_ja if lang == "ja" else opt.help_en
                if help_text:  # the name is where a player looks for what an option does
                    widget.setToolTip(help_text)
                    label.setToolTip(help_text)
                self.option_widgets[opt.key] = widget
                opt_form.addRow(label, widget)
            lay.addWidget(opt_box)

        # The seed typed for the game shown stays; else the one its last match had.
        if not self.seed_edit.isModified():
            fixed = previous is not None and previous.fixed_seed
            self.seed_edit.setText(str(previous.seed) if fixed and previous else "")

        old, self._body = self._body, body
        if old is not None:
            self._body_lay.removeWidget(old)
            old.hide()
            old.deleteLater()
        self._body_lay.addWidget(body)
        self._update_seat_rows()

    def _names_so_far(self) -> list[str]:
        """The name at each seat position as it stands: typed in its field, or kept for the
        person while the seat is the computer's."""
        return [edit.text() if self._shown_human[seat] else self._typed[seat]
                for seat, edit in enumerate(self.name_edits)]

    def _option_widget(self, opt: OptionSpec, value: OptionValue) -> QWidget:
        if isinstance(opt.default, bool):
            box = QCheckBox()
            box.setChecked(bool(value))
            return box
        if opt.choices:
            combo = QComboBox()
            # Reworded when the seats change: the box follows its longest label, and is as
            # wide from the start as its widest wording, for whichever seat the person takes.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            for choice in opt.choices:
                combo.addItem("", choice)
            widest = 0
            for you in (*range(self.spec.max_players), None):
                self._word_choices(combo, opt, you)
                widest = max(widest, combo.sizeHint().width())
            combo.setMinimumWidth(widest)
            self._word_choices(combo, opt, self._you)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            return combo
        if isinstance(opt.default, int):
            spin = QSpinBox()
            spin.setRange(0, 10_000)
            spin.setValue(int(value))
            return spin
        edit = QLineEdit(str(value))
        return edit

    def _remembered_name(self, seat: int, previous: GameSetup | None) -> str:
        """The name to offer for ``seat``: the one typed there last (settings), else the one of
        the set-up being repeated."""
        if self.settings is not None:
            value = self.settings.value(NAME_SETTING.format(n=seat + 1))
            if value is not None:
                return clean_name(value)
        return previous.name(seat) if previous is not None else ""

    def _show_name(self, seat: int) -> None:
        """A person's seat shows its name field; a computer's seat shows, greyed, what the app
        calls it ("Player 2 (AI)"), and keeps a name typed before for when it is a person's
        again."""
        edit = self.name_edits[seat]
        human = self.seat_combos[seat].currentData() == HUMAN
        if self._shown_human[seat] is human:
            return
        if human:
            edit.setEnabled(True)
            edit.setPlaceholderText(player_name(seat, self.lang))
            edit.setText(self._typed[seat])
        else:
            if self._shown_human[seat]:
                self._typed[seat] = edit.text()
            edit.clear()
            edit.setEnabled(False)
            edit.setPlaceholderText(player_name(seat, self.lang, ai=True))
        self._shown_human[seat] = human

    def names(self) -> list[str]:
        """The names typed for the seats in play, cleaned ("" for a computer's seat)."""
        n = self.players_spin.value()
        return [clean_name(edit.text()) if self.seat_combos[seat].currentData() == HUMAN else ""
                for seat, edit in enumerate(self.name_edits[:n])]

    def accept(self) -> None:
        """Remember the names of the people's seats for the next dialog, then close."""
        if self.settings is not None:
            for seat, name in enumerate(self.names()):
                if self.seat_combos[seat].currentData() != HUMAN:
                    continue  # a computer's seat keeps the name remembered for it
                key = NAME_SETTING.format(n=seat + 1)
                if name:
                    self.settings.setValue(key, name)
                else:
                    self.settings.remove(key)
        super().accept()

    def _update_seat_rows(self) -> None:
        n = self.players_spin.value()
        for seat, row in enumerate(self._seat_rows):
            for widget in row:
                widget.setVisible(seat < n)
        seats = [c.currentData() for c in self.seat_combos[:n]]
        self.watch_note.setVisible(HUMAN not in seats)
        humans = [i for i, s in enumerate(seats) if s == HUMAN]
        self._reword_choices(humans[0] if len(humans) == 1 else None)

    def _reword_choices(self, you: int | None) -> None:
        """Word the seat choices for ``you``, the one person at the screen (or plainly)."""
        if you == self._you:
            return
        self._you = you
        for opt in self.spec.options:
            combo = self.option_widgets.get(opt.key)
            if isinstance(combo, QComboBox) and opt.choices:
                self._word_choices(combo, opt, you)

    def _word_choices(self, combo: QComboBox, opt: OptionSpec, you: int | None) -> None:
        for i in range(combo.count()):
            combo.setItemText(i, choice_label(self.spec, opt, combo.itemData(i), self.lang, you))

    def set_seat(self, seat: int, choice: str) -> None:
        combo = self.seat_combos[seat]
        combo.setCurrentIndex(combo.findData(choice))

    def setup(self) -> GameSetup:
        """The set-up as currently entered (options parsed by the game's own spec)."""
        n = self.players_spin.value()
        seats = [str(c.currentData()) for c in self.seat_combos[:n]]
        raw: dict[str, object] = dict(self._kept)
        for key, widget in self.option_widgets.items():
            if isinstance(widget, QCheckBox):
                raw[key] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                raw[key] = widget.currentData()
            elif isinstance(widget, QSpinBox):
                raw[key] = widget.value()
            elif isinstance(widget, QLineEdit):
                raw[key] = widget.text()
        options = self.spec.resolve_options(raw)
        text = self.seed_edit.text().strip()
        fixed = bool(text)
        seed = int(text) if fixed else random_seed()
        return GameSetup(self.spec.id, n, seats, options, seed, fixed, names=self.names())
