"""Qt's own dialogs speak the player's language: with Japanese chosen, a standard button of a
message box reads in Japanese; back in English, in English."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from tabletop.app.qt_words import use_language


def _cancel_text() -> str:
    box = QMessageBox()
    box.setStandardButtons(QMessageBox.StandardButton.Cancel)
    button = box.button(QMessageBox.StandardButton.Cancel)
    assert button is not None
    return button.text().replace("&", "")


def test_qt_words_follow_the_language(qtbot) -> None:
    assert use_language("ja")
    try:
        assert _cancel_text() == "キャンセル"
    finally:
        assert use_language("en")
    assert _cancel_text() == "Cancel"


def test_the_window_installs_qt_words_with_its_language(make_window) -> None:
    window = make_window()
    window.set_language("ja")
    try:
        assert _cancel_text() == "キャンセル"
    finally:
        window.set_language("en")
    assert _cancel_text() == "Cancel"
