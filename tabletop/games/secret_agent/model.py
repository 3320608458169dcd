"""Secret Agent (シークレットエージェント) rules model for 3 to 6 countries.

Rules follow the rules reference (SA-R01..SA-R53, decisions SA-G01..SA-G18, corrections
SA-C1..SA-C7); the steps themselves are in ``rules`` and the modules it names (``turns``,
``attacks``, ``checks``, ``superspies``, ``events``, ``end_stage``), what each seat sees in
``hidden``.

Every decision is an action text a person can type:

* the turn: ``draw`` (the Prime Minister's choice, LD-PM), ``tech:<card>``,
  ``disaster:<card>:<seat>``, ``secret:<seat>``, ``special:<super spy>:<seat>:open|secret``,
  ``destroy:<seat>:<counter>`` (counter destruction), ``defence:<counter>``,
  ``employ:<defector>``, ``purge:<defector>``, ``discard:<card>``, ``declare``, ``pass``;
* the steps of an attack: ``spy:<card>`` and ``done`` (committing spies), ``hit:<card>`` /
  ``low:<card>`` (an open super spy action), ``kill`` / ``spare`` (a weaker spy drawn);
* reactions, by the reacting seat: ``counter:<counter>``, ``spy:<card>``, ``no``,
  ``bid:<contract>`` / ``priority:<contract>``, ``lose:<card>``, ``discard:<card>``,
  ``refill``, ``reroll`` / ``accept``;
* events: ``target:<seat>``, ``reorg:<kind>`` then ``put:<card>``, ``attach:<seat>``.

Chance outcomes: ``leader:<card>``, ``first:<seat>``, ``deck:<card>``, ``steal:<card>``,
``roll:<a>-<b>``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop import api
from tabletop.api import Msg

from . import legal, phases, rules
from .actions import ACTIONS
from .ai import PLAYOUT_DEPTH, SEARCH_GUESSES, heuristics, playout_choice
from .data import (
    SPY,
    family,
    value,
)
from .hidden import SecretAgentObs, observation, resampler
from .phases import CHANCE_PHASES, Phase
from .spec import SPEC
from .state import FIELDS, SecretAgentState

# The actions of a turn (SA-R13) and the kinds whose argument is a card from the hand.
_TURN_KINDS = frozenset(("tech", "disaster", "secret", "special", "destroy", "defence",
                         "employ", "purge", "discard", "declare", "pass"))
_CARD_KINDS = frozenset(("spy", "counter", "bid", "priority", "discard"))


class SecretAgentGame(api.Game[SecretAgentState]):
    """Secret Agent for 3 to 6 players (SA-R01..SA-R53)."""

    spec = SPEC
    actions = ACTIONS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> SecretAgentState:
        return SecretAgentState(num_players, {k: bool(v) for k, v in options.items()})

    # -- flow -----------------------------------------------------------------------------
    def current_player(self, state: SecretAgentState) -> int:
        phase = state.phase
        if phase in CHANCE_PHASES:
            return api.CHANCE
        if phase == Phase.OVER:
            return api.TERMINAL
        return state.actor

    def legal_actions(self, state: SecretAgentState) -> list[str]:
        return legal.legal_actions(state)

    def chance_outcomes(self, state: SecretAgentState) -> list[tuple[str, float]]:
        return legal.chance_outcomes(state)

    def sample_chance(self, state: SecretAgentState, rng: random.Random) -> str:
        s = state
        phase = s.phase
        if phase in (phases.Phase.DEAL, phases.Phase.DRAW, phases.Phase.REFILL_DRAW):
            return "deck:" + str(api.draw_by_count(s.deck, rng, s.deck_size))
        if phase == phases.Phase.ROLL:
            return f"roll:{rng.randrange(1, 7)}-{rng.randrange(1, 7)}"
        if phase == phases.Phase.STEAL:
            hand = s.hands[s.defender]
            return "steal:" + hand[rng.randrange(len(hand))]
        return super().sample_chance(state, rng)

    def secret_round(self, state: SecretAgentState) -> tuple[int, ...]:
        # SA-R35: contracts are put down face down one seat after another, revealed together.
        if state.phase != phases.Phase.AUCTION:
            return ()
        return tuple(p for p in state.bidders if not state.bid_done[p])

    def apply_in_place(self, state: SecretAgentState, action: str) -> list[api.Event]:
        return rules.apply(state, action)

    # -- refusals -------------------------------------------------------------------------
    chance_kinds = ("leader", "first", "deck", "steal", "roll")
    waiting_refusal = "refuse.wait"

    def refuse(self, state: SecretAgentState, action: str) -> Msg:
        # Worked out from what the mover sees: its own hand, the open table, the phase.
        s = state
        read = ACTIONS.read(action)
        if read is None:
            return Msg("not_possible", action=action)
        kind, arg = read
        seat = s.actor
        if s.phase == Phase.ACTION and kind in _TURN_KINDS:
            return self._action_reason(s, seat, kind, arg, action)
        if kind in _CARD_KINDS and arg not in s.hands[seat]:  # the argument is the card
            return Msg("refuse.no_card", card=arg)
        if kind == "spy" and s.phase == phases.Phase.CD_DEFEND:
            return Msg("refuse.too_weak", card=arg, need=value(s.atk_spies[0]))
        if kind == "done" and s.phase == phases.Phase.COMMIT:
            return Msg("refuse.need_spy")
        return Msg("refuse.not_now", prompt=self.prompt(s, seat))

    def _action_reason(self, s: SecretAgentState, seat: int, kind: str, arg: Any,
                       action: str) -> Msg:
        """Why a turn's action (SA-R13) is refused: ``arg`` as ``ACTIONS`` reads it."""
        hand = s.hands[seat]
        # The card played from the hand, where the action plays one.
        card = arg[0] if kind in ("disaster", "special") else arg
        if kind in ("tech", "disaster", "special", "defence", "employ", "purge",
                    "discard") and card not in hand:
            return Msg("refuse.no_card", card=card)
        if kind == "pass":
            return Msg("refuse.must_act", n=len(hand))
        if kind in ("declare", "employ"):
            if s.deck_size:
                return Msg("refuse.end_stage_only")
            if kind == "declare":
                return Msg("refuse.long_term", n=len(hand))
        if kind in ("secret", "destroy", "disaster", "special"):
            t: int = (arg[1] if kind in ("disaster", "special")
                      else arg[0] if kind == "destroy" else arg)
            if t == seat or t >= s.n or s.declared[t]:
                return Msg("refuse.target", seat=t)
            if kind == "disaster":
                return Msg("refuse.no_kind", seat=t, card=card)
            if kind == "special":
                return Msg("refuse.mode", card=card)
            if not any(family(c) == SPY for c in hand):
                return Msg("refuse.no_card", card="SP-1")
            if kind == "destroy":
                return Msg("refuse.no_counter", seat=t, card=arg[1])
        if kind == "purge":
            return Msg("refuse.chairman")
        if kind == "discard":
            return Msg("refuse.discard_rule")
        return Msg("not_possible", action=action)

    # -- results --------------------------------------------------------------------------
    def returns(self, state: SecretAgentState) -> list[float]:
        return api.winner_returns(state.n, state.winners, state.phase == Phase.OVER)

    def final_result(self, state: SecretAgentState) -> tuple[str | None, float | None]:
        return "score", float(state.score(0))

    # -- information ----------------------------------------------------------------------
    def observation(self, state: SecretAgentState, seat: int | None) -> SecretAgentObs:
        return observation(state, seat, self.spec.id, self.current_player(state))

    def resampler(self, obs: api.Observation, seat: int
                  ) -> Callable[[random.Random], SecretAgentState]:
        return resampler(obs, seat)

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> SecretAgentState:
        return SecretAgentState(int(data["n"]))

    def state_json_for_version(self, state: SecretAgentState, rules_version: str) -> api.JSON:
        data = FIELDS.to_json(state)
        if rules_version in ("1", "2"):  # before a reveal gave back what a face-down card hid
            data.pop("recalled")
            data.pop("held")
        if rules_version == "1":  # before the table remembered cards seen going into a hand
            data.pop("known")
        return data

    # -- words ----------------------------------------------------------------------------
    def describe_action(self, state: SecretAgentState, action: str) -> Msg:
        read = ACTIONS.read(action)
        if read is None:
            return Msg("action", action=action)
        kind, arg = read
        if kind == "disaster":
            return Msg("move.disaster", card=arg[0], seat=arg[1])
        if kind == "special":
            return Msg(f"move.special_{arg[2]}", card=arg[0], seat=arg[1])
        if kind == "destroy":
            return Msg("move.destroy", seat=arg[0], card=arg[1])
        if kind in ("secret", "target", "attach", "first"):
            return Msg(f"move.{kind}", seat=arg)
        if kind == "reorg":
            return Msg("move.reorg", kind=arg)
        if kind == "roll":
            return Msg("move.roll", dice=list(arg))
        if arg is not None:  # every other argument is a card
            return Msg(f"move.{kind}", card=arg)
        return Msg(f"move.{kind}")

    def prompt(self, state: SecretAgentState, seat: int) -> Msg | None:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: SecretAgentState, seat: int) -> float | None:
        return heuristics(state)[seat]

    def heuristics(self, state: SecretAgentState) -> list[float | None]:
        return heuristics(state)

    def playout_action(self, state: SecretAgentState, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        return playout_choice(state, legal, rng)

    def playout_depth(self) -> int | None:
        # A game runs to 250-400 decisions: judge a playout by its heuristic after a few
        # turns rather than play it out.
        return PLAYOUT_DEPTH

    def search_guesses(self, level: str) -> int:
        # What the others hold decides how they answer an attack (a counter in hand, spies to
        # defend with), and a tree merging every guess has them answer blind to it: hard
        # searches SEARCH_GUESSES guesses apart instead (docs/luck-cap.md).
        return SEARCH_GUESSES if level == "hard" else 0

    def max_game_length(self) -> int:
        return 4000


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg | None:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = str(obs["phase"])
    if phase == Phase.OVER:
        return Msg("prompt.over", winners=[int(p) for p in obs["winners"]],
                   best=max(int(v) for v in obs["scores_now"]))
    if phase in CHANCE_PHASES:
        return Msg(f"prompt.{phase}")
    actor = int(obs["actor"])
    mine = seat == actor
    args: dict[str, Any] = {"seat": actor}
    if phase in ("commit", "defend", "cd_spy", "cd_defend", "stop", "body_double", "kill",
                 "hit"):
        args["attacker"] = int(obs["attacker"])
        args["defender"] = int(obs["defender"])
    if phase == "action":
        hand = obs["hands"][actor]
        limit = 7 + (1 if obs["leader_abilities"] and obs["leaders"][actor] == "LD-PRE" else 0)
        args["must"] = len(hand) > limit
        args["end"] = int(obs["deck_count"]) == 0
    elif phase == "stop":
        args["threat"] = str(obs["threat"]) if obs["threat"] != "disaster" else str(
            obs["stolen"])
    elif phase == "cd_defend":
        spies = obs["atk_spies"]
        args["need"] = value(str(spies[0])) if spies and spies[0] else 0
        args["card"] = str(obs["target"])
    elif phase == "lose":
        args["n"] = int(obs["lose_left"])
        args["cause"] = str(obs["lose_cause"])
    elif phase == "shed":
        args["n"] = len(obs["hands"][actor]) - int(obs["lose_left"])
    elif phase == "auction":
        args["card"] = str(obs["auction_card"])
    elif phase == "put":
        args["kind"] = str(obs["reorg_kind"])
    elif phase == "reroll":
        args["roller"] = int(obs["roll_seat"])
        args["dice"] = [int(d) for d in obs["dice"]]
    return Msg(f"prompt.{phase}" if mine else f"prompt.wait_{phase}", **args)
