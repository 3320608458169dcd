"""The legal actions of Secret Agent in each phase, and the chance outcomes with their
probabilities. The texts of the actions are listed in ``model``.
"""

from __future__ import annotations

from .data import (
    ALL_FACES,
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

# The texts of a turn's actions, written once: a turn's choices are listed at every decision
# of every playout, and they are the same few hundred texts each time.
_SEATS = range(6)  # SA-R01: three to six countries
_TECH = {f: f"tech:{f}" for f in ALL_FACES}
_DEFENCE = {f: f"defence:{f}" for f in ALL_FACES}
_EMPLOY = {f: f"employ:{f}" for f in ALL_FACES}
_PURGE = {f: f"purge:{f}" for f in ALL_FACES}
_DISCARD = {f: f"discard:{f}" for f in ALL_FACES}
_DISASTER = {f: tuple(f"disaster:{f}:{d}" for d in _SEATS) for f in ALL_FACES}
_SPECIAL = {f: tuple(tuple(f"special:{f}:{d}:{m}" for m in modes) for d in _SEATS)
            for f, modes in SUPER_MODES.items()}
_SECRET = tuple(f"secret:{d}" for d in _SEATS)
_DESTROY = tuple({f: f"destroy:{d}:{f}" for f in ALL_FACES} for d in _SEATS)


def action_choices(s: SecretAgentState, p: int) -> list[str]:
    """SA-R13: the actions of the active seat ``p``, pass included where allowed."""
    hand = s.hands[p]
    faces = sorted(set(hand))
    out: list[str] = []
    targets = s.others(p)
    end = s.deck_size == 0
    spy = False
    for f in faces:
        fam = f[:2]  # ``family``
        if fam == TECH:
            out.append(_TECH[f])  # SA-R17
        elif fam == DISASTER:
            texts = _DISASTER[f]
            out.extend(texts[d] for d in disaster_targets(s, p, f))
        elif fam == SUPER:
            modes = _SPECIAL[f]
            for d in targets:
                out.extend(modes[d])
        elif fam == COUNTER:
            out.append(_DEFENCE[f])  # SA-R37
        elif fam == DEFECTOR:
            if end:
                out.append(_EMPLOY[f])  # SA-R49
            if s.has_ability(p, CHAIRMAN):
                out.append(_PURGE[f])  # LD-CHA
        elif fam == SPY:
            spy = True
    if spy:
        for d in targets:
            out.append(_SECRET[d])  # SA-R27
            if s.counters[d]:
                destroy = _DESTROY[d]
                out.extend(destroy[c] for c in sorted(set(s.counters[d])))  # SA-R25
    if may_declare(s, p):
        out.append("declare")
    limit = s.pass_limit(p)
    if len(hand) > limit:
        non_leader = [c for c in faces if c[:2] != LEADER]
        if non_leader and all(c[:2] == DEFECTOR for c in non_leader):
            out.extend(_DISCARD[f] for f in non_leader)  # SA-R38
    if len(hand) <= limit or not out:
        out.append("pass")  # SA-R16, SA-R39, SA-G13
    out.sort()
    return out


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
