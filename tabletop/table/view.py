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

from tabletop.engine.datafile import words_file
from tabletop.engine.layout import Gesture, Layout

from . import art
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
DRAG_Z = 100_000.0
SNAP_MS = 220
UNSYNCED_RESTORE_MS = 800
LENS_PRESS_MS = 450  # a press held this long on a card shows it large instead of clicking
PREVIEW_PX = 48  # width of a piece's picture in the chooser that offers both orientations

#: The table's own words (what turning is, what a screen reader hears of the table and of the
#: step the keyboard is on): data in words.toml beside this module; a game's reasons come from
#: the game.
WORDS: dict[str, tuple[str, str]] = words_file(__package__, "words.toml")


@dataclass
class _Press:
    """One mouse press in progress and what it became."""

    button: Qt.MouseButton
    view_pos: QPointF
    scene_pos: QPointF
    item_id: str | None
    mode: str = "pending"  # pending, drag, pan, blocked, lens (held to show a card large)
    start_pos: QPointF | None = None
    last_view_pos: QPointF | None = None
    # Where the pressed piece was shown at the press (it may have been gliding back after a
    # drag put back): a drag goes on from there, so the piece stays under the hand.
    item_pos: QPointF | None = None
    drop_id: str | None = None
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
        self._gestures: list[Gesture] = []
        # Drags by source and target, of both orientations together, and by orientation
        # (``Gesture.turned``): ``_oriented[turned][source][target]``.
        self._drags: dict[str, dict[str, list[Gesture]]] = {}
        self._oriented: dict[bool, dict[str, dict[str, list[Gesture]]]] = {False: {}, True: {}}
        self._turned: str | None = None  # the piece the player shows turned round, if any
        self._turn_fixed = False  # R pressed on the selection: clicks use the way it faces
        self._clicks: dict[str, list[Gesture]] = {}
        self._interactive = True
        self._auto_fit = True
        self._reason_provider: ReasonProvider | None = None
        self.chooser: Chooser = self._menu_chooser
        self._press: _Press | None = None
        self._selected: str | None = None
        self._hovered: str | None = None
        self._key_focus: str | None = None  # what Tab and the arrows stepped to
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
        self._announce(self._key_focus)

    def language(self) -> str:
        return self._ctx.lang

    def sync(self, layout: Layout, gestures: list[Gesture], animate: bool = True) -> None:
        """Show ``layout`` with ``gestures`` as the legal moves, diffing items by id."""
        self._sync_serial += 1
        self.close_lens()
        # A click in progress on a piece that stays on the table survives the refresh: in a
        # game played to a beat the table changes every beat, often between press and release.
        press = self._press
        clicking = press if press is not None and press.mode == "pending" \
            and press.item_id is not None else None
        if clicking is not None:
            self._press = None
        self._cancel_press()
        self.clear_hint()
        # Pieces the player turned take the new layout's orientation (``update_piece``).
        self._turned = None
        self._turn_fixed = False
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
        if clicking is not None and clicking.item_id in self._pieces:
            self._press = clicking
        if self._auto_fit:
            self._fit()
        self._scene.update()
        # The step in focus may have gone, or now do something else.
        if self._key_focus is not None and self._key_focus not in self._keyboard_steps():
            self._clear_key_focus()
        else:
            self._announce(self._key_focus)
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
        if on == self._interactive:
            return
        self._interactive = on
        self.close_lens()
        if not on:
            self._cancel_press()
            self._select(None)
            self._clear_key_focus()
            self.viewport().unsetCursor()
        self._refresh_usable()

    def is_interactive(self) -> bool:
        return self._interactive

    def forget_transient(self) -> None:
        """Let go of everything a person's hand left on the table: a press or drag under way,
        the piece picked up (and turned), the step the keyboard is on, what the pointer rests
        on and the line that says so, the large view, the hint's glow, a tooltip on show.
        The window calls this whenever the person at the screen or the match changes."""
        self._lens_timer.stop()
        self._cancel_press()
        self._select(None)
        self._turn_back(animate=False)
        self._key_focus = None
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

    def show_hint(self, action: str) -> None:
        """Pulse the source and target of ``action``'s gesture (and draw an arrow) for ~3 s."""
        self.clear_hint()
        gesture = next((g for g in self._gestures if g.action == action
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
        anim.valueChanged.connect(self._hint_step)
        anim.finished.connect(self.clear_hint)
        self._hint_anim = anim
        anim.start()

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
        return self._selected

    def view_pos_of(self, item_id: str) -> QPoint:
        """Viewport position of an item's centre (for tests and tutorials)."""
        item = self.item_for(item_id)
        if item is None:
            raise KeyError(item_id)
        return self.mapFromScene(item.scene_body().center())

    def gestures(self) -> list[Gesture]:
        return list(self._gestures)

    def key_focus(self) -> str | None:
        """The piece or place the keyboard has stepped to, if any."""
        return self._key_focus

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
        return text or self._step_words(item_id)

    def step_action_text(self, item_id: str) -> str:
        """What Enter or Space does on ``item_id`` now, in the table's language ("" where it
        does nothing): the move it makes or the choice it offers, picking up, putting back."""
        sel = self._selected
        if sel is not None:
            if item_id == sel:
                return self._word("put_back")
            gestures = self._targets(sel) if self._turn_fixed else self._drags.get(sel, {})
            if item_id not in gestures:
                return ""
            return self._step_words(item_id) or self._word("put_here")
        parts = [self._step_words(item_id)] if item_id in self._clicks else []
        if item_id in self._clicks and not parts[0]:
            parts = [self._word("play_here")]
        if item_id in self._drags and item_id in self._pieces:
            parts.append(self._word("pick_up"))
        return " / ".join(parts)

    def _step_words(self, item_id: str) -> str:
        """The words of the moves a step makes (the drops of the piece picked up there, else
        the clicks on it), each once; "" where none has words."""
        sel = self._selected
        if sel is not None:
            dropped = self._targets(sel) if self._turn_fixed else self._drags.get(sel, {})
            gestures = dropped.get(item_id, [])
        else:
            gestures = self._clicks.get(item_id, [])
        ja = self._ctx.lang == "ja"
        words = [(g.choice_ja if ja else g.choice_en) or (g.label_ja if ja else g.label_en)
                 for g in gestures]
        return " / ".join(dict.fromkeys(w for w in words if w))

    def turned_piece(self) -> str | None:
        """The piece the player has turned round (while dragging or selecting it), if any."""
        return self._turned

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
        press = self._press
        if press is not None and press.mode == "pending" and press.item_id is not None \
                and self.show_lens(press.item_id):
            press.mode = "lens"

    def _lens_key_target(self) -> str | None:
        """The piece Z shows large: the one the keyboard is on, else the one picked up, else
        the one under the mouse."""
        for item_id in (self._key_focus, self._selected, self._hovered):
            if item_id is not None and has_lens(self._pieces.get(item_id)):
                return item_id
        return None

    def viewportEvent(self, event: QEvent) -> bool:
        # The mouse resting on a card shows it large in place of the tooltip; the lens gives
        # the hover text under the picture.
        if event.type() == QEvent.Type.ToolTip and self._press is None and self._hover_lens:
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
        self._gestures = list(gestures)
        self._drags = {}
        self._oriented = {False: {}, True: {}}
        self._clicks = {}
        for g in self._gestures:
            if g.source and g.target:
                self._drags.setdefault(g.source, {}).setdefault(g.target, []).append(g)
                self._oriented[g.turned].setdefault(g.source, {}).setdefault(
                    g.target, []).append(g)
            elif g.target:
                self._clicks.setdefault(g.target, []).append(g)
        if self._selected is not None and (self._selected not in self._drags
                                           or self._selected not in self._pieces):
            self._selected = None
        self._refresh_usable()
        if self._selected is not None:
            self._select(self._selected)

    def _refresh_usable(self) -> None:
        on = self._interactive
        for key, item in self._all_targets():
            item.set_flags(usable=on and (key in self._drags or key in self._clicks),
                           glowing=False, drop_target=False, selected_mark=False)
        if on and self._selected is not None:
            self._select(self._selected)

    def _all_targets(self) -> list[tuple[str, TableItem]]:
        out: list[tuple[str, TableItem]] = list(self._pieces.items())
        out += list(self._zones.items())
        return out

    def _find(self, item_id: str | None) -> TableItem | None:
        if item_id is None:
            return None
        return self._pieces.get(item_id) or self._zones.get(item_id)

    # -- turning round --------------------------------------------------------------------
    def _targets(self, pid: str, turned: bool | None = None) -> dict[str, list[Gesture]]:
        """The drag targets of ``pid`` facing the way it is shown (or ``turned``)."""
        if turned is None:
            turned = self._turned == pid
        return self._oriented[turned].get(pid, {})

    def _can_turn(self, pid: str | None) -> bool:
        item = self._pieces.get(pid or "")
        return item is not None and item.piece.turnable and self._interactive \
            and pid in self._drags

    def _set_turned(self, pid: str | None, on: bool, animate: bool = True) -> None:
        """Show ``pid`` turned round (or as laid out); at most one piece is turned."""
        if on and self._turned is not None and self._turned != pid:
            self._set_turned(self._turned, False, animate)
        item = self._pieces.get(pid or "")
        if item is not None:
            item.set_turned(on, animate)
        if on:
            self._turned = pid
        elif self._turned == pid:
            self._turned = None

    def _turn(self, pid: str) -> None:
        """The player turns ``pid`` round: the glow follows the orientation now shown."""
        self._set_turned(pid, self._turned != pid)
        press = self._press
        if press is not None and press.mode == "drag" and press.item_id == pid:
            for _, target in self._all_targets():
                target.set_flags(glowing=False, drop_target=False)
            press.drop_id = None
            for tid in self._targets(pid):
                found = self._find(tid)
                if found is not None:
                    found.set_flags(glowing=True)
            self._drag_to(press, press.last_view_pos or press.view_pos)
        elif self._selected == pid:
            self._turn_fixed = True
            self._select(pid)

    def _turn_back(self, animate: bool = True) -> None:
        if self._turned is not None:
            self._set_turned(self._turned, False, animate)
        self._turn_fixed = False

    def _word(self, key: str) -> str:
        en, ja = WORDS[key]
        return ja if self._ctx.lang == "ja" else en

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
    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self._press is not None:
            press = self._press
            if event.button() == Qt.MouseButton.RightButton and press.mode == "drag" \
                    and self._can_turn(press.item_id):
                self._turn(press.item_id or "")
            event.accept()
            return
        if event.button() == Qt.MouseButton.MiddleButton:
            self._press = _Press(event.button(), pos, self.mapToScene(pos.toPoint()), None,
                                 mode="pan", last_view_pos=pos)
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if event.button() == Qt.MouseButton.RightButton:
            self._select(None)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.close_lens()
        hit = self._hit(pos)
        pressed = self._pieces.get(hit or "")
        self._press = _Press(event.button(), pos, self.mapToScene(pos.toPoint()), hit,
                             last_view_pos=pos,
                             item_pos=QPointF(pressed.pos()) if pressed is not None else None)
        if has_lens(self._pieces.get(hit or "")):
            self._lens_timer.start()
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        press = self._press
        if press is None:
            self._update_hover(pos)
            event.accept()
            return
        if press.mode == "lens" and (pos - press.view_pos).manhattanLength() \
                >= QApplication.startDragDistance():
            # Read, then moved on: the press goes on as the drag (or pan) it would have been.
            self.close_lens()
            press.mode = "pending"
        if press.mode == "lens":
            pass  # held still to read the card: nothing else yet
        elif press.mode == "pan" or (press.mode == "pending" and press.item_id is None):
            self._pan_by(press, pos)
        elif press.mode == "pending":
            moved = (pos - press.view_pos).manhattanLength()
            if moved >= QApplication.startDragDistance():
                self._begin_drag(press)
        if press.mode == "drag":
            self._drag_to(press, pos)
        press.last_view_pos = pos
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press = self._press
        if press is None or event.button() != press.button:
            event.accept()
            return
        self._press = None
        self._lens_timer.stop()
        pos = event.position()
        if press.mode == "lens":
            self.close_lens()  # let go after reading: no click
        elif press.mode == "drag":
            self._drag_to(press, pos)
            self._finish_drag(press, event.globalPosition().toPoint())
        elif press.mode == "pan":
            pass
        elif press.mode == "blocked":
            if self._interactive and press.item_id is not None:
                self._refuse(press.item_id, None)
        elif press.item_id is None:
            if (pos - press.view_pos).manhattanLength() < QApplication.startDragDistance():
                self._select(None)
        else:
            self._click(press.item_id, event.globalPosition().toPoint())
        self._update_hover(pos)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self._interactive:
            self.mousePressEvent(event)
            return
        hit = self._hit(event.position())
        options = self._drags.get(hit or "", {})
        gestures = [g for lst in options.values() for g in lst]
        if hit is not None and hit not in self._clicks and len(gestures) == 1:
            # A double-click does the only thing the piece can do, like KPat's auto-move.
            self._press = None
            self._select(None)
            self._emit(gestures[0])
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
        if event.key() == Qt.Key.Key_R and plain:
            press = self._press
            pid = press.item_id if press is not None and press.mode == "drag" \
                else self._selected
            if self._can_turn(pid):
                self._turn(pid or "")
                event.accept()
                return
        if event.key() in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up) \
                and self._step_key_focus(event.key() in (Qt.Key.Key_Right, Qt.Key.Key_Down)):
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) \
                and self._key_focus is not None and self._press is None:
            self._activate_key_focus()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape:
            held = self._selected is not None
            if self._press is not None and self._press.mode == "drag":
                held = True
                self._cancel_press(animate=True)
            self._select(None)
            if held:
                self._announce(self._key_focus)  # put back: the focus stays on the piece
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
        press = self._press
        if key == Qt.Key.Key_Z:
            return self._lens_key_target() is not None
        if key == Qt.Key.Key_Escape and self.lens_piece() is not None:
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            return self._key_focus is not None and press is None and self._interactive
        if key == Qt.Key.Key_Escape:
            return self._selected is not None or self._key_focus is not None \
                or (press is not None and press.mode == "drag")
        if key == Qt.Key.Key_R:
            return self._can_turn(press.item_id if press is not None and press.mode == "drag"
                                  else self._selected)
        return False

    def focusNextPrevChild(self, next: bool) -> bool:
        # Tab steps through the table's moves; past the last one (nothing picked up) it goes
        # on to the window's other controls, and round to the first move when nothing else
        # takes the focus. With a piece picked up it stays among the piece's places.
        steps = self._keyboard_steps()
        if not steps:
            return super().focusNextPrevChild(next)
        if self._selected is None and self._key_focus == (steps[-1] if next else steps[0]):
            self._clear_key_focus()
            if super().focusNextPrevChild(next) and not self.hasFocus():
                return True
        return self._step_key_focus(next)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        # Tabbed into from the window's other controls: on the first move (or, with
        # Shift+Tab, the last), as if the steps went on.
        reason = event.reason()
        if self._key_focus is None and reason in (Qt.FocusReason.TabFocusReason,
                                                  Qt.FocusReason.BacktabFocusReason):
            self._step_key_focus(reason == Qt.FocusReason.TabFocusReason)

    # -- keyboard play --------------------------------------------------------------------
    def _keyboard_steps(self) -> list[str]:
        """What Tab steps through now, in reading order: with a piece picked up, the places
        it may go (and the piece itself, to put it back); else every piece that moves and
        every place that takes a click."""
        if not self._interactive:
            return []
        if self._selected is not None:
            targets = self._targets(self._selected) if self._turn_fixed \
                else self._drags.get(self._selected, {})
            ids = [*targets, self._selected]
        else:
            ids = [i for i in self._drags if i in self._pieces] + list(self._clicks)
        found = [(item, i) for i in dict.fromkeys(ids) if (item := self._find(i)) is not None]

        def reading_order(entry: tuple[TableItem, str]) -> tuple[int, float, str]:
            body = entry[0].scene_body()
            return (round(body.top() / 40.0), body.left(), entry[1])

        return [i for _, i in sorted(found, key=reading_order)]

    def _step_key_focus(self, forward: bool) -> bool:
        steps = self._keyboard_steps()
        if not steps:
            return False
        if self._key_focus in steps:
            at = steps.index(self._key_focus)
            nxt = steps[(at + (1 if forward else -1)) % len(steps)]
        else:
            nxt = steps[0] if forward else steps[-1]
        self._key_focus = nxt
        self._set_hover(nxt, from_keyboard=True)
        item = self._find(nxt)
        if item is not None:
            self.ensureVisible(item.scene_body(), 40, 40)
        self._announce(nxt)
        return True

    def _clear_key_focus(self) -> None:
        """The keyboard leaves the table's steps: the mark and what is announced go."""
        if self._key_focus is None:
            return
        self._key_focus = None
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
        """Enter on the step in focus: what a click on it does. The piece picked up puts it
        back; a piece that both moves and takes a click asks which of the two is meant."""
        item_id = self._key_focus
        if item_id is None or item_id not in self._keyboard_steps():
            return
        at = self.viewport().mapToGlobal(self.view_pos_of(item_id))
        serial = self._sync_serial
        if item_id == self._selected:
            self._select(None)
        elif self._selected is None and item_id in self._clicks and item_id in self._drags \
                and item_id in self._pieces:
            en, ja = WORDS["pick_up"]
            pick_up = Gesture("", target=item_id, label_en=en, label_ja=ja)
            clicks = list({g.action: g for g in self._clicks[item_id]}.values())
            chosen = self.chooser([*clicks, pick_up], at)
            if chosen is not None and (chosen is pick_up or not chosen.action):
                self._select(item_id)
            elif chosen is not None:
                self._emit(chosen)
        else:
            self._click(item_id, at)
        # Picked up: the next Tab goes to its places. Put back (or nothing played): the
        # focus stays. Played, the table shows the next position: Tab starts again.
        if self._selected is None and self._sync_serial == serial \
                and item_id in self._keyboard_steps():
            self._key_focus = item_id
        else:
            self._key_focus = self._selected
        self._announce(self._key_focus)

    def leaveEvent(self, event: QEvent) -> None:
        if self._press is None:
            self.close_lens()
            self._set_hover(None)
        super().leaveEvent(event)

    def _pan_by(self, press: _Press, pos: QPointF) -> None:
        last = press.last_view_pos or pos
        delta = pos - last
        if press.mode == "pending" and (pos - press.view_pos).manhattanLength() \
                >= QApplication.startDragDistance():
            press.mode = "pan"
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if press.mode != "pan":
            return
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() - round(delta.x()))
        v.setValue(v.value() - round(delta.y()))

    # -- dragging -------------------------------------------------------------------------
    def _begin_drag(self, press: _Press) -> None:
        pid = press.item_id
        item = self._pieces.get(pid or "")
        if item is None or not self._interactive or pid not in self._drags:
            press.mode = "blocked"
            return
        press.mode = "drag"
        self._select(None, keep_turn=self._turned == pid)
        self.clear_hint()
        start = press.item_pos if press.item_pos is not None else item.layout_pos()
        item.stop_animations()
        item.set_pos_now(start)
        press.start_pos = item.pos()
        item.setZValue(DRAG_Z)
        item.setScale(1.05)
        self._start_drag_shot(item)
        for target in self._targets(pid):
            found = self._find(target)
            if found is not None:
                found.set_flags(glowing=True)
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if self._can_turn(pid):
            self._say_hover(self._word("turn_tip"))

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
        """The legal target the cursor points at, if it points at one the dragged piece
        overlaps; else the one it overlaps most (ties: under the cursor). A piece larger than
        the places it may go (a hand card over the maze's spaces, a card over a small pile
        lying in a large area) overlaps a neighbour as much as the place aimed at: the cursor
        says which one the player means.

        ``boxes`` keeps the scene boxes of targets that are not moving between calls."""
        targets = self._targets(item.item_id)
        body = item.scene_body()
        left, top, right, bottom = body.left(), body.top(), body.right(), body.bottom()
        areas: dict[str, tuple[float, TableItem]] = {}
        pieces, zones = self._pieces, self._zones
        most = 0.0
        leader: str | None = None
        tied = False
        at = self.mapToScene(view_pos.toPoint())
        x, y = at.x(), at.y()
        inside: list[str] = []  # the targets whose box holds the cursor
        # Runs on every mouse move of a drag: plain float arithmetic, no Qt calls per target.
        for tid in targets:
            target = pieces.get(tid) or zones.get(tid)
            if target is None or target.dying:
                continue
            box = boxes.get(tid)
            if box is None:
                r = target.scene_body()
                box = (r.left(), r.top(), r.right(), r.bottom())
                if not target.is_animating():
                    boxes[tid] = box
            area = 0.0
            w = (right if right < box[2] else box[2]) - (left if left > box[0] else box[0])
            if w > 0.0:
                h = (bottom if bottom < box[3] else box[3]) - (top if top > box[1] else box[1])
                if h > 0.0:
                    area = w * h
            areas[tid] = (area, target)
            if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                inside.append(tid)
            if area > most:
                most, leader, tied = area, tid, False
            elif area == most and area > 0.0:
                tied = True
        if leader is not None and not tied and (not inside or inside == [leader]):
            return leader  # what lies under the cursor cannot change it
        # The (slower) hit test under the cursor names a target only when the cursor is
        # inside that target's box.
        under = self._hit(view_pos, exclude=item.item_id) if inside else None
        if under is not None and under in areas and areas[under][0] > 0.0:
            return under
        best: tuple[float, int, int] | None = None
        best_id: str | None = None
        for tid, (area, target) in areas.items():
            if area <= 0.0 and tid != under:
                continue
            key = (area, int(tid == under), int(isinstance(target, PieceItem)))
            if best is None or key > best:
                best, best_id = key, tid
        return best_id

    def _finish_drag(self, press: _Press, global_pos: QPoint) -> None:
        pid = press.item_id or ""
        item = self._pieces.get(pid)
        drop = press.drop_id
        under = self._hit(press.last_view_pos or press.view_pos, exclude=pid)
        self._end_drag_visuals(press)
        if item is None:
            return
        if drop is None:
            self._snap_back(item)
            facing = self._turned == pid
            self._turn_back()
            if under is not None and under in self._targets(pid, not facing):
                self.move_refused.emit(self._word("turn_first"))
            else:
                self._refuse(pid, under)
            return
        gestures = self._targets(pid).get(drop, [])
        chosen = self._pick(gestures, global_pos)
        if chosen is None:
            self._snap_back(item)
            self._turn_back()
            return
        self._emit(chosen)

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

    def _cancel_press(self, animate: bool = False) -> None:
        press, self._press = self._press, None
        if press is None:
            return
        if press.mode == "drag":
            self._end_drag_visuals(press)
            item = self._pieces.get(press.item_id or "")
            if item is not None:
                self._snap_back(item, animate)
            self._turn_back(animate)
        self.viewport().unsetCursor()

    # -- clicking and selection -----------------------------------------------------------
    def _click(self, item_id: str, global_pos: QPoint) -> None:
        if not self._interactive:
            return
        sel = self._selected
        if sel is not None and item_id in self._drags.get(sel, {}):
            if self._turn_fixed:
                # The player turned the piece with R: the click means the way it faces.
                gestures = self._targets(sel).get(item_id, [])
                if not gestures:
                    self.move_refused.emit(self._word("turn_first"))
                    return
            else:
                gestures = self._drags[sel][item_id]
            self._select(None, keep_turn=True)
            chosen = self._pick(gestures, global_pos)
            if chosen is not None:
                self._emit(chosen)
            else:
                self._turn_back()
            return
        if item_id in self._clicks:
            self._select(None)
            chosen = self._pick(self._clicks[item_id], global_pos)
            if chosen is not None:
                self._emit(chosen)
            return
        if item_id in self._drags and item_id in self._pieces:
            self._select(None if sel == item_id else item_id)
            return
        if sel is not None:
            self._select(None)
            self._refuse(sel, item_id)
            return
        if item_id in self._pieces:
            self._refuse(item_id, None)

    def _select(self, piece_id: str | None, keep_turn: bool = False) -> None:
        """Highlight a drag source and its legal targets for the click-click alternative.

        A piece the player turned round turns back when it is no longer selected, unless
        ``keep_turn`` (it is being dragged, or its move is being sent)."""
        for _, item in self._all_targets():
            item.set_flags(selected_mark=False, glowing=False)
        previous, self._selected = self._selected, piece_id if self._interactive else None
        if not keep_turn:
            if self._turned is not None and self._turned != self._selected:
                self._turn_back()
            if self._selected != previous:
                self._turn_fixed = False
        if self._selected is None:
            return
        src = self._pieces.get(self._selected)
        if src is not None:
            src.set_flags(selected_mark=True)
        # Either way round, unless the player chose one with R.
        targets = self._targets(self._selected) if self._turn_fixed \
            else self._drags.get(self._selected, {})
        for target in targets:
            found = self._find(target)
            if found is not None:
                found.set_flags(glowing=True)

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
        if not from_keyboard and self._key_focus is not None:
            self._key_focus = None  # the mouse takes over from the keyboard
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
        cursor = Qt.CursorShape.ArrowCursor
        if self._interactive and item_id is not None:
            if item_id in self._drags:
                cursor = Qt.CursorShape.OpenHandCursor
            elif item_id in self._clicks or (
                    self._selected is not None
                    and item_id in self._drags.get(self._selected, {})):
                cursor = Qt.CursorShape.PointingHandCursor
        if cursor == Qt.CursorShape.ArrowCursor:
            self.viewport().unsetCursor()
        else:
            self.viewport().setCursor(QCursor(cursor))
        self._say_hover(self._hover_words())

    def _hover_words(self) -> str:
        """What the line beside the status says of the piece the pointer or the keyboard is
        on: the player's language only (the tooltip has both). A place the keyboard steps to
        is named there too (the mouse shows a zone's own label)."""
        if self._key_focus is not None and self._key_focus == self._hovered:
            return self.readable_name(self._key_focus)
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
    def _pick(self, gestures: list[Gesture], global_pos: QPoint) -> Gesture | None:
        if not gestures:
            return None
        distinct = list({g.action: g for g in gestures}.values())
        if len(distinct) == 1:
            return distinct[0]
        return self.chooser(distinct, global_pos)

    def _menu_chooser(self, gestures: list[Gesture], global_pos: QPoint) -> Gesture | None:
        menu = QMenu(self)
        actions = {}
        both_ways = len({g.turned for g in gestures}) > 1
        if both_ways:
            style = _PreviewMenuStyle()
            style.setParent(menu)
            menu.setStyle(style)
            # The way the piece faces now first; each entry shows the piece facing its way.
            facing = any(g.source == self._turned for g in gestures)
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
        if serial != self._sync_serial or self._press is not None:
            return
        if self._selected is None:
            self._turn_back()
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
        level = (0.55 + 0.45 * math.sin(t * math.pi * 6.0 - math.pi / 2)) * min(1.0, (1 - t) * 6)
        level = max(0.0, level)
        for item in self._hint_items:
            item.set_flags(hint_level=level)
        if self._hint_arrow is not None:
            self._hint_arrow.setOpacity(max(0.0, min(1.0, (1 - t) * 6)))


class _PreviewMenuStyle(QProxyStyle):
    """Menu icons large enough to tell a piece as it lies from the piece turned round."""

    def pixelMetric(self, metric: QStyle.PixelMetric, option: QStyleOption | None = None,
                    widget: QWidget | None = None) -> int:
        if metric == QStyle.PixelMetric.PM_SmallIconSize:
            return PREVIEW_PX
        return super().pixelMetric(metric, option, widget)
