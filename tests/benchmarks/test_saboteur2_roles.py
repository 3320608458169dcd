"""The Saboteur 2 roles benchmark measures one side with every game when asked: the first
agent's seat holds a role of that side and one round is recorded (SB-R09, SB-R26, SB-R27)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import saboteur2_roles as roles

from tabletop.games.saboteur2.model import Saboteur2Game

LEVELS = ("random",) * 5


def test_side_deal_gives_the_subject_that_side() -> None:
    game = Saboteur2Game()
    tried = set()
    for index in range(12):
        subject = index % 5
        seed, session = roles.dealt(game, 5, 1, index, subject, roles.SABOTEUR)
        # SB-R09: a role card per seat; the subject's is a saboteur's.
        assert roles._SIDE[session.state.roles[subject]] == roles.SABOTEUR
        tried.add(seed == roles.derive_seed(1, index))
    # A saboteur comes up in about one deal of five: some games needed another seed.
    assert tried == {True, False}


def test_side_plays_one_round_of_that_side() -> None:
    for index in range(3):
        run = roles.play(LEVELS, 1, index, 10, 20, roles.SABOTEUR)
        assert len(run["rounds"]) == 1 and run["returns"] == []
        rnd = run["rounds"][0]
        subject = index % 5
        assert rnd["agents"][subject] == "random"
        # SB-R27: the round counts for the subject's saboteur team.
        assert roles._SIDE[rnd["roles"][subject]] == roles.SABOTEUR
    runs = [roles.play(LEVELS, 1, i, 10, 20, roles.DIGGER) for i in range(4)]
    out = roles.summary(runs)
    assert out["sides"]["random"]["digger"]["rounds"] >= 4 and out["first"] == {}
    # The first agent's own rounds: its seat moves round the table with the game's index.
    mine = [(r["rounds"][0]["roles"][i % 5], r["rounds"][0]["teams"]) for i, r in enumerate(runs)]
    counted = [(roles.side_won(role, teams), role) for role, teams in mine]
    rounds = sum(1 for won, _ in counted if won is not None)
    assert sum(f["rounds"] for f in out["subject"].values()) == rounds > 0
    assert sum(f["wins"] for f in out["subject"].values()) == sum(
        1 for won, _ in counted if won)


def test_without_a_side_the_game_is_played_to_its_end() -> None:
    run = roles.play(LEVELS, 1, 0, 10, 20)
    assert len(run["rounds"]) == 3 and len(run["returns"]) == 5
