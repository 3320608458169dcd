"""Magos duel rules model: two wizards, five hidden spells each, dice cast as mana and damage.

Rules follow /work/shared/rules/magos.md (MG-R1..MG-R42). A cast is a short sequence of
atomic actions: ``cast:<spell>:<d>`` puts the first die on a spell, ``die:<d>`` fills the next
slot, ``x:<n>`` picks X for Resonance, Revival and Doomsday, and ``fire`` finishes Rapid Fire
early. Slot order expresses the caster's choice of which die does what (MG-R26): Fireball
[cost, damage], Will-o'-the-Wisp [damage, other], Purgatory [self, opponent], Flame Slash
[+4 die, other, other]. A die may start or continue a cast only if the cast can still be
completed and paid, so a cast in progress never dead-ends.

Chance: ``first:<seat>`` (who starts), ``deal:<spell>`` (draft deal, one card at a time) and
``roll:<v1>-<v2>-...`` (a turn's dice, ascending). The pure helpers ``die_problem`` and
``die_reason_from_obs`` explain in words why a die cannot go on a spell; the table view and
``reason`` share them so a player always reads the same reason.

``MagosRules`` holds everything about one wizard's turn (dice, casts, spell effects, reasons);
``MagosGame`` adds the duel around it, and the solo mode (``solo.py``) adds an enemy card.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from tabletop.engine import CHANCE, TERMINAL, Event, Game
from tabletop.engine.game import JSON, Observation
from tabletop.engine.game import words as _msg
from tabletop.engine.spec import OptionValue

from .data import (
    DEALT_SIZE,
    DRAFT_POOL,
    FIRST_GAME_HAND,
    HAND_SIZE,
    SPELL_IDS,
    SPELLS,
    START_HP,
    START_MAX_MANA,
    dice_for_turn,
)
from .spec import DEFAULT_TURN_LIMIT, DRAFT, FIRST_GAME, SPEC, TURN_LIMITS

# Phases of a state.
P_FIRST = "first"   # chance: who starts (MG-R13)
P_DEAL = "deal"     # chance: draft deal (MG-R11)
P_DRAFT = "draft"   # a seat keeps five of its ten cards
P_ROLL = "roll"     # chance: the active player's dice (MG-R20)
P_MAIN = "main"     # the active player may start a cast or end the turn
P_CAST = "cast"     # a cast is in progress
P_OVER = "over"

DRAW = 2

# Meaning of each slot, for prompts and the log (MG-R26).
_SLOT_NAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "fireball": (("cost die", "コスト役のダイス"), ("damage die", "ダメージ役のダイス")),
    "will_o_wisp": (("damage die", "ダメージ役のダイス"), ("other die", "もう1つのダイス")),
    "purgatory": (("self-damage die", "自分へのダメージ役のダイス"),
                  ("damage die", "相手へのダメージ役のダイス")),
    "flame_slash": (("+4 damage die", "+4ダメージ役のダイス"), ("second die", "2個目のダイス"),
                    ("third die", "3個目のダイス")),
}


def player_name(seat: int, lang: str) -> str:
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"


def slot_name(spell: str, index: int, lang: str) -> str:
    """What the ``index``-th die of a cast of ``spell`` stands for ("the damage die")."""
    names = _SLOT_NAMES.get(spell)
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


# ---------------------------------------------------------------------------------------------
# Log lines. Events carry one of these with its arguments (``Event(render=...)``) and the words
# are built only when someone reads the log: search applies actions by the thousand and never
# does. Arguments are plain values fixed when the event happens.
# ---------------------------------------------------------------------------------------------

#: A name in log lines: (English, Japanese).
Name = tuple[str, str]
#: Both seats' names in log lines, indexed by seat.
Names = tuple[Name, Name]

PLAYER_NAMES: Names = ((player_name(0, "en"), player_name(0, "ja")),
                       (player_name(1, "en"), player_name(1, "ja")))


def _end_words(who: Name) -> dict[str, str]:
    return {"en": f"{who[0]} ends the turn.", "ja": f"{who[1]}が手番を終えました。"}


def _turn_words(who: Name, n: int) -> dict[str, str]:
    return {"en": f"{who[0]}'s turn {n}.", "ja": f"{who[1]}の{n}ターン目。"}


def _roll_words(who: Name, values: tuple[int, ...]) -> dict[str, str]:
    shown = ", ".join(map(str, values))
    return {"en": f"{who[0]} rolls {shown}.", "ja": f"{who[1]}のダイス:{shown}"}


def _assign_words(who: Name, spell: str, value: int, index: int) -> dict[str, str]:
    sp = SPELLS[spell]
    return {"en": f"{who[0]} puts a {value} on {sp.en} ({slot_name(spell, index, 'en')}).",
            "ja": f"{who[1]}が{sp.ja}に{value}を置きました({slot_name(spell, index, 'ja')})。"}


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


def _cast_words(who: Name, spell: str, dice: tuple[int, ...], x: int,
                cost: Sequence[tuple[str, int]], effects: Sequence[tuple[str, int, int]]
                ) -> dict[str, str]:
    sp = SPELLS[spell]
    cost_en = ", ".join(_COST_WORDS[c][0].format(n) for c, n in cost)
    cost_ja = "・".join(_COST_WORDS[c][1].format(n) for c, n in cost)
    en = [_EFFECT_WORDS[e][0].format(a, b) for e, a, b in effects]
    ja = [_EFFECT_WORDS[e][1].format(a, b) for e, a, b in effects]
    dice_txt = ", ".join(map(str, dice))
    extra_en = ", ".join(p for p in (cost_en, f"X = {x}" if sp.x_choice else "") if p)
    extra_ja = "・".join(p for p in (cost_ja, f"X={x}" if sp.x_choice else "") if p)
    head_en = f"{who[0]} casts {sp.en}" + (f" ({extra_en})" if extra_en else "")
    head_ja = f"{who[1]}が{sp.ja}を唱えた" + (f"({extra_ja})" if extra_ja else "")
    return {"en": f"{head_en} with {dice_txt}: {', '.join(en) or 'no effect'}.",
            "ja": f"{head_ja}[{dice_txt}]:{'、'.join(ja) or '効果なし'}。"}


def _win_words(winner: Name, loser: Name) -> dict[str, str]:
    return {"en": f"{winner[0]} wins: {loser[0]} has 0 HP.",
            "ja": f"{winner[1]}の勝ち:{loser[1]}のHPが0になりました。"}


def _spell_ends_turn_words(who: Name, spell: str) -> dict[str, str]:
    sp = SPELLS[spell]
    return {"en": f"{sp.en} ends {who[0]}'s turn.",
            "ja": f"{sp.ja}の効果で{who[1]}の手番が終わりました。"}


# ---------------------------------------------------------------------------------------------
# The one place that decides whether a die may go on a spell (MG-R23, MG-R26, MG-G8..G11)
# ---------------------------------------------------------------------------------------------

Problem = tuple[Any, ...]

_K_PLAIN, _K_COST_FIRST, _K_COST_D, _K_INSP, _K_SUM = 0, 1, 2, 3, 4
_COST_KIND: dict[str, int] = {
    "fireball": _K_COST_FIRST,
    "healing": _K_COST_D,
    "ring_of_fire": _K_COST_D,
    "inspiration": _K_INSP,
    "full_recovery": _K_SUM,
}
_KIND: dict[str, int] = {sid: _COST_KIND.get(sid, _K_PLAIN) for sid in SPELL_IDS}
_NEEDS_MANA_X = frozenset({"resonance", "revival"})


def die_problem(spell: str, assigned: Sequence[int], value: int, rest: Sequence[int],
                hp: int, max_hp: int, mana: int, max_mana: int) -> Problem | None:
    """Why a die showing ``value`` cannot be the next die of ``spell``; ``None`` if it can.

    ``assigned`` are the dice already on the spell, ``rest`` the other unused dice (without
    the one being placed). The answer is a machine form such as ``("cost_die", 6, 5)``;
    ``problem_text`` puts it into words.
    """
    sp = SPELLS[spell]
    n = len(assigned) + 1
    if n > sp.dice:
        return ("too_many", sp.dice)
    if n < sp.fewest_dice and sp.fewest_dice - n > len(rest):
        return ("need_dice", sp.fewest_dice, n + len(rest))
    if sp.pair:
        if n == 1:
            if value not in rest:
                return ("pair_none", value)
        elif assigned[0] != value:
            return ("pair_first", assigned[0])
    kind = _KIND[spell]
    if kind == _K_COST_FIRST:
        if n == 1 and value > mana:
            return ("cost_die", value, mana)
    elif kind == _K_COST_D:
        if value > mana:
            return ("cost_d", value, mana)
    elif kind == _K_INSP:
        if value > max_mana:
            return ("insp", value, max_mana)
    elif kind == _K_SUM:
        if n == 1:
            if value + min(rest) > mana:
                return ("sum_min", value + min(rest), mana)
        elif assigned[0] + value > mana:
            return ("sum", assigned[0], value, mana)
    if sp.mana_cost > mana:
        return ("cost_fixed", sp.mana_cost, mana)
    if spell in _NEEDS_MANA_X and mana < 1:
        return ("cost_x", mana)
    if sp.max_hp_cost and max_hp - sp.max_hp_cost < 1:
        return ("max_hp", sp.max_hp_cost, max_hp)
    return None


def problem_text(spell: str, problem: Problem, lang: str) -> str:
    """A ``die_problem`` answer as a sentence a player can read."""
    sp = SPELLS[spell]
    name = sp.name(lang)
    code = problem[0]
    ja = lang == "ja"
    if code == "too_many":
        return (f"{name}に置けるダイスは{problem[1]}個までです。" if ja
                else f"{name} takes at most {problem[1]} dice.")
    if code == "need_dice":
        return (f"{name}にはダイスが{problem[1]}個必要ですが、使えるのは{problem[2]}個です。" if ja
                else f"{name} needs {problem[1]} dice; only {problem[2]} are unused.")
    if code == "pair_none":
        return (f"{name}には同じ目のダイスが2個必要ですが、{problem[1]}の目のダイスは"
                "他にありません。" if ja
                else f"{name} needs two dice showing the same number; no other unused "
                f"die shows {problem[1]}.")
    if code == "pair_first":
        return (f"{name}には同じ目のダイスが必要です。1個目は{problem[1]}です。" if ja
                else f"{name} needs a matching die: the first one shows {problem[1]}.")
    if code == "cost_die":
        return (f"{name}:コスト役に{problem[1]}を使うにはマナが{problem[1]}必要です"
                f"(現在{problem[2]})。" if ja
                else f"{name}: a {problem[1]} as the cost die needs {problem[1]} mana; "
                f"you have {problem[2]}.")
    if code == "cost_d":
        return (f"{name}:{problem[1]}の目にはマナが{problem[1]}必要です(現在{problem[2]})。"
                if ja else f"{name}: a {problem[1]} costs {problem[1]} mana; you have "
                f"{problem[2]}.")
    if code == "insp":
        return (f"{name}:{problem[1]}の目には最大マナ{problem[1]}以上が必要です"
                f"(最大マナ{problem[2]})。" if ja
                else f"{name}: a {problem[1]} costs {problem[1]} mana after refilling to your "
                f"maximum of {problem[2]}.")
    if code == "sum_min":
        return (f"{name}は目の合計だけマナを使います。少なくとも{problem[1]}必要です"
                f"(現在{problem[2]})。" if ja
                else f"{name} costs the sum of both dice: at least {problem[1]} mana; you have "
                f"{problem[2]}.")
    if code == "sum":
        total = problem[1] + problem[2]
        return (f"{name}:{problem[1]}+{problem[2]}でマナが{total}必要です(現在{problem[3]})。"
                if ja else f"{name}: {problem[1]} + {problem[2]} costs {total} mana; you have "
                f"{problem[3]}.")
    if code == "cost_fixed":
        return (f"{name}にはマナが{problem[1]}必要です(現在{problem[2]})。" if ja
                else f"{name} costs {problem[1]} mana; you have {problem[2]}.")
    if code == "cost_x":
        return (f"{name}にはマナが1以上必要です(現在{problem[1]})。" if ja
                else f"{name} costs at least 1 mana; you have {problem[1]}.")
    if code == "max_hp":
        return (f"{name}は最大HPを{problem[1]}減らしますが、最大HPは{problem[2]}しかありません"
                "(1未満にはできません)。" if ja
                else f"{name} lowers your maximum HP by {problem[1]}, but it is only "
                f"{problem[2]} (it cannot drop below 1).")
    return "その呪文には置けません。" if ja else f"That die cannot go on {name}."


# The refusal once the game has ended, in the rules and on the table.
GAME_OVER: tuple[str, str] = ("The game is over.", "ゲームは終了しています。")


def die_reason_from_obs(obs: Mapping[str, Any], seat: int | None, spell: str | None,
                        die_index: int, lang: str) -> str:
    """Why die ``die_index`` cannot go on ``spell`` for ``seat`` in an observation; ``""`` if
    it can. ``spell=None`` means the spell being cast. Same words as ``reason``."""
    phase = obs["phase"]
    if phase == P_OVER:
        return _msg(lang, "The game is over.", "ゲームは終了しています。")
    active = int(obs["active"])
    if phase not in (P_MAIN, P_CAST) or seat != active:
        if phase == P_DRAFT:
            return _msg(lang, "The draft is on: click a card to keep it.",
                        "ドラフト中です。カードをクリックして残してください。")
        return _msg(lang, f"It is {player_name(active, 'en')}'s turn.",
                    f"{player_name(active, 'ja')}の手番です。")
    dice: list[int] = list(obs["dice"])
    used: list[bool] = list(obs["used"])
    if not 0 <= die_index < len(dice):
        return _msg(lang, "There is no such die.", "そのダイスはありません。")
    if used[die_index]:
        return _msg(lang, "That die is already used.", "そのダイスはもう使われています。")
    me = obs["players"][active]
    casting = obs.get("casting")
    rest = [v for i, (v, u) in enumerate(zip(dice, used, strict=True))
            if not u and i != die_index]
    value = dice[die_index]
    if casting is not None:
        cur = str(casting["spell"])
        if spell is not None and spell != cur:
            return _msg(lang, f"Finish casting {SPELLS[cur].en} first.",
                        f"先に{SPELLS[cur].ja}の詠唱を終えてください。")
        assigned = list(casting["dice"])
        if len(assigned) >= SPELLS[cur].dice:
            return _msg(lang, f"{SPELLS[cur].en}: choose X first.",
                        f"{SPELLS[cur].ja}:先にXを選んでください。")
        p = die_problem(cur, assigned, value, rest, me["hp"], me["max_hp"], me["mana"],
                        me["max_mana"])
        return "" if p is None else problem_text(cur, p, lang)
    if spell is None:
        return _msg(lang, "Drag the die onto a spell.", "ダイスを呪文の上にドラッグしてください。")
    known = [h["spell"] for h in me["hand"]]
    if spell not in known:
        return _msg(lang, f"You do not have {SPELLS[spell].en}.",
                    f"{SPELLS[spell].ja}を持っていません。")
    if spell in obs["cast_done"]:
        return _msg(lang, f"{SPELLS[spell].en} was already cast this turn.",
                    f"{SPELLS[spell].ja}はこの手番にもう使いました。")
    p = die_problem(spell, (), value, rest, me["hp"], me["max_hp"], me["mana"], me["max_mana"])
    return "" if p is None else problem_text(spell, p, lang)


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class MagosState:
    """One position of a duel. Lists are per seat (0, 1)."""

    __slots__ = (
        "active", "cast_dice", "cast_done", "cast_slot", "casting", "dealt", "dice", "first",
        "hands", "hp", "mana", "max_hp", "max_mana", "phase", "quiet", "result", "revealed",
        "setup", "turn_limit", "turns", "used", "winner",
    )

    def __init__(self, setup: str = FIRST_GAME, turn_limit: int = DEFAULT_TURN_LIMIT) -> None:
        self.setup = setup
        self.turn_limit = turn_limit
        self.phase = P_FIRST
        self.first = -1
        self.active = -1
        self.turns = [0, 0]
        self.hp = [START_HP, START_HP]
        self.max_hp = [START_HP, START_HP]
        self.mana = [0, 0]
        self.max_mana = [START_MAX_MANA, START_MAX_MANA]
        self.hands: list[list[str]] = [[], []]
        self.revealed: list[list[bool]] = [[], []]
        self.dealt: list[list[str]] = [[], []]
        self.dice: list[int] = []
        self.used: list[bool] = []
        self.cast_done: list[str] = []
        self.casting = ""
        self.cast_slot = -1
        self.cast_dice: list[int] = []
        self.winner = -1
        self.result = ""
        # True for the states a search plays out: moves then skip building log lines (which
        # nobody reads there); the state changes are exactly the same.
        self.quiet = False

    def clone(self) -> MagosState:
        s = MagosState.__new__(MagosState)
        self._copy_into(s)
        return s

    def _copy_into(self, s: MagosState) -> None:
        """Copy every field of the duel state into ``s`` (subclasses add their own)."""
        s.setup = self.setup
        s.turn_limit = self.turn_limit
        s.phase = self.phase
        s.first = self.first
        s.active = self.active
        s.turns = self.turns[:]
        s.hp = self.hp[:]
        s.max_hp = self.max_hp[:]
        s.mana = self.mana[:]
        s.max_mana = self.max_mana[:]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.revealed = [self.revealed[0][:], self.revealed[1][:]]
        s.dealt = [self.dealt[0][:], self.dealt[1][:]]
        s.dice = self.dice[:]
        s.used = self.used[:]
        s.cast_done = self.cast_done[:]
        s.casting = self.casting
        s.cast_slot = self.cast_slot
        s.cast_dice = self.cast_dice[:]
        s.winner = self.winner
        s.result = self.result
        s.quiet = self.quiet

    def drafting_seat(self) -> int:
        return self.first if len(self.hands[self.first]) < HAND_SIZE else 1 - self.first

    def dealing_seat(self) -> int:
        return self.first if len(self.dealt[self.first]) < DEALT_SIZE else 1 - self.first

    def unused(self) -> list[int]:
        return [v for v, u in zip(self.dice, self.used, strict=True) if not u]


# ---------------------------------------------------------------------------------------------
# Chance tables
# ---------------------------------------------------------------------------------------------


def _roll_table(n: int) -> list[tuple[str, float]]:
    counts: dict[tuple[int, ...], int] = {}

    def rec(prefix: tuple[int, ...]) -> None:
        if len(prefix) == n:
            key = tuple(sorted(prefix))
            counts[key] = counts.get(key, 0) + 1
            return
        for v in range(1, 7):
            rec((*prefix, v))

    rec(())
    total = 6 ** n
    return [("roll:" + "-".join(map(str, k)), c / total) for k, c in sorted(counts.items())]


_ROLLS: dict[int, list[tuple[str, float]]] = {n: _roll_table(n) for n in range(1, 5)}
_ROLL_SET: frozenset[str] = frozenset(a for t in _ROLLS.values() for a, _ in t)
#: The dice of each ``roll:`` outcome, and the outcome of each ascending tuple of faces.
_ROLL_VALUES: dict[str, tuple[int, ...]] = {
    a: tuple(int(v) for v in a[5:].split("-")) for a in _ROLL_SET
}
_ROLL_OF: dict[tuple[int, ...], str] = {v: a for a, v in _ROLL_VALUES.items()}
_CAST_TEXT: dict[tuple[str, int], str] = {
    (sid, v): f"cast:{sid}:{v}" for sid in SPELL_IDS for v in range(1, 7)
}
_DIE_TEXT: dict[int, str] = {v: f"die:{v}" for v in range(1, 7)}
_X_TEXTS: list[str] = [f"x:{n}" for n in range(1, 41)]

#: Legal actions of the main and casting phases, keyed by everything they depend on (the
#: spells still castable, the dice, maximum HP, mana and maximum mana; ``die_problem`` never
#: reads the current HP): search asks about the same few situations again and again, and
#: ``die_problem`` for every spell and die is the costliest part of a position. Cleared when it
#: grows too large.
_LEGAL_CACHE: dict[tuple[Any, ...], tuple[str, ...]] = {}
_LEGAL_CACHE_MAX = 200_000


def _remember(actions: Sequence[str], *keys: tuple[Any, ...]) -> None:
    if len(_LEGAL_CACHE) >= _LEGAL_CACHE_MAX:
        _LEGAL_CACHE.clear()
    known = tuple(actions)
    for key in keys:
        _LEGAL_CACHE[key] = known
_FACES = ("1", "2", "3", "4", "5", "6")


def _roll_text(n: int, rng: random.Random) -> str:
    """A random ``roll:`` outcome for ``n`` dice."""
    r = rng.random
    vals = [int(r() * 6) + 1 for _ in range(n)]
    vals.sort()
    return _ROLL_OF[tuple(vals)]


def _casting_obs(s: MagosState) -> dict[str, Any] | None:
    """The cast in progress as an observation shows it (the slot names the card)."""
    if not s.casting:
        return None
    return {"spell": s.casting, "slot": f"p{s.active}s{s.cast_slot}", "dice": s.cast_dice[:]}


def _wizard_obs(s: MagosState, p: int, hand: list[dict[str, Any]],
                show_dealt: bool) -> dict[str, Any]:
    """Seat ``p``'s meters and cards as an observation shows them."""
    return {
        "hp": s.hp[p], "max_hp": s.max_hp[p], "mana": s.mana[p],
        "max_mana": s.max_mana[p], "turns": s.turns[p], "hand": hand,
        "dealt_count": len(s.dealt[p]),
        "dealt": list(s.dealt[p]) if show_dealt else None,
    }


def _wizard_from_obs(s: MagosState, p: int, pl: Mapping[str, Any]) -> None:
    """The inverse of ``_wizard_obs`` (hidden spells stay ``None``)."""
    s.hp[p], s.max_hp[p] = int(pl["hp"]), int(pl["max_hp"])
    s.mana[p], s.max_mana[p] = int(pl["mana"]), int(pl["max_mana"])
    s.turns[p] = int(pl["turns"])
    s.hands[p] = [h["spell"] for h in pl["hand"]]
    s.revealed[p] = [bool(h["revealed"]) for h in pl["hand"]]
    s.dealt[p] = list(pl["dealt"]) if pl["dealt"] is not None else []


def _turn_from_obs(s: MagosState, obs: Observation) -> None:
    """The whose-turn, dice and cast fields of ``s`` from an observation."""
    s.phase = str(obs["phase"])
    s.first = int(obs["first"])
    s.active = int(obs["active"])
    s.dice = [int(v) for v in obs["dice"]]
    s.used = [bool(u) for u in obs["used"]]
    s.cast_done = [str(c) for c in obs["cast_done"]]
    s.winner = int(obs["winner"])
    s.result = str(obs["result"])
    casting = obs["casting"]
    if casting is not None:
        s.casting = str(casting["spell"])
        s.cast_slot = int(str(casting["slot"]).rsplit("s", 1)[1])
        s.cast_dice = [int(v) for v in casting["dice"]]


def _meters_json(s: MagosState) -> JSON:
    return {"turns": s.turns[:], "hp": s.hp[:], "max_hp": s.max_hp[:], "mana": s.mana[:],
            "max_mana": s.max_mana[:]}


def _turn_json(s: MagosState) -> JSON:
    return {"dice": s.dice[:], "used": s.used[:], "cast_done": s.cast_done[:],
            "casting": s.casting, "cast_slot": s.cast_slot, "cast_dice": s.cast_dice[:]}


def _common_from_json(s: MagosState, data: Mapping[str, Any]) -> None:
    """The fields ``_meters_json``, ``_turn_json`` and the phase/result keys hold."""
    s.phase = str(data["phase"])
    s.active = int(data["active"])
    s.turns = [int(v) for v in data["turns"]]
    s.hp = [int(v) for v in data["hp"]]
    s.max_hp = [int(v) for v in data["max_hp"]]
    s.mana = [int(v) for v in data["mana"]]
    s.max_mana = [int(v) for v in data["max_mana"]]
    s.dice = [int(v) for v in data["dice"]]
    s.used = [bool(v) for v in data["used"]]
    s.cast_done = [str(x) for x in data["cast_done"]]
    s.casting = str(data["casting"])
    s.cast_slot = int(data["cast_slot"])
    s.cast_dice = [int(v) for v in data["cast_dice"]]
    s.winner = int(data["winner"])
    s.result = str(data["result"])


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


ST = TypeVar("ST", bound=MagosState)


class MagosRules(Game[ST]):
    """Spellcasting shared by the duel and the solo mode: starting a turn, the player's dice,
    casts die by die, spell effects (MG-R20..MG-R41) and the reasons a cast is refused.

    Seat 0 and seat 1 index the state's lists; in the solo mode seat 1 is the enemy card, so a
    spell's damage to "the opponent" hits the enemy's HP (MG-R55). Subclasses decide what
    happens when a turn ends (``_end_turn``) and how seats are named in the log (``_who``).
    """

    # What differs in words: the end of the game, who reaches the turn limit, and which
    # action kinds only chance takes.
    _OVER: tuple[str, str] = GAME_OVER
    _BOTH_EN = "Both wizards"
    _CHANCE_KINDS: tuple[str, ...] = ("first", "deal", "roll")

    def _names(self, s: ST) -> Names:
        """Both seats' names in log lines; the same for a whole game."""
        return PLAYER_NAMES

    def _who(self, s: ST, seat: int, lang: str) -> str:
        """The name of ``seat`` in log lines."""
        return self._names(s)[seat][1 if lang == "ja" else 0]

    def _end_turn(self, s: ST) -> list[Event]:
        raise NotImplementedError

    def _apply_other(self, s: ST, kind: str, rest: str, action: str) -> list[Event]:
        """Apply an action kind only one mode has."""
        raise ValueError(f"Unknown action {action!r}")

    def _well_formed_other(self, kind: str, rest: str) -> bool:
        """Whether an action kind only one mode has is well formed."""
        return False

    def _waiting_reason(self, s: ST, lang: str) -> str:
        """Why the player cannot act in a phase only one mode has; ``""`` otherwise."""
        return ""

    # -- flow -----------------------------------------------------------------------------
    def current_player(self, state: ST) -> int:
        phase = state.phase
        if phase in (P_MAIN, P_CAST):
            return state.active
        if phase == P_DRAFT:
            return state.drafting_seat()
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self, state: ST) -> list[str]:
        phase = state.phase
        if phase == P_MAIN:
            return self._main_actions(state)
        if phase == P_CAST:
            return self._cast_actions(state)
        if phase == P_DRAFT:
            seat = state.drafting_seat()
            left = list(state.dealt[seat])
            for sp in state.hands[seat]:
                left.remove(sp)
            return [f"keep:{sp}" for sp in sorted(set(left))]
        if phase == P_OVER:
            return []
        return [a for a, _ in self.chance_outcomes(state)]

    def chance_outcomes(self, state: ST) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == P_ROLL:
            return list(_ROLLS[self._dice_count(state)])
        if phase == P_DEAL:
            left = self._pool_left(state)
            total = sum(left.values())
            return [(f"deal:{sp}", c / total) for sp, c in sorted(left.items()) if c]
        return []

    def sample_chance(self, state: ST, rng: random.Random) -> str:
        phase = state.phase
        if phase == P_ROLL:
            return _roll_text(self._dice_count(state), rng)
        if phase == P_DEAL:
            cards = [sp for sp, c in sorted(self._pool_left(state).items()) for _ in range(c)]
            return f"deal:{cards[rng.randrange(len(cards))]}"
        raise ValueError("Not a chance node.")

    @staticmethod
    def _dice_count(s: MagosState) -> int:
        return dice_for_turn(s.turns[s.active], s.active == s.first)

    @staticmethod
    def _pool_left(s: MagosState) -> dict[str, int]:
        left = dict(DRAFT_POOL)
        for seat in (0, 1):
            for sp in s.dealt[seat][1:]:
                left[sp] -= 1
        return left

    # -- applying -------------------------------------------------------------------------
    def apply_in_place(self, state: ST, action: str) -> list[Event]:
        kind, _, rest = action.partition(":")
        if kind == "cast":
            spell, _, v = rest.partition(":")
            return self._start_cast(state, spell, int(v))
        if kind == "die":
            return self._add_die(state, int(rest))
        if kind == "end":
            if state.quiet:
                return self._end_turn(state)
            seat = state.active
            ev = Event("end", {"seat": seat},
                       render=partial(_end_words, self._names(state)[seat]))
            return [ev, *self._end_turn(state)]
        if kind == "roll":
            values = _ROLL_VALUES.get(action)
            return self._roll(state, list(values) if values is not None
                              else [int(x) for x in rest.split("-")])
        if kind == "x":
            return self._resolve(state, int(rest))
        if kind == "fire":
            return self._resolve(state, 0)
        if kind == "keep":
            return self._keep(state, rest)
        if kind == "deal":
            return self._deal(state, rest)
        return self._apply_other(state, kind, rest, action)

    def _keep(self, s: ST, spell: str) -> list[Event]:
        raise NotImplementedError

    def _deal(self, s: ST, spell: str) -> list[Event]:
        raise NotImplementedError

    @staticmethod
    def _put_dice_away(s: MagosState) -> None:
        s.dice = []
        s.used = []
        s.casting = ""
        s.cast_slot = -1
        s.cast_dice = []

    def _limit_draw(self, s: ST) -> list[Event]:
        """MG-R42, MG-G15: the safety net for endless games; ``[]`` while it does not apply."""
        if s.turns[0] < s.turn_limit or s.turns[1] < s.turn_limit:
            return []
        s.phase = P_OVER
        s.winner = DRAW
        s.result = "draw"
        return [Event("draw", {"turns": s.turn_limit},
                      {"en": f"{self._BOTH_EN} have taken {s.turn_limit} turns: a draw.",
                       "ja": f"両者が{s.turn_limit}ターンを終えたので引き分けです。"})]

    def _table_obs(self, s: ST, seat: int | None, players: list[dict[str, Any]],
                   mode: JSON | None = None, opponent: JSON | None = None) -> Observation:
        """The observation around the wizards: phase, dice, the cast in progress, the result.
        ``mode`` and ``opponent`` hold what only the solo mode shows."""
        return {
            "game": self.spec.id,
            "seat": seat,
            "setup": s.setup,
            **(mode or {}),
            "turn_limit": s.turn_limit,
            "phase": s.phase,
            "to_move": self.current_player(s),
            "first": s.first,
            "active": s.active,
            "players": players,
            "dice": s.dice[:],
            "used": s.used[:],
            "cast_done": s.cast_done[:],
            "casting": _casting_obs(s),
            **(opponent or {}),
            "winner": s.winner,
            "result": s.result,
        }

    def _main_actions(self, s: ST) -> list[str]:
        seat = s.active
        hp, max_hp, mana, max_mana = s.hp[seat], s.max_hp[seat], s.mana[seat], s.max_mana[seat]
        # Plain tuples hash faster than a frozenset difference; the hand keeps its order.
        key = (tuple(s.hands[seat]), tuple(s.cast_done), tuple(s.dice), tuple(s.used),
               max_hp, mana, max_mana)
        known = _LEGAL_CACHE.get(key)
        if known is not None:
            return list(known)
        # The answer depends only on the castable spells as a set and the unused dice as a
        # multiset: the same situation reached with the dice rolled or the spells cast in
        # another order is found under this second key (most of the first key's misses in a
        # Magos search), and both keys are remembered.
        unused = [v for v, u in zip(s.dice, s.used, strict=True) if not u]
        unused.sort()
        spells = set(s.hands[seat]).difference(s.cast_done)
        same = (frozenset(spells), tuple(unused), max_hp, mana, max_mana)
        known = _LEGAL_CACHE.get(same)
        if known is not None:
            _remember(known, key)
            return list(known)
        out: list[str] = []
        if unused:
            values = sorted(set(unused))
            for spell in sorted(spells):
                for v in values:
                    rest = unused[:]
                    rest.remove(v)
                    if die_problem(spell, (), v, rest, hp, max_hp, mana, max_mana) is None:
                        out.append(_CAST_TEXT[spell, v])
        out.append("end")
        _remember(out, key, same)
        return out

    def _cast_actions(self, s: ST) -> list[str]:
        seat = s.active
        spell = s.casting
        sp = SPELLS[spell]
        assigned = s.cast_dice
        if len(assigned) >= sp.dice:
            top = s.hp[seat] if spell == "doomsday" else s.mana[seat]
            if top <= len(_X_TEXTS):
                return _X_TEXTS[:top]
            return [f"x:{n}" for n in range(1, top + 1)]
        hp, max_hp, mana, max_mana = s.hp[seat], s.max_hp[seat], s.mana[seat], s.max_mana[seat]
        key = (spell, tuple(assigned), tuple(s.dice), tuple(s.used), max_hp, mana, max_mana)
        known = _LEGAL_CACHE.get(key)
        if known is not None:
            return list(known)
        unused = [v for v, u in zip(s.dice, s.used, strict=True) if not u]
        out: list[str] = []
        for v in sorted(set(unused)):
            rest = unused[:]
            rest.remove(v)
            if die_problem(spell, assigned, v, rest, hp, max_hp, mana, max_mana) is None:
                out.append(_DIE_TEXT[v])
        if spell == "rapid_fire":
            out.append("fire")
        _remember(out, key)
        return out

    def _start_turn(self, s: ST, seat: int) -> list[Event]:
        s.active = seat
        s.turns[seat] += 1
        self._put_dice_away(s)
        s.cast_done = []
        s.phase = P_ROLL
        if s.quiet:
            return []
        n = s.turns[seat]
        return [Event("turn", {"seat": seat, "turn": n},
                      render=partial(_turn_words, self._names(s)[seat], n))]

    def _roll(self, s: ST, values: list[int]) -> list[Event]:
        s.dice = values
        s.used = [False] * len(values)
        s.phase = P_MAIN
        if s.quiet:
            return []
        seat = s.active
        return [Event("roll", {"seat": seat, "dice": values[:]}, reveals=True,
                      render=partial(_roll_words, self._names(s)[seat], tuple(values)))]

    def _use_die(self, s: ST, value: int) -> None:
        dice, used = s.dice, s.used
        for i in range(len(dice)):
            if dice[i] == value and not used[i]:
                used[i] = True
                return
        raise ValueError(f"No unused die shows {value}.")

    def _start_cast(self, s: ST, spell: str, value: int) -> list[Event]:
        self._use_die(s, value)
        seat = s.active
        hand = s.hands[seat]
        slot = -1
        for i, held in enumerate(hand):
            if held == spell:
                if s.revealed[seat][i]:
                    slot = i
                    break
                if slot < 0:
                    slot = i
        s.casting = spell
        s.cast_slot = slot
        s.cast_dice = [value]
        s.phase = P_CAST
        sp = SPELLS[spell]
        if sp.dice == 1 and not sp.x_choice:
            return self._resolve(s, 0)
        return [] if s.quiet else [self._assign_event(s, spell, value, 0)]

    def _assign_event(self, s: ST, spell: str, value: int, index: int) -> Event:
        # ``slot`` is the die's place on the spell; ``hand_slot`` the spell's place in hand,
        # which starting the cast turns face up for the other wizard too.
        seat = s.active
        return Event("assign", {"seat": seat, "spell": spell, "value": value, "slot": index,
                                "hand_slot": s.cast_slot},
                     render=partial(_assign_words, self._names(s)[seat], spell, value, index))

    def _add_die(self, s: ST, value: int) -> list[Event]:
        self._use_die(s, value)
        s.cast_dice.append(value)
        spell = s.casting
        sp = SPELLS[spell]
        if len(s.cast_dice) == sp.dice and not sp.x_choice:
            return self._resolve(s, 0)
        if s.quiet:
            return []
        return [self._assign_event(s, spell, value, len(s.cast_dice) - 1)]

    def _resolve(self, s: ST, x: int) -> list[Event]:
        """Pay the costs, then apply the effects in printed order (MG-R26), checking HP after
        every damage step (MG-R41)."""
        seat = s.active
        opp = 1 - seat
        spell = s.casting
        d = s.cast_dice
        hp, max_hp, mana, max_mana = s.hp, s.max_hp, s.mana, s.max_mana
        # What happened, for the log line (``_cast_words``): effects in order, and the cost.
        effects: list[tuple[str, int, int]] = []
        cost: list[tuple[str, int]] = []

        def hurt(target: int, n: int) -> bool:
            """Damage; True when it knocks ``target`` out (the spell stops there)."""
            n = min(n, hp[target])
            hp[target] -= n
            effects.append(("self" if target == seat else "damage", n, 0))
            if hp[target] == 0:
                s.winner = 1 - target
                s.result = "self_ko" if target == seat else "ko"
                s.phase = P_OVER
                return True
            return False

        def heal(n: int) -> None:
            before = hp[seat]
            hp[seat] = min(max_hp[seat], before + n)
            effects.append(("heal", hp[seat] - before, 0))

        def gain(n: int) -> None:
            before = mana[seat]
            mana[seat] = min(max_mana[seat], before + n)
            effects.append(("mana", mana[seat] - before, 0))

        def refill() -> None:
            before = mana[seat]
            mana[seat] = max_mana[seat]
            effects.append(("refill", mana[seat], mana[seat] - before))

        def lower_max_mana(n: int) -> None:
            max_mana[seat] = max(0, max_mana[seat] - n)  # MG-R3
            if mana[seat] > max_mana[seat]:
                mana[seat] = max_mana[seat]
            effects.append(("max_mana", max_mana[seat], 0))

        def lower_max_hp(n: int) -> None:
            max_hp[seat] -= n  # MG-R4; die_problem keeps it at 1 or more
            if hp[seat] > max_hp[seat]:
                hp[seat] = max_hp[seat]
            effects.append(("max_hp", max_hp[seat], 0))

        def pay(n: int) -> None:
            mana[seat] -= n
            cost.append(("cost", n))

        if spell == "harmony":
            gain(d[0])
        elif spell == "pain":
            hurt(opp, 2)
        elif spell == "fireball":
            pay(d[0])
            cost.append(("damage", d[1]))
            hurt(opp, d[1])
        elif spell == "resonance":
            pay(x)
            hurt(opp, x)
        elif spell == "healing":
            pay(d[0])
            heal(4)
            lower_max_mana(1)
        elif spell == "ring_of_fire":
            pay(d[0])
            hurt(opp, 3)
        elif spell == "meditation":
            gain(5)
        elif spell == "zeal":
            if not hurt(seat, d[0]):
                refill()
        elif spell == "rapid_fire":
            hurt(opp, (1, 3, 5)[len(d) - 1])
        elif spell == "wrath":
            if d[0] > hp[seat]:
                cost.append(("wrath", 0))
                hurt(opp, 4)
            else:
                hurt(opp, 1)
        elif spell == "vitality":
            lower_max_mana(d[0])
            heal(2)
            refill()
        elif spell == "earthquake":
            pay(3)
            hurt(opp, 7)
        elif spell == "tempest":
            pay(5)
            hurt(opp, 8)
        elif spell == "sacrifice":
            lower_max_hp(2)
            heal(d[0])
        elif spell == "fresh_blood":
            lower_max_hp(4)
            heal(max_hp[seat])
        elif spell == "will_o_wisp":
            pay(3)
            hurt(opp, d[0])
        elif spell == "killing_blade":
            pay(7)
            hurt(opp, d[0])
        elif spell == "inspiration":
            refill()
            pay(d[0])
        elif spell == "purgatory":
            if not hurt(seat, d[0]):
                hurt(opp, d[1])
        elif spell == "gale":
            hurt(opp, d[0])
        elif spell == "blood_drain":
            if not hurt(opp, 3):
                heal(2)
        elif spell == "essence_drain":
            if not hurt(opp, 1):
                gain(2)
        elif spell == "soul_drain":
            if not hurt(opp, 2):
                gain(d[0] + d[1])
        elif spell == "flame_slash":
            pay(8)
            hurt(opp, d[0] + 4)
        elif spell == "full_recovery":
            pay(d[0] + d[1])
            heal(max_hp[seat])
            lower_max_mana(2)
        elif spell == "passion":
            if not hurt(seat, 2):
                hurt(opp, 3)
        elif spell == "revival":
            pay(x)
            heal(x)
            lower_max_mana(1)
        elif spell == "doomsday" and not hurt(seat, x):
            hurt(opp, x)

        sp = SPELLS[spell]
        slot = s.cast_slot
        newly = not s.revealed[seat][slot]
        s.revealed[seat][slot] = True
        s.cast_done.append(spell)
        if s.quiet:
            # A search state: the same changes of state, without the log lines nobody reads.
            s.casting = ""
            s.cast_slot = -1
            s.cast_dice = []
            if s.phase == P_OVER:
                return []
            if sp.ends_turn:
                return self._end_turn(s)
            s.phase = P_MAIN
            return []
        names = self._names(s)
        events = [Event(
            "cast",
            {"seat": seat, "spell": spell, "slot": slot, "dice": d[:], "x": x,
             "hp": hp[:], "mana": mana[:], "max_hp": max_hp[:], "max_mana": max_mana[:]},
            reveals=newly,
            render=partial(_cast_words, names[seat], spell, tuple(d), x, cost, effects),
        )]
        s.casting = ""
        s.cast_slot = -1
        s.cast_dice = []
        if s.phase == P_OVER:
            w = s.winner
            events.append(Event("win", {"winner": w, "how": s.result},
                                render=partial(_win_words, names[w], names[1 - w])))
            return events
        if sp.ends_turn:
            # MG-R25: remaining dice are discarded.
            events.append(Event("end", {"seat": seat, "by": spell},
                                render=partial(_spell_ends_turn_words, names[seat], spell)))
            events.extend(self._end_turn(s))
            return events
        s.phase = P_MAIN
        return events

    def _play_reason(self, s: ST, action: str, lang: str) -> str:
        """Why a cast, die, X, fire or end action is refused in the main or casting phase."""
        kind, _, rest = action.partition(":")
        phase = s.phase
        seat = s.active
        if phase == P_CAST:
            cur = SPELLS[s.casting]
            if kind in ("cast", "end"):
                return _msg(lang, f"Finish casting {cur.en} first.",
                            f"先に{cur.ja}の詠唱を終えてください。")
            if kind == "fire":
                return _msg(lang, "Only Rapid Fire can be fired early.",
                            "途中で発動できるのは連射だけです。")
            if kind == "x":
                if not cur.x_choice:
                    return _msg(lang, f"{cur.en} has no X to choose.",
                                f"{cur.ja}にはXの選択はありません。")
                if len(s.cast_dice) < cur.dice:
                    return _msg(lang, f"{cur.en}: place its dice first.",
                                f"{cur.ja}:先にダイスを置いてください。")
                top = s.hp[seat] if cur.id == "doomsday" else s.mana[seat]
                return _msg(lang, f"X must be between 1 and {top}.",
                            f"Xは1から{top}の間で選んでください。")
            if kind == "die":
                if len(s.cast_dice) >= cur.dice:
                    return _msg(lang, f"{cur.en}: choose X now.",
                                f"{cur.ja}:Xを選んでください。")
                value = int(rest)
                found = self._die_index(s, value)
                if found < 0:
                    return self._no_die(s, value, lang)
                unused = s.unused()
                unused.remove(value)
                p = die_problem(cur.id, s.cast_dice, value, unused, s.hp[seat], s.max_hp[seat],
                                s.mana[seat], s.max_mana[seat])
                return problem_text(cur.id, p, lang) if p else ""
        # main phase
        if kind in ("die", "x", "fire"):
            return _msg(lang, "Start a cast first: drag a die onto a spell.",
                        "先に呪文にダイスを置いて詠唱を始めてください。")
        if kind == "cast":
            spell, _, v = rest.partition(":")
            value = int(v)
            sp = SPELLS[spell]
            if spell not in s.hands[seat]:
                return _msg(lang, f"You do not have {sp.en}.", f"{sp.ja}を持っていません。")
            if spell in s.cast_done:
                return _msg(lang, f"{sp.en} was already cast this turn.",
                            f"{sp.ja}はこの手番にもう使いました。")
            if self._die_index(s, value) < 0:
                return self._no_die(s, value, lang)
            unused = s.unused()
            unused.remove(value)
            p = die_problem(spell, (), value, unused, s.hp[seat], s.max_hp[seat],
                            s.mana[seat], s.max_mana[seat])
            return problem_text(spell, p, lang) if p else ""
        return _msg(lang, f"'{action}' is not possible now.", f"「{action}」は今はできません。")

    @staticmethod
    def _die_index(s: MagosState, value: int) -> int:
        for i, (v, u) in enumerate(zip(s.dice, s.used, strict=True)):
            if v == value and not u:
                return i
        return -1

    @staticmethod
    def _no_die(s: MagosState, value: int, lang: str) -> str:
        if value in s.dice:
            return _msg(lang, "That die is already used.", "そのダイスはもう使われています。")
        return _msg(lang, f"No die shows {value}.", f"{value}の目のダイスはありません。")

    # -- checking -------------------------------------------------------------------------
    def is_well_formed(self, action: str) -> bool:
        if not action or action != action.strip():
            return False
        kind, _, rest = action.partition(":")
        if kind in ("end", "fire"):
            return rest == "" and ":" not in action
        if kind == "cast":
            spell, _, v = rest.partition(":")
            return spell in SPELLS and v in _FACES
        if kind == "die":
            return rest in _FACES
        if kind == "x":
            return rest.isdigit() and rest == str(int(rest)) and int(rest) >= 1
        if kind in ("keep", "deal"):
            return rest in SPELLS
        if kind == "roll":
            return action in _ROLL_SET
        return self._well_formed_other(kind, rest)

    def reason(self, s: ST, action: str, lang: str = "en") -> str:
        """Why ``action`` is not legal now, in ``lang``; ``""`` when it is legal."""
        if action in self.legal_actions(s):
            return ""
        kind, _, rest = action.partition(":")
        phase = s.phase
        if phase == P_OVER:
            return _msg(lang, *self._OVER)
        if kind in self._CHANCE_KINDS:
            return _msg(lang, "Only the dice and the deck decide that.",
                        "それはダイスや山札が決めることです。")
        waiting = self._waiting_reason(s, lang)
        if waiting:
            return waiting
        if phase == P_DRAFT:
            if kind != "keep":
                return _msg(lang, "The draft is on: keep a spell first.",
                            "ドラフト中です。まず呪文を選んで残してください。")
            sp = SPELLS[rest]
            return _msg(lang, f"You have no {sp.en} left to keep.",
                        f"残せる{sp.ja}はありません。")
        if kind == "keep":
            return _msg(lang, "The draft is over.", "ドラフトは終わっています。")
        return self._play_reason(s, action, lang)

    # -- words ----------------------------------------------------------------------------
    def describe_action(self, state: ST, action: str, lang: str = "en") -> str:
        kind, _, rest = action.partition(":")
        ja = lang == "ja"
        if kind == "cast":
            spell, _, v = rest.partition(":")
            sp = SPELLS[spell]
            if sp.dice == 1 and not sp.x_choice:
                return f"{sp.ja}に{v}を置いて唱える" if ja else f"Cast {sp.en} with a {v}"
            role = slot_name(spell, 0, lang)
            return (f"{sp.ja}の詠唱を始める({role}に{v})" if ja
                    else f"Start casting {sp.en}: a {v} as the {role}")
        if kind == "die":
            if state.casting:
                role = slot_name(state.casting, len(state.cast_dice), lang)
                sp = SPELLS[state.casting]
                return (f"{sp.ja}の{role}に{rest}を置く" if ja
                        else f"Put a {rest} on {sp.en} as the {role}")
            return f"{rest}を置く" if ja else f"Place a {rest}"
        if kind == "x":
            return f"X={rest}を選ぶ" if ja else f"Choose X = {rest}"
        if kind == "fire":
            return "連射を発動する" if ja else "Fire Rapid Fire"
        if kind == "end":
            return "手番を終える" if ja else "End the turn"
        if kind == "keep":
            sp = SPELLS[rest]
            return f"{sp.ja}を残す" if ja else f"Keep {sp.en}"
        if kind == "roll":
            shown = rest.replace("-", ", ")
            return f"ダイス:{shown}" if ja else f"Roll {shown}"
        if kind == "deal":
            return "カードを配る" if ja else "Deal a card"
        if kind == "first":
            n = int(rest)
            return f"{player_name(n, 'ja')}が先攻" if ja else f"{player_name(n, 'en')} goes first"
        return action


class MagosGame(MagosRules[MagosState]):
    """Magos for two players (MG-R1..MG-R42)."""

    spec = SPEC

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, OptionValue]) -> MagosState:
        setup = str(options.get("setup", FIRST_GAME))
        limit = int(options.get("turn_limit", DEFAULT_TURN_LIMIT))
        return MagosState(setup, limit)

    def num_players(self, state: MagosState) -> int:
        return 2

    # -- flow -----------------------------------------------------------------------------
    def chance_outcomes(self, state: MagosState) -> list[tuple[str, float]]:
        if state.phase == P_FIRST:
            return [("first:0", 0.5), ("first:1", 0.5)]
        return super().chance_outcomes(state)

    def sample_chance(self, state: MagosState, rng: random.Random) -> str:
        if state.phase == P_FIRST:
            return f"first:{rng.randrange(2)}"
        return super().sample_chance(state, rng)

    # -- applying -------------------------------------------------------------------------
    def _apply_other(self, s: MagosState, kind: str, rest: str, action: str) -> list[Event]:
        if kind == "first":
            return self._first(s, int(rest))
        return super()._apply_other(s, kind, rest, action)

    def _first(self, s: MagosState, seat: int) -> list[Event]:
        s.first = seat
        ev = Event("first", {"seat": seat},
                   {"en": f"{player_name(seat, 'en')} goes first.",
                    "ja": f"{player_name(seat, 'ja')}が先攻です。"}, reveals=True)
        if s.setup == DRAFT:
            s.dealt = [["harmony"], ["harmony"]]
            s.phase = P_DEAL
            return [ev]
        # MG-R10: the first-game hand.
        s.hands = [list(FIRST_GAME_HAND), list(FIRST_GAME_HAND)]
        s.revealed = [[False] * HAND_SIZE, [False] * HAND_SIZE]
        return [ev, *self._start_turn(s, seat)]

    def _deal(self, s: MagosState, spell: str) -> list[Event]:
        seat = s.dealing_seat()
        s.dealt[seat].append(spell)
        sp = SPELLS[spell]
        ev = Event("deal", {"seat": seat, "spell": spell},
                   {"en": f"You are dealt {sp.en}.", "ja": f"{sp.ja}が配られました。"},
                   seats=frozenset({seat}), reveals=True)
        if len(s.dealt[1 - s.first]) == DEALT_SIZE:
            s.phase = P_DRAFT
        return [ev]

    def _keep(self, s: MagosState, spell: str) -> list[Event]:
        seat = s.drafting_seat()
        s.hands[seat].append(spell)
        s.revealed[seat].append(False)
        n = len(s.hands[seat])
        sp = SPELLS[spell]
        events = [
            Event("keep", {"seat": seat, "spell": spell},
                  {"en": f"You keep {sp.en}.", "ja": f"{sp.ja}を残しました。"},
                  seats=frozenset({seat})),
            Event("kept", {"seat": seat, "count": n},
                  {"en": f"{player_name(seat, 'en')} keeps a spell ({n}/{HAND_SIZE}).",
                   "ja": f"{player_name(seat, 'ja')}が呪文を1枚残しました({n}/{HAND_SIZE})。"}),
        ]
        if len(s.hands[1 - s.first]) == HAND_SIZE:
            events.extend(self._start_turn(s, s.first))
        return events

    def _end_turn(self, s: MagosState) -> list[Event]:
        self._put_dice_away(s)
        return self._limit_draw(s) or self._start_turn(s, 1 - s.active)

    # -- checking -------------------------------------------------------------------------
    def _well_formed_other(self, kind: str, rest: str) -> bool:
        return kind == "first" and rest in ("0", "1")

    # -- results --------------------------------------------------------------------------
    def returns(self, state: MagosState) -> list[float]:
        if state.phase != P_OVER or state.winner == DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if state.winner == 0 else [-1.0, 1.0]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: MagosState, seat: int | None) -> Observation:
        s = state
        players: list[dict[str, Any]] = []
        for p in (0, 1):
            own = seat == p
            hand = []
            for i, spell in enumerate(s.hands[p]):
                shown = own or s.revealed[p][i] or (s.casting != "" and s.active == p
                                                    and s.cast_slot == i)
                hand.append({"slot": f"p{p}s{i}", "spell": spell if shown else None,
                             "revealed": s.revealed[p][i]})
            players.append(_wizard_obs(s, p, hand, own))
        return self._table_obs(s, seat, players)

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> MagosState:
        return self._fill_hidden(self._visible_state(obs), obs, seat, rng)

    def resampler(self, obs: Observation, seat: int) -> Callable[[random.Random], MagosState]:
        # Search resamples one observation thousands of times: read it once, then only copy
        # the visible part and draw the hidden spells.
        base = self._visible_state(obs)
        base.quiet = True  # search states: no log lines are built for them
        return lambda rng: self._fill_hidden(base.clone(), obs, seat, rng)

    @staticmethod
    def _visible_state(obs: Observation) -> MagosState:
        """The state an observation shows, with ``None`` for every hidden spell."""
        s = MagosState(str(obs["setup"]), int(obs["turn_limit"]))
        _turn_from_obs(s, obs)
        for p, pl in enumerate(obs["players"]):
            _wizard_from_obs(s, p, pl)
        return s

    @staticmethod
    def _fill_hidden(s: MagosState, obs: Observation, seat: int,
                     rng: random.Random) -> MagosState:
        """Draw the opponent's hidden spells (and unseen deal) into ``s``."""
        opp = 1 - seat
        hand = s.hands[opp]
        known = [sp for sp in hand if sp is not None]
        holes = [i for i, sp in enumerate(hand) if sp is None]
        count = int(obs["players"][opp]["dealt_count"])
        if s.setup == FIRST_GAME:
            candidates = list(FIRST_GAME_HAND)
            for sp in known:
                candidates.remove(sp)
        elif count == 0:
            candidates = []
        else:
            # The opponent's deal: their Harmony, the known spells, and random cards from what
            # this seat did not see dealt to itself (copies respected).
            left = dict(DRAFT_POOL)
            for sp in s.dealt[seat][1:]:
                left[sp] -= 1
            known_rest = [sp for sp in known if sp != "harmony"]
            if "harmony" in known and known.count("harmony") > 1:
                raise ValueError("Observation shows two Harmonies in one hand.")
            for sp in known_rest:
                left[sp] -= 1
            pool = [sp for sp, c in sorted(left.items()) for _ in range(c)]
            rng.shuffle(pool)
            extra = pool[: count - 1 - len(known_rest)]
            dealt = known_rest + extra
            rng.shuffle(dealt)
            s.dealt[opp] = ["harmony", *dealt]
            candidates = list(s.dealt[opp])
            for sp in known:
                candidates.remove(sp)
        rng.shuffle(candidates)
        for i, hole in enumerate(holes):
            hand[hole] = candidates[i]
        return s

    # -- serialisation --------------------------------------------------------------------
    def state_to_json(self, state: MagosState) -> JSON:
        s = state
        return {
            "setup": s.setup, "turn_limit": s.turn_limit, "phase": s.phase, "first": s.first,
            "active": s.active, **_meters_json(s),
            "hands": [h[:] for h in s.hands], "revealed": [r[:] for r in s.revealed],
            "dealt": [d[:] for d in s.dealt], **_turn_json(s),
            "winner": s.winner, "result": s.result,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> MagosState:
        s = MagosState(str(data["setup"]), int(data["turn_limit"]))
        _common_from_json(s, data)
        s.first = int(data["first"])
        s.hands = [[str(x) for x in h] for h in data["hands"]]
        s.revealed = [[bool(x) for x in r] for r in data["revealed"]]
        s.dealt = [[str(x) for x in d] for d in data["dealt"]]
        return s

    # -- words ----------------------------------------------------------------------------
    def prompt(self, state: MagosState, seat: int, lang: str = "en") -> str:
        return prompt_from_obs(self.observation(state, seat), seat, lang)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: MagosState, seat: int) -> float | None:
        if state.phase == P_OVER:
            return self.returns(state)[seat]
        o = 1 - seat
        hp, mana, mm, mh = state.hp, state.mana, state.max_mana, state.max_hp
        v = (0.12 * (hp[seat] - hp[o]) + 0.03 * (mana[seat] - mana[o])
             + 0.03 * (mm[seat] - mm[o]) + 0.02 * (mh[seat] - mh[o]))
        return math.tanh(v)

    def max_game_length(self) -> int:
        # Per turn at most: roll, 4 dice, 2 X choices, fire, end; plus draft and set-up.
        return max(TURN_LIMITS) * 2 * 10 + 64


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None, lang: str) -> str:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    ja = lang == "ja"
    if phase == P_OVER:
        w = int(obs["winner"])
        if w == DRAW:
            return "引き分けです。" if ja else "The game is a draw."
        return f"{player_name(w, lang)}の勝ちです。" if ja else f"{player_name(w, lang)} wins."
    if phase == P_DRAFT:
        first = int(obs["first"])
        kept = [len(p["hand"]) for p in obs["players"]]
        drafting = first if kept[first] < HAND_SIZE else 1 - first
        if seat != drafting:
            return (f"{player_name(drafting, 'ja')}が呪文を選んでいます。" if ja
                    else f"{player_name(drafting, 'en')} is choosing spells.")
        left = HAND_SIZE - kept[drafting]
        return (f"残す呪文をクリックしてください(あと{left}枚)。" if ja
                else f"Click a spell to keep it ({left} more to keep).")
    if phase not in (P_MAIN, P_CAST):
        return "準備中…" if ja else "Getting ready…"
    active = int(obs["active"])
    if seat != active:
        return (f"{player_name(active, 'ja')}の手番です。" if ja
                else f"It is {player_name(active, 'en')}'s turn.")
    casting = obs["casting"]
    if casting is None:
        if not any(not u for u in obs["used"]):
            return ("ダイスを使い切りました。手番終了を押してください。" if ja
                    else "All dice are used. Press End turn.")
        return ("ダイスを呪文にドラッグして唱えるか、手番終了を押してください。" if ja
                else "Drag a die onto a spell to cast it, or press End turn.")
    spell = str(casting["spell"])
    sp = SPELLS[spell]
    n = len(casting["dice"])
    if n >= sp.dice and sp.x_choice:
        me = obs["players"][active]
        top = int(me["hp"] if spell == "doomsday" else me["mana"])
        if spell == "doomsday":
            return (f"{sp.ja}:Xを1〜{top}から選んでください(X={top}だと自分が倒れて負けます)。"
                    if ja else f"{sp.en}: choose X from 1 to {top} (X = {top} knocks you out: "
                    "you lose!).")
        return (f"{sp.ja}:Xを1〜{top}から選んでください。" if ja
                else f"{sp.en}: choose X from 1 to {top}.")
    role = slot_name(spell, n, lang)
    if spell == "rapid_fire":
        if all(obs["used"]):
            return f"{sp.ja}:発動を押してください。" if ja else f"{sp.en}: press Fire."
        return (f"{sp.ja}:ダイスを追加するか、発動を押してください。" if ja
                else f"{sp.en}: drag another die onto it, or press Fire.")
    return f"{sp.ja}:{role}をドラッグしてください。" if ja else f"{sp.en}: drag the {role}."
