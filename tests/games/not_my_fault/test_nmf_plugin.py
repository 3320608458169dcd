"""The Not My Fault! plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.not_my_fault.data import MILESTONES, VALUES
from tabletop.games.not_my_fault.model import NotMyFaultGame
from tabletop.games.not_my_fault.plugin import PLUGIN
from tabletop.games.not_my_fault.view import NotMyFaultView
from tests.games.plugincheck import assert_plugin, rulebooks


def test_plugin_fields() -> None:
    # "(仮)" only marked the title as provisional in the designer's post.
    assert_plugin(PLUGIN, NotMyFaultGame, NotMyFaultView,
                  names=("not-my-fault", "Not My Fault!", "Not My Fault!"),
                  # The spec names no option: the decisions of its §6 are fixed.
                  players=(2, 5), options={})


def test_rulebooks_cover_cards_milestones_and_controls() -> None:
    en, ja = rulebooks(PLUGIN)
    assert en.startswith("# Not My Fault!\n") and ja.startswith("# Not My Fault!\n")
    for text in (en, ja):
        assert "| " + " | ".join(str(v) for v in VALUES) + " |" in text
        assert "| 4 | 7 | 12 | 8 | 4 |" in text
        for m in MILESTONES:
            assert str(m) in text
    for word in ("Audit!", "(A)", "reprimand", "reserve", "25", "no cards", "**5**"):
        assert word in en
    for word in ("監査!", "(A)", "戒告", "取り置き", "手札がない", "**5枚**"):
        assert word in ja
