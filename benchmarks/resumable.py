"""Long seeded measurements that survive interruption: results go to a JSON file after every
game, and a rerun with ``resume=True`` plays only the games the file does not hold yet.

Every game is seeded on its own, so a resumed run gives exactly the figures of an uninterrupted
one. Used by the Magos solo win-rate table and the National Economy solo score table.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

Job = tuple[Any, ...]


class ResumeError(ValueError):
    """The file cannot be resumed from (unreadable, or another measurement's figures)."""


def played(jobs: Sequence[Job], play: Callable[..., dict[str, Any]],
           workers: int) -> Iterator[dict[str, Any]]:
    """``play(*job)`` for every job, in job order, from ``workers`` processes."""
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield play(*job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play, *zip(*jobs, strict=True))


def run(path: Path, meta: dict[str, Any], jobs: Sequence[Job], key: Callable[[Job], Any],
        run_key: Callable[[dict[str, Any]], Any], play: Callable[..., dict[str, Any]],
        summary: Callable[[list[dict[str, Any]]], dict[str, Any]], workers: int = 1,
        resume: bool = False, log: Callable[[str], None] | None = None
        ) -> tuple[dict[str, Any], int, float]:
    """Play the ``jobs`` not yet in ``path`` and keep the file current after every game.

    ``meta`` identifies the measurement (a resumed file must hold the same values); ``key``
    names a job and ``run_key`` the result it gave, so that held results are skipped;
    ``summary(runs)`` adds the figures to the file. Returns the file's content, how many
    games were played now, and their seconds."""
    runs: list[dict[str, Any]] = []
    spent = 0.0
    if resume and path.exists():
        try:
            before = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ResumeError(f"cannot resume from {path}: {exc}") from None
        differs = {k: before.get(k) for k in meta if before.get(k) != meta[k]}
        if differs:
            raise ResumeError(f"{path} holds another measurement ({differs}), not {meta}")
        runs = list(before.get("runs", []))
        spent = float(before.get("seconds", 0.0))
    held = {run_key(r) for r in runs}
    todo = [job for job in jobs if key(job) not in held]
    if log is not None:
        log(f"{len(runs)} games held, {len(todo)} to play.")

    def save(elapsed: float) -> dict[str, Any]:
        out = {**meta, "seconds": spent + elapsed, **summary(runs), "runs": runs}
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)  # atomic: an interrupted run never leaves half a file
        return out

    start = time.perf_counter()
    for result in played(todo, play, workers):
        runs.append(result)
        save(time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    return save(elapsed), len(todo), elapsed
