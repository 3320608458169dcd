"""Punimonyo's words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge). A word of the game is written in kana in
both languages (the kana is the word itself), with its romaji after it in English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say, words_file

from .data import (
    KANA,
    LOG_QUOTE,
    MAX_LENGTH,
    MISS,
    OK,
    OPPOSITE,
    ROMAJI,
    STINTS_PER_PLAYER,
    WRONG,
)
from .data import WORDS as GAME_WORDS
from .spec import SPEC


def _sequence(words: list[str]) -> str:
    """Words joined the way the source writes a call: ぷにぅ・ぷにぅ・もにょ."""
    return "・".join(KANA[w] for w in words)


def _word(word: str, lang: str) -> str:
    return KANA[word] if lang == "ja" else f"{KANA[word]} ({ROMAJI[word]})"


def _result(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        who = say(a["responder"], "player")
        n, kind, beat = a["length"], a["kind"], a["beat"]
        short = n <= LOG_QUOTE
        question = _sequence(list(a["question"]))
        ja = lang == "ja"
        if kind == OK:
            if short:
                answer = _sequence(list(a["answer"]))
                return (f"正解！{who}が{n}語すべて答えました：{question} → {answer}。" if ja
                        else f"Correct! {who} answered all {n}: {question} → {answer}.")
            return (f"正解！{who}が{n}語すべて答えました。" if ja
                    else f"Correct! {who} answered all {n} words.")
        if kind == WRONG:
            pressed, right = _word(a["pressed"], lang), _word(OPPOSITE[a["pressed"]], lang)
            what = (f"{n}語中{beat}語目で{pressed}と答えました（正しくは{right}）" if ja
                    else f"pressed {pressed} for word {beat} of {n}; the answer was {right}")
        elif kind == MISS:
            what = (f"{n}語中{beat}語目の拍に入力がありませんでした" if ja
                    else f"no input within beat {beat} of {n}")
        else:
            what = (f"{n}語中{beat}語目の拍で2回入力しました" if ja
                    else f"a second input within beat {beat} of {n}")
        if not short:
            return f"ミス！{who}：{what}。" if ja else f"Mistake! {who}: {what}."
        return (f"ミス！{who}：{what}。問題は{question}でした。" if ja
                else f"Mistake! {who}: {what}. The question was {question}.")
    return part


def _stint_end_en(a: Mapping[str, Any], say: Say) -> str:
    text = (f"{say(a['responder'], 'player')}'s stint ends: {a['score']} correct"
            + (f", longest {a['best']} words" if a["best"] else "")
            + (f" (the {MAX_LENGTH}-word cap reached)" if a["cap"] else "") + ".")
    return text + (" Roles swap." if a["swap"] else "")


def _stint_end_ja(a: Mapping[str, Any], say: Say) -> str:
    text = (f"{say(a['responder'], 'player')}のスティント終了：正解{a['score']}回"
            + (f"、最長{a['best']}語" if a["best"] else "")
            + (f"（{MAX_LENGTH}語の上限に到達）" if a["cap"] else "") + "。")
    return text + ("役を交代します。" if a["swap"] else "")


def _end_en(a: Mapping[str, Any], say: Say) -> str:
    scores, bests, winners = a["scores"], a["bests"], a["winners"]
    if a["practice"]:
        return (f"Practice over. Longest correct answer: {bests[0]} words "
                f"({scores[0]} correct in all).")
    tally = ", ".join(f"{say(p, 'player')} {v}" for p, v in enumerate(scores))
    if len(winners) != 1:
        return f"Match over. Scores: {tally}. A draw."
    why = " (tie broken by the longest correct answer)" if a["by_best"] else ""
    return f"Match over. Scores: {tally}. {say(winners[0], 'player')} wins{why}."


def _end_ja(a: Mapping[str, Any], say: Say) -> str:
    scores, bests, winners = a["scores"], a["bests"], a["winners"]
    if a["practice"]:
        return f"練習終了。最長正解：{bests[0]}語（正解 計{scores[0]}回）。"
    tally = "、".join(f"{say(p, 'player')} {v}点" for p, v in enumerate(scores))
    if len(winners) != 1:
        return f"試合終了。得点：{tally}。引き分けです。"
    why = "（同点のため最長正解で決定）" if a["by_best"] else ""
    return f"試合終了。得点：{tally}。{say(winners[0], 'player')}の勝ち{why}。"


def _over(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        scores, bests, winners = a["scores"], a["bests"], a["winners"]
        ja = lang == "ja"
        if a["practice"]:
            return (f"練習終了：最長正解{bests[0]}語。" if ja
                    else f"Practice over: longest correct answer {bests[0]} words.")
        if len(winners) != 1:
            return (f"試合終了：{scores[0]}対{scores[1]}で引き分け。" if ja
                    else f"Match over: a draw, {scores[0]} to {scores[1]}.")
        w = winners[0]
        name = say(w, "player")
        return (f"試合終了：{name}の勝ち（{scores[w]}対{scores[1 - w]}）。" if ja
                else f"Match over: {name} wins, {scores[w]} to {scores[1 - w]}.")
    return part


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- the two words ------------------------------------------------------------------
    **{f"word.{w}": (_word(w, "en"), _word(w, "ja")) for w in GAME_WORDS},
    # -- the log ------------------------------------------------------------------------
    "log.result": (_result("en"), _result("ja")),
    "log.stint_end": (_stint_end_en, _stint_end_ja),
    "log.end": (_end_en, _end_ja),
    # -- prompts --------------------------------------------------------------------------
    "prompt.over": (_over("en"), _over("ja")),
    "prompt.answering": (lambda a, say: f"{say(a['seat'], 'player')} is answering: word "
                         f"{min(a['window'] + 1, a['n'])} of {a['n']}.",
                         lambda a, say: f"{say(a['seat'], 'player')}が答えています："
                         f"{a['window'] + 1}/{a['n']}語目。"),
    # -- the end ------------------------------------------------------------------------
    "summary.practice": (f"{{score}} correct answers in {STINTS_PER_PLAYER} stints.",
                         f"{STINTS_PER_PLAYER}回で正解 計{{score}}回。"),
}, spec=SPEC, parent=ENGINE)
