"""The hidden-information check at the glass (``tabletop.app.glasscheck``) over every game: what
any window shows the person at the screen depends only on what that person may know.

A seeded sample of every game runs with the tests: hand-overs between two people at one screen
(and two people with a computer seat among them), a computer's failed move announced to one
person, each solo game alone; a new match started after another, and the game list. Every
position of a few whole games runs with ``-m slow`` (``make slow``), which prints its figures.
Planted leaks show that the check catches what it is for: a window that keeps the last person's
replay open, and a computer's secret move named on the status line.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from tabletop.api import GamePlugin
from tabletop.app import glasscheck
from tabletop.app.glasscheck import (
    COMPUTER,
    HANDOVER,
    GlassCheck,
    GlassReport,
    Position,
    check_new_match,
    glass_window,
    positions,
)
from tabletop.registry import load_plugins
from tabletop.testing.table_driver import temp_settings

PLUGINS: dict[str, GamePlugin] = load_plugins(include_entry_points=False)[0]
HUMAN = "human"


def seatings(plugin: GamePlugin) -> list[tuple[str, list[str]]]:
    """The tables looked at for a game: two (or as many as it needs) people at one screen,
    two people and computer seats, and one person against the computer (alone, for a solo
    game)."""
    spec = plugin.spec
    least = max(2, spec.min_players)
    if spec.max_players < 2:
        return [(COMPUTER, [HUMAN])]
    found = [(HANDOVER, [HUMAN] * least)]
    if spec.max_players >= 3:
        found.append((HANDOVER, [HUMAN, HUMAN] + ["easy"] * (max(3, spec.min_players) - 2)))
    found.append((COMPUTER, [HUMAN] + ["easy"] * (least - 1)))
    return found


@pytest.fixture
def glass(qtbot: Any, tmp_path: Path) -> Iterator[Any]:
    """``glass()``: a shown 1280x800 window as the check drives it (settings and data in the
    test's folder), closed afterwards."""
    made: list[Any] = []
    settings = temp_settings(tmp_path)

    def make(plugins: dict[str, GamePlugin] | None = None) -> Any:
        window = glass_window(plugins or PLUGINS, settings, tmp_path / f"data{len(made)}")
        qtbot.addWidget(window)
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()


def sample(plugin: GamePlugin, seeds: range, every: int, limit: int | None,
           most: int | None) -> Iterator[Position]:
    for kind, seats in seatings(plugin):
        yield from islice(positions(plugin, kind, seats, seeds, every=every, limit=limit), most)


def test_every_game_is_looked_at() -> None:
    assert sorted(PLUGINS) == sorted([
        "buried-treasure", "magos", "magos-solo", "mr-sneaky", "national-economy",
        "national-economy-solo", "not-my-fault", "punimonyo", "saboteur2", "secret-agent",
        "sheep-and-thief", "spymaster"])


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_ci_sample(game_id: str, glass: Any) -> None:
    # Two positions of each table a game is played at, from seeded random matches, each with
    # the position itself and two variants drawn from the next viewer's observation.
    plugin = PLUGINS[game_id]
    check = GlassCheck(glass({game_id: plugin}))
    report = GlassReport()
    for position in sample(plugin, range(4), every=3, limit=1, most=2):
        report.add(check.check(plugin, position, variants=2))
    assert report.positions >= 2 * len(seatings(plugin)) - 1, report.summary()
    assert report.variants > 0 and report.texts_compared > 0, report.summary()
    if plugin.spec.max_players >= 2:
        # At a hand-over the person leaving saw other things in the variants: their pointer,
        # their hint and their replay showed other secrets. Otherwise the check proves little.
        assert report.variants_differing > 0, report.summary()
    assert not report.leaks, report.failure()


@pytest.mark.parametrize(("before", "after"), [
    (("saboteur2", HANDOVER, [HUMAN, HUMAN, "easy"]), ("secret-agent", HANDOVER, [HUMAN] * 3)),
    (("mr-sneaky", HANDOVER, [HUMAN, HUMAN]), ("saboteur2", HANDOVER, [HUMAN, HUMAN])),
    (("saboteur2", HANDOVER, [HUMAN, HUMAN]), ("magos", COMPUTER, [HUMAN, "easy"])),
    (("magos", HANDOVER, [HUMAN, HUMAN]), ("sheep-and-thief", HANDOVER, [HUMAN, HUMAN])),
])
def test_a_new_match_shows_nothing_of_the_last(before: tuple[str, str, list[str]],
                                               after: tuple[str, str, list[str]],
                                               glass: Any) -> None:
    # The reproductions: Mr. Sneaky's treasure line at the start of a Saboteur game, a
    # Saboteur role line at the start of a Magos duel, Saboteur's turning tip in Secret Agent.
    def first(game: str, kind: str, seats: list[str]) -> Position:
        return next(iter(positions(PLUGINS[game], kind, seats, range(3), every=2)))

    window = glass()
    assert check_new_match(window, glass, first(*before), first(*after), PLUGINS) == []


# -- planted leaks --------------------------------------------------------------------------

def _mr_sneaky_handovers() -> list[Position]:
    return list(positions(PLUGINS["mr-sneaky"], HANDOVER, [HUMAN, HUMAN], range(2),
                          every=2, limit=1))


def test_the_check_catches_a_replay_left_open(glass: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # A window that forgets nothing at a hand-over: the Rich Man's replay of the match stays
    # open for the Thief, showing the faces of the closed doors.
    from tabletop.app.window import MainWindow

    monkeypatch.setattr(MainWindow, "forget_transient", lambda self: None)
    plugin = PLUGINS["mr-sneaky"]
    check = GlassCheck(glass({"mr-sneaky": plugin}))
    report = check.check_all(plugin, _mr_sneaky_handovers(), variants=2)
    assert report.leaks, report.summary()
    assert all(leak.key.startswith("ReplayWindow") for leak in report.leaks)
    assert any("Only you know it is" in leak.truth for leak in report.leaks)


def test_the_check_catches_a_secret_move_on_the_status_line(
        glass: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The status line names the computer's move, as it once did: "it played Keep M12 instead".
    from tabletop.app.controller import GameController
    from tabletop.app.status import WARNING

    def named(self: GameController, message: str, action: str) -> None:
        move = self.speaker.describe(self.session.state, action, self.lang)
        self.status_changed.emit(f"It played {move} instead.", WARNING)

    monkeypatch.setattr(GameController, "_on_ai_failed", named)
    plugin = PLUGINS["sheep-and-thief"]
    check = GlassCheck(glass({"sheep-and-thief": plugin}))
    found = list(positions(plugin, COMPUTER, [HUMAN, "easy"], range(3), every=2, limit=1))
    report = check.check_all(plugin, found, variants=3)
    assert any(leak.key.endswith("StatusLabel#status") for leak in report.leaks), \
        report.failure()


def test_a_move_the_gesture_did_not_make_stops_the_check(glass: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # The check compares runs that made the same move: a drop that lands elsewhere is a fault
    # of the run, said as such, never a difference of the glass.
    plugin = PLUGINS["mr-sneaky"]
    position = _mr_sneaky_handovers()[0]
    legal = position.session(plugin.game).legal_actions()
    other = next(a for a in legal if a != position.action)
    check = GlassCheck(glass({"mr-sneaky": plugin}))
    monkeypatch.setattr(glasscheck, "offered",
                        lambda window, action: [g for g in window.table.gestures()
                                                if g.action == other])
    with pytest.raises(glasscheck.GlassFlowError, match=f"played '{other}'"):
        check.check(plugin, position, variants=1)


# -- the whole of a few games -----------------------------------------------------------------

SLOW_GAMES = ["mr-sneaky", "saboteur2", "magos", "sheep-and-thief", "secret-agent",
              "buried-treasure"]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", SLOW_GAMES)
def test_whole_games(game_id: str, glass: Any, capsys: pytest.CaptureFixture[str]) -> None:
    # Every position of two seeded matches at each table, three variants each.
    plugin = PLUGINS[game_id]
    check = GlassCheck(glass({game_id: plugin}))
    report = GlassReport()
    for position in sample(plugin, range(2), every=1, limit=None, most=None):
        report.add(check.check(plugin, position, variants=3))
    with capsys.disabled():
        print(f"\n{game_id}: {report.summary()}")
    assert report.variants_differing > 0
    assert not report.leaks, report.failure()

