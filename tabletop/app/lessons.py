"""Learn to play: a game's lesson (``tabletop.lesson``) played at the table, for any game that
has one; no game is named here.

A lesson is a normal match (``GameController``) on the lesson's deal, with three things
added: its computer seats ask a ``ScriptThinker``, which answers with the lesson's scripted
replies; the controller's guard refuses every move of the learner but the step's, with the
step's reason; and a callout beside the piece the step is about (never over it, always within
the table) says what to do and why, links the rulebook's section, and shows the refusal,
while the step's piece and its target glow as the Hint draws them. At the end the callout
offers to play on against the computer from there, to start a real game, or to repeat.

The lesson's mark travels in the save file (``lesson``: the game's id), so an autosaved
lesson resumes as a lesson.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from tabletop import lesson as lessons_core
from tabletop.ai.base import Decision

from .i18n import tr
from .newgame import GameSetup
from .status import INFO

if TYPE_CHECKING:
    from tabletop.engine import Game, Observation, Session
    from tabletop.lesson import Lesson, Move

    from .controller import GameController

#: The save file's mark of a lesson, and the callout's width and room kept from edges.
LESSON_KEY = "lesson"
CALLOUT_W = 340
GAP = 14
#: How long after a step is shown the table has settled (a dropped piece's snap is 220 ms),
#: and after a refusal (the table puts an unplayed piece back after 800 ms, then snaps).
SETTLE_MS = 400
REFUSED_SETTLE_MS = 1150


class ScriptThinker(QObject):
    """A thinker (``ThinkerLike``) whose every answer is the lesson's next move: the computer
    seats play the scripted replies, and the Hint names the step's move. Past the end of the
    script it answers nothing (the lesson's end is on show)."""

    decided = Signal(object)
    failed = Signal(str)

    def __init__(self, taught: Lesson, decisions: Callable[[], Sequence[str]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lesson = taught
        self._decisions = decisions
        self._asked = 0

    def think(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
              level: str, seed: int) -> None:
        move = self.lesson.next_move(self._decisions())
        if move is None or move.action not in legal:
            return
        self._asked += 1
        asked = self._asked
        # Answered from the event loop, as a real thinker answers: never inside the ask.
        QTimer.singleShot(0, self, lambda: asked == self._asked
                          and self.decided.emit(Decision(move.action)))

    def ponder(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               level: str) -> None:
        return None  # nothing to work out ahead: the script knows

    def cancel(self) -> None:
        self._asked += 1

    def wait_done(self, msecs: int = -1) -> bool:
        return True


class Callout(QFrame):
    """The lesson's box on the table: the step, what to do and why, the rules link, the
    reason a move was refused; at the end, the three ways on."""

    rules_clicked = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lessonCallout")
        self.setStyleSheet(
            "QFrame#lessonCallout { background: rgba(255, 250, 235, 248);"
            " border: 2px solid #b8860b; border-radius: 10px; }"
            " QFrame#lessonCallout QLabel { color: #2b2113; background: transparent; }"
            " QLabel#lessonRefused { color: #9c1c10; font-weight: bold; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 10, 14, 10)
        lay.setSpacing(6)
        self.step = QLabel()
        self.step.setObjectName("lessonStep")
        self.step.setStyleSheet("font-size: 10pt; font-weight: bold; color: #6b5a3a;")
        self.text = QLabel()
        self.text.setObjectName("lessonText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setStyleSheet("font-size: 11.5pt;")
        self.refused = QLabel()
        self.refused.setObjectName("lessonRefused")
        self.refused.setWordWrap(True)
        self.refused.setTextFormat(Qt.TextFormat.PlainText)
        self.refused.hide()
        self.rules = QPushButton()
        self.rules.setObjectName("lessonRules")
        self.rules.setFlat(True)
        self.rules.setCursor(Qt.CursorShape.PointingHandCursor)
        self.rules.setStyleSheet("QPushButton { color: #1f5c99; text-decoration: underline;"
                                 " text-align: left; border: none; padding: 0; }")
        self.rules.clicked.connect(lambda _=False: self.rules_clicked.emit())
        for w in (self.step, self.text, self.refused, self.rules):
            lay.addWidget(w)
        self.buttons = QWidget()
        row = QVBoxLayout(self.buttons)
        row.setContentsMargins(0, 4, 0, 0)
        self.continue_button = QPushButton()
        self.continue_button.setObjectName("lessonContinue")
        self.real_button = QPushButton()
        self.real_button.setObjectName("lessonRealGame")
        self.repeat_button = QPushButton()
        self.repeat_button.setObjectName("lessonRepeat")
        for b in (self.continue_button, self.real_button, self.repeat_button):
            b.setMinimumHeight(32)
            row.addWidget(b)
        lay.addWidget(self.buttons)
        self.buttons.hide()
        self.setFixedWidth(CALLOUT_W)
        self.hide()

    def show_step(self, step: str, text: str, rules: str, refused: str = "") -> None:
        self.buttons.hide()
        self.step.setText(step)
        self.text.setText(text)
        self.rules.setText(rules)
        self.rules.setVisible(bool(rules))
        self.refused.setText(refused)
        self.refused.setVisible(bool(refused))
        self.adjustSize()
        self.show()
        self.raise_()

    def show_end(self, title: str, text: str, labels: tuple[str, str, str],
                 can_continue: bool) -> None:
        self.step.setText(title)
        self.text.setText(text)
        self.refused.hide()
        self.rules.hide()
        for button, label in zip((self.continue_button, self.real_button, self.repeat_button),
                                 labels, strict=True):
            button.setText(label)
        self.continue_button.setVisible(can_continue)
        self.buttons.show()
        self.adjustSize()
        self.show()
        self.raise_()


def place_beside(piece: QRect, avoid: QRect | None, size: tuple[int, int],
                 area: QRect, others: Sequence[QRect] = (),
                 rest: Sequence[QRect] = ()) -> QRect:
    """Where a box of ``size`` goes beside ``piece`` within ``area``: above it, below, right
    or left (a row of cards or of a board's spaces keeps its neighbours in view), centred on
    it or flush with one of its edges. The box never covers the piece or ``avoid`` (the
    step's target) where any place can help it; then it covers as little as it can of
    ``others`` (the other pieces a move could be made with: a sliver of one is no matter),
    then of ``rest`` (every other piece on the table: a row the step's words speak of), then
    it lies as near the piece as it can. Places beside the target are tried as well as
    those beside the piece."""
    w, h = size

    def around(r: QRect) -> list[tuple[int, int]]:
        xs = (r.center().x() - w // 2, r.left(), r.right() - w)
        ys = (r.center().y() - h // 2, r.top(), r.bottom() - h)
        return ([(x, r.top() - GAP - h) for x in xs] + [(x, r.bottom() + GAP) for x in xs]
                + [(r.right() + GAP, y) for y in ys] + [(r.left() - GAP - w, y) for y in ys])

    # Beside the target too: a hand card's sides may all be crowded where its target's are not.
    tries = around(piece) + (around(avoid) if avoid is not None else [])
    inner = area.adjusted(6, 6, -6, -6)

    def inside(x: int, y: int) -> QRect:
        x = max(inner.left(), min(x, inner.right() - w))
        y = max(inner.top(), min(y, inner.bottom() - h))
        return QRect(x, y, w, h)

    def cover(box: QRect, rects: Sequence[QRect | None]) -> int:
        total = 0
        for r in rects:
            if r is not None:
                cut = box.intersected(r)
                total += cut.width() * cut.height() if not cut.isEmpty() else 0
        return total

    def hidden(box: QRect, rects: Sequence[QRect]) -> int:
        # In quarters of a card (about 40 x 55 pixels), or of the piece when it is smaller
        # (a worker or a marker): a sliver of a card is no matter, half of a token is.
        total = 0
        for r in rects:
            cut = box.intersected(r)
            if not cut.isEmpty():
                total += cut.width() * cut.height() // max(1, min(550, r.width() * r.height() // 4))
        return total

    def distance(box: QRect) -> int:
        d = box.center() - piece.center()
        return abs(d.x()) + abs(d.y())

    boxes = [inside(x, y) for x, y in tries]
    # Corners of the table too, for a piece whose sides all lack room.
    boxes += [inside(x, y) for x in (inner.left(), inner.right() - w)
              for y in (inner.top(), inner.bottom() - h)]
    # Others are counted in quarters of a card or of a smaller piece (``hidden``). Nearness
    # in steps of 20 pixels, then the order above: a pixel of rounding does not send the box
    # below a piece that has room above it.
    return min(boxes, key=lambda b: (cover(b, [piece, avoid]), hidden(b, others),
                                     hidden(b, rest), distance(b) // 20,
                                     boxes.index(b)))


class Lessons(QObject):
    """The lessons of ``window`` (the ``MainWindow``): open, resume, run, end."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.lesson: Lesson | None = None
        self.controller: GameController | None = None
        self.thinker: ScriptThinker | None = None
        self._refused = ""  # the reason shown for the step on show, until a move is made
        self._refused_at = -1  # how many moves had been made when it was refused
        self._callout: Callout | None = None

    # -- starting ---------------------------------------------------------------------------
    def _read(self, game_id: str) -> Lesson | None:
        plugin = self.window.plugins.get(game_id)
        if plugin is None:
            return None
        try:
            taught = lessons_core.load(plugin)
        except lessons_core.LessonError as exc:
            self.window.show_error(tr("lesson.failed", self.window.lang, error=str(exc)))
            return None
        return taught

    def setup(self, taught: Lesson, fixed: bool = True) -> GameSetup:
        """The lesson's match: its deal, the learner's seat a person's, the others the
        level the lesson names (played from its script while the lesson lasts)."""
        seats = ["human" if i == taught.seat else taught.level for i in range(taught.players)]
        return GameSetup(taught.game_id, taught.players, seats, dict(taught.options),
                         taught.seed, fixed_seed=fixed)

    def open(self, game_id: str) -> GameController | None:
        """Start ``game_id``'s lesson from its first step."""
        taught = self._read(game_id)
        if taught is None:
            return None
        return self._start(taught, self.setup(taught))

    def resume(self, setup: GameSetup, session: Session, ui: dict[str, Any],
               created: str | None) -> GameController | None:
        """An autosaved lesson resumed: it goes on as the lesson, where it stood."""
        taught = self._read(setup.game_id)
        if taught is None:
            return None
        return self._start(taught, setup, session=session, ui=ui, created=created)

    def _start(self, taught: Lesson, setup: GameSetup, *, session: Session | None = None,
               ui: dict[str, Any] | None = None, created: str | None = None
               ) -> GameController | None:
        window = self.window

        def decisions() -> list[str]:
            # The window's match is this one from its first move on (start_game sets it
            # before the match starts).
            c = window.controller
            return c.moves() if c is not None else []

        thinker = ScriptThinker(taught, decisions, self)
        c = window.start_game(setup, session=session, resume_ui=ui, created=created,
                              thinker=thinker)
        if c is None:
            thinker.deleteLater()
            return None
        self.lesson, self.controller, self.thinker = taught, c, thinker
        self._refused = ""
        c.guard = self._guard
        c.extra_ui[LESSON_KEY] = taught.game_id
        c.table_shown.connect(self._update)
        c.game_over.connect(self._update)
        c.history_changed.connect(self._forget_refusal)
        # Another match's start deletes this one's controller: the callout goes with it.
        c.destroyed.connect(partial(self._gone, id(c)))
        c.autosave.save()  # the lesson's mark is in the autosave from the start
        # The match's first render happened inside start_game, before the lesson was hooked.
        self._update()
        return c

    def _forget_refusal(self) -> None:
        """A move was made or taken back: the last refusal no longer applies."""
        c = self.controller
        if c is not None and self._live() and len(c.moves()) != self._refused_at:
            self._refused = ""

    # -- the table ----------------------------------------------------------------------------
    @property
    def callout(self) -> Callout:
        if self._callout is None:
            table = self.window.table
            self._callout = Callout(table.viewport())
            self._callout.rules_clicked.connect(self._open_rules)
            self._callout.continue_button.clicked.connect(lambda _=False: self.play_on())
            self._callout.real_button.clicked.connect(lambda _=False: self.real_game())
            self._callout.repeat_button.clicked.connect(lambda _=False: self.repeat())
            table.viewport().installEventFilter(self)
        return self._callout

    def _live(self) -> bool:
        c = self.controller
        return c is not None and self.window.controller is c and self.lesson is not None

    def _gone(self, key: int, _obj: object = None) -> None:
        if self.controller is not None and id(self.controller) != key:
            return  # a match before this lesson's
        self.controller = None
        if self._callout is not None:
            with contextlib.suppress(RuntimeError):  # gone with the window
                self._callout.hide()

    def _decisions(self) -> list[str]:
        assert self.controller is not None
        return self.controller.moves()

    def _word(self, code: str) -> str:
        assert self.controller is not None
        words = self.controller.plugin.words
        entry = words.entry(code)
        if entry is None:
            return code
        return entry[1] if self.window.lang == "ja" else entry[0]

    def due(self) -> Move | None:
        """The learner's step on show now, if any."""
        if not self._live():
            return None
        assert self.lesson is not None and self.controller is not None
        move = self.lesson.next_move(self._decisions())
        if move is None or not move.is_step or not self.controller.is_human_turn():
            return None
        return move

    def _update(self, glow: bool = True) -> None:
        """After each render: the step's callout and glow, the end, or nothing (a computer
        seat's turn, a result on show). Without ``glow`` the hint is left as it is (a
        refused piece is still on its way back)."""
        if not self._live():
            return
        assert self.lesson is not None and self.controller is not None
        c, taught = self.controller, self.lesson
        done = self._decisions()
        if taught.position(done) < 0:  # left the script: the lesson lets go
            self.detach()
            return
        if taught.finished(done) and not c.pausing:
            self._show_end()
            return
        move = self.due()
        if move is None:
            self.callout.hide()
            return
        lang = self.window.lang
        assert move.say is not None
        section = (lessons_core.section(c.plugin, move.rules, lang) if move.rules else None)
        self.callout.show_step(
            tr("lesson.step", lang, n=taught.step_number(done), total=len(taught.steps)),
            self._word(move.say),
            tr("lesson.rules", lang, section=section) if section else "",
            self._refused)
        if glow:
            self.window.table.show_hint(move.action, hold=True)
        if self.button_for(move.action) is not None:
            self.window.table_page.mark_hint(move.action)  # as the Hint marks a button
        self.place()
        # The table is fitted after the first render, and pieces slide into place (a piece
        # just dropped settles after its snap, a refused one after it is put back): glow and
        # box are placed again once that is done, so the hint's arrow starts at the piece.
        QTimer.singleShot(0, self, self.place)
        QTimer.singleShot(SETTLE_MS if glow else REFUSED_SETTLE_MS, self,
                          partial(self._settled, len(self._decisions())))

    def _settled(self, made: int) -> None:
        """The table has settled after the step was shown: its glow and box again, if the
        same step is still on show."""
        move = self.due()
        if move is None or len(self._decisions()) != made:
            return
        self.window.table.show_hint(move.action, hold=True)
        self.place()

    def _show_end(self) -> None:
        assert self.controller is not None
        lang = self.window.lang
        over = self.controller.over
        self.callout.show_end(tr("lesson.done_title", lang),
                              tr("lesson.done_over" if over else "lesson.done_body", lang),
                              (tr("lesson.continue", lang), tr("lesson.real_game", lang),
                               tr("lesson.repeat", lang)), not over)
        if not over:
            # The script is over: no computer seat is thinking, the learner chooses a way on.
            self.controller.status.set_base(tr("lesson.done_title", lang), INFO)
        self.place()

    def piece_rects(self) -> tuple[QRect | None, QRect | None]:
        """Where the step's piece and its target lie on the table's viewport (as laid out,
        not where a slide has got to)."""
        move = self.due()
        if move is None:
            return None, None
        table = self.window.table
        # A drag says both the piece and where it goes; a click only the one it is on.
        found = sorted((g for g in table.gestures() if g.action == move.action
                        and (g.source or g.target)),
                       key=lambda g: not (g.source and g.target))
        gesture = found[0] if found else None
        if gesture is None:  # a button of the action bar, below the table
            button = self.button_for(move.action)
            if button is None:
                return None, None
            viewport = table.viewport()
            corner = viewport.mapFrom(self.window, button.mapTo(self.window, QPoint(0, 0)))
            return QRect(corner, button.size()), None

        def rect(item_id: str | None) -> QRect | None:
            item = table.item_for(item_id) if item_id else None
            if item is None:
                return None
            body = item.scene_body()
            laid = getattr(item, "layout_pos", None)
            if callable(laid):
                body = QRectF(body).translated(laid() - item.pos())
            return table.mapFromScene(body).boundingRect()

        src = rect(gesture.source)
        tgt = rect(gesture.target)
        return (src, tgt) if src is not None else (tgt, None)

    def button_for(self, action: str) -> QPushButton | None:
        """The action bar's button of ``action``, if the step's move is made there."""
        page = self.window.table_page
        return next((b for b in page.game_buttons if b.property("action") == action), None)

    def place(self) -> None:
        callout = self._callout
        if callout is None or not callout.isVisible() or not self._live():
            return
        table = self.window.table
        area = table.viewport().rect()
        callout.adjustSize()
        # Wrapped words need the height their width gives them, more than a bare size hint.
        height = max(callout.sizeHint().height(), callout.heightForWidth(CALLOUT_W))
        size = (CALLOUT_W, min(height, area.height() - 12))
        piece, target = self.piece_rects()
        # The other pieces a move could be made with (not the zones they go to: a hand's
        # zone is wide, and the box beside a card would never sit over it).
        ids = {pid for g in table.gestures() for pid in (g.source, g.target)
               if pid and table.is_piece(pid)}
        others = [table.mapFromScene(item.scene_body()).boundingRect()
                  for pid in sorted(ids) if (item := table.item_for(pid)) is not None]
        rest = [table.mapFromScene(item.scene_body()).boundingRect()
                for pid in table.piece_ids()
                if pid not in ids and (item := table.item_for(pid)) is not None]
        if piece is None:  # the end: the middle of the table
            box = QRect(area.center().x() - size[0] // 2, area.center().y() - size[1] // 2,
                        *size)
        else:
            box = place_beside(piece, target, size, area, others, rest)
        callout.setGeometry(box)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self._callout is not None:
            QTimer.singleShot(0, self, self.place)
        return False

    # -- the learner's moves -------------------------------------------------------------------
    def _guard(self, action: str) -> str:
        """Why the lesson refuses ``action`` now ("" when it is the step's move)."""
        if not self._live():
            return ""
        assert self.lesson is not None
        step = self.lesson.refusal(self._decisions(), action)
        if step is None or not step.is_step:
            self._refused = ""
            return ""
        # A step's own reason says it all; its words alone need saying why they are shown.
        self._refused = (self._word(step.refuse) if step.refuse else
                         tr("lesson.refused", self.window.lang, reason=self._word(step.say or "")))
        self._refused_at = len(self._decisions())
        self._update(glow=False)
        return self._refused

    def _open_rules(self) -> None:
        move = self.due()
        c = self.controller
        if move is None or c is None or not move.rules:
            return
        self.window.menus.show_rules(c.setup.game_id)
        heading = lessons_core.section(c.plugin, move.rules, self.window.lang)
        if heading:
            self.window.menus.rules_window.show_section(heading)

    # -- the end -------------------------------------------------------------------------------
    def detach(self) -> None:
        """The match goes on without the lesson."""
        c = self.controller
        if c is not None:
            c.guard = None
            c.extra_ui.pop(LESSON_KEY, None)
            for signal in (c.table_shown, c.game_over):
                with contextlib.suppress(RuntimeError, TypeError):
                    signal.disconnect(self._update)
        self.controller = None
        if self._callout is not None:
            self._callout.hide()
        if self.window.table is not None:
            self.window.table.clear_hint()

    def play_on(self) -> GameController | None:
        """Continue this game from here against the computer, at the lesson's level."""
        c, taught = self.controller, self.lesson
        if c is None or taught is None or c.over:
            return None
        session = c.session
        self.detach()
        setup = self.setup(taught, fixed=False)
        return self.window.start_game(setup, session=session)

    def real_game(self) -> Any:
        """A real game of this game, set up in the new-game dialog."""
        if self.lesson is None:
            return None
        return self.window.open_new_game(self.lesson.game_id)

    def repeat(self) -> GameController | None:
        """The lesson again from its first step."""
        if self.lesson is None:
            return None
        return self.open(self.lesson.game_id)

