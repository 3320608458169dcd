"""Where the seats sit and how they are told apart: panels for 2 to 12 seats around the table,
and one palette with a mark per seat.

Every game with more than two players needs the same two things: a panel per opponent that
stays readable when eleven of them share a 1280x800 window, and seat colours that a
colour-blind player can tell apart. ``seat_panels`` places the panels (the seat at the screen
along the bottom edge, the others clockwise from its left, the active seat and the person's own
seat larger); ``SEAT_COLOURS`` are twelve colours chosen so that every pair differs by at least
20 CIE76 units for normal vision and under simulated deuteranopia, protanopia and tritanopia
(the first n of them are the best n), and ``SEAT_MARKS`` give each seat a shape as well, so
colour is never the only cue. Qt-free: a view puts the boxes into its ``Layout``.
"""

from __future__ import annotations

from typing import NamedTuple

MAX_SEATS = 12

#: Seat colours, best first: seats 1..n use the first n. Chosen greedily from a grid of
#: mid-lightness colours to keep every pair apart for normal and colour-blind vision
#: (checked in tests/engine/test_seats.py).
SEAT_COLOURS: tuple[str, ...] = (
    "#c0392b", "#3243e2", "#79ecec", "#e2e232", "#73266b", "#c979ec",
    "#cf6e81", "#a9e283", "#411386", "#7c1d30", "#9baa18", "#cd1daa",
)
#: A shape per seat, shown beside the colour (all in the table's Japanese fonts).
SEAT_MARKS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "▼", "◀", "▶", "✖", "♠", "♣", "♥")


class Box(NamedTuple):
    """A rectangle in table units."""

    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box) -> bool:
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (0-based)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_mark(seat: int) -> str:
    """The shape of ``seat`` (0-based)."""
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


#: Share of the table's height the bottom band (the seat at the screen) takes.
OWN_BAND = 0.24
#: Share of the table's height a top-row panel takes, and of the width a side panel takes.
TOP_BAND = 0.17
SIDE_BAND = 0.15
#: How much larger the active seat's panel is than its neighbours (along its row).
ACTIVE_GROWTH = 1.35
GAP = 8.0
#: Room above each panel for the label the table draws over a zone's top edge.
LABEL_ROOM = 24.0


def _sides(opponents: int) -> int:
    """How many opponent panels go down each side (the rest go along the top)."""
    if opponents <= 3:
        return 0
    if opponents <= 6:
        return 1
    if opponents <= 9:
        return 2
    return 3


def _split(start: float, length: float, count: int, grown: int | None,
           cap: float, gap: float = GAP) -> list[tuple[float, float]]:
    """``count`` spans along ``length`` from ``start`` with gaps, each at most ``cap`` long
    and the run centred; span ``grown`` (an index or None) is ``ACTIVE_GROWTH`` times the
    others."""
    if count == 0:
        return []
    weights = [ACTIVE_GROWTH if i == grown else 1.0 for i in range(count)]
    unit = min((length - gap * (count - 1)) / sum(weights), cap)
    used = unit * sum(weights) + gap * (count - 1)
    spans = []
    at = start + (length - used) / 2
    for weight in weights:
        spans.append((at, unit * weight))
        at += unit * weight + gap
    return spans


def seat_panels(num_seats: int, width: float, height: float, own: int | None = None,
                active: int | None = None, margin: float = 10.0) -> list[Box]:
    """A panel per seat around a ``width`` x ``height`` table, indexed by seat.

    ``own`` is the seat of the person at the screen (``None``: nobody's, as for a spectator or
    between hand-overs): it sits along the bottom edge, wider than the others. The other seats
    follow clockwise from its left: up the left side, along the top, down the right side, so
    that turn order reads round the table. ``active`` (the seat to move) gets a larger panel
    in its row. The middle of the table stays free for the game's own pieces.
    """
    if not 1 <= num_seats <= MAX_SEATS:
        raise ValueError(f"seat_panels places 1 to {MAX_SEATS} seats, not {num_seats}")
    bottom = own if own is not None and 0 <= own < num_seats else None
    first = bottom if bottom is not None else 0
    order = [(first + k) % num_seats for k in range(num_seats)]
    others = order[1:] if bottom is not None else order
    boxes: dict[int, Box] = {}
    inner_w = width - 2 * margin
    top_h = height * TOP_BAND
    own_h = height * OWN_BAND
    if bottom is not None:
        own_w = min(inner_w, max(inner_w * 0.42, 360.0))
        boxes[bottom] = Box(margin + (inner_w - own_w) / 2, height - margin - own_h, own_w,
                            own_h)
    per_side = _sides(len(others))
    left = others[:per_side]
    top = others[per_side:len(others) - per_side]
    right = others[len(others) - per_side:] if per_side else []
    side_w = width * SIDE_BAND
    # Panels stacked down a side leave room for the label over each one.
    stack_gap = GAP + LABEL_ROOM
    top_y = margin + LABEL_ROOM
    side_top = top_y + top_h + stack_gap
    side_bottom = height - margin - (own_h + stack_gap if bottom is not None else 0.0)
    # Up the left side: the seat after the person's own is the lowest.
    side_cap = side_w * 0.9
    for seat, (y, h) in zip(reversed(left), _split(
            side_top, side_bottom - side_top, len(left),
            _index(list(reversed(left)), active), side_cap, stack_gap), strict=True):
        boxes[seat] = Box(margin, y, side_w, h)
    top_x = margin + (side_w + GAP if per_side else 0.0)
    top_len = width - margin - (side_w + GAP if per_side else 0.0) - top_x
    for seat, (x, w) in zip(top, _split(top_x, top_len, len(top), _index(top, active),
                                        top_h * 2.4), strict=True):
        boxes[seat] = Box(x, top_y, w, top_h)
    for seat, (y, h) in zip(right, _split(side_top, side_bottom - side_top, len(right),
                                          _index(right, active), side_cap, stack_gap),
                            strict=True):
        boxes[seat] = Box(width - margin - side_w, y, side_w, h)
    return [boxes[s] for s in range(num_seats)]


def _index(seats: list[int], seat: int | None) -> int | None:
    return seats.index(seat) if seat in seats else None
