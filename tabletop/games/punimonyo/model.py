"""Punimonyo (ぷにもにょ) rules model: call a sequence of words, answer it swapped, to a beat.

Rules follow rules/reference.md (PM-R1..R23, decisions PM-G1..G6).

Time is discrete here: the model counts beats and never sees a clock. One question runs:

* ``compose`` — the questioner enters the words (``ask:puniu`` / ``ask:monyo``), at leisure, or
  lets the app call them (``random``, PM-R13). A computer questioner does the latter.
* ``play`` — one ready beat, then one word per beat (PM-R11), then the pause beat. Every
  ``beat`` is the responder's action: "a beat has passed". A word the app calls is drawn by
  chance as it is called (``call:<word>``, never a fifth identical word in a row), so it is
  nobody's secret; a word the questioner entered is hidden from the responder until its beat.
* ``answer`` — beat window *i* is for word *i*. Within a window the responder may press once
  (``word:<word>``); the window closes with ``beat``. A wrong word, a window that closes
  without a press, or a second press within one window (PM-R12) is a mistake; the answer is
  right when the last window closes.

The app's clock plays ``beat`` for whoever is to move every beat (the view's ``tempo``); the
rest comes from the keys or the computer between beats. Beats and answered words are marked
as new information, so undo cannot take back a beat or a word pressed in time.

A match is 3 stints per player, alternating, the first responder drawn at random (PM-R20,
``first:<seat>``). In practice mode (PM-R23) Player 1 answers every stint and the app asks;
Player 2 takes no part.

The computer's strength is the rules' own (PM-R16): ``scripted_action`` answers a question of
length N correctly with chance p(N) = max(0.05, 1 − k(N − 2)), erring at a uniformly drawn
position, with k by AI level (or fixed by the ``ai_k`` option); as questioner it lets the app
call random words.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop import api
from tabletop.api import CHANCE, Event, Msg, Observation, OptionValue

from .data import (
    EXTRA,
    MAX_LENGTH,
    MAX_RUN,
    MISS,
    OK,
    OPPOSITE,
    START_LENGTH,
    STINTS_PER_PLAYER,
    WORDS,
    WRONG,
    k_for,
    p_correct,
)
from .spec import SPEC


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    FIRST = "first"  # chance: the first responder (PM-R20)
    COMPOSE = "compose"  # the questioner enters the question (PM-R13)
    PLAY = "play"  # the question is played, one word per beat (PM-R11)
    ANSWER = "answer"  # the answer windows (PM-R11, PM-R12)
    OVER = "over"


BEAT = "beat"
RANDOM = "random"
ASK_TEXT: dict[str, str] = {w: f"ask:{w}" for w in WORDS}
WORD_TEXT: dict[str, str] = {w: f"word:{w}" for w in WORDS}
CALL_TEXT: dict[str, str] = {w: f"call:{w}" for w in WORDS}


def _silent(kind: str, data: dict[str, Any], reveals: bool = True) -> Event:
    """A beat, a word called or a word pressed: no line in the log (it would fill it, and
    quote the called words that the memory game hides), but both seats read what it says.
    New information for undo, unless ``reveals`` is false."""
    return Event(kind, data, reveals=reveals, logged=False)


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class PunimonyoObs(api.ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position: the question only as
    far as it has been called, but to the questioner who entered it."""

    options: dict[str, OptionValue]
    practice: bool
    tiebreak: bool
    first: int
    order: list[int]
    stint: int
    responder: int
    questioner: int
    length: int
    streak: int
    question: list[str]
    composed: int
    called: int
    auto: bool
    step: int
    answer: list[str]
    window: int
    beat: int
    results: list[dict[str, Any]]
    last: dict[str, Any] | None
    scores: list[int]
    bests: list[int]
    winners: list[int]


def _copy_last(last: Mapping[str, Any]) -> dict[str, Any]:
    return {"responder": int(last["responder"]), "length": int(last["length"]),
            "question": [str(w) for w in last["question"]],
            "answer": [str(w) for w in last["answer"]], "kind": str(last["kind"]),
            "beat": int(last["beat"]), "pressed": str(last["pressed"]),
            "stint": int(last["stint"])}


# Every field of a position, in one table: the slots, the copy, the JSON form and who may see
# it come from it. The options, the order of stints, a finished stint's record and ``last``
# never change once made, so copies share them. The question is the questioner's until each
# word is called (the others see the words called so far).
FIELDS = api.StateFields(
    options=api.Field(dump=dict, given=True).public,
    practice=api.derived(lambda s: bool(s.options.get("practice", False))).public,
    tiebreak=api.derived(lambda s: bool(s.options.get("tiebreak", False))).public,
    phase=api.STR.public, first=api.INT.public,
    order=api.Field(dump=list, load=lambda v: [int(p) for p in v]).public,
    stint=api.INT.public, streak=api.INT.public, length=api.INT.public,
    question=api.STRS.owned_by("questioner"), auto=api.BOOL.public, step=api.INT.public,
    answer=api.STRS.public, window=api.INT.public, beat=api.INT.public,
    results=api.Field(api.LIST, dump=lambda rs: [dict(r) for r in rs],
                  load=lambda rs: [_copy_result(r) for r in rs]).public,
    last=api.maybe(_copy_last).public, winners=api.INTS.public,
)


class PunimonyoState:
    """One position.

    ``order`` lists the responder of every stint; ``stint`` indexes it. ``question`` holds the
    words that exist so far: all the questioner entered, or those the app has called.
    ``step`` counts the beats of ``play`` (0 the ready beat, *k* word *k* called, N + 1 the
    pause); ``window`` is the open answer window and ``answer`` the words pressed in time.
    ``beat`` counts every beat of the match (the pulse on the table). ``results`` keeps each
    finished stint; ``streak`` the correct answers of the current one. ``last`` describes the
    latest answer and is never changed once made, so clones may share it.
    """

    __slots__ = FIELDS.names

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        self.options: dict[str, OptionValue] = dict(options)
        self.practice = bool(options.get("practice", False))
        self.tiebreak = bool(options.get("tiebreak", False))
        self.phase = Phase.FIRST
        self.first = -1
        self.order: list[int] = []
        self.stint = -1
        self.streak = 0
        self.length = START_LENGTH
        self.question: list[str] = []
        self.auto = False
        self.step = 0
        self.answer: list[str] = []
        self.window = 0
        self.beat = 0
        self.results: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.winners: list[int] = []

    def clone(self) -> PunimonyoState:
        return FIELDS.clone(self)

    # -- derived --------------------------------------------------------------------------
    @property
    def responder(self) -> int:
        return self.order[self.stint] if 0 <= self.stint < len(self.order) else -1

    @property
    def questioner(self) -> int:
        """The seat that sets the question; -1 when the app asks (practice)."""
        if self.practice or self.responder < 0:
            return -1
        return 1 - self.responder

    def called(self) -> int:
        """How many words of the question have been called so far."""
        if self.phase == Phase.PLAY:
            return min(self.step, self.length, len(self.question))
        if self.phase in (Phase.ANSWER, Phase.OVER):
            return len(self.question)
        return 0

    def scores(self) -> list[int]:
        """PM-R22: the sum of each seat's stint scores, the stint under way included."""
        out = [0, 0]
        for r in self.results:
            out[r["responder"]] += r["score"]
        if self.phase != Phase.OVER and self.responder >= 0:
            out[self.responder] += self.streak
        return out

    def bests(self) -> list[int]:
        """PM-R21: each seat's longest correct length so far (0: none yet)."""
        out = [0, 0]
        for r in self.results:
            out[r["responder"]] = max(out[r["responder"]], r["best"])
        if self.phase != Phase.OVER and self.responder >= 0 and self.streak:
            out[self.responder] = max(out[self.responder], self.length - 1)
        return out


def stint_best(score: int) -> int:
    """PM-R21: the longest correct length of a stint that started at 3 (0: none right)."""
    return START_LENGTH - 1 + score if score else 0


def _run_forces(words: Sequence[str]) -> str | None:
    """PM-R13: the word the app must call next to avoid a fifth identical word in a row."""
    if len(words) >= MAX_RUN and len(set(words[-MAX_RUN:])) == 1:
        return OPPOSITE[words[-1]]
    return None


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


# Every action text of the game: its kind and what the argument may be.
ACTIONS = api.ActionForms({
    "first": api.Arg.numbers((0, 1)),  # chance: who answers first
    "ask": WORDS,                  # the questioner enters a word
    "call": WORDS,                 # chance: the app calls a word
    "word": WORDS,                 # the answerer presses a word
    BEAT: None,                    # a beat passes
    RANDOM: None,                  # the app sets the question
})

# Game sends each action to the method named after its kind, with its argument read (the word, or
# the seat as an int); chance's kinds have no refusal of their own.


def _playing(s: PunimonyoState) -> int:
    """Who moves while the question is played: the responder, whose beats run it, unless the
    app is to call the next word now (PM-R13)."""
    if s.auto and 1 <= s.step <= s.length and len(s.question) < s.step:
        return CHANCE
    return s.responder


TURNS: api.PhaseTable[PunimonyoState] = api.PhaseTable({
    Phase.ANSWER: "responder", Phase.PLAY: _playing, Phase.COMPOSE: "questioner",
    Phase.FIRST: CHANCE, Phase.OVER: api.TERMINAL,
})


class PunimonyoGame(api.Game[PunimonyoState]):
    """Punimonyo for two players (PM-R1..R23)."""

    spec = SPEC
    actions = ACTIONS
    turns = TURNS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, OptionValue]) -> PunimonyoState:
        return PunimonyoState(options)

    # -- flow -----------------------------------------------------------------------------
    def legal_actions(self, state: PunimonyoState) -> list[str]:
        s = state
        phase = s.phase
        if phase == Phase.ANSWER:
            return [BEAT, WORD_TEXT[WORDS[0]], WORD_TEXT[WORDS[1]]]
        if phase == Phase.COMPOSE:
            asks = [ASK_TEXT[WORDS[0]], ASK_TEXT[WORDS[1]]]
            return [*asks, RANDOM] if not s.question else asks
        if phase in (Phase.PLAY, Phase.FIRST):
            if self.current_player(s) == CHANCE:
                return [a for a, _ in self.chance_outcomes(s)]
            return [BEAT]
        return []

    def chance_outcomes(self, state: PunimonyoState) -> list[tuple[str, float]]:
        s = state
        if s.phase == Phase.FIRST:
            if s.practice:
                return [("first:0", 1.0)]  # PM-R23: Player 1 always answers
            return [("first:0", 0.5), ("first:1", 0.5)]
        if self.current_player(s) != CHANCE:
            return []
        forced = _run_forces(s.question)
        if forced is not None:
            return [(CALL_TEXT[forced], 1.0)]
        return [(CALL_TEXT[WORDS[0]], 0.5), (CALL_TEXT[WORDS[1]], 0.5)]

    # -- applying -------------------------------------------------------------------------
    def _apply_beat(self, s: PunimonyoState, events: list[Event]) -> None:
        if s.phase == Phase.ANSWER:
            self._close_window(s, events)
        else:
            self._play_beat(s, events)

    def _apply_call(self, s: PunimonyoState, word: str, events: list[Event]) -> None:
        s.question.append(word)  # the app calls this word now, in public
        events.append(_silent("call", {"step": s.step, "word": word}))

    def _apply_random(self, s: PunimonyoState, events: list[Event]) -> None:
        s.auto = True
        s.phase = Phase.PLAY
        s.step = 0
        # No log line: the computer does this for every question; the row says it.
        events.append(_silent("random", {"seat": s.questioner}, reveals=False))

    def _apply_first(self, s: PunimonyoState, seat: int, events: list[Event]) -> None:
        # PM-R20: a random first responder, then the roles alternate stint by stint.
        s.first = seat
        if s.practice:
            s.order = [seat] * STINTS_PER_PLAYER
        else:
            s.order = [seat if k % 2 == 0 else 1 - seat for k in range(2 * STINTS_PER_PLAYER)]
        events.append(Event("first", {"seat": seat},
                            msg=Msg("log.first", seat=seat, practice=s.practice), reveals=True))
        self._start_stint(s, 0, events)

    def _start_stint(self, s: PunimonyoState, index: int, events: list[Event]) -> None:
        # PM-R14: every stint starts at length 3.
        s.stint = index
        s.streak = 0
        s.length = START_LENGTH
        responder = s.responder
        events.append(Event("stint", {"stint": index, "responder": responder},
                            msg=Msg("log.stint", stint=index, total=len(s.order),
                                    responder=responder, asker=1 - responder,
                                    first=START_LENGTH, practice=s.practice)))
        self._start_question(s)

    def _start_question(self, s: PunimonyoState) -> None:
        s.question = []
        s.answer = []
        s.window = 0
        s.step = 0
        s.auto = s.practice  # PM-R23: in practice the app asks
        s.phase = Phase.PLAY if s.practice else Phase.COMPOSE

    def _apply_ask(self, s: PunimonyoState, word: str, events: list[Event]) -> None:
        # PM-R13: a human questioner enters the whole question before it is played. The
        # responder learns that a word was entered, not which (and undo may take it back).
        s.question.append(word)
        events.append(_silent("ask", {"seat": s.questioner, "entered": len(s.question)},
                              reveals=False))
        if len(s.question) == s.length:
            s.phase = Phase.PLAY
            s.step = 0
            events.append(Event("set", {"seat": s.questioner, "length": s.length}))

    def _play_beat(self, s: PunimonyoState, events: list[Event]) -> None:
        # PM-R11: the ready beat, one word per beat, the pause beat; then the answer opens.
        s.beat += 1
        s.step += 1
        if s.step > s.length + 1:
            s.phase = Phase.ANSWER
            s.window = 0
            s.answer = []
        data: dict[str, Any] = {"step": s.step, "phase": s.phase}
        if s.step <= min(s.length, len(s.question)):
            # PM-R11: this beat calls the questioner's next word; now the responder hears it.
            # (A word the app calls is drawn on the beat, and its ``call`` says it.)
            data["word"] = s.question[s.step - 1]
        events.append(_silent("beat", data))

    def _apply_word(self, s: PunimonyoState, word: str, events: list[Event]) -> None:
        pos = len(s.answer)
        events.append(_silent("press", {"word": word, "window": s.window}))
        if pos > s.window:
            # PM-R12: this window already has its word; early input for the next is a mistake.
            self._mistake(s, EXTRA, s.window + 1, word, events)
            return
        s.answer.append(word)
        if word != OPPOSITE[s.question[pos]]:  # PM-R3, PM-R12
            self._mistake(s, WRONG, pos + 1, word, events)

    def _close_window(self, s: PunimonyoState, events: list[Event]) -> None:
        s.beat += 1
        events.append(_silent("beat", {"window": s.window}))
        if len(s.answer) == s.window:
            self._mistake(s, MISS, s.window + 1, "", events)  # PM-R12, PM-G3
            return
        s.window += 1
        if s.window == s.length:
            self._correct(s, events)

    def _outcome(self, s: PunimonyoState, kind: str, beat: int, pressed: str) -> None:
        s.last = {"responder": s.responder, "length": s.length, "question": s.question[:],
                  "answer": s.answer[:], "kind": kind, "beat": beat, "pressed": pressed,
                  "stint": s.stint}

    def _correct(self, s: PunimonyoState, events: list[Event]) -> None:
        # PM-R14: the next question is one word longer; PM-R15: the stint ends at the cap.
        s.streak += 1
        self._outcome(s, OK, 0, "")
        last = s.last
        assert last is not None
        events.append(Event("result", dict(last)))
        if s.length >= MAX_LENGTH:
            self._end_stint(s, True, events)
            return
        s.length += 1
        self._start_question(s)

    def _mistake(self, s: PunimonyoState, kind: str, beat: int, pressed: str,
                 events: list[Event]) -> None:
        # PM-R12: the answer stops at the first mistake; PM-R15, PM-R5: the stint ends.
        self._outcome(s, kind, beat, pressed)
        last = s.last
        assert last is not None
        events.append(Event("result", dict(last)))
        self._end_stint(s, False, events)

    def _end_stint(self, s: PunimonyoState, cap: bool, events: list[Event]) -> None:
        # PM-R21: the stint's score and its longest correct length.
        responder = s.responder
        score = s.streak
        best = stint_best(score)
        s.results.append({"responder": responder, "score": score, "best": best,
                          "end": "cap" if cap else "mistake"})
        final = s.stint + 1 >= len(s.order)
        events.append(Event("stint_end", {"responder": responder, "score": score,
                                          "best": best},
                            msg=Msg("log.stint_end", responder=responder, score=score,
                                    best=best, cap=cap, swap=not (final or s.practice))))
        if not final:
            self._start_stint(s, s.stint + 1, events)
            return
        self._finish(s, events)

    def _finish(self, s: PunimonyoState, events: list[Event]) -> None:
        s.phase = Phase.OVER
        s.streak = 0
        scores = s.scores()
        bests = s.bests()
        by_best = False
        if s.practice:
            s.winners = []
        elif scores[0] != scores[1]:  # PM-R22
            s.winners = [0 if scores[0] > scores[1] else 1]
        elif s.tiebreak and bests[0] != bests[1]:
            s.winners = [0 if bests[0] > bests[1] else 1]
            by_best = True
        else:
            s.winners = [0, 1]
        events.append(Event("end", {"scores": scores, "bests": bests, "winners": s.winners[:]},
                            msg=Msg("log.end", scores=scores[:], bests=bests[:],
                                    winners=s.winners[:], practice=s.practice,
                                    by_best=by_best)))

    # -- refusals -------------------------------------------------------------------------
    chance_kinds = ("first", "call")
    over_refusal = "refuse.over"
    waiting_refusal = None  # while the app calls a word, a press is refused for what it is

    def _refuse_word(self, s: PunimonyoState, word: str) -> Msg:
        if s.phase == Phase.PLAY:
            return Msg("refuse.listen")
        return Msg("refuse.setting", seat=s.questioner)

    def _refuse_ask(self, s: PunimonyoState, word: str) -> Msg:
        return Msg("refuse.set")

    def _refuse_random(self, s: PunimonyoState) -> Msg:
        if s.phase == Phase.COMPOSE:
            return Msg("refuse.begun")
        return Msg("refuse.set")

    def _refuse_beat(self, s: PunimonyoState) -> Msg:
        return Msg("refuse.beat")

    # -- results --------------------------------------------------------------------------
    def returns(self, state: PunimonyoState) -> list[float]:
        s = state
        if s.phase != Phase.OVER:
            return [0.0, 0.0]
        if s.practice:
            # PM-R23: the result is the longest correct answer (as a share of the cap).
            b = s.bests()[0] / MAX_LENGTH
            return [b, -b]
        return [1.0 if p in s.winners and len(s.winners) == 1
                else 0.0 if len(s.winners) == 2 else -1.0 for p in range(2)]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: PunimonyoState, seat: int | None) -> PunimonyoObs:
        s = state
        # A question the questioner entered is hers until each word is called; the app's
        # words exist only once called, so they are never secret.
        if s.phase in (Phase.COMPOSE, Phase.PLAY) and seat is not None and seat == s.questioner:
            question = s.question[:]
        else:
            question = s.question[:s.called()]
        last = s.last
        return {
            "game": self.spec.id, "seat": seat, "to_move": self.current_player(s),
            "phase": s.phase, "options": dict(s.options), "practice": s.practice,
            "tiebreak": s.tiebreak, "first": s.first, "order": s.order[:], "stint": s.stint,
            "responder": s.responder, "questioner": s.questioner, "length": s.length,
            "streak": s.streak, "question": question, "composed": len(s.question),
            "called": s.called(), "auto": s.auto, "step": s.step, "answer": s.answer[:],
            "window": s.window, "beat": s.beat,
            "results": [dict(r) for r in s.results],
            "last": None if last is None else _copy_last(last),
            "scores": s.scores(), "bests": s.bests(), "winners": s.winners[:],
        }

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> PunimonyoState:
        # Only the questioner's words not yet called are hidden: draw them afresh.
        s = self._visible_state(obs)
        hidden = int(obs["composed"]) - len(s.question)
        s.question.extend(WORDS[rng.randrange(2)] for _ in range(hidden))
        return s

    @staticmethod
    def _visible_state(obs: Observation) -> PunimonyoState:
        """The state as far as ``obs`` shows it (the question only up to what it shows)."""
        return FIELDS.load_shown(
            PunimonyoState(obs["options"]), obs,
            "phase first order stint streak length question auto step answer window beat results "
            "last winners")

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> PunimonyoState:
        return PunimonyoState(self.spec.resolve_options(data["options"]))

    # -- words ----------------------------------------------------------------------------
    # The moves worded plainly, Msg("move.<kind>", <name>=value) (Game.move_words); the
    # others by their _describe_ methods.
    move_words: ClassVar[Mapping[str, str | None]] = {
        "ask": "word",
        "word": "word",
        "call": "word",
        "random": None,
        "beat": None,
        "first": "seat",
    }

    def prompt(self, state: PunimonyoState, seat: int) -> Msg:
        return prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def scripted_action(self, obs: Observation, seat: int, legal: Sequence[str], level: str,
                        rng: random.Random) -> str | None:
        k = k_for(str(obs["options"].get("ai_k", "level")), level)
        if k is None:
            return None  # a level the rules do not define searches as usual
        phase = obs["phase"]
        if phase == Phase.COMPOSE:
            if RANDOM in legal:
                return RANDOM  # PM-R13, PM-G5: the computer questioner calls random words
            asks = [a for a in legal if a.startswith("ask:")]
            return asks[rng.randrange(len(asks))]
        if phase == Phase.ANSWER:
            pos = len(obs["answer"])
            if pos > int(obs["window"]):
                return BEAT  # this beat's word is in: wait for the next beat
            # PM-R16: right with chance p(N); a wrong answer errs at a uniformly drawn
            # position. Drawn word by word: the chance to err now, given no error so far, is
            # (q / N) / (1 − q·pos / N), which makes the error position uniform.
            n = int(obs["length"])
            q = 1.0 - p_correct(k, n)
            err = (q / n) / (1.0 - q * pos / n)
            right = OPPOSITE[str(obs["question"][pos])]
            word = OPPOSITE[right] if rng.random() < err else right
            return WORD_TEXT[word]
        if BEAT in legal:
            return BEAT
        return None

    def heuristic(self, state: PunimonyoState, seat: int) -> float | None:
        s = state
        if s.practice:
            return s.bests()[0] / MAX_LENGTH
        scores: list[float] = [float(v) for v in s.scores()]
        if s.phase == Phase.ANSWER:
            # An answer under way is worth part of the point it may earn, so a search
            # prefers the right word to a mistake even before the point is scored.
            scores[s.responder] += 0.5 * len(s.answer) / s.length
        # Three correct answers is about one good stint: a lead of that size is telling.
        return math.tanh((scores[seat] - scores[1 - seat]) / 3.0)

    def max_game_length(self) -> int:
        # Per question of N words at most N entries, N + 2 beats, N calls and 2N in the
        # answer; N from 3 to 20 in each of 6 stints.
        return 7_000



def _copy_result(r: Mapping[str, Any]) -> dict[str, Any]:
    return {"responder": int(r["responder"]), "score": int(r["score"]),
            "best": int(r["best"]), "end": str(r["end"])}


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What ``seat`` should do next, from an observation (the status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        return Msg("prompt.over", scores=[int(v) for v in obs["scores"]],
                   bests=[int(v) for v in obs["bests"]],
                   winners=[int(p) for p in obs["winners"]], practice=bool(obs["practice"]))
    if phase == Phase.FIRST:
        return Msg("prompt.drawing")
    n = int(obs["length"])
    responder = int(obs["responder"])
    questioner = int(obs["questioner"])
    if phase == Phase.COMPOSE:
        done = int(obs["composed"])
        if seat == questioner:
            return Msg("prompt.compose", n=n, done=done)
        return Msg("prompt.composing", seat=questioner, n=n, done=done)
    step = int(obs["step"])
    if phase == Phase.PLAY:
        if step == 0:
            return Msg("prompt.ready", n=n)
        if step <= n:
            return Msg("prompt.listen", step=step, n=n)
        return Msg("prompt.pause")
    window = int(obs["window"])
    answered = len(obs["answer"])
    if seat == responder:
        if answered > window and window + 1 < n:
            return Msg("prompt.next", next=window + 2)
        if answered > window:
            return Msg("prompt.hold")
        return Msg("prompt.answer", word=window + 1, n=n)
    return Msg("prompt.answering", seat=responder, window=window, n=n)
