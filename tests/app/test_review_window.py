"""The Review window, driven by real mouse events: it opens from the end-of-game summary and from
Replay, judges the seat's decisions in the background with its chart and its list of falls, a
click on a fall or on a point of the chart opens Replay at that moment from that seat, and
Cancel stops it with what was judged so far."""

from __future__ import annotations

import itertools
import random
from typing import Any

from PySide6.QtCore import QPointF, Qt

from tabletop.app.newgame import GameSetup
from tabletop.app.review_window import PLY, ReviewWindow
from tabletop.engine import Session
from tabletop.registry import get_game_plugin
from tabletop.review import REVIEW_LEVEL, Judged, Review, ReviewStore, seat_plies
from tests.test_review import planted_blunder


def _finished_duel(make_window: Any, qtbot: Any, lang: str = "en") -> tuple[Any, Any, int]:
    """The app showing the summary of a Magos duel with a planted blunder by player 1."""
    session, ply, _ = planted_blunder(0)
    plugin = get_game_plugin("magos")
    window = make_window(plugins={"magos": plugin}, lang=lang)
    setup = GameSetup("magos", 2, ["human", "hard"], {}, seed=session.seed)
    assert window.start_game(setup, session=session) is not None
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=30_000)
    return window, window.ending.summary_dialog, ply


def _judged(qtbot: Any, review: ReviewWindow) -> None:
    qtbot.waitUntil(lambda: review.result is not None, timeout=180_000)


def test_review_opens_from_the_summary_and_a_fall_opens_replay_there(make_window: Any,
                                                                     qtbot: Any) -> None:
    window, summary, ply = _finished_duel(make_window, qtbot)
    qtbot.mouseClick(summary.review_button, Qt.MouseButton.LeftButton)
    review = window.files.review_window
    assert isinstance(review, ReviewWindow) and review.isVisible()
    assert review.seat == 0  # the person at the screen
    _judged(qtbot, review)
    result = review.result
    assert result is not None and result.complete
    assert review.progress.value() == review.progress.maximum()
    xs, ys = review.curve.getData()
    assert list(xs) == [float(n) for n, _ in result.curve()]
    assert all(0.0 <= y <= 100.0 for y in ys)
    rows = [review.mistakes.item(i) for i in range(review.mistakes.count())]
    assert [r.data(PLY) for r in rows] == [d.ply for d in result.mistakes()]
    planted = next(r for r in rows if r.data(PLY) == ply)
    assert "Better:" in planted.text()
    # The rules' reason on a line of its own, in the game's words; the others give none.
    assert planted.text().splitlines()[-1] == (
        "That move would have knocked the other wizard out this turn, whatever the dice.")
    assert not review.banner.isVisible() and not review.hindsight
    rect = review.mistakes.visualItemRect(planted)
    qtbot.mouseClick(review.mistakes.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    replay = window.files.replay_window
    assert replay is not None and replay.isVisible()
    assert replay.seat == 0 and replay.ply() == ply
    assert replay.observation() == replay.game.observation(replay.session.state_at(ply), 0)


def test_a_point_of_the_chart_opens_replay_at_that_decision(make_window: Any,
                                                            qtbot: Any) -> None:
    window, summary, _ = _finished_duel(make_window, qtbot)
    summary.review_button.click()
    review = window.files.review_window
    _judged(qtbot, review)
    assert review.result is not None
    target = next(d for d in review.result.decisions if d.chance_made is not None)
    box = review.plot.getPlotItem().getViewBox()
    where = box.mapViewToScene(QPointF(target.number, 100.0 * target.chance_made))
    pos = review.plot.mapFromScene(where)
    qtbot.mouseClick(review.plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    replay = window.files.replay_window
    assert replay is not None and replay.ply() == target.ply and replay.seat == 0


def test_replay_of_a_finished_game_opens_the_review_of_the_seat_on_show(make_window: Any,
                                                                        qtbot: Any) -> None:
    window, summary, _ = _finished_duel(make_window, qtbot, lang="ja")
    summary.replay_button.click()
    replay = window.files.replay_window
    replay.set_seat(1)
    assert replay.review_button is not None
    assert replay.review_button.text() == "この席を振り返る…"
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    review = window.files.review_window
    assert isinstance(review, ReviewWindow) and review.seat == 1
    assert review.windowTitle() == "振り返り — マゴス"
    _judged(qtbot, review)
    assert review.result is not None and review.result.seat == 1
    assert all(d.ply in {i for i, r in enumerate(replay.session.history) if r.seat == 1}
               for d in review.result.decisions)


def test_cancel_stops_the_review_and_keeps_what_was_judged(make_window: Any,
                                                           qtbot: Any) -> None:
    window, summary, _ = _finished_duel(make_window, qtbot)
    summary.review_button.click()
    review = window.files.review_window
    qtbot.waitUntil(lambda: review.progress.value() >= 1 or review.result is not None,
                    timeout=60_000)
    qtbot.mouseClick(review.cancel_button, Qt.MouseButton.LeftButton)
    _judged(qtbot, review)
    result = review.result
    assert result is not None
    if not result.complete:  # a fast machine may have finished before the click
        assert "Cancelled" in review.note.text()
        assert len(result.decisions) < len(
            [r for r in review.session.history if r.seat == 0])
    assert not review.cancel_button.isEnabled()


def test_a_review_made_once_opens_at_once_the_next_time(make_window: Any, qtbot: Any) -> None:
    window, summary, _ = _finished_duel(make_window, qtbot)
    summary.review_button.click()
    first = window.files.review_window
    _judged(qtbot, first)
    figures = first.result.to_json()
    first.close()
    summary.review_button.click()
    again = window.files.review_window
    assert again is not first
    assert again.result is not None and not again.running()  # no search: read back
    assert again.result.to_json() == figures
    assert again.mistakes.count() == first.mistakes.count()


class _Kept(ReviewStore):
    """A store that holds one review already, made without a search: each decision at 50%."""

    def __init__(self, session: Session, seat: int) -> None:
        super().__init__(None)
        self.review = Review(session.game.spec.id, seat, REVIEW_LEVEL, 0)
        for n, ply in enumerate(seat_plies(session, seat), 1):
            self.review.decisions.append(Judged(ply, n, "x", "x", 0.5, 0.5, 0.0, 2, False))

    def load(self, session: Session, seat: int, level: str, seed: int,
             hindsight: bool = False) -> Review | None:
        return None if hindsight else self.review

    def keep(self, session: Session, result: Review) -> bool:
        return False


def test_the_chart_marks_where_each_round_begins(qtbot: Any) -> None:
    plugin = get_game_plugin("national-economy")
    game, view = plugin.game, plugin.view()
    session = Session(game, 2, None, seed=4)
    rng = random.Random(4)
    while not session.is_terminal():
        session.submit(session.current_player(), rng.choice(session.legal_actions()))
    window = ReviewWindow(plugin, session, "en", 0, store=_Kept(session, 0))
    qtbot.addWidget(window)
    rounds = [view.series_round(game.observation(session.state_at(p), None))
              for p in seat_plies(session, 0)]
    begins = [r for prev, r in itertools.pairwise(rounds) if r != prev]
    assert len(begins) >= 5  # a whole game of National Economy has nine rounds
    assert [line.label.format for line in window.round_lines] == [f"Round {r}" for r in begins]


def test_the_hindsight_view_is_labelled_and_judged_apart(make_window: Any, qtbot: Any) -> None:
    window, summary, _ = _finished_duel(make_window, qtbot)
    summary.review_button.click()
    review = window.files.review_window
    _judged(qtbot, review)
    fair = review.result
    assert fair is not None and not fair.hindsight
    box = review.hindsight_box
    assert box.isEnabled() and not box.isChecked() and box.text() == "With hindsight"
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked() and review.banner.isVisible()
    assert review.banner.text().startswith("With hindsight: each decision is judged from the "
                                           "true state")
    _judged(qtbot, review)
    hind = review.result
    assert hind is not None and hind.hindsight and hind.complete
    rows = [review.mistakes.item(i).data(PLY) for i in range(review.mistakes.count())]
    assert rows == [d.ply for d in hind.mistakes()]
    # Back to the fair view: read back from the store at once, the banner gone.
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert not review.banner.isVisible()
    assert review.result is not None and review.result.to_json() == fair.to_json()
