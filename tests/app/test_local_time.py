"""Times shown to the player are on the player's clock: the offer to resume an unfinished game
and the Statistics window's date of the last game show the local time, not the UTC the files
keep, in digits that read the same in English and Japanese."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QObject

from tabletop.engine import Session
from tabletop.engine import savefile as sf
from tabletop.records import GameRecord, RecordStore
from tests.toygame import ToyGame


@pytest.fixture
def in_tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The player's clock is Japan's (UTC+9, no summer time) for the test."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_stamp_is_shown_on_the_local_clock(in_tokyo: None) -> None:
    from tabletop.engine.files import local_time

    assert local_time("2025-01-02T15:30:59Z") == "2025-01-03 00:30"
    assert local_time("2025-01-02T15:30:00+00:00") == "2025-01-03 00:30"
    assert local_time("2025-01-02T15:30:00+00:00", date_only=True) == "2025-01-03"
    assert local_time("2025-01-02T15:30:00") == "2025-01-03 00:30"  # written as UTC
    assert local_time("not a time") == "not a time"  # shown as the file has it
    assert local_time("") == ""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_resume_offer_says_when_on_the_local_clock(make_window, data_dir: Path,
                                                       in_tokyo: None, lang: str) -> None:
    session = Session(ToyGame(), seed=1)
    session.submit(session.current_player(), session.legal_actions()[0])
    while session.current_player() < 0:  # the deal: chance, not a move
        session.submit(session.current_player(), session.legal_actions()[0])
    session.submit(session.current_player(), session.legal_actions()[0])
    data = replace(sf.from_session(session, ["human", "human"]), updated="2025-01-02T15:30:00Z")
    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    (auto / "current.json").write_text(sf.dump(data), encoding="utf-8")
    window = make_window(lang=lang)
    assert window.files.pending is not None
    text = window.chooser.findChild(QObject, "resumeText").text()
    assert "2025-01-03 00:30" in text
    assert "UTC" not in text and "15:30" not in text


def test_the_statistics_show_the_local_date(make_window, data_dir: Path,
                                            in_tokyo: None) -> None:
    # Past midnight in Japan, still the day before in UTC.
    RecordStore().add(GameRecord.finished("toy", ["human", "hard"], [1.0, -1.0],
                                          date="2025-01-02T15:30:00+00:00"))
    window = make_window()
    window.menus.show_statistics("toy")
    table = window.menus.stats_window.table
    last = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
    assert table.item(0, last.index("Last played")).text() == "2025-01-03"


def test_the_statistics_date_the_last_game_on_the_local_clock(in_tokyo: None) -> None:
    from tabletop.app.stats_page import figure_row
    from tabletop.records import Figures

    late = Figures("toy", "easy", 1, 1, 0, 0, 0.2, 1.0, 1, 1, None,
                   "2025-01-02T15:30:00+00:00", "2025-01-02T15:30:00+00:00")
    assert figure_row(late, "en")[-1] == "2025-01-03"  # past midnight in Tokyo
