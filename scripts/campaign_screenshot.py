"""Render the Magos solo campaign page and a solo battle in the middle of the enemy's turn, at
1280x800 offscreen, to PNG files for judging them by eye.

The data directory is a fresh temporary folder (``TABLETOP_DATA_DIR``), so no real campaign is
touched. Saves ``campaign.png`` (a campaign two opponents in, one defeat), ``campaign_new.png``
(no campaign yet), ``enemy_turn.png`` (the enemy's first die resolved, its row lit) and
``result.png`` (the campaign result dialog after a battle) and ``campaign_won.png`` (a
finished campaign).

    python scripts/campaign_screenshot.py [out_dir] [--lang ja|en]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-shots-")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests.*

from app_screenshot import pump, save  # the app shots' event pump and PNG writer
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tabletop.app.window import MainWindow
from tabletop.games.magos.campaign import Campaign, CampaignStore
from tabletop.games.magos.spec import SOLO_SPEC
from tests.app.magos_driver import greedy

SOLO = SOLO_SPEC.id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default="/tmp/campaign_shots")
    parser.add_argument("--lang", choices=("ja", "en"), default="ja")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(Path(os.environ["TABLETOP_DATA_DIR"]) / "shots.ini"),
                         QSettings.Format.IniFormat)
    window = MainWindow(lang=args.lang, settings=settings, ai_delay_ms=0)
    window.resize(1280, 800)
    window.show()

    window.front_pages.open(SOLO)
    save(window, out / "campaign_new.png")

    store = CampaignStore()
    c = Campaign.new("Sunday", spells=("harmony", "pain", "fireball", "resonance", "healing"))
    c = c.after_battle(True, turn=3).after_battle(False, turn=5)
    c = c.after_battle(True, ("harmony", "fireball", "killing_blade", "pain", "vitality"), turn=4)
    store.save(c)
    window.front_pages.open(SOLO)
    page = window.front_pages.page(SOLO)
    assert page is not None
    page.select_slot("Sunday")
    save(window, out / "campaign.png")

    controller = page.fight(seed=5)
    assert controller is not None
    controller.chance.step_ms = 60_000  # hold each step until this script moves on
    pump(0.3)
    while True:
        action = greedy(controller.session.legal_actions())
        controller.submit_human(action)
        if action == "end":
            break
    controller.chance.next_step()  # the first enemy die resolves and its row lights up
    save(window, out / "enemy_turn.png")

    controller.chance.step_ms = 0
    while not controller.over:
        if controller.chance.playing:
            controller.chance.next_step()
            continue
        controller.submit_human(greedy(controller.session.legal_actions()))
    pump(0.3)
    if page.result_dialog is not None:
        save(page.result_dialog, out / "result.png")
        page.back_to_campaign()

    won = Campaign.new("Done", spells=("harmony", "pain", "fireball", "resonance", "healing"))
    while won.enemy is not None:
        won = won.after_battle(True, turn=won.enemy_index % 5 + 2)
    store.save(won)
    page.select_slot("Done")
    save(window, out / "campaign_won.png")
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
