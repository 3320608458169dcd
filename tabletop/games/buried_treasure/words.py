"""Buried Treasure's words: every message code its rules and table use, in English and
Japanese (``tabletop.text`` formats them at the app's edge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import (
    ENGINE,
    Catalogue,
    Say,
    game_over_prompt,
    per_seat,
    points_summary,
    who_wins,
    words_file,
)

from .data import HAND_SIZE, ROUNDS, TARGET, VALUES
from .spec import SPEC


def _cards(cards: list[int]) -> str:
    return ", ".join(str(v) for v in cards) if cards else "-"


def _values(sep: str) -> Any:
    """Card values joined by ``sep`` alike in both languages ("8, 4, 1", "4 + 1 + 8")."""
    def part(a: Mapping[str, Any], say: Say) -> str:
        return sep.join(str(v) for v in a["values"])
    return part


def _tally_en(a: Mapping[str, Any], say: Say) -> str:
    return per_seat(a["scores"], say, "en")


def _tally_ja(a: Mapping[str, Any], say: Say) -> str:
    return per_seat(a["scores"], say, "ja", unit_ja="点")


def _reveal(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        return per_seat(a["cards"], say, lang, sep_en="; ")
    return part


def _bust_en(a: Mapping[str, Any], say: Say) -> str:
    seats = a["seats"]
    text = f"{say(seats, 'players')} bid over the total and bust{say(seats, 's')}."
    if a["penalised"] >= 0:
        text += (f" {say(a['penalised'], 'player')} has the highest bust bid and takes "
                 f"{a['count']} × −5.")
    return text


def _bust_ja(a: Mapping[str, Any], say: Say) -> str:
    text = f"{say(a['seats'], 'players')}は合計を超えたのでバースト（何ももらえません）。"
    if a["penalised"] >= 0:
        text += (f"最も高いバーストの{say(a['penalised'], 'player')}が−5を{a['count']}枚"
                 "引き取ります。")
    return text


def _end_en(a: Mapping[str, Any], say: Say) -> str:
    why = f"someone has {TARGET} points" if a["early"] else f"after round {ROUNDS}"
    return f"Game over ({why}). Scores: {_tally_en(a, say)}. {who_wins(a['winners'], say)}."


def _end_ja(a: Mapping[str, Any], say: Say) -> str:
    why = f"{TARGET}点以上の人が出たので" if a["early"] else f"第{ROUNDS}ラウンドが終わったので"
    return (f"ゲーム終了（{why}）。得点：{_tally_ja(a, say)}。"
            f"{say(a['winners'], 'players')}の勝ち。")


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- cards --------------------------------------------------------------------------
    **{f"card.{v}": (f"Treasure {v}", f"得点{v}") for v in VALUES},
    # -- the log ------------------------------------------------------------------------
    "log.dealer": (f"{{seat:player}} is the first dealer. Each player gets {HAND_SIZE} cards.",
                   f"{{seat:player}}が最初の親です。{HAND_SIZE}枚ずつ配ります。"),
    "log.hand": (lambda a, say: f"Your hand: {_cards(a['hand'])}.",
                 lambda a, say: f"あなたの手札：{_cards(a['hand'])}。"),
    "log.round": (f"Round {{round}} of {ROUNDS}: {{dealer:player}} deals. Choose a card to bury "
                  "secretly.",
                  f"第{{round}}/{ROUNDS}ラウンド：親は{{dealer:player}}。埋めるカードをこっそり"
                  "選んでください。"),
    "log.reveal": (lambda a, say: f"Reveal! {_reveal('en')(a, say)}: the total is {a['total']}.",
                   lambda a, say: f"公開！{_reveal('ja')(a, say)}：合計は{a['total']}です。"),
    "log.bust": (_bust_en, _bust_ja),
    "log.exact": (lambda a, say: f"Exact hit! {say(a['seat'], 'player')} takes every positive "
                                 f"card: {_cards(a['cards'])}.",
                  lambda a, say: f"ピタリ賞！{say(a['seat'], 'player')}がプラスのカードを全部"
                                 f"取ります：{_cards(a['cards'])}。"),
    "log.end": (_end_en, _end_ja),
    # -- prompts ------------------------------------------------------------------------
    "prompt.over": game_over_prompt("point:points", "{best}点"),
    # -- the table ----------------------------------------------------------------------
    "view.values": (_values(", "), _values(", ")),
    "view.sum": (_values(" + "), _values(" + ")),
    # -- the end ------------------------------------------------------------------------
    "summary": points_summary("scores", "point:points", "{best}点", "Scores", "得点", unit_ja="点"),
}, spec=SPEC, parent=ENGINE)
