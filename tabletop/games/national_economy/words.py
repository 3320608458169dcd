"""National Economy's words: every message code its rules and table use, in English and
Japanese (``tabletop.api`` formats them at the app's edge). The solo variants add theirs in
``solo_words``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say, words_file

from .data import BUILDINGS, GOODS, GOODS_EN, GOODS_JA, WORKPLACES
from .spec import SPEC


def _winners(lang: str) -> Any:
    """"Player 1 and Player 3 win." / 「プレイヤー1とプレイヤー3の勝ちです。」"""
    def part(a: Mapping[str, Any], say: Say) -> str:
        names = ("と" if lang == "ja" else " and ").join(say(p, "player") for p in a["seats"])
        if lang == "ja":
            return f"{names}の勝ちです。"
        return f"{names} win{'s' if len(a['seats']) == 1 else ''}."
    return part


def _hands(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        if lang == "ja":
            text = "/".join(f"{say(p, 'player')}:"
                             f"{'、'.join(say(c, '@card') for c in hand) or 'なし'}"
                             for p, hand in enumerate(a["hands"]))
            return f"終了時の手札：{text}。"
        text = "; ".join(f"{say(p, 'player')}: "
                         f"{', '.join(say(c, '@card') for c in hand) or 'no cards'}"
                         for p, hand in enumerate(a["hands"]))
        return f"Hands at the end: {text}."
    return part


def _sold(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        if lang == "ja":
            names = "、".join(say(b, "@card") for b in a["cards"])
            return f"{say(a['seat'], 'player')}が{names}を${a['amount']}で売却しました。"
        names = ", ".join(say(b, "@card") for b in a["cards"])
        return f"{say(a['seat'], 'player')} sells {names} for ${a['amount']}."
    return part


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- cards --------------------------------------------------------------------------
    **{f"card.{b.id}": (b.en, b.ja) for b in BUILDINGS.values()},
    **{f"card.{w.id}": (w.en, w.ja) for w in WORKPLACES.values()},
    f"card.{GOODS}": (GOODS_EN, GOODS_JA),
    "log.sell": (_sold("en"), _sold("ja")),
    "log.hands": (_hands("en"), _hands("ja")),
    "log.winner": (_winners("en"), _winners("ja")),
    "sale.over": (lambda a, say: f"Over-selling rule: you are ${a['short']} short. The "
                  f"selection brings ${a['total']}; without the ${a['cheapest']} building it "
                  f"would still bring ${a['total'] - a['cheapest']}, which covers the "
                  "shortfall. You may not sell a building you do not need to sell.",
                  lambda a, say: f"過剰売却ルール：不足額は${a['short']}です。選んだ建物は"
                  f"${a['total']}になり、${a['cheapest']}の建物を売らなくても"
                  f"${a['total'] - a['cheapest']}で足ります。売る必要のない建物は売れません。"),
    # -- prompts --------------------------------------------------------------------------
    "prompt.over": (_winners("en"), _winners("ja")),
}, spec=SPEC, parent=ENGINE)
