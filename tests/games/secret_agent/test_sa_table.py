"""Secret Agent in the app, played through the table with real drags, clicks and buttons: a
hot-seat game where the screen passes to whoever must answer (a defender, a bidder, a player
who may refill) and no person's screen ever shows another person's hand, face-down spies or
bids; one person against computer players to the final score; and three people at one screen
to the end with at least one defence and one super-spy auction."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.layout import Gesture
from tabletop.games.secret_agent.plugin import PLUGIN
from tabletop.testing.table_driver import (
    PrivacyWatch,
    perform,
    start_seeded,
    table_moves,
    window_fixture,
)

GAME = "secret-agent"
ATTACKS = ("disaster:", "secret:", "special:", "destroy:")


window = window_fixture({GAME: PLUGIN})


def screen_leaks(window: Any, c: Any) -> list[str]:
    """What the pieces on screen show that the person at the screen may not know."""
    s = c.session.state
    viewer = c.viewing_seat
    pieces = window.table._pieces
    leaks: list[str] = []
    hand = sorted(pid for pid in pieces if pid.startswith("h") and pid[1:].isdigit())
    if viewer is None:
        return hand
    own = [card for card in s.hands[viewer] if not card.startswith("LD-")]
    shown = sorted(str(pieces[pid].piece.art.get("title_en")) for pid in hand)
    if len(shown) != len(own):
        leaks.append(f"a hand of {len(shown)} on screen, {len(own)} held")
    for p in range(s.n):
        item = pieces.get(f"hand{p}")
        if p != viewer and item is not None and (item.piece.face_up or item.piece.art):
            leaks.append(f"hand of seat {p}")
        bid = pieces.get(f"bid{p}")
        if p != viewer and bid is not None and s.bids[p] not in ("", "-") and (
                bid.piece.face_up or bid.piece.art):
            leaks.append(f"bid of seat {p}")
    down = s.mode == "disaster" and not s.revealed
    for key, owner in (("aspy", s.attacker), ("dspy", s.defender)):
        for pid, item in pieces.items():
            hidden = down and (key == "dspy" or not s.open_spies)
            if pid.startswith(key) and hidden and owner != viewer and (
                    item.piece.face_up or item.piece.art):
                leaks.append(pid)
    return leaks


def choose(legal: list[str], rng: random.Random) -> str:
    """A seeded random legal move, keen on attacks, spies and bids (so reactions happen)."""
    attacks = [a for a in legal if a.startswith(ATTACKS)]
    if attacks and rng.random() < 0.5:
        return rng.choice(attacks)
    keen = [a for a in legal if a.startswith(("spy:", "bid:", "tech:", "counter:"))]
    if keen and rng.random() < 0.6:
        return rng.choice(keen)
    return rng.choice(legal)


def any_offered(window: Any, offered: list[Gesture], rng: random.Random) -> Gesture:
    """Perform one of the gestures offered for the move, chosen by ``rng``."""
    gesture = rng.choice(offered)
    perform(window, gesture)
    return gesture


def play(window: Any, c: Any, qtbot: Any, seed: int, *,
         on_privacy: Callable[[], None] | None = None,
         before_move: Callable[[], None] | None = None,
         stop: Callable[[], bool] = lambda: False) -> Counter[str]:
    """Play the human seats through the table; the counts of moves by kind."""
    made = table_moves(window, c, qtbot, seed, 3000, before_move, on_privacy, choose=choose,
                       act=any_offered, stop=stop)
    return Counter(g.action.partition(":")[0] for g in made)


class Watch:
    """Checks made before every move and at every privacy page of a hot-seat game."""

    def __init__(self, window: Any, c: Any) -> None:
        self.window, self.c = window, c
        self.pages = 0
        self.checks = 0
        self.reactions = 0    # decisions out of turn: defence, counters, bids, refills...
        self.handovers = 0    # ...of which the screen was handed to the reacting person
        self.phases: set[str] = set()
        self._last_page: int | None = None

    def on_privacy(self) -> None:
        # The page is a real barrier: nothing of the last person's table stays behind it.
        assert self.window.stack.currentWidget() is self.window.privacy_page
        assert not self.window.table._pieces
        self.pages += 1
        self._last_page = self.c.awaiting_privacy

    def before_move(self) -> None:
        c, s = self.c, self.c.session.state
        assert self.window.stack.currentWidget() is self.window.table_page
        assert c.viewing_seat == s.actor
        assert screen_leaks(self.window, c) == []
        self.checks += 1
        self.phases.add(s.phase)
        if s.actor != s.turn:
            self.reactions += 1
            if self._last_page == s.actor:
                self.handovers += 1
        self._last_page = None


def test_hot_seat_hands_the_screen_to_the_defender_and_bidders(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "human", "easy"], seed=4)
    watch = Watch(window, c)
    play(window, c, qtbot, seed=4, on_privacy=watch.on_privacy,
         before_move=watch.before_move,
         stop=lambda: {"defend", "auction"} <= watch.phases and watch.handovers >= 3)
    assert {"defend", "auction"} <= watch.phases, watch.phases
    assert watch.reactions >= 3 and watch.handovers >= 3
    assert watch.pages > 5 and watch.checks > 10


@pytest.mark.slow
def test_one_person_against_three_computers_to_the_final_score(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "easy", "easy", "easy"], seed=7)
    watch = PrivacyWatch(window, c, screen_leaks, seat=0)

    made = play(window, c, qtbot, seed=7, before_move=watch.before_move)
    assert c.over and watch.checks == sum(made.values()) > 30
    final = c.session.observation(None)
    assert final["phase"] == "over"
    assert {r.seat for r in c.session.history} >= {0, 1, 2, 3}
    dialog = window.ending.summary_dialog
    assert dialog is not None and "Technology points" in dialog.text.text()


@pytest.mark.slow
def test_three_people_at_one_screen_to_the_final_score(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human"] * 3, seed=5)
    watch = Watch(window, c)
    made = play(window, c, qtbot, seed=5, on_privacy=watch.on_privacy,
                before_move=watch.before_move)
    assert c.over
    assert {"defend", "auction"} <= watch.phases, watch.phases
    assert watch.handovers >= 5 and watch.checks == sum(made.values())


def test_a_spy_dropped_on_a_rivals_hand_is_sent_at_once(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    # The report: dropping Spy 6 on a rival's hand started the secret action but left the spy
    # in the hand ("Attack spies (0)"); a second click on it was needed before "That is all".
    # The drop now starts the action and sends that spy; the next choice is offered at once.
    from tabletop.engine import Session
    from tabletop.table.pointer import drag, visible_point

    game = PLUGIN.game
    session = Session(game, 3, {}, seed=0)
    rng = random.Random(0)
    while not any(a.startswith("secret:") for a in session.legal_actions()):
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    me = session.current_player()
    seats = ["easy"] * 3
    seats[me] = "human"
    from tabletop.app.newgame import GameSetup

    c = window.start_game(GameSetup(GAME, 3, seats, {}, seed=0, fixed_seed=True),
                          session=Session.from_json(game, {
                              "players": 3, "options": {}, "seed": 0, "human_seats": [me],
                              "log": [[r.seat, r.action] for r in session.history]}))
    qtbot.waitUntil(lambda: c.is_human_turn())
    table = window.table
    drop = next(g for g in table.gestures() if g.action.startswith("secret:") and g.source)
    spy = drop.then[0].partition(":")[2]
    before = len(c.session.history)
    drag(table, visible_point(table, drop.source), table.view_pos_of(drop.target))
    qtbot.waitUntil(lambda: len(c.session.history) >= before + 2)
    assert [r.action for r in c.session.history[before:]] == [drop.action, f"spy:{spy}"]
    assert spy not in c.session.state.hands[me]
    assert c.session.state.atk_spies == [spy]
    # The next choice is on offer at once: more spies to send, or That is all.
    buttons = [b.property("action") for b in window.table_page.game_buttons]
    assert "done" in buttons
