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
    assert text.count("(1,0)") == 2, text  # the cross once, the ladder once
    assert "(75%)" not in text and "(55%)" in text and "(40%)" in text, text
    ja = _explain(decision, "ja")
    assert ja.count("(1,0)") == 2 and "40%" in ja, ja


def test_the_hint_names_three_moves_at_most() -> None:
    values = {f"place:X-L01@{x},0": 0.1 * x for x in range(1, 6)}
    text = _explain(_lookahead(values), "en")
    assert sum(text.count(f"({x},0)") for x in range(1, 6)) == HINT_MOVES == 3, text
    assert "(5,0)" in text and "(4,0)" in text and "(3,0)" in text and "(1,0)" not in text
