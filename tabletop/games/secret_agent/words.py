"""Secret Agent's words: every message code its rules use, in English and Japanese
(``tabletop.api`` formats them at the app's edge). Plain entries are in ``words.toml``; the
card names come from the card data, and the few sentences that templates cannot build are
functions here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say, game_over_prompt, who_wins, words_file

from .data import ALL_FACES, KIND_NAMES, card_names
from .spec import SPEC


def _check(lang: str) -> Callable[[Mapping[str, Any], Say], str]:
    def words(a: Mapping[str, Any], say: Say) -> str:
        dice = a["dice"]
        mod = f" {a['modifier']:+d}" if a["modifier"] else ""
        what = say(a["purpose"], "@purpose")
        who = say(a["seat"], "player")
        if lang == "en":
            verdict = "success" if a["success"] else "failure"
            return (f"{who} rolls {dice[0]}+{dice[1]}{mod} = {a['total']} against "
                    f"{a['threshold']} for {what}: {verdict}.")
        verdict = "成功" if a["success"] else "失敗"
        return (f"{who}のダイス {dice[0]}+{dice[1]}{mod} = {a['total']}（{what}は"
                f"{a['threshold']}以下で成功）→{verdict}。")
    return words


def _special(lang: str) -> Callable[[Mapping[str, Any], Say], str]:
    def words(a: Mapping[str, Any], say: Say) -> str:
        who, card, target = say(a["seat"], "player"), say(a["card"], "@card"), say(
            a["target"], "player")
        if lang == "en":
            return f"{who} sends {card} on an {a['mode']} action against {target}."
        mode = "オープン" if a["mode"] == "open" else "シークレット"
        return f"{who}が{card}で{target}に{mode}アクション！"
    return words


def _hired(lang: str) -> Callable[[Mapping[str, Any], Say], str]:
    def words(a: Mapping[str, Any], say: Say) -> str:
        bids = [f"{say(p, 'player')} {say(b, '@card')}" for p, b in enumerate(a["bids"]) if b]
        who, card = say(a["seat"], "player"), say(a["card"], "@card")
        if lang == "en":
            how = " with the Emperor's priority" if a["priority"] else ""
            return f"Contracts revealed: {', '.join(bids)}. {who} hires {card}{how}."
        how = "皇帝の優先権で" if a["priority"] else ""
        return f"契約書を公開：{'、'.join(bids)}。{who}が{how}{card}と契約しました。"
    return words


def _end(lang: str) -> Callable[[Mapping[str, Any], Say], str]:
    def words(a: Mapping[str, Any], say: Say) -> str:
        scores = a["scores"]
        winners = a["winners"]
        if lang == "en":
            tally = ", ".join(f"{say(p, 'player')} {v}" for p, v in enumerate(scores))
            return f"Game over. Technology points: {tally}. {who_wins(winners, say)}."
        tally = "、".join(f"{say(p, 'player')} {v}点" for p, v in enumerate(scores))
        return f"ゲーム終了。技術点：{tally}。{say(winners, 'players')}の勝ち。"
    return words


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- cards and kinds ----------------------------------------------------------------
    **{f"card.{c}": card_names(c) for c in ALL_FACES},
    **{f"kind.{k}": names for k, names in KIND_NAMES.items()},
    # -- sentences built in code --------------------------------------------------------
    "log.check": (_check("en"), _check("ja")),
    "log.special": (_special("en"), _special("ja")),
    "log.hired": (_hired("en"), _hired("ja")),
    "log.end": (_end("en"), _end("ja")),
    # An open decision as every seat is told of it (no line of its own in the log).
    "log.chose": (lambda a, say: f"{say(a['seat'], 'player')}: {a['action']}",
                  lambda a, say: f"{say(a['seat'], 'player')}：{a['action']}"),
    "prompt.over": game_over_prompt("point:points", "{best}点"),
}, spec=SPEC, parent=ENGINE)
