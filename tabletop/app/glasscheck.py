"""The hidden-information check at the glass: every text that any window of the app shows the
person at the screen depends only on what that person may know.

The model-level check (``tabletop.engine.conformance.check_hidden_differential``) proves that a
seat's observation, prompt and events depend only on what it may know. This check proves the
same of the windows, which keep things of their own: a hover line, a large view of a card, a
selection, a hint, a replay window, a status message. It drives the real main window with mouse
and keyboard events and reads the glass (``glass.read_glass``) in positions that differ only in
what the person now at the screen must not know: the position itself and ``variants`` drawn by
``Game.resample`` from that person's observation, as the model-level check draws them. Any text
that differs is a leak, reported with the widget that shows it.

Three moments are checked:

* **A hand-over at one screen** (``HANDOVER``): person A is to move and the move passes the
  turn to person B. A first leaves behind everything a person can leave: the pointer rests on
  and shows large each of A's pieces that B does not see the same way, a drag is started and
  put back, a piece is picked up by a click, the keyboard steps onto a piece, the hint is asked
  for, a replay window of the match is opened. Then A makes the move by a real drag, click or
  button. The glass is read on B's privacy page, and again once B has passed it. Variants are
  drawn from B's observation before A's move, so A's hand (and everything else hidden from B)
  differs in them; a variant counts only where A's move is legal in it and shows B the same
  events, as in the model-level check.
* **A computer's move announced to one person** (``COMPUTER``): the person moves, and the
  computer seat to move next fails to think (a planted failure), so the app plays a random legal
  move for it; the glass is read while that is announced, before the move lands.
* **A new match after another** (``check_new_match``): a match started in a window that was
  just used for another game, left dirty as above, must look exactly as the same match started
  in a fresh window.

The computer seats and the hint are answered by ``GlassThinker``: at once, with a move drawn
from the seat's own observation by the seed of the question, so every run of a position plays
the same. Beats never fall (``StillClock``): a position is looked at, not played in real time.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QPoint, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop.ai.base import Decision
from tabletop.api import GamePlugin
from tabletop.engine import CHANCE, TERMINAL, Event, Game, Session
from tabletop.engine.errors import GameError
from tabletop.engine.savefile import GameLookup, SaveData
from tabletop.table.pointer import move, press, release, visible_point

from .glass import Glass, differences, read_glass
from .newgame import GameSetup
from .playing import offered, perform
from .saves import Pending, SaveStore
from .thinking import question_seed

HANDOVER = "handover"
COMPUTER = "computer"
HUMAN = "human"

#: The message of the planted failure of a computer seat's search.
PLANTED_FAILURE = "the search was stopped by the glass check"


# -- the computer seats and the hint ----------------------------------------------------------

def glass_decision(obs: Any, legal: Sequence[str], seed: int) -> Decision:
    """The answer of ``GlassThinker``: a legal move drawn by ``seed`` (the question's), with
    made-up chances for it and two others, so that a hint names three moves. It reads nothing
    but what it is given, which is the seat's own observation."""
    rng = random.Random(seed)
    action = legal[rng.randrange(len(legal))]
    others = [a for a in legal if a != action][:2]
    values = {a: round(rng.uniform(-0.8, 0.8), 3) for a in [action, *others]}
    return Decision(action, iterations=1, value=values[action],
                    visits={a: 10 for a in values}, values=values)


class GlassThinker(QObject):
    """A stand-in for the AI thinker (``contracts.ThinkerLike``) that answers at once with
    ``glass_decision``; with ``fail`` set, it fails every question instead."""

    decided = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fail = False
        self._job = 0

    def think(self, game: Game[Any], obs: Any, seat: int, legal: Sequence[str], level: str,
              seed: int) -> None:
        self._job += 1
        job = self._job
        if self.fail:
            QTimer.singleShot(0, self, lambda: job == self._job
                              and self.failed.emit(PLANTED_FAILURE))
            return
        decision = glass_decision(obs, list(legal), seed)
        QTimer.singleShot(0, self, lambda: job == self._job and self.decided.emit(decision))

    def ponder(self, game: Game[Any], obs: Any, seat: int, legal: Sequence[str],
               level: str) -> None:
        return None

    def cancel(self) -> None:
        self._job += 1

    def wait_done(self, msecs: int = -1) -> bool:
        return True


class StillClock(QObject):
    """A beat clock (``tempo.BeatClock``'s contract) whose beat never falls."""

    beat = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._period = 0
        self._running = False

    def start(self, period_ms: int) -> None:
        self._period, self._running = period_ms, True

    def stop(self) -> None:
        self._running = False

    def is_running(self) -> bool:
        return self._running

    def period(self) -> int:
        return self._period


class NoSaves(SaveStore):
    """A save store that keeps nothing: a variant's history led to another state than its
    own (``Session.copy``), so its autosave would be a file that does not replay."""

    def write_autosave(self, data: SaveData) -> Path:
        return self.autosave_path

    def finish(self, data: SaveData) -> Path:
        return self.recent_dir

    def pending(self, games: GameLookup) -> Pending | None:
        return None


def glass_window(plugins: dict[str, GamePlugin], settings: QSettings, root: Path,
                 lang: str = "en", size: tuple[int, int] = (1280, 800)) -> Any:
    """A shown main window over ``plugins`` as the check drives it: no animation, no pause
    before a computer's move, ``GlassThinker`` as its thinker, ``StillClock`` as its beat, and
    ``NoSaves`` (in the folder ``root``) as its store."""
    from .window import MainWindow

    window = MainWindow(plugins, [], lang=lang, settings=settings, ai_delay_ms=0,
                        animate=False, thinker_factory=GlassThinker, clock_factory=StillClock,
                        saves=NoSaves(root))
    window.resize(*size)
    window.show()
    return window


# -- positions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    """A moment to look at: the match (game, seats, options, seed) after ``log``, where
    ``mover`` (a person) makes ``action``; ``viewer`` is the person whose screen is read
    afterwards (the next person at a hand-over, the mover against the computer)."""

    kind: str
    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seed: int
    log: tuple[tuple[int, str], ...]
    mover: int
    action: str
    viewer: int

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    def setup(self) -> GameSetup:
        return GameSetup(self.game, len(self.seats), list(self.seats), dict(self.options),
                         seed=self.seed, fixed_seed=True)

    def session(self, game: Game[Any]) -> Session:
        """The match as it stands at this position, replayed from its log."""
        return Session.from_json(game, {
            "players": len(self.seats), "options": dict(self.options), "seed": self.seed,
            "human_seats": [i for i, s in enumerate(self.seats) if s == HUMAN],
            "log": [list(entry) for entry in self.log]})

    def __str__(self) -> str:
        who = "/".join(self.seats)
        return (f"{self.game} ({who}), seed {self.seed}, after {len(self.log)} log entries, "
                f"seat {self.mover} plays '{self.action}'")


def play_computers(session: Session, seats: Sequence[str], match_seed: int) -> None:
    """Let the computer seats move as ``GlassThinker`` would have them move in the window,
    until a person is to move or the match is over."""
    while True:
        player = session.current_player()
        if player in (TERMINAL, CHANCE) or seats[player] == HUMAN:
            return
        legal = session.legal_actions()
        seed = question_seed(match_seed, len(session.history))
        session.submit(player, glass_decision(session.observation(player), legal, seed).action)


def positions(plugin: GamePlugin, kind: str, seats: Sequence[str], seeds: Iterable[int],
              options: dict[str, Any] | None = None, every: int = 1,
              limit: int | None = None) -> Iterator[Position]:
    """The moments of ``kind`` in seeded random matches of ``plugin`` with these ``seats``:
    every ``every``-th person's move that hands the screen to another person (``HANDOVER``) or
    that a computer seat answers (``COMPUTER``); at most ``limit`` a match. A person's move is
    any move the window offers (on the table or as a button), drawn uniformly."""
    game, view = plugin.game, plugin.view()
    options = dict(options or {})
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    for seed in seeds:
        session = Session(game, len(seats), options, seed, human_seats=humans)
        rng = random.Random(f"glass/{game.spec.id}/{seed}")
        found = candidates = 0
        while not session.is_terminal():
            play_computers(session, seats, seed)
            if session.is_terminal():
                break
            player = session.current_player()
            obs = session.observation(player)
            legal = session.legal_actions()
            tempo = view.tempo(obs)
            playable = [g.action for g in view.gestures(obs, player, legal)
                        if tempo is None or g.action != tempo.action]
            playable = list(dict.fromkeys(a for a in playable if a in legal))
            if not playable:
                break  # a moment the window offers nothing to do by hand: the next match
            action = playable[rng.randrange(len(playable))]
            probe = session.copy()
            probe.submit(player, action)
            nxt = probe.current_player()
            if kind == HANDOVER:
                play_computers(probe, seats, seed)
                nxt = probe.current_player()
                hit = nxt >= 0 and nxt != player and seats[nxt] == HUMAN
                viewer = nxt
            else:
                # A computer seat answers; alone at a game with no computer seat (a solo
                # game's enemy is its rules), every move.
                hit = nxt >= 0 and (seats[nxt] != HUMAN or len(humans) == len(seats))
                viewer = player
            if hit:
                if candidates % every == seed % every:
                    yield Position(kind, game.spec.id, tuple(seats), tuple(sorted(options.items())),
                                   seed, tuple((r.seat, r.action) for r in session.history),
                                   player, action, viewer)
                    found += 1
                    if limit is not None and found >= limit:
                        break
                candidates += 1
            session.submit(player, action)


# -- reports ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class GlassLeak:
    """A text that a window shows differently in two positions the person at the screen
    cannot tell apart."""

    position: Position
    variant: int
    moment: str
    key: str
    truth: str
    other: str

    def __str__(self) -> str:
        return (f"{self.position}: {self.moment}: {self.key} shows {self.truth!r}; in variant "
                f"{self.variant} it shows {self.other!r}")


@dataclass
class GlassReport:
    """What the check looked at, and every leak it found."""

    positions: int = 0
    runs: int = 0
    variants: int = 0
    #: Variants where the person who moved saw something else (so their leavings differ).
    variants_differing: int = 0
    #: Variants left out: the move was not legal there, or showed the viewer other events.
    variants_skipped: int = 0
    readings: int = 0
    texts_compared: int = 0
    leaks: list[GlassLeak] = field(default_factory=list)
    games: set[str] = field(default_factory=set)

    def add(self, other: GlassReport) -> None:
        for name in ("positions", "runs", "variants", "variants_differing", "variants_skipped",
                     "readings", "texts_compared"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.leaks += other.leaks
        self.games |= other.games

    def summary(self) -> str:
        return (f"{self.positions} positions, {self.runs} runs of the window, {self.variants} "
                f"variants compared ({self.variants_differing} where the mover's own view "
                f"differed, {self.variants_skipped} left out), {self.readings} readings, "
                f"{self.texts_compared} texts compared, {len(self.leaks)} differences")

    def failure(self, most: int = 12) -> str:
        lines = [self.summary(), *(str(leak) for leak in self.leaks[:most])]
        if len(self.leaks) > most:
            lines.append(f"... and {len(self.leaks) - most} more")
        return "\n".join(lines)


class GlassFlowError(AssertionError):
    """The window did not reach the moment the check waits for (a stuck match)."""


# -- the check ---------------------------------------------------------------------------------

def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _seen(events: Iterable[Event], seat: int) -> list[str]:
    return [_canon([e.kind, e.data, e.msg.to_json()]) for e in events if e.visible_to(seat)]


def _view_of(session: Session, seat: int) -> str:
    game = session.game
    prompt = game.prompt(session.state, seat)
    return _canon([game.observation(session.state, seat),
                   prompt.to_json() if prompt is not None else None,
                   session.current_player()])


class GlassCheck:
    """Drives ``window`` (made by ``glass_window``) through positions of its games."""

    def __init__(self, window: Any, timeout_s: float = 20.0) -> None:
        self.window = window
        self.timeout_s = timeout_s

    # -- waiting ----------------------------------------------------------------------------
    def _wait(self, done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + self.timeout_s
        while not done():
            if time.monotonic() > deadline:
                raise GlassFlowError(f"the window did not reach {what}")
            QTest.qWait(1)
        QApplication.processEvents()

    def _settled(self, c: Any) -> bool:
        """A person must act (or pass a privacy page), or the match is over, and nothing is on
        its way from the thinker."""
        return (c.over or c.pausing or c.is_human_turn() or c.awaiting_privacy is not None) \
            and c.thinking.idle()

    # -- one run ----------------------------------------------------------------------------
    def start(self, position: Position, session: Session) -> Any:
        """Start ``session`` (a position's, or a variant's) in the window and bring the mover
        to the table, past the privacy page a match at one screen opens on; its controller."""
        c = self.window.start_game(position.setup(), session=session)
        if c is None:
            raise GlassFlowError(f"{position}: the match did not start")
        self._wait(lambda: self._settled(c), "the first move of the match")
        while c.pausing:
            self._continue(c)
        if c.awaiting_privacy is not None:
            self._pass_privacy(c)
        if not (c.is_human_turn() and c.viewing_seat == position.mover):
            raise GlassFlowError(f"{position}: seat {position.mover} is not at the table")
        self._still()
        return c

    def _still(self) -> None:
        """Wait until the window's layout has settled (a new game's buttons may wrap onto
        another row and shrink the table a moment later): the pointer must find the pieces
        where a person would see them."""
        table = self.window.table

        def geometry() -> tuple[object, ...]:
            t = table.transform()
            return (table.viewport().size().toTuple(), round(t.m11(), 6), round(t.dx(), 3),
                    round(t.dy(), 3), table.horizontalScrollBar().value(),
                    table.verticalScrollBar().value())

        last = geometry()
        for _ in range(50):
            QTest.qWait(5)
            now = geometry()
            if now == last:
                return
            last = now

    def _continue(self, c: Any) -> None:
        """Go on from the result on show, by its Continue, as the person would."""
        QTest.mouseClick(self.window.moment_panel.button, Qt.MouseButton.LeftButton)
        self._wait(lambda: self._settled(c), "the table after a result")

    def _pass_privacy(self, c: Any) -> None:
        QTest.mouseClick(self.window.privacy_page.button, Qt.MouseButton.LeftButton)
        self._wait(lambda: self._settled(c), "the table after the privacy page")

    def leave_traces(self, c: Any, secret: Sequence[str]) -> None:
        """Everything a person can leave behind on the window: the pointer rests on each of
        ``secret`` (the pieces the next person sees otherwise, or not at all) and shows it
        large, a drag is started and put back, a piece is picked up by a click, the keyboard
        steps onto a piece and shows it large, the hint is asked for and shown, and a replay of
        the match is opened."""
        window, table = self.window, self.window.table
        viewport = table.viewport()
        for pid in secret:
            try:
                point = visible_point(table, pid)
            except (KeyError, AssertionError):
                continue  # covered whole: the pointer cannot rest on it
            move(table, point, held=False)
            QApplication.sendEvent(viewport, QHelpEvent(
                QHelpEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
        gestures = table.gestures()
        clicked = {g.target for g in gestures if g.source is None}
        # A piece that a click plays is not clicked here: it would make a move.
        drags = [g for g in gestures if g.source is not None and g.target is not None
                 and g.source not in clicked]
        if drags:
            source = drags[0].source or ""
            start = visible_point(table, source)
            press(table, start)
            for dx in (12, 30, 60):
                move(table, QPoint(start.x() + dx, start.y() + dx))
            QTest.keyClick(table, Qt.Key.Key_Escape)
            release(table, QPoint(start.x() + 60, start.y() + 60))
            QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             visible_point(table, source))
        table.setFocus(Qt.FocusReason.TabFocusReason)
        QTest.keyClick(table, Qt.Key.Key_Tab)
        QTest.keyClick(table, Qt.Key.Key_Z)
        page = window.table_page
        if page.hint_button.isEnabled():
            QTest.mouseClick(page.hint_button, Qt.MouseButton.LeftButton)
            self._wait(lambda: c.thinking.pending is None, "the hint")
        window.files.replay_current()
        QApplication.processEvents()
        # The pointer ends on the last secret piece again, as a person's often does.
        for pid in reversed(secret):
            try:
                move(table, visible_point(table, pid), held=False)
                break
            except (KeyError, AssertionError):
                continue

    def _traced_pieces(self, c: Any, position: Position) -> list[str]:
        """The pieces the mover's pointer rests on: at a hand-over, those the next person
        sees otherwise; alone at the screen, the first dozen of the mover's table."""
        if position.kind == HANDOVER:
            return self._secret_pieces(c, position.mover, position.viewer)
        seat = position.mover
        return [p.id for p in c.view.layout(c.session.observation(seat), seat).pieces][:12]

    def _secret_pieces(self, c: Any, seat: int, other: int) -> list[str]:
        """The pieces ``seat``'s table shows that ``other``'s would show otherwise or not at
        all (their hand, their role, what they alone peeked at)."""
        view, session = c.view, c.session
        mine = view.layout(session.observation(seat), seat).pieces
        theirs = {p.id: p for p in view.layout(session.observation(other), other).pieces}

        def look(p: Any) -> str:
            return _canon([p.kind, p.face_up, p.art, p.tooltip_en, p.tooltip_ja])

        return [p.id for p in mine if p.id not in theirs or look(p) != look(theirs[p.id])]

    def _run(self, position: Position, session: Session) -> list[tuple[str, Glass]]:
        """One run of the window through ``position`` from ``session``: the readings."""
        c = self.start(position, session)
        window, thinker = self.window, self.window.thinker
        secret = self._traced_pieces(c, position)
        self.leave_traces(c, secret)
        gestures = offered(window, position.action)
        if not gestures:
            raise GlassFlowError(f"{position}: the window offers no way to make the move")
        readings: list[tuple[str, Glass]] = []
        if position.kind == COMPUTER and len(position.seats) > len(position.humans):
            thinker.fail = True
            c.thinking.delay_ms = 3_600_000  # the random move waits: the announcement is read
            try:
                self._perform(c, position, gestures[0])
                self._wait(lambda: c.thinking.pending is None, "the computer's failed search")
                readings.append(("the computer's turn", read_glass()))
            finally:
                thinker.fail = False
            return readings
        self._perform(c, position, gestures[0])
        if position.kind == COMPUTER:  # alone at a solo game: the table after the move
            self._wait(lambda: self._settled(c), "the next move")
            while c.pausing:
                readings.append(("a result on show", read_glass()))
                self._continue(c)
            readings.append(("the table after the move", read_glass()))
            return readings
        for _ in range(2 * len(position.seats) + 2):
            self._wait(lambda: self._settled(c), "the next person's turn")
            if c.pausing:
                # A result shown to the person who moved is theirs to see, and may differ
                # with what they know: only one shown to the next person is compared.
                if c.viewing_seat == position.viewer:
                    readings.append((f"a result on show to seat {c.viewing_seat}",
                                     read_glass()))
                self._continue(c)
                continue
            if c.awaiting_privacy is None:
                break
            readings.append((f"privacy page for seat {c.awaiting_privacy}", read_glass()))
            self._pass_privacy(c)
        if c.over or c.viewing_seat != position.viewer:
            raise GlassFlowError(f"{position}: seat {position.viewer} did not get the table")
        readings.append((f"table of seat {position.viewer}", read_glass()))
        # The pointer moves onto the felt, away from every piece.
        table = window.table
        move(table, QPoint(2, 2), held=False)
        readings.append((f"table of seat {position.viewer}, pointer on the felt", read_glass()))
        return readings

    def _perform(self, c: Any, position: Position, gesture: Any) -> None:
        """Make the position's move as a person does; it must be the move that was played."""
        before = len(c.session.history)
        perform(self.window, gesture)
        self._wait(lambda: len(c.session.history) > before, "the move")
        played = c.session.history[before].action
        if played != position.action:
            raise GlassFlowError(f"{position}: the gesture {gesture} played '{played}'")

    # -- comparing ------------------------------------------------------------------------
    def _comparable(self, position: Position, truth: Session, variant: Session) -> bool:
        """Whether ``variant`` is a position the viewer cannot tell from ``truth`` after the
        move too: the move is legal there, shows the viewer the same events and view, and (at
        a hand-over) the computers' replies lead to the same person's turn."""
        viewer = position.viewer
        if _view_of(variant, viewer) != _view_of(truth, viewer):
            return False
        results = []
        for session in (truth, variant):
            probe = session.copy()
            before = len(probe.history)
            try:
                probe.submit(position.mover, position.action)
                if position.kind == HANDOVER:
                    play_computers(probe, position.seats, position.seed)
            except GameError:
                return False
            results.append((_seen((e for r in probe.history[before:] for e in r.events),
                                  viewer), _view_of(probe, viewer)))
        return results[0] == results[1]

    def check(self, plugin: GamePlugin, position: Position, variants: int) -> GlassReport:
        """Run ``position`` and up to ``variants`` variants of it; compare their readings."""
        report = GlassReport(positions=1, games={position.game})
        game = plugin.game
        truth = position.session(game)
        rng = random.Random(f"glass/{position}")
        obs = json.loads(_canon(truth.observation(position.viewer)))
        chosen: list[Session] = []
        mover_view = _canon(game.observation(truth.state, position.mover))
        for _ in range(variants * 12):
            if len(chosen) >= variants:
                break
            state = game.resample(json.loads(_canon(obs)), position.viewer, rng)
            variant = truth.copy(state)
            if not self._comparable(position, truth, variant):
                report.variants_skipped += 1
                continue
            chosen.append(variant)
            if _canon(game.observation(state, position.mover)) != mover_view:
                report.variants_differing += 1
        base = self._run(position, truth.copy())
        report.runs += 1
        report.readings += len(base)
        for k, variant in enumerate(chosen, 1):
            readings = self._run(position, variant)
            report.runs += 1
            report.variants += 1
            report.readings += len(readings)
            moments = [m for m, _ in base]
            if [m for m, _ in readings] != moments:
                report.leaks.append(GlassLeak(position, k, "the flow", "moments",
                                              " / ".join(moments),
                                              " / ".join(m for m, _ in readings)))
                continue
            for (moment, a), (_, b) in zip(base, readings, strict=True):
                report.texts_compared += len(set(a) | set(b))
                report.leaks += [GlassLeak(position, k, moment, key, x, y)
                                 for key, x, y in differences(a, b)]
        return report

    def check_all(self, plugin: GamePlugin, found: Iterable[Position],
                  variants: int) -> GlassReport:
        report = GlassReport()
        for position in found:
            report.add(self.check(plugin, position, variants))
        return report


def check_new_match(window: Any, make_fresh: Callable[[], Any], before: Position,
                    after: Position, plugins: dict[str, GamePlugin]) -> list[str]:
    """The match ``after`` started in ``window`` right after ``before`` was played there up to
    its move with every trace left behind (once straight away, once after going back to the
    game list), against the same match started in a window ``make_fresh()`` just made: the
    differences between what the two windows show, as text."""
    fresh = make_fresh()
    try:
        QApplication.processEvents()
        chooser = read_glass(of=fresh)  # a fresh window opens on the game list
        GlassCheck(fresh).start(after, after.session(plugins[after.game].game))
        expected = read_glass(of=fresh)
    finally:
        fresh.close()
        QApplication.processEvents()
    check = GlassCheck(window)
    found: list[str] = []
    for leave in ("a new match", "the game list"):
        c = check.start(before, before.session(plugins[before.game].game))
        secret = check._traced_pieces(c, before)
        check.leave_traces(c, secret)
        if leave == "the game list":
            window.ask_before_leaving = False
            window.back_to_chooser()
            QApplication.processEvents()
            found += [f"the game list after {before}: {key} shows {a!r}; in a fresh window "
                      f"{b!r}" for key, a, b in differences(read_glass(of=window), chooser)]
        check.start(after, after.session(plugins[after.game].game))
        seen = read_glass(of=window)
        found += [f"{after}, started after {before} by {leave}: {key} shows {a!r}; in a fresh "
                  f"window {b!r}" for key, a, b in differences(seen, expected)]
    return found
