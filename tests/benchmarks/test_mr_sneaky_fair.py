"""The Mr. Sneaky fair-play benchmark: its exact cap on the Thief's rounds counts every opening
order, a Thief who peeks beats that cap where the rule's fair Thief does not, and the rule reads
only what its role sees."""

from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import mr_sneaky_fair as fair

from tabletop.games.mr_sneaky.data import DEFAULT_TRAPS, GUARDS_TO_CATCH, TREASURE, door_tiles
from tabletop.games.mr_sneaky.state import P_MOVE, P_STEAL, SneakyState


def test_the_cap_counts_every_opening_order() -> None:
    # MS-R25, MS-R28, MS-G01: the Thief is caught at 4 guards, a Nothing door shows half a
    # guard and the traps 1, 1 and 2. Count the distinct orders of the eight tiles directly.
    orders = set(permutations(door_tiles(DEFAULT_TRAPS)))
    found = 0
    for order in orders:
        half = 0
        for face in order:
            if face == TREASURE:
                found += 1
                break
            half += fair.half_guards(face)
            if half >= 2 * GUARDS_TO_CATCH:
                break
    assert len(orders) == 840  # 8! / (4! 2!): four Nothing tiles and two one-guard traps
    assert Fraction(found, len(orders)) == Fraction(3, 5)
    assert fair.thief_round_cap() == pytest.approx(0.6)


def _peeking_thief(s: SneakyState, legal: list[str], rng: random.Random) -> str:
    """Not a fair player: steals only on the Treasure and walks to it when it may."""
    if s.phase == P_STEAL:
        return "steal" if s.doors[s.thief] == TREASURE else "pass"
    treasure = s.doors.index(TREASURE)
    for a in legal:
        if a == f"move:{fair.DOORS[treasure]}":
            return a
    return legal[rng.randrange(len(legal))]


def test_a_fair_thief_stays_under_the_cap_where_a_peeking_one_does_not() -> None:
    # MS-R10, MS-R14: against a random Rich Man nothing public tells the closed doors apart.
    n = 1500
    cap = fair.thief_round_cap()

    def first_rounds(thief: fair.Policy) -> float:
        return sum(fair.thief_won_round(fair.play(fair.random_action, thief, seed, False))
                   for seed in range(n)) / n

    assert first_rounds(fair.rule_action) < cap
    assert first_rounds(fair.random_action) < cap
    assert first_rounds(_peeking_thief) > cap + 0.1


def test_the_rule_thief_reads_only_what_he_sees() -> None:
    # MS-R37: the faces of closed doors are the Rich Man's alone; shuffling them among the
    # closed doors must not change a Thief's choice.
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = fair.GAME.new_initial_state(2, {"first": "1"})
        while s.phase != fair.P_OVER and checked < 400:
            legal = fair.GAME.legal_actions(s)
            player = fair.GAME.current_player(s)
            if s.phase in (P_MOVE, P_STEAL):
                closed = [d for d in range(8) if not s.opened[d]]
                other = s.clone()
                faces = [s.doors[d] for d in closed]
                random.Random(seed + checked).shuffle(faces)
                for d, f in zip(closed, faces, strict=True):
                    other.doors[d] = f
                tie = random.Random(checked).getrandbits(32)
                assert (fair.rule_action(s, legal, random.Random(tie))
                        == fair.rule_action(other, legal, random.Random(tie)))
                checked += 1
            action = (fair.GAME.sample_chance(s, rng) if player < 0
                      else fair.rule_action(s, legal, rng))
            fair.GAME.apply_in_place(s, action)
    assert checked >= 300


def test_main_writes_the_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fair.json"
    assert fair.main(["--rounds", "50", "--games", "10", "--seed", "3", "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["thief_round_cap"] == pytest.approx(0.6)
    assert set(data["rounds"]) == set(data["games"]) == {"random", "rule"}
    assert data["rounds"]["rule"]["n"] == 50 and data["games"]["rule"]["n"] == 10
    for r in (*data["rounds"].values(), *data["games"].values()):
        assert r["low"] <= r["rate"] <= r["high"]
    assert "at most 60.0% of rounds" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        fair.main(["--games", "3"])
