"""Frame time while a piece is dragged across the table, against a bare QGraphicsView.

Each case drags one piece through the real mouse handling (press, ``--steps`` moves, release
sent to the view's viewport with ``QApplication.sendEvent``) and after every move paints the
frame synchronously with ``viewport().repaint()``. One step is timed with ``time.perf_counter``
from sending the move to the end of the paint: the table's drag code (hit tests, drop target,
glows) plus a full repaint of the 1600x1000 viewport. Work Qt defers to the event loop (the
scene's queued dirty-item pass and the partial repaint it asks for) is drained after every
step and timed apart as "deferred"; the ratios use the step times.

Cases (all views 1600x1000, Qt offscreen, one process):

* ``national_economy``: a four-player National Economy game played at random (seeded, builds
  preferred so that the towns grow) until seat 1 places a worker in round ``--round``, shown by
  a real ``GameController`` (all its seats but the first are AI seats that never get the turn;
  animations off) on a real ``TableWidget``. The piece dragged is one of seat 1's free workers,
  the only pieces of that position that can be dragged.
* ``synthetic``: ``--pieces`` face-up cards (overlapping, in a grid) put on a real
  ``TableWidget`` with ``sync(layout, gestures, animate=False)``, the call the controller makes.
  Every card has one drag gesture, onto a zone in a corner, so every card is usable as in a
  game; the dragged card never reaches the zone and snaps back on release. One more such case
  runs per count of ``--more-pieces`` (2000 by default).
* ``bare``: a plain ``QGraphicsScene``/``QGraphicsView`` with as many plain items as each
  case above (a ``QGraphicsRectItem`` with a brush and a short ``QGraphicsSimpleTextItem``
  child, one per table item, same rectangles and stacking), the same render hints and the same
  fitted transform; the item that matches the dragged piece is ``ItemIsMovable`` and follows
  the same mouse path through Qt's own drag handling.

Every view gets one unmeasured drag first; then ``--rounds`` rounds each drag once in every
view, in an order that rotates from round to round, so machine noise hits all of them alike.
Reported: median, p95 and max step time per view and the ratios of the medians and p95s to the
bare view with the same item count.

    python benchmarks/frame_time.py [--steps 150] [--rounds 5] [--pieces 500]
                                    [--more-pieces 2000] [--round 8] [--seed 2]
                                    [--repaint full|natural] [--json PATH] [--profile N]

``--profile N`` also runs the National Economy drag loop under cProfile and prints its N
heaviest entries (by internal time, then by cumulative time). Import ``measure`` to get the
figures as a dict.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import os
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

VIEW_W, VIEW_H = 1600, 1000


# -- the positions -------------------------------------------------------------------------
def _weight(action: str) -> int:
    """Random play rarely builds; a mild preference for building fills the towns."""
    from tabletop.games.national_economy.data import BUILDINGS, WORKPLACES

    kind, _, rest = action.partition(":")
    if kind == "build":
        return 50
    if kind == "place":
        card = rest[4:] if rest.startswith("own:") else rest
        found = BUILDINGS.get(card) or WORKPLACES.get(card)
        if found is not None and "build" in found.effect_en.lower():
            return 8
    return 1


def late_game_session(seed: int, round_: int) -> Any:
    """A seeded random four-player National Economy session in round ``round_`` (or later),
    with seat 0 (the human) to place a worker."""
    from tabletop.engine import Session
    from tabletop.games.national_economy.plugin import PLUGIN

    session = Session(PLUGIN.game, 4, {}, seed, human_seats=(0,))
    rng = random.Random(seed)
    while True:
        player = session.current_player()
        if player < 0:
            raise RuntimeError(f"seed {seed}: the game ended before round {round_}")
        legal = session.legal_actions()
        if (session.state.round >= round_ and player == 0
                and any(a.startswith("place:") for a in legal)):
            return session
        session.submit(player, rng.choices(legal, [_weight(a) for a in legal])[0])


def synthetic_layout(pieces: int) -> tuple[Any, list[Any]]:
    """``pieces`` overlapping face-up cards in a grid, each with one drag gesture to a zone."""
    from tabletop.engine import Gesture, Layout, Piece, Zone
    from tabletop.engine.layout import CARD_H, CARD_W

    width, height = float(VIEW_W), float(VIEW_H)
    cols = max(1, math.ceil(math.sqrt(pieces * width / height)))
    rows = max(1, math.ceil(pieces / cols))
    dx = (width - 40 - CARD_W) / max(1, cols - 1)
    dy = (height - 40 - CARD_H) / max(1, rows - 1)
    colours = ("#8e5b2c", "#2c6e8e", "#6e8e2c", "#8e2c5b", "#5b2c8e")
    layout = Layout(width, height)
    layout.zones.append(Zone("goal", width - 150, height - 200, 140, 190, "Goal", "ゴール"))
    gestures = []
    for k in range(pieces):
        r, c = divmod(k, cols)
        pid = f"c{k}"
        layout.pieces.append(Piece(
            pid, "card", 20 + c * dx, 20 + r * dy, z=float(k),
            art={"title_en": f"Card {k + 1}", "title_ja": f"カード{k + 1}",
                 "body_en": "Draw 2 cards.", "body_ja": "カードを2枚引く。",
                 "corner": str(k % 7), "color": colours[k % len(colours)]},
            tooltip_en=f"Card {k + 1}"))
        gestures.append(Gesture(f"play:{pid}", source=pid, target="goal",
                                label_en=f"Play card {k + 1}"))
    return layout, gestures


# -- the views -----------------------------------------------------------------------------
def _app() -> Any:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        app = QApplication([sys.argv[0]])
    return app


def _show(view: Any) -> None:
    from PySide6.QtWidgets import QApplication

    view.resize(VIEW_W, VIEW_H)
    view.show()
    QApplication.processEvents()
    size = view.viewport().size()
    if (size.width(), size.height()) != (VIEW_W, VIEW_H):
        raise RuntimeError(f"viewport is {size.width()}x{size.height()}, "
                           f"not {VIEW_W}x{VIEW_H}")


def idle_thinker() -> Any:
    """The app's own AI thinker (``tabletop.ai.worker.AIThinker``) except that it refuses to
    think: the benchmark position is the human's turn, so an AI asked to move would be a bug
    of the benchmark. Everything else (pondering for the hint, cancelling, the signals) is
    the real thinker's, so the table is measured as the app runs it and the stand-in has the
    thinker's whole interface however that grows."""
    from tabletop.ai.worker import AIThinker

    class IdleThinker(AIThinker):
        def think(self, *args: Any, **kwargs: Any) -> None:
            raise RuntimeError("the AI was asked to think during the frame benchmark")

    return IdleThinker()


def national_economy_table(seed: int, round_: int) -> tuple[Any, Any, str]:
    """A TableWidget fed by a real GameController at a late-game position; the controller
    (keep it alive) and a draggable worker id."""
    from tabletop.app.controller import GameController
    from tabletop.app.newgame import GameSetup
    from tabletop.games.national_economy.plugin import PLUGIN
    from tabletop.table import TableWidget

    session = late_game_session(seed, round_)
    setup = GameSetup(PLUGIN.game.spec.id, 4, ["human", "easy", "easy", "easy"],
                      seed=seed)
    table = TableWidget()
    _show(table)
    controller = GameController(PLUGIN, setup, table, idle_thinker(), "en", ai_delay_ms=0,
                                animate=False, session=session)
    controller.start()
    table.fit_table()
    sources = sorted({g.source for g in table.gestures() if g.source and g.target})
    if not sources or not table.is_interactive():
        raise RuntimeError("no draggable piece in the National Economy position")
    return table, controller, sources[0]


def synthetic_table(pieces: int) -> tuple[Any, str]:
    from tabletop.table import TableWidget

    layout, gestures = synthetic_layout(pieces)
    table = TableWidget()
    _show(table)
    table.sync(layout, gestures, animate=False)
    table.set_interactive(True)
    # A card on the left half, in the middle row: the drag crosses the whole table.
    cols = max(1, math.ceil(math.sqrt(pieces * VIEW_W / VIEW_H)))
    rows = max(1, math.ceil(pieces / cols))
    k = min(pieces - 1, (rows // 2) * cols + cols // 6)
    return table, f"c{k}"


def bare_view_like(table: Any) -> tuple[Any, Any, dict[int, Any]]:
    """A plain scene/view with one rectangle (+ text child) per item of ``table``'s scene."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QBrush, QColor, QPen
    from PySide6.QtWidgets import (
        QFrame,
        QGraphicsRectItem,
        QGraphicsScene,
        QGraphicsSimpleTextItem,
        QGraphicsView,
    )

    scene = QGraphicsScene()
    scene.setSceneRect(table.sceneRect())
    scene.setBackgroundBrush(QColor("#23573b"))
    twins: dict[int, Any] = {}
    colours = [QColor("#f4ecd8"), QColor("#c8a96e"), QColor("#8fb0c8"), QColor("#b06e6e")]
    for n, item in enumerate(table.scene().items()):
        rect = item.mapRectToScene(item.boundingRect()) if not hasattr(item, "scene_body") \
            else item.scene_body()
        plain = QGraphicsRectItem(QRectF(0.0, 0.0, rect.width(), rect.height()))
        plain.setPos(rect.topLeft())
        plain.setZValue(item.zValue())
        plain.setBrush(QBrush(colours[n % len(colours)]))
        plain.setPen(QPen(QColor(40, 30, 20), 1.0))
        text = QGraphicsSimpleTextItem(f"item {n}", plain)
        text.setPos(4.0, 4.0)
        scene.addItem(plain)
        twins[id(item)] = plain
    view = QGraphicsView(scene)
    view.setRenderHints(table.renderHints())
    view.setFrameShape(QFrame.Shape.NoFrame)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    _show(view)
    view.setTransform(table.transform())
    view.horizontalScrollBar().setValue(table.horizontalScrollBar().value())
    view.verticalScrollBar().setValue(table.verticalScrollBar().value())
    return view, scene, twins


# -- dragging ------------------------------------------------------------------------------
def _grab_point(view: Any, item: Any, accept: Callable[[Any], bool]) -> Any:
    """A viewport point inside ``item`` where ``item`` is the topmost thing."""
    from PySide6.QtCore import QPointF

    body = item.sceneBoundingRect()
    for fy in (0.5, 0.25, 0.12, 0.75):
        for fx in (0.5, 0.25, 0.12, 0.75):
            pt = view.mapFromScene(QPointF(body.left() + body.width() * fx,
                                           body.top() + body.height() * fy))
            if accept(view.itemAt(pt)):
                return pt
    raise RuntimeError("the piece to drag is covered everywhere")


def drag_path(view: Any, start: Any, steps: int) -> list[Any]:
    """``steps`` viewport points: across the table through its centre and back to ``start``."""
    from PySide6.QtCore import QPoint

    cx, cy = view.viewport().width() / 2, view.viewport().height() / 2
    far_x, far_y = 2 * cx - start.x(), 2 * cy - start.y()
    far_x = min(max(far_x, 40.0), view.viewport().width() - 40.0)
    far_y = min(max(far_y, 40.0), view.viewport().height() - 40.0)
    out = []
    half = max(1, steps // 2)
    for i in range(1, steps + 1):
        t = i / half if i <= half else 2.0 - i / half
        t = max(0.0, min(1.0, t))
        # A small wave so that the piece does not glide along one line only.
        wobble = 30.0 * math.sin(t * math.pi * 3)
        out.append(QPoint(round(start.x() + (far_x - start.x()) * t),
                          round(start.y() + (far_y - start.y()) * t + wobble)))
    out[-1] = QPoint(start)
    return out


def _mouse(view: Any, kind: Any, pos: Any, button: Any, buttons: Any) -> None:
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    vp = view.viewport()
    local = QPointF(pos)
    event = QMouseEvent(kind, local, QPointF(vp.mapToGlobal(pos)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)


def drag_once(view: Any, press: Any, path: list[Any],
              midway: Callable[[], None] | None = None,
              repaint: str = "full") -> tuple[list[float], list[float]]:
    """Press, move along ``path`` (each move timed with its repaint), release.

    ``repaint="full"`` repaints the whole viewport synchronously after each move (an upper
    bound); ``"natural"`` lets Qt repaint what the move made dirty, as in the app, by running
    the event loop once, and times that. Returns the step times and the deferred times
    (queued work drained after each step; always 0 for ``natural``). ``midway`` is called
    (untimed) at the far end of the path (``drag_path``), while the piece is held: the
    middle step of a path of two or three is back at the start.
    """
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtWidgets import QApplication

    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    vp = view.viewport()
    clock = time.perf_counter
    _mouse(view, QEvent.Type.MouseButtonPress, press, left, left)
    QApplication.processEvents()
    steps: list[float] = []
    deferred: list[float] = []
    for n, pos in enumerate(path):
        t0 = clock()
        _mouse(view, QEvent.Type.MouseMove, pos, none, left)
        if repaint == "full":
            vp.repaint()
        else:
            QApplication.processEvents()
        t1 = clock()
        QApplication.processEvents()
        t2 = clock()
        steps.append(t1 - t0)
        deferred.append(t2 - t1)
        if midway is not None and n == max(0, len(path) // 2 - 1):
            midway()
    _mouse(view, QEvent.Type.MouseButtonRelease, path[-1], left, none)
    QApplication.processEvents()
    return steps, deferred


class _Case:
    def __init__(self, name: str, label: str, view: Any, press: Any, path: list[Any],
                 items: int, baseline: str | None, check: Callable[[], None] | None = None,
                 midway: Callable[[], None] | None = None) -> None:
        self.name, self.label, self.view, self.press, self.path = name, label, view, press, path
        self.items, self.baseline, self.check, self.midway = items, baseline, check, midway
        self.keep: Any = None
        self.steps: list[float] = []
        self.deferred: list[float] = []
        self.repaint = "full"

    def drag(self, record: bool = True) -> None:
        steps, deferred = drag_once(self.view, self.press, self.path, self.midway,
                                    self.repaint)
        if self.check is not None:
            self.check()
        if record:
            self.steps += steps
            self.deferred += deferred


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _table_case(name: str, label: str, table: Any, piece_id: str, steps: int,
                emitted: list[str]) -> tuple[_Case, _Case]:
    item = table.piece_item(piece_id)
    press = _grab_point(table, item, lambda it: it is item)
    path = drag_path(table, press, steps)
    count = len(table.scene().items())
    home = item.pos()

    def held() -> None:
        if (item.pos() - home).manhattanLength() < 1.0:
            raise RuntimeError(f"{name}: {piece_id} did not follow the mouse")

    def check() -> None:
        if emitted:
            raise RuntimeError(f"{name}: the drag chose an action ({emitted[0]}); "
                               "the benchmark must end every drag with no drop")
        if table.selected_piece() is not None:
            raise RuntimeError(f"{name}: the drag turned into a click")

    real = _Case(name, label, table, press, path, count, f"bare_{name}", check, held)
    bare_view, _scene, twins = bare_view_like(table)
    twin = twins[id(item)]
    bare_press = _grab_point(bare_view, twin, lambda it: it is twin or
                             (it is not None and it.parentItem() is twin))
    twin.setFlag(type(twin).GraphicsItemFlag.ItemIsMovable, True)
    twin_home = twin.pos()

    def twin_held() -> None:
        if (twin.pos() - twin_home).manhattanLength() < 1.0:
            raise RuntimeError(f"bare_{name}: the plain item did not follow the mouse")

    def reset() -> None:
        twin.setPos(twin_home)  # the bare view has no snap-back: home for the next drag

    bare = _Case(f"bare_{name}", f"bare scene, {count} plain items", bare_view, bare_press,
                 drag_path(bare_view, bare_press, steps), count, None, reset, twin_held)
    bare.keep = (_scene, twins)  # the scene lives as long as the case
    return real, bare


def measure(steps: int = 150, rounds: int = 5, pieces: int = 500, round_: int = 8,
            seed: int = 2, profile: int = 0,
            log: Callable[[str], None] | None = None,
            repaint: str = "full", more_pieces: tuple[int, ...] = (2000,)) -> dict[str, Any]:
    """Run every case; the figures as a dict (times in milliseconds). ``repaint`` is
    ``"full"`` or ``"natural"`` (see ``drag_once``); ``more_pieces`` adds a synthetic case
    (and its bare scene) per count, named ``synthetic_<count>``.

    ``cases`` is a list with one dict per view: ``name``, ``label``, ``items``, ``median_ms``,
    ``p95_ms``, ``max_ms``, ``deferred_median_ms``, ``baseline`` (the bare view's name, or
    ``None`` for a bare view) and, for the table views, ``ratio_median`` and ``ratio_p95``.
    """
    app = _app()
    emitted: list[str] = []
    table_a, controller, worker = national_economy_table(seed, round_)
    table_a.action_chosen.connect(emitted.append)
    table_b, card = synthetic_table(pieces)
    table_b.action_chosen.connect(emitted.append)
    a, bare_a = _table_case("national_economy",
                            f"National Economy, 4 players, round {round_}, drag {worker}",
                            table_a, worker, steps, emitted)
    b, bare_b = _table_case("synthetic", f"{pieces} synthetic cards, drag {card}", table_b,
                            card, steps, emitted)
    cases = [a, bare_a, b, bare_b]
    for count in more_pieces:
        table_n, card_n = synthetic_table(count)
        table_n.action_chosen.connect(emitted.append)
        cases += _table_case(f"synthetic_{count}", f"{count} synthetic cards, drag {card_n}",
                             table_n, card_n, steps, emitted)
    for case in cases:
        case.repaint = repaint
    for case in cases:  # warm-up: pictures rendered, caches filled, code paths compiled
        case.drag(record=False)
    for r in range(rounds):
        k = r % len(cases)
        order = cases[k:] + cases[:k]
        if r % 2:
            order.reverse()
        for case in order:
            case.drag()
            if log is not None:
                log(f"round {r + 1}/{rounds}: {case.name} done")
    rows: dict[str, dict[str, Any]] = {}
    for case in cases:
        ms = [s * 1000 for s in case.steps]
        rows[case.name] = {
            "name": case.name, "label": case.label, "items": case.items, "samples": len(ms),
            "median_ms": statistics.median(ms), "p95_ms": _percentile(ms, 0.95),
            "max_ms": max(ms),
            "deferred_median_ms": statistics.median(d * 1000 for d in case.deferred),
            "baseline": case.baseline,
        }
    for row in rows.values():
        if row["baseline"] is not None:
            base = rows[row["baseline"]]
            row["ratio_median"] = row["median_ms"] / base["median_ms"]
            row["ratio_p95"] = row["p95_ms"] / base["p95_ms"]
    result: dict[str, Any] = {
        "steps": steps, "rounds": rounds, "view": [VIEW_W, VIEW_H], "seed": seed,
        "round": round_, "platform": app.platformName(), "python": sys.version.split()[0],
        "repaint": repaint,
        "cases": list(rows.values()),
    }
    if profile:
        result["profile"] = profile_drag(a, profile)
    controller.stop()
    # The hint's pondering runs on the thinker's own thread: let it end before the views go.
    controller.thinker.wait_done()
    for case in cases:
        case.view.close()
    return result


def profile_drag(case: _Case, top: int) -> str:
    """cProfile of ``case``'s drag loop: the heaviest entries by internal and by cumulative
    time."""
    prof = cProfile.Profile()
    prof.enable()
    case.drag(record=False)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def markdown(result: dict[str, Any]) -> str:
    lines = [
        f"Drag frame time, {result['steps']} steps x {result['rounds']} rounds, "
        f"{result['view'][0]}x{result['view'][1]} view ({result['platform']}); "
        + ("step = mouse move + synchronous full repaint"
           if result.get("repaint", "full") == "full"
           else "step = mouse move + Qt's own repaint of what changed"),
        "",
        "| case | items | median ms | p95 ms | max ms | deferred median ms "
        "| median / bare | p95 / bare |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in result["cases"]:
        ratio = (f"{row['ratio_median']:.2f}x | {row['ratio_p95']:.2f}x"
                 if "ratio_median" in row else "- | -")
        lines.append(f"| {row['label']} | {row['items']} | {row['median_ms']:.2f} | "
                     f"{row['p95_ms']:.2f} | {row['max_ms']:.2f} | "
                     f"{row['deferred_median_ms']:.2f} | {ratio} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=150, help="mouse moves per drag (150)")
    ap.add_argument("--rounds", type=int, default=5, help="measured drags per view (5)")
    ap.add_argument("--pieces", type=int, default=500, help="cards in the synthetic case")
    ap.add_argument("--more-pieces", default="2000", metavar="N,N",
                    help="card counts of further synthetic cases (2000; '' for none)")
    ap.add_argument("--round", type=int, default=8, dest="round_",
                    help="National Economy round of the position (8)")
    ap.add_argument("--seed", type=int, default=2, help="seed of the random game (2)")
    ap.add_argument("--repaint", choices=("full", "natural"), default="full",
                    help="full: repaint the whole view each step (upper bound); natural: "
                         "let Qt repaint what changed, as in the app")
    ap.add_argument("--json", metavar="PATH", help="also write the figures to PATH")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="print the N heaviest entries of a profiled National Economy drag")
    args = ap.parse_args(argv)
    if args.steps < 2 or args.rounds < 1 or args.pieces < 1 or not 1 <= args.round_ <= 9:
        ap.error("need --steps >= 2, --rounds >= 1, --pieces >= 1 and 1 <= --round <= 9")
    try:
        more = tuple(int(n) for n in args.more_pieces.split(",") if n.strip())
    except ValueError:
        ap.error("--more-pieces takes whole numbers separated by commas")
    if any(n < 1 for n in more):
        ap.error("--more-pieces takes counts of at least 1")
    result = measure(args.steps, args.rounds, args.pieces, args.round_, args.seed,
                     args.profile, repaint=args.repaint, more_pieces=more)
    print(markdown(result))
    if args.profile:
        print()
        print(result["profile"])
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
