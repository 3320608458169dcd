"""Players' names: typed in the new-game dialog, remembered between sessions, used wherever the
app names a player (privacy page, status line, log, summary), cleaned of control characters
and cut to a length, kept in save files; saves from before names still say "Player 1"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from tabletop.api import GamePlugin, seat_colour, seat_mark
from tabletop.app.newgame import (
    NAME_LIMIT,
    NAME_SETTING,
    NAMES,
    GameSetup,
    NewGameDialog,
    SeatNames,
    clean_name,
)
from tabletop.app.seat_names import renamer
from tabletop.app.window import MainWindow
from tabletop.engine import Session
from tabletop.engine import savefile as sf
from tabletop.text import Catalogue
from tests.toygame import TOY_WORDS, ToyGame, ToyState, ToyView

# The toy game's words, with the log naming its seats as every real game does.
NAMED_WORDS = Catalogue({
    "log.take": ("{seat:player} takes {n}", "{seat:player}が{n}個取りました"),
}, spec=ToyGame.spec, parent=TOY_WORDS)


class SecretToy(ToyGame):
    """The toy game with every decision a secret one (as a round of buried cards is)."""

    def secret_round(self, state: ToyState) -> tuple[int, ...]:
        player = self.current_player(state)
        return (player,) if player >= 0 else ()


def named_toy(game: ToyGame | None = None) -> dict[str, GamePlugin]:
    return {"toy": GamePlugin(game or ToyGame(), ToyView, {}, words=NAMED_WORDS)}


def claim(window: MainWindow) -> None:
    """The person named on the privacy page takes the screen."""
    assert window.stack.currentWidget() is window.privacy_page
    window.privacy_page.button.click()
    assert window.stack.currentWidget() is window.table_page


def test_hot_seat_names_on_the_privacy_page_status_log_and_summary(make_window,
                                                                    qtbot) -> None:
    window = make_window(named_toy())
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 5}, seed=3,
                                    names=["Aiko", "Ben"]))
    assert c is not None
    page = window.privacy_page
    assert page.title.text() == "Pass to Aiko"
    assert page.who.text() == "Aiko (your turn)"
    assert page.mark.isVisibleTo(page) and page.mark.text() == seat_mark(0) == "●"
    assert seat_colour(0) in page.mark.styleSheet()
    assert page.button.text() == "I am Aiko — show my table"
    claim(window)
    status = window.table_page.status.full_text()
    assert "Aiko" in status and "Player 1" not in status
    assert c.submit_human("take:2")
    assert page.title.text() == "Pass to Ben" and page.who.text() == "Ben (your turn)"
    assert page.mark.text() == seat_mark(1) and seat_colour(1) in page.mark.styleSheet()
    assert window.table_page.status.full_text() == "Pass to Ben"
    claim(window)
    assert "Aiko takes 2" in window.table_page.log.toPlainText()
    assert "Ben" in window.table_page.status.full_text()
    while not c.over:
        if c.awaiting_privacy is not None:
            claim(window)
        assert c.submit_human("take:1")
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=10_000)
    returns = c.session.returns()
    assert returns[0] != returns[1]  # this seed has a winner
    winner = "Aiko" if returns[0] > returns[1] else "Ben"
    assert winner in window.ending.summary_dialog.text.text()
    log = window.table_page.log.toPlainText()
    assert "Ben takes 1" in log and "Player" not in log


def test_the_page_says_a_secret_choice_and_follows_the_language(make_window) -> None:
    window = make_window(named_toy(SecretToy()))
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3,
                                    names=["Aiko", ""]))
    assert c is not None
    page = window.privacy_page
    assert page.who.text() == "Aiko (your secret choice)"
    claim(window)
    assert c.submit_human("take:1")
    # A seat without a name is "Player 2", in the language of the moment.
    assert page.title.text() == "Pass to Player 2"
    assert page.who.text() == "Player 2 (your secret choice)"
    window.set_language("ja")
    assert page.title.text() == "プレイヤー2に交代してください"
    assert page.who.text() == "プレイヤー2（あなたの秘密の選択です）"
    claim(window)
    assert "Aikoが1個取りました" in window.table_page.log.toPlainText()
    assert c.submit_human("take:1")
    claim(window)
    assert "プレイヤー2が1個取りました" in window.table_page.log.toPlainText()


def test_the_dialog_remembers_names_per_seat(qtbot, settings: QSettings) -> None:
    spec = ToyGame.spec
    first = NewGameDialog(spec, "en", settings=settings)
    qtbot.addWidget(first)
    you, other = first.name_edits
    assert you.placeholderText() == "Player 1" and you.isEnabled()
    # A computer's seat has no name of its own: it shows what the app calls it.
    assert not other.isEnabled() and other.placeholderText() == "Player 2 (AI)"
    first.set_seat(1, "human")
    assert other.isEnabled() and other.placeholderText() == "Player 2"
    you.setText("  Aiko ")
    other.setText("Ben")
    assert first.setup().names == ["Aiko", "Ben"]
    first.accept()
    assert settings.value(NAME_SETTING.format(n=1)) == "Aiko"
    assert settings.value(NAME_SETTING.format(n=2)) == "Ben"

    # The next dialog (a new session reads the same settings) offers them again.
    second = NewGameDialog(spec, "ja", settings=QSettings(settings.fileName(),
                                                          QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.name_edits[0].text() == "Aiko"
    assert second.name_edits[0].placeholderText() == "プレイヤー1"
    assert second.name_edits[1].text() == ""  # seat 2 is the computer's by default
    assert second.name_edits[1].placeholderText() == "プレイヤー2（AI）"
    assert second.setup().names == ["Aiko", ""]
    second.set_seat(1, "human")
    assert second.name_edits[1].text() == "Ben"
    # A name typed before the seat went to the computer comes back with the person.
    second.name_edits[1].setText("Chie")
    second.set_seat(1, "hard")
    assert second.setup().names == ["Aiko", ""]
    second.set_seat(1, "human")
    assert second.name_edits[1].text() == "Chie"
    # A name cleared is forgotten; a computer's seat keeps the name remembered for it.
    second.name_edits[0].clear()
    second.set_seat(1, "easy")
    second.accept()
    assert settings.value(NAME_SETTING.format(n=1)) is None
    assert settings.value(NAME_SETTING.format(n=2)) == "Ben"
    assert second.setup().names == []  # nobody named: a set-up as before names


def test_the_window_passes_its_settings_to_the_dialog(make_window,
                                                      settings: QSettings) -> None:
    settings.setValue(NAME_SETTING.format(n=1), "Aiko")
    window = make_window()
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        seen.append(dialog.name_edits[0].text())
        dialog.set_seat(1, "human")
        dialog.name_edits[1].setText("Ben")
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        box.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    setup = window.open_new_game("toy")
    assert seen == ["Aiko"]
    assert setup is not None and setup.names == ["Aiko", "Ben"]
    assert window.privacy_page.title.text() == "Pass to Aiko"
    assert settings.value(NAME_SETTING.format(n=2)) == "Ben"


def test_names_are_cleaned_and_cut() -> None:
    assert clean_name("Ai\x00ko\x07") == "Aiko"
    assert clean_name(" Ai\nko\t\r Mori ") == "Ai ko Mori"
    assert clean_name("\u202eokiA\u202c") == "okiA"  # no turning the sentence round
    assert clean_name("x" * 200) == "x" * NAME_LIMIT
    assert clean_name("愛子") == "愛子"
    assert clean_name(None) == "" and clean_name(42) == ""
    setup = GameSetup("toy", 2, ["human", "human"], names=["\x1b[31mAiko", "y" * 200])
    assert setup.names == ["[31mAiko", "y" * NAME_LIMIT]
    # Names are the people's: a computer's seat has none, and no names at all is none.
    assert GameSetup("toy", 2, ["human", "easy"], names=["A", "B"]).names == ["A", ""]
    assert GameSetup("toy", 2, ["human", "easy"], names=["", "\x00"]).names == []
    assert GameSetup("toy", 2, ["human", "human"], names=["A"]).name(1) == ""
    again = setup.again()
    assert again.names == setup.names and again.seed != 0


def test_the_dialog_cleans_and_cuts_what_is_typed(qtbot) -> None:
    dialog = NewGameDialog(ToyGame.spec, "en")
    qtbot.addWidget(dialog)
    edit = dialog.name_edits[0]
    edit.setText("z" * 200)
    assert len(edit.text()) == NAME_LIMIT  # the field takes no more
    edit.setText("Ai\tko\x00")
    assert dialog.setup().names == ["Ai ko", ""]


def test_a_long_name_with_markup_is_shown_cut_and_as_text(make_window) -> None:
    window = make_window(named_toy())
    long_name = "<b>Bo</b>&" + "x" * 190
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {}, seed=3,
                                    names=[long_name, "Ben"]))
    assert c is not None
    shown = long_name[:NAME_LIMIT]
    assert c.player_label(0) == shown
    page = window.privacy_page
    assert page.title.text() == f"Pass to {shown}"  # plain text: the tags show as typed
    assert page.button.text() == f"I am {shown} — show my table".replace("&", "&&")


def test_names_survive_a_save_and_the_autosave(make_window, tmp_path: Path,
                                               data_dir: Path) -> None:
    window = make_window(named_toy())
    c = window.start_game(GameSetup("toy", 2, ["human", "human"], {"stones": 5}, seed=9,
                                    names=["Aiko", "Ben"]))
    assert c is not None
    claim(window)
    assert c.submit_human("take:2")
    path = tmp_path / "named.json"
    assert window.files.save_file(path)
    assert json.loads(path.read_text())["ui"][NAMES] == ["Aiko", "Ben"]
    window.start_game(GameSetup("toy", 2, ["human", "easy"], {}, seed=1))
    loaded = window.files.load_file(path)
    assert loaded is not None and loaded.setup.names == ["Aiko", "Ben"]
    assert window.privacy_page.title.text() == "Pass to Ben"
    claim(window)
    assert "Aiko takes 2" in window.table_page.log.toPlainText()
    assert loaded.submit_human("take:1")
    window.close()

    # The autosave keeps them too: a new session resumes with the names.
    later = make_window(named_toy())
    resumed = later.files.resume_pending()
    assert resumed is not None and resumed.setup.names == ["Aiko", "Ben"]
    assert later.privacy_page.title.text() == "Pass to Aiko"


def _old_save(path: Path, ui: dict[str, Any]) -> None:
    session = Session(ToyGame(), seed=4)
    session.submit(session.current_player(), session.legal_actions()[0])
    sf.write_atomic(path, sf.from_session(session, ["human", "human"], ui=ui))


def test_a_save_without_names_still_says_player_1(make_window, tmp_path: Path) -> None:
    window = make_window(named_toy())
    path = tmp_path / "old.json"
    # What every save held before names: the viewing seat and the seed choice.
    _old_save(path, {"viewing_seat": None, "fixed_seed": False})
    assert NAMES not in json.loads(path.read_text())["ui"]
    loaded = window.files.load_file(path)
    assert loaded is not None and loaded.setup.names == []
    assert window.privacy_page.title.text() == "Pass to Player 2"
    assert window.privacy_page.who.text() == "Player 2 (your turn)"
    claim(window)
    assert "Player 1 takes 1" in window.table_page.log.toPlainText()
    # A save of a match without names writes none.
    assert NAMES not in loaded.save_data().ui


def test_a_save_with_a_broken_names_entry_loads_with_defaults(make_window,
                                                              tmp_path: Path) -> None:
    window = make_window(named_toy())
    path = tmp_path / "edited.json"
    _old_save(path, {"viewing_seat": None, NAMES: "Aiko"})
    loaded = window.files.load_file(path)
    assert loaded is not None and loaded.setup.names == []
    _old_save(path, {"viewing_seat": None, NAMES: [None, "B\x00en\n" + "n" * 50, 3]})
    loaded = window.files.load_file(path)
    assert loaded is not None
    assert loaded.setup.names == ["", ("Ben " + "n" * 50)[:NAME_LIMIT]]
    assert loaded.player_label(0) == "Player 1"
    assert window.privacy_page.title.text() == f"Pass to {loaded.setup.names[1]}"


def test_seat_names_for_the_speaker_follow_the_language() -> None:
    lang = ["en"]
    setup = GameSetup("toy", 3, ["human", "easy", "human"], names=["Aiko", "", ""])
    names = setup.speaker_names(lambda: lang[0])
    assert isinstance(names, SeatNames)
    assert list(names) == ["Aiko", "Player 2", "Player 3"] and len(names) == 3
    assert names[-1] == "Player 3" and list(names[1:]) == ["Player 2", "Player 3"]
    lang[0] = "ja"
    assert list(names) == ["Aiko", "プレイヤー2", "プレイヤー3"]
    # Nobody named: the speaker gets no names and words the seats as it always did.
    assert GameSetup("toy", 2, ["human", "human"]).speaker_names(lambda: "en") is None


def test_seat_panels_on_the_table_carry_the_names(make_window) -> None:
    # Magos lays out each seat's spell row as "Player 1's spells"; the names given replace the
    # seat names on the table too, in either language.
    from tabletop.games.magos.plugin import PLUGIN as MAGOS

    window = make_window({"magos": MAGOS})
    c = window.start_game(GameSetup("magos", 2, ["human", "human"], {}, seed=5,
                                    names=["Aiko", "Ben"]))
    assert c is not None
    claim(window)
    rows = [window.table.item_for(f"row{p}") for p in (0, 1)]
    assert [r.label() for r in rows] == ["Aiko's spells", "Ben's spells"]
    window.set_language("ja")
    assert [r.label() for r in rows] == ["Aikoの呪文", "Benの呪文"]


def test_names_replace_whole_seat_names_only() -> None:
    rename = renamer(["Aiko", "", "Chie"] + [""] * 8 + ["Lee"])
    assert rename("Player 1 breaks Player 12's lantern") == "Aiko breaks Lee's lantern"
    assert rename("Player 2 and Player 3") == "Player 2 and Chie"
    assert rename("プレイヤー1がプレイヤー12のランプを壊した") == "AikoがLeeのランプを壊した"
    assert rename("Players 1 to 3") == "Players 1 to 3"
    assert rename("") == ""
