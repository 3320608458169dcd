"""Magos's spells as rules: what each does once its dice are placed (the effect table, MG-R26,
MG-R41) and the one place that decides whether a die may go on a spell (MG-R23, MG-R26,
MG-G8..G11). Pure functions of the numbers on the table, so the duel, the solo game, the
table's reasons and the search all ask the same question."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.api import Msg

from .data import SPELL_IDS, SPELLS

# What each spell does once its dice are placed: steps run in printed order (MG-R26), each an
# operation and its amount. An amount is a number or a word for one read when the step runs:
# the dice placed ("d0", "d1", their sum "d0+d1", "d0+4"), the X chosen ("x"), the caster's
# maximum HP at that moment ("max_hp"), or Rapid Fire's 1/3/5 by the dice it took ("by_dice").
# A damage step that knocks a wizard out ends the spell (MG-R41). "note_damage" only adds the
# damage a die paid for to the log line's cost; "wrath" is Wrath's own test (4 damage when the
# die shows more than the caster's HP, else 1).
Amount = int | str
EFFECTS: dict[str, tuple[tuple[str, Amount], ...]] = {
    "harmony": (("gain", "d0"),),
    "pain": (("hurt", 2),),
    "fireball": (("pay", "d0"), ("note_damage", "d1"), ("hurt", "d1")),
    "resonance": (("pay", "x"), ("hurt", "x")),
    "healing": (("pay", "d0"), ("heal", 4), ("lower_max_mana", 1)),
    "ring_of_fire": (("pay", "d0"), ("hurt", 3)),
    "meditation": (("gain", 5),),
    "zeal": (("hurt_self", "d0"), ("refill", 0)),
    "rapid_fire": (("hurt", "by_dice"),),
    "wrath": (("wrath", "d0"),),
    "vitality": (("lower_max_mana", "d0"), ("heal", 2), ("refill", 0)),
    "earthquake": (("pay", 3), ("hurt", 7)),
    "tempest": (("pay", 5), ("hurt", 8)),
    "sacrifice": (("lower_max_hp", 2), ("heal", "d0")),
    "fresh_blood": (("lower_max_hp", 4), ("heal", "max_hp")),
    "will_o_wisp": (("pay", 3), ("hurt", "d0")),
    "killing_blade": (("pay", 7), ("hurt", "d0")),
    "inspiration": (("refill", 0), ("pay", "d0")),
    "purgatory": (("hurt_self", "d0"), ("hurt", "d1")),
    "gale": (("hurt", "d0"),),
    "blood_drain": (("hurt", 3), ("heal", 2)),
    "essence_drain": (("hurt", 1), ("gain", 2)),
    "soul_drain": (("hurt", 2), ("gain", "d0+d1")),
    "flame_slash": (("pay", 8), ("hurt", "d0+4")),
    "full_recovery": (("pay", "d0+d1"), ("heal", "max_hp"), ("lower_max_mana", 2)),
    "passion": (("hurt_self", 2), ("hurt", 3)),
    "revival": (("pay", "x"), ("heal", "x"), ("lower_max_mana", 1)),
    "doomsday": (("hurt_self", "x"), ("hurt", "x")),
}


def _amount(term: Amount, dice: Sequence[int], x: int, max_hp: int) -> int:
    """The value of an effect step's amount when the step runs."""
    if isinstance(term, int):
        return term
    if term == "d0":
        return dice[0]
    if term == "d1":
        return dice[1]
    if term == "x":
        return x
    if term == "d0+d1":
        return dice[0] + dice[1]
    if term == "d0+4":
        return dice[0] + 4
    if term == "max_hp":
        return max_hp
    if term == "by_dice":
        return (1, 3, 5)[len(dice) - 1]
    raise ValueError(f"unknown effect amount {term!r}")


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
    ``problem_message`` makes it a message a player reads.
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


def problem_message(spell: str, problem: Problem) -> Msg:
    """A ``die_problem`` answer as the message a player reads."""
    numbers = dict(zip(("a", "b", "c"), problem[1:], strict=False))
    return Msg("problem", spell=spell, code=problem[0], **numbers)
