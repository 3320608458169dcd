"""The worked examples of the Sheep & Thief rules reference (ST-E1..ST-E7), each as a test."""

from __future__ import annotations

from tabletop.games.sheep_and_thief.data import CARDS
from tabletop.games.sheep_and_thief.sheet import river_groups, river_points, towns_reached
from tabletop.games.sheep_and_thief.state import Phase
from tests.games.sheep_and_thief.st_build import (
    GAME,
    cell,
    kinds,
    play,
    position,
    put,
    reason,
    sheep_total,
)


def test_e1_thief_steals_on_every_step() -> None:
    # ST-E1, ST-R22, ST-R23, ST-R24: A (seat 0) places M25 and steps (2,2) -> (2,1) -> (1,1).
    s = position([["M25"], ["M01"], ["M02"]])
    put(s, 1, "1,0", "M43")
    put(s, 1, "2,0", "M44")
    put(s, 1, "2,1", "M45", sheep=3)      # B: plain card
    put(s, 2, "1,0", "M46")
    put(s, 2, "2,0", "M47")
    put(s, 2, "2,1", "M49", sheep=2)      # C: hut card
    put(s, 0, "1,0", "M53")
    put(s, 0, "1,1", "M54", sheep=1)      # A: plain card
    total = sheep_total(s)
    stock = s.stock
    s, _events = play(s, "place:M25@0,1")
    assert s.phase == Phase.THIEF and s.thieves_left == 2
    s, ev1 = play(s, "thief:2,1")
    assert s.fence == [3, 0, 0] and s.sheep[1][cell("2,1")] == 0
    assert s.sheep[2][cell("2,1")] == 2 and "safe" in kinds(ev1)
    s, ev2 = play(s, "thief:1,1")
    assert s.sheep[0][cell("1,1")] == 0 and s.stock == stock + 1 and "lost" in kinds(ev2)
    assert s.fence == [3, 0, 0] and s.thief == cell("1,1")
    assert sheep_total(s) == total
    assert s.phase == Phase.PLACE and s.turn == 1


def test_e2_placement_legality() -> None:
    # ST-E2, ST-R15, ST-R16, ST-G04, ST-R17: the thief on (0,1); river cards beside the house.
    for rivers in ("lenient", "strict"):
        s = position([["M27", "M33"], ["M01"]], thief=(0, 1), options={"rivers": rivers})
        legal = GAME.legal_actions(s)
        assert legal == ["place:M27@1,0"]
        assert "thief" in reason(s, "place:M27@0,1")
        assert "river" in reason(s, "place:M33@1,0")
    # With only M33 in hand nothing fits face up: it goes face down, e.g. at (1,0).
    s = position([["M33"], ["M01"]], thief=(0, 1), options={"rivers": "lenient"})
    assert GAME.legal_actions(s) == ["down:M33@1,0"]
    s, _events = play(s, "down:M33@1,0")
    assert s.down[0][cell("1,0")] and s.sheets[0][cell("1,0")] == "M33"


def test_e3_scoring() -> None:
    # ST-E3, ST-R03, ST-R28..ST-R30: towns east and big (15), rivers 3 x 2 = 6, sheep 7 + 4 = 11.
    s = position([[], []])
    # Road: house E -> (0,1) -> (0,2) -> (0,3) and out of its E edge (the East town); from
    # (0,2) down the middle column to (3,2), east to (3,3) and out of its S edge (the Big
    # town); nothing reaches the S edge of (3,0).
    put(s, 0, "0,1", "M04")               # EW
    put(s, 0, "0,2", "M22")               # ESW
    put(s, 0, "0,3", "M01")               # EW: reaches the E edge of (0,3)
    put(s, 0, "1,2", "M05")               # NS
    put(s, 0, "2,2", "M07")               # NS
    put(s, 0, "3,2", "M15")               # NE
    put(s, 0, "3,3", "M12")               # SW: reaches the S edge of (3,3)
    # Rivers: a group of three (1,0)-(2,0)-(3,0) and a single card at (1,3).
    put(s, 0, "1,0", "M30")               # NS river
    put(s, 0, "2,0", "M32")               # NS river
    put(s, 0, "3,0", "M40")               # NW river
    put(s, 0, "1,3", "M28")               # EW river, alone
    put(s, 0, "1,1", "M43", sheep=6)
    s.fence[0] = 4
    b = s.breakdown(0)
    assert b[1] == ["east", "big"] and b[2] == 15
    assert sorted(len(g) for g in river_groups(s.sheets[0], s.down[0])) == [1, 3]
    assert b[3] == 6
    assert b[0] == 7 + 4                   # 6 + the house's sheep, and the fence
    assert s.total(0) == 32


def test_e4_dogs() -> None:
    # ST-E4, ST-R21, ST-R24: M16 brings two dogs; the flock may go to the hut, never to the
    # thief's cell or an empty cell.
    s = position([["M16"], ["M01"]], thief=(2, 1))
    put(s, 0, "1,0", "M43")
    put(s, 0, "1,1", "M44", sheep=2)
    put(s, 0, "1,2", "M49")               # hut
    put(s, 0, "2,1", "M47")               # under the thief
    s.sheep[0][0] = 0                     # the house's sheep elsewhere
    s.stock += 1
    s, _ = play(s, "place:M16@0,1")
    assert s.phase == Phase.DOG and s.dogs_left == 2
    legal = GAME.legal_actions(s)
    assert "dog:1,1>1,2" in legal and "dog:1,1>2,1" not in legal
    assert "thief" in reason(s, "dog:1,1>2,1")
    assert "empty" in reason(s, "dog:1,1>1,1") or "next" in reason(s, "dog:1,1>1,1")
    s, _ = play(s, "dog:1,1>1,2")
    assert s.sheep[0][cell("1,2")] == 2 and s.dogs_left == 1 and s.phase == Phase.DOG
    assert "dog:1,2>1,3" not in GAME.legal_actions(s)   # (1,3) is empty
    s, _ = play(s, "dog:stop")
    assert s.phase == Phase.PLACE and s.turn == 1
    # The flock is now on the hut: a thief there takes nothing.
    s.thief = cell("1,3")
    s.phase, s.turn, s.thieves_left = Phase.THIEF, 0, 1
    s, ev = play(s, "thief:1,2")
    assert s.sheep[0][cell("1,2")] == 2 and "safe" in kinds(ev)


def test_e5_two_player_draft() -> None:
    # ST-E5, ST-R32..ST-R34: round 2, A kept X and is dealt 5; keep 2, offer P1/P2, take
    # one of the other's pairs; hand = 2 kept + the pair taken + the pair returned.
    s = position([["M01"], ["M02"]], rnd=1)
    s.placed = [4, 4]
    s.phase = Phase.DISCARD
    s.hands = [["M01", "M56"], ["M02", "M55"]]
    s.deck.remove("M56")
    s.deck.remove("M55")
    s, _ = play(s, "discard:M56", "discard:M55")
    assert s.phase == Phase.DEAL and s.round == 2 and s.start == 1
    assert s.packs == [["M01"], ["M02"]]          # the card kept back starts the pack
    a_cards = ["M10", "M11", "M12", "M13", "M14"]
    b_cards = ["M20", "M21", "M22", "M23", "M24"]
    deals = []
    for k in range(10):
        deals.append(f"deal:{(b_cards if k < 5 else a_cards)[k % 5]}")  # B starts now
    s, _ = play(s, *deals)
    assert s.phase == Phase.KEEP and sorted(s.packs[0]) == sorted(["M01", *a_cards])
    # B (start player) chooses first, in secret.
    s, _ = play(s, "keep:M20", "keep:M21", "offer:M02+M22")
    assert s.offers[1] == ["M02", "M22", "M23", "M24"]
    assert GAME.observation(s, 0)["players"][1]["offer"] == [None] * 4
    s, _ = play(s, "keep:M01", "keep:M10", "offer:M11+M12")
    assert s.phase == Phase.TAKE
    assert GAME.observation(s, 0)["players"][1]["offer"] == ["M02", "M22", "M23", "M24"]
    # B takes P1 = M11+M12 from A, A takes Q2 = M23+M24 from B.
    s, _ = play(s, "take:M11+M12")
    s, _ev = play(s, "take:M23+M24")
    assert s.phase == Phase.PLACE
    assert s.hands[0] == sorted(["M01", "M10", "M23", "M24", "M13", "M14"])
    assert s.hands[1] == sorted(["M20", "M21", "M11", "M12", "M02", "M22"])
    obs = GAME.observation(s, 0)
    assert obs["players"][1]["known"] == sorted(["M11", "M12", "M02", "M22"])
    assert obs["players"][1]["hand"] == [None] * 6


def test_e6_round_two_pack_holds_the_kept_card() -> None:
    # ST-E6, ST-R12, ST-R13: A kept M49; in round 2 it is in A's 5-card pack and passes left
    # unless A keeps it.
    s = position([["M49"], ["M50"], ["M51"], ["M52"]])
    s.placed = [4, 4, 4, 3]
    s.turn = 3
    s.hands[3] = ["M52", "M56"]
    s.deck.remove("M56")
    s, _ = play(s, "place:M56@0,1")
    assert s.phase == Phase.DEAL and s.round == 2 and s.packs[0] == ["M49"]
    deals = [f"deal:{c}" for c in s.deck[:16]]
    s, _ = play(s, *deals)
    assert s.phase == Phase.DRAFT and all(len(p) == 5 for p in s.packs) and "M49" in s.packs[0]
    # Everyone keeps a card; A keeps something else, so M49 moves on to the left.
    order = GAME.secret_round(s)
    for seat in order:
        pack = s.packs[s.pack_of(seat)]
        pick = next(c for c in pack if c != "M49")
        s, _ = play(s, f"pick:{pick}")
    assert "M49" in s.packs[0] and s.pack_of(1) == 0
    assert "M49" in GAME.observation(s, 1)["players"][1]["pack"]


def test_e7_strict_rivers() -> None:
    # ST-E7, ST-C4: a river W-E at (0,1) runs into the house, which has no river: only the
    # lenient rule allows that, and only when its other end connects (ST-R16).
    strict = position([["M27", "M37"], ["M01"]], thief=(3, 3))
    lenient = position([["M27", "M37"], ["M01"]], thief=(3, 3), options={"rivers": "lenient"})
    assert "place:M27@0,1" not in GAME.legal_actions(strict)
    assert "bank" in reason(strict, "place:M27@0,1")
    # Lenient: W faces the house (no river) and E an empty cell, so no end connects either.
    assert "place:M27@0,1" not in GAME.legal_actions(lenient)
    lenient2 = position([["M29"], ["M01"]], thief=(3, 3), options={"rivers": "lenient"})
    put(lenient2, 0, "0,2", "M28")  # a river E-W at (0,2) gives M29's E edge a river
    assert "place:M29@0,1" in GAME.legal_actions(lenient2)
    strict2 = position([["M29"], ["M01"]], thief=(3, 3))
    put(strict2, 0, "0,2", "M28")
    assert "place:M29@0,1" not in GAME.legal_actions(strict2)   # W meets the house
    # A river N-E at (0,1) is legal: N meets the border, E an empty cell.
    assert "place:M37@0,1" in GAME.legal_actions(strict)
    # A river W-S at (1,1) under a river card whose S edge is river: only with N river too.
    s = position([["M35", "M30"], ["M01"]], thief=(3, 3))
    put(s, 0, "0,1", "M31")   # river N-S at (0,1): its S edge is a river
    assert CARDS["M35"].rivers == frozenset("SW")
    assert "place:M35@1,1" not in GAME.legal_actions(s)
    assert "place:M30@1,1" in GAME.legal_actions(s)
    assert towns_reached(s.sheets[0], s.down[0], False) == []
    assert river_points(s.sheets[0], s.down[0]) == 0
