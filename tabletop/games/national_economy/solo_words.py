"""The words of National Economy's solo variants: the 2-4 player game's catalogue with the
solo game's own messages (the blockers, the tax, the result)."""

from __future__ import annotations

from .data import CLEAR_SCORE
from .spec import SOLO_SPEC
from .words import WORDS

SOLO_WORDS = WORDS.merged({
    "game.name": (SOLO_SPEC.name_en, SOLO_SPEC.name_ja),
    "log.blocker": ("The blocker takes the {card:@card}.",
                    "ブロッカーが{card:@card}をふさぎました。"),
    "log.idle": ("No workplace can be used: {workers} {workers:plural:worker stays:workers stay} "
                 "idle this round (they are still paid).",
                 "使える職場がないため、労働者{workers}人はこのラウンド待機します(賃金は払います)。"),
    "log.solo_round": ("Round {round} begins (wage ${wage} per worker, tax ${tax}).",
                       "ラウンド{round}開始(賃金は1人${wage}、税金${tax})。"),
    "log.no_blocker": ("Every public workplace is taken: the blocker stays out.",
                       "空いている共有の職場がないので、ブロッカーは置かれません。"),
    "log.bankrupt": ("{seat:player} owes ${wages} in wages and ${tax} in tax but holds only "
                     "${cash}: the game is over.",
                     "{seat:player}は賃金${wages}と税金${tax}を払えません(所持金${cash})。"
                     "ゲームオーバーです。"),
    "log.wages_part": ("{seat:player} pays ${paid} of ${wages} in wages.",
                       "{seat:player}は賃金${wages}のうち${paid}を払いました。"),
    "log.tax": ("{seat:player} pays ${paid} in tax to the supply.",
                "{seat:player}が税金${paid}をサプライに払いました。"),
    "log.tax_part": ("{seat:player} pays ${paid} of ${tax} in tax to the supply.",
                     "{seat:player}は税金${tax}のうち${paid}をサプライに払いました。"),
    "log.penalty": ("{seat:player} takes {tokens} unpaid-wage {tokens:plural:token:tokens}.",
                    "{seat:player}が未払い給料罰符を{tokens}枚受け取りました。"),
    "result.bankrupt": ("Game over: the wages and tax could not be paid.",
                        "ゲームオーバー:賃金と税金を払えませんでした。"),
    "result.clear": (f"Cleared! Total assets {{total}} (target {CLEAR_SCORE}).",
                     f"クリア!総資産{{total}}(目標{CLEAR_SCORE})。"),
    "result.not-cleared": (f"Not cleared: total assets {{total}}, {CLEAR_SCORE} needed.",
                           f"クリアならず:総資産{{total}}(クリアには{CLEAR_SCORE}必要)。"),
    "result.finished": ("Final score: total assets {total}.", "最終得点:総資産{total}。"),
    "refuse.blocked": ("The {card:@card} is blocked this round: the neutral blocker stands on "
                       "it.",
                       "{card:@card}はこのラウンド、中立のブロッカーにふさがれていて使えません。"),
    "refuse.public_type": ("A {card:@card} is already in the public area: in solo rules a only "
                           "one building of each type may be public.",
                           "共有建物置き場にはすでに{card:@card}があります。ソロルールaでは"
                           "同じ種類の建物は1つまでしか共有建物置き場に置けません。"),
    "refuse.one_per_type": ("Only one {card:@card} may go to the public area: in solo rules a "
                            "only one building of each type may be public.",
                            "{card:@card}は1つしか売れません。ソロルールaでは同じ種類の建物は"
                            "1つまでしか共有建物置き場に置けません。"),
    "status.solo_payday": ("Payday: wages ${wages} + tax ${tax} = ${due}; you hold ${cash}, so "
                           "you are ${short} short.",
                           "給料日:賃金${wages}+税金${tax}=${due}、所持金${cash}で${short}"
                           "不足しています。"),
    "table.blockers": ("The blockers are neutral: after each of your placements one takes the "
                       "newest public workplace holding no worker, and they leave at the end of "
                       "the round.",
                       "ブロッカーは中立のコマです。あなたが労働者を置くたびに、労働者のいない"
                       "一番新しい共有の職場をふさぎ、ラウンドの終わりに戻ります。"),
    "summary.tax": ("\nTax paid over the game: ${taxed}.", "\nゲーム中に払った税金:${taxed}。"),
    "series.tax_paid": ("Tax paid", "税金累計"),
    "series.tax": ("Tax", "税金"),
    "prompt.payday": ("Payday: wages ${wages} + tax ${tax} = ${due}; you hold ${cash}, so you "
                      "are ${short} short. Pick buildings to sell, then Done.",
                      "給料日:賃金${wages}+税金${tax}=${due}、所持金${cash}で${short}足りません。"
                      "売却する建物を選び、確定してください。"),
    "prompt.with_blocked": (lambda a, say: f"{say(a['prompt'], '')} Blocked this round: "
                            f"{', '.join(say(c, '@card') for c in a['cards'])}.",
                            lambda a, say: f"{say(a['prompt'], '')}このラウンドふさがれている職場:"
                            f"{'、'.join(say(c, '@card') for c in a['cards'])}。"),
})
