"""The conformance kit for a whole plugin: its rules, its words and its view, on seeded games.

``check_plugin`` runs the engine's kit on the rules (``tabletop.engine.check_game``) and then
plays seeded random games through the plugin as the app would, checking at every step:

* words: every message the rules and the view produce (log lines for every seat, prompts,
  move descriptions, refusals of illegal moves, the status line, drag refusals, the summary)
  has an entry in the game's catalogue in English and in Japanese, and its templates fit the
  arguments;
* view: the table lays out for every seat and the spectator in both languages, with unique
  piece ids and tiles the table can draw; every legal action of the mover has a gesture (but
  the beat of a game played in real time, which the app's clock takes); every gesture names
  pieces and zones that are on the table, and the refusals the table would show for them are
  worded; a gesture made turned round is a drag of a turnable piece, and no button takes the
  key R that turns it.

Failures raise ``PluginCheckError`` listing what was found, with game, seed and step.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tabletop.api import GamePlugin
from tabletop.engine import CHANCE, GameError, Observation, Session, check_game
from tabletop.engine.layout import WINDOW_KEYS
from tabletop.engine.tiles import TileArt, TileError, is_tile_art
from tabletop.text import LANGS, MissingWords, render

#: Messages a plugin check words per game at most (each is worded in both languages).
_ILLEGAL_PER_STEP = 4


class PluginCheckError(AssertionError):
    """A plugin broke the contract between its rules, its words and its view."""


def check_plugin(plugin: GamePlugin, seeds: Iterable[int] = range(3),
                 player_counts: Iterable[int] | None = None, steps: int = 150,
                 rules: bool = True) -> int:
    """Check ``plugin`` on seeded random games; return the number of steps checked.

    ``rules`` also runs the engine's kit on the rules model (seeded as given).
    """
    game = plugin.game
    spec = game.spec
    counts = list(player_counts) if player_counts is not None else sorted(
        {spec.min_players, spec.max_players})
    seeds = list(seeds)
    if rules:
        check_game(game, player_counts=counts, seeds=seeds)
    view = plugin.view()
    words = plugin.words
    problems: list[str] = []
    checked = 0

    def word(value: Any, where: str) -> None:
        if value is None or isinstance(value, str):
            return
        for lang in LANGS:
            try:
                render(value, lang, words, strict=True)
            except MissingWords as exc:
                problems.append(f"{where}: {lang}: {exc.args[0]}")

    for n in counts:
        for seed in seeds:
            session = Session(game, n, {}, seed, human_seats=range(n))
            rng = random.Random(f"plugin-check/{spec.id}/{n}/{seed}")
            seen = 0
            for step in range(steps):
                where = f"{spec.id} {n}p seed {seed} step {step}"
                events = [e for r in session.history for e in r.events]
                for e in events[seen:]:
                    if e.logged:
                        word(e, f"{where} log '{e.kind}'")
                seen = len(events)
                state = session.state
                mover = session.current_player()
                for seat in (None, *range(n)):
                    obs = session.observation(seat)
                    _check_layout(view, obs, seat, where, problems)
                    word(view.status(obs, seat), f"{where} status of {seat}")
                public = session.observation(None)
                for name, _value in view.series(public):
                    word(name, f"{where} series")
                if session.is_terminal():
                    word(view.summary(public), f"{where} summary")
                    for row in view.score_table(public) or []:
                        for cell in row:
                            word(cell, f"{where} score table")
                    for title, names in view.series_panels():
                        for msg in (title, *names):
                            word(msg, f"{where} chart panel")
                    for msg, _colour in view.series_colours():
                        word(msg, f"{where} chart colour")
                    break
                legal = session.legal_actions()
                word(game.prompt(state, mover), f"{where} prompt")
                for action in legal[:12]:
                    word(game.describe_action(state, action), f"{where} describe {action}")
                tried = _illegal(session, legal, rng)
                for action in tried:
                    try:
                        game.check_action(state, action)
                    except GameError as exc:
                        word(exc.msg, f"{where} refusal of {action!r}")
                    else:
                        problems.append(f"{where}: {action!r} is not legal but was accepted")
                _check_gestures(view, session.observation(mover), mover, legal, where,
                                problems, word)
                session.submit(mover, legal[rng.randrange(len(legal))])
                checked += 1
            if len(problems) > 40:
                break
    if problems:
        raise PluginCheckError(f"{len(problems)} problems, the first:\n  "
                               + "\n  ".join(problems[:25]))
    return checked


def _illegal(session: Session, legal: list[str], rng: random.Random) -> list[str]:
    """A few well-formed actions that are not legal now: earlier moves of this game, and the
    legal moves of a while ago (the actions a player most plausibly tries at the wrong time)."""
    game = session.game
    earlier = [r.action for r in session.history if r.seat != CHANCE]
    pool = [a for a in dict.fromkeys(reversed(earlier)) if a not in legal
            and game.is_well_formed(a)]
    rng.shuffle(pool)
    return pool[:_ILLEGAL_PER_STEP]


def _check_layout(view: Any, obs: Observation, seat: int | None, where: str,
                  problems: list[str]) -> None:
    try:
        layout = view.layout(obs, seat)
    except Exception as exc:  # a view that raises is what this check is looking for
        problems.append(f"{where}: layout for {seat} raised {type(exc).__name__}: {exc}")
        return
    ids = [p.id for p in layout.pieces]
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        problems.append(f"{where}: pieces laid out twice for {seat}: {twice[:5]}")
    for piece in layout.pieces:
        if piece.kind == "tile" and is_tile_art(piece.art):
            try:
                TileArt.from_art(piece.art)
            except TileError as exc:
                problems.append(f"{where}: tile {piece.id!r} for {seat}: {exc}")


def _check_gestures(view: Any, obs: Observation, seat: int, legal: list[str], where: str,
                    problems: list[str], word: Any) -> None:
    layout = view.layout(obs, seat)
    ids = {p.id for p in layout.pieces} | {z.id for z in layout.zones}
    turnable = {p.id for p in layout.pieces if p.turnable}
    gestures = view.gestures(obs, seat, legal)
    covered = {g.action for g in gestures}
    tempo = view.tempo(obs)
    if tempo is not None:
        covered.add(tempo.action)
    missing = [a for a in legal if a not in covered]
    if missing:
        problems.append(f"{where}: legal actions without a gesture: {missing[:5]}")
    for g in gestures:
        if g.action not in legal:
            problems.append(f"{where}: a gesture for {g.action!r}, which is not legal")
        for ref in (g.source, g.target):
            if ref is not None and ref not in ids:
                problems.append(f"{where}: gesture {g.action!r} names {ref!r}, not on the table")
        if g.turned and not (g.source and g.target and g.source in turnable):
            problems.append(f"{where}: gesture {g.action!r} is made turned round, but is not "
                            "a drag of a piece laid out turnable")
        if turnable and g.shortcut.upper() == "R":
            # The table turns a piece with R; a button's shortcut would take the key first.
            problems.append(f"{where}: the button of {g.action!r} takes the key R, which turns "
                            f"the turnable pieces {sorted(turnable)[:3]}")
        if g.shortcut in WINDOW_KEYS:
            problems.append(f"{where}: the button of {g.action!r} takes the key "
                            f"{g.shortcut}, which the window keeps for itself")
        if g.source is not None or g.target is not None:
            source = str(g.source or g.target)
            target = g.target if g.source else None
            # Asked by the table when a drop matches nothing; here for its words.
            word(view.why_not(obs, seat, source, target),
                 f"{where} why_not {source}->{target}")
