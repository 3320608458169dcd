"""Magos duel rules model: two wizards, five hidden spells each, dice cast as mana and damage.

Rules follow rules/reference.md (MG-R1..MG-R42). A cast is a short sequence of
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
from typing import Any, ClassVar, TypedDict, TypeVar

from tabletop import api
from tabletop.api import Arg, Event, Msg, Observation

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
from .spells import EFFECTS, _amount, die_problem, problem_message


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    FIRST = "first"   # chance: who starts (MG-R13)
    DEAL = "deal"     # chance: draft deal (MG-R11)
    DRAFT = "draft"   # a seat keeps five of its ten cards
    ROLL = "roll"     # chance: the active player's dice (MG-R20)
    MAIN = "main"     # the active player may start a cast or end the turn
    CAST = "cast"     # a cast is in progress
    OVER = "over"


DRAW = 2

#: How many times its usual iterations expert searches a duel (``Game.expert_effort``).
EXPERT_EFFORT = 2.0


def die_reason_from_obs(obs: Mapping[str, Any], seat: int | None, spell: str | None,
                        die_index: int) -> Msg | None:
    """Why die ``die_index`` cannot go on ``spell`` for ``seat`` in an observation; ``None`` if
    it can. ``spell=None`` means the spell being cast. The same messages as ``reason``."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        return Msg("refuse.over")
    active = int(obs["active"])
    if phase not in (Phase.MAIN, Phase.CAST) or seat != active:
        if phase == Phase.DRAFT:
            return Msg("refuse.drafting")
        return Msg("refuse.turn_of", seat=active)
    dice: list[int] = list(obs["dice"])
    used: list[bool] = list(obs["used"])
    if not 0 <= die_index < len(dice):
        return Msg("refuse.no_such_die")
    if used[die_index]:
        return Msg("refuse.die_used")
    me = obs["players"][active]
    casting = obs.get("casting")
    rest = [v for i, (v, u) in enumerate(zip(dice, used, strict=True))
            if not u and i != die_index]
    value = dice[die_index]
    if casting is not None:
        cur = str(casting["spell"])
        if spell is not None and spell != cur:
            return Msg("refuse.finish_cast", spell=cur)
        assigned = list(casting["dice"])
        if len(assigned) >= SPELLS[cur].dice:
            return Msg("refuse.choose_x_first", spell=cur)
        p = die_problem(cur, assigned, value, rest, me["hp"], me["max_hp"], me["mana"],
                        me["max_mana"])
        return None if p is None else problem_message(cur, p)
    if spell is None:
        return Msg("refuse.drag_to_spell")
    known = [h["spell"] for h in me["hand"]]
    if spell not in known:
        return Msg("refuse.not_yours", spell=spell)
    if spell in obs["cast_done"]:
        return Msg("refuse.cast_done", spell=spell)
    p = die_problem(spell, (), value, rest, me["hp"], me["max_hp"], me["mana"], me["max_mana"])
    return None if p is None else problem_message(spell, p)


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


# Every field of a duel, in one table: the slots, the copy, the JSON form and who may see it
# come from it. The set-up and the turn limit are given to the constructor; ``quiet`` marks a
# search's own states and is never saved (a loaded state is not one) nor shown. Of the other
# wizard's spells a seat sees those revealed and the one being cast; of the draft's deal, its
# count.
FIELDS = api.StateFields(
    setup=api.Field(given=True).public, turn_limit=api.Field(given=True).public,
    phase=api.STR.public,
    first=api.INT.public, active=api.INT.public, turns=api.INTS.public, hp=api.INTS.public,
    max_hp=api.INTS.public, mana=api.INTS.public, max_mana=api.INTS.public, hands=api.STRS2.owned,
    revealed=api.BOOLS2.public, dealt=api.STRS2.owned, dice=api.INTS.public, used=api.BOOLS.public,
    cast_done=api.STRS.public, casting=api.STR.public, cast_slot=api.INT.public,
    cast_dice=api.INTS.public,
    winner=api.INT.public, result=api.STR.public, quiet=api.derived(lambda s: False).unseen,
)


class MagosState:
    """One position of a duel. Lists are per seat (0, 1)."""

    __slots__ = FIELDS.names

    def __init__(self, setup: str = FIRST_GAME, turn_limit: int = DEFAULT_TURN_LIMIT) -> None:
        self.setup = setup
        self.turn_limit = turn_limit
        self.phase = Phase.FIRST
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
        return FIELDS.clone(self)

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


class SpellObs(TypedDict):
    """A spell card of a wizard's hand: its name only when its owner looks, or once revealed
    (or while it is being cast)."""

    slot: str
    spell: str | None
    revealed: bool


class WizardObs(TypedDict):
    """A wizard's meters and cards as an observation shows them."""

    hp: int
    max_hp: int
    mana: int
    max_mana: int
    turns: int
    hand: list[SpellObs]
    dealt_count: int
    dealt: list[str] | None


class CastingObs(TypedDict):
    """The cast in progress: the spell, the card's slot, the dice placed on it."""

    spell: str
    slot: str
    dice: list[int]


class MagosObs(api.ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a duel."""

    setup: str
    turn_limit: int
    first: int
    active: int
    players: list[WizardObs]
    dice: list[int]
    used: list[bool]
    cast_done: list[str]
    casting: CastingObs | None
    winner: int
    result: str


def _casting_obs(s: MagosState) -> CastingObs | None:
    """The cast in progress as an observation shows it (the slot names the card)."""
    if not s.casting:
        return None
    return {"spell": s.casting, "slot": f"p{s.active}s{s.cast_slot}", "dice": s.cast_dice[:]}


def _wizard_obs(s: MagosState, p: int, hand: list[SpellObs], show_dealt: bool) -> WizardObs:
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


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


#: A die's face, read as its value.
_FACE = Arg.numbers(range(1, 7))


def _read_x(text: str) -> int:
    if not (text.isdigit() and text == str(int(text)) and int(text) >= 1):
        raise ValueError(f"{text!r} is no X")
    return int(text)


def _read_roll(text: str) -> tuple[int, ...]:
    values = _ROLL_VALUES.get("roll:" + text)
    if values is None:
        raise ValueError(f"{text!r} is no roll")
    return values


#: The action texts of both modes: their kinds and what each argument may be (each mode adds
#: its own chance kinds).
COMMON_ACTIONS: dict[str, api.ArgumentForm] = {
    "deal": SPELLS,                           # chance: a spell dealt for the draft
    "keep": SPELLS,                           # a spell kept in the draft
    # chance: the dice of a turn, read as their values
    "roll": Arg(_read_roll, lambda values: "-".join(map(str, values))),
    "cast": Arg.pair(Arg.text(SPELLS), _FACE, ":"),  # a spell begun with a die: (spell, value)
    "die": _FACE,                             # a further die on the spell being cast
    "x": Arg(_read_x),                        # the X chosen
    "fire": None,                             # Rapid Fire goes off with the dice it has
    "end": None,                              # the turn ends
}
ACTIONS = api.ActionForms({**COMMON_ACTIONS, "first": Arg.numbers((0, 1))})  # chance: who starts


ST = TypeVar("ST", bound=MagosState)


class MagosRules(api.Game[ST]):
    """Spellcasting shared by the duel and the solo mode: starting a turn, the player's dice,
    casts die by die, spell effects (MG-R20..MG-R41) and the reasons a cast is refused.

    Seat 0 and seat 1 index the state's lists; in the solo mode seat 1 is the enemy card, so a
    spell's damage to "the opponent" hits the enemy's HP (MG-R55). Subclasses decide what
    happens when a turn ends (``_end_turn``) and how seats are named in the log (``_who``).
    """

    # What differs in words: the end of the game, who reaches the turn limit, and which
    # action kinds only chance takes.
    _OVER = "refuse.over"
    _BOTH = "both.duel"
    _CHANCE_KINDS: tuple[str, ...] = ("first", "deal", "roll")
    waiting_refusal = None  # each mode says why its player waits (``_waiting_reason``)

    def __init__(self) -> None:
        # The engine's refusals of a finished game and of chance's actions, in each mode's words.
        self.over_refusal = self._OVER
        self.chance_kinds = self._CHANCE_KINDS

    def _who(self, s: ST, seat: int) -> Msg:
        """The name of ``seat`` in log lines."""
        return Msg("player", seat=seat)

    def _end_turn(self, s: ST) -> list[Event]:
        raise NotImplementedError

    def _waiting_reason(self, s: ST) -> Msg | None:
        """Why the player cannot act in a phase only one mode has; ``None`` otherwise."""
        return None

    # -- flow -----------------------------------------------------------------------------
    def current_player(self, state: ST) -> int:
        phase = state.phase
        if phase in (Phase.MAIN, Phase.CAST):
            return state.active
        if phase == Phase.DRAFT:
            return state.drafting_seat()
        if phase == Phase.OVER:
            return api.TERMINAL
        return api.CHANCE

    def legal_actions(self, state: ST) -> list[str]:
        phase = state.phase
        if phase == Phase.MAIN:
            return self._main_actions(state)
        if phase == Phase.CAST:
            return self._cast_actions(state)
        if phase == Phase.DRAFT:
            seat = state.drafting_seat()
            left = list(state.dealt[seat])
            for sp in state.hands[seat]:
                left.remove(sp)
            return [f"keep:{sp}" for sp in sorted(set(left))]
        if phase == Phase.OVER:
            return []
        return [a for a, _ in self.chance_outcomes(state)]

    def chance_outcomes(self, state: ST) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == Phase.ROLL:
            return list(_ROLLS[self._dice_count(state)])
        if phase == Phase.DEAL:
            left = self._pool_left(state)
            total = sum(left.values())
            return [(f"deal:{sp}", c / total) for sp, c in sorted(left.items()) if c]
        return []

    def sample_chance(self, state: ST, rng: random.Random) -> str:
        phase = state.phase
        if phase == Phase.ROLL:
            return _roll_text(self._dice_count(state), rng)
        if phase == Phase.DEAL:
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
    # Game sends each action to the method of its kind, its argument read (a cast as (spell,
    # value), a die and X as ints, a roll as the dice's values); each mode adds its own.
    def _apply_cast(self, s: ST, cast: tuple[str, int], events: list[Event]) -> None:
        events += self._start_cast(s, cast[0], cast[1])

    def _apply_die(self, s: ST, value: int, events: list[Event]) -> None:
        events += self._add_die(s, value)

    def _apply_end(self, s: ST, events: list[Event]) -> None:
        if not s.quiet:
            seat = s.active
            events.append(Event("end", {"seat": seat}, msg=Msg("log.end", who=self._who(s, seat))))
        events += self._end_turn(s)

    def _apply_roll(self, s: ST, values: tuple[int, ...], events: list[Event]) -> None:
        events += self._roll(s, list(values))

    def _apply_x(self, s: ST, x: int, events: list[Event]) -> None:
        events += self._resolve(s, x)

    def _apply_fire(self, s: ST, events: list[Event]) -> None:
        events += self._resolve(s, 0)

    def _apply_keep(self, s: ST, spell: str, events: list[Event]) -> None:
        events += self._keep(s, spell)

    def _apply_deal(self, s: ST, spell: str, events: list[Event]) -> None:
        events += self._deal(s, spell)

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
        s.phase = Phase.OVER
        s.winner = DRAW
        s.result = "draw"
        return [Event("draw", {"turns": s.turn_limit},
                      msg=Msg("log.draw", both=Msg(self._BOTH), turns=s.turn_limit))]

    def _table_obs(self, s: ST, seat: int | None, players: list[WizardObs]) -> MagosObs:
        """The observation around the wizards: phase, dice, the cast in progress, the result
        (the solo game adds its own keys to it)."""
        return {
            "game": self.spec.id,
            "seat": seat,
            "setup": s.setup,
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
        s.phase = Phase.ROLL
        if s.quiet:
            return []
        n = s.turns[seat]
        return [Event("turn", {"seat": seat, "turn": n},
                      msg=Msg("log.turn", who=self._who(s, seat), turn=n))]

    def _roll(self, s: ST, values: list[int]) -> list[Event]:
        s.dice = values
        s.used = [False] * len(values)
        s.phase = Phase.MAIN
        if s.quiet:
            return []
        seat = s.active
        return [Event("roll", {"seat": seat, "dice": values[:]}, reveals=True,
                      msg=Msg("log.roll", who=self._who(s, seat), dice=values[:]))]

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
        s.phase = Phase.CAST
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
                     msg=Msg("log.assign", who=self._who(s, seat), spell=spell, value=value,
                             slot=index))

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
                s.phase = Phase.OVER
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

        for op, term in EFFECTS[spell]:
            n = term if isinstance(term, int) else _amount(term, d, x, max_hp[seat])
            if op == "hurt":
                if hurt(opp, n):
                    break
            elif op == "hurt_self":
                if hurt(seat, n):
                    break
            elif op == "pay":
                pay(n)
            elif op == "gain":
                gain(n)
            elif op == "heal":
                heal(n)
            elif op == "refill":
                refill()
            elif op == "lower_max_mana":
                lower_max_mana(n)
            elif op == "lower_max_hp":
                lower_max_hp(n)
            elif op == "note_damage":
                cost.append(("damage", n))
            elif op == "wrath":
                if n > hp[seat]:
                    cost.append(("wrath", 0))
                    hurt(opp, 4)
                else:
                    hurt(opp, 1)

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
            if s.phase == Phase.OVER:
                return []
            if sp.ends_turn:
                return self._end_turn(s)
            s.phase = Phase.MAIN
            return []
        events = [Event(
            "cast",
            {"seat": seat, "spell": spell, "slot": slot, "dice": d[:], "x": x,
             "hp": hp[:], "mana": mana[:], "max_hp": max_hp[:], "max_mana": max_mana[:]},
            reveals=newly,
            msg=Msg("log.cast", who=self._who(s, seat), spell=spell, dice=d[:], x=x,
                    cost=[list(c) for c in cost], effects=[list(e) for e in effects]),
        )]
        s.casting = ""
        s.cast_slot = -1
        s.cast_dice = []
        if s.phase == Phase.OVER:
            w = s.winner
            events.append(Event("win", {"winner": w, "how": s.result},
                                msg=Msg("log.win", winner=self._who(s, w),
                                        loser=self._who(s, 1 - w))))
            return events
        if sp.ends_turn:
            # MG-R25: remaining dice are discarded.
            events.append(Event("end", {"seat": seat, "by": spell},
                                msg=Msg("log.spell_ends_turn", who=self._who(s, seat),
                                        spell=spell)))
            events.extend(self._end_turn(s))
            return events
        s.phase = Phase.MAIN
        return events

    def _refused_first(self, s: ST) -> Msg | None:
        """The refusal of any move but a kept spell while the mode's player waits or drafts."""
        waiting = self._waiting_reason(s)
        if waiting is not None:
            return waiting
        return Msg("refuse.draft_first") if s.phase == Phase.DRAFT else None

    def _refuse_keep(self, s: ST, spell: str) -> Msg | None:
        waiting = self._waiting_reason(s)
        if waiting is not None:
            return waiting
        if s.phase == Phase.DRAFT:
            return Msg("refuse.none_to_keep", spell=spell)
        return Msg("refuse.draft_over")

    def _refuse_cast(self, s: ST, cast: tuple[str, int]) -> Msg | None:
        first = self._refused_first(s)
        if first is not None:
            return first
        if s.phase == Phase.CAST:
            return Msg("refuse.finish_cast", spell=SPELLS[s.casting].id)
        spell, value = cast
        seat = s.active
        if spell not in s.hands[seat]:
            return Msg("refuse.not_yours", spell=spell)
        if spell in s.cast_done:
            return Msg("refuse.cast_done", spell=spell)
        if self._die_index(s, value) < 0:
            return self._no_die(s, value)
        unused = s.unused()
        unused.remove(value)
        p = die_problem(spell, (), value, unused, s.hp[seat], s.max_hp[seat],
                        s.mana[seat], s.max_mana[seat])
        return problem_message(spell, p) if p else None

    def _refuse_end(self, s: ST) -> Msg | None:
        first = self._refused_first(s)
        if first is not None:
            return first
        if s.phase == Phase.CAST:
            return Msg("refuse.finish_cast", spell=SPELLS[s.casting].id)
        return Msg("refuse.not_now", action="end")

    def _outside_cast(self, s: ST) -> Msg | None:
        """The refusal of a move that goes on with a cast (a die, an X, firing) when no spell
        is being cast; ``None`` while one is."""
        first = self._refused_first(s)
        if first is not None:
            return first
        return None if s.phase == Phase.CAST else Msg("refuse.start_cast")

    def _refuse_fire(self, s: ST) -> Msg | None:
        outside = self._outside_cast(s)
        return outside if outside is not None else Msg("refuse.fire_only")

    def _refuse_x(self, s: ST, x: int) -> Msg | None:
        outside = self._outside_cast(s)
        if outside is not None:
            return outside
        cur = SPELLS[s.casting]
        if not cur.x_choice:
            return Msg("refuse.no_x", spell=cur.id)
        if len(s.cast_dice) < cur.dice:
            return Msg("refuse.dice_first", spell=cur.id)
        seat = s.active
        top = s.hp[seat] if cur.id == "doomsday" else s.mana[seat]
        return Msg("refuse.x_range", top=top)

    def _refuse_die(self, s: ST, value: int) -> Msg | None:
        outside = self._outside_cast(s)
        if outside is not None:
            return outside
        cur = SPELLS[s.casting]
        if len(s.cast_dice) >= cur.dice:
            return Msg("refuse.choose_x_now", spell=cur.id)
        if self._die_index(s, value) < 0:
            return self._no_die(s, value)
        seat = s.active
        unused = s.unused()
        unused.remove(value)
        p = die_problem(cur.id, s.cast_dice, value, unused, s.hp[seat], s.max_hp[seat],
                        s.mana[seat], s.max_mana[seat])
        return problem_message(cur.id, p) if p else None

    @staticmethod
    def _die_index(s: MagosState, value: int) -> int:
        for i, (v, u) in enumerate(zip(s.dice, s.used, strict=True)):
            if v == value and not u:
                return i
        return -1

    @staticmethod
    def _no_die(s: MagosState, value: int) -> Msg:
        if value in s.dice:
            return Msg("refuse.die_used")
        return Msg("refuse.no_die", value=value)

    # -- words ----------------------------------------------------------------------------
    def _describe_cast(self, s: ST, cast: tuple[str, int]) -> Msg:
        spell, value = cast
        sp = SPELLS[spell]
        if sp.dice == 1 and not sp.x_choice:
            return Msg("move.cast_one", spell=spell, value=value)
        return Msg("move.cast_start", spell=spell, value=value)

    def _describe_die(self, s: ST, value: int) -> Msg:
        if s.casting:
            return Msg("move.die_on", spell=s.casting, slot=len(s.cast_dice), value=value)
        return Msg("move.die", value=value)

    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "x": "x",
        "fire": None,
        "end": None,
        "deal": None,
        "keep": "spell",
        "first": "seat",
    }

    def _describe_roll(self, s: ST, values: tuple[int, ...]) -> Msg:
        return Msg("move.roll", shown=", ".join(map(str, values)))


class MagosGame(MagosRules[MagosState]):
    """Magos for two players (MG-R1..MG-R42)."""

    spec = SPEC
    actions = ACTIONS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> MagosState:
        setup = str(options.get("setup", FIRST_GAME))
        limit = int(options.get("turn_limit", DEFAULT_TURN_LIMIT))
        return MagosState(setup, limit)

    # -- flow -----------------------------------------------------------------------------
    def chance_outcomes(self, state: MagosState) -> list[tuple[str, float]]:
        if state.phase == Phase.FIRST:
            return [("first:0", 0.5), ("first:1", 0.5)]
        return super().chance_outcomes(state)

    def sample_chance(self, state: MagosState, rng: random.Random) -> str:
        if state.phase == Phase.FIRST:
            return f"first:{rng.randrange(2)}"
        return super().sample_chance(state, rng)

    # -- applying -------------------------------------------------------------------------
    def _apply_first(self, s: MagosState, seat: int, events: list[Event]) -> None:
        events += self._first(s, seat)

    def _first(self, s: MagosState, seat: int) -> list[Event]:
        s.first = seat
        ev = Event("first", {"seat": seat}, reveals=True)
        if s.setup == DRAFT:
            s.dealt = [["harmony"], ["harmony"]]
            s.phase = Phase.DEAL
            return [ev]
        # MG-R10: the first-game hand.
        s.hands = [list(FIRST_GAME_HAND), list(FIRST_GAME_HAND)]
        s.revealed = [[False] * HAND_SIZE, [False] * HAND_SIZE]
        return [ev, *self._start_turn(s, seat)]

    def _deal(self, s: MagosState, spell: str) -> list[Event]:
        seat = s.dealing_seat()
        s.dealt[seat].append(spell)
        ev = Event("deal", {"seat": seat, "spell": spell}, seats=frozenset({seat}), reveals=True)
        if len(s.dealt[1 - s.first]) == DEALT_SIZE:
            s.phase = Phase.DRAFT
        return [ev]

    def _keep(self, s: MagosState, spell: str) -> list[Event]:
        seat = s.drafting_seat()
        s.hands[seat].append(spell)
        s.revealed[seat].append(False)
        n = len(s.hands[seat])
        events = [
            Event("keep", {"seat": seat, "spell": spell}, seats=frozenset({seat})),
            Event("kept", {"seat": seat, "count": n},
                  msg=Msg("log.kept", seat=seat, count=n, of=HAND_SIZE)),
        ]
        if len(s.hands[1 - s.first]) == HAND_SIZE:
            events.extend(self._start_turn(s, s.first))
        return events

    def _end_turn(self, s: MagosState) -> list[Event]:
        self._put_dice_away(s)
        return self._limit_draw(s) or self._start_turn(s, 1 - s.active)

    # -- checking -------------------------------------------------------------------------

    # -- search ---------------------------------------------------------------------------
    def expert_effort(self) -> float:
        # A duel's iterations are cheap: at its usual budget (eight times hard's) expert took
        # 0.7 s a decision over whole games and beat hard in 59.5% of 400 seeded games. Twice
        # that keeps its moves with a choice near 2 s (69.0% of 200, docs/ai-strength.md);
        # three times won no more (68 of 100) and took over 3 s for half of them, past the time
        # cap the app stops expert at.
        return EXPERT_EFFORT

    # -- results --------------------------------------------------------------------------
    def returns(self, state: MagosState) -> list[float]:
        over = state.phase == Phase.OVER and state.winner != DRAW
        return api.winner_returns(2, (state.winner,), over)

    # -- information ----------------------------------------------------------------------
    def observation(self, state: MagosState, seat: int | None) -> MagosObs:
        s = state
        players: list[WizardObs] = []
        for p in (0, 1):
            own = seat == p
            hand: list[SpellObs] = []
            for i, spell in enumerate(s.hands[p]):
                shown = own or s.revealed[p][i] or (s.casting != "" and s.active == p
                                                    and s.cast_slot == i)
                hand.append({"slot": f"p{p}s{i}", "spell": spell if shown else None,
                             "revealed": s.revealed[p][i]})
            players.append(_wizard_obs(s, p, hand, own))
        return self._table_obs(s, seat, players)

    # -- the review's reasons ------------------------------------------------------------
    def review_reason(self, obs: Observation, seat: int, made: str, best: str) -> Msg | None:
        """``review.ko_missed`` where ``best`` knocks the other wizard out within this turn
        whatever the dice (MG-R40, MG-R41) and ``made`` does not. The seat's own turn turns
        on its own spells and the dice alone, so a guess of the other wizard's hidden spells
        (a fixed one: the answer is the same for every guess) decides it as the truth would."""
        base = self._visible_state(obs)
        if base.phase not in (Phase.MAIN, Phase.CAST) or base.active != seat or made == best:
            return None
        base = self._fill_hidden(base, obs, seat, random.Random(0))
        base.quiet = True

        def after(action: str) -> MagosState:
            s = base.clone()
            self.apply_in_place(s, action)
            return s

        if self._knocks_out(after(best), seat) and not self._knocks_out(after(made), seat):
            return Msg("review.ko_missed")
        return None

    def _knocks_out(self, s: MagosState, seat: int, depth: int = 8) -> bool:
        """Whether ``seat`` has won, or wins before its turn ends whatever the dice: some move
        of its own at each of its decisions, every outcome of each roll."""
        if s.phase == Phase.OVER:
            return s.winner == seat
        if depth == 0 or s.active != seat or s.phase not in (Phase.MAIN, Phase.CAST,
                                                                 Phase.ROLL):
            return False
        if s.phase == Phase.ROLL:
            for outcome, _ in self.chance_outcomes(s):
                new = s.clone()
                self.apply_in_place(new, outcome)
                if not self._knocks_out(new, seat, depth - 1):
                    return False
            return True
        for action in self.legal_actions(s):
            if action == "end":
                continue  # ending the turn knocks no one out
            new = s.clone()
            self.apply_in_place(new, action)
            if self._knocks_out(new, seat, depth - 1):
                return True
        return False

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
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> MagosState:
        return MagosState(str(data["setup"]), int(data["turn_limit"]))

    # -- words ----------------------------------------------------------------------------
    def prompt(self, state: MagosState, seat: int) -> Msg:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: MagosState, seat: int) -> float | None:
        if state.phase == Phase.OVER:
            return self.returns(state)[seat]
        o = 1 - seat
        hp, mana, mm, mh = state.hp, state.mana, state.max_mana, state.max_hp
        v = (0.12 * (hp[seat] - hp[o]) + 0.03 * (mana[seat] - mana[o])
             + 0.03 * (mm[seat] - mm[o]) + 0.02 * (mh[seat] - mh[o]))
        return math.tanh(v)

    def playout_action(self, state: ST, legal: Sequence[str], rng: random.Random) -> str | None:
        """Playouts that play like a wizard: uniformly random ones end a turn as often as they
        cast any one spell, so most turns of a playout cast nothing. Here a wizard who can
        cast does so 85% of the time (a random one of the casts), takes the most X, and adds a
        die to Rapid Fire while one fits."""
        last = legal[-1]
        if len(legal) > 1 and last == "end":
            return legal[rng.randrange(len(legal) - 1)] if rng.random() < 0.85 else last
        if last.startswith("x:"):
            return last
        if last == "fire" and len(legal) > 1:
            return legal[rng.randrange(len(legal) - 1)]
        return None

    def max_game_length(self) -> int:
        # Per turn at most: roll, 4 dice, 2 X choices, fire, end; plus draft and set-up.
        return max(TURN_LIMITS) * 2 * 10 + 64


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        w = int(obs["winner"])
        return Msg("prompt.draw") if w == DRAW else Msg("prompt.won", seat=w)
    if phase == Phase.DRAFT:
        first = int(obs["first"])
        kept = [len(p["hand"]) for p in obs["players"]]
        drafting = first if kept[first] < HAND_SIZE else 1 - first
        if seat != drafting:
            return Msg("prompt.choosing", seat=drafting)
        return Msg("prompt.keep", left=HAND_SIZE - kept[drafting])
    if phase not in (Phase.MAIN, Phase.CAST):
        return Msg("prompt.ready")
    active = int(obs["active"])
    if seat != active:
        return Msg("prompt.turn_of", seat=active)
    casting = obs["casting"]
    if casting is None:
        if not any(not u for u in obs["used"]):
            return Msg("prompt.all_used")
        return Msg("prompt.cast_or_end")
    spell = str(casting["spell"])
    sp = SPELLS[spell]
    n = len(casting["dice"])
    if n >= sp.dice and sp.x_choice:
        me = obs["players"][active]
        top = int(me["hp"] if spell == "doomsday" else me["mana"])
        return Msg("prompt.doomsday" if spell == "doomsday" else "prompt.choose_x", spell=spell,
                   top=top)
    if spell == "rapid_fire":
        return Msg("prompt.fire" if all(obs["used"]) else "prompt.fire_or_more", spell=spell)
    return Msg("prompt.drag_slot", spell=spell, slot=n)
