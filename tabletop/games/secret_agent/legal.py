"""The legal actions of Secret Agent in each phase, and the chance outcomes with their
probabilities. The texts of the actions are listed in ``model``.
"""

from __future__ import annotations

from .data import (
    BODY_DOUBLE,
    CHAIRMAN,
    CONTRACT,
    COUNTER,
    DEFECTOR,
    DISASTER,
    DISASTER_STOPPERS,
    EMPEROR,
    LEADER,
    PEACE,
    ROLLS,
    SPY,
    SUPER,
    SUPER_MODES,
    SUPER_STOPPER,
    TECH,
    family,
    value,
)
from .end_stage import may_declare
from .phases import CHANCE_PHASES, PEACEABLE, Phase, disaster_targets, reorg_kinds, spies_in
from .state import SecretAgentState, open_tech
from .superspies import hit_options


def action_choices(s: SecretAgentState, p: int) -> list[str]:
    """SA-R13: the actions of the active seat ``p``, pass included where allowed."""
    hand = s.hands[p]
    faces = sorted(set(hand))
    out: list[str] = []
    targets = s.others(p)
    end = s.deck_size == 0
    for f in faces:
        fam = family(f)
        if fam == TECH:
            out.append(f"tech:{f}")  # SA-R17
        elif fam == DISASTER:
            out.extend(f"disaster:{f}:{d}" for d in disaster_targets(s, p, f))
        elif fam == SUPER:
            out.extend(f"special:{f}:{d}:{m}" for d in targets for m in SUPER_MODES[f])
        elif fam == COUNTER:
            out.append(f"defence:{f}")  # SA-R37
        elif fam == DEFECTOR:
            if end:
                out.append(f"employ:{f}")  # SA-R49
            if s.has_ability(p, CHAIRMAN):
                out.append(f"purge:{f}")  # LD-CHA
    if any(family(c) == SPY for c in hand):
        for d in targets:
            out.append(f"secret:{d}")  # SA-R27
            out.extend(f"destroy:{d}:{c}" for c in sorted(set(s.counters[d])))  # SA-R25
    if may_declare(s, p):
        out.append("declare")
    non_leader = [c for c in hand if family(c) != LEADER]
    if (len(hand) > s.pass_limit(p) and non_leader
            and all(family(c) == DEFECTOR for c in non_leader)):
        out.extend(f"discard:{f}" for f in sorted(set(non_leader)))  # SA-R38
    if len(hand) <= s.pass_limit(p) or not out:
        out.append("pass")  # SA-R16, SA-R39, SA-G13
    return sorted(out)


def legal_actions(s: SecretAgentState) -> list[str]:
    phase = s.phase
    if phase in CHANCE_PHASES:
        return [a for a, _ in chance_outcomes(s)]
    if phase == Phase.OVER:
        return []
    a, hand = s.actor, s.actor_hand()
    if phase == Phase.ACTION:
        return action_choices(s, a)
    if phase == Phase.START:
        return ["draw", *(f"reorg:{k}" for k in reorg_kinds(s, a))]
    if phase == Phase.COMMIT:
        out = [f"spy:{f}" for f in spies_in(hand)]
        if s.mode == "disaster" or s.atk_spies:
            out.append("done")
        return sorted(out)
    if phase == Phase.DEFEND:
        out = [f"spy:{f}" for f in spies_in(hand)] + ["done"]
        if not s.def_spies:
            out.extend(f"counter:{c}" for c in DISASTER_STOPPERS if c in hand)
        return sorted(out)
    if phase == Phase.CD_SPY:
        return [f"spy:{f}" for f in spies_in(hand)]
    if phase == Phase.CD_DEFEND:
        if s.multi_defence:
            return sorted([f"spy:{f}" for f in spies_in(hand)] + ["done"])
        need = value(s.atk_spies[0])
        return sorted([f"spy:{f}" for f in spies_in(hand) if value(f) >= need] + ["no"])
    if phase == Phase.STOP:
        stoppers = DISASTER_STOPPERS if s.threat == "disaster" else (SUPER_STOPPER[s.threat],)
        return sorted([f"counter:{c}" for c in stoppers if c in hand] + ["no"])
    if phase == Phase.BODY_DOUBLE:
        return ["counter:CT-BD", "no"] if BODY_DOUBLE in hand else ["no"]
    if phase == Phase.KILL:
        return ["kill", "spare"]
    if phase == Phase.HIT:
        return hit_options(s)
    if phase == Phase.REROLL:
        return ["accept", "reroll"]
    if phase == Phase.AUCTION:
        out = [f"bid:{c}" for c in sorted(set(hand)) if family(c) == CONTRACT]
        if s.has_ability(a, EMPEROR) and not s.emperor_used:
            out.extend(f"priority:{c}" for c in sorted(set(hand)) if family(c) == CONTRACT)
        return sorted([*out, "no"])
    if phase == Phase.LOSE:
        out = [f"lose:{f}" for f in open_tech(s, a, s.tops_only)]
        if s.lose_first and s.lose_cause in PEACEABLE and PEACE in hand:
            out.append(f"counter:{PEACE}")
        return sorted(out)
    if phase == Phase.SHED:
        return [f"discard:{f}" for f in sorted(set(hand)) if family(f) != LEADER]
    if phase == Phase.COUP:
        return [f"target:{d}" for d in s.others(a)]
    if phase == Phase.DOUBLE_SPY:
        out = [f"discard:{f}" for f in sorted(set(hand)) if family(f) == SUPER]
        return out or ["no"]
    if phase == Phase.REORG:
        return sorted([f"reorg:{k}" for k in reorg_kinds(s, a)] + ["no"])
    if phase == Phase.PUT:
        st = s.stack(s.reorg_seat, s.reorg_kind)
        return [f"put:{f}" for f in sorted(set(st[:len(st) - s.reorg_fixed]))]
    if phase == Phase.ATTACH:
        return [f"attach:{p}" for p in range(s.n) if not s.declared[p]]
    if phase == Phase.REFILL:
        return ["no", "refill"]
    raise ValueError(f"no decisions in phase {phase!r}")


def chance_outcomes(s: SecretAgentState) -> list[tuple[str, float]]:
    phase = s.phase
    if phase == Phase.LEADERS:
        k = len(s.leader_pool)
        return [(f"leader:{c}", 1.0 / k) for c in sorted(s.leader_pool)]
    if phase == Phase.FIRST:
        return [(f"first:{p}", 1.0 / s.n) for p in range(s.n)]
    if phase in (Phase.DEAL, Phase.DRAW, Phase.REFILL_DRAW):
        total = s.deck_size
        return [(f"deck:{c}", k / total) for c, k in sorted(s.deck.items())]
    if phase == Phase.STEAL:
        hand = s.hands[s.defender]
        return [(f"steal:{c}", hand.count(c) / len(hand)) for c in sorted(set(hand))]
    if phase == Phase.ROLL:
        return [(r, 1.0 / 36) for r in ROLLS]
    return []
