"""Secret Agent against the engine contract: the conformance kit for every player count and
the options, hidden hands, face-down spies and bids, resampling, and complete words."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import check_game
from tabletop.engine.game import TERMINAL, random_action
from tabletop.games.secret_agent.data import ALL_FACES
from tabletop.games.secret_agent.state import zones
from tabletop.games.secret_agent.words import WORDS
from tabletop.text import check_words
from tests.games.secret_agent.sa_build import GAME, play, position


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_conformance_kit(n: int) -> None:
    report = check_game(GAME, player_counts=[n], seeds=range(3))
    assert report.games == 3 and report.resamples_differing > 0


def test_conformance_kit_with_every_option() -> None:
    options = {"leader_abilities": True, "open_spies": True, "multi_defence": True,
               "tops_only": True, "auto_spy_discard": True, "refill_actions_only": True,
               "clash_high_loses": False, "peace_ends_war": True}
    report = check_game(GAME, player_counts=[4], seeds=range(3), options=options)
    assert report.games == 3


def test_hidden_spies_and_bids_in_the_observation() -> None:
    # SA-R23, SA-R35: face-down spies and bids are seen only by their owner.
    s = position([["DS-NUC-8", "SP-2"], ["SP-4"], ["SP-1"]], country={1: ["TE-NUC-2"]})
    s, _ = play(s, "disaster:DS-NUC-8:1", "spy:SP-2", "done", "spy:SP-4")
    assert GAME.observation(s, 0)["def_spies"] == [None]
    assert GAME.observation(s, 1)["def_spies"] == ["SP-4"]
    assert GAME.observation(s, 2)["atk_spies"] == [None]
    assert GAME.observation(s, 2)["hands"][1] == [s.leaders[1]]
    assert GAME.observation(s, None)["deck"] == {}
    twin = GAME.resample(GAME.observation(s, 2), 2, random.Random(3))
    assert twin.atk_spies[0].startswith("SP-") and twin.def_spies[0].startswith("SP-")
    assert zones(twin) == ALL_FACES


def test_resample_keeps_the_cards_and_events_in_the_deck() -> None:
    rng = random.Random(1)
    s = GAME.new_game(4)
    for _ in range(150):
        GAME.apply_in_place(s, random_action(GAME, s, rng))
    for seat in range(4):
        twin = GAME.resample(GAME.observation(s, seat), seat, rng)
        assert zones(twin) == ALL_FACES
        assert twin.hands[seat] == s.hands[seat]
        assert not any(c.startswith("EV") for h in twin.hands for c in h)
        assert [len(h) for h in twin.hands] == [len(h) for h in s.hands]


def test_every_message_has_words() -> None:
    msgs = []
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new_game(3 + seed, {"leader_abilities": seed % 2 == 0})
        while GAME.current_player(s) != TERMINAL:
            for q in range(s.n):
                m = GAME.prompt(s, q)
                if m is not None:
                    msgs.append(m)
            msgs.extend(GAME.describe_action(s, a) for a in GAME.legal_actions(s)[:6])
            if GAME.current_player(s) >= 0:
                for bad in ("pass", "tech:TE-SPA-1", "disaster:DS-SPA-6:1", "spy:SP-1",
                            "done", "secret:0", "destroy:1:CT-IR", "employ:DF-SPA-2",
                            "declare", "purge:DF-SPA-2", "special:SS-JB:1:open", "kill"):
                    r = GAME.reason(s, bad)
                    if r is not None:
                        msgs.append(r)
            msgs.extend(e.msg for e in GAME.apply_in_place(s, random_action(GAME, s, rng)))
    assert check_words(WORDS, msgs) == []
