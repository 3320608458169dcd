"""The wire protocol between a table server and its clients: versioned JSON over WebSocket.

Every frame is one JSON object with the protocol version ``v`` and a ``type``. This module
holds the message types, the error codes, the limits, and the schema check of every message a
client may send: ``parse_request`` turns a frame into a ``Request`` or raises
``ProtocolError`` with a stable code and a message naming what is wrong. The server and the
client library both import it; it imports neither, nor Qt, nor the network. The protocol is
written down in ``docs/protocol.md`` (a test keeps every type and code here listed there).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from tabletop.engine.files import unsafe

VERSION: Final = 1

#: The largest frame a client may send (bytes); websockets closes the connection (code 1009)
#: on a larger one before it is read. A request is a few hundred bytes.
MAX_REQUEST_BYTES: Final = 16 * 1024
#: The largest frame a server sends (a full view of a long game with its whole log).
MAX_SERVER_FRAME: Final = 8 * 1024 * 1024
MAX_NAME: Final = 24
MAX_CHAT: Final = 300
MAX_ACTION: Final = 256
MAX_TEXT: Final = 64
MAX_SEATS: Final = 16
MAX_OPTIONS: Final = 32
#: How many chat lines a table keeps (the oldest go first).
CHAT_KEEP: Final = 200

# -- message types ---------------------------------------------------------------------------

# Client to server.
CREATE: Final = "create"
JOIN: Final = "join"
RESUME: Final = "resume"
ACT: Final = "act"
CHAT: Final = "chat"
START: Final = "start"
REPLACE: Final = "replace"
CLIENT_TYPES: Final = (CREATE, JOIN, RESUME, ACT, CHAT, START, REPLACE)

# Server to client (CHAT is both).
WELCOME: Final = "welcome"
VIEW: Final = "view"
LOBBY: Final = "lobby"
ACK: Final = "ack"
ERROR: Final = "error"
SERVER_TYPES: Final = (WELCOME, VIEW, LOBBY, CHAT, ACK, ERROR)

# Seat kinds a table is created with.
REMOTE: Final = "remote"
LOCAL: Final = "local"
COMPUTER: Final = "computer"
SEAT_KINDS: Final = (REMOTE, LOCAL, COMPUTER)

# What the lobby says of a seat.
OPEN: Final = "open"          # a remote seat nobody has joined yet
PRESENT: Final = "present"    # its player is connected
WAITING: Final = "waiting"    # its player joined and dropped: the seat waits for them
THINKING: Final = "computer"  # a computer plays it
SEAT_STATES: Final = (OPEN, PRESENT, WAITING, THINKING)

# -- error codes -----------------------------------------------------------------------------

ERRORS: Final[dict[str, str]] = {
    "bad_json": "the frame is not JSON text",
    "bad_message": "the frame is JSON but not an object",
    "bad_version": "the message has no protocol version this server speaks",
    "unknown_type": "the message type is not one a client may send",
    "bad_field": "a field is missing, of the wrong kind or too long",
    "rate_limited": "too many messages: this one was dropped",
    "bad_code": "no open seat has this join code",
    "bad_token": "no seat is bound to this token",
    "too_many_failures": "too many wrong codes or tokens from this address",
    "already_seated": "this connection is already bound to a table (it may take another seat "
                      "of that table only)",
    "not_seated": "this connection is not bound to a table yet",
    "not_your_seat": "the seat named is not one this connection plays",
    "not_host": "only the host of the table may do this",
    "not_started": "the table waits for its players; the game has not started",
    "already_started": "the game has already started",
    "not_your_turn": "it is not this seat's turn",
    "illegal_action": "the action is not legal now",
    "stale_view": "the action was chosen on an older view than the table's",
    "game_over": "the game is over",
    "unknown_game": "the server has no game of this id",
    "bad_setup": "the game cannot be set up with these players, seats and options",
    "bad_name": "a name must be 1-24 printable characters",
    "bad_chat": "a chat line must be 1-300 printable characters",
    "bad_seat": "there is no such seat, or it cannot be given to a computer",
    "seat_present": "the seat's player is connected; only a gone seat can be given away",
    "too_many_tables": "the server holds as many tables as it may",
    "replaced": "another connection took over this seat with its token",
    "slow_reader": "the client read too slowly: the server dropped it",
    "server_error": "the server failed on this message; nothing was changed",
}


class ProtocolError(Exception):
    """A refused message: ``code`` (a key of ``ERRORS``) and a message saying why."""

    def __init__(self, code: str, message: str | None = None) -> None:
        assert code in ERRORS, code
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]


def error_frame(code: str, message: str, ref: object = None) -> dict[str, Any]:
    out: dict[str, Any] = {"v": VERSION, "type": ERROR, "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    return out


def encode(frame: Mapping[str, Any]) -> str:
    """A frame's text: compact JSON, non-ASCII kept (the names and words are Japanese too)."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


# -- requests --------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatRequest:
    """One seat of a table to create: ``kind`` (remote, local, computer), for a computer
    its level, and for a seat at the host's screen the name of who plays it (optional)."""

    kind: str
    level: str | None = None
    name: str = ""


@dataclass(frozen=True)
class Request:
    """A checked client message. Only the fields of its type are set."""

    type: str
    ref: str | int | None = None
    game: str = ""
    players: int = 0
    options: Mapping[str, bool | int | str] | None = None
    seats: tuple[SeatRequest, ...] = ()
    name: str = ""
    lang: str = "en"
    code: str = ""
    token: str = ""
    action: str = ""
    seq: int = -1
    seat: int | None = None
    text: str = ""
    level: str = ""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_request(raw: str | bytes) -> Request:
    """Check one client frame against the schema of its type; ``ProtocolError`` if bad."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "the frame is not UTF-8 text") from None
    try:
        obj = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_message")
    version = obj.get("v")
    if type(version) is not int or version != VERSION:
        raise ProtocolError("bad_version", f"the message says protocol version "
                                           f"{_brief(version)}; this server speaks {VERSION}")
    kind = obj.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"'{_brief(kind)}' is not a message type a client "
                                            f"may send ({', '.join(CLIENT_TYPES)})")
    f = _Fields(obj)
    ref = f.ref()
    lang = f.text("lang", MAX_TEXT, required=False) or "en"
    if lang not in ("en", "ja"):
        raise ProtocolError("bad_field", "the field 'lang' must be 'en' or 'ja'")
    if kind == CREATE:
        return Request(kind, ref, game=f.text("game", MAX_TEXT), players=f.whole("players", 1, 64),
                       options=f.options(), seats=f.seats(), lang=lang,
                       name=f.name("name", required=False))
    if kind == JOIN:
        return Request(kind, ref, code=f.text("code", MAX_TEXT), name=f.name("name"), lang=lang)
    if kind == RESUME:
        return Request(kind, ref, token=f.text("token", MAX_TEXT), lang=lang)
    if kind == ACT:
        seat = f.whole("seat", 0, MAX_SEATS - 1) if "seat" in obj else None
        return Request(kind, ref, action=f.text("action", MAX_ACTION),
                       seq=f.whole("seq", 0, 10**9), seat=seat)
    if kind == CHAT:
        text = f.text("text", MAX_CHAT * 4, required=True)
        return Request(kind, ref, text=check_chat(text))
    if kind == REPLACE:
        return Request(kind, ref, seat=f.whole("seat", 0, MAX_SEATS - 1),
                       level=f.text("level", MAX_TEXT))
    return Request(kind, ref)  # START


def peek_ref(raw: str | bytes) -> str | int | None:
    """The ``ref`` of a frame that is refused unread (over the rate), so that the refusal
    still answers the request; ``None`` when it has none that is valid."""
    try:
        obj = json.loads(raw, parse_constant=_reject_constant)
        return _Fields(obj).ref() if isinstance(obj, dict) else None
    except (ValueError, RecursionError, UnicodeDecodeError, ProtocolError):
        return None


def _brief(value: object) -> str:
    text = json.dumps(value, ensure_ascii=True)[:40] if not isinstance(value, str) else value
    return "".join("?" if unsafe(c) else c for c in text[:40])


def printable(text: str) -> bool:
    return not any(unsafe(c) for c in text)


def check_name(text: str) -> str:
    """A seat name people gave, trimmed; ``ProtocolError("bad_name")`` if it is not one."""
    name = text.strip()
    if not 1 <= len(name) <= MAX_NAME or not printable(name):
        raise ProtocolError("bad_name")
    return name


def check_chat(text: str) -> str:
    line = text.strip()
    if not 1 <= len(line) <= MAX_CHAT or not printable(line):
        raise ProtocolError("bad_chat")
    return line


class _Fields:
    """Typed access to a request's fields; each failure names the field."""

    def __init__(self, obj: dict[str, Any]) -> None:
        self.obj = obj

    def _bad(self, key: str, problem: str) -> ProtocolError:
        return ProtocolError("bad_field", f"the field '{key}' {problem}")

    def ref(self) -> str | int | None:
        ref = self.obj.get("ref")
        if ref is None:
            return None
        if isinstance(ref, bool) or not isinstance(ref, int | str) or (
                isinstance(ref, str) and len(ref) > MAX_TEXT) or (
                isinstance(ref, int) and abs(ref) > 2**53):
            raise self._bad("ref", f"must be a number or a text of at most {MAX_TEXT} "
                                   f"characters")
        return ref

    def text(self, key: str, limit: int, required: bool = True) -> str:
        value = self.obj.get(key)
        if value is None and not required:
            return ""
        if not isinstance(value, str):
            raise self._bad(key, "must be text" if key in self.obj else "is missing")
        if len(value) > limit:
            raise self._bad(key, f"holds {len(value)} characters; at most {limit}")
        return value

    def name(self, key: str, required: bool = True) -> str:
        value = self.text(key, MAX_NAME * 4, required)
        return check_name(value) if value or required else ""

    def whole(self, key: str, low: int, high: int) -> int:
        value = self.obj.get(key)
        if type(value) is not int:
            raise self._bad(key, "must be a whole number" if key in self.obj else "is missing")
        if not low <= value <= high:
            raise self._bad(key, f"is {value}; it must be from {low} to {high}")
        return value

    def options(self) -> dict[str, bool | int | str]:
        value = self.obj.get("options", {})
        if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
            raise self._bad("options", f"must be an object of at most {MAX_OPTIONS} entries")
        out: dict[str, bool | int | str] = {}
        for key, item in value.items():
            if len(key) > MAX_TEXT or not (
                    isinstance(item, bool | str) or (type(item) is int and abs(item) < 2**31)):
                raise self._bad(f"options.{_brief(key)}", "must be true/false, a whole number "
                                                          "or text")
            if isinstance(item, str) and len(item) > MAX_TEXT:
                raise self._bad(f"options.{_brief(key)}", "is too long")
            out[key] = item
        return out

    def seats(self) -> tuple[SeatRequest, ...]:
        value = self.obj.get("seats")
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
            raise self._bad("seats", f"must be a list of 1 to {MAX_SEATS} seats")
        out: list[SeatRequest] = []
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                raise self._bad(f"seats[{i}]", "must be an object")
            kind = item.get("kind")
            if kind not in SEAT_KINDS:
                raise self._bad(f"seats[{i}].kind", f"must be one of {', '.join(SEAT_KINDS)}")
            level = item.get("level")
            if kind == COMPUTER:
                if not isinstance(level, str) or len(level) > MAX_TEXT:
                    raise self._bad(f"seats[{i}].level", "must name a computer level")
            elif level is not None:
                raise self._bad(f"seats[{i}].level", "is only for a computer seat")
            name = item.get("name")
            if name is not None and kind != LOCAL:
                raise self._bad(f"seats[{i}].name", "is only for a seat at the host's screen "
                                                    "(a friend gives their own)")
            if name is not None and not isinstance(name, str):
                raise self._bad(f"seats[{i}].name", "must be text")
            out.append(SeatRequest(kind, level, check_name(name) if name else ""))
        return tuple(out)
