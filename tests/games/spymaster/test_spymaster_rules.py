"""Spymaster rules: set-up, the round, card effects and the worked examples of the spec."""

from __future__ import annotations

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, Session
from tabletop.games.spymaster.data import DECK_MIXES
from tabletop.games.spymaster.model import (
    DRAW,
    R_DEADLOCK,
    Phase,
    SpymasterState,
    spy_count,
    tuck_asked,
)
from tests.games.spymaster.spy_build import GAME, kinds, play, position, reason, say

# ---------------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------------


def test_first_attacker_is_a_fair_chance_node() -> None:
    # SM-R1
    s = GAME.new_game()
    assert GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [("first:0", 0.5), ("first:1", 0.5)]


def test_deal_five_each_from_the_21_card_deck() -> None:
    # SM-R2, SM-R3, SM-G1
    s = GAME.new_game()
    assert s.deck_size == 21 and s.exposed == [0, 0]
    s, _ = play(s, "first:1")
    assert s.attacker == 1 and s.pending == [1, 0] * 5
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes["draw:forces"] == pytest.approx(6 / 21)
    assert outcomes["draw:spy9"] == pytest.approx(1 / 21)
    assert set(outcomes) == {f"draw:{c}" for c in DECK_MIXES["9-6-6"].counts()}
    for card in ["spy1", "forces", "spy2", "forces", "spy3", "hacker", "spy4", "hacker",
                 "spy5", "hacker"]:
        s, _ = play(s, f"draw:{card}")
    assert s.hands[1] == ["spy1", "spy2", "spy3", "spy4", "spy5"]
    assert s.hands[0] == ["forces", "forces", "hacker", "hacker", "hacker"]
    assert s.deck_size == 11 and GAME.current_player(s) == 1 and s.phase == Phase.PLAY


def test_deck_mix_option() -> None:
    # SM-G1: the split is configurable.
    s = GAME.new_game(options={"deck": "7-7-7"})
    assert s.deck == {**{f"spy{n}": 1 for n in range(1, 8)}, "forces": 7, "hacker": 7}
    assert sum(DECK_MIXES["11-5-5"].counts().values()) == 21


def test_first_round_has_no_draw_and_the_second_does() -> None:
    # SM-R10, SM-X6 (second half)
    session = Session(GAME, seed=4)
    s = session.state
    a = s.attacker
    assert len(s.hands[a]) == 5 and s.rounds == 1 and not s.pending
    card = s.hands[a][0]
    session.submit(a, f"play:{card}")
    kind = "spy" if card.startswith("spy") else card
    session.submit(1 - a, f"call:{kind}")  # caught: the round ends
    s = session.state
    assert s.rounds == 2 and s.attacker == 1 - a
    assert len(s.hands[1 - a]) == 6  # drew one card at the start of round 2


# ---------------------------------------------------------------------------------------------
# The round
# ---------------------------------------------------------------------------------------------


def test_play_face_down_then_call() -> None:
    # SM-R11, SM-R12
    s = position(["spy3", "hacker"], ["forces"])
    assert GAME.legal_actions(s) == ["play:hacker", "play:spy3"]
    s, events = play(s, "play:spy3")
    assert s.phase == Phase.CALL and GAME.current_player(s) == 1 and s.played == "spy3"
    assert GAME.legal_actions(s) == ["call:forces", "call:hacker", "call:spy"]
    assert events[0].kind == "play" and "spy3" not in str(events[0].data)
    assert "Spy" not in say(events[0], "en")


def test_attacker_cannot_stop_by_default() -> None:
    # SM-R14, SM-G2
    s = position(["hacker", "spy3", "forces"], [])
    s, _ = play(s, "play:hacker", "call:spy", "draw:spy1", "draw:spy2")
    assert "stop" not in GAME.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, "stop")
    assert "must keep attacking" in say(err.value.msg)


def test_may_stop_variant_after_a_success() -> None:
    # SM-G2 variant
    s = position(["hacker", "spy3", "forces"], [], may_stop=True)
    assert "stop" not in GAME.legal_actions(s)
    assert "only after a successful attack" in reason(s, "stop")
    s, _ = play(s, "play:hacker", "call:spy", "draw:spy1", "draw:spy2")
    assert GAME.legal_actions(s)[-1] == "stop"
    s, events = play(s, "stop")
    assert "stop" in kinds(events) and s.attacker == 1 and s.discard == ["hacker"]


def test_empty_hand_ends_the_round() -> None:
    # SM-R11, SM-G3
    s = position(["spy2"], ["forces"])
    s, _ = play(s, "play:spy2", "call:hacker")
    # No tuck possible, hand empty: the round ends and player 2 attacks after a draw.
    assert s.attacker == 1 and s.rounds == 4 and s.discard == ["spy2"]
    assert GAME.current_player(s) == CHANCE


def test_round_end_discards_row_with_tucks_and_keeps_defector() -> None:
    # SM-R15 (1), SM-R29
    s = position(["spy2", "spy6", "spy4", "hacker"], ["forces"])
    s, _ = play(s, "play:spy2", "call:hacker", "tuck:spy6", "play:spy4", "call:spy")
    assert s.rows == [[], ["spy4"]]
    assert sorted(s.discard) == ["spy2", "spy6"]
    assert s.attacker == 1


def test_hand_limit_halves_big_hands_attacker_first() -> None:
    # SM-R15 (2), SM-G5, SM-X6
    hand0 = ["spy1", "spy2", "spy3", "spy4", "spy5", "spy6", "hacker", "hacker", "hacker"]
    hand1 = ["forces"] * 4 + ["hacker"] * 3 + ["spy7"]
    s = position([*hand0, "forces"], hand1)
    s, events = play(s, "play:forces", "call:forces")  # caught: own document, round ends
    assert s.exposed == [1, 0] and s.phase == Phase.DISCARD
    assert s.discard_left == [4, 4]  # 9 -> 4, 8 -> 4
    assert kinds(events).count("limit") == 2
    assert GAME.current_player(s) == 0
    assert GAME.legal_actions(s) == ["discard:hacker", *(f"discard:spy{n}" for n in range(1, 7))]
    s, _ = play(s, "discard:spy1", "discard:spy2", "discard:spy3", "discard:hacker")
    assert len(s.hands[0]) == 5 and GAME.current_player(s) == 1
    s, _ = play(s, "discard:forces", "discard:forces", "discard:hacker", "discard:spy7")
    assert len(s.hands[1]) == 4 and s.attacker == 1 and s.phase == Phase.PLAY
    assert GAME.current_player(s) == CHANCE  # player 2 draws to start the round


def test_seven_cards_keep_everything() -> None:
    # SM-X6: a player holding 7 discards nothing.
    s = position(["hacker"] * 6 + ["forces"], ["spy1"])
    s, _ = play(s, "play:forces", "call:hacker")  # success: defender exposes, round ends
    assert s.discard_left == [0, 0] and len(s.hands[0]) == 6 and s.attacker == 1


def test_reshuffle_when_deck_empty() -> None:
    # SM-R16
    s = position(["hacker", "spy1"], ["spy2"], deck={}, discard=["forces", "spy9"])
    s, events = play(s, "play:hacker", "call:spy")
    assert "reshuffle" in kinds(events)
    assert s.discard == [] and s.deck == {"forces": 1, "spy9": 1}
    s, _ = play(s, "draw:spy9", "draw:forces")
    assert s.hands[0] == ["spy1", "spy9", "forces"]


def test_skip_draw_when_deck_and_discard_empty() -> None:
    # SM-G9
    s = position(["hacker", "spy1"], ["spy2"], deck={})
    s, events = play(s, "play:hacker", "call:spy")
    assert "skip" in kinds(events) and not s.pending
    assert GAME.current_player(s) == 0 and s.hands[0] == ["spy1"]


def test_deadlock_is_a_draw() -> None:
    # SM-G10: the safety net when nobody can play for two rounds.
    s = position([], [], deck={})
    events: list = []
    GAME.settle(s, events)
    assert s.phase == Phase.OVER and s.winner == DRAW and s.result == R_DEADLOCK
    assert GAME.returns(s) == [0.0, 0.0] and "deadlock" in kinds(events)


# ---------------------------------------------------------------------------------------------
# Card effects
# ---------------------------------------------------------------------------------------------


def test_hacker_success_draws_two_and_continues() -> None:
    # SM-R22
    s = position(["hacker", "spy1"], [])
    s, _ = play(s, "play:hacker", "call:forces")
    assert s.pending == [0, 0] and s.rows[0] == ["hacker"]
    s, _ = play(s, "draw:forces", "draw:spy5")
    assert s.phase == Phase.PLAY and GAME.current_player(s) == 0
    assert s.hands[0] == ["spy1", "spy5", "forces"]


def test_failed_hacker_goes_to_discard() -> None:
    # SM-R23, SM-G6
    s = position(["hacker", "spy1"], [])
    s, _ = play(s, "play:hacker", "call:hacker")
    assert s.discard == ["hacker"] and s.rows == [[], []] and s.attacker == 1


def test_third_document_loses_even_for_the_attacker() -> None:
    # SM-R17, SM-R21
    s = position(["forces", "spy1"], ["spy2"], exposed=(2, 0))
    s, events = play(s, "play:forces", "call:forces")
    assert s.phase == Phase.OVER and s.winner == 1 and GAME.current_player(s) == TERMINAL
    assert GAME.returns(s) == [-1.0, 1.0] and GAME.legal_actions(s) == []
    assert events[-1].kind == "win"
    assert reason(s, "play:spy1") == "The game is over."


def test_infiltration_at_six() -> None:
    # SM-R26: every third spy exposes a document (3, 6, 9).
    s = position(["spy6", "spy7", "spy8", "spy9"], [],
                 rows=(["spy1", "spy2", "spy3", "spy4"], []))
    s, _ = play(s, "play:spy6", "call:hacker")  # 5 spies, chain draw (4 < 6)
    assert s.exposed == [0, 0] and s.pending == [0]
    s, _ = play(s, "draw:hacker", "tuck:spy8")  # 6 spies
    assert spy_count(s.rows[0], s.tucks[0]) == 6 and s.exposed == [0, 1]


def test_tuck_only_larger_and_never_twice() -> None:
    # SM-R27, SM-G7
    s = position(["spy5", "spy3", "spy7", "spy8", "hacker"], [])
    s, _ = play(s, "play:spy5", "call:forces")
    assert s.phase == Phase.TUCK
    assert GAME.legal_actions(s) == ["pass", "tuck:spy7", "tuck:spy8"]
    assert reason(s, "tuck:spy3") == "Only a Spy numbered above 5 can go under Spy 5."
    assert "5より大きい" in reason(s, "tuck:spy3", "ja")
    s, _ = play(s, "tuck:spy7")
    assert s.phase == Phase.PLAY and s.tucks[0] == ["spy7"]
    assert "tuck:spy8" not in GAME.legal_actions(s)
    assert "only right after a successful Spy" in reason(s, "tuck:spy8")
    # A tucked spy is never "the card before": Spy 6 follows Spy 5, not Spy 7.
    s, _ = play(s, "play:spy3", "call:hacker")
    assert s.pending == []  # 5 > 3: no chain draw


def test_tuck_is_asked_also_without_a_larger_spy() -> None:
    # SM-R27, SM-G7: the tuck is optional and the hand is hidden (SM-R11), so the attacker is
    # asked after the successful Spy whatever the hand holds; without a larger Spy only
    # "pass" is legal, and the attacker then plays on (SM-R28).
    s = position(["spy5", "spy2", "hacker"], ["forces"])
    s, _ = play(s, "play:spy5", "call:forces")
    assert s.phase == Phase.TUCK and GAME.current_player(s) == 0
    assert GAME.legal_actions(s) == ["pass"]
    assert reason(s, "tuck:spy2") == "Only a Spy numbered above 5 can go under Spy 5."
    assert reason(s, "play:spy2") == \
        "You hold no larger Spy to tuck: first choose Don't tuck."
    assert say(GAME.prompt(s, 0)) == \
        "You hold no Spy larger than Spy 5: press Don't tuck (N) to go on."
    assert "差し込まない" in say(GAME.prompt(s, 0), "ja")
    s, events = play(s, "pass")
    assert events == [] and s.phase == Phase.PLAY and GAME.current_player(s) == 0
    assert GAME.legal_actions(s) == ["play:hacker", "play:spy2"]


def _after_a_successful_spy(hand0: list[str]) -> SpymasterState:
    s = position(hand0, ["forces", "spy1", "hacker"])
    s, _ = play(s, "play:spy5", "call:hacker")
    return s


def test_the_tuck_question_tells_the_defender_nothing() -> None:
    # SM-R27 with SM-R11: whether the attacker holds a larger Spy is the attacker's secret;
    # the defender's view and prompt after the successful Spy are the same either way.
    holds = _after_a_successful_spy(["spy5", "spy7", "hacker"])
    lacks = _after_a_successful_spy(["spy5", "spy3", "hacker"])
    assert GAME.legal_actions(holds) == ["pass", "tuck:spy7"]
    assert GAME.legal_actions(lacks) == ["pass"]
    assert GAME.observation(holds, 1) == GAME.observation(lacks, 1)
    assert GAME.observation(holds, None) == GAME.observation(lacks, None)
    for lang in ("en", "ja"):
        assert say(GAME.prompt(holds, 1), lang) == say(GAME.prompt(lacks, 1), lang)
    assert say(GAME.prompt(lacks, 1)) == "Player 1 may tuck a Spy."
    # Passing looks the same to the defender too.
    after_holds, _ = play(holds, "pass")
    after_lacks, _ = play(lacks, "pass")
    assert GAME.observation(after_holds, 1) == GAME.observation(after_lacks, 1)


def test_no_tuck_question_when_public_facts_rule_a_tuck_out() -> None:
    # SM-R27: nothing goes under the highest Spy of the mix, and nothing comes from an empty
    # hand; both facts are in plain sight, so skipping the question tells nobody anything.
    s = position(["spy9", "spy2", "hacker"], [])
    s, _ = play(s, "play:spy9", "call:forces")
    assert s.phase == Phase.PLAY and "pass" not in GAME.legal_actions(s)
    assert tuck_asked(["spy2"], ["spy9"], "11-5-5")  # Spies 10 and 11 exist in that mix
    assert not tuck_asked(["spy2"], ["spy9"], "9-6-6")
    # SM-R11, SM-G3: the last card got through; the empty hand ends the round at once.
    s = position(["spy3"], ["forces"])
    s, _ = play(s, "play:spy3", "call:forces")
    assert s.phase != Phase.TUCK and s.attacker == 1 and s.rows[0] == []


# ---------------------------------------------------------------------------------------------
# Worked examples (§8)
# ---------------------------------------------------------------------------------------------


def test_sm_x1_chain_and_infiltration() -> None:
    # SM-X1
    s = position(["spy1", "spy5", "spy7", "hacker"], ["forces"])
    s, _ = play(s, "play:spy1", "call:hacker")
    assert spy_count(s.rows[0], s.tucks[0]) == 1 and not s.pending
    s, _ = play(s, "pass", "play:spy5", "call:forces")
    assert s.pending == [0]  # Spy 1 < Spy 5: draw 1
    assert spy_count(s.rows[0], s.tucks[0]) == 2
    s, _ = play(s, "draw:spy2", "tuck:spy7")
    assert spy_count(s.rows[0], s.tucks[0]) == 3 and s.exposed == [0, 1]
    assert s.phase == Phase.PLAY and GAME.current_player(s) == 0  # the attacker continues


def test_sm_x2_source_tuck_example() -> None:
    # SM-X2
    s = position(["spy2", "spy6", "spy5", "hacker"], [])
    s, _ = play(s, "play:spy2", "call:hacker", "tuck:spy6")
    assert spy_count(s.rows[0], s.tucks[0]) == 2
    s, events = play(s, "play:spy5", "call:hacker")
    assert "chain" in kinds(events) and s.pending == [0]  # previous is Spy 2, not 6
    assert spy_count(s.rows[0], s.tucks[0]) == 3 and s.exposed == [0, 1]


def test_sm_x3_no_chain() -> None:
    # SM-X3
    s = position(["spy4", "hacker"], [], rows=(["spy6"], []))
    s, events = play(s, "play:spy4", "call:hacker")
    assert "chain" not in kinds(events) and s.pending == []
    s = position(["spy9", "spy1"], [], rows=(["hacker"], []))
    s, events = play(s, "play:spy9", "call:forces")
    assert "chain" not in kinds(events) and s.pending == []


def test_sm_x4_special_forces() -> None:
    # SM-X4, SM-R20, SM-R21
    s = position(["forces", "spy1"], ["spy2"])
    s, events = play(s, "play:forces", "call:hacker")
    assert s.exposed == [0, 1] and s.attacker == 1 and s.discard == ["forces"]
    assert "expose" in kinds(events)
    s = position(["forces", "spy1"], ["spy2"])
    s, _ = play(s, "play:forces", "call:forces")
    assert s.exposed == [1, 0] and s.attacker == 1


def test_sm_x5_defection() -> None:
    # SM-X5, SM-R29, SM-G4
    s = position(["spy4", "hacker"], ["spy6", "forces"])
    s, events = play(s, "play:spy4", "call:spy")
    assert "defect" in kinds(events)
    assert s.rows[1] == ["spy4"] and s.attacker == 1 and s.pending == [1]
    s, _ = play(s, "draw:hacker", "play:spy6", "call:hacker")
    assert s.pending == [1]  # Spy 4 < Spy 6: draw 1
    assert spy_count(s.rows[1], s.tucks[1]) == 2
    assert s.rows[1] == ["spy4", "spy6"]


def test_sm_x6_hand_limit() -> None:
    # SM-X6: 9 cards -> discard 4 (keep 5); 7 cards -> discard nothing.
    s = position(["spy1"] + ["hacker"] * 5 + ["forces"] * 3 + ["spy2"],
                 ["spy3", "spy4", "spy5", "spy6", "spy7", "spy8", "spy9"])
    s, _ = play(s, "play:spy2", "call:spy")
    assert len(s.hands[0]) == 9 and s.discard_left == [4, 0]


# ---------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------


def test_reasons_in_both_languages() -> None:
    s = position(["spy3", "hacker"], ["forces"])
    assert reason(s, "play:spy3") == ""
    assert reason(s, "play:forces") == "You have no Special Forces in your hand."
    assert reason(s, "play:forces", "ja") == "手札に特殊部隊はありません。"
    assert reason(s, "call:spy") == "There is no face-down card to name."
    assert reason(s, "draw:spy1") == "Only the shuffle decides that."
    assert "捨てる" in reason(s, "discard:spy3", "ja")
    s, _ = play(s, "play:spy3")
    assert reason(s, "play:hacker") == \
        "Player 2 must first name the type of the face-down card."
    assert "宣言" in reason(s, "play:hacker", "ja")


def test_events_have_both_languages_and_hide_draws() -> None:
    s = position(["hacker", "spy1"], [])
    s, events = play(s, "play:hacker", "call:spy", "draw:spy7")
    for e in events:
        assert say(e, "en") and say(e, "ja"), e.kind
    draw = next(e for e in events if e.kind == "draw")
    assert draw.seats == frozenset({0}) and draw.reveals and "Spy 7" in say(draw, "en")
    drew = next(e for e in events if e.kind == "drew")
    assert drew.seats is None and "7" not in say(drew, "en")
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.reveals and say(reveal, "ja").startswith("プレイヤー2の宣言は「スパイ」")


def test_describe_action() -> None:
    s = SpymasterState()
    assert say(GAME.describe_action(s, "play:spy5")) == "Play Spy 5 face down"
    assert say(GAME.describe_action(s, "call:forces"), "ja") == "「特殊部隊」と宣言する"
    assert say(GAME.describe_action(s, "tuck:spy8"), "ja") == "スパイ8を差し込む"


def test_heuristic_prefers_fewer_own_documents_exposed() -> None:
    s = position(["spy1"], ["spy2"], exposed=(0, 2))
    good = GAME.heuristic(s, 0)
    bad = GAME.heuristic(s, 1)
    assert good is not None and bad is not None and good > 0.5 > -0.5 > bad


def test_a_match_saved_under_rules_2_loads_and_plays_on() -> None:
    # SM-R27: rules 2 skipped the tuck question when the attacker held no larger Spy; rules 3
    # always ask it. A save made by the app under rules 2 replays with the attacker's
    # "Don't tuck" added where the question now comes, to the very state it recorded.
    from pathlib import Path

    from tabletop.engine import savefile as sf
    from tabletop.engine.errors import SaveFileError
    from tabletop.games.spymaster.model import SpymasterGame

    path = Path(__file__).with_name("saves") / "rules-v2.json"
    session, data = sf.load(path, {"spymaster": GAME})
    assert data.rules_version == "2" and session.state_hash() == data.state_hash
    passes = sum(1 for r in session.history if r.action == "pass")
    assert passes > sum(1 for _, action in data.log if action == "pass")
    session.submit(session.current_player(), session.legal_actions()[0])

    class Rules3Only(SpymasterGame):
        def upgrade_log(self, *args: object, **kwargs: object) -> None:
            return None

    with pytest.raises(SaveFileError, match="rules version 2"):
        sf.load(path, {"spymaster": Rules3Only()})
