"""The legal moves of the placement in Sheep & Thief (ST-R15..ST-R18, ST-R21), shared by the
rules, the refusals and the AI's playout policy."""

from __future__ import annotations

from .data import ADJACENT, CARDS, CELL_TEXT
from .sheet import open_cells, river_context, river_fits
from .state import SheepState

STOP = "stop"




def placements(s: SheepState, seat: int) -> list[str]:
    """ST-R15..ST-R18: every face-up placement of the hand; if there is none, every face-down
    one; if no cell is open at all, a discard of any card."""
    cards, down = s.sheets[seat], s.down[seat]
    strict = s.strict_rivers
    cells = open_cells(cards, s.thief)
    # One reading of each open cell's surroundings serves every card of the hand.
    around = [(i, river_context(cards, down, i)) for i in cells]
    out = [f"place:{c}@{CELL_TEXT[i]}" for c in s.hands[seat]
           for i, context in around if river_fits(context, CARDS[c], strict) is None]
    if out:
        return out
    if cells:
        return [f"down:{c}@{CELL_TEXT[i]}" for c in s.hands[seat] for i in cells]
    return [f"discard:{c}" for c in s.hands[seat]]


def flock_moves(s: SheepState, seat: int) -> list[str]:
    """ST-R21: every flock move a dog may make now (``a>b`` cell texts), in cell order;
    ST-C2 ``one-flock``: after the first move only the same flock moves on."""
    cards, sheep = s.sheets[seat], s.sheep[seat]
    sources = [s.flock] if s.one_flock and s.flock >= 0 else range(len(cards))
    out: list[str] = []
    for a in sources:
        if not sheep[a]:
            continue
        for b in sorted(ADJACENT[a]):
            if cards[b] and b != s.thief:
                out.append(f"{CELL_TEXT[a]}>{CELL_TEXT[b]}")
    return out
