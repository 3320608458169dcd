"""The Sheep & Thief draft: the deal, the simultaneous picks of 3-4 players (collected one seat
at a time, hidden until all are in), the packs passed left, the 2-player offers, and what each
seat knows of the packs it passed on (ST-C6)."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import Session, random_action
from tabletop.games.sheep_and_thief.state import Phase
from tabletop.testing.build import positions
from tests.games.sheep_and_thief.st_build import GAME, kinds, play, reason


def drafting(n: int, seed: int = 1) -> Session:
    """A session at the first pick of round 1."""
    session = Session(GAME, n, seed=seed)
    assert session.state.phase in (Phase.DRAFT, Phase.KEEP)
    return session


@pytest.mark.parametrize(("n", "size"), [(2, 6), (3, 5), (4, 5)])
def test_deal_sizes(n: int, size: int) -> None:
    # ST-R12, ST-R32: 5 cards each (6 with two players) in round 1.
    s = drafting(n).state
    assert [len(p) for p in s.packs] == [size] * n and len(s.deck) == 56 - n * size


def test_simultaneous_pick_is_hidden_until_all_have_picked() -> None:
    # ST-R13, ST-R36, DESIGN: picks are taken one seat at a time from the start player,
    # hidden from the others until the packs pass.
    session = drafting(4, seed=3)
    s = session.state
    order = GAME.secret_round(s)
    assert order[0] == s.start and len(order) == 4
    first = order[0]
    pack = s.packs[s.pack_of(first)]
    s2, events = play(s, f"pick:{pack[0]}")
    assert GAME.secret_round(s2) == order[1:]
    for seat in range(4):
        obs = GAME.observation(s2, seat)
        other = obs["players"][first]
        assert other["chosen"]
        assert other["choice"] == ([pack[0]] if seat == first else [])
        if seat != first:
            assert other["pack"] == [None] * 4
            assert all(e.kind != "pick_own" for e in events if e.visible_to(seat))
    assert "not in your pack" in reason(s2, f"pick:{pack[0]}")


def test_packs_pass_left() -> None:
    # ST-R13, ST-G14: after everyone picks, each pack goes to the left neighbour (seat + 1),
    # in every round; each player ends with five kept cards.
    s = drafting(3, seed=4).state
    rounds = 0
    rng = random.Random(2)
    while s.phase != "over":
        if s.phase == Phase.DRAFT and s.step == 0 and not any(s.picks):
            rounds += 1
            packs = [p[:] for p in s.packs]
            while s.phase == Phase.DRAFT:
                before = {p: s.packs[s.pack_of(p)][:] for p in range(3)}
                step = s.step
                picks = {}
                for p in GAME.secret_round(s):
                    picks[p] = before[p][rng.randrange(len(before[p]))]
                    s, _ = play(s, f"pick:{picks[p]}")
                if s.phase == Phase.DRAFT:
                    assert s.step == step + 1
                    for p in range(3):
                        left = (p + 1) % 3
                        assert s.packs[s.pack_of(left)] == sorted(
                            c for c in before[p] if c != picks[p])
            assert s.phase == Phase.PLACE and all(len(h) == 5 for h in s.hands)
            assert sorted(c for h in s.hands for c in h) == sorted(c for p in packs for c in p)
            continue
        s, _ = play(s, random_action(GAME, s, rng))
    assert rounds == 3


def test_last_card_needs_no_pick() -> None:
    # ST-R13: "until the last card": the single card left goes to its holder at once.
    s = drafting(4, seed=2).state
    while s.phase == Phase.DRAFT:
        seat = GAME.current_player(s)
        s, events = play(s, f"pick:{s.packs[s.pack_of(seat)][0]}")
    assert s.phase == Phase.PLACE and kinds(events).count("last") == 4


def test_seat_remembers_the_packs_it_passed() -> None:
    # ST-C6, ST-R36: the seat knows every pack it passed on, minus the picks since; the
    # observation shows that sight beside the seat now holding the pack, and the true pack is
    # always part of it.
    checked = 0
    for s, _ in positions(GAME, range(4), 4):
        if s.phase != Phase.DRAFT:
            continue
        for seat in range(4):
            obs = GAME.observation(s, seat)
            for q, pl in enumerate(obs["players"]):
                if q == seat:
                    assert pl["pack_seen"] is None
                    assert pl["pack"] == s.packs[s.pack_of(seat)]
                    continue
                assert pl["pack"] == [None] * len(s.packs[s.pack_of(q)])
                if pl["pack_seen"] is not None:
                    held = set(s.packs[s.pack_of(q)]) | ({s.picks[q]} if s.picks[q] else set())
                    assert held <= set(pl["pack_seen"])
                    checked += 1
        if s.step >= 1 and not any(s.picks):
            # Every seat has passed a pack to its left neighbour, who holds it now.
            for seat in range(4):
                left = GAME.observation(s, seat)["players"][(seat + 1) % 4]
                assert left["pack_seen"] == s.packs[s.pack_of((seat + 1) % 4)]
    assert checked > 50


def test_resample_respects_the_remembered_packs() -> None:
    # ST-C6: a drawn state puts the cards of a remembered pack only back into that pack and
    # into the hands of the seats that picked from it since.
    checked = 0
    for s, rng in positions(GAME, range(3), 4):
        if s.phase != Phase.DRAFT or s.step < 2:
            continue
        seat = GAME.current_player(s)
        obs = GAME.observation(s, seat)
        for _ in range(5):
            twin = GAME.resample(obs, seat, rng)
            assert GAME.observation(twin, seat) == obs
            for q, pl in enumerate(obs["players"]):
                if pl["pack_seen"] is None:
                    continue
                seen = set(pl["pack_seen"])
                held = set(twin.packs[twin.pack_of(q)])
                assert held <= seen
                j = twin.pack_of(q)
                for k in range(pl["pack_seen_step"] + 1, twin.step):
                    picker = (j + k) % 4
                    assert seen & set(twin.hands[picker])
                checked += 1
    assert checked > 20


def test_two_player_draft_flow() -> None:
    # ST-R33, ST-R36: keep two, offer two pairs (hidden until both have offered), take one of
    # the other's pairs (hidden until both have taken); the offered pairs are then seen.
    s = drafting(2, seed=5).state
    first = GAME.secret_round(s)[0]
    pack = s.packs[first]
    assert GAME.legal_actions(s) == [f"keep:{c}" for c in pack]
    assert "First keep two" in reason(s, f"offer:{pack[0]}+{pack[1]}")
    s, _ = play(s, f"keep:{pack[0]}", f"keep:{pack[1]}")
    rest = s.packs[first]
    assert GAME.legal_actions(s) == [f"offer:{rest[0]}+{c}" for c in rest[1:]]
    assert "kept two" in reason(s, f"keep:{rest[0]}")
    assert "holds" in reason(s, f"offer:{rest[1]}+{rest[2]}")
    s, _ = play(s, f"offer:{rest[0]}+{rest[3]}")
    assert s.phase == Phase.KEEP and GAME.observation(s, 1 - first)["players"][first]["offer"] == \
        [None] * 4
    second = 1 - first
    p2 = s.packs[second]
    s, events = play(s, f"keep:{p2[0]}", f"keep:{p2[1]}", f"offer:{p2[2]}+{p2[3]}")
    assert s.phase == Phase.TAKE and "offers" in kinds(events)
    mine = s.offers[first]
    legal = GAME.legal_actions(s)
    other = s.offers[second]
    assert legal == [f"take:{other[0]}+{other[1]}", f"take:{other[2]}+{other[3]}"]
    assert GAME.observation(s, first)["players"][second]["offer"] == other
    s, _ = play(s, legal[1])
    assert GAME.observation(s, second)["players"][first]["choice"] == []
    s, events = play(s, f"take:{mine[0]}+{mine[1]}")
    assert s.phase == Phase.PLACE and all(len(h) == 6 for h in s.hands)
    assert "takes" in kinds(events)


def test_deal_is_chance() -> None:
    # ST-R10, ST-R12: every card comes from the shuffled deck as a chance outcome, each card
    # left equally likely; players cannot deal.
    s = GAME.new_game(3)
    s, _ = play(s, "houses:1-2-3")
    assert s.phase == Phase.DEAL and GAME.current_player(s) < 0
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == 56 and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert reason(s, "pick:M01") == "Cards are being dealt."
    assert reason(s, "deal:M01") == ""
