"""Buried Treasure data: the score cards, the bid board and the fixed numbers of the game.

Rules follow rules/reference.md (BT-C1..C4, BT-R1, BT-R5, BT-R12, BT-R31).
Score cards differ only by value, so a pile of them is a multiset of five values; everything
here is plain data shared by the model, the view and the tests.
"""

from __future__ import annotations

#: BT-C1: the five card values and how many of each the 44-card deck holds.
VALUES: tuple[int, ...] = (-5, 1, 2, 4, 8)
COPIES: tuple[int, ...] = (4, 16, 12, 8, 4)
DECK_SIZE = sum(COPIES)
VALUE_INDEX: dict[int, int] = {v: i for i, v in enumerate(VALUES)}
NEGATIVE = -5

#: BT-C3, BT-R12: the bid values with one slot each; 0 has one slot per player.
BID_VALUES: tuple[int, ...] = (2, 3, 5, 7, 11, 13, 16, 20)

HAND_SIZE = 7  # BT-R1
ROUNDS = 6  # BT-R5
TARGET = 20  # BT-R31: the early end

#: Card colours by value: the −5 stands out in red, gold grows with the value.
VALUE_COLORS: dict[int, str] = {
    -5: "#8b1e2d",
    1: "#5d7a3a",
    2: "#2e7d9a",
    4: "#b0781c",
    8: "#a8861a",
}
BOARD_COLOR = "#4b3b2a"
PAWN_COLORS: tuple[str, ...] = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#8e44ad",
                                "#ca6f1e")


def full_deck() -> list[int]:
    """Copies of each value (indexed like ``VALUES``) in the whole deck."""
    return list(COPIES)
