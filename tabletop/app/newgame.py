"""The new-game dialog: how many players, who plays each seat (and the people's names), game
options, and the seed.

It returns a ``GameSetup``, the plain description of a match that the controller starts and
that "Restart" and "Play again" reuse; a game's front page describes its matches the same way
(``tabletop.api.GameHost.start_match``). The names the people typed are remembered per seat
position in the window's settings and offered again by the next dialog, also after a restart.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import HUMAN
from tabletop.engine.spec import AI_LEVELS as SEAT_LEVELS
from tabletop.engine.spec import GameSpec, OptionSpec, OptionValue

from .i18n import player_name, spec_name, tr

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

#: The levels a person may seat: every AI level but random play, a yardstick.
AI_LEVELS: tuple[str, ...] = tuple(lv for lv in SEAT_LEVELS if lv != "random")
SEAT_CHOICES: tuple[str, ...] = (HUMAN, *AI_LEVELS)
SEED_LIMIT = 2**31 - 1
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


class NewGameDialog(QDialog):
    """Asks for players, seats (with the people's names), options and seed; ``setup()`` reads
    the answer.

    With ``settings`` (the window's) the names typed for each seat position are remembered
    when the dialog is accepted and offered again by the next one, of any game; without, the
    names of ``previous`` are offered.
    """

    def __init__(self, spec: GameSpec, lang: str, previous: GameSetup | None = None,
                 parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.lang = lang
        self.settings = settings
        self._you: int | None = None  # the lone person's seat the choices are worded for
        self.setWindowTitle(tr("new.title", lang, game=spec_name(spec, lang)))
        self.setMinimumWidth(440)
        if previous is not None and previous.game_id != spec.id:
            previous = None

        outer = QVBoxLayout(self)
        title = QLabel(f"<h2>{spec_name(spec, lang)}</h2>")
        outer.addWidget(title)

        # players and seats
        seat_box = QGroupBox(tr("new.seats", lang))
        self._seat_form = QFormLayout(seat_box)
        self.players_spin = QSpinBox()
        self.players_spin.setRange(spec.min_players, spec.max_players)
        self.players_spin.setEnabled(spec.min_players != spec.max_players)
        self._seat_form.addRow(tr("new.players", lang), self.players_spin)
        self.seat_combos: list[QComboBox] = []
        # A person's seat has a name field; a computer's shows the name the app gives it.
        self.name_edits: list[QLineEdit] = []
        self._seat_rows: list[QWidget] = []
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
            name = QLineEdit()
            name.setMaxLength(NAME_LIMIT)
            name.setPlaceholderText(player_name(seat, lang))
            name.setAccessibleName(tr("new.name", lang, player=player_name(seat, lang)))
            name.setToolTip(tr("new.name_help", lang))
            self.name_edits.append(name)
            self._typed.append(self._remembered_name(seat, previous))
            row = QWidget()
            row_lay = QHBoxLayout(row)
            row_lay.setContentsMargins(0, 0, 0, 0)
            row_lay.addWidget(combo, 1)
            row_lay.addWidget(name, 1)
            self._seat_rows.append(row)
            self._seat_form.addRow(tr("player", lang, n=seat + 1), row)
        start_players = previous.players if previous else spec.min_players
        self.players_spin.setValue(start_players)
        seats = previous.seats if previous else default_seats(spec.max_players)
        for seat, combo in enumerate(self.seat_combos):
            value = seats[seat] if seat < len(seats) else "normal"
            combo.setCurrentIndex(max(0, combo.findData(value)))
            self._show_name(seat)
            combo.currentIndexChanged.connect(lambda _=0, s=seat: self._show_name(s))
        self.players_spin.valueChanged.connect(self._update_seat_rows)
        outer.addWidget(seat_box)
        self.watch_note = QLabel(tr("new.need_human", lang))
        self.watch_note.setWordWrap(True)
        outer.addWidget(self.watch_note)
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
                help_text = opt.help_ja if lang == "ja" else opt.help_en
                if help_text:
                    widget.setToolTip(help_text)
                self.option_widgets[opt.key] = widget
                opt_form.addRow(spec_name(opt, lang), widget)
            outer.addWidget(opt_box)

        # seed
        seed_form = QFormLayout()
        self.seed_edit = QLineEdit()
        self.seed_edit.setPlaceholderText(tr("new.seed_random", lang))
        self.seed_edit.setValidator(QIntValidator(0, SEED_LIMIT, self))
        self.seed_edit.setToolTip(tr("new.seed_help", lang))
        if previous is not None and previous.fixed_seed:
            self.seed_edit.setText(str(previous.seed))
        seed_form.addRow(tr("new.seed", lang), self.seed_edit)
        outer.addLayout(seed_form)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("new.start", lang))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("new.cancel", lang))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self._update_seat_rows()

    def _option_widget(self, opt: OptionSpec, value: OptionValue) -> QWidget:
        if isinstance(opt.default, bool):
            box = QCheckBox()
            box.setChecked(bool(value))
            return box
        if opt.choices:
            combo = QComboBox()
            # Reworded when the seats change: the box follows its longest label.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            for choice in opt.choices:
                combo.addItem(choice_label(self.spec, opt, choice, self.lang, self._you),
                              choice)
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
            self._seat_form.setRowVisible(row, seat < n)
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
                for i in range(combo.count()):
                    combo.setItemText(i, choice_label(self.spec, opt, combo.itemData(i),
                                                      self.lang, you))

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
