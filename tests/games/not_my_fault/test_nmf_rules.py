"""Not My Fault! rules: components, set-up, the round, the audit, redeals, the end of the game,
the decisions of §6 and the worked examples of the spec (§7)."""

from __future__ import annotations

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, Session
from tabletop.games.not_my_fault.data import (
    COPIES,
    DECK_SIZE,
    MILESTONES,
    REPRIMAND_CARDS,
    VALUES,
)
from tabletop.games.not_my_fault.model import AUDIT, NotMyFaultState, Phase
from tests.games.not_my_fault.nmf_build import GAME, kinds, play, position, reason, say


def plays(state: NotMyFaultState) -> list[str]:
    return [a for a in GAME.legal_actions(state) if a.startswith("play:")]


# ---------------------------------------------------------------------------------------------
# Components and set-up
# ---------------------------------------------------------------------------------------------


def test_progress_cards() -> None:
    # NMF-C1
    assert dict(zip(VALUES, COPIES, strict=True)) == {0: 4, 1: 7, 2: 12, 4: 8, 8: 4}
    assert DECK_SIZE == 35
    assert sum(v * k for v, k in zip(VALUES, COPIES, strict=True)) == 95


def test_milestone_cards() -> None:
    # NMF-C2
    assert MILESTONES == (2, 3, 5, 7, 11, 13, 18, 25)


def test_reprimand_cards() -> None:
    # NMF-C3: enough for five players with two each and the losing third.
    assert REPRIMAND_CARDS == 5 * 2 + 1


def test_milestones_in_increasing_order() -> None:
    # NMF-R1: the row is laid out in increasing order (the view places them left to right).
    from tabletop.games.not_my_fault.view import NotMyFaultView

    s = position([[2], [4]])
    lay = NotMyFaultView().layout(GAME.observation(s, 0), 0)
    xs = {p.id: p.x for p in lay.pieces}
    assert list(MILESTONES) == sorted(MILESTONES)
    assert [xs[f"m{m}"] for m in MILESTONES] == sorted(xs[f"m{m}"] for m in MILESTONES)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_deal_seven_each_rest_is_the_reserve(n: int) -> None:
    # NMF-R2
    session = Session(GAME, n, seed=n)
    s = session.state
    assert [len(h) for h in s.hands] == [7] * n
    assert s.deck_size == 35 - 7 * n and s.deals == 1
    assert s.discard == [] and s.centre == []
    counts = [sum(h.count(v) for h in s.hands) + s.deck[i] for i, v in enumerate(VALUES)]
    assert counts == list(COPIES)


def test_deal_is_weighted_by_copies_left() -> None:
    # NMF-R2: every dealt card is a chance outcome weighted by the copies still undealt.
    s = GAME.new_game(3)
    s, _ = play(s, "first:1")
    assert s.pending[:4] == [1, 2, 0, 1] and len(s.pending) == 21
    assert dict(GAME.chance_outcomes(s)) == pytest.approx(
        {"deal:0": 4 / 35, "deal:1": 7 / 35, "deal:2": 12 / 35, "deal:4": 8 / 35,
         "deal:8": 4 / 35})
    s, _ = play(s, "deal:8")
    assert s.hands[1] == [8] and dict(GAME.chance_outcomes(s))["deal:8"] == pytest.approx(3 / 34)


def test_first_player_is_a_fair_chance_node() -> None:
    # NMF-R3
    s = GAME.new_game(4)
    assert s.phase == Phase.FIRST and GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [(f"first:{p}", 0.25) for p in range(4)]
    s, events = play(s, "first:2")
    assert s.turn == 2 and s.starter == 2 and events[0].kind == "first"


# ---------------------------------------------------------------------------------------------
# A round
# ---------------------------------------------------------------------------------------------


def test_opening_any_card_any_milestone_no_audit() -> None:
    # NMF-R10, NMF-G6: any of the 8 milestones, 25 included; a lie is allowed; no audit yet.
    s = position([[0, 2, 2], [4]])
    legal = GAME.legal_actions(s)
    assert AUDIT not in legal
    assert legal == [f"play:{v}:{m}" for v in (0, 2) for m in MILESTONES]
    s, events = play(s, "play:0:25")  # a blatant lie is still legal
    assert s.centre == [0] and s.declared == 25 and s.declarer == 0 and s.turn == 1
    assert s.hands[0] == [2, 2]
    assert kinds(events) == ["play", "own_card"]


def test_raise_strictly_higher_or_audit() -> None:
    # NMF-R11
    s = position([[1], [4, 8], [2]], turn=1, centre=[2], declared=5)
    legal = GAME.legal_actions(s)
    assert legal[0] == AUDIT
    assert plays(s) == [f"play:{v}:{m}" for v in (4, 8) for m in (7, 11, 13, 18, 25)]
    assert "play:4:5" not in legal
    assert reason(s, "play:4:5") == "A raise must declare more than 5."
    assert reason(s, "play:4:3", "ja") == \
        "5より大きいマイルストーンを申告しなければなりません。"
    s, _ = play(s, "play:4:7")
    assert s.centre == [2, 4] and s.owners == [0, 1] and s.declared == 7 and s.turn == 2


def test_last_milestone_forces_an_audit() -> None:
    # NMF-R12
    s = position([[1], [4, 8]], turn=1, centre=[2], declared=25)
    assert GAME.legal_actions(s) == [AUDIT]
    assert reason(s, "play:8:25") == "25 is the last milestone: you can only audit."


def test_empty_hand_must_audit() -> None:
    # NMF-R13, NMF-G2
    s = position([[1], [], [2]], turn=1, centre=[8], declared=3)
    assert GAME.legal_actions(s) == [AUDIT]
    assert reason(s, "play:2:5") == "You have no cards left, so you must audit."
    assert reason(s, "play:2:5", "ja") == "手札がないので、監査するしかありません。"


def test_only_the_player_to_move_may_audit() -> None:
    # NMF-R14, NMF-G9: there is no out-of-turn audit.
    session = Session(GAME, 3, seed=1)
    starter = session.current_player()
    card = session.state.hands[starter][0]
    session.submit(starter, f"play:{card}:25")
    other = (starter + 2) % 3
    with pytest.raises(IllegalActionError):
        session.submit(other, AUDIT)
    session.submit((starter + 1) % 3, AUDIT)


def test_audit_sum_below_declaration_reprimands_the_declarer() -> None:
    # NMF-R15 (first case), NMF-G7: the declarer is the player just before the auditor.
    s = position([[1], [4], [2]], turn=2, centre=[2, 1], declared=5)
    s, events = play(s, AUDIT)
    assert s.reprimands == [0, 1, 0]
    audit = events[0]
    assert audit.kind == "audit" and audit.reveals and audit.seats is None
    assert audit.data == {"auditor": 2, "declarer": 1, "declared": 5, "cards": [2, 1],
                          "total": 3, "penalised": 1}


def test_audit_sum_at_least_declaration_reprimands_the_auditor() -> None:
    # NMF-R15 (second case)
    s = position([[1], [4], [2]], turn=2, centre=[2, 4], declared=5)
    s, _ = play(s, AUDIT)
    assert s.reprimands == [0, 0, 1]


def test_round_end_discards_and_the_auditor_starts() -> None:
    # NMF-R16
    s = position([[1, 2], [4], [2, 8]], turn=2, centre=[8, 0], declared=7, discard=[1])
    s, events = play(s, AUDIT)
    assert s.discard == [1, 8, 0] and s.centre == [] and s.owners == []
    assert s.declared == 0 and s.declarer == -1
    assert s.turn == 2 and s.starter == 2 and s.rounds == 3
    assert AUDIT not in GAME.legal_actions(s)  # a new round opens with a card
    assert kinds(events) == ["audit", "round"]


# ---------------------------------------------------------------------------------------------
# Refilling hands
# ---------------------------------------------------------------------------------------------


def test_redeal_when_every_hand_is_empty_at_round_end() -> None:
    # NMF-R20, NMF-G5: discard pile and reserve are shuffled, 5 each, the rest is the reserve.
    s = position([[], [], []], turn=1, centre=[2, 2], declared=5, discard=[0, 1, 4])
    s, events = play(s, AUDIT)
    assert s.reprimands == [1, 0, 0]
    assert GAME.current_player(s) == CHANCE and len(s.pending) == 15
    assert s.pending[:3] == [1, 2, 0]
    assert s.discard == [] and s.deck == list(COPIES) and s.deck_size == 35
    assert "round" in kinds(events)
    for _ in range(15):
        s, evs = play(s, GAME.legal_actions(s)[0])
    assert [len(h) for h in s.hands] == [5, 5, 5] and s.deck_size == 20 and s.deals == 2
    assert s.turn == 1 and GAME.current_player(s) == 1
    dealt = [e for e in evs if e.kind == "dealt"]
    assert dealt and "discard pile and the reserve" in say(dealt[0], "en")


def test_no_redeal_while_one_hand_still_holds_cards() -> None:
    # NMF-R20
    s = position([[], [], [4]], turn=1, centre=[2, 2], declared=5)
    s, _ = play(s, AUDIT)
    assert not s.pending and s.hands == [[], [], [4]]


def test_no_redeal_mid_round() -> None:
    # NMF-G4: with every hand empty mid-round, the next player simply must audit.
    s = position([[8], [], []], turn=0, centre=[1, 1], owners=[1, 2], declared=3)
    s, _ = play(s, "play:8:5")
    assert s.hands == [[], [], []] and not s.pending
    assert GAME.legal_actions(s) == [AUDIT]
    s, _ = play(s, AUDIT)
    assert len(s.pending) == 15  # the redeal comes only now, at round end


def test_start_passes_to_the_next_player_with_cards() -> None:
    # NMF-R21, NMF-G3
    s = position([[2], [], [], [1, 4]], turn=1, centre=[8], owners=[0], declared=11)
    s, events = play(s, AUDIT)  # 8 < 11: player 1 is caught; auditor 2 has no cards
    assert s.reprimands == [1, 0, 0, 0]
    assert s.turn == 3 and s.starter == 3
    round_event = events[-1]
    assert round_event.data["skipped"] == [1, 2]
    assert "Player 2 and Player 3 have no cards, so Player 4 starts" in say(round_event, "en")
    assert "手札がないので" in say(round_event, "ja")


# ---------------------------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------------------------


def test_third_reprimand_ends_the_game() -> None:
    # NMF-R30, NMF-G8: one loser, every other player wins, no ranking.
    s = position([[1], [4], [2]], turn=0, centre=[8], owners=[2], declared=5,
                 reprimands=[2, 2, 1])
    s, events = play(s, AUDIT)
    assert s.phase == Phase.OVER and s.loser == 0 and GAME.current_player(s) == TERMINAL
    assert GAME.legal_actions(s) == []
    assert GAME.returns(s) == [-1.0, 1.0, 1.0]
    assert events[-1].kind == "lose"
    assert "Player 1 has 3 reprimands and loses" in say(events[-1], "en")
    assert reason(s, AUDIT) == "The game is over."
    assert s.centre == [] and s.discard == [8]


def test_game_lasts_at_most_two_rounds_per_player_plus_one() -> None:
    # NMF-G1: one reprimand per audit, so at most 2n + 1 rounds.
    for n in (2, 5):
        session = Session(GAME, n, seed=7)
        while not session.is_terminal():
            legal = session.legal_actions()
            session.submit(session.current_player(), legal[-1])  # always the boldest raise
        audits = sum(1 for r in session.history if r.action == AUDIT)
        assert audits <= 2 * n + 1
        assert session.state.rounds <= 2 * n + 1
    assert "15-20 minute" in GAME.spec.summary_en and "15〜20分" in GAME.spec.summary_ja


# ---------------------------------------------------------------------------------------------
# Worked examples (§7)
# ---------------------------------------------------------------------------------------------


def test_nmf_x1_audit_catches_a_lie() -> None:
    # NMF-X1: A plays 2 declares 3, B 0 declares 5, C 4 declares 7; A audits: 6 < 7.
    s = position([[2, 1], [0, 1], [4, 1]], turn=0)
    s, _ = play(s, "play:2:3", "play:0:5", "play:4:7", AUDIT)
    assert s.reprimands == [0, 0, 1]
    assert s.last is not None and s.last["total"] == 6 and s.last["penalised"] == 2
    assert s.turn == 0 and s.starter == 0  # A starts the next round


def test_nmf_x2a_audit_fails() -> None:
    # NMF-X2 (a): A plays an 8 and declares 5; B audits: 8 >= 5.
    s = position([[8, 1], [2]], turn=0)
    s, _ = play(s, "play:8:5", AUDIT)
    assert s.reprimands == [0, 1] and s.turn == 1


def test_nmf_x2b_equality_counts_as_true() -> None:
    # NMF-X2 (b): 4 + 1 + 2 = 7 against a declaration of 7: the auditor is at fault.
    s = position([[4, 0], [1, 0], [2, 0]], turn=0)
    s, _ = play(s, "play:4:2", "play:1:3", "play:2:7", AUDIT)
    assert s.last is not None and s.last["total"] == 7
    assert s.reprimands == [1, 0, 0]


def test_nmf_x3_forced_audit() -> None:
    # NMF-X3: a declaration of 25 leaves only the audit, even with cards in hand.
    s = position([[8, 8], [4, 4, 2]], turn=0)
    s, _ = play(s, "play:8:25")
    assert s.hands[1] and GAME.legal_actions(s) == [AUDIT]


def test_nmf_x4_redeal_two_players() -> None:
    # NMF-X4: 7 + 7 dealt, reserve 21; later 14 discards + 21 reserve -> 5 each, reserve 25.
    session = Session(GAME, 2, seed=3)
    assert [len(h) for h in session.state.hands] == [7, 7] and session.state.deck_size == 21
    s = position([[], []], turn=1, centre=[2, 4], declared=5,
                 discard=[0, 1, 1, 2, 2, 2, 4, 4, 8, 0, 1, 2])
    assert len(s.discard) + len(s.centre) == 14 and s.deck_size == 21
    s, _ = play(s, AUDIT)
    assert s.deck_size == 35 and len(s.pending) == 10
    for _ in range(10):
        s, _ = play(s, GAME.legal_actions(s)[0])
    assert [len(h) for h in s.hands] == [5, 5] and s.deck_size == 25 and s.discard == []


def test_nmf_x5_redeal_five_players() -> None:
    # NMF-X5: 35 dealt, reserve 0; a later redeal deals 25 and keeps 10 in reserve.
    session = Session(GAME, 5, seed=2)
    assert session.state.deck_size == 0 and [len(h) for h in session.state.hands] == [7] * 5
    s = position([[], [], [], [], []], turn=3, centre=[1, 2, 4], declared=7,
                 discard=[0] * 4 + [1] * 6 + [2] * 11 + [4] * 7 + [8] * 4)
    assert s.deck_size == 0
    s, _ = play(s, AUDIT)
    for _ in range(25):
        s, _ = play(s, GAME.legal_actions(s)[-1])
    assert [len(h) for h in s.hands] == [5] * 5 and s.deck_size == 10


def test_nmf_x6_game_end() -> None:
    # NMF-X6: a player with 2 reprimands takes a third: game over at once, all others win.
    s = position([[1], [2], [4], [8]], turn=3, centre=[0], owners=[2], declared=2,
                 reprimands=[1, 1, 2, 0])
    s, _ = play(s, AUDIT)  # 0 < 2: player 3 (seat 2) is caught
    assert s.phase == Phase.OVER and s.loser == 2
    assert GAME.returns(s) == [1.0, 1.0, -1.0, 1.0]


# ---------------------------------------------------------------------------------------------
# Words and search hooks
# ---------------------------------------------------------------------------------------------


def test_reasons_in_both_languages() -> None:
    s = position([[2, 4], [1]])
    assert reason(s, "play:2:3") == ""
    assert reason(s, "play:8:3") == "You have no Progress 8 in your hand."
    assert reason(s, "play:8:3", "ja") == "手札に進捗8はありません。"
    assert reason(s, AUDIT).startswith("There is nothing to audit yet")
    assert reason(s, AUDIT, "ja").startswith("まだ監査するものがありません")
    assert reason(s, "deal:2") == "Only the shuffle decides that."
    assert not GAME.is_well_formed("play:3:5") and not GAME.is_well_formed("play:2:4")
    assert GAME.is_well_formed("play:8:25") and GAME.is_well_formed(AUDIT)


def test_events_have_both_languages_and_keep_cards_private() -> None:
    s = position([[2, 4], [1, 8]])
    s, events = play(s, "play:4:11", AUDIT)
    for e in events:
        assert say(e, "en") and say(e, "ja"), e.kind
    own = next(e for e in events if e.kind == "own_card")
    assert own.seats == frozenset({0}) and "Progress 4" in say(own, "en")
    public = next(e for e in events if e.kind == "play")
    assert public.seats is None and "4" not in say(public, "en").replace("11", "")
    audit = next(e for e in events if e.kind == "audit")
    assert "less than the declared 11" in say(audit, "en")
    assert say(audit, "ja").startswith("プレイヤー2が監査！")


def test_deal_events_show_each_seat_only_its_hand() -> None:
    session = Session(GAME, 3, seed=4)
    hands = [e for r in session.history for e in r.events if e.kind == "hand"]
    assert [e.seats for e in hands] == [frozenset({p}) for p in range(3)]
    for p, e in enumerate(hands):
        assert e.data["hand"] == session.state.hands[p]
    assert not [e for e in session.events_for(1) if e.kind == "hand" and e.seats != {1}]
    # NMF-R2: each card dealt is told to its seat alone, without a line of its own.
    cards = [e for r in session.history for e in r.events if e.kind == "card"]
    assert len(cards) == 21 and not any(e.logged for e in cards)
    for p in range(3):
        mine = [e.data["card"] for e in cards if e.seats == frozenset({p})]
        assert sorted(mine) == session.state.hands[p]
    assert {e.data["seat"] for e in session.events_for(1) if e.kind == "card"} == {1}


def test_describe_action() -> None:
    s = NotMyFaultState(2)
    assert say(GAME.describe_action(s, "play:4:7")) == "Play Progress 4 face down, declare 7"
    assert say(GAME.describe_action(s, "play:4:7"), "ja") == "進捗4を伏せて「7」と申告する"
    assert say(GAME.describe_action(s, AUDIT), "ja") == "監査！"


def test_heuristic_values_reprimand_differences() -> None:
    calm = position([[2], [2]], reprimands=[0, 0])
    assert GAME.heuristic(calm, 0) == pytest.approx(0.0)
    behind = position([[2], [2]], reprimands=[2, 0])
    good, bad = GAME.heuristic(behind, 1), GAME.heuristic(behind, 0)
    assert good is not None and bad is not None and good > 0.5 > -0.5 > bad
    # Five players, nobody in trouble: each is most likely a winner.
    five = position([[2]] * 5)
    value = GAME.heuristic(five, 3)
    assert value is not None and value == pytest.approx(0.6)
    # A pending lie in the centre weighs on its declarer.
    lie = position([[2], [2]], turn=1, centre=[0], declared=11)
    truth = position([[2], [2]], turn=1, centre=[8], declared=5)
    lie_value, truth_value = GAME.heuristic(lie, 0), GAME.heuristic(truth, 0)
    assert lie_value is not None and truth_value is not None
    assert lie_value < 0.0 < truth_value
