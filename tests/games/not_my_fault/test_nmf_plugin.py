"""The Not My Fault! plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.not_my_fault.data import MILESTONES, VALUES
from tabletop.games.not_my_fault.model import NotMyFaultGame
from tabletop.games.not_my_fault.plugin import PLUGIN
from tabletop.games.not_my_fault.view import NotMyFaultView


def test_plugin_fields() -> None:
    assert isinstance(PLUGIN.game, NotMyFaultGame)
    spec = PLUGIN.game.spec
    # "(仮)" only marked the title as provisional in the designer's post.
    assert (spec.id, spec.name_en, spec.name_ja) == ("not-my-fault", "Not My Fault!",
                                                     "Not My Fault!")
    assert (spec.min_players, spec.max_players) == (2, 5)
    assert spec.has_hidden_information and spec.rules_file == "not-my-fault"
    assert spec.resolve_options() == {}  # the spec names no option; §6 decisions are fixed
    assert isinstance(PLUGIN.view(), NotMyFaultView)


def test_rulebooks_cover_cards_milestones_and_controls() -> None:
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
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
