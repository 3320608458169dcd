"""Mr. Sneaky against the computer: the person picks their role for the first round in the
new-game dialog ("You are the Thief first"), and the roles swap every round (MS-R02, MS-R08).

The dialog words a choice about a seat for the one person at the screen; in hot-seat it names
the players. Every option of the game reads as words in both languages, never a raw value."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox

from tabletop.app.newgame import NewGameDialog
from tabletop.registry import load_plugins

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "mr-sneaky"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="Mr. Sneaky did not load")

RICH_FIRST = {"en": "You are the Rich Man first (you hide the treasure)",
              "ja": "あなたが先に富豪（宝を隠す）"}
THIEF_FIRST = {"en": "You are the Thief first (you hunt for the treasure)",
               "ja": "あなたが先に泥棒（宝を探す）"}


def _texts(combo: Any) -> list[str]:
    assert isinstance(combo, QComboBox)
    return [combo.itemText(i) for i in range(combo.count())]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_first_rich_man_is_worded_for_the_person(qtbot, lang: str) -> None:  # type: ignore[no-untyped-def]
    dialog = NewGameDialog(plugins[GAME].game.spec, lang)
    qtbot.addWidget(dialog)
    first = dialog.option_widgets["first"]
    random_word = "ランダム" if lang == "ja" else "Random"
    # Player 1 is the person (the dialog's default), Player 2 the computer.
    assert _texts(first) == [random_word, RICH_FIRST[lang], THIEF_FIRST[lang]]
    # The person moves to seat 2: the same values now mean the other roles.
    dialog.set_seat(0, "easy")
    dialog.set_seat(1, "human")
    assert _texts(first) == [random_word, THIEF_FIRST[lang], RICH_FIRST[lang]]
    # Two people at one screen: the choices name the players.
    dialog.set_seat(0, "human")
    plain = ({"ja": ["プレイヤー1が先に富豪", "プレイヤー2が先に富豪"],
              "en": ["Player 1 is the Rich Man first", "Player 2 is the Rich Man first"]})
    assert _texts(first) == [random_word, *plain[lang]]
    # Only computers: plain too.
    dialog.set_seat(0, "easy")
    dialog.set_seat(1, "hard")
    assert _texts(first) == [random_word, *plain[lang]]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_choice_of_the_game_reads_as_words(qtbot, lang: str) -> None:  # type: ignore[no-untyped-def]
    spec = plugins[GAME].game.spec
    dialog = NewGameDialog(spec, lang)
    qtbot.addWidget(dialog)
    for opt in spec.options:
        labels = _texts(dialog.option_widgets[opt.key])
        # No bare value ("1", "1-1-2") nor its plain fallback ("1 1 2", "4 4").
        raw = {f(str(v)) for v in opt.choices
               for f in (str, lambda t: t.replace("-", " ").capitalize())} - {"Random"}
        assert not set(labels) & raw, (opt.key, labels)
        assert len(set(labels)) == len(labels)
        if lang == "ja":  # no English word left in the Japanese dialog
            assert not any(c.isascii() and c.isalpha() for t in labels for c in t), labels
    traps = {"en": ["Guards 1, 1 and 2 (default)", "Guards 1, 2 and 2 (harder for the Thief)"],
             "ja": ["警備1・1・2（既定）", "警備1・2・2（泥棒に厳しい）"]}
    assert _texts(dialog.option_widgets["traps"]) == traps[lang]
    assert _texts(dialog.option_widgets["guard_cards"])[0] == (
        "黄（無）4枚+青（罠）4枚（既定）" if lang == "ja"
        else "4 yellow (無) + 4 blue (罠) (default)")


def _answer_the_dialog(human: int, label: str, failures: list[BaseException]) -> None:
    """Fill in the modal new-game dialog as a person would, then press Start."""
    dialog = QApplication.activeModalWidget()
    try:
        assert isinstance(dialog, NewGameDialog), dialog
        dialog.set_seat(human, "human")
        dialog.set_seat(1 - human, "easy")
        combo = dialog.option_widgets["first"]
        assert isinstance(combo, QComboBox)
        combo.setCurrentIndex(_texts(combo).index(label))
        dialog.seed_edit.setText("12")
        buttons = dialog.findChild(QDialogButtonBox)
        start = buttons.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(start, Qt.MouseButton.LeftButton)
    except BaseException as exc:  # never leave the modal loop running
        failures.append(exc)
        if isinstance(dialog, NewGameDialog):
            dialog.reject()


def _role_on_table(window: Any, seat: int) -> str:
    """The role the table's player panel gives ``seat`` ("Player 1 (you) — Thief")."""
    zone = window.table.item_for(f"player{seat}").zone
    return str(zone.label_en).rpartition(" — ")[2]


@pytest.mark.parametrize(("role", "human"), [("Thief", 0), ("Rich Man", 0), ("Thief", 1)])
def test_start_against_the_ai_with_the_chosen_role(make_window, qtbot, role: str,  # type: ignore[no-untyped-def]
                                                   human: int) -> None:
    window = make_window({GAME: plugins[GAME]})
    label = THIEF_FIRST["en"] if role == "Thief" else RICH_FIRST["en"]
    failures: list[BaseException] = []
    QTimer.singleShot(0, lambda: _answer_the_dialog(human, label, failures))
    setup = window.open_new_game(GAME)
    assert not failures, failures
    assert setup is not None and setup.seats[human] == "human"
    c = window.controller
    assert c is not None and c.viewing_seat == human
    ai = 1 - human
    # MS-R08: the first round's Rich Man is the one the person chose.
    rich = human if role == "Rich Man" else ai
    state = c.session.state
    assert state.round == 1 and state.rich == rich
    assert setup.options["first"] == str(rich + 1)
    qtbot.waitUntil(lambda: c.is_human_turn() or c.over, timeout=30_000)
    assert _role_on_table(window, human) == role
    assert "(you)" in window.table.item_for(f"player{human}").zone.label_en
    # MS-R02: play the round out; in the next one the roles are swapped.
    rng = random.Random(7)
    while c.session.state.round == 1 and not c.over:
        qtbot.waitUntil(lambda: c.is_human_turn() or c.over, timeout=30_000)
        if c.session.state.round != 1 or c.over:
            break
        legal = c.session.legal_actions()
        assert c.submit_human(legal[rng.randrange(len(legal))])
    assert not c.over
    qtbot.waitUntil(lambda: c.is_human_turn() or c.over, timeout=30_000)
    state = c.session.state
    assert state.round == 2 and state.rich == 1 - rich
    assert _role_on_table(window, human) == ("Rich Man" if role == "Thief" else "Thief")
