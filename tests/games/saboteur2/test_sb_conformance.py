"""Saboteur 2 against the engine contract: the conformance kit for small and large tables,
hidden hands, roles and goals, and resampling that keeps every card and role accounted for
(SB-R36, SB-C3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.engine import check_game
from tabletop.games.saboteur2.data import CARD_COUNTS, CARD_IDS, ROLE_COUNTS, ROLES, SHAPES
from tabletop.games.saboteur2.maze import GOAL_SET, START_KEY
from tabletop.testing.build import positions
from tests.games.saboteur2.sb_build import GAME


@pytest.mark.parametrize(("n", "games"), [(2, 2), (5, 2), (12, 1)])
def test_conformance_kit(n: int, games: int) -> None:
    # Twelve seats cost most (every seat's view at every sampled position): one game.
    report = check_game(GAME, player_counts=[n], seeds=range(games), hidden_seeds=1)
    assert report.games == games and report.resamples_differing > 0


def test_options_play_through() -> None:
    report = check_game(GAME, player_counts=[4], seeds=range(1), hidden_seeds=0,
                        options={"extra_crystals": False, "geologist_share": "all",
                                 "trapped_winners": "counted"})
    assert report.games == 1


def _cards(s: object) -> Counter[str]:
    st = s  # a Saboteur2State
    out: Counter[str] = Counter()
    for i, c in enumerate(CARD_IDS):
        out[c] += st.stock[i]  # type: ignore[attr-defined]
    for group in (st.hands, st.buried, st.front):  # type: ignore[attr-defined]
        for cards in group:
            out.update(cards)
    out.update(st.discards)  # type: ignore[attr-defined]
    out.update(SHAPES[sh].card for k, sh in st.maze.items()  # type: ignore[attr-defined]
               if k != START_KEY and k not in GOAL_SET)
    return out


def test_resample_keeps_every_card_and_role() -> None:
    # SB-R36, SB-C3: a resample deals the unseen cards and roles afresh; the seat's own hand,
    # discards and role stay; every card and role is somewhere.
    full = Counter(dict(zip(CARD_IDS, CARD_COUNTS, strict=True)))
    checked = 0
    for k, (s, rng) in enumerate(positions(GAME, range(2), 5)):
        if k % 7 or GAME.current_player(s) < 0:
            continue
        seat = GAME.current_player(s)
        twin = GAME.resample(GAME.observation(s, seat), seat, rng)
        assert _cards(twin) == full == _cards(s)
        assert twin.hands[seat] == s.hands[seat] and twin.roles[seat] == s.roles[seat]
        roles = Counter(r for r in twin.roles if r)
        roles.update(r for a in twin.set_aside for r in a)
        roles.update({r: k for r, k in zip(ROLES, twin.reserve, strict=True)})
        assert roles == Counter(dict(zip(ROLES, ROLE_COUNTS, strict=True)))
        checked += 1
    assert checked > 20


def test_hidden_facts_differ_in_resamples() -> None:
    # The others' roles, the goal cards not seen and the others' hands vary between samples.
    s = next(s for s, _ in positions(GAME, range(1), 5) if s.phase == "play" and s.turns > 3)
    seat = s.turn
    obs = GAME.observation(s, seat)
    rng = random.Random(3)
    twins = [GAME.resample(obs, seat, rng) for _ in range(30)]
    assert len({tuple(t.roles) for t in twins}) > 1
    assert len({tuple(t.goals) for t in twins}) > 1
    assert all(GAME.observation(t, seat) == obs for t in twins)
