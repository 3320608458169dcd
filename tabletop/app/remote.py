"""Playing at a table on another computer: Game ▸ Join a table… and Game ▸ Host a table….

A ``RemoteTable`` window plays one seat of a table that a server owns (``tabletop.net``): the
table is built from the observation the server sent for that seat, the moves offered are that
seat's legal actions as the server listed them, and a move chosen on the table goes to the
server and shows only once the server sends the view it made. Nothing else reaches the window:
the server sends no other seat's observation, no state, no seed. The log, the prompt and the
results come worded by the server for this seat; the lobby names who is there and who the
table waits for; a short chat goes to everyone at the table. When the connection drops, the
client library reconnects with the seat's token and the server sends the whole view again.

Hosting runs the same server in the app, on a thread of its own (``HostedServer``), and
creates a table on it: its join codes are for the friends, the host plays its own seat here.
Several seats here are several people taking turns at the host's screen (or at a joined
computer, where someone else takes a seat of the same table with its own code: "Another seat
here"): when the turn passes between two of them in a game with secrets, the local app's
privacy page stands in for the table and its log until the next person takes the screen.
The host may give a friend's seat that nobody joined, or whose player is gone, to a computer
level. A game played to a beat is not hosted (``not_hostable``): the server keeps no beat.
The window sounds as the app's own table does (``use_sound``): only the views of the seat on
show, so nothing of another seat at the same screen is heard behind the privacy page.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import GamePlugin
from tabletop.engine import Event, Gesture
from tabletop.engine.layout import GameView, Layout
from tabletop.engine.sounds import HANDOVER, YOUR_TURN

from .cues import event_sounds, outcome_sound
from .fit import resize_to_fit
from .i18n import gesture_label, player_name, spec_name, tr
from .seat_names import with_names
from .sound import SoundBoard, game_sounds, match_sounds

#: How long a request to the server may take before the window says it failed.
ANSWER_SECONDS = 15.0


def plays_to_a_beat(plugin: GamePlugin) -> bool:
    """Whether the game is played in real time, to a beat (its view declares a ``tempo``).
    The server keeps no beat: the app does not host such a game (see docs/protocol.md,
    "Games played to a beat", for why)."""
    return type(plugin.view()).tempo is not GameView.tempo


def not_hostable(plugin: GamePlugin) -> str | None:
    """Why the app does not host this game for friends elsewhere (a word code of the
    catalogue), or ``None`` when it does."""
    if plugin.listing.max_players < 2:
        return "remote.no_solo"
    if plays_to_a_beat(plugin):
        return "remote.no_beat"
    return None


class RemoteTable(QDialog):
    """One seat of a table on a server, played on a table of its own."""

    _update = Signal(object)  # from the client's thread: Qt delivers it on the window's

    def __init__(self, plugins: Mapping[str, GamePlugin], client: Any, seat: int | None,
                 lang: str,
                 parent: QWidget | None = None, *, table: Any = None,
                 animate: bool = True) -> None:
        super().__init__(parent)
        self.plugins = plugins
        self.animate = animate  # the app's setting: pieces glide to where the view puts them
        self.client = client
        self.seat = seat  # the seat whose table the window shows
        #: Every seat this window plays: the host's seats here may be several people taking
        #: turns at the screen, handed over by the privacy page between them.
        #: ``[None]``: a host with no seat here, who watches the spectator's view.
        self.my_seats: list[int | None] = [seat]
        self.frames: dict[int | None, dict[str, Any]] = {}  # the last view of each of them
        self.logs: dict[int | None, list[str]] = {}
        self.awaiting: int | None = None  # the seat the screen is being handed to
        #: The window's sounds (``use_sound``; None: silent): only the views of the seat on
        #: show sound, so a privacy page never lets another seat's events be heard.
        self.sound: SoundBoard | None = None
        self._size = (1200.0, 800.0)  # of the table's last layout: the empty one's too
        self.lang = lang
        self.plugin: GamePlugin | None = None
        self.view: GameView[Any] | None = None
        self.frame: dict[str, Any] | None = None  # the last view the server sent this seat
        self.log_lines: list[str] = []
        self.names: list[str] = []
        self.waiting = False  # a move is on its way to the server
        self.codes: dict[int, str] = {}  # the join codes, on the host's window
        self._follow: list[str] = []
        self._gestures: list[Gesture] = []
        self._hint_for: int | None = None  # the position (seq) a hint is being searched for
        self.setWindowTitle(tr("remote.title", lang))
        resize_to_fit(self, 1240, 800)

        if table is None:
            from tabletop.table import TableWidget

            table = TableWidget()
        self.table = table
        self.table.set_language(lang)
        self.table.set_interactive(False)
        self.table.action_chosen.connect(self.submit)
        self.table.follow_up.connect(lambda actions: setattr(self, "_follow", list(actions)))

        lay = QVBoxLayout(self)
        self.status = QLabel(tr("remote.connecting", lang))
        self.status.setObjectName("remoteStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("font-size: 13pt; font-weight: bold;")
        lay.addWidget(self.status)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_lay = QVBoxLayout(left)
        left_lay.setContentsMargins(0, 0, 0, 0)
        left_lay.addWidget(self.table, 1)
        self.buttons_box = QHBoxLayout()
        self.buttons: list[QPushButton] = []
        bar = QHBoxLayout()
        bar.addLayout(self.buttons_box, 1)
        self.hint_button = QPushButton(tr("remote.hint", lang))
        self.hint_button.setToolTip("H")
        self.hint_button.setShortcut("H")
        self.hint_button.setEnabled(False)
        self.hint_button.clicked.connect(lambda _=False: self.hint())
        bar.addWidget(self.hint_button)
        left_lay.addLayout(bar)
        splitter.addWidget(left)
        side = QWidget()
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(0, 0, 0, 0)
        side_lay.addWidget(QLabel(tr("remote.players", lang)))
        self.lobby = QListWidget()
        self.lobby.setObjectName("remoteLobby")
        self.lobby.setMaximumHeight(150)
        side_lay.addWidget(self.lobby)
        # The host gives a seat whose friend never came or is long gone to a computer level.
        self.give_level = QComboBox()
        self.give_level.setObjectName("remoteGiveLevel")
        from tabletop.ai.levels import LEVELS

        for level in LEVELS:
            if level != "random":
                self.give_level.addItem(tr(f"seat.{level}", lang), level)
        self.give_button = QPushButton(tr("remote.give", lang))
        self.give_button.setObjectName("remoteGive")
        self.give_button.setToolTip(tr("remote.give_help", lang))
        self.give_button.setEnabled(False)
        self.give_button.clicked.connect(lambda _=False: self.give_to_computer())
        self.give_row = QWidget()
        give_lay = QHBoxLayout(self.give_row)
        give_lay.setContentsMargins(0, 0, 0, 0)
        give_lay.addWidget(self.give_level, 1)
        give_lay.addWidget(self.give_button)
        self.give_row.setVisible(False)
        side_lay.addWidget(self.give_row)
        self.lobby_seats: list[dict[str, Any]] = []
        self.lobby.currentRowChanged.connect(lambda _row: self._check_give())
        side_lay.addWidget(QLabel(tr("log.title", lang)))
        self.log = QListWidget()
        self.log.setObjectName("remoteLog")
        self.log.setWordWrap(True)
        side_lay.addWidget(self.log, 2)
        side_lay.addWidget(QLabel(tr("remote.chat", lang)))
        self.chat = QListWidget()
        self.chat.setObjectName("remoteChat")
        self.chat.setWordWrap(True)
        side_lay.addWidget(self.chat, 1)
        row = QHBoxLayout()
        self.chat_edit = QLineEdit()
        self.chat_edit.setMaxLength(300)
        self.chat_edit.setPlaceholderText(tr("remote.chat_hint", lang))
        self.chat_edit.returnPressed.connect(self.send_chat)
        send = QPushButton(tr("remote.send", lang))
        send.clicked.connect(lambda _=False: self.send_chat())
        row.addWidget(self.chat_edit, 1)
        row.addWidget(send)
        side_lay.addLayout(row)
        # Someone else at this joined computer takes a seat of the same table with its code;
        # the privacy page passes the screen between the two of them.
        self.another = QWidget()
        another = QHBoxLayout(self.another)
        another.setContentsMargins(0, 0, 0, 0)
        self.another_code = QLineEdit()
        self.another_code.setPlaceholderText(tr("remote.code", lang))
        self.another_name = QLineEdit()
        self.another_name.setMaxLength(24)
        self.another_name.setPlaceholderText(tr("remote.seat_name", lang))
        self.another_button = QPushButton(tr("remote.another", lang))
        self.another_button.setToolTip(tr("remote.another_help", lang))
        self.another_button.clicked.connect(lambda _=False: self.take_another_seat())
        another.addWidget(self.another_code, 1)
        another.addWidget(self.another_name, 1)
        another.addWidget(self.another_button)
        self.another.setVisible(False)
        side_lay.addWidget(self.another)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([900, 320])
        # The privacy page of the local app stands in for the table, its log and its chat
        # while the screen passes between two people here.
        from .pages import PrivacyPage

        self.privacy = PrivacyPage()
        self.privacy.ready.connect(self.reveal)
        self.stack = QStackedWidget()
        self.stack.addWidget(splitter)
        self.stack.addWidget(self.privacy)
        self.splitter = splitter
        lay.addWidget(self.stack, 1)
        self.host_panel = QLabel()
        self.host_panel.setObjectName("remoteHost")
        self.host_panel.setWordWrap(True)
        self.host_panel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.host_panel.setVisible(False)
        self.start_button = QPushButton(tr("remote.start", lang))
        self.start_button.setVisible(False)
        self.start_button.clicked.connect(lambda _=False: self.client.start())
        host_row = QHBoxLayout()
        host_row.addWidget(self.host_panel, 1)
        host_row.addWidget(self.start_button)
        lay.addLayout(host_row)
        self._update.connect(self._on_update)
        self._hinted.connect(self._on_hinted)

    def show_host_panel(self, codes: Mapping[int, str], addresses: Sequence[str]) -> None:
        """What the host gives the friends: the addresses and one join code per seat."""
        self.codes = dict(codes)
        lines = [tr("remote.addresses", self.lang, addresses=", ".join(addresses))]
        lines += [tr("remote.code_for", self.lang, player=player_name(seat, self.lang),
                     code=code) for seat, code in sorted(codes.items())]
        self.host_panel.setText("\n".join(lines))
        self.host_panel.setVisible(True)
        self.start_button.setVisible(True)
        self.give_row.setVisible(True)
        self._check_give()

    def _givable(self, row: int) -> bool:
        """Whether the host may give the seat on lobby row ``row`` to a computer: a friend's
        seat nobody joined, or whose player dropped (the server refuses a connected one)."""
        if not 0 <= row < len(self.lobby_seats):
            return False
        s = self.lobby_seats[row]
        return s.get("kind") == "remote" and s.get("state") in ("open", "waiting")

    def _check_give(self) -> None:
        ok = self.give_row.isVisibleTo(self) and self._givable(self.lobby.currentRow())
        self.give_button.setEnabled(ok)

    def take_another_seat(self) -> None:
        """Someone else at this computer joins the table with a code of its own; their seat's
        views come to this window, and the screen passes between the two by the privacy
        page (a refusal, a wrong code say, is said on the status line)."""
        code = self.another_code.text().strip()
        if not code:
            return
        name = self.another_name.text().strip() or player_name(len(self.my_seats), self.lang)
        future: concurrent.futures.Future[Any] = self.client.join(code, name, self.lang)
        future.add_done_callback(self._answered)
        self.another_code.clear()
        self.another_name.clear()

    def give_to_computer(self) -> None:
        """Give the seat chosen in the lobby to the computer level chosen; the lobby the
        server sends next shows it (a refusal is said on the status line)."""
        row = self.lobby.currentRow()
        if not self._givable(row):
            return
        self.give_button.setEnabled(False)
        future: concurrent.futures.Future[Any] = self.client.replace(
            int(self.lobby_seats[row].get("seat", row)), str(self.give_level.currentData()))
        future.add_done_callback(self._answered)

    # -- what the server says -------------------------------------------------------------
    def deliver(self, update: Any) -> None:
        """The client's callback (on its own thread): hand the update to the window's."""
        with contextlib.suppress(RuntimeError):  # a window already gone hears nothing
            self._update.emit(update)

    def _on_update(self, update: Any) -> None:
        kind, frame = update.kind, dict(update.frame)
        if kind == "view" and frame.get("seat") in self.my_seats:
            self._on_view(frame)
        elif kind == "lobby":
            self._on_lobby(frame)
        elif kind == "welcome" and not frame.get("host"):
            # A seat more for this computer (or the same ones again, after a reconnect).
            seats = [s for s in frame.get("seats") or [] if isinstance(s, int)]
            if seats:
                self.my_seats = list(seats)
                self._hand_over_if_due()
        elif kind == "chat":
            self.chat.addItem(f"{frame.get('name', '?')}: {frame.get('text', '')}")
            self.chat.scrollToBottom()
        elif kind == "connection":
            state = frame.get("state")
            if state == "reconnecting":
                self.status.setText(tr("remote.reconnecting", self.lang))
                self.table.set_interactive(False)
            elif state == "closed":
                self.status.setText(tr("remote.closed", self.lang))
                self.table.set_interactive(False)
        elif kind == "error":
            self.waiting = False
            self._check_give()
            self.status.setText(tr("remote.refused", self.lang,
                                   reason=str(frame.get("message", ""))))

    def _on_lobby(self, frame: dict[str, Any]) -> None:
        game = self.plugins.get(str(frame.get("game")))
        if game is not None and self.plugin is None:
            self.plugin = game
            self.view = game.view()
            if self.sound is not None:
                self.sound.set_game(game_sounds(self.view), match_sounds(self.view))
            self.setWindowTitle(tr("remote.title_game", self.lang,
                                   game=spec_name(game.game.spec, self.lang)))
        row = self.lobby.currentRow()
        self.lobby.blockSignals(True)
        self.lobby.clear()
        seats = frame.get("seats") or []
        self.lobby_seats = [dict(s) for s in seats]
        self.names = [str(s.get("name") or player_name(i, self.lang))
                      for i, s in enumerate(seats)]
        for i, s in enumerate(seats):
            state = str(s.get("state"))
            you = tr("remote.you", self.lang) if i in self.my_seats else ""
            self.lobby.addItem(tr(f"remote.seat_{state}", self.lang, player=self.names[i])
                               + you)
        self.lobby.setCurrentRow(row if row < self.lobby.count() else -1)
        self.lobby.blockSignals(False)
        self._check_give()
        waiting = [self.names[i] for i, s in enumerate(seats) if s.get("state") == "waiting"]
        if self.awaiting is not None:
            pass  # the status line names who takes the screen
        elif waiting and self.frame is not None and not self.frame.get("terminal"):
            self.status.setText(tr("remote.waiting_for", self.lang, player=", ".join(waiting)))
        elif not frame.get("started"):
            self.status.setText(tr("remote.lobby", self.lang))
        if frame.get("started"):
            self.start_button.setVisible(False)

    def use_sound(self, board: SoundBoard) -> None:
        """Sound the table on ``board``: the events of each view of the seat on show, its
        turn, the end, the table's gestures and a hand-over at the screen."""
        self.sound = board
        self.table.gestured.connect(board.play)
        if self.view is not None:
            board.set_game(game_sounds(self.view), match_sounds(self.view))

    def _sound_view(self, frame: dict[str, Any], before: dict[str, Any] | None) -> None:
        """The sounds of a view of the seat on show: its new events (a full view brings the
        whole past, which sounds no more), "your turn" when its turn begins, the end."""
        board, view = self.sound, self.view
        if board is None or view is None:
            return
        if not frame.get("full"):
            events = [Event(str(e.get("kind", "")), dict(e.get("data") or {}))
                      for e in frame.get("events", [])]
            for name in event_sounds(view, events):
                board.play(name)
        if frame.get("legal") and not (before or {}).get("legal"):
            board.play(YOUR_TURN)
        if frame.get("terminal") and not (before or {}).get("terminal"):
            board.play(outcome_sound(frame.get("returns") or [], frame.get("seat")))

    def _on_view(self, frame: dict[str, Any]) -> None:
        self.waiting = False
        seat = frame["seat"]
        before = self.frames.get(seat)
        if seat == self.seat and self.awaiting is None:
            self._sound_view(frame, before)
        lines = [] if frame.get("full") else self.logs.get(seat, [])
        self.logs[seat] = lines + [str(e["text"]) for e in frame.get("events", [])
                                   if e.get("logged", True)]
        self.frames[seat] = frame
        if seat != self.seat or self.awaiting is not None:
            self._hand_over_if_due()
            return
        self._show_seat()
        if self._hand_over_if_due():
            return
        follow, self._follow = self._follow, []
        legal = frame.get("legal") or []
        if follow and follow[0] in legal:  # what the same gesture goes on to make
            self._follow = follow[1:]
            self.submit(follow[0])

    def _show_seat(self) -> None:
        """The table, log and status of the seat the window shows, from its last view."""
        self.frame = self.frames.get(self.seat)
        self.log_lines = self.logs.get(self.seat, [])
        self.log.clear()
        self.log.addItems(self.log_lines)
        self.log.scrollToBottom()
        self._render()

    def _hand_over_if_due(self) -> bool:
        """When the seat shown has nothing to do and another seat played here is to move,
        the screen goes to that seat: at once if the game hides nothing (or it is this
        window's only person), else behind the privacy page. Whether it changed hands."""
        if self.awaiting is not None or (self.frame is not None and self.frame.get("legal")):
            return False
        nxt = next((s for s in self.my_seats if s != self.seat
                    and (self.frames.get(s) or {}).get("legal")), None)
        if nxt is None:
            return False
        plugin = self.plugin
        if plugin is None or not plugin.spec.has_hidden_information:
            self.seat = nxt
            self._show_seat()
            return True
        self.awaiting = nxt
        self._follow = []
        if self.sound is not None:
            self.sound.play(HANDOVER)
        # An empty table, not a cover: nothing of the last person's view stays behind it.
        self.table.set_interactive(False)
        self.table.forget_transient()
        self.table.sync(Layout(*self._size), [], animate=False)
        self._set_buttons([])
        self.log.clear()
        self.hint_button.setEnabled(False)
        name = self.names[nxt] if nxt < len(self.names) else player_name(nxt, self.lang)
        self.status.setText(tr("privacy.title", self.lang, player=name))
        self.privacy.set_player(name, self.lang, seat=nxt)
        self.stack.setCurrentWidget(self.privacy)
        self.privacy.button.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def reveal(self) -> None:
        """The next person took the screen (clicked the privacy page): their table."""
        if self.awaiting is None:
            return
        self.seat, self.awaiting = self.awaiting, None
        self.stack.setCurrentWidget(self.splitter)
        self._show_seat()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self._hand_over_if_due()

    def _render(self) -> None:
        frame, view = self.frame, self.view
        if frame is None or view is None:
            return
        obs = frame["observation"]
        layout = with_names(view.layout(obs, self.seat), self.names)
        self._size = (layout.width, layout.height)
        legal = list(frame.get("legal") or [])
        gestures: list[Gesture] = view.gestures(obs, self.seat, legal) if legal else []
        on_table = [g for g in gestures if g.source is not None or g.target is not None]
        self.table.sync(layout, on_table, animate=self.animate)
        self.table.set_interactive(bool(gestures))
        self._gestures = gestures
        self._set_buttons([g for g in gestures if g.source is None and g.target is None])
        self.hint_button.setEnabled(bool(legal) and len(legal) > 1)
        if frame.get("terminal"):
            self.status.setText(self._result(frame.get("returns") or []))
        elif legal:
            self.status.setText(str(frame.get("prompt") or tr("remote.your_turn", self.lang)))
        elif not frame.get("started"):
            self.status.setText(tr("remote.lobby", self.lang))
        else:
            to_move = frame.get("to_move")
            who = (self.names[to_move] if isinstance(to_move, int) and to_move < len(self.names)
                   else "")
            self.status.setText(tr("remote.their_turn", self.lang, player=who))

    def _result(self, returns: Sequence[float]) -> str:
        if not returns:
            return tr("remote.over", self.lang)
        best = max(returns)
        winners = [i for i, r in enumerate(returns) if r == best]
        if len(winners) == len(returns):
            return tr("summary.draw", self.lang)
        if winners == [self.seat]:
            return tr("summary.you_won", self.lang)
        if self.seat in winners:
            return tr("summary.you_drew", self.lang)
        return tr("summary.winner", self.lang, player=", ".join(
            self.names[i] if i < len(self.names) else player_name(i, self.lang)
            for i in winners))

    def _set_buttons(self, gestures: list[Gesture]) -> None:
        for b in self.buttons:
            b.deleteLater()
        self.buttons = []
        for g in gestures:
            button = QPushButton(gesture_label(g, self.lang))
            button.setProperty("action", g.action)
            button.setMinimumHeight(34)
            button.clicked.connect(lambda _=False, a=g.action: self.submit(a))
            self.buttons_box.addWidget(button)
            self.buttons.append(button)

    # -- the hint -------------------------------------------------------------------------
    _hinted = Signal(int, str)  # the position it was for, the action

    def hint(self) -> None:
        """The move the Hint's search suggests, searched here from this seat's observation
        (all the server sent: the search cannot peek), on a thread of its own."""
        frame, plugin = self.frame, self.plugin
        if frame is None or plugin is None or not frame.get("legal") or self._hint_for is not None:
            return
        from .hints import HINT_LEVEL

        seq, obs, legal = int(frame["seq"]), frame["observation"], list(frame["legal"])
        game, seat = plugin.game, self.seat
        self._hint_for = seq
        self.status.setText(tr("status.hint_thinking", self.lang))

        def work() -> None:
            from tabletop.ai.levels import make_agent

            action = make_agent(HINT_LEVEL).choose(game, obs, int(seat or 0), legal,
                                                   seed=seq).action
            with contextlib.suppress(RuntimeError):
                self._hinted.emit(seq, action)

        threading.Thread(target=work, name="remote-hint", daemon=True).start()

    def _on_hinted(self, seq: int, action: str) -> None:
        self._hint_for = None
        frame = self.frame
        if frame is None or int(frame["seq"]) != seq or action not in (frame.get("legal") or []):
            return  # the table moved on meanwhile
        self.table.show_hint(action)
        label = next((gesture_label(g, self.lang) for g in self._gestures if g.action == action),
                     action)
        self.status.setText(tr("status.hint", self.lang, move=label))

    # -- what the person does -------------------------------------------------------------
    def submit(self, action: str) -> None:
        """Send ``action`` for this seat; the table waits for the server's new view (a refusal
        comes back as an error and is said on the status line)."""
        frame = self.frame
        if frame is None or self.waiting or action not in (frame.get("legal") or []):
            return
        self.waiting = True
        self.table.set_interactive(False)
        future: concurrent.futures.Future[Any] = self.client.act(action, self.seat)
        future.add_done_callback(self._answered)

    def _answered(self, future: concurrent.futures.Future[Any]) -> None:
        exc = future.exception()
        if exc is not None:
            from tabletop.net.client import Update

            self.deliver(Update("error", {"message": str(exc)}))

    def send_chat(self) -> None:
        text = self.chat_edit.text().strip()
        if text:
            self.client.chat(text)
            self.chat_edit.clear()

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        closing = threading.Thread(target=self.client.close, name="tabletop-client-close",
                                   daemon=True)
        closing.start()


class HostedServer:
    """The table server run inside the app, on a thread and event loop of its own, until
    ``close``. Its tables are kept in ``data`` like a headless server's."""

    def __init__(self, data: Path, port: int = 0, host: str = "0.0.0.0",
                 limits: Any = None) -> None:
        from tabletop.net.server import Server

        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="tabletop-host",
                                        daemon=True)
        self._thread.start()
        # Computer seats think on a thread: a frozen app cannot spawn worker processes of
        # itself, and a table hosted for friends needs no more.
        self.server = Server(data, host=host, port=port, ai_workers=0, limits=limits)
        try:
            asyncio.run_coroutine_threadsafe(self.server.start(), self._loop).result(30)
        except BaseException:
            self._stop_loop()
            raise
        self.advertiser: Any = None
        if host not in ("127.0.0.1", "localhost"):
            # Friends on the same network find the table in their Join dialog; without
            # multicast they type the address instead.
            with contextlib.suppress(Exception):
                import socket

                from tabletop.net.discovery import Advertiser

                self.advertiser = Advertiser(f"Tabletop — {socket.gethostname()}", self.port)
                self.advertiser.start()

    @property
    def port(self) -> int:
        return int(self.server.port)

    def close(self) -> None:
        if self._loop.is_closed():
            return
        if self.advertiser is not None:
            with contextlib.suppress(Exception):
                self.advertiser.close()
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self.server.close(), self._loop).result(30)
        self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


class JoinDialog(QDialog):
    """The address of a server, a join code and the name to play under."""

    def __init__(self, lang: str, parent: QWidget | None = None, address: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("remote.join_title", lang))
        form = QFormLayout(self)
        self.address = QLineEdit(address or "ws://")
        self.code = QLineEdit()
        self.name = QLineEdit()
        self.name.setMaxLength(24)
        form.addRow(tr("remote.address", lang), self.address)
        form.addRow(tr("remote.code", lang), self.code)
        form.addRow(tr("remote.name", lang), self.name)
        self.found = QComboBox()  # tables on the local network (mDNS), when any answer
        self.found.setPlaceholderText(tr("remote.found_hint", lang))
        self.found_label = QLabel(tr("remote.found", lang))
        self.found.setVisible(False)
        self.found_label.setVisible(False)
        self.found.currentIndexChanged.connect(
            lambda i: self.address.setText(str(self.found.itemData(i) or self.address.text())))
        form.addRow(self.found_label, self.found)
        self.setMinimumWidth(460)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def offer(self, found: Sequence[Any]) -> None:
        """List the servers found on the local network (``discovery.Found``); the list is
        changed only when what was found changed, so a choice made in it stays."""
        urls = [f.url for f in found]
        if urls == [self.found.itemData(i) for i in range(self.found.count())]:
            return
        self.found.blockSignals(True)
        self.found.clear()
        for f in found:
            self.found.addItem(f"{f.name} — {f.url}", f.url)
        self.found.setCurrentIndex(-1)
        self.found.blockSignals(False)
        self.found.setVisible(bool(found))
        self.found_label.setVisible(bool(found))


def _connected(plugins: Mapping[str, GamePlugin], url: str, lang: str,
               parent: QWidget | None, animate: bool = True) -> tuple[Any, RemoteTable]:
    """A client connected to ``url`` and the window it reports to."""
    from tabletop.net.client import ThreadedClient

    holder: dict[str, RemoteTable] = {}
    client = ThreadedClient(url, on_update=lambda u: holder["w"].deliver(u)
                            if "w" in holder else None, queue_updates=False)
    window = RemoteTable(plugins, client, None, lang, parent, animate=animate)
    holder["w"] = window
    try:
        client.connect().result(ANSWER_SECONDS)
    except BaseException:
        client.close()
        window.deleteLater()
        raise
    return client, window


def _seated(window: RemoteTable, client: Any, request: concurrent.futures.Future[Any]
            ) -> dict[str, Any]:
    """The server's welcome to ``request``; the window plays the first seat it gives (the
    updates that come meanwhile wait in Qt's queue until the window has its seat)."""
    try:
        welcome: dict[str, Any] = request.result(ANSWER_SECONDS)
    except BaseException:
        client.close()
        window.deleteLater()
        raise
    seats = [s for s in welcome.get("seats") or [] if isinstance(s, int)]
    window.seat = seats[0] if seats else None
    window.my_seats = list(seats) if seats else [None]
    return welcome


def join_table(plugins: Mapping[str, GamePlugin], url: str, code: str, name: str, lang: str,
               parent: QWidget | None = None, *, animate: bool = True) -> RemoteTable:
    """Connect to ``url``, take the seat of join code ``code`` and open its table; raises
    ``OSError`` (no server there), ``TimeoutError`` or the client's ``ServerError`` (a wrong
    code, say) when that fails."""
    client, window = _connected(plugins, url, lang, parent, animate)
    _seated(window, client, client.join(code, name or player_name(0, lang), lang))
    window.another.setVisible(True)
    return window


def host_table(plugins: Mapping[str, GamePlugin], server: HostedServer | str, game: str,
               seats: Sequence[Mapping[str, Any]], lang: str, *, name: str = "",
               options: Mapping[str, Any] | None = None,
               parent: QWidget | None = None, animate: bool = True) -> RemoteTable:
    """Create a table as its host, on the server this app runs (``HostedServer``) or on the
    one at a URL, and open it: the window shows the join codes and the addresses to give the
    friends, and Start once they are there."""
    if isinstance(server, str):
        url, addresses = server, [server]
    else:
        from tabletop.net.discovery import local_addresses

        url = f"ws://127.0.0.1:{server.port}"
        addresses = [f"ws://{a}:{server.port}" for a in local_addresses()]
    client, window = _connected(plugins, url, lang, parent, animate)
    welcome = _seated(window, client, client.create(game, list(seats), options=options,
                                                    name=name, lang=lang))
    codes = {int(k): str(v) for k, v in (welcome.get("codes") or {}).items()}
    window.show_host_panel(codes, addresses)
    return window



class HostDialog(QDialog):
    """The game, its number of players, and who takes each seat: a friend joining from their
    computer, the host here, or a computer level."""

    def __init__(self, plugins: Mapping[str, GamePlugin], lang: str,
                 parent: QWidget | None = None, game: str | None = None) -> None:
        super().__init__(parent)
        from tabletop.ai.levels import LEVELS

        self.plugins = plugins
        self.lang = lang
        self.levels = [lv for lv in LEVELS if lv != "random"]
        self.setWindowTitle(tr("remote.host_title", lang))
        self.setMinimumWidth(520)
        self.form = QFormLayout(self)
        self.game = QComboBox()
        for gid, plugin in sorted(plugins.items(),
                                  key=lambda kv: spec_name(kv[1].listing, lang).casefold()):
            if plugin.listing.max_players >= 2:  # a solo game has no seat for a friend
                self.game.addItem(spec_name(plugin.listing, lang), gid)
        # A game the app cannot host fairly stays in the list, with the reason said here.
        self.refusal = QLabel()
        self.refusal.setObjectName("remoteRefusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #8f1d12; font-weight: bold;")
        self.refusal.setVisible(False)
        if game is not None and self.game.findData(game) >= 0:
            self.game.setCurrentIndex(self.game.findData(game))
        self.players = QComboBox()
        self.name = QLineEdit()
        self.name.setMaxLength(24)
        self.server = QLineEdit()  # empty: this computer hosts the table
        self.server.setPlaceholderText(tr("remote.server_here", lang))
        self.form.addRow(tr("remote.server", lang), self.server)
        self.form.addRow(tr("remote.game", lang), self.game)
        self.form.addRow(self.refusal)
        self.form.addRow(tr("remote.players_count", lang), self.players)
        self.form.addRow(tr("remote.name", lang), self.name)
        self.seat_boxes: list[QComboBox] = []
        self.seat_names: list[QLineEdit] = []
        self.seats_area = QFormLayout()
        self.form.addRow(self.seats_area)
        # The game's options that offer choices: a box each (the others keep their default).
        self.option_boxes: dict[str, QComboBox | QCheckBox] = {}
        self.options_area = QFormLayout()
        self.form.addRow(self.options_area)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.form.addRow(self.buttons)
        self.game.currentIndexChanged.connect(lambda _i: self._fill_players())
        self.players.currentIndexChanged.connect(lambda _i: self._fill_seats())
        self._fill_players()

    def _fill_options(self) -> None:
        from .i18n import spec_name as option_name
        from .newgame import choice_label

        while self.options_area.rowCount():
            self.options_area.removeRow(0)
        self.option_boxes = {}
        spec = self.plugins[str(self.game.currentData())].game.spec
        for opt in spec.options:
            box: QComboBox | QCheckBox
            if isinstance(opt.default, bool):
                box = QCheckBox()
                box.setChecked(opt.default)
            elif opt.choices:
                box = QComboBox()
                for choice in opt.choices:
                    box.addItem(choice_label(spec, opt, choice, self.lang), choice)
                box.setCurrentIndex(max(0, box.findData(opt.default)))
            else:
                continue
            box.setToolTip(opt.help_ja if self.lang == "ja" else opt.help_en)
            self.options_area.addRow(option_name(opt, self.lang), box)
            self.option_boxes[opt.key] = box

    def options(self) -> dict[str, Any]:
        """The options chosen, by key (each one the dialog offers)."""
        return {key: box.isChecked() if isinstance(box, QCheckBox) else box.currentData()
                for key, box in self.option_boxes.items()}

    def _fill_players(self) -> None:
        self._fill_options()
        spec = self.plugins[str(self.game.currentData())].listing
        self.players.blockSignals(True)
        self.players.clear()
        for n in range(max(2, spec.min_players), spec.max_players + 1):
            self.players.addItem(str(n), n)
        self.players.blockSignals(False)
        self._fill_seats()

    def _fill_seats(self) -> None:
        while self.seats_area.rowCount():
            self.seats_area.removeRow(0)
        self.seat_boxes = []
        self.seat_names: list[QLineEdit] = []
        for seat in range(int(self.players.currentData() or 2)):
            box = QComboBox()
            box.addItem(tr("remote.kind_local", self.lang), {"kind": "local"})
            box.addItem(tr("remote.kind_remote", self.lang), {"kind": "remote"})
            for level in self.levels:
                box.addItem(tr(f"seat.{level}", self.lang), {"kind": "computer", "level": level})
            box.setCurrentIndex(0 if seat == 0 else 1)
            box.currentIndexChanged.connect(lambda _i: self._check())
            # Who plays a seat here, when that is not the host (a friend names themselves).
            name = QLineEdit()
            name.setMaxLength(24)
            name.setPlaceholderText(tr("remote.seat_name", self.lang))
            row = QHBoxLayout()
            row.addWidget(box, 2)
            row.addWidget(name, 1)
            self.seats_area.addRow(player_name(seat, self.lang), row)
            self.seat_boxes.append(box)
            self.seat_names.append(name)
        self._check()

    def seats(self) -> list[dict[str, Any]]:
        """Each seat as the server takes it; a seat here with a name typed carries it."""
        out = []
        for box, name in zip(self.seat_boxes, self.seat_names, strict=True):
            seat = dict(box.currentData())
            if seat["kind"] == "local" and name.text().strip():
                seat["name"] = name.text().strip()
            out.append(seat)
        return out

    def _check(self) -> None:
        """Someone to join (a table with nobody elsewhere is a local game), and a game the
        app hosts. Several seats here are several people taking turns at this screen: the
        privacy page passes it between them, as in a local game."""
        kinds = [s["kind"] for s in self.seats()]
        for box, name in zip(self.seat_boxes, self.seat_names, strict=True):
            name.setEnabled(dict(box.currentData())["kind"] == "local")
        why = not_hostable(self.plugins[self.chosen_game()])
        self.refusal.setText(tr(why, self.lang) if why else "")
        self.refusal.setVisible(why is not None)
        ok = "remote" in kinds and why is None
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def chosen_game(self) -> str:
        return str(self.game.currentData())


class RemotePlay:
    """The main window's part in remote play: the Join and Host dialogs, the server the app
    hosts (started with the first table hosted, stopped with the app) and the open tables."""

    def __init__(self, window: Any, parent: QWidget) -> None:
        self._window = window
        self._parent = parent
        self.hosted: HostedServer | None = None
        self.tables: list[RemoteTable] = []
        self.last_address = ""

    def _animate(self) -> bool:
        return bool(getattr(self._window, "animate", True))

    def _keep(self, table: RemoteTable) -> RemoteTable:
        self.tables = [t for t in self.tables if t.isVisible()] + [table]
        board = getattr(self._window, "sound", None)
        if board is not None:
            table.use_sound(board.sibling(table.isActiveWindow))
        table.show()
        table.raise_()
        return table

    def _failed(self, exc: BaseException) -> None:
        lang = self._window.lang
        self._window.show_message(tr("remote.failed_title", lang),
                                  tr("remote.failed", lang, reason=str(exc) or type(exc).__name__))

    def join_dialog(self) -> RemoteTable | None:
        lang = self._window.lang
        dialog = JoinDialog(lang, self._parent, self.last_address)
        browser = None
        with contextlib.suppress(Exception):  # no network for multicast: type the address
            from tabletop.net.discovery import Browser

            browser = Browser()
            browser.start()
        timer = QTimer(dialog)
        if browser is not None:
            # The answers come over the next seconds, on zeroconf's thread: looked at here.
            timer.timeout.connect(lambda: dialog.offer(browser.found()))
            timer.start(500)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
        finally:
            timer.stop()
            if browser is not None:
                browser.close()
        return self.join(dialog.address.text().strip(), dialog.code.text().strip(),
                         dialog.name.text().strip())

    def join(self, url: str, code: str, name: str) -> RemoteTable | None:
        self.last_address = url
        try:
            table = join_table(self._window.plugins, url, code, name, self._window.lang,
                               self._parent, animate=self._animate())
        except Exception as exc:
            self._failed(exc)
            return None
        return self._keep(table)

    def host_dialog(self) -> RemoteTable | None:
        lang = self._window.lang
        dialog = HostDialog(self._window.plugins, lang, self._parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return self.host(dialog.chosen_game(), dialog.seats(), dialog.name.text().strip(),
                         server=dialog.server.text().strip(), options=dialog.options())

    def host(self, game: str, seats: Sequence[Mapping[str, Any]], name: str = "",
             data: Path | None = None, port: int | None = None,
             address: str = "0.0.0.0", server: str = "",
             options: Mapping[str, Any] | None = None) -> RemoteTable | None:
        """Create a table on the server at ``server`` (a URL), or with none on the one this
        app runs, started with the first table (``data``, ``port`` and ``address`` set it).
        A game the app does not host (``not_hostable``) is refused with its reason."""
        plugin = self._window.plugins.get(game)
        why = not_hostable(plugin) if plugin is not None else None
        if why is not None:
            lang = self._window.lang
            self._window.show_message(tr("remote.host_title", lang), tr(why, lang))
            return None
        try:
            if server:
                table = host_table(self._window.plugins, server, game, seats,
                                   self._window.lang, name=name, options=options,
                                   parent=self._parent, animate=self._animate())
                return self._keep(table)
            if self.hosted is None:
                from tabletop.net.server import DEFAULT_PORT
                from tabletop.userdata import data_dir

                folder = data if data is not None else data_dir() / "hosted"
                try:
                    self.hosted = HostedServer(folder, DEFAULT_PORT if port is None else port,
                                               address)
                except OSError:  # the usual port is taken: any free one
                    self.hosted = HostedServer(folder, 0, address)
            table = host_table(self._window.plugins, self.hosted, game, seats,
                               self._window.lang, name=name, options=options,
                               parent=self._parent, animate=self._animate())
        except Exception as exc:
            self._failed(exc)
            return None
        return self._keep(table)

    def close(self) -> None:
        for table in self.tables:
            table.close()
        self.tables = []
        if self.hosted is not None:
            self.hosted.close()
            self.hosted = None
