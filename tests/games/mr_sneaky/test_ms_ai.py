"""Mr. Sneaky and the AI: an agent's choice ignores what its role cannot see, in both roles;
the hard search beats random play (slow; run with -m slow)."""

from __future__ import annotations

import random

import pytest

from tabletop.cli import derive_seed
from tabletop.engine import Session
from tabletop.games.mr_sneaky.model import MrSneakyGame
from tests.games.aicheck import (
    assert_choice_ignores_hidden_facts,
    assert_same_choices,
    rotated_wins,
    untimed,
)

GAME = MrSneakyGame()


def _decision_point(seed: int, plies: int, role: str) -> Session:
    """A session after about ``plies`` random decisions, stopped where the Rich Man
    (``role="rich"``) or the Thief (``"thief"``) has a real choice."""
    session = Session(GAME, seed=seed)
    rng = random.Random(seed)
    done = 0
    while not session.is_terminal():
        state = session.state
        seat = session.current_player()
        legal = session.legal_actions()
        wanted = seat == (state.rich if role == "rich" else 1 - state.rich)
        if done >= plies and wanted and len(legal) >= 2:
            return session
        session.submit(seat, legal[rng.randrange(len(legal))])
        done += 1
    raise AssertionError("the game ended before a decision point")


@pytest.mark.parametrize("plies", [3, 12, 40])
def test_thief_choice_ignores_the_closed_doors(plies: int) -> None:
    # DESIGN §3, MS-R10: the doors behind the Thief's back do not steer his choice.
    session = _decision_point(8, plies, "thief")
    twin = assert_choice_ignores_hidden_facts(GAME, session)
    assert twin.doors != session.state.doors


@pytest.mark.parametrize("plies", [2, 20])
def test_rich_man_choice_ignores_the_deck_order(plies: int) -> None:
    # DESIGN §3, MS-R37: the Rich Man knows every door; only the order of his deck is hidden,
    # and no state holds it (each draw is a chance outcome). A resample is the true state ...
    session = _decision_point(5, plies, "rich")
    seat, legal = session.current_player(), session.legal_actions()
    obs = session.observation(seat)
    assert GAME.state_to_json(GAME.resample(obs, seat, random.Random(0))) == \
        GAME.state_to_json(session.state)
    # ... and the order shows only in what a session draws next: sessions that share the log
    # but not the seed draw other cards after the same decision, while the agents, which see
    # only the observation, decide the same in both.
    data = session.to_json()
    futures = set()
    for other_seed in range(12):
        twin = Session.from_json(GAME, {**data, "seed": other_seed})
        assert twin.observation(seat) == obs
        twin.submit(seat, legal[0])
        start = len(twin.history)
        draws: list[str] = []
        while not draws and not twin.is_terminal():
            twin.submit(twin.current_player(), twin.legal_actions()[0])
            draws = [r.action for r in twin.history[start:] if r.action.startswith("draw:")]
        futures.add(tuple(draws))
        if len(futures) > 1:
            break
    assert len(futures) > 1
    twin = Session.from_json(GAME, {**data, "seed": 999})
    assert_same_choices(GAME, seat, legal, obs, twin.observation(seat))


@pytest.mark.slow
def test_hard_beats_random() -> None:
    # Roles swap every round, so each agent plays both the Rich Man and the Thief. Over 200
    # rotated seeded games (docs/ai-strength.md) hard won 81.5%; the same search seeing the
    # true door layout wins 97.5% (docs/luck-cap.md): hard's Thief loses the rest, not luck.
    # Decision seeds are derived as the CLI's ``simulate`` derives them, so these games are the
    # first of a ``play_match`` measurement over the same seeds.
    games = 12
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), games, 500, derive_seed)
    assert wins >= 8, f"hard won {wins} of {games}"


# -- the search's judgement of a position (AI only) ----------------------------------------

def test_treasure_chances_match_every_order_of_the_doors() -> None:
    # The Thief opens closed doors in an order he cannot steer by their faces: averaged over
    # every order, how many half guards has he spent when the Treasure opens?
    from itertools import permutations

    from tabletop.games.mr_sneaky.heuristic import treasure_chances

    costs, budget = (1, 2, 4, 2), 6
    counts = [0] * budget
    orders = list(permutations([*range(len(costs)), "T"]))
    for order in orders:
        spent = 0
        for door in order:
            if door == "T":
                if spent < budget:
                    counts[spent] += 1
                break
            spent += costs[door]
    expected = [c / len(orders) for c in counts]
    got = treasure_chances(budget, tuple(sorted(costs)))
    assert got == pytest.approx(expected)
    assert sum(got) < 1.0  # some orders get him caught first


def test_win_table_rewards_jewels_and_the_eighth_wins() -> None:
    from tabletop.games.mr_sneaky.data import JEWELS_TO_WIN
    from tabletop.games.mr_sneaky.heuristic import WIN, after_round

    n = JEWELS_TO_WIN
    for x in range(n):
        for y in range(n):
            assert 0.0 < WIN[x][y] < 1.0
            if x + 1 < n:
                assert WIN[x + 1][y] >= WIN[x][y]  # one more jewel never hurts
            if y + 1 < n:
                assert WIN[x][y + 1] <= WIN[x][y]
    assert after_round(WIN, n, n) == 1.0  # MS-R35: the Rich Man's eighth jewel wins
    assert after_round(WIN, 0, n) == 0.0


@pytest.mark.parametrize("plies", [0, 5, 25, 60])
def test_heuristics_are_zero_sum_and_bounded(plies: int) -> None:
    session = Session(GAME, seed=11)
    rng = random.Random(11)
    for _ in range(plies):
        if session.is_terminal():
            break
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    values = GAME.heuristics(session.state)
    assert values[0] is not None and values[1] is not None
    assert values[0] == pytest.approx(-values[1])
    assert -1.0 <= values[0] <= 1.0
    assert [GAME.heuristic(session.state, s) for s in (0, 1)] == values
