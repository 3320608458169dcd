"""One match on screen: whose turn it is, and what the table, the log and the status line show.

The controller is the only place that decides what the table shows and who may act. After
every change it looks at the state: game over → summary; an AI seat to move → the thinker gets
that seat's observation and nothing else; a human seat to move → the table is rebuilt from that
seat's observation with the gestures of the legal actions. When the turn passes between two
different people at one screen in a game with secrets, the table is emptied and a privacy page
asks for the hand-over before the next player's view is built.

The rest of a match is done by parts it composes, each in a module of its own: the thinker's
questions and the computer's moves (``thinking``), the beat of a game played in real time
(``tempo``), the chance after a decision shown step by step (``chance_steps``), the autosave
(``autosave``), the chart's samples (``series``), the hints (``hints``), why undo or redo is
refused (``undo_guard``) and the status line (``status``). What the table sounds like comes
from what it shows: the records shown to the viewing seat, a person's turn beginning and the
end (``cues``; ``sound_made`` carries each sound's name to the window's player). A match can
also start from a session rebuilt from a save file, with its seats, options, log and viewing
seat.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.api import GamePlugin
from tabletop.engine import (
    CHANCE,
    GameView,
    Gesture,
    IllegalActionError,
    InvalidActionError,
    Layout,
    Moment,
    Session,
    Tempo,
    UndoRefusedError,
    savefile,
)
from tabletop.engine.savefile import SaveData
from tabletop.engine.sounds import YOUR_TURN
from tabletop.text import join, sentences

from .autosave import Autosave
from .chance_steps import CHANCE_STEP_MS, ChancePlayback, steps_after
from .contracts import TableLike, ThinkerLike
from .cues import outcome_sound, record_sounds
from .game_log import GameLog
from .hints import Hints
from .i18n import player_name, tr
from .newgame import NAMES, TAG, GameSetup
from .saves import SaveStore
from .seat_names import with_names
from .series import Series
from .status import INFO, OVER, THINKING, TURN, WARNING, StatusLine
from .tempo import Beat, BeatClock
from .thinking import AI, Thinking
from .undo_guard import redo_state, undo_state

# The status kinds and the beat clock, where the window and the tests have always found them.
__all__ = ["INFO", "OVER", "THINKING", "TURN", "WARNING", "BeatClock", "GameController"]


#: How long the person who just moved sees the result before the screen turns to the next
#: person at a shared screen (with animations on; tests turn at once).
HANDOVER_MS = 1400


class GameController(QObject):
    """Runs one match between the session, the table widget and the AI thinker.

    ``table`` must offer ``sync``, ``set_interactive``, ``show_hint``, ``set_language``,
    ``set_reason_provider`` and the signals ``action_chosen``, ``move_refused`` and
    ``status_hint``; ``thinker`` offers ``think``, ``cancel`` and the signals ``decided`` and
    ``failed``. Both outlive the controller: ``stop()`` lets go of them.
    """

    status_changed = Signal(str, str)  # text, kind (INFO, TURN, WARNING, THINKING, OVER)
    hover_changed = Signal(str)  # what the pointer is over, shown beside the status line
    log_reset = Signal(list)  # every log line the viewing seat may read
    log_appended = Signal(list)  # new lines since the last update
    buttons_changed = Signal(list)  # list[Gesture]: legal actions without a place on the table
    privacy_requested = Signal(int)  # the seat the screen must be handed to
    table_shown = Signal()  # the table holds the viewing seat's view: show it
    hint_shown = Signal(str)  # the action the hint suggests
    history_changed = Signal()  # undo/redo availability may have changed
    game_over = Signal()
    autosave_failed = Signal(str)  # the reason writing the autosave failed
    # The screen is about to show another person's view, or nobody's (a privacy page): what
    # the last person left on the window must go first (``MainWindow.forget_transient``).
    viewer_changed = Signal()
    # (Moment, pausing) a result to show over the table: play waits for ``continue_moment``
    # while ``pausing``; else it is a past moment opened again from the log.
    moment_shown = Signal(object, bool)
    moment_closed = Signal()
    # The name of a sound the table makes now (``tabletop.engine.sounds``): the events of the
    # records just shown to the viewing seat, "your turn", the end of the game.
    sound_made = Signal(str)

    def __init__(self, plugin: GamePlugin, setup: GameSetup, table: TableLike,
                 thinker: ThinkerLike,
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
        self.animate = animate
        self.view: GameView = plugin.view()
        # The names the people gave word {seat:player} in the log, the prompts and the summary.
        self.speaker = plugin.speaker(setup.speaker_names(lambda: self.lang))
        resumed = session is not None
        if session is None:
            session = Session(self.game, setup.players, setup.options, setup.seed,
                              human_seats=setup.human_seats)
        self.session = session
        self.created = created or savefile.now_iso()
        # A solo game's score goes into the high-score list once, when it ends here.
        self.high_score_filed = session.is_terminal()
        # Likewise its record (``tabletop.records``): a match opened already over is not new.
        self.record_filed = session.is_terminal()
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
        self._handover = 0  # counts hand-overs, so that a late one for an old state is dropped
        # Whose view the window shows: ("table", seat) or ("privacy", seat); None before the
        # first render. A change of it is a change of viewer (``viewer_changed``).
        self._shown_for: tuple[str, int | None] | None = None
        # A result on show that play waits for (``GameView.moment``), and how play goes on.
        self.pausing = False
        self._resume: Callable[[], None] | None = None
        self._paused: tuple[int, Moment] | None = None  # the ply paused at and its moment
        # For each line of the log on show, the record (its ply) it tells of.
        self._line_plies: list[int] = []
        self.over = False
        self.log = GameLog(self.log_reset.emit, self.log_appended.emit)
        # The records whose sounds were made (a resumed match does not replay its past), whether
        # the person at the screen was last shown their turn, and whether the end was heard.
        self._heard = len(session.history) if resumed else 0
        self._was_turn = False
        self._end_heard = session.is_terminal()
        self._table_size = (1600.0, 1000.0)
        self.status = StatusLine(self.status_changed.emit, self.hover_changed.emit)
        self.chart = Series(self.view, self.speaker.say)
        # 0 shows the steps at once (tests, animations off): the same syncs, no pauses.
        step_ms = ((CHANCE_STEP_MS if animate else 0) if chance_step_ms is None
                   else chance_step_ms)
        self.chance = ChancePlayback(step_ms, self._show_step, self._advance, self)
        self.clock: Any = (clock_factory or BeatClock)(self)
        self.beat = Beat(self, self.clock, lambda: self.thinking.idle(),
                         lambda: self.chance.playing, self._play_beat)
        self.thinking = Thinking(self, thinker, ai_delay_ms, self.beat, self)
        # A game that was already over when it was opened is not filed with the recent games
        # a second time.
        self.autosave = Autosave(saves, self.save_data, self.beat.state_is_timed,
                                 self.autosave_failed.emit, filed=session.is_terminal())
        self.thinking.move_due.connect(self._play_ai_move)
        self.thinking.ai_failed.connect(self._on_ai_failed)
        self.hints = Hints(self)
        self.thinking.hint_found.connect(self.hints.show)
        self.thinking.hint_failed.connect(self.hints.failed)
        # What the gesture just chosen goes on to make (``Gesture.then``), once it is applied.
        self._follow: list[str] = []
        self.table.follow_up.connect(self._will_follow)
        self.table.action_chosen.connect(self.submit_human)
        self.table.move_refused.connect(self.status.refused)
        self.table.status_hint.connect(self.status.hover)
        self.table.set_reason_provider(self.why_not)
        self.table.set_language(self.lang)
        # A lesson (``lessons``) refuses every move but its step's: ``guard(action)`` gives
        # the reason a person's move is refused, or "" to let the rules judge it. What it
        # keeps in the save file (``extra_ui``) brings it back when the match is resumed.
        self.guard: Callable[[str], str] | None = None
        self.extra_ui: dict[str, Any] = {}
        self._connected = True

    def stop(self) -> None:
        """Cancel any thinking and let go of the table and the thinker (the match ends here)."""
        self._end_pause()
        self.thinking.stop()
        self.chance.stop()
        self.beat.set(None)
        self.autosave.flush()  # leaving mid-beat keeps the last beat too
        if not self._connected:
            return
        self._connected = False
        self.thinker.cancel()
        for signal, slot in ((self.table.action_chosen, self.submit_human),
                             (self.table.follow_up, self._will_follow),
                             (self.table.move_refused, self.status.refused),
                             (self.table.status_hint, self.status.hover),
                             (self.thinker.decided, self.thinking.on_decided),
                             (self.thinker.failed, self.thinking.on_failed)):
            with contextlib.suppress(RuntimeError, TypeError):  # already gone with its owner
                signal.disconnect(slot)
        self.table.set_reason_provider(None)

    # -- reading --------------------------------------------------------------------------
    def is_ai(self, seat: int) -> bool:
        return not self.setup.is_human(seat)

    def player_label(self, seat: int, lang: str | None = None) -> str:
        """What the app calls ``seat``: the name its person gave, else "Player 2" (or
        "Player 2 (AI)" for a computer seat)."""
        return self.setup.name(seat) or player_name(seat, lang or self.lang, ai=self.is_ai(seat))

    def public_role(self, seat: int, lang: str | None = None) -> str:
        """The role ``seat`` plays that every player may know (``GameView.public_role``),
        worded; "" when the game has none."""
        role = self.view.public_role(self.session.observation(None), seat)
        return self.speaker.say(role, lang or self.lang) if role is not None else ""

    def is_human_turn(self) -> bool:
        """True when the person holding the screen may act now."""
        player = self.session.current_player()
        return (not self.over and self.awaiting_privacy is None and player >= 0
                and not self.is_ai(player) and player == self.viewing_seat
                and not self.chance.playing and not self.pausing)

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
        if self.setup.names:
            ui[NAMES] = list(self.setup.names)
        ui.update(self.extra_ui)
        return savefile.from_session(self.session, list(self.setup.seats),
                                     created=self.created, ui=ui)

    def moves(self) -> list[str]:
        """The players' decisions so far (chance outcomes left out)."""
        return [r.action for r in self.session.history if r.seat != CHANCE]

    def summary_text(self, lang: str | None = None) -> str:
        """Who won and why; for one person against the AI its first words say how it went
        for them ("You lost."), which "Player 2 wins" leaves them to work out."""
        lang = lang or self.lang
        obs = self.session.observation(None)
        returns = self.session.returns()
        best = max(returns)
        winners = [i for i, r in enumerate(returns) if r == best]
        text = self.speaker.say(self.view.summary(obs), lang)
        if not text:
            text = (tr("summary.draw", lang) if len(winners) != 1 else
                    tr("summary.winner", lang, player=self.player_label(winners[0], lang)))
        humans = self.setup.human_seats
        if len(humans) != 1 or len(returns) < 2:
            return text
        me = humans[0]
        verdict = ("summary.you_lost" if me not in winners else
                   "summary.you_won" if len(winners) == 1 else "summary.you_drew")
        return sentences([tr(verdict, lang), text], lang)

    def why_not(self, source: str, target: str | None) -> str:
        """Reason a drag or click does nothing, asked by the table for the status line."""
        obs = self.session.observation(self.viewing_seat)
        return self.speaker.say(
            self.view.why_not(obs, self.viewing_seat, source, target), self.lang)

    # -- flow -----------------------------------------------------------------------------
    def start(self) -> None:
        self._advance()

    def _advance(self) -> None:
        """Everything that follows a change of state: record, then route the next turn."""
        self._handover += 1  # a hand-over still waiting is for a state that has gone
        self.thinking.move_on()
        self.chance.stop()
        self.chart.record(self.session, len(self.moves()))
        self.autosave.save()
        self.history_changed.emit()
        if self.session.is_terminal():
            self.over = True
            self._render()
            if not self._end_heard:
                self._end_heard = True
                humans = self.setup.human_seats
                seat = humans[0] if len(humans) == 1 else None
                self.sound_made.emit(outcome_sound(self.session.returns(), seat))
            self.game_over.emit()
            return
        self.over = False
        self._end_heard = False
        handed_to = self.awaiting_privacy
        self.awaiting_privacy = None
        player = self.session.current_player()
        if self.is_ai(player):
            nxt = self._next_in_secret_round(player, handed_to)
            if nxt is not None:
                # A round of secret choices at one screen: the next person of the round takes
                # the seat now, while the computer seats before them choose meanwhile.
                self.awaiting_privacy = nxt
                self._render()
                if nxt != handed_to:
                    self.privacy_requested.emit(nxt)
            else:
                self._render()
            tempo = self.beat.tempo
            if tempo is not None and self.session.legal_actions() == [tempo.action]:
                if self.beat.owed:
                    self.thinking.play_later(self.thinking.generation, player, tempo.action, 0)
                return  # nothing to decide: the beat comes from the clock
            self.thinking.ask(player, AI, self.setup.seats[player])
            return
        if (len(self.setup.human_seats) > 1 and self.game.spec.has_hidden_information
                and player != self.viewing_seat):
            if (self.animate and handed_to is None and self.viewing_seat is not None
                    and HANDOVER_MS > 0):
                # The person who just moved sees what their move did before the screen
                # turns: their own table (their observation only), input off, for a moment.
                self._handover += 1
                self._render()
                self.table.set_interactive(False)
                self.buttons_changed.emit([])
                self.status.set_base(tr("privacy.soon", self.lang,
                                        player=self.player_label(player)), INFO)
                QTimer.singleShot(HANDOVER_MS, partial(self._hand_over, self._handover, player))
                return
            self._ask_privacy(player, handed_to)
            return
        self.viewing_seat = player
        self._render()
        self.hints.prepare()

    def _hand_over(self, handover: int, player: int) -> None:
        """The moment after a move is over: the screen turns to ``player``, unless the match
        moved on meanwhile (an undo, a new match)."""
        if (handover != self._handover or not self._connected or self.over
                or self.session.current_player() != player or self.awaiting_privacy is not None):
            return
        self._ask_privacy(player, None)

    def _ask_privacy(self, player: int, handed_to: int | None) -> None:
        """Clear the table and ask for the screen to be handed to ``player``."""
        self.awaiting_privacy = player
        self._render()
        if player != handed_to:  # the page for this person is up already
            self.privacy_requested.emit(player)

    def _next_in_secret_round(self, player: int, handed_to: int | None) -> int | None:
        """In a round of secret choices (``Game.secret_round``) with a computer seat ``player``
        to choose: the person of the round to hand the screen to meanwhile, if any."""
        if handed_to is not None and handed_to != player:
            return handed_to  # the hand-over already under way goes on
        if len(self.setup.human_seats) < 2:
            return None
        for seat in self.game.secret_round(self.session.state)[1:]:
            if not self.is_ai(seat):
                return seat if seat != self.viewing_seat else None
        return None

    def reveal(self) -> None:
        """The next player clicked the privacy page: build the table from their seat."""
        if self.awaiting_privacy is None:
            return
        self.viewing_seat = self.awaiting_privacy
        self.awaiting_privacy = None
        self._render()
        self.hints.prepare()

    def _viewer_is(self, shown_for: tuple[str, int | None]) -> None:
        """The window is about to show ``shown_for``; when that is not whose view it showed,
        everything the last viewer left on it goes first."""
        if shown_for != self._shown_for:
            self._shown_for = shown_for
            self.viewer_changed.emit()

    def _render(self) -> None:
        """Show the current situation (table, buttons, log, status) without starting the AI."""
        if self.awaiting_privacy is not None:
            self._viewer_is(("privacy", self.awaiting_privacy))
            # An empty scene, not a cover: nothing of the previous seat's view survives.
            width, height = self._table_size
            self.beat.set(None)
            self.table.set_interactive(False)
            self.table.sync(Layout(width, height), [], animate=False)
            self.buttons_changed.emit([])
            self.log.show([])
            name = self.player_label(self.awaiting_privacy)
            self.status.set_base(tr("privacy.title", self.lang, player=name), INFO)
            # Behind the page nothing is heard; the next person hears from their turn on.
            self._heard = len(self.session.history)
            self._was_turn = False
            return
        seat = self.viewing_seat
        self._viewer_is(("table", seat))
        self._hear(len(self.session.history))
        obs = self.session.observation(seat)
        self.beat.set(self.beat.active(obs))
        layout = with_names(self.view.layout(obs, seat), self.setup.names)
        self._table_size = (layout.width, layout.height)
        gestures: list[Gesture] = []
        if self.is_human_turn():
            gestures = self.view.gestures(obs, seat, self.session.legal_actions())
        on_table = [g for g in gestures if g.source is not None or g.target is not None]
        buttons = [g for g in gestures if g.source is None and g.target is None]
        self.table.sync(layout, on_table, animate=self.animate)
        self.table.set_interactive(bool(gestures))
        self.buttons_changed.emit(buttons)
        self._show_log(seat, len(self.session.history))
        self.status.set_base(*self._turn_status(obs))
        # "Your turn" when a person's turn begins; never on each beat of a timed game.
        turn = bool(gestures) and self.beat.tempo is None
        if turn and not self._was_turn:
            self.sound_made.emit(YOUR_TURN)
        self._was_turn = turn
        self.table_shown.emit()

    def _hear(self, ply: int) -> None:
        """The table now shows the first ``ply`` records: the sounds of those not heard yet,
        as the viewing seat may hear them (``cues.record_sounds``); after an undo, none."""
        if ply > self._heard:
            records = self.session.history[self._heard:ply]
            for name in record_sounds(self.view, records, self.viewing_seat):
                self.sound_made.emit(name)
        self._heard = ply

    def _turn_status(self, obs: dict[str, Any]) -> tuple[str, str]:
        if self.over:
            return self.summary_text(), OVER
        player = self.session.current_player()
        if self.is_ai(player):
            thinking = tr("status.thinking", self.lang, player=self.player_label(player))
            first = self._choosing_first()
            if first:
                # A round of choices made at once, in which the person at the screen chooses
                # after these computer seats: what they are waiting for, and that their own
                # cards are theirs to look over meanwhile.
                return tr("status.secret_first", self.lang, players=join(
                    [self.player_label(p) for p in first], self.lang)), THINKING
            if self.beat.tempo is None:
                return thinking, THINKING
            # Played to a beat, the computer is not pondering: say what it is doing.
            return self._view_status(obs, self.viewing_seat) or thinking, INFO
        text = self._view_status(obs, self.viewing_seat) or self.speaker.prompt(
            self.session.state, player, self.lang)
        if not text:
            text = tr("status.your_turn", self.lang, player=self.player_label(player))
        elif len(self.setup.human_seats) > 1:
            text = tr("status.seat_says", self.lang, player=self.player_label(player), text=text)
        return text, TURN

    def _choosing_first(self) -> list[int]:
        """In a round of secret choices (``Game.secret_round``) the person at the screen has
        still to make: the computer seats that choose before them, else []."""
        seat = self.viewing_seat
        order = self.game.secret_round(self.session.state)
        if seat is None or seat not in order or self.is_ai(seat):
            return []
        return [p for p in order[:order.index(seat)] if self.is_ai(p)]

    def _view_status(self, obs: dict[str, Any], seat: int | None) -> str:
        return self.speaker.say(self.view.status(obs, seat), self.lang)

    # -- people ---------------------------------------------------------------------------
    def _will_follow(self, actions: list[str]) -> None:
        self._follow = list(actions)

    def submit_human(self, action: str) -> bool:
        """A person chose ``action`` (table drop, click, or action-bar button). Then the
        actions the same gesture goes on to make (``Gesture.then``) are made, each while it
        is still that person's legal move: one drop finishes what they meant."""
        follow, self._follow = self._follow, []
        if not self.is_human_turn():
            self.status_changed.emit(tr("status.not_your_turn", self.lang), WARNING)
            return False
        seat = self.session.current_player()
        if self._guarded(action) or not self._submit(seat, action):
            return False
        for nxt in follow:
            if not (self.is_human_turn() and self.session.current_player() == seat
                    and nxt in self.session.legal_actions() and not self._guarded(nxt)
                    and self._submit(seat, nxt)):
                break
        return True

    def _guarded(self, action: str) -> bool:
        """Whether the match's guard (a lesson's step) refuses ``action``; its reason is said
        on the status line."""
        reason = self.guard(action) if self.guard is not None else ""
        if reason:
            self.status_changed.emit(reason, WARNING)
        return bool(reason)

    def _submit(self, seat: int, action: str) -> bool:
        """Play ``seat``'s ``action``; a refusal is said on the status line, in the words the
        rules give it for the position it was refused in."""
        before = len(self.session.history)
        state = self.session.state
        try:
            self.session.submit(seat, action)
        except (IllegalActionError, InvalidActionError) as exc:
            self.status_changed.emit(self.speaker.refusal(exc, self.lang, state), WARNING)
            return False
        self._after_submit(before)
        return True

    def _show_log(self, seat: int | None, ply: int) -> None:
        """The log as ``seat`` reads it after the first ``ply`` records, each line's record
        kept (``moment_at_line``)."""
        lines: list[str] = []
        plies: list[int] = []
        for i, record in enumerate(self.session.history[:ply]):
            for e in record.events:
                if e.logged and e.visible_to(seat):
                    lines.append(self.speaker.say(e, self.lang))
                    plies.append(i + 1)
        self._line_plies = plies
        self.log.show(lines)

    # -- moments ----------------------------------------------------------------------------
    @property
    def has_moments(self) -> bool:
        """Whether the game's view has results to pause on (``GameView.moment``)."""
        return type(self.view).moment is not GameView.moment

    def _moment_of(self, ply: int, seat: int | None) -> Moment | None:
        """The result the record before ``ply`` shows ``seat`` (``GameView.moment``)."""
        record = self.session.history[ply - 1]
        events = [e for e in record.events if e.visible_to(seat)]
        if not events:
            return None
        obs = self.game.observation(self.session.state_at(ply), seat)
        moment: Moment | None = self.view.moment(obs, seat, events)
        return moment

    def _moment_after(self, before: int) -> tuple[int, Moment] | None:
        """The first result among the records from ply ``before`` on, with the ply after it,
        where a person is looking at their table (never behind a privacy page, never over a
        game that ended: its summary is its moment)."""
        seat = self.viewing_seat
        if (seat is None or self.awaiting_privacy is not None or not self.setup.human_seats
                or self.session.is_terminal() or self.beat.tempo is not None):
            return None
        for ply in range(before + 1, len(self.session.history) + 1):
            found = self._moment_of(ply, seat)
            if found is not None:
                return ply, found
        return None

    def moment_at_line(self, index: int) -> Moment | None:
        """The result the log's line ``index`` (as on show) tells of, if that line's record was
        one: it is opened again from there."""
        if not 0 <= index < len(self._line_plies) or self.pausing:
            return None
        found = self._moment_of(self._line_plies[index], self.viewing_seat)
        if found is not None:
            self.moment_shown.emit(found, False)
        return found

    def _pause(self, ply: int, moment: Moment, resume: Callable[[], None]) -> None:
        """Show the table as it stands after ``ply`` records with ``moment`` over it; play
        waits (no computer move, no beat, no hand-over) until ``continue_moment``."""
        self.thinking.cancel()
        self.chance.stop()
        self.beat.set(None)
        self._show_step(ply)
        self.pausing = True
        self._resume = resume
        self._paused = (ply, moment)
        self.status.set_base(tr("moment.status", self.lang), INFO)
        self.history_changed.emit()
        self.moment_shown.emit(moment, True)

    def continue_moment(self) -> None:
        """The person goes on from the result on show: play picks up where it paused."""
        if not self.pausing:
            return
        resume = self._resume
        self._end_pause()
        if resume is not None:
            resume()

    def _end_pause(self) -> None:
        if self.pausing:
            self.pausing = False
            self._resume = None
            self._paused = None
            self.moment_closed.emit()

    def _halt_for_history(self, check: Callable[[GameController], tuple[bool, str]]) -> bool:
        """Whether the undo or redo ``check`` allows a step (else say why); when it does, stop
        the AI and the dice first, since a reply to a move being taken back must not land."""
        allowed, reason = check(self)
        if not allowed:
            self.status_changed.emit(reason, WARNING)
            return False
        self.thinking.cancel()
        self.chance.stop()
        self._end_pause()
        return True

    def undo(self) -> bool:
        """Take back the last human decision (and the AI replies after it), if allowed.

        At a shared screen only the person who made a move may take it back.
        """
        if not self._halt_for_history(undo_state):
            return False
        self.session.undo()
        if self.awaiting_privacy is not None:
            # Undone from the privacy page: nobody has claimed the screen yet, so the table
            # comes back only through a new page naming the player to move.
            self.viewing_seat = None
        self._advance()
        return True

    def redo(self) -> bool:
        if not self._halt_for_history(redo_state):
            return False
        try:
            self.session.redo()
        except (UndoRefusedError, IllegalActionError) as exc:
            self.status_changed.emit(self.speaker.refusal(exc, self.lang), WARNING)
            return False
        self._advance()
        return True

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.table.set_language(lang)
        self.log.forget()
        if self.pausing and self._paused is not None:
            # The table stays where play paused, the moment on it now in the new language.
            ply, moment = self._paused
            self._show_step(ply)
            self.status.set_base(tr("moment.status", self.lang), INFO)
            self.moment_shown.emit(moment, True)
            return
        self._render()
        if self.awaiting_privacy is not None:
            self.privacy_requested.emit(self.awaiting_privacy)

    # -- after a move -------------------------------------------------------------------
    def _after_submit(self, before: int) -> None:
        """A decision was applied at ply ``before``: show what chance did, then go on.

        When several chance records followed (an enemy's dice, one die each), the states after
        the decision and after each record but the last are shown in turn, each with its log
        lines, before ``_advance`` shows the final one and hands the turn on.
        """
        found = self._moment_after(before)
        if found is not None:
            ply, moment = found
            self.autosave.save()  # the outcome is settled; a crash meanwhile must not lose it
            self._pause(ply, moment, partial(self._after_moment, ply))
            return
        steps = steps_after(self.session.history, before)
        if not steps or self.awaiting_privacy is not None:
            if self.awaiting_privacy is None:
                # Heard at once, before the autosave and the table's sync: a beat's word must
                # sound on its beat.
                self._hear(len(self.session.history))
            self._advance()
            return
        self.thinking.cancel()
        self.chance.stop()
        self.beat.set(None)  # no beat falls while the table shows what chance did
        self.chance.begin(steps)
        self.autosave.save()  # the outcome is settled; a crash during the show must not lose it
        self.history_changed.emit()
        self.chance.play()

    def _after_moment(self, ply: int) -> None:
        """Play goes on after the moment shown at ``ply``: the rest of the step's chance, one
        state at a time as ever, then the next turn."""
        rest = steps_after(self.session.history, ply - 1)[1:]
        if not rest:
            self._advance()
            return
        self.chance.begin(rest)
        self.chance.play()

    def _show_step(self, ply: int) -> None:
        """Sync the table, log and status to the state after ``ply`` records, input off."""
        seat = self.viewing_seat
        state = self.session.state_at(ply)
        obs = self.game.observation(state, seat)
        self.table.sync(with_names(self.view.layout(obs, seat), self.setup.names), [],
                        animate=self.animate)
        self.table.set_interactive(False)
        self.buttons_changed.emit([])
        self._show_log(seat, ply)
        self._hear(ply)
        text = self._view_status(obs, seat)
        if text:
            self.status.set_base(text, INFO)

    # -- the computer's moves and the beat's ------------------------------------------------
    def _on_ai_failed(self, message: str, action: str) -> None:
        """The thinker failed; ``action``, a seeded random legal move, is played instead. The
        move is not named: it may be a secret of that seat (a card kept face down). The log
        tells what it did, in words for the person at the screen."""
        seat = self.session.current_player()
        self.status_changed.emit(tr("status.ai_failed", self.lang, error=message,
                                    player=self.player_label(seat)), WARNING)

    def _play_ai_move(self, seat: int, action: str) -> None:
        """A computer seat's move is due (``thinking`` timed it)."""
        self._submit(seat, action)

    def _play_beat(self, seat: int, tempo: Tempo) -> None:
        """The beat fell with ``seat`` to move: the beat passes for them (``tempo``)."""
        before = len(self.session.history)
        state = self.session.state
        try:
            self.session.submit(seat, tempo.action)
        except (IllegalActionError, InvalidActionError) as exc:
            self.status_changed.emit(self.speaker.refusal(exc, self.lang, state), WARNING)
            return
        self._after_submit(before)
