"""National Economy's rule options in the new-game dialog: named in both languages, each choice
labelled, the help on the tooltip, the spec's decisions preselected, and a changed choice
reaching the game."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox

from tabletop.app.newgame import NewGameDialog
from tabletop.engine import Session
from tabletop.games.national_economy.model import NationalEconomyGame
from tabletop.games.national_economy.solo import NationalEconomySoloGame


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_options_show_names_labels_and_help(qtbot, lang: str) -> None:  # type: ignore[no-untyped-def]
    spec = NationalEconomyGame.spec
    dialog = NewGameDialog(spec, lang)
    qtbot.addWidget(dialog)
    labels = spec.extra["choice_labels"]
    for opt in spec.options:
        combo = dialog.option_widgets[opt.key]
        assert isinstance(combo, QComboBox)
        texts = [combo.itemText(i) for i in range(combo.count())]
        assert texts == [labels[opt.key][str(c)][lang] for c in opt.choices]
        assert combo.currentData() == opt.default  # the spec's decision
        assert combo.toolTip() == (opt.help_ja if lang == "ja" else opt.help_en)
    assert dialog.setup().options == spec.resolve_options({})


def test_a_changed_option_reaches_the_game(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = NationalEconomyGame()
    dialog = NewGameDialog(game.spec, "en")
    qtbot.addWidget(dialog)
    tie = dialog.option_widgets["tie_break"]
    assert isinstance(tie, QComboBox) and tie.itemText(1) == "Shared win"
    tie.setCurrentIndex(1)  # NE-G18: shared win
    setup = dialog.setup()
    assert setup.options["tie_break"] == "shared"
    session = Session(game, setup.players, setup.options, setup.seed)
    assert not session.state.rules.cash_tie_break


def test_solo_dialog_labels_every_choice(qtbot) -> None:  # type: ignore[no-untyped-def]
    spec = NationalEconomySoloGame.spec
    dialog = NewGameDialog(spec, "ja")
    qtbot.addWidget(dialog)
    assert "tie_break" not in dialog.option_widgets
    variant = dialog.option_widgets["variant"]
    assert isinstance(variant, QComboBox) and variant.itemText(1).startswith("b：")
    for opt in spec.options:
        combo = dialog.option_widgets[opt.key]
        assert isinstance(combo, QComboBox)
        assert all(combo.itemText(i) == spec.extra["choice_labels"][opt.key][str(c)]["ja"]
                   for i, c in enumerate(opt.choices))
