"""The shortcuts search relies on give the same answers as the plain computation: remembered
legal actions (MG-R23, MG-R26) and the prepared resampler."""

from __future__ import annotations

import random

from tabletop.engine import CHANCE
from tabletop.games.magos import model
from tabletop.games.magos.data import SPELLS
from tabletop.games.magos.model import MagosGame, MagosState, Phase
from tabletop.games.magos.solo import MagosSoloGame
from tabletop.games.magos.spells import die_problem

GAME = MagosGame()


def _plain_legal(s: MagosState) -> list[str]:
    """Legal main/cast actions straight from ``die_problem``, without any memory."""
    seat = s.active
    unused = s.unused()
    args = (s.hp[seat], s.max_hp[seat], s.mana[seat], s.max_mana[seat])
    out: list[str] = []
    if s.phase == Phase.MAIN:
        for spell in sorted(set(s.hands[seat]) - set(s.cast_done)):
            for v in sorted(set(unused)):
                rest = unused[:]
                rest.remove(v)
                if die_problem(spell, (), v, rest, *args) is None:
                    out.append(f"cast:{spell}:{v}")
        return [*out, "end"]
    spell = s.casting
    if len(s.cast_dice) >= SPELLS[spell].dice:
        top = s.hp[seat] if spell == "doomsday" else s.mana[seat]
        return [f"x:{n}" for n in range(1, top + 1)]
    for v in sorted(set(unused)):
        rest = unused[:]
        rest.remove(v)
        if die_problem(spell, s.cast_dice, v, rest, *args) is None:
            out.append(f"die:{v}")
    return [*out, "fire"] if spell == "rapid_fire" else out


def test_remembered_legal_actions_match_the_rules() -> None:
    # MG-R23, MG-R26: each position's legal list equals a fresh die_problem check, whether
    # the answer was just computed or remembered from another position.
    rng = random.Random(5)
    checked = 0
    for setup in ("first-game", "draft"):
        for _ in range(40):
            s = GAME.new_game(None, {"setup": setup})
            while not GAME.is_terminal(s):
                if GAME.current_player(s) == CHANCE:
                    action = GAME.sample_chance(s, rng)
                else:
                    legal = GAME.legal_actions(s)
                    if s.phase in (Phase.MAIN, Phase.CAST):
                        assert legal == _plain_legal(s)
                        legal.clear()  # a caller's list is its own
                        assert GAME.legal_actions(s) == _plain_legal(s)
                        checked += 1
                    action = rng.choice(GAME.legal_actions(s))
                GAME.apply_in_place(s, action)
    assert checked > 1000


def test_legal_memory_stays_bounded() -> None:
    assert len(model._LEGAL_CACHE) <= model._LEGAL_CACHE_MAX


def test_resampler_draws_what_resample_draws() -> None:
    rng = random.Random(2)
    for setup in ("first-game", "draft"):
        s = GAME.new_game(None, {"setup": setup})
        while GAME.current_player(s) == CHANCE or len(GAME.legal_actions(s)) < 2:
            GAME.apply_in_place(s, GAME.sample_chance(s, rng) if GAME.current_player(s) ==
                                CHANCE else GAME.legal_actions(s)[0])
        seat = GAME.current_player(s)
        obs = GAME.observation(s, seat)
        sample = GAME.resampler(obs, seat)
        for k in range(20):
            a = GAME.resample(obs, seat, random.Random(k))
            b = sample(random.Random(k))
            assert GAME.state_to_json(a) == GAME.state_to_json(b)
        # Each draw is a fresh state: changing one leaves the next untouched.
        first = sample(random.Random(0))
        first.hands[1 - seat].clear()
        assert GAME.state_to_json(sample(random.Random(0))) == \
            GAME.state_to_json(GAME.resample(obs, seat, random.Random(0)))


def test_solo_resampler_copies_the_observed_state() -> None:
    game = MagosSoloGame()
    s = game.new_game(None, {"enemy": "vampire"})
    game.apply_in_place(s, "roll:2-5-6")
    obs = game.observation(s, 0)
    sample = game.resampler(obs, 0)
    a = sample(random.Random(0))
    a.hp[0] = 1
    b = sample(random.Random(1))
    assert game.state_to_json(b) == game.state_to_json(s)
