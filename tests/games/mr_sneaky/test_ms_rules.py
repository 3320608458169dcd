"""Mr. Sneaky rules: one test per rule id MS-R01..MS-R37 of
tabletop/games/mr_sneaky/rules/reference.md."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
)
from tabletop.games.mr_sneaky.data import (
    DOOR_POS,
    DOORS,
    NEIGHBOUR_TABLE,
    START_POS,
    adjacent,
    card_counts,
    door_tiles,
    layouts,
)
from tabletop.games.mr_sneaky.state import (
    AT_START,
    E_BLOCKED,
    E_GUARDS,
    E_NOCARDS,
    E_TREASURE,
    R_AGENTS,
    R_JEWELS,
    Phase,
)
from tabletop.testing.build import new_session
from tests.games.mr_sneaky.ms_build import GAME, LAYOUT, door, kinds, play, position, reason, say

# ---------------------------------------------------------------------------------------------
# §1 Overview
# ---------------------------------------------------------------------------------------------


def test_exactly_two_players() -> None:
    # MS-R01
    assert (GAME.spec.min_players, GAME.spec.max_players) == (2, 2)
    with pytest.raises(InvalidOptionError):
        GAME.new_game(3)


def test_roles_swap_every_round() -> None:
    # MS-R02: the Thief steals the Treasure; the next round has the other Rich Man.
    s = position(rich=0, thief="D1", cards={})
    s, _ = play(s, "move:D3", "steal")
    assert s.round == 2 and s.rich == 1 and s.phase == Phase.DEAL


def test_one_treasure_three_traps_four_nothing_and_round_outcomes() -> None:
    # MS-R03: eight doors; the Treasure wins the round for the Thief, 4 guards lose it.
    assert sorted(door_tiles("1-1-2")) == ["1", "1", "2", "N", "N", "N", "N", "T"]
    s = position(rich=0, thief="D1")
    won, _ = play(s, "move:D3", "steal")
    assert won.last_round == (1, 1, 4, E_TREASURE)
    caught = position(rich=0, thief="D1", guards=2)
    caught, _ = play(caught, "move:D4", "steal")  # Trap 2: 2 + 2 = 4 guards
    assert caught.last_round == (1, 0, 2, E_GUARDS)


def test_eight_jewels_win_and_four_agents_lose() -> None:
    # MS-R04
    s = position(rich=0, thief="D1", jewels=(0, 4))
    s, _ = play(s, "move:D3", "steal")  # Thief +4 -> 8
    assert s.phase == Phase.OVER and s.winner == 1 and s.result == R_JEWELS
    assert GAME.returns(s) == [-1.0, 1.0]
    s = position(rich=0, thief="D1", agents=([], ["C3"]), cards={"D2": ["C4"]})
    s, _ = play(s, "move:D2", "steal")  # Trap: the Thief keeps C4 -> 1 + 2 = 3 agents
    assert s.phase != Phase.OVER and s.agents[1] == ["C3", "C4"]
    s = position(rich=0, thief="D1", agents=([], ["C3", "C4"]), cards={"D2": ["C3"]})
    s, _ = play(s, "move:D2", "steal")  # 4 agents
    assert s.phase == Phase.OVER and s.winner == 0 and s.result == R_AGENTS


# ---------------------------------------------------------------------------------------------
# §3 Board geometry
# ---------------------------------------------------------------------------------------------


def test_pyramid_rows_are_staggered() -> None:
    # MS-R05: rows of 1 (start), 2, 3, 2, 1, each offset by half a card from its neighbours.
    rows: dict[int, list[int]] = {}
    for r, x in (START_POS, *DOOR_POS):
        rows.setdefault(r, []).append(x)
    assert [len(rows[r]) for r in range(5)] == [1, 2, 3, 2, 1]
    for r in range(4):
        assert all(abs(a - b) % 2 == 1 for a in rows[r] for b in rows[r + 1])


def test_adjacency_formula_gives_the_neighbour_table() -> None:
    # MS-R06
    for i, pos in enumerate(DOOR_POS):
        derived = {DOORS[j] for j, other in enumerate(DOOR_POS) if adjacent(pos, other)}
        assert derived == set(NEIGHBOUR_TABLE[DOORS[i]])
    assert {DOORS[j] for j, p in enumerate(DOOR_POS) if adjacent(START_POS, p)} == {"D1", "D2"}


def test_the_thief_never_returns_to_the_start_card() -> None:
    # MS-R07: S is next to D1 and D2 but never a destination.
    s = position(thief="D1")
    assert GAME.legal_actions(s) == ["move:D2", "move:D3", "move:D4"]
    with pytest.raises(InvalidActionError):
        GAME.apply(s, "move:S")
    for d in DOORS:
        assert "S" not in NEIGHBOUR_TABLE[d]


# ---------------------------------------------------------------------------------------------
# §4 Round setup
# ---------------------------------------------------------------------------------------------


def test_first_rich_man_is_random_or_chosen() -> None:
    # MS-R08
    s = GAME.new_game()
    assert GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [("first:0", 0.5), ("first:1", 0.5)]
    for choice, seat in (("1", 0), ("2", 1)):
        s = GAME.new_game(options={"first": choice})
        assert s.rich == seat and s.first == seat and s.phase == Phase.DEAL
    s, _ = play(GAME.new_game(), "first:1")
    assert s.rich == 1 and s.round == 1


def test_start_card_at_zero_and_thief_on_it() -> None:
    # MS-R09
    s, _ = play(GAME.new_game(), "first:0")
    assert s.thief == AT_START and s.moves == 0
    s, _ = play(s, f"deal:{LAYOUT}")
    assert s.thief == AT_START and s.moves == 0 and s.phase == Phase.DRAW


def test_doors_dealt_uniformly_and_only_the_rich_man_sees_them() -> None:
    # MS-R10
    s, _ = play(GAME.new_game(), "first:0")
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == len(layouts("1-1-2")) == 840
    assert {p for _, p in outcomes} == {1 / 840}
    s, events = play(s, f"deal:{LAYOUT}")
    assert s.doors == list(LAYOUT)
    rich = GAME.observation(s, 0)
    thief = GAME.observation(s, 1)
    assert [d["face"] for d in rich["doors"]] == list(LAYOUT)
    assert [d["face"] for d in thief["doors"]] == [None] * 8
    house = next(e for e in events if e.kind == "house")
    assert house.seats == frozenset({0}) and house.reveals


def test_deck_is_every_card_but_held_agents() -> None:
    # MS-R11
    s, _ = play(GAME.new_game(), "first:0")
    assert s.deck == card_counts() and s.deck_size == 31 and s.discard == []
    assert sum(card_counts().values()) == 31
    s = position(rich=1, thief="D1", agents=(["C1"], ["C4", "C3"]), jewels=(0, 0))
    s, _ = play(s, "move:D3", "steal")  # round ends; round 2 deck
    assert s.deck_size == 28 and s.deck["C1"] == 1 and s.deck["C3"] == 1 and s.deck["C4"] == 1


def test_guards_and_nothing_reset_jewels_and_agents_carry_over() -> None:
    # MS-R12
    s = position(rich=0, thief="D1", guards=1, opened=["D5"], jewels=(3, 1),
                 agents=(["C1"], []))
    assert s.nothing == 1
    s, _ = play(s, "move:D3", "steal")
    assert (s.guards, s.nothing) == (0, 0)
    assert s.jewels == [3, 1 + 3] and s.agents == [["C1"], []]


# ---------------------------------------------------------------------------------------------
# §5 Turn structure
# ---------------------------------------------------------------------------------------------


def test_draw_is_shown_and_placed_face_up() -> None:
    # MS-R13
    s = position(phase=Phase.DRAW)
    assert GAME.current_player(s) == CHANCE
    s, events = play(s, "draw:A3")
    draw = next(e for e in events if e.kind == "draw")
    assert draw.seats is None and draw.reveals and s.drawn == "A3" and s.phase == Phase.PLACE
    assert GAME.current_player(s) == 0
    s, _ = play(s, "place:D5")
    for seat in (0, 1, None):
        assert GAME.observation(s, seat)["doors"][door("D5")]["cards"] == ["A3"]


def test_placement_limits() -> None:
    # MS-R14 (a) closed doors only, (b) fewer than 3 cards, (c) fewer than 2 treasure cards
    # (A1, A2, A3 by the jewel icon); the Thief's own door is allowed.
    s = position(phase=Phase.PLACE, drawn="A3", thief="D2", opened=["D1"],
                 cards={"D3": ["B1", "C1", "B2"], "D4": ["A1", "A3"], "D5": ["A2", "B1"]})
    legal = GAME.legal_actions(s)
    assert legal == ["place:D2", "place:D5", "place:D6", "place:D7", "place:D8"]
    assert reason(s, "place:D1") == "D1 is already open: cards go only on closed doors."
    assert reason(s, "place:D3") == "D3 already holds 3 cards."
    assert reason(s, "place:D4") == "D4 already holds 2 treasure cards."
    s.drawn = "C3"  # not a treasure card: the second limit does not apply
    assert "place:D4" in GAME.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, "place:D3")
    assert "3 cards" in say(err.value.msg)


def test_useless_card_is_set_aside_and_redrawn() -> None:
    # MS-R15: all four Nothing doors open; a B1 (無) can never match.
    s = position(phase=Phase.DRAW, opened=["D1", "D5", "D7", "D8"], guards=2, thief="D8")
    s, events = play(s, "draw:B1")
    assert s.aside == ["B1"] and s.phase == Phase.DRAW and "B1" not in s.discard
    assert kinds(events) == ["draw", "aside"]
    s, _ = play(s, "draw:B1", "draw:A3")
    assert s.aside == [] and s.discard == ["B1", "B1"] and s.drawn == "A3"


def test_empty_deck_reshuffles_then_cannot_place() -> None:
    # MS-R16
    s = position(phase=Phase.MOVE, thief="D1", deck={}, discard=["A1", "B2"])
    s, events = play(s, "move:D2", "pass")
    assert "reshuffle" in kinds(events)
    assert s.deck == {"A1": 1, "B2": 1} and s.discard == [] and s.phase == Phase.DRAW
    s = position(phase=Phase.MOVE, thief="D1", deck={}, discard=[], rich=0)
    s, events = play(s, "move:D2", "pass")
    assert "nocards" in kinds(events) and s.last_round == (1, 0, 2, E_NOCARDS)
    # The redraw running through every card: set-aside cards are not reshuffled.
    s = position(phase=Phase.DRAW, opened=["D1", "D5", "D7", "D8"], guards=2, deck={"B1": 1},
                 discard=[], rich=1)
    s, events = play(s, "draw:B1")
    assert "nocards" in kinds(events) and s.last_round == (1, 1, 2, E_NOCARDS)


def test_unplaceable_card_ends_the_round_for_the_rich_man() -> None:
    # MS-R17
    stacks = [["A3", "A3", "B2"]] * 3 + [["B1", "B1", "A2"]] * 2 + [["A1", "A1", "C1"]] * 2 \
        + [["A2", "B2", "C2"]]
    full = dict(zip(DOORS, stacks, strict=True))
    s = position(phase=Phase.DRAW, rich=1, cards=full, jewels=(0, 1))
    s, events = play(s, "draw:A1")
    assert "blocked" in kinds(events)
    assert s.last_round == (1, 1, 2, E_BLOCKED) and s.jewels == [0, 3]
    assert s.round == 2 and s.rich == 0


def test_thief_must_move_backwards_and_onto_open_doors_allowed() -> None:
    # MS-R18
    s = position(thief="D6", opened=["D3"])
    assert GAME.legal_actions(s) == ["move:D3", "move:D4", "move:D7", "move:D8"]
    assert "pass" not in GAME.legal_actions(s)
    s, _ = play(s, "move:D3")  # backwards (row 3 -> 2) onto an open door
    assert s.thief == door("D3")


def test_first_move_from_start() -> None:
    # MS-R19
    s = position(thief="S")
    assert GAME.legal_actions(s) == ["move:D1", "move:D2"]


def test_each_move_turns_the_start_card() -> None:
    # MS-R20
    s = position(thief="S")
    s, _ = play(s, "move:D1", "pass", "draw:A1", "place:D8")
    assert s.moves == 1
    s, _ = play(s, "move:D4")
    assert s.moves == 2 and s.phase == Phase.STEAL


def test_steal_or_do_nothing_only_on_closed_doors() -> None:
    # MS-R21
    s = position(thief="D1")
    s, _ = play(s, "move:D2")
    assert GAME.legal_actions(s) == ["pass", "steal"]
    s = position(thief="D1", opened=["D4"])
    s, events = play(s, "move:D4")  # open door: nothing to steal, the turn ends
    assert s.phase == Phase.DRAW and "steal" not in kinds(events)


def test_forced_steal_every_fourth_move() -> None:
    # MS-R22
    s = position(thief="D7", moves=3)
    assert GAME.legal_actions(s) == ["move:D4", "move:D5", "move:D6", "move:D8"]
    s2, events = play(s, "move:D8")
    assert "forced" in kinds(events) and s2.opened[door("D8")] and s2.moves == 0
    s = position(thief="D7", moves=3, opened=["D4", "D5"])
    assert GAME.legal_actions(s) == ["move:D6", "move:D8"]  # only closed doors
    s = position(thief="D8", moves=3, opened=["D6", "D7"])
    s, events = play(s, "move:D6")  # no closed neighbour: move on, the duty carries over
    assert s.moves == 4 and s.phase == Phase.DRAW and "forced" not in kinds(events)


def test_do_nothing_ends_the_turn() -> None:
    # MS-R23
    s = position(thief="D1")
    s, events = play(s, "move:D2", "pass")
    assert kinds(events)[-1] == "pass" and s.phase == Phase.DRAW
    assert GAME.current_player(s) == CHANCE and s.moves == 1


def test_steal_flips_the_door_and_resets_the_start_card() -> None:
    # MS-R24
    s = position(thief="D4", moves=2)
    s, _ = play(s, "move:D5", "steal")
    assert s.opened[door("D5")] and s.moves == 0
    assert GAME.observation(s, 1)["doors"][door("D5")]["face"] == "N"


# ---------------------------------------------------------------------------------------------
# §6 Reveal resolution
# ---------------------------------------------------------------------------------------------


def test_door_effects() -> None:
    # MS-R25
    s, _ = play(position(thief="D1"), "move:D2", "steal")
    assert s.guards == 1  # Trap, 1 guard
    s, _ = play(position(thief="D3"), "move:D4", "steal")
    assert s.guards == 2  # Trap, 2 guards
    s, _ = play(position(thief="D2"), "move:D5", "steal")
    assert (s.guards, s.nothing) == (0, 1)  # first Nothing: half a guard
    s, _ = play(position(thief="D2", opened=["D1"]), "move:D5", "steal")
    assert (s.guards, s.nothing) == (1, 2)  # second Nothing: a whole guard


def test_matching_cards_take_effect_in_placement_order() -> None:
    # MS-R26: on a Trap, A3 (罠) pays the Rich Man, B2 (罠) adds a guard, A1 (宝・無) misses.
    s = position(rich=0, thief="D1", cards={"D2": ["A3", "A1", "B2"]})
    s, events = play(s, "move:D2", "steal")
    assert s.jewels == [1, 0] and s.guards == 2
    assert [(e.kind, e.data.get("card")) for e in events if e.kind in ("match", "miss")] == [
        ("match", "A3"), ("miss", "A1"), ("match", "B2")]


def test_used_cards_discarded_agents_kept() -> None:
    # MS-R27
    s = position(rich=0, thief="D1", cards={"D2": ["A3", "C3", "B1"]})
    s, _ = play(s, "move:D2", "steal")
    assert sorted(s.discard) == ["A3", "B1"] and s.agents == [[], ["C3"]]
    assert s.cards[door("D2")] == []


def test_four_guards_catch_the_thief_capped_at_four() -> None:
    # MS-R28, MS-G11: 3 guards + a 2-guard trap is 4, not 5.
    s = position(rich=1, thief="D3", guards=3, jewels=(0, 0))
    s, events = play(s, "move:D4", "steal")
    guard = [e for e in events if e.kind == "guard"]
    assert guard[0].data == {"n": 2, "guards": 4}
    assert s.last_round == (1, 1, 2, E_GUARDS) and s.jewels == [0, 2]


def test_treasure_pays_four_minus_guards_plus_bonus() -> None:
    # MS-R29
    s = position(rich=0, thief="D1", guards=1, cards={"D3": ["A1", "A2"]})
    s, _ = play(s, "move:D3", "steal")
    assert s.jewels == [0, 3 + 3] and s.last_round == (1, 1, 6, E_TREASURE)


def test_game_end_checked_after_every_steal() -> None:
    # MS-R30: a mid-round bonus on a Nothing door can win the game at once.
    s = position(rich=0, thief="D2", jewels=(0, 7), cards={"D5": ["A1"]})
    s, events = play(s, "move:D5", "steal")
    assert s.phase == Phase.OVER and s.winner == 1 and "round_end" not in kinds(events)


def test_round_goes_on_after_a_harmless_steal() -> None:
    # MS-R31
    s = position(rich=0, thief="D2")
    s, _ = play(s, "move:D5", "steal")
    assert s.phase == Phase.DRAW and s.round == 1 and GAME.current_player(s) == CHANCE


# ---------------------------------------------------------------------------------------------
# §7 Between rounds, §8 Game end
# ---------------------------------------------------------------------------------------------


def test_round_end_gathers_everything() -> None:
    # MS-R32
    s = position(rich=0, thief="D1", guards=2, opened=["D2"], nothing=0,
                 cards={"D5": ["A1", "B1"], "D3": ["C4"]}, discard=["A3"])
    s, _ = play(s, "move:D3", "steal")
    assert s.guards == 0 and s.cards == [[] for _ in range(8)] and s.discard == []
    assert s.opened == [False] * 8 and s.doors == [""] * 8 and s.phase == Phase.DEAL
    assert s.deck_size == 31


def test_agents_stay_out_of_the_next_deck() -> None:
    # MS-R33
    s = position(rich=0, thief="D1", cards={"D3": ["C2"]})
    s, _ = play(s, "move:D3", "steal")
    assert s.agents == [["C2"], []] and s.deck["C2"] == 1 and s.deck_size == 30


def test_roles_swap_and_a_new_round_starts() -> None:
    # MS-R34
    s = position(rich=1, thief="D1", moves=2)
    s, events = play(s, "move:D3", "steal")
    assert s.rich == 0 and s.round == 2 and s.thief == AT_START and s.moves == 0
    assert kinds(events)[-1] == "round"
    s, _ = play(s, f"deal:{LAYOUT}")
    assert s.phase == Phase.DRAW


def test_game_end_priorities() -> None:
    # MS-R35: both at 8 -> the current Rich Man; jewels are checked before agents.
    s = position(rich=0, thief="D2", guards=3, jewels=(6, 7), cards={"D5": ["A1"]},
                 opened=["D1"])
    s, _ = play(s, "move:D5", "steal")  # 2nd Nothing: 4 guards; A1: Thief 8; Rich Man +2: 8
    assert s.jewels == [8, 8] and s.winner == 0 and s.result == R_JEWELS
    s = position(rich=0, thief="D1", guards=0, jewels=(6, 4), agents=(["C1", "C1"], []),
                 cards={"D3": ["C2"]})
    s, _ = play(s, "move:D3", "steal")  # Thief 4 + 4 = 8 jewels; Rich Man 4 agents
    assert s.winner == 1 and s.result == R_JEWELS
    s = position(rich=0, thief="D1", jewels=(6, 0), agents=(["C1", "C1"], []),
                 cards={"D3": ["C2"]})
    s, _ = play(s, "move:D3", "steal")
    assert s.winner == 1 and s.result == R_AGENTS


def test_no_round_limit() -> None:
    # MS-R36: round 60 plays like round 1.
    s = position(rich=0, thief="D1", rnd=60)
    s, _ = play(s, "move:D3", "steal")
    assert s.round == 61 and s.phase == Phase.DEAL and GAME.current_player(s) != TERMINAL


def test_information_model() -> None:
    # MS-R37: everything public but closed faces (Rich Man only) and the deck order (nobody).
    s = position(rich=0, thief="D4", opened=["D2"], cards={"D5": ["A1"]}, jewels=(2, 3),
                 agents=([], ["C3"]), discard=["B2"], moves=1, guards=1)
    rich, thief, public = (GAME.observation(s, 0), GAME.observation(s, 1),
                           GAME.observation(s, None))
    for obs in (rich, thief, public):
        assert obs["thief"] == door("D4") and obs["moves"] == 1 and obs["guards"] == 1
        assert obs["jewels"] == [2, 3] and obs["agents"] == [[], ["C3"]]
        assert obs["deck_count"] == s.deck_size and obs["discard"] == ["B2"]
        assert obs["doors"][door("D2")]["face"] == "1"
        assert "deck" not in obs
    assert [d["face"] for d in rich["doors"]] == list(LAYOUT)
    assert [d["face"] for i, d in enumerate(thief["doors"]) if i != door("D2")] == [None] * 7
    assert thief == {**public, "seat": 1}
    text = json.dumps(thief)
    assert "N1T2" not in text


def test_session_plays_whole_games() -> None:
    # MS-R01..MS-R37 together: seeded random games end with a winner.

    for seed in range(5):
        session = new_session(GAME, None, seed)
        assert sorted(session.returns()) == [-1.0, 1.0]
        assert session.state.phase == Phase.OVER
