"""Buried Treasure's words: every message code its rules and table use, in English and
Japanese (``tabletop.text`` formats them at the app's edge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say

from .data import HAND_SIZE, ROUNDS, TARGET, VALUES
from .spec import SPEC


def _cards(cards: list[int]) -> str:
    return ", ".join(str(v) for v in cards) if cards else "-"


def _tally_en(a: Mapping[str, Any], say: Say) -> str:
    return ", ".join(f"{say(p, 'player')} {v}" for p, v in enumerate(a["scores"]))


def _tally_ja(a: Mapping[str, Any], say: Say, unit: str = "点") -> str:
    return "、".join(f"{say(p, 'player')} {v}{unit}" for p, v in enumerate(a["scores"]))


def _reveal(lang: str) -> Any:
    sep = "; " if lang == "en" else "、"

    def part(a: Mapping[str, Any], say: Say) -> str:
        return sep.join(f"{say(p, 'player')} {v}" for p, v in enumerate(a["cards"]))
    return part


def _bust_en(a: Mapping[str, Any], say: Say) -> str:
    seats = a["seats"]
    text = f"{say(seats, 'players')} bid over the total and bust{say(seats, 's')}."
    if a["penalised"] >= 0:
        text += (f" {say(a['penalised'], 'player')} has the highest bust bid and takes "
                 f"{a['count']} × −5.")
    return text


def _bust_ja(a: Mapping[str, Any], say: Say) -> str:
    text = f"{say(a['seats'], 'players')}は合計を超えたのでバースト(何ももらえません)。"
    if a["penalised"] >= 0:
        text += (f"最も高いバーストの{say(a['penalised'], 'player')}が−5を{a['count']}枚"
                 "引き取ります。")
    return text


def _end_en(a: Mapping[str, Any], say: Say) -> str:
    why = f"someone has {TARGET} points" if a["early"] else f"after round {ROUNDS}"
    verb = "wins" if len(a["winners"]) == 1 else "share the win"
    return (f"Game over ({why}). Scores: {_tally_en(a, say)}. "
            f"{say(a['winners'], 'players')} {verb}.")


def _end_ja(a: Mapping[str, Any], say: Say) -> str:
    why = f"{TARGET}点以上の人が出たので" if a["early"] else f"第{ROUNDS}ラウンドが終わったので"
    return (f"ゲーム終了({why})。得点:{_tally_ja(a, say)}。"
            f"{say(a['winners'], 'players')}の勝ち。")


WORDS = Catalogue({
    # -- cards --------------------------------------------------------------------------
    **{f"card.{v}": (f"Treasure {v}", f"得点{v}") for v in VALUES},
    # -- the log ------------------------------------------------------------------------
    "log.dealer": (f"{{seat:player}} is the first dealer. Each player gets {HAND_SIZE} cards.",
                   f"{{seat:player}}が最初の親です。{HAND_SIZE}枚ずつ配ります。"),
    "log.hand": (lambda a, say: f"Your hand: {_cards(a['hand'])}.",
                 lambda a, say: f"あなたの手札:{_cards(a['hand'])}。"),
    "log.round": (f"Round {{round}} of {ROUNDS}: {{dealer:player}} deals. Choose a card to bury "
                  "secretly.",
                  f"第{{round}}/{ROUNDS}ラウンド:親は{{dealer:player}}。埋めるカードをこっそり"
                  "選んでください。"),
    "log.bury": ("{seat:player} has chosen a card and buried it face down (hidden until the "
                 "reveal).",
                 "{seat:player}がカードを選んで伏せて埋めました(公開まで秘密)。"),
    "log.bury_own": ("(You buried {card:@card}.)", "(あなたが埋めたのは{card:@card}です)"),
    "log.all_buried": ("Everyone has buried a card. Bidding starts with {dealer:player}.",
                       "全員が埋め終わりました。{dealer:player}から競りを始めます。"),
    "log.bid": ("{seat:player} bids {bid}.", "{seat:player}が{bid}に入札しました。"),
    "log.bid_zero": ("{seat:player} bids 0 (zero slot {rank}).",
                     "{seat:player}が0({rank}番目の0)に入札しました。"),
    "log.reveal": (lambda a, say: f"Reveal! {_reveal('en')(a, say)}: the total is {a['total']}.",
                   lambda a, say: f"公開!{_reveal('ja')(a, say)}:合計は{a['total']}です。"),
    "log.bust": (_bust_en, _bust_ja),
    "log.exact": (lambda a, say: f"Exact hit! {say(a['seat'], 'player')} takes every positive "
                                 f"card: {_cards(a['cards'])}.",
                  lambda a, say: f"ピタリ賞!{say(a['seat'], 'player')}がプラスのカードを全部"
                                 f"取ります:{_cards(a['cards'])}。"),
    "log.exact_none": ("{seat:player} hits the total exactly, but no positive card is left.",
                       "{seat:player}はピタリ賞ですが、プラスのカードは残っていません。"),
    "log.take": ("{seat:player} takes {card:@card}.", "{seat:player}が{card:@card}を取りました。"),
    "log.pass": ("{seat:player} takes nothing.", "{seat:player}は何も取りませんでした。"),
    "log.empty": ("Nothing is left in the centre for {seat:player}.",
                  "{seat:player}の番には中央にカードが残っていません。"),
    "log.end": (_end_en, _end_ja),
    # -- moves --------------------------------------------------------------------------
    "move.bury": ("Bury {card:@card} face down", "{card:@card}を伏せて埋める"),
    "move.bid": ("Bid {bid}", "{bid}に入札"),
    "move.take": ("Take {card:@card}", "{card:@card}を取る"),
    "move.pass": ("Take nothing", "何も取らない"),
    "move.deal": ("Deal a card", "カードを配る"),
    "move.dealer": ("{seat:player} deals", "{seat:player}が親"),
    # -- refusals -----------------------------------------------------------------------
    "refuse.buried_all": ("Everyone has already buried a card this round.",
                          "このラウンドは全員がもう埋め終わっています。"),
    "refuse.no_card": ("You have no {card:@card} in your hand.",
                       "手札に{card:@card}はありません。"),
    "refuse.bury_first": ("First everyone buries a card; bidding comes next.",
                          "まず全員がカードを埋めます。入札はその後です。"),
    "refuse.bids_in": ("The bids of this round are already in.",
                       "このラウンドの入札はもう終わっています。"),
    "refuse.bid_taken": ("{seat:player}'s pawn is already on {bid}; choose a free value.",
                         "{bid}には{seat:player}のコマがあります。空いている値を選んでください。"),
    "refuse.take_later": ("Cards are taken only after the reveal, in bid order.",
                          "カードを取れるのは公開の後、入札の高い順です。"),
    "refuse.not_in_centre": ("There is no {card:@card} in the centre.",
                             "中央に{card:@card}はありません。"),
    # -- on the table -------------------------------------------------------------------
    "table.bury_at_start": ("You bury a card only at the start of a round.",
                            "カードを埋めるのはラウンドの最初だけです。"),
    "table.already_buried": ("You have already buried a card this round.",
                             "このラウンドはもう埋めました。"),
    "table.drag_to_bury": ("Drag the card onto your burial spot (or click the spot).",
                           "カードを自分の「埋める」場所へドラッグ(または場所をクリック)。"),
    "table.drop_on_bury": ("Drop the card on your burial spot, marked Bury.",
                           "カードは「埋める」と書かれた自分の場所に置いてください。"),
    "table.zero_in_order": ("Zero slots fill in order: click the first free 0.",
                            "0の枠は順番に埋まります。最初の空いている0をクリックしてください。"),
    "table.face_down": ("Buried cards stay face down until every bid is in.",
                        "埋めたカードは全員の入札が終わるまで伏せたままです。"),
    "table.bury_here": ("Drag a card from your hand here to bury it.",
                        "手札のカードをここへドラッグして埋めます。"),
    "table.yours_buried": ("Your card is buried until the reveal.",
                           "あなたのカードは公開まで埋まっています。"),
    # -- prompts ------------------------------------------------------------------------
    "prompt.over": (lambda a, say: f"Game over: {say(a['winners'], 'players')} "
                                   f"{'wins' if len(a['winners']) == 1 else 'share the win'} "
                                   f"with {a['best']} points.",
                    "ゲーム終了:{winners:players}の勝ち({best}点)。"),
    "prompt.bury": ("Choose secretly: drag a card from your hand onto Bury (or click it, then "
                    "Bury). Nobody else sees it. ({done}/{n} have buried)",
                    "埋めるカードをこっそり選んでください:手札の1枚を「埋める」へドラッグ"
                    "(またはクリック)。ほかの人には見えません。({done}/{n}人が埋め済み)"),
    "prompt.burying_seen": ("{seat:player} is choosing a card secretly. Every buried card "
                            "stays hidden until the reveal.",
                            "{seat:player}がこっそりカードを選んでいます。選んだカードは公開まで"
                            "全員に秘密です。"),
    "prompt.burying": ("{seat:player} is choosing a card secretly (hidden).",
                       "{seat:player}がこっそりカードを選んでいます(秘密)。"),
    "prompt.bid": ("Bid on the hidden total: click a free value on the bid board. Bid over the "
                   "total and you bust.",
                   "合計を予想して、空いている入札値をクリックしてください。合計を超えると"
                   "バーストします。"),
    "prompt.bidding": ("{seat:player} is bidding. The buried cards are revealed after the "
                       "last bid.",
                       "{seat:player}が入札しています。埋めたカードは入札の後に公開します。"),
    "prompt.take": ("The total is {total}. Click one card in the centre to take it, or press "
                    "Take nothing.",
                    "合計は{total}。中央のカードを1枚クリックして取るか、「取らない」を押して"
                    "ください。"),
    "prompt.taking": ("The total is {total}. {seat:player} is choosing a card.",
                      "合計は{total}。{seat:player}が取るカードを選んでいます。"),
    # -- the end ------------------------------------------------------------------------
    "summary": (lambda a, say: f"{say(a['winners'], 'players')} "
                               f"{'wins' if len(a['winners']) == 1 else 'share the win'} with "
                               f"{max(a['scores'])} points.\nScores after {a['rounds']} rounds: "
                               f"{_tally_en(a, say)}.",
                lambda a, say: f"{say(a['winners'], 'players')}の勝ち({max(a['scores'])}点)。\n"
                               f"{a['rounds']}ラウンドの得点:{_tally_ja(a, say)}。"),
}, spec=SPEC, parent=ENGINE)
