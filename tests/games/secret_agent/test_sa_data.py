"""Secret Agent's card data (§12) and the decisions about super spy clashes and hires."""

from __future__ import annotations

from tabletop.games.secret_agent.data import (
    ALL_FACES,
    DECK,
    KINDS,
    SPY_COPIES,
    TOTAL_CARDS,
    card_names,
    family,
    value,
)
from tests.games.secret_agent.sa_build import GAME, kinds, play, position


def test_card_counts_and_values() -> None:
    # §2, SA-G03, SA-G08, SA-R44: 146 cards, 8 technology and 3 defectors per kind.
    assert TOTAL_CARDS == 146 and sum(DECK.values()) == 140
    fams: dict[str, int] = {}
    for c, k in ALL_FACES.items():
        fams[family(c)] = fams.get(family(c), 0) + k
    assert fams == {"LD": 6, "TE": 40, "DF": 15, "DS": 11, "SP": 42, "SS": 4, "CO": 5,
                    "CT": 10, "EV": 13}
    for k in KINDS:
        tech = sorted(value(c) for c, n in ALL_FACES.items() if c.startswith(f"TE-{k}")
                      for _ in range(n))
        assert tech == [1, 1, 2, 2, 3, 3, 4, 5]
    assert sum(v * n for v, n in SPY_COPIES.items()) == 128
    assert card_names("TE-NUC-4") == ("Nuclear 4", "原子力技術4")


def test_score_counts_open_technology_and_defectors() -> None:
    # SA-R02, SA-R45, SA-R52: open technology and employed defectors score; hands do not.
    s = position([["TE-SPA-5"], [], []], country={0: ["TE-COM-2", "DF-COM-3"]})
    assert s.score(0) == 5 and s.tech_count(0) == 2


def test_one_card_per_technology_rise() -> None:
    # SA-G14, SA-R17
    s = position([["TE-SPA-1", "TE-SPA-2"], [], []])
    s, _ = play(s, "tech:TE-SPA-1")
    assert s.stack(0, "SPA") == ["TE-SPA-1"] and "TE-SPA-2" in s.hands[0]


def test_clash_tie_rerolls_and_defender_losing_hires_both() -> None:
    # SA-C4, SA-R33, SA-R34, SA-G04, SA-G05, SA-G06, SA-G07
    s = position([["SS-JB", "CO-1"], ["SS-LUP", "CO-2"], ["CO-3"]])
    s, _ = play(s, "special:SS-JB:1:secret", "no", "steal:SS-LUP", "roll:3-3", "roll:2-4")
    assert s.phase == "roll" and s.clash == []  # tied: both roll again
    s, events = play(s, "roll:1-1", "roll:6-6")
    # The defender rolled higher and loses Lupin III; J.B. is for hire first, then Lupin III.
    assert "clash" in kinds(events) and s.auction_card == "SS-JB" and s.hire == ["SS-LUP"]
    # With the option off, the lower roll loses instead.
    s = position([["SS-JB"], ["SS-LUP", "CO-2"], []], options={"clash_high_loses": False})
    s, _ = play(s, "special:SS-JB:1:secret", "no", "steal:SS-LUP", "roll:1-1", "roll:6-6")
    assert "SS-LUP" in s.hands[1]


def test_emperor_priority_wins_and_spends_a_contract() -> None:
    # SA-G06, LD-EMP of §11
    s = position([["SS-JB"], ["CO-5", "SP-1"], ["CO-1"]], country={1: ["TE-SPA-1"]},
                 leaders=["LD-COL", "LD-EMP", "LD-PRE"], options={"leader_abilities": True})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-SPA-1")
    assert "priority:CO-5" in GAME.legal_actions(s)
    s, _ = play(s, "priority:CO-5", "bid:CO-1")
    assert "SS-JB" in s.hands[1] and "CO-5" in s.discard and "CO-1" in s.hands[2]
    assert s.emperor_used


def test_declared_players_are_left_alone() -> None:
    # SA-G18, SA-R50: only in the end stage, where no event is drawn.
    s = position([["SP-1"], ["SP-2"], []], deck={})
    s, _ = play(s, "declare")
    assert s.declared[0] and s.phase == "action" and s.turn == 1
    assert "secret:0" not in GAME.legal_actions(s)
