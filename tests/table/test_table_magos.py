"""The table with a real game: the Magos first-game layout, a die dragged onto a spell."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.engine import Layout, Session
from tabletop.table import TableWidget
from tests.table.tablehelp import drag, make_table

magos_view = pytest.importorskip("tabletop.games.magos.view")
magos_model = pytest.importorskip("tabletop.games.magos.model")
WORDS = pytest.importorskip("tabletop.games.magos.words").WORDS


def opening(qtbot: object) -> tuple[Session, int, Layout, TableWidget,
                                     Callable[[str, str | None], str]]:
    """The first decision of a seeded two-player game on a shown 1280x800 table that gives
    the game's reasons for refused drops: the session, the mover, the layout, the table and
    its reasons."""
    session = Session(magos_model.MagosGame(), 2, {}, seed=5)
    seat = session.current_player()
    view = magos_view.MagosView()
    obs = session.observation(seat)
    layout = view.layout(obs, seat)
    table = make_table(qtbot, layout, view.gestures(obs, seat, session.legal_actions()),
                       size=(1280, 800))

    def why_not(source: str, target: str | None) -> str:
        return WORDS.say(view.why_not(obs, seat, source, target), "en")

    table.set_reason_provider(why_not)
    return session, seat, layout, table, why_not


def test_drag_die_onto_harmony_casts_it(qtbot: object) -> None:
    session, seat, layout, table, _ = opening(qtbot)
    harmony = next(p for p in layout.pieces
                   if p.kind == "card" and p.face_up and p.art.get("title_en") == "Harmony"
                   and p.y > layout.height / 2)
    die = next(p for p in layout.pieces if p.kind == "die" and p.state != "used")
    value = int(die.art["value"])
    chosen: list[str] = []
    table.action_chosen.connect(chosen.append)
    drag(table, table.view_pos_of(die.id), table.view_pos_of(harmony.id))
    assert chosen == [f"cast:harmony:{value}"]  # MG-R21: harmony takes any one die
    session.submit(seat, chosen[0])  # the engine accepts what the table produced


def test_drop_on_opponent_card_is_refused_with_game_reason(qtbot: object) -> None:
    _, _, layout, table, why_not = opening(qtbot)
    hidden = next(p for p in layout.pieces if p.kind == "card" and not p.face_up)
    die = next(p for p in layout.pieces if p.kind == "die")
    refused: list[str] = []
    chosen: list[str] = []
    table.move_refused.connect(refused.append)
    table.action_chosen.connect(chosen.append)
    drag(table, table.view_pos_of(die.id), table.view_pos_of(hidden.id))
    assert chosen == []
    assert refused == [why_not(die.id, hidden.id)]
    assert refused[0]
