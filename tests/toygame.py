"""Tiny two-player games for engine, AI and table tests: stones with a hidden card and chance
(also dealt in private), and (below) a row of turnable tiles and a game of keeps and swaps
whose state is a field table (``KeepsGame``, for the checks of who may see each field).

Seven stones lie on the table. Each player is dealt a secret card (1-5, no repeats). In turn,
players take one or two stones. When the pile is empty, each scores stones taken plus their
secret card; the higher score wins, equal scores draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine import CHANCE, TERMINAL, Event, Game, GameSpec, Msg, OptionSpec
from tabletop.engine.fields import INT, INTS, STR, STRS, StateFields, counts_per, derived
from tabletop.engine.game import winner_returns
from tabletop.engine.hidden import count_copies, deal_unseen
from tabletop.engine.layout import TILE_SIZE, GameView, Gesture, Layout, Piece, Zone
from tabletop.engine.tiles import TileArt, TileIcon
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
                 "カードを公開：{secret[0]}と{secret[1]}"),
    "only_left": ("Only {stones} stones are left.", "石は残り{stones}個です。"),
}, spec=ToyGame.spec, parent=ENGINE)


class ToyView(GameView):
    def layout(self, obs: dict[str, Any], seat: int | None) -> Layout:
        pieces = [Piece(f"stone{i}", "token", 100 + 50 * i, 200, art={"label": "●"})
                  for i in range(obs["stones"])]
        pieces.append(Piece("pile", "card", 100, 20, art={"title_en": "Take", "title_ja": "取る"}))
        return Layout(800, 400, pieces)

    def gestures(self, obs: dict[str, Any], seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        return [Gesture(a, source="stone0", target="pile", label_en=a, choice_en=a)
                for a in legal_actions]


class PrivateDealToy(ToyGame):
    """The toy game with the dealt card named in a private event, as Magos deals spells: each
    deal is told only to the seat that gets the card."""

    def apply_in_place(self, state: ToyState, action: str) -> list[Event]:
        events = super().apply_in_place(state, action)
        if action.startswith("deal:"):
            seat = state.secret.index(int(action[5:]))
            return [Event("deal", {"seat": seat}, msg=Msg("log.dealt_you", card=int(action[5:])),
                          seats=frozenset({seat}), reveals=True)]
        return events


#: The toy game's words with the private deal's line.
DEAL_WORDS = TOY_WORDS.merged({"log.dealt_you": ("You are dealt card {card}.",
                                                 "カード{card}が配られました。")})


# -- a toy with turnable tiles ------------------------------------------------------------------
#
# Two players extend a row of five cells from the start tile in the middle. Tiles come in a
# fixed order; the player to move places the next one at either end of the row, facing either
# way round, where its edge and the neighbour's edge are both open (a path or a stub), or passes
# when it fits nowhere. A placed tile scores a point; the game ends when the row is full or
# every tile is drawn. It is here to prove the table's tile art and turning with a real view.

TILE_CELLS = 5
TILE_START = 2
TILE_DECK: tuple[TileArt, ...] = (
    # A bend from the west edge to the south: it fits to the right of the row as it lies and to
    # the left only turned round (its open west edge becomes the east one).
    TileArt(w="path", s="path", segments=(("W", "S"),), icons=(TileIcon("door", at="W",
                                                                         color="#2e8b57"),)),
    # A straight tunnel with a crystal: either way round at either end.
    TileArt(e="path", w="path", segments=(("E", "W"),), icons=(TileIcon("crystal"),)),
    # A straight north-south tunnel: fits nowhere in a row (the player passes).
    TileArt(n="path", s="path", segments=(("N", "S"),), icons=(TileIcon("ladder"),)),
    TileArt(w="path", e="stub", segments=(("W",),), icons=(TileIcon("gold"),)),
    TileArt(e="path", w="path", n="stub", segments=(("E", "W"),)),
)
TILE_START_ART = TileArt(e="path", w="path", segments=(("E", "W"),), label="S")


class TileRowState:
    def __init__(self) -> None:
        # Per cell: (index in TILE_DECK, turned round) or None; the start tile is index -1.
        self.cells: list[tuple[int, bool] | None] = [None] * TILE_CELLS
        self.cells[TILE_START] = (-1, False)
        self.drawn = 0  # tiles drawn so far; the one in hand is TILE_DECK[drawn]
        self.turn = 0
        self.score = [0, 0]

    def clone(self) -> TileRowState:
        s = TileRowState()
        s.cells, s.drawn, s.turn, s.score = self.cells[:], self.drawn, self.turn, self.score[:]
        return s


def tile_at(entry: tuple[int, bool]) -> TileArt:
    index, turned = entry
    tile = TILE_START_ART if index < 0 else TILE_DECK[index]
    return tile.rotated_180() if turned else tile


class TileRowGame(Game[TileRowState]):
    spec = GameSpec(id="toy-tiles", name_en="Tile row", name_ja="タイルの列", min_players=2,
                    max_players=2, has_hidden_information=False)

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> TileRowState:
        return TileRowState()

    def num_players(self, state: TileRowState) -> int:
        return 2

    def current_player(self, state: TileRowState) -> int:
        if state.drawn >= len(TILE_DECK) or None not in state.cells:
            return TERMINAL
        return state.turn

    @staticmethod
    def fits(state: TileRowState, cell: int, tile: TileArt) -> bool:
        if not 0 <= cell < TILE_CELLS or state.cells[cell] is not None:
            return False
        for side, edge, facing in ((-1, "W", "E"), (1, "E", "W")):
            near = cell + side
            entry = state.cells[near] if 0 <= near < TILE_CELLS else None
            if entry is not None and not (tile.is_open(edge)  # type: ignore[arg-type]
                                          and tile_at(entry).is_open(facing)):  # type: ignore
                return False
        return any(0 <= cell + d < TILE_CELLS and state.cells[cell + d] is not None
                   for d in (-1, 1))

    def legal_actions(self, state: TileRowState) -> list[str]:
        if self.current_player(state) == TERMINAL:
            return []
        tile = TILE_DECK[state.drawn]
        out = [f"place:{c}:{o}" for c in range(TILE_CELLS) for o in (0, 180)
               if self.fits(state, c, tile.rotated_180() if o else tile)]
        return sorted(out) or ["pass"]

    def chance_outcomes(self, state: TileRowState) -> list[tuple[str, float]]:
        return []  # the tiles come in a fixed order

    def is_well_formed(self, action: str) -> bool:
        parts = action.split(":")
        return action == "pass" or (len(parts) == 3 and parts[0] == "place"
                                    and parts[1].isdigit() and parts[2] in ("0", "180"))

    def reason(self, state: TileRowState, action: str) -> Msg | None:
        if action in self.legal_actions(state):
            return None
        return Msg("tile_does_not_fit")

    def apply_in_place(self, state: TileRowState, action: str) -> list[Event]:
        seat = state.turn
        if action == "pass":
            events = [Event("pass", {"seat": seat})]
        else:
            _, cell, orientation = action.split(":")
            state.cells[int(cell)] = (state.drawn, orientation == "180")
            state.score[seat] += 1
            events = [Event("place", {"seat": seat, "cell": int(cell),
                                      "turned": orientation == "180"})]
        state.drawn += 1
        state.turn = 1 - seat
        return events

    def returns(self, state: TileRowState) -> list[float]:
        if self.current_player(state) != TERMINAL:
            return [0.0, 0.0]
        a, b = state.score
        return [1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0]

    def observation(self, state: TileRowState, seat: int | None) -> dict[str, Any]:
        return self.state_to_json(state)

    def resample(self, obs: dict[str, Any], seat: int, rng: random.Random) -> TileRowState:
        return self.state_from_json(obs)

    def state_to_json(self, state: TileRowState) -> dict[str, Any]:
        return {"cells": [list(c) if c is not None else None for c in state.cells],
                "drawn": state.drawn, "turn": state.turn, "score": state.score[:]}

    def state_from_json(self, data: Mapping[str, Any]) -> TileRowState:
        s = TileRowState()
        s.cells = [(int(c[0]), bool(c[1])) if c is not None else None for c in data["cells"]]
        s.drawn, s.turn, s.score = int(data["drawn"]), int(data["turn"]), list(data["score"])
        return s


TILE_WORDS = Catalogue({
    "log.place": ("Seat {seat:number} places a tile in cell {cell}",
                  "席{seat:number}がマス{cell}にタイルを置きました"),
    "log.pass": ("Seat {seat:number} passes", "席{seat:number}はパスしました"),
    "tile_does_not_fit": ("The tile does not fit there.", "そこにはタイルが合いません。"),
}, spec=TileRowGame.spec, parent=ENGINE)


def hand_id(drawn: int) -> str:
    return f"tile{drawn}"


class TileRowView(GameView):
    """Cells are zones; the tile in hand lies below the row, turnable; ``place:<cell>:180`` is
    the move made with it turned round."""

    CELL_X = 60.0
    ROW_Y = 60.0

    def layout(self, obs: dict[str, Any], seat: int | None) -> Layout:
        lay = Layout(640, 300)
        step = TILE_SIZE + 20
        for c, entry in enumerate(obs["cells"]):
            x = self.CELL_X + c * step
            if entry is None:
                lay.zones.append(Zone(f"cell{c}", x - 6, self.ROW_Y - 6, TILE_SIZE + 12,
                                      TILE_SIZE + 12, str(c), str(c)))
                continue
            index, turned = entry
            art = tile_at((index, bool(turned))).to_art()
            pid = "start" if index < 0 else hand_id(index)
            lay.pieces.append(Piece(pid, "tile", x, self.ROW_Y, art=art))
        if obs["drawn"] < len(TILE_DECK) and None in obs["cells"]:
            lay.pieces.append(Piece(hand_id(obs["drawn"]), "tile", 280, 190,
                                    art=TILE_DECK[obs["drawn"]].to_art(), turnable=True))
        return lay

    def gestures(self, obs: dict[str, Any], seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        out = []
        for a in legal_actions:
            if a == "pass":
                out.append(Gesture(a, label_en="Pass", label_ja="パス"))
                continue
            _, cell, orientation = a.split(":")
            out.append(Gesture(a, source=hand_id(obs["drawn"]), target=f"cell{cell}",
                               turned=orientation == "180", choice_en=f"Cell {cell}",
                               choice_ja=f"マス{cell}"))
        return out

    def why_not(self, obs: dict[str, Any], seat: int | None, source: str,
                target: str | None) -> Msg:
        return Msg("tile_does_not_fit")


# -- a toy with rounds, a die and a count the observation does not hold -----------------------
#
# Two players each hold one hidden card (1-6, two copies of each in the deck). A round starts
# with a die roll; then, in turn, a player keeps his card or swaps it: the card goes face up to
# the discards and he draws another. The round ends at the third keep or the second swap, when
# both cards are shown and the one nearer the die scores a point (a tie scores nothing). Three
# rounds. Besides the round's moves the state counts its keeps and swaps, for speed; the
# observation shows the moves alone, from which a resampler must work the counts out (as a
# plugin author's game once needed).

KEEPS_VALUES = (1, 2, 3, 4, 5, 6)
KEEPS_INDEX = {v: i for i, v in enumerate(KEEPS_VALUES)}
KEEPS_COPIES = 2
KEEPS_ROUNDS = 3
KEEPS_ENDS = {"keeps": 3, "swaps": 2}  # the round ends when either count reaches this

KEEPS_FIELDS = StateFields(
    phase=STR.public, round=INT.public, turn=INT.public, die=INT.public,
    moves=STRS.public, keeps=INT.public, swaps=INT.public, pending=INTS.public,
    hands=INTS.owned,  # 0: no card
    discards=INTS.public,
    deck=counts_per(KEEPS_VALUES).unseen, deck_size=derived(lambda s: sum(s.deck)).public,
    scores=INTS.public,
)


class KeepsState:
    __slots__ = KEEPS_FIELDS.names

    def __init__(self) -> None:
        self.phase = "roll"  # roll, deal (chance); play; over
        self.round = 1
        self.turn = 0
        self.die = 0
        self.moves: list[str] = []  # this round's, "keep" or "swap"
        self.keeps = 0
        self.swaps = 0
        self.pending: list[int] = []  # seats still to be dealt a card
        self.hands = [0, 0]
        self.discards: list[int] = []
        self.deck = [KEEPS_COPIES] * len(KEEPS_VALUES)
        self.deck_size = sum(self.deck)
        self.scores = [0, 0]

    def clone(self) -> KeepsState:
        return KEEPS_FIELDS.clone(self)


class KeepsGame(Game[KeepsState]):
    spec = GameSpec(id="toy-keeps", name_en="Keeps", name_ja="キープ", min_players=2,
                    max_players=2)
    fields = KEEPS_FIELDS

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> KeepsState:
        return KeepsState()

    def blank_state(self, data: Mapping[str, Any]) -> KeepsState:
        return KeepsState()

    def current_player(self, state: KeepsState) -> int:
        if state.phase == "play":
            return state.turn
        return TERMINAL if state.phase == "over" else CHANCE

    def legal_actions(self, state: KeepsState) -> list[str]:
        if state.phase == "play":
            return ["keep", "swap"] if state.deck_size else ["keep"]
        return [a for a, _ in self.chance_outcomes(state)]

    def chance_outcomes(self, state: KeepsState) -> list[tuple[str, float]]:
        if state.phase == "roll":
            return [(f"roll:{d}", 1 / 6) for d in range(1, 7)]
        if state.phase == "deal":
            return [(f"deal:{v}", k / state.deck_size)
                    for v, k in zip(KEEPS_VALUES, state.deck, strict=True) if k]
        return []

    def is_well_formed(self, action: str) -> bool:
        kind, _, arg = action.partition(":")
        return action in ("keep", "swap") or (kind in ("roll", "deal") and arg in "123456"
                                              and len(arg) == 1)

    def apply_in_place(self, state: KeepsState, action: str) -> list[Event]:
        s = state
        kind, _, arg = action.partition(":")
        if kind == "roll":
            s.die = int(arg)
            s.phase = "deal"
            s.pending = [(s.round - 1) % 2, s.round % 2]
            return [Event("roll", {"die": s.die}, reveals=True)]
        if kind == "deal":
            seat = s.pending.pop(0)
            s.hands[seat] = int(arg)
            s.deck[KEEPS_INDEX[int(arg)]] -= 1
            s.deck_size -= 1
            events = [Event("deal", {"seat": seat}),
                      Event("card", {"seat": seat, "card": int(arg)}, seats=frozenset((seat,)),
                            reveals=True, logged=False)]
            if s.pending:
                return events
            s.phase = "play"
            if s.moves:  # the card drawn for a swap: the swapper's move is done
                return events + self._moved(s)
            s.turn = (s.round - 1) % 2
            return events
        seat = s.turn
        s.moves.append(action)
        if action == "keep":
            s.keeps += 1
            return [Event("keep", {"seat": seat}), *self._moved(s)]
        s.swaps += 1
        card = s.hands[seat]
        s.hands[seat] = 0
        s.discards.append(card)
        s.phase = "deal"
        s.pending = [seat]
        return [Event("swap", {"seat": seat, "card": card}, reveals=True)]

    def _moved(self, s: KeepsState) -> list[Event]:
        if s.keeps < KEEPS_ENDS["keeps"] and s.swaps < KEEPS_ENDS["swaps"]:
            s.turn = 1 - s.turn
            return []
        a, b = (abs(c - s.die) for c in s.hands)
        if a != b:
            s.scores[0 if a < b else 1] += 1
        events = [Event("show", {"cards": s.hands[:]}, reveals=True)]
        s.discards.extend(s.hands)
        s.hands = [0, 0]
        s.keeps = s.swaps = 0
        s.moves = []
        if s.round == KEEPS_ROUNDS:
            s.phase = "over"
        else:
            s.round += 1
            s.phase = "roll"
        return events

    def returns(self, state: KeepsState) -> list[float]:
        a, b = state.scores
        return winner_returns(2, [0] if a > b else [1] if b > a else [0, 1],
                              state.phase == "over" and a != b)

    def observation(self, state: KeepsState, seat: int | None) -> dict[str, Any]:
        s = state
        return {
            "game": self.spec.id, "seat": seat, "phase": s.phase,
            "to_move": self.current_player(s), "round": s.round, "turn": s.turn, "die": s.die,
            "pending": s.pending[:], "moves": s.moves[:],
            "hands": [c if p == seat or not c else None for p, c in enumerate(s.hands)],
            "discards": s.discards[:], "deck": s.deck_size, "scores": s.scores[:],
        }

    def resampler(self, obs: Mapping[str, Any], seat: int
                  ) -> Callable[[random.Random], KeepsState]:
        base = KEEPS_FIELDS.load_seen(KeepsState(), obs, seat)
        self.rebuild_counts(base, obs)
        others = [p for p, c in enumerate(obs["hands"]) if c is None]
        pool = self.unseen_cards(base, seat)

        def sample(rng: random.Random) -> KeepsState:
            s = base.clone()
            places, rest = deal_unseen(pool, [1] * len(others), rng)
            for p, place in zip(others, places, strict=True):
                s.hands[p] = place[0]
            s.deck = count_copies(rest, KEEPS_INDEX)
            s.deck_size = len(rest)
            return s

        return sample

    def rebuild_counts(self, s: KeepsState, obs: Mapping[str, Any]) -> None:
        """The round's keeps and swaps, which the observation holds only as its moves."""
        s.keeps = obs["moves"].count("keep")
        s.swaps = obs["moves"].count("swap")

    def unseen_cards(self, s: KeepsState, seat: int) -> list[int]:
        """The cards ``seat`` cannot locate: the deck less the discards and its own card."""
        left = [KEEPS_COPIES] * len(KEEPS_VALUES)
        for c in [*s.discards, s.hands[seat]]:
            if c:
                left[KEEPS_INDEX[c]] -= 1
        return [v for v, k in zip(KEEPS_VALUES, left, strict=True) for _ in range(k)]
