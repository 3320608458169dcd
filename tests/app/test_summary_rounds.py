"""The end-of-game summary of a game played in rounds: the score table, one chart tab per panel,
and one point per round (the value at the round's end) instead of one per move."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from tabletop.app.newgame import GameSetup
from tabletop.app.series import Series
from tabletop.app.summary import SummaryDialog, panel_lines, series_lines
from tabletop.engine import CHANCE, Session
from tabletop.games.national_economy.plugin import PLUGIN
from tabletop.registry import load_plugins

GAME = "national-economy"


def test_series_lines_keep_the_last_sample_of_each_x() -> None:
    samples = [(1, {"a": 1.0}), (1, {"a": 2.0, "b": 5.0}), (2, {"a": 3.0}),
               (2, {"a": 4.0, "b": 6.0}), (3, {"b": 7.0})]
    assert series_lines(samples) == {"a": ([1.0, 2.0], [2.0, 4.0]),
                                     "b": ([1.0, 2.0, 3.0], [5.0, 6.0, 7.0])}
    # Distinct x values (moves) are all kept, in order.
    assert series_lines([(0, {"a": 1.0}), (1, {"a": 2.0})]) == {"a": ([0.0, 1.0], [1.0, 2.0])}


def test_panels_take_series_by_first_matching_word() -> None:
    lines = {name: ([1.0], [float(i)]) for i, name in
             enumerate(["P1 cash", "P1 Assets", "P2 cash", "Household", "Round wage"])}
    groups = panel_lines(lines, [("Money", ("cash", "household")), ("Worth", ("assets",)),
                                 ("Empty", ("nothing",)), ("Cash again", ("cash",))], "Other")
    assert [(title, list(group)) for title, group in groups] == [
        ("Money", ["P1 cash", "P2 cash", "Household"]),
        ("Worth", ["P1 Assets"]),
        ("Other", ["Round wage"]),
    ]


def test_dialog_without_panels_or_table_keeps_one_chart(qtbot) -> None:
    samples = [(0, {"P1 HP": 15.0}), (1, {"P1 HP": 12.0})]
    dialog = SummaryDialog("Magos", "Player 1 wins.", samples, ["Player 1"], "en")
    qtbot.addWidget(dialog)
    assert dialog.chart_tabs is None and dialog.score_table is None
    assert dialog.plots == [dialog.plot]
    assert dialog.plot.getPlotItem().getAxis("bottom").labelText == "Move"


def test_a_flat_line_is_drawn_on_a_scale_that_says_it_is_flat(qtbot) -> None:
    # A value that never moves once autoscaled to 1.00-1.15, which read as a swing.
    for value in (1.0, 12.0, -3.0):
        samples = [(x, {"P1 cash": value}) for x in range(3)]
        dialog = SummaryDialog("Toy", "Player 1 wins.", samples, ["Player 1"], "en")
        qtbot.addWidget(dialog)
        (low, high) = dialog.plot.getPlotItem().viewRange()[1]
        assert low <= min(0.0, value) and high >= max(0.0, value), (value, low, high)
        assert high - low >= max(1.0, abs(value))
        assert dialog.plot.getPlotItem().getAxis("left").labelText != "Value"


def play_hot_seat(window, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """Seeded random legal moves for whoever is to move, claiming the screen when asked."""
    c = window.controller
    moves = 0
    while not c.over:
        if c.awaiting_privacy is not None:
            window.privacy_page.button.click()
        assert c.is_human_turn()
        legal = c.session.legal_actions()
        assert c.submit_human(legal[rng.randrange(len(legal))])
        moves += 1
        assert moves < 2_000, "the game does not end"
    return moves


def round_ends(c) -> dict[int, tuple[list[int], int]]:  # type: ignore[no-untyped-def]
    """Per round: each player's cash and the household after the round's last decision, read
    from the session's own history (the state that decision led to, before any draw)."""
    ends: dict[int, tuple[list[int], int]] = {}
    history = c.session.history
    for ply, rec in enumerate(history):
        if rec.seat == CHANCE:
            continue
        before = c.session.state_at(ply)
        after = c.session.state_at(ply + 1)
        ends[before.round] = (list(after.cash), after.household)
    return ends


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_national_economy_summary_shows_the_table_and_rounds(make_window, lang: str) -> None:
    window = make_window({GAME: PLUGIN}, lang=lang)
    c = window.start_game(GameSetup(GAME, 2, ["human", "human"], {}, seed=3, fixed_seed=True))
    assert c is not None
    moves = play_hot_seat(window, random.Random(8))
    obs = c.session.observation(None)
    assert obs["phase"] == "over" and obs["round"] == 9
    dialog = window.ending.summary_dialog
    assert isinstance(dialog, SummaryDialog)

    # The score table: names across, categories down, the total last and in bold.
    table = dialog.findChild(QTableWidget, "scoreTable")
    assert table is not None and table is dialog.score_table
    en = lang == "en"
    header = [table.horizontalHeaderItem(col).text() for col in range(table.columnCount())]
    assert header == (["", "Player 1", "Player 2"] if en else ["", "プレイヤー1", "プレイヤー2"])
    last = table.rowCount() - 1
    assert table.item(0, 0).text() == ("Cash" if en else "現金")
    assert table.item(last, 0).text() == ("Total assets" if en else "総資産")
    scores = obs["scores"]
    for p in range(2):
        assert table.item(last, p + 1).text() == str(scores[p]["total"])
        assert table.item(0, p + 1).text() == str(obs["players"][p]["cash"])
        assert table.item(last - 1, p + 1).text() == str(-scores[p]["penalty"])
        column = [int(table.item(r, p + 1).text()) for r in range(last)]
        assert sum(column) == scores[p]["total"]
    assert all(table.item(last, col).font().bold() for col in range(3))
    assert not table.item(0, 0).font().bold()
    assert table.item(0, 1).textAlignment() & Qt.AlignmentFlag.AlignRight
    assert not table.item(0, 1).flags() & Qt.ItemFlag.ItemIsEditable
    assert table.editTriggers() == QTableWidget.EditTrigger.NoEditTriggers
    assert table.font().pointSize() >= 11
    # Sized to its rows: nothing hidden behind a scroll bar.
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.height() >= rows + table.horizontalHeader().height()

    # One tab per panel, titled by it, each a chart against the round.
    tabs = dialog.chart_tabs
    assert tabs is not None
    titles = [tabs.tabText(i) for i in range(tabs.count())]
    assert titles == (["Cash", "Total assets", "Household"] if en else ["現金", "総資産", "家計"])
    assert [tabs.widget(i) for i in range(tabs.count())] == dialog.plots
    curves = {}
    for plot in dialog.plots:
        item = plot.getPlotItem()
        assert item.getAxis("bottom").labelText == ("Round" if en else "ラウンド")
        for curve in item.listDataItems():
            curves[curve.name()] = curve.getData()
    cash, assets = ("cash", "assets") if en else ("現金", "総資産")
    household = "Household" if en else "家計"
    assert sorted(curves) == sorted([f"P1 {cash}", f"P2 {cash}", f"P1 {assets}", f"P2 {assets}",
                                     household])
    # One point per round, though the game took many more moves than that.
    assert moves > 60
    for xs, _ys in curves.values():
        assert list(xs) == [float(r) for r in range(1, 10)]
    # Each point is the value at the end of its round, after its last decision (and payday).
    ends = round_ends(c)
    assert sorted(ends) == list(range(1, 10))
    for r in range(1, 10):
        end_cash, end_household = ends[r]
        for p in range(2):
            assert curves[f"P{p + 1} {cash}"][1][r - 1] == end_cash[p]
        assert curves[household][1][r - 1] == end_household
    for p in range(2):
        assert curves[f"P{p + 1} {assets}"][1][-1] == scores[p]["total"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_magos_chart_colours_hp_and_mana_as_the_meters_do(make_window, lang: str) -> None:
    from tabletop.games.magos.plugin import PLUGIN as MAGOS
    from tabletop.games.magos.view import HP_COLOR, MANA_COLOR

    window = make_window({"magos": MAGOS}, lang=lang)
    c = window.start_game(GameSetup("magos", 2, ["human", "human"], {}, seed=5,
                                    fixed_seed=True))
    assert c is not None
    play_hot_seat(window, random.Random(2))
    dialog = window.ending.summary_dialog
    assert isinstance(dialog, SummaryDialog) and dialog.plot is not None
    curves = dialog.plot.getPlotItem().listDataItems()
    mana = "mana" if lang == "en" else "マナ"
    seen = {}
    for curve in curves:
        name = curve.name()
        pen = curve.opts["pen"]
        kind = "HP" if "HP" in name else mana if mana in name else None
        assert kind is not None, name
        seen.setdefault(kind, []).append((pen.color().name(), pen.style()))
    # As on the table: every HP line red, every mana line blue; the players by the dash.
    assert [c for c, _ in seen["HP"]] == [HP_COLOR] * 2
    assert [c for c, _ in seen[mana]] == [MANA_COLOR] * 2
    for kind in ("HP", mana):
        assert seen[kind][0][1] == Qt.PenStyle.SolidLine != seen[kind][1][1]


@pytest.mark.parametrize(("game_id", "en", "ja"), [("secret-agent", "Turn", "手番"),
                                                   ("national-economy", "Round", "ラウンド")])
def test_the_chart_names_what_its_points_count(game_id: str, en: str, ja: str) -> None:
    # Secret Agent charts a point per turn, as its log counts them ("Turn 12"), so its axis
    # does not say "Round"; National Economy's points are rounds.
    plugin = load_plugins(include_entry_points=False)[0][game_id]
    session = Session(plugin.game, 3, {}, 1, human_seats=())
    chart = Series(plugin.view(), plugin.speaker().say)
    rng = random.Random(1)
    for decisions in range(60):
        chart.record(session, decisions)
        session.submit(session.current_player(), rng.choice(session.legal_actions()))
    assert (chart.axis("en"), chart.axis("ja")) == (en, ja)


@pytest.mark.parametrize("game", ["national-economy", "saboteur2", "magos"])
def test_a_match_that_comes_with_a_history_is_charted_from_its_start(game: str) -> None:
    """A save resumed late in a match: its summary charts the whole match, not only what was
    played after resuming."""
    plugin = load_plugins(include_entry_points=False)[0][game]
    session = Session(plugin.game, plugin.game.spec.min_players, {}, 7)
    rng = random.Random(7)
    live = Series(plugin.view(), lambda m, lang: str(m))
    decisions = 0
    live.record(session, decisions)
    while not session.is_terminal() and decisions < 120:
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
        decisions += 1
        live.record(session, decisions)
    resumed = Series(plugin.view(), lambda m, lang: str(m))
    resumed.record(session, decisions)
    assert decisions > 10
    assert resumed.points("en") == live.points("en")
