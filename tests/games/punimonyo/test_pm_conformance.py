"""Punimonyo against the engine contract: the conformance kit under each set of options, and
the one secret of the game — a question the other player entered, before each word is called."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest

from tabletop.engine import CHANCE, TERMINAL, check_game
from tabletop.games.punimonyo.model import BEAT, Phase, PunimonyoGame, PunimonyoState
from tests.games.punimonyo.pm_build import GAME, M, P, ask, match, play


@pytest.mark.parametrize("options", [None, {"tiebreak": True, "beat_ms": 300},
                                     {"show_calls": True, "ai_k": "0.02", "sound": True}])
def test_conformance_kit(options: dict[str, object] | None) -> None:
    report = check_game(GAME, seeds=range(12), options=options)
    assert report.games == 12 and report.resamples_differing > 0 and report.chance_nodes > 0


def test_conformance_kit_in_practice_mode() -> None:
    # In practice the app calls every word as it is played: nothing is ever secret, so the
    # kit runs with the game's hidden-information declaration off for this mode.
    game = PunimonyoGame()
    game.spec = dataclasses.replace(game.spec, has_hidden_information=False)
    report = check_game(game, seeds=range(12), options={"practice": True})
    assert report.games == 12 and report.chance_nodes > 0


def _visit(seeds: range) -> Iterator[tuple[PunimonyoState, random.Random]]:
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.new_game(2)
        while GAME.current_player(s) != TERMINAL:
            yield s, rng
            if GAME.current_player(s) == CHANCE:
                action = GAME.sample_chance(s, rng)
            else:
                legal = GAME.legal_actions(s)
                # Mostly right answers, so that questions get long and are set by hand.
                right = [a for a in legal if a.startswith("word:") and s.question
                         and len(s.answer) == s.window
                         and a == f"word:{ {P: M, M: P}[s.question[len(s.answer)]] }"]
                if right and rng.random() < 0.9:
                    action = right[0]
                elif BEAT in legal and len(s.answer) > s.window and rng.random() < 0.9:
                    action = BEAT
                elif "random" in legal and rng.random() < 0.7:
                    action = legal[rng.randrange(2)]  # a hand-set question, word by word
                else:
                    action = legal[rng.randrange(len(legal))]
            GAME.apply_in_place(s, action)


def test_uncalled_words_never_reach_the_responder() -> None:
    checked = 0
    for s, rng in _visit(range(8)):
        if s.phase not in (Phase.COMPOSE, Phase.PLAY) or s.auto:
            continue
        r, q = s.responder, s.questioner
        called = s.called()
        for seat in (r, None):
            obs = GAME.observation(s, seat)
            assert obs["question"] == s.question[:called]
            text = json.dumps(obs)
            assert obs["composed"] == len(s.question)
            # Changing a word not yet called changes nothing the responder sees.
            if called < len(s.question):
                twin = s.clone()
                i = rng.randrange(called, len(s.question))
                twin.question[i] = {P: M, M: P}[twin.question[i]]
                assert json.dumps(GAME.observation(twin, seat)) == text
        assert GAME.observation(s, q)["question"] == s.question
        twin = GAME.resample(GAME.observation(s, r), r, rng)
        assert twin.question[:called] == s.question[:called]
        assert len(twin.question) == len(s.question)
        checked += 1
    assert checked > 100


def test_resample_draws_the_hidden_words_afresh() -> None:
    s = match(0)
    s, _ = play(s, "ask:puniu", "ask:puniu", "ask:monyo")
    s, _ = play(s, BEAT)  # after the ready beat: word 1 is called
    obs = GAME.observation(s, 0)
    seen = {tuple(GAME.resample(obs, 0, random.Random(k)).question) for k in range(40)}
    assert all(q[0] == P for q in seen) and len(seen) == 4  # words 2 and 3 vary
    assert {tuple(GAME.resample(GAME.observation(s, 1), 1, random.Random(k)).question)
            for k in range(10)} == {(P, P, M)}  # the questioner knows her own question


def test_state_json_round_trip_mid_answer() -> None:
    s = ask(match(1, {"beat_ms": 900, "tiebreak": True}), [M, M, P])
    for _ in range(5):  # 3 words, the pause: the answer opens
        s, _ = play(s, BEAT)
    s, _ = play(s, "word:puniu")
    assert s.answer == [P] and s.phase == "answer"
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    back = GAME.state_from_json(data)
    assert GAME.state_to_json(back) == data
    assert GAME.legal_actions(back) == GAME.legal_actions(s)
    assert back.options["beat_ms"] == 900 and back.tiebreak
