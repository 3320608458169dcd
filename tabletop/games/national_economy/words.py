"""National Economy's words: every message code its rules and table use, in English and
Japanese (``tabletop.api`` formats them at the app's edge). The solo variants add theirs in
``solo_words``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say

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
            return f"終了時の手札:{text}。"
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
    # -- cards --------------------------------------------------------------------------
    **{f"card.{b.id}": (b.en, b.ja) for b in BUILDINGS.values()},
    **{f"card.{w.id}": (w.en, w.ja) for w in WORKPLACES.values()},
    f"card.{GOODS}": (GOODS_EN, GOODS_JA),
    # -- the log ------------------------------------------------------------------------
    "log.start": ("{seat:player} is the start player.", "{seat:player}がスタートプレイヤーです。"),
    "log.reshuffle": ("The discard pile is shuffled into a new deck.",
                      "捨て札をシャッフルして新しい山札にしました。"),
    "log.no_cards": ("No building cards are left to draw.", "引ける建物カードがありません。"),
    "log.reveal": ("Revealed: {card:@card}.", "{card:@card}が公開されました。"),
    "log.draw": ("You draw {card:@card}.", "{card:@card}を引きました。"),
    "log.drew": ("{seat:player} draws a building card.",
                 "{seat:player}が建物カードを1枚引きました。"),
    "log.place": ("{seat:player} sends a worker to the {card:@card}.",
                  "{seat:player}が{card:@card}に労働者を派遣しました。"),
    "log.income": ("{seat:player} takes ${amount} from the household.",
                   "{seat:player}が家計から${amount}を得ました。"),
    "log.goods": ("{seat:player} draws {count} consumer goods.",
                  "{seat:player}が消費財を{count}枚引きました。"),
    "log.marker": ("{seat:player} takes the start player marker.",
                   "{seat:player}がスタートプレイヤーマーカーを取りました。"),
    "log.hire": ("{seat:player} hires {count} {count:plural:worker:workers} ({total} in all).",
                 "{seat:player}が労働者を{count}人雇いました(計{total}人)。"),
    "log.burn": ("{seat:player}'s Slash-and-Burn Field is discarded.",
                 "{seat:player}の焼畑が捨て札になりました。"),
    "log.discard": ("{seat:player} discards {card:@card}.",
                    "{seat:player}が{card:@card}を捨てました。"),
    "log.build": ("{seat:player} builds a {card:@card}.",
                  "{seat:player}が{card:@card}を建設しました。"),
    "log.take": ("{seat:player} takes {card:@card}; the other revealed cards are discarded.",
                 "{seat:player}が{card:@card}を手札に加え、残りを捨てました。"),
    "log.sell_pick": ("{seat:player} picks {card:@card} to sell.",
                      "{seat:player}が{card:@card}を売却に選びました。"),
    "log.round": ("Round {round} begins (wage ${wage} per worker); {start:player} starts.",
                  "ラウンド{round}開始(賃金は1人${wage})。{start:player}から始めます。"),
    "log.wages": ("{seat:player} pays ${paid} in wages.",
                  "{seat:player}が賃金${paid}を払いました。"),
    "log.wages_short": ("{seat:player} pays ${paid} of ${due} in wages and takes {unpaid} "
                        "unpaid-wage {unpaid:plural:token:tokens}.",
                        "{seat:player}は賃金${due}のうち${paid}しか払えず、未払い給料罰符を"
                        "{unpaid}枚受け取りました。"),
    "log.sell": (_sold("en"), _sold("ja")),
    "log.workplace": ("The {card:@card} opens in the public area.",
                      "{card:@card}が共有建物置き場に加わりました。"),
    "log.hands": (_hands("en"), _hands("ja")),
    "log.score": ("{seat:player}: total assets {total}.", "{seat:player}:総資産{total}。"),
    "log.winner": (_winners("en"), _winners("ja")),
    # -- moves --------------------------------------------------------------------------
    "move.place": ("Send a worker to the {card:@card}", "{card:@card}に労働者を派遣する"),
    "move.place_own": ("Send a worker to your {card:@card}",
                       "自分の{card:@card}に労働者を派遣する"),
    "move.discard": ("Discard {card:@card}", "{card:@card}を捨てる"),
    "move.build": ("Build {card:@card}", "{card:@card}を建設する"),
    "move.take": ("Take {card:@card}", "{card:@card}を手札に加える"),
    "move.sell": ("Pick {card:@card} to sell", "{card:@card}を売却に選ぶ"),
    "move.done": ("Complete the sale", "売却を確定する"),
    "move.draw": ("Draw a building card", "建物カードを引く"),
    "move.start": ("{seat:player} starts", "{seat:player}がスタートプレイヤー"),
    # -- refusals -------------------------------------------------------------------------
    "refuse.deck": ("Only the shuffled deck decides that.",
                    "それはシャッフルされた山札が決めることです。"),
    "refuse.not_now": ("That is not possible now.", "今はそれはできません。"),
    "refuse.hold_no": ("You hold no {card:@card}.", "{card:@card}を持っていません。"),
    "refuse.have_no": ("You have no {card:@card}.", "{card:@card}を持っていません。"),
    "refuse.not_revealed": ("{card:@card} is not among the revealed cards.",
                            "{card:@card}は公開されたカードの中にありません。"),
    "refuse.passive": ("The {card:@card} is a passive building: workers cannot be placed "
                       "there.",
                       "{card:@card}はパッシブ系の建物なので労働者を置けません。"),
    "refuse.fresh": ("Your {card:@card} was built this round; in this game new buildings work "
                     "from the next round (NE-R26).",
                     "{card:@card}はこのラウンドに建てたばかりです。このゲームでは建てた建物は"
                     "次のラウンドから使えます。"),
    "refuse.own_taken": ("Your {card:@card} already holds a worker this round.",
                         "あなたの{card:@card}にはこのラウンドすでに労働者がいます。"),
    "refuse.use_own": ("Your {card:@card} is in your own area: use place:own:{id}.",
                       "{card:@card}はあなたの個人建物置き場にあります。"),
    "refuse.not_public": ("There is no {card:@card} in the public area.",
                          "共有建物置き場に{card:@card}はありません。"),
    "refuse.public_taken": ("The {card:@card} already holds a worker this round (NE-R23).",
                            "{card:@card}にはこのラウンドすでに労働者がいます。"),
    "refuse.hand": ("The {card:@card} needs {need} {need:plural:card:cards} to discard; you hold "
                    "{held}.",
                    "{card:@card}には捨てる手札が{need}枚必要です(手札{held}枚)。"),
    "refuse.household": ("The household holds ${held}; the {card:@card} needs ${need}.",
                         "家計には${held}しかありません。{card:@card}には${need}必要です。"),
    "refuse.build": ("You hold no building you can build with the {card:@card}: a building "
                     "needs as many other cards in hand as its cost.",
                     "{card:@card}で建設できる建物がありません(コストと同じ枚数の他の手札が"
                     "必要です)。"),
    "refuse.limit": ("You already have {limit} workers, your limit.",
                     "労働者はすでに上限の{limit}人です。"),
    "refuse.hire_to": ("The {card:@card} hires up to {target} workers; you have {have}.",
                       "{card:@card}は労働者が{target}人になるまで雇いますが、すでに{have}人"
                       "います。"),
    "refuse.goods": ("The consumer goods pile holds {left} {left:plural:card:cards}; the "
                     "{card:@card} draws "
                     "{need}, and in this game a building cannot be used when the pile cannot "
                     "give them all.",
                     "消費財の山には{left}枚しかありません。{card:@card}は{need}枚引くので、"
                     "このゲームのルールでは使えません。"),
    "refuse.orchard": ("The {card:@card} works only while you hold fewer than {limit} cards; "
                       "you hold {held}.",
                       "{card:@card}は手札が{limit}枚未満のときだけ使えます(手札{held}枚)。"),
    "refuse.no_reveal": ("There are no building cards left to reveal.",
                         "公開できる建物カードがありません。"),
    "refuse.second_cost": ("The second building must cost the same as the {first:@card} "
                           "({cost}).",
                           "2つ目の建物は{first:@card}と同じコスト({cost})が必要です。"),
    "refuse.settlers": ("Settlers build only agricultural buildings.",
                        "開拓民で建設できるのは農業系の建物だけです。"),
    "refuse.pair": ("Two-in-One needs a second building of cost {cost} and {cost} more "
                    "{cost:plural:card:cards} to discard.",
                    "二胡市建設にはコスト{cost}の建物がもう1つと、捨てる手札{cost}枚が"
                    "必要です。"),
    "refuse.cost": ("The {card:@card} costs {cost}: you need {cost} other "
                    "{cost:plural:card:cards} in hand; "
                    "you hold {others}.",
                    "{card:@card}のコストは{cost}です。他の手札が{cost}枚必要です(他の手札"
                    "{others}枚)。"),
    # The over-selling rule (NE-R50..NE-R54).
    "sale.not_short": ("You can pay your wages, so no building may be sold (that would be "
                       "over-selling).",
                       "賃金を払えるので建物は売れません(過剰売却になります)。"),
    "sale.over": (lambda a, say: f"Over-selling rule: you are ${a['short']} short. The "
                  f"selection brings ${a['total']}; without the ${a['cheapest']} building it "
                  f"would still bring ${a['total'] - a['cheapest']}, which covers the "
                  "shortfall. You may not sell a building you do not need to sell.",
                  lambda a, say: f"過剰売却ルール:不足額は${a['short']}です。選んだ建物は"
                  f"${a['total']}になり、${a['cheapest']}の建物を売らなくても"
                  f"${a['total'] - a['cheapest']}で足ります。売る必要のない建物は売れません。"),
    "sale.short": ("You must sell: you are ${short} short and the selection brings only "
                   "${total}. Sell until the shortfall is covered (or sell every sellable "
                   "building if they cannot cover it).",
                   "売却義務:不足額は${short}ですが、選んだ建物は${total}にしかなりません。"
                   "不足額に届くまで売ってください(すべて売っても届かないなら、すべて売ります)。"),
    "sale.dead_end": ("No legal sale contains this selection: every way to complete it either "
                      "leaves the shortfall uncovered or sells a building that is not needed.",
                      "この選び方を含む売却はどれも、不足額に届かないか過剰売却になります。"),
    "sale.unsellable": ("{card:@card} cannot be sold.", "{card:@card}は売却できません。"),
    "sale.not_owned": ("You have no more {card:@card} to sell.",
                       "売れる{card:@card}がもうありません。"),
    "sale.other": ("That sale is not allowed.", "その売却はできません。"),
    # -- the table ------------------------------------------------------------------------
    "table.others_worker": ("That is {seat:player}'s worker.", "それは{seat:player}の労働者です。"),
    "table.others_hand": ("That is {seat:player}'s hand.", "それは{seat:player}の手札です。"),
    "table.drag_to_workplace": ("Drag one of your workers onto this workplace.",
                                "自分の労働者をこの職場にドラッグしてください。"),
    "table.drag_to_building": ("Drag one of your workers onto this building.",
                               "自分の労働者をこの建物にドラッグしてください。"),
    "table.build_at": ("Cards in hand are built at a workplace that builds, such as the "
                       "Carpenter.",
                       "手札の建物は大工などの建設する職場で建てます。"),
    "table.goods_unbuildable": ("Consumer goods cannot be built.", "消費財は建設できません。"),
    "table.picked": ("This building is already picked for the sale.",
                     "この建物はすでに売却に選んでいます。"),
    "table.owner_only": ("Only the owner may use a building in a private area.",
                         "個人建物置き場の建物は持ち主しか使えません。"),
    "table.asleep": ("This worker was hired this round and works from the next one.",
                     "この労働者は今ラウンドに雇われたので、次のラウンドから働きます。"),
    "table.working": ("This worker is already working this round.",
                      "この労働者はこのラウンドすでに働いています。"),
    "table.drag_worker": ("Drag the worker onto a workplace.",
                          "労働者を職場にドラッグしてください。"),
    "table.copy_taken": ("This {card:@card} already holds a worker; use another copy.",
                         "この{card:@card}にはすでに労働者がいます。別のカードを使ってください。"),
    "table.owner_workers": ("Only the owner may place workers on a private building.",
                            "個人建物置き場の建物には持ち主しか労働者を置けません。"),
    "table.not_on_hand": ("Workers go on workplaces, not on cards in hand.",
                          "労働者は職場に置きます。手札には置けません。"),
    "table.buildings": ("Buildings", "建物"),
    "table.penalties": ("Penalties", "未払い罰符"),
    "status.payday": ("Payday: you owe ${due} and hold ${cash}, so you are ${short} short.",
                      "給料日:賃金${due}に対し所持金${cash}、${short}不足しています。"),
    "status.picked": (" Picked: {names} (${picked}).", "選択中:{names}(${picked})。"),
    "status.press_done": (" Press Done to sell.", "「確定」で売却します。"),
    "status.legal_sales": (" Legal sales: {options}. Click buildings to sell, then Done.",
                           "売却できる組み合わせ:{options}。売る建物をクリックして確定して"
                           "ください。"),
    "series.cash": ("cash", "現金"),
    "series.assets": ("assets", "総資産"),
    "series.household": ("Household", "家計"),
    "panel.cash": ("Cash", "現金"),
    "panel.assets": ("Total assets", "総資産"),
    # -- prompts --------------------------------------------------------------------------
    "prompt.over": (_winners("en"), _winners("ja")),
    "prompt.drawing": ("Drawing cards…", "カードを引いています…"),
    "prompt.waiting": ("Waiting for {seat:player}.", "{seat:player}を待っています。"),
    "prompt.place": ("Place a worker on a workplace.", "労働者を職場に派遣してください。"),
    "prompt.discard": ("Discard {n} more {n:plural:card:cards}.",
                       "手札をあと{n}枚捨ててください。"),
    "prompt.trim": ("Hand limit: discard {n} more {n:plural:card:cards}.",
                    "手札上限:あと{n}枚捨ててください。"),
    "prompt.build": ("Choose a building to build.", "建設する建物を選んでください。"),
    "prompt.build2": ("Choose a second building of cost {cost}.",
                      "コスト{cost}の2つ目の建物を選んでください。"),
    "prompt.take": ("Take one of the revealed cards.", "公開されたカードから1枚選んでください。"),
    "prompt.sell": ("Wages: you are ${short} short. Pick buildings to sell, then Done.",
                    "賃金が${short}足りません。売却する建物を選び、確定してください。"),
}, spec=SPEC, parent=ENGINE)
