"""The options that choose between two readings of the Japanese rules (Sheep & Thief's house,
thief steps and theft, ST-G09..ST-G11; Saboteur 2's trapped winner, SB-R28; Secret Agent's
Peace against War, SA-R46) in the new-game dialog: named and labelled in both languages, the
help on the tooltip, the spec's decision preselected, and a changed choice reaching the game."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox

from tabletop.app.newgame import NewGameDialog
from tabletop.engine import Session
from tabletop.games.saboteur2.model import Saboteur2Game
from tabletop.games.secret_agent.model import SecretAgentGame
from tabletop.games.sheep_and_thief.model import SheepAndThiefGame

READINGS = [(SheepAndThiefGame, "house", "open"), (SheepAndThiefGame, "thief", "up-to"),
            (SheepAndThiefGame, "theft", "last-step"),
            (Saboteur2Game, "trapped_winners", "counted"),
            (SecretAgentGame, "peace_ends_war", True)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game_class", "key", "other"), READINGS)
def test_reading_shows_in_the_dialog_and_reaches_the_game(  # type: ignore[no-untyped-def]
        qtbot, lang: str, game_class: type, key: str, other: object) -> None:
    game = game_class()
    spec = game.spec
    opt = next(o for o in spec.options if o.key == key)
    dialog = NewGameDialog(spec, lang)
    qtbot.addWidget(dialog)
    widget = dialog.option_widgets[key]
    assert widget.toolTip() == (opt.help_ja if lang == "ja" else opt.help_en)
    assert ("（標準）" if lang == "ja" else "(the default)") in widget.toolTip()
    if isinstance(widget, QComboBox):
        labels = spec.extra["choice_labels"][key]
        texts = [widget.itemText(i) for i in range(widget.count())]
        assert texts == [labels[str(c)][lang] for c in opt.choices]
        assert widget.currentData() == opt.default
        widget.setCurrentIndex(widget.findData(other))
    else:
        assert isinstance(widget, QCheckBox) and widget.isChecked() is opt.default
        widget.setChecked(bool(other))
    setup = dialog.setup()
    assert setup.options[key] == other
    session = Session(game, spec.min_players, setup.options, seed=1)
    assert session.options[key] == other
