"""Thousands of damaged save files: each is refused with the right kind of error, or, when the
damage left a valid save, loads to exactly the recorded position. Never a crash, never another
exception, never a half-built match."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import Session
from tabletop.engine import savefile as sf
from tabletop.engine.savefile import SaveFileError
from tabletop.games.magos.model import MagosGame
from tests.hostile.save_corpus import delete_at, json_paths, set_at
from tests.toygame import ToyGame

FUZZ = settings(max_examples=500, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
GAMES: dict[str, Any] = {"toy": ToyGame(), "magos": MagosGame()}
OK = "ok"


def _toy_text() -> str:
    s = Session(ToyGame(), 2, {"stones": 9}, seed=8, human_seats=[0])
    for k in (1, 2, 1, 1):
        s.submit(s.current_player(), f"take:{k}")
    return sf.dump(sf.from_session(s, ["human", "normal"], ui={"viewing_seat": 0}))


def _magos_text() -> str:
    s = Session(MagosGame(), seed=5, human_seats=[0])
    rng = random.Random(2)
    for _ in range(25):
        legal = s.legal_actions()
        if not legal:
            break
        s.submit(s.current_player(), legal[rng.randrange(len(legal))])
    return sf.dump(sf.from_session(s, ["human", "hard"]))


TOY = _toy_text()
MAGOS = _magos_text()
TOY_OBJ = json.loads(TOY)


def outcome(raw: bytes | str) -> str:
    """``OK`` after checking the loaded match really is the recorded one, else the error kind."""
    try:
        session, data = sf.loads(raw, GAMES, "damaged.json")
    except SaveFileError as exc:
        assert exc.kind in sf.KINDS
        assert "damaged.json" in str(exc) and exc.problem
        return exc.kind
    assert session.state_hash() == data.state_hash
    assert [(r.seat, r.action) for r in session.history] == data.log
    return OK


@FUZZ
@given(st.sampled_from([TOY, MAGOS]), st.data())
def test_truncated_files_say_truncated(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text.rstrip()) - 1))
    assert outcome(text[:cut].encode()) == sf.TRUNCATED


@settings(FUZZ, max_examples=1200)
@given(st.lists(st.tuples(st.integers(0, len(TOY) - 1), st.integers(1, 255)),
                min_size=1, max_size=4))
def test_flipped_bytes_never_crash(flips: list[tuple[int, int]]) -> None:
    raw = bytearray(TOY.encode())
    for pos, mask in flips:
        raw[pos] ^= mask
    assert outcome(bytes(raw)) != sf.TOO_LARGE


PATHS = json_paths(TOY_OBJ)

# What deleting a field may lead to, by its place in the file.
DELETED: dict[str, set[str]] = {
    "format": {sf.BAD_FIELD},
    "format_version": {sf.WRONG_VERSION},
    "game": {sf.BAD_FIELD},
    "players": {sf.BAD_FIELD},
    # The whole object is required; a missing key takes its default, which changes the game.
    "options": {sf.BAD_FIELD, sf.REPLAY_FAILED, sf.HASH_MISMATCH},
    "seats": {sf.BAD_FIELD},
    "seed": {sf.BAD_FIELD},
    "log": {sf.BAD_FIELD, sf.REPLAY_FAILED, sf.HASH_MISMATCH},
    "state_hash": {sf.BAD_FIELD},
}
# What replacing a field's value by one of another type may lead to.
RETYPED: dict[str, set[str]] = {
    "format": {sf.BAD_FIELD},
    "format_version": {sf.WRONG_VERSION},
    "game": {sf.BAD_FIELD, sf.UNKNOWN_GAME, sf.REPLAY_FAILED, sf.HASH_MISMATCH, OK},
    "players": {sf.BAD_FIELD},
    "options": {sf.BAD_FIELD, sf.HASH_MISMATCH, OK},
    "seats": {sf.BAD_FIELD, OK},
    "seed": {sf.BAD_FIELD, sf.REPLAY_FAILED, sf.HASH_MISMATCH, OK},
    "log": {sf.BAD_FIELD, sf.REPLAY_FAILED, sf.HASH_MISMATCH},
    "state_hash": {sf.BAD_FIELD, sf.HASH_MISMATCH},
}
METADATA = {sf.BAD_FIELD, OK}  # created, updated, app_version, finished, result, ui


def _edit(path: tuple[Any, ...], value: Any = None, delete: bool = False) -> str:
    obj = json.loads(TOY)
    if delete:
        delete_at(obj, path)
    else:
        set_at(obj, path, value)
    return json.dumps(obj)


@FUZZ
@given(st.sampled_from(PATHS))
def test_deleted_fields_are_named(path: tuple[Any, ...]) -> None:
    result = outcome(_edit(path, delete=True))
    assert result in DELETED.get(path[0], METADATA), (path, result)


OTHER_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2),
                         st.text(max_size=6), st.just([]), st.just({}),
                         st.just([0, "take:1"]), st.just({"type": "human"}))


@FUZZ
@given(st.sampled_from(PATHS), OTHER_VALUES)
def test_changed_values_never_crash(path: tuple[Any, ...], value: Any) -> None:
    node: Any = TOY_OBJ
    for key in path:
        node = node[key]
    result = outcome(_edit(path, value))
    if value == node and type(value) is type(node):
        assert result == OK
        return
    assert result in RETYPED.get(path[0], METADATA), (path, value, result)
