"""Render the National Economy solo score table from the JSON files of ``ne_solo_scores.py``.

One column per file (a variant at one AI level): games, the game-over rate (NE-R77) with its
95% Wilson interval, mean, median, best and worst score of the games that reached the end, the
quartiles, for variant b the clear rate (total assets >= 100, NE-R84), then the share of
finished games in each band of 10 points. A file that is still being filled is shown with the
games it holds, and the page says so.

    python benchmarks/ne_solo_table.py results/ne-solo-a-hard.json results/ne-solo-b-hard.json \\
        > ../docs/ne-solo-scores.md
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from tabletop.games.national_economy.solo import CLEAR_SCORE, R_BANKRUPT
from tabletop.records import wilson

BAND = 10


def column(data: dict[str, Any]) -> dict[str, Any]:
    """The figures of one file's runs."""
    runs = data["runs"]
    over = [r for r in runs if r["result"] == R_BANKRUPT]
    scores = sorted(r["score"] for r in runs if r["result"] != R_BANKRUPT)
    n = len(runs)
    out: dict[str, Any] = {
        "title": f"variant {data['variant']}, {data['level']}",
        "variant": data["variant"], "games": n, "over": len(over),
        "over_ci": wilson(len(over), n), "scores": scores,
        "decisions": statistics.fmean(r["decisions"] for r in runs) if runs else 0.0,
        "seconds": statistics.fmean(r["seconds"] for r in runs) if runs else 0.0,
        "over_rounds": sorted(r["round"] for r in over),
    }
    if scores:
        q = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3
        out.update(mean=statistics.fmean(scores), median=statistics.median(scores),
                   best=scores[-1], worst=scores[0], q1=q[0], q3=q[2])
    cleared = sum(1 for s in scores if s >= CLEAR_SCORE)
    out["cleared"] = cleared
    out["clear_ci"] = wilson(cleared, n)
    return out


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "–"


def markdown(columns: list[dict[str, Any]], commands: list[str], target: int) -> str:
    head = "| | " + " | ".join(c["title"] for c in columns) + " |"
    rule = "|---|" + "---|" * len(columns)

    def row(label: str, cells: list[str]) -> str:
        return f"| {label} | " + " | ".join(cells) + " |"

    def num(c: dict[str, Any], key: str) -> str:
        return f"{c[key]:.1f}" if key in c else "–"

    rows = [
        row("games", [str(c["games"]) for c in columns]),
        row("game over (NE-R77), 95% CI", [
            f"{_pct(c['over'], c['games'])} ({100 * c['over_ci'][0]:.0f}–"
            f"{100 * c['over_ci'][1]:.0f}%)" for c in columns]),
        row("mean score", [num(c, "mean") for c in columns]),
        row("median score", [num(c, "median") for c in columns]),
        row("quartiles", [f"{c['q1']:.1f} – {c['q3']:.1f}" if "q1" in c else "–"
                          for c in columns]),
        row("best / worst", [f"{c['best']} / {c['worst']}" if "best" in c else "–"
                             for c in columns]),
        row("clear, total assets >= 100 (NE-R84), 95% CI", [
            (f"{_pct(c['cleared'], c['games'])} ({100 * c['clear_ci'][0]:.0f}–"
             f"{100 * c['clear_ci'][1]:.0f}%)") if c["variant"] == "b" else "–"
            for c in columns]),
        row("decisions per game", [f"{c['decisions']:.0f}" for c in columns]),
    ]
    top = max((c["best"] for c in columns if "best" in c), default=0)
    low = min((c["worst"] for c in columns if "worst" in c), default=0)
    bands = []
    for lo in range(low - low % BAND, top + 1, BAND):
        label = f"{lo}–{lo + BAND - 1}"
        bands.append(row(label, [_pct(sum(1 for s in c["scores"] if lo <= s < lo + BAND),
                                      len(c["scores"])) for c in columns]))
    partial = [c for c in columns if c["games"] < target]
    lines = [
        "# National Economy solo: the hard AI's scores",
        "",
        "The `hard` AI plays the solo game from its own observation, like a player, with the "
        "default options of each variant (tax of round − 1 under rules a, unpaid wages end "
        "the game). Every game is seeded, so these figures replay exactly. Scores are total "
        "assets after round 9 (NE-R78); a game that ends early because wages or tax "
        "cannot be paid (NE-R77) has no score and counts as a game over.",
        "",
        "Its search plays each simulated continuation by rules of thumb for 40 decisions (pay "
        "this round's wages with the cheapest earner, then build, then draw; discard goods "
        "and the least valuable cards first; at a payday sell the cheapest building that "
        "covers the wages) and then judges the position; under rules b it explores with a "
        "quarter of the usual constant, because a point of score moves its result by under "
        "a hundredth.",
        "",
    ]
    if partial:
        lines += [
            "**Still being measured:** " + ", ".join(
                f"{c['title']} holds {c['games']} of {target} games" for c in partial)
            + "; the command below continues it.",
            "",
        ]
    lines += [head, rule, *rows, "", "Finished games by score:", "", head, rule, *bands, ""]
    rounds = [(c["title"], c["over_rounds"]) for c in columns if c["over_rounds"]]
    for title, rs in rounds:
        lines += [f"Game overs under {title} came in rounds {', '.join(map(str, rs))}.", ""]
    lines += ["Produced by:", "", "```", *commands, "```", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--target", type=int, default=200, help="games each file is meant to hold")
    args = p.parse_args(argv)
    columns = []
    commands = []
    for path in args.files:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            p.error(f"cannot read {path}: {exc}")
        columns.append(column(data))
        commands.append(
            f"python benchmarks/ne_solo_scores.py --level {data['level']} --games {args.target} "
            f"--variant {data['variant']} --workers 2 --json benchmarks/results/{path.name} "
            "--resume")
    names = " ".join(f"benchmarks/results/{f.name}" for f in args.files)
    commands.append(f"python benchmarks/ne_solo_table.py {names} > docs/ne-solo-scores.md")
    sys.stdout.write(markdown(columns, commands, args.target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
