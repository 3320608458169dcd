"""Who may see each field of a state: the declarations of the field table, ``load_seen``, and
the conformance kit holding every resampler to them.

The toy ``KeepsGame`` (tests/toygame.py) keeps two counts the observation does not hold, the
round's keeps and swaps, which its resampler must work out from the moves shown. Its mutants
are the resamplers a plugin author could write and every earlier check let through.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tabletop.engine import ConformanceError, check_game
from tabletop.engine.conformance import check_hidden_differential
from tabletop.engine.fields import (
    INT,
    INTS,
    STR,
    BadFieldTypeError,
    MissingFieldError,
    StateFields,
)
from tabletop.registry import load_plugins
from tests.toygame import KEEPS_COPIES, KEEPS_VALUES, KeepsGame, KeepsState


class CountsAsZero(KeepsGame):
    """Rebuilds the round's counts as 0 whatever the moves: its resampled rounds do not end
    when they should."""

    def rebuild_counts(self, s: KeepsState, obs: Mapping[str, Any]) -> None:
        s.keeps = s.swaps = 0


class IgnoresDiscards(KeepsGame):
    """Deals the other hand and the deck from every card but its own, as if nothing had been
    discarded."""

    def unseen_cards(self, s: KeepsState, seat: int) -> list[int]:
        left = [KEEPS_COPIES] * len(KEEPS_VALUES)
        if s.hands[seat]:
            left[KEEPS_VALUES.index(s.hands[seat])] -= 1
        return [v for v, k in zip(KEEPS_VALUES, left, strict=True) for _ in range(k)]


def test_the_toy_with_a_right_resampler_passes_the_kit() -> None:
    report = check_game(KeepsGame(), seeds=range(6), resample_every=1)
    assert report.games == 6 and report.resamples > 0
    assert report.resamples_differing > 0


def test_a_resampler_that_rebuilds_a_count_as_zero_fails_naming_the_field() -> None:
    # The bar of the issue: this mutant passed check_game and the full differential check.
    with pytest.raises(ConformanceError, match=r"public field 'keeps' to 0, the truth has 1") \
            as caught:
        check_game(CountsAsZero(), seeds=range(6), resample_every=1)
    assert "game toy-keeps, seed " in str(caught.value)
    assert ", ply " in str(caught.value)


def test_the_differential_check_reports_the_mutant_as_the_resamplers_fault() -> None:
    report = check_hidden_differential(CountsAsZero(), seeds=range(4), every=1)
    assert report.faults and not report.leaks
    assert "'keeps'" in report.faults[0].text or "'swaps'" in report.faults[0].text
    with pytest.raises(ConformanceError, match="A resample is no state with its seat's "
                                               "observation"):
        report.raise_for_problems(CountsAsZero())
    right = check_hidden_differential(KeepsGame(), seeds=range(4), every=1)
    assert not right.faults and not right.leaks and right.compared > 0


def test_a_resampler_that_ignores_the_discards_is_its_fault_not_a_leak_of_the_deck() -> None:
    report = check_hidden_differential(IgnoresDiscards(), seeds=range(4), every=1)
    assert report.faults and not report.leaks
    assert any("'deck_size'" in f.text and "does not add up" in f.text for f in report.faults)
    with pytest.raises(ConformanceError, match="public field 'deck_size'"):
        check_game(IgnoresDiscards(), seeds=range(6), resample_every=1)


def test_a_hidden_information_game_with_an_undeclared_field_is_refused() -> None:
    from tabletop.engine.fields import Field

    class Undeclared(KeepsGame):
        fields = StateFields(**{**KeepsGame.fields.fields,  # type: ignore[union-attr]
                                "scores": Field(copy="list")})

    with pytest.raises(ConformanceError, match=r"toy-keeps: the state's field\(s\) 'scores' "
                                               r"do not say who may see them"):
        check_game(Undeclared(), seeds=range(1))


def test_every_built_in_game_with_hidden_information_declares_every_field() -> None:
    plugins, errors = load_plugins()
    assert not errors
    checked = 0
    for game_id, plugin in plugins.items():
        table = plugin.game.field_table()
        if table is None or not plugin.game.spec.has_hidden_information:
            continue
        assert table.undeclared() == (), game_id
        checked += 1
    assert checked >= 8


# -- the table itself -------------------------------------------------------------------------

class _Pos:
    __slots__ = ("hands", "phase", "secret", "turn")


TABLE = StateFields(phase=STR.public, hands=INTS.owned, turn=INT.public,
                    secret=INT.unseen)


def _pos(phase: str, hands: list[int], turn: int, secret: int) -> _Pos:
    p = _Pos()
    p.phase, p.hands, p.turn, p.secret = phase, hands, turn, secret
    return p


def test_load_seen_reads_the_public_fields_and_the_seats_own_entry_only() -> None:
    blank = _pos("", [0, 0, 0], 0, 7)
    shown = {"phase": "play", "hands": [None, 5, None], "turn": 2, "secret": 99}
    TABLE.load_seen(blank, shown, 1)
    assert (blank.phase, blank.hands, blank.turn, blank.secret) == ("play", [0, 5, 0], 2, 7)
    other = _pos("", [0, 0, 0], 0, 7)
    TABLE.load_seen(other, shown, 1, but="turn")
    assert other.turn == 0 and other.phase == "play"


def test_part_gives_each_seat_its_own_entry() -> None:
    p = _pos("play", [4, 5, 6], 0, 1)
    assert [TABLE.part(p, "hands", s) for s in range(3)] == [4, 5, 6]
    assert TABLE.part(p, "hands", 7) == ()
    named = StateFields(owner=INT.public, cards=INTS.owned_by("owner"))

    class Held:
        __slots__ = ("cards", "owner")

    h = Held()
    h.owner, h.cards = 1, [3, 4]
    assert named.part(h, "cards", 1) == [3, 4] and named.part(h, "cards", 0) == ()


def test_only_an_owned_field_names_an_owner() -> None:
    from dataclasses import replace

    with pytest.raises(ValueError, match="only an owned field names an owner"):
        StateFields(x=replace(INT.public, owner="y"))


def test_a_damaged_state_names_the_game_and_the_field() -> None:
    game = KeepsGame()
    data = dict(game.state_to_json(KeepsState()))
    del data["swaps"]
    with pytest.raises(MissingFieldError, match=r"the state of 'toy-keeps': field 'swaps' is "
                                                r"missing from the JSON form"):
        game.state_from_json(data)
    data = dict(game.state_to_json(KeepsState()))
    data["moves"] = None
    with pytest.raises(BadFieldTypeError, match=r"field 'moves' cannot be read"):
        game.state_from_json(data)
    # Still the errors a save file's loader has always caught.
    with pytest.raises(KeyError):
        game.state_from_json({})

