"""The worked examples of the rules reference (SA-E1..SA-E7), each played through the rules."""

from __future__ import annotations

from tabletop.games.secret_agent.data import ALL_FACES
from tabletop.games.secret_agent.state import zones
from tests.games.secret_agent.sa_build import GAME, kinds, play, position


def test_e1_disaster_attack_with_hidden_spies() -> None:
    # SA-E1 (SA-R19, SA-R20, SA-R21, SA-R22, SA-R23): T = 8 + 5 - 4 = 9.
    s = position([["DS-NUC-8", "SP-2", "SP-3"], ["SP-4", "SP-1"], []],
                 country={1: ["TE-NUC-2", "TE-NUC-4"]})
    s, _ = play(s, "disaster:DS-NUC-8:1", "spy:SP-2", "spy:SP-3", "done")
    # The defender answers in its own seat, seeing only how many spies were committed.
    assert GAME.current_player(s) == 1 and s.phase == "defend"
    assert GAME.observation(s, 1)["atk_spies"] == [None, None]
    s, _ = play(s, "spy:SP-4", "done")
    assert s.threshold == 9 and s.phase == "roll"
    hit, events = play(s, "roll:4-5")
    assert hit.stack(1, "NUC") == ["TE-NUC-2"]
    assert hit.last_check is not None and hit.last_check["success"]
    assert sorted(hit.discard) == ["DS-NUC-8", "SP-2", "SP-3", "SP-4", "TE-NUC-4"]
    assert "destroyed" in kinds(events)
    # On a 10 nothing is destroyed, but every card used is still discarded.
    miss, _ = play(s, "roll:5-5")
    assert miss.stack(1, "NUC") == ["TE-NUC-2", "TE-NUC-4"]
    assert sorted(miss.discard) == ["DS-NUC-8", "SP-2", "SP-3", "SP-4"]


def test_e2_open_counter_absorbs_a_disaster() -> None:
    # SA-E2 (SA-R21, SA-R24, SA-R43): no roll; the counter, the disaster and the spy go.
    s = position([["DS-SPA-6", "SP-5"], ["SP-1"], []], country={1: ["TE-SPA-3"]},
                 counters={1: ["CT-IR"]})
    s, events = play(s, "disaster:DS-SPA-6:1", "spy:SP-5", "done")
    assert "auto_counter" in kinds(events) and "check" not in kinds(events)
    assert s.counters[1] == [] and s.stack(1, "SPA") == ["TE-SPA-3"]
    assert sorted(s.discard) == ["CT-IR", "DS-SPA-6", "SP-5"]
    assert s.phase in ("draw", "action") and s.turn == 1


def test_e3_secret_action_steals_a_defector() -> None:
    # SA-E3 (SA-R27, SA-R28): no roll, the defector joins A's Computer stack.
    s = position([["SP-3", "SP-4"], ["DF-COM-4", "SP-1"], []])
    s, _ = play(s, "secret:1", "spy:SP-3", "spy:SP-4", "done")
    assert s.phase == "steal"
    assert dict(GAME.chance_outcomes(s)) == {"steal:DF-COM-4": 1 / 3, "steal:LD-COL": 1 / 3,
                                             "steal:SP-1": 1 / 3}
    s, events = play(s, "steal:DF-COM-4")
    assert s.stack(0, "COM") == ["DF-COM-4"] and s.score(0) == 4
    assert "check" not in kinds(events)
    assert sorted(s.discard) == ["SP-3", "SP-4"]


def test_e4_assassination_and_body_double() -> None:
    # SA-E4 (SA-R28, SA-R43): 5 <= 6 succeeds; a Body Double from hand cancels it.
    country = {1: ["TE-SPA-1", "TE-SPA-3", "TE-MIL-5", "TE-COM-2"]}
    s = position([["SP-4", "SP-2"], ["CT-BD", "SP-1"], []], country=country)
    leader = s.leaders[1]
    s, _ = play(s, "secret:1", "spy:SP-4", "spy:SP-2", "done", f"steal:{leader}", "roll:2-3")
    assert s.phase == "body_double" and GAME.current_player(s) == 1
    saved, _ = play(s, "counter:CT-BD")
    assert leader in saved.hands[1] and "CT-BD" in saved.discard
    assert saved.score(1) == 11
    # Without the Body Double: three cards of B's choice, Military 5 remains.
    s, _ = play(s, "no")
    assert s.phase == "lose" and leader in s.hands[1]
    s, _ = play(s, "lose:TE-SPA-3", "lose:TE-SPA-1", "lose:TE-COM-2")
    assert [c for st in s.country(1) for c in st] == ["TE-MIL-5"]


def test_e5_super_spy_hire() -> None:
    # SA-E5 (SA-R35, SA-R36): B bids 4, C passes, D bids 2, A bids 5: D wins with 2.
    s = position([["SS-JB", "CO-5"], ["CO-4", "SP-1"], ["SP-2"], ["CO-2", "SP-3"]],
                 country={1: ["TE-SPA-3"]})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-SPA-3")
    assert s.phase == "auction" and GAME.secret_round(s) == (1, 2, 3, 0)
    before = s
    s, _ = play(s, "bid:CO-4", "no")
    assert GAME.observation(s, 2)["bids"][1] == "?"
    s, events = play(s, "bid:CO-2", "bid:CO-5")
    assert "SS-JB" in s.hands[3] and "CO-2" in s.discard
    assert "CO-4" in s.hands[1] and "CO-5" in s.hands[0]
    assert "hired" in kinds(events)
    # Nobody bids: J.B. leaves the game.
    s, events = play(before, "no", "no", "no", "no")
    assert "SS-JB" in s.removed and "unhired" in kinds(events)
    assert zones(s) == ALL_FACES


def test_e6_pass_limit_and_special_refill() -> None:
    # SA-E6 (SA-R15, SA-R16, SA-G11, LD-PRE of §11): 8 cards may not pass; the President may.
    hand = ["SP-1", "SP-2", "SP-3", "TE-SPA-1", "CT-PE", "SP-4", "SP-5"]
    s = position([hand, ["TE-COM-3", "SP-6", "CO-1"], []])
    assert len(s.hands[0]) == 8 and "pass" not in GAME.legal_actions(s)
    pres = position([hand, ["TE-COM-3", "SP-6", "CO-1"], []],
                    leaders=["LD-PRE", "LD-CHA", "LD-EMP"],
                    options={"leader_abilities": True})
    assert "pass" in GAME.legal_actions(pres)
    # B holds 4 cards; A's secret action destroys one: B may refill after A's turn.
    s, _ = play(s, "secret:1", "spy:SP-5", "done", "steal:TE-COM-3", "roll:1-2")
    assert "TE-COM-3" in s.discard and len(s.hands[1]) == 3
    assert s.phase == "refill" and GAME.current_player(s) == 1
    s, _ = play(s, "refill")
    assert s.phase == "refill_draw"
    s, _ = play(s, "deck:EV-WAR")
    assert "EV-WAR" in s.discard and s.phase == "refill_draw"  # discarded, draw again
    s, _ = play(s, "deck:SP-1")
    assert len(s.hands[1]) == 4 and s.turn == 1


def test_e7_clash_of_super_spies() -> None:
    # SA-E7 (SA-R33, SA-R35, SA-R41): the higher roll (A's 9) loses: J.B. is put up for hire.
    for colonel in (False, True):
        opts = {"leader_abilities": colonel}
        leaders = ["LD-COL", "LD-CHA", "LD-EMP"]
        s = position([["SS-JB"], ["SS-G13", "SP-1"], ["CO-1"]], leaders=leaders,
                     options=opts)
        s, _ = play(s, "special:SS-JB:1:secret", "no", "steal:SS-G13", "roll:4-5")
        assert s.clash == [8 if colonel else 9]
        s, events = play(s, "roll:2-2")
        assert "clash" in kinds(events)
        assert "SS-G13" in s.hands[1]
        assert s.phase == "auction" and s.auction_card == "SS-JB"
