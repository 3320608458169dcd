"""Render the Magos solo difficulty curve from the JSON files of ``magos_solo_winrates.py``.

One row per enemy in campaign order, one column group per dice mode (patch v1.1 fixed dice,
rolled dice): battles, the AI's win rate with a 95% Wilson interval, and the mean number of the
wizard's turns to win. Enemies a file does not hold yet are shown as not measured.

    python benchmarks/magos_solo_table.py patch.json rolled.json > docs/magos-solo-difficulty.md
"""

from __future__ import annotations

import sys
from typing import Any

from simulate_table import read_files

from tabletop.games.magos.data import CAMPAIGN_ORDER, ENEMIES
from tabletop.records import wilson


def _cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "not measured | | "
    lo, hi = wilson(row["wins"], row["battles"])
    turns = row.get("mean_turns_to_win")
    return (f"{row['battles']} | **{100 * row['win_rate']:.0f}%** "
            f"({100 * lo:.0f}–{100 * hi:.0f}) | "
            + ("–" if turns is None else f"{turns:.1f}"))


def render(files: list[dict[str, Any]], commands: list[str]) -> str:
    modes = [f["dice"] for f in files]
    by_mode = [{r["enemy"]: r for r in f["enemies"]} for f in files]
    level = files[0]["level"] if files else "hard"
    head = "| a-# | Enemy | HP | " + " | ".join(
        f"{m}: battles | win % (95% CI) | turns to win" for m in modes) + " |"
    lines = [
        "# Magos solo: the difficulty curve as our AI sees it",
        "",
        f"The `{level}` AI plays the wizard with the first-game spells (Harmony, Pain, Fireball,"
        " Resonance, Healing) against every enemy card, in campaign order. Each battle is seeded,",
        "so these figures replay exactly. Win % is the share of battles the wizard won; the"
        " interval is a 95% Wilson interval; turns to win is the wizard's mean turn count in won"
        " battles.",
        "",
        head,
        "|---|---|---|" + "---|---|---|" * len(files),
    ]
    for eid in CAMPAIGN_ORDER:
        e = ENEMIES[eid]
        cells = " | ".join(_cell(m.get(eid)) for m in by_mode)
        lines.append(f"| a-{e.number} | {e.en} ({e.ja}) | {e.hp} | {cells} |")
    lines += ["", "Produced by:", "", "```"]
    lines += commands
    lines += ["```", ""]
    for f in files:
        n = len(f.get("runs", []))
        wanted = f["battles_per_enemy"] * len(CAMPAIGN_ORDER)
        state = "" if n >= wanted else (
            f" — measurement in progress ({n} of {wanted}); the same command resumes it")
        per = sum(r["seconds"] for r in f.get("runs", [])) / n if n else 0.0
        lines.append(f"- {f['dice']}: {n} battles, {per:.1f} s of thinking per battle on "
                     f"average, {f['seconds'] / 60:.0f} minutes of measuring{state}.")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    files = read_files(__doc__, "JSON files of magos_solo_winrates.py", argv)
    commands = [f"python benchmarks/magos_solo_winrates.py --level {d['level']} "
                f"--battles {d['battles_per_enemy']} --dice {d['dice']} --workers 2 "
                f"--json {n} --resume" for n, d in files]
    commands.append("python benchmarks/magos_solo_table.py " + " ".join(n for n, _ in files)
                    + " > docs/magos-solo-difficulty.md")
    sys.stdout.write(render([d for _, d in files], commands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
