"""National Economy's scoring: a player's total assets and where they come from (NE-R60..NE-R63),
for the end of the game, the score table and the chart of assets round by round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletop.api import JSON

from .data import BUILDING_VALUE, BUILDINGS, GOODS, INDUSTRY, PASSIVE, PENALTY, YAKUZA_PENALTY


@dataclass
class ScoreBreakdown:
    """One player's total assets and where they come from."""

    cash: int
    buildings: int
    bonuses: dict[str, int] = field(default_factory=dict)
    penalty: int = 0

    @property
    def total(self) -> int:
        return self.cash + self.buildings + sum(self.bonuses.values()) - self.penalty

    def to_json(self) -> JSON:
        return {"cash": self.cash, "buildings": self.buildings, "bonuses": dict(self.bonuses),
                "penalty": self.penalty, "total": self.total}


def score_breakdown(buildings: Sequence[str], cash: int, penalties: int, workers: int,
                    hand: Sequence[str], each_copy: bool = True) -> ScoreBreakdown:
    """NE-R60..NE-R62: cash + building values + end bonuses − unpaid-wage penalties.

    ``each_copy`` False is the ``bonus_copies=one`` option: a bonus counts once per kind."""
    sb = ScoreBreakdown(cash, sum(BUILDING_VALUE[b] for b in buildings))
    n_build = len(buildings)
    industrial = sum(1 for b in buildings if BUILDINGS[b].category == INDUSTRY)
    passive = sum(1 for b in buildings if BUILDINGS[b].category == PASSIVE)
    goods = sum(1 for c in hand if c == GOODS)
    per_copy = {
        "real_estate": 3 * n_build,
        "farmers_coop": 3 * goods,
        "labor_union": 6 * workers,
        "railway": 8 * industrial,
        "headquarters": 6 * passive,
    }
    for b in buildings:
        bonus = per_copy.get(b)
        if bonus is not None and (each_copy or b not in sb.bonuses):
            sb.bonuses[b] = sb.bonuses.get(b, 0) + bonus  # NE-R62: each copy scores
    per_token = YAKUZA_PENALTY if "yakuza" in buildings else PENALTY
    sb.penalty = per_token * penalties
    return sb
