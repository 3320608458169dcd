"""Sheep & Thief's words: every message code its rules use, in English and Japanese
(``tabletop.text`` formats them at the app's edge). The card names are built from the card
table, so a card reads as what it shows: "M27 (river E–W, 1 sheep)"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say, cell_name, game_over_prompt, words_file

from .data import (
    CARDS,
    CELL_TEXT,
    CELLS,
    EDGES,
    HOUSE_NUMERALS,
    ROUNDS,
    SIZE,
    THIEF_START,
    Card,
)
from .spec import SPEC

_EDGE_JA = {"N": "上", "E": "右", "S": "下", "W": "左"}


def _edges(edges: frozenset[str], ja: bool) -> str:
    ordered = [e for e in EDGES if e in edges]
    return "".join(_EDGE_JA[e] for e in ordered) if ja else "–".join(ordered)


#: A card's features in the order its name lists them: the Card field, then its words in
#: English (singular, plural) and in Japanese. ``{n}`` is the count, ``{e}`` the edges.
_FEATURES: tuple[tuple[str, tuple[str, str], str], ...] = (
    ("roads", ("road {e}", "road {e}"), "道{e}"),
    ("rivers", ("river {e}", "river {e}"), "川{e}"),
    ("sheep", ("{n} sheep", "{n} sheep"), "ひつじ{n}"),
    ("dogs", ("{n} dog", "{n} dogs"), "牧羊犬{n}"),
    ("thieves", ("{n} thief", "{n} thieves"), "どろぼう{n}"),
    ("hut", ("hut", "hut"), "小屋"),
)


def _card_name(card: Card, ja: bool) -> str:
    """A card's id and features, as the log and the hover text name it."""
    parts: list[str] = []
    for field, en, ja_words in _FEATURES:
        value = getattr(card, field)
        if not value:
            continue
        many = isinstance(value, int) and not isinstance(value, bool) and value > 1
        edges = _edges(value, ja) if isinstance(value, frozenset) else ""
        parts.append((ja_words if ja else en[many]).format(n=value, e=edges))
    if ja:
        return f"{card.id}（{'・'.join(parts) or '草原'}）"
    return f"{card.id} ({', '.join(parts) or 'meadow'})"


def _cell(cell: int, lang: str) -> str:
    """A cell of a sheet as the sheet's edges label it (columns and rows 1-4, counted from the
    top left): ``cell_name`` as every game with a grid names its cells."""
    row, column = divmod(cell, SIZE)
    return cell_name(column + 1, row + 1, lang)


def _cells() -> dict[str, tuple[str, str]]:
    """``cell.<r,c>`` (the cell's text in the rules' messages) for every cell of a sheet."""
    return {f"cell.{CELL_TEXT[i]}": (_cell(i, "en"), _cell(i, "ja")) for i in range(CELLS)}


def _houses(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        sep = "; " if lang == "en" else "、"
        who = sep.join(f"{say(p, 'player')} {HOUSE_NUMERALS[h - 1]}"
                       for p, h in enumerate(a["houses"]))
        if lang == "en":
            return (f"House cards: {who}. {say(a['start'], 'player')} has house Ⅰ and starts; "
                    f"the thief stands on {_cell(THIEF_START, 'en')} of every sheet.")
        return (f"家カード：{who}。家Ⅰの{say(a['start'], 'player')}がスタートプレイヤーです。"
                f"どろぼうは全員のシートの{_cell(THIEF_START, 'ja')}にいます。")
    return part


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- cards --------------------------------------------------------------------------
    **{f"card.{cid}": (_card_name(c, False), _card_name(c, True)) for cid, c in CARDS.items()},
    **_cells(),
    # -- the log ------------------------------------------------------------------------
    "log.houses": (_houses("en"), _houses("ja")),
    "log.round": (f"Round {{round}} of {ROUNDS}: {{start:player}} is the start player. Each "
                  "player gets {cards} new cards.",
                  f"第{{round}}/{ROUNDS}ラウンド：スタートプレイヤーは{{start:player}}。"
                  "各自に新しいカードを{cards}枚配ります。"),
    "log.offers": (lambda a, say: "The offers are shown: "
                   + "; ".join(f"{say(p, 'player')} {' / '.join(pairs)}"
                               for p, pairs in enumerate(a["pairs"])) + ".",
                   lambda a, say: "提示された組を公開："
                   + "、".join(f"{say(p, 'player')} {'/'.join(pairs)}"
                              for p, pairs in enumerate(a["pairs"])) + "。"),
    "log.takes": (lambda a, say: "Pairs taken: "
                  + "; ".join(f"{say(p, 'player')} {pair}" for p, pair in enumerate(a["pairs"]))
                  + ". The other pairs go back.",
                  lambda a, say: "取った組："
                  + "、".join(f"{say(p, 'player')} {pair}" for p, pair in enumerate(a["pairs"]))
                  + "。残りの組は提示した人に戻ります。"),
    # -- prompts and the end --------------------------------------------------------------
    "prompt.over": game_over_prompt("point:points", "{best}点"),
}, spec=SPEC, parent=ENGINE)
