"""Render the AI-strength table of the docs from ``tabletop-cli simulate --json`` files.

One row per file: the game, the agents, the games played, the first agent's win rate with a
95% Wilson interval (a draw counts as no win), draws, errors, the mean game length and the
first agent's mean think time per decision. Each row carries the command that produced it, so
every figure can be replayed (decisions are seeded; think times depend on the machine and its
load).

    python benchmarks/simulate_table.py benchmarks/results/*-hard-*.json > docs/ai-strength.md
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tabletop.records import wilson


def command(data: dict[str, Any], path: str) -> str:
    rotate = " --rotate" if data.get("rotate") else ""
    workers = data.get("workers", 1)
    more = f" --workers {workers}" if workers and workers > 1 else ""
    return (f"tabletop-cli simulate {data['game']} --agents {','.join(data['agents'])} "
            f"--games {data['games']} --seed {data['seed']}{rotate}{more} --json > {path}")


def row(data: dict[str, Any]) -> str:
    agents = data["agents"]
    n = data["completed"]
    first = agents[0]
    seats = [i for i, a in enumerate(agents) if a == first]
    wins = sum(data["wins"][i] for i in seats)
    played = n * len(seats)
    lo, hi = wilson(wins, played)
    vs = " vs ".join(agents)
    seating = "rotated" if data.get("rotate") else f"{first} in seat 1"
    if data.get("seed", 1) != 1:  # a second run of the same agents on other seeds
        seating += f", seed {data['seed']}"
    think = data["mean_think_seconds"][0]
    return (f"| {data['game']} | {vs} | {seating} | {data['games']} | "
            f"**{100 * wins / max(played, 1):.1f}%** ({100 * lo:.0f}–{100 * hi:.0f}) | "
            f"{data['draws']} | {data['errors']} | {data['mean_length']:.0f} | "
            f"{1000 * think:.0f} ms |")


def render(files: list[tuple[str, dict[str, Any]]]) -> str:
    lines = [
        "# AI strength: our levels against each other and against random play",
        "",
        "Each row is one seeded `tabletop-cli simulate` run. *First agent wins* is the share of",
        "games the first-named agent won (with several seats of that agent, per seat; a first",
        "place shared after the game's tie-breaks counts for each player in it, and a game that",
        "every player shares is a draw); the interval is a 95% Wilson interval.",
        "*Rotated* runs move every agent one seat on after each game, so no figure",
        "carries a first-player advantage. Think times were measured while other measurements",
        "shared the machine's two cores, so they are upper bounds; `make bench` measures think",
        "times on a quiet machine.",
        "",
        "| Game | Agents | Seats | Games | First agent wins (95% CI) | Draws | Errors | "
        "Decisions per game | First agent's think time |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [row(d) for _, d in files]
    lines += ["", "Produced by:", "", "```"]
    lines += [command(d, p) for p, d in files]
    lines += ["python benchmarks/simulate_table.py " + " ".join(p for p, _ in files)
              + " > docs/ai-strength.md", "```", ""]
    return "\n".join(lines)


def read_files(doc: str | None, what: str,
               argv: list[str] | None) -> list[tuple[str, dict[str, Any]]]:
    """The command line of a table maker: each JSON file it names (``what`` they are, for
    --help) with what it holds. ``doc``'s first paragraph says what the program does; a file
    that cannot be read ends it with a usage error naming the file."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0] if doc else None)
    p.add_argument("files", nargs="+", help=what)
    args = p.parse_args(argv)
    files = []
    for name in args.files:
        try:
            files.append((name, json.loads(Path(name).read_text(encoding="utf-8"))))
        except (OSError, ValueError) as exc:
            p.error(f"cannot read {name}: {exc}")
    return files


def main(argv: list[str] | None = None) -> int:
    files = read_files(__doc__, "JSON files of tabletop-cli simulate --json", argv)
    sys.stdout.write(render(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
