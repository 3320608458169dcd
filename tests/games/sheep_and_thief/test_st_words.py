"""Sheep & Thief's words: every message its rules produce (log lines, prompts for every seat,
move names, the refusals of many wrong moves) is worded in English and Japanese and fits its
template; and the rulebooks cover the game and its options."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import GameError, Msg, Session
from tabletop.games.sheep_and_thief.data import CARD_IDS, CELL_TEXT
from tabletop.games.sheep_and_thief.plugin import PLUGIN
from tabletop.testing.plugincheck import rulebooks
from tabletop.text import check_words
from tests.games.sheep_and_thief.st_build import GAME, say
from tests.games.sheep_and_thief.st_build import position as placement_position


def _wrong_moves(hand: list[str], rng: random.Random) -> list[str]:
    cells = list(CELL_TEXT)
    cards = hand or list(CARD_IDS[:3])
    out = [f"place:{rng.choice(cards)}@{rng.choice(cells)}" for _ in range(4)]
    out += [f"down:{rng.choice(cards)}@{rng.choice(cells)}",
            f"discard:{rng.choice(CARD_IDS)}", f"pick:{rng.choice(CARD_IDS)}",
            f"keep:{rng.choice(CARD_IDS)}", "offer:M01+M02", "take:M03+M04",
            f"dog:{rng.choice(cells)}>{rng.choice(cells)}", "dog:stop",
            f"thief:{rng.choice(cells)}", "deal:M01", "houses:1-2"]
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_message_is_worded(n: int) -> None:
    messages: list[Msg] = []
    codes: set[str] = set()
    for seed in range(3):
        options = [{}, {"dogs": "one-flock"}, {"towns": "two", "rivers": "lenient"}][seed]
        session = Session(GAME, n, options, seed=seed)
        rng = random.Random(seed)
        while True:
            state = session.state
            for seat in range(n):
                messages.append(GAME.prompt(state, seat))
            if session.is_terminal():
                break
            mover = session.current_player()
            legal = session.legal_actions()
            messages += [GAME.describe_action(state, a) for a in legal[:6]]
            for action in _wrong_moves(state.hands[mover], rng):
                if action in legal:
                    continue
                try:
                    GAME.check_action(state, action)
                except GameError as exc:
                    messages.append(exc.msg)
            session.submit(mover, legal[rng.randrange(len(legal))])
        for record in session.history:
            for e in record.events:
                messages.append(e.msg)
    codes = {m.code for m in messages}
    problems = check_words(PLUGIN.words, messages)
    assert not problems, problems[:5]
    # The sample reaches the game's main lines.
    for code in ("log.place", "log.thief", "log.end", "prompt.place", "refuse.not_adjacent",
                 "refuse.occupied", "move.place"):
        assert code in codes


def test_refusals_read_well() -> None:
    s = placement_position([["M43"], ["M01"]], thief=(1, 0))
    for lang in ("en", "ja"):
        text = say(GAME.reason(s, "place:M43@1,0"), lang)
        assert ("column 1, row 2" if lang == "en" else "2行1列") in text  # the cell 1,0
    assert say(GAME.reason(s, "place:M43@1,0"), "ja").endswith("置けません。")
    assert say(Msg("card.M41")) == "M41 (road E–W, river N–S, 2 dogs)"
    assert say(Msg("card.M41"), "ja") == "M41（道右左・川上下・牧羊犬2）"


def test_rulebooks_cover_the_game_and_options() -> None:
    en, ja = rulebooks(PLUGIN)
    assert en.startswith("# Sheep & Thief\n") and ja.startswith("# ひつじとどろぼう\n")
    for word in ("draft", "pack", "left", "face down", "thief", "hut", "sheepdog", "fence",
                 "East town", "Big town", "river", "two-player", "towns", "one-flock",
                 "lenient", "place:", "pick:", "dog:", "thief:", "offer:", "take:"):
        assert word.lower() in en.lower(), word
    for word in ("ドラフト", "裏向き", "どろぼう", "小屋", "牧羊犬", "柵", "大きな街", "川",
                 "2人", "one-flock", "lenient", "place:", "pick:"):
        assert word in ja, word
