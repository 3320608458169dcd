"""The game records in the app: a finished toy match is recorded once, the Statistics window
(Game ▸ Statistics…) shows it per opponent level, and Export CSV writes it."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from tabletop.app.newgame import GameSetup
from tabletop.records import GameRecord, RecordStore


def play_to_the_end(window, qtbot, seats: list[str], seed: int = 3):
    c = window.start_game(GameSetup("toy", 2, seats, {"stones": 5}, seed=seed))
    assert c is not None
    while not c.session.is_terminal():
        qtbot.waitUntil(lambda: (c.is_human_turn() or c.session.is_terminal()
                                 or c.awaiting_privacy is not None), timeout=30_000)
        if c.awaiting_privacy is not None:  # hot-seat: the next person takes the screen
            c.reveal()
        elif not c.session.is_terminal():
            c.submit_human("take:1")
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    return c


def cell(table, row: int, column: int) -> str:
    return table.item(row, column).text()


def test_a_finished_match_is_recorded_once_and_shown(make_window, qtbot, tmp_path,
                                                      monkeypatch) -> None:
    window = make_window()
    c = play_to_the_end(window, qtbot, ["human", "random"])
    [record] = RecordStore().load()
    mine = c.session.returns()[0]
    expected = "win" if mine > 0 else "loss" if mine < 0 else "draw"
    assert record.game == "toy" and record.seats == ("human", "random")
    assert record.people == (0,) and record.level == "random"
    assert record.returns == tuple(c.session.returns()) and record.result == expected
    assert record.options == {"stones": 5} and record.seed == 3
    assert record.decisions == len(c.moves()) > 0
    assert record.date and record.started == c.created

    # The same match saved and opened again is over already: it is not recorded again.
    saved = tmp_path / "done.json"
    assert window.files.save_file(saved)
    again = window.files.load_file(saved)
    assert again is not None and again is not c and again.session.is_terminal()
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    assert len(RecordStore().load()) == 1

    # Game ▸ Statistics… opens on the game on the table.
    menus = window.menus
    assert menus.act_stats in menus.menu_game.actions()
    assert menus.act_stats.text() == "S&tatistics…"
    menus.act_stats.trigger()
    page = menus.stats_window
    assert page is not None and page.isVisible()
    assert page.game_id() == "toy" and page.game_combo.currentText() == "Stones"
    assert page.stack.currentWidget() is page.content
    table = page.table
    assert table.rowCount() == 1
    wins = 1 if expected == "win" else 0
    assert [cell(table, 0, i) for i in range(5)] == [
        "Computer (random)", "1", str(wins), str(int(expected == "loss")),
        str(int(expected == "draw"))]
    assert cell(table, 0, 5) == f"{wins * 100}%"
    assert page.plot is not None and page.plot.isVisible()

    # Export CSV writes the game's records where the player chose.
    target = tmp_path / "export" / "toy-stats.csv"
    target.parent.mkdir()
    asked: list[str] = []

    def ask(parent, title, start, filters):
        asked.append(start)
        return str(target), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    page.export_button.click()
    assert asked and asked[0].endswith("toy-statistics.csv")
    with target.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 1
    assert rows[0]["game"] == "toy" and rows[0]["result"] == expected
    assert rows[0]["seats"] == "human;random" and rows[0]["decisions"] == str(len(c.moves()))
    assert str(target) in page.status.text()

    # The page follows the language.
    window.set_language("ja")
    assert page.windowTitle() == "成績"
    assert table.horizontalHeaderItem(5).text() == "勝率"
    assert cell(table, 0, 0) == "コンピューター（ランダム）"


def test_a_match_between_computer_players_is_not_recorded(make_window, qtbot) -> None:
    window = make_window()
    c = window.start_game(GameSetup("toy", 2, ["random", "easy"], {}, seed=5))
    assert c is not None
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    assert c.record_filed
    assert RecordStore().load() == []
    assert not RecordStore().path.exists()


def test_hot_seat_matches_are_recorded_as_people(make_window, qtbot) -> None:
    window = make_window()
    c = play_to_the_end(window, qtbot, ["human", "human"], seed=4)
    [record] = RecordStore().load()
    assert record.level == "people" and record.people == (0, 1)
    assert record.result == ("draw" if c.session.returns()[0] == 0 else "win")


def test_no_games_yet(make_window) -> None:
    window = make_window(lang="ja")
    window.menus.show_statistics()
    page = window.menus.stats_window
    assert page.stack.currentWidget() is page.empty
    assert page.empty.text().startswith("石取りの対局記録はまだありません。")
    assert not page.export_button.isEnabled()
    window.set_language("en")
    assert page.empty.text().startswith("No games of Stones yet.")


def test_the_page_defaults_to_the_last_game_played(make_window, data_dir: Path) -> None:
    RecordStore().add(GameRecord.finished("toy", ["human", "hard"], [1.0, -1.0],
                                          date="2025-01-01T10:00:00+00:00"))
    RecordStore().add(GameRecord.finished("gone", ["human", "easy"], [-1.0, 1.0],
                                          date="2025-01-02T10:00:00+00:00"))
    window = make_window()
    window.menus.show_statistics()
    page = window.menus.stats_window
    # A game no longer installed keeps its records and is listed by its id.
    assert page.game_id() == "gone" and page.game_combo.currentText() == "gone"
    assert cell(page.table, 0, 0) == "Computer (easy)" and cell(page.table, 0, 3) == "1"
    page.game_combo.setCurrentIndex(page.game_combo.findData("toy"))
    assert cell(page.table, 0, 0) == "Computer (hard)" and cell(page.table, 0, 2) == "1"


def test_a_damaged_record_file_is_set_aside_and_the_game_goes_on(make_window, qtbot,
                                                                 data_dir: Path) -> None:
    store = RecordStore()
    store.directory.mkdir(parents=True)
    store.path.write_text("{ this is not a record file", encoding="utf-8")
    window = make_window()
    play_to_the_end(window, qtbot, ["human", "normal"])
    box = window.message_box
    assert box is not None and "game record file was damaged" in box.text()
    kept = [p for p in store.directory.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8").startswith("{ this is")
    assert kept[0].name in box.text()
    assert len(RecordStore().load()) == 1
    assert window.ending.summary_dialog is not None  # the summary opened as usual


def test_a_finished_game_listed_on_the_page_opens_its_review(make_window, qtbot) -> None:
    from PySide6.QtCore import Qt

    from tabletop.app.review_window import ReviewWindow

    window = make_window()
    c = play_to_the_end(window, qtbot, ["random", "human"], seed=6)
    window.ending.summary_dialog.close()
    window.menus.show_statistics()
    page = window.menus.stats_window
    games = page.games
    assert games.isVisible() and games.rowCount() == 1
    assert cell(games, 0, 1) == "Computer (random)"
    mine = c.session.returns()[1]
    assert cell(games, 0, 2) == ("Won" if mine > 0 else "Lost" if mine < 0 else "Draw")
    assert not page.review_button.isEnabled()  # nothing chosen yet

    # A click chooses the game, Review… opens its review, of the person's seat.
    rect = games.visualItemRect(games.item(0, 0))
    qtbot.mouseClick(games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.review_button.isEnabled()
    qtbot.mouseClick(page.review_button, Qt.MouseButton.LeftButton)
    review = window.files.review_window
    assert isinstance(review, ReviewWindow) and review.isVisible()
    assert review.seat == 1
    assert [(r.seat, r.action) for r in review.session.history] == [
        (r.seat, r.action) for r in c.session.history]
    qtbot.waitUntil(lambda: review.result is not None, timeout=120_000)
    assert review.result.complete and review.result.seat == 1
    first = review

    # A double-click on the row opens it too (read back from the kept review at once).
    qtbot.mouseDClick(games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    again = window.files.review_window
    assert again is not first and again.seat == 1
    assert again.result is not None and again.result.to_json() == first.result.to_json()

    window.set_language("ja")
    assert page.review_button.text() == "振り返る…"
    assert cell(games, 0, 1) == "コンピューター（ランダム）"
