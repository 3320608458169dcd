"""What every game's view builds the same way: piece ids that read back, a figure per seat for
the end-of-game chart, the rows of a score table, the usual reason a seat must wait, a count
of cards in English, and the labels along a grid's edges.

An id is made and read back by one ``IdForm``, so the two cannot drift apart; the chart's
figures and the score table's rows are named the same way in every game, so the summary reads
alike whatever is played. Qt-free, like the rest of the view contract
(``tabletop.engine.layout``); games reach it through ``tabletop.api``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .layout import Cell, Figure, Layout, Text
from .messages import Msg


class IdForm:
    """The ids of one kind of piece or zone: text with numbered fields, written ``{}``.

    ``hand_id = IdForm("p{}h{}")`` makes ``hand_id(2, 5) == "p2h5"`` and reads it back:
    ``hand_id.parse("p2h5") == (2, 5)``, and ``None`` for an id of any other form, so the
    table's ids are written and read by one form. A field may be given text when an id is
    only made (``IdForm("town{}_{}")(1, "east")``); ``parse`` reads whole numbers, a minus
    sign allowed (a grid's coordinates).
    """

    __slots__ = ("_form", "_pattern", "fields")

    def __init__(self, form: str) -> None:
        parts = form.split("{}")
        self._form = form
        #: How many fields an id of this form has.
        self.fields = len(parts) - 1
        self._pattern = re.compile("(-?[0-9]+)".join(re.escape(p) for p in parts))

    def __call__(self, *fields: int | str) -> str:
        if len(fields) != self.fields:
            raise TypeError(f"{self!r} takes {self.fields} fields, not {len(fields)}")
        return self._form.format(*fields)

    def parse(self, pid: str | None) -> tuple[int, ...] | None:
        """The fields of ``pid`` when it is an id of this form, else ``None``."""
        found = None if pid is None else self._pattern.fullmatch(pid)
        return None if found is None else tuple(int(g) for g in found.groups())

    def number(self, pid: str | None) -> int | None:
        """The one field of ``pid`` (a form with one field), or ``None`` for another id."""
        if self.fields != 1:
            raise TypeError(f"{self!r} has {self.fields} fields, not one")
        found = self.parse(pid)
        return None if found is None else found[0]

    def __repr__(self) -> str:
        return f"IdForm({self._form!r})"


def seat_figures(code: str, values: Iterable[float]) -> list[Figure]:
    """A charted figure per seat, in seat order: the message ``code`` with ``number`` 1, 2,
    ... (the seat's place, as players count), and the seat's value."""
    return [(Msg(code, number=p + 1), float(v)) for p, v in enumerate(values)]


def score_header(seats: Iterable[int]) -> list[Cell]:
    """A score table's first row: an empty corner, then the name of each seat."""
    return ["", *(Msg("player", seat=p) for p in seats)]


def score_row(label: Cell, values: Iterable[object]) -> list[Cell]:
    """A row of a score table: its label, then each seat's value as text."""
    return [label, *(str(v) for v in values)]


def waiting_reason(to_move: int) -> Msg:
    """Why a seat cannot move now: cards are being dealt (chance is to move), or it is
    ``to_move``'s turn."""
    if to_move < 0:
        return Msg("refuse.dealing")
    return Msg("table.turn_of", seat=to_move)


def cards_en(n: int) -> str:
    """``n`` cards in English, one card singular ("1 card", "0 cards", "5 cards"); Japanese
    counts without a plural (``f"{n}枚"``)."""
    return "1 card" if n == 1 else f"{n} cards"


def coord(n: int | str) -> str:
    """A grid label as printed along a grid's edge and in the log (``tabletop.text.cell_name``
    names a cell by two of them): a number with a true minus sign ("−2"), or a label that is
    not a number as it is."""
    if isinstance(n, int):
        return f"\u2212{-n}" if n < 0 else str(n)
    return str(n)


#: The size of a grid's labels, in table units.
LABEL_SIZE = 13.0


def grid_labels(out: Layout, ident: str, columns: Iterable[tuple[int | str, float]],
                column_y: float, rows: Iterable[tuple[int | str, float]], row_x: float, *,
                size: float = LABEL_SIZE, color: str = "#f4ecd8") -> None:
    """Label a grid along its edges, as every game with a grid names its cells: each column's
    label (``(label, centre x)``) in a line whose top is ``column_y`` (above or below the
    grid), each row's (``(label, centre y)``) ending at ``row_x`` (left of the grid). The
    labels are free texts of ``out``; ``ident`` keeps their ids apart from another grid's."""
    for label, cx in columns:
        text = coord(label)
        out.texts.append(Text(f"{ident}:col:{label}", cx - size * 0.3 * len(text), column_y,
                              text, text, size=size, color=color))
    for label, cy in rows:
        text = coord(label)
        out.texts.append(Text(f"{ident}:row:{label}", row_x - size * 0.62 * len(text),
                              cy - size * 0.65, text, text, size=size, color=color))
