"""Not My Fault! data: the progress cards, the milestones, deal sizes and card words.

Rules follow rules/reference.md (NMF-C1..C3, NMF-R2, NMF-R20, NMF-R30).
Progress cards are told apart only by their value, so the deck is a multiset of five values;
everything here is plain data and small pure functions shared by the model, the view and tests.
"""

from __future__ import annotations

#: NMF-C1: the five progress values and how many cards of each the deck holds (35 cards, sum 95).
VALUES: tuple[int, ...] = (0, 1, 2, 4, 8)
COPIES: tuple[int, ...] = (4, 7, 12, 8, 4)
DECK_SIZE = sum(COPIES)
#: Index of a value in ``VALUES`` (the deck is kept as a count per index).
VALUE_INDEX: dict[int, int] = {v: i for i, v in enumerate(VALUES)}

#: NMF-C2, NMF-R1: the milestone cards, laid out in increasing order.
MILESTONES: tuple[int, ...] = (2, 3, 5, 7, 11, 13, 18, 25)
LAST_MILESTONE = MILESTONES[-1]  # NMF-R12

FIRST_DEAL = 7  # NMF-R2
REDEAL = 5  # NMF-R20
REPRIMANDS_TO_LOSE = 3  # NMF-R30
REPRIMAND_CARDS = 11  # NMF-C3

#: Card colours by value: cool for the small, warm for the large, so a hand reads at a glance.
VALUE_COLORS: dict[int, str] = {
    0: "#6c757d",
    1: "#2e7d9a",
    2: "#2e8b57",
    4: "#c77d1a",
    8: "#b03a2e",
}
MILESTONE_COLOR = "#8e6d1f"
REPRIMAND_COLOR = "#7b1e1e"


def full_deck() -> list[int]:
    """Copies of each value (indexed like ``VALUES``) in the whole 35-card deck."""
    return list(COPIES)


def is_value(text: str) -> bool:
    return text in _VALUE_TEXT


def is_milestone(text: str) -> bool:
    return text in _MILESTONE_TEXT


_VALUE_TEXT = frozenset(str(v) for v in VALUES)
_MILESTONE_TEXT = frozenset(str(m) for m in MILESTONES)


def card_names(value: int) -> tuple[str, str]:
    """(English, Japanese) name of a progress card: "Progress 4" / "進捗4"."""
    return f"Progress {value}", f"進捗{value}"


def milestones_above(declared: int) -> tuple[int, ...]:
    """Milestones a raise may declare over ``declared`` (0: the opening, any of them)."""
    return tuple(m for m in MILESTONES if m > declared)
