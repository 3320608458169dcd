"""Saboteur 2's catalogue: every code its rules produce in seeded random games (events,
prompts, move names, refusals) has words in English and Japanese that fit its arguments; and
the rulebooks exist in both languages."""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.engine.game import random_action
from tabletop.games.saboteur2.words import WORDS
from tabletop.text import render
from tests.games.saboteur2.sb_build import GAME

TRIES = ("place:B-P07@3,3", "place:B-P07@0,0", "place:X-L01@7,1", "play:A-ROCK@0,0",
         "play:A-MAP@1,1", "play:A-BRK-P@0", "play:A-TRP@0", "play:A-REP-P@0:P", "play:A-THF",
         "play:A-HOF@1", "play:A-SWH@0", "play:A-HAT@0", "play:A-FRE@1", "fix:A-TRP", "end",
         "discard:A-MAP", "steal:0", "steal:1", "draw:A-MAP", "play:A-BRK-P@40")


def test_every_code_has_words() -> None:
    said = 0
    for seed, n in ((0, 2), (1, 5), (2, 12)):
        rng = random.Random(seed)
        s = GAME.new_game(n)
        while not GAME.is_terminal(s):
            msgs = []
            if GAME.current_player(s) >= 0:
                msgs += [GAME.prompt(s, GAME.current_player(s)), GAME.prompt(s, 0)]
                msgs += [GAME.describe_action(s, a) for a in GAME.legal_actions(s)[:20]]
                msgs += [GAME.reason(s, a) for a in TRIES if GAME.is_well_formed(a)]
            action = random_action(GAME, s, rng)
            msgs += [e.msg for e in GAME.apply_in_place(s, action)]
            for m in msgs:
                if m is not None:
                    for lang in ("en", "ja"):
                        assert render(m, lang, WORDS, strict=True)
                    said += 1
    assert said > 1000


def test_rulebooks_cover_the_game() -> None:
    root = Path(__file__).resolve().parents[3] / "rules"
    en = (root / "saboteur2.en.md").read_text(encoding="utf-8")
    ja = (root / "saboteur2.ja.md").read_text(encoding="utf-8")
    assert en.startswith("# Saboteur 2\n") and ja.startswith("# お邪魔者2\n")
    for word in ("Profiteer", "Geologist", "ladder", "door", "Theft", "180°", "Options",
                 "place:B-P02@1,0:180"):
        assert word in en
    for word in ("横着者", "地質学者", "はしご", "扉", "泥棒", "180°", "オプション",
                 "place:B-P02@1,0:180"):
        assert word in ja


def test_a_card_the_same_turned_round_is_named_without_the_turn() -> None:
    # SB-R06: a path card may be laid turned 180°; a cross or a straight lies the same then.
    s = GAME.new_game(5)
    for lang in ("en", "ja"):
        cross = render(GAME.describe_action(s, "place:B-P07@1,0"), lang, WORDS, strict=True)
        turned = render(GAME.describe_action(s, "place:B-P07@1,0:180"), lang, WORDS,
                        strict=True)
        assert cross == turned
        bend = render(GAME.describe_action(s, "place:X-L01@1,0"), lang, WORDS, strict=True)
        bend_turned = render(GAME.describe_action(s, "place:X-L01@1,0:180"), lang, WORDS,
                             strict=True)
        assert bend != bend_turned
