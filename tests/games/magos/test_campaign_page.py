"""The Magos solo campaign page, Magos solo's front page in the app: the 17 opponents in order,
battles recorded and saved at once, progress surviving a restart, defeats making a draft due,
damaged files kept aside, and battles saved before pages had tags still counting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtWidgets import QPushButton

from tabletop.games.magos.campaign import Campaign, CampaignStore
from tabletop.games.magos.campaign_page import CampaignPage
from tabletop.games.magos.data import CAMPAIGN_ORDER, ENEMIES, FIRST_GAME_HAND
from tabletop.testing.table_driver import Windows, temp_data_dir, temp_settings
from tests.app.magos_driver import PLUGINS, SOLO, greedy, passive, play_out, solo_plugins

pytestmark = pytest.mark.skipif(SOLO not in PLUGINS, reason="Magos solo did not load")

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves and campaigns go to a temporary folder, never the real user directory."""
    return temp_data_dir(tmp_path, monkeypatch)


@pytest.fixture
def make_window(qtbot, tmp_path: Path) -> Iterator[Windows]:  # type: ignore[no-untyped-def]
    windows = Windows(qtbot, temp_settings(tmp_path))
    yield windows
    windows.close_all()


def open_page(window):  # type: ignore[no-untyped-def]
    button = window.chooser.findChild(QPushButton, f"play-{SOLO}")
    assert button is not None
    button.click()
    page = window.front_pages.page(SOLO)
    assert page is not None and window.stack.currentWidget() is page
    assert isinstance(page, CampaignPage)
    return page


def test_chooser_opens_the_campaign_with_17_opponents_in_order(make_window) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    assert [r.enemy.id for r in page.enemy_rows] == list(CAMPAIGN_ORDER)  # MG-G1
    assert len(page.enemy_rows) == 17
    for row in page.enemy_rows:
        e = row.enemy
        assert f"a-{e.number}" in row.name.text() and f"HP {e.hp}" in row.name.text()
        assert e.en in row.name.text() and e.ja in row.name.text()
        assert row.grid.text().count("<tr>") == len(e.bands)  # one grid row per HP band
        assert not row.art.pixmap().isNull()
    # No campaign yet: nothing to fight, nothing marked.
    assert page.slot_names() == [] and not page.fight_button.isEnabled()
    assert all(r.mark_text() == "" and not r.is_next for r in page.enemy_rows)


def test_a_won_battle_is_saved_and_a_new_window_continues_it(make_window, data_dir: Path,
                                                             qtbot) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    assert page.new_campaign("main", draft=False) is not None
    assert page.fight_button.text() == "Fight Training Dummy"
    c = page.fight(seed=3)
    assert c is not None and window.stack.currentWidget() is window.table_page
    assert c.session.options["enemy"] == "training_dummy"
    assert c.session.options["hand"] == ",".join(FIRST_GAME_HAND)
    play_out(c, greedy)
    turn = c.session.observation(0)["players"][0]["turns"]
    assert c.session.returns() == [1.0]
    # The campaign's own result replaces the summary, and the slot is already on disk.
    assert window.ending.summary_dialog is None and page.result_dialog is not None
    assert page.result_dialog.heading.text() == "Victory over Training Dummy!"
    assert "Vampire" in page.result_dialog.text.text()
    saved = CampaignStore(data_dir / "magos").load("main")
    assert saved.enemy_index == 1 and saved.defeats == 0 and saved.battles == 1
    assert saved.beaten[0].enemy == "training_dummy" and saved.beaten[0].turn == turn
    assert saved.spells == FIRST_GAME_HAND  # MG-R51: a victory keeps the five spells
    page.result_dialog.back_button.click()
    assert window.controller is None and window.stack.currentWidget() is page
    assert page.enemy_rows[0].mark_text() == f"✔ Beaten on turn {turn}"

    # A restart: a new window and a new page read the same progress.
    other = make_window(solo_plugins())
    again = open_page(other)
    assert again is not page and again.slot_names() == ["main"]
    assert again.campaign is not None and again.campaign.enemy == "vampire"
    assert again.enemy_rows[0].mark_text() == f"✔ Beaten on turn {turn}"
    assert again.enemy_rows[1].is_next and not again.enemy_rows[2].is_next
    assert again.fight_button.text() == "Fight Vampire"
    assert "Beaten 1/17" in again.score_label.text()
    assert "Defeats 0" in again.score_label.text()
    assert "Harmony, Pain, Fireball, Resonance, Healing" in again.spells_label.text()


def test_a_defeat_adds_to_the_score_and_makes_a_draft_due(make_window, data_dir: Path) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    page.new_campaign("hard luck", draft=False)
    c = page.fight(seed=1)
    assert c is not None
    play_out(c, passive)  # never casting, the wizard falls to the Training Dummy
    assert c.session.returns() == [-1.0]
    assert page.result_dialog is not None
    assert page.result_dialog.heading.text() == "Defeated — draft again"
    saved = CampaignStore(data_dir / "magos").load("hard luck")
    assert saved.draft_due and saved.defeats == 1 and saved.enemy_index == 0  # MG-R51, MG-R58
    assert page.spells_label.text().startswith("A draft is due")
    assert "Defeats 1" in page.score_label.text()
    # The next battle against the same opponent opens with the draft.
    page.result_dialog.back_button.click()
    c2 = page.fight(seed=2)
    assert c2 is not None
    assert c2.session.options["setup"] == "draft" and c2.session.options["enemy"] == (
        "training_dummy")
    assert any(a.startswith("keep:") for a in c2.session.legal_actions())


def test_winning_the_last_battle_shows_the_campaign_won(make_window, data_dir: Path) -> None:
    store = CampaignStore(data_dir / "magos")
    c = Campaign.new("all", spells=FIRST_GAME_HAND)
    c = c.after_battle(False)  # one defeat on the way
    while c.enemy != "intruder":
        c = c.after_battle(True, FIRST_GAME_HAND, turn=4)
    assert c.enemy == "intruder"
    store.save(c)
    window = make_window(solo_plugins())
    page = open_page(window)
    assert page.fight_button.text() == "Fight Intruder from the Void"
    # The battle itself is long; a finished one is handed over as the window would.
    obs = {"winner": 0, "players": [{"turns": 7, "hand": [{"spell": s} for s in
                                                          FIRST_GAME_HAND]}]}
    fake = SimpleNamespace(session=SimpleNamespace(observation=lambda seat: obs),
                           summary_text=lambda lang: "Victory!")
    page._battle = (page.campaign, fake)
    assert page.match_over(fake)
    assert not page.match_over(fake)  # recorded once only
    assert page.result_dialog is not None
    assert page.result_dialog.heading.text() == "Campaign won!"
    assert "Score (defeats, lower is better): 1 in 18 battles" in page.result_dialog.text.text()
    saved = store.load("all")
    assert saved.finished and saved.beaten[-1].enemy == "intruder" and saved.beaten[-1].turn == 7
    assert page.won_banner.isVisibleTo(page)
    assert "Score (defeats): 1 in 18 battles" in page.won_banner.text()
    assert not page.fight_button.isEnabled()
    assert all(r.mark_text().startswith("✔") for r in page.enemy_rows)


def test_a_damaged_file_is_reported_kept_aside_and_the_page_goes_on(make_window,
                                                                   data_dir: Path) -> None:
    store = CampaignStore(data_dir / "magos")
    store.save(Campaign.new("good"))
    broken = store.path("broken")
    broken.write_bytes(b'{"format": "tabletop-magos-campaign", "version": 1, "slot": ')
    window = make_window(solo_plugins())
    page = open_page(window)
    box = window.message_box
    assert box is not None and box.windowTitle() == "A campaign file is damaged"
    kept = [p for p in (data_dir / "magos").iterdir() if p.name.startswith("broken.damaged-")]
    assert len(kept) == 1 and not broken.exists()
    assert str(broken) in box.text() and "cut short" in box.text()
    assert f"kept aside as {kept[0]}" in box.text()
    assert kept[0].read_bytes().startswith(b'{"format"')  # never rewritten
    assert page.slot_names() == ["good"]
    assert page.new_campaign("fresh") is not None
    assert page.slot_names() == ["fresh", "good"] and page.campaign.slot == "fresh"


def test_new_campaign_names_and_delete_ask_first(make_window) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    assert page.name_edit.text() == "Campaign 1"
    page.new_button.click()
    assert page.slot_names() == ["Campaign 1"] and page.campaign.draft_due
    assert page.name_edit.text() == "Campaign 2"
    assert page.new_campaign("Campaign 1") is None  # taken: reported, nothing overwritten
    assert window.message_box is not None and "already exists" in window.message_box.text()
    assert page.new_campaign(" padded ") is not None  # surrounding spaces are trimmed
    page.select_slot("Campaign 1")
    asked: list[str] = []

    def refuse(title: str, text: str) -> bool:
        asked.append(text)
        return False

    page.confirm = refuse
    assert not page.delete_selected()
    assert asked == ["The campaign 'Campaign 1' and all its progress will be deleted."]
    assert "Campaign 1" in page.slot_names()
    page.confirm = lambda title, text: True
    assert page.delete_selected()
    assert page.slot_names() == ["padded"]


def test_single_battle_opens_the_new_game_dialog(make_window, monkeypatch) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    asked: list[str] = []
    monkeypatch.setattr(window, "open_new_game", lambda gid: asked.append(gid))
    page.single_button.click()
    assert asked == [SOLO]


def test_the_page_follows_the_language(make_window) -> None:
    window = make_window(solo_plugins())
    page = open_page(window)
    page.new_campaign("x", draft=False)
    window.set_language("ja")
    assert page.fight_button.text() == f"{ENEMIES['training_dummy'].ja}と戦う"
    assert page.enemy_rows[0].name.text().index("訓練ダミー") < page.enemy_rows[0].name.text(
        ).index("Training Dummy")


def test_a_battle_resumed_after_a_restart_still_counts(make_window, data_dir: Path) -> None:
    """MG-R51/MG-R58 across a restart: the autosave carries the campaign slot, so the result
    of a battle finished in the next session goes into the campaign."""
    first = make_window(solo_plugins())
    page = open_page(first)
    page.new_campaign("long night", draft=False)
    c = page.fight(seed=3)
    assert c is not None
    for _ in range(4):  # part of a battle, then the app goes away without any clean-up
        assert c.submit_human(greedy(c.session.legal_actions()))
    history = c.session.decisions()
    first.close()

    second = make_window(solo_plugins())
    assert second.files.pending is not None
    resumed = second.files.resume_pending()
    assert resumed is not None and resumed.session.decisions() == history
    assert resumed.setup.tag == "long night"
    play_out(resumed, greedy)
    assert resumed.session.returns() == [1.0]
    # The campaign page recorded it (and shows its result, not the plain summary).
    page2 = second.front_pages.page(SOLO)
    assert page2 is not None and page2.result_dialog is not None
    assert second.ending.summary_dialog is None
    saved = CampaignStore(data_dir / "magos").load("long night")
    assert saved.enemy_index == 1 and saved.battles == 1 and saved.beaten[0].enemy == (
        "training_dummy")


def test_a_resumed_battle_of_a_campaign_that_moved_on_does_not_count(make_window,
                                                                     data_dir: Path) -> None:
    first = make_window(solo_plugins())
    page = open_page(first)
    page.new_campaign("moved", draft=False)
    c = page.fight(seed=3)
    assert c is not None
    assert c.submit_human(greedy(c.session.legal_actions()))
    first.close()
    # Meanwhile the campaign was counted past this opponent (another copy of the app, say).
    store = CampaignStore(data_dir / "magos")
    store.save(store.load("moved").after_battle(True, list(FIRST_GAME_HAND), 3))

    second = make_window(solo_plugins())
    resumed = second.files.resume_pending()
    assert resumed is not None
    assert second.message_box is not None and "moved" in second.message_box.text()
    play_out(resumed, greedy)
    assert second.ending.summary_dialog is not None  # a single battle: the ordinary summary
    saved = store.load("moved")
    assert saved.enemy_index == 1 and saved.battles == 1  # not counted a second time


def test_a_save_written_before_page_tags_resumes_into_its_campaign(make_window,
                                                                    data_dir: Path) -> None:
    """A campaign battle autosaved by an earlier version (its slot under ``ui["campaign"]``)
    is offered at the next start and, finished, still counts for its campaign."""
    (data_dir / "autosave").mkdir(parents=True)
    (data_dir / "magos").mkdir(parents=True)
    save = DATA / "campaign-battle-before-tags.json"
    assert '"campaign": "long night"' in save.read_text(encoding="utf-8")
    (data_dir / "autosave" / "current.json").write_bytes(save.read_bytes())
    (data_dir / "magos" / "long night.json").write_bytes(
        (DATA / "campaign-long-night-before-tags.json").read_bytes())
    window = make_window(solo_plugins())
    assert window.files.pending is not None
    resumed = window.files.resume_pending()
    assert resumed is not None and window.message_box is None  # adopted without a warning
    assert resumed.session.decisions()[:3] == ["roll:6", "cast:pain:6", "end"]
    play_out(resumed, greedy)
    assert resumed.session.returns() == [1.0]
    page = window.front_pages.page(SOLO)
    assert window.ending.summary_dialog is None and page is not None
    assert page.result_dialog is not None
    saved = CampaignStore(data_dir / "magos").load("long night")
    assert saved.enemy_index == 1 and saved.battles == 1
    assert saved.beaten[0].enemy == "training_dummy"
