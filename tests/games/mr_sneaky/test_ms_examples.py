"""The worked examples MS-E1..MS-E7 of tabletop/games/mr_sneaky/rules/reference.md §12, played
as written."""

from __future__ import annotations

from tabletop.engine import Event, IllegalActionError
from tabletop.games.mr_sneaky.data import DOORS, NEIGHBOUR_TABLE
from tabletop.games.mr_sneaky.state import (
    E_BLOCKED,
    E_GUARDS,
    E_TREASURE,
    R_AGENTS,
    R_JEWELS,
    Phase,
)
from tests.games.mr_sneaky.ms_build import GAME, door, kinds, play, position, say


def _effects(events: list[Event]) -> list[tuple[str, str]]:
    return [(e.kind, e.data["card"]) for e in events if e.kind in ("match", "miss")]


def test_e1_trap_catches_the_thief() -> None:
    # MS-E1 (MS-R25, R26, R28): D4 is the 2-guard trap; the Thief (seat 1) holds 2 guards.
    s = position(rich=0, thief="D1", guards=2, cards={"D4": ["A3", "A1"]})
    s, events = play(s, "move:D4", "steal")
    assert _effects(events) == [("match", "A3"), ("miss", "A1")]
    guard = next(e for e in events if e.kind == "guard")
    assert guard.data == {"n": 2, "guards": 4}
    assert s.jewels == [3, 0]  # A3 +1, then caught +2
    assert s.last_round == (1, 0, 2, E_GUARDS)
    # Both cards went to the discard pile, which the round end gathered into the new deck.
    assert s.agents == [[], []] and s.deck_size == 31
    assert s.round == 2 and s.rich == 1 and s.phase == Phase.DEAL  # next round: roles swap


def test_e2_treasure_with_bonuses() -> None:
    # MS-E2 (MS-R26, R29, R35): D3 is the Treasure; the Thief holds 1 guard.
    s = position(rich=0, thief="D1", guards=1, cards={"D3": ["A2", "C2", "B1"]})
    s, events = play(s, "move:D3", "steal")
    assert _effects(events) == [("match", "A2"), ("match", "C2"), ("miss", "B1")]
    assert s.jewels == [0, 5] and s.agents == [["C2"], []]
    assert s.last_round == (1, 1, 5, E_TREASURE) and s.round == 2
    # Holding 2 agents already, the Rich Man now has 4 and loses the game ...
    s = position(rich=0, thief="D1", guards=1, cards={"D3": ["A2", "C2", "B1"]},
                 agents=(["C2"], []))
    s, _ = play(s, "move:D3", "steal")
    assert s.phase == Phase.OVER and s.winner == 1 and s.result == R_AGENTS
    # ... unless the Thief reached 8 jewels, which is checked first.
    s = position(rich=0, thief="D1", guards=1, cards={"D3": ["A2", "C2", "B1"]},
                 agents=(["C2"], []), jewels=(0, 3))
    s, _ = play(s, "move:D3", "steal")
    assert s.phase == Phase.OVER and s.winner == 1 and s.result == R_JEWELS


def test_e3_nothing_tiles_and_half_guards() -> None:
    # MS-E3 (MS-R25, R26): D5 and D7 are Nothing doors.
    s = position(rich=0, thief="D2", cards={"D5": ["A1"], "D7": ["B1"]})
    s, events = play(s, "move:D5", "steal")
    assert (s.guards, s.nothing, s.jewels) == (0, 1, [0, 1])
    assert "half" in kinds(events) and s.phase == Phase.DRAW  # the round continues
    s, _ = play(s, "draw:A3", "place:D8", "move:D7", "steal")
    assert (s.guards, s.nothing) == (2, 2) and s.phase == Phase.DRAW


def test_e4_movement() -> None:
    # MS-E4 (§3.2)
    for at, expected in (("D1", ["D2", "D3", "D4"]), ("D4", ["D1", "D2", "D3", "D5", "D6", "D7"]),
                         ("D8", ["D6", "D7"])):
        s = position(thief=at)
        assert GAME.legal_actions(s) == [f"move:{d}" for d in expected]
        assert list(NEIGHBOUR_TABLE[at]) == expected


def test_e5_forced_steal() -> None:
    # MS-E5 (MS-R22): S -> D1 -> D4 -> D7 without stealing, then a closed neighbour of D7.
    s = position(thief="S")
    s, _ = play(s, "move:D1", "pass", "draw:A3", "place:D8", "move:D4", "pass",
                "draw:A3", "place:D8", "move:D7", "pass", "draw:A1", "place:D2")
    assert s.moves == 3 and s.thief == door("D7")
    assert GAME.legal_actions(s) == ["move:D4", "move:D5", "move:D6", "move:D8"]
    forced, events = play(s, "move:D6")
    assert "forced" in kinds(events) and forced.opened[door("D6")] and forced.moves == 0
    # With D4, D5, D6 and D8 already open he moves without stealing; the duty carries over.
    s = position(thief="D7", moves=3, opened=["D4", "D5", "D6", "D8"])
    assert GAME.legal_actions(s) == ["move:D4", "move:D5", "move:D6", "move:D8"]
    s, events = play(s, "move:D6", "draw:A1", "place:D1")
    assert s.moves == 4 and "forced" not in kinds(events)
    assert GAME.legal_actions(s) == ["move:D3", "move:D7"]  # the closed neighbours of D6
    s, events = play(s, "move:D3")  # forced steal at D3, which is the Treasure here
    assert "forced" in kinds(events)
    assert next(e for e in events if e.kind == "steal").data["door"] == "D3"


def test_e6_useless_card_and_blocked_placement() -> None:
    # MS-E6 (MS-R14, R15, R17): all Nothing doors open; only D6 and D8 closed. The position
    # is built directly: under MS-G01 two open traps and four open Nothings would already
    # have caught the Thief, which does not matter for the placement rules shown here.
    layout = "N1NN1TN2"
    s = position(layout=layout, rich=1, thief="D7", guards=0,
                 opened=[d for d in DOORS if d not in ("D6", "D8")], nothing=4,
                 cards={"D8": ["A2", "A3", "B2"], "D6": ["A1", "A1"]}, phase=Phase.DRAW,
                 jewels=(0, 0))
    s, events = play(s, "draw:B1")
    assert kinds(events) == ["draw", "aside"] and s.aside == ["B1"]
    s, events = play(s, "draw:A1")
    assert "blocked" in kinds(events)
    assert s.last_round == (1, 1, 2, E_BLOCKED) and s.jewels == [0, 2]
    # Had the A1 fitted somewhere, the Rich Man would now have placed it.
    s = position(layout=layout, rich=1, thief="D7", opened=[d for d in DOORS
                                                             if d not in ("D6", "D8")],
                 nothing=4, cards={"D8": ["A2", "A3", "B2"], "D6": ["A1"]}, phase=Phase.DRAW)
    s, _ = play(s, "draw:B1", "draw:A1")
    assert s.phase == Phase.PLACE and GAME.legal_actions(s) == ["place:D6"]
    try:
        GAME.apply(s, "place:D8")
    except IllegalActionError as exc:
        assert "3 cards" in say(exc.msg)
    else:  # pragma: no cover - the rule would be broken
        raise AssertionError("a full door accepted a card")


def test_e7_simultaneous_eight() -> None:
    # MS-E7 (MS-R25, R28, R35): Rich Man 6, Thief 7; 3 guards; one Nothing (D1) open.
    s = position(rich=0, thief="D2", guards=3, opened=["D1"], jewels=(6, 7),
                 cards={"D5": ["A2"]})
    assert s.nothing == 1
    s, events = play(s, "move:D5")
    assert s.phase == Phase.STEAL
    s, events = play(s, "steal")
    assert s.jewels == [8, 9]
    assert s.phase == Phase.OVER and s.winner == 0 and s.result == R_JEWELS
    assert GAME.returns(s) == [1.0, -1.0]
    assert kinds(events)[-2:] == ["round_end", "win"]
