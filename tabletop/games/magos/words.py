"""Magos's words: every message code its duel and solo rules and tables use, in English and
Japanese (``tabletop.api`` formats them at the app's edge).

Who acts is an argument ``who``: a message naming the seat (``Msg("player", seat=...)`` in the
duel, the wizard or the opponent card in the solo game), so one log line serves both modes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Msg, Say, words_file

from .data import (
    DRAIN,
    ENEMIES,
    FULL_HEAL,
    HEAL_SELF,
    HIT,
    MANA_HIT,
    MISS,
    SELF_HIT,
    SPELLS,
    Enemy,
    Face,
)
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
    "refill": ("mana refilled to {} (+{})", "マナ全回復（{}）"),
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
            head = f"{who}が{sp.ja}を唱えた" + (f"（{extra}）" if extra else "")
            return f"{head}[{dice}]：{'、'.join(effects) or '効果なし'}。"
        head = f"{who} casts {sp.en}" + (f" ({extra})" if extra else "")
        return f"{head} with {dice}: {', '.join(effects) or 'no effect'}."
    return part


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _problem(lang: str) -> Any:
    """A ``die_problem`` answer (``code`` and its numbers ``a``, ``b``, ``c``) as a sentence."""
    def part(m: Mapping[str, Any], say: Say) -> str:
        ja = lang == "ja"
        name = say(m["spell"], "@spell")
        code, a, b, c = m["code"], m.get("a", 0), m.get("b", 0), m.get("c", 0)
        texts: dict[str, tuple[str, str]] = {
            "too_many": (f"{name} takes at most {_dice(a)}.",
                         f"{name}に置けるダイスは{a}個までです。"),
            "need_dice": (f"{name} needs {_dice(a)}; only {b} "
                          f"{'is' if b == 1 else 'are'} unused.",
                          f"{name}にはダイスが{a}個必要ですが、使えるのは{b}個です。"),
            "pair_none": (f"{name} needs two dice showing the same number; no other unused die "
                          f"shows {a}.",
                          f"{name}には同じ目のダイスが2個必要ですが、{a}の目のダイスは他に"
                          "ありません。"),
            "pair_first": (f"{name} needs a matching die: the first one shows {a}.",
                           f"{name}には同じ目のダイスが必要です。1個目は{a}です。"),
            "cost_die": (f"{name}: a {a} as the cost die needs {a} mana; you have {b}.",
                         f"{name}：コスト役に{a}を使うにはマナが{a}必要です（現在{b}）。"),
            "cost_d": (f"{name}: a {a} costs {a} mana; you have {b}.",
                       f"{name}：{a}の目にはマナが{a}必要です（現在{b}）。"),
            "insp": (f"{name}: a {a} costs {a} mana after refilling to your maximum of {b}.",
                     f"{name}：{a}の目には最大マナ{a}以上が必要です（最大マナ{b}）。"),
            "sum_min": (f"{name} costs the sum of both dice: at least {a} mana; you have {b}.",
                        f"{name}は目の合計だけマナを使います。少なくとも{a}必要です（現在{b}）。"),
            "cost_fixed": (f"{name} costs {a} mana; you have {b}.",
                           f"{name}にはマナが{a}必要です（現在{b}）。"),
            "cost_x": (f"{name} costs at least 1 mana; you have {a}.",
                       f"{name}にはマナが1以上必要です（現在{a}）。"),
            "max_hp": (f"{name} lowers your maximum HP by {a}, but it is only {b} (it cannot "
                       "drop below 1).",
                       f"{name}は最大HPを{a}減らしますが、最大HPは{b}しかありません"
                       "（1未満にはできません）。"),
        }
        if code == "sum":
            total = a + b
            texts["sum"] = (f"{name}: {a} + {b} costs {total} mana; you have {c}.",
                            f"{name}：{a}+{b}でマナが{total}必要です（現在{c}）。")
        en, jp = texts.get(code, (f"That die cannot go on {name}.", "その呪文には置けません。"))
        return jp if ja else en
    return part


def _enemy_turn(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        enemy = ENEMIES[a["enemy"]]
        row = say(a["row"], "") if a["row"] is not None else ""
        if lang == "ja":
            text = f"{enemy.ja}の{a['turn']}ターン目" + (f"（{row}の段）" if row else "")
            if a["faces"] is not None:
                text += f"：出目{', '.join(map(str, a['faces']))}（パッチv1.1）。"
            return text if a["faces"] is not None else text + "。"
        text = f"{enemy.en}'s turn {a['turn']}" + (f" (row {row})" if row else "")
        if a["faces"] is not None:
            return text + f": dice {', '.join(map(str, a['faces']))} (patch v1.1)."
        return text + "."
    return part


# A face's effect in words, ``{n}`` the amount and ``{h}`` a drain's heal: English as in the
# rulebook, English as printed on the card's face table, Japanese (the same in both places).
FACE_WORDS: dict[str, tuple[str, str, str]] = {
    MISS: ("miss", "miss", "ミス"),
    HIT: ("{n} damage", "{n} dmg", "{n}ダメージ"),
    MANA_HIT: ("{n} mana damage", "{n} mana dmg", "マナに{n}ダメージ"),
    HEAL_SELF: ("heals {n}", "heal {n}", "HP{n}回復"),
    FULL_HEAL: ("full heal", "full heal", "HP全回復"),
    SELF_HIT: ("{n} damage to itself", "{n} dmg to itself", "自分に{n}ダメージ"),
    DRAIN: ("{n} damage + heals {h}", "{n} dmg + heal {h}", "{n}ダメージ・HP{h}回復"),
}


def face_words(kind: str, amount: int, heal: int, lang: str, short: bool = False) -> str:
    """An effect ``kind`` in words; ``short`` is the card's face-table wording."""
    words = FACE_WORDS[kind]
    text = words[2] if lang == "ja" else words[1] if short else words[0]
    return text.format(n=amount, h=heal)



def enemy_name(enemy: Enemy, lang: str) -> str:
    """An opponent card's name in ``lang``."""
    return enemy.ja if lang == "ja" else enemy.en


def face_text(face: Face, lang: str) -> str:
    """One face of an opponent card in words, as its tooltip shows it (MG-R57)."""
    base = face_words(face.kind, face.amount, face.heal, lang)
    if face.ends_turn:
        base += "・手番終了" if lang == "ja" else ", ends turn"
    return base


def effect_text(kind: str, amount: int, healed: int, lang: str) -> str:
    """What one enemy die did, with the amounts actually applied."""
    ja = lang == "ja"
    # The log also says how much a full heal gave, and joins a drain's two parts by a comma.
    if kind == FULL_HEAL:
        return f"HP全回復（+{amount}）" if ja else f"full heal (+{amount})"
    if kind == DRAIN and not ja:
        return f"{amount} damage, heals {healed}"
    if kind not in FACE_WORDS:
        return kind
    return face_words(kind, amount, healed, lang)


def _enemy_step(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        # The enemy's name and the effect's words need code; the sentence is words.toml's.
        enemy = ENEMIES[a["enemy"]]
        worded = {**a, "name": enemy.ja if lang == "ja" else enemy.en,
                  "what": effect_text(a["kind"], a["amount"], a["healed"], lang)}
        return say(Msg.of("log.enemy_step_text", worded), "")
    return part


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- spells and names ---------------------------------------------------------------
    **{f"spell.{s.id}": (s.en, s.ja) for s in SPELLS.values()},
    **{f"enemy.{e.id}": (e.en, e.ja) for e in ENEMIES.values()},
    "log.roll": (lambda a, say: f"{say(a['who'], '')} rolls {', '.join(map(str, a['dice']))}.",
                 lambda a, say: f"{say(a['who'], '')}のダイス：{', '.join(map(str, a['dice']))}"),
    "log.assign": (lambda a, say: f"{say(a['who'], '')} puts a {a['value']} on "
                   f"{say(a['spell'], '@spell')} ({slot_name(a['spell'], a['slot'], 'en')}).",
                   lambda a, say: f"{say(a['who'], '')}が{say(a['spell'], '@spell')}に"
                   f"{a['value']}を置きました（{slot_name(a['spell'], a['slot'], 'ja')}）。"),
    "log.cast": (_cast("en"), _cast("ja")),
    "log.enemy_turn": (_enemy_turn("en"), _enemy_turn("ja")),
    "log.enemy_roll": (lambda a, say: f"{ENEMIES[a['enemy']].en} rolls "
                       f"{', '.join(map(str, a['faces']))}.",
                       lambda a, say: f"{ENEMIES[a['enemy']].ja}のダイス："
                       f"{', '.join(map(str, a['faces']))}"),
    "log.enemy_step": (_enemy_step("en"), _enemy_step("ja")),
    "move.cast_start": (lambda a, say: f"Start casting {say(a['spell'], '@spell')}: a "
                        f"{a['value']} as the {slot_name(a['spell'], 0, 'en')}",
                        lambda a, say: f"{say(a['spell'], '@spell')}の詠唱を始める"
                        f"（{slot_name(a['spell'], 0, 'ja')}に{a['value']}）"),
    "move.die_on": (lambda a, say: f"Put a {a['value']} on {say(a['spell'], '@spell')} as the "
                    f"{slot_name(a['spell'], a['slot'], 'en')}",
                    lambda a, say: f"{say(a['spell'], '@spell')}の"
                    f"{slot_name(a['spell'], a['slot'], 'ja')}に{a['value']}を置く"),
    "problem": (_problem("en"), _problem("ja")),
    "summary.victory": (lambda a, say: f"Victory! You defeated {say(a['enemy'], '@enemy')} on "
                        f"your turn {a['turns']}."
                        + (" It knocked itself out." if a["self_ko"] else "")
                        + f" Your HP: {a['hp']}/{a['max_hp']}.",
                        lambda a, say: f"勝利！{a['turns']}ターン目に{say(a['enemy'], '@enemy')}"
                        "を倒しました" + ("（自滅）" if a["self_ko"] else "")
                        + f"。残りHP：{a['hp']}/{a['max_hp']}。"),
    "prompt.drag_slot": (lambda a, say: f"{say(a['spell'], '@spell')}: drag the "
                         f"{slot_name(a['spell'], a['slot'], 'en')}.",
                         lambda a, say: f"{say(a['spell'], '@spell')}："
                         f"{slot_name(a['spell'], a['slot'], 'ja')}をドラッグしてください。"),
}, spec=SPEC, parent=ENGINE)

#: The solo game's catalogue: the same words under the solo game's name.
SOLO_WORDS = WORDS.merged({"game.name": (SOLO_SPEC.name_en, SOLO_SPEC.name_ja)})
