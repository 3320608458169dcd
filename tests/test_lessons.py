"""Every game's lesson (``tabletop.lesson``) replays through its rules: each step's action is
legal where it stands, falls on the learner's turn, has its words in both languages and links
a section both rulebooks have. A change of rules that breaks a lesson fails here, naming the
step. The games are the registry's, so a lesson added to any game is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import lesson
from tabletop.engine import CHANCE
from tabletop.registry import lesson_file, load_plugins

PLUGINS, _ = load_plugins(include_entry_points=False)
WITH_LESSON = sorted(gid for gid, p in PLUGINS.items() if lesson_file(p) is not None)


def test_some_games_have_lessons() -> None:
    assert "buried-treasure" in WITH_LESSON


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_lesson_replays_through_the_rules(game_id: str) -> None:
    plugin = PLUGINS[game_id]
    taught = lesson.load(plugin)
    session = taught.replay(plugin)
    decisions = [r.action for r in session.history if r.seat != CHANCE]
    assert decisions == [m.action for m in taught.moves]
    assert taught.finished(decisions)
    # A guided first game is short: about 8-20 steps.
    assert 8 <= len(taught.steps) <= 20


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_each_step_refuses_another_legal_move(game_id: str) -> None:
    plugin = PLUGINS[game_id]
    taught = lesson.load(plugin)
    session = taught.new_session(plugin.game)
    for move in taught.moves:
        done = [r.action for r in session.history if r.seat != CHANCE]
        assert taught.refusal(done, move.action) is None
        if move.is_step:
            others = [a for a in session.legal_actions() if a != move.action]
            for other in others:
                assert taught.refusal(done, other) is move
        session.submit(session.current_player(), move.action)
    done = [r.action for r in session.history if r.seat != CHANCE]
    assert taught.next_move(done) is None  # past its end the learner plays freely


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_both_rulebooks_keep_the_same_sections(game_id: str) -> None:
    # A step links a section by its place among the headings, in either rulebook.
    rules = PLUGINS[game_id].rules
    books = {lang: lesson.headings(Path(rules[lang]).read_text(encoding="utf-8"))
             for lang in ("en", "ja")}
    assert len(books["en"]) == len(books["ja"])


def _copy_with(tmp_path: Path, game_id: str, old: str, new: str) -> Path:
    source = lesson_file(PLUGINS[game_id])
    assert source is not None
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lesson-buried-treasure.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_an_illegal_step_is_named(tmp_path: Path) -> None:
    plugin = PLUGINS["buried-treasure"]
    # Round 2's bid of 0 made 7, which the other seat holds: not legal there.
    path = _copy_with(tmp_path, "buried-treasure",
                      'action = "bid:0"', 'action = "bid:7"')
    with pytest.raises(lesson.LessonError, match=r"buried-treasure.*move 8, step 4 .*'bid:7'"
                                                 r".*not legal"):
        lesson.load(plugin, path).replay(plugin)


def test_a_missing_word_and_a_missing_section_are_named(tmp_path: Path) -> None:
    plugin = PLUGINS["buried-treasure"]
    path = _copy_with(tmp_path, "buried-treasure", '"lesson.bid_exact"', '"lesson.nowhere"')
    with pytest.raises(lesson.LessonError, match=r"step 2 .*'lesson.nowhere'"):
        lesson.load(plugin, path).replay(plugin)
    path = _copy_with(tmp_path, "buried-treasure", 'rules = "A round"', 'rules = "Scoring"')
    with pytest.raises(lesson.LessonError, match=r"step 1 .*'Scoring'"):
        lesson.load(plugin, path).replay(plugin)


def test_a_step_on_a_computer_turn_is_named(tmp_path: Path) -> None:
    plugin = PLUGINS["buried-treasure"]
    # The second move is the computer's bury: words there make it a step on its turn.
    path = _copy_with(tmp_path, "buried-treasure", 'action = "bury:1"\n',
                      'action = "bury:1"\nsay = "lesson.bury_mid"\n')
    with pytest.raises(lesson.LessonError, match=r"move 2, step 2 .*seat 2 is to move"):
        lesson.load(plugin, path).replay(plugin)


@pytest.mark.parametrize("text, message", [
    ("[lesson]\nplayers = 2\n[[move]]\naction = 'x'\nsay = 'a'\n", "seed"),
    ("[lesson]\nseed = 1\nplayers = 9\n[[move]]\naction = 'x'\nsay = 'a'\n", "players"),
    ("[lesson]\nseed = 1\n", "moves"),
    ("[lesson]\nseed = 1\n[[move]]\naction = 'x'\n", "no step"),
    ("[lesson]\nseed = 1\n[[move]]\naction = 'x'\nsay = 'a'\ncolour = 'red'\n", "move 1.*colour"),
    ("[lesson]\nseed = 1\n[[move]]\naction = 'x'\nrules = 'End'\n", "move 1.*reply"),
    ("[lesson\n", "lesson-buried-treasure.toml"),
])
def test_a_file_of_the_wrong_shape_is_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "lesson-buried-treasure.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(lesson.LessonError, match=message) as caught:
        lesson.load(PLUGINS["buried-treasure"], path)
    assert "buried-treasure" in str(caught.value)


def test_the_chooser_check_reads_no_lesson(tmp_path: Path) -> None:
    listed, _ = load_plugins(include_entry_points=False, defer=True)
    plugin = listed["buried-treasure"]
    assert lesson_file(plugin) == lesson_file(PLUGINS["buried-treasure"])
    assert not plugin.imported  # found from the folder, the game's code not imported
