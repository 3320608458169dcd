"""Secret Agent's rules, one by one: set-up, the turn, every action, counters, super spies,
events, the end stage and scoring. Each test cites the rule ids it checks."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import IllegalActionError, InvalidActionError
from tabletop.games.secret_agent.data import ALL_FACES, EVENT, LEADERS, TECH, family
from tabletop.games.secret_agent.state import zones
from tabletop.testing.build import positions
from tests.games.secret_agent.sa_build import GAME, kinds, play, position, refusal

# -- set-up ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 6])
def test_setup_deals_leaders_and_six_cards(n: int) -> None:
    # SA-R01, SA-R05, SA-R06, SA-R07, SA-R08, SA-R09, SA-R10, SA-C3
    for s, _ in positions(GAME, range(3), n):
        if s.phase in ("leaders", "first", "deal"):
            continue
        assert sorted(s.leaders) == sorted(set(s.leaders)) and len(s.leaders) == n
        assert sorted(s.removed[:6 - n]) == sorted(c for c in LEADERS if c not in s.leaders)
        for p in range(n):
            hand = [c for c in s.hands[p] if c != s.leaders[p]]
            assert len(hand) == 6
            assert not any(family(c) in (TECH, EVENT) for c in hand)
        assert s.discard == [] and s.turn == s.first
        break


def test_setup_technology_is_opened_and_replaced() -> None:
    # SA-R08, SA-R09: a technology card dealt goes to the country and is replaced.
    s = GAME.new_game(3)
    s, _ = play(s, "leader:LD-COL", "leader:LD-PM", "leader:LD-PRE", "first:0")
    assert s.removed == ["LD-CHA", "LD-EMP", "LD-REL"]
    s, events = play(s, "deck:TE-SPA-5", "deck:EV-WAR")
    assert s.stack(0, "SPA") == ["TE-SPA-5"] and s.discard == ["EV-WAR"]
    assert s.pending[-2:] == [0, 1] and kinds(events).count("setup_tech") == 1


# -- the turn --------------------------------------------------------------------------------


def test_draw_then_one_action_then_next_seat() -> None:
    # SA-R11, SA-R12, SA-R13, SA-R14, SA-R17
    s = position([["TE-SPA-2"], ["SP-1"], ["SP-2"]])
    s, _ = play(s, "tech:TE-SPA-2")
    assert s.stack(0, "SPA") == ["TE-SPA-2"] and s.turn == 1 and s.phase == "draw"
    s, events = play(s, "deck:SP-3")
    assert "SP-3" in s.hands[1] and s.phase == "action"
    # Other seats are told only that a card was drawn.
    assert [e.kind for e in events if e.visible_to(0)] == ["drew"]


def test_event_drawn_is_resolved_first() -> None:
    # SA-R12, SA-R46: Revolution makes the drawing player lose one open technology card.
    s = position([["SP-1"], ["SP-1"], ["SP-2"]], country={1: ["TE-MIL-3", "TE-SPA-1"]})
    s, _ = play(s, "pass", "deck:EV-REV")
    assert s.phase == "lose" and GAME.current_player(s) == 1
    s, _ = play(s, "lose:TE-MIL-3")
    assert s.score(1) == 1 and s.phase == "action" and "EV-REV" in s.discard


def test_pass_only_with_seven_or_fewer() -> None:
    # SA-R16, SA-R39, SA-R04
    s = position([["SP-1"] * 7, [], []])
    assert "pass" not in GAME.legal_actions(s)
    assert "may not pass" in refusal(s, "pass")
    s = position([["SP-1"] * 6, [], []])
    assert "pass" in GAME.legal_actions(s)


def test_pass_when_nothing_else_is_legal() -> None:
    # SA-G13: eight cards and no legal action: pass anyway.
    s = position([["CO-1", "CO-2", "CO-3", "CO-4", "CO-5", "DF-SPA-2", "SS-G13"], [], []])
    s.declared = [False, True, True]
    assert GAME.legal_actions(s) == ["pass"]


def test_discard_a_defector_when_stuck() -> None:
    # SA-R38
    s = position([["DF-SPA-2", "DF-SPA-3", "DF-SPA-4", "DF-COM-2", "DF-COM-3", "DF-COM-4",
                   "DF-NUC-2"], [], []])
    assert GAME.legal_actions(s) == sorted(f"discard:{c}" for c in set(s.hands[0])
                                           if c.startswith("DF"))
    s, _ = play(s, "discard:DF-SPA-2")
    assert "DF-SPA-2" in s.discard


def test_special_refill_only_after_another_players_turn() -> None:
    # SA-R15, SA-G12: the active seat itself never refills; an untouched small hand neither.
    s = position([["TE-SPA-1"], ["SP-1"], ["SP-2", "SP-3"]])
    s, _ = play(s, "tech:TE-SPA-1")
    assert s.phase == "draw" and s.turn == 1


def test_refill_after_events_is_an_option() -> None:
    # SA-C7: by default a hand counts from the start of the turn, events included; with the
    # option, from after the event, so only the action's losses count.
    hands = [["SP-1"], ["SP-1", "SP-2", "SP-3", "SP-4", "SP-5"], ["SP-2"]]
    for only_actions in (False, True):
        s = position(hands, turn=2, options={"refill_actions_only": only_actions})
        s.phase = "draw"
        s, _ = play(s, "deck:EV-PAN")
        assert s.phase == "shed" and GAME.current_player(s) == 1
        s, _ = play(s, "discard:SP-5", "discard:SP-4")
        assert s.phase == "action" and len(s.hands[1]) == 4
        assert s.hand_base[1] == (4 if only_actions else 6)


# -- open action -----------------------------------------------------------------------------


def test_disaster_needs_a_card_of_its_kind_or_a_counter() -> None:
    # SA-R20, SA-C1 (SA-G16 reversed)
    s = position([["DS-COM-6"], ["SP-1"], []], counters={2: ["CT-SN"]})
    assert [a for a in GAME.legal_actions(s) if a.startswith("disaster")] == [
        "disaster:DS-COM-6:2"]
    assert "no technology" in refusal(s, "disaster:DS-COM-6:1")


def test_defender_counter_from_hand() -> None:
    # SA-R21, SA-R42: a counter from hand stops the disaster; no roll.
    s = position([["DS-MIL-8", "SP-6"], ["CT-SN", "SP-1"], []], country={1: ["TE-MIL-5"]})
    s, _ = play(s, "disaster:DS-MIL-8:1", "spy:SP-6", "done")
    assert "counter:CT-SN" in GAME.legal_actions(s)
    s, events = play(s, "counter:CT-SN")
    assert s.score(1) == 5 and "check" not in kinds(events)
    assert sorted(s.discard) == ["CT-SN", "DS-MIL-8", "SP-6"]


def test_open_spies_option_shows_the_attackers_spies() -> None:
    # SA-R23, SA-G01
    for shown in (False, True):
        s = position([["DS-MIL-8", "SP-6"], ["SP-1"], []], country={1: ["TE-MIL-5"]},
                     options={"open_spies": shown})
        s, _ = play(s, "disaster:DS-MIL-8:1", "spy:SP-6")
        assert GAME.observation(s, 1)["atk_spies"] == (["SP-6"] if shown else [None])
        assert GAME.observation(s, 0)["atk_spies"] == ["SP-6"]


def test_counter_destruction_single_and_multi() -> None:
    # SA-R25, SA-R26, SA-G02
    s = position([["SP-4"], ["SP-3", "SP-2"], []], counters={1: ["CT-PE"]})
    s, _ = play(s, "destroy:1:CT-PE", "spy:SP-4")
    assert GAME.legal_actions(s) == ["no"]  # no single spy of 4 or more
    assert "too weak" in refusal(s, "spy:SP-3")
    lost, _ = play(s, "no")
    assert lost.counters[1] == [] and "CT-PE" in lost.discard
    s = position([["SP-4"], ["SP-3", "SP-2"], []], counters={1: ["CT-PE"]},
                 options={"multi_defence": True})
    s, _ = play(s, "destroy:1:CT-PE", "spy:SP-4", "spy:SP-3", "spy:SP-2", "done")
    assert s.counters[1] == ["CT-PE"]
    assert sorted(s.discard) == ["SP-2", "SP-3", "SP-4"]


def test_defence_puts_a_counter_open() -> None:
    # SA-R37, SA-R43
    s = position([["CT-BE"], ["SS-JB"], []], turn=0)
    s, _ = play(s, "defence:CT-BE")
    assert s.counters[0] == ["CT-BE"]


# -- secret action ---------------------------------------------------------------------------


def test_secret_action_rows() -> None:
    # SA-R27, SA-R28 (technology, spy, super spy, counter, contract), SA-C5
    base = [["SP-2", "SP-3"], ["TE-SPA-4", "SP-4", "SP-6", "SS-RAN", "CT-GO", "CO-3"], []]
    s = position(base)
    s, _ = play(s, "secret:1", "spy:SP-2", "spy:SP-3", "done")
    t, _ = play(s, "steal:TE-SPA-4", "roll:6-6")
    assert "TE-SPA-4" in t.hands[1]
    t, _ = play(s, "steal:SP-4")
    assert t.phase == "kill" and GAME.current_player(t) == 0
    assert "SP-4" in play(t, "spare")[0].hands[1]
    assert "SP-4" in play(t, "kill")[0].discard
    t, _ = play(s, "steal:SP-6")
    assert "SP-6" in t.hands[1]
    t, _ = play(s, "steal:SS-RAN")
    assert "SS-RAN" in t.hands[1]
    t, _ = play(s, "steal:CT-GO", "roll:2-2")
    assert t.counters[0] == ["CT-GO"]
    t, _ = play(s, "steal:CO-3", "roll:2-2")
    assert "CO-3" in t.hands[0]


def test_drawn_disaster_strikes_the_defender() -> None:
    # SA-R28 (disaster row), SA-C6, SA-G15
    s = position([["SP-1"], ["DS-HEA-6", "SP-2"], []], country={1: ["TE-HEA-3"]})
    s, _ = play(s, "secret:1", "spy:SP-1", "done", "steal:DS-HEA-6")
    assert s.phase == "stop" and GAME.current_player(s) == 1
    s, _ = play(s, "no")
    assert s.threshold == 6
    s, _ = play(s, "roll:3-3")
    assert s.stack(1, "HEA") == [] and "DS-HEA-6" in s.discard
    s = position([["SP-1"], ["DS-HEA-6", "SP-2"], []])
    s, events = play(s, "secret:1", "spy:SP-1", "done", "steal:DS-HEA-6")
    assert "no_effect" in kinds(events) and "DS-HEA-6" in s.discard


def test_secret_action_needs_a_spy() -> None:
    # SA-R27
    s = position([["SP-1"], ["SP-2"], []])
    s, _ = play(s, "secret:1")
    assert "done" not in GAME.legal_actions(s)
    assert "at least one spy" in refusal(s, "done")


# -- super spies -----------------------------------------------------------------------------


def test_super_spy_stopped_only_by_its_counter() -> None:
    # SA-R29, SA-R30, SA-R32, SA-R43
    s = position([["SS-JB"], ["SP-1"], []], country={1: ["TE-SPA-5"]},
                 counters={1: ["CT-IR", "CT-BE"]})
    s, events = play(s, "special:SS-JB:1:open")
    assert s.counters[1] == ["CT-IR"] and "auto_counter" in kinds(events)
    assert s.phase == "idle" or s.auction_card == "SS-JB" or "SS-JB" in s.removed


def test_open_super_spy_actions() -> None:
    # SA-R31: Lupin takes a top card; RANBO! tries for a lower card on 7 or less.
    s = position([["SS-LUP"], ["SP-1"], []], country={1: ["TE-SPA-2", "TE-SPA-5"]})
    s, _ = play(s, "special:SS-LUP:1:open", "no", "hit:TE-SPA-5")
    assert s.stack(0, "SPA") == ["TE-SPA-5"] and s.stack(1, "SPA") == ["TE-SPA-2"]
    s = position([["SS-RAN"], ["SP-1"], []], country={1: ["TE-SPA-2", "TE-SPA-5"]})
    s, _ = play(s, "special:SS-RAN:1:open", "no")
    assert "low:TE-SPA-2" in GAME.legal_actions(s)
    s, _ = play(s, "low:TE-SPA-2")
    assert s.threshold == 7
    s, _ = play(s, "roll:3-4")
    assert s.stack(1, "SPA") == ["TE-SPA-5"]


def test_g13_destroys_what_he_draws() -> None:
    # SA-R31: every card G-13 draws is destroyed, a defector too.
    s = position([["SS-G13"], ["DF-NUC-4"], []])
    s, _ = play(s, "special:SS-G13:1:secret", "no", "steal:DF-NUC-4")
    assert "DF-NUC-4" in s.discard and s.score(0) == 0


def test_g13_has_no_open_action() -> None:
    # SA-R31
    s = position([["SS-G13"], ["SP-1"], []])
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "special:SS-G13:1:open")
    assert "cannot act that way" in refusal(s, "special:SS-G13:1:open")


# -- dice ------------------------------------------------------------------------------------


def test_religious_leader_may_force_a_reroll() -> None:
    # SA-R53, SA-R41
    s = position([["DS-SPA-8"], [], ["SP-1"]], country={1: ["TE-SPA-1"]},
                 leaders=["LD-COL", "LD-PM", "LD-REL"], options={"leader_abilities": True})
    s, _ = play(s, "disaster:DS-SPA-8:1", "done", "roll:6-3")
    assert s.phase == "reroll" and GAME.current_player(s) == 2
    s, _ = play(s, "reroll")
    assert s.rel_left == 2 and s.phase == "roll"
    s, _ = play(s, "roll:5-5")
    assert s.phase != "reroll"  # once per roll
    assert s.last_check is not None and s.last_check["total"] == 9  # the Colonel's -1
    assert not s.last_check["success"]


# -- events ----------------------------------------------------------------------------------


def test_war_peace_open_and_from_hand() -> None:
    # SA-R46, SA-R43, §9 War and Peace, SA-C2, SA-G17
    s = position([["SP-1"], ["CT-PE", "SP-2"], ["SP-3"]],
                 country={0: ["TE-SPA-1", "TE-SPA-3"], 1: ["TE-COM-2"], 2: ["TE-MIL-4"]},
                 counters={2: ["CT-PE"]}, turn=0)
    s.phase = "draw"
    s, _ = play(s, "deck:EV-WAR")
    assert s.phase == "lose" and GAME.current_player(s) == 0
    assert "lose:TE-SPA-1" in GAME.legal_actions(s)  # any card, not only the top (SA-C2)
    s, _ = play(s, "lose:TE-SPA-1", "counter:CT-PE")
    assert s.stack(0, "SPA") == ["TE-SPA-3"] and s.stack(1, "COM") == ["TE-COM-2"]
    assert s.stack(2, "MIL") == ["TE-MIL-4"] and s.counters[2] == []
    assert s.phase == "action"


def test_tops_only_option() -> None:
    # SA-C2 option, SA-R18
    s = position([["SP-1"], [], []], country={0: ["TE-SPA-1", "TE-SPA-3"]},
                 options={"tops_only": True})
    s.phase = "draw"
    s, _ = play(s, "deck:EV-REV")
    assert GAME.legal_actions(s) == ["lose:TE-SPA-3"]


def test_recession_coup_double_spy_reorganisation_long_term() -> None:
    # SA-R46: Recession, Coup, Double Spy, Reorganisation, Long-term Government (SA-G09).
    s = position([["SP-1"] * 6, ["SS-JB", "CO-1"], ["SP-2"]], country={1: ["TE-SPA-1",
                                                                           "TE-SPA-5"]})
    s.phase = "draw"
    t, _ = play(s, "deck:EV-REC", "discard:SP-1", "discard:SP-1")
    assert len(t.hands[0]) == 5 and t.phase == "action"
    t, _ = play(s, "deck:EV-COU", "target:1")
    assert t.phase == "lose" and GAME.current_player(t) == 1
    s.turn = s.actor = 1
    t, _ = play(s, "deck:EV-DBL", "discard:SS-JB")
    assert t.phase == "auction" and t.auction_card == "SS-JB"
    t, _ = play(s, "deck:EV-REO", "reorg:SPA", "put:TE-SPA-1")
    assert t.stack(1, "SPA") == ["TE-SPA-5", "TE-SPA-1"]
    t, _ = play(s, "deck:EV-LTG", "attach:2")
    assert t.ltg == 2 and "EV-LTG" not in t.discard and zones(t) == ALL_FACES


# -- end stage -------------------------------------------------------------------------------


def test_end_stage_employ_declare_and_end() -> None:
    # SA-R47, SA-R48, SA-R49, SA-R50, SA-R51, SA-R52, SA-G10
    s = position([["DF-SPA-4"], ["SP-1"], ["TE-COM-3"]], deck={})
    assert "employ:DF-SPA-4" in GAME.legal_actions(s) and "declare" in GAME.legal_actions(s)
    s, _ = play(s, "employ:DF-SPA-4")
    assert s.score(0) == 4 and s.phase == "action" and s.turn == 1  # no draw
    s, _ = play(s, "declare")
    assert s.declared[1]
    assert "secret:1" not in GAME.legal_actions(s)  # never targeted again
    s, _ = play(s, "tech:TE-COM-3", "pass")
    assert s.phase == "action" and s.turn == 2
    s, events = play(s, "pass")
    assert s.phase == "over" and s.winners == [0] and "end" in kinds(events)
    assert GAME.returns(s) == [1.0, -1.0, -1.0]


def test_long_term_government_limits_the_declaration() -> None:
    # SA-R50, SA-G09
    s = position([["SP-1", "SP-2", "SP-3"], [], []], deck={})
    s.ltg = 0
    assert "declare" not in GAME.legal_actions(s)
    s = position([["SP-1", "SP-2"], [], []], deck={})
    s.ltg = 0
    assert "declare" in GAME.legal_actions(s)


def test_tie_break_more_cards_then_shared() -> None:
    # SA-R52, SA-G10
    s = position([[], [], []], country={0: ["TE-SPA-5"], 1: ["TE-SPA-2", "TE-COM-3"],
                                        2: ["TE-MIL-5"]}, deck={})
    s, _ = play(s, "pass", "pass", "pass")
    assert s.winners == [1]
    s = position([[], [], []], country={0: ["TE-SPA-5"], 2: ["TE-MIL-5"]}, deck={})
    s, _ = play(s, "pass", "pass", "pass")
    assert s.winners == [0, 2]


# -- action texts ----------------------------------------------------------------------------


def test_malformed_and_illegal_actions_leave_the_state() -> None:
    s = position([["SP-1"], ["SP-2"], []])
    before = GAME.state_to_json(s)
    for bad in ("tech:XX", "spy:TE-SPA-1", "special:SS-XX:1:open", "roll:7-1", "secret:"):
        with pytest.raises(InvalidActionError):
            GAME.apply(s, bad)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "tech:TE-SPA-1")
    assert GAME.state_to_json(s) == before
    assert "You have no Space 1" in refusal(s, "tech:TE-SPA-1")
    assert "今はできません" in refusal(s, "kill", "ja")
    assert "契約書1はありません" in refusal(s, "bid:CO-1", "ja")


def test_random_playouts_conserve_every_card() -> None:
    # §2: the 146 cards are conserved across deck, hands, countries, discard and removed.
    rng = random.Random(5)
    for s, _ in positions(GAME, range(4), 4):
        assert zones(s) == ALL_FACES
    assert rng
