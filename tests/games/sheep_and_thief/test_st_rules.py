"""Sheep & Thief rules: set-up, placement, icons, the thief, scoring and the end. Each test
cites the rule ids of the rules reference it checks."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import IllegalActionError, InvalidActionError, random_action
from tabletop.games.sheep_and_thief.data import (
    CARDS,
    HOUSE_CARD,
    STOCK,
    THIEF_START,
    Card,
    cell_of,
)
from tabletop.games.sheep_and_thief.sheet import card_at, towns_reached
from tabletop.games.sheep_and_thief.state import Phase
from tests.games.sheep_and_thief.st_build import (
    GAME,
    cell,
    kinds,
    play,
    position,
    put,
    reason,
    say,
    sheep_total,
)


def test_players_and_options() -> None:
    # ST-R01: 2-4 players. ST-C1, ST-C2, ST-C4, ST-G11, ST-G09, ST-G10: the options and their
    # defaults.
    spec = GAME.spec
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert spec.resolve_options() == {"towns": "three", "dogs": "any-flock", "rivers": "strict",
                                      "house": "safe", "thief": "exact",
                                      "theft": "every-step"}


def test_card_list() -> None:
    # ST-G13, §10: 56 cards; 26 road-only, 14 river-only, 2 both, 14 plain; 28 sheep on 22
    # cards, 10 dog cards, 11 thief cards, 8 huts, 5 without icon.
    cards = list(CARDS.values())
    assert len(cards) == 56
    assert sum(1 for c in cards if c.roads and not c.rivers) == 26
    assert sum(1 for c in cards if c.rivers and not c.roads) == 14
    assert sum(1 for c in cards if c.rivers and c.roads) == 2
    assert sum(1 for c in cards if c.plain) == 14
    assert (sum(1 for c in cards if c.sheep), sum(c.sheep for c in cards)) == (22, 28)
    assert (sum(1 for c in cards if c.dogs), sum(c.dogs for c in cards)) == (10, 13)
    assert (sum(1 for c in cards if c.thieves), sum(c.thieves for c in cards)) == (11, 14)
    assert sum(1 for c in cards if c.hut) == 8
    assert sum(1 for c in cards if not (c.sheep or c.dogs or c.thieves or c.hut)) == 5
    assert CARDS["M41"] == Card("M41", frozenset("EW"), frozenset("NS"), dogs=2)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_set_up(n: int) -> None:
    # ST-R07, ST-R08, ST-R09, ST-R10, ST-G01, ST-R04: houses I..n shuffled out (n! equally
    # likely outcomes), house I starts; each house in (0,0) with a sheep; the thief on (2,2).
    s = GAME.new_game(n)
    assert s.phase == Phase.HOUSES and len(s.deck) == 56
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == {2: 2, 3: 6, 4: 24}[n]
    houses = list(range(n, 0, -1))
    s, events = play(s, "houses:" + "-".join(map(str, houses)))
    assert s.start == n - 1 and kinds(events)[:2] == ["houses", "round"]
    assert all(s.sheets[p][0] == "H" and s.sheep[p][0] == 1 for p in range(n))
    assert s.stock == STOCK - n and s.fence == [0] * n
    assert s.thief == THIEF_START == cell_of(2, 2)
    assert s.phase == Phase.DEAL


def test_house_card() -> None:
    # ST-R37, ST-G03, ST-G11: road exits E and S, no river, shelters its sheep.
    assert HOUSE_CARD.roads == frozenset("ES") and not HOUSE_CARD.rivers and HOUSE_CARD.hut
    s = position([["M01"], ["M02"]], thief=(0, 1))
    s.phase, s.thieves_left, s.turn = Phase.THIEF, 1, 1
    s, ev = play(s, "thief:0,0")
    assert s.sheep[0][0] == 1 and s.sheep[1][0] == 1 and s.fence == [0, 0]
    assert kinds(ev).count("safe") == 2


def test_placement_cells() -> None:
    # ST-R15 (a)-(c), ST-R05: only empty cells that share an edge with a card (not a
    # corner), never the thief's cell.
    s = position([["M43"], ["M01"]], thief=(1, 0))
    put(s, 0, "0,1", "M44")
    legal = GAME.legal_actions(s)
    assert legal == ["place:M43@0,2", "place:M43@1,1"]
    assert "already" in reason(s, "place:M43@0,1")
    assert "touches no card" in reason(s, "place:M43@2,2")
    assert "thief" in reason(s, "place:M43@1,0")
    assert "not in your hand" in reason(s, "place:M44@0,2")
    # A refused move leaves the state as it was.
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "place:M43@2,2")
    with pytest.raises(InvalidActionError):
        GAME.apply(s, "place:M43@4,0")
    assert GAME.state_to_json(s) == before


def test_no_rotation() -> None:
    # ST-G05, ST-R16: a card keeps its printed orientation, and no action turns it: M30
    # (river N-S) connects only at (0,1) (N on the border), M27 (river E-W) only at (1,0).
    s = position([["M30", "M27"], ["M01"]], options={"rivers": "lenient"})
    legal = GAME.legal_actions(s)
    assert [a for a in legal if a.startswith("place:M30")] == ["place:M30@0,1"]
    assert [a for a in legal if a.startswith("place:M27")] == ["place:M27@1,0"]
    assert not GAME.is_well_formed("turn:M30")


def test_roads_need_not_connect() -> None:
    # ST-R15: a road card may lie anywhere a card may, its roads meeting nothing.
    s = position([["M05"], ["M01"]])
    assert GAME.legal_actions(s) == ["place:M05@0,1", "place:M05@1,0"]


def test_face_down_only_when_nothing_fits() -> None:
    # ST-R17, ST-G06: face down only when no card of the hand fits face up; a face-down card
    # is blank meadow (no road, river or icon) and ignores the river rule.
    s = position([["M33", "M01"], ["M02"]], options={"rivers": "lenient"})
    assert all(a.startswith("place:M01") for a in GAME.legal_actions(s))
    assert "face up" in reason(s, "down:M33@1,0")
    s = position([["M33", "M37"], ["M02"]], thief=(0, 1), options={"rivers": "lenient"})
    assert GAME.legal_actions(s) == ["down:M33@1,0", "down:M37@1,0"]
    stock = s.stock
    s, ev = play(s, "down:M33@1,0")
    assert s.stock == stock and s.phase == Phase.PLACE and s.turn == 1     # no sheep arrive
    assert card_at(s.sheets[0], s.down[0], cell("1,0")) == Card("", frozenset(), frozenset())
    # Others see that a card lies face down, not which.
    assert GAME.observation(s, 1)["players"][0]["cards"][cell("1,0")] == "?"
    assert GAME.observation(s, 0)["players"][0]["cards"][cell("1,0")] == "M33"
    assert [e.kind for e in ev if e.visible_to(1)] == ["down"]


def test_face_down_road_breaks_the_network() -> None:
    # ST-R17, ST-R29: a road card turned face down carries no road.
    cards = ["H", "M04", "M04", "M01"] + [""] * 12
    down = [False] * 16
    assert towns_reached(cards, down, False) == ["east"]
    down[2] = True
    assert towns_reached(cards, down, False) == []


def test_discard_when_no_cell_is_open() -> None:
    # ST-R18, ST-G07: no cell meets ST-R15 (a)-(c): discard a card instead; it counts as the
    # turn's card.
    s = position([["M43", "M44"], ["M01"]], thief=(0, 1))
    put(s, 0, "1,0", "M45")
    s.thief = cell("0,1")
    put(s, 0, "2,0", "M46")
    put(s, 0, "3,0", "M47")
    put(s, 0, "1,1", "M48")
    # Block every open cell: fill the rest of column 1 and column 2 is empty but touching.
    for where, card in (("2,1", "M49"), ("3,1", "M50"), ("1,2", "M51"), ("2,2", "M52"),
                        ("3,2", "M53"), ("0,2", "M54"), ("0,3", "M55"), ("1,3", "M56"),
                        ("2,3", "M02"), ("3,3", "M03")):
        put(s, 0, where, card)
    assert GAME.legal_actions(s) == ["discard:M43", "discard:M44"]
    s, ev = play(s, "discard:M43")
    assert s.discards == ["M43"] and s.placed[0] == 1 and s.turn == 1
    assert "discard" in kinds(ev)
    s2 = position([["M43"], ["M01"]])
    assert "still be placed" in reason(s2, "discard:M43")


def test_icon_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # ST-R19, ST-G08: sheep, then dogs, then thieves (no card of §10 shows two kinds, so a
    # made-up card shows all three).
    monkeypatch.setitem(CARDS, "M57", Card("M57", frozenset(), frozenset(), sheep=1, dogs=1,
                                            thieves=1))
    s = position([["M01"], ["M02"]])
    s.hands[0] = ["M57"]
    s, ev = play(s, "place:M57@0,1")
    assert kinds(ev) == ["place", "sheep"] and s.phase == Phase.DOG
    s, ev = play(s, "dog:0,1>0,0")
    assert s.phase == Phase.THIEF and s.sheep[0][0] == 2
    s, ev = play(s, "thief:2,1")
    assert s.phase == Phase.PLACE and s.turn == 1


def test_sheep_from_the_stock() -> None:
    # ST-R20, ST-G15, ST-C5: take the sheep shown; when the stock runs short, what is left.
    s = position([["M45", "M46"], ["M01"]])
    s, ev = play(s, "place:M45@0,1")
    assert s.sheep[0][cell("0,1")] == 2 and s.stock == STOCK - 4
    s = position([["M45"], ["M01"]])
    s.stock = 1
    s, ev = play(s, "place:M45@0,1")
    assert s.sheep[0][cell("0,1")] == 1 and s.stock == 0
    assert ev[-1].data["short"] == 1
    s = position([["M45"], ["M01"]])
    s.stock = 0
    s, ev = play(s, "place:M45@0,1")
    assert s.sheep[0][cell("0,1")] == 0


def test_dogs_any_flock() -> None:
    # ST-R21, ST-C2 (default): one move per dog, any flock of the own sheet each time; every
    # move optional; the same flock may move again.
    s = position([["M16"], ["M01"]])
    put(s, 0, "1,0", "M43", sheep=2)
    put(s, 0, "1,1", "M44")
    put(s, 1, "1,0", "M47", sheep=3)          # another sheet's flock: never moved
    s, _ = play(s, "place:M16@0,1")
    legal = GAME.legal_actions(s)
    assert legal == ["dog:0,0>0,1", "dog:0,0>1,0", "dog:1,0>0,0", "dog:1,0>1,1", "dog:stop"]
    s, _ = play(s, "dog:1,0>1,1", "dog:0,0>1,0")
    assert s.sheep[0][cell("1,1")] == 2 and s.sheep[0][0] == 0 and s.sheep[0][cell("1,0")] == 1
    assert s.phase == Phase.PLACE and s.sheep[1][cell("1,0")] == 3


def test_dogs_one_flock_option() -> None:
    # ST-C2 option one-flock: the dogs move one flock, one step per dog.
    s = position([["M16"], ["M01"]], options={"dogs": "one-flock"})
    put(s, 0, "1,0", "M43", sheep=2)
    put(s, 0, "1,1", "M44")
    s, _ = play(s, "place:M16@0,1", "dog:1,0>1,1")
    assert GAME.legal_actions(s) == ["dog:1,1>0,1", "dog:1,1>1,0", "dog:stop"]
    assert "column 2, row 2" in reason(s, "dog:0,0>1,0")  # cell 1,1
    s, _ = play(s, "dog:1,1>0,1")
    assert s.sheep[0][cell("0,1")] == 2 and s.phase == Phase.PLACE


def test_dog_needs_a_move() -> None:
    # ST-R21: with no flock able to move, the dogs are skipped without a question.
    s = position([["M02"], ["M01"]], thief=(1, 0))
    s.sheep[0][0] = 0
    s.stock += 1
    s, _ev = play(s, "place:M02@0,1")
    assert s.phase == Phase.PLACE and s.turn == 1


def test_thief_steps_are_mandatory() -> None:
    # ST-R22, ST-G09, ST-C3: exactly as many steps as thieves, one cell N/E/S/W inside the grid, any
    # cell (empty, house, visited) may be entered; there is no way to stop.
    s = position([["M17"], ["M01"]], thief=(0, 1))
    s, _ = play(s, "place:M17@1,0")
    assert s.phase == Phase.THIEF and s.thieves_left == 2
    assert GAME.legal_actions(s) == ["thief:0,0", "thief:0,2", "thief:1,1"]
    assert "one step" in reason(s, "thief:2,2")
    assert not GAME.is_well_formed("thief:stop")
    s, _ = play(s, "thief:0,2", "thief:0,1")   # back onto a visited cell
    assert s.thief == cell("0,1") and s.phase == Phase.PLACE


def test_shared_thief_steals_on_every_sheet() -> None:
    # ST-R06, ST-R23, ST-G10, ST-R25: one thief cell for all sheets; every step steals from
    # every other sheet into the mover's fence; fenced sheep are safe.
    s = position([["M03"], ["M01"], ["M02"], ["M04"]], thief=(1, 1))
    for p, k in ((1, 2), (2, 1), (3, 4)):
        put(s, p, "1,0", f"M4{p + 3}", sheep=k)
    s.fence[1] = 5
    total = sheep_total(s)
    s, ev = play(s, "place:M03@0,1", "thief:1,0")
    assert s.fence == [7, 5, 0, 0] and sum(s.sheep[1]) == 1
    assert kinds(ev).count("steal") == 3 and sheep_total(s) == total


def test_hut_protects() -> None:
    # ST-R24: sheep on a hut card are never taken.
    s = position([["M03"], ["M01"]], thief=(1, 1))
    put(s, 1, "1,0", "M28", sheep=3)           # river E-W with a hut
    s, _ev = play(s, "place:M03@0,1", "thief:1,0")
    assert s.sheep[1][cell("1,0")] == 3 and s.fence == [0, 0]


def test_round_structure_and_end() -> None:
    # ST-R11, ST-R14, ST-R26, ST-R27, ST-G14, ST-R02: clockwise from the start player, four
    # cards each; the start-player card moves left each round; after round 3 every sheet
    # holds the house and 12 cards.
    rng = random.Random(5)
    s = GAME.new_game(3)
    starts: list[int] = []
    order: list[int] = []
    discarded = [0, 0, 0]
    while s.phase != Phase.OVER:
        if s.phase == Phase.PLACE:
            order.append(s.turn)
        s, events = play(s, random_action(GAME, s, rng))
        for e in events:
            if e.kind == "round":
                starts.append(e.data["start"])
            if e.kind == "discard":
                discarded[e.data["seat"]] += 1
    assert starts == [starts[0], (starts[0] + 1) % 3, (starts[0] + 2) % 3]
    for r in range(3):
        turns = order[12 * r:12 * (r + 1)]
        assert turns == [(starts[r] + k) % 3 for k in range(12)]
    for p in range(3):
        assert s.sheets[p][0] == "H"
        on_sheet = sum(1 for c in s.sheets[p] if c and c != "H")
        assert on_sheet + discarded[p] == 12
        assert len(s.hands[p]) == 1                # the last hand card is unused
    assert len(s.round_scores) == 3


def test_two_player_placement_then_discard() -> None:
    # ST-R34: two players place four cards each, then each discards one of the last two.
    s = position([["M01", "M43", "M44", "M45", "M46", "M47"],
                  ["M02", "M48", "M53", "M54", "M55", "M56"]])
    rng = random.Random(1)
    while s.phase not in ("discard",):
        legal = GAME.legal_actions(s)
        s, _ = play(s, legal[rng.randrange(len(legal))])
    assert s.placed == [4, 4] and [len(h) for h in s.hands] == [2, 2] and s.turn == 0
    assert "Discard one" in say(GAME.prompt(s, 0))
    s, _ = play(s, f"discard:{s.hands[0][0]}", f"discard:{s.hands[1][1]}")
    assert s.phase == Phase.DEAL and s.round == 2 and len(s.discards) == 2
    assert [len(p) for p in s.packs] == [1, 1]


def test_scoring_towns_and_options() -> None:
    # ST-R29, ST-G02, ST-C1: the towns lie beyond the E edge of (0,3), the S edge of (3,0)
    # and the E or S edge of (3,3); each scores once; option towns=two drops the South town.
    cards = ["H", "", "", ""] + ["M05", "", "", ""] * 2 + ["M05", "", "", ""]
    down = [False] * 16
    assert towns_reached(cards, down, False) == ["south"]
    assert towns_reached(cards, down, True) == []
    s = position([[], []], options={"towns": "two"})
    for where, card in (("1,0", "M05"), ("2,0", "M06"), ("3,0", "M07")):
        put(s, 0, where, card)
    assert s.breakdown(0)[2] == 0
    s = position([[], []])
    for where, card in (("1,0", "M05"), ("2,0", "M06"), ("3,0", "M07")):
        put(s, 0, where, card)
    assert s.breakdown(0)[1:3] == (["south"], 5)


def test_rivers_score_only_in_groups() -> None:
    # ST-R30: 2 per river card in a connected group of 2 or more; M41/M42 carry a river and a
    # road that cross without joining.
    cards = ["H", "M37", "M35", ""] + ["", "", "M41", ""] + [""] * 8
    down = [False] * 16
    s = position([[], []])
    s.sheets[0], s.down[0] = cards, down
    # M37 (N-E) at (0,1) meets M35 (S-W) at (0,2) on their E/W edges; M41 (N-S) under M35.
    assert s.breakdown(0)[3] == 6
    s.down[0][6] = True
    assert s.breakdown(0)[3] == 4


def test_winner_and_tie_break() -> None:
    # ST-R31, ST-G12, ST-R35: highest total; tie -> most sheep; still tied -> shared win (the
    # two-player game scores the same way).
    s = position([["M43"], ["M44"]])
    s.placed = [3, 4]
    s.round = 3
    s.phase = "discard"
    s.hands = [["M43", "M56"], ["M44", "M55"]]
    s.deck = [c for c in s.deck if c not in ("M56", "M55")]
    s.fence = [3, 0]
    s.sheets[1][cell("0,1")] = "M04"           # a road towards the east town: no points yet
    s, _ev = play(s, "discard:M56", "discard:M55")
    assert s.phase == Phase.OVER and s.winners == [0] and GAME.returns(s) == [1.0, -1.0]
    t = position([[], []])
    t.fence = [2, 2]
    GAME._end_game(t, [])
    assert t.winners == [0, 1]
    u = position([[], []])
    u.fence = [0, 5]
    put(u, 0, "1,0", "M05")
    put(u, 0, "2,0", "M06")
    put(u, 0, "3,0", "M07")                    # the South town: 1 + 5 points
    u.sheep[1][0] = 0
    u.stock += 1
    u.fence[1] = 6                             # 6 sheep
    GAME._end_game(u, [])
    assert [u.total(0), u.total(1)] == [6, 6] and u.winners == [1]
