"""Not My Fault! against the engine contract: the conformance kit for every player count, hidden
hands and face-down cards (§4.4), resampling from unseen cards only."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import CHANCE, Session, check_game
from tabletop.games.not_my_fault.data import COPIES, VALUES
from tabletop.games.not_my_fault.model import NotMyFaultState
from tabletop.testing.build import new_session, positions
from tests.games.not_my_fault.nmf_build import GAME, play, position


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conformance_kit(n: int) -> None:
    report = check_game(GAME, player_counts=[n], seeds=range(12))
    assert report.games == 12 and report.resamples_differing > 0


def _swap_hidden(s: NotMyFaultState, seat: int, rng: random.Random) -> NotMyFaultState:
    """``s`` with the cards hidden from ``seat`` (other hands, the others' face-down cards,
    the reserve) dealt again at random: same counts, other cards."""
    t = s.clone()
    hidden_centre = [i for i, o in enumerate(t.owners) if o != seat]
    pool = [v for i, v in enumerate(VALUES) for _ in range(t.deck[i])]
    for p in range(t.n):
        if p != seat:
            pool += t.hands[p]
    pool += [t.centre[i] for i in hidden_centre]
    rng.shuffle(pool)
    k = 0
    for p in range(t.n):
        if p != seat:
            n = len(t.hands[p])
            t.hands[p] = sorted(pool[k:k + n])
            k += n
    for i in hidden_centre:
        t.centre[i] = pool[k]
        k += 1
    t.deck = [pool[k:].count(v) for v in VALUES]
    return t


@pytest.mark.parametrize("n", [2, 4])
def test_hands_and_face_down_cards_never_leak(n: int) -> None:
    # §4.4: hand sizes, reprimands, the declaration and the number of face-down cards are
    # public; the cards themselves are not, except to the player who holds or put them.
    checked = 0
    for s, rng in positions(GAME, range(12), n):
        if GAME.current_player(s) == CHANCE:
            continue
        for seat in range(n):
            obs = GAME.observation(s, seat)
            for p in range(n):
                hand = obs["players"][p]["hand"]
                assert hand == (s.hands[p] if p == seat else [None] * len(s.hands[p]))
                assert obs["players"][p]["reprimands"] == s.reprimands[p]
            for c, v, o in zip(obs["centre"], s.centre, s.owners, strict=True):
                assert c == {"seat": o, "card": v if o == seat else None}
            assert "deck" not in obs and obs["reserve"] == s.deck_size
            # What the seat sees does not depend on what it cannot see.
            assert GAME.observation(_swap_hidden(s, seat, rng), seat) == obs
            checked += 1
        public = GAME.observation(s, None)
        assert all(c["card"] is None for c in public["centre"])
        assert all(set(pl["hand"]) <= {None} for pl in public["players"])
    assert checked > 100


def test_audited_cards_become_public() -> None:
    # §4.4: revealed cards are public (they lie in the discard pile and the last audit).
    s = position([[1], [2], [4]], turn=2, centre=[8, 0], declared=11)
    s, _ = play(s, "audit")
    for seat in (None, 0, 1, 2):
        obs = GAME.observation(s, seat)
        assert obs["discard"] == [8, 0]
        assert obs["last_audit"]["cards"] == [8, 0] and obs["last_audit"]["owners"] == [0, 1]


def test_resample_draws_only_unseen_cards() -> None:
    # Unknown to seat 1: the hands of 0 and 2, the face-down card of 0, and the reserve.
    s = position([[8, 8, 8], [0, 1, 2], [4, 4]], turn=2, centre=[8, 2], declared=13,
                 discard=[0, 0, 0, 1, 1])
    obs = GAME.observation(s, 1)
    assert obs["centre"] == [{"seat": 0, "card": None}, {"seat": 1, "card": 2}]
    rng = random.Random(3)
    seen_first = set()
    for _ in range(300):
        r = GAME.resample(obs, 1, rng)
        assert GAME.observation(r, 1) == obs
        assert r.hands[1] == [0, 1, 2] and r.centre[1] == 2 and r.discard == s.discard
        assert [len(h) for h in r.hands] == [3, 3, 2] and r.deck_size == s.deck_size
        # Every zero is located (three discarded, one in own hand): none can be hidden.
        hidden = r.hands[0] + r.hands[2] + [r.centre[0]]
        assert 0 not in hidden and r.deck[0] == 0
        total = [sum(h.count(v) for h in r.hands) + r.centre.count(v) + r.discard.count(v)
                 + r.deck[i] for i, v in enumerate(VALUES)]
        assert total == list(COPIES)
        seen_first.add(r.centre[0])
    assert seen_first == {1, 2, 4, 8}


def test_resample_after_a_redeal_forgets_the_old_discards() -> None:
    # NMF-R20: the discard pile is shuffled back in, so what it showed no longer limits hands.
    s = position([[], []], turn=1, centre=[8, 8], declared=5,
                 discard=[8, 8, 0, 0, 0, 0])
    s, _ = play(s, "audit")
    while GAME.current_player(s) == CHANCE:
        s, _ = play(s, GAME.sample_chance(s, random.Random(len(s.pending))))
    obs = GAME.observation(s, 0)
    assert obs["discard"] == []
    rng = random.Random(1)
    eights = sum(GAME.resample(obs, 0, rng).hands[1].count(8) for _ in range(200))
    assert eights > 0


def test_session_json_round_trip() -> None:
    for n in (2, 5):
        session = new_session(GAME, n, 9)
        again = Session.from_json(GAME, json.loads(json.dumps(session.to_json())))
        assert again.state_hash() == session.state_hash()


def test_clone_is_independent() -> None:
    s = position([[1, 2], [4]], centre=[8], owners=[1], declared=5)
    c = s.clone()
    c.hands[0].append(8)
    c.centre.append(0)
    c.reprimands[1] += 1
    c.deck[0] -= 1
    assert s.hands[0] == [1, 2] and s.centre == [8] and s.reprimands == [0, 0]
    assert GAME.state_to_json(s) != GAME.state_to_json(c)
    assert GAME.state_to_json(s.clone()) == GAME.state_to_json(s)
