"""Magos data tables: the 28 spells (MG-T1), the patch v1.1 enemy dice (MG-T2) and the 17
solo opponents (MG-T3), plus the pure rules of one scripted enemy turn (MG-R56, MG-R57).

Everything here is plain data and pure functions so that the duel model, the table view, the
rulebook tests and the solo campaign all read the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

# ---------------------------------------------------------------------------------------------
# Spells (MG-T1)
# ---------------------------------------------------------------------------------------------

DAMAGE = "damage"
HEAL = "heal"
MANA = "mana"
MIXED = "mixed"

CATEGORY_COLORS: dict[str, str] = {
    DAMAGE: "#b03a2e",
    HEAL: "#2e8b57",
    MANA: "#2e5fa8",
    MIXED: "#7d3c98",
}


@dataclass(frozen=True)
class Spell:
    """One spell card.

    ``dice`` is the number of dice the spell takes (for Rapid Fire: the most it takes, with
    ``min_dice`` the fewest). ``pair`` spells need two dice showing the same number.
    ``x_choice`` spells ask for an amount X after their dice are placed.
    """

    id: str
    ja: str
    en: str
    copies: int
    dice: int
    cost_en: str
    cost_ja: str
    effect_en: str
    effect_ja: str
    category: str
    corner: str = ""
    ends_turn: bool = False
    pair: bool = False
    min_dice: int = 0
    x_choice: bool = False
    mana_cost: int = 0
    max_hp_cost: int = 0
    number: int = 0

    @property
    def fewest_dice(self) -> int:
        return self.min_dice or self.dice

    @property
    def badge(self) -> str:
        """The dice requirement as shown on the card."""
        if self.pair:
            return "pair"
        if self.min_dice and self.min_dice != self.dice:
            return f"{self.min_dice}–{self.dice}"
        return "●" * self.dice

    @property
    def color(self) -> str:
        return CATEGORY_COLORS[self.category]


_SPELL_LIST: tuple[Spell, ...] = (
    Spell("harmony", "調和", "Harmony", 2, 1, "–", "なし",
          "Gain mana equal to the die (mana above your maximum is lost).",
          "目の数だけマナを得る（最大値を超えた分は消える）。", MANA, number=1),
    Spell("pain", "苦痛", "Pain", 2, 1, "–", "なし",
          "Deal 2 damage.", "2ダメージを与える。", DAMAGE, number=2),
    Spell("fireball", "火球", "Fireball", 2, 2, "mana = the cost die",
          "コスト役のダイスの目だけマナ",
          "Choose one die as the cost die and pay that much mana; deal damage equal to the "
          "other die.",
          "1つの目の数だけマナを消費し、もう1つの目の数だけダメージを与える。",
          DAMAGE, corner="●", number=3),
    Spell("resonance", "共鳴", "Resonance", 2, 2, "X mana (X ≥ 1)", "Xマナ（X≥1）",
          "Pay any amount X of mana; deal X damage.",
          "好きなだけ（X）マナを消費し、同じ数（X）のダメージを与える。",
          DAMAGE, corner="X", pair=True, x_choice=True, number=4),
    Spell("healing", "治癒", "Healing", 2, 1, "mana = the die", "目の数だけマナ",
          "Heal 4 HP. Your maximum mana drops by 1 for the rest of the game.",
          "HPを4回復する。最大マナが1減る（ゲーム終了まで戻らない）。",
          HEAL, corner="●", number=5),
    Spell("ring_of_fire", "炎環", "Ring of Fire", 1, 1, "mana = the die", "目の数だけマナ",
          "Deal 3 damage.", "3ダメージを与える。", DAMAGE, corner="●", number=6),
    Spell("meditation", "瞑想", "Meditation", 1, 1, "–", "なし",
          "Gain 5 mana. Your turn ends at once.", "マナを5回復する。直ちに手番を終える。",
          MANA, ends_turn=True, number=7),
    Spell("zeal", "熱意", "Zeal", 1, 1, "–", "なし",
          "Take damage equal to the die, then refill your mana to its maximum.",
          "目の数だけ自分にダメージ。その後マナを最大まで回復する。", MIXED, number=8),
    Spell("rapid_fire", "連射", "Rapid Fire", 1, 3, "–", "なし",
          "1 die: deal 1 damage. 2 dice: deal 3. 3 dice: deal 5.",
          "ダイス1個で1ダメージ、2個で3ダメージ、3個で5ダメージ。",
          DAMAGE, min_dice=1, number=9),
    Spell("wrath", "憤怒", "Wrath", 1, 1, "–", "なし",
          "Deal 1 damage; if the die is greater than your current HP, deal 4 instead.",
          "1ダメージ。割り当てた目が自分の現在HPより大きければ代わりに4ダメージ。",
          DAMAGE, number=10),
    Spell("vitality", "活力", "Vitality", 1, 1, "max mana − die", "最大マナを目の数だけ減らす",
          "Lower your maximum mana by the die for good; heal 2 HP; refill your mana to the "
          "new maximum.",
          "目の数だけ最大マナが減る（戻らない）。HPを2回復し、マナを最大まで回復する。",
          MIXED, corner="●", number=11),
    Spell("earthquake", "地震", "Earthquake", 1, 3, "3 mana", "3マナ",
          "Deal 7 damage.", "7ダメージを与える。", DAMAGE, corner="3", mana_cost=3, number=12),
    Spell("tempest", "暴風", "Tempest", 1, 3, "5 mana", "5マナ",
          "Deal 8 damage. Your turn ends at once.", "8ダメージを与える。直ちに手番を終える。",
          DAMAGE, corner="5", ends_turn=True, mana_cost=5, number=13),
    Spell("sacrifice", "犠牲", "Sacrifice", 1, 1, "max HP − 2", "最大HPを2減らす",
          "Lower your maximum HP by 2 for good; heal HP equal to the die.",
          "最大HPが2減る（戻らない）。目の数だけHPを回復する。",
          HEAL, corner="♥2", max_hp_cost=2, number=14),
    Spell("fresh_blood", "鮮血", "Fresh Blood", 1, 1, "max HP − 4", "最大HPを4減らす",
          "Lower your maximum HP by 4 for good; heal to full.",
          "最大HPが4減る（戻らない）。HPを全回復する。",
          HEAL, corner="♥4", max_hp_cost=4, number=15),
    Spell("will_o_wisp", "鬼火", "Will-o'-the-Wisp", 1, 2, "3 mana", "3マナ",
          "Deal damage equal to one of the two dice (your choice).",
          "2つのうち1つのダイスの目の数だけダメージを与える。",
          DAMAGE, corner="3", mana_cost=3, number=16),
    Spell("killing_blade", "殺剣", "Killing Blade", 1, 1, "7 mana", "7マナ",
          "Deal damage equal to the die.", "目の数だけダメージを与える。",
          DAMAGE, corner="7", mana_cost=7, number=17),
    Spell("inspiration", "霊感", "Inspiration", 1, 1, "mana = the die, after refilling",
          "回復後に目の数だけマナ",
          "Refill your mana to its maximum, then pay mana equal to the die.",
          "マナを最大まで回復し、その後目の数だけマナを消費する。",
          MANA, corner="●", number=18),
    Spell("purgatory", "煉獄", "Purgatory", 1, 2, "–", "なし",
          "Take damage equal to one die, then deal damage equal to the other. Your turn ends "
          "at once.",
          "1つの目の数だけ自分にダメージ。その後もう1つの目の数だけ相手にダメージ。"
          "直ちに手番を終える。",
          DAMAGE, ends_turn=True, number=19),
    Spell("gale", "烈風", "Gale", 1, 2, "–", "なし",
          "Deal damage equal to the pair's number.", "その目の数だけダメージを与える。",
          DAMAGE, pair=True, number=20),
    Spell("blood_drain", "吸血", "Blood Drain", 1, 2, "–", "なし",
          "Deal 3 damage; heal 2 HP.", "3ダメージを与え、HPを2回復する。",
          MIXED, pair=True, number=21),
    Spell("essence_drain", "吸精", "Essence Drain", 1, 1, "–", "なし",
          "Deal 1 damage; gain 2 mana.", "1ダメージを与え、マナを2回復する。",
          MIXED, number=22),
    Spell("soul_drain", "吸魂", "Soul Drain", 1, 2, "–", "なし",
          "Deal 2 damage; gain mana equal to the sum of both dice.",
          "2ダメージを与え、目の合計だけマナを回復する。", MIXED, number=23),
    Spell("flame_slash", "炎斬", "Flame Slash", 1, 3, "8 mana", "8マナ",
          "Deal damage equal to one die of your choice + 4.",
          "ダイスのうち1つの目の数+4のダメージを与える。",
          DAMAGE, corner="8", mana_cost=8, number=24),
    Spell("full_recovery", "快癒", "Full Recovery", 1, 2, "mana = sum of both dice",
          "目の合計だけマナ",
          "Heal to full. Your maximum mana drops by 2 for the rest of the game.",
          "HPを全回復する。最大マナが2減る（戻らない）。", HEAL, corner="Σ", number=25),
    Spell("passion", "激情", "Passion", 1, 1, "–", "なし",
          "Take 2 damage, then deal 3 damage.", "自分に2ダメージ。その後相手に3ダメージ。",
          DAMAGE, number=26),
    Spell("revival", "甦生", "Revival", 1, 1, "X mana (X ≥ 1)", "Xマナ（X≥1）",
          "Pay any amount X of mana; heal X HP. Your maximum mana drops by 1 for the rest of "
          "the game.",
          "好きなだけ（X）マナを消費し、同じ数（X）だけHPを回復する。最大マナが1減る。",
          HEAL, corner="X", x_choice=True, number=27),
    Spell("doomsday", "末日", "Doomsday", 1, 4, "–", "なし",
          "Choose X ≥ 1: take X damage, then deal X damage.",
          "好きな数（X≥1）だけ自分にダメージ。その後同じ数だけ相手にダメージ。",
          DAMAGE, x_choice=True, number=28),
)

SPELLS: dict[str, Spell] = {s.id: s for s in _SPELL_LIST}
SPELL_IDS: tuple[str, ...] = tuple(s.id for s in _SPELL_LIST)

# MG-R10: the first-game hand, which uses all ten double-copy cards.
FIRST_GAME_HAND: tuple[str, ...] = ("harmony", "pain", "fireball", "resonance", "healing")

# MG-R11: the 31 cards shuffled for the draft (both Harmonies are set aside).
DRAFT_POOL: dict[str, int] = {
    s.id: (s.copies - 1 if s.id == "harmony" else s.copies) for s in _SPELL_LIST
    if s.id != "harmony"
}

START_HP = 15  # MG-R1
START_MAX_MANA = 8  # MG-R1
HAND_SIZE = 5
DEALT_SIZE = 10  # one Harmony plus nine dealt cards (MG-R11)


def dice_for_turn(own_turn: int, first_player: bool) -> int:
    """MG-R20: dice rolled on a player's ``own_turn``-th turn (counted from 1)."""
    if first_player:
        return min(own_turn, 4)
    return max(2, min(own_turn, 4))


# ---------------------------------------------------------------------------------------------
# Solo campaign: patch v1.1 dice (MG-T2) and opponents (MG-T3)
# ---------------------------------------------------------------------------------------------

_PATCH_ROWS: tuple[tuple[int, ...], ...] = (
    (1, 6), (3, 5), (2, 4, 5), (1, 2, 2, 3), (5, 6), (2, 3, 4, 6), (1, 2, 3, 6), (3, 4, 5, 6),
)


def enemy_dice_v11(turn: int) -> list[int]:
    """MG-T2: the enemy's fixed faces on its ``turn``-th turn (from 1), ascending."""
    if turn < 1:
        raise ValueError(f"Enemy turns count from 1, not {turn}.")
    row = turn if turn <= 8 else 6 + (turn - 6) % 3
    return list(_PATCH_ROWS[row - 1])


def enemy_dice_count(turn: int) -> int:
    """MG-R54: without the patch the enemy rolls the second player's number of dice."""
    return dice_for_turn(turn, first_player=False)


MISS = "miss"
HIT = "damage"           # the player loses HP
MANA_HIT = "mana_damage"  # the player loses current mana
HEAL_SELF = "heal"       # the enemy heals, capped at its printed HP
FULL_HEAL = "full_heal"
SELF_HIT = "self_damage"
DRAIN = "drain"          # damage to the player and the same card heals the enemy

@dataclass(frozen=True)
class Face:
    """One face of an opponent card (MG-R57). ``drain`` faces deal ``amount`` and heal
    ``heal``."""

    kind: str
    amount: int = 0
    ends_turn: bool = False
    heal: int = 0


@dataclass(frozen=True)
class Band:
    """Faces 1-6 used while the enemy's HP (at the start of its turn) is in ``lo..hi``."""

    lo: int
    hi: int
    faces: tuple[Face, Face, Face, Face, Face, Face]


@dataclass(frozen=True)
class Enemy:
    """An opponent card of the solo campaign. ``number`` is its campaign position (a-#),
    ``listing`` its position in the source listing (MG-G1)."""

    id: str
    number: int
    listing: int
    ja: str
    en: str
    hp: int
    bands: tuple[Band, ...] = field(default_factory=tuple)

    def band(self, hp: int) -> Band:
        for b in self.bands:
            if b.lo <= hp <= b.hi:
                return b
        return self.bands[-1] if hp > self.bands[0].hi else self.bands[0]

_M = Face(MISS)


def _d(n: int, end: bool = False) -> Face:
    return Face(HIT, n, end)


def _m(n: int) -> Face:
    return Face(MANA_HIT, n)


def _h(n: int) -> Face:
    return Face(HEAL_SELF, n)


_FULL = Face(FULL_HEAL)


def _s(n: int) -> Face:
    return Face(SELF_HIT, n)


def _all(hp: int, *faces: Face) -> tuple[Band, ...]:
    f = faces
    return (Band(1, hp, (f[0], f[1], f[2], f[3], f[4], f[5])),)


def _band(lo: int, hi: int, *faces: Face) -> Band:
    f = faces
    return Band(lo, hi, (f[0], f[1], f[2], f[3], f[4], f[5]))


_ENEMY_LIST: tuple[Enemy, ...] = (
    Enemy("training_dummy", 1, 17, "訓練ダミー", "Training Dummy", 10,
          _all(10, _d(1), _M, _d(2), _M, _d(3), _M)),
    Enemy("vampire", 2, 16, "ヴァンパイア", "Vampire", 10,
          _all(10, Face(DRAIN, 2, heal=2), _M, Face(DRAIN, 2, heal=2), _M,
               Face(DRAIN, 2, heal=2), _M)),
    Enemy("monstrous_fish", 3, 5, "怪魚", "Monstrous Fish", 10,
          _all(10, _d(2), _d(2), _M, _M, _d(3), _d(4, True))),
    Enemy("witch_doctor", 4, 7, "ウィッチドクター", "Witch Doctor", 10,
          _all(10, _M, _m(2), _d(3), _M, _d(5), _M)),
    Enemy("skeleton_knight", 5, 15, "骸骨騎士", "Skeleton Knight", 15,
          (_band(1, 10, _FULL, _d(2), _M, _d(4), _M, _d(6, True)),
           _band(11, 15, _M, _d(2), _M, _d(4), _M, _M))),
    Enemy("stone_gargoyle", 6, 1, "石像ガーゴイル", "Stone Gargoyle", 15,
          _all(15, _M, _d(2), _M, _d(4), _M, _d(6, True))),
    Enemy("necromancer", 7, 2, "ネクロマンサー", "Necromancer", 15,
          _all(15, _h(4), _d(2), _d(3), _d(4), _M, _M)),
    Enemy("reaper", 8, 14, "リーパー", "Reaper", 15,
          _all(15, _m(4), _m(4), _M, _M, _d(4), _d(5, True))),
    Enemy("chimera", 9, 6, "キメラ", "Chimera", 25,
          _all(25, _M, _d(2), _M, _M, _d(5), _M)),
    Enemy("assassin", 10, 9, "アサシン", "Assassin", 15,
          _all(15, _h(3), _d(2), _M, _M, _M, _d(10, True))),
    Enemy("war_tomaton", 11, 8, "ウォートマトン", "War-tomaton", 20,
          (_band(1, 10, _d(5), _M, _d(5), _M, _d(5), _M),
           _band(11, 20, _M, _M, _d(3), _d(4), _M, _M))),
    Enemy("fire_dragon", 12, 12, "炎竜", "Fire Dragon", 10,
          _all(10, _d(3), _d(3), _m(4), _M, _d(5), _d(6, True))),
    Enemy("armored_dragon", 13, 4, "鎧竜", "Armored Dragon", 20,
          _all(20, _h(4), _m(2), _d(3), _d(4), _d(5), _M)),
    Enemy("earth_dragon", 14, 10, "地竜", "Earth Dragon", 20,
          (_band(1, 10, _m(2), _m(2), _M, _M, _d(3), _d(4, True)),
           _band(11, 20, _h(4), _h(4), _M, _M, _d(5), _d(6, True)))),
    Enemy("water_dragon", 15, 11, "水竜", "Water Dragon", 10,
          _all(10, _FULL, _FULL, _FULL, _M, _d(5), _d(6, True))),
    Enemy("sleeping_lion", 16, 3, "眠りライオン", "Sleeping Lion", 25,
          (_band(1, 15, _d(2), _d(2), _M, _M, _d(5), _d(7, True)),
           _band(16, 25, _s(2), _s(2), _M, _M, _d(3), _d(4, True)))),
    Enemy("intruder", 17, 13, "虚無よりの闖入者", "Intruder from the Void", 25,
          (_band(1, 10, _d(4), _d(4), _M, _M, _d(5), _d(6, True)),
           _band(11, 15, _m(3), _m(3), _M, _M, _d(3), _d(4, True)),
           _band(16, 25, _FULL, _FULL, _M, _M, _d(5), _d(6, True)))),
)

ENEMIES: dict[str, Enemy] = {e.id: e for e in _ENEMY_LIST}
# MG-G1: campaign order a-1 .. a-17, and the order of the source listing for the switch.
CAMPAIGN_ORDER: tuple[str, ...] = tuple(e.id for e in _ENEMY_LIST)
LISTING_ORDER: tuple[str, ...] = tuple(e.id for e in sorted(_ENEMY_LIST, key=lambda e: e.listing))

#: The spells the AI keeps first when it drafts against each enemy (MG-R51), as the spell-set
#: search of ``benchmarks/magos_spell_sets.py`` found them (``docs/magos-solo-difficulty.md``),
#: where hard wins more with them than with the first-game spells. Hard plays a battle under
#: patch v1.1 perfectly (``solver``), so the chances are exact: a-13 100.0% against 52.1%, a-17
#: 34.8% against 8.1%. The other enemies keep the first-game spells: perfect play with them wins
#: a-14 86.2% of its battles and every other enemy 99.6% or more.
SOLO_SPELL_SETS: dict[str, tuple[str, ...]] = {
    "armored_dragon": ("harmony", "healing", "pain", "ring_of_fire", "wrath"),
    "intruder": ("harmony", "healing", "meditation", "ring_of_fire", "wrath"),
}


def solo_spell_set(enemy: str) -> tuple[str, ...]:
    """The five spells the AI drafts for first against ``enemy``."""
    return SOLO_SPELL_SETS.get(enemy, FIRST_GAME_HAND)


class EnemyStep(NamedTuple):
    """One resolved enemy die: its face, what it did and the values after it.

    A named tuple rather than a frozen dataclass: search resolves enemy dice in every
    playout, and a frozen dataclass's ``__init__`` costs several times a tuple's."""

    face: int
    effect: Face
    amount: int
    enemy_hp: int
    player_hp: int
    player_mana: int


@dataclass(frozen=True)
class EnemyTurn:
    """The outcome of one enemy turn (MG-R56)."""

    enemy_hp: int
    player_hp: int
    player_mana: int
    steps: tuple[EnemyStep, ...]

    @property
    def player_defeated(self) -> bool:
        return self.player_hp <= 0

    @property
    def enemy_defeated(self) -> bool:
        return self.enemy_hp <= 0

    @property
    def damage_to_player(self) -> int:
        return sum(s.amount for s in self.steps if s.effect.kind in (HIT, DRAIN))


def enemy_step(enemy: Enemy, band: Band, face: int, enemy_hp: int, player_hp: int,
               player_mana: int) -> EnemyStep:
    """Resolve one enemy die showing ``face`` with ``band`` (the band locked at the start of
    the turn, MG-R56.1): the effect vocabulary of MG-R57, with HP and mana floored at 0 and
    the enemy's healing capped at its printed HP."""
    if not 1 <= face <= 6:
        raise ValueError(f"A die shows 1 to 6, not {face}.")
    eff = band.faces[face - 1]
    amount = 0
    if eff.kind in (HIT, DRAIN):
        amount = min(eff.amount, player_hp)
        player_hp -= amount
        if eff.kind == DRAIN and player_hp > 0:
            enemy_hp = min(enemy.hp, enemy_hp + eff.heal)
    elif eff.kind == MANA_HIT:
        amount = min(eff.amount, player_mana)  # MG-G2: floored at 0, max untouched
        player_mana -= amount
    elif eff.kind == HEAL_SELF:
        amount = min(eff.amount, enemy.hp - enemy_hp)
        enemy_hp += amount
    elif eff.kind == FULL_HEAL:
        amount = enemy.hp - enemy_hp
        enemy_hp = enemy.hp
    elif eff.kind == SELF_HIT:
        amount = min(eff.amount, enemy_hp)
        enemy_hp -= amount
    return EnemyStep(face, eff, amount, enemy_hp, player_hp, player_mana)


def resolve_enemy_turn(enemy: Enemy, enemy_hp: int, faces: list[int], player_hp: int,
                       player_mana: int) -> EnemyTurn:
    """Resolve one enemy turn: band from the start-of-turn HP (MG-R56.1, MG-G4), dice in
    ascending order (MG-G5), each die separately (MG-G6), an ends-turn face stops the turn
    (MG-R56.3), and a knock-out on either side stops it at once (MG-R56.4)."""
    band = enemy.band(enemy_hp)
    steps: list[EnemyStep] = []
    for face in sorted(faces):
        step = enemy_step(enemy, band, face, enemy_hp, player_hp, player_mana)
        enemy_hp, player_hp, player_mana = step.enemy_hp, step.player_hp, step.player_mana
        steps.append(step)
        if player_hp <= 0 or enemy_hp <= 0 or step.effect.ends_turn:
            break
    return EnemyTurn(enemy_hp, player_hp, player_mana, tuple(steps))
