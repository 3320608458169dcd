"""One match on screen: the session, the game's view, the table, and the AI thinker together.

The controller is the only place that decides what the table shows and who may act. After
every change it looks at the state: game over → summary; an AI seat to move → the thinker gets
that seat's observation and nothing else; a human seat to move → the table is rebuilt from that
seat's observation with the gestures of the legal actions. When the turn passes between two
different people at one screen in a game with secrets, the table is emptied and a privacy page
asks for the hand-over before the next player's view is built.

All search runs in the thinker, off the GUI thread. Every request carries a generation number,
so an answer that arrives after the state changed (undo, restart) is dropped.

A game played to a beat (``GameView.tempo``) gets a clock: while the player to move may let a
beat pass, the clock does it for them every beat, counted from when the tempo began; a person's
input between beats goes in at once. A computer seat keeps the same beat: its moves come within
the beat, and a beat that falls while its move is still on the way waits for that move, so a
seeded match plays out the same however fast the machine thinks. The clock is a ``BeatClock``
(a QTimer) unless a test hands in one it steps by hand.

After every change the match is written to the autosave slot (atomically, see
``tabletop.app.saves``); a finished match is filed with the recent games. A match can also start
from a session rebuilt from a save file, with its seats, options, log and viewing seat.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from tabletop.api import GamePlugin
from tabletop.engine import (
    CHANCE,
    GameView,
    Gesture,
    IllegalActionError,
    InvalidActionError,
    Layout,
    Session,
    Tempo,
    UndoRefusedError,
    savefile,
)
from tabletop.engine.savefile import SaveData

from .i18n import player_name, tr
from .newgame import TAG, GameSetup
from .saves import SaveStore

HINT_LEVEL = "hard"
# The chance that follows one decision (an enemy's dice, one by one) is shown a state at a time
# when it has at least this many steps, each on screen for ``CHANCE_STEP_MS``.
CHANCE_STEP_MS = 450
CHANCE_STEPS_MIN = 2

# Status kinds, which the window styles differently.
INFO = "info"
TURN = "turn"
WARNING = "warning"
WARNING_HOLD_S = 4.0  # a refused move's reason outlasts hover hints this long
TEMPO_SAVE_S = 10.0  # while a game runs to a beat, the autosave waits this long between saves
THINKING = "thinking"
OVER = "over"


class BeatClock(QObject):
    """The beat of a game played in real time: ``beat`` fires every ``period()`` ms after
    ``start``. A precise timer, since a coarse one may drift by 5 % of a beat."""

    beat = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self.beat)

    def start(self, period_ms: int) -> None:
        """(Re)start the beat: the first one falls ``period_ms`` from now."""
        self._timer.start(max(1, period_ms))

    def stop(self) -> None:
        self._timer.stop()

    def is_running(self) -> bool:
        return self._timer.isActive()

    def period(self) -> int:
        return self._timer.interval()


class GameController(QObject):
    """Runs one match between the session, the table widget and the AI thinker.

    ``table`` must offer ``sync``, ``set_interactive``, ``show_hint``, ``set_language``,
    ``set_reason_provider`` and the signals ``action_chosen``, ``move_refused`` and
    ``status_hint``; ``thinker`` offers ``think``, ``cancel`` and the signals ``decided`` and
    ``failed``. Both outlive the controller: ``stop()`` lets go of them.
    """

    status_changed = Signal(str, str)  # text, kind (INFO, TURN, WARNING, THINKING, OVER)
    log_reset = Signal(list)  # every log line the viewing seat may read
    log_appended = Signal(list)  # new lines since the last update
    buttons_changed = Signal(list)  # list[Gesture]: legal actions without a place on the table
    privacy_requested = Signal(int)  # the seat the screen must be handed to
    table_shown = Signal()  # the table holds the viewing seat's view: show it
    hint_shown = Signal(str)  # the action the hint suggests
    history_changed = Signal()  # undo/redo availability may have changed
    game_over = Signal()
    autosave_failed = Signal(str)  # the reason writing the autosave failed

    def __init__(self, plugin: GamePlugin, setup: GameSetup, table: Any, thinker: Any,
                 lang: str = "en", ai_delay_ms: int = 500, animate: bool = True,
                 parent: QObject | None = None, *, session: Session | None = None,
                 saves: SaveStore | None = None, resume_ui: Mapping[str, Any] | None = None,
                 created: str | None = None, chance_step_ms: int | None = None,
                 clock_factory: Callable[[QObject], Any] | None = None) -> None:
        super().__init__(parent)
        self.plugin = plugin
        self.game = plugin.game
        self.setup = setup
        self.table = table
        self.thinker = thinker
        self.lang = lang
        self.ai_delay_ms = ai_delay_ms
        self.animate = animate
        # 0 shows the steps at once (tests, animations off): the same syncs, no pauses.
        self.chance_step_ms = ((CHANCE_STEP_MS if animate else 0) if chance_step_ms is None
                               else max(0, chance_step_ms))
        self.view: GameView = plugin.view()
        if session is None:
            session = Session(self.game, setup.players, setup.options, setup.seed,
                              human_seats=setup.human_seats)
        self.session = session
        self.saves = saves
        self.created = created or savefile.now_iso()
        # A game that was already over when it was opened is not filed with the recent games
        # a second time.
        self._filed = session.is_terminal()
        # Likewise a solo game's score goes into the high-score list once, when it ends here.
        self.high_score_filed = session.is_terminal()
        humans = setup.human_seats
        # With one person at the screen the table always shows their seat; with none it shows
        # what a spectator may see; in hot-seat it follows the person holding the screen.
        self.viewing_seat: int | None = humans[0] if len(humans) == 1 else None
        saved_seat = (resume_ui or {}).get("viewing_seat")
        if (len(humans) > 1 and not self.game.spec.has_hidden_information
                and isinstance(saved_seat, int) and saved_seat in humans):
            self.viewing_seat = saved_seat
        # In hot-seat with secrets the viewing seat stays unset, so a resumed match opens on
        # the privacy page: whoever sits at the screen now must not see the last one's hand.
        self.awaiting_privacy: int | None = None
        self.over = False
        self._gen = 0
        self._pending: tuple[str, int, int] | None = None  # (purpose, generation, seat)
        self._think_started = 0.0
        self._ai_move: tuple[int, int, str] | None = None  # (generation, seat, action)
        self._ai_timer = QTimer(self)
        self._ai_timer.setSingleShot(True)
        self._ai_timer.timeout.connect(self._play_ai_move)
        self._log_lines: list[str] = []
        self._table_size = (1600.0, 1000.0)
        self._base_status: tuple[str, str] = ("", INFO)
        self._warning_until = 0.0
        # (decisions so far, the view's round of that state or None, the series per language)
        self._samples: list[tuple[int, int | None, dict[str, dict[str, float]]]] = []
        self._connected = False
        self._steps: list[int] = []  # plies still to show in the chance playback
        self._playing = False
        self._step_timer = QTimer(self)
        self._step_timer.setSingleShot(True)
        self._step_timer.timeout.connect(self._next_step)
        # The beat of a game played in real time (see the module docstring).
        self.clock: Any = (clock_factory or BeatClock)(self)
        self.clock.beat.connect(self._on_beat)
        self._tempo: Tempo | None = None
        self._beat_owed = False  # a beat fell while a computer seat's move was on the way
        self._tempo_saved: float | None = None  # when the beats under way were last saved
        self._save_skipped = False  # the autosave is behind (beats not saved yet)
        self._connect()

    # -- wiring ---------------------------------------------------------------------------
    def _connect(self) -> None:
        self.table.action_chosen.connect(self.submit_human)
        self.table.move_refused.connect(self._on_move_refused)
        self.table.status_hint.connect(self._on_status_hint)
        self.table.set_reason_provider(self.why_not)
        self.table.set_language(self.lang)
        self.thinker.decided.connect(self._on_decided)
        self.thinker.failed.connect(self._on_failed)
        self._connected = True

    def stop(self) -> None:
        """Cancel any thinking and let go of the table and the thinker (the match ends here)."""
        self._gen += 1
        self._pending = None
        self._ai_timer.stop()
        self._stop_steps()
        self._set_tempo(None)
        if self._save_skipped:
            self._autosave(force=True)  # leaving mid-beat keeps the last beat too
        if not self._connected:
            return
        self._connected = False
        self.thinker.cancel()
        for signal, slot in ((self.table.action_chosen, self.submit_human),
                             (self.table.move_refused, self._on_move_refused),
                             (self.table.status_hint, self._on_status_hint),
                             (self.thinker.decided, self._on_decided),
                             (self.thinker.failed, self._on_failed)):
            with contextlib.suppress(RuntimeError, TypeError):  # already gone with its owner
                signal.disconnect(slot)
        self.table.set_reason_provider(None)

    # -- reading --------------------------------------------------------------------------
    def is_ai(self, seat: int) -> bool:
        return not self.setup.is_human(seat)

    def player_label(self, seat: int, lang: str | None = None) -> str:
        return player_name(seat, lang or self.lang, ai=self.is_ai(seat))

    def is_human_turn(self) -> bool:
        """True when the person holding the screen may act now."""
        player = self.session.current_player()
        return (not self.over and self.awaiting_privacy is None and player >= 0
                and not self.is_ai(player) and player == self.viewing_seat
                and not self._playing)

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def undo_state(self) -> tuple[bool, str]:
        """Whether the person at the screen may undo now, and if not, why (translated)."""
        try:
            target = self.session.undo_target()
        except UndoRefusedError:
            return False, self._undo_reason()
        owner = self.session.history[target].seat
        if len(self.setup.human_seats) > 1 and owner != self.viewing_seat:
            return False, tr("undo.other", self.lang, player=self.player_label(owner))
        return True, ""

    @property
    def tag(self) -> str | None:
        """The mark of the front page that started this match (``tabletop.api.Match``)."""
        return self.setup.tag

    def save_data(self) -> SaveData:
        """The match as a save file's content, with the viewing seat and the page's tag for
        resuming."""
        ui: dict[str, Any] = {"viewing_seat": self.viewing_seat,
                              "fixed_seed": self.setup.fixed_seed}
        if self.setup.tag is not None:
            ui[TAG] = self.setup.tag
        return savefile.from_session(self.session, list(self.setup.seats),
                                     created=self.created, ui=ui)

    def _autosave(self, force: bool = False) -> None:
        if self.saves is None:
            return
        # Played to a beat, a save on every beat (two fsyncs, some 20 ms here) would jolt the
        # beat: the first state of a run of beats is saved, then at most one state every
        # TEMPO_SAVE_S, the state after the run, and the last state when the match is left
        # (``stop``). A crash loses a few seconds.
        if self._tempo_state() and not force:
            now = time.monotonic()
            if self._tempo_saved is not None and now - self._tempo_saved < TEMPO_SAVE_S:
                self._save_skipped = True
                return
            self._tempo_saved = now
        else:
            self._tempo_saved = None
        self._save_skipped = False
        try:
            data = self.save_data()
            if data.finished and not self._filed:
                self.saves.finish(data)
                self._filed = True
            elif not data.finished:
                self.saves.write_autosave(data)
                self._filed = False
        except OSError as exc:  # a full disk must not stop the match
            self.autosave_failed.emit(str(exc))

    def moves(self) -> list[str]:
        """The players' decisions so far (chance outcomes left out)."""
        return [r.action for r in self.session.history if r.seat != CHANCE]

    def _by_round(self) -> bool:
        return bool(self._samples) and all(r is not None for _, r, _ in self._samples)

    def series(self) -> list[tuple[int, dict[str, float]]]:
        """``view.series`` after every decision so far, in the current language, against the
        decision count, or against the round when the view gives every sample one.

        A sample counts for the round its decision was made in, which is the round of the
        sample before: the last decision of a round already shows the next one, yet its
        sample (with the round's end, a payday say) is how that round ended.
        """
        by_round = self._by_round()
        out: list[tuple[int, dict[str, float]]] = []
        made_in: int | None = None
        for d, r, s in self._samples:
            x = d
            if by_round and r is not None:
                x = made_in if made_in is not None else r
            made_in = r
            out.append((x, s.get(self.lang) or s.get("en", {})))
        return out

    def series_axis(self, lang: str | None = None) -> str:
        """The label of the x axis of ``series``: moves or rounds."""
        return tr("summary.x_round" if self._by_round() else "summary.x", lang or self.lang)

    def series_panels(self, lang: str | None = None) -> list[tuple[str, tuple[str, ...]]]:
        """The view's charts for the summary; empty for one chart of everything."""
        return self.view.series_panels(lang or self.lang)

    def score_table(self, lang: str | None = None) -> list[list[str]] | None:
        """The view's final score breakdown, once the game is over."""
        if not self.session.is_terminal():
            return None
        return self.view.score_table(self.session.observation(None), lang or self.lang)

    def summary_text(self, lang: str | None = None) -> str:
        lang = lang or self.lang
        obs = self.session.observation(None)
        text = self.view.summary(obs, lang)
        if text:
            return text
        returns = self.session.returns()
        best = max(returns)
        winners = [i for i, r in enumerate(returns) if r == best]
        if len(winners) != 1:
            return tr("summary.draw", lang)
        return tr("summary.winner", lang, player=self.player_label(winners[0], lang))

    def why_not(self, source: str, target: str | None) -> str:
        """Reason a drag or click does nothing, asked by the table for the status line."""
        obs = self.session.observation(self.viewing_seat)
        return self.view.why_not(obs, self.viewing_seat, source, target, self.lang)

    # -- flow -----------------------------------------------------------------------------
    def start(self) -> None:
        self._advance()

    def _advance(self) -> None:
        """Everything that follows a change of state: record, then route the next turn."""
        self._gen += 1
        if self._pending is not None:
            self.thinker.cancel()
            self._pending = None
        self._ai_timer.stop()
        self._stop_steps()
        self._record_series()
        self._autosave()
        self.history_changed.emit()
        if self.session.is_terminal():
            self.over = True
            self._render()
            self.game_over.emit()
            return
        self.over = False
        self.awaiting_privacy = None
        player = self.session.current_player()
        if self.is_ai(player):
            self._render()
            tempo = self._tempo
            if tempo is not None and self.session.legal_actions() == [tempo.action]:
                if self._beat_owed:
                    self._schedule_ai_move(self._gen, player, tempo.action, 0)
                return  # nothing to decide: the beat comes from the clock
            self._request(player, "ai", self.setup.seats[player])
            return
        if self._needs_privacy(player):
            self.awaiting_privacy = player
            self._render()
            self.privacy_requested.emit(player)
            return
        self.viewing_seat = player
        self._render()

    def _needs_privacy(self, player: int) -> bool:
        return (len(self.setup.human_seats) > 1 and self.game.spec.has_hidden_information
                and player != self.viewing_seat)

    def reveal(self) -> None:
        """The next player clicked the privacy page: build the table from their seat."""
        if self.awaiting_privacy is None:
            return
        self.viewing_seat = self.awaiting_privacy
        self.awaiting_privacy = None
        self._render()

    def _render(self) -> None:
        """Show the current situation (table, buttons, log, status) without starting the AI."""
        if self.awaiting_privacy is not None:
            # An empty scene, not a cover: nothing of the previous seat's view survives.
            width, height = self._table_size
            self._set_tempo(None)
            self.table.set_interactive(False)
            self.table.sync(Layout(width, height), [], animate=False)
            self.buttons_changed.emit([])
            self._set_log([])
            name = self.player_label(self.awaiting_privacy)
            self._set_base_status(tr("privacy.title", self.lang, player=name), INFO)
            return
        seat = self.viewing_seat
        obs = self.session.observation(seat)
        self._set_tempo(self._active_tempo(obs))
        layout = self.view.layout(obs, seat, self.lang)
        self._table_size = (layout.width, layout.height)
        gestures: list[Gesture] = []
        if self.is_human_turn():
            gestures = self.view.gestures(obs, seat, self.session.legal_actions())
        on_table = [g for g in gestures if g.source is not None or g.target is not None]
        buttons = [g for g in gestures if g.source is None and g.target is None]
        self.table.sync(layout, on_table, animate=self.animate)
        self.table.set_interactive(bool(gestures))
        self.buttons_changed.emit(buttons)
        self._set_log([e.describe(self.lang) for e in self.session.events_for(seat)])
        self._set_base_status(*self._turn_status(obs))
        self.table_shown.emit()

    def _turn_status(self, obs: dict[str, Any]) -> tuple[str, str]:
        if self.over:
            return self.summary_text(), OVER
        player = self.session.current_player()
        if self.is_ai(player):
            thinking = tr("status.thinking", self.lang, player=self.player_label(player))
            if self._tempo is None:
                return thinking, THINKING
            # Played to a beat, the computer is not pondering: say what it is doing.
            return self.view.status(obs, self.viewing_seat, self.lang) or thinking, INFO
        text = self.view.status(obs, self.viewing_seat, self.lang) or self.game.prompt(
            self.session.state, player, self.lang)
        if not text:
            text = tr("status.your_turn", self.lang, player=self.player_label(player))
        elif len(self.setup.human_seats) > 1:
            text = f"{self.player_label(player)}: {text}"
        return text, TURN

    def _set_base_status(self, text: str, kind: str) -> None:
        self._base_status = (text, kind)
        self._warning_until = 0.0
        self.status_changed.emit(text, kind)

    def _set_log(self, lines: list[str]) -> None:
        old = self._log_lines
        self._log_lines = lines
        if len(lines) >= len(old) and lines[:len(old)] == old:
            if len(lines) > len(old):
                self.log_appended.emit(lines[len(old):])
        else:
            self.log_reset.emit(list(lines))

    def log_lines(self) -> list[str]:
        return list(self._log_lines)

    def _record_series(self) -> None:
        decisions = len(self.moves())
        obs = self.session.observation(None)
        from_seats = getattr(self.view, "series_from_seats", None)
        if callable(from_seats):
            # The chart is shown only once the game is over, when nothing is secret any more.
            # A view that asks for it charts each player's figures from that player's own
            # observation, so a figure resting on a hidden hand (National Economy's Farmers'
            # Co-op) is right all game long instead of jumping when the hands are revealed.
            seen = [self.session.observation(p) for p in range(self.setup.players)]
            sample = {lang: from_seats(obs, seen, lang) for lang in ("en", "ja")}
        else:
            sample = {lang: self.view.series(obs, lang) for lang in ("en", "ja")}
        while self._samples and self._samples[-1][0] >= decisions:
            self._samples.pop()
        self._samples.append((decisions, self.view.series_round(obs), sample))

    # -- people ---------------------------------------------------------------------------
    def submit_human(self, action: str) -> bool:
        """A person chose ``action`` (table drop, click, or action-bar button)."""
        if not self.is_human_turn():
            self.status_changed.emit(tr("status.not_your_turn", self.lang), WARNING)
            return False
        seat = self.session.current_player()
        before = len(self.session.history)
        try:
            self.session.submit(seat, action, self.lang)
        except IllegalActionError as exc:
            self.status_changed.emit(exc.reason, WARNING)
            return False
        except InvalidActionError as exc:
            self.status_changed.emit(str(exc), WARNING)
            return False
        self._after_submit(before)
        return True

    def undo(self) -> bool:
        """Take back the last human decision (and the AI replies after it), if allowed.

        At a shared screen only the person who made a move may take it back.
        """
        allowed, reason = self.undo_state()
        if not allowed:
            self.status_changed.emit(reason, WARNING)
            return False
        self._cancel_thinking()  # an AI reply to the move being taken back must not land
        self.session.undo()
        if self.awaiting_privacy is not None:
            # Undone from the privacy page: nobody has claimed the screen yet, so the table
            # comes back only through a new page naming the player to move.
            self.viewing_seat = None
        self._advance()
        return True

    def redo(self) -> bool:
        if not self.session.can_redo():
            self.status_changed.emit(tr("redo.nothing", self.lang), WARNING)
            return False
        self._cancel_thinking()
        try:
            self.session.redo()
        except (UndoRefusedError, IllegalActionError) as exc:
            self.status_changed.emit(str(exc), WARNING)
            return False
        self._advance()
        return True

    def _undo_reason(self) -> str:
        """Why undo was refused, in the current language.

        The session's own message is English and names only public events; here the event is
        named, in the player's language, whenever the viewing seat may read it (its own draw,
        say), and in hot-seat play a refused undo never shows the other player's secret.
        """
        reader = None if self.awaiting_privacy is not None else self.viewing_seat
        for rec in reversed(self.session.history):
            if rec.reveals:
                seen = [e for e in rec.events if e.reveals and e.visible_to(reader)]
                what = seen[0].describe(self.lang) if seen else tr("undo.hidden", self.lang)
                return tr("undo.revealed", self.lang, what=what)
            if rec.seat in self.session.human_seats:
                break
        return tr("undo.nothing", self.lang)

    def can_hint(self) -> bool:
        """Whether Hint may be asked now: on a person's turn, and not while the game runs to a
        beat (a search would outlast the beat, and in a memory game it would give the answer
        away)."""
        return self.is_human_turn() and self._tempo is None

    def hint(self) -> bool:
        """Ask the strongest search for the viewing seat's best move (never the true state)."""
        if not self.can_hint() or self._pending is not None:
            return False
        seat = self.session.current_player()
        self._request(seat, "hint", HINT_LEVEL)
        self.status_changed.emit(tr("status.hint_thinking", self.lang), THINKING)
        return True

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.table.set_language(lang)
        self._log_lines = []
        self._render()
        if self.awaiting_privacy is not None:
            self.privacy_requested.emit(self.awaiting_privacy)

    def _on_move_refused(self, reason: str) -> None:
        # The reason must stay readable: hovering over the card the die just bounced off
        # would otherwise replace it at once.
        self._warning_until = time.monotonic() + WARNING_HOLD_S
        self.status_changed.emit(reason, WARNING)

    def _on_status_hint(self, text: str) -> None:
        if time.monotonic() < self._warning_until:
            return
        if text:
            self.status_changed.emit(text, INFO)
        else:
            self.status_changed.emit(*self._base_status)

    # -- chance, step by step -----------------------------------------------------------
    def is_playing_back(self) -> bool:
        """True while the chance after a decision is being shown; input waits for its end."""
        return self._playing

    def _after_submit(self, before: int) -> None:
        """A decision was applied at ply ``before``: show what chance did, then go on.

        When several chance records followed (an enemy's dice, one die each), the states after
        the decision and after each record but the last are shown in turn, each with its log
        lines, before ``_advance`` shows the final one and hands the turn on.
        """
        history = self.session.history
        chance = sum(1 for r in history[before + 1:] if r.seat == CHANCE)
        if chance < CHANCE_STEPS_MIN or self.awaiting_privacy is not None:
            self._advance()
            return
        self._cancel_thinking()
        self._set_tempo(None)  # no beat falls while the table shows what chance did
        self._steps = list(range(before + 1, len(history)))
        self._playing = True
        self._autosave()  # the outcome is settled; a crash during the show must not lose it
        self.history_changed.emit()
        if self.chance_step_ms <= 0:
            while self._steps:
                self._show_step(self._steps.pop(0))
            self._advance()
            return
        self._next_step()

    def _next_step(self) -> None:
        if not self._playing:
            return
        if not self._steps:
            self._advance()
            return
        self._show_step(self._steps.pop(0))
        self._step_timer.start(self.chance_step_ms)

    def _show_step(self, ply: int) -> None:
        """Sync the table, log and status to the state after ``ply`` records, input off."""
        seat = self.viewing_seat
        state = self.session.state_at(ply)
        obs = self.game.observation(state, seat)
        self.table.sync(self.view.layout(obs, seat, self.lang), [], animate=self.animate)
        self.table.set_interactive(False)
        self.buttons_changed.emit([])
        self._set_log([e.describe(self.lang) for r in self.session.history[:ply]
                       for e in r.events if e.visible_to(seat)])
        text = self.view.status(obs, seat, self.lang)
        if text:
            self._set_base_status(text, INFO)

    def _stop_steps(self) -> None:
        self._steps = []
        self._playing = False
        self._step_timer.stop()

    # -- the thinker ----------------------------------------------------------------------
    def _cancel_thinking(self) -> None:
        self._gen += 1
        self._ai_timer.stop()
        self._ai_move = None
        self._stop_steps()
        if self._pending is not None:
            self.thinker.cancel()
            self._pending = None

    def _request(self, seat: int, purpose: str, level: str) -> None:
        obs = self.session.observation(seat)  # the seat's own view: no peeking
        legal = self.session.legal_actions()
        seed = (self.setup.seed * 1_000_003 + len(self.session.history)) % (2**31 - 1)
        self._pending = (purpose, self._gen, seat)
        self._think_started = time.monotonic()
        self.thinker.think(self.game, obs, seat, legal, level, seed)

    def _on_decided(self, decision: Any) -> None:
        pending = self._pending
        if pending is None or pending[1] != self._gen or getattr(decision, "cancelled", False):
            return
        purpose, gen, seat = pending
        action = str(decision.action)
        if action not in self.session.legal_actions():
            return  # an answer to an earlier question; the current one is still coming
        self._pending = None
        if purpose == "hint":
            self.table.show_hint(action)
            move = self.game.describe_action(self.session.state, action, self.lang)
            self.status_changed.emit(tr("status.hint", self.lang, move=move), INFO)
            self.hint_shown.emit(action)
            return
        tempo = self._tempo
        if tempo is None:
            self._schedule_ai_move(gen, seat, action)
        elif self._beat_owed:
            self._schedule_ai_move(gen, seat, action, 0)
        elif action != tempo.action:
            # Within the beat: a move never lands after the beat it was meant for.
            self._schedule_ai_move(gen, seat, action, min(self.ai_delay_ms, tempo.period_ms // 2))
        # else: the seat lets the beat pass, and the clock plays it.

    def _on_failed(self, message: str) -> None:
        pending = self._pending
        if pending is None or pending[1] != self._gen:
            return
        purpose, gen, seat = pending
        self._pending = None
        if purpose == "hint":
            self.status_changed.emit(message, WARNING)
            return
        # The match must go on: a seeded random legal move keeps it reproducible.
        legal = self.session.legal_actions()
        action = legal[random.Random(self.setup.seed + gen).randrange(len(legal))]
        move = self.game.describe_action(self.session.state, action, self.lang)
        self.status_changed.emit(tr("status.ai_failed", self.lang, error=message, move=move),
                                 WARNING)
        self._schedule_ai_move(gen, seat, action)

    def _schedule_ai_move(self, gen: int, seat: int, action: str,
                          delay_ms: int | None = None) -> None:
        # A short pause lets a person follow the computer's moves one by one on the table.
        elapsed_ms = int((time.monotonic() - self._think_started) * 1000)
        self._ai_move = (gen, seat, action)
        wait = self.ai_delay_ms if delay_ms is None else delay_ms
        self._ai_timer.start(max(0, wait - elapsed_ms))

    def _play_ai_move(self) -> None:
        move, self._ai_move = self._ai_move, None
        if move is None or move[0] != self._gen:
            return
        _, seat, action = move
        if self._tempo is not None and action == self._tempo.action:
            self._beat_owed = False
        before = len(self.session.history)
        try:
            self.session.submit(seat, action)
        except (IllegalActionError, InvalidActionError) as exc:
            self.status_changed.emit(str(exc), WARNING)
            return
        self._after_submit(before)

    # -- the beat -------------------------------------------------------------------------
    def _tempo_state(self) -> bool:
        """Whether the current state is played to a beat (whoever is at the screen)."""
        if self.session.current_player() < 0:
            return False
        tempo = self.view.tempo(self.session.observation(None))
        return tempo is not None and tempo.action in self.session.legal_actions()

    def _active_tempo(self, obs: dict[str, Any]) -> Tempo | None:
        """The beat the clock must keep now, if any: the game's tempo while the player to move
        (a computer seat, or the person holding the screen) may let a beat pass."""
        if self.over or self.awaiting_privacy is not None or self._playing:
            return None
        player = self.session.current_player()
        if player < 0 or (not self.is_ai(player) and player != self.viewing_seat):
            return None
        tempo = self.view.tempo(obs)
        if tempo is None or tempo.action not in self.session.legal_actions():
            return None
        return tempo

    def _set_tempo(self, tempo: Tempo | None) -> None:
        """Keep the clock in step with ``tempo``: started fresh when a tempo begins (so the
        first beat is a whole one), left alone while it goes on, stopped when it ends."""
        self._tempo = tempo
        if tempo is None:
            self._beat_owed = False
            self.clock.stop()
        elif not self.clock.is_running() or self.clock.period() != tempo.period_ms:
            self.clock.start(tempo.period_ms)

    def beat_pending(self) -> bool:
        """True while the clock runs and the next beat is all that can happen (no person's
        input aside): no computer move is being thought of or waiting to be played."""
        return (self._tempo is not None and self._pending is None
                and (self._ai_move is None or self._ai_move[0] != self._gen))

    def _on_beat(self) -> None:
        tempo = self._tempo
        if tempo is None:
            self.clock.stop()
            return
        if tempo.sound:
            from PySide6.QtWidgets import QApplication

            QApplication.beep()
        seat = self.session.current_player()
        if self.is_ai(seat) and not self.beat_pending():
            self._beat_owed = True  # played right after the move that is on its way
            return
        self._beat_owed = False
        before = len(self.session.history)
        try:
            self.session.submit(seat, tempo.action, self.lang)
        except (IllegalActionError, InvalidActionError) as exc:
            self.status_changed.emit(str(exc), WARNING)
            return
        self._after_submit(before)
