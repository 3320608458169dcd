"""Magos against the engine contract: conformance kit, hidden information, reason helpers."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import TERMINAL, Session, check_game, random_action
from tabletop.games.magos.data import SPELL_IDS
from tabletop.games.magos.model import MagosState, die_reason_from_obs
from tests.games.magos.magos_build import GAME, duel


@pytest.mark.parametrize("setup", ["first-game", "draft"])
def test_conformance_kit(setup: str) -> None:
    report = check_game(GAME, seeds=range(30), options={"setup": setup})
    assert report.games == 30 and report.resamples_differing > 0


def test_turn_limit_option() -> None:
    session = Session(GAME, options={"turn_limit": 20}, seed=1)
    assert session.state.turn_limit == 20
    assert GAME.max_game_length() >= 60 * 2 * 10


def _hidden_only(s: MagosState, seat: int) -> set[str]:
    """Spell ids the seat cannot know: in the opponent's unrevealed hand or dealt cards,
    and nowhere in what the seat can see."""
    opp = 1 - seat
    secret = {sp for sp, rev in zip(s.hands[opp], s.revealed[opp], strict=True) if not rev}
    secret |= set(s.dealt[opp])
    visible = set(s.hands[seat]) | set(s.dealt[seat]) | set(s.cast_done)
    visible |= {sp for sp, rev in zip(s.hands[opp], s.revealed[opp], strict=True) if rev}
    if s.casting:
        visible.add(s.casting)
    return secret - visible


def _hidden_from_spectator(s: MagosState) -> set[str]:
    secret: set[str] = set()
    public = set(s.cast_done) | ({s.casting} if s.casting else set())
    for p in (0, 1):
        secret |= set(s.dealt[p])
        for sp, rev in zip(s.hands[p], s.revealed[p], strict=True):
            (public if rev else secret).add(sp)
    return secret - public


@pytest.mark.parametrize("seed", range(12))
def test_observation_never_shows_hidden_spells(seed: int) -> None:
    # MG-R11, MG-R12: the opponent's unrevealed spells and draft cards stay secret.
    rng = random.Random(seed)
    s = GAME.new_game(options={"setup": "draft"})
    checked = 0
    while GAME.current_player(s) != TERMINAL:
        for seat in (0, 1, None):
            obs = GAME.observation(s, seat)
            text = json.dumps(obs)
            hidden = _hidden_from_spectator(s) if seat is None else _hidden_only(s, seat)
            for spell in hidden:
                assert f'"{spell}"' not in text, (seed, seat, spell)
                checked += 1
        action = random_action(GAME, s, rng)
        GAME.apply_in_place(s, action)
    assert checked > 0


def test_resample_respects_copies_and_known_cards() -> None:
    # MG-R11: resampled opponent hands come from cards this seat has not seen.
    session = Session(GAME, options={"setup": "draft"}, seed=11)
    while session.state.phase == "draft":
        session.submit(GAME.current_player(session.state), GAME.legal_actions(session.state)[0])
    s = session.state
    seat = 0
    obs = GAME.observation(s, seat)
    rng = random.Random(0)
    seen_hands = set()
    for _ in range(50):
        r = GAME.resample(obs, seat, rng)
        opp = r.hands[1]
        assert len(opp) == 5 and all(sp in SPELL_IDS for sp in opp)
        assert r.dealt[1][0] == "harmony" and len(r.dealt[1]) == 10
        together = r.dealt[0][1:] + r.dealt[1][1:]
        for sp in set(together):
            limit = 2 if sp in ("pain", "fireball", "resonance", "healing") else 1
            assert together.count(sp) <= limit
        remaining = list(r.dealt[1])
        for sp in opp:
            remaining.remove(sp)  # the hand is drawn from the opponent's own deal
        assert GAME.observation(r, seat) == obs
        seen_hands.add(tuple(sorted(opp)))
    assert len(seen_hands) > 5


def test_reason_helpers_agree_with_legal_actions() -> None:
    # The view's reason (from an observation) and reason (from the state) agree.
    rng = random.Random(7)
    ids = list(SPELL_IDS)
    for _ in range(400):
        hand = rng.sample(ids, 5)
        dice = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
        s = duel(hand0=hand, dice=dice, hp=(rng.randint(1, 15), 15),
                 mana=(rng.randint(0, 8), 0), max_mana=(8, 8), max_hp=(rng.randint(1, 15), 15))
        s.hp[0] = min(s.hp[0], s.max_hp[0])
        s.max_mana[0] = rng.randint(s.mana[0], 8)
        legal = set(GAME.legal_actions(s))
        obs = GAME.observation(s, 0)
        for spell in hand:
            for i, v in enumerate(s.dice):
                action = f"cast:{spell}:{v}"
                # One reason path: the same message from the observation and from the state.
                view_reason = die_reason_from_obs(obs, 0, spell, i)
                assert (view_reason is None) == (action in legal), (hand, dice, action)
                assert view_reason == GAME.reason(s, action)
