"""Every prompt a game can give fits the status line whole, in both languages, at 1280x800.

``test_layout_fit.test_the_prompt_fits`` looks at the prompt of one position a dozen moves into
each game. This walks whole seeded games of every game at its smallest and a larger table, and
in each one every state it passed through (chance steps and the end included) for every seat:
the view's status and the rules' prompt there, as the controller words them for a person at a
shared screen ("Player 2: …"). A kind of prompt is its message code with the codes of the
messages inside it (a status that wraps the rules' prompt is of that prompt's kind); for each
kind the longest wording met is kept (a prompt with optional parts is longest with all of
them). Each is set on the status line of a real 1280x800 window: one that the line must cut
short with "…" fails, naming the game, the message and the language. So that no kind escapes
the walk, every ``prompt.*`` and ``status.*`` code of a game's words must be among those met.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from tabletop.api import Catalogue, GamePlugin
from tabletop.app.i18n import player_name, tr
from tabletop.app.newgame import GameSetup
from tabletop.app.status import TURN
from tabletop.engine import Session
from tabletop.engine.messages import Msg
from tabletop.games.magos.model import DRAW, Phase
from tabletop.registry import load_plugins

PLUGINS: dict[str, GamePlugin] = load_plugins(include_entry_points=False)[0]
DEFAULT_SEEDS = range(8)
#: Games whose random games are short, and some of whose prompts come seldom (an empty hand
#: at Not My Fault!, holding at Punimonyo): more of them.
SEEDS = {"not-my-fault": range(300), "punimonyo": range(300)}
#: Games with kinds of prompt that only options reach (the leaders' abilities, the draft of
#: spells, a variant's rules): the options walked besides the defaults.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "secret-agent": [{"leader_abilities": True}],
    "magos": [{"setup": "draft"}],
    "magos-solo": [{"setup": "draft", "turn_limit": 20}],
    "national-economy-solo": [{"variant": "b"}, {"tax": "none"}],
    "spymaster": [{"may_stop": True}],
    "sheep-and-thief": [{"thief": "up-to"}, {"theft": "last-step"},
                        {"thief": "up-to", "theft": "last-step"}],
}


def _drawn(state: Any) -> list[Any]:
    """The end of a solo duel as a draw by the turn limit (both wizards standing), which
    random play, quick to kill or be killed, never reaches."""
    if state.phase != Phase.OVER:
        return []
    drawn = state.clone()
    drawn.winner = DRAW
    return [drawn]


#: Ends of a match the walk never reaches, made from the end it reached.
EXTRA: dict[str, list[Callable[[Any], list[Any]]]] = {"magos-solo": [_drawn]}
#: ``{flag:?code}`` in a template: the entry ``code`` is added where the argument is true.
OPTIONAL_PART = re.compile(r"\{(\w+):\?([\w.]+)\}")


def kind(msg: Msg, words: Catalogue) -> tuple[str, ...]:
    """A message's code and, depth first, the codes of the messages among its arguments and
    of the optional parts its wording takes ("Your action. 8 or more cards: no passing.")."""
    codes = [msg.code]
    entry = words.entry(msg.code)
    template = entry[0] if entry is not None and isinstance(entry[0], str) else ""
    for flag, part in OPTIONAL_PART.findall(template):
        if msg.args.get(flag):
            codes.append(part)
    for value in msg.args.values():
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, Msg):
                codes.extend(kind(item, words))
    return tuple(codes)


@functools.cache
def prompts(game_id: str) -> tuple[dict[tuple[tuple[str, ...], str], str], set[str]]:
    """The longest wording met of every kind of prompt of seeded games, by (kind, language),
    and every message code met in them."""
    plugin = PLUGINS[game_id]
    game, view, words = plugin.game, plugin.view(), plugin.words
    spec = game.spec
    longest: dict[tuple[tuple[str, ...], str], str] = {}
    met: set[str] = set()
    for options in [{}, *OPTIONS.get(spec.id, [])]:
        for n in sorted({spec.min_players, min(spec.max_players, 5)}):
            # Random games, and one of a player who always takes the last choice offered
            # (ends the turn, passes): the path to a draw by the turn limit, say.
            for seed in [*SEEDS.get(spec.id, DEFAULT_SEEDS), None]:
                session = Session(game, n, options, seed=seed or 0)
                rng = random.Random(f"prompts/{seed}")
                # (A game of such choices may go round in circles: cut at the longest match.)
                while not session.is_terminal() and len(session.history) < game.max_game_length():
                    legal = session.legal_actions()
                    pick = len(legal) - 1 if seed is None else rng.randrange(len(legal))
                    session.submit(session.current_player(), legal[pick])
                states = [session.state_at(ply) for ply in range(len(session.history) + 1)]
                states += [extra for make in EXTRA.get(spec.id, ()) for extra in make(states[-1])]
                for state in states:
                    for seat in range(n):
                        for said in (view.status(game.observation(state, seat), seat),
                                     game.prompt(state, seat)):
                            if not isinstance(said, Msg):
                                continue
                            codes = kind(said, words)
                            met.update(codes)
                            for lang in ("en", "ja"):
                                text = words.say(said, lang)
                                if len(text) > len(longest.get((codes, lang), "")):
                                    longest[codes, lang] = text
    return longest, met


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_every_prompt_fits_the_status_line(make_window: Any, qtbot: Any, game_id: str) -> None:
    plugin = PLUGINS[game_id]
    window = make_window({game_id: plugin})
    spec = plugin.spec
    seats = ["human"] + ["easy"] * (spec.min_players - 1)
    window.start_game(GameSetup(game_id, spec.min_players, seats, {}, seed=1))
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (1280, 800)
    page = window.table_page
    cut: list[str] = []
    seen = 0
    longest, _ = prompts(game_id)
    for (codes, lang), text in sorted(longest.items()):
        code = "/".join(codes)
        seen += 1
        # At a shared screen the line names whose turn it is first: the longest form.
        shown = tr("status.seat_says", lang, player=player_name(1, lang), text=text)
        page.set_status(shown, TURN)
        if page.status.text() != page.status.full_text():
            cut.append(f"{game_id} {lang} {code}: {shown!r} shows as {page.status.text()!r}")
    assert seen >= 2
    assert not cut, "\n".join(cut)


def test_the_walk_meets_every_prompt() -> None:
    """No kind of prompt escapes the walk: each ``prompt.*`` and ``status.*`` code of a game's
    words is met in the games of one that has it (a duel and its solo share their words)."""
    defined = {g: {code for code in p.words.entries if code.startswith(("prompt.", "status."))}
               for g, p in PLUGINS.items()}
    met = {g: prompts(g)[1] for g in PLUGINS}
    missed = sorted(f"{g}: {code}" for g, codes in defined.items() for code in codes
                    if not any(code in met[o] for o in PLUGINS if code in defined[o]))
    assert not missed, f"prompts the walk never met: {missed}"

