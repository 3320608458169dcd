"""Buried Treasure rules, one test per rule id of
tabletop/games/buried_treasure/rules/reference.md, and the spec's worked examples BT-X1..BT-X5."""

from __future__ import annotations

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, Session
from tabletop.games.buried_treasure.data import (
    BID_VALUES,
    COPIES,
    DECK_SIZE,
    HAND_SIZE,
    VALUES,
)
from tabletop.games.buried_treasure.model import PASS, Phase
from tests.games.buried_treasure.bt_build import GAME, kinds, play, position, refusal, say

FILLER = [1, 1, 2, 2, 1]


def test_components() -> None:
    # BT-C1: 44 cards, 1x16, 2x12, 4x8, 8x4, -5x4. BT-C3: the board's values.
    assert dict(zip(VALUES, COPIES, strict=True)) == {1: 16, 2: 12, 4: 8, 8: 4, -5: 4}
    assert DECK_SIZE == 44
    assert BID_VALUES == (2, 3, 5, 7, 11, 13, 16, 20)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_deal_seven_each_rest_unused(n: int) -> None:
    # BT-R1: seven cards each; the rest are not used this game.
    session = Session(GAME, n, seed=3)
    s = session.state
    assert [len(h) for h in s.hands] == [HAND_SIZE] * n
    assert s.deck_size == DECK_SIZE - HAND_SIZE * n
    assert s.phase == Phase.BURY and s.round == 1
    # Each card dealt is told to its seat alone, without a line of its own; the hand is
    # logged once the deal is done.
    cards = [e for r in session.history for e in r.events if e.kind == "card"]
    assert len(cards) == HAND_SIZE * n and not any(e.logged for e in cards)
    for p in range(n):
        mine = [e.data["card"] for e in cards if e.seats == frozenset({p})]
        assert sorted(mine) == s.hands[p]
        assert {e.data["seat"] for e in session.events_for(p) if e.kind == "card"} == {p}


def test_first_dealer_is_random() -> None:
    # BT-R2: every seat is equally likely to deal first.
    s = GAME.new_game(4)
    assert GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [(f"dealer:{p}", 0.25) for p in range(4)]
    s, _ = play(s, "dealer:2")
    assert s.dealer == 2


def test_each_player_has_a_pawn_colour_and_empty_areas() -> None:
    # BT-R3, BT-R4: one pawn per seat (the bid list), an empty centre and collected areas.
    s = GAME.new_game(6)
    assert s.bids == [-1] * 6 and s.centre == [] and s.collected == [[]] * 6


def test_six_rounds_and_one_card_left_in_hand() -> None:
    # BT-R5: after round 6 the game is over and each hand holds one unplayed card.
    session = Session(GAME, 3, seed=11)
    while not session.is_terminal():
        legal = session.legal_actions()
        # Bid 0 and pass always: nobody scores, so no early end.
        a = "bid:0" if "bid:0" in legal else PASS if PASS in legal else legal[0]
        session.submit(session.current_player(), a)
    s = session.state
    assert s.phase == Phase.OVER and s.round == 6
    assert [len(h) for h in s.hands] == [1, 1, 1]


def test_bury_is_secret_and_one_seat_after_another() -> None:
    # BT-R10, BT-G9: the dealer buries first; others see only that a card was buried.
    s = position([[4, 1, 2], [2, 1, 1], [-5, 1, 8]], dealer=1)
    assert GAME.current_player(s) == 1
    assert GAME.legal_actions(s) == ["bury:1", "bury:2"]
    s, ev = play(s, "bury:2")
    assert s.turn == 2 and s.buried == [None, 2, None]
    public = [e for e in ev if e.seats is None]
    assert all("2" not in say(e).replace("Player 2", "") for e in public)
    private = [e for e in ev if e.seats is not None]
    assert [e.seats for e in private] == [frozenset({1})]
    for seat in (0, 2):
        obs = GAME.observation(s, seat)
        assert obs["players"][1]["buried"] and obs["players"][1]["buried_card"] is None
    assert GAME.observation(s, 1)["players"][1]["buried_card"] == 2
    s, _ = play(s, "bury:8", "bury:4")
    assert s.phase == Phase.BID and s.turn == 1


def test_bid_from_the_dealer_and_taken_values_are_closed() -> None:
    # BT-R11: bids go clockwise from the dealer; a taken value cannot be chosen.
    s = position([[4, 1], [2, 1], [1, 8]], dealer=2)
    s, _ = play(s, "bury:1", "bury:4", "bury:2", "bid:5")
    assert s.turn == 0
    assert "bid:5" not in GAME.legal_actions(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "bid:5")
    assert refusal(s, "bid:5") == "Player 3's pawn is already on 5; choose a free value."


def test_zero_slots_rank_by_placement() -> None:
    # BT-R12: one zero slot per player; an earlier zero ranks higher.
    s = position([[1, 1], [1, 2], [1, 4]], dealer=0)
    s, _ = play(s, "bury:1", "bury:1", "bury:1", "bid:0", "bid:0")
    assert GAME.legal_actions(s)[0] == "bid:0"
    s, _ = play(s, "bid:0")
    # Total 3, every bid 0 <= 3: rewarded from the first zero to the last.
    assert s.phase == Phase.TAKE and s.turn == 0 and s.queue == [0, 1, 2]


def test_reveal_sums_only_this_rounds_cards() -> None:
    # BT-R13: leftovers in the centre do not count toward the total.
    s = position([[4, 1], [2, 1]], centre=[8, 8])
    s, ev = play(s, "bury:4", "bury:2", "bid:0", "bid:7")
    assert s.total == 6
    reveal = next(e for e in ev if e.kind == "reveal")
    assert reveal.reveals and reveal.seats is None and reveal.data["total"] == 6


def test_bust_receives_nothing() -> None:
    # BT-R14: a bid above the total gets nothing, even with cards left in the centre.
    s = position([[4, 1], [2, 1]])
    s, _ = play(s, "bury:4", "bury:2", "bid:7", "bid:2")
    assert s.queue == [1] and s.turn == 1  # only the 2 is rewarded
    s, _ = play(s, "take:4")
    assert s.collected == [[], [4]]


def test_highest_bust_takes_every_minus_five() -> None:
    # BT-R15, BT-G2: all -5s in the centre, leftovers included, to the highest bust.
    s = position([[-5, 1], [4, 1], [1, 1]], centre=[-5, 2])
    s, ev = play(s, "bury:-5", "bury:4", "bury:1", "bid:3", "bid:2", "bid:11")
    assert s.last is not None and s.last["total"] == 0
    assert s.collected[2] == [-5, -5] and s.collected[0] == [] and s.collected[1] == []
    assert "bust" in kinds(ev)
    assert -5 not in s.centre


def test_rewards_exact_takes_all_positives_others_choose_one() -> None:
    # BT-R16, BT-G3, BT-G5: exact hit takes every positive card; others pick one or decline.
    s = position([[4, 1], [2, 1], [1, 1]], centre=[8, -5])
    s, _ = play(s, "bury:4", "bury:2", "bury:1", "bid:7", "bid:3", "bid:0")
    assert s.collected[0] == [1, 2, 4, 8]
    assert s.centre == [-5] and s.turn == 1
    assert GAME.legal_actions(s) == ["take:-5", PASS]
    s, _ = play(s, PASS, "take:-5")
    assert s.collected[1] == [] and s.collected[2] == [-5]


def test_taken_cards_score() -> None:
    # BT-R17, BT-R30: taken cards go to the collected area; the score is their sum.
    s = position([[4, 1], [2, 1]], collected=[[8, -5], []])
    s, _ = play(s, "bury:4", "bury:2", "bid:0", "bid:2")
    s, _ = play(s, "take:2", "take:4")  # the 2 outranks the 0
    assert s.collected == [[8, -5, 4], [2]]
    assert GAME.observation(s, None)["players"][0]["score"] == 7


def test_untaken_cards_stay_for_later_rounds() -> None:
    # BT-R18: what nobody took stays face up in the centre and is takeable later.
    s = position([[4, 1, 1], [2, 1, 1]])
    s, _ = play(s, "bury:4", "bury:2", "bid:20", "bid:16")
    assert s.centre == [2, 4] and s.round == 2 and s.phase == Phase.BURY
    obs = GAME.observation(s, 0)
    assert obs["centre"] == [2, 4]


def test_dealer_passes_clockwise() -> None:
    # BT-R19.
    s = position([[1, 1], [1, 1], [1, 1]], dealer=2)
    s, _ = play(s, "bury:1", "bury:1", "bury:1", "bid:20", "bid:16", "bid:13")
    assert s.dealer == 0 and s.turn == 0 and s.round == 2


def test_early_end_at_twenty() -> None:
    # BT-R31, BT-G6: checked after the round's rewards; the game ends at once.
    s = position([[4, 1], [4, 1], [1, 1]], collected=[[8, 8], [], []], rnd=2)
    s, ev = play(s, "bury:4", "bury:4", "bury:1", "bid:0", "bid:3", "bid:2")
    # Total 9; P1 (3) then P2 (2) then P0 (0) pick: P0 has 16 before its pick.
    assert s.phase == Phase.TAKE and s.turn == 1
    s, _ = play(s, "take:1", "take:4")
    assert s.phase == Phase.TAKE and s.turn == 0
    s, ev = play(s, "take:4")
    assert s.phase == Phase.OVER and GAME.current_player(s) == TERMINAL and s.round == 2
    assert kinds(ev)[-1] == "end" and ev[-1].data["early"]


def test_highest_score_wins_ties_share() -> None:
    # BT-R32, BT-G7.
    s = position([[1, 1], [1, 1]], collected=[[4], [4]], rnd=6)
    s, _ = play(s, "bury:1", "bury:1", "bid:20", "bid:16")
    assert s.phase == Phase.OVER and s.winners == [0, 1]
    assert GAME.returns(s) == [1.0, 1.0]
    s = position([[1, 1], [1, 1]], collected=[[4], [2]], rnd=6)
    s, _ = play(s, "bury:1", "bury:1", "bid:20", "bid:16")
    assert GAME.returns(s) == [1.0, -1.0]


def test_negative_total_everyone_busts() -> None:
    # BT-G8: a negative total busts every bid, zeros included.
    s = position([[-5, 1], [1, 1]])
    s, _ = play(s, "bury:-5", "bury:1", "bid:0", "bid:2")
    assert s.last is not None and s.last["total"] == -4
    assert s.collected == [[], [-5]] and s.round == 2


def test_x1_bust_penalty() -> None:
    # BT-X1: buried 4, 2, -5 = 1; A 5, B 2, C 0: A takes the -5, C takes the 4, 2 stays.
    s = position([[4, *FILLER], [2, *FILLER], [-5, *FILLER]])
    s, _ = play(s, "bury:4", "bury:2", "bury:-5", "bid:5", "bid:2", "bid:0")
    assert s.total == 1 and s.collected[0] == [-5]
    assert s.phase == Phase.TAKE and s.turn == 2
    s, _ = play(s, "take:4")
    assert s.collected == [[-5], [], [4]] and s.centre == [2]


def test_x2_exact_hit() -> None:
    # BT-X2: 8 + 4 + 1 = 13 with a 2 and a -5 left over; A 13 takes 8, 4, 1, 2.
    s = position([[8, *FILLER], [4, *FILLER], [1, *FILLER]], centre=[2, -5])
    s, _ = play(s, "bury:8", "bury:4", "bury:1", "bid:13", "bid:11", "bid:2")
    assert sorted(s.collected[0]) == [1, 2, 4, 8]
    assert s.centre == [-5] and s.turn == 1
    s, _ = play(s, PASS, PASS)
    assert s.centre == [-5] and s.collected[1:] == [[], []]


def test_x3_zero_slots() -> None:
    # BT-X3: A 0 first, B 3, C 0 later; total 3: B exact, then A, then C.
    s = position([[1, *FILLER], [1, *FILLER], [1, *FILLER]], centre=[-5])
    s, _ = play(s, "bury:1", "bury:1", "bury:1", "bid:0", "bid:3", "bid:0")
    assert s.collected[1] == [1, 1, 1]
    assert s.turn == 0 and s.queue == [0, 2]
    assert GAME.legal_actions(s) == ["take:-5", PASS]
    s, _ = play(s, PASS)
    assert s.turn == 2


def test_x4_early_end_after_round_four() -> None:
    # BT-X4: 21 points after round 4's rewards: the game ends, rounds 5-6 unplayed.
    s = position([[4, 1, 1], [1, 1, 1]], collected=[[8, 8], []], rnd=4)
    s, _ = play(s, "bury:4", "bury:1", "bid:5", "bid:0")
    assert s.phase == Phase.OVER and s.round == 4 and s.winners == [0]
    assert sum(s.collected[0]) == 21


def test_x5_bid_legality() -> None:
    # BT-X5: 4 players, 2, 5 and 7 taken: 0, 3, 11, 13, 16, 20 remain.
    s = position([[1, 1]] * 4)
    s, _ = play(s, "bury:1", "bury:1", "bury:1", "bury:1", "bid:2", "bid:5", "bid:7")
    assert GAME.legal_actions(s) == ["bid:0", "bid:3", "bid:11", "bid:13", "bid:16", "bid:20"]


def test_refusals_have_reasons() -> None:
    s = position([[4, 1], [2, 1]])
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "bury:8")
    assert "no Treasure 8" in refusal(s, "bury:8")
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "bid:3")
    assert "bidding comes next" in refusal(s, "bid:3")
    assert refusal(s, "take:1", "ja").startswith("カードを取れる")
