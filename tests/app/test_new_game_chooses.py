"""Game ▸ New… chooses the game: one dialog lists every installed game in the game list's
order, opens on the game on the table (else the one played last, else the first of the list)
and follows the game picked, with its seats, its options and the set-up last played of it. A
game played from a page of its own (a campaign) is offered that page there. Each option's help
is on its label as well as on its control, and the dialog keeps its layout while the number of
players changes."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from tabletop.api import GamePlugin
from tabletop.app.newgame import GameSetup, NewGameDialog
from tabletop.engine import GameSpec, OptionSpec
from tests.app.conftest import toy_plugin
from tests.toygame import TOY_WORDS, ToyGame, ToyView


class FourToy(ToyGame):
    """Stones for two to four, with options that explain themselves on hover."""

    spec = GameSpec(
        id="four", name_en="Four stones", name_ja="四人石取り", min_players=2, max_players=4,
        options=(
            OptionSpec("fast", "Fast & loose", "早い", False, help_en="Play fast.",
                       help_ja="早く遊ぶ。"),
            OptionSpec("mode", "Mode", "モード", "first-game", ("first-game", "draft"),
                       help_en="First game or draft.", help_ja="最初のゲームかドラフト。"),
        ),
    )


def four_plugin() -> GamePlugin:
    return GamePlugin(FourToy(), ToyView, {}, words=TOY_WORDS)


class Page(QWidget):
    """A game's own front page that does nothing but be shown."""

    def __init__(self, host: Any) -> None:
        super().__init__()
        self.host = host

    def refresh(self) -> None: ...
    def retranslate(self) -> None: ...
    def match_over(self, match: Any) -> bool: return False
    def adopt(self, match: Any) -> bool: return False
    def page_title(self) -> str: return "Stones campaign"


def games(paged: bool = False) -> dict[str, GamePlugin]:
    toy = (GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS, page=Page)
           if paged else toy_plugin())
    return {"toy": toy, "four": four_plugin()}


def listed(dialog: NewGameDialog) -> list[str]:
    combo = dialog.game_combo
    return [combo.itemData(i) for i in range(combo.count())]


def answer_dialog(reply: Any) -> list[Any]:
    """Answer the next modal new-game dialog with ``reply(dialog)``; what it returned."""
    seen: list[Any] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog), dialog
        try:
            seen.append(reply(dialog))
        finally:  # a failed check must not leave the test waiting on the dialog
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, answer)
    return seen


def start(dialog: NewGameDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    box.button(QDialogButtonBox.StandardButton.Ok).click()


# -- one dialog for every game ---------------------------------------------------------------

def test_ctrl_n_lists_every_game_and_starts_the_one_picked(make_window) -> None:
    window = make_window(games())
    assert window.start_game(GameSetup("toy", 2, ["human", "easy"], seed=3)) is not None

    def reply(dialog: NewGameDialog) -> tuple[list[str], str]:
        before = listed(dialog), dialog.spec.id  # the game list's order; the table's game
        dialog.pick_game("four")
        assert dialog.spec.id == "four" and "Four stones" in dialog.windowTitle()
        assert (dialog.players_spin.minimum(), dialog.players_spin.maximum()) == (2, 4)
        assert set(dialog.option_widgets) == {"fast", "mode"}
        dialog.set_seat(1, "hard")
        start(dialog)
        return before

    seen = answer_dialog(reply)
    window.menus.act_new.trigger()
    assert seen == [(["four", "toy"], "toy")]
    c = window.controller
    assert c is not None and c.setup.game_id == "four" and c.setup.seats == ["human", "hard"]


def test_without_a_match_it_opens_on_the_last_game_played_else_the_first(make_window) -> None:
    window = make_window(games())
    seen = answer_dialog(lambda dialog: (dialog.spec.id, dialog.reject()))
    window.menus.act_new.trigger()
    assert seen == [("four", None)]  # nothing played yet: the first of the game list
    assert window.start_game(GameSetup("toy", 2, ["human", "easy"], seed=3)) is not None
    assert window.back_to_chooser()
    seen = answer_dialog(lambda dialog: (dialog.spec.id, dialog.reject()))
    window.menus.act_new.trigger()
    assert seen == [("toy", None)]


def test_the_game_lists_play_button_opens_the_dialog_on_its_game(make_window) -> None:
    window = make_window(games())
    seen = answer_dialog(lambda dialog: (dialog.spec.id, listed(dialog), dialog.reject()))
    play = window.chooser.findChild(QPushButton, "play-toy")
    assert play is not None
    play.click()
    assert seen == [("toy", ["four", "toy"], None)]


def test_a_game_picked_brings_its_last_set_up_and_keeps_the_names_typed(qtbot) -> None:
    last = GameSetup("four", 3, ["human", "hard", "human"], {"fast": True}, seed=9,
                     fixed_seed=True)
    dialog = NewGameDialog(ToyGame.spec, "en", games=[FourToy.spec, ToyGame.spec],
                           setups={"four": last})
    qtbot.addWidget(dialog)
    assert listed(dialog) == ["four", "toy"] and dialog.spec.id == "toy"
    assert dialog.seed_edit.text() == ""
    dialog.name_edits[0].setText("Aiko")
    dialog.pick_game("four")
    assert dialog.players_spin.value() == 3
    assert [c.currentData() for c in dialog.seat_combos[:3]] == ["human", "hard", "human"]
    fast = dialog.option_widgets["fast"]
    assert isinstance(fast, QCheckBox) and fast.isChecked()
    assert dialog.seed_edit.text() == "9"  # that match's typed seed
    assert dialog.name_edits[0].text() == "Aiko"  # what was typed goes with the seat
    dialog.name_edits[2].setText("Chie")
    setup = dialog.setup()
    assert (setup.game_id, setup.players, setup.options["fast"]) == ("four", 3, True)
    assert setup.names == ["Aiko", "", "Chie"] and setup.seed == 9
    dialog.pick_game("toy")
    assert dialog.spec.id == "toy" and dialog.players_spin.value() == 2
    assert "stones" in dialog.option_widgets and "fast" not in dialog.option_widgets
    assert dialog.setup().game_id == "toy" and dialog.setup().names == ["Aiko", ""]


def test_one_game_needs_no_list(qtbot) -> None:
    dialog = NewGameDialog(ToyGame.spec, "en")
    qtbot.addWidget(dialog)
    assert listed(dialog) == ["toy"] and dialog.game_combo.isHidden()
    assert not dialog.title.isHidden() and "Stones" in dialog.title.text()


# -- a game that has a page of its own -----------------------------------------------------

def test_a_game_with_its_own_page_is_offered_that_page(make_window) -> None:
    window = make_window(games(paged=True))

    def reply(dialog: NewGameDialog) -> tuple[bool, bool]:
        plain = dialog.page_button.isVisible()  # the first game has no page
        dialog.pick_game("toy")
        offered = dialog.page_button.isVisible() and dialog.page_note.isVisible()
        assert "Stones" in dialog.page_note.text()
        dialog.page_button.click()
        return plain, offered

    seen = answer_dialog(reply)
    assert window.open_new_game() is None
    assert seen == [(False, True)]
    page = window.front_pages.page("toy")
    assert isinstance(page, Page) and window.stack.currentWidget() is page
    assert window.controller is None


def test_the_offer_of_its_page_leaves_the_match_on_the_table_first(make_window) -> None:
    window = make_window(games(paged=True))
    assert window.start_game(GameSetup("four", 2, ["human", "easy"], seed=3)) is not None
    seen = answer_dialog(lambda dialog: (dialog.pick_game("toy"), dialog.page_button.click()))
    window.menus.act_new.trigger()
    assert len(seen) == 1 and window.controller is None
    assert window.stack.currentWidget() is window.front_pages.page("toy")


def test_a_game_with_its_own_page_still_starts_a_single_match(make_window) -> None:
    window = make_window(games(paged=True))

    def reply(dialog: NewGameDialog) -> None:
        dialog.pick_game("toy")
        dialog.set_seat(1, "easy")
        start(dialog)

    answer_dialog(reply)
    setup = window.open_new_game()
    assert setup is not None and setup.game_id == "toy" and window.controller is not None
    assert window.front_pages.owner_of(window.controller) is None  # not the page's match


def test_the_page_that_opened_the_dialog_is_not_offered_again(make_window) -> None:
    window = make_window(games(paged=True))
    window.chooser.findChild(QPushButton, "play-toy").click()  # its page
    page = window.front_pages.page("toy")
    assert window.stack.currentWidget() is page
    seen = answer_dialog(lambda dialog: (dialog.spec.id, dialog.page_button.isVisible(),
                                         dialog.reject()))
    page.host.open_new_game("toy")  # the page's own "single match"
    assert seen == [("toy", False, None)]


# -- an option's help on its label ---------------------------------------------------------

def option_label(dialog: NewGameDialog, key: str) -> QLabel:
    widget = dialog.option_widgets[key]
    form = widget.parentWidget().layout()
    assert isinstance(form, QFormLayout)
    label = form.labelForField(widget)
    assert isinstance(label, QLabel)
    return label


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_options_help_is_on_its_label_too(qtbot, lang: str) -> None:
    dialog = NewGameDialog(FourToy.spec, lang)
    qtbot.addWidget(dialog)
    for opt in FourToy.spec.options:
        label = option_label(dialog, opt.key)
        help_text = opt.help_ja if lang == "ja" else opt.help_en
        assert label.toolTip() == help_text == dialog.option_widgets[opt.key].toolTip()
        assert label.buddy() is dialog.option_widgets[opt.key]
    assert option_label(dialog, "fast").text().replace("&&", "&") == (
        "早い" if lang == "ja" else "Fast & loose")


def test_a_click_on_an_options_label_works_its_control(qtbot) -> None:
    dialog = NewGameDialog(FourToy.spec, "en")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    mode = dialog.option_widgets["mode"]
    QTest.mouseClick(option_label(dialog, "mode"), Qt.MouseButton.LeftButton)
    assert mode.hasFocus()
    fast = dialog.option_widgets["fast"]
    assert isinstance(fast, QCheckBox) and not fast.isChecked()
    QTest.mouseClick(option_label(dialog, "fast"), Qt.MouseButton.LeftButton)
    assert fast.hasFocus() and fast.isChecked()  # as a click on a check box's own words


# -- the layout holds while the number of players changes ----------------------------------

def places(dialog: NewGameDialog) -> dict[str, Any]:
    """Where each control of the dialog sits (in the dialog), and the dialog's size."""
    QApplication.processEvents()
    widgets: dict[str, QWidget] = {"players": dialog.players_spin, "seed": dialog.seed_edit}
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    widgets["start"] = box.button(QDialogButtonBox.StandardButton.Ok)
    widgets["cancel"] = box.button(QDialogButtonBox.StandardButton.Cancel)
    for key, widget in dialog.option_widgets.items():
        widgets[key] = widget
        widgets[f"{key} label"] = option_label(dialog, key)
    found: dict[str, Any] = {name: w.mapTo(dialog, QPoint(0, 0)) for name, w in widgets.items()}
    found["seat 1"] = dialog.seat_combos[0].mapTo(dialog, QPoint(0, 0))
    found["size"] = dialog.size()
    return found


def real_spec(game_id: str) -> GameSpec:
    from tabletop.registry import load_plugins

    plugins, _ = load_plugins(include_entry_points=False)
    return plugins[game_id].spec


@pytest.mark.parametrize("game", ["four", "saboteur2", "secret-agent"])
def test_no_control_moves_when_the_number_of_players_changes(qtbot, game: str) -> None:
    spec = FourToy.spec if game == "four" else real_spec(game)
    dialog = NewGameDialog(spec, "en")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    before = places(dialog)
    lo, hi = spec.min_players, spec.max_players
    for n in (hi, lo + 1, hi - 1, lo):
        dialog.players_spin.setValue(n)
        assert places(dialog) == before, n
        assert all(row.isVisible() == (seat < n) for seat, row in
                   enumerate(dialog.seat_combos))
    # A table of computer players only says the person will watch: that note has its room.
    for seat in range(hi):
        dialog.set_seat(seat, "easy")
    assert dialog.watch_note.isVisible() and places(dialog) == before
