"""Helpers for Punimonyo tests: reach a position by legal actions and play questions on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.engine import CHANCE, Event
from tabletop.games.punimonyo.data import OPPOSITE, PUNIU
from tabletop.games.punimonyo.model import BEAT, Phase, PunimonyoGame, PunimonyoState
from tabletop.games.punimonyo.words import WORDS
from tabletop.testing.build import RulesKit

GAME = PunimonyoGame()
KIT = RulesKit(GAME, WORDS)
say, reason, play = KIT.say, KIT.reason, KIT.play


P, M = "puniu", "monyo"  # short names for word lists in tests


def match(first: int = 0, options: Mapping[str, object] | None = None) -> PunimonyoState:
    """A new match in which ``first`` answers first: the first question is being set."""
    state = GAME.new_game(2, options)
    state, _ = play(state, f"first:{first}")
    assert state.phase == Phase.COMPOSE and state.responder == first
    return state


def ask(state: PunimonyoState, question: Sequence[str]) -> PunimonyoState:
    """The questioner enters ``question`` (its length is the one the rules ask for)."""
    assert len(question) == state.length
    state, _ = play(state, *(f"ask:{w}" for w in question))
    assert state.phase == Phase.PLAY and state.step == 0
    return state


def listen(state: PunimonyoState) -> PunimonyoState:
    """The beats of the question (ready, one per word, pause) pass: the answer opens. A word
    the app calls is its first possible outcome (もにょ unless the run limit forbids it)."""
    while state.phase == Phase.PLAY:
        if GAME.current_player(state) == CHANCE:
            state, _ = play(state, GAME.chance_outcomes(state)[0][0])
        else:
            state, _ = play(state, BEAT)
    assert state.phase == Phase.ANSWER and state.window == 0
    return state


def answer(state: PunimonyoState, words: Sequence[str]) -> tuple[PunimonyoState, list[Event]]:
    """Press ``words`` one per beat, each beat closed by the clock."""
    events: list[Event] = []
    for w in words:
        state, evs = play(state, f"word:{w}")
        events.extend(evs)
        if state.phase != Phase.ANSWER:
            break  # a mistake ended the answer
        state, evs = play(state, BEAT)
        events.extend(evs)
    return state, events


def question_round(state: PunimonyoState, question: Sequence[str],
                   reply: Sequence[str] | None = None) -> tuple[PunimonyoState, list[Event]]:
    """Set ``question``, play it, and answer ``reply`` (the right answer by default)."""
    state = listen(ask(state, question))
    return answer(state, [OPPOSITE[w] for w in question] if reply is None else reply)


def right_answers(state: PunimonyoState, count: int) -> PunimonyoState:
    """``count`` questions in a row answered right (all ぷにぅ, the length growing)."""
    for _ in range(count):
        state, _ = question_round(state, [PUNIU] * state.length)
    return state


def result_kinds(events: Sequence[Event]) -> list[str]:
    return [str(e.data["kind"]) for e in events if e.kind == "result"]
