"""The hint's words: the suggested move and the next ones worth a look, each named once with
its chances, in the player's language."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from tabletop.ai.base import Decision
from tabletop.app.hints import HINT_MOVES, Hints
from tabletop.games.saboteur2.plugin import PLUGIN
from tests.games.saboteur2.sb_build import GAME


def _explain(decision: Decision, lang: str) -> str:
    match: Any = SimpleNamespace(session=SimpleNamespace(state=GAME.new_game(5)), lang=lang,
                                 speaker=PLUGIN.speaker())
    return Hints(match).explain(decision)


def _lookahead(values: dict[str, float]) -> Decision:
    # A one-move lookahead tries every move alike; the best is the one it plays.
    best = max(values, key=values.__getitem__)
    return Decision(best, value=values[best], visits=dict.fromkeys(values, 16), values=values)


def test_a_move_two_actions_make_is_named_once() -> None:
    # SB-R06: the cross lies the same turned round, so both texts are one move to the player.
    decision = _lookahead({"place:B-P07@1,0": 0.5, "place:B-P07@1,0:180": 0.5,
                           "place:X-L01@1,0": 0.1, "discard:A-MAP": -0.2})
    text = _explain(decision, "en")
    assert text.count("column 1, row 0") == 2, text  # the cross once, the ladder once
    assert "(75%)" not in text and "(55%)" in text and "(40%)" in text, text
    ja = _explain(decision, "ja")
    assert ja.count("0行1列") == 2 and "40%" in ja, ja


def test_the_hint_names_three_moves_at_most() -> None:
    values = {f"place:X-L01@{x},0": 0.1 * x for x in range(1, 6)}
    text = _explain(_lookahead(values), "en")
    assert sum(text.count(f"column {x}, row 0") for x in range(1, 6)) == HINT_MOVES == 3, text
    assert all(f"column {x}, row 0" in text for x in (5, 4, 3))
    assert "column 1, row 0" not in text


def _searched(values: dict[str, float], margins: dict[str, float]) -> Decision:
    best = max(values, key=values.__getitem__)
    return Decision(best, value=values[best], visits=dict.fromkeys(values, 100), values=values,
                    margins=margins)


def test_a_move_within_the_search_margin_is_about_as_good() -> None:
    # 55% against 53% with a margin of 6 points: the search cannot rank them, so the hint
    # does not; 40% lies well outside it and stays a move worth a look.
    values = {"place:X-L01@1,0": 0.1, "place:X-L01@2,0": 0.06, "place:X-L01@3,0": -0.2}
    margins = {"place:X-L01@1,0": 0.0, "place:X-L01@2,0": 0.06, "place:X-L01@3,0": 0.06}
    text = _explain(_searched(values, margins), "en")
    assert " — about as good: " in text and " — also worth a look: " in text, text
    close, also = text.split(" — about as good: ")[1].split(" — also worth a look: ")
    assert "column 2, row 0" in close and "(53%)" in close, text
    assert "column 3, row 0" in also and "(40%)" in also, text
    ja = _explain(_searched(values, margins), "ja")
    assert "。ほぼ互角の手：" in ja and "。ほかの候補：" in ja, ja
    assert ja.index("ほぼ互角") < ja.index("0行2列") < ja.index("ほかの候補") < ja.index("0行3列")


def test_a_search_without_margins_ranks_as_before() -> None:
    values = {"place:X-L01@1,0": 0.1, "place:X-L01@2,0": 0.09}
    text = _explain(_searched(values, {}), "en")
    assert "about as good" not in text and " — also worth a look: " in text, text


def test_exact_values_are_about_as_good_only_when_equal() -> None:
    # A solved position (Magos solo) judges every move exactly: no margin at all.
    values = {"place:X-L01@1,0": 0.1, "place:X-L01@2,0": 0.1, "place:X-L01@3,0": 0.08}
    zero = dict.fromkeys(values, 0.0)
    text = _explain(_searched(values, zero), "en")
    close, also = text.split(" — about as good: ")[1].split(" — also worth a look: ")
    assert "column 2, row 0" in close and "column 3, row 0" in also, text
