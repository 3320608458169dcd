"""Render the Magos solo difficulty curve from the JSON files of ``magos_solo_winrates.py``.

One row per enemy in campaign order, one column group per dice mode (patch v1.1 fixed dice,
rolled dice, and the spell sets the AI found for the enemies the first-game spells lose to):
battles, the AI's win rate with a 95% Wilson interval, and the mean number of the wizard's
turns to win. Enemies a file does not hold yet are shown as not measured.

    python benchmarks/magos_solo_table.py patch.json rolled.json > docs/magos-solo-difficulty.md
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from simulate_table import read_files

from tabletop.games.magos.data import CAMPAIGN_ORDER, ENEMIES
from tabletop.records import wilson


def _exact(f: dict[str, Any]) -> bool:
    """Whether ``f``'s rows give the chance of perfect play (patch v1.1 dice)."""
    return any(r.get("exact_win_chance") is not None for r in f["enemies"])


def _cell(row: dict[str, Any] | None, searched: bool = True, exact: bool = False) -> str:
    gap = " | " if exact else ""
    if row is None:
        return ("not measured | | " if searched else "not searched | | ") + gap
    lo, hi = wilson(row["wins"], row["battles"])
    turns = row.get("mean_turns_to_win")
    best = row.get("exact_win_chance")
    return (f"{row['battles']} | **{100 * row['win_rate']:.0f}%** "
            f"({100 * lo:.0f}–{100 * hi:.0f}) | "
            + (f"{100 * best:.1f}% | " if exact and best is not None else gap)
            + ("–" if turns is None else f"{turns:.1f}"))


def render(files: list[dict[str, Any]], commands: list[str]) -> str:
    modes = [f["dice"] + (", found spells" if f.get("hands") else "") for f in files]
    by_mode = [{r["enemy"]: r for r in f["enemies"]} for f in files]
    level = files[0]["level"] if files else "hard"
    head = "| a-# | Enemy | HP | " + " | ".join(
        f"{m}: battles | win % (95% CI) | "
        + ("perfect play | " if _exact(f) else "") + "turns to win"
        for m, f in zip(modes, files, strict=True)) + " |"
    lines = [
        "# Magos solo: the difficulty curve as our AI sees it",
        "",
        f"The `{level}` AI plays the wizard with the first-game spells (Harmony, Pain, Fireball,"
        " Resonance, Healing) against every enemy card, in campaign order. Each battle is seeded,",
        "so these figures replay exactly. Win % is the share of battles the wizard won; the"
        " interval is a 95% Wilson interval; turns to win is the wizard's mean turn count in won"
        " battles.",
        *(["", "With patch v1.1 the enemy's dice are printed (MG-T2), so a battle is a game of"
           " the wizard against its own dice alone, and hard plays it perfectly: it solves the"
           " battle exactly (`tabletop/games/magos/solver.py`, expectimax over every roll and"
           " every way to cast it, with the game's own rules). *Perfect play* is the chance"
           " that play wins from the first turn (a draw at the turn limit counting half); hard's"
           " win % is that chance, sampled over the seeded battles. Once a move wins for sure"
           " (within a thousandth) the solver looks no further, so where every line wins it"
           " takes a safe one rather than the quickest: its turns to win are longer there. With"
           " rolled dice hard searches as the duel does."]
          if any(_exact(f) for f in files) else []),
        *(["", "With *found spells* the wizard holds the set `benchmarks/magos_spell_sets.py`"
           " found for that enemy (a climb judged by the quick `greedy` player), measured on"
           " other seeds than the climb's. Only the enemies the first-game spells lose to were"
           " searched. Where hard won more with the set found than with the first-game spells,"
           " the AI drafts that set first against that enemy (MG-R51,"
           " `SOLO_SPELL_SETS` in `tabletop/games/magos/data.py`)."]
          if any(f.get("hands") for f in files) else []),
        "",
        head,
        "|---|---|---|" + "".join("---|---|---|" + ("---|" if _exact(f) else "")
                                  for f in files),
    ]
    for eid in CAMPAIGN_ORDER:
        e = ENEMIES[eid]
        cells = " | ".join(_cell(m.get(eid), not f.get("hands") or eid in f["hands"],
                                 _exact(f))
                           for m, f in zip(by_mode, files, strict=True))
        lines.append(f"| a-{e.number} | {e.en} ({e.ja}) | {e.hp} | {cells} |")
    found = sorted(((ENEMIES[eid], hand) for f in files
                    for eid, hand in (f.get("hands") or {}).items()), key=lambda x: x[0].number)
    if found:
        lines += ["", "Spell sets found:", ""]
        lines += [f"- a-{e.number} {e.en}: {hand.replace(',', ', ')}" for e, hand in found]
    lines += ["", "Produced by:", "", "```"]
    lines += commands
    lines += ["```", ""]
    for f in files:
        n = len(f.get("runs", []))
        wanted = f["battles_per_enemy"] * len(f.get("hands") or CAMPAIGN_ORDER)
        state = "" if n >= wanted else (
            f" — measurement in progress ({n} of {wanted}); the same command resumes it")
        per = sum(r["seconds"] for r in f.get("runs", [])) / n if n else 0.0
        mode = f["dice"] + (", found spells" if f.get("hands") else "")
        lines.append(f"- {mode}: {n} battles, {per:.1f} s of thinking per battle on "
                     f"average, {f['seconds'] / 60:.0f} minutes of measuring{state}.")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    files = read_files(__doc__, "JSON files of magos_solo_winrates.py", argv)
    commands = [f"python benchmarks/magos_solo_winrates.py --level {d['level']} "
                f"--battles {d['battles_per_enemy']} --dice {d['dice']} --workers 2 "
                + (f"--hands {d['hands_file']} --enemies {','.join(d['hands'])} "
                   f"--seed {d['seed']} " if d.get("hands") else "")
                + f"--json {n} --resume" for n, d in files]
    for _, d in files:
        if d.get("hands"):  # the climb that found the sets comes first
            try:
                sets = json.loads(Path(d["hands_file"]).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            commands.insert(0, f"python benchmarks/magos_spell_sets.py --level {sets['level']} "
                               f"--battles {sets['battles']} --steps {sets['steps']} "
                               f"--dice {sets['dice']} "
                               f"--seed {sets['seed']} --enemies {','.join(d['hands'])} "
                               f"--workers 2 --json {d['hands_file']}")
    commands.append("python benchmarks/magos_solo_table.py " + " ".join(n for n, _ in files)
                    + " > docs/magos-solo-difficulty.md")
    sys.stdout.write(render([d for _, d in files], commands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
