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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict

from tabletop import api
from tabletop.api import Event, InvalidOptionError, Msg, Observation

from .data import (
    CAMPAIGN_ORDER,
    DEALT_SIZE,
    DRAFT_POOL,
    DRAIN,
    ENEMIES,
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
    solo_spell_set,
)
from .model import (
    _FACES,
    _ROLLS,
    COMMON_ACTIONS,
    DRAW,
    FIELDS,
    MagosObs,
    MagosRules,
    MagosState,
    SpellObs,
    _roll_text,
    _turn_from_obs,
    _wizard_from_obs,
    _wizard_obs,
    prompt_from_obs,
)
from .model import Phase as DuelPhase
from .solver import Stopped, solver_for
from .spec import DEFAULT_TURN_LIMIT, DRAFT, FIRST_GAME, PATCH, SOLO_SPEC, TURN_LIMITS


class Phase(DuelPhase):
    """The phases of the solo game: the duel's, and the enemy's dice."""

    ENEMY_ROLL = "enemy_roll"  # chance: the enemy's dice when they are rolled
    ENEMY = "enemy"            # chance: the next enemy die resolves (one outcome)


PLAYER = 0
ENEMY = 1

#: A solve that may be stopped (the app's: under a time cap, or solving ahead while the person
#: thinks) also stops once its solver holds this many positions, some 250 MB at about 170 bytes
#: each (the Skeleton Knight's whole battle with the first-game spells is 680 k), so a hand
#: whose battles run very long never fills a person's memory. The positions already solved
#: still answer exactly; seeded runs, which are never stopped, solve to the end.
MAX_STOPPABLE_POSITIONS = 1_500_000

# Result codes beyond the duel's "ko" / "self_ko" / "draw".
ENEMY_SELF_KO = "enemy_self_ko"  # MG-G16

# A resolved enemy die in the state: face, amount applied, HP the enemy healed, then the enemy's
# HP, the player's HP and the player's mana after it.
Step = tuple[int, int, int, int, int, int]

_ENEMY_TEXT: dict[int, str] = {v: f"enemy:{v}" for v in range(1, 7)}



def hand_copies(spell: str) -> int:
    """How many copies of ``spell`` a solo hand may hold: one Harmony is handed out, the rest
    come from the draft pool (MG-R11)."""
    return 1 if spell == "harmony" else DRAFT_POOL[spell]


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
        allowed = hand_copies(spell)
        if names.count(spell) > allowed:
            copies = "copy" if allowed == 1 else "copies"
            raise InvalidOptionError(
                f"Option 'hand' holds {names.count(spell)} {spell}, but a solo hand can have "
                f"at most {allowed} {copies} of it."
            )
    return tuple(names)


def perfect_play_chance(enemy: str, hand: Sequence[str] = ()) -> float:
    """The chance that perfect play wins a battle against ``enemy`` from its first turn under
    patch v1.1, holding ``hand`` (the first-game spells when empty), a draw counting half: the
    solver's value (``solver``) as a chance."""
    game = MagosSoloGame()
    options: dict[str, api.OptionValue] = {"enemy": enemy, "dice": PATCH}
    if hand:
        options["hand"] = ",".join(hand)
    s = game.new_initial_state(1, options)
    solver = solver_for(game, s.enemy, tuple(s.hands[PLAYER]), s.dice_mode, s.turn_limit)
    return (solver.value(s) + 1.0) / 2.0


def band_index(enemy: Enemy, hp: int) -> int:
    """Index in ``enemy.bands`` of the band used at ``hp`` (MG-R56.1)."""
    return enemy.bands.index(enemy.band(hp))


def band_label(enemy: Enemy, index: int) -> Msg | None:
    """"HP 16–25" for a card with several bands, ``None`` for a single-band card."""
    if len(enemy.bands) == 1:
        return None
    b = enemy.bands[index]
    return Msg("band", lo=b.lo, hi=b.hi)


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class EnemyObs(TypedDict):
    """The opponent card in play: its HP, the band of faces in force, the dice of its turn
    and what each did (MG-R55..MG-R58)."""

    id: str
    number: int
    name_en: str
    name_ja: str
    hp: int
    max_hp: int
    turns: int
    band: int
    band_locked: bool
    last_band: int
    faces: list[int]
    resolved: int
    last_face: int
    steps: list[dict[str, Any]]
    next_faces: list[int] | None


class MagosSoloObs(MagosObs):
    """What the player sees of a solo battle: the duel's keys (one wizard) and the enemy."""

    dice_mode: str
    enemy: EnemyObs


def _steps(data: Any) -> list[Step]:
    steps: list[Step] = []
    for st in data:
        face, amount, healed, ehp, php, pmana = (int(v) for v in st)
        steps.append((face, amount, healed, ehp, php, pmana))
    return steps


def _player_only(load: Callable[[Any], Any], key: str | None = None) -> api.Field:
    """A per-seat list saved for the player alone (the enemy holds no cards, MG-R52)."""
    return api.Field(api.LISTS, dump=lambda v: v[PLAYER][:], load=lambda v: [load(v), []], key=key)


# The duel's fields with the enemy's added: the player always starts (MG-R53), and only the
# player's hand, revealed cards and dealt cards are saved. The enemy card hides nothing.
SOLO_FIELDS = FIELDS.extended(
    enemy=api.Field(given=True).public, dice_mode=api.Field(given=True).public,
    first=api.derived(lambda s: PLAYER).public,
    hands=_player_only(lambda v: [str(x) for x in v], key="hand").owned,
    revealed=_player_only(lambda v: [bool(x) for x in v]).public,
    dealt=_player_only(lambda v: [str(x) for x in v]).owned,
    enemy_faces=api.INTS.public, enemy_next=api.INT.public, enemy_band=api.INT.public,
    enemy_steps=api.Field(api.LIST, dump=lambda steps: [list(st) for st in steps],
                      load=_steps).public,
    enemy_last=api.INT.public,
)


class MagosSoloState(MagosState):
    """A solo battle. The duel fields hold the player (index 0) and the enemy's HP (index 1).

    ``enemy_faces`` are the dice of the enemy's current (or last) turn in resolution order,
    ``enemy_next`` how many of them have resolved, ``enemy_band`` the band locked at the start
    of that turn, ``enemy_steps`` what each resolved die did, ``enemy_last`` the face that
    resolved last (0 once the player has rolled again).
    """

    __slots__ = SOLO_FIELDS.names_beyond(FIELDS)

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
        return SOLO_FIELDS.clone(self)


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


# The action texts of a battle: the duel's, and the enemy's dice resolving one by one.
SOLO_ACTIONS = api.ActionForms({**COMMON_ACTIONS, "enemy": _FACES})


class MagosSoloGame(MagosRules[MagosSoloState]):
    """Magos solo: one battle of the campaign against one opponent card (MG-R50..MG-R58)."""

    spec = SOLO_SPEC
    actions = SOLO_ACTIONS
    state_fields = SOLO_FIELDS

    _OVER = "refuse.battle_over"
    _BOTH = "both.solo"
    _CHANCE_KINDS = ("deal", "roll", "enemy")

    # -- names ----------------------------------------------------------------------------
    def _who(self, s: MagosSoloState, seat: int) -> Msg:
        return Msg("who.wizard") if seat == PLAYER else Msg(f"enemy.{s.enemy}")

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> MagosSoloState:
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
            s.phase = Phase.DEAL
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
        if phase == Phase.ENEMY:
            return [(_ENEMY_TEXT[state.enemy_faces[state.enemy_next]], 1.0)]
        if phase == Phase.ENEMY_ROLL:
            return list(_ROLLS[enemy_dice_count(state.turns[ENEMY])])
        return super().chance_outcomes(state)

    def sample_chance(self, state: MagosSoloState, rng: random.Random) -> str:
        phase = state.phase
        if phase == Phase.ENEMY:
            return _ENEMY_TEXT[state.enemy_faces[state.enemy_next]]
        if phase == Phase.ENEMY_ROLL:
            return _roll_text(enemy_dice_count(state.turns[ENEMY]), rng)
        return super().sample_chance(state, rng)

    # -- applying -------------------------------------------------------------------------
    def _apply_enemy(self, s: MagosSoloState, face: str, events: list[Event]) -> None:
        events += self._enemy_die(s, int(face))

    def _roll(self, s: MagosSoloState, values: list[int]) -> list[Event]:
        if s.phase == Phase.ENEMY_ROLL:
            return self._enemy_roll(s, values)
        s.enemy_last = 0
        return super()._roll(s, values)

    def _deal(self, s: MagosSoloState, spell: str) -> list[Event]:
        s.dealt[PLAYER].append(spell)
        ev = Event("deal", {"seat": PLAYER, "spell": spell}, seats=frozenset({PLAYER}),
                   reveals=True)
        if len(s.dealt[PLAYER]) == DEALT_SIZE:
            s.phase = Phase.DRAFT
        return [ev]

    def _keep(self, s: MagosSoloState, spell: str) -> list[Event]:
        s.hands[PLAYER].append(spell)
        s.revealed[PLAYER].append(True)
        n = len(s.hands[PLAYER])
        events = [Event("keep", {"seat": PLAYER, "spell": spell, "count": n},
                        msg=Msg("log.keep_solo", spell=spell, count=n, of=HAND_SIZE))]
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
            s.phase = Phase.ENEMY
        else:
            s.enemy_faces = []
            s.phase = Phase.ENEMY_ROLL
        if s.quiet:
            return []
        faces = tuple(s.enemy_faces) if s.dice_mode == PATCH else None
        data: dict[str, Any] = {"enemy": enemy.id, "turn": n, "band": s.enemy_band,
                                "faces": list(faces) if faces is not None else None}
        return [Event("enemy_turn", data,
                      msg=Msg("log.enemy_turn", enemy=enemy.id, turn=n,
                              row=band_label(enemy, s.enemy_band),
                              faces=list(faces) if faces is not None else None))]

    def _enemy_roll(self, s: MagosSoloState, values: list[int]) -> list[Event]:
        s.enemy_faces = sorted(values)  # MG-G5: ascending
        s.phase = Phase.ENEMY
        if s.quiet:
            return []
        return [Event("roll", {"seat": ENEMY, "dice": s.enemy_faces[:]}, reveals=True,
                      msg=Msg("log.enemy_roll", enemy=s.enemy, faces=s.enemy_faces[:]))]

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
            s.phase, s.winner, s.result = Phase.OVER, ENEMY, "ko"
        elif step.enemy_hp <= 0:  # MG-G16
            s.phase, s.winner, s.result = Phase.OVER, PLAYER, ENEMY_SELF_KO
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
            msg=Msg("log.enemy_step", enemy=enemy.id, face=face, kind=eff.kind,
                    amount=step.amount, healed=healed, ends_turn=eff.ends_turn,
                    skipped=skipped[:]))]
        if step.player_hp <= 0:
            events.append(Event("win", {"winner": ENEMY, "how": "ko"},
                                msg=Msg("log.enemy_wins", enemy=enemy.id)))
        elif step.enemy_hp <= 0:
            events.append(Event("win", {"winner": PLAYER, "how": ENEMY_SELF_KO},
                                msg=Msg("log.enemy_self_ko", enemy=enemy.id)))
        events.extend(after)
        return events

    def _after_enemy_turn(self, s: MagosSoloState) -> list[Event]:
        return self._limit_draw(s) or self._start_turn(s, PLAYER)

    # -- checking -------------------------------------------------------------------------
    def _waiting_reason(self, s: MagosSoloState) -> Msg | None:
        phase = s.phase
        if phase in (Phase.ENEMY, Phase.ENEMY_ROLL):
            return Msg("refuse.enemy_turn", enemy=s.enemy)
        if phase in (Phase.DEAL, Phase.ROLL):
            return Msg("refuse.wait_dice")
        return None

    # -- results --------------------------------------------------------------------------
    def final_result(self, state: MagosSoloState) -> tuple[str | None, float | None]:
        return state.result or None, None

    def returns(self, state: MagosSoloState) -> list[float]:
        if state.phase != Phase.OVER or state.winner == DRAW:
            return [0.0]
        return [1.0] if state.winner == PLAYER else [-1.0]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: MagosSoloState, seat: int | None) -> MagosSoloObs:
        s = state
        enemy = ENEMIES[s.enemy]
        in_turn = s.phase in (Phase.ENEMY, Phase.ENEMY_ROLL)
        in_force = s.enemy_band if in_turn else band_index(enemy, max(1, s.hp[ENEMY]))
        band = enemy.bands[s.enemy_band]
        steps = []
        for face, amount, healed, ehp, php, pmana in s.enemy_steps:
            eff = band.faces[face - 1]
            steps.append({"face": face, "effect": eff.kind, "amount": amount,
                          "healed": healed, "ends_turn": eff.ends_turn, "enemy_hp": ehp,
                          "player_hp": php, "player_mana": pmana})
        hand: list[SpellObs] = [{"slot": f"p0s{i}", "spell": sp,
                                 "revealed": s.revealed[PLAYER][i]}
                                for i, sp in enumerate(s.hands[PLAYER])]
        table = self._table_obs(s, seat, [_wizard_obs(s, PLAYER, hand, True)])
        return {**table, "dice_mode": s.dice_mode, "enemy": {
                                   "id": enemy.id, "number": enemy.number, "name_en": enemy.en,
                                   "name_ja": enemy.ja, "hp": s.hp[ENEMY],
                                   "max_hp": s.max_hp[ENEMY], "turns": s.turns[ENEMY],
                                   "band": in_force, "band_locked": in_turn,
                                   "last_band": s.enemy_band, "faces": s.enemy_faces[:],
                                   "resolved": s.enemy_next, "last_face": s.enemy_last,
                                   "steps": steps,
                                   "next_faces": (enemy_dice_v11(s.turns[ENEMY] + 1)
                                                  if s.dice_mode == PATCH else None),
                               }}

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
    def state_to_json(self, state: MagosSoloState) -> api.JSON:
        return SOLO_FIELDS.to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> MagosSoloState:
        return SOLO_FIELDS.load(MagosSoloState(str(data["enemy"]), str(data["dice_mode"]),
                                               str(data["setup"]), int(data["turn_limit"])),
                                data)

    # -- words ----------------------------------------------------------------------------
    def _describe_enemy(self, s: MagosSoloState, face: str) -> Msg:
        return Msg("move.enemy_face", enemy=s.enemy, face=face)

    def _describe_roll(self, s: MagosSoloState, values: tuple[int, ...]) -> Msg:
        if s.phase == Phase.ENEMY_ROLL:
            return Msg("move.enemy_roll", enemy=s.enemy, shown=", ".join(map(str, values)))
        return super()._describe_roll(s, values)

    def prompt(self, state: MagosSoloState, seat: int) -> Msg:
        return solo_prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: MagosSoloState, seat: int) -> float | None:
        if state.phase == Phase.OVER:
            return self.returns(state)[0]
        hp, mana = state.hp, state.mana
        # A damage race: the player's HP against the enemy's, plus the means to cast.
        v = (0.12 * (hp[PLAYER] - hp[ENEMY]) + 0.03 * mana[PLAYER]
             + 0.03 * (state.max_mana[PLAYER] - START_MAX_MANA)
             + 0.02 * (state.max_hp[PLAYER] - START_HP))
        return math.tanh(v)

    def search_actions(self, state: MagosSoloState, legal: list[str]) -> list[str]:
        """In the draft (MG-R51), try only the spells of the set found best against this
        enemy (``data.SOLO_SPELL_SETS``) while any of them is among the cards left; once none
        is, every card is searched. The search cannot judge the keeps itself: a battle is too
        long for its playouts to tell one set of five from another."""
        if state.phase != Phase.DRAFT:
            return legal
        wanted = Counter(solo_spell_set(state.enemy))
        wanted.subtract(state.hands[PLAYER])
        kept = [a for a in legal if wanted[a[5:]] > 0]
        return kept or legal

    def solved_action(self, obs: Observation, seat: int, legal: Sequence[str], level: str,
                      stop: Callable[[], bool] | None) -> tuple[str, dict[str, float]] | None:
        """Hard (and expert) play a battle under patch v1.1 perfectly (``solver``): the
        enemy's dice are printed, so the battle can be solved. Easy and normal search as
        before; so do the draft and battles with rolled enemy dice, whose solve would take
        far longer."""
        if level != "hard" or obs["dice_mode"] != PATCH \
                or obs["phase"] not in (Phase.MAIN, Phase.CAST):
            return None
        state = self._from_obs(obs)
        solver = solver_for(self, state.enemy, tuple(state.hands[PLAYER]), state.dice_mode,
                            state.turn_limit)
        if stop is not None:
            memo, outer = solver.memo, stop

            def stop() -> bool:
                return outer() or len(memo) > MAX_STOPPABLE_POSITIONS
        try:
            values = solver.action_values(state, legal, stop)
        except Stopped:
            return None
        return solver.best_action(state, values), values

    def max_game_length(self) -> int:
        # Per round at most: roll, 4 dice, 2 X choices, fire, end; the enemy's roll and 4
        # dice; plus the deal and the draft.
        return max(TURN_LIMITS) * 16 + 32


def solo_prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What the player should do next, or what is happening, from an observation."""
    phase = obs["phase"]
    enemy = str(obs["enemy"]["id"])
    if phase == Phase.OVER:
        w = int(obs["winner"])
        if w == DRAW:
            return Msg("prompt.solo_draw")
        return Msg("prompt.solo_won" if w == PLAYER else "prompt.solo_lost", enemy=enemy)
    if phase in (Phase.ENEMY, Phase.ENEMY_ROLL):
        return Msg("prompt.enemy_turn", enemy=enemy)
    if phase == Phase.DRAFT:
        return Msg("prompt.keep", left=HAND_SIZE - len(obs["players"][PLAYER]["hand"]))
    return prompt_from_obs(obs, seat)
