"""Sheep & Thief against the engine contract: the conformance kit for every player count and
option, the differential hidden-information check, the JSON round trip, and resampling."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import check_game
from tabletop.engine.conformance import check_hidden_differential
from tabletop.games.sheep_and_thief.data import CARD_IDS
from tabletop.testing.build import positions
from tests.games.sheep_and_thief.st_build import GAME


@pytest.mark.parametrize("n", [2, 3, 4])
def test_conformance_kit(n: int) -> None:
    report = check_game(GAME, player_counts=[n], seeds=range(6))
    assert report.games == 6 and report.resamples_differing > 0


@pytest.mark.parametrize("options", [{"towns": "two"}, {"dogs": "one-flock"},
                                     {"rivers": "lenient"}, {"house": "open"},
                                     {"thief": "up-to", "theft": "last-step"}])
def test_conformance_kit_with_options(options: dict[str, object]) -> None:
    # ST-C1, ST-C2, ST-C4, ST-G11, ST-G09, ST-G10: every option plays whole games under the
    # kit.
    report = check_game(GAME, player_counts=[2, 4], seeds=range(3), options=options)
    assert report.games == 6


@pytest.mark.parametrize("n", [3, 4])
def test_no_hidden_fact_shows_through(n: int) -> None:
    # ST-R36, ST-C6: what a seat sees after a step follows from what it saw and the events
    # it may read, on a wider sample than the kit's (the draft and the placement).
    report = check_hidden_differential(GAME, [n], seeds=range(2, 4), every=4, max_actions=4)
    report.raise_for_problems(GAME)
    assert report.compared > 200


def test_every_card_is_somewhere_in_a_resample() -> None:
    # A drawn state holds every one of the 56 cards exactly once (deck, hands, packs, picks,
    # offers, sheets, discards), and the options and public facts as seen.
    for n in (2, 3, 4):
        for s, rng in positions(GAME, range(2), n):
            seat = GAME.current_player(s)
            if seat < 0:
                continue
            obs = json.loads(json.dumps(GAME.observation(s, seat)))
            twin = GAME.resample(obs, seat, rng)
            cards = list(twin.deck) + twin.discards
            for p in range(n):
                cards += twin.hands[p] + twin.offers[p] + [c for c in twin.sheets[p]
                                                          if c and c != "H"]
                cards += [twin.picks[p]] if twin.picks[p] else []
            cards += [c for pack in twin.packs for c in pack]
            assert sorted(cards) == sorted(CARD_IDS)
            assert twin.options() == s.options()


def test_json_round_trip_keeps_options() -> None:
    s = GAME.new_game(3, {"towns": "two", "rivers": "lenient"})
    again = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
    assert again.options() == {"towns": "two", "dogs": "any-flock", "rivers": "lenient",
                               "house": "safe", "thief": "exact", "theft": "every-step"}
    # ST-G09, ST-G10, ST-G11: the other readings come back too.
    readings = {"house": "open", "thief": "up-to", "theft": "last-step"}
    s = GAME.new_game(2, readings)
    again = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
    assert {k: again.options()[k] for k in readings} == readings
