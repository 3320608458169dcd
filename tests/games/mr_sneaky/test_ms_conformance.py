"""Mr. Sneaky against the engine contract: conformance kit, closed doors hidden from the Thief
(in observations and in the log), resampling consistent with what each role has seen."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import Session, check_game
from tabletop.games.mr_sneaky.data import door_tiles
from tabletop.testing.build import new_session, positions
from tests.games.mr_sneaky.ms_build import GAME, LAYOUT, door, play, position, shuffle_closed


def test_conformance_kit() -> None:
    report = check_game(GAME, seeds=range(20))
    assert report.games == 20 and report.resamples_differing > 0


@pytest.mark.parametrize("options", [{"first": "2", "traps": "1-2-2"},
                                     {"guard_cards": "5-3"}, {"guard_cards": "3-5"}])
def test_conformance_kit_with_options(options: dict[str, object]) -> None:
    report = check_game(GAME, seeds=range(5), options=options)
    assert report.games == 5


def test_closed_doors_never_leak_to_the_thief() -> None:
    # MS-R10, MS-R37
    checked = 0
    for s, rng in positions(GAME, range(15)):
        if not s.doors[0]:
            continue
        thief = 1 - s.rich
        obs = GAME.observation(s, thief)
        for d, view in enumerate(obs["doors"]):
            assert view["face"] == (s.doors[d] if s.opened[d] else None)
        rich_obs = GAME.observation(s, s.rich)
        assert [v["face"] for v in rich_obs["doors"]] == s.doors
        # What the Thief (and a spectator) sees does not depend on the closed faces.
        other = shuffle_closed(s, rng)
        assert GAME.observation(other, thief) == obs
        assert GAME.observation(other, None) == GAME.observation(s, None)
        checked += 1
    assert checked > 300


def test_the_house_is_logged_for_the_rich_man_only() -> None:
    # MS-R10: the Rich Man's knowledge never reaches a log the Thief can read.
    for seed in range(6):
        session = new_session(GAME, None, seed)
        houses = [(i, e) for i, r in enumerate(session.history) for e in r.events
                  if e.kind == "house"]
        assert houses
        for i, e in houses:
            rich = session.state_at(i + 1).rich
            assert e.seats == frozenset({rich})
            assert e not in session.events_for(1 - rich)
            assert e not in session.events_for(None)
        for seat in (0, 1, None):
            for e in session.events_for(seat):
                if e.kind != "house":
                    assert "layout" not in e.data
        # A public event never names a closed door's face: steals name the door just opened.
        for r in session.history:
            for e in r.events:
                if e.kind == "steal":
                    assert e.seats is None and set(e.data) == {"seat", "door", "face", "cards"}


def test_thief_resample_keeps_what_he_has_seen() -> None:
    s = position(rich=0, thief="D4", opened=["D2", "D5"], cards={"D7": ["A1"]}, moves=1,
                 jewels=(1, 2), discard=["B2"])
    obs = GAME.observation(s, 1)
    rng = random.Random(3)
    treasure_at = set()
    for _ in range(300):
        r = GAME.resample(obs, 1, rng)
        assert GAME.observation(r, 1) == obs
        assert r.doors[door("D2")] == "1" and r.doors[door("D5")] == "N"
        assert sorted(r.doors) == sorted(door_tiles("1-1-2"))
        assert r.deck == s.deck and r.cards == s.cards and r.discard == s.discard
        treasure_at.add(r.doors.index("T"))
    assert treasure_at == {d for d in range(8) if d not in (door("D2"), door("D5"))}


def test_rich_man_resample_is_the_truth_but_for_the_deck_order() -> None:
    # The Rich Man knows every door; the deck is a multiset whose order no state holds.
    s = position(rich=0, thief="D4", opened=["D2"], cards={"D7": ["A1", "C1"]},
                 discard=["B2", "A3"], agents=([], ["C4"]))
    obs = GAME.observation(s, 0)
    r = GAME.resample(obs, 0, random.Random(1))
    assert GAME.state_to_json(r) == GAME.state_to_json(s)
    assert r.doors == list(LAYOUT)


def test_resample_after_a_useless_card() -> None:
    # MS-R15: a set-aside card tells the Thief nothing he could not count himself.
    s = position(rich=0, phase="draw", opened=["D1", "D5", "D7", "D8"], guards=2, thief="D8")
    s, _ = play(s, "draw:B1", "draw:A3")
    obs = GAME.observation(s, 1)
    for k in range(50):
        r = GAME.resample(obs, 1, random.Random(k))
        assert GAME.observation(r, 1) == obs
        assert all(r.doors[d] != "N" for d in range(8) if not r.opened[d])


def test_session_json_round_trip() -> None:
    session = new_session(GAME, None, 9)
    again = Session.from_json(GAME, json.loads(json.dumps(session.to_json())))
    assert again.state_hash() == session.state_hash()
