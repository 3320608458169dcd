"""Secret Agent and the AI: choices ignore hidden facts (other hands, face-down spies, the
deck), the heuristic and the playout policy, and the hard search against random play (slow;
-m slow)."""

from __future__ import annotations

import random

import pytest

from tabletop.ai import make_agent
from tabletop.engine import Session
from tabletop.games.secret_agent.ai import worth
from tabletop.testing.aicheck import (
    assert_choice_ignores_hidden_facts,
    chance_to_clear,
    fairness_test,
)
from tests.games.secret_agent.sa_build import GAME, play, position

test_choice_ignores_facts_hidden_from_the_agent = fairness_test(GAME, [(3, 2, 60), (4, 5, 120)])


def test_defender_decides_without_seeing_the_face_down_spies() -> None:
    s = position([["DS-NUC-8", "SP-2", "SP-6"], ["SP-4", "SP-1"], []],
                 country={1: ["TE-NUC-2", "TE-NUC-4"]})
    s, _ = play(s, "disaster:DS-NUC-8:1", "spy:SP-6", "done")
    assert_choice_ignores_hidden_facts(GAME, s)


def test_heuristic_prefers_points_and_playouts_raise_technology() -> None:
    s = position([["TE-SPA-5"], [], []], country={0: ["TE-COM-3"], 1: ["TE-COM-1"]})
    values = GAME.heuristics(s)
    assert all(v is not None and -1 < v < 1 for v in values)
    assert values[0] is not None and values[1] is not None and values[0] > values[1]
    picks = {GAME.playout_action(s, GAME.legal_actions(s), random.Random(k)) for k in range(20)}
    assert "tech:TE-SPA-5" in picks
    assert GAME.playout_depth() is not None


def test_heuristic_values_defence() -> None:
    # An open disaster stopper and a counter in hand protect points: worth more than nothing.
    bare = position([["SP-1"], ["SP-1"], []], country={0: ["TE-COM-3"], 1: ["TE-COM-3"]})
    guarded = position([["CT-BD"], ["SP-1"], []], country={0: ["TE-COM-3"], 1: ["TE-COM-3"]},
                       counters={0: ["CT-IR"]})
    assert worth(guarded, 0) > worth(bare, 0)
    assert worth(bare, 0) == worth(bare, 1)


def test_playouts_answer_attacks_and_hit_the_leader() -> None:
    # A counter in hand answers a super spy; a disaster goes to the rival with the most points.
    s = position([["DS-NUC-8", "SP-2"], ["TE-NUC-1"], ["TE-NUC-1"]],
                 country={1: ["TE-NUC-2"], 2: ["TE-NUC-4", "TE-COM-5"]})
    picks = [GAME.playout_action(s, GAME.legal_actions(s), random.Random(k)) for k in range(60)]
    aimed = [a for a in picks if a is not None and a.startswith("disaster:")]
    assert aimed and aimed.count("disaster:DS-NUC-8:2") > aimed.count("disaster:DS-NUC-8:1")
    s = position([["SS-JB"], ["CT-BE", "SP-1"], []], country={1: ["TE-SPA-3"]})
    s, _ = play(s, "special:SS-JB:1:open")
    assert GAME.legal_actions(s) == ["counter:CT-BE", "no"]
    assert GAME.playout_action(s, GAME.legal_actions(s), random.Random(0)) == "counter:CT-BE"


#: The slow test's sample: 4-player games, hard in a rotating seat against three random.
#: Measured (seeded, iteration budgets, so it replays exactly): hard is first alone in 15 of
#: these 24 games. The bar is set from the 200-game figure of docs/ai-strength.md (69.0%,
#: 62-75), not from the sample's own luck: under rules version 1 the first 12 games gave 10,
#: under version 2 (seen cards remembered) 7, where 200 games put hard higher than before. A
#: random player is first alone in about a quarter.
GAMES, BAR = 24, 13


@pytest.mark.slow
def test_hard_beats_random() -> None:
    wins = 0
    for seed in range(GAMES):
        seat = seed % 4
        agents = [make_agent("hard", time_cap=None) if p == seat else make_agent("random")
                  for p in range(4)]
        session = Session(GAME, 4, None, 700 + seed, human_seats=())
        while not session.is_terminal():
            p = session.current_player()
            d = agents[p].choose(GAME, session.observation(p), p, session.legal_actions(),
                                 seed=seed * 1000 + len(session.history))
            session.submit(p, d.action)
        ret = session.returns()
        wins += ret[seat] > 0 and sum(1 for r in ret if r > 0) == 1
    assert wins >= BAR, f"hard was first in {wins} of {GAMES}"


def test_the_win_bar_is_beyond_chance() -> None:
    # A random player is first in a 4-player game about a quarter of the time: clearing the
    # bar by luck has a chance below 1 %.
    assert chance_to_clear(GAMES, BAR, p=0.25) < 0.01
