"""The generic table widget: draws a ``Layout`` and turns mouse gestures into action texts.

The widget knows no game. It is handed a ``Layout`` (what lies where) and the ``Gesture``s of
the legal actions (drag this onto that, click this) and emits ``action_chosen`` with the action
text when the player completes one. Interaction follows KDE KPat: nothing moves before the
platform's start-drag distance; while a piece is dragged only its legal targets glow and the one
it overlaps most is the drop target; an illegal drop snaps back and ``move_refused`` carries the
reason; several actions for one drop open a small chooser. Clicking a piece then a target does
the same as dragging, for players who do not drag.

A piece the layout marks ``turnable`` can be turned 180° by the player: right-click or R while
dragging it (or R while it is selected). The drag's targets are those of the gestures for the
orientation shown (``Gesture.turned``), so the glow follows the piece as it turns and a drop
sends that orientation's action. Clicking the piece and then a target offers both orientations
where both are legal, each with a picture of the piece facing that way; after R, a click uses
the orientation shown.

The table plays from the keyboard too: Tab and Shift+Tab (or the arrow keys) step through what
can be played now in reading order (the pieces that move and the places that take a click; with
a piece picked up, the places it may go), Enter or Space picks up the piece or puts it down as a
click would, R turns the picked-up piece round and Escape puts it back (with nothing picked up,
Escape lets go of the step, so that Enter is the window's again). A piece that both moves
and takes a click asks which of the two Enter means. Past the last step (with nothing picked
up) Tab goes on to the window's other controls, such as the buttons of moves that have no place
on the table, and comes back to the first step; the arrows go round the table's steps only.
While the table has the keyboard, the keys it uses are its own, before any shortcut of the
window. The step in focus is marked as the mouse's hover is, the status line says what it is,
and the view's accessible name and description say it to a screen reader: the piece's readable
name and what Enter does there.

What each press, drag, drop, click and key decides is the gesture machine's
(``gestures.GestureMachine``, which knows no Qt and is tested without it); this widget turns
Qt's events into calls on the machine, carries out what it answers (plays a move, shows a
refusal, sends a piece back) and draws what it tells the table to show. The painting of a drag
(a copy of the table and a sprite of the piece), hit tests, zoom, the large view of a card and
what a screen reader hears stay here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import (
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QCursor,
    QFocusEvent,
    QHelpEvent,
    QIcon,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
    QShowEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QMenu,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from tabletop.engine.layout import Gesture, Layout
from tabletop.engine.sounds import DROP, PICK_UP, SNAP_BACK

from . import art
from .gestures import WORDS as WORDS  # tests and scripts read the table's words from here
from .gestures import Decision, GestureMachine, Moved, Press, aimed_target, word
from .items import (
    FADE_MS,
    CardItem,
    DieItem,
    HintArrow,
    MeterItem,
    PieceItem,
    TableContext,
    TableItem,
    TextItem,
    ZoneItem,
    item_kind,
    make_piece_item,
)
from .lens import CardLens, has_lens

ReasonProvider = Callable[[str, str | None], str]
Chooser = Callable[[list[Gesture], QPoint], Gesture | None]

MARGIN = 24.0  # table units of felt kept around the layout so glows and shadows show
ZOOM_STEP = 1.18
HINT_MS = 3000
#: How bright a lesson's hint stays once its pulse is over (``show_hint(hold=True)``).
HOLD_LEVEL = 0.75
DRAG_Z = 100_000.0
SNAP_MS = 220
UNSYNCED_RESTORE_MS = 800
LENS_PRESS_MS = 450  # a press held this long on a card shows it large instead of clicking
PREVIEW_PX = 48  # width of a piece's picture in the chooser that offers both orientations


@dataclass(kw_only=True)
class _Press(Press):
    """One mouse press in progress (what it became: ``Press``), and where it happened."""

    button: Qt.MouseButton
    view_pos: QPointF
    scene_pos: QPointF
    start_pos: QPointF | None = None
    last_view_pos: QPointF | None = None
    # Where the pressed piece was shown at the press (it may have been gliding back after a
    # drag put back): a drag goes on from there, so the piece stays under the hand.
    item_pos: QPointF | None = None
    # Scene boxes (left, top, right, bottom) of the drag's targets that stand still: asked on
    # every mouse move, and a table refresh (which could move them) cancels the drag anyway.
    target_boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)


def _choice_text(g: Gesture, lang: str) -> str:
    """How the chooser offers ``g`` among the moves of one drop: its choice text, else its
    label, else its action."""
    ja = lang == "ja"
    return ((g.choice_ja if ja else g.choice_en) or (g.label_ja if ja else g.label_en)
            or g.action)


def _device_aligned(rect: QRect, dpr: float) -> QRect:
    """``rect`` grown to whole device pixels on its every side, for a fractional screen scale
    (1.25, 1.5...): a part of the table copied in then sits on the pixels Qt paints it on."""
    step = 1
    while step < 8 and abs(step * dpr - round(step * dpr)) > 1e-6:
        step += 1
    if step == 1:
        return rect
    left, top = rect.left() // step * step, rect.top() // step * step
    right = -(-(rect.right() + 1) // step) * step
    bottom = -(-(rect.bottom() + 1) // step) * step
    return QRect(left, top, right - left, bottom - top)


class TableWidget(QGraphicsView):
    """A felt table showing one seat's view of a game; see the module docstring."""

    action_chosen = Signal(str)
    # (actions) the gesture about to be chosen goes on to make these (``Gesture.then``)
    follow_up = Signal(list)
    move_refused = Signal(str)
    status_hint = Signal(str)
    # A gesture with a sound (``tabletop.engine.sounds.GESTURE_SOUNDS``): a piece lifted into a
    # drag, dropped where it makes a move, or sent back from a drop that makes none.
    gestured = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        art.ensure_cache()
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self._ctx = TableContext()
        self._layout = Layout(1280.0, 800.0)
        self._table_rect = QRectF(0.0, 0.0, 1280.0, 800.0)
        self._pieces: dict[str, PieceItem] = {}
        self._zones: dict[str, ZoneItem] = {}
        self._meters: dict[str, MeterItem] = {}
        self._texts: dict[str, TextItem] = {}
        # The legal moves, the piece picked up or turned, the keyboard's step, the press under
        # way, and what each step of the hand decides.
        self._gm: GestureMachine[_Press] = GestureMachine(self)
        self._auto_fit = True
        self._reason_provider: ReasonProvider | None = None
        self.chooser: Chooser = self._menu_chooser
        self._hovered: str | None = None
        self._hover_said = ""  # what ``status_hint`` last said (the line beside the status)
        # While a piece is dragged: the table without it, painted once (see _start_drag_shot).
        self._drag_shot: QPixmap | None = None
        self._drag_item: PieceItem | None = None
        self._drag_rect = QRectF()
        self._drag_sprite: QPixmap | None = None
        self._drag_sprite_key: tuple[object, ...] = ()
        self._drag_touched: set[TableItem] = set()  # items that changed look meanwhile
        self._drag_live = False  # the copy is being (re)taken: paint as Qt does
        self._sync_serial = 0
        self._hint_items: list[TableItem] = []
        self._hint_arrow: HintArrow | None = None
        self._hint_anim: QVariantAnimation | None = None
        self._hint_hold = False
        self._lens = CardLens(self)
        self._hover_lens = True  # the mouse resting on a card shows it large (View menu)
        # A press held still on a card this long shows it large (``_lens_from_press``).
        self._lens_timer = QTimer(self)
        self._lens_timer.setSingleShot(True)
        self._lens_timer.setInterval(LENS_PRESS_MS)
        self._lens_timer.timeout.connect(self._lens_from_press)

        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # The felt (a gradient and a texture over the whole view) is drawn once per zoom and
        # size, not on every frame of a drag.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 200)
        self._scene.setSceneRect(self._table_rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
        self._announce(None)

    # -- public interface -----------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Which language's texts are shown first ("ja" or "en")."""
        if lang == self._ctx.lang:
            return
        self._ctx.lang = lang
        for item in self._texts.values():
            item.refresh()
        for piece in self._pieces.values():
            piece.setToolTip(piece.hover_text())
            piece.update()
        # Items keep a device-pixel cache of their painting: a scene-wide update repaints
        # from those caches, so every item that shows words is told itself.
        for zone in self._zones.values():
            zone.update()
        for meter in self._meters.values():
            meter.update()
        self._scene.update()
        self._announce(self._gm.key_focus)

    def language(self) -> str:
        return self._ctx.lang

    def sync(self, layout: Layout, gestures: list[Gesture], animate: bool = True) -> None:
        """Show ``layout`` with ``gestures`` as the legal moves, diffing items by id."""
        self._sync_serial += 1
        self.close_lens()
        # A click in progress on a piece that stays on the table survives the refresh.
        clicking = self._gm.take_click()
        self._gm.cancel_press()
        self.clear_hint()
        # Pieces the player turned take the new layout's orientation (``update_piece``).
        self._gm.forget_turn()
        self._layout = layout
        self._table_rect = QRectF(0.0, 0.0, float(layout.width), float(layout.height))
        self._scene.setSceneRect(self._table_rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

        seen: set[str] = set()
        for piece in layout.pieces:
            seen.add(piece.id)
            item = self._pieces.get(piece.id)
            if item is not None and item_kind(piece) != item.KIND:
                self._remove(item, animate)
                item = None
            if item is None:
                item = make_piece_item(piece, self._ctx)
                self._pieces[piece.id] = item
                self._add(item, animate)
            else:
                if not animate:
                    item.stop_animations()
                item.update_piece(piece, animate)
        for pid in [p for p in self._pieces if p not in seen]:
            self._remove(self._pieces.pop(pid), animate)

        self._sync_simple(self._zones, {z.id: z for z in layout.zones}, ZoneItem,
                          "update_zone", animate)
        self._sync_simple(self._meters, {m.id: m for m in layout.meters}, MeterItem,
                          "update_meter", animate)
        self._sync_simple(self._texts, {t.id: t for t in layout.texts}, TextItem,
                          "update_text", animate)

        self._set_gestures(gestures)
        self._gm.resume_click(clicking)
        if self._auto_fit:
            self._fit()
        self._scene.update()
        # The step in focus may have gone, or now do something else.
        focus = self._gm.key_focus
        if focus is not None and focus not in self._gm.keyboard_steps():
            self._clear_key_focus()
        else:
            self._announce(focus)
        # The line beside the status says what the pointer rests on as it is now: nothing,
        # once that piece has left the table (the next person's table has no such piece).
        if self._hovered is not None and self._find(self._hovered) is None:
            self._hovered = None
        self._say_hover(self._hover_words())

    def set_reason_provider(self, fn: ReasonProvider | None) -> None:
        """``fn(source_id, target_id_or_None)`` explains a refused drop or click."""
        self._reason_provider = fn

    def set_chooser(self, fn: Chooser | None) -> None:
        """Replace the menu that picks among several actions for one drop (tests, keyboard)."""
        self.chooser = fn if fn is not None else self._menu_chooser

    def set_interactive(self, on: bool) -> None:
        """When off (an AI's turn, the privacy screen) nothing can be dragged or clicked."""
        if on == self._gm.interactive:
            return
        self._gm.interactive = on
        self.close_lens()
        if not on:
            self._gm.cancel_press()
            self._gm.select(None)
            self._clear_key_focus()
            self.viewport().unsetCursor()
        self._refresh_usable()

    def is_interactive(self) -> bool:
        return self._gm.interactive

    def forget_transient(self) -> None:
        """Let go of everything a person's hand left on the table: a press or drag under way,
        the piece picked up (and turned), the step the keyboard is on, what the pointer rests
        on and the line that says so, the large view, the hint's glow, a tooltip on show.
        The window calls this whenever the person at the screen or the match changes."""
        self._lens_timer.stop()
        self._gm.forget()
        old = self._find(self._hovered)
        if old is not None:
            old.set_flags(hovered=False)
        self._hovered = None
        self.close_lens()
        self.clear_hint()
        QToolTip.hideText()
        self.viewport().unsetCursor()
        self._announce(None)
        self._say_hover("")

    def show_hint(self, action: str, hold: bool = False) -> None:
        """Pulse the source and target of ``action``'s gesture (and draw an arrow) for ~3 s;
        with ``hold`` (a lesson's step) they go on glowing after the pulse, until the next
        sync or ``clear_hint``."""
        self.clear_hint()
        gesture = next((g for g in self._gm.gestures if g.action == action
                        and (g.source or g.target)), None)
        if gesture is None:
            return
        items = [it for it in (self._find(gesture.source), self._find(gesture.target))
                 if it is not None]
        if not items:
            return
        self._hint_items = items
        src, tgt = self._find(gesture.source), self._find(gesture.target)
        if src is not None and tgt is not None:
            self._hint_arrow = HintArrow(src.scene_body().center(), tgt.scene_body().center())
            self._scene.addItem(self._hint_arrow)
        anim = QVariantAnimation(self)
        anim.setDuration(HINT_MS)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        self._hint_hold = hold
        anim.valueChanged.connect(self._hint_step)
        anim.finished.connect(self._hold_hint if hold else self.clear_hint)
        self._hint_anim = anim
        anim.start()

    def _hold_hint(self) -> None:
        """The pulse is over: the hint stays lit, steady."""
        for item in self._hint_items:
            item.set_flags(hint_level=HOLD_LEVEL)
        if self._hint_arrow is not None:
            self._hint_arrow.setOpacity(1.0)

    def clear_hint(self) -> None:
        anim, self._hint_anim = self._hint_anim, None
        if anim is not None:
            anim.stop()
            anim.deleteLater()
        for item in self._hint_items:
            item.set_flags(hint_level=0.0)
        self._hint_items = []
        if self._hint_arrow is not None:
            self._scene.removeItem(self._hint_arrow)
            self._hint_arrow = None

    def fit_table(self) -> None:
        """Show the whole table and keep it fitted when the window is resized."""
        self._auto_fit = True
        self._fit()

    def reset_zoom(self) -> None:
        """Back to the default view: the whole table, fitted to the window."""
        self.fit_table()

    def zoom_in(self) -> None:
        self._zoom(ZOOM_STEP, None)

    def zoom_out(self) -> None:
        self._zoom(1.0 / ZOOM_STEP, None)

    def piece_item(self, piece_id: str) -> QGraphicsItem | None:
        return self._pieces.get(piece_id)

    def piece_scene_pos(self, piece_id: str) -> QPointF:
        item = self._pieces.get(piece_id)
        if item is None:
            raise KeyError(piece_id)
        return item.scenePos()

    def piece_ids(self) -> list[str]:
        """The ids of the pieces on the table now."""
        return list(self._pieces)

    def item_for(self, item_id: str) -> TableItem | None:
        """The piece, zone, meter or text item with this id."""
        return (self._pieces.get(item_id) or self._zones.get(item_id)
                or self._meters.get(item_id) or self._texts.get(item_id))

    def selected_piece(self) -> str | None:
        return self._gm.selected

    def view_pos_of(self, item_id: str) -> QPoint:
        """Viewport position of an item's centre (for tests and tutorials)."""
        item = self.item_for(item_id)
        if item is None:
            raise KeyError(item_id)
        return self.mapFromScene(item.scene_body().center())

    def gestures(self) -> list[Gesture]:
        return list(self._gm.gestures)

    def key_focus(self) -> str | None:
        """The piece or place the keyboard has stepped to, if any."""
        return self._gm.key_focus

    def readable_name(self, item_id: str) -> str:
        """What a piece or place is called, in the table's language, one line: the first line
        of its hover text, a zone's label, a die's value; else what playing it does."""
        item = self._find(item_id)
        text = ""
        if isinstance(item, PieceItem):
            text = item.hover_text().partition("\n")[0]
            if not text and isinstance(item, DieItem):
                text = self._word("die").format(value=DieItem.value_of(item.piece))
            elif not text and isinstance(item, CardItem) and not item.piece.face_up:
                text = self._word("card_back")
            elif not text:
                text = art.in_lang(item.piece.art, "label", self._ctx.lang)
        elif isinstance(item, ZoneItem):
            text = item.label()
        return text or self._gm.step_words(item_id, self._ctx.lang)

    def step_action_text(self, item_id: str) -> str:
        """What Enter or Space does on ``item_id`` now, in the table's language ("" where it
        does nothing): the move it makes or the choice it offers, picking up, putting back."""
        return self._gm.enter_does(item_id, self._ctx.lang)

    def turned_piece(self) -> str | None:
        """The piece the player has turned round (while dragging or selecting it), if any."""
        return self._gm.turned

    def show_lens(self, item_id: str | None) -> bool:
        """Show the piece ``item_id`` large beside it (``lens``); False when it has nothing to
        show large (a face-down card, a token) or the table shows it about as large."""
        item = self._pieces.get(item_id or "")
        if item is None or item.dying or not has_lens(item):
            self.close_lens()
            return False
        body = self.mapFromScene(item.scene_body()).boundingRect()
        origin = self.viewport().pos()
        room = self.viewport().rect().translated(origin)
        return self._lens.show_piece(item, body.translated(origin), room)

    def close_lens(self) -> None:
        """Put the large view of a piece away (nothing when none is shown)."""
        self._lens.close_lens()

    def lens_piece(self) -> str | None:
        """The piece shown large now, if any."""
        return self._lens.piece_id if self._lens.isVisible() else None

    def lens(self) -> CardLens:
        return self._lens

    def set_hover_lens(self, on: bool) -> None:
        """Whether the mouse resting on a card shows it large (else its tooltip); a long press
        and Z show it large either way."""
        self._hover_lens = on
        if not on:
            self.close_lens()

    def hover_lens(self) -> bool:
        return self._hover_lens

    def _lens_from_press(self) -> None:
        self._gm.read_press(self.show_lens)

    def _lens_key_target(self) -> str | None:
        """The piece Z shows large: the one the keyboard is on, else the one picked up, else
        the one under the mouse."""
        for item_id in (self._gm.key_focus, self._gm.selected, self._hovered):
            if item_id is not None and has_lens(self._pieces.get(item_id)):
                return item_id
        return None

    def viewportEvent(self, event: QEvent) -> bool:
        # The mouse resting on a card shows it large in place of the tooltip; the lens gives
        # the hover text under the picture.
        if event.type() == QEvent.Type.ToolTip and self._gm.press is None and self._hover_lens:
            hit = self._hit(QPointF(event.pos())) if isinstance(event, QHelpEvent) else None
            if hit is not None and hit == self.lens_piece():
                return True
            if hit is not None and self.show_lens(hit):
                return True
            self.close_lens()
        return super().viewportEvent(event)

    def set_scale(self, scale: float) -> None:
        """Show the table at ``scale`` pixels per table unit, centred (screenshots, tests)."""
        self._auto_fit = False
        centre = self.mapToScene(self.viewport().rect().center())
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(centre)

    # -- scene diffing --------------------------------------------------------------------
    def _sync_simple(self, items: dict[str, TableItem], wanted: dict[str, object],
                     cls: type, update: str, animate: bool) -> None:
        for key in [k for k in items if k not in wanted]:
            self._remove(items.pop(key), animate)
        for key, data in wanted.items():
            item = items.get(key)
            if item is None:
                item = cls(data, self._ctx)
                items[key] = item
                self._add(item, animate)
            else:
                if not animate:
                    item.stop_animations()
                getattr(item, update)(data, animate)

    def _add(self, item: TableItem, animate: bool) -> None:
        self._scene.addItem(item)
        if animate:
            item.setOpacity(0.0)
            item.fade(1.0)

    def _remove(self, item: TableItem, animate: bool) -> None:
        if self._hovered == item.item_id:
            self._hovered = None
        item.dying = True
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        if animate and item.scene() is not None:
            item.fade(0.0, FADE_MS, lambda: self._drop_item(item))
        else:
            item.stop_animations()
            self._drop_item(item)

    def _drop_item(self, item: TableItem) -> None:
        if item.scene() is self._scene:
            self._scene.removeItem(item)

    def _set_gestures(self, gestures: list[Gesture]) -> None:
        self._gm.set_gestures(gestures)
        self._refresh_usable()
        if self._gm.selected is not None:
            self._gm.select(self._gm.selected)

    def _refresh_usable(self) -> None:
        gm = self._gm
        on = gm.interactive
        for key, item in self._all_targets():
            item.set_flags(usable=on and gm.playable(key),
                           glowing=False, drop_target=False, selected_mark=False)
        if on and gm.selected is not None:
            gm.select(gm.selected)

    def _all_targets(self) -> list[tuple[str, TableItem]]:
        out: list[tuple[str, TableItem]] = list(self._pieces.items())
        out += list(self._zones.items())
        return out

    def _find(self, item_id: str | None) -> TableItem | None:
        if item_id is None:
            return None
        return self._pieces.get(item_id) or self._zones.get(item_id)

    # -- what the gesture machine asks of the table (``gestures.Table``) -------------------
    def is_piece(self, item_id: str) -> bool:
        """Whether a piece (not a place) with this id lies on the table now."""
        return item_id in self._pieces

    def turnable(self, piece_id: str) -> bool:
        item = self._pieces.get(piece_id)
        return item is not None and item.piece.turnable

    def reading_place(self, item_id: str) -> tuple[float, float] | None:
        """The top and left of the piece or place ``item_id`` on the table, if it is shown."""
        item = self._find(item_id)
        if item is None:
            return None
        body = item.scene_body()
        return (body.top(), body.left())

    def show_turned(self, piece_id: str, turned: bool, animate: bool) -> None:
        item = self._pieces.get(piece_id)
        if item is not None:
            item.set_turned(turned, animate)

    def show_selection(self) -> None:
        """Mark the piece picked up (for the click-click alternative) and light its targets."""
        for _, item in self._all_targets():
            item.set_flags(selected_mark=False, glowing=False)
        selected = self._gm.selected
        if selected is None:
            return
        src = self._pieces.get(selected)
        if src is not None:
            src.set_flags(selected_mark=True)
        for target in self._gm.selection_targets():
            found = self._find(target)
            if found is not None:
                found.set_flags(glowing=True)

    def show_drag_targets(self) -> None:
        """The dragged piece turned round: its targets for the way it faces now glow, and the
        drop target is found again where the pointer is."""
        press = self._gm.dragging()
        if press is None:
            return
        for _, target in self._all_targets():
            target.set_flags(glowing=False, drop_target=False)
        self._glow_drag_targets(press.item_id or "")
        self._drag_to(press, press.last_view_pos or press.view_pos)

    def put_down(self, press: _Press, animate: bool) -> None:
        """A press let go of without a decision: a drag's looks go, and its piece goes back."""
        if press.mode == "drag":
            self._end_drag_visuals(press)
            item = self._pieces.get(press.item_id or "")
            if item is not None:
                self._snap_back(item, animate)
        self.viewport().unsetCursor()

    def _word(self, key: str) -> str:
        return word(key, self._ctx.lang)

    # -- zoom and fit ---------------------------------------------------------------------
    def _fit(self) -> None:
        if self.viewport().width() < 2 or self.viewport().height() < 2:
            return
        self.resetTransform()
        self.fitInView(self._table_rect.adjusted(-MARGIN / 2, -MARGIN / 2, MARGIN / 2,
                                                 MARGIN / 2),
                       Qt.AspectRatioMode.KeepAspectRatio)

    def _fit_scale(self) -> float:
        vw, vh = self.viewport().width(), self.viewport().height()
        tw, th = self._table_rect.width() + MARGIN, self._table_rect.height() + MARGIN
        return max(0.01, min(vw / tw, vh / th))

    def _zoom(self, factor: float, anchor: QPointF | None) -> None:
        self.close_lens()
        current = self.transform().m11()
        fit = self._fit_scale()
        new = max(fit * 0.5, min(fit * 6.0, current * factor))
        if abs(new - current) < 1e-6:
            return
        self._auto_fit = False
        if anchor is None:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(new / current, new / current)
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        else:
            before = self.mapToScene(anchor.toPoint())
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.scale(new / current, new / current)
            after = self.mapToScene(anchor.toPoint())
            delta = after - before
            self.translate(delta.x(), delta.y())
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        if self._drag_shot is not None:  # zoomed while dragging: the copy is of another view
            self._drag_rect = self._dragged_view_rect()
            self._take_drag_shot()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            steps = event.pixelDelta().y() / 60.0
        if steps == 0:
            event.ignore()
            return
        self._zoom(ZOOM_STEP ** steps, event.position())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.close_lens()
        if self._drag_shot is not None:
            self._take_drag_shot()
        if self._auto_fit:
            self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._auto_fit:
            self._fit()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        # Items render their pictures for the current zoom and screen density.
        self._ctx.scale = abs(self.transform().m11()) * self.viewport().devicePixelRatioF()
        art.paint_felt(painter, rect, self._table_rect)

    # -- hit testing ----------------------------------------------------------------------
    def _hit(self, view_pos: QPointF, exclude: str | None = None) -> str | None:
        """The id of the topmost piece (else zone) under a viewport position."""
        zone: str | None = None
        for item in self.items(view_pos.toPoint()):
            if not isinstance(item, (PieceItem, ZoneItem)) or item.dying:
                continue
            if item.item_id == exclude:
                continue
            if isinstance(item, PieceItem):
                return item.item_id
            if zone is None:
                zone = item.item_id
        return zone

    # -- mouse ----------------------------------------------------------------------------
    def _far(self, press: _Press, pos: QPointF) -> bool:
        """Whether ``pos`` lies past the start-drag distance from where ``press`` went down."""
        return (pos - press.view_pos).manhattanLength() >= QApplication.startDragDistance()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if event.button() == Qt.MouseButton.RightButton:
            self._gm.right_button()
            event.accept()
            return
        if self._gm.press is not None:
            event.accept()
            return
        if event.button() == Qt.MouseButton.MiddleButton:
            self._gm.begin_press(_Press(item_id=None, mode="pan", button=event.button(),
                                        view_pos=pos, scene_pos=self.mapToScene(pos.toPoint()),
                                        last_view_pos=pos))
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.close_lens()
        hit = self._hit(pos)
        pressed = self._pieces.get(hit or "")
        self._gm.begin_press(_Press(
            item_id=hit, button=event.button(), view_pos=pos,
            scene_pos=self.mapToScene(pos.toPoint()), last_view_pos=pos,
            item_pos=QPointF(pressed.pos()) if pressed is not None else None))
        if has_lens(self._pieces.get(hit or "")):
            self._lens_timer.start()
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        press = self._gm.press
        if press is None:
            self._update_hover(pos)
            event.accept()
            return
        moved = self._gm.moved(self._far(press, pos))
        if Moved.READ in moved:
            self.close_lens()
        if Moved.PAN_BEGUN in moved:
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if Moved.PAN in moved:
            self._pan_by(press, pos)
        if Moved.DRAG_BEGUN in moved:
            self._show_drag_begun(press)
        if Moved.DRAG in moved:
            self._drag_to(press, pos)
        press.last_view_pos = pos
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press = self._gm.press
        if press is None or event.button() != press.button:
            event.accept()
            return
        self._gm.let_go()
        self._lens_timer.stop()
        pos = event.position()
        at = event.globalPosition().toPoint()
        under: str | None = None
        item = self._pieces.get(press.item_id or "")
        if press.mode == "drag":
            self._drag_to(press, pos)
            under = self._hit(press.last_view_pos or press.view_pos,
                              exclude=press.item_id or "")
            self._end_drag_visuals(press)
        elif press.mode == "lens":
            self.close_lens()  # let go after reading: no click
        decision = self._gm.release(press, self._far(press, pos), under,
                                    lambda gestures: self.chooser(gestures, at))
        if decision.put_back and item is not None:
            self._snap_back(item)
        if press.mode == "drag" and decision.play is not None:
            self.gestured.emit(DROP)
        elif press.mode == "drag" and (decision.put_back or decision.refuse is not None
                                       or decision.refuse_word):
            self.gestured.emit(SNAP_BACK)
        self._apply(decision)
        self._update_hover(pos)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            gesture = self._gm.double_click(self._hit(event.position()))
            if gesture is not None:
                self._emit(gesture)
                event.accept()
                return
        self.mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        plain = not event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                         | Qt.KeyboardModifier.AltModifier
                                         | Qt.KeyboardModifier.MetaModifier)
        if event.key() == Qt.Key.Key_Z and plain:
            target = self._lens_key_target()
            if target is not None and target == self.lens_piece():
                self.close_lens()
            elif target is not None:
                self.show_lens(target)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape and self.lens_piece() is not None:
            self.close_lens()  # Escape puts the large view away first, nothing else
            event.accept()
            return
        self.close_lens()
        if event.key() == Qt.Key.Key_R and plain and self._gm.turn_key():
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up) \
                and self._step_key_focus(event.key() in (Qt.Key.Key_Right, Qt.Key.Key_Down)):
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) \
                and self._gm.key_focus is not None and self._gm.press is None:
            self._activate_key_focus()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape:
            if self._gm.escape():
                self._announce(self._gm.key_focus)  # put back: the focus stays on the piece
            else:
                self._clear_key_focus()  # nothing held: the keyboard lets go of the step
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif event.key() == Qt.Key.Key_Minus:
            self.zoom_out()
        elif event.key() == Qt.Key.Key_0:
            self.reset_zoom()
        else:
            super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        # A key the table acts on now is the table's, before a window shortcut on the same
        # key (a game's button may answer Enter when no piece is in focus).
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and self._claims_key(event):
            event.accept()
            return True
        return super().event(event)

    def _claims_key(self, event: QKeyEvent) -> bool:
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                | Qt.KeyboardModifier.AltModifier
                                | Qt.KeyboardModifier.MetaModifier):
            return False
        key = event.key()
        if key == Qt.Key.Key_Z:
            return self._lens_key_target() is not None
        if key == Qt.Key.Key_Escape and self.lens_piece() is not None:
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            return self._gm.claims_key("enter")
        if key == Qt.Key.Key_Escape:
            return self._gm.claims_key("escape")
        if key == Qt.Key.Key_R:
            return self._gm.claims_key("r")
        return False

    def focusNextPrevChild(self, next: bool) -> bool:
        # Tab steps through the table's moves; past the last one (nothing picked up) it goes
        # on to the window's other controls, and round to the first move when nothing else
        # takes the focus. With a piece picked up it stays among the piece's places.
        if not self._gm.keyboard_steps():
            return super().focusNextPrevChild(next)
        if self._gm.tab_leaves(next):
            self._clear_key_focus()
            if super().focusNextPrevChild(next) and not self.hasFocus():
                return True
        return self._step_key_focus(next)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        # Tabbed into from the window's other controls: on the first move (or, with
        # Shift+Tab, the last), as if the steps went on.
        reason = event.reason()
        if self._gm.key_focus is None and reason in (Qt.FocusReason.TabFocusReason,
                                                     Qt.FocusReason.BacktabFocusReason):
            self._step_key_focus(reason == Qt.FocusReason.TabFocusReason)

    # -- keyboard play --------------------------------------------------------------------
    def _step_key_focus(self, forward: bool) -> bool:
        nxt = self._gm.step(forward)
        if nxt is None:
            return False
        self._set_hover(nxt, from_keyboard=True)
        item = self._find(nxt)
        if item is not None:
            self.ensureVisible(item.scene_body(), 40, 40)
        self._announce(nxt)
        return True

    def _clear_key_focus(self) -> None:
        """The keyboard leaves the table's steps: the mark and what is announced go."""
        if self._gm.key_focus is None:
            return
        self._gm.key_focus = None
        self._set_hover(None)
        self._announce(None)

    def _announce(self, item_id: str | None) -> None:
        """Say the step in focus to assistive technology: the view's accessible name is the
        step's readable name and its description what Enter does there (the table's own
        name and none without a step); the screen reader is told once both have changed."""
        if item_id is None or self._find(item_id) is None:
            name, doing = self._word("table"), ""
        else:
            name = self.readable_name(item_id)
            what = self.step_action_text(item_id)
            doing = self._word("enter_does").format(what=what) if what else ""
        if (name, doing) == (self.accessibleName(), self.accessibleDescription()):
            return
        self.setAccessibleName(name)
        self.setAccessibleDescription(doing)
        for kind in (QAccessible.Event.NameChanged, QAccessible.Event.DescriptionChanged):
            QAccessible.updateAccessibility(QAccessibleEvent(self, kind))

    def _activate_key_focus(self) -> None:
        """Enter on the step in focus: what a click on it does (``GestureMachine.activate``),
        the chooser opening where the step lies."""
        item_id = self._gm.activatable()
        if item_id is None:
            return
        at = self.viewport().mapToGlobal(self.view_pos_of(item_id))
        self._gm.activate(lambda gestures: self.chooser(gestures, at), self._apply)
        self._announce(self._gm.key_focus)

    def leaveEvent(self, event: QEvent) -> None:
        if self._gm.press is None:
            self.close_lens()
            self._set_hover(None)
        super().leaveEvent(event)

    def _pan_by(self, press: _Press, pos: QPointF) -> None:
        delta = pos - (press.last_view_pos or pos)
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() - round(delta.x()))
        v.setValue(v.value() - round(delta.y()))

    # -- dragging -------------------------------------------------------------------------
    def _show_drag_begun(self, press: _Press) -> None:
        """The press became a drag (``Moved.DRAG_BEGUN``): lift the piece where it is shown,
        light its targets and paint the table without it once."""
        pid = press.item_id or ""
        item = self._pieces.get(pid)
        if item is None:
            return
        self.clear_hint()
        start = press.item_pos if press.item_pos is not None else item.layout_pos()
        item.stop_animations()
        item.set_pos_now(start)
        press.start_pos = item.pos()
        item.setZValue(DRAG_Z)
        item.setScale(1.05)
        self._start_drag_shot(item)
        self._glow_drag_targets(pid)
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self.gestured.emit(PICK_UP)
        if self._gm.can_turn(pid):
            self._say_hover(self._word("turn_tip"))

    def _glow_drag_targets(self, pid: str) -> None:
        for target in self._gm.targets(pid):
            found = self._find(target)
            if found is not None:
                found.set_flags(glowing=True)

    def _drag_to(self, press: _Press, pos: QPointF) -> None:
        item = self._pieces.get(press.item_id or "")
        if item is None or press.start_pos is None:
            return
        delta = self.mapToScene(pos.toPoint()) - press.scene_pos
        item.setPos(press.start_pos + delta)
        self._redraw_dragged()
        drop = self._drop_target(item, pos, press.target_boxes)
        if drop != press.drop_id:
            old = self._find(press.drop_id)
            if old is not None:
                old.set_flags(drop_target=False)
            new = self._find(drop)
            if new is not None:
                new.set_flags(drop_target=True)
            press.drop_id = drop

    def _drop_target(self, item: PieceItem, view_pos: QPointF,
                     boxes: dict[str, tuple[float, float, float, float]]) -> str | None:
        """The target the dragged ``item`` would drop on now (``gestures.aimed_target``).

        ``boxes`` keeps the scene boxes of targets that are not moving between calls."""
        pieces, zones = self._pieces, self._zones
        shown: list[tuple[str, tuple[float, float, float, float], bool]] = []
        # Runs on every mouse move of a drag: no Qt calls per target but for a moving one.
        for tid in self._gm.targets(item.item_id):
            target = pieces.get(tid) or zones.get(tid)
            if target is None or target.dying:
                continue
            box = boxes.get(tid)
            if box is None:
                r = target.scene_body()
                box = (r.left(), r.top(), r.right(), r.bottom())
                if not target.is_animating():
                    boxes[tid] = box
            shown.append((tid, box, isinstance(target, PieceItem)))
        body = item.scene_body()
        at = self.mapToScene(view_pos.toPoint())
        return aimed_target((body.left(), body.top(), body.right(), body.bottom()),
                            (at.x(), at.y()), shown,
                            lambda: self._hit(view_pos, exclude=item.item_id))

    def _end_drag_visuals(self, press: _Press) -> None:
        self._stop_drag_shot()
        item = self._pieces.get(press.item_id or "")
        if item is not None:
            item.setScale(1.0)
            item.setZValue(item.piece.z)
        for _, target in self._all_targets():
            target.set_flags(glowing=False, drop_target=False)
        self.viewport().unsetCursor()
        self._say_hover(self._hover_words())  # the drag's tip about turning goes with it

    def _snap_back(self, item: PieceItem, animate: bool = True) -> None:
        if animate:
            item.animate_pos(item.layout_pos(), SNAP_MS)
        else:
            item.set_pos_now(item.layout_pos())

    # -- drawing a drag -------------------------------------------------------------------
    # A drag moves one piece over a table that stays as it is, but for the glow of targets.
    # Qt would repaint every card the piece passes over on each mouse move (blending each
    # card's cached picture again), which costs several times a bare scene's frame once
    # hundreds of cards overlap. So the table without the piece is painted once into a pixmap
    # when the drag starts; each frame copies the part of it that the piece uncovers and
    # paints the piece over it. A part of the table that changes meanwhile (a target lights
    # up, an animation, a new layout) is painted into the copy again when the scene says so.
    def _start_drag_shot(self, item: PieceItem) -> None:
        vp = self.viewport()
        if vp.width() < 1 or vp.height() < 1:
            return
        self._drag_item = item
        self._ctx.dragged = item
        self._ctx.redraw_dragged = self._redraw_dragged
        self._ctx.redraw_under = self._redraw_under
        self._drag_rect = self._dragged_view_rect()
        shot = self._shown_now()
        item.setVisible(False)
        if shot is None:
            self._take_drag_shot()
            return
        # The table as it is on the screen, and the piece's own place painted again without it.
        self._drag_shot = shot
        self._repaint_into_shot(self._drag_rect.toAlignedRect())

    def _shown_now(self) -> QPixmap | None:
        """A copy of what the viewport shows now, from the window's backing store (a raster
        image on every desktop Qt draws to): no repaint, however many cards lie on the table.
        ``None`` where the store is not an image of the right size."""
        vp = self.viewport()
        store = vp.backingStore()
        image = store.paintDevice() if store is not None else None
        if not isinstance(image, QImage) or image.isNull():
            return None
        dpr = image.devicePixelRatio()
        at = vp.mapTo(vp.window(), QPoint(0, 0))
        part = QRect(round(at.x() * dpr), round(at.y() * dpr), round(vp.width() * dpr),
                     round(vp.height() * dpr))
        if not image.rect().contains(part):
            return None
        shot = QPixmap.fromImage(image.copy(part))
        shot.setDevicePixelRatio(dpr)
        return shot

    def _take_drag_shot(self) -> None:
        self._drag_shot = self._grab_table(self.viewport().rect())
        self.viewport().update()

    def _grab_table(self, rect: QRect) -> QPixmap:
        """What Qt itself draws of ``rect`` now (the dragged piece hidden): through the view's
        own painting, which copies each item's cached picture, so the copy costs what one
        repaint does."""
        self._drag_live = True
        try:
            return self.viewport().grab(rect)
        finally:
            self._drag_live = False

    def _redraw_under(self, item: TableItem) -> None:
        """``item`` changed its look during the drag (a target lit up, an animation moved on):
        paint its part of the table into the copy again, and show it."""
        shot = self._drag_shot
        if shot is None:
            return
        # Qt never draws the item itself meanwhile, so its own cached picture of it goes out
        # of date: it is told to paint afresh when the drag ends.
        self._drag_touched.add(item)
        self._repaint_into_shot(self.mapFromScene(item.sceneBoundingRect()).boundingRect()
                                .adjusted(-2, -2, 2, 2))

    def _repaint_into_shot(self, rect: QRect) -> None:
        shot = self._drag_shot
        vp = self.viewport()
        rect = _device_aligned(rect, vp.devicePixelRatioF()).intersected(vp.rect())
        if shot is None or rect.isEmpty():
            return
        part = self._grab_table(rect)
        painter = QPainter(shot)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawPixmap(rect.topLeft(), part)
        painter.end()
        vp.update(rect)

    def _dragged_view_rect(self) -> QRectF:
        item = self._drag_item
        if item is None:
            return QRectF()
        return QRectF(self.mapFromScene(item.sceneBoundingRect()).boundingRect()) \
            .adjusted(-2.0, -2.0, 2.0, 2.0)

    def _redraw_dragged(self) -> None:
        """The dragged piece moved, turned or grew: repaint where it was and where it is."""
        if self._drag_shot is None:
            return
        new = self._dragged_view_rect()
        self.viewport().update(new.united(self._drag_rect).toAlignedRect())
        self._drag_rect = new

    def _stop_drag_shot(self) -> None:
        if self._drag_item is None:
            return
        item, self._drag_item, self._drag_shot = self._drag_item, None, None
        self._drag_sprite = None
        touched, self._drag_touched = self._drag_touched, set()
        for other in touched:
            other.update()
        self._ctx.dragged = self._ctx.redraw_dragged = self._ctx.redraw_under = None
        item.setVisible(True)
        # The copy showed the table as it is: only where the piece was drawn needs Qt now (a
        # whole repaint would cost seconds with thousands of cards).
        self.viewport().update(self._drag_rect.toAlignedRect())

    def paintEvent(self, event: QPaintEvent) -> None:
        shot, item = self._drag_shot, self._drag_item
        if shot is None or item is None or self._drag_live:
            super().paintEvent(event)
            return
        painter = QPainter(self.viewport())
        rect = event.rect()
        dpr = shot.devicePixelRatio()
        painter.drawPixmap(QRectF(rect), shot, QRectF(rect.x() * dpr, rect.y() * dpr,
                                                        rect.width() * dpr, rect.height() * dpr))
        sprite, at = self._drag_sprite_for(item, dpr)
        painter.drawPixmap(at, sprite)
        painter.end()

    def _drag_sprite_for(self, item: PieceItem, dpr: float) -> tuple[QPixmap, QPointF]:
        """The dragged piece painted once as it looks now (its zoom, lift and turn), and where
        it goes on the viewport; painted again only when its look changes (while it turns)."""
        t = item.sceneTransform() * self.viewportTransform()
        bounds = t.mapRect(item.boundingRect())
        # Start on a device pixel, so that the piece lies on the pixels Qt would draw it on.
        bounds.setTopLeft(QPointF(math.floor(bounds.left() * dpr) / dpr,
                                  math.floor(bounds.top() * dpr) / dpr))
        key = (round(t.m11(), 4), round(t.m12(), 4), round(t.m21(), 4), round(t.m22(), 4),
               dpr, item.shown_turned)
        if self._drag_sprite is None or self._drag_sprite_key != key:
            size = bounds.size() * dpr
            sprite = QPixmap(max(1, math.ceil(size.width())), max(1, math.ceil(size.height())))
            sprite.setDevicePixelRatio(dpr)
            sprite.fill(Qt.GlobalColor.transparent)
            painter = QPainter(sprite)
            painter.setRenderHints(self.renderHints())
            origin = QTransform.fromTranslate(-bounds.left(), -bounds.top())
            painter.setTransform(t * origin)
            option = QStyleOptionGraphicsItem()
            option.exposedRect = item.boundingRect()
            item.paint(painter, option, self.viewport())
            painter.end()
            self._drag_sprite, self._drag_sprite_key = sprite, key
        return self._drag_sprite, bounds.topLeft()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.close_lens()
        if self._drag_shot is not None:
            self._take_drag_shot()

    # -- hover ----------------------------------------------------------------------------
    def _update_hover(self, pos: QPointF) -> None:
        self._set_hover(self._hit(pos))

    def _set_hover(self, item_id: str | None, from_keyboard: bool = False) -> None:
        if not from_keyboard and self._gm.key_focus is not None:
            self._gm.key_focus = None  # the mouse takes over from the keyboard
            self._announce(None)
        if item_id == self._hovered:
            # The same piece: the line says it again (a drag's tip about turning goes).
            self._say_hover(self._hover_words())
            return
        if self.lens_piece() != item_id:
            self.close_lens()
        old = self._find(self._hovered)
        if old is not None:
            old.set_flags(hovered=False)
        self._hovered = item_id
        new = self._find(item_id)
        if new is not None:
            new.set_flags(hovered=True)
        offers = self._gm.cursor(item_id)
        if offers == "drag":
            self.viewport().setCursor(QCursor(Qt.CursorShape.OpenHandCursor))
        elif offers == "click":
            self.viewport().setCursor(QCursor(Qt.CursorShape.PointingHandCursor))
        else:
            self.viewport().unsetCursor()
        self._say_hover(self._hover_words())

    def _hover_words(self) -> str:
        """What the line beside the status says of the piece the pointer or the keyboard is
        on: the player's language only (the tooltip has both). A place the keyboard steps to
        is named there too (the mouse shows a zone's own label)."""
        focus = self._gm.key_focus
        if focus is not None and focus == self._hovered:
            return self.readable_name(focus)
        item = self._find(self._hovered)
        return item.hover_text().partition("\n")[0] if isinstance(item, PieceItem) else ""

    def _say_hover(self, text: str) -> None:
        if text != self._hover_said:
            self._hover_said = text
            self.status_hint.emit(text)

    def hover_said(self) -> str:
        """What the line beside the status was last told (``status_hint``)."""
        return self._hover_said

    # -- outcomes -------------------------------------------------------------------------
    def _apply(self, decision: Decision) -> None:
        """Carry out what the machine decided (a piece to put back is the caller's)."""
        if decision.refuse_word:
            self.move_refused.emit(self._word(decision.refuse_word))
        elif decision.refuse is not None:
            self._refuse(*decision.refuse)
        elif decision.play is not None:
            self._emit(decision.play)

    def _menu_chooser(self, gestures: list[Gesture], global_pos: QPoint) -> Gesture | None:
        menu = QMenu(self)
        actions = {}
        both_ways = len({g.turned for g in gestures}) > 1
        if both_ways:
            style = _PreviewMenuStyle()
            style.setParent(menu)
            menu.setStyle(style)
            # The way the piece faces now first; each entry shows the piece facing its way.
            facing = any(g.source == self._gm.turned for g in gestures)
            gestures = sorted(gestures, key=lambda g: g.turned != facing)
        for g in gestures:
            text = _choice_text(g, self._ctx.lang)
            item = self._pieces.get(g.source or "")
            if both_ways and item is not None:
                text = f"{text} ({self._word('turned' if g.turned else 'as_laid')})"
                icon = QIcon(item.preview(g.turned, PREVIEW_PX))
                actions[menu.addAction(icon, text)] = g
            else:
                actions[menu.addAction(text)] = g
        picked = menu.exec(global_pos)
        menu.deleteLater()
        return actions.get(picked) if picked is not None else None

    def _emit(self, gesture: Gesture) -> None:
        serial = self._sync_serial
        if gesture.then:  # said first: the host makes them once the action is applied
            self.follow_up.emit(list(gesture.then))
        self.action_chosen.emit(gesture.action)
        if self._sync_serial == serial:
            # The host normally answers with a sync; if it does not (the move was refused
            # by the session), pieces return to where the last layout put them.
            QTimer.singleShot(UNSYNCED_RESTORE_MS, self, lambda: self._restore(serial))

    def _restore(self, serial: int) -> None:
        if serial != self._sync_serial or self._gm.press is not None:
            return
        if self._gm.selected is None:
            self._gm.turn_back()
        for item in self._pieces.values():
            if (item.pos() - item.layout_pos()).manhattanLength() > 0.5 \
                    and not item.is_animating("pos"):
                item.animate_pos(item.layout_pos(), SNAP_MS)

    def _refuse(self, source: str, target: str | None) -> None:
        if self._reason_provider is not None:
            reason = self._reason_provider(source, target)
        elif self._ctx.lang == "ja":
            reason = "その操作は今はできません。"
        else:
            reason = "That move is not possible now."
        self.move_refused.emit(reason)

    def _hint_step(self, value: object) -> None:
        t = float(value)  # type: ignore[arg-type]
        fade = 1.0 if self._hint_hold else min(1.0, (1 - t) * 6)  # a held hint stays lit
        level = (0.55 + 0.45 * math.sin(t * math.pi * 6.0 - math.pi / 2)) * fade
        level = max(0.0, level)
        for item in self._hint_items:
            item.set_flags(hint_level=level)
        if self._hint_arrow is not None:
            self._hint_arrow.setOpacity(max(0.0, min(1.0, fade if self._hint_hold
                                                     else (1 - t) * 6)))


class _PreviewMenuStyle(QProxyStyle):
    """Menu icons large enough to tell a piece as it lies from the piece turned round."""

    def pixelMetric(self, metric: QStyle.PixelMetric, option: QStyleOption | None = None,
                    widget: QWidget | None = None) -> int:
        if metric == QStyle.PixelMetric.PM_SmallIconSize:
            return PREVIEW_PX
        return super().pixelMetric(metric, option, widget)
