"""AI strength per second: how often the search agent wins at a given thinking time.

For Magos and National Economy (two players), the ISMCTS agent with a per-decision budget of
0.1, 0.3, 1 and 3 seconds (no iteration limit) plays N seeded games against the random agent
and against the one-move greedy agent, changing seats every game. A draw counts half. The
figures go to JSON and, with ``--chart``, to a pyqtgraph chart saved as PNG.

A time budget depends on the machine and on what else it runs, so these games do not replay
exactly; the seeds fix the deals, the dice and the opponents' choices. The levels of the app
are iteration budgets for that reason. Where each level sits on the time axis is measured too
(its median think time over the seeded positions of ``tabletop-cli bench``) and marked on the
chart, so the chart reads how strong a level's thinking time is. This is a measurement, not a
test, and it is slow: roughly games x (sum of budgets) x decisions per game.

    python benchmarks/strength.py --games 4 --workers 2 --chart docs/strength-per-second.png

``--cells-from FILE`` takes the games' figures from an earlier run's JSON (this script's, or
``benchmarks/run.py``'s report) and measures only the levels' think times, to redraw a chart.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tabletop.ai.levels import make_agent
from tabletop.ai.mcts import MCTSAgent
from tabletop.engine import TERMINAL, Session
from tabletop.registry import load_plugins

GAMES = ("magos", "national-economy")
BUDGETS = (0.1, 0.3, 1.0, 3.0)
OPPONENTS = ("random", "greedy")
#: The levels whose think times the chart marks (random and greedy do not search).
LEVELS = ("easy", "normal", "hard", "expert")


def play(game_id: str, budget: float, opponent: str, index: int, seed: int) -> dict[str, Any]:
    """One game: the searcher in seat ``index % 2``; its result and search statistics."""
    plugins, _ = load_plugins()
    game = plugins[game_id].game
    searcher_seat = index % 2
    agents = [make_agent(opponent, None), make_agent(opponent, None)]
    agents[searcher_seat] = MCTSAgent(10**9, name="search", time_cap=budget)
    game_seed = seed * 1_000 + index
    session = Session(game, 2, {}, game_seed, human_seats=())
    iterations = decisions = 0
    while session.current_player() != TERMINAL:
        seat = session.current_player()
        legal = session.legal_actions()
        d = agents[seat].choose(game, session.observation(seat), seat, legal,
                                seed=game_seed * 7_919 + len(session.history))
        if seat == searcher_seat and len(legal) > 1:
            iterations += d.iterations
            decisions += 1
        session.submit(seat, d.action)
    result = session.returns()[searcher_seat]
    return {"game": game_id, "budget": budget, "opponent": opponent, "index": index,
            "result": result, "iterations_per_decision": iterations / max(decisions, 1),
            "decisions": decisions}


def _job(args: tuple[str, float, str, int, int]) -> dict[str, Any]:
    return play(*args)


def measure(games: int = 4, budgets: tuple[float, ...] = BUDGETS,
            opponents: tuple[str, ...] = OPPONENTS, game_ids: tuple[str, ...] = GAMES,
            workers: int = 1, seed: int = 1) -> dict[str, Any]:
    """Play every (game, budget, opponent) cell ``games`` times; the figures per cell."""
    jobs = [(g, b, o, i, seed) for g in game_ids for b in budgets for o in opponents
            for i in range(games)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            runs = list(pool.map(_job, jobs))
    else:
        runs = [_job(j) for j in jobs]
    cells = []
    for g in game_ids:
        for o in opponents:
            for b in budgets:
                rs = [r for r in runs if (r["game"], r["opponent"], r["budget"]) == (g, o, b)]
                score = sum(1.0 if r["result"] > 0 else 0.5 if r["result"] == 0 else 0.0
                            for r in rs)
                cells.append({
                    "game": g, "opponent": o, "budget": b, "games": len(rs),
                    "wins": sum(1 for r in rs if r["result"] > 0),
                    "draws": sum(1 for r in rs if r["result"] == 0),
                    "score": score / len(rs) if rs else 0.0,
                    "iterations_per_decision": statistics.fmean(
                        r["iterations_per_decision"] for r in rs) if rs else 0.0,
                })
    return {"games_per_cell": games, "seed": seed, "workers": workers,
            "seconds": time.perf_counter() - start, "cells": cells}


def level_times(game_ids: tuple[str, ...] = GAMES, levels: tuple[str, ...] = LEVELS,
                positions: int = 20, seed: int = 1) -> list[dict[str, Any]]:
    """Each level's median think time per game over ``positions`` seeded positions, as
    ``tabletop-cli bench`` measures it (two players, no time cap)."""
    from tabletop.tournament import bench_game

    plugins, _ = load_plugins()
    out = []
    for g in game_ids:
        figures = bench_game(plugins[g].game, 2, None, seed, seconds=0.2, positions=positions,
                             levels=levels)
        for level in levels:
            f = figures["levels"][level]
            out.append({"game": g, "level": level, "median_seconds": f["median_seconds"],
                        "p95_seconds": f["p95_seconds"], "decisions": f["decisions"]})
    return out


def markdown(data: dict[str, Any]) -> str:
    lines = ["| Game | Opponent | Budget/decision | Games | Wins | Draws | Score | "
             "Iterations/decision |", "|---|---|---|---|---|---|---|---|"]
    for c in data["cells"]:
        lines.append(f"| {c['game']} | {c['opponent']} | {c['budget']:g} s | {c['games']} | "
                     f"{c['wins']} | {c['draws']} | {100 * c['score']:.0f}% | "
                     f"{c['iterations_per_decision']:.0f} |")
    if data.get("levels"):
        lines += ["", "| Game | Level | Median think | p95 | Positions |", "|---|---|---|---|---|"]
        lines += [f"| {lv['game']} | {lv['level']} | {1000 * lv['median_seconds']:.0f} ms | "
                  f"{1000 * lv['p95_seconds']:.0f} ms | {lv['decisions']} |"
                  for lv in data["levels"]]
    return "\n".join(lines)


def chart(data: dict[str, Any], path: str) -> None:
    """Score against budget (log axis), one line per game and opponent, saved as PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import pyqtgraph as pg
    import pyqtgraph.exporters
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    plot = pg.PlotWidget(background="#fbf8f1")
    plot.resize(900, 560)
    n = data["games_per_cell"]
    title = f"Search agent's score against thinking time ({n} games per point)"
    if data.get("levels"):
        title += ("<br><span style='font-size:10pt'>ticks: each level's median think time, "
                  "in its game's colour</span>")
    plot.setTitle(title, color="#333333", size="12pt")
    plot.setLabel("bottom", "seconds per decision")
    plot.setLabel("left", "score (win = 1, draw = ½)")
    plot.setLogMode(x=True, y=False)
    plot.getAxis("bottom").enableAutoSIPrefix(False)
    plot.setYRange(0, 1.02)
    plot.showGrid(x=True, y=True, alpha=0.25)
    # Named ticks: the log axis's own minor labels run together below a tenth of a second.
    ticks = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 3, 5)
    plot.getAxis("bottom").setTicks([[(math.log10(t), f"{t:g}") for t in ticks], []])
    # Left of the curves (they start at the shortest budget) and above the level ticks.
    plot.addLegend(offset=(10, 150), labelTextColor="#222222")
    colours = {"magos": "#c0392b", "national-economy": "#2471a3"}
    dashes = {"random": pg.QtCore.Qt.PenStyle.SolidLine,
              "greedy": pg.QtCore.Qt.PenStyle.DashLine}
    for gi, g in enumerate(dict.fromkeys(c["game"] for c in data["cells"])):
        for o in dict.fromkeys(c["opponent"] for c in data["cells"]):
            cs = [c for c in data["cells"] if c["game"] == g and c["opponent"] == o]
            pen = pg.mkPen(colours.get(g, "#555555"), width=2.5,
                           style=dashes.get(o, pg.QtCore.Qt.PenStyle.DotLine))
            # Lines at the same score lie on top of each other: rings that shrink game by
            # game, around a small triangle, keep every point visible.
            colour = colours.get(g, "#555555")
            ring = o == "random"
            plot.plot([c["budget"] for c in cs], [c["score"] for c in cs], pen=pen,
                      symbol="o" if ring else "t", symbolSize=max(8, 22 - 7 * gi) if ring else 8,
                      symbolPen=pg.mkPen(colour, width=2),
                      symbolBrush=None if ring else colour, name=f"{g} vs {o}")
    # Each level's median think time: a tick at the foot of the chart per game, named above it,
    # so the curves above read how strong that much thinking is.
    for gi, g in enumerate(dict.fromkeys(lv["game"] for lv in data.get("levels", []))):
        colour = colours.get(g, "#555555")
        for lv in (lv for lv in data["levels"] if lv["game"] == g):
            t = max(lv["median_seconds"], 1e-3)
            y0 = 0.02 + 0.1 * gi
            plot.plot([t, t], [y0, y0 + 0.06], pen=pg.mkPen(colour, width=3))
            label = pg.TextItem(lv["level"], color=colour, anchor=(0.5, 1.0))
            label.setPos(math.log10(t), y0 + 0.1)  # items sit in the view's log coordinates
            plot.addItem(label)
    app.processEvents()
    exporter = pyqtgraph.exporters.ImageExporter(plot.plotItem)
    exporter.parameters()["width"] = 900
    exporter.export(path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=4, help="games per game, budget and opponent")
    p.add_argument("--budgets", default=",".join(f"{b:g}" for b in BUDGETS),
                   help="seconds per decision, comma-separated")
    p.add_argument("--opponents", default=",".join(OPPONENTS))
    p.add_argument("--only", default=",".join(GAMES), help="games to measure")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default="", help="write the figures here")
    p.add_argument("--chart", default="", help="save the chart as this PNG")
    p.add_argument("--levels", default=",".join(LEVELS),
                   help="the levels whose think times are measured and marked")
    p.add_argument("--level-positions", type=int, default=20, metavar="N",
                   help="seeded positions each level's think time is measured over (20)")
    p.add_argument("--cells-from", default="", metavar="FILE",
                   help="take the games' figures from this earlier JSON; measure only the "
                        "levels' think times")
    args = p.parse_args(argv)
    try:
        budgets = tuple(float(b) for b in args.budgets.split(",") if b.strip())
    except ValueError:
        p.error(f"--budgets takes numbers of seconds, not {args.budgets!r}")
    if args.games < 1 or not budgets or min(budgets) <= 0:
        p.error("--games must be at least 1 and every budget above 0")
    levels = tuple(lv for lv in args.levels.split(",") if lv)
    if args.level_positions < 1:
        p.error("--level-positions must be at least 1")
    game_ids = tuple(args.only.split(","))
    if args.cells_from:
        try:
            earlier = json.loads(Path(args.cells_from).read_text(encoding="utf-8"))
            data = dict(earlier.get("strength", earlier))
            data["cells"] = [c for c in data["cells"] if c["game"] in game_ids]
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            p.error(f"--cells-from: {args.cells_from} holds no strength figures ({exc})")
    else:
        data = measure(args.games, budgets, tuple(args.opponents.split(",")), game_ids,
                       args.workers, args.seed)
    data["levels"] = level_times(game_ids, levels, args.level_positions, args.seed)
    print(markdown(data))
    print(f"\n{data['seconds']:.0f} s with {args.workers} worker(s).")
    if args.json:
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.chart:
        chart(data, args.chart)
        print(f"Chart: {args.chart}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
