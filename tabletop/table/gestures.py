"""The table's gesture state machine: what a press, a drag, a drop, a click or a key decides.

``TableWidget`` (``view.py``) draws the table and receives Qt's events; this module decides what
they mean, without Qt, so that every decision can be tested without a window. The machine holds
the legal moves as ``Gesture``s indexed by source and target (and by the way a turnable piece
faces), the piece picked up, the piece turned round, the step the keyboard is on and the press
under way, and answers each step of the player's hand:

- A press on a piece is pending until the pointer moves past the start-drag distance; then it
  drags the piece (when the piece has somewhere to go; else the press is blocked, and its
  release says why). A press on bare felt pans the view. A press held still may show the piece
  large instead, and its release then clicks nothing.
- A drag offers the targets of the orientation shown; the drop target is the one the piece
  overlaps most, or the one pointed at where the piece is larger than its places
  (``aimed_target``). A release there plays its move (several moves there ask the chooser); a
  release elsewhere puts the piece back with the game's reason, or says that it fits there
  turned round.
- A click plays a click gesture, picks a piece up, or puts the piece picked up on the place
  clicked; a double-click plays a piece's only move.
- The keyboard steps through the same pieces and places in reading order; Enter does what a
  click does and asks which is meant where a piece both moves and takes a click; Escape puts
  back; R (or the right button while dragging) turns a turnable piece round.

A decision comes back as a ``Decision`` (a move to play, a refusal to show, a piece to send
back) for the widget to carry out. What the table must show as the machine's state changes (the
selection and its targets, a piece turned round, a dragged piece's targets after a turn, a press
let go) the machine tells the widget through the ``Table`` it is built with, at the moment it
changes, so the widget's signals see the state the player sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Flag, auto
from typing import Generic, Literal, Protocol, TypeVar

from tabletop.engine.datafile import words_file
from tabletop.engine.layout import Gesture

#: The table's own words (what turning is, what a screen reader hears of the table and of the
#: step the keyboard is on): data in words.toml beside this module; a game's reasons come from
#: the game.
WORDS: dict[str, tuple[str, str]] = words_file(__package__, "words.toml")

#: Table units: pieces whose tops lie this close read as one row for the keyboard's steps.
ROW = 40.0

Mode = Literal["pending", "drag", "pan", "blocked", "lens"]
#: Picks one of several gestures for one drop or click (a menu; a test's function); ``None``
#: when the player picks none.
Choose = Callable[[list[Gesture]], Gesture | None]
#: A box on the table: left, top, right, bottom.
Box = tuple[float, float, float, float]


def word(key: str, lang: str) -> str:
    """The table's word ``key`` in ``lang`` ("ja", else English)."""
    en, ja = WORDS[key]
    return ja if lang == "ja" else en


@dataclass(kw_only=True)
class Press:
    """One press of a mouse button in progress and what it has become so far.

    ``mode``: ``pending`` (a click, so far), ``drag`` (of the piece ``item_id``), ``pan`` (of
    the view), ``blocked`` (an attempt to drag a piece that cannot move now: its release says
    why) or ``lens`` (held still to show the piece large: its release clicks nothing)."""

    item_id: str | None
    mode: Mode = "pending"
    # The drop target under the dragged piece: the widget keeps it as the piece moves, since
    # only it knows where things lie; a turn clears it, since the targets change.
    drop_id: str | None = None


P = TypeVar("P", bound=Press)
P_contra = TypeVar("P_contra", bound=Press, contravariant=True)


class Table(Protocol[P_contra]):
    """What the machine asks of the table it runs on, and what it tells the table to show."""

    def is_piece(self, item_id: str) -> bool:
        """Whether a piece (not a place) with this id lies on the table now."""
        ...

    def turnable(self, piece_id: str) -> bool:
        """Whether the piece on the table may be turned round by the player."""
        ...

    def reading_place(self, item_id: str) -> tuple[float, float] | None:
        """The top and left of the piece or place shown with this id; ``None`` if none is."""
        ...

    def show_turned(self, piece_id: str, turned: bool, animate: bool) -> None:
        """Show the piece turned 180° from its layout (or back)."""
        ...

    def show_selection(self) -> None:
        """The piece picked up (``selected``) or its targets changed: mark them anew."""
        ...

    def show_drag_targets(self) -> None:
        """The dragged piece turned round: light its targets anew and aim again."""
        ...

    def put_down(self, press: P_contra, animate: bool) -> None:
        """A press is let go without a decision: undo what it showed (a drag's lift and glow)
        and send a dragged piece back to its place."""
        ...


@dataclass(frozen=True)
class Decision:
    """What a release, click or key decided, for the widget to carry out: send the piece
    dragged back to its place first (``put_back``), then play ``play``, or show the game's
    reason for refusing ``refuse`` (source, target), or the table's own word ``refuse_word``.
    Nothing set: nothing to do (a chooser closed, a piece picked up)."""

    play: Gesture | None = None
    refuse: tuple[str, str | None] | None = None
    refuse_word: str = ""
    put_back: bool = False


class Moved(Flag):
    """What a move of the pointer with a button held did (``GestureMachine.moved``)."""

    NOTHING = 0
    READ = auto()  # the press had shown a piece large and moved on: the large view goes
    PAN_BEGUN = auto()
    PAN = auto()  # the view follows the pointer
    DRAG_BEGUN = auto()
    DRAG = auto()  # the dragged piece follows the pointer


def aimed_target(body: Box, cursor: tuple[float, float],
                 targets: list[tuple[str, Box, bool]],
                 under: Callable[[], str | None]) -> str | None:
    """The drop target of a dragged piece whose box is ``body``: the legal target the cursor
    points at, if it points at one the piece overlaps; else the one it overlaps most (ties:
    the one under the cursor, then a piece before a place). A piece larger than the places it
    may go (a hand card over the maze's spaces, a card over a small pile lying in a large area)
    overlaps a neighbour as much as the place aimed at: the cursor says which one is meant.

    ``targets``: (id, box, is a piece) of each target shown. ``under()``: the target under the
    cursor by the table's own hit test, asked only where the overlaps leave a doubt."""
    left, top, right, bottom = body
    x, y = cursor
    areas: dict[str, tuple[float, bool]] = {}
    most = 0.0
    leader: str | None = None
    tied = False
    inside: list[str] = []  # the targets whose box holds the cursor
    # Runs on every mouse move of a drag: plain float arithmetic.
    for tid, box, is_piece in targets:
        area = 0.0
        w = (right if right < box[2] else box[2]) - (left if left > box[0] else box[0])
        if w > 0.0:
            h = (bottom if bottom < box[3] else box[3]) - (top if top > box[1] else box[1])
            if h > 0.0:
                area = w * h
        areas[tid] = (area, is_piece)
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            inside.append(tid)
        if area > most:
            most, leader, tied = area, tid, False
        elif area == most and area > 0.0:
            tied = True
    if leader is not None and not tied and (not inside or inside == [leader]):
        return leader  # what lies under the cursor cannot change it
    # The (slower) hit test names a target only when the cursor is inside that target's box.
    pointed = under() if inside else None
    if pointed is not None and pointed in areas and areas[pointed][0] > 0.0:
        return pointed
    best: tuple[float, int, int] | None = None
    best_id: str | None = None
    for tid, (area, is_piece) in areas.items():
        if area <= 0.0 and tid != pointed:
            continue
        key = (area, int(tid == pointed), int(is_piece))
        if best is None or key > best:
            best, best_id = key, tid
    return best_id


class GestureMachine(Generic[P]):
    """The state of the player's hand on one table and the decisions of its every step; see
    the module docstring. ``P`` is the widget's own press record (it adds where the press
    happened)."""

    def __init__(self, table: Table[P]) -> None:
        self.table = table
        self.gestures: list[Gesture] = []
        # Drags by source and target, of both orientations together, and by orientation
        # (``Gesture.turned``): ``oriented[turned][source][target]``.
        self.drags: dict[str, dict[str, list[Gesture]]] = {}
        self.oriented: dict[bool, dict[str, dict[str, list[Gesture]]]] = {False: {}, True: {}}
        self.clicks: dict[str, list[Gesture]] = {}
        self.turned: str | None = None  # the piece the player shows turned round, if any
        self.turn_fixed = False  # R pressed on the selection: clicks use the way it faces
        #: Off (an AI's turn, the privacy screen): nothing can be dragged or clicked.
        self.interactive = True
        self.press: P | None = None
        self.selected: str | None = None  # the piece picked up by a click or Enter
        #: What Tab and the arrows stepped to; the widget lets go of it when the mouse moves.
        self.key_focus: str | None = None
        # Counts the gestures handed over: a step that played sees whether the table changed.
        self.generation = 0

    # -- the legal moves ------------------------------------------------------------------
    def set_gestures(self, gestures: list[Gesture]) -> None:
        """The legal moves now. The piece picked up stays so while it still lies on the table
        and still moves; the caller marks it again."""
        self.generation += 1
        self.gestures = list(gestures)
        self.drags = {}
        self.oriented = {False: {}, True: {}}
        self.clicks = {}
        for g in self.gestures:
            if g.source and g.target:
                self.drags.setdefault(g.source, {}).setdefault(g.target, []).append(g)
                self.oriented[g.turned].setdefault(g.source, {}).setdefault(
                    g.target, []).append(g)
            elif g.target:
                self.clicks.setdefault(g.target, []).append(g)
        if self.selected is not None and (self.selected not in self.drags
                                          or not self.table.is_piece(self.selected)):
            self.selected = None

    def playable(self, item_id: str) -> bool:
        """Whether the piece or place moves or takes a click now."""
        return item_id in self.drags or item_id in self.clicks

    def targets(self, pid: str, turned: bool | None = None) -> dict[str, list[Gesture]]:
        """The drag targets of ``pid`` facing the way it is shown (or ``turned``)."""
        if turned is None:
            turned = self.turned == pid
        return self.oriented[turned].get(pid, {})

    def selection_targets(self) -> dict[str, list[Gesture]]:
        """Where the piece picked up may go: either way round, unless the player chose one
        with R."""
        sel = self.selected
        if sel is None:
            return {}
        return self.targets(sel) if self.turn_fixed else self.drags.get(sel, {})

    def cursor(self, item_id: str | None) -> str:
        """What the pointer resting on ``item_id`` offers: "drag" (a piece that moves),
        "click" (a place that takes a click, or a place the piece picked up may go) or ""."""
        if not self.interactive or item_id is None:
            return ""
        if item_id in self.drags:
            return "drag"
        if item_id in self.clicks or (self.selected is not None
                                      and item_id in self.drags.get(self.selected, {})):
            return "click"
        return ""

    # -- turning round --------------------------------------------------------------------
    def can_turn(self, pid: str | None) -> bool:
        return pid is not None and self.table.turnable(pid) and self.interactive \
            and pid in self.drags

    def held(self) -> str | None:
        """The piece in the player's hand: the one dragged, else the one picked up."""
        press = self.press
        return press.item_id if press is not None and press.mode == "drag" else self.selected

    def set_turned(self, pid: str, on: bool, animate: bool = True) -> None:
        """Show ``pid`` turned round (or as laid out); at most one piece is turned."""
        if on and self.turned is not None and self.turned != pid:
            self.set_turned(self.turned, False, animate)
        self.table.show_turned(pid, on, animate)
        if on:
            self.turned = pid
        elif self.turned == pid:
            self.turned = None

    def turn(self, pid: str) -> None:
        """The player turns ``pid`` round: the glow follows the orientation now shown."""
        self.set_turned(pid, self.turned != pid)
        press = self.press
        if press is not None and press.mode == "drag" and press.item_id == pid:
            press.drop_id = None
            self.table.show_drag_targets()
        elif self.selected == pid:
            self.turn_fixed = True
            self.select(pid)

    def turn_key(self) -> bool:
        """R: turns the piece in hand round where it may turn; False where R does nothing."""
        pid = self.held()
        if not self.can_turn(pid):
            return False
        self.turn(pid or "")
        return True

    def turn_back(self, animate: bool = True) -> None:
        if self.turned is not None:
            self.set_turned(self.turned, False, animate)
        self.turn_fixed = False

    def forget_turn(self) -> None:
        """The table is laid out anew: every piece faces as the new layout shows it."""
        self.turned = None
        self.turn_fixed = False

    # -- picking up -----------------------------------------------------------------------
    def select(self, piece_id: str | None, keep_turn: bool = False) -> None:
        """Pick up ``piece_id`` (``None``: put down) for the click-click alternative.

        A piece the player turned round turns back when it is no longer selected, unless
        ``keep_turn`` (it is being dragged, or its move is being sent)."""
        previous, self.selected = self.selected, piece_id if self.interactive else None
        if not keep_turn:
            if self.turned is not None and self.turned != self.selected:
                self.turn_back()
            if self.selected != previous:
                self.turn_fixed = False
        self.table.show_selection()

    # -- the pointer ----------------------------------------------------------------------
    def begin_press(self, press: P) -> None:
        """A button goes down (``press.item_id``: the piece or place under it, if any)."""
        self.press = press

    def let_go(self) -> P | None:
        """The press ends: taken from the machine before what it decides is carried out, so
        that a table refreshed meanwhile finds no press to cancel."""
        press, self.press = self.press, None
        return press

    def right_button(self) -> None:
        """The right button: turns the dragged piece round where it may turn; with nothing
        pressed, puts down the piece picked up."""
        press = self.press
        if press is None:
            self.select(None)
        elif press.mode == "drag" and self.can_turn(press.item_id):
            self.turn(press.item_id or "")

    def read_press(self, show: Callable[[str], bool]) -> None:
        """The press has been held still on a piece for a while: ``show(piece)`` shows it
        large where it can; then the press reads it instead of clicking."""
        press = self.press
        if press is not None and press.mode == "pending" and press.item_id is not None \
                and show(press.item_id):
            press.mode = "lens"

    def moved(self, far: bool) -> Moved:
        """The pointer moved with the press held; ``far``: past the start-drag distance from
        where it went down. Nothing moves before that distance."""
        press = self.press
        if press is None:
            return Moved.NOTHING
        out = Moved.NOTHING
        if press.mode == "lens" and far:
            # Read, then moved on: the press goes on as the drag (or pan) it would have been.
            press.mode = "pending"
            out |= Moved.READ
        if press.mode == "lens":
            pass  # held still to read the piece: nothing else yet
        elif press.mode == "pan" or (press.mode == "pending" and press.item_id is None):
            if press.mode == "pending" and far:
                press.mode = "pan"
                out |= Moved.PAN_BEGUN
            if press.mode == "pan":
                out |= Moved.PAN
        elif press.mode == "pending" and far and self._begin_drag(press):
            out |= Moved.DRAG_BEGUN
        if press.mode == "drag":
            out |= Moved.DRAG
        return out

    def _begin_drag(self, press: P) -> bool:
        pid = press.item_id
        if pid is None or not self.table.is_piece(pid) or not self.interactive \
                or pid not in self.drags:
            press.mode = "blocked"
            return False
        press.mode = "drag"
        self.select(None, keep_turn=self.turned == pid)
        return True

    def dragging(self) -> P | None:
        """The press under way if it drags a piece."""
        press = self.press
        return press if press is not None and press.mode == "drag" else None

    def release(self, press: P, far: bool, under: str | None, choose: Choose) -> Decision:
        """The button of ``press`` (already let go of, ``let_go``) comes up. ``far``: the
        pointer is past the start-drag distance from where it went down; ``under``: after a
        drag, the piece or place under the pointer but for the dragged piece."""
        if press.mode == "drag":
            return self._drop(press, under, choose)
        if press.mode in ("lens", "pan"):
            return Decision()  # read the piece, or moved the view: no click
        if press.mode == "blocked":
            if self.interactive and press.item_id is not None:
                return Decision(refuse=(press.item_id, None))
            return Decision()
        if press.item_id is None:
            if not far:
                self.select(None)  # a click on bare felt puts down the piece picked up
            return Decision()
        return self.click(press.item_id, choose)

    def _drop(self, press: P, under: str | None, choose: Choose) -> Decision:
        pid = press.item_id or ""
        if not self.table.is_piece(pid):
            return Decision()
        drop = press.drop_id
        if drop is None:
            facing = self.turned == pid
            self.turn_back()
            if under is not None and under in self.targets(pid, not facing):
                return Decision(refuse_word="turn_first", put_back=True)
            return Decision(refuse=(pid, under), put_back=True)
        chosen = self._pick(self.targets(pid).get(drop, []), choose)
        if chosen is None:
            self.turn_back()
            return Decision(put_back=True)
        return Decision(play=chosen)

    def click(self, item_id: str, choose: Choose) -> Decision:
        """A click on ``item_id``: drop the piece picked up there, play the click, pick the
        piece up (or put it down again), or say why nothing can be done."""
        if not self.interactive:
            return Decision()
        sel = self.selected
        if sel is not None and item_id in self.drags.get(sel, {}):
            if self.turn_fixed:
                # The player turned the piece with R: the click means the way it faces.
                gestures = self.targets(sel).get(item_id, [])
                if not gestures:
                    return Decision(refuse_word="turn_first")
            else:
                gestures = self.drags[sel][item_id]
            self.select(None, keep_turn=True)
            chosen = self._pick(gestures, choose)
            if chosen is not None:
                return Decision(play=chosen)
            self.turn_back()
            return Decision()
        if item_id in self.clicks:
            self.select(None)
            chosen = self._pick(self.clicks[item_id], choose)
            return Decision(play=chosen) if chosen is not None else Decision()
        if item_id in self.drags and self.table.is_piece(item_id):
            self.select(None if sel == item_id else item_id)
            return Decision()
        if sel is not None:
            self.select(None)
            return Decision(refuse=(sel, item_id))
        if self.table.is_piece(item_id):
            return Decision(refuse=(item_id, None))
        return Decision()

    def double_click(self, hit: str | None) -> Gesture | None:
        """A double-click on ``hit`` does the only thing the piece can do, like KPat's
        auto-move: that gesture (the press and the selection let go), else ``None`` (the
        double-click is a press like any other)."""
        if not self.interactive or hit is None or hit in self.clicks:
            return None
        gestures = [g for lst in self.drags.get(hit, {}).values() for g in lst]
        if len(gestures) != 1:
            return None
        self.press = None
        self.select(None)
        return gestures[0]

    def cancel_press(self, animate: bool = False) -> P | None:
        """Let go of the press under way without deciding anything: a drag goes back."""
        press, self.press = self.press, None
        if press is None:
            return None
        self.table.put_down(press, animate)
        if press.mode == "drag":
            self.turn_back(animate)
        return press

    def take_click(self) -> P | None:
        """A click under way on a piece, taken out while the table is refreshed: in a game
        played to a beat the table changes every beat, often between press and release.
        ``resume_click`` gives it back."""
        press = self.press
        if press is not None and press.mode == "pending" and press.item_id is not None:
            self.press = None
            return press
        return None

    def resume_click(self, press: P | None) -> None:
        """The click taken by ``take_click`` goes on if its piece is still on the table."""
        if press is not None and press.item_id is not None \
                and self.table.is_piece(press.item_id):
            self.press = press

    def _pick(self, gestures: list[Gesture], choose: Choose) -> Gesture | None:
        if not gestures:
            return None
        distinct = list({g.action: g for g in gestures}.values())
        if len(distinct) == 1:
            return distinct[0]
        return choose(distinct)

    # -- the keyboard ---------------------------------------------------------------------
    def keyboard_steps(self) -> list[str]:
        """What Tab steps through now, in reading order: with a piece picked up, the places
        it may go (and the piece itself, to put it back); else every piece that moves and
        every place that takes a click."""
        if not self.interactive:
            return []
        if self.selected is not None:
            ids = [*self.selection_targets(), self.selected]
        else:
            ids = [i for i in self.drags if self.table.is_piece(i)] + list(self.clicks)
        found = [(place, i) for i in dict.fromkeys(ids)
                 if (place := self.table.reading_place(i)) is not None]

        def reading_order(entry: tuple[tuple[float, float], str]) -> tuple[int, float, str]:
            (top, left), item_id = entry
            return (round(top / ROW), left, item_id)

        return [i for _, i in sorted(found, key=reading_order)]

    def step(self, forward: bool) -> str | None:
        """Tab or an arrow: the keyboard's next (or previous) step, round the table's steps;
        ``None`` where there is none."""
        steps = self.keyboard_steps()
        if not steps:
            return None
        if self.key_focus in steps:
            at = steps.index(self.key_focus)
            nxt = steps[(at + (1 if forward else -1)) % len(steps)]
        else:
            nxt = steps[0] if forward else steps[-1]
        self.key_focus = nxt
        return nxt

    def tab_leaves(self, forward: bool) -> bool:
        """Whether Tab (Shift+Tab: backwards) goes on from the table to the window's other
        controls: from the last step (the first), with nothing picked up."""
        steps = self.keyboard_steps()
        return bool(steps) and self.selected is None \
            and self.key_focus == (steps[-1] if forward else steps[0])

    def activatable(self) -> str | None:
        """The step Enter acts on now, if any."""
        item_id = self.key_focus
        if item_id is None or item_id not in self.keyboard_steps():
            return None
        return item_id

    def activate(self, choose: Choose, apply: Callable[[Decision], None]) -> None:
        """Enter on the step in focus (``activatable``): what a click on it does. The piece
        picked up is put back; a piece that both moves and takes a click asks which of the
        two is meant. ``apply`` carries out the decision before the focus moves on, since
        playing a move may lay the table out anew."""
        item_id = self.activatable()
        if item_id is None:
            return
        generation = self.generation
        decision = Decision()
        if item_id == self.selected:
            self.select(None)
        elif self.selected is None and item_id in self.clicks and item_id in self.drags \
                and self.table.is_piece(item_id):
            en, ja = WORDS["pick_up"]
            pick_up = Gesture("", target=item_id, label_en=en, label_ja=ja)
            clicks = list({g.action: g for g in self.clicks[item_id]}.values())
            chosen = choose([*clicks, pick_up])
            if chosen is not None and (chosen is pick_up or not chosen.action):
                self.select(item_id)
            elif chosen is not None:
                decision = Decision(play=chosen)
        else:
            decision = self.click(item_id, choose)
        apply(decision)
        # Picked up: the next Tab goes to its places. Put back (or nothing played): the
        # focus stays. Played, the table shows the next position: Tab starts again.
        if self.selected is None and self.generation == generation \
                and item_id in self.keyboard_steps():
            self.key_focus = item_id
        else:
            self.key_focus = self.selected

    def escape(self) -> bool:
        """Escape: puts back the piece dragged or picked up. True when one was (the keyboard
        stays on its step); False when nothing was held (the keyboard lets go of the step, so
        that Enter is the window's again)."""
        held = self.selected is not None
        if self.dragging() is not None:
            held = True
            self.cancel_press(animate=True)
        self.select(None)
        return held

    def claims_key(self, key: str) -> bool:
        """Whether the table acts on the plain key ``key`` ("enter", "escape" or "r") now,
        before any shortcut of the window on the same key."""
        if key == "enter":
            return self.key_focus is not None and self.press is None and self.interactive
        if key == "escape":
            return self.selected is not None or self.key_focus is not None \
                or self.dragging() is not None
        if key == "r":
            return self.can_turn(self.held())
        return False

    def forget(self) -> None:
        """Let go of everything the hand holds: a press or drag, the piece picked up (and
        turned, at once), the step the keyboard is on."""
        self.cancel_press()
        self.select(None)
        self.turn_back(animate=False)
        self.key_focus = None

    # -- words ------------------------------------------------------------------------------
    def step_words(self, item_id: str, lang: str) -> str:
        """The words of the moves a step makes (the drops of the piece picked up there, else
        the clicks on it), each once; "" where none has words."""
        if self.selected is not None:
            gestures = self.selection_targets().get(item_id, [])
        else:
            gestures = self.clicks.get(item_id, [])
        ja = lang == "ja"
        words = [(g.choice_ja if ja else g.choice_en) or (g.label_ja if ja else g.label_en)
                 for g in gestures]
        return " / ".join(dict.fromkeys(w for w in words if w))

    def enter_does(self, item_id: str, lang: str) -> str:
        """What Enter or Space does on ``item_id`` now, in ``lang`` ("" where it does
        nothing): the move it makes or the choice it offers, picking up, putting back."""
        sel = self.selected
        if sel is not None:
            if item_id == sel:
                return word("put_back", lang)
            if item_id not in self.selection_targets():
                return ""
            return self.step_words(item_id, lang) or word("put_here", lang)
        parts = [self.step_words(item_id, lang)] if item_id in self.clicks else []
        if item_id in self.clicks and not parts[0]:
            parts = [word("play_here", lang)]
        if item_id in self.drags and self.table.is_piece(item_id):
            parts.append(word("pick_up", lang))
        return " / ".join(parts)
