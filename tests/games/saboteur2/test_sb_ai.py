"""Saboteur 2 and the AI: choices ignore hidden facts (hands, roles, goals), roles are guessed
by the public evidence, the heuristic sees the way to the gold, hard (every move judged one
ahead over guesses of the hidden facts) digs as a digger and blocks as a saboteur, and hard
beats random play over whole games (slow; -m slow)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.ai.base import Decision
from tabletop.engine import Session
from tabletop.games.saboteur2.ai import (
    LOOKAHEAD_SAMPLES,
    found_chance,
    heuristics,
    scripted_action,
    search_actions,
    turns_taken,
)
from tabletop.games.saboteur2.data import ROLES
from tabletop.games.saboteur2.maze import GOAL_KEYS, need
from tabletop.games.saboteur2.reach import goal_need
from tabletop.testing.aicheck import fairness_test, untimed
from tests.games.saboteur2.sb_build import FILLER, GAME, position, straight_to

GRN, BLU, BOS, PRO, GEO, SAB = ROLES

test_choice_ignores_facts_hidden_from_the_agent = fairness_test(GAME, [(3, 2, 5), (5, 4, 20)])


def saboteur_shares(s: Any, seed: int, seats: tuple[int, ...]) -> list[float]:
    """How often seat 0's resampler, from its observation of ``s``, makes each of ``seats`` the
    saboteur (300 draws)."""
    obs = GAME.observation(s, 0)
    rng = random.Random(seed)
    twins = [GAME.resample(obs, 0, rng) for _ in range(300)]
    return [sum(t.roles[p] == SAB for t in twins) / len(twins) for p in seats]


def test_roles_are_guessed_by_the_evidence() -> None:
    # A player who broke two diggers' tools is guessed a saboteur far more often than chance.
    s = position([GRN, SAB, GRN, BLU, BLU], [["A-MAP"]] * 5)
    s.ev_hit[1][0] = 1
    s.ev_hit[1][2] = 1
    s.ev_dig[3] = 2
    sab1, sab3 = saboteur_shares(s, 5, (1, 3))
    # Uniformly, any one of the 14 unseen roles: 3/14 saboteur.
    assert sab1 > 0.3 > 1.4 * 3 / 14 and sab3 < 3 / 14


def test_turns_taken_go_round_from_the_starter() -> None:
    # SB-R12: the round's turns go clockwise from its starter.
    s = position([GRN, SAB, GRN, BLU, BLU], [["A-MAP"]] * 5)
    s.starter, s.turns = 3, 7
    # Seats 3, 4, 0, 1, 2, 3, 4 have moved.
    assert [turns_taken(s, p) for p in range(5)] == [1, 1, 1, 2, 2]
    s.turns = 0
    assert [turns_taken(s, p) for p in range(5)] == [0] * 5


def test_a_free_player_who_never_digs_is_guessed_a_saboteur_more_often() -> None:
    # Two players have had three turns each; seat 1 dug every time, seat 2 never did, and
    # neither has broken tools: seat 2 is the likelier saboteur, seat 1 the likelier digger.
    s = position([GRN, GRN, BLU, BLU, BLU], [["A-MAP"]] * 5)
    s.starter, s.turns = 0, 15
    s.ev_dig[1] = 3
    sab1, sab2 = saboteur_shares(s, 8, (1, 2))
    assert sab2 > 2 * sab1 and sab1 < 3 / 14


def test_heuristic_sees_the_way_to_the_gold() -> None:
    # Cards still needed to reach the gold: nearer the gold, better for diggers, worse for
    # saboteurs; broken tools of diggers lower the chance.
    far = position([GRN, SAB, BLU], maze=straight_to(1))
    near = position([GRN, SAB, BLU], maze=straight_to(6))
    assert found_chance(near) > found_chance(far)
    assert heuristics(near)[0] > heuristics(far)[0]
    assert heuristics(near)[1] < heuristics(far)[1]
    broken = position([GRN, SAB, BLU], maze=straight_to(6),
                      front=[["A-BRK-P"], [], ["A-TRP"]])
    assert found_chance(broken) < found_chance(near)


def test_cards_needed_go_round_a_dead_end() -> None:
    # A dead end laid on the tunnel's way: the straight-line count does not see it, the
    # connectivity-aware one counts the way round.
    open_way = position([GRN, SAB, BLU], maze=straight_to(4))
    blocked = position([GRN, SAB, BLU], maze=[*straight_to(4), ("B-D09", 6, 0, False)])
    gold = GOAL_KEYS[1]
    assert goal_need(open_way.maze, open_way.net, 1) == need(open_way.maze, open_way.net, gold)
    assert goal_need(blocked.maze, blocked.net, 1) > need(blocked.maze, blocked.net, gold)
    assert found_chance(blocked) < found_chance(open_way)


def test_search_tries_the_placements_that_dig_and_block() -> None:
    # The placements kept include one that brings the gold a card nearer (an open straight
    # at the tunnel's head) and the pass ends after one card.
    s = position([GRN, SAB, BLU], [["B-P02", "B-D09", "A-MAP", "A-MAP", "A-ROCK", "A-INS"],
                                   *[list(FILLER)] * 2], maze=straight_to(4))
    legal = GAME.legal_actions(s)
    kept = search_actions(s, legal)
    assert set(kept) <= set(legal) and len(kept) < len(legal)
    assert "place:B-P02@5,0" in kept and "place:B-D09@5,0" in kept


def test_scripted_steps_read_the_observation_only() -> None:
    # A digger who does not know the gold looks at the middle goal first; a saboteur does not.
    s = position([GRN, SAB, BLU], [["A-MAP", "B-P02", "B-P02", "B-P02", "B-P02", "B-P02"],
                                   ["A-MAP", "B-P02", "B-P02", "B-P02", "B-P02", "B-P02"],
                                   list(FILLER)])
    legal = GAME.legal_actions(s)
    assert scripted_action(GAME.observation(s, 0), legal) == "play:A-MAP@8,0"
    s.turn = 1
    assert scripted_action(GAME.observation(s, 1), GAME.legal_actions(s)) is None


#: Hands for the other seats that keep every card within its count (SB-R09), so that the
#: hard level's guesses of the hidden facts can deal the rest.
OTHER_1 = ["A-MAP", "A-MAP", "A-ROCK", "B-D03", "B-D04", "B-D05"]
OTHER_2 = ["A-MAP", "A-MAP", "A-ROCK", "B-D06", "B-D07", "B-D08"]


def _hard(s: Any, seed: int = 0) -> Decision:
    seat = GAME.current_player(s)
    return untimed("hard")().choose(GAME, GAME.observation(s, seat), seat,
                                    GAME.legal_actions(s), seed=seed)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_digger_lays_the_card_that_brings_the_gold_nearest(seed: int) -> None:
    # A cross at the tunnel's head, not a dead end, not the junk; trapped, he frees himself
    # first (SB-R28: a trapped player is not paid).
    hand = ["B-P07", "B-D01", "A-INS", "A-HOF", "A-BRK-P", "B-D02"]
    s = position([GRN, SAB, BLU], [hand, OTHER_1, OTHER_2], maze=straight_to(4))
    found = _hard(s, seed)
    assert found.action.startswith("place:B-P07@5,0"), found
    assert found.iterations == LOOKAHEAD_SAMPLES * len(GAME.legal_actions(s))  # every move
    s = position([GRN, SAB, BLU], [["A-FRE", *hand[1:]], OTHER_1, OTHER_2],
                 maze=straight_to(4), front=[["A-TRP"], [], []])
    assert _hard(s, seed).action in ("play:A-FRE@0", "fix:A-TRP")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_saboteur_never_helps_near_the_gold(seed: int) -> None:
    # One card from the gold the saboteur breaks a digger's tools or lays a dead end on the
    # tunnel's head: nothing that brings the gold nearer.
    hand = ["B-D09", "A-BRK-P", "A-INS", "B-P03", "B-P04", "B-P04"]
    near = position([GRN, SAB, BLU], [OTHER_1, hand, OTHER_2], turn=1, maze=straight_to(6))
    action = _hard(near, seed).action
    assert action in ("play:A-BRK-P@0", "play:A-BRK-P@2") or action.startswith(
        "place:B-D09@7,0"), action
    if action.startswith("place:"):
        after = GAME.apply(near, action)[0]
        assert goal_need(after.maze, after.net, 1) > goal_need(near.maze, near.net, 1)


#: Random play's teams almost never find the gold (0.6% of digger rounds, 99.0% of saboteur
#: rounds won, docs/saboteur2-roles.md). Hard among four random players was first in 102 of
#: 200 seeded games (``tabletop-cli simulate saboteur2 --agents hard,random,random,random,random
#: --games 200 --seed 1 --rotate``, docs/ai-strength.md). This sample (the games' first seeds,
#: this file's decision seeds) showed first in 15 of 30, 9 of 47 digger rounds won and 19 of
#: 19 saboteur rounds (16 of 30, 11 of 49 and 15 of 15 before hard's lookahead took its wider
#: gold scale), and must show the same: hard first in at least half the games, its
#: team finding the gold in a clear share of its digger rounds, and winning nearly every
#: saboteur round.
GAMES = 30
FIRST_AT_LEAST = 15
DIGGER_WINS_AT_LEAST = 0.15
SABOTEUR_WINS_AT_LEAST = 0.85


def _game(seed: int, seat: int) -> tuple[bool, list[tuple[str, bool]]]:
    """A seeded 5-player game, hard at ``seat`` among four random: whether hard finished
    first (most gold, ties shared), and per round its role at the end and whether it won."""
    session = Session(GAME, 5, None, seed, human_seats=())
    agents = [untimed("hard")() if p == seat else untimed("random")() for p in range(5)]
    rounds: list[tuple[str, bool]] = []
    while not session.is_terminal():
        p = session.current_player()
        d = agents[p].choose(GAME, session.observation(p), p, session.legal_actions(),
                             seed=seed * 1000 + len(session.history))
        session.submit(p, d.action)
        s = session.state
        if len(s.gains) > len(rounds):
            result = s.result
            assert result is not None
            rounds.append((result["roles"][seat], seat in result["winners"]))
    return session.returns()[seat] > 0, rounds


@pytest.mark.slow
def test_hard_finishes_first_and_wins_as_digger_and_saboteur() -> None:
    firsts = 0
    by_side: dict[str, list[bool]] = {"digger": [], "saboteur": []}
    for i in range(GAMES):
        first, rounds = _game(500 + i, i % 5)
        firsts += first
        for role, won in rounds:
            side = "digger" if role in (GRN, BLU, BOS) else "saboteur" if role == SAB else ""
            if side:
                by_side[side].append(won)
    dig, sab = by_side["digger"], by_side["saboteur"]
    report = (f"first in {firsts}/{GAMES}; digger rounds won {sum(dig)}/{len(dig)}, "
              f"saboteur rounds won {sum(sab)}/{len(sab)}")
    assert firsts >= FIRST_AT_LEAST, report
    assert sum(dig) >= DIGGER_WINS_AT_LEAST * len(dig), report
    assert sum(sab) >= SABOTEUR_WINS_AT_LEAST * len(sab), report
    print(report)
