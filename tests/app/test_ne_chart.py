"""The end-of-game chart of a National Economy game tells the truth in every round.

The app samples the chart after each decision but shows it only when the game is over. Total
assets include the Farmers' Co-op bonus for the consumer goods in its owner's hand (NE-B15,
NE-R61); hands are hidden from the spectator's view until the end, so a chart built from that
view left the bonus out and jumped in the last round. The chart now takes each player's figures
from their own view."""

from __future__ import annotations

import random
from typing import Any

from tabletop.app.newgame import GameSetup
from tabletop.app.summary import series_lines
from tabletop.engine import CHANCE
from tabletop.games.national_economy.data import GOODS
from tabletop.games.national_economy.model import NEState, Phase
from tabletop.games.national_economy.plugin import PLUGIN, SOLO_PLUGIN
from tabletop.games.national_economy.scoring import score_breakdown

GAME = "national-economy"
AGRI_OWN = ("place:own:plantation", "place:own:farm", "place:own:orchard",
            "place:own:slash_and_burn")


def co_op_policy(s: NEState, seat: int, legal: list[str], rng: random.Random) -> str:
    """Seat 0 builds the Farmers' Co-op and farms, and keeps its consumer goods; the others
    play at random. With seed 1 seat 0 owns the Co-op and holds goods from round 5 on."""
    if seat != 0:
        return legal[rng.randrange(len(legal))]
    for a in ("build:farmers_coop", "build:plantation", "build:farm", "build:orchard"):
        if a in legal:
            return a
    if s.phase == Phase.PLACE:
        if "farmers_coop" in s.buildings[0]:
            for a in AGRI_OWN:
                if a in legal:
                    return a
        if "place:carpenter" in legal:
            return "place:carpenter"
        for a in (*AGRI_OWN, "place:mine"):
            if a in legal:
                return a
    keep = ("discard:goods", "discard:farmers_coop")
    discards = [a for a in legal if a.startswith("discard:") and a not in keep]
    if discards:
        return discards[0]
    return legal[rng.randrange(len(legal))]


def play(c: Any, seed: int) -> None:
    """Both seats are people at one screen; the privacy page is passed by ``reveal``."""
    rng = random.Random(seed)
    for _ in range(3_000):
        if c.over:
            return
        if c.awaiting_privacy is not None:
            c.reveal()
        seat = c.session.current_player()
        assert c.submit_human(co_op_policy(c.session.state, seat, c.session.legal_actions(),
                                           rng))
    raise AssertionError("the game does not end")


def true_assets_per_round(c: Any, seat: int) -> dict[int, int]:
    """Seat's total assets after each round's last decision (and the chance it led to), from
    the session's true states."""
    history = c.session.history
    decisions = [i for i, r in enumerate(history) if r.seat != CHANCE]
    out: dict[int, int] = {}
    for k, i in enumerate(decisions):
        settled = decisions[k + 1] if k + 1 < len(decisions) else len(history)
        out[c.session.state_at(i).round] = c.session.state_at(settled).score(seat).total
    return out


def test_total_assets_include_the_co_op_bonus_before_the_last_round(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window({GAME: PLUGIN})
    c = window.start_game(GameSetup(GAME, 2, ["human", "human"], {}, seed=1, fixed_seed=True))
    assert c is not None
    play(c, seed=1)
    lines = series_lines(c.chart.points(c.lang))
    xs, ys = lines["P1 assets"]
    chart = dict(zip(xs, ys, strict=True))
    truth = true_assets_per_round(c, 0)
    assert sorted(chart) == sorted(truth) == list(range(1, 10))
    assert chart == {float(r): float(v) for r, v in truth.items()}
    # The game does test the bonus: rounds before the last in which seat 0 owned the Co-op
    # and held goods, where the spectator's view (no hands) gives a smaller figure.
    hidden_bonus = []
    for r in range(1, 9):
        s = _end_of_round(c, r)
        if "farmers_coop" in s.buildings[0] and GOODS in s.hands[0]:
            public = score_breakdown(s.buildings[0], s.cash[0], s.penalties[0], s.workers[0], [])
            assert public.total < chart[float(r)]
            hidden_bonus.append(r)
    assert len(hidden_bonus) >= 3, hidden_bonus
    # The Japanese chart carries the same numbers.
    ja = series_lines([(x, v) for x, v in _series_in(c, "ja")])
    assert ja["P1 総資産"] == lines["P1 assets"]


def _end_of_round(c: Any, rnd: int) -> NEState:
    history = c.session.history
    decisions = [i for i, r in enumerate(history) if r.seat != CHANCE]
    last = [k for k, i in enumerate(decisions) if c.session.state_at(i).round == rnd][-1]
    settled = decisions[last + 1] if last + 1 < len(decisions) else len(history)
    state: NEState = c.session.state_at(settled)
    return state


def _series_in(c: Any, lang: str) -> list[tuple[int, dict[str, float]]]:
    old = c.lang
    c.lang = lang
    try:
        return list(c.chart.points(c.lang))
    finally:
        c.lang = old


def test_solo_chart_includes_the_co_op_bonus_too(make_window) -> None:  # type: ignore[no-untyped-def]
    # The solo game's spectator view hides the hand as well; seed 55 has the Co-op and goods
    # from round 2 on.
    window = make_window({"national-economy-solo": SOLO_PLUGIN})
    c = window.start_game(GameSetup("national-economy-solo", 1, ["human"],
                                    {"wage_failure": "penalty-tokens"}, seed=55,
                                    fixed_seed=True))
    assert c is not None
    play(c, seed=55)
    xs, ys = series_lines(c.chart.points(c.lang))["P1 assets"]
    truth = true_assets_per_round(c, 0)
    assert dict(zip(xs, ys, strict=True)) == {float(r): float(v) for r, v in truth.items()}
    s = _end_of_round(c, 4)
    assert "farmers_coop" in s.buildings[0] and GOODS in s.hands[0]
