"""Saboteur 2 names things as the table shows them: a path card turned round by the shape it
has in the maze (SB-R06), a space by the column and row printed along the maze, a goal card by
where it lies, and a card's effect told after the line that says it was played."""

from __future__ import annotations

import re

import pytest

from tabletop.api import Msg
from tabletop.games.saboteur2.data import GOAL_CELLS, PATH_IDS, SHAPE_OF, SHAPES
from tabletop.games.saboteur2.view import Saboteur2View, maze_id
from tests.games.saboteur2.sb_build import GAME, play, position, say

VIEW = Saboteur2View()
DIRECTIONS = {"en": {"N": "N", "E": "E", "S": "S", "W": "W"},
              "ja": {"上": "N", "右": "E", "下": "S", "左": "W"}}


#: Japanese names say a straight way as 縦 (up and down) or 横 (left and right).
AXES = {"縦": {"N", "S"}, "横": {"W", "E"}}


def named_directions(name: str, lang: str) -> set[str]:
    """The directions a card's name lists (in its parentheses), as edges N, E, S, W."""
    inside = "".join(re.findall(r"[(（](.*?)[)）]", name))
    letters = DIRECTIONS[lang]
    if lang == "en":
        return {letters[d] for d in re.findall(r"\b[NESW]\b", inside)}
    found = {letters[d] for d in re.findall("[上下左右]", inside)}
    for word, edges in AXES.items():
        if word in inside:
            found |= edges
    return found


def drawn(art: dict[str, object]) -> object:
    """A tile's art with its parts in one order (the same drawing, however listed)."""
    segments = art.get("segments") or []
    assert isinstance(segments, list)
    return {**art, "segments": sorted(sorted(seg) for seg in segments)}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_path_card_is_named_as_it_lies_either_way(lang: str) -> None:
    # SB-R06: a path card may lie turned 180°; the log names it by the shape it then has,
    # so the directions of its name are the edges the maze shows it open to.
    checked = 0
    for card in PATH_IDS:
        for turned in (False, True):
            art = SHAPES[SHAPE_OF[card, turned]].art.to_art()
            open_edges = {e for e, kind in art["edges"].items() if kind != "wall"}
            name = say(Msg(f"{'turned' if turned else 'card'}.{card}"), lang)
            listed = named_directions(name, lang)
            if listed:
                assert listed == open_edges, (card, turned, name, open_edges)
                checked += 1
            else:  # a name without directions is of a card that lies the same either way
                other = SHAPES[SHAPE_OF[card, not turned]].art.to_art()
                assert drawn(other) == drawn(art), (card, name)
    assert checked > 40


def test_the_log_names_a_turned_card_by_its_shape_and_the_board_labels_its_space() -> None:
    # The report: a Dead end turned round and placed showed N, S, W stubs on the board while
    # the log said "Dead end (N, S, E)"; and it named a space "(1,0)" the board never showed.
    s = position(["R-GRN", "R-SAB"], [["B-D07", "A-MAP", "A-MAP", "A-ROCK", "A-INS", "A-HOF"],
                                      ["A-MAP"] * 6])
    s, ev = play(s, "place:B-D07@0,-1:180")
    line = next(say(e) for e in ev if e.logged)
    assert line == "Player 1 places Dead end (N, S, W) at column 0, row −1."
    assert next(say(e, "ja") for e in ev if e.logged) == \
        "プレイヤー1が行き止まり（上・下・左）を−1行0列に置きました。"
    lay = VIEW.layout(GAME.observation(s, 1), 1)
    tile = next(p for p in lay.pieces if p.id == maze_id(0, -1))
    assert "Dead end (N, S, W)" in tile.tooltip_en
    texts = {t.id: t for t in lay.texts}
    column, row = texts["maze:col:0"], texts["maze:row:-1"]
    assert column.text_en == "0" and row.text_en == "−1"
    # The labels stand in line with the tile: its column's below the maze, its row's left.
    assert abs(column.x + column.size * 0.3 - (tile.x + tile.w / 2)) < 2
    assert abs(row.y + row.size * 0.65 - (tile.y + tile.h / 2)) < 2
    assert column.y > max(p.y + p.h for p in lay.pieces if p.id.startswith("m"))
    assert row.x < min(p.x for p in lay.pieces if p.id.startswith("m"))


def test_every_column_and_row_of_the_maze_is_labelled() -> None:
    s = position(["R-GRN", "R-SAB"])
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    columns = {t.id.split(":")[2] for t in lay.texts if t.id.startswith("maze:col:")}
    rows = {t.id.split(":")[2] for t in lay.texts if t.id.startswith("maze:row:")}
    xs = {x for x, _ in GOAL_CELLS} | {0}
    assert {str(x) for x in range(min(xs), max(xs) + 1)} <= columns
    assert {str(y) for _, y in GOAL_CELLS} | {"0"} <= rows


def test_a_map_is_told_before_what_it_showed_and_the_goals_by_where_they_lie() -> None:
    s = position(["R-GRN", "R-SAB"], [["A-MAP", "A-MAP", "A-MAP", "A-ROCK", "A-INS", "A-HOF"],
                                      ["A-MAP"] * 6])
    _, ev = play(s, "play:A-MAP@8,-2")
    lines = [say(e) for e in ev if e.logged]
    assert lines[:2] == ["Player 1 plays a Map and secretly looks at the top goal.",
                         "(The top goal is Stone.)"]
    assert next(say(e, "ja") for e in ev if e.logged) == \
        "プレイヤー1が地図で上のゴールをこっそり見ました。"


def test_a_pass_and_a_removal_are_one_line_each_once_done() -> None:
    s = position(["R-GRN", "R-SAB"],
                 [["A-MAP", "A-ROCK", "A-INS", "B-D09", "A-HOF", "A-MAP"], ["A-MAP"] * 6],
                 front=[["A-BRK-C"], []])
    s, ev = play(s, "fix:A-BRK-C")
    assert [e for e in ev if e.logged] == []  # nothing done yet
    s, ev = play(s, "discard:A-MAP")
    assert [e for e in ev if e.logged] == []
    s, ev = play(s, "discard:A-ROCK")
    assert [say(e) for e in ev if e.logged] == \
        ["Player 1 removes Broken mine cart by discarding two cards face down."]
    s = position(["R-GRN", "R-SAB"])
    lines: list[str] = []
    for action in ("discard:A-MAP", "discard:A-MAP", "discard:A-ROCK"):
        s, ev = play(s, action)
        lines += [say(e) for e in ev if e.logged]
    assert lines == ["Player 1 passes, 3 cards face down."]


def test_a_goal_looked_at_shows_its_face_marked_only_you() -> None:
    # The report: a peeked goal was a small dimmed card with a faint nugget and "seen"; only
    # hovering said "Gold. Only you see it."
    s = position(["R-GRN", "R-SAB", "R-BLU"], [["A-MAP"] * 6] * 3)
    s, _ = play(s, "play:A-MAP@8,0")
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    goal = next(p for p in lay.pieces if p.id == "goal1")
    assert goal.kind == "tile" and goal.state != "dim"
    texts = {t.id: t for t in lay.texts}
    assert (texts["peek1"].text_en, texts["peek1"].text_ja) == ("Gold", "金塊")
    assert (texts["peek1:only"].text_en, texts["peek1:only"].text_ja) == ("only you", "あなただけ")
    assert texts["peek1"].x > goal.x + goal.w  # beside the goal, in the column kept for it
    # Nobody else's table has any of it.
    other = VIEW.layout(GAME.observation(s, 1), 1)
    assert not any(t.id.startswith("peek") for t in other.texts)
    assert next(p for p in other.pieces if p.id == "goal1").face_up is False


def test_a_role_card_shows_the_role_its_owner_now_has() -> None:
    # Swap Your Hats on a player: the new role is dealt at once, and their card shows it (the
    # report saw it face down until that player's next turn; the rules give it at once, and
    # the table shows what the rules give).
    import random

    s = position(["R-GRN", "R-SAB"], [["A-MAP"] * 6,
                                      ["A-HAT", "A-MAP", "A-MAP", "A-ROCK", "A-INS", "A-HOF"]],
                 turn=1)
    s, _ = play(s, "play:A-HAT@0")
    while GAME.current_player(s) < 0:
        s, _ = play(s, GAME.sample_chance(s, random.Random(1)))
    role = s.roles[0]
    card = next(p for p in VIEW.layout(GAME.observation(s, 0), 0).pieces if p.id == "r0")
    assert card.face_up and card.art["title_en"] == say(Msg(f"role.{role}"))
