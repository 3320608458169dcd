"""A hosted table and the folder that keeps it: the session, its seats, tokens and chat.

A ``Table`` is the authority over one match. It owns the ``Session`` (the state, the seed and
the deck never leave it) and answers, for one seat, what that seat may see: its observation,
the events worded for it, its legal actions and prompt (``view``). It checks each action
(``act``): the seat, the turn, the position the client saw, the legality (the session's own
check). Seats are bound to secrets: a join code per remote seat, shown to the host, that is
exchanged once for a token; the host has a token of its own. Tokens are
``secrets.token_urlsafe(24)`` (192 bits) and the table keeps only their SHA-256 digests.

On disk a table is a folder ``tables/<id>/`` of two files, each written atomically (temporary
file, fsync, rename; created with mode 0600): ``game.json`` is an ordinary save file
(``tabletop.engine.savefile``), written after every action, and ``table.json`` holds what
the save does not: seat kinds, names, token digests, the unused join codes and the chat. A
restarted server reads both and goes on with the same tokens. Nothing here touches the
network: the server (``tabletop.net.server``) drives tables from its event loop.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.ai.levels import make_agent
from tabletop.api import GamePlugin
from tabletop.engine import files, savefile
from tabletop.engine.errors import GameError
from tabletop.engine.game import CHANCE, TERMINAL, Event, Game
from tabletop.engine.session import Session
from tabletop.engine.spec import AI_LEVELS
from tabletop.text import Speaker, default_name
from tabletop.tournament import derive_seed

from . import protocol as p
from .protocol import ProtocolError

TABLE_FORMAT = "tabletop-table"
TABLE_FORMAT_VERSION = 1
GAME_FILE = "game.json"
TABLE_FILE = "table.json"
#: The largest table file read back (names, digests and 200 chat lines are a few dozen KiB).
TABLE_FILE_LIMIT = 2 * files.MIB
#: The letters of a join code: no 0/O, 1/I/L, so that a code read aloud is typed right.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: 10 letters of 31: about 50 bits; codes are also limited by the server's failure bucket.
CODE_LENGTH = 10


def new_token() -> str:
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_code() -> str:
    letters = "".join(secrets.choice(_CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{letters[:5]}-{letters[5:]}"


def normal_code(code: str) -> str:
    """A join code as typed (any case, with or without the dash or spaces), as stored."""
    bare = "".join(c for c in code.upper() if c.isalnum())
    return f"{bare[:5]}-{bare[5:]}" if len(bare) == CODE_LENGTH else bare


@dataclass
class Seat:
    """One seat: ``kind`` (remote, local, computer), a computer's level, the name people
    gave, the digest of a remote seat's token once joined, and its join code until then."""

    kind: str
    level: str | None = None
    name: str = ""
    token_hash: str | None = None
    code: str | None = None

    @property
    def joined(self) -> bool:
        return self.token_hash is not None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name,
                "token_hash": self.token_hash, "code": self.code}


@dataclass
class ChatLine:
    seat: int | None  # None: the host, who plays no seat
    name: str
    text: str
    at: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "text": self.text, "at": self.at}


@dataclass
class Table:
    """One hosted match. See the module's docstring."""

    id: str
    plugin: GamePlugin
    session: Session
    seats: list[Seat]
    host_hash: str
    host_name: str = ""
    started: bool = False
    created: str = field(default_factory=files.now_iso)
    chat: list[ChatLine] = field(default_factory=list)
    _speakers: dict[str, Speaker] = field(default_factory=dict, repr=False)

    # -- making ---------------------------------------------------------------------------
    @classmethod
    def create(cls, plugin: GamePlugin, players: int, options: Mapping[str, object],
               seats: Sequence[p.SeatRequest], host_name: str = "",
               table_id: str | None = None, seed: int | None = None
               ) -> tuple[Table, str, dict[int, str]]:
        """A new table, its host token and the join code of each remote seat.

        Raises ``ProtocolError("bad_setup")`` for what the game refuses."""
        if len(seats) != players:
            raise ProtocolError("bad_setup", f"{players} players need {players} seats, not "
                                             f"{len(seats)}")
        made: list[Seat] = []
        for i, s in enumerate(seats):
            if s.kind == p.COMPUTER and s.level not in AI_LEVELS:
                raise ProtocolError("bad_setup", f"seat {i + 1}: '{s.level}' is not a "
                                                 f"computer level ({', '.join(AI_LEVELS)})")
            made.append(Seat(s.kind, s.level if s.kind == p.COMPUTER else None,
                             name=s.name if s.kind == p.LOCAL else "",
                             code=new_code() if s.kind == p.REMOTE else None))
        # The host plays the first seat here that was not named for someone else, under the
        # name it gave: the log, the prompts and the lobby call that seat so, as they call a
        # friend by the name they joined with.
        here = next((s for s in made if s.kind == p.LOCAL and not s.name), None)
        if here is not None and host_name:
            here.name = host_name
        humans = [i for i, s in enumerate(made) if s.kind != p.COMPUTER]
        try:
            game = plugin.game
            session = Session(game, players, options,
                              secrets.randbits(63) if seed is None else seed,
                              human_seats=humans)
        except (GameError, ValueError, TypeError) as exc:
            raise ProtocolError("bad_setup", files.quote(exc, 200)) from None
        token = new_token()
        table = cls(table_id or secrets.token_hex(6), plugin, session, made, digest(token),
                    host_name)
        codes = {i: s.code for i, s in enumerate(made) if s.code is not None}
        table.started = not codes
        return table, token, codes

    # -- who is who -----------------------------------------------------------------------
    @property
    def game(self) -> Game[Any]:
        return self.session.game

    def is_host(self, token_hash: str) -> bool:
        return hmac.compare_digest(self.host_hash, token_hash)

    def seat_of(self, token_hash: str) -> int | None:
        """The remote seat bound to this token digest, or ``None``."""
        found = None
        for i, s in enumerate(self.seats):
            # Every seat is compared, in constant time, so that timing tells nothing.
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                found = i
        return found

    def local_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == p.LOCAL]

    def open_codes(self) -> dict[int, str]:
        return {i: s.code for i, s in enumerate(self.seats) if s.code is not None}

    def redeem(self, code: str, name: str) -> tuple[int, str] | None:
        """Bind the remote seat of this join code: its number and new token (``None``: no
        open seat has the code). The code is spent."""
        wanted = normal_code(code)
        found = None
        for i, s in enumerate(self.seats):
            if s.code is not None and hmac.compare_digest(s.code, wanted):
                found = i
        if found is None:
            return None
        token = new_token()
        seat = self.seats[found]
        seat.code = None
        seat.token_hash = digest(token)
        seat.name = name
        if not self.open_codes():
            self.started = True
        return found, token

    def give_to_computer(self, seat: int, level: str) -> None:
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind == p.COMPUTER:
            raise ProtocolError("bad_seat", f"seat {seat + 1} is not a person's seat")
        if level not in AI_LEVELS:
            raise ProtocolError("bad_seat", f"'{files.quote(level)}' is not a computer level "
                                            f"({', '.join(AI_LEVELS)})")
        self.seats[seat] = Seat(p.COMPUTER, level, self.seats[seat].name)
        self.session.human_seats = frozenset(i for i, s in enumerate(self.seats)
                                             if s.kind != p.COMPUTER)
        if not self.open_codes():
            self.started = True

    def name_of(self, seat: int | None, lang: str = "en") -> str:
        if seat is None:
            return self.host_name or "Host"
        return self.seats[seat].name or default_name(seat, lang)

    # -- what a seat sees -----------------------------------------------------------------
    def speaker(self, lang: str) -> Speaker:
        speaker = self._speakers.get(lang)
        if speaker is None:
            names = [self.name_of(i, lang) for i in range(len(self.seats))]
            speaker = self._speakers[lang] = self.plugin.speaker(names)
        return speaker

    def names_changed(self) -> None:
        self._speakers.clear()

    @property
    def seq(self) -> int:
        """The number of decisions so far: the position a client's view shows. Chance draws
        are not counted: how many there were is nobody's business."""
        return sum(1 for r in self.session.history if r.seat != CHANCE)

    def to_move(self) -> int:
        return self.session.current_player()

    def computer_to_move(self) -> tuple[int, str] | None:
        if not self.started:
            return None
        player = self.session.current_player()
        if player < 0 or self.seats[player].kind != p.COMPUTER:
            return None
        level = self.seats[player].level
        assert level is not None
        return player, level

    def events_since(self, seat: int | None, ply: int) -> list[Event]:
        return [e for r in self.session.history[ply:] for e in r.events if e.visible_to(seat)]

    def view(self, seat: int | None, lang: str, since_ply: int = 0) -> dict[str, Any]:
        """The frame of what ``seat`` (``None``: a spectator, the host without a seat) may
        see: the events after log entry ``since_ply`` (0: all, ``full``), and, on its turn,
        its legal actions and prompt."""
        session = self.session
        speaker = self.speaker(lang)
        player = session.current_player()
        terminal = player == TERMINAL
        own = seat is not None and player == seat and self.started
        events = [{"kind": e.kind, "data": e.data, "text": speaker.say(e, lang),
                   **({} if e.logged else {"logged": False})}
                  for e in self.events_since(seat, since_ply)]
        prompt = speaker.prompt(session.state, player, lang) if own else None
        return {
            "v": p.VERSION, "type": p.VIEW, "table": self.id, "seat": seat, "seq": self.seq,
            "to_move": player if player >= 0 else None, "terminal": terminal,
            "started": self.started,
            "returns": session.returns() if terminal else None,
            "observation": session.observation(seat),
            "full": since_ply == 0, "events": events,
            "legal": session.legal_actions() if own else [],
            "prompt": prompt or None,
        }

    def lobby(self, present: Callable[[int], bool], lang: str = "en") -> dict[str, Any]:
        seats = []
        for i, s in enumerate(self.seats):
            if s.kind == p.COMPUTER:
                state = p.THINKING
            elif s.kind == p.REMOTE and not s.joined:
                state = p.OPEN
            else:
                state = p.PRESENT if present(i) else p.WAITING
            seats.append({"seat": i, "kind": s.kind, "level": s.level,
                          "name": self.name_of(i, lang), "state": state})
        return {"v": p.VERSION, "type": p.LOBBY, "table": self.id,
                "game": self.game.spec.id, "started": self.started,
                "host": self.name_of(None), "seats": seats}

    # -- acting ---------------------------------------------------------------------------
    def try_act(self, seat: int, action: str, seq: int, lang: str = "en") -> Session:
        """The session after ``seat``'s action chosen on the view of position ``seq``, made on
        a copy (``commit`` makes it the table's once it is saved), or ``ProtocolError``
        naming why not; the table is unchanged either way."""
        session = self.session
        if not self.started:
            raise ProtocolError("not_started")
        player = session.current_player()
        if player == TERMINAL:
            raise ProtocolError("game_over")
        if seq != self.seq:
            raise ProtocolError("stale_view", f"the action was chosen on view {seq}; the "
                                              f"table is at view {self.seq}")
        if player != seat:
            raise ProtocolError("not_your_turn")
        probe = session.copy()
        try:
            probe.submit(seat, action)
        except GameError as exc:
            reason = self.speaker(lang).refusal(exc, lang, session.state)
            raise ProtocolError("illegal_action", reason) from None
        return probe

    def commit(self, session: Session) -> None:
        self.session = session

    def say(self, seat: int | None, text: str) -> ChatLine:
        line = ChatLine(seat, self.name_of(seat), p.check_chat(text), files.now_iso())
        self.chat.append(line)
        del self.chat[:-p.CHAT_KEEP]
        return line

    # -- files ----------------------------------------------------------------------------
    def seat_words(self) -> list[str]:
        """What the save file says of each seat: a person, or a computer level."""
        return [s.level or savefile.HUMAN for s in self.seats]

    def game_text(self, session: Session | None = None) -> str:
        """The save file of the table's session (or of ``session``, about to be its)."""
        data = savefile.from_session(session or self.session, self.seat_words(),
                                     created=self.created, ui={"table": self.id})
        return savefile.dump(data)

    def table_text(self) -> str:
        return json.dumps({
            "format": TABLE_FORMAT, "format_version": TABLE_FORMAT_VERSION, "id": self.id,
            "game": self.game.spec.id, "created": self.created, "started": self.started,
            "host_hash": self.host_hash, "host_name": self.host_name,
            "seats": [s.to_json() for s in self.seats],
            "chat": [c.to_json() for c in self.chat],
        }, ensure_ascii=True, indent=1) + "\n"


class TableFileError(Exception):
    """A table folder that cannot be read back, and why."""


class TableStore:
    """The folder of a server's tables: ``<root>/tables/<id>/{game,table}.json``."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.tables_dir = self.root / "tables"

    def prepare(self) -> None:
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)

    def folder(self, table_id: str) -> Path:
        return self.tables_dir / table_id

    def write_game(self, table_id: str, text: str) -> None:
        folder = self.folder(table_id)
        folder.mkdir(mode=0o700, exist_ok=True)
        files.write_atomic(folder / GAME_FILE, text)

    def write_table(self, table_id: str, text: str) -> None:
        folder = self.folder(table_id)
        folder.mkdir(mode=0o700, exist_ok=True)
        files.write_atomic(folder / TABLE_FILE, text)

    def write(self, table: Table) -> None:
        """Both files of ``table``: the table first, so that a game file never names seats
        its table file does not know."""
        self.write_table(table.id, table.table_text())
        self.write_game(table.id, table.game_text())

    def ids(self) -> list[str]:
        if not self.tables_dir.is_dir():
            return []
        return sorted(d.name for d in self.tables_dir.iterdir()
                      if d.is_dir() and not d.name.startswith("."))

    def load_all(self, plugins: Mapping[str, GamePlugin]
                 ) -> Iterator[tuple[str, Table | TableFileError]]:
        for table_id in self.ids():
            try:
                yield table_id, self.load(table_id, plugins)
            except TableFileError as exc:
                yield table_id, exc

    def load(self, table_id: str, plugins: Mapping[str, GamePlugin]) -> Table:
        folder = self.folder(table_id)
        files.remove_stale_temporaries(folder)
        try:
            session, data = savefile.load(folder / GAME_FILE, plugins)
        except savefile.SaveFileError as exc:
            raise TableFileError(str(exc)) from None
        try:
            raw = files.read_limited(folder / TABLE_FILE, TABLE_FILE_LIMIT)
            meta = files.parse_json(files.decode_text(raw))
        except files.FileProblem as exc:
            raise TableFileError(f"{folder / TABLE_FILE}: {exc.problem}") from None
        try:
            return _table_from(meta, table_id, plugins[data.game_id], session, data)
        except (KeyError, TypeError, ValueError) as exc:
            raise TableFileError(f"{folder / TABLE_FILE}: a field is damaged "
                                 f"({files.quote(exc, 120)})") from None


def _table_from(meta: Any, table_id: str, plugin: GamePlugin, session: Session,
                data: savefile.SaveData) -> Table:
    if not isinstance(meta, dict) or meta.get("format") != TABLE_FORMAT:
        raise ValueError("not a table file")
    if meta.get("format_version") != TABLE_FORMAT_VERSION or meta["id"] != table_id:
        raise ValueError("another format or another table")
    seats = []
    for i, raw in enumerate(meta["seats"]):
        kind = raw["kind"]
        if kind not in p.SEAT_KINDS:
            raise ValueError(f"seat {i} has kind {kind!r}")
        seats.append(Seat(kind, raw.get("level"), str(raw.get("name") or ""),
                          _opt_str(raw.get("token_hash")), _opt_str(raw.get("code"))))
    if [s.level or savefile.HUMAN for s in seats] != data.seats:
        raise ValueError("the seats differ from the game file's")
    chat = [ChatLine(c["seat"], str(c["name"]), str(c["text"]), str(c["at"]))
            for c in meta.get("chat", [])[-p.CHAT_KEEP:]]
    return Table(table_id, plugin, session, seats, str(meta["host_hash"]),
                 str(meta.get("host_name") or ""), bool(meta.get("started")),
                 str(meta.get("created") or data.created), chat)


def _opt_str(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("a digest or code is not text")
    return value


# -- computer seats --------------------------------------------------------------------------

# The rules each worker process has loaded, once: a pool worker thinks for many tables.
_GAMES: dict[str, Game[Any]] = {}


def think(game_id: str, level: str, obs: Any, seat: int, legal: Sequence[str],
          seed: int) -> str:
    """A computer seat's action, from its observation alone. Module level, so that a process
    pool can run it; the server never calls it on its event loop."""
    game = _GAMES.get(game_id)
    if game is None:
        from tabletop.registry import get_game_plugin

        game = _GAMES.setdefault(game_id, get_game_plugin(game_id).game)
    if len(legal) == 1:
        return legal[0]
    decision = make_agent(level).choose(game, obs, seat, list(legal), seed=seed)
    return decision.action


def question_seed(table: Table, seat: int) -> int:
    """The seed of a computer seat's decision: from the table's seed and the position, so
    that a table resumed after a crash asks the same question and gets the same answer."""
    return derive_seed("net", table.session.seed, seat, len(table.session.history))

