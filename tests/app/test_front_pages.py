"""A game's own front page, hosted by the app through ``tabletop.api.GameHost``: Play opens it,
its matches carry its tag into the save file and come back to it when they end or are resumed,
it follows the language, and a page that cannot be built is reported, not fatal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QPushButton, QWidget

from tabletop.api import GameHost, GamePlugin, Match
from tabletop.app.newgame import GameSetup
from tests.toygame import ToyGame, ToyView


class ToyPage(QWidget):
    """A front page that records what the app asks of it."""

    def __init__(self, host: GameHost, takes_end: bool = True) -> None:
        super().__init__()
        self.host = host
        self.takes_end = takes_end
        self.calls: list[str] = []
        self.ended: list[Match] = []
        self.adopted: list[Match] = []

    def refresh(self) -> None:
        self.calls.append("refresh")

    def retranslate(self) -> None:
        self.calls.append(f"retranslate:{self.host.lang}")

    def match_over(self, match: Match) -> bool:
        self.ended.append(match)
        return self.takes_end

    def adopt(self, match: Match) -> bool:
        self.adopted.append(match)
        return True


def paged(pages: list[ToyPage], takes_end: bool = True) -> dict[str, GamePlugin]:
    def make(host: GameHost) -> ToyPage:
        page = ToyPage(host, takes_end)
        pages.append(page)
        return page

    return {"toy": GamePlugin(ToyGame(), ToyView, {}, page=make)}  # type: ignore[arg-type]


def open_page(window: Any) -> ToyPage:
    window.chooser.findChild(QPushButton, "play-toy").click()
    page = window.front_pages.page("toy")
    assert isinstance(page, ToyPage) and window.stack.currentWidget() is page
    return page


def test_play_opens_the_page_which_starts_tagged_matches_and_takes_their_end(
        make_window, qtbot, data_dir: Path) -> None:
    pages: list[ToyPage] = []
    window = make_window(paged(pages))
    assert pages == [] and window.front_pages.page("toy") is None  # built when first opened
    page = open_page(window)
    assert pages == [page] and page.host.lang == "en" and "refresh" not in page.calls
    match = page.host.start_match("toy", ["random", "random"], {"stones": 5}, 7, tag="slot 1")
    assert match is window.controller and match is not None
    assert match.tag == "slot 1" and match.setup.seed == 7 and match.setup.fixed_seed
    assert match.session.options["stones"] == 5
    qtbot.waitUntil(lambda: match.over, timeout=10_000)
    assert page.ended == [match] and window.ending.summary_dialog is None
    recent = sorted((data_dir / "recent").glob("toy-*.json"))
    assert json.loads(recent[0].read_text(encoding="utf-8"))["ui"]["tag"] == "slot 1"
    assert page.host.show_page() and window.controller is None
    assert window.stack.currentWidget() is page and page.calls == ["refresh"]
    # Without a seed the match draws a fresh one, and "Play again" draws again.
    again = page.host.start_match("toy", ["random", "random"], {}, tag="slot 2")
    assert again is not None and not again.setup.fixed_seed and again.tag == "slot 2"
    assert again.setup.again().tag is None  # a match played again is not the page's


def test_a_page_that_leaves_the_end_to_the_app_gets_the_summary(make_window, qtbot) -> None:
    pages: list[ToyPage] = []
    window = make_window(paged(pages, takes_end=False))
    page = open_page(window)
    match = page.host.start_match("toy", ["random", "random"], {}, 3, tag="x")
    assert match is not None
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=10_000)
    assert page.ended == [match]
    # A match started from the ordinary dialog is not the page's to end.
    other = window.start_game(GameSetup("toy", 2, ["random", "random"], {}, 4))
    assert other is not None
    qtbot.waitUntil(lambda: other.over, timeout=10_000)
    assert page.ended == [match]


def test_a_resumed_tagged_match_is_handed_back_to_its_page(make_window, data_dir: Path) -> None:
    first_pages: list[ToyPage] = []
    first = make_window(paged(first_pages))
    page = open_page(first)
    match = page.host.start_match("toy", ["human", "easy"], {}, 5, tag="long night")
    assert match is not None and match.submit_human("take:1")
    first.close()
    saved = json.loads((data_dir / "autosave" / "current.json").read_text(encoding="utf-8"))
    assert saved["ui"]["tag"] == "long night" and "campaign" not in saved["ui"]

    pages: list[ToyPage] = []
    second = make_window(paged(pages))
    resumed = second.files.resume_pending()
    assert resumed is not None and resumed.tag == "long night"
    assert [p.adopted for p in pages] == [[resumed]]  # built, not shown, and given the match
    assert second.stack.currentWidget() is second.table_page


def test_a_save_from_before_tags_resumes_with_its_campaign_slot_as_the_tag(
        make_window, data_dir: Path) -> None:
    first = make_window(paged([]))
    match = first.start_game(GameSetup("toy", 2, ["human", "easy"], {}, 5))
    assert match is not None and match.submit_human("take:1")
    first.close()
    path = data_dir / "autosave" / "current.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ui"]["campaign"] = "old slot"  # as the versions before page tags wrote it
    path.write_text(json.dumps(data), encoding="utf-8")
    pages: list[ToyPage] = []
    second = make_window(paged(pages))
    resumed = second.files.resume_pending()
    assert resumed is not None and resumed.tag == "old slot"
    assert [p.adopted for p in pages] == [[resumed]]


def test_the_page_follows_the_language(make_window) -> None:
    pages: list[ToyPage] = []
    window = make_window(paged(pages))
    page = open_page(window)
    window.set_language("ja")
    assert page.calls == ["retranslate:ja"] and page.host.lang == "ja"


def test_a_page_that_cannot_be_built_is_reported_on_the_chooser(make_window) -> None:
    def broken(host: GameHost) -> Any:
        raise RuntimeError("no page today")

    def not_a_widget(host: GameHost) -> Any:
        return object()

    for factory, problem in ((broken, "RuntimeError: no page today"),
                             (not_a_widget, "TypeError: the page is a object, not a QWidget")):
        plugin = GamePlugin(ToyGame(), ToyView, {}, page=factory)
        window = make_window({"toy": plugin})
        window.chooser.findChild(QPushButton, "play-toy").click()
        assert window.stack.currentWidget() is window.chooser
        assert window.front_pages.page("toy") is None
        text = window.chooser.error_banner.text()
        assert "The page of Stones could not be opened" in text and problem in text
