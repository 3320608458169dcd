"""Not My Fault! and the AI: choices ignore hidden facts, the hard search calls an impossible
claim and raises honestly where that is safe, yet it also bluffs (declares a milestone it knows
to be false) and audits a claim that is merely likely to be a lie, and it beats random play
(slow; -m slow)."""

from __future__ import annotations

import pytest

from tabletop.ai import make_agent
from tabletop.engine import Session
from tabletop.games.not_my_fault.model import AUDIT, PLAY_PARTS, NotMyFaultState, unseen_pool
from tabletop.testing.aicheck import fairness_test, rotated_wins, untimed
from tests.games.not_my_fault.nmf_build import GAME, position

test_choice_ignores_facts_hidden_from_the_agent = fairness_test(
    GAME, [(2, 8, 2), (3, 4, 3), (5, 6, 4)])


def _hard_choice(state: NotMyFaultState, seed: int) -> str:
    seat = GAME.current_player(state)
    agent = make_agent("hard", time_cap=None)
    return agent.choose(GAME, GAME.observation(state, seat), seat, GAME.legal_actions(state),
                        seed=seed).action


def test_hard_audits_an_impossible_claim() -> None:
    # One face-down card cannot reach 11 (the largest card is an 8): calling it is a sure win.
    s = position([[2, 4, 1, 0, 2, 2], [1, 2, 2, 4, 0, 1, 2]], turn=1, centre=[2], owners=[0],
                 declared=11)
    for seed in (1, 2, 3):
        assert _hard_choice(s, seed) == AUDIT
    # Four players: three cards with the agent's own 0 among them cannot reach 18 (8 + 8 = 16).
    s = position([[2, 4, 1, 0], [1, 2, 2, 1], [2, 1, 0, 2], [8, 1, 2, 0, 1]], turn=3,
                 centre=[0, 4, 8], owners=[3, 1, 2], declared=18)
    assert _hard_choice(s, 1) == AUDIT


def test_hard_raises_honestly_when_it_can() -> None:
    # Seat 1 put down 8, 8 and 1 itself and still holds an 8: declaring 25 with it is true
    # whatever the opponent's three cards are, and 25 leaves the opponent only a losing audit.
    # Auditing the 18 instead would lose unless all three hidden cards are 0.
    s = position([[2, 1, 0, 2], [8, 0]], turn=1, centre=[8, 2, 8, 4, 1, 0],
                 owners=[1, 0, 1, 0, 1, 0], declared=18)
    known = 8 + 8 + 1
    for seed in (1, 2, 3):
        action = _hard_choice(s, seed)
        assert action != AUDIT
        value, milestone = PLAY_PARTS[action]
        assert milestone <= known + value, action  # true whatever the hidden cards are


def _best_case(state: NotMyFaultState, seat: int) -> int:
    """The largest total the centre could hold as far as ``seat`` knows: its own face-down
    cards, and the highest cards it cannot locate in the places it cannot see."""
    obs = GAME.observation(state, seat)
    own = sum(int(c["card"]) for c in obs["centre"] if c["card"] is not None)
    hidden = sum(1 for c in obs["centre"] if c["card"] is None)
    return own + sum(sorted(unseen_pool(obs, seat), reverse=True)[:hidden])


def _hard_decisions(seed: int, hard: int) -> list[tuple[NotMyFaultState, str]]:
    """Every real choice of the hard seat in a seeded match against random play."""
    levels = ("hard", "random") if hard == 0 else ("random", "hard")
    session = Session(GAME, 2, None, seed, human_seats=())
    agents = [make_agent(level, time_cap=None) for level in levels]
    out: list[tuple[NotMyFaultState, str]] = []
    while not session.is_terminal():
        seat = session.current_player()
        legal = session.legal_actions()
        action = agents[seat].choose(GAME, session.observation(seat), seat, legal,
                                     seed=seed * 1000 + len(session.history)).action
        if seat == hard and len(legal) > 1:
            out.append((session.state, action))
        session.submit(seat, action)
    return out


def test_hard_bluffs_and_audits_likely_lies_in_seeded_play() -> None:
    # Seeded: these six matches hold 11 knowing lies, 3 such audits and 5 honest claims.
    knowing_lies = honest = likely_lies_audited = 0
    for seed, hard in ((1, 0), (1, 1), (2, 0), (3, 0), (4, 0), (4, 1)):
        for state, action in _hard_decisions(seed, hard):
            total = sum(state.centre)
            if action == AUDIT:
                # NMF-R15: the claim was false, yet from the agent's seat it could have been
                # true: an audit of a likely lie, not of a sure one.
                if total < state.declared <= _best_case(state, hard):
                    likely_lies_audited += 1
                continue
            value, milestone = PLAY_PARTS[action]
            # NMF-R10, NMF-R11: the declaration may be a lie. A knowing one: even the best
            # case of what the agent cannot see leaves the total below the milestone.
            if _best_case(state, hard) + value < milestone:
                knowing_lies += 1
            elif total + value >= milestone:
                honest += 1
    assert knowing_lies >= 5 and likely_lies_audited >= 2 and honest >= 2, (
        knowing_lies, likely_lies_audited, honest)


def test_hard_opens_with_a_lie_when_the_truth_was_at_hand() -> None:
    # NMF-R10: the opener's claim rests on one card, its own, so a claim above it is a lie it
    # knows. With an 8, a 4 and a 2 in hand an honest opening is always there, yet the search
    # mixes in lies (seeded: 6 of these 10 openings are lies).
    s = position([[0, 1, 1, 2, 2, 4, 8], [1, 2, 2, 4, 0, 1, 2]], turn=0)
    lies = truths = 0
    for seed in range(1, 11):
        value, milestone = PLAY_PARTS[_hard_choice(s, seed)]
        if value < milestone:
            lies += 1
        else:
            truths += 1
    assert lies >= 3 and truths >= 2, (lies, truths)


def test_hard_raises_with_a_claim_it_knows_is_false() -> None:
    # The opponent put one card down and declared 3. The agent's card on top of one card
    # cannot reach 11 (the largest card is an 8), yet it bluffs rather than audit (seeded: 3
    # of these 6 claims are impossible, 5 of 6 false).
    s = position([[1, 2, 2, 4, 0, 1], [0, 1, 1, 2, 2, 4]], turn=1, centre=[2], owners=[0],
                 declared=3)
    best = _best_case(s, 1)
    assert best == 8
    bluffs = 0
    for seed in range(1, 7):
        action = _hard_choice(s, seed)
        assert action != AUDIT
        value, milestone = PLAY_PARTS[action]
        bluffs += best + value < milestone
    assert bluffs >= 2, bluffs


@pytest.mark.parametrize("declared", [5, 7])
def test_hard_audits_a_claim_that_is_merely_likely_a_lie(declared: int) -> None:
    # One face-down card claimed to reach 5 (or 7): true only if it is an 8, which 4 of the
    # 35 cards are. Possible, so not a sure call like the 11 above, but likely a lie: audit.
    s = position([[1, 2, 2, 4, 0, 1], [0, 1, 1, 2, 2, 4]], turn=1, centre=[2], owners=[0],
                 declared=declared)
    assert _best_case(s, 1) >= declared  # an 8 is still out there: the claim could be true
    for seed in range(1, 5):
        assert _hard_choice(s, seed) == AUDIT


def test_hard_believes_a_likely_true_claim() -> None:
    # The same single card claimed to reach 2 is likely true (any 2, 4 or 8): no audit.
    s = position([[1, 2, 2, 4, 0, 1], [0, 1, 1, 2, 2, 4]], turn=1, centre=[2], owners=[0],
                 declared=2)
    for seed in range(1, 5):
        assert _hard_choice(s, seed) != AUDIT


@pytest.mark.slow
def test_hard_beats_random() -> None:
    games = 20
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), games, 100)
    assert wins >= 16, f"hard won {wins} of {games}"
