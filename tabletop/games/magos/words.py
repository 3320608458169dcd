"""Magos's words: every message code its duel and solo rules and tables use, in English and
Japanese (``tabletop.api`` formats them at the app's edge).

Who acts is an argument ``who``: a message naming the seat (``Msg("player", seat=...)`` in the
duel, the wizard or the opponent card in the solo game), so one log line serves both modes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say

from .data import DRAIN, ENEMIES, FACE_WORDS, FULL_HEAL, SPELLS, face_words
from .spec import SOLO_SPEC, SPEC

#: What each die of a multi-die spell stands for, in cast order (MG-R26).
SLOT_NAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "fireball": (("cost die", "コスト役のダイス"), ("damage die", "ダメージ役のダイス")),
    "will_o_wisp": (("damage die", "ダメージ役のダイス"), ("other die", "もう1つのダイス")),
    "purgatory": (("self-damage die", "自分へのダメージ役のダイス"),
                  ("damage die", "相手へのダメージ役のダイス")),
    "flame_slash": (("+4 damage die", "+4ダメージ役のダイス"), ("second die", "2個目のダイス"),
                    ("third die", "3個目のダイス")),
}


def slot_name(spell: str, index: int, lang: str) -> str:
    """What the ``index``-th die of a cast of ``spell`` stands for ("the damage die")."""
    names = SLOT_NAMES.get(spell)
    ja = lang == "ja"
    if names is not None and index < len(names):
        return names[index][1] if ja else names[index][0]
    sp = SPELLS[spell]
    if sp.pair and index == 1:
        return "同じ目のダイス" if ja else "matching die"
    if sp.dice == 1:
        return "ダイス" if ja else "die"
    ordinals = ("first", "second", "third", "fourth")
    return f"{index + 1}個目のダイス" if ja else f"{ordinals[min(index, 3)]} die"


#: What a cast paid or how it chose its effect, as recorded by ``MagosRules._resolve``.
_COST_WORDS: dict[str, tuple[str, str]] = {
    "cost": ("cost {}", "コスト{}"),
    "damage": ("damage {}", "ダメージ{}"),
    "wrath": ("die above own HP", "目が自分のHPより大きい"),
}
#: One effect of a cast, as recorded by ``MagosRules._resolve``.
_EFFECT_WORDS: dict[str, tuple[str, str]] = {
    "self": ("{} damage to self", "自分に{}ダメージ"),
    "damage": ("{} damage", "{}ダメージ"),
    "heal": ("heals {}", "HP{}回復"),
    "mana": ("+{} mana", "マナ+{}"),
    "refill": ("mana refilled to {} (+{})", "マナ全回復({})"),
    "max_mana": ("max mana {}", "最大マナ{}"),
    "max_hp": ("max HP {}", "最大HP{}"),
}


def _cast(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        ja = lang == "ja"
        k = 1 if ja else 0
        sp = SPELLS[a["spell"]]
        costs = ("・" if ja else ", ").join(_COST_WORDS[c][k].format(n) for c, n in a["cost"])
        effects = [_EFFECT_WORDS[e][k].format(x, y) for e, x, y in a["effects"]]
        dice = ", ".join(map(str, a["dice"]))
        x = (f"X={a['x']}" if ja else f"X = {a['x']}") if sp.x_choice else ""
        extra = ("・" if ja else ", ").join(p for p in (costs, x) if p)
        who = say(a["who"], "")
        if ja:
            head = f"{who}が{sp.ja}を唱えた" + (f"({extra})" if extra else "")
            return f"{head}[{dice}]:{'、'.join(effects) or '効果なし'}。"
        head = f"{who} casts {sp.en}" + (f" ({extra})" if extra else "")
        return f"{head} with {dice}: {', '.join(effects) or 'no effect'}."
    return part


def _problem(lang: str) -> Any:
    """A ``die_problem`` answer (``code`` and its numbers ``a``, ``b``, ``c``) as a sentence."""
    def part(m: Mapping[str, Any], say: Say) -> str:
        ja = lang == "ja"
        name = say(m["spell"], "@spell")
        code, a, b, c = m["code"], m.get("a", 0), m.get("b", 0), m.get("c", 0)
        texts: dict[str, tuple[str, str]] = {
            "too_many": (f"{name} takes at most {a} dice.",
                         f"{name}に置けるダイスは{a}個までです。"),
            "need_dice": (f"{name} needs {a} dice; only {b} are unused.",
                          f"{name}にはダイスが{a}個必要ですが、使えるのは{b}個です。"),
            "pair_none": (f"{name} needs two dice showing the same number; no other unused die "
                          f"shows {a}.",
                          f"{name}には同じ目のダイスが2個必要ですが、{a}の目のダイスは他に"
                          "ありません。"),
            "pair_first": (f"{name} needs a matching die: the first one shows {a}.",
                           f"{name}には同じ目のダイスが必要です。1個目は{a}です。"),
            "cost_die": (f"{name}: a {a} as the cost die needs {a} mana; you have {b}.",
                         f"{name}:コスト役に{a}を使うにはマナが{a}必要です(現在{b})。"),
            "cost_d": (f"{name}: a {a} costs {a} mana; you have {b}.",
                       f"{name}:{a}の目にはマナが{a}必要です(現在{b})。"),
            "insp": (f"{name}: a {a} costs {a} mana after refilling to your maximum of {b}.",
                     f"{name}:{a}の目には最大マナ{a}以上が必要です(最大マナ{b})。"),
            "sum_min": (f"{name} costs the sum of both dice: at least {a} mana; you have {b}.",
                        f"{name}は目の合計だけマナを使います。少なくとも{a}必要です(現在{b})。"),
            "cost_fixed": (f"{name} costs {a} mana; you have {b}.",
                           f"{name}にはマナが{a}必要です(現在{b})。"),
            "cost_x": (f"{name} costs at least 1 mana; you have {a}.",
                       f"{name}にはマナが1以上必要です(現在{a})。"),
            "max_hp": (f"{name} lowers your maximum HP by {a}, but it is only {b} (it cannot "
                       "drop below 1).",
                       f"{name}は最大HPを{a}減らしますが、最大HPは{b}しかありません"
                       "(1未満にはできません)。"),
        }
        if code == "sum":
            total = a + b
            texts["sum"] = (f"{name}: {a} + {b} costs {total} mana; you have {c}.",
                            f"{name}:{a}+{b}でマナが{total}必要です(現在{c})。")
        en, jp = texts.get(code, (f"That die cannot go on {name}.", "その呪文には置けません。"))
        return jp if ja else en
    return part


def _enemy_turn(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        enemy = ENEMIES[a["enemy"]]
        row = say(a["row"], "") if a["row"] is not None else ""
        if lang == "ja":
            text = f"{enemy.ja}の{a['turn']}ターン目" + (f"({row}の段)" if row else "")
            if a["faces"] is not None:
                text += f":出目{', '.join(map(str, a['faces']))}(パッチv1.1)。"
            return text if a["faces"] is not None else text + "。"
        text = f"{enemy.en}'s turn {a['turn']}" + (f" (row {row})" if row else "")
        if a["faces"] is not None:
            return text + f": dice {', '.join(map(str, a['faces']))} (patch v1.1)."
        return text + "."
    return part


def effect_text(kind: str, amount: int, healed: int, lang: str) -> str:
    """What one enemy die did, with the amounts actually applied."""
    ja = lang == "ja"
    # The log also says how much a full heal gave, and joins a drain's two parts by a comma.
    if kind == FULL_HEAL:
        return f"HP全回復(+{amount})" if ja else f"full heal (+{amount})"
    if kind == DRAIN and not ja:
        return f"{amount} damage, heals {healed}"
    if kind not in FACE_WORDS:
        return kind
    return face_words(kind, amount, healed, lang)


def _enemy_step(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        enemy = ENEMIES[a["enemy"]]
        what = effect_text(a["kind"], a["amount"], a["healed"], lang)
        if lang == "ja":
            text = f"{enemy.ja}の出目{a['face']}:{what}"
            if a["ends_turn"]:
                text += " — 手番終了"
                if a["skipped"]:
                    text += f"(残りの{'、'.join(map(str, a['skipped']))}は無効)"
            return text + "。"
        text = f"{enemy.en} rolls {a['face']}: {what}"
        if a["ends_turn"]:
            text += " — its turn ends"
            if a["skipped"]:
                text += f" (the other {', '.join(map(str, a['skipped']))} do nothing)"
        return text + "."
    return part


WORDS = Catalogue({
    # -- spells and names ---------------------------------------------------------------
    **{f"spell.{s.id}": (s.en, s.ja) for s in SPELLS.values()},
    **{f"enemy.{e.id}": (e.en, e.ja) for e in ENEMIES.values()},
    "who.wizard": ("The wizard", "魔法使い"),
    "both.duel": ("Both wizards", "両者"),
    "both.solo": ("Both sides", "両者"),
    "band": ("HP {lo}–{hi}", "HP{lo}〜{hi}"),
    # -- the log ------------------------------------------------------------------------
    "log.first": ("{seat:player} goes first.", "{seat:player}が先攻です。"),
    "log.deal": ("You are dealt {spell:@spell}.", "{spell:@spell}が配られました。"),
    "log.keep": ("You keep {spell:@spell}.", "{spell:@spell}を残しました。"),
    "log.keep_solo": ("You keep {spell:@spell} ({count}/{of}).",
                      "{spell:@spell}を残しました({count}/{of})。"),
    "log.kept": ("{seat:player} keeps a spell ({count}/{of}).",
                 "{seat:player}が呪文を1枚残しました({count}/{of})。"),
    "log.end": ("{who} ends the turn.", "{who}が手番を終えました。"),
    "log.turn": ("{who}'s turn {turn}.", "{who}の{turn}ターン目。"),
    "log.roll": (lambda a, say: f"{say(a['who'], '')} rolls {', '.join(map(str, a['dice']))}.",
                 lambda a, say: f"{say(a['who'], '')}のダイス:{', '.join(map(str, a['dice']))}"),
    "log.assign": (lambda a, say: f"{say(a['who'], '')} puts a {a['value']} on "
                   f"{say(a['spell'], '@spell')} ({slot_name(a['spell'], a['slot'], 'en')}).",
                   lambda a, say: f"{say(a['who'], '')}が{say(a['spell'], '@spell')}に"
                   f"{a['value']}を置きました({slot_name(a['spell'], a['slot'], 'ja')})。"),
    "log.cast": (_cast("en"), _cast("ja")),
    "log.win": ("{winner} wins: {loser} has 0 HP.", "{winner}の勝ち:{loser}のHPが0になりました。"),
    "log.spell_ends_turn": ("{spell:@spell} ends {who}'s turn.",
                            "{spell:@spell}の効果で{who}の手番が終わりました。"),
    "log.draw": ("{both} have taken {turns} turns: a draw.",
                 "両者が{turns}ターンを終えたので引き分けです。"),
    "log.enemy_turn": (_enemy_turn("en"), _enemy_turn("ja")),
    "log.enemy_roll": (lambda a, say: f"{ENEMIES[a['enemy']].en} rolls "
                       f"{', '.join(map(str, a['faces']))}.",
                       lambda a, say: f"{ENEMIES[a['enemy']].ja}のダイス:"
                       f"{', '.join(map(str, a['faces']))}"),
    "log.enemy_step": (_enemy_step("en"), _enemy_step("ja")),
    "log.enemy_wins": ("{enemy:@enemy} wins: your HP fell to 0.",
                       "{enemy:@enemy}の勝ち:あなたのHPが0になりました。"),
    "log.enemy_self_ko": ("You win: {enemy:@enemy} knocked itself out.",
                          "勝利:{enemy:@enemy}が自滅しました。"),
    # -- moves --------------------------------------------------------------------------
    "move.cast_one": ("Cast {spell:@spell} with a {value}",
                      "{spell:@spell}に{value}を置いて唱える"),
    "move.cast_start": (lambda a, say: f"Start casting {say(a['spell'], '@spell')}: a "
                        f"{a['value']} as the {slot_name(a['spell'], 0, 'en')}",
                        lambda a, say: f"{say(a['spell'], '@spell')}の詠唱を始める"
                        f"({slot_name(a['spell'], 0, 'ja')}に{a['value']})"),
    "move.die_on": (lambda a, say: f"Put a {a['value']} on {say(a['spell'], '@spell')} as the "
                    f"{slot_name(a['spell'], a['slot'], 'en')}",
                    lambda a, say: f"{say(a['spell'], '@spell')}の"
                    f"{slot_name(a['spell'], a['slot'], 'ja')}に{a['value']}を置く"),
    "move.die": ("Place a {value}", "{value}を置く"),
    "move.x": ("Choose X = {x}", "X={x}を選ぶ"),
    "move.fire": ("Fire Rapid Fire", "連射を発動する"),
    "move.end": ("End the turn", "手番を終える"),
    "move.keep": ("Keep {spell:@spell}", "{spell:@spell}を残す"),
    "move.roll": ("Roll {shown}", "ダイス:{shown}"),
    "move.deal": ("Deal a card", "カードを配る"),
    "move.first": ("{seat:player} goes first", "{seat:player}が先攻"),
    "move.enemy_face": ("{enemy:@enemy} resolves a {face}", "{enemy:@enemy}の出目{face}"),
    "move.enemy_roll": ("{enemy:@enemy} rolls {shown}", "{enemy:@enemy}のダイス:{shown}"),
    # -- refusals -------------------------------------------------------------------------
    "refuse.over": ("The game is over.", "ゲームは終了しています。"),
    "refuse.battle_over": ("The battle is over.", "対戦は終了しています。"),
    "refuse.chance": ("Only the dice and the deck decide that.",
                      "それはダイスや山札が決めることです。"),
    "refuse.drafting": ("The draft is on: click a card to keep it.",
                        "ドラフト中です。カードをクリックして残してください。"),
    "refuse.draft_first": ("The draft is on: keep a spell first.",
                           "ドラフト中です。まず呪文を選んで残してください。"),
    "refuse.none_to_keep": ("You have no {spell:@spell} left to keep.",
                            "残せる{spell:@spell}はありません。"),
    "refuse.draft_over": ("The draft is over.", "ドラフトは終わっています。"),
    "refuse.turn_of": ("It is {seat:player}'s turn.", "{seat:player}の手番です。"),
    "refuse.no_such_die": ("There is no such die.", "そのダイスはありません。"),
    "refuse.die_used": ("That die is already used.", "そのダイスはもう使われています。"),
    "refuse.no_die": ("No die shows {value}.", "{value}の目のダイスはありません。"),
    "refuse.finish_cast": ("Finish casting {spell:@spell} first.",
                           "先に{spell:@spell}の詠唱を終えてください。"),
    "refuse.choose_x_first": ("{spell:@spell}: choose X first.",
                              "{spell:@spell}:先にXを選んでください。"),
    "refuse.choose_x_now": ("{spell:@spell}: choose X now.", "{spell:@spell}:Xを選んでください。"),
    "refuse.drag_to_spell": ("Drag the die onto a spell.",
                             "ダイスを呪文の上にドラッグしてください。"),
    "refuse.not_yours": ("You do not have {spell:@spell}.", "{spell:@spell}を持っていません。"),
    "refuse.cast_done": ("{spell:@spell} was already cast this turn.",
                         "{spell:@spell}はこの手番にもう使いました。"),
    "refuse.fire_only": ("Only Rapid Fire can be fired early.",
                         "途中で発動できるのは連射だけです。"),
    "refuse.no_x": ("{spell:@spell} has no X to choose.",
                    "{spell:@spell}にはXの選択はありません。"),
    "refuse.dice_first": ("{spell:@spell}: place its dice first.",
                          "{spell:@spell}:先にダイスを置いてください。"),
    "refuse.x_range": ("X must be between 1 and {top}.", "Xは1から{top}の間で選んでください。"),
    "refuse.start_cast": ("Start a cast first: drag a die onto a spell.",
                          "先に呪文にダイスを置いて詠唱を始めてください。"),
    "refuse.not_now": ("'{action}' is not possible now.", "「{action}」は今はできません。"),
    "refuse.enemy_turn": ("{enemy:@enemy} is taking its turn.", "{enemy:@enemy}の手番です。"),
    "refuse.wait_dice": ("Wait for the dice and the cards.", "ダイスやカードを待ってください。"),
    "problem": (_problem("en"), _problem("ja")),
    # -- prompts --------------------------------------------------------------------------
    "prompt.draw": ("The game is a draw.", "引き分けです。"),
    "prompt.won": ("{seat:player} wins.", "{seat:player}の勝ちです。"),
    "prompt.choosing": ("{seat:player} is choosing spells.", "{seat:player}が呪文を選んでいます。"),
    "prompt.keep": ("Click a spell to keep it ({left} more to keep).",
                    "残す呪文をクリックしてください(あと{left}枚)。"),
    "prompt.ready": ("Getting ready…", "準備中…"),
    "prompt.turn_of": ("It is {seat:player}'s turn.", "{seat:player}の手番です。"),
    "prompt.all_used": ("All dice are used. Press End turn.",
                        "ダイスを使い切りました。手番終了を押してください。"),
    "prompt.cast_or_end": ("Drag a die onto a spell to cast it, or press End turn.",
                           "ダイスを呪文にドラッグして唱えるか、手番終了を押してください。"),
    "prompt.doomsday": ("{spell:@spell}: choose X from 1 to {top} (X = {top} knocks you out: "
                        "you lose!).",
                        "{spell:@spell}:Xを1〜{top}から選んでください(X={top}だと自分が倒れて"
                        "負けます)。"),
    "prompt.choose_x": ("{spell:@spell}: choose X from 1 to {top}.",
                        "{spell:@spell}:Xを1〜{top}から選んでください。"),
    "prompt.fire": ("{spell:@spell}: press Fire.", "{spell:@spell}:発動を押してください。"),
    "prompt.fire_or_more": ("{spell:@spell}: drag another die onto it, or press Fire.",
                            "{spell:@spell}:ダイスを追加するか、発動を押してください。"),
    # -- the table ------------------------------------------------------------------------
    "choice.die": ("{spell:@spell} with a {value}", "{spell:@spell}に{value}"),
    "table.drag_die": ("Drag the die onto one of your spells.",
                       "ダイスを自分の呪文の上にドラッグしてください。"),
    "table.own_spells": ("You can only cast your own spells.", "使えるのは自分の呪文だけです。"),
    "table.kept": ("You already keep this card.", "このカードはもう残しています。"),
    "table.cast_here": ("Drag a die onto this spell to cast it.",
                        "呪文を唱えるには、ダイスをこのカードにドラッグしてください。"),
    "table.opponents_spell": ("That is your opponent's spell.", "それは相手の呪文です。"),
    "series.mana": ("mana", "マナ"),
    "summary.draw": ("Draw: both wizards took {turns} turns and both still stand. Final HP: "
                     "{hp0} – {hp1}.",
                     "引き分け:両者が{turns}ターンを終えても決着がつきませんでした。最終HP:"
                     "{hp0} – {hp1}。"),
    "summary.self_ko": ("{seat:player} wins: {loser:player} knocked themself out with their own "
                        "spell. Final HP: {hp0} – {hp1}.",
                        "{seat:player}の勝ち:{loser:player}が自分の呪文で倒れました。最終HP:"
                        "{hp0} – {hp1}。"),
    "summary.won": ("{seat:player} wins: {loser:player}'s HP fell to 0. Final HP: {hp0} – "
                    "{hp1}.",
                    "{seat:player}の勝ち:{loser:player}のHPが0になりました。最終HP:{hp0} – "
                    "{hp1}。"),
    "table.enemy_card": ("That is {enemy:@enemy}'s card: each row says what a die showing "
                         "that face does.",
                         "{enemy:@enemy}のカードです。各段はその目が出たときの効果です。"),
    "table.enemy_dice": ("Those are {enemy:@enemy}'s dice.", "{enemy:@enemy}のダイスです。"),
    "table.not_on_enemy": ("Drag the die onto one of your spells; spells that deal damage hit "
                           "the enemy.",
                           "ダイスは自分の呪文にドラッグしてください。ダメージは敵に与えられます。"),
    "summary.solo_draw": ("Draw: after {turns} turns each, {enemy:@enemy} still has {ehp} HP and "
                          "you have {hp}.",
                          "引き分け:{turns}ターンずつ戦っても決着がつきませんでした"
                          "({enemy:@enemy} HP{ehp}、あなた HP{hp})。"),
    "summary.victory": (lambda a, say: f"Victory! You defeated {say(a['enemy'], '@enemy')} on "
                        f"your turn {a['turns']}."
                        + (" It knocked itself out." if a["self_ko"] else "")
                        + f" Your HP: {a['hp']}/{a['max_hp']}.",
                        lambda a, say: f"勝利!{a['turns']}ターン目に{say(a['enemy'], '@enemy')}"
                        "を倒しました" + ("(自滅)" if a["self_ko"] else "")
                        + f"。残りHP:{a['hp']}/{a['max_hp']}。"),
    "summary.self_defeat": ("Defeat: you knocked yourself out with your own spell; "
                            "{enemy:@enemy} had {ehp} HP left.",
                            "敗北:自分の呪文で倒れました({enemy:@enemy}の残りHP{ehp})。"),
    "summary.defeat": ("Defeat: {enemy:@enemy} brought your HP to 0 on its turn {turn}; it had "
                       "{ehp} HP left.",
                       "敗北:{enemy:@enemy}の{turn}ターン目にHPが0になりました"
                       "({enemy:@enemy}の残りHP{ehp})。"),
    "prompt.solo_draw": ("The battle is a draw.", "引き分けです。"),
    "prompt.solo_won": ("You defeated {enemy:@enemy}!", "{enemy:@enemy}に勝利しました!"),
    "prompt.solo_lost": ("{enemy:@enemy} defeated you.", "{enemy:@enemy}に敗れました。"),
    "prompt.enemy_turn": ("{enemy:@enemy} is taking its turn.", "{enemy:@enemy}の手番です。"),
    "prompt.drag_slot": (lambda a, say: f"{say(a['spell'], '@spell')}: drag the "
                         f"{slot_name(a['spell'], a['slot'], 'en')}.",
                         lambda a, say: f"{say(a['spell'], '@spell')}:"
                         f"{slot_name(a['spell'], a['slot'], 'ja')}をドラッグしてください。"),
}, spec=SPEC, parent=ENGINE)

#: The solo game's catalogue: the same words under the solo game's name.
SOLO_WORDS = WORDS.merged({"game.name": (SOLO_SPEC.name_en, SOLO_SPEC.name_ja)})
