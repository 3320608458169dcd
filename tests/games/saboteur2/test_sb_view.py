"""Saboteur 2 table view: a gesture for every legal action (turned moves as turned drags), the
maze laid out inside the table as it grows, no hidden fact of another seat in a layout (hands,
roles, Map peeks), the rules' reasons for refused drops, status lines, chart and summary."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tabletop.engine import Layout, Piece
from tabletop.games.saboteur2.data import GOAL_CELLS
from tabletop.games.saboteur2.state import Phase
from tabletop.games.saboteur2.view import MIN_CELL, Saboteur2View
from tabletop.testing.build import new_session
from tests.games.saboteur2.sb_build import GAME, play, position, say, straight_to
from tests.games.viewcheck import assert_inside, check_gestures, decisions, walk

VIEW = Saboteur2View()
GRN, BLU, SAB, GEO, BOS = "R-GRN", "R-BLU", "R-SAB", "R-GEO", "R-BOS"


def by_id(lay: Layout) -> dict[str, Piece]:
    return {p.id: p for p in lay.pieces}


@pytest.mark.parametrize("n", [2, 5, 12])
def test_gestures_exist_for_every_legal_action(n: int) -> None:
    # Every legal action has a gesture on pieces of the table, the table's refusal words for
    # each are empty (the move is possible), and every piece lies on the table.
    total = 0
    for session in decisions(GAME, n, range(2), limit=120):
        total += check_gestures(session, VIEW, say, langs=("en", "ja"))
    assert total > 100


def test_place_gestures_drag_a_turnable_tile_both_ways() -> None:
    s = position([GRN, SAB], [["B-P03", "A-MAP", "A-MAP", "A-ROCK", "A-INS", "A-HOF"],
                              ["A-MAP"] * 6])
    obs = GAME.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    pieces = by_id(lay)
    legal = GAME.legal_actions(s)
    gestures = VIEW.gestures(obs, 0, legal)
    place = [g for g in gestures if g.action.startswith("place:")]
    # The curve S-E fits east of the start as printed only turned (W-N), and so on.
    assert {g.action for g in place} == {a for a in legal if a.startswith("place:")}
    for g in place:
        assert g.source is not None and pieces[g.source].turnable
        assert g.turned == g.action.endswith(":180")
        assert g.target is not None and g.target.startswith("c")
    assert any(g.turned for g in place) and any(not g.turned for g in place)
    # A Map goes on a face-down goal, a Rockfall on nothing yet (only the start card lies).
    maps = {g.target for g in gestures if g.action.startswith("play:A-MAP")}
    assert maps == {"goal0", "goal1", "goal2"}
    assert pieces["goal1"].kind == "card" and not pieces["goal1"].face_up
    assert not pieces["goal1"].art
    # Discarding (a pass) is a drop on the Discard zone.
    assert {g.target for g in gestures if g.action.startswith("discard:")} == {"discard"}


def test_action_cards_aim_at_players_and_their_cards() -> None:
    s = position([GRN, SAB, BLU], [["A-REP-PL", "A-BRK-C", "A-FRE", "A-THF", "A-ROCK", "A-HOF"],
                                   ["A-MAP"] * 6, ["A-MAP"] * 6],
                 maze=[("B-P02", 1, 0, False)],
                 front=[[], ["A-BRK-P", "A-BRK-L", "A-TRP"], ["A-THF"]])
    obs = GAME.observation(s, 0)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    targets: dict[str, set[str | None]] = {}
    for g in gestures:
        targets.setdefault(g.action, set()).add(g.target)
    # A two-tool repair: on the broken tool it mends, or on the player with a choice.
    assert targets["play:A-REP-PL@1:P"] == {"f1-A-BRK-P", "seat1"}
    assert targets["play:A-REP-PL@1:L"] == {"f1-A-BRK-L", "seat1"}
    assert targets["play:A-FRE@1"] == {"f1-A-TRP", "seat1"}
    assert targets["play:A-HOF@2"] == {"f2-A-THF", "seat2"}
    assert targets["play:A-BRK-C@0"] == {"seat0"}  # on oneself too
    assert targets["play:A-THF"] == {"seat0"}
    assert targets["play:A-ROCK@1,0"] == {"m1,0"}
    pieces = by_id(VIEW.layout(obs, 0))
    assert pieces["f1-A-BRK-P"].art["label_en"] == "✖ Pick"
    assert pieces["f1-A-TRP"].art["label_ja"] == "罠"


def test_fix_pass_and_steal_gestures() -> None:
    s = position([GRN, SAB], [["A-MAP", "A-MAP", "A-ROCK", "A-INS", "B-D09", "A-HOF"],
                              ["A-MAP"] * 6], front=[["A-TRP"], []])
    obs = GAME.observation(s, 0)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    fix = [g for g in gestures if g.action == "fix:A-TRP"]
    assert {g.target for g in fix} == {"f0-A-TRP", None}  # a click on the card, or a button
    assert "two" in say(VIEW.status(obs, 0))
    s, _ = play(s, "discard:A-MAP")
    obs = GAME.observation(s, 0)
    end = [g for g in VIEW.gestures(obs, 0, GAME.legal_actions(s)) if g.action == "end"]
    assert len(end) == 1 and end[0].shortcut == "E" and end[0].label_en == "End the pass and draw"
    assert say(VIEW.status(obs, 0)).startswith("Passing (1 discarded)")
    assert "捨て札" in say(VIEW.status(obs, 0), "ja")
    texts = {t.id: t.text_en for t in VIEW.layout(obs, 0).texts}
    assert texts["discard_count"] == "1 discarded"


def test_steal_is_a_click_on_the_victims_gold() -> None:
    s = position([SAB, GRN, BLU], [[], [], []], gold=[0, 3, 0], front=[["A-THF"], [], []],
                 deck=0)
    s.steal_queue = [0]
    s.phase = "steal"
    s.turn = 0
    s.roles_shown = True
    obs = GAME.observation(s, 0)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    assert {g.target for g in gestures} == {"g1", "seat1"}
    assert say(VIEW.status(obs, 0)) == "Your Theft: click the gold of the player you rob."
    assert say(VIEW.why_not(obs, 0, "g2", None)) == "Player 3 has no gold."
    assert say(VIEW.why_not(obs, 0, "g1", None)) == ""
    # The round is over: every role card lies face up, the goals nobody reached too.
    pieces = by_id(VIEW.layout(obs, 0))
    assert all(pieces[f"r{p}"].face_up for p in range(3))
    assert pieces["goal0"].state == "dim" and "was" in pieces["goal0"].tooltip_en
    assert pieces["goal1"].art and "Gold" in pieces["goal1"].tooltip_en


def test_why_not_quotes_the_rules() -> None:
    hand = ["B-P01", "A-ROCK", "A-MAP", "A-BRK-P", "B-D09", "X-L01"]
    s = position([GRN, SAB], [hand, ["A-MAP"] * 6], maze=[("B-P02", 1, 0, False)])
    obs = GAME.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    hand_ids = {p.id: p for p in lay.pieces if p.id.startswith("h")}
    index = {c: i for i, c in enumerate(sorted(hand))}

    def why(card: str, target: str | None, lang: str = "en") -> str:
        source = f"h{index[card]}"
        assert source in hand_ids
        return say(VIEW.why_not(obs, 0, source, target), lang)

    # The N-S straight east of the W-E straight: its wall meets their path (SB-R17).
    assert why("B-P01", "c2,0") == ("The card does not fit its neighbours: every touching "
                                    "edge must be path to path or wall to wall.")
    assert why("B-P01", "m1,0") == "A card already lies at column 1, row 0."
    assert why("B-P01", "goal1") == "That space belongs to a goal card."
    assert why("B-P01", None) == ("A path card goes into the maze: drop it on an empty space "
                                  "next to the maze.")
    assert why("A-ROCK", "m0,0") == "The start card and the goal cards cannot be removed."
    assert "落石" in why("A-ROCK", None, "ja")
    assert why("A-MAP", "m1,0") == "There is no face-down goal card at column 1, row 0."
    assert why("A-BRK-P", "c2,0") == "Drop Broken pickaxe on a player's area."
    assert why("A-BRK-P", "seat1") == ""
    assert why("X-L01", "c1,-1") == ""  # a ladder needs no connection (SB-R19)
    # Another seat's view: it is not their turn, and the card is not theirs to move.
    obs1 = GAME.observation(s, 1)
    assert say(VIEW.why_not(obs1, 1, "h0", "c2,0")) == "It is Player 1's turn."
    # A broken tool in front of the mover (SB-R15).
    s2 = position([GRN, SAB], [hand, ["A-MAP"] * 6], maze=[("B-P02", 1, 0, False)],
                  front=[["A-BRK-L"], []])
    obs2 = GAME.observation(s2, 0)
    assert say(VIEW.why_not(obs2, 0, f"h{index['B-D09']}", "c2,0")).startswith(
        "A broken tool lies in front of you (lantern)")
    assert say(VIEW.why_not(obs2, 0, "f1-A-BRK-L", None)) == (
        "Only the cards in front of yourself can be removed by discarding two.")
    assert say(VIEW.why_not(obs2, 0, "deck", None)) == "Nothing to do with that now."
    assert say(VIEW.why_not(obs2, 0, "f0-A-BRK-L", None)) == ""


@pytest.mark.parametrize("n", [2, 12])
def test_no_hidden_fact_of_another_seat_in_a_layout(n: int) -> None:
    # A layout is a function of what the seat may know: a state resampled from the seat's
    # observation (other hands, roles, goals, deck drawn afresh) lays out exactly the same.
    for session, rng, ply in walk(GAME, n, range(2), limit=160):
        s = session.state
        if GAME.current_player(s) >= 0 and ply % 3 == 0:
            for seat in (0, n - 1):
                obs = GAME.observation(s, seat)
                lay = VIEW.layout(obs, seat)
                twin = GAME.observation(GAME.resample(obs, seat, rng), seat)
                assert VIEW.layout(twin, seat) == lay
                hands = [p for p in lay.pieces if p.id.startswith("h")]
                assert len(hands) == len(s.hands[seat])
                for p in range(n):
                    role = by_id(lay)[f"r{p}"]
                    known = p == seat or s.roles_shown or p in s.inspected[seat]
                    assert role.face_up == (known and bool(s.roles[p]))
                    if not role.face_up:
                        assert not role.art
            spectator = VIEW.layout(GAME.observation(s, None), None)
            assert not [p for p in spectator.pieces if p.id.startswith("h")]
            assert "discard" not in {z.id for z in spectator.zones}


def test_a_map_shows_the_goal_to_its_player_alone() -> None:
    s = position([GRN, SAB, BLU], [["A-MAP"] * 6] * 3)
    s, _ = play(s, "play:A-MAP@8,0")
    mine = by_id(VIEW.layout(GAME.observation(s, 0), 0))
    # Its face full bright, marked (test_sb_names.py: "Gold", "only you" beside it).
    assert mine["goal1"].kind == "tile" and mine["goal1"].state == "active"
    assert "Only you see it" in mine["goal1"].tooltip_en
    assert "gold" in str(mine["goal1"].art).lower()
    for seat in (1, 2, None):
        other = by_id(VIEW.layout(GAME.observation(s, seat), seat))
        assert other["goal1"].kind == "card" and not other["goal1"].face_up
        assert not other["goal1"].art and "Gold" not in other["goal1"].tooltip_en


def test_roles_are_private_until_the_round_ends() -> None:
    s = position([GRN, SAB, BLU], [["B-P02", "A-MAP"], ["A-MAP"], ["A-MAP"]],
                 maze=straight_to(6))
    seen = by_id(VIEW.layout(GAME.observation(s, 1), 1))
    assert seen["r1"].face_up and seen["r1"].art["title_en"] == "Saboteur"
    assert "Nobody else sees it" in seen["r1"].tooltip_en
    assert not seen["r0"].face_up and not seen["r2"].face_up
    # The green digger reaches the gold in the middle (SB-R20): the round ends, every role
    # is shown (SB-R24), and the next round begins at once (no Theft to settle). Its table
    # names each player's role of the round just played and the round's result.
    s, _ = play(s, "place:B-P02@7,0")
    # Until the next round's goal cards are dealt the finished tunnel lies on the table with
    # every role shown, for the round's result to be looked at (the app pauses there).
    ended = VIEW.layout(GAME.observation(s, 2), 2)
    assert any(p.id == "m7,0" for p in ended.pieces)
    assert next(p for p in ended.pieces if p.id == "r0").face_up
    s, _ = play(s, GAME.chance_outcomes(s)[0][0])
    assert s.round == 2
    lay = VIEW.layout(GAME.observation(s, 2), 2)
    texts = {t.id: (t.text_en, t.text_ja) for t in lay.texts}
    assert texts["role0"] == ("Was: Green digger", "前回：緑の金鉱掘り")
    assert texts["role1"][0] == "Was: Saboteur"
    assert texts["role2"][0] == "Last round: Blue gold-digger"  # the viewer's own strip
    result = by_id(lay)["result"]
    assert result.art["title_en"] == "Round 1 result"
    assert "green diggers win" in result.art["body_en"]
    assert "緑" in result.art["body_ja"]


def test_the_table_grows_with_the_maze() -> None:
    small = VIEW.layout(GAME.observation(position([GRN, SAB] * 6), 0), 0)
    assert (small.width, small.height) == (1280.0, 800.0)
    assert_inside(small)
    # A tunnel running far to the west: the cells would be too small, so the table grows.
    far = [("B-P02", -x, 0, False) for x in range(1, 14)]
    s = position([GRN, SAB] * 6, maze=far)
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    assert lay.width > 1280.0 and lay.width / lay.height == pytest.approx(1.6)
    assert_inside(lay)
    tiles = [p for p in lay.pieces if p.id.startswith("m")]
    assert len(tiles) == 14 and min(p.w for p in tiles) >= MIN_CELL - 3
    xs = sorted(p.x for p in tiles)
    assert all(b - a == pytest.approx(xs[1] - xs[0]) for a, b in pairwise(xs))
    # The goals stay east of the start, one cell apart down the column (SB-R04).
    goals = [by_id(lay)[f"goal{slot}"] for slot in range(len(GOAL_CELLS))]
    assert all(g.x > xs[-1] for g in goals)
    assert goals[1].y - goals[0].y == pytest.approx(2 * (xs[1] - xs[0]))


@pytest.mark.parametrize("n", [2, 12])
def test_layouts_fit_at_every_seat_count_extreme(n: int) -> None:
    for session, _, ply in walk(GAME, n, range(2), limit=400):
        if ply % 25 == 0:
            for seat in (None, 0):
                lay = VIEW.layout(GAME.observation(session.state, seat), seat)
                assert_inside(lay)
                ids = [p.id for p in lay.pieces] + [z.id for z in lay.zones]
                assert len(ids) == len(set(ids))


def test_series_score_table_and_summary() -> None:
    session = new_session(GAME, 3, seed=4)
    final = GAME.observation(session.state, None)
    assert final["phase"] == Phase.OVER
    names = {say(name): v for name, v in VIEW.series(final)}
    assert set(names) == {"P1 gold", "P2 gold", "P3 gold"}
    assert {say(name, "ja") for name, _ in VIEW.series(final)} == {"P1 金", "P2 金", "P3 金"}
    assert VIEW.series_round(final) == 3
    table = VIEW.score_table(final)
    assert table is not None and len(table) == 5
    assert [say(c) for c in table[0]] == ["", "Player 1", "Player 2", "Player 3"]
    assert [say(r[0]) for r in table[1:]] == ["Round 1", "Round 2", "Round 3", "Total gold"]
    for p in range(3):
        assert sum(int(str(r[p + 1])) for r in table[1:4]) == int(str(table[4][p + 1]))
    summary = say(VIEW.summary(final))
    assert "gold" in summary and "勝ち" in say(VIEW.summary(final), "ja")
    assert VIEW.summary(GAME.observation(session.state, 0)) is not None
