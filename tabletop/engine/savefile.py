"""Save files: versioned JSON that rebuilds a match by replaying its log, never by unpickling.

A save holds what is needed to play a match again from the start (game id, rules version,
options, seats, seed and the action log with every chance outcome) plus a digest of the final
state. Loading replays the log with the game's own rules and compares the digest, so a file that
was damaged, edited or written by other rules is refused instead of opening a wrong position.
Nothing in a file is ever executed: it is parsed as JSON and each field is checked.

Every way a file can be bad raises one ``SaveFileError`` whose ``kind`` says which way and
whose message names the file and the problem in words a player understands. Writes are atomic:
a crash or power loss in the middle of a save leaves the old file whole. The format is
described in ``docs/save-format.md``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from . import files
from .errors import GameError
from .errors import SaveFileError as SaveFileError  # still importable from here
from .game import CHANCE, TERMINAL, Game
from .messages import Msg
from .session import Session, state_hash
from .spec import AI_LEVELS, OptionValue

FORMAT = "tabletop-save"
FORMAT_VERSION = 1
MAX_BYTES = 20 * 1024 * 1024
#: The longest text a save holds in one field (an id, a level, an action text); the app never
#: writes one of more than a few dozen characters.
MAX_TEXT = 256
HUMAN = "human"

# The ways a save file can be bad; ``SaveFileError.kind`` is one of these.
TRUNCATED = "truncated"
NOT_JSON = "not_json"
WRONG_VERSION = "wrong_version"
UNKNOWN_GAME = "unknown_game"
BAD_FIELD = "bad_field"
REPLAY_FAILED = "replay_failed"
HASH_MISMATCH = "hash_mismatch"
TOO_LARGE = "too_large"
KINDS: tuple[str, ...] = (TRUNCATED, NOT_JSON, WRONG_VERSION, UNKNOWN_GAME, BAD_FIELD,
                          REPLAY_FAILED, HASH_MISMATCH, TOO_LARGE)

GameLookup = Mapping[str, Any] | Callable[[str], Any]
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SEAT_KINDS = (HUMAN, "ai")
#: The computer levels a seat of a saved game may have (the command line's yardstick agents
#: never sit in a saved game).
SEAT_LEVELS = AI_LEVELS


@dataclass
class SaveData:
    """One save file's content, checked. ``seats`` holds ``"human"`` or an AI level per seat.

    ``ui`` is for the app (viewing seat and the like); the engine keeps it but never reads it.
    """

    game_id: str
    rules_version: str
    players: int
    options: dict[str, OptionValue]
    seats: list[str]
    seed: int
    log: list[tuple[int, str]]
    state_hash: str
    finished: bool = False
    result: list[float] | None = None
    created: str = ""
    updated: str = ""
    app_version: str = ""
    ui: dict[str, Any] = field(default_factory=dict)

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def moves(self) -> int:
        """Decisions by the players (chance outcomes left out)."""
        return sum(1 for seat, _ in self.log if seat != CHANCE)


def now_iso() -> str:
    """The current time as an ISO 8601 UTC timestamp with a ``Z``, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _app_version() -> str:
    try:
        from tabletop import __version__
    except ImportError:  # the engine used on its own
        return ""
    return str(__version__)


def from_session(session: Session, seats: list[str], *, created: str | None = None,
                 ui: Mapping[str, Any] | None = None) -> SaveData:
    """The save of ``session`` as it stands; ``seats`` gives ``"human"`` or an AI level."""
    if len(seats) != session.num_players:
        raise ValueError(f"{session.num_players} players need {session.num_players} seats.")
    stamp = now_iso()
    finished = session.is_terminal()
    return SaveData(
        game_id=session.game.spec.id,
        rules_version=session.game.spec.rules_version,
        players=session.num_players,
        options=dict(session.options),
        seats=list(seats),
        seed=session.seed,
        log=[(r.seat, r.action) for r in session.history],
        state_hash=session.state_hash(),
        finished=finished,
        result=[float(x) for x in session.returns()] if finished else None,
        created=created or stamp,
        updated=stamp,
        app_version=_app_version(),
        ui=dict(ui or {}),
    )


def to_json(data: SaveData) -> dict[str, Any]:
    """The JSON object of a save (see ``docs/save-format.md``)."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": data.app_version,
        "created": data.created,
        "updated": data.updated,
        "game": {"id": data.game_id, "rules_version": data.rules_version},
        "players": data.players,
        "options": dict(data.options),
        "seats": [{"type": HUMAN} if s == HUMAN else {"type": "ai", "level": s}
                  for s in data.seats],
        "seed": data.seed,
        "log": [[seat, action] for seat, action in data.log],
        "finished": data.finished,
        "result": data.result,
        "state_hash": data.state_hash,
        "ui": data.ui,
    }


def dump(data: SaveData) -> str:
    """The text of a save file: ASCII-only JSON, one log entry per line, for easy diffing."""
    obj = to_json(data)
    log = obj.pop("log")
    head = json.dumps(obj, indent=1, ensure_ascii=True, sort_keys=False)
    lines = ",\n  ".join(json.dumps(entry, ensure_ascii=True) for entry in log)
    body = f'"log": [\n  {lines}\n ]' if log else '"log": []'
    # The log goes last so that a file cut short loses moves, not the header.
    return head[:-2] + ",\n " + body + "\n}\n"


def write_atomic(path: str | os.PathLike[str], data: SaveData | str | bytes) -> None:
    """Write ``data`` (a save, or any text) to ``path`` atomically (``files.write_atomic``):
    ``path`` holds either the old or the new file, whatever happens meanwhile."""
    files.write_atomic(path, dump(data) if isinstance(data, SaveData) else data)


# -- reading ---------------------------------------------------------------------------------

def read_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The file's bytes, refusing anything but a regular file of at most ``limit`` bytes
    before reading it (a FIFO or a device never blocks or floods the app)."""
    name = os.fspath(path)
    try:
        return files.read_limited(name, limit)
    except files.FileProblem as exc:
        raise _file_error(exc, name) from None


def _file_error(exc: files.FileProblem, path: str) -> SaveFileError:
    kind = {files.TOO_LARGE: TOO_LARGE, files.TRUNCATED: TRUNCATED}.get(exc.kind, NOT_JSON)
    problem = exc.problem
    if exc.kind == files.TOO_LARGE:
        problem = problem.replace("such a file", "a save file")
    return SaveFileError(kind, path, problem)


def parse(raw: bytes | str, path: str = "<save>", limit: int = MAX_BYTES) -> SaveData:
    """Check a save file's text field by field; raise ``SaveFileError`` on any problem."""
    if len(raw) > limit:
        raise SaveFileError(TOO_LARGE, path, f"the file is {files.mib(len(raw))}; a save "
                                             f"file is at most {files.mib(limit)}.")
    # A save near the size limit holds about a million small lists: the cyclic collector,
    # woken again and again while they are made, would walk them all each time (JSON makes
    # no cycles for it to find).
    with files.no_cyclic_collection():
        try:
            text = files.decode_text(raw) if isinstance(raw, bytes) else raw
            obj = files.parse_json(text)
        except files.FileProblem as exc:
            raise _file_error(exc, path) from None
        return _from_obj(obj, path)


class _Fields:
    """Typed access to a JSON object's fields, raising ``bad_field`` errors that name them."""

    def __init__(self, obj: Mapping[str, Any], path: str, where: str = "") -> None:
        self.obj = obj
        self.path = path
        self.where = where

    def bad(self, key: str, problem: str) -> SaveFileError:
        return SaveFileError(BAD_FIELD, self.path,
                             f"the field '{files.quote(self.where + key)}' {problem}.")

    def get(self, key: str, kind: type | tuple[type, ...], what: str,
            required: bool = True, default: Any = None) -> Any:
        if key not in self.obj:
            if required:
                raise SaveFileError(BAD_FIELD, self.path,
                                    f"the field '{self.where}{key}' is missing.")
            return default
        value = self.obj[key]
        # JSON true/false must not pass for the numbers 1/0.
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.bad(key, f"must be {what}, not {_kind_name(value)}")
        if not isinstance(value, kind):
            raise self.bad(key, f"must be {what}, not {_kind_name(value)}")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise self.bad(key, f"holds {len(value):,} characters; at most {MAX_TEXT}")
        return value


def _kind_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _from_obj(obj: Any, path: str) -> SaveData:
    if not isinstance(obj, dict):
        raise SaveFileError(BAD_FIELD, path, "the file holds JSON but not a Tabletop save "
                                             "(it is not a JSON object).")
    if obj.get("format") != FORMAT:
        raise SaveFileError(BAD_FIELD, path, f"the file holds JSON but not a Tabletop save "
                                             f"(no \"format\": \"{FORMAT}\").")
    version = obj.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveFileError(WRONG_VERSION, path, "the file has no format version this version "
                                                 "of Tabletop can read.")
    if version != FORMAT_VERSION:
        newer = " It was written by a newer Tabletop; update Tabletop to open it." \
            if version > FORMAT_VERSION else ""
        raise SaveFileError(WRONG_VERSION, path, f"the file uses save format {version}; this "
                                                 f"version of Tabletop reads format "
                                                 f"{FORMAT_VERSION}.{newer}")
    f = _Fields(obj, path)
    game = _Fields(f.get("game", dict, "an object"), path, "game.")
    game_id = game.get("id", str, "text")
    rules_version = game.get("rules_version", str, "text")
    players = f.get("players", int, "a whole number")
    if not 1 <= players <= 64:
        raise f.bad("players", f"is {players}, not a number of players")
    options = f.get("options", dict, "an object")
    for key, value in options.items():
        if isinstance(value, float) or not isinstance(value, bool | int | str):
            raise f.bad(f"options.{key}", "must be true/false, a whole number or text")
    seats = _seats(f.get("seats", list, "a list"), players, path)
    seed = f.get("seed", int, "a whole number")
    log = _log(f.get("log", list, "a list"), players, path)
    digest = f.get("state_hash", str, "text")
    if not _HEX64.fullmatch(digest):
        raise f.bad("state_hash", "is not a SHA-256 digest (64 hexadecimal digits)")
    finished = f.get("finished", bool, "true or false", required=False, default=False)
    result = f.get("result", (list, type(None)), "a list of numbers or null", required=False)
    if result is not None:
        if len(result) != players or not all(
                isinstance(x, int | float) and not isinstance(x, bool) for x in result):
            raise f.bad("result", f"must hold one number per player ({players})")
        result = [float(x) for x in result]
    return SaveData(
        game_id=game_id,
        rules_version=rules_version,
        players=players,
        options=dict(options),
        seats=seats,
        seed=seed,
        log=log,
        state_hash=digest,
        finished=finished,
        result=result,
        created=f.get("created", str, "text", required=False, default=""),
        updated=f.get("updated", str, "text", required=False, default=""),
        app_version=f.get("app_version", str, "text", required=False, default=""),
        ui=dict(f.get("ui", dict, "an object", required=False, default={})),
    )


def _seats(raw: list[Any], players: int, path: str) -> list[str]:
    if len(raw) != players:
        raise SaveFileError(BAD_FIELD, path, f"the field 'seats' lists {len(raw)} seats for "
                                             f"{players} players.")
    seats: list[str] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise SaveFileError(BAD_FIELD, path, f"the field 'seats[{i}]' must be an object.")
        f = _Fields(item, path, f"seats[{i}].")
        kind = f.get("type", str, "text")
        if kind not in _SEAT_KINDS:
            raise f.bad("type", f"is '{files.quote(kind)}', not 'human' or 'ai'")
        if kind == HUMAN:
            seats.append(HUMAN)
            continue
        level = f.get("level", str, "text")
        if level not in SEAT_LEVELS:
            raise f.bad("level", f"is '{files.quote(level)}', not a computer level "
                                 f"({', '.join(SEAT_LEVELS)})")
        seats.append(level)
    return seats


def _log(raw: list[Any], players: int, path: str) -> list[tuple[int, str]]:
    # A long log is read in one tight pass (``type(...) is int`` keeps true/false out); the
    # first entry that fails it is looked at again, to say what is wrong with it.
    log: list[tuple[int, str]] = []
    append = log.append
    for i, entry in enumerate(raw):
        if type(entry) is list and len(entry) == 2:
            seat, action = entry
            if (type(seat) is int and type(action) is str and len(action) <= MAX_TEXT
                    and (seat == CHANCE or 0 <= seat < players)):
                append((seat, action))
                continue
        raise _bad_entry(i, entry, players, path)
    return log


def _bad_entry(i: int, entry: Any, players: int, path: str) -> SaveFileError:
    """Why the log entry at index ``i`` is not one a save holds."""
    if (not isinstance(entry, list) or len(entry) != 2 or isinstance(entry[0], bool)
            or not isinstance(entry[0], int) or not isinstance(entry[1], str)):
        return SaveFileError(BAD_FIELD, path, f"the log entry {i + 1} is not a pair of a "
                                              f"seat number and an action text.")
    seat, action = entry
    if len(action) > MAX_TEXT:
        return SaveFileError(BAD_FIELD, path, f"the log entry {i + 1} holds an action text "
                                              f"of {len(action):,} characters; no action "
                                              f"is longer than {MAX_TEXT}.")
    return SaveFileError(BAD_FIELD, path, f"the log entry {i + 1} names seat {seat}, "
                                          f"but the game has {players} players.")


def find_game(games: GameLookup, game_id: str) -> Game[Any] | None:
    found = games(game_id) if callable(games) else games.get(game_id)
    if found is None:
        return None
    try:
        game = getattr(found, "game", found)  # a GamePlugin or the game itself
    except GameError:  # a plugin whose rules do not load: as good as not installed
        return None
    return game if isinstance(game, Game) else None


def _find_words(games: GameLookup, game_id: str) -> Any:
    """The catalogue of a game looked up as a plugin (``None`` for a bare game): an object
    with ``say(msg, lang)``, so that the engine words a refusal without knowing any words."""
    found = games(game_id) if callable(games) else games.get(game_id)
    return getattr(found, "words", None) if not isinstance(found, Game) else None


def restore(data: SaveData, games: GameLookup, path: str = "<save>") -> Session:
    """Replay ``data``'s log with its game's rules and check the final state's digest."""
    game = find_game(games, data.game_id)
    if game is None:
        raise SaveFileError(UNKNOWN_GAME, path, f"it is a game of '{files.quote(data.game_id)}', "
                                                f"which is not installed.")
    spec = game.spec
    different = data.rules_version != spec.rules_version
    rules_note = (f" The file was made with rules version {files.quote(data.rules_version)}; "
                  f"the installed game has version {spec.rules_version}." if different else "")
    try:
        spec.check_players(data.players)
        spec.resolve_options(data.options)
    except Exception as exc:
        raise SaveFileError(BAD_FIELD, path, f"{files.quote(exc, 200)}{rules_note}") from None
    try:
        session = Session.from_json(game, {
            "players": data.players,
            "options": data.options,
            "seed": data.seed,
            "human_seats": data.human_seats,
            "log": [],
        })
    except Exception as exc:
        raise SaveFileError(BAD_FIELD, path, f"the game cannot be set up from the file: "
                                             f"{files.quote(exc, 200)}.{rules_note}") from None
    words = _find_words(games, data.game_id)
    log = data.log
    # No game lasts longer than its rules allow: a longer log is refused before its first
    # move is replayed (replaying a million moves would keep the app from starting).
    bound = game.max_game_length()
    if len(log) > bound:
        raise SaveFileError(BAD_FIELD, path, f"its log holds {len(log):,} entries, but a game "
                                             f"of '{files.quote(spec.id)}' never runs past "
                                             f"{bound:,}.{rules_note}")
    if different:
        try:
            upgraded = game.upgrade_log(data.rules_version, data.players, session.options,
                                        data.log)
        except Exception:  # a log the upgrade cannot follow fails below, as it is
            upgraded = None
        if upgraded is not None:
            log = upgraded
    for i, (seat, action) in enumerate(log):
        try:
            session.apply_recorded(seat, action)
        except Exception as exc:  # any failure of the game's code on a bad log is the file's
            said = exc.msg if isinstance(exc, GameError) else str(exc)
            if isinstance(said, Msg) and words is not None:
                said = words.say(said, "en")  # the game's words for its own refusal
            reason = files.quote(str(said).rstrip(".") or type(exc).__name__, 200)
            raise SaveFileError(REPLAY_FAILED, path, f"the moves in the file do not replay: "
                                                     f"entry {i + 1} ('{files.quote(action)}') "
                                                     f"fails: {reason}.{rules_note}") from None
    player = session.current_player()
    if player == CHANCE:
        raise SaveFileError(REPLAY_FAILED, path, "the log stops before a die roll or draw it "
                                                 "should contain." + rules_note)
    if player != TERMINAL and player >= data.players:
        raise SaveFileError(REPLAY_FAILED, path, "the replayed game waits for a seat that does "
                                                 "not exist." + rules_note)
    if state_hash(game, session.state, data.rules_version) != data.state_hash:
        raise SaveFileError(HASH_MISMATCH, path, "the moves replay to a different position "
                                                 "than the one recorded in the file (it was "
                                                 "changed or damaged)." + rules_note)
    return session


def load(path: str | os.PathLike[str], games: GameLookup,
         limit: int = MAX_BYTES) -> tuple[Session, SaveData]:
    """Read, check and replay a save file; ``games`` maps a game id to a game or plugin.

    Raises ``SaveFileError`` for every problem with the file; nothing is changed on disk.
    """
    name = os.fspath(path)
    data = parse(read_bytes(name, limit), name, limit)
    return restore(data, games, name), data


def loads(raw: bytes | str, games: GameLookup, path: str = "<save>",
          limit: int = MAX_BYTES) -> tuple[Session, SaveData]:
    """``load`` for text already in memory."""
    data = parse(raw, path, limit)
    return restore(data, games, path), data


def save(path: str | os.PathLike[str], session: Session, seats: list[str], *,
         created: str | None = None, ui: Mapping[str, Any] | None = None) -> SaveData:
    """Write ``session`` to ``path`` atomically and return what was written."""
    data = from_session(session, seats, created=created, ui=ui)
    write_atomic(path, data)
    return data
