"""Properties over many random games: the 146 cards are always all somewhere, and every
roll-under check uses the threshold the rules give and agrees with it."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.game import TERMINAL, random_action
from tabletop.games.secret_agent.data import ALL_FACES, COLONEL, value
from tabletop.games.secret_agent.state import SecretAgentState, zones
from tests.games.secret_agent.sa_build import GAME

OPTIONS = [{}, {"leader_abilities": True, "open_spies": True, "multi_defence": True,
                "tops_only": True, "auto_spy_discard": True, "refill_actions_only": True,
                "clash_high_loses": False, "peace_ends_war": True}]


def expected_threshold(s: SecretAgentState) -> int | None:
    """The threshold the rules reference gives for the roll about to be made."""
    spies = sum(value(c) for c in s.atk_spies)
    if s.purpose == "disaster":  # SA-R22
        return value(s.played) + spies - sum(value(c) for c in s.def_spies)
    if s.purpose in ("steal_tech", "steal_take", "assassin"):  # SA-R28
        return spies
    if s.purpose == "struck":  # SA-R28 disaster row, SA-C6
        return value(s.stolen)
    if s.purpose == "ranbo":  # SA-R31
        return 7
    return None  # the clash compares two rolls (SA-R33)


@pytest.mark.parametrize("options", OPTIONS)
def test_cards_conserved_and_rolls_agree(options: dict[str, object]) -> None:
    # §2 card count, SA-R03, SA-R22, SA-R28, SA-R31, SA-R40, SA-R41
    checks = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = GAME.new_game(3 + seed % 4, options)
        while GAME.current_player(s) != TERMINAL:
            assert zones(s) == ALL_FACES
            if s.phase == "roll":
                want = expected_threshold(s)
                if want is not None:
                    assert s.threshold == want
            events = GAME.apply_in_place(s, random_action(GAME, s, rng))
            for e in events:
                if e.kind != "check":
                    continue
                d = e.data
                mod = -1 if s.has_ability(d["seat"], COLONEL) else 0
                assert d["modifier"] == mod
                assert d["total"] == sum(d["dice"]) + mod
                assert d["success"] == (d["total"] <= d["threshold"])
                checks += 1
        assert zones(s) == ALL_FACES
    assert checks > 20


def test_no_event_is_ever_in_a_hand() -> None:
    # SA-R08, SA-R12, SA-R15: events are resolved or discarded, never held.
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_game(4)
        while GAME.current_player(s) != TERMINAL:
            assert not any(c.startswith("EV") for h in s.hands for c in h)
            GAME.apply_in_place(s, random_action(GAME, s, rng))
