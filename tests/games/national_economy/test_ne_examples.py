"""The worked examples NE-X1..NE-X5 of the National Economy spec, through the pure helpers and
through the rules model."""

from __future__ import annotations

import re

import pytest

from tabletop.engine import IllegalActionError
from tabletop.games.national_economy.model import Phase
from tabletop.games.national_economy.payday import can_complete, sale_problem
from tabletop.games.national_economy.scoring import score_breakdown
from tests.games.national_economy.ne_build import GAME, play, position, say


def _legal(selected: list[int], sellable: list[int], short: int) -> bool:
    return sale_problem(selected, sellable, short) is None


def test_x1_shortfall_10() -> None:
    # NE-X1, NE-R53
    sellable = [10, 20]
    assert _legal([20], sellable, 10)
    assert _legal([10], sellable, 10)
    assert sale_problem([10, 20], sellable, 10) == ("over", 10, 30, 10)


def test_x2_shortfall_20() -> None:
    # NE-X2, NE-R53
    sellable = [10, 18, 20]
    assert _legal([20], sellable, 20)
    assert _legal([10, 18], sellable, 20)
    for bad in ([10], [18]):
        assert sale_problem(bad, sellable, 20) is not None
        assert sale_problem(bad, sellable, 20)[0] == "short"  # type: ignore[index]
    for bad in ([20, 10], [20, 18], [10, 18, 20]):
        problem = sale_problem(bad, sellable, 20)
        assert problem is not None and problem[0] == "over"
    # Picking $10 first can still be completed (with $18), picking $20 and $10 cannot.
    assert can_complete([10], [18, 20], 20)
    assert not can_complete([20, 10], [18], 20)


def test_x2_through_the_model() -> None:
    # NE-X2 as a wage payment: round 9 ($5) with 4 workers owes $20 and cash is $0; the
    # sellable buildings are worth $10 (Orchard), $18 (General Contractor), $20 (Steelworks).
    s = position(2, buildings=[["orchard", "general_contractor", "steelworks"], []],
                 cash=[0, 10], workers=[4, 2], round_=9)
    s = _to_payday(s)
    assert s.phase == Phase.SELL and s.queue[0] == 0
    assert GAME.legal_actions(s) == ["sell:general_contractor", "sell:orchard",
                                     "sell:steelworks"]
    s2, _ = play(s, "sell:steelworks")
    assert GAME.legal_actions(s2) == ["done"]  # adding any more would over-sell
    with pytest.raises(IllegalActionError) as err:
        play(s2, "sell:orchard")
    assert re.search("Over-selling rule", say(err.value.msg))
    s3, _ = play(s, "sell:orchard")
    with pytest.raises(IllegalActionError) as err:
        play(s3, "done")
    assert re.search("You must sell", say(err.value.msg))
    s4, _ = play(s3, "sell:general_contractor", "done")
    assert s4.cash[0] == 28 - 20 and "orchard" in s4.public
    assert "general_contractor" in s4.public and s4.buildings[0] == ["steelworks"]


def _to_payday(s):  # type: ignore[no-untyped-def]
    """Place every worker on the Mine (drawing Farms) until the round ends."""
    r = s.round
    while s.phase == "place" and s.round == r:
        s, _ = play(s, "place:mine")
        if s.phase == "draw":
            s, _ = play(s, "draw:farm")
    return s


def test_x3_penalty() -> None:
    # NE-X3, NE-R33, NE-R34, NE-R52: round 3 wage $3, 4 workers (one asleep), cash $5.
    s = position(2, buildings=[["farm", "warehouse"], []], cash=[5, 20], round_=3,
                 workers=[3, 2])
    s, _ = play(s, "place:school")  # the fourth worker, asleep (NE-R41)
    assert s.workers[0] == 4 and s.sleeping[0] == 1
    s = _to_payday(s)
    assert s.phase == Phase.SELL and s.queue == [0, 1]
    assert GAME.legal_actions(s) == ["sell:farm"]  # S = 12 − 5 = 7 > 6: must sell it
    household = s.household
    s, _ = play(s, "sell:farm", "done")
    assert s.cash[0] == 0
    assert s.household == household + 11 + 2 * 3  # seat 1 then pays its $6
    assert s.penalties[0] == 1
    assert s.buildings[0] == ["warehouse"]
    assert s.public[-2:] == ["farm", "high_school"]  # sold Farm, then round 3's card
    assert s.round == 4 and "place:farm" in GAME.legal_actions(s)


def test_x4_household_check() -> None:
    # NE-X4, NE-R24, NE-T1 shop rule
    s = position(2, hands=[["goods", "goods"], []], buildings=[["tavern"], []], household=5,
                 public_extra=["stall"])
    legal = GAME.legal_actions(s)
    assert "place:stall" not in legal and "place:own:tavern" in legal
    assert say(GAME.reason(s, "place:stall")) == "The household holds $5; the Stall needs $6."
    assert say(GAME.reason(s, "place:stall"), "ja") == \
        "家計には$5しかありません。露店には$6必要です。"
    s, _ = play(s, "place:own:tavern")
    assert s.household == 0 and s.cash[0] == 10


def test_x5_scoring() -> None:
    # NE-X5, NE-R60, NE-R62
    own = ["factory", "steelworks", "railway", "headquarters", "warehouse"]
    sb = score_breakdown(own, 20, 2, 4, [])
    assert sb.buildings == 80
    assert sb.bonuses == {"railway": 16, "headquarters": 18}
    assert sb.penalty == 6 and sb.total == 128
    sb2 = score_breakdown([*own, "yakuza"], 20, 2, 4, [])
    assert sb2.buildings == 88 and sb2.bonuses["headquarters"] == 24
    assert sb2.penalty == 2 and sb2.total == 146
