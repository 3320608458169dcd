"""The view kit every game's view shares: ids made and read back by one form, a figure per
seat, score-table rows, the reason a seat waits, a count of cards, and what ``GameView``
answers for a spectator or a finished game before a view is asked."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import TERMINAL, Msg
from tabletop.engine.layout import MOVE_POSSIBLE, GameView, Gesture, Layout
from tabletop.engine.view_kit import (
    IdForm,
    cards_en,
    score_header,
    score_row,
    seat_figures,
    waiting_reason,
)

Obs = dict[str, Any]


# -- ids ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("form", "fields", "pid"), [
    ("p{}h{}", (2, 5), "p2h5"),
    ("h{}", (0,), "h0"),
    ("c{},{}", (-3, 12), "c-3,12"),
    ("t{}-{}-{}", (1, 4, 10), "t1-4-10"),
    ("row{}_{}", (1, 0), "row1_0"),
])
def test_an_id_reads_back_as_it_was_made(form: str, fields: tuple[int, ...], pid: str) -> None:
    ids = IdForm(form)
    assert ids(*fields) == pid
    assert ids.parse(pid) == fields
    assert ids.fields == len(fields)


@pytest.mark.parametrize("pid", ["p2h", "ph5", "p2h5x", "xp2h5", "p2x5", "q2h5", "p2h5h1",
                                 "p+2h5", "p2.0h5", "", None])
def test_an_id_of_another_form_reads_as_none(pid: str | None) -> None:
    assert IdForm("p{}h{}").parse(pid) is None


def test_forms_sharing_a_first_letter_are_told_apart() -> None:
    bid, bury, goal, gold = IdForm("b{}"), IdForm("bur{}"), IdForm("goal{}"), IdForm("g{}")
    assert bid.number("bur3") is None and bury.number("bur3") == 3
    assert bid.number("b3") == 3 and bury.number("b3") is None
    assert gold.number("goal1") is None and goal.number("goal1") == 1
    assert IdForm("c{}-{}").parse("country1") is None


def test_a_field_may_be_text_when_an_id_is_only_made() -> None:
    town = IdForm("town{}_{}")
    assert town(1, "east") == "town1_east"
    assert town.parse("town1_east") is None  # parse reads numbers only
    assert town.parse("town1_2") == (1, 2)


def test_an_id_needs_each_of_its_fields() -> None:
    with pytest.raises(TypeError):
        IdForm("p{}h{}")(1)
    with pytest.raises(TypeError):
        IdForm("p{}h{}").number("p1h2")  # two fields: parse, not number
    assert IdForm("seat{}").number("seat11") == 11
    assert IdForm("seat{}").number("seat") is None
    assert repr(IdForm("seat{}")) == "IdForm('seat{}')"


def test_literal_text_in_a_form_is_taken_literally() -> None:
    dots = IdForm("a.{}")
    assert dots.parse("a.1") == (1,)
    assert dots.parse("ab1") is None


# -- figures and score rows ---------------------------------------------------------------------
def test_seat_figures_name_each_seat_as_players_count() -> None:
    figures = seat_figures("series.points", [3, 0, 7.5])
    assert figures == [(Msg("series.points", number=1), 3.0),
                       (Msg("series.points", number=2), 0.0),
                       (Msg("series.points", number=3), 7.5)]
    assert all(isinstance(v, float) for _, v in figures)
    assert seat_figures("series.points", []) == []


def test_score_rows_are_a_header_of_names_then_values_as_text() -> None:
    assert score_header(range(3)) == ["", Msg("player", seat=0), Msg("player", seat=1),
                                      Msg("player", seat=2)]
    assert score_header([1]) == ["", Msg("player", seat=1)]
    assert score_row(Msg("score.total"), (v for v in (12, -3, 0))) == [
        Msg("score.total"), "12", "-3", "0"]
    assert score_row("Σ", ["–", 4]) == ["Σ", "–", "4"]


def test_a_seat_waits_for_the_deal_or_for_the_seat_to_move() -> None:
    assert waiting_reason(2) == Msg("table.turn_of", seat=2)
    assert waiting_reason(0) == Msg("table.turn_of", seat=0)
    assert waiting_reason(-1) == Msg("refuse.dealing")


# -- what GameView answers itself ---------------------------------------------------------------
class _Plain(GameView[Obs]):
    """A view that explains nothing and draws no gestures of its own."""

    def layout(self, obs: Obs, seat: int | None) -> Layout:
        return Layout(100.0, 100.0)


class _Seated(_Plain):
    """A view that answers for seated players only, as the game views do."""

    over_reason = "refuse.over"

    def gestures_seated(self, obs: Obs, seat: int, legal_actions: list[str]) -> list[Gesture]:
        return [Gesture(a, target=f"p{seat}") for a in legal_actions]

    def why_not_seated(self, obs: Obs, seat: int, source: str, target: str | None) -> Msg:
        return MOVE_POSSIBLE if source == f"p{seat}" else Msg("table.not_yours", seat=seat)


PLAYING: Obs = {"phase": "play", "to_move": 1}
OVER: Obs = {"phase": "over", "to_move": TERMINAL}


def test_a_spectator_and_a_finished_game_are_answered_before_the_view() -> None:
    view = _Seated()
    assert view.why_not(PLAYING, None, "p0", None) == Msg("table.watching")
    assert view.why_not(OVER, 1, "p1", None) == Msg("refuse.over")
    assert view.why_not(OVER, None, "p1", None) == Msg("refuse.over")
    assert view.why_not(PLAYING, 1, "p1", "x") == MOVE_POSSIBLE
    assert view.why_not(PLAYING, 0, "p1", None) == Msg("table.not_yours", seat=0)
    assert view.gestures(PLAYING, None, ["go"]) == []
    assert view.gestures(PLAYING, 1, ["go"]) == [Gesture("go", target="p1")]


def test_the_defaults_explain_nothing_and_give_plain_buttons() -> None:
    view = _Plain()
    assert view.over(OVER) and not view.over(PLAYING)
    assert not view.over({})  # an observation without a seat to move is not over
    assert view.why_not(OVER, 0, "a", None) == Msg("game_over")
    assert view.why_not(PLAYING, 0, "a", None) == Msg("move_not_possible")
    assert view.gestures(PLAYING, 0, ["pass", "end"]) == [
        Gesture("pass", label_en="pass", label_ja="pass"),
        Gesture("end", label_en="end", label_ja="end")]
    assert Gesture.plain("x") == Gesture("x", label_en="x", label_ja="x")


def test_games_reach_the_kit_through_the_api() -> None:
    from tabletop import api

    for name in ("IdForm", "score_header", "score_row", "seat_figures", "waiting_reason"):
        assert name in api.__all__
        assert getattr(api, name) is globals()[name]


def test_a_count_of_one_card_is_singular() -> None:
    assert [cards_en(n) for n in (0, 1, 2, 14)] == ["0 cards", "1 card", "2 cards", "14 cards"]
