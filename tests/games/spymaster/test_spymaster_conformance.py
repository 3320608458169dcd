"""Spymaster against the engine contract: conformance kit, hidden hands and face-down cards,
resampling from unseen cards only."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import Session, check_game
from tabletop.games.spymaster.data import DECK_MIXES
from tabletop.games.spymaster.model import SpymasterState
from tabletop.testing.build import new_session, positions
from tests.games.spymaster.spy_build import GAME, position


def test_conformance_kit() -> None:
    report = check_game(GAME, seeds=range(20))
    assert report.games == 20 and report.resamples_differing > 0


@pytest.mark.parametrize("options", [{"deck": "7-7-7", "may_stop": True}, {"deck": "11-5-5"}])
def test_conformance_kit_with_options(options: dict[str, object]) -> None:
    report = check_game(GAME, seeds=range(6), options=options)
    assert report.games == 6


def _swap_hidden(s: SpymasterState, seat: int, rng: random.Random) -> SpymasterState:
    """``s`` with the cards hidden from ``seat`` (opponent's hand, a face-down card of the
    opponent, the deck) dealt again at random: same counts, other cards."""
    t = s.clone()
    opp = 1 - seat
    pool = [c for c, k in t.deck.items() for _ in range(k)] + t.hands[opp]
    hidden_play = bool(t.played) and t.attacker == opp
    if hidden_play:
        pool.append(t.played)
    rng.shuffle(pool)
    n = len(t.hands[opp])
    t.hands[opp] = sorted(pool[:n], key=lambda c: (c[:3] != "spy", c))
    if hidden_play:
        t.played = pool[n]
        n += 1
    t.deck = {}
    for c in pool[n:]:
        t.deck[c] = t.deck.get(c, 0) + 1
    return t


def test_opponent_hand_and_face_down_card_never_leak() -> None:
    # SM-R11, §2 zones: hands are hidden; the played card is face down until the call.
    checked_played = 0
    for s, rng in positions(GAME, range(15)):
        for seat in (0, 1):
            obs = GAME.observation(s, seat)
            opp = 1 - seat
            assert obs["players"][opp]["hand"] == [None] * len(s.hands[opp])
            if s.played and seat != s.attacker:
                assert obs["played"] == {"card": None}
                checked_played += 1
            # What the seat sees does not depend on what it cannot see.
            other = _swap_hidden(s, seat, rng)
            assert GAME.observation(other, seat) == obs
        if s.played:
            assert GAME.observation(s, None)["played"] == {"card": None}
            assert GAME.observation(s, s.attacker)["played"] == {"card": s.played}
    assert checked_played > 20


def test_observation_shows_counts_not_the_deck() -> None:
    s = position(["spy1", "hacker"], ["forces", "spy9", "spy2"])
    obs = GAME.observation(s, 0)
    assert obs["deck_count"] == 16 and "deck" not in obs
    text = json.dumps(obs)
    assert "spy9" not in text and "forces" not in text


def test_resample_draws_only_unseen_cards() -> None:
    s = position(["spy1", "hacker", "hacker"], ["forces", "spy9", "spy2"],
                 discard=["spy3", "forces"], rows=(["spy4"], []))
    s, _ = GAME.apply(s, "play:hacker")
    obs = GAME.observation(s, 1)  # the defender
    rng = random.Random(3)
    played_seen = set()
    full = DECK_MIXES["9-6-6"].counts()
    for _ in range(200):
        r = GAME.resample(obs, 1, rng)
        assert GAME.observation(r, 1) == obs
        assert r.hands[1] == s.hands[1] and len(r.hands[0]) == 2
        unseen = list(r.hands[0]) + [r.played] + [c for c, k in r.deck.items() for _ in range(k)]
        for c in ("spy9", "spy2", "spy3", "spy4"):
            assert c not in unseen  # seen in own hand, discard or a row
        counts: dict[str, int] = {}
        for c in unseen + r.hands[1] + r.discard + r.rows[0]:
            counts[c] = counts.get(c, 0) + 1
        assert counts == full
        played_seen.add(r.played)
    assert {"spy1", "hacker", "forces"} <= played_seen


def test_session_json_round_trip() -> None:
    session = new_session(GAME, None, 9)
    again = Session.from_json(GAME, json.loads(json.dumps(session.to_json())))
    assert again.state_hash() == session.state_hash()
