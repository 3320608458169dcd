"""Saboteur 2's catalogue: every code its rules produce in seeded random games (events,
prompts, move names, refusals) has words in English and Japanese that fit its arguments; the
rulebooks exist in both languages; a card whose name ends in "!" reads right in a sentence, and
the pay table has one notation."""

from __future__ import annotations

import random

from tabletop.engine.game import random_action
from tabletop.engine.messages import Msg
from tabletop.games.saboteur2.plugin import PLUGIN
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
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
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


def test_a_card_named_with_a_mark_ends_no_sentence_twice() -> None:
    # The report: "plays Free at last!: Player 4 is free.", "removes Trapped!." and "in front
    # of themself".
    def say(code: str, **args: object) -> str:
        return render(Msg(code, **args), "en", WORDS, strict=True)

    assert say("log.play.free", seat=0, card="A-FRE", target=3) == \
        "Player 1 plays Free at last! on Player 4: they are free."
    assert say("log.fixed", seat=0, card="A-TRP") == \
        "Player 1 removes Trapped! by discarding two cards face down."
    assert say("prompt.fix", card="A-TRP", left=1) == "To remove Trapped!, discard 1 more card."
    assert say("log.play.theft", seat=1) == "Player 2 puts Theft in front of themselves."


def test_the_pay_table_reads_in_one_notation() -> None:
    pay = {f"p{k}": v for k, v in ((1, 5), (2, 4), (3, 3), (4, 2))}
    lines = [render(Msg(code, **pay), lang, WORDS, strict=True)
             for lang in ("en", "ja") for code in ("view.pay_title", "view.pay_1", "view.pay_2")]
    assert lines == ["Winners → gold each", "1 → 5 · 2 → 4 · 3 → 3", "4 → 2 · 5 or more → 1",
                     "勝者数→1人の金", "1人→5・2人→4・3人→3", "4人→2・5人以上→1"]
