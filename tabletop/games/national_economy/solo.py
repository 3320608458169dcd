"""National Economy solo: one player, a neutral blocker, wages and a tax (game id
``national-economy-solo``; NE-R70..NE-R84 of the spec, decisions NE-G10..NE-G13 and NE-G16).

The solo game is the 2-4 player rules model (``NationalEconomyGame``) with one seat; the
differences go through the base model's hooks, so placing, building, drawing and the
over-selling rule are the very same code:

* Set-up (NE-R70, NE-R71, NE-R80, NE-G13): the public area holds the Mine, the Carpenter, the
  School and a Factory (variant A) or a Farm (variant B) taken out of the building deck. The
  player has $5, 2 workers and 3 cards; there is no Quarry and no start player, so a game opens
  with the three draws of the hand.
* Age order (NE-R72): ``state.public`` only ever grows at its end, so a card's index is its age
  and the last card is the newest; the observation lists ``age_order`` newest → oldest.
* The blocker (NE-R73): after each placement a neutral blocker goes on the newest public card
  that holds no worker. ``state.blocked`` holds those public indices in the order the blockers
  came (blocker ``k`` is the table's piece ``blocker<k>``). A blocked card takes no worker this
  round, not even the Mine (NE-R74). Blockers leave at the end of the round.
* NE-G16: when the player still has workers but no workplace can be used, they stay idle (and
  are paid) and the round ends.
* Payday (NE-R76, NE-R77): wages plus the round's tax form one obligation for the over-selling
  rule; wages go to the household, the tax to the supply. With ``wage_failure=game-over`` (the
  default, NE-G11) an obligation that cannot be met after selling everything sellable ends the
  game at once, nothing paid. With ``penalty-tokens`` (the published solo's way) the player pays
  the wages first, then the tax, and takes one unpaid-wage token per dollar still missing.
* Variant A (NE-R75): at most one building of a type in the public area, so a building whose
  type is already public, or a second copy of a type in the same sale, cannot be sold and does
  not count as sellable for NE-R53. The tax follows the ``tax`` option (NE-G10: round − 1).
* Variant B (NE-R81..NE-R84): no limit per type, sales pay half the value (NE-R53 uses the half
  values), no tax whatever the ``tax`` option says, and a clear at total assets of 100 or more.
* The 2-4 player game's rule options (NE-R26, NE-G17, NE-R62, NE-R3) apply here too; its
  tie-break (NE-G18) has nothing to break with one player.

Results: magos-solo returns +1 for a win and -1 for a loss; so does this game, with shades that
give search a direction. A game ended by NE-R77 is -1. Variant B: a clear is +1; a finished game
below 100 is a loss graded by the score, from -0.9 at 0 up to -0.1 at 100. Variant A has no
win, only "a high score" (NE-R78): a finished game is tanh(score / 100) (0.76 at 100), always
above a game over. ``heuristic`` puts a projected score on the same scale and slides towards -1
when this round's wages and tax exceed cash plus what selling could bring.

Nothing is hidden from the player: the deck is a multiset every card of which is accounted for,
and draws are chance, so the spec declares no hidden information.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, cast

from tabletop.api import (
    INT,
    INTS,
    STR,
    Event,
    Msg,
    Observation,
    OptionValue,
)

from .data import (
    BUILDINGS,
    CLEAR_SCORE,
    ROUNDS,
    START_CASH,
    START_HAND,
)
from .model import _IDX, FIELDS, NationalEconomyGame, NEObs, NERules, NEState, Phase
from .payday import SaleProblem
from .spec import (
    GAME_OVER,
    SOLO_SPEC,
    TAX_NONE,
    TAX_ROUND,
    TAX_ROUND_MINUS_ONE,
    VARIANT_A,
    VARIANT_B,
)

# Why a game ended (``result``).
R_BANKRUPT = "bankrupt"        # NE-R77
R_FINISHED = "finished"        # variant A after round 9 (NE-R78)
R_CLEAR = "clear"              # variant B with at least CLEAR_SCORE (NE-R84)
R_NOT_CLEARED = "not-cleared"  # variant B below CLEAR_SCORE

START_CARD: dict[str, str] = {VARIANT_A: "factory", VARIANT_B: "farm"}  # NE-R70, NE-R80
SEAT = 0


def tax_for(variant: str, mode: str, rnd: int) -> int:
    """The tax owed at the end of round ``rnd`` (NE-R76, NE-R83, NE-G10)."""
    if variant == VARIANT_B or mode == TAX_NONE:
        return 0
    return rnd if mode == TAX_ROUND else rnd - 1


def sale_price(variant: str, card: str) -> int:
    """What the supply pays for ``card``: its value, half of it in variant B (NE-R82; all
    values are even, and an odd one would round down)."""
    value = BUILDINGS[card].value
    return value // 2 if variant == VARIANT_B else value


def taxed(variant: str, mode: str) -> bool:
    """Whether these rules ever tax (NE-R76); under rules b (NE-R83) and with the tax option
    off, the player reads of wages alone."""
    return variant != VARIANT_B and mode != TAX_NONE


def untaxed(code: str, variant: str, mode: str) -> str:
    """``code``, or its wording without a tax where the rules never tax."""
    return code if taxed(variant, mode) else f"{code}_untaxed"


def blocked_reason(card: str) -> Msg:
    """Why a blocked workplace cannot be used (NE-R73)."""
    return Msg("refuse.blocked", card=card)


def result_message(result: str, total: int, variant: str, mode: str) -> Msg:
    """The headline of a finished solo game."""
    code = f"result.{result}"
    return Msg(untaxed(code, variant, mode) if result == R_BANKRUPT else code, total=total)


class NESoloObs(NEObs):
    """What the player sees of a solo game: the 2-4 player game's keys and the solo rules'
    (the tax, the blockers, the age order of the public cards, the result)."""

    variant: str
    tax_mode: str
    wage_failure: str
    tax: int
    wages_due: int
    taxed: int
    age_order: list[str]
    blockers: list[int]
    result: str
    clear_score: int | None


# The 2-4 player game's fields with the solo game's own. Alone at the table, the player can
# account for every card, so the deck's contents are public here (its order is no state's).
SOLO_FIELDS = FIELDS.extended(deck=INTS.public, variant=STR.public, tax_mode=STR.public,
                              wage_failure=STR.public, blocked=INTS.public, taxed=INT.public,
                              result=STR.public)


class NESoloState(NEState):
    """A solo position: the one-seat ``NEState`` plus the options, the blockers (public
    indices in the order they were placed this round), the tax paid so far and the result."""

    __slots__ = SOLO_FIELDS.names_beyond(FIELDS)

    def __init__(self, variant: str = VARIANT_A, tax_mode: str = TAX_ROUND_MINUS_ONE,
                 wage_failure: str = GAME_OVER) -> None:
        super().__init__(1)
        self.variant = variant
        self.tax_mode = tax_mode
        self.wage_failure = wage_failure
        start = START_CARD[variant]
        # Oldest first, so the newest card is the last (NE-R70, NE-R80, NE-G12).
        self.public = ["mine", "carpenter", "school", start]
        self.public_workers = [[] for _ in self.public]
        self.deck[_IDX[start]] -= 1  # NE-G13
        self.blocked: list[int] = []
        self.taxed = 0
        self.result = ""

    def clone(self) -> NESoloState:
        return SOLO_FIELDS.clone(self)

    def tax(self) -> int:
        """NE-R76: the tax owed at the end of this round."""
        return tax_for(self.variant, self.tax_mode, self.round)

    def wages(self, p: int = SEAT) -> int:
        """NE-R31: the wages alone."""
        return self.wage() * self.workers[p]

    def due(self, p: int) -> int:
        """NE-R76: wages and tax are one obligation (also for NE-R53)."""
        return self.wage() * self.workers[p] + self.tax()


#: Decisions a playout makes before the heuristic judges it: about four rounds, enough to
#: see the paydays a placement prepares or spoils.
PLAYOUT_DEPTH = 40
#: The exploration constant's share under rules b, where a finished game below the target
#: moves the return by under a hundredth per point (0 to 99 points span 0.8, a duel's returns
#: span 2). Over the same 20 seeded games hard averaged 55 with a quarter, 44 with the whole
#: constant; under rules a the whole constant did better (78 against 65), so a keeps it.
SEARCH_EXPLORATION: dict[str, float] = {VARIANT_A: 1.0, VARIANT_B: 0.25}


def _solo(s: NEState) -> NESoloState:
    # Every state this game makes is a NESoloState; the base model's hooks are typed NEState.
    return cast(NESoloState, s)


class NationalEconomySoloGame(NationalEconomyGame):
    """National Economy solo, variants A and B (NE-R70..NE-R84)."""

    spec = SOLO_SPEC
    state_fields = SOLO_FIELDS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, OptionValue]) -> NESoloState:
        opts = self.spec.resolve_options(options)
        s = NESoloState(str(opts["variant"]), str(opts["tax"]), str(opts["wage_failure"]))
        s.rules = NERules.from_options(opts)
        # NE-R71: no start player to choose; the one seat starts every round.
        s.start = s.marker = s.active = SEAT
        s.cash = [START_CASH[0]]
        s.issued = START_CASH[0]
        s.draw_queue = [SEAT] * START_HAND
        s.phase = Phase.DRAW
        return s

    def num_players(self, state: NEState) -> int:
        return 1

    # -- placing and the blocker ----------------------------------------------------------
    def _public_slot(self, s: NEState, card: str) -> int:
        blocked = _solo(s).blocked
        multi = self._multi(s, card)
        for i, c in enumerate(s.public):
            if c == card and i not in blocked and (multi or not s.public_workers[i]):
                return i
        return -1

    def _blocked_slots(self, s: NEState) -> Sequence[int]:
        return _solo(s).blocked  # NE-R73, NE-R74

    def _after_place(self, s: NEState) -> list[Event]:
        """NE-R73: the blocker takes the newest public workplace holding no worker."""
        ss = _solo(s)
        for i in range(len(s.public) - 1, -1, -1):
            if not s.public_workers[i] and i not in ss.blocked:
                ss.blocked.append(i)
                card = s.public[i]
                return [Event("blocker", {"index": i, "card": card,
                                          "blocker": len(ss.blocked) - 1})]
        return [Event("blocker", {"index": -1, "card": "", "blocker": -1},
                      msg=Msg("log.no_blocker"))]

    def _end_turn(self, s: NEState) -> list[Event]:
        events = super()._end_turn(s)
        if s.phase == Phase.PLACE and not self._place_actions(s, s.active):
            events.extend(self._idle(s))
        return events

    def _idle(self, s: NEState) -> list[Event]:
        """NE-G16: no workplace can be used, so the remaining workers stay idle."""
        left = s.free_workers(s.active)
        ev = Event("idle", {"seat": s.active, "workers": left})
        return [ev, *self._end_round(s)]

    def _begin_round(self, s: NEState) -> list[Event]:
        s.start = s.marker
        s.active = s.start
        s.placed = [0]
        s.phase = Phase.PLACE
        ss = _solo(s)
        r, w, tax = s.round, s.wage(), ss.tax()
        events = [Event("round", {"round": r, "wage": w, "tax": tax, "start": s.start},
                        msg=Msg(untaxed("log.solo_round", ss.variant, ss.tax_mode),
                                round=r, wage=w, tax=tax))]
        if not self._place_actions(s, s.active):
            events.extend(self._idle(s))  # the Mine is free at a round's start: a safety net
        return events

    def _end_round(self, s: NEState) -> list[Event]:
        _solo(s).blocked = []  # NE-R73: the blockers leave with the workers
        return super()._end_round(s)

    # -- payday ---------------------------------------------------------------------------
    def _sellable_list(self, s: NEState, p: int) -> list[str]:
        own = super()._sellable_list(s, p)
        if _solo(s).variant != VARIANT_A:
            return own
        # NE-R75: one building per type in the public area, so one copy per type not yet
        # public counts as sellable.
        return sorted({b for b in own if b not in s.public})

    def _sale_value(self, s: NEState, card: str) -> int:
        return sale_price(_solo(s).variant, card)

    def _unsellable(self, s: NEState, p: int, card: str) -> SaleProblem | None:
        problem = super()._unsellable(s, p, card)
        if problem is None and _solo(s).variant == VARIANT_A:
            if card in s.public:
                return ("public_type", card)
            if card in s.selling:
                return ("one_per_type", card)
        return problem

    def _pay(self, s: NEState, p: int) -> list[Event]:
        """NE-R76, NE-R77: wages to the household, then the tax to the supply."""
        ss = _solo(s)
        wages, tax = ss.wages(p), ss.tax()
        due = wages + tax
        cash = s.cash[p]
        if cash < due and ss.wage_failure == GAME_OVER:
            s.phase = Phase.OVER
            ss.result = R_BANKRUPT
            return [Event("game_over", {"seat": p, "wages": wages, "tax": tax, "cash": cash},
                          msg=Msg(untaxed("log.bankrupt", ss.variant, ss.tax_mode),
                                  seat=p, wages=wages, tax=tax, cash=cash))]
        paid_w = min(wages, cash)
        paid_t = min(tax, cash - paid_w)
        s.cash[p] = cash - paid_w - paid_t
        s.household += paid_w
        s.issued -= paid_t  # the tax leaves the game
        ss.taxed += paid_t
        unpaid = due - paid_w - paid_t
        s.penalties[p] += unpaid
        said = (Msg("log.wages_part", seat=p, paid=paid_w, wages=wages) if paid_w < wages
                else Msg("log.wages", seat=p, paid=paid_w))
        events = [Event("wages", {"seat": p, "paid": paid_w, "unpaid": wages - paid_w},
                        msg=said)]
        if tax:
            said = (Msg("log.tax_part", seat=p, paid=paid_t, tax=tax) if paid_t < tax
                    else Msg("log.tax", seat=p, paid=paid_t))
            events.append(Event("tax", {"seat": p, "paid": paid_t, "unpaid": tax - paid_t,
                                        "tax": tax}, msg=said))
        if unpaid:
            events.append(Event("penalty", {"seat": p, "tokens": unpaid}))
        return events

    def _game_over(self, s: NEState) -> list[Event]:
        ss = _solo(s)
        sc = s.score(SEAT)
        if ss.variant == VARIANT_B:
            ss.result = R_CLEAR if sc.total >= CLEAR_SCORE else R_NOT_CLEARED  # NE-R84
        else:
            ss.result = R_FINISHED  # NE-R78
        return [Event("score", {"seat": SEAT, **sc.to_json()}),
                Event("result", {"result": ss.result, "total": sc.total},
                      msg=result_message(ss.result, sc.total, ss.variant, ss.tax_mode))]

    # -- results --------------------------------------------------------------------------
    def returns(self, state: NEState) -> list[float]:
        s = _solo(state)
        if s.phase != Phase.OVER:
            return [0.0]
        if s.result == R_BANKRUPT:
            return [-1.0]
        total = s.score(SEAT).total
        if s.variant == VARIANT_B:
            if total >= CLEAR_SCORE:
                return [1.0]
            return [-0.9 + 0.8 * max(0, total) / CLEAR_SCORE]
        return [math.tanh(total / 100.0)]

    def final_result(self, state: NEState) -> tuple[str | None, float | None]:
        s = _solo(state)
        return s.result or None, float(s.score(SEAT).total)

    # -- checking -------------------------------------------------------------------------
    def reason(self, s: NEState, action: str) -> Msg | None:
        kind, _, rest = action.partition(":")
        if kind == "sell" and s.phase == Phase.SELL and action not in self.legal_actions(s):
            problem = self._sell_problem(s, rest)
            if problem is not None and problem[0] in ("public_type", "one_per_type"):
                return Msg(f"refuse.{problem[0]}", card=rest)  # NE-R75
        return super().reason(s, action)

    def _place_reason(self, s: NEState, card: str, own: bool) -> Msg:
        if not own and card in s.public and self._public_slot(s, card) < 0 and any(
                s.public[i] == card for i in _solo(s).blocked):
            return blocked_reason(card)
        return super()._place_reason(s, card, own)

    # -- information ----------------------------------------------------------------------
    def observation(self, state: NEState, seat: int | None) -> NESoloObs:
        s = _solo(state)
        sellable = self._sellable_list(s, SEAT)
        obs: NESoloObs = {
            **super().observation(s, seat),
            "variant": s.variant, "tax_mode": s.tax_mode, "wage_failure": s.wage_failure,
            "tax": s.tax(), "wages_due": s.wages(), "taxed": s.taxed,
            # NE-R72: the public cards newest first (public index = len - 1 - position).
            "age_order": s.public[::-1],
            "blockers": s.blocked[:], "result": s.result,
            "clear_score": CLEAR_SCORE if s.variant == VARIANT_B else None,
        }
        obs["players"][SEAT]["sellable"] = sellable
        obs["players"][SEAT]["prices"] = {b: sale_price(s.variant, b)
                                          for b in sorted(set(s.buildings[SEAT]))}
        return obs

    def _empty_state(self, data: Mapping[str, Any]) -> NEState:
        s = NESoloState(str(data["variant"]), str(data["tax_mode"]), str(data["wage_failure"]))
        s.blocked = [int(i) for i in data["blockers"]]
        s.taxed = int(data["taxed"])
        s.result = str(data["result"])
        return s

    # -- words ----------------------------------------------------------------------------
    def prompt(self, state: NEState, seat: int) -> Msg | None:
        s = _solo(state)
        if s.phase == Phase.OVER:
            return result_message(s.result, s.score(SEAT).total, s.variant, s.tax_mode)
        if s.phase == Phase.SELL:
            wages, tax = s.wages(), s.tax()
            due, cash = wages + tax, s.cash[SEAT]
            return Msg(untaxed("prompt.payday", s.variant, s.tax_mode), wages=wages, tax=tax,
                       due=due, cash=cash, short=due - cash)
        said = super().prompt(s, seat)
        if s.phase == Phase.PLACE and s.blocked and said is not None:
            return Msg("prompt.with_blocked", prompt=said,
                       cards=[s.public[i] for i in s.blocked])
        return said

    # -- AI hooks -------------------------------------------------------------------------
    def playout_depth(self) -> int | None:
        return PLAYOUT_DEPTH

    def search_exploration(self, obs: Observation) -> float:
        return SEARCH_EXPLORATION[str(obs["variant"])]

    def heuristic(self, state: NEState, seat: int) -> float | None:
        s = _solo(state)
        if s.phase == Phase.OVER:
            return self.returns(s)[0]
        rounds_left = ROUNDS - s.round + 1
        # As in the 2-4 player game: cards and workers are future income, the bill is a debt.
        worth = (s.score(SEAT).total + 1.5 * len(s.hands[SEAT])
                 + 4.0 * s.workers[SEAT] * min(rounds_left, 4) - s.due(SEAT))
        # Score progress: towards 100 in variant B, upwards without a bound in variant A.
        goal = CLEAR_SCORE if s.variant == VARIANT_B else 0
        value = math.tanh((worth - goal) / 100.0)
        if s.wage_failure == GAME_OVER:
            cover = s.cash[SEAT] + sum(self._sale_value(s, b)
                                       for b in self._sellable_list(s, SEAT))
            deficit = s.due(SEAT) - cover
            if deficit > 0:
                # NE-R77 looms: near certain with no worker left to earn, less so with some.
                danger = deficit / (deficit + (6.0 if s.free_workers(SEAT) > 0 else 1.0))
                value = value * (1.0 - danger) - danger
        return value
