"""Sheep & Thief in the app, played to the final score through the table with real mouse events:
one person against three computer players (every drag also made the other way, by clicking the
piece and then its target: flocks, the thief, hand cards), and hot-seat games (two people at
one screen, and two people with a computer seat between them in a three-player draft), where
the screen passes behind the privacy page between secret choices and no person's screen ever
shows a card of another person's hand or pack (ST-R36)."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtWidgets import QTableWidget

from tabletop.engine.layout import Gesture
from tabletop.games.sheep_and_thief.plugin import PLUGIN
from tabletop.games.sheep_and_thief.state import Phase
from tabletop.testing.table_driver import (
    PrivacyWatch,
    first_offered,
    perform,
    start_seeded,
    table_moves,
    visible_point,
    window_fixture,
)
from tests.table.tablehelp import click

GAME = "sheep-and-thief"


window = window_fixture({GAME: PLUGIN})


def unseen_cards(controller: Any) -> set[str]:
    """Cards the viewing seat may not know: other hands, the packs they hold, their pending
    picks and face-down cards, and the deck; less what its observation rightly shows (the
    packs it passed on, the offered pairs)."""
    s = controller.session.state
    viewer = controller.viewing_seat
    hidden = set(s.deck)
    for p in range(s.n):
        if p == viewer:
            continue
        hidden |= set(s.hands[p]) | {c for i, c in enumerate(s.sheets[p]) if s.down[p][i]}
        if s.phase == Phase.DRAFT:
            hidden |= set(s.packs[s.pack_of(p)]) | {s.picks[p]}
        elif s.phase == Phase.KEEP:
            hidden |= set(s.packs[p]) | set(s.offers[p])
        elif s.phase == Phase.TAKE:
            hidden |= set(s.takes[p])
    obs = controller.session.observation(viewer)
    for pl in obs["players"]:
        hidden -= {str(c) for c in [*pl["known"], *(pl["pack_seen"] or []), *pl["offer"]]
                   if c}
    return hidden - {""}


def screen_leaks(window: Any, controller: Any) -> list[str]:
    """Hidden cards named by a piece on the table (its id, art or tooltip) or the status."""
    hidden = unseen_cards(controller)
    leaks = []
    for item in window.table._pieces.values():  # the table's own items, as drawn
        p = item.piece
        text = " ".join([p.id, p.tooltip_en, p.tooltip_ja, *(str(v) for v in p.art.values())])
        leaks += [f"{p.id}: {c}" for c in hidden if c in text]
    status = controller.status.base[0]
    leaks += [f"status: {c}" for c in hidden if c in status]
    return leaks


class ClicksForDrags:
    """Makes a move as ``first_offered`` does, but every other drag by clicking the piece and
    then its target."""

    def __init__(self) -> None:
        self.drags = 0

    def __call__(self, window: Any, offered: list[Gesture], rng: random.Random) -> Gesture:
        dragged = [g for g in offered if g.source is not None and g.target is not None]
        if not dragged:
            return first_offered(window, offered, rng)
        table = window.table
        c = window.controller
        before = len(c.session.history)
        self.drags += 1
        g = dragged[self.drags % len(dragged)]
        if self.drags % 2:
            click(table, visible_point(table, g.source))
            assert table.selected_piece() == g.source or len(c.session.history) > before
            if len(c.session.history) == before:
                click(table, visible_point(table, g.target))
        else:
            perform(window, g)
        return g


def play(window: Any, qtbot: Any, seed: int, *, clicks: bool = False,
         before_move: Any = None, on_privacy: Any = None) -> int:
    """Play the human seats to the end with seeded random legal moves made on the table; with
    ``clicks`` every other drag is made by clicking the piece and then its target."""
    act = ClicksForDrags() if clicks else first_offered
    return len(table_moves(window, window.controller, qtbot, seed, 1_500, before_move,
                           on_privacy, act=act))


def check_summary(window: Any, n: int) -> None:
    c = window.controller
    assert c.session.observation(None)["phase"] == "over"
    dialog = window.ending.summary_dialog
    assert dialog is not None
    table = dialog.findChild(QTableWidget, "scoreTable")
    assert table is not None
    assert table.item(0, 0).text() == "Sheep"
    assert table.item(table.rowCount() - 1, 0).text() == "Total"
    s = c.session.state
    for p in range(n):
        assert table.item(table.rowCount() - 1, p + 1).text() == str(s.total(p))
    curves = {curve.name(): curve.getData() for plot in dialog.plots
              for curve in plot.getPlotItem().listDataItems()}
    assert sorted(curves) == [f"P{p + 1} points" for p in range(n)]
    for xs, _ys in curves.values():  # one point per round
        assert list(xs) == [1.0, 2.0, 3.0]


def test_one_person_against_three_computers_with_drags_and_clicks(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "easy", "easy", "easy"], seed=11)
    watch = PrivacyWatch(window, c, screen_leaks, seat=0)

    moves = play(window, qtbot, seed=11, clicks=True, before_move=watch.before_move)
    assert c.over and moves > 20 and watch.checks == moves
    kinds = {r.action.partition(":")[0] for r in c.session.history if r.seat == 0}
    assert {"pick", "place", "dog", "thief"} <= kinds
    assert {1, 2, 3} <= {r.seat for r in c.session.history}
    check_summary(window, 4)


def test_two_people_at_one_screen_never_see_each_others_cards(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "human"], seed=5)
    watch = PrivacyWatch(window, c, screen_leaks)

    moves = play(window, qtbot, seed=5, before_move=watch.before_move, on_privacy=watch.on_privacy)
    assert c.over and moves > 40 and watch.checks == moves
    # Every secret choice of the draft (keep, keep, offer, take for each) and every turn of
    # the placement that moves the screen to the other person passes behind the page.
    assert watch.pages >= 3 * 4
    history = c.session.history
    for kind in ("keep", "offer", "take", "place"):
        assert {r.seat for r in history if r.action.startswith(kind + ":")} == {0, 1}
    check_summary(window, 2)


def test_three_player_draft_hands_the_screen_over_round_the_computer(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    # Game.secret_round: in each draft step the two people pick behind the privacy page while
    # the computer seat between them picks meanwhile; nobody sees another's pack.
    c = start_seeded(window, GAME, ["human", "easy", "human"], seed=9)
    requested: list[int] = []
    c.privacy_requested.connect(requested.append)
    draft_views: set[int] = set()

    def before_move() -> None:
        assert screen_leaks(window, c) == []
        obs = c.session.observation(c.viewing_seat)
        if obs["phase"] == Phase.DRAFT:
            draft_views.add(int(c.viewing_seat))
            # The table shows the viewer's pack, and of the others only counts.
            packs = [p for p in window.table._pieces.values()
                     if p.piece.id in {str(x) for x in obs["players"][c.viewing_seat]["pack"]}]
            assert packs and all(p.piece.face_up for p in packs)

    moves = play(window, qtbot, seed=9, before_move=before_move)
    assert c.over and moves > 30
    assert draft_views == {0, 2}
    assert requested.count(0) >= 3 and requested.count(2) >= 3
    check_summary(window, 3)
