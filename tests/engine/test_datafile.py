"""The data-file reader reads every TOML text as ``tomllib`` does: the repository's own files,
the TOML it hands on, and a seeded corpus of damaged copies of the files (each either read to
the same data or refused by ``tomllib``'s error); and the parsed copies the app keeps between
starts are read only while their file is unchanged, and never break a read."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import datafile
from tabletop.engine.datafile import _simple, loads, read_toml

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "tabletop").rglob("*.toml"))


def outcome(read: Any, text: str) -> object:
    try:
        return read(text)
    except tomllib.TOMLDecodeError:
        return "refused"


#: Lessons (``lesson-<game>.toml``) are arrays of tables (``[[move]]``), read by ``tomllib`` when a
#: lesson is opened: no start reads them, so the fast path need not.
LESSONS = [p for p in FILES if p.name.startswith("lesson-")]


def test_every_data_file_is_read_by_the_fast_path_as_tomllib_reads_it() -> None:
    assert len(FILES) - len(LESSONS) >= 15
    for path in FILES:
        if path in LESSONS:
            continue
        text = path.read_text(encoding="utf-8")
        assert _simple(text) == tomllib.loads(text), path  # no fallback needed for our files


def test_every_lesson_reads_as_tomllib_reads_it() -> None:
    assert LESSONS
    for path in LESSONS:
        text = path.read_text(encoding="utf-8")
        assert loads(text) == tomllib.loads(text), path


@pytest.mark.parametrize("text", [
    'a = 1.5', 'x.y = 1', 'a = """q"""', "a = 'literal'", 'a = { b = 1 }', '[[t]]\nb = 1',
    'a = "x\\/y"', 'a = "\\ud83d\\ude00"', 'a = [1, 2,]', 'a = [\n "x", # c\n "y",\n]',
    '[t]\nb = true\n[t]\nc = 1', 'a = 1\na = 2', 'a = "tab\there"', 'a = 01', 'a = +1',
    'a = 1_000', 'a = "x" "y"', 'a = ["x",, "y"]', 'a = [', 'a = "\\U0001F600"', '"k k" = 1',
    'a = -0', 'a = true # yes', '[ "t t" ]\nb = [[1, 2], [3]]', 'a = 0x1F', 'a = "\\e"',
])
def test_toml_beyond_the_fast_path_reads_as_tomllib_reads_it(text: str) -> None:
    assert outcome(loads, text) == outcome(tomllib.loads, text)


def test_damaged_copies_of_the_data_files_read_as_tomllib_reads_them() -> None:
    rng = random.Random("datafile")
    marks = ['"', "[", "]", ",", "=", "#", "\\", "\n", " ", "x", "1", "'", "{", ".", "\t"]
    tried = 0
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for _ in range(60):
            chars = list(text)
            for _ in range(rng.randint(1, 4)):
                at = rng.randrange(len(chars))
                change = rng.randrange(3)
                if change == 0:
                    del chars[at]
                elif change == 1:
                    chars.insert(at, rng.choice(marks))
                else:
                    chars[at] = rng.choice(marks)
            damaged = "".join(chars)
            assert outcome(loads, damaged) == outcome(tomllib.loads, damaged), (path, damaged)
            tried += 1
    assert tried >= 900


def test_a_parsed_copy_beside_the_file_is_read_instead(tmp_path: Path) -> None:
    # The bundle carries <name>.json beside each data file: the app reads it and parses nothing.
    path = tmp_path / "words.toml"
    path.write_text('"a" = ["x", "y"]\n', encoding="utf-8")
    assert read_toml(path) == {"a": ["x", "y"]}
    (tmp_path / "words.toml.json").write_text('{"a": ["from", "copy"]}', encoding="utf-8")
    assert read_toml(path) == {"a": ["from", "copy"]}
    (tmp_path / "words.toml.json").write_text('["not", "a", "table"]', encoding="utf-8")
    with pytest.raises(ValueError, match="does not hold a table"):
        read_toml(path)


def test_two_numbers_without_a_comma_stay_two_and_are_refused() -> None:
    # A damaged game.toml once read "players = [1\n 1]" as [11]: a one-seat game of eleven.
    for text in ('players = [1\n 1]\n', 'players = [1 2]\n', 'name = ["a" "b"]\n'):
        with pytest.raises(tomllib.TOMLDecodeError):
            tomllib.loads(text)
        with pytest.raises(tomllib.TOMLDecodeError):
            loads(text)


# -- parsed files kept between starts (keep_parsed) ------------------------------------------
@pytest.fixture
def kept(tmp_path: Path) -> Iterator[Path]:
    """A cache file for the test, and no cache once it is over."""
    cache = tmp_path / "cache" / "parsed-data.json"
    datafile.keep_parsed(cache)
    yield cache
    datafile.keep_parsed(None)


def _counting() -> tuple[list[str], Callable[[str], dict[str, Any]]]:
    calls: list[str] = []

    def parse(text: str) -> dict[str, Any]:
        calls.append(text)
        return datafile.loads(text)
    return calls, parse


def test_a_kept_copy_is_read_while_the_file_is_unchanged(tmp_path: Path, kept: Path) -> None:
    source = tmp_path / "words.toml"
    source.write_text('hello = ["Hello", "こんにちは"]\n', encoding="utf-8")
    calls, parse = _counting()
    first = datafile.read_cached("t", source, parse)
    datafile.keep_parsed(kept)  # the next start: written at the end of the first, read anew
    assert kept.is_file()
    again = datafile.read_cached("t", source, parse)
    assert first == again == {"hello": ["Hello", "こんにちは"]}
    assert len(calls) == 1


def test_a_changed_file_is_parsed_again(tmp_path: Path, kept: Path) -> None:
    source = tmp_path / "words.toml"
    source.write_text('hello = ["Hello", "こんにちは"]\n', encoding="utf-8")
    calls, parse = _counting()
    datafile.read_cached("t", source, parse)
    datafile.keep_parsed(kept)
    source.write_text('hello = ["Hi", "やあ"]\n', encoding="utf-8")
    assert datafile.read_cached("t", source, parse) == {"hello": ["Hi", "やあ"]}
    assert len(calls) == 2


def test_a_copy_changed_by_its_reader_is_not_served_again(tmp_path: Path, kept: Path) -> None:
    source = tmp_path / "words.toml"
    source.write_text('hello = ["Hello", "こんにちは"]\n', encoding="utf-8")
    calls, parse = _counting()
    datafile.read_cached("t", source, parse)
    datafile.keep_parsed(kept)
    datafile.read_cached("t", source, parse)["hello"] = "changed"
    assert datafile.read_cached("t", source, parse) == {"hello": ["Hello", "こんにちは"]}
    assert len(calls) == 2  # the first read, and the one after the copy was given out


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", '{"t": [1, 2]}', '{"t": "x"}'])
def test_a_damaged_cache_is_ignored_and_written_anew(tmp_path: Path, damage: str) -> None:
    source = tmp_path / "words.toml"
    source.write_text('hello = ["Hello", "こんにちは"]\n', encoding="utf-8")
    cache = tmp_path / "parsed-data.json"
    cache.write_text(damage, encoding="utf-8")
    calls, parse = _counting()
    try:
        datafile.keep_parsed(cache)
        assert datafile.read_cached("t", source, parse) == {"hello": ["Hello", "こんにちは"]}
        datafile.keep_parsed(cache)
        assert datafile.read_cached("t", source, parse) == {"hello": ["Hello", "こんにちは"]}
    finally:
        datafile.keep_parsed(None)
    assert len(calls) == 1


def test_a_cache_that_cannot_be_written_is_not_kept(tmp_path: Path) -> None:
    source = tmp_path / "words.toml"
    source.write_text('hello = ["Hello", "こんにちは"]\n', encoding="utf-8")
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    cache = blocker / "parsed-data.json"  # under a file: no folder can be made there
    try:
        datafile.keep_parsed(cache)
        assert datafile.read_cached("t", source, datafile.loads) == {
            "hello": ["Hello", "こんにちは"]}
        datafile.keep_parsed(None)  # saves, and fails quietly
    finally:
        datafile.keep_parsed(None)
    assert not cache.exists()


def test_a_broken_file_is_not_kept(tmp_path: Path, kept: Path) -> None:
    source = tmp_path / "words.toml"
    source.write_text('hello = ["Hello", \n', encoding="utf-8")
    with pytest.raises(ValueError):
        datafile.read_cached("t", source, datafile.loads)
    datafile.keep_parsed(kept)
    assert not kept.exists()
