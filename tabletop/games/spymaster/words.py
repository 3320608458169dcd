"""Spymaster's words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge)."""

from __future__ import annotations

from tabletop.api import ENGINE, Catalogue

from .data import ALL_CARDS, HAND_LIMIT, TYPE_NAMES, card_names
from .spec import SPEC

WORDS = Catalogue({
    # -- cards and types ----------------------------------------------------------------
    **{f"card.{c}": card_names(c) for c in ALL_CARDS},
    **{f"type.{t}": names for t, names in TYPE_NAMES.items()},
    # -- the log ------------------------------------------------------------------------
    "log.first": ("{seat:player} attacks first.", "{seat:player}が先に攻撃します。"),
    "log.draw": ("You draw {card:@card}.", "{card:@card}を引きました。"),
    "log.drew": ("{seat:player} draws a card.", "{seat:player}がカードを1枚引きました。"),
    "log.reshuffle": ("The deck is empty: the {cards} discarded cards are shuffled into a new "
                      "deck.",
                      "山札が尽きたので、捨て札{cards}枚を混ぜて新しい山札にしました。"),
    "log.skip": ("No cards are left to draw.", "引けるカードがありません。"),
    "log.round": ("Round {round}: {seat:player} attacks.",
                  "第{round}ラウンド:{seat:player}の攻撃です。"),
    "log.play": ("{seat:player} plays a card face down.",
                 "{seat:player}がカードを1枚伏せて出しました。"),
    "log.reveal": (lambda a, say: f"{say(a['seat'], 'player')} names "
                   f"{say(a['call'], '@type')}; the card is {say(a['card'], '@card')}: "
                   + ("caught!" if a["caught"] else "the attack succeeds."),
                   lambda a, say: f"{say(a['seat'], 'player')}の宣言は"
                   f"「{say(a['call'], '@type')}」、カードは{say(a['card'], '@card')}:"
                   + ("見破った!" if a["caught"] else "攻撃成功。")),
    "log.expose": ("{seat:player} exposes a document ({left} left).",
                   "{seat:player}の機密書類が1枚暴かれました(残り{left}枚)。"),
    "log.defect": ("{card:@card} defects to {seat:player}'s row.",
                   "{card:@card}が{seat:player}の列に寝返りました。"),
    "log.chain": ("{card:@card} follows {prev:@card}: {seat:player} draws 1.",
                  "{prev:@card}の次に{card:@card}:{seat:player}が1枚引きます。"),
    "log.tuck": ("{seat:player} tucks {card:@card} under {base:@card}.",
                 "{seat:player}が{base:@card}の下に{card:@card}を差し込みました。"),
    "log.infiltrate": ("{seat:player} has {spies} spies in the row: infiltration!",
                       "{seat:player}の列のスパイが{spies}枚:潜入成功!"),
    "log.discard": ("{seat:player} discards {card:@card}.",
                    "{seat:player}が{card:@card}を捨てました。"),
    "log.limit": ("{seat:player} holds too many cards and must discard {discard}.",
                  "{seat:player}は手札が多すぎるので{discard}枚捨てます。"),
    "log.stop": ("{seat:player} stops attacking.", "{seat:player}が攻撃をやめました。"),
    "log.win": (lambda a, say: f"{say(a['winner'], 'player')} wins: all of "
                f"{say(1 - a['winner'], 'player')}'s documents are exposed.",
                lambda a, say: f"{say(a['winner'], 'player')}の勝ち:"
                f"{say(1 - a['winner'], 'player')}の機密書類がすべて暴かれました。"),
    "log.deadlock": ("Two rounds passed without a card played: the game is a draw.",
                     "2ラウンド続けてカードが出されなかったので引き分けです。"),
    # -- moves --------------------------------------------------------------------------
    "move.play": ("Play {card:@card} face down", "{card:@card}を伏せて出す"),
    "move.call": ("Name {type:@type}", "「{type:@type}」と宣言する"),
    "move.tuck": ("Tuck {card:@card}", "{card:@card}を差し込む"),
    "move.pass": ("Do not tuck", "差し込まない"),
    "move.discard": ("Discard {card:@card}", "{card:@card}を捨てる"),
    "move.stop": ("Stop attacking", "攻撃をやめる"),
    "move.draw": ("Draw a card", "カードを引く"),
    "move.first": ("{seat:player} attacks first", "{seat:player}が先攻"),
    # -- refusals -------------------------------------------------------------------------
    "refuse.deck": ("Only the shuffle decides that.", "それは山札が決めることです。"),
    "refuse.drawing": ("Cards are being drawn.", "カードを配っています。"),
    "refuse.call_first": ("{seat:player} must first name the type of the face-down card.",
                          "まず{seat:player}が伏せられたカードの種類を宣言します。"),
    "refuse.no_tuck": ("You hold no larger Spy to tuck: first choose Don't tuck.",
                       "差し込める大きいスパイはありません。先に「差し込まない」を選んでください。"),
    "refuse.tuck_first": ("First tuck a larger Spy under your Spy, or pass.",
                          "先に、スパイの下により大きいスパイを差し込むかパスしてください。"),
    "refuse.discard_first": ("{seat:player} must first discard {n} more "
                             "{n:plural:card:cards}.",
                             "まず{seat:player}があと{n}枚捨てます。"),
    "refuse.no_card": ("You have no {card:@card} in your hand.",
                       "手札に{card:@card}はありません。"),
    "refuse.nothing_to_name": ("There is no face-down card to name.",
                               "宣言する伏せカードがありません。"),
    "refuse.tuck_when": ("A Spy can be tucked only right after a successful Spy.",
                         "スパイを差し込めるのは、スパイが成功した直後だけです。"),
    "refuse.tuck_larger": ("Only a Spy numbered above {number} can go under {base:@card}.",
                           "{base:@card}の下に差し込めるのは{number}より大きいスパイだけです。"),
    "refuse.nothing_to_pass": ("There is nothing to pass on.", "パスする場面ではありません。"),
    "refuse.discard_when": (f"Cards are discarded only at round end, by a player holding "
                            f"{HAND_LIMIT} or more.",
                            f"捨てるのはラウンド終了時、手札が{HAND_LIMIT}枚以上のときだけです。"),
    "refuse.keep_attacking": ("You must keep attacking until a card is caught or Special "
                              "Forces succeed.",
                              "カードを見破られるか特殊部隊が成功するまで、攻撃は続けなければ"
                              "なりません。"),
    "refuse.stop_after": ("You may stop only after a successful attack this round.",
                          "やめられるのは、このラウンドで攻撃が1回以上成功したあとだけです。"),
    # -- prompts --------------------------------------------------------------------------
    "prompt.draw": ("The game is a draw.", "引き分けです。"),
    "prompt.won": ("{seat:player} wins.", "{seat:player}の勝ちです。"),
    "prompt.choosing": ("{seat:player} is choosing a card to play.",
                        "{seat:player}がカードを選んでいます。"),
    "prompt.play_or_stop": ("Drag a card from your hand onto Play, or stop attacking.",
                            "手札のカードを「出す」の場所へドラッグするか、攻撃をやめてください。"),
    "prompt.play": ("Drag a card from your hand onto Play to attack face down.",
                    "手札のカードを1枚「出す」の場所へドラッグして伏せて出してください。"),
    "prompt.naming": ("{seat:player} is naming the card's type.",
                      "{seat:player}が種類を考えています。"),
    "prompt.name": ("Name the face-down card: Spy (S), Special Forces (F) or Hacker (H).",
                    "伏せられたカードの種類を宣言してください:スパイ(S)・特殊部隊(F)・ハッカー(H)。"),
    "prompt.may_tuck": ("{seat:player} may tuck a Spy.",
                        "{seat:player}がスパイを差し込むか考えています。"),
    "prompt.no_tuck": ("You hold no Spy larger than {base:@card}: press Don't tuck (N) to go "
                       "on.",
                       "{base:@card}より大きいスパイはありません。「差し込まない」(N)を押して"
                       "攻撃を続けてください。"),
    "prompt.tuck": ("Click a Spy larger than {base:@card} to tuck it, or pass.",
                    "{base:@card}より大きいスパイをクリックして差し込むか、パスしてください。"),
    "prompt.discarding": ("{seat:player} is discarding.", "{seat:player}が手札を捨てています。"),
    "prompt.discard": ("Too many cards: click cards to discard ({n} more).",
                       "手札が多すぎます。捨てるカードをクリックしてください(あと{n}枚)。"),
    # -- the table ------------------------------------------------------------------------
    "table.opponents_card": ("That card is in your opponent's hand.", "それは相手の手札です。"),
    "table.drawn_for_you": ("Cards are drawn for you when the rules say so.",
                            "カードはルールに従って自動で引かれます。"),
    "table.drag_to_attack": ("Drag the card onto Play to attack with it.",
                             "攻撃するには、カードを「出す」の場所へドラッグしてください。"),
    "table.drag_to_play": ("Drag the card onto Play.",
                           "カードは「出す」の場所へドラッグしてください。"),
    "table.only_spies": ("Only a Spy can be tucked.", "差し込めるのはスパイだけです。"),
    "table.wait_naming": ("Wait: {seat:player} is naming the face-down card.",
                          "お待ちください:{seat:player}が伏せカードの種類を宣言します。"),
    "table.wait_discarding": ("Wait: {seat:player} is discarding.",
                              "お待ちください:{seat:player}が手札を捨てています。"),
    "table.attacking": ("It is {seat:player}'s attack.", "{seat:player}の攻撃中です。"),
    "series.documents": ("P{number} documents", "P{number} 書類"),
    # -- the end ------------------------------------------------------------------------
    "summary.won": ("{seat:player} wins: all of {loser:player}'s classified documents are "
                    "exposed. Documents left: {left0} – {left1} after {rounds} rounds.",
                    "{seat:player}の勝ち:{loser:player}の機密書類がすべて暴かれました。"
                    "残りの書類:{left0} – {left1}({rounds}ラウンド)。"),
    "summary.deadlock": ("Draw: two rounds passed without a card played. Documents left: "
                         "{left0} – {left1} after {rounds} rounds.",
                         "引き分け:2ラウンド続けてカードが出されませんでした。"
                         "残りの書類:{left0} – {left1}({rounds}ラウンド)。"),
    "summary.draw": ("Draw. Documents left: {left0} – {left1} after {rounds} rounds.",
                     "引き分け。残りの書類:{left0} – {left1}({rounds}ラウンド)。"),
}, spec=SPEC, parent=ENGINE)
