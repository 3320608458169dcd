"""A tiny two-player game with a hidden card and chance, for engine, AI and table tests.

Seven stones lie on the table. Each player is dealt a secret card (1-5, no repeats). In turn,
players take one or two stones. When the pile is empty, each scores stones taken plus their
secret card; the higher score wins, equal scores draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.engine import CHANCE, TERMINAL, Event, Game, GameSpec, Msg, OptionSpec
from tabletop.engine.layout import GameView, Gesture, Layout, Piece
from tabletop.text import ENGINE, Catalogue


class ToyState:
    def __init__(self) -> None:
        self.stones = 7
        self.secret: list[int] = [0, 0]
        self.taken = [0, 0]
        self.turn = 0

    def clone(self) -> ToyState:
        s = ToyState()
        s.stones, s.secret, s.taken, s.turn = self.stones, self.secret[:], self.taken[:], self.turn
        return s


class ToyGame(Game[ToyState]):
    spec = GameSpec(
        id="toy", name_en="Stones", name_ja="石取り", min_players=2, max_players=2,
        options=(OptionSpec("stones", "Stones", "石の数", 7, (5, 7, 9)),),
    )

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> ToyState:
        s = ToyState()
        s.stones = int(options.get("stones", 7))
        return s

    def num_players(self, state: ToyState) -> int:
        return 2

    def current_player(self, state: ToyState) -> int:
        if 0 in state.secret:
            return CHANCE
        if state.stones == 0:
            return TERMINAL
        return state.turn

    def legal_actions(self, state: ToyState) -> list[str]:
        p = self.current_player(state)
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes(state)]
        if p == TERMINAL:
            return []
        return [f"take:{k}" for k in (1, 2) if k <= state.stones]

    def chance_outcomes(self, state: ToyState) -> list[tuple[str, float]]:
        free = [c for c in range(1, 6) if c not in state.secret]
        return [(f"deal:{c}", 1 / len(free)) for c in free]

    def is_well_formed(self, action: str) -> bool:
        kind, _, arg = action.partition(":")
        return kind in ("take", "deal") and arg.isdigit()

    def reason(self, state: ToyState, action: str) -> Msg | None:
        if action in self.legal_actions(state):
            return None
        return Msg("only_left", stones=state.stones)

    def apply_in_place(self, state: ToyState, action: str) -> list[Event]:
        kind, _, arg = action.partition(":")
        k = int(arg)
        if kind == "deal":
            seat = state.secret.index(0)
            state.secret[seat] = k
            # Everyone reads that a card was dealt; its seat alone reads which (no log line).
            return [Event("deal", {"seat": seat}, reveals=True),
                    Event("card", {"seat": seat, "card": k}, seats=frozenset((seat,)),
                          reveals=True, logged=False)]
        state.stones -= k
        state.taken[state.turn] += k
        events = [Event("take", {"seat": state.turn, "n": k})]
        state.turn = 1 - state.turn
        if state.stones == 0:  # the secret cards are shown at the end
            a, b = state.secret
            events.append(Event("show", {"secret": [a, b]}, reveals=True))
        return events

    def returns(self, state: ToyState) -> list[float]:
        if self.current_player(state) != TERMINAL:
            return [0.0, 0.0]
        a, b = (state.taken[i] + state.secret[i] for i in (0, 1))
        return [1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0]

    def observation(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "stones": state.stones, "taken": state.taken[:], "turn": state.turn,
            "dealt": [c != 0 for c in state.secret],
            "secret": [c if (seat == i or self.current_player(state) == TERMINAL) else None
                       for i, c in enumerate(state.secret)],
        }

    def resample(self, obs: dict[str, Any], seat: int, rng: random.Random) -> ToyState:
        s = ToyState()
        s.stones, s.taken, s.turn = obs["stones"], list(obs["taken"]), obs["turn"]
        known = [c for c in obs["secret"] if c]
        pool = [c for c in range(1, 6) if c not in known]
        rng.shuffle(pool)
        s.secret = [c if c else (pool.pop() if d else 0)
                    for c, d in zip(obs["secret"], obs["dealt"], strict=True)]
        return s

    def state_to_json(self, state: ToyState) -> dict[str, Any]:
        return {"stones": state.stones, "secret": state.secret, "taken": state.taken,
                "turn": state.turn}

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        s = ToyState()
        s.stones, s.secret = int(data["stones"]), list(data["secret"])
        s.taken, s.turn = list(data["taken"]), int(data["turn"])
        return s

    def heuristic(self, state: ToyState, seat: int) -> float | None:
        return 0.0


TOY_WORDS = Catalogue({
    "log.deal": ("Seat {seat:number} gets a card", "席{seat:number}にカードが配られました"),
    "log.take": ("Seat {seat:number} takes {n}", "席{seat:number}が{n}個取りました"),
    "log.show": ("The cards are shown: {secret[0]} and {secret[1]}",
                 "カードを公開:{secret[0]}と{secret[1]}"),
    "only_left": ("Only {stones} stones are left.", "石は残り{stones}個です。"),
}, spec=ToyGame.spec, parent=ENGINE)


class ToyView(GameView):
    def layout(self, obs: dict[str, Any], seat: int | None, lang: str) -> Layout:
        pieces = [Piece(f"stone{i}", "token", 100 + 50 * i, 200, art={"label": "●"})
                  for i in range(obs["stones"])]
        pieces.append(Piece("pile", "card", 100, 20, art={"title_en": "Take", "title_ja": "取る"}))
        return Layout(800, 400, pieces)

    def gestures(self, obs: dict[str, Any], seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        return [Gesture(a, source="stone0", target="pile", label_en=a, choice_en=a)
                for a in legal_actions]
