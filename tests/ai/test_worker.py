"""The background thinker: results arrive on the GUI thread, cancelling drops them."""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThread
from pytestqt.qtbot import QtBot

from tabletop.ai import Decision, worker
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


class _GcThreads:
    """Records the thread of every garbage collection while installed."""

    def __init__(self) -> None:
        self.threads: list[int] = []

    def __call__(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self.threads.append(threading.get_ident())

    def __enter__(self) -> _GcThreads:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self)


def test_no_collection_runs_on_the_search_thread(qtbot: QtBot) -> None:
    # A collection on the pool thread would free whatever garbage the process holds there,
    # Qt objects included; a search allocates enough to set the collector off many times.
    game = MagosGame()
    session = Session(game, 2, None, seed=2)
    seat = session.current_player()
    thinker = AIThinker()
    assert gc.isenabled()
    with _GcThreads() as seen, qtbot.waitSignal(thinker.decided, timeout=60_000):
        thinker.think(game, session.observation(seat), seat, session.legal_actions(),
                      "hard", seed=1)
        assert not gc.isenabled()  # off while the job is out
    assert thinker.wait_done(5_000)
    assert set(seen.threads) <= {threading.main_thread().ident}
    assert gc.isenabled()


def test_garbage_of_a_long_search_is_collected_on_the_gui_thread(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    game, obs, seat, legal = _toy_position()
    collected_here = threading.Event()

    class _Litter:
        """A search that leaves cyclic garbage and runs until the GUI thread collected."""

        def choose(self, *_args: object, **_kwargs: object) -> Decision:
            for _ in range(20_000):
                cycle: list[object] = []
                cycle.append(cycle)
            collected_here.wait(30)
            return Decision(legal[0])

    def on_gc(phase: str, _info: dict[str, int]) -> None:
        if phase == "stop" and threading.get_ident() == threading.main_thread().ident:
            collected_here.set()

    monkeypatch.setattr(worker, "make_agent", lambda _level: _Litter())
    thinker = AIThinker()
    gc.callbacks.append(on_gc)
    try:
        with qtbot.waitSignal(thinker.decided, timeout=40_000) as blocker:
            thinker.think(game, obs, seat, legal, "hard", seed=1)
    finally:
        gc.callbacks.remove(on_gc)
    assert collected_here.is_set()
    assert blocker.args[0].action == legal[0]
    assert thinker.wait_done(5_000)
    assert gc.isenabled()


def test_a_thinker_deleted_with_a_job_out_gives_collection_back(qtbot: QtBot) -> None:
    game, obs, seat, legal = _toy_position()
    parent = QObject()
    thinker = AIThinker(parent)
    thinker.think(game, obs, seat, legal, "hard", seed=1)
    assert not gc.isenabled()
    with qtbot.waitSignal(thinker.destroyed, timeout=30_000):
        shiboken6.delete(parent)  # the pool waits for the job; its report never arrives
    assert gc.isenabled()


class _SolvingToy(ToyGame):
    """A toy game that "solves" its positions slowly: the first solve runs until told to
    stop, so the test sees who stops it and when."""

    def __init__(self) -> None:
        super().__init__()
        self.levels: list[str] = []
        self.started = threading.Event()
        self.stopped = threading.Event()

    def solved_action(self, obs: Any, seat: int, legal: Any, level: str,
                      stop: Any) -> tuple[str, dict[str, float]] | None:
        self.levels.append(level)
        if len(self.levels) > 1 or stop is None:
            return None
        self.started.set()
        deadline = time.monotonic() + 20
        while not stop() and time.monotonic() < deadline:
            time.sleep(0.001)
        if stop():
            self.stopped.set()
        return None


def test_pondering_reports_nothing_and_a_question_stops_it_first(qtbot: QtBot) -> None:
    game = _SolvingToy()
    session = Session(game, 2, None, seed=3)
    seat = session.current_player()
    obs, legal = session.observation(seat), session.legal_actions()
    thinker = AIThinker()
    received: list[object] = []
    thinker.decided.connect(received.append)
    thinker.failed.connect(received.append)
    thinker.ponder(game, obs, seat, legal, "expert")
    assert game.started.wait(10)
    assert not thinker.busy()  # nothing was asked: the thread only works ahead
    assert not gc.isenabled()  # a solve ahead allocates as a search does
    qtbot.wait(50)
    assert received == [] and not game.stopped.is_set()
    with qtbot.waitSignal(thinker.decided, timeout=20_000):
        thinker.think(game, obs, seat, legal, "hard", seed=1)
    assert game.stopped.is_set()
    # Expert solves as hard does (``levels.SCRIPTED_AS``); the question came after the ponder.
    assert game.levels == ["hard", "hard"]
    assert thinker.wait_done(5_000)
    qtbot.wait(50)
    assert len(received) == 1 and isinstance(received[0], Decision)
    assert gc.isenabled()  # both jobs reported back


def test_cancel_stops_pondering_and_a_level_without_a_solver_does_not_ponder(
        qtbot: QtBot) -> None:
    game = _SolvingToy()
    session = Session(game, 2, None, seed=3)
    seat = session.current_player()
    obs, legal = session.observation(seat), session.legal_actions()
    thinker = AIThinker()
    thinker.ponder(game, obs, seat, legal, "hard")
    assert game.started.wait(10)
    thinker.cancel()
    assert game.stopped.wait(10) and thinker.wait_done(5_000)
    # Random and unguided searches keep nothing between decisions: nothing to work ahead on.
    for level in ("random", "hard-unguided"):
        thinker.ponder(game, obs, seat, legal, level)
        assert thinker.wait_done(5_000)
    assert game.levels == ["hard"]
    qtbot.waitUntil(gc.isenabled, timeout=5_000)
