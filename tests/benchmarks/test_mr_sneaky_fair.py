"""The Mr. Sneaky fair-play benchmark: its exact cap on the Thief's rounds counts every opening
order, a Thief who peeks beats that cap where the rule's fair Thief does not, the bound on the
Rich Man's rounds holds for every round a real Rich Man wins on the same cards and dice, and
the rule reads only what its role sees."""

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
from tabletop.games.mr_sneaky.state import Phase, SneakyState


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
    if s.phase == Phase.STEAL:
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


def test_no_rich_man_wins_a_round_the_bound_gives_the_thief() -> None:
    # MS-R17, MS-R28, MS-G07: the same faces, deck order and Thief's dice, played by the rules
    # with the rule's Rich Man and a random one: every round either wins, the bound allows.
    won = {"rule": 0, "random": 0}
    thief_rounds = 0
    for i in range(1500):
        sc = fair.scenario(i)
        bound = fair.rich_round_bound(sc)
        thief_rounds += bound == "thief"
        for name in won:
            s = fair.play_scenario(fair.POLICIES[name], sc, random.Random(i))
            if s is not None and fair.rich_won_round(s):
                won[name] += 1
                assert bound != "thief", (i, name, s.last_round)
            if bound == "nocards":
                continue
            assert s is not None  # the deck lasts as long as the bound's round did
    assert won["rule"] > won["random"] > 500
    assert 300 < thief_rounds < 1000  # the bound leaves the Thief rounds to win


def test_the_bound_follows_the_round_the_rules_play() -> None:
    # A Rich Man who cannot stop the Thief: the round the rules play with every card put
    # where it does nothing ends at the Treasure exactly when the bound's path says so.
    def harmless(s: SneakyState, legal: list[str], rng: random.Random) -> str:
        k = fair.CARD_KINDS[s.drawn]
        for a in legal:
            face = s.doors[fair.DOORS.index(a.partition(":")[2])]
            if fair.TILE_SYMBOL[face] not in k.symbols:
                return a
        return legal[0]

    checked = 0
    for i in range(400):
        sc = fair.scenario(i)
        if fair.rich_round_bound(sc) != "thief":
            continue
        s = fair.play_scenario(harmless, sc, random.Random(i))
        assert s is not None and s.last_round is not None
        assert s.last_round[3] == "treasure", (i, s.last_round)
        checked += 1
    assert checked > 100


def test_the_rule_thief_reads_only_what_he_sees() -> None:
    # MS-R37: the faces of closed doors are the Rich Man's alone; shuffling them among the
    # closed doors must not change a Thief's choice.
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = fair.GAME.new_initial_state(2, {"first": "1"})
        while s.phase != fair.Phase.OVER and checked < 400:
            legal = fair.GAME.legal_actions(s)
            player = fair.GAME.current_player(s)
            if s.phase in (Phase.MOVE, Phase.STEAL):
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
    assert set(data["rich_rounds"]) == {"bound", "random", "rule"}
    assert sum(data["rich_rounds"]["bound"]["how"].values()) == 50
    assert data["rounds"]["rule"]["n"] == 50 and data["games"]["rule"]["n"] == 10
    for r in (*data["rounds"].values(), *data["rich_rounds"].values(), *data["games"].values()):
        assert r["low"] <= r["rate"] <= r["high"]
    assert "at most 60.0% of rounds" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        fair.main(["--games", "3"])
