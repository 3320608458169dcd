"""The background thinker: results arrive on the GUI thread, cancelling drops them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QThread
from pytestqt.qtbot import QtBot

from tabletop.ai import Decision
from tabletop.ai.worker import AIThinker
from tabletop.engine import Session
from tabletop.games.magos.model import MagosGame
from tests.toygame import ToyGame


def _toy_position() -> tuple[ToyGame, dict[str, Any], int, list[str]]:
    game = ToyGame()
    session = Session(game, 2, None, seed=3)
    seat = session.current_player()
    return game, session.observation(seat), seat, session.legal_actions()


def test_decision_arrives_on_the_gui_thread(qtbot: QtBot) -> None:
    game, obs, seat, legal = _toy_position()
    thinker = AIThinker()
    threads: list[QThread] = []
    thinker.decided.connect(lambda _d: threads.append(QThread.currentThread()))
    with qtbot.waitSignal(thinker.decided, timeout=20_000) as blocker:
        thinker.think(game, obs, seat, legal, "normal", seed=4)
        assert thinker.busy()
    decision = blocker.args[0]
    assert isinstance(decision, Decision)
    assert decision.action in legal
    assert decision.iterations > 0
    assert threads == [QCoreApplication.instance().thread()]
    assert not thinker.busy()
    assert thinker.wait_done(5_000)


def test_same_seed_same_decision_as_in_process(qtbot: QtBot) -> None:
    from tabletop.ai import make_agent

    game, obs, seat, legal = _toy_position()
    thinker = AIThinker()
    with qtbot.waitSignal(thinker.decided, timeout=20_000) as blocker:
        thinker.think(game, obs, seat, legal, "easy", seed=12)
    direct = make_agent("easy").choose(game, obs, seat, legal, seed=12)
    assert blocker.args[0].visits == direct.visits
    assert blocker.args[0].action == direct.action
    thinker.wait_done(5_000)


def test_cancel_drops_the_result(qtbot: QtBot) -> None:
    game = MagosGame()
    session = Session(game, 2, None, seed=2)
    seat = session.current_player()
    thinker = AIThinker()
    received: list[object] = []
    thinker.decided.connect(received.append)
    thinker.failed.connect(received.append)
    thinker.think(game, session.observation(seat), seat, session.legal_actions(), "hard", 1)
    thinker.cancel()
    assert not thinker.busy()
    assert thinker.wait_done(30_000)
    qtbot.wait(50)  # deliver the queued late result, which must be dropped
    assert received == []


def test_a_new_request_replaces_the_running_one(qtbot: QtBot) -> None:
    game, obs, seat, legal = _toy_position()
    thinker = AIThinker()
    received: list[Decision] = []
    thinker.decided.connect(received.append)
    thinker.think(game, obs, seat, legal, "hard", seed=1)
    with qtbot.waitSignal(thinker.decided, timeout=20_000):
        thinker.think(game, obs, seat, legal, "random", seed=2)
    assert thinker.wait_done(30_000)
    qtbot.wait(50)
    assert len(received) == 1
    assert received[0].iterations == 0  # the random agent's answer, not the search's


def test_failure_is_reported(qtbot: QtBot) -> None:
    game, obs, seat, legal = _toy_position()
    thinker = AIThinker()
    with qtbot.waitSignal(thinker.failed, timeout=20_000) as blocker:
        thinker.think(game, obs, seat, legal, "grandmaster", seed=1)
    assert "grandmaster" in blocker.args[0]
    assert "random, easy, normal, hard" in blocker.args[0]
    assert not thinker.busy()
