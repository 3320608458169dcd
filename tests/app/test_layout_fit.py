"""Every game's table fits its words at 1280x800 and at 1920x1080, in Japanese and in English.

Each case opens the real main window at one of the two sizes, plays a seeded match a dozen
seeded random moves into the game (until the person at the screen is to move again) and asks
the table what it painted (``tabletop.table.textreport``). It fails on:

* **overlap**: two texts printed over each other where both show. A text lying under a piece
  (the lower cards of a pile) is not printed over: the piece hides it, and hiding is judged
  apart. Texts of one piece overlap no more than texts of two.
* **covered**: a text a piece lies over in part (more than ``SLIVER`` pixels each way), so the
  player sees half of it. A card's texts may be hidden whole under another card (a pile, a
  hand stacked on purpose: at least ``WHOLLY`` of the text hidden); a free text, a zone's title
  or a meter's label may not be hidden at all.
* **cut**: a text clipped at its box or the window's edge; a text of a card or tile meant for
  reading (``READING_W`` table units wide or more) elided with "…" or left out for want of
  room. Only a card's second title line (a word's romaji) may be left out anywhere: the hover
  text and the large view have it. The texts of thumbnails (a pile's top card, a tableau in
  miniature, narrower than ``READING_W``) may be left out or elided: no size of type reads
  there, and the hover text says it all. The status line may not be cut either (it ends in
  "…" when it is); the action bar's buttons may not be squeezed. The log beside the table may
  wrap and scroll: it is not checked.
* **small**: a text below the size the table reaches today for its kind (``FLOORS``, in
  device pixels), or a card's body below 9 pt (12 px) at either size (a card too small for
  its whole text prints its brief; every card reads at 12 px or more in its large view,
  ``test_every_card_reads_at_nine_points_in_its_large_view``).

Games whose busiest moments a dozen random moves do not reach are looked at there too
(``MOMENTS``: Secret Agent with an attack under way).

``TABLETOP_LAYOUT_SHOTS=<folder>`` saves a screenshot of each case there, for a person to look.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from tabletop.api import GamePlugin
from tabletop.app.newgame import GameSetup
from tabletop.engine.game import TERMINAL
from tabletop.engine.layout import CARD_W
from tabletop.engine.session import Session
from tabletop.registry import load_plugins
from tabletop.table.art import GLANCE_ROLE
from tabletop.table.textreport import TextRecord, TextReport, text_report
from tests.games.punimonyo.pm_clock import ManualClock

plugins, _failures = load_plugins(include_entry_points=False)

#: Tables looked at besides each game's smallest and largest.
EXTRA_CASES: tuple[tuple[str, int], ...] = (("saboteur2", 5),)


def layout_cases(plugins: Mapping[str, GamePlugin],
                 extra: tuple[tuple[str, int], ...] = EXTRA_CASES) -> list[tuple[str, int]]:
    """Every registered game at its smallest and at its largest table, and ``extra``: a new
    game is looked at with nothing to add here."""
    cases = {(game_id, n) for game_id, p in plugins.items()
             for n in {p.spec.min_players, p.spec.max_players}}
    cases.update(c for c in extra if c[0] in plugins)
    return sorted(cases)


#: Every game at its smallest table, and the busiest tables of the games that seat more.
CASES: list[tuple[str, int]] = layout_cases(plugins)
SIZES = [(1280, 800), (1920, 1080)]
MOVES = 12  # seeded random decisions before the table is looked at
SEED = 3

#: Cards and tiles at least this wide (table units) are for reading; narrower ones are
#: thumbnails.
READING_W = CARD_W / 2
#: Pixels of a text a piece may overlap each way before the text counts as covered.
SLIVER = 1.5
#: Share of a card's text hidden under another card from which it counts as put away whole.
WHOLLY = 0.9

#: The smallest font (device pixels) each kind of text reaches now, per window size: free
#: texts, zone titles, meter labels, token and die labels, tile texts, a card's other texts
#: (title, badge, corner, "ends turn"), and the texts of thumbnails. A card's body answers to
#: ``NINE_POINTS``.
FLOORS: dict[tuple[int, int], dict[str, float]] = {
    (1280, 800): {"text": 7.5, "zone": 7.5, "meter": 11.0, "token": 6.5, "tile": 5.5,
                  "card": 6.5, "thumbnail": 3.5},
    (1920, 1080): {"text": 11.5, "zone": 11.5, "meter": 16.5, "token": 10.5, "tile": 9.5,
                   "card": 9.5, "thumbnail": 5.5},
}
#: 9 pt at 96 dpi: the size a card's words read at without effort.
NINE_POINTS = 12.0
#: A piece's picture is rendered to whole pixels and drawn a hair smaller than asked: its type
#: shows up to this much below its size.
SLACK = 0.25
#: Cases that fail today, each for a reason this file cannot mend (strict: they must fail).
TABLE_KNOWN: dict[tuple[str, int, tuple[int, int], str], str] = {}
#: Prompts that fail today, each for a reason this file cannot mend (none at present).
PROMPT_KNOWN: dict[tuple[str, int, tuple[int, int], str], str] = {}
#: Texts that may be left out wherever they are: a card's second title line, and the body of
#: a card the player only glances at (a rival's building), printed only where it reads at 9 pt.
MAY_DROP = {"subtitle", GLANCE_ROLE}


#: Busier moments than ``MOVES`` random decisions reach, looked at too: Secret Agent with an
#: attack under way (its played card, spies and threshold in the attack area).
MOMENTS: dict[str, Callable[[Session], bool]] = {
    "secret-agent": lambda s: bool(s.observation(0)["mode"]) and bool(s.observation(0)["played"]),
}


def mid_game(game_id: str, players: int, moment: bool = False) -> Session:
    """A seeded match ``MOVES`` seeded random decisions in, stopped where seat 0 (the person
    at the screen) is to move (with ``moment``, at the first such place where the game's
    ``MOMENTS`` test holds); a move that would end the match is never chosen (a match that
    can only end stops there, before its last move)."""
    game = plugins[game_id].game
    session = Session(game, players, {}, SEED, human_seats=[0])
    rng = random.Random(SEED)
    for made in range(2000):
        if made >= MOVES and session.current_player() == 0 and (
                not moment or MOMENTS[game_id](session)):
            return session
        legal = session.legal_actions()
        rng.shuffle(legal)
        going_on = [a for a in legal
                    if game.current_player(game.apply(session.state, a)[0]) != TERMINAL]
        if not going_on and session.current_player() == 0:
            return session  # the last position of the match: the table is at its fullest
        assert going_on, f"{game_id}: every move of a computer seat ends the match"
        session.submit(session.current_player(), going_on[0])
    raise AssertionError(f"{game_id}: seat 0 never came to move")


def group(record: TextRecord, table: Any) -> str:
    """Which floor ``record`` answers to (``FLOORS``)."""
    if record.item_kind in ("card", "tile") and not reading(record, table):
        return "thumbnail"
    if record.item_kind == "card":
        return "body" if record.role == "body" else "card"
    if record.item_kind == "die":
        return "token"
    return record.item_kind


def reading(record: TextRecord, table: Any) -> bool:
    """Whether ``record`` is on a piece meant to be read (not a thumbnail)."""
    item = table.item_for(record.item_id)
    return item is None or record.item_kind not in ("card", "tile") or item.w >= READING_W


def say(r: TextRecord) -> str:
    box = r.rect.toRect()
    return (f"{r.item_kind} {r.item_id} {r.role} {r.text[:40]!r} at "
            f"({box.x()}, {box.y()}, {box.width()}x{box.height()}), {r.pixel_size:.1f}px")


def problems(report: TextReport, table: Any, size: tuple[int, int]) -> list[str]:
    """Everything wrong with the texts of the table (see the module docstring)."""
    found: list[str] = []
    floors = {**FLOORS[size], "body": NINE_POINTS}
    for low, high in report.clashes():
        found.append(f"overlap: {say(low)} | {say(high)}")
    for r in report.texts:
        readable = reading(r, table)
        if r.dropped:
            if readable and r.role not in MAY_DROP:
                found.append(f"left out: {say(r)} (box {r.box.width():.0f}x"
                             f"{r.box.height():.0f}px)")
            continue
        if r.cut:
            found.append(f"cut: {say(r)}")
        elif r.elided and readable:
            found.append(f"elided: {say(r)}")
        if not report.viewport.contains(r.rect):
            found.append(f"off the window: {say(r)}")
        hidden = report.hidden(r)
        if hidden.width() > SLIVER and hidden.height() > SLIVER:
            share = hidden.width() * hidden.height() / max(1.0, r.ink.width() * r.ink.height())
            if r.item_kind not in ("card", "tile", "token", "die") or share < WHOLLY:
                found.append(f"covered ({share:.0%}): {say(r)}")
        floor = floors[group(r, table)]
        if r.pixel_size < floor - SLACK:
            found.append(f"small (< {floor}px): {say(r)}")
    return found


def prompt_problems(window: Any) -> list[str]:
    """The status line cut short, or a button of the action bar squeezed."""
    page = window.table_page
    found = []
    if page.status.text() != page.status.full_text():
        found.append(f"status line cut: {page.status.text()!r}")
    for button in page.game_buttons:
        if button.isVisible() and button.width() < button.sizeHint().width():
            found.append(f"button squeezed: {button.text()!r}")
    return found


def open_mid_game(make_window: Any, qtbot: Any, game_id: str, players: int,
                  size: tuple[int, int], lang: str, moment: bool = False) -> Any:
    """The main window at ``size`` in ``lang``, showing ``mid_game``'s match to seat 0, with
    every event handled (a screenshot saved when ``TABLETOP_LAYOUT_SHOTS`` names a folder)."""
    session = mid_game(game_id, players, moment)
    window = make_window({game_id: plugins[game_id]}, lang=lang, clock_factory=ManualClock)
    window.resize(*size)
    seats = ["human"] + ["easy"] * (players - 1)
    c = window.start_game(GameSetup(game_id, players, seats, {}, seed=SEED, fixed_seed=True),
                          session=session)
    assert c is not None and c.is_human_turn()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert window.stack.currentWidget() is window.table_page
    assert (window.width(), window.height()) == size
    shots = os.environ.get("TABLETOP_LAYOUT_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        window.grab().save(str(Path(shots) / f"{game_id}-{players}p-{size[0]}x{size[1]}-"
                                              f"{'moment-' if moment else ''}"
                                              f"{lang}.png"))
    return window


def cases(known: dict[tuple[str, int, tuple[int, int], str], str],
          sizes: list[tuple[int, int]]) -> list[Any]:
    """Every game, table size, window size and language; the ``known`` failures as strict
    expected failures with their reasons."""
    out = []
    for game_id, players in CASES:
        for size in sizes:
            for lang in ("en", "ja"):
                reason = known.get((game_id, players, size, lang))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                out.append(pytest.param(game_id, players, size, lang, marks=marks,
                                        id=f"{game_id}-{players}p-{size[0]}x{size[1]}-{lang}"))
    return out


@pytest.mark.parametrize(("game_id", "players", "size", "lang"), cases(TABLE_KNOWN, SIZES))
def test_every_text_of_the_table_fits(make_window, qtbot, game_id: str, players: int,  # type: ignore[no-untyped-def]
                                     size: tuple[int, int], lang: str) -> None:
    if game_id not in plugins:
        pytest.skip(f"{game_id} did not load")
    window = open_mid_game(make_window, qtbot, game_id, players, size, lang)
    report = text_report(window.table)
    assert report.texts, "the table reported no text"
    found = problems(report, window.table, size)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game_id", "players"),
                         [c for c in CASES if c[0] in MOMENTS])
def test_every_text_fits_at_a_busier_moment(make_window, qtbot, game_id: str, players: int,  # type: ignore[no-untyped-def]
                                            size: tuple[int, int], lang: str) -> None:
    """As ``test_every_text_of_the_table_fits``, at the game's ``MOMENTS`` position."""
    if game_id not in plugins:
        pytest.skip(f"{game_id} did not load")
    window = open_mid_game(make_window, qtbot, game_id, players, size, lang, moment=True)
    assert MOMENTS[game_id](window.controller.session)
    found = problems(text_report(window.table), window.table, size)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("game_id", "players", "size", "lang"),
                         cases(PROMPT_KNOWN, [SIZES[0]]))
def test_the_prompt_fits(make_window, qtbot, game_id: str, players: int,  # type: ignore[no-untyped-def]
                         size: tuple[int, int], lang: str) -> None:
    """The status line and the action bar at the smallest window, where they are narrowest."""
    if game_id not in plugins:
        pytest.skip(f"{game_id} did not load")
    window = open_mid_game(make_window, qtbot, game_id, players, size, lang)
    found = prompt_problems(window)
    # A bar or a line that cannot shrink widens the whole window past the screen instead.
    if (window.width(), window.height()) != size:
        found.append(f"the window grew to {window.width()}x{window.height()}")
    assert not found, "\n".join(found)



@pytest.mark.parametrize(("game_id", "players", "size", "lang"), cases({}, [SIZES[0]]))
def test_every_card_reads_at_nine_points_in_its_large_view(make_window, qtbot, game_id: str,  # type: ignore[no-untyped-def]
                                                           players: int,
                                                           size: tuple[int, int],
                                                           lang: str) -> None:
    """Every face-up card and tile on the table, shown large (the mouse resting on it, a long
    press or Z), prints every word whole at 12 px or more, at the smallest window."""
    from tabletop.table import textnotes
    from tabletop.table.lens import has_lens

    if game_id not in plugins:
        pytest.skip(f"{game_id} did not load")
    window = open_mid_game(make_window, qtbot, game_id, players, size, lang)
    table = window.table
    shown = 0
    found = []
    for pid in [p for p in table.piece_ids() if has_lens(table.item_for(p))]:
        with textnotes.listening() as notes:
            if not table.show_lens(pid):
                continue
        shown += 1
        for n in notes:
            if n.role in MAY_DROP:
                continue
            if n.dropped or n.cut or n.elided or n.pixel_size < NINE_POINTS - SLACK:
                found.append(f"{pid} {n.role} {n.text[:40]!r}: {n.pixel_size:.1f}px"
                             f"{' dropped' if n.dropped else ''}{' cut' if n.cut else ''}"
                             f"{' elided' if n.elided else ''}")
        table.close_lens()
    assert shown or game_id == "punimonyo" or game_id.startswith("sheep"), "no card to show"
    assert not found, "\n".join(found)
