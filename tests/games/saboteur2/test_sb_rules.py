"""Saboteur 2 rules, one test per rule id of the rules reference, and its worked examples
SB-E1..SB-E7."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, Session, savefile
from tabletop.games.saboteur2.data import (
    ACTION_COUNTS,
    BASE_PATHS,
    CARD_IDS,
    DECK_SIZE,
    EXPANSION_PATHS,
    GOAL_CELLS,
    PATH_CARDS,
    ROLE_COUNTS,
    ROLES,
    SHAPE_OF,
    SHAPES,
    START_CELL,
)
from tabletop.games.saboteur2.maze import key
from tabletop.games.saboteur2.scoring import settle, winning_teams
from tabletop.games.saboteur2.state import Phase
from tabletop.registry import load_plugins
from tests.games.saboteur2.sb_build import GAME, kinds, play, position, say, straight_to

DATA = Path(__file__).parent / "data"

GRN, BLU, BOS, PRO, GEO, SAB = ROLES


def legal_places(s: object) -> set[str]:
    return {a for a in GAME.legal_actions(s) if a.startswith("place:")}  # type: ignore[arg-type]


# -- components and set-up -------------------------------------------------------------------


def test_components() -> None:
    # SB-R03: all base and expansion path and action cards; SB-G05: 20 expansion actions;
    # SB-G07, SB-C4: 30 expansion path cards, 16 crystals with the proposed six.
    assert sum(c.count for c in BASE_PATHS) == 40
    assert sum(c.count for c in EXPANSION_PATHS) == 30
    base_actions = sum(v for k, v in ACTION_COUNTS.items()
                       if k.startswith(("A-BRK", "A-REP")) or k in ("A-ROCK", "A-MAP"))
    assert base_actions == 27 and sum(ACTION_COUNTS.values()) - base_actions == 20
    assert DECK_SIZE == 117 and len(CARD_IDS) == len(set(CARD_IDS))
    assert sum(c.crystals * c.count for c in EXPANSION_PATHS) == 16
    # SB-R11, §10.1: 15 roles.
    assert dict(zip(ROLES, ROLE_COUNTS, strict=True)) == {GRN: 4, BLU: 4, BOS: 1, PRO: 1,
                                                          GEO: 2, SAB: 3}


def test_grid_start_and_goals() -> None:
    # SB-R04: start at (0,0), goals at (8,-2), (8,0), (8,2).
    assert START_CELL == (0, 0) and GOAL_CELLS == ((8, -2), (8, 0), (8, 2))


@pytest.mark.parametrize("n", [2, 5, 12])
def test_round_setup(n: int) -> None:
    # SB-R01: 2 to 12 players. SB-R08: goals face down; SB-R09: ten set aside;
    # SB-R10: six cards each whatever the count; SB-R11: one role each, the rest in reserve.
    # SB-R37, SB-G13: two players use the same rules (13 roles stay in the reserve).
    session = Session(GAME, n, seed=4)
    s = session.state
    assert s.phase == Phase.PLAY and s.round == 1
    assert [len(h) for h in s.hands] == [6] * n
    assert s.deck_size == DECK_SIZE - 10 - 6 * n and s.stock_size == s.deck_size + 10
    assert all(s.roles) and s.reserve_size == 15 - n
    assert sorted(s.goals) == ["G-GOLD", "G-STONE-A", "G-STONE-B"] and not any(s.goal_up)
    obs = GAME.observation(s, 0)
    assert [g["card"] for g in obs["goals"]] == [None, None, None]
    assert obs["players"][0]["role"] == s.roles[0]
    assert all(obs["players"][p]["role"] is None for p in range(1, n))


def test_first_player_is_random_then_left_of_the_last() -> None:
    # SB-R12: round 1 starts with a random player (a chance node).
    s = GAME.new_game(4)
    while s.phase != "first":
        s, _ = play(s, GAME.sample_chance(s, __import__("random").Random(1)))
    assert GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [(f"first:{p}", 0.25) for p in range(4)]
    s, _ = play(s, "first:2")
    assert s.turn == 2 and GAME.current_player(s) == 2


# -- edges, turning, placement -------------------------------------------------------------


def test_edges_segments_stubs_and_turning() -> None:
    # SB-R05: edges wall/path/stub, segments through the middle; SB-R06: turned 180° only.
    curve = PATH_CARDS["B-P03"].art
    assert curve.edges() == {"N": "wall", "E": "path", "S": "path", "W": "wall"}
    turned = SHAPES[SHAPE_OF["B-P03", True]]
    assert turned.opened == (True, False, False, True)  # N and W
    dead = SHAPES[SHAPE_OF["B-D05", False]]
    assert dead.opened == (False, True, True, False) and dead.segments == ()
    # SB-R07: doors, ladders and crystals are marks of the card.
    assert PATH_CARDS["X-G04"].door == "green" and PATH_CARDS["X-L03"].ladder
    assert PATH_CARDS["X-C03"].crystals == 1


def test_placement_legality_example() -> None:
    # SB-E4 (SB-R15..R18): a broken lantern forbids any path card.
    s = position([GRN, SAB, BLU], [["B-P07", "B-P02", "B-P01", "B-D04", "A-MAP", "A-MAP"],
                                   [*list(""), "A-MAP"], ["A-MAP"]],
                 front=[["A-BRK-L"], [], []])
    assert not legal_places(s)
    assert say(GAME.reason(s, "place:B-P07@1,0")).startswith("A broken tool lies in front")
    s.front[0] = []
    assert "place:B-P02@1,0" in legal_places(s)           # W edge meets the start's E path
    assert "place:B-P01@1,0" not in legal_places(s)       # a wall against the start's path
    assert GAME.reason(s, "place:B-P01@1,0").code == "refuse.mismatch"
    s, _ = play(s, "place:B-P02@1,0", "draw:A-MAP")
    s.turn = 0
    assert "place:B-D04@2,0" in legal_places(s)           # its W stub meets the network
    s.hands[0].append("B-P02")
    s.hands[0].sort()
    s, _ = play(s, "place:B-D04@2,0", "draw:A-MAP")
    s.turn = 0
    # Nothing connects through a dead end (SB-R18: stubs do not pass the network on).
    assert not any(a.startswith("place:B-P02@3,0") for a in legal_places(s))
    assert GAME.reason(s, "place:B-P02@3,0").code == "refuse.not_connected"


def test_trapped_player_places_no_path() -> None:
    # SB-R15: Trapped! too forbids path cards.
    s = position([GRN, SAB], [["B-P02"], ["A-MAP"]], front=[["A-TRP"], []])
    assert not legal_places(s) and GAME.reason(s, "place:B-P02@1,0").code == "refuse.trapped"


def test_target_cell_rules() -> None:
    # SB-R16: empty, not a goal position, next to a card already in the maze.
    s = position([GRN, SAB], [["B-P07", "X-L01"], ["A-MAP"]], maze=straight_to(7)[:-1])
    assert GAME.reason(s, "place:B-P07@0,0").code == "refuse.occupied"
    assert GAME.reason(s, "place:B-P07@8,0").code == "refuse.goal_cell"
    assert GAME.reason(s, "place:B-P07@3,3").code == "refuse.not_adjacent"


#: A tunnel from the start to (6,-2) whose east edge faces (7,-2), next to the top goal.
TO_TOP = [("B-P07", x, 0, False) for x in range(1, 7)] + [("B-P01", 6, -1, False),
                                                          ("B-P03", 6, -2, False)]
#: A tunnel to (7,-1), whose east edge faces (8,-1) between the top and middle goals.
TO_GAP = [("B-P07", x, 0, False) for x in range(1, 7)] + [("B-P06", 6, -1, True),
                                                          ("B-P07", 7, -1, False)]


def test_matching_ignores_face_down_goals() -> None:
    # SB-R17: a face-down goal is ignored for matching: at (7,-2) a straight W-E fits beside
    # the goal at (8,-2) as well as anything else; the west neighbour must match.
    s = position([GRN, SAB], [["B-P01", "B-P02", "B-P04"], ["A-MAP"]], maze=TO_TOP)
    assert "place:B-P02@7,-2" in legal_places(s)
    assert "place:B-P04@7,-2" in legal_places(s)   # S-W: its E wall faces the goal
    assert "place:B-P01@7,-2" not in legal_places(s)  # N-S: a wall against (6,-2)'s path


def test_bridge_needs_one_connected_segment() -> None:
    # SB-R18: a bridge or double curve is legal when one of its two segments connects.
    s = position([GRN, SAB], [["X-BR", "X-DC"], ["A-MAP"]])
    assert "place:X-BR@1,0" in legal_places(s)
    assert "place:X-DC@1,0" in legal_places(s)       # W-N meets the start's E edge
    s, _ = play(s, "place:X-DC@1,0", "draw:A-MAP")
    # The other segment (E-S) is not in the network: nothing connects east of it.
    s.turn = 0
    s.hands[0] = ["B-P02"]
    assert "place:B-P02@2,0" not in legal_places(s)


def test_ladder_example() -> None:
    # SB-E5 (SB-R19): a ladder needs a maze card beside it and no goal beside it; it joins the
    # network at once, so cards can be built from it.
    s = position([GRN, SAB], [["X-L03", "B-P01", "B-P03"], ["A-MAP"]],
                 maze=[("B-D03", 5, 2, False), ("B-D03", 6, 2, False)])
    assert "place:X-L03@5,3" in legal_places(s)
    assert "place:X-L03@7,2" not in legal_places(s)
    assert GAME.reason(s, "place:X-L03@7,2").code == "refuse.ladder_goal"
    assert GAME.reason(s, "place:X-L03@2,3").code == "refuse.not_adjacent"
    s, _ = play(s, "place:X-L03@5,3", "draw:A-MAP")
    s.turn = 0
    # Its W edge carries the network on although nothing links it to the start card.
    assert "place:B-P03@4,3" in legal_places(s)       # S-E: E meets the ladder's W
    assert "place:B-P01@4,3" not in legal_places(s)   # N-S: a wall against it


def test_doors_never_restrict_building() -> None:
    # SB-R07: the network ignores doors; a path may go on past a door of either colour.
    s = position([GRN, SAB], [["B-P02"], ["A-MAP"]], maze=straight_to(2, door="X-G02", at=2))
    assert "place:B-P02@3,0" in legal_places(s)


# -- goals ------------------------------------------------------------------------------------


def test_stone_goal_revealed_and_round_goes_on() -> None:
    # SB-R20: a network segment facing a face-down goal turns it up; a stone: play goes on.
    # SB-G02: it lies so that its path meets the card just played. SB-R21: it can never be
    # removed.
    s = position([GRN, SAB], [["B-P02", "A-ROCK"], ["A-MAP"]], maze=TO_TOP)
    s, ev = play(s, "place:B-P02@7,-2")
    assert "reveal" in kinds(ev) and s.goal_up == [True, False, False]
    assert s.phase == Phase.DRAW
    stone = SHAPES[s.maze[key(8, -2)]]
    assert stone.card == "G-STONE-A" and stone.opened[3]  # its W edge meets the card played
    s, _ = play(s, "draw:A-MAP")
    s.turn = 0
    assert "play:A-ROCK@8,-2" not in GAME.legal_actions(s)
    assert GAME.reason(s, "play:A-ROCK@8,-2").code == "refuse.rock_fixed"
    assert GAME.reason(s, "play:A-ROCK@0,0").code == "refuse.rock_fixed"


def test_stub_does_not_reach_a_goal() -> None:
    # SB-R20: a stub pointing at a goal does not reveal it.
    s = position([GRN, SAB], [["B-D04", "B-P02"], ["A-MAP"]], maze=straight_to(6))
    s, ev = play(s, "place:B-D04@7,0")
    assert "reveal" not in kinds(ev) and not any(s.goal_up)


def test_stone_turned_when_only_turned_meets() -> None:
    # SB-G02: stone A (W-S) reached from above at (8,0) lies turned (N-E), so that its path
    # meets the curve that reached it.
    s = position([GRN, SAB], [["B-P04", "A-MAP"], ["A-MAP"]], maze=TO_GAP,
                 goals=("G-STONE-B", "G-STONE-A", "G-GOLD"))
    s, ev = play(s, "place:B-P04@8,-1")  # S-W: its S edge faces the middle goal
    assert [e.data["card"] for e in ev if e.kind == "reveal"] == ["G-STONE-A"]
    stone = SHAPES[s.maze[key(8, 0)]]
    assert stone.turned and stone.opened[0]


def test_several_goals_at_once() -> None:
    # SB-G12: a card at (8,-1) with N and S path edges reveals both goals; gold among them
    # ends the round (SB-R23 (a)).
    s = position([GRN, SAB], [["B-P05", "A-MAP"], ["A-MAP"]], maze=TO_GAP)
    s, ev = play(s, "place:B-P05@8,-1:180")  # N-S-W
    assert sorted(e.data["card"] for e in ev if e.kind == "reveal") == ["G-GOLD", "G-STONE-A"]
    assert s.result is not None and s.result["found"] and s.result["completer"] == 0


# -- action cards -----------------------------------------------------------------------------


def test_no_two_of_a_kind_in_front() -> None:
    # SB-R22.
    s = position([GRN, SAB, BLU], [["A-BRK-P", "A-THF"], ["A-MAP"], ["A-MAP"]],
                 front=[["A-THF"], ["A-BRK-P"], []])
    legal = GAME.legal_actions(s)
    assert "play:A-BRK-P@1" not in legal and "play:A-BRK-P@2" in legal
    assert "play:A-BRK-P@0" in legal  # self allowed
    assert "play:A-THF" not in legal
    assert say(GAME.reason(s, "play:A-BRK-P@1")) == (
        "Player 2 already has Broken pickaxe in front of them, and no player may have two of "
        "the same.")


def test_repair_with_a_two_tool_card_mends_one() -> None:
    # §6 repairs: one tool of the two shown, only where it is broken.
    s = position([GRN, SAB], [["A-REP-PL", "A-MAP"], ["A-MAP"]],
                 front=[["A-BRK-P", "A-BRK-L"], []])
    assert [a for a in GAME.legal_actions(s) if a.startswith("play:A-REP")] == [
        "play:A-REP-PL@0:L", "play:A-REP-PL@0:P"]
    s, _ = play(s, "play:A-REP-PL@0:P")
    assert s.front[0] == ["A-BRK-L"] and "A-BRK-P" in s.discards
    assert GAME.reason(position([GRN, SAB], [["A-REP-P"], ["A-MAP"]]),
                       "play:A-REP-P@1:P").code == "refuse.nothing_to_repair"


def test_rockfall_removes_a_path_card_even_a_ladder() -> None:
    # §6 Rockfall; SB-G10: a ladder may be removed; the network shrinks (SB-R18).
    s = position([SAB, GRN], [["A-ROCK", "A-MAP"], ["A-MAP"]],
                 maze=[*straight_to(3), ("X-L01", 3, 2, False), ("B-P01", 3, 1, False)])
    s, ev = play(s, "play:A-ROCK@3,2")
    assert key(3, 2) not in s.maze and "X-L01" in s.discards
    assert say(ev[0]) == "Player 1 plays Rockfall and removes Ladder (N) at column 3, row 2."
    s.turn = 0
    s.hands[0] = ["A-ROCK"]
    s, _ = play(s, "draw:A-MAP") if s.phase == Phase.DRAW else (s, [])
    s.turn = 0
    s.phase = Phase.PLAY
    s, _ = play(s, "play:A-ROCK@1,0")
    assert not any(k // 4 == key(2, 0) for k in s.net[1])  # cut off from the start


def test_map_is_private() -> None:
    # §6 Map; SB-R36: the result goes to the viewer only.
    s = position([GRN, SAB], [["A-MAP", "B-P01"], ["A-MAP"]])
    s, ev = play(s, "play:A-MAP@8,0")
    peek = next(e for e in ev if e.kind == "peek")
    assert peek.seats == frozenset({0}) and peek.data["goal"] == "G-GOLD"
    assert GAME.observation(s, 0)["goals"][1]["card"] == "G-GOLD"
    assert GAME.observation(s, 1)["goals"][1]["card"] is None
    assert GAME.observation(s, 1)["players"][0]["peeked"] == [1]


def test_theft_and_hands_off() -> None:
    # §6 Theft in front of yourself; Hands Off removes one.
    s = position([SAB, GRN], [["A-THF", "A-MAP"], ["A-HOF"]])
    s, _ = play(s, "play:A-THF", "draw:A-MAP")
    assert s.front[0] == ["A-THF"] and s.turn == 1
    assert "play:A-HOF@0" in GAME.legal_actions(s)
    s, _ = play(s, "play:A-HOF@0")
    assert s.front[0] == [] and s.discards.count("A-THF") == 1


def test_swap_your_hand_other_draws() -> None:
    # §6 Swap Your Hand: the other player draws this turn's card.
    s = position([SAB, GRN], [["A-SWH", "B-P01", "B-P02"], ["A-MAP", "A-ROCK"]])
    s, _ev = play(s, "play:A-SWH@1")
    assert s.hands == [["A-MAP", "A-ROCK"], ["B-P01", "B-P02"]]
    assert s.pending == [1]
    s, _ = play(s, "draw:B-P07")
    assert len(s.hands[1]) == 3 and len(s.hands[0]) == 2


def test_inspection_is_private_and_lapses_with_a_new_hat() -> None:
    # §6 Inspection and Swap Your Hats; SB-G06: the old role is set aside, a new one drawn.
    s = position([SAB, GRN, BLU], [["A-INS", "A-MAP"], ["A-HAT", "A-MAP"], ["A-MAP"]])
    s, _ = play(s, "play:A-INS@1", "draw:A-MAP")
    assert GAME.observation(s, 0)["players"][1]["role"] == GRN
    assert GAME.observation(s, 2)["players"][1]["role"] is None
    assert GAME.legal_actions(s).count("play:A-HAT@1") == 1
    s, _ = play(s, "play:A-HAT@1")
    assert s.phase == Phase.HAT and s.set_aside[1] == [GRN] and s.roles[1] == ""
    reserve = s.reserve_size
    s, _ev = play(s, "role:R-BOS")
    assert s.roles[1] == BOS and s.reserve_size == reserve - 1
    assert GAME.observation(s, 0)["players"][1]["role"] is None  # the inspection lapsed
    assert GAME.observation(s, 1)["players"][1]["set_aside"] == [GRN]
    assert s.phase == Phase.DRAW


def test_trapped_goes_on_another_and_free_at_last() -> None:
    # §6 Trapped! and Free at last!; SB-G09: not on oneself.
    s = position([SAB, GRN], [["A-TRP", "A-FRE"], ["A-FRE", "A-MAP"]])
    assert "play:A-TRP@0" not in GAME.legal_actions(s)
    assert GAME.reason(s, "play:A-TRP@0").code == "refuse.trap_self"
    s, _ = play(s, "play:A-TRP@1", "draw:A-MAP")
    assert s.trapped(1) and s.blocked(1)
    s, _ = play(s, "play:A-FRE@1")
    assert not s.trapped(1)


# -- the turn ---------------------------------------------------------------------------------


def test_discard_two_and_pass_example() -> None:
    # SB-E6 (SB-R13, SB-R14): discarding two to remove Trapped!, drawing one: 6 -> 5.
    hand = ["A-MAP", "A-MAP", "A-ROCK", "A-INS", "B-D09", "A-HOF"]
    s = position([GRN, SAB, BLU], [hand, hand, []], front=[["A-TRP"], [], []])
    s, _ = play(s, "fix:A-TRP")
    assert s.phase == Phase.FIX and GAME.legal_actions(s) == [
        "discard:A-HOF", "discard:A-INS", "discard:A-MAP", "discard:A-ROCK", "discard:B-D09"]
    s, _ = play(s, "discard:A-MAP", "discard:A-ROCK", "draw:B-P07")
    assert s.front[0] == [] and len(s.hands[0]) == 5
    # Another passes discarding three and draws three.
    assert s.turn == 1
    s, _ = play(s, "discard:A-MAP", "discard:A-INS")
    assert s.phase == Phase.PASS and "end" in GAME.legal_actions(s)
    s, _ = play(s, "discard:B-D09")
    assert s.pending == [1, 1, 1]
    s, _ = play(s, "draw:B-P07", "draw:B-P07", "draw:B-P07")
    assert len(s.hands[1]) == 6
    # Seat 2 has no cards: skipped.
    assert s.turn == 0


def test_pass_with_an_empty_deck_draws_nothing() -> None:
    # SB-E6, SB-R14: with an empty deck nothing is drawn; hands shrink until the round ends.
    s = position([GRN, SAB], [["A-MAP", "A-ROCK"], ["A-MAP"]], deck=0)
    assert s.deck_size == 0
    s, _ = play(s, "discard:A-MAP", "end")
    assert s.hands[0] == ["A-ROCK"] and s.turn == 1 and s.phase == Phase.PLAY
    s, _ = play(s, "discard:A-MAP")  # the last card: the pass ends by itself
    assert s.turn == 0
    s, ev = play(s, "discard:A-ROCK")
    # SB-R23 (b): deck and hands empty: the round ends, the gold not found; SB-R24: roles shown.
    assert "roles" in kinds(ev) and s.result is not None and s.result["reason"] == "not_found"
    assert GAME.observation(s, 1)["result"]["roles"] == [GRN, SAB]
    # The round just played stays on the table until the next round's goal cards are dealt
    # (the chance that follows): then the next round begins (SB-R33).
    assert s.gold == [0, 5] and s.round == 1 and GAME.current_player(s) == CHANCE
    assert GAME.observation(s, 1)["roles_shown"]
    s, ev = play(s, GAME.chance_outcomes(s)[0][0])
    assert s.round == 2 and "round" in kinds(ev) and not s.roles_shown


def test_pass_refusals() -> None:
    s = position([GRN, SAB], [["A-MAP", "A-ROCK"], ["A-MAP"]])
    assert GAME.reason(s, "end").code == "refuse.no_pass"
    s, _ = play(s, "discard:A-MAP")
    assert say(GAME.reason(s, "play:A-ROCK@1,0")) == (
        "You are passing (1 discarded): discard another card or end the pass.")
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "steal:1")


def test_deck_keeps_ten_aside() -> None:
    # SB-R09: ten cards are never drawn; the last drawable card leaves ten in the stock.
    s = position([GRN, SAB], [["A-MAP", "A-ROCK"], ["A-MAP"]], deck=1)
    assert s.stock_size == 11 and s.deck_size == 1
    s, _ = play(s, "discard:A-MAP", "discard:A-ROCK")
    assert s.pending == [0]  # two discarded, one card left to draw


# -- end of the round -------------------------------------------------------------------------


@pytest.mark.parametrize(("role", "green", "blue", "teams"), [
    (GRN, True, True, ["green"]), (GRN, True, False, ["green"]), (GRN, False, True, ["blue"]),
    (BLU, True, True, ["blue"]), (BLU, False, True, ["blue"]), (BLU, True, False, ["green"]),
    (BOS, True, True, ["green", "blue"]), (GEO, True, False, ["green"]),
    (PRO, False, True, ["blue"]), (SAB, True, True, ["green", "blue"]),
    (GRN, False, False, []), (SAB, False, False, []),
])
def test_winning_team_table(role: str, green: bool, blue: bool, teams: list[str]) -> None:
    # SB-R26 (every row), SB-G03 and SB-C1: a saboteur who connects counts as neutral;
    # SB-C2: no way without a door of the other colour -> gold not found.
    assert winning_teams(role, green, blue) == teams


def _gold_round(roles: list[str], completer: int, door: str | None,
                front: list[list[str]] | None = None) -> tuple[object, list[object]]:
    n = len(roles)
    hands = [["B-P07", "A-MAP"] if p == completer else ["A-MAP"] for p in range(n)]
    s = position(roles, hands, turn=completer, maze=straight_to(6, door=door), front=front)
    return play(s, "place:B-P07@7,0")


def test_door_example() -> None:
    # SB-E1 (SB-R25..R30, SB-R32): the Boss connects; the only way has a blue door: blue
    # wins. Blue digger 3, Boss 2, Profiteer 1; green diggers and saboteurs 0.
    roles = [BLU, GRN, GRN, BOS, PRO, SAB, SAB]
    front = [[], [], [], [], [], ["A-THF"], ["A-THF", "A-TRP"]]
    s, ev = _gold_round(roles, 3, "X-G02", front)
    assert s.result["teams"] == ["blue"]  # type: ignore[attr-defined]
    assert s.result["pay"] == [3, 0, 0, 2, 1, 0, 0]  # type: ignore[attr-defined]
    # Only the untrapped saboteur steals, and chooses among players with gold.
    assert s.phase == Phase.STEAL and s.turn == 5  # type: ignore[attr-defined]
    assert GAME.legal_actions(s) == ["steal:0", "steal:3", "steal:4"]
    s, ev = play(s, "steal:0")
    assert s.gold == [2, 0, 0, 2, 1, 1, 0]  # type: ignore[attr-defined]
    # The round played stays on the table until the next round's goal cards are dealt.
    assert s.round == 1 and GAME.current_player(s) == CHANCE  # type: ignore[attr-defined]
    s, ev = play(s, GAME.chance_outcomes(s)[0][0])
    assert s.round == 2 and kinds(ev)[0] == "round"  # type: ignore[attr-defined]
    # Had a green digger connected, blue would still win (row 2 of SB-R26).
    s2, _ = _gold_round(roles, 1, "X-G02")
    assert s2.result["teams"] == ["blue"]  # type: ignore[attr-defined]


def test_doors_of_both_colours_block_the_gold() -> None:
    # SB-C2: the gold reached but green meets a blue door and blue a green one.
    maze = straight_to(6, door="X-G02", at=3)
    maze[4] = ("X-G05", 5, 0, False)
    s = position([GRN, BLU, SAB], [["B-P07"], ["A-MAP"], ["A-MAP"]], maze=maze)
    s, _ = play(s, "place:B-P07@7,0")
    assert s.result is not None and s.result["reason"] == "blocked"
    assert s.result["winners"] == [2] and s.gold == [0, 0, 5]


def test_saboteurs_win_one_trapped() -> None:
    # SB-E2 (SB-R27..R30): 2 untrapped saboteurs + Profiteer -> 3 each, Profiteer 1.
    roles = [SAB, SAB, SAB, PRO, GRN, GRN, BLU, BLU]
    s = position(roles, front=[[], [], ["A-TRP"], [], [], [], [], []])
    result = settle(s)
    assert result["reason"] == "not_found" and result["winners"] == [0, 1, 3]
    assert result["pay"] == [3, 3, 0, 1, 0, 0, 0, 0]


def test_geologists() -> None:
    # SB-E3 (SB-R31, SB-G04): 5 crystals; both free -> 2 each; one trapped -> the other 5.
    crystals = [("X-C03", 1, 0, False), ("X-C04", 2, 0, False), ("X-C04", 3, 0, False),
                ("X-C04", 4, 0, False), ("X-C05", 5, 0, False)]
    s = position([GEO, GEO, SAB], maze=crystals)
    r = settle(s)
    assert r["crystals"] == 5 and r["pay"][:2] == [2, 2]
    s.front[1] = ["A-TRP"]
    assert settle(s)["pay"][:2] == [5, 0]
    # The option: divided among every geologist, the trapped one's share lost.
    s.geo_all = True
    assert settle(s)["pay"][:2] == [2, 0]
    # SB-G07, SB-C4: with the option off the proposed crystal cards carry none.
    s2 = position([GEO, SAB], maze=[("X-P05", 1, 0, False), ("X-C03", 2, 0, False)],
                  options={"extra_crystals": False})
    assert settle(s2)["crystals"] == 1


def test_pay_table_example() -> None:
    # SB-E7 (SB-R29, SB-R30): green wins with 4 green diggers + Boss -> 1 each, Boss 0.
    s, _ = _gold_round([GRN, GRN, GRN, GRN, BOS, SAB], 0, None)
    assert s.result["winners"] == [0, 1, 2, 3, 4]  # type: ignore[attr-defined]
    assert s.result["pay"] == [1, 1, 1, 1, 0, 0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("winners", "amount"), [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1), (9, 1)])
def test_pay_by_number_of_winners(winners: int, amount: int) -> None:
    # SB-R29.
    from tabletop.games.saboteur2.scoring import pay_amount

    assert pay_amount(winners) == amount


def test_trapped_winner_gets_nothing() -> None:
    # SB-R28: a trapped digger of the winning team is no winner; N counts the others.
    s, _ = _gold_round([GRN, GRN, SAB], 0, None, front=[[], ["A-TRP"], []])
    assert s.result["winners"] == [0] and s.result["pay"] == [5, 0, 0]  # type: ignore[attr-defined]


def test_trapped_winner_counted_option() -> None:
    # SB-R28, SB-R29 option trapped_winners=counted: the trapped digger still counts among the
    # N winners (N = 2: 4 gold each) but gets none; his share is lost.
    assert GAME.spec.resolve_options()["trapped_winners"] == "left-out"
    assert GAME.new_game(3, {"trapped_winners": "counted"}).trapped_count
    s = position([GRN, GRN, SAB], [["B-P07", "A-MAP"], ["A-MAP"], ["A-MAP"]],
                 maze=straight_to(6), front=[[], ["A-TRP"], []])
    s.trapped_count = True
    s, _ = play(s, "place:B-P07@7,0")
    assert s.result is not None and s.result["winners"] == [0]
    assert s.result["pay"] == [4, 0, 0] and s.gold == [4, 0, 0]
    # SB-R30 under the option: a trapped green digger beside the Boss and one free digger
    # makes N = 3 (3 gold, the Boss 3 - 1), where the default pays 4 and 3.
    roles = [GRN, GRN, BOS, SAB]
    front: list[list[str]] = [[], ["A-TRP"], [], []]
    for counted, pay in ((False, [4, 0, 3, 0]), (True, [3, 0, 2, 0])):
        s = position(roles, [["B-P07", "A-MAP"], ["A-MAP"], ["A-MAP"], ["A-MAP"]],
                     maze=straight_to(6), front=front)
        s.trapped_count = counted
        s, _ = play(s, "place:B-P07@7,0")
        assert s.result is not None and s.result["pay"] == pay


def test_game_saved_before_the_trapped_option_still_loads() -> None:
    # SB-R28, SB-G04: a game saved (with geologist_share=all) before the option existed
    # replays and checks against its digest, with trapped players left out.
    plugins, _ = load_plugins(include_entry_points=False)
    session, saved = savefile.load(DATA / "sb4-midgame-before-trapped-option.json", plugins)
    assert saved.options == {"extra_crystals": True, "geologist_share": "all"}
    assert session.state_hash() == saved.state_hash and not session.state.trapped_count


def test_trapped_winner_option_keeps_the_saved_form() -> None:
    # SB-R28: at the default the state's JSON form is the one saves hold (no new key), and an
    # old form loads as the default; the option's value round-trips.
    s = GAME.new_game(4)
    data = GAME.state_to_json(s)
    assert "trapped_count" not in data and not GAME.state_from_json(data).trapped_count
    counted = GAME.new_game(4, {"trapped_winners": "counted"})
    data = GAME.state_to_json(counted)
    assert data["trapped_count"] is True and GAME.state_from_json(data).trapped_count


def test_theft_order() -> None:
    # SB-R32: the latest Theft first, then clockwise.
    from tabletop.games.saboteur2.scoring import theft_order

    s = position([SAB, GRN, BLU, GEO], front=[["A-THF"], [], ["A-THF"], ["A-THF"]])
    s.theft_at = [5, -1, 3, 9]
    assert theft_order(s) == [3, 0, 2]


def test_next_round_and_game_end() -> None:
    # SB-R33: a fresh maze, cards and roles; gold kept; SB-R12, SB-G11: the player left of
    # the last to play starts; SB-R34: after round 3 the most gold wins, ties share;
    # SB-R02: three rounds.
    s = position([GRN, SAB, BLU], [["A-MAP"], ["A-MAP"], []], deck=0, gold=[4, 1, 4], rnd=3)
    s, _ = play(s, "discard:A-MAP", "discard:A-MAP")
    assert s.phase == Phase.OVER and GAME.current_player(s) == TERMINAL
    assert s.gold == [4, 6, 4] and s.winners == [1]
    assert GAME.returns(s) == [-1.0, 1.0, -1.0]
    s = position([GRN, BLU, SAB], [["A-MAP"], ["A-MAP"], []], deck=0, gold=[5, 0, 0], rnd=3)
    s, _ = play(s, "discard:A-MAP", "discard:A-MAP")
    assert s.winners == [0, 2] and GAME.returns(s) == [1.0, -1.0, 1.0]
    s = position([GRN, SAB, BLU], [["A-MAP"], ["A-MAP"], []], deck=0, gold=[4, 1, 4], rnd=1)
    s, _ = play(s, "discard:A-MAP", "discard:A-MAP")
    # The next round begins with its goal cards: until then the round played lies as it was.
    assert s.round == 1 and s.starter == 2 and s.gold == [4, 6, 4] and s.roles_shown
    s, _ = play(s, GAME.chance_outcomes(s)[0][0])
    assert s.round == 2
    assert s.maze == {key(0, 0): SHAPE_OF["START", False]} and s.stock_size == DECK_SIZE


def test_gold_and_public_cards_are_public() -> None:
    # SB-R35, SB-G08: gold totals shown; SB-R36, SB-C3: cards played are public, hands,
    # face-down discards and the ten set aside are not.
    s = position([GRN, SAB], [["A-MAP", "A-ROCK", "B-P01"], ["A-MAP"]], gold=[3, 2])
    s, _ = play(s, "discard:A-ROCK", "end", "draw:B-P02")
    obs = GAME.observation(s, 1)
    assert [p["gold"] for p in obs["players"]] == [3, 2]
    assert obs["players"][0]["hand"] == [None] * 3 and obs["players"][0]["buried"] == [None]
    assert GAME.observation(s, 0)["players"][0]["buried"] == ["A-ROCK"]
    assert "stock" in obs and obs["deck"] == obs["stock"] - 10
