"""Not My Fault!'s words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say, words_file

from .data import LAST_MILESTONE, REPRIMANDS_TO_LOSE, VALUES
from .spec import SPEC


def _sums(a: Mapping[str, Any]) -> str:
    cards = a["cards"]
    text = " + ".join(str(v) for v in cards)
    return text + (f" = {a['total']}" if len(cards) > 1 else "")


def _audit_en(a: Mapping[str, Any], say: Say) -> str:
    auditor, declarer = say(a["auditor"], "player"), say(a["declarer"], "player")
    penalised, count, declared = say(a["penalised"], "player"), a["count"], a["declared"]
    if a["total"] < declared:
        return (f"{auditor} audits! The cards show {_sums(a)}, less than the declared "
                f"{declared}: {declarer} overstated the progress. {penalised} takes a reprimand "
                f"({count}).")
    return (f"{auditor} audits! The cards show {_sums(a)}, at least the declared {declared}: "
            f"the report was true. {penalised} takes a reprimand ({count}).")


def _audit_ja(a: Mapping[str, Any], say: Say) -> str:
    auditor, declarer = say(a["auditor"], "player"), say(a["declarer"], "player")
    penalised, count, declared = say(a["penalised"], "player"), a["count"], a["declared"]
    if a["total"] < declared:
        return (f"{auditor}が監査！カードは{_sums(a)}で、申告の{declared}に届きません。"
                f"{declarer}の虚偽報告です。{penalised}が戒告を受けます（{count}枚目）。")
    return (f"{auditor}が監査！カードは{_sums(a)}で、申告の{declared}以上でした。報告は正しかった"
            f"ので、{penalised}が戒告を受けます（{count}枚目）。")


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- cards --------------------------------------------------------------------------
    **{f"card.{v}": (f"Progress {v}", f"進捗{v}") for v in VALUES},
    "log.hand": (lambda a, say: f"Your hand: {', '.join(str(v) for v in a['hand'])}.",
                 lambda a, say: f"あなたの手札：{', '.join(str(v) for v in a['hand'])}。"),
    "log.audit": (_audit_en, _audit_ja),
    "log.lose": (lambda a, say: f"{say(a['loser'], 'player')} has {REPRIMANDS_TO_LOSE} "
                 f"reprimands and loses; {say(a['winners'], 'players')} "
                 f"win{say(a['winners'], 's')}.",
                 lambda a, say: f"{say(a['loser'], 'player')}が戒告{REPRIMANDS_TO_LOSE}枚で"
                 f"負けです。{say(a['winners'], 'players')}の勝ち。"),
    "refuse.last_milestone": (f"{LAST_MILESTONE} is the last milestone: you can only audit.",
                              f"{LAST_MILESTONE}は最後のマイルストーンなので、監査しかできません。"),
    # -- prompts --------------------------------------------------------------------------
    "prompt.over": (f"{{seat:player}} has {REPRIMANDS_TO_LOSE} reprimands and loses; everyone "
                    "else wins.",
                    f"{{seat:player}}が戒告{REPRIMANDS_TO_LOSE}枚で負け、ほかの全員の勝ちです。"),
    "prompt.last": (f"{{seat:player}} declared {LAST_MILESTONE}, the last milestone: press "
                    "Audit! (A).",
                    f"{{seat:player}}の申告は最後の{LAST_MILESTONE}です。「監査！」を押して"
                    "ください（A）。"),
    # -- the end ------------------------------------------------------------------------
}, spec=SPEC, parent=ENGINE)
