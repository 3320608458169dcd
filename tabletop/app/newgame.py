"""The new-game dialog: how many players, who plays each seat, game options, and the seed.

It returns a ``GameSetup``, the plain description of a match that the controller starts and
that "Restart" and "Play again" reuse; a game's front page describes its matches the same way
(``tabletop.api.GameHost.start_match``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import HUMAN
from tabletop.engine.spec import GameSpec, OptionSpec, OptionValue

from .i18n import spec_name, tr

AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
SEAT_CHOICES: tuple[str, ...] = (HUMAN, *AI_LEVELS)
SEED_LIMIT = 2**31 - 1
#: The save file's ``ui`` entry with the tag of the front page that started the match. Saves
#: written before front pages had tags kept the one page's tag (a campaign's slot) under
#: ``"campaign"``; they are read the same way.
TAG = "tag"
TAG_BEFORE_PAGES = "campaign"


def random_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_LIMIT)


@dataclass
class GameSetup:
    """One match to start: the game, its seats (``"human"`` or an AI level), options, seed.

    ``fixed_seed`` records whether the player typed the seed; when not, "Play again" draws a
    fresh one so the next match has new dice and cards. ``tag`` is the mark of the game's front
    page that started the match (a campaign's slot, say); it travels in the save file, so
    a match resumed after a restart goes back to that page.
    """

    game_id: str
    players: int
    seats: list[str]
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    fixed_seed: bool = False
    tag: str | None = None

    def __post_init__(self) -> None:
        if len(self.seats) != self.players:
            raise ValueError(f"{self.players} players need {self.players} seats, "
                             f"got {len(self.seats)}.")

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def again(self) -> GameSetup:
        """The same match set-up, with a new seed unless the player fixed one."""
        seed = self.seed if self.fixed_seed else random_seed()
        return GameSetup(self.game_id, self.players, list(self.seats), dict(self.options),
                         seed, self.fixed_seed)

    @staticmethod
    def saved_tag(ui: Mapping[str, Any]) -> str | None:
        """The front page's tag kept in a save file's ``ui``, in either of its forms."""
        tag = ui.get(TAG, ui.get(TAG_BEFORE_PAGES))
        return tag if isinstance(tag, str) else None


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
    """Asks for players, seats, options and seed; ``setup()`` reads the answer."""

    def __init__(self, spec: GameSpec, lang: str, previous: GameSetup | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.lang = lang
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
        for seat in range(spec.max_players):
            combo = QComboBox()
            for choice in SEAT_CHOICES:
                combo.addItem(tr(f"seat.{choice}", lang), choice)
            self.seat_combos.append(combo)
            self._seat_form.addRow(tr("player", lang, n=seat + 1), combo)
        start_players = previous.players if previous else spec.min_players
        self.players_spin.setValue(start_players)
        seats = previous.seats if previous else default_seats(spec.max_players)
        for seat, combo in enumerate(self.seat_combos):
            value = seats[seat] if seat < len(seats) else "normal"
            combo.setCurrentIndex(max(0, combo.findData(value)))
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

    def _update_seat_rows(self) -> None:
        n = self.players_spin.value()
        for seat, combo in enumerate(self.seat_combos):
            self._seat_form.setRowVisible(combo, seat < n)
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
        return GameSetup(self.spec.id, n, seats, options, seed, fixed)
