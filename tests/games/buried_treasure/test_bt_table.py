"""Buried Treasure in the app, hot-seat: every seat human, each bury made behind the privacy page
with real drags and clicks, until the summary names the winner. Before the reveal no seat's
screen shows another seat's buried card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app.table_driver import play_through_table
from PySide6.QtCore import QSettings

from tabletop.app.newgame import GameSetup
from tabletop.app.window import MainWindow
from tabletop.games.buried_treasure.plugin import PLUGIN

GAME = "buried-treasure"


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
           ) -> Iterator[MainWindow]:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    settings = QSettings(str(tmp_path / "tabletop.ini"), QSettings.Format.IniFormat)
    w = MainWindow({GAME: PLUGIN}, [], lang="en", settings=settings, ai_delay_ms=0,
                   animate=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    yield w
    w.close()
    w.thinker.wait_done(5000)


def _screen_leaks(window: Any, controller: Any) -> list[str]:
    """Buried cards of other seats that the pieces on screen show face up or with art."""
    s = controller.session.state
    viewer = controller.viewing_seat
    leaks = []
    for p, card in enumerate(s.buried):
        if p == viewer or card is None:
            continue
        item = window.table.item_for(f"bur{p}")
        if item is not None and (item.piece.face_up or item.piece.art):
            leaks.append(f"bur{p}")
    # The log and the status line the viewer reads: of the private "(You buried ...)" lines
    # only the viewer's own appear, and no public line names a buried value.
    log = window.table_page.log.toPlainText()
    own = sum(1 for rec in controller.session.history for e in rec.events
              if e.kind == "bury_own" and e.data["seat"] == viewer)
    if log.count("(You buried") != own:
        leaks.append("log")
    if "Treasure" in controller._base_status[0]:
        leaks.append("status")
    return leaks


def test_hot_seat_game_to_the_end_through_the_table(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = window.start_game(GameSetup(GAME, 3, ["human", "human", "human"], {}, seed=4,
                                    fixed_seed=True))
    assert c is not None
    pages = 0
    checks = 0

    def on_privacy() -> None:
        # The page is a real barrier: no piece of the last seat's table survives behind it.
        nonlocal pages
        assert window.stack.currentWidget() is window.privacy_page
        assert not window.table._pieces
        pages += 1

    def before_move() -> None:
        nonlocal checks
        assert _screen_leaks(window, c) == []
        checks += 1

    human_moves = play_through_table(window, c, qtbot, seed=4, before_move=before_move,
                                     on_privacy=on_privacy)
    assert c.over and human_moves > 0
    assert pages > 10 and checks == human_moves
    assert c.session.observation(None)["phase"] == "over"
    dialog = window.summary_dialog
    assert dialog is not None
    assert "points" in dialog.text.text()
