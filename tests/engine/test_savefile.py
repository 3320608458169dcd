"""Save files: round trips, every kind of damage with its message, atomic writes, undo reasons."""

from __future__ import annotations

import json
import os
import random
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tabletop.api import GamePlugin
from tabletop.engine import CHANCE, Event, Session, UndoRefusedError
from tabletop.engine import savefile as sf
from tabletop.engine.savefile import SaveFileError
from tabletop.games.magos.model import MagosGame
from tabletop.text import render
from tests.toygame import DEAL_WORDS, TOY_WORDS, PrivateDealToy, ToyGame, ToyState, ToyView

GAMES: dict[str, Any] = {"toy": GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)}


def toy_session(seed: int = 3, moves: int = 2) -> Session:
    s = Session(ToyGame(), seed=seed, human_seats=[0])
    for _ in range(moves):
        s.submit(s.current_player(), "take:1")
    return s


def write_toy(tmp_path: Path, name: str = "game.json", **ui: Any) -> tuple[Path, Session]:
    s = toy_session()
    path = tmp_path / name
    sf.save(path, s, ["human", "easy"], ui=ui)
    return path, s


def edited(path: Path, change: Any) -> Path:
    """Rewrite the save at ``path`` after ``change(obj)`` edited its JSON object."""
    obj = json.loads(path.read_text())
    change(obj)
    path.write_text(json.dumps(obj))
    return path


def error_of(path: Path, games: Any = GAMES, **kw: Any) -> SaveFileError:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveFileError) as info:
        sf.load(path, games, **kw)
    # A file the player chose is never changed or moved by a failed load.
    assert (path.read_bytes() if path.is_file() else None) == before
    assert str(path) in str(info.value)
    return info.value


def error_in(path: Path, content: str | bytes) -> SaveFileError:
    """The error of loading ``path`` once it holds ``content`` (checked as ``error_of``)."""
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return error_of(path)


# -- round trips -----------------------------------------------------------------------------

def test_toy_round_trip_keeps_everything(tmp_path: Path) -> None:
    path, s = write_toy(tmp_path, viewing_seat=0)
    raw = path.read_bytes()
    raw.decode("ascii")  # files are plain ASCII JSON
    obj = json.loads(raw)
    assert obj["format"] == "tabletop-save" and obj["format_version"] == 1
    assert obj["game"] == {"id": "toy", "rules_version": "1"}
    assert obj["seats"] == [{"type": "human"}, {"type": "ai", "level": "easy"}]
    assert obj["log"][:2] == [[CHANCE, f"deal:{s.state.secret[0]}"],
                              [CHANCE, f"deal:{s.state.secret[1]}"]]
    assert obj["created"].endswith("Z") and obj["app_version"]
    again, data = sf.load(path, GAMES)
    assert again.state_hash() == s.state_hash() == data.state_hash
    assert again.decisions() == s.decisions()
    assert again.human_seats == frozenset({0})
    assert data.seats == ["human", "easy"] and data.options == {"stones": 7}
    assert data.ui == {"viewing_seat": 0} and data.moves == 2 and not data.finished
    # The loaded match goes on exactly as the original would have.
    s.submit(0, "take:2")
    again.submit(0, "take:2")
    assert again.state_hash() == s.state_hash()


def test_finished_game_records_its_result(tmp_path: Path) -> None:
    s = toy_session(moves=7)
    assert s.is_terminal()
    data = sf.save(tmp_path / "done.json", s, ["human", "hard"])
    assert data.finished and data.result == [float(x) for x in s.returns()]
    again, loaded = sf.load(tmp_path / "done.json", GAMES)
    assert again.is_terminal() and loaded.result == data.result


def test_magos_round_trip_from_a_seeded_random_game(tmp_path: Path) -> None:
    game = MagosGame()
    s = Session(game, seed=11, human_seats=[0])
    rng = random.Random(4)
    for _ in range(40):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.submit(s.current_player(), legal[rng.randrange(len(legal))])
    path = tmp_path / "magos.json"
    sf.save(path, s, ["human", "normal"])
    again, data = sf.load(path, {"magos": game})
    assert again.state_hash() == s.state_hash()
    assert any(seat == CHANCE for seat, _ in data.log)  # dice and draws are in the log
    assert again.observation(0) == s.observation(0)


def test_lookup_may_be_a_function_or_hold_plugins(tmp_path: Path) -> None:
    class Plugin:
        game = ToyGame()

    path, s = write_toy(tmp_path)
    assert sf.load(path, lambda gid: ToyGame() if gid == "toy" else None)[0].state_hash() == \
        s.state_hash()
    assert sf.load(path, {"toy": Plugin()})[0].state_hash() == s.state_hash()


# -- damage ----------------------------------------------------------------------------------

def test_truncated_file(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    text = path.read_text()
    for cut in (1, 40, len(text) // 2, len(text) - 3):
        err = error_in(path, text[:cut])
        assert err.kind == sf.TRUNCATED and "cut short" in str(err)
    assert error_in(path, "").kind == sf.TRUNCATED


def test_not_json(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    err = error_in(path, "Dear diary, today I won.")
    assert err.kind == sf.NOT_JSON and "not valid JSON" in str(err)
    for content in (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", '{"format": "tabletop-save", "seed": NaN}',
                    "[" * 100_000 + "]" * 100_000, '{"a": 1} trailing'):
        assert error_in(path, content).kind == sf.NOT_JSON, content[:40]


def test_json_that_is_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    err = error_in(path, '{"name": "package.json"}')
    assert err.kind == sf.BAD_FIELD and "not a Tabletop save" in str(err)
    assert error_in(path, "[1, 2, 3]").kind == sf.BAD_FIELD


def test_wrong_version(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    edited(path, lambda o: o.update(format_version=2))
    err = error_of(path)
    assert err.kind == sf.WRONG_VERSION and "newer Tabletop" in str(err) and "format 2" in str(err)
    edited(path, lambda o: o.pop("format_version"))
    assert error_of(path).kind == sf.WRONG_VERSION
    edited(path, lambda o: o.update(format_version="1"))
    assert error_of(path).kind == sf.WRONG_VERSION


def test_unknown_game(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    edited(path, lambda o: o["game"].update(id="go"))
    err = error_of(path)
    assert err.kind == sf.UNKNOWN_GAME and "'go'" in str(err) and "not installed" in str(err)


@pytest.mark.parametrize(("change", "words"), [
    (lambda o: o.pop("seed"), "'seed' is missing"),
    (lambda o: o.update(seed="3"), "'seed' must be a whole number, not text"),
    (lambda o: o.update(seed=True), "'seed' must be a whole number, not true/false"),
    (lambda o: o.update(players=0), "'players' is 0"),
    (lambda o: o["game"].pop("rules_version"), "'game.rules_version' is missing"),
    (lambda o: o.update(seats=[{"type": "human"}]), "lists 1 seats for 2 players"),
    (lambda o: o["seats"][1].update(type="robot"), "'seats[1].type' is 'robot'"),
    (lambda o: o["seats"][1].pop("level"), "'seats[1].level' is missing"),
    (lambda o: o["log"].__setitem__(2, "take:1"), "log entry 3 is not a pair"),
    (lambda o: o["log"].__setitem__(2, [5, "take:1"]), "names seat 5"),
    (lambda o: o.update(state_hash="abc"), "not a SHA-256 digest"),
    (lambda o: o.update(options={"stones": 8}), "must be one of 5, 7, 9"),
    (lambda o: o.update(options={"colour": "red"}), "no option 'colour'"),
    (lambda o: o.update(options={"stones": [7]}), "'options.stones' must be"),
    (lambda o: o.update(players=3, seats=[{"type": "human"}] * 3), "exactly 2 players"),
    (lambda o: o.update(result="won"), "'result' must be a list of numbers or null"),
    (lambda o: o.update(ui=[]), "'ui' must be an object"),
])
def test_bad_fields_are_named(tmp_path: Path, change: Any, words: str) -> None:
    path, _ = write_toy(tmp_path)
    err = error_of(edited(path, change))
    assert err.kind == sf.BAD_FIELD
    assert words in str(err)


def test_log_that_does_not_replay(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    edited(path, lambda o: o["log"].__setitem__(2, [0, "take:9"]))
    err = error_of(path)
    assert err.kind == sf.REPLAY_FAILED and "entry 3 ('take:9')" in str(err)
    assert "Only 7 stones" in str(err)
    # Out of turn: seat 2 moves first.
    edited(path, lambda o: o["log"].__setitem__(2, [1, "take:1"]))
    assert error_of(path).kind == sf.REPLAY_FAILED
    # A chance outcome that cannot happen: the same card dealt twice.
    edited(path, lambda o: o["log"].__setitem__(1, list(o["log"][0])))
    assert error_of(path).kind == sf.REPLAY_FAILED
    # Stopping before the deal is complete.
    edited(path, lambda o: o.update(log=o["log"][:1]))
    err = error_of(path)
    assert err.kind == sf.REPLAY_FAILED and "stops before" in str(err)


def test_replay_failure_mentions_different_rules(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    edited(path, lambda o: (o["game"].update(rules_version="0"),
                            o["log"].__setitem__(2, [0, "take:9"])))
    err = error_of(path)
    assert err.kind == sf.REPLAY_FAILED and "rules version 0" in str(err)


def test_hash_mismatch(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    edited(path, lambda o: o.update(state_hash="0" * 64))
    err = error_of(path)
    assert err.kind == sf.HASH_MISMATCH and "different position" in str(err)
    # A changed move that is still legal replays, but to another position.
    path2, _ = write_toy(tmp_path, "b.json")
    edited(path2, lambda o: o["log"].__setitem__(3, [1, "take:2"]))
    assert error_of(path2).kind == sf.HASH_MISMATCH


def test_too_large_is_refused_before_reading(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.truncate(sf.MAX_BYTES + 1)  # sparse: costs no disk space

    def no_reading(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("the file was opened")

    monkeypatch.setattr("builtins.open", no_reading)
    err = error_of_no_read(path)
    assert err.kind == sf.TOO_LARGE and "over the limit of 20 MiB" in str(err)


def error_of_no_read(path: Path) -> SaveFileError:
    with pytest.raises(SaveFileError) as info:
        sf.load(path, GAMES)
    return info.value


def test_size_limit_applies_to_text_in_memory() -> None:
    with pytest.raises(SaveFileError) as info:
        sf.loads("x" * 101, GAMES, "mem.json", limit=100)
    assert info.value.kind == sf.TOO_LARGE


def test_missing_file_is_reported_not_raised_as_oserror(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot be read"):
        sf.load(tmp_path / "nope.json", GAMES)


# -- atomic writes ---------------------------------------------------------------------------

def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    sf.save(path, toy_session(moves=3), ["human", "easy"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert sf.load(path, GAMES)[1].moves == 3


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: Any, failing: str) -> None:
    path, _ = write_toy(tmp_path)
    before = path.read_bytes()

    def boom(*_a: Any, **_k: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError, match="No space"):
        sf.save(path, toy_session(moves=4), ["human", "easy"])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# -- session additions ---------------------------------------------------------------------

def test_undo_reason_never_quotes_a_private_event() -> None:
    s = Session(PrivateDealToy(), seed=3, human_seats=[0, 1])
    with pytest.raises(UndoRefusedError) as info:
        s.undo()
    text = render(info.value.msg, "en", DEAL_WORDS, strict=True)
    assert "You are dealt" not in text and "card" in text
    assert text.startswith("Cannot undo: new information has appeared")
    # The seat dealt the card is told which event it was.
    with pytest.raises(UndoRefusedError) as info:
        s.undo_target(reader=1)
    assert "You are dealt" in render(info.value.msg, "en", DEAL_WORDS, strict=True)
    # A public revealing event is named to everyone.
    p = Session(ToyGame(), seed=3, human_seats=[0])
    with pytest.raises(UndoRefusedError) as info:
        p.undo()
    assert "Seat 2 gets a card" in render(info.value.msg, "en", DEAL_WORDS, strict=True)


def test_state_at_gives_each_recorded_state() -> None:
    s = toy_session(moves=2)
    assert s.state_at(0).secret == [0, 0]
    assert s.state_at(len(s.history)) is s.state
    assert s.state_at(3).stones == 6
    with pytest.raises(IndexError):
        s.state_at(len(s.history) + 1)
    with pytest.raises(IndexError):
        s.state_at(-1)


# -- hostile files (each of these once raised something other than SaveFileError, blocked, or
# -- produced a message too long to show) ----------------------------------------------------

def _finished(obj: dict[str, Any], value: Any) -> None:
    obj["finished"] = True
    obj["result"] = [value, 0]


@pytest.mark.parametrize("change", [
    lambda o: _finished(o, 10**400),  # no float holds it: OverflowError in the loader
    lambda o: _finished(o, -(2**1100)),
    lambda o: o.update(seed=10**30),
    lambda o: o.update(players=10**30),
])
def test_numbers_no_float_can_hold_are_refused_as_damage(tmp_path: Path, change: Any) -> None:
    path, _ = write_toy(tmp_path)
    with pytest.raises(SaveFileError) as err:
        sf.load(edited(path, change), GAMES)
    assert err.value.kind in (sf.NOT_JSON, sf.BAD_FIELD) and "too large" in err.value.problem


def test_floats_beyond_range_are_refused(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    text = path.read_text().replace('"result": null', '"result": [1e999, 0]')
    with pytest.raises(SaveFileError) as err:
        sf.loads(text, GAMES)
    assert err.value.kind == sf.NOT_JSON and "too large" in err.value.problem


def test_a_byte_order_mark_and_windows_line_ends_are_accepted(tmp_path: Path) -> None:
    path, s = write_toy(tmp_path)
    raw = b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n")  # saved by Notepad
    path.write_bytes(raw)
    session, _ = sf.load(path, GAMES)
    assert session.state_hash() == s.state_hash()
    assert sf.loads(raw.decode("utf-8"), GAMES)[0].state_hash() == s.state_hash()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: opening it for reading would wait forever
    errors: list[BaseException] = []

    def load() -> None:
        try:
            sf.load(fifo, GAMES)
        except BaseException as exc:
            errors.append(exc)
    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(60)  # a watchdog: a regression fails here instead of hanging the suite
    assert not worker.is_alive(), "loading a FIFO blocked"
    [error] = errors
    assert isinstance(error, SaveFileError) and "not a regular file" in error.problem


def test_devices_and_folders_are_refused(tmp_path: Path) -> None:
    for path, words in (("/dev/zero", "not a regular file"), (str(tmp_path), "a folder")):
        if not os.path.exists(path):
            continue
        with pytest.raises(SaveFileError) as err:
            sf.load(path, GAMES)
        assert words in err.value.problem


def test_a_huge_action_text_is_refused_in_a_short_message(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    long = "x" * (4 << 20)  # 4 MB: quoting it once froze the error dialog for over a minute

    def change(obj: dict[str, Any]) -> None:
        obj["log"][-1][1] = long
    with pytest.raises(SaveFileError) as err:
        sf.load(edited(path, change), GAMES)
    assert err.value.kind == sf.BAD_FIELD and len(str(err.value)) < 300


@pytest.mark.parametrize("action", ["take:1\x1b[2J", "\x1b[31m" + "take:1" * 30])
def test_refusals_quote_file_text_without_control_characters(tmp_path: Path,
                                                             action: str) -> None:
    path, _ = write_toy(tmp_path)

    def change(obj: dict[str, Any]) -> None:
        obj["log"][-1][1] = action
    with pytest.raises(SaveFileError) as err:
        sf.load(edited(path, change), GAMES)
    message = str(err.value)
    assert "\x1b" not in message and "\\x1b" in message and len(err.value.problem) < 400


def test_text_that_is_not_valid_unicode_is_refused(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)
    text = path.read_text().replace('"created": "', '"created": "\\ud800', 1)
    with pytest.raises(SaveFileError) as err:
        sf.loads(text, GAMES)
    assert err.value.kind == sf.NOT_JSON and "surrogate" in err.value.problem


def test_deep_nesting_is_refused_wherever_it_sits(tmp_path: Path) -> None:
    # The deep document is written as text: encoding it with json.dumps would recurse past
    # what Python 3.11 allows before the loader is even asked.
    path, _ = write_toy(tmp_path)
    for depth in (100, 5000):
        edited(path, lambda obj: obj.update(ui={"note": "DEEP"}))
        path.write_text(path.read_text().replace('"DEEP"', "[" * depth + "0" + "]" * depth))
        with pytest.raises(SaveFileError) as err:
            sf.load(path, GAMES)
        assert err.value.kind == sf.NOT_JSON and "levels deep" in err.value.problem


def test_an_unknown_computer_level_is_refused(tmp_path: Path) -> None:
    path, _ = write_toy(tmp_path)

    def change(obj: dict[str, Any]) -> None:
        obj["seats"][1] = {"type": "ai", "level": "grandmaster"}
    with pytest.raises(SaveFileError) as err:
        sf.load(edited(path, change), GAMES)
    assert err.value.kind == sf.BAD_FIELD and "grandmaster" in err.value.problem
    assert "not a computer level" in err.value.problem


class RenamedToy(ToyGame):
    """The toy game at rules version 2, which spells ``take:1`` as ``take:01``."""

    spec = replace(ToyGame.spec, rules_version="2")

    def upgrade_log(self, rules_version: str, num_players: int, options: Any,
                    log: Any) -> list[tuple[int, str]] | None:
        if rules_version != "1":
            return None
        return [(seat, action.replace("take:", "take:0") if seat >= 0 else action)
                for seat, action in log]

    def is_well_formed(self, action: str) -> bool:
        return super().is_well_formed(action.replace("take:0", "take:"))

    def legal_actions(self, state: ToyState) -> list[str]:
        return [a.replace("take:", "take:0") for a in super().legal_actions(state)]

    def apply_in_place(self, state: ToyState, action: str) -> list[Event]:
        return super().apply_in_place(state, action.replace("take:0", "take:"))


def test_a_save_of_earlier_rules_is_carried_over_by_the_game(tmp_path: Path) -> None:
    path, s = write_toy(tmp_path)  # written under rules version 1
    session, data = sf.load(path, {"toy": RenamedToy()})
    assert data.rules_version == "1" and session.state_hash() == s.state_hash()
    assert all(r.action.startswith("take:0") for r in session.history if r.seat >= 0)
    # Rules that changed without carrying old saves over refuse them, naming both versions.
    with pytest.raises(SaveFileError) as err:
        sf.load(path, {"toy": StrictRenamedToy()})
    assert err.value.kind == sf.REPLAY_FAILED and "rules version 1" in str(err.value)


class StrictRenamedToy(RenamedToy):
    def upgrade_log(self, rules_version: str, num_players: int, options: Any,
                    log: Any) -> list[tuple[int, str]] | None:
        return None


def test_a_log_longer_than_any_game_is_refused_before_it_is_replayed(
        tmp_path: Path, monkeypatch: Any) -> None:
    # A file of a million moves kept the app from starting while it replayed: no game runs
    # past its rules' bound (Game.max_game_length), so such a log is refused at once.
    path, _ = write_toy(tmp_path)
    bound = ToyGame().max_game_length()
    edited(path, lambda o: o.update(log=(o["log"] * (bound // len(o["log"]) + 2))))

    def replayed(*_args: Any) -> None:
        raise AssertionError("a move was replayed")
    monkeypatch.setattr(Session, "apply_recorded", replayed)
    err = error_of(path)
    assert err.kind == sf.BAD_FIELD
    assert f"never runs past {bound:,}" in str(err) and "'toy'" in str(err)


def test_text_with_escapes_is_read_as_written(tmp_path: Path) -> None:
    # Texts are looked at for lone surrogates only where an escape could make one; a pair
    # written as escapes (an emoji) is sound, and so are long numbers in texts.
    path, session = write_toy(tmp_path, note="x")
    written = '"note": "\\ud83d\\ude00 123456789012345678901234"'
    text = path.read_text().replace('"note": "x"', written)
    loaded, data = sf.loads(text, GAMES)
    assert data.ui["note"] == "\U0001f600 123456789012345678901234"
    assert loaded.state_hash() == session.state_hash()
