"""Magos solo mode: one wizard against a scripted opponent card (MG-R50..MG-R58).

The player casts exactly as in the duel (the shared ``MagosRules``): the same action texts
``cast:<spell>:<d>``, ``die:<d>``, ``x:<n>``, ``fire``, ``end`` and, in a draft, ``keep:<spell>``.
The player always moves first and rolls the first player's dice (MG-R53). Seat 1 of the state's
lists is the enemy card: its HP sits in ``hp[1]``/``max_hp[1]`` so a spell's damage to "the
opponent" hits it (MG-R55); it has no mana.

The enemy's turn is chance, one node per die, so the table can show it step by step:
under patch v1.1 its faces come from MG-T2 and are known in advance; with rolled dice a chance
``roll:<v1>-...`` comes first (second player's dice count, MG-R54). Then each die, in ascending
order, is a single-outcome chance node ``enemy:<face>`` that resolves that die with the band
locked at the start of the turn (MG-R56, MG-G4..G6, MG-G16) and reports an ``enemy_step`` event.

Nothing in a state is hidden from the player: undealt draft cards and future rolls are chance
outcomes that no state holds yet, so the observation is the whole state and ``resample`` only
rebuilds it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from tabletop.engine import Event
from tabletop.engine.errors import InvalidOptionError
from tabletop.engine.game import JSON, Observation
from tabletop.engine.game import words as _msg
from tabletop.engine.spec import OptionValue

from .data import (
    CAMPAIGN_ORDER,
    DEALT_SIZE,
    DRAFT_POOL,
    DRAIN,
    ENEMIES,
    FACE_WORDS,
    FULL_HEAL,
    HAND_SIZE,
    HIT,
    SPELL_IDS,
    SPELLS,
    START_HP,
    START_MAX_MANA,
    Enemy,
    enemy_dice_count,
    enemy_dice_v11,
    enemy_step,
    face_words,
)
from .model import (
    _FACES,
    _ROLLS,
    DRAW,
    P_DEAL,
    P_DRAFT,
    P_OVER,
    P_ROLL,
    MagosRules,
    MagosState,
    Names,
    _common_from_json,
    _meters_json,
    _roll_text,
    _turn_from_obs,
    _turn_json,
    _wizard_from_obs,
    _wizard_obs,
    prompt_from_obs,
)
from .spec import DEFAULT_TURN_LIMIT, DRAFT, FIRST_GAME, PATCH, SOLO_SPEC, TURN_LIMITS

P_ENEMY_ROLL = "enemy_roll"  # chance: the enemy's dice when they are rolled
P_ENEMY = "enemy"            # chance: the next enemy die resolves (one outcome)

PLAYER = 0
ENEMY = 1

# Result codes beyond the duel's "ko" / "self_ko" / "draw".
ENEMY_SELF_KO = "enemy_self_ko"  # MG-G16

# A resolved enemy die in the state: face, amount applied, HP the enemy healed, then the enemy's
# HP, the player's HP and the player's mana after it.
Step = tuple[int, int, int, int, int, int]

_ENEMY_TEXT: dict[int, str] = {v: f"enemy:{v}" for v in range(1, 7)}

BATTLE_OVER: tuple[str, str] = ("The battle is over.", "対戦は終了しています。")

#: Log-line names per opponent card: the wizard (seat 0) and the card (seat 1).
_NAMES: dict[str, Names] = {
    e.id: (("The wizard", "魔法使い"), (e.en, e.ja)) for e in ENEMIES.values()
}


def parse_hand(text: str) -> tuple[str, ...]:
    """The ``hand`` option: five comma-separated spell ids a player could hold (MG-R51).

    Raises ``InvalidOptionError`` with a message naming the problem.
    """
    names = [part.strip() for part in text.split(",")]
    if len(names) != HAND_SIZE or any(not n for n in names):
        raise InvalidOptionError(
            f"Option 'hand' takes five spell ids separated by commas (for example "
            f"harmony,pain,fireball,resonance,healing), not {text!r}."
        )
    unknown = [n for n in names if n not in SPELLS]
    if unknown:
        raise InvalidOptionError(
            f"Option 'hand': {', '.join(repr(u) for u in unknown)} "
            f"{'is not a spell id' if len(unknown) == 1 else 'are not spell ids'}. "
            f"Spell ids: {', '.join(SPELL_IDS)}."
        )
    for spell in sorted(set(names)):
        # One Harmony is handed out, the rest come from the draft pool (MG-R11).
        allowed = 1 if spell == "harmony" else DRAFT_POOL[spell]
        if names.count(spell) > allowed:
            copies = "copy" if allowed == 1 else "copies"
            raise InvalidOptionError(
                f"Option 'hand' holds {names.count(spell)} {spell}, but a solo hand can have "
                f"at most {allowed} {copies} of it."
            )
    return tuple(names)


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


def band_index(enemy: Enemy, hp: int) -> int:
    """Index in ``enemy.bands`` of the band used at ``hp`` (MG-R56.1)."""
    return enemy.bands.index(enemy.band(hp))


def band_label(enemy: Enemy, index: int, lang: str) -> str:
    """"HP 16–25" for a card with several bands, "" for a single-band card."""
    if len(enemy.bands) == 1:
        return ""
    b = enemy.bands[index]
    return f"HP {b.lo}–{b.hi}" if lang != "ja" else f"HP{b.lo}〜{b.hi}"


# Log lines of the enemy's turn, built only when the log is read (see ``Event``'s ``render``).

def _enemy_turn_words(enemy_id: str, n: int, band: int,
                      faces: tuple[int, ...] | None) -> dict[str, str]:
    enemy = ENEMIES[enemy_id]
    row_en = band_label(enemy, band, "en")
    row_ja = band_label(enemy, band, "ja")
    en = f"{enemy.en}'s turn {n}" + (f" (row {row_en})" if row_en else "")
    ja = f"{enemy.ja}の{n}ターン目" + (f"({row_ja}の段)" if row_ja else "")
    if faces is not None:
        shown = ", ".join(map(str, faces))
        en += f": dice {shown} (patch v1.1)."
        ja += f":出目{shown}(パッチv1.1)。"
    else:
        en += "."
        ja += "。"
    return {"en": en, "ja": ja}


def _enemy_roll_words(enemy_id: str, faces: tuple[int, ...]) -> dict[str, str]:
    enemy = ENEMIES[enemy_id]
    shown = ", ".join(map(str, faces))
    return {"en": f"{enemy.en} rolls {shown}.", "ja": f"{enemy.ja}のダイス:{shown}"}


def _enemy_step_words(enemy_id: str, face: int, kind: str, amount: int, healed: int,
                      ends_turn: bool, skipped: tuple[int, ...]) -> dict[str, str]:
    enemy = ENEMIES[enemy_id]
    en = f"{enemy.en} rolls {face}: {effect_text(kind, amount, healed, 'en')}"
    ja = f"{enemy.ja}の出目{face}:{effect_text(kind, amount, healed, 'ja')}"
    if ends_turn:
        en += " — its turn ends"
        ja += " — 手番終了"
        if skipped:
            en += f" (the other {', '.join(map(str, skipped))} do nothing)"
            ja += f"(残りの{'、'.join(map(str, skipped))}は無効)"
    return {"en": en + ".", "ja": ja + "。"}


def _enemy_wins_words(enemy_id: str) -> dict[str, str]:
    enemy = ENEMIES[enemy_id]
    return {"en": f"{enemy.en} wins: your HP fell to 0.",
            "ja": f"{enemy.ja}の勝ち:あなたのHPが0になりました。"}


def _enemy_self_ko_words(enemy_id: str) -> dict[str, str]:
    enemy = ENEMIES[enemy_id]
    return {"en": f"You win: {enemy.en} knocked itself out.",
            "ja": f"勝利:{enemy.ja}が自滅しました。"}


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class MagosSoloState(MagosState):
    """A solo battle. The duel fields hold the player (index 0) and the enemy's HP (index 1).

    ``enemy_faces`` are the dice of the enemy's current (or last) turn in resolution order,
    ``enemy_next`` how many of them have resolved, ``enemy_band`` the band locked at the start
    of that turn, ``enemy_steps`` what each resolved die did, ``enemy_last`` the face that
    resolved last (0 once the player has rolled again).
    """

    __slots__ = ("dice_mode", "enemy", "enemy_band", "enemy_faces", "enemy_last", "enemy_next",
                 "enemy_steps")

    def __init__(self, enemy: str = CAMPAIGN_ORDER[0], dice_mode: str = PATCH,
                 setup: str = FIRST_GAME, turn_limit: int = DEFAULT_TURN_LIMIT) -> None:
        super().__init__(setup, turn_limit)
        self.enemy = enemy
        self.dice_mode = dice_mode
        self.first = PLAYER  # MG-R53: the player always starts
        e = ENEMIES[enemy]
        self.hp = [START_HP, e.hp]  # MG-R52, MG-R55
        self.max_hp = [START_HP, e.hp]
        self.mana = [0, 0]
        self.max_mana = [START_MAX_MANA, 0]
        self.enemy_faces: list[int] = []
        self.enemy_next = 0
        self.enemy_band = band_index(e, e.hp)
        self.enemy_steps: list[Step] = []
        self.enemy_last = 0

    def clone(self) -> MagosSoloState:
        s = MagosSoloState.__new__(MagosSoloState)
        self._copy_into(s)
        s.enemy = self.enemy
        s.dice_mode = self.dice_mode
        s.enemy_faces = self.enemy_faces[:]
        s.enemy_next = self.enemy_next
        s.enemy_band = self.enemy_band
        s.enemy_steps = self.enemy_steps[:]
        s.enemy_last = self.enemy_last
        return s


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class MagosSoloGame(MagosRules[MagosSoloState]):
    """Magos solo: one battle of the campaign against one opponent card (MG-R50..MG-R58)."""

    spec = SOLO_SPEC

    _OVER = BATTLE_OVER
    _BOTH_EN = "Both sides"
    _CHANCE_KINDS = ("deal", "roll", "enemy")

    # -- names ----------------------------------------------------------------------------
    def _names(self, s: MagosSoloState) -> Names:
        return _NAMES[s.enemy]

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, OptionValue]) -> MagosSoloState:
        enemy = str(options.get("enemy", CAMPAIGN_ORDER[0]))
        if enemy not in ENEMIES:
            raise InvalidOptionError(f"Option 'enemy': there is no opponent card {enemy!r}.")
        mode = str(options.get("dice", PATCH))
        setup = str(options.get("setup", FIRST_GAME))
        limit = int(options.get("turn_limit", DEFAULT_TURN_LIMIT))
        hand_text = str(options.get("hand", "")).strip()
        s = MagosSoloState(enemy, mode, setup, limit)
        if hand_text:
            self._give_hand(s, parse_hand(hand_text))
        elif setup == DRAFT:
            s.dealt = [["harmony"], []]  # MG-R51: one Harmony plus nine dealt cards
            s.phase = P_DEAL
        else:
            self._give_hand(s, ("harmony", "pain", "fireball", "resonance", "healing"))
        return s

    def _give_hand(self, s: MagosSoloState, hand: Sequence[str]) -> None:
        s.hands = [list(hand), []]
        # The enemy card never learns anything, so casting reveals nothing (and undo stays
        # free within the player's turn).
        s.revealed = [[True] * len(hand), []]
        self._start_turn(s, PLAYER)

    def num_players(self, state: MagosSoloState) -> int:
        return 1

    # -- flow -----------------------------------------------------------------------------
    def chance_outcomes(self, state: MagosSoloState) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == P_ENEMY:
            return [(_ENEMY_TEXT[state.enemy_faces[state.enemy_next]], 1.0)]
        if phase == P_ENEMY_ROLL:
            return list(_ROLLS[enemy_dice_count(state.turns[ENEMY])])
        return super().chance_outcomes(state)

    def sample_chance(self, state: MagosSoloState, rng: random.Random) -> str:
        phase = state.phase
        if phase == P_ENEMY:
            return _ENEMY_TEXT[state.enemy_faces[state.enemy_next]]
        if phase == P_ENEMY_ROLL:
            return _roll_text(enemy_dice_count(state.turns[ENEMY]), rng)
        return super().sample_chance(state, rng)

    # -- applying -------------------------------------------------------------------------
    def _apply_other(self, s: MagosSoloState, kind: str, rest: str,
                     action: str) -> list[Event]:
        if kind == "enemy":
            return self._enemy_die(s, int(rest))
        return super()._apply_other(s, kind, rest, action)

    def _roll(self, s: MagosSoloState, values: list[int]) -> list[Event]:
        if s.phase == P_ENEMY_ROLL:
            return self._enemy_roll(s, values)
        s.enemy_last = 0
        return super()._roll(s, values)

    def _deal(self, s: MagosSoloState, spell: str) -> list[Event]:
        s.dealt[PLAYER].append(spell)
        sp = SPELLS[spell]
        ev = Event("deal", {"seat": PLAYER, "spell": spell},
                   {"en": f"You are dealt {sp.en}.", "ja": f"{sp.ja}が配られました。"},
                   seats=frozenset({PLAYER}), reveals=True)
        if len(s.dealt[PLAYER]) == DEALT_SIZE:
            s.phase = P_DRAFT
        return [ev]

    def _keep(self, s: MagosSoloState, spell: str) -> list[Event]:
        s.hands[PLAYER].append(spell)
        s.revealed[PLAYER].append(True)
        n = len(s.hands[PLAYER])
        sp = SPELLS[spell]
        events = [Event("keep", {"seat": PLAYER, "spell": spell, "count": n},
                        {"en": f"You keep {sp.en} ({n}/{HAND_SIZE}).",
                         "ja": f"{sp.ja}を残しました({n}/{HAND_SIZE})。"})]
        if n == HAND_SIZE:
            events.extend(self._start_turn(s, PLAYER))
        return events

    def _end_turn(self, s: MagosSoloState) -> list[Event]:
        """The player's turn is over: the enemy's turn starts with its band locked (MG-R56.1)
        and its dice from the patch table or a roll (MG-R54)."""
        self._put_dice_away(s)
        s.cast_done = []
        s.active = ENEMY
        s.turns[ENEMY] += 1
        n = s.turns[ENEMY]
        enemy = ENEMIES[s.enemy]
        s.enemy_band = band_index(enemy, s.hp[ENEMY])
        s.enemy_steps = []
        s.enemy_next = 0
        s.enemy_last = 0
        if s.dice_mode == PATCH:
            s.enemy_faces = enemy_dice_v11(n)
            s.phase = P_ENEMY
        else:
            s.enemy_faces = []
            s.phase = P_ENEMY_ROLL
        if s.quiet:
            return []
        faces = tuple(s.enemy_faces) if s.dice_mode == PATCH else None
        data: dict[str, Any] = {"enemy": enemy.id, "turn": n, "band": s.enemy_band,
                                "faces": list(faces) if faces is not None else None}
        return [Event("enemy_turn", data,
                      render=partial(_enemy_turn_words, enemy.id, n, s.enemy_band, faces))]

    def _enemy_roll(self, s: MagosSoloState, values: list[int]) -> list[Event]:
        s.enemy_faces = sorted(values)  # MG-G5: ascending
        s.phase = P_ENEMY
        if s.quiet:
            return []
        return [Event("roll", {"seat": ENEMY, "dice": s.enemy_faces[:]}, reveals=True,
                      render=partial(_enemy_roll_words, s.enemy, tuple(s.enemy_faces)))]

    def _enemy_die(self, s: MagosSoloState, face: int) -> list[Event]:
        """Resolve the next enemy die (MG-R56.2..4, MG-R57)."""
        enemy = ENEMIES[s.enemy]
        band = enemy.bands[s.enemy_band]
        before_hp = s.hp[ENEMY]
        step = enemy_step(enemy, band, face, before_hp, s.hp[PLAYER], s.mana[PLAYER])
        s.hp[ENEMY], s.hp[PLAYER], s.mana[PLAYER] = step.enemy_hp, step.player_hp, \
            step.player_mana
        s.enemy_next += 1
        eff = step.effect
        healed = max(0, step.enemy_hp - before_hp)
        s.enemy_steps.append((face, step.amount, healed, step.enemy_hp, step.player_hp,
                              step.player_mana))
        s.enemy_last = face
        after: list[Event] = []
        if step.player_hp <= 0:
            s.phase, s.winner, s.result = P_OVER, ENEMY, "ko"
        elif step.enemy_hp <= 0:  # MG-G16
            s.phase, s.winner, s.result = P_OVER, PLAYER, ENEMY_SELF_KO
        elif eff.ends_turn or s.enemy_next >= len(s.enemy_faces):
            after = self._after_enemy_turn(s)
        if s.quiet:  # a search playout: nobody reads these log lines
            return after
        damage = step.amount if eff.kind in (HIT, DRAIN) else 0
        skipped = s.enemy_faces[s.enemy_next:] if eff.ends_turn else []
        events = [Event(
            "enemy_step",
            {"enemy": enemy.id, "face": face, "band": s.enemy_band, "effect": eff.kind,
             "amount": step.amount, "damage": damage, "healed": healed,
             "ends_turn": eff.ends_turn, "skipped": skipped, "enemy_hp": step.enemy_hp,
             "player_hp": step.player_hp, "player_mana": step.player_mana,
             "index": s.enemy_next - 1},
            render=partial(_enemy_step_words, enemy.id, face, eff.kind, step.amount, healed,
                           eff.ends_turn, tuple(skipped)))]
        if step.player_hp <= 0:
            events.append(Event("win", {"winner": ENEMY, "how": "ko"},
                                render=partial(_enemy_wins_words, enemy.id)))
        elif step.enemy_hp <= 0:
            events.append(Event("win", {"winner": PLAYER, "how": ENEMY_SELF_KO},
                                render=partial(_enemy_self_ko_words, enemy.id)))
        events.extend(after)
        return events

    def _after_enemy_turn(self, s: MagosSoloState) -> list[Event]:
        return self._limit_draw(s) or self._start_turn(s, PLAYER)

    # -- checking -------------------------------------------------------------------------
    def _well_formed_other(self, kind: str, rest: str) -> bool:
        return kind == "enemy" and rest in _FACES

    def _waiting_reason(self, s: MagosSoloState, lang: str) -> str:
        phase = s.phase
        if phase in (P_ENEMY, P_ENEMY_ROLL):
            enemy = ENEMIES[s.enemy]
            return _msg(lang, f"{enemy.en} is taking its turn.", f"{enemy.ja}の手番です。")
        if phase in (P_DEAL, P_ROLL):
            return _msg(lang, "Wait for the dice and the cards.",
                        "ダイスやカードを待ってください。")
        return ""

    # -- results --------------------------------------------------------------------------
    def returns(self, state: MagosSoloState) -> list[float]:
        if state.phase != P_OVER or state.winner == DRAW:
            return [0.0]
        return [1.0] if state.winner == PLAYER else [-1.0]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: MagosSoloState, seat: int | None) -> Observation:
        s = state
        enemy = ENEMIES[s.enemy]
        in_turn = s.phase in (P_ENEMY, P_ENEMY_ROLL)
        in_force = s.enemy_band if in_turn else band_index(enemy, max(1, s.hp[ENEMY]))
        band = enemy.bands[s.enemy_band]
        steps = []
        for face, amount, healed, ehp, php, pmana in s.enemy_steps:
            eff = band.faces[face - 1]
            steps.append({"face": face, "effect": eff.kind, "amount": amount,
                          "healed": healed, "ends_turn": eff.ends_turn, "enemy_hp": ehp,
                          "player_hp": php, "player_mana": pmana})
        hand = [{"slot": f"p0s{i}", "spell": sp, "revealed": s.revealed[PLAYER][i]}
                for i, sp in enumerate(s.hands[PLAYER])]
        return self._table_obs(s, seat, [_wizard_obs(s, PLAYER, hand, True)],
                               {"dice_mode": s.dice_mode}, {"enemy": {
                                   "id": enemy.id, "number": enemy.number, "name_en": enemy.en,
                                   "name_ja": enemy.ja, "hp": s.hp[ENEMY],
                                   "max_hp": s.max_hp[ENEMY], "turns": s.turns[ENEMY],
                                   "band": in_force, "band_locked": in_turn,
                                   "last_band": s.enemy_band, "faces": s.enemy_faces[:],
                                   "resolved": s.enemy_next, "last_face": s.enemy_last,
                                   "steps": steps,
                                   "next_faces": (enemy_dice_v11(s.turns[ENEMY] + 1)
                                                  if s.dice_mode == PATCH else None),
                               }})

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> MagosSoloState:
        # Nothing is hidden from the player: the observation is the whole state.
        return self._from_obs(obs)

    def resampler(self, obs: Observation,
                  seat: int) -> Callable[[random.Random], MagosSoloState]:
        state = self._from_obs(obs)
        state.quiet = True  # search states: no log lines are built for them
        return lambda rng: state.clone()

    def _from_obs(self, obs: Observation) -> MagosSoloState:
        e = obs["enemy"]
        s = MagosSoloState(str(e["id"]), str(obs["dice_mode"]), str(obs["setup"]),
                           int(obs["turn_limit"]))
        _turn_from_obs(s, obs)
        _wizard_from_obs(s, PLAYER, obs["players"][PLAYER])
        s.turns[ENEMY] = int(e["turns"])
        s.hp[ENEMY], s.max_hp[ENEMY] = int(e["hp"]), int(e["max_hp"])
        s.enemy_faces = [int(v) for v in e["faces"]]
        s.enemy_next = int(e["resolved"])
        s.enemy_band = int(e["last_band"])
        s.enemy_last = int(e["last_face"])
        s.enemy_steps = [(int(st["face"]), int(st["amount"]), int(st["healed"]),
                          int(st["enemy_hp"]), int(st["player_hp"]), int(st["player_mana"]))
                         for st in e["steps"]]
        return s

    # -- serialisation --------------------------------------------------------------------
    def state_to_json(self, state: MagosSoloState) -> JSON:
        s = state
        return {
            "enemy": s.enemy, "dice_mode": s.dice_mode, "setup": s.setup,
            "turn_limit": s.turn_limit, "phase": s.phase, "active": s.active,
            **_meters_json(s), "hand": s.hands[PLAYER][:],
            "revealed": s.revealed[PLAYER][:], "dealt": s.dealt[PLAYER][:], **_turn_json(s),
            "enemy_faces": s.enemy_faces[:], "enemy_next": s.enemy_next,
            "enemy_band": s.enemy_band, "enemy_steps": [list(st) for st in s.enemy_steps],
            "enemy_last": s.enemy_last, "winner": s.winner, "result": s.result,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> MagosSoloState:
        s = MagosSoloState(str(data["enemy"]), str(data["dice_mode"]), str(data["setup"]),
                           int(data["turn_limit"]))
        _common_from_json(s, data)
        s.hands = [[str(x) for x in data["hand"]], []]
        s.revealed = [[bool(x) for x in data["revealed"]], []]
        s.dealt = [[str(x) for x in data["dealt"]], []]
        s.enemy_faces = [int(v) for v in data["enemy_faces"]]
        s.enemy_next = int(data["enemy_next"])
        s.enemy_band = int(data["enemy_band"])
        steps = []
        for st in data["enemy_steps"]:
            face, amount, healed, ehp, php, pmana = (int(v) for v in st)
            steps.append((face, amount, healed, ehp, php, pmana))
        s.enemy_steps = steps
        s.enemy_last = int(data["enemy_last"])
        return s

    # -- words ----------------------------------------------------------------------------
    def describe_action(self, state: MagosSoloState, action: str, lang: str = "en") -> str:
        kind, _, rest = action.partition(":")
        ja = lang == "ja"
        enemy = ENEMIES[state.enemy]
        if kind == "enemy":
            return f"{enemy.ja}の出目{rest}" if ja else f"{enemy.en} resolves a {rest}"
        if kind == "roll" and state.phase == P_ENEMY_ROLL:
            shown = rest.replace("-", ", ")
            return f"{enemy.ja}のダイス:{shown}" if ja else f"{enemy.en} rolls {shown}"
        if kind == "deal":
            return "カードを配る" if ja else "Deal a card"
        return super().describe_action(state, action, lang)

    def prompt(self, state: MagosSoloState, seat: int, lang: str = "en") -> str:
        return solo_prompt_from_obs(self.observation(state, seat), seat, lang)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: MagosSoloState, seat: int) -> float | None:
        if state.phase == P_OVER:
            return self.returns(state)[0]
        hp, mana = state.hp, state.mana
        # A damage race: the player's HP against the enemy's, plus the means to cast.
        v = (0.12 * (hp[PLAYER] - hp[ENEMY]) + 0.03 * mana[PLAYER]
             + 0.03 * (state.max_mana[PLAYER] - START_MAX_MANA)
             + 0.02 * (state.max_hp[PLAYER] - START_HP))
        return math.tanh(v)

    def max_game_length(self) -> int:
        # Per round at most: roll, 4 dice, 2 X choices, fire, end; the enemy's roll and 4
        # dice; plus the deal and the draft.
        return max(TURN_LIMITS) * 16 + 32


def solo_prompt_from_obs(obs: Mapping[str, Any], seat: int | None, lang: str) -> str:
    """What the player should do next, or what is happening, from an observation."""
    phase = obs["phase"]
    ja = lang == "ja"
    e = obs["enemy"]
    name = e["name_ja"] if ja else e["name_en"]
    if phase == P_OVER:
        w = int(obs["winner"])
        if w == DRAW:
            return "引き分けです。" if ja else "The battle is a draw."
        if w == PLAYER:
            return f"{name}に勝利しました!" if ja else f"You defeated {name}!"
        return f"{name}に敗れました。" if ja else f"{name} defeated you."
    if phase in (P_ENEMY, P_ENEMY_ROLL):
        return f"{name}の手番です。" if ja else f"{name} is taking its turn."
    if phase == P_DRAFT:
        left = HAND_SIZE - len(obs["players"][PLAYER]["hand"])
        return (f"残す呪文をクリックしてください(あと{left}枚)。" if ja
                else f"Click a spell to keep it ({left} more to keep).")
    return prompt_from_obs(obs, seat, lang)
