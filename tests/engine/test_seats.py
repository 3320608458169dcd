"""Seat panels for 2 to 12 seats, and seat colours a colour-blind player can tell apart."""

from __future__ import annotations

import itertools
import math

import pytest

from tabletop.engine.seats import (
    MAX_SEATS,
    SEAT_COLOURS,
    SEAT_MARKS,
    Box,
    seat_colour,
    seat_mark,
    seat_panels,
)

WIDTH, HEIGHT = 1600.0, 1000.0
# Below this a panel cannot hold a name and a line of figures at 1280x800 (scale 0.8).
MIN_W, MIN_H = 150.0, 110.0

CASES = [(n, own, active) for n in range(2, MAX_SEATS + 1)
         for own in (None, 0, n - 1) for active in (None, 0, n // 2, n - 1)]


def area(box: Box) -> float:
    return box.w * box.h


@pytest.mark.parametrize(("n", "own", "active"), CASES)
def test_panels_lie_on_the_table_apart_and_readable(n: int, own: int | None,
                                                    active: int | None) -> None:
    boxes = seat_panels(n, WIDTH, HEIGHT, own=own, active=active)
    assert len(boxes) == n
    for box in boxes:
        assert box.x >= 0 and box.x + box.w <= WIDTH and box.y >= 0 and box.y + box.h <= HEIGHT
        assert box.w >= MIN_W and box.h >= MIN_H, box
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize("n", range(2, MAX_SEATS + 1))
def test_the_persons_own_seat_is_along_the_bottom_and_the_largest(n: int) -> None:
    for own in range(n):
        boxes = seat_panels(n, WIDTH, HEIGHT, own=own)
        mine = boxes[own]
        assert mine.y + mine.h == pytest.approx(HEIGHT - 10.0)
        assert all(area(mine) > area(b) for s, b in enumerate(boxes) if s != own)


def test_the_seats_follow_clockwise_from_the_persons_left() -> None:
    boxes = seat_panels(12, WIDTH, HEIGHT, own=5)
    centre = [(b.x + b.w / 2 - WIDTH / 2, b.y + b.h / 2 - HEIGHT / 2) for b in boxes]
    # Angles measured clockwise on screen (y grows downwards) from the bottom.
    angle = [math.atan2(-x, y) % (2 * math.pi) for x, y in centre]
    order = [(5 + k) % 12 for k in range(12)]
    assert [angle[s] for s in order] == sorted(angle[s] for s in order)


@pytest.mark.parametrize("n", range(2, MAX_SEATS + 1))
def test_the_active_seat_is_larger_than_its_neighbours_in_its_row(n: int) -> None:
    for active in range(1, n):
        boxes = seat_panels(n, WIDTH, HEIGHT, own=0, active=active)
        plain = seat_panels(n, WIDTH, HEIGHT, own=0)
        assert area(boxes[active]) > area(plain[active])


def test_seat_panels_refuses_a_count_it_cannot_place() -> None:
    for n in (0, 13):
        with pytest.raises(ValueError, match="1 to 12 seats"):
            seat_panels(n, WIDTH, HEIGHT)


# -- colours --------------------------------------------------------------------------------

# Colour-vision-deficiency simulation (Machado, Oliveira and Fernandes 2009, severity 1.0),
# applied in linear RGB.
CVD = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _seen(colour: str, matrix: tuple[tuple[float, ...], ...] | None) -> tuple[float, ...]:
    lin = tuple(_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    if matrix is not None:
        lin = tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True))))
                    for row in matrix)
    return _lab(lin)  # type: ignore[arg-type]


@pytest.mark.parametrize("vision", [None, *CVD])
def test_every_two_seat_colours_stay_apart(vision: str | None) -> None:
    matrix = CVD[vision] if vision else None
    seen = [_seen(c, matrix) for c in SEAT_COLOURS]
    closest = min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))
    assert closest >= 20.0, f"{vision or 'normal vision'}: closest pair {closest:.1f} apart"


def test_twelve_colours_and_twelve_marks_one_per_seat() -> None:
    assert len(set(SEAT_COLOURS)) == len(set(SEAT_MARKS)) == MAX_SEATS
    assert [seat_colour(s) for s in range(12)] == list(SEAT_COLOURS)
    assert seat_mark(12) == seat_mark(0)
