"""A campaign battle offers the way back to the campaign at any moment, not only at its end:
the Game menu's "Back to Magos — solo campaign" leaves the battle (asking first while it runs)
for the campaign page, in both languages; an ordinary match offers no such item."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox

from tabletop.app.newgame import GameSetup
from tests.app.magos_driver import PLUGINS, greedy, solo_plugins
from tests.games.magos.test_campaign_page import data_dir, make_window, open_page  # noqa: F401


def test_the_game_menu_leads_back_to_the_campaign_mid_battle(make_window: Any,  # noqa: F811
                                                             monkeypatch: Any) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    assert not window.menus.act_page.isVisible()
    page.new_campaign("way back", draft=False)
    c = page.fight(seed=3)
    assert c is not None and window.controller is c
    act = window.menus.act_page
    assert act.isVisible() and act.text() == "Back to Magos — solo campaign"
    assert act in window.menus.menu_game.actions()
    window.set_language("ja")
    assert act.text() == "マゴス ソロキャンペーンに戻る"
    window.set_language("en")
    # Mid-battle the player is asked first; saying no keeps the battle on the table.
    window.ask_before_leaving = True
    assert c.submit_human(greedy(c.session.legal_actions()))
    asked: list[str] = []

    def answer(reply: QMessageBox.StandardButton) -> Any:
        def ask(*args: Any) -> QMessageBox.StandardButton:
            asked.append(str(args[1]))
            return reply
        return staticmethod(ask)

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    act.trigger()
    assert len(asked) == 1
    assert window.controller is c and window.stack.currentWidget() is not page
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    act.trigger()
    assert len(asked) == 2
    assert window.controller is None and window.stack.currentWidget() is page
    assert not act.isVisible()


def test_an_ordinary_match_offers_no_way_to_a_page(make_window: Any) -> None:  # noqa: F811
    window = make_window({**solo_plugins(), "magos": PLUGINS["magos"]})
    c = window.start_game(GameSetup("magos", 2, ["human", "easy"], {}, 1, True, None))
    assert c is not None
    assert not window.menus.act_page.isVisible()
