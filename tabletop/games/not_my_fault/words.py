"""Not My Fault!'s words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say

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
        return (f"{auditor}が監査!カードは{_sums(a)}で、申告の{declared}に届きません。"
                f"{declarer}の虚偽報告です。{penalised}が戒告を受けます({count}枚目)。")
    return (f"{auditor}が監査!カードは{_sums(a)}で、申告の{declared}以上でした。報告は正しかった"
            f"ので、{penalised}が戒告を受けます({count}枚目)。")


def _round_en(a: Mapping[str, Any], say: Say) -> str:
    starter = say(a["seat"], "player")
    if not a["skipped"]:
        return f"Round {a['round']}: {starter} starts."
    verb = "has" if len(a["skipped"]) == 1 else "have"
    return (f"Round {a['round']}: {say(a['skipped'], 'players')} {verb} no cards, so "
            f"{starter} starts.")


def _round_ja(a: Mapping[str, Any], say: Say) -> str:
    starter = say(a["seat"], "player")
    if not a["skipped"]:
        return f"第{a['round']}ラウンド:{starter}から始めます。"
    return (f"第{a['round']}ラウンド:{say(a['skipped'], 'players')}は手札がないので、"
            f"{starter}から始めます。")


def _tally_en(a: Mapping[str, Any], say: Say) -> str:
    return ", ".join(f"{say(p, 'player')} {r}" for p, r in enumerate(a["reprimands"]))


def _tally_ja(a: Mapping[str, Any], say: Say) -> str:
    return "、".join(f"{say(p, 'player')} {r}枚" for p, r in enumerate(a["reprimands"]))


WORDS = Catalogue({
    # -- cards --------------------------------------------------------------------------
    **{f"card.{v}": (f"Progress {v}", f"進捗{v}") for v in VALUES},
    # -- the log ------------------------------------------------------------------------
    "log.first": ("{seat:player} starts the first round.",
                  "{seat:player}が最初のラウンドのスタートプレイヤーです。"),
    "log.dealt": ("Each player gets {cards} cards; the rest are set aside as the reserve.",
                  "{cards}枚ずつ配り、残りは取り置きにしました。"),
    "log.redealt": ("Every hand is empty: the discard pile and the reserve are shuffled and "
                    "each player gets {cards} cards.",
                    "全員の手札がなくなったので、捨て札と取り置きを混ぜて{cards}枚ずつ"
                    "配り直しました。"),
    "log.hand": (lambda a, say: f"Your hand: {', '.join(str(v) for v in a['hand'])}.",
                 lambda a, say: f"あなたの手札:{', '.join(str(v) for v in a['hand'])}。"),
    "log.open": ("{seat:player} puts a card face down and declares {milestone}.",
                 "{seat:player}がカードを1枚伏せて「{milestone}」と申告しました。"),
    "log.raise": ("{seat:player} adds a card face down and raises to {milestone}.",
                  "{seat:player}がカードを1枚伏せて「{milestone}」に上げました。"),
    "log.own_card": ("(Your face-down card: {card:@card}.)",
                     "(あなたの伏せたカード:{card:@card})"),
    "log.audit": (_audit_en, _audit_ja),
    "log.lose": (lambda a, say: f"{say(a['loser'], 'player')} has {REPRIMANDS_TO_LOSE} "
                 f"reprimands and loses; {say(a['winners'], 'players')} "
                 f"win{say(a['winners'], 's')}.",
                 lambda a, say: f"{say(a['loser'], 'player')}が戒告{REPRIMANDS_TO_LOSE}枚で"
                 f"負けです。{say(a['winners'], 'players')}の勝ち。"),
    "log.round": (_round_en, _round_ja),
    # -- moves --------------------------------------------------------------------------
    "move.play": ("Play {card:@card} face down, declare {milestone}",
                  "{card:@card}を伏せて「{milestone}」と申告する"),
    "move.audit": ("Audit!", "監査!"),
    "move.deal": ("Deal a card", "カードを配る"),
    "move.first": ("{seat:player} starts", "{seat:player}がスタートプレイヤー"),
    # -- refusals -------------------------------------------------------------------------
    "refuse.nothing_to_audit": ("There is nothing to audit yet: open the round by putting a "
                                "card face down and declaring a milestone.",
                                "まだ監査するものがありません。カードを1枚伏せてマイルストーンを"
                                "申告し、ラウンドを始めてください。"),
    "refuse.must_audit": ("You have no cards left, so you must audit.",
                          "手札がないので、監査するしかありません。"),
    "refuse.last_milestone": (f"{LAST_MILESTONE} is the last milestone: you can only audit.",
                              f"{LAST_MILESTONE}は最後のマイルストーンなので、監査しかできません。"),
    "refuse.no_card": ("You have no {card:@card} in your hand.",
                       "手札に{card:@card}はありません。"),
    "refuse.raise_above": ("A raise must declare more than {declared}.",
                           "{declared}より大きいマイルストーンを申告しなければなりません。"),
    # -- the table ------------------------------------------------------------------------
    "table.face_down": ("The face-down cards are turned up only by an audit: press Audit! on "
                        "your turn.",
                        "伏せ札を表にできるのは監査だけです。自分の手番に「監査!」を押して"
                        "ください。"),
    "table.milestone": ("Drag a card from your hand onto a milestone to declare it.",
                        "手札のカードをマイルストーンへドラッグして申告します。"),
    "table.reprimand": ("Reprimands are handed out only by audits.",
                        "戒告は監査の結果でだけ受け取ります。"),
    "table.out_of_play": ("These cards are out of play until the next redeal.",
                          "これらのカードは次の配り直しまで使いません。"),
    "table.drag_to_milestone": ("Drag the card onto a milestone (or click one) to declare it.",
                                "カードをマイルストーンへドラッグ(またはクリック)して申告します。"),
    "table.drop_on_milestone": ("Drop the card on a milestone: that is the progress you "
                                "report.",
                                "カードはマイルストーンの上に置いてください。それが報告する進捗"
                                "です。"),
    # -- prompts --------------------------------------------------------------------------
    "prompt.over": (f"{{seat:player}} has {REPRIMANDS_TO_LOSE} reprimands and loses; everyone "
                    "else wins.",
                    f"{{seat:player}}が戒告{REPRIMANDS_TO_LOSE}枚で負け、ほかの全員の勝ちです。"),
    "prompt.opening": ("{seat:player} is opening the round.",
                       "{seat:player}がラウンドを始めます。"),
    "prompt.deciding": ("{seat:player} is deciding: raise or audit (declared: {declared}).",
                        "{seat:player}が上乗せか監査かを考えています(申告{declared})。"),
    "prompt.open": ("Drag a card from your hand onto a milestone: it goes face down and you "
                    "declare that milestone (it may be a lie).",
                    "手札を1枚マイルストーンへドラッグして、伏せて出し申告してください"
                    "(嘘でも構いません)。"),
    "prompt.last": (f"{{seat:player}} declared {LAST_MILESTONE}, the last milestone: press "
                    "Audit! (A).",
                    f"{{seat:player}}の申告は最後の{LAST_MILESTONE}です。「監査!」を押して"
                    "ください(A)。"),
    "prompt.no_cards": ("You have no cards left: press Audit! (A).",
                        "手札がありません。「監査!」を押してください(A)。"),
    "prompt.raise": ("{seat:player} declared {declared}. Drag a card onto a higher milestone "
                     "to raise, or press Audit! (A).",
                     "{seat:player}の申告は{declared}。より大きいマイルストーンへカードを"
                     "ドラッグして上乗せするか、「監査!」を押してください(A)。"),
    # -- the end ------------------------------------------------------------------------
    "summary": (lambda a, say: f"{say(a['loser'], 'player')} collects a third reprimand and "
                f"loses; {say(a['winners'], 'players')} "
                f"{'wins' if len(a['winners']) == 1 else 'win'}.\n"
                f"Reprimands after {a['rounds']} rounds: {_tally_en(a, say)}.",
                lambda a, say: f"{say(a['loser'], 'player')}が3枚目の戒告を受けて負け、"
                f"{say(a['winners'], 'players')}の勝ちです。\n"
                f"{a['rounds']}ラウンドの戒告:{_tally_ja(a, say)}。"),
    "series.reprimands": ("P{number} reprimands", "P{number} 戒告"),
}, spec=SPEC, parent=ENGINE)
