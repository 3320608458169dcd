"""Saboteur 2 on the table: the tunnel maze between the start card and the three goal cards,
a panel per dwarf (role card, gold, hand count, cards in front of him), the deck and the pay
table, the player's own hand, and how a drag or a click becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The maze is
laid out on a grid whose cell size shrinks as the maze's bounding box grows; past a floor the
whole table grows instead and the window zooms it to fit. Empty spaces next to the maze are
zones, so a path card (a ``turnable`` tile: right-click or R turns it round while dragging) is
dropped on a space; the cells where it fits glow for the way it faces. Action cards are
dropped on a player's area, on a card in front of a player (a repair on the broken tool it
mends), on a maze card (Rockfall) or on a face-down goal (Map); cards go face down on the
Discard zone to pass or to pay for removing a card in front of oneself (a click on that card).

A seat's layout shows only what its observation holds: its own hand and role face up, other
hands as counts, other roles as backs unless inspected or shown at the end of the round, and
goal cards face down unless turned up or looked at with this seat's own Map. Refusals come from
the rules model (``reason`` on the state as this seat sees it), one reason path for the table
and the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from tabletop import api
from tabletop.api import Box, Gesture, IdForm, Layout, Msg, Piece, Text, Zone, both, score_row

from .actions import END, parse_place, parse_play
from .data import (
    BREAK,
    FRONT_CARDS,
    GOAL_CELLS,
    MAP,
    PATH_IDS,
    PAY_BY_WINNERS,
    REPAIRS,
    ROCKFALL,
    ROUNDS,
    SHAPE_OF,
    SHAPES,
    THEFT,
    TRAP,
)
from .knowledge import Saboteur2Obs, SeatObs, describe, prompt_from_obs, visible_state
from .model import Saboteur2Game
from .state import CHANCE_PHASES, Phase
from .words import WORDS

BASE_W = 1280.0
BASE_H = 800.0
MARGIN = 10.0
GAP = 8.0
#: Share of the table's height the viewer's own strip (role, hand, discard) takes; the same
#: band ``seat_panels`` keeps free for the seat at the screen.
OWN_BAND = 0.24
INFO_W = 196.0
MAX_CELL = 84.0
#: Below this the maze is too small to read: the whole table grows instead.
MIN_CELL = 42.0
#: The room the maze's column labels (below it) and row labels (left of it) take.
LABELS_W, LABELS_H = 28.0, 20.0
LABEL_COLOR = "#d9cfb2"
HAND_TILE = 84.0
HAND_CARD_W, HAND_CARD_H = 104.0, 146.0
ROLE_W, ROLE_H = 92.0, 128.0
MINI_W, MINI_H = 34.0, 48.0
MARK_W, MARK_H = 56.0, 26.0
TURN_COLOR = "#d4a017"
GOLD_COLOR = "#d4a017"

ROLE_COLORS = {"R-GRN": "#2e8b3d", "R-BLU": "#2b5fb3", "R-BOS": "#a0701a",
               "R-PRO": "#8e5bd0", "R-GEO": "#6f7d8a", "R-SAB": "#3b2a26"}
MARK_COLORS = {**dict.fromkeys(BREAK.values(), "#b03a2e"), TRAP: "#5d2a7a",
               THEFT: "#8a6d1a"}
_BODY_OF = {**dict.fromkeys(BREAK.values(), "break"), **dict.fromkeys(REPAIRS, "repair"),
            ROCKFALL: "rock", MAP: "map", THEFT: "theft", "A-HOF": "hands_off",
            "A-SWH": "swap_hand", "A-INS": "inspect", "A-HAT": "swap_hat", TRAP: "trap",
            "A-FRE": "free"}
_CARD_COLORS = {"break": "#b03a2e", "repair": "#2e8b57", "rock": "#7a5230", "map": "#2a7f8f",
                "theft": "#8a6d1a", "hands_off": "#8a6d1a", "swap_hand": "#5b5f97",
                "inspect": "#5b5f97", "swap_hat": "#5b5f97", "trap": "#5d2a7a",
                "free": "#5d2a7a"}
#: Action cards aimed at a player's area (the target is a seat).
_SEAT_CARDS = frozenset({*BREAK.values(), *REPAIRS, TRAP, "A-FRE", "A-HOF", "A-SWH", "A-INS",
                         "A-HAT"})

_RULES = Saboteur2Game()


def _both(code: str, **args: Any) -> tuple[str, str]:
    return both(Msg(code, **args), WORDS)


#: A card of the viewer's hand, by index.
hand_id = IdForm("h{}")
#: An empty space next to the maze, and a card of the maze: (x, y) on the grid.
cell_id = IdForm("c{},{}")
maze_id = IdForm("m{},{}")
goal_id = IdForm("goal{}")
#: The phases in which the round just settled is still the one on the table (its thefts, the
#: pause before the next round's goals, the game's end): its result is this round's.
ROUND_OVER = frozenset({Phase.STEAL, Phase.GOALS, Phase.OVER})
#: A dwarf's area, the gold beside it and his role card, by seat.
seat_id, gold_id, role_id = IdForm("seat{}"), IdForm("g{}"), IdForm("r{}")
#: A card in front of a dwarf: (seat, card id).
front_id = IdForm("f{}-{}")


def _front_of(pid: str) -> tuple[int, str] | None:
    if not pid.startswith("f"):
        return None
    seat, sep, card = pid[1:].partition("-")
    return (int(seat), card) if sep and seat.isdigit() and card in FRONT_CARDS else None


class _Grid:
    """Where the maze lies: the cell size and the table position of cell (x0, y0)."""

    def __init__(self, cells: Iterable[tuple[int, int]], box: Box) -> None:
        cs = list(cells)
        self.x0 = min(x for x, _ in cs)
        self.y0 = min(y for _, y in cs)
        self.cols = max(x for x, _ in cs) - self.x0 + 1
        self.rows = max(y for _, y in cs) - self.y0 + 1
        self.fit = min(box.w / self.cols, box.h / self.rows)
        self.cell = min(MAX_CELL, self.fit)
        self.left = box.x + (box.w - self.cols * self.cell) / 2
        self.top = box.y + (box.h - self.rows * self.cell) / 2

    def at(self, x: int, y: int) -> tuple[float, float]:
        return self.left + (x - self.x0) * self.cell, self.top + (y - self.y0) * self.cell


class Saboteur2View(api.GameView[Saboteur2Obs]):
    """Layout, gestures and words for Saboteur 2."""

    #: A path card laid in the maze is a tile; stolen gold is money.
    sound_of: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "place": (api.sounds.TILE,),
        "steal": (api.sounds.COIN,),
    }

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: Saboteur2Obs, seat: int | None) -> Layout:
        n = int(obs["num_players"])
        over = obs["phase"] == Phase.OVER
        active = None if over or int(obs["turn"]) < 0 else int(obs["turn"])
        cells = self._cells(obs)
        base = api.seat_panels(n, BASE_W, BASE_H, own=seat, active=active)
        width, height = BASE_W, BASE_H
        for _ in range(2):
            boxes, region = self._spread(base, seat, width, height)
            maze_box = Box(region.x + INFO_W + 14 + LABELS_W, region.y,
                           region.w - INFO_W - 14 - LABELS_W, region.h - LABELS_H)
            grid = _Grid(cells["all"], maze_box)
            if grid.fit >= MIN_CELL - 0.5:
                break
            # Too small to read: the middle of the table grows (the panels keep their size
            # and move apart), keeping the table's proportions, and the window zooms out.
            more_w = max(0.0, grid.cols * MIN_CELL - maze_box.w)
            more_h = max(0.0, grid.rows * MIN_CELL - maze_box.h)
            width = max(BASE_W + more_w, (BASE_H + more_h) * BASE_W / BASE_H)
            height = width * BASE_H / BASE_W
        out = Layout(width, height)
        self._add_maze(out, obs, seat, grid, cells)
        self._add_info(out, obs, seat, region)
        for p in range(n):
            if p != seat:
                self._add_panel(out, obs, seat, p, boxes[p])
        if seat is not None:
            self._add_own(out, obs, seat, width, height)
        return out

    @staticmethod
    def _cells(obs: Saboteur2Obs) -> dict[str, set[tuple[int, int]]]:
        """The maze's cards, the goal positions, and the empty spaces next to the maze (the
        only places a path card can go, so the only drop zones)."""
        taken = {(int(c["x"]), int(c["y"])) for c in obs["maze"]}
        taken |= {(int(g["x"]), int(g["y"])) for g in obs["goals"] if g["up"]}
        goals = {(int(g["x"]), int(g["y"])) for g in obs["goals"]}
        empty = {(x + dx, y + dy) for x, y in taken
                 for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - taken - goals
        # The column east of the goals stays on the grid: a Map's "seen" note goes there.
        east = {(x + 1, y) for x, y in goals}
        return {"taken": taken, "goals": goals, "empty": empty,
                "all": taken | goals | empty | east}

    @staticmethod
    def _spread(base: list[Box], seat: int | None, width: float,
                height: float) -> tuple[list[Box], Box]:
        """The seat panels of a ``BASE_W`` x ``BASE_H`` table moved apart on a table of
        ``width`` x ``height`` (sizes kept), and the middle of the table they leave free."""
        dw, dh = width - BASE_W, height - BASE_H
        boxes: list[Box] = []
        top, left, right = MARGIN, MARGIN, width - MARGIN
        for b in base:
            cx, cy = b.x + b.w / 2, b.y + b.h / 2
            if b.y < BASE_H * 0.2:  # the top row
                moved = Box(b.x + dw * cx / BASE_W, b.y, b.w, b.h)
                top = max(top, moved.y + moved.h)
            elif b.x <= MARGIN + 1:  # down the left side
                moved = Box(b.x, b.y + dh * cy / BASE_H, b.w, b.h)
                left = max(left, moved.x + moved.w)
            elif b.x + b.w >= BASE_W - MARGIN - 1:  # down the right side
                moved = Box(b.x + dw, b.y + dh * cy / BASE_H, b.w, b.h)
                right = min(right, moved.x)
            else:  # the seat at the screen: its strip is laid out by ``_add_own``
                moved = Box(b.x + dw / 2, b.y + dh, b.w, b.h)
            boxes.append(moved)
        bottom = height - MARGIN - (BASE_H * OWN_BAND + 4 if seat is not None else 0)
        top += 10
        return boxes, Box(left + GAP, top, right - left - 2 * GAP, bottom - top)

    # -- the maze -------------------------------------------------------------------------
    def _add_maze(self, out: Layout, obs: Saboteur2Obs, seat: int | None, grid: _Grid,
                  cells: dict[str, set[tuple[int, int]]]) -> None:
        size = grid.cell - 2
        for c in obs["maze"]:
            x, y = int(c["x"]), int(c["y"])
            shape = SHAPES[SHAPE_OF[str(c["card"]), bool(c["turned"])]]
            px, py = grid.at(x, y)
            en, ja = _both("view.tile_maze", card=str(c["card"]), x=x, y=y,
                           turned=bool(c["turned"]))
            out.pieces.append(Piece(maze_id(x, y), "tile", px + 1, py + 1,
                                    art=shape.art.to_art(), w=size, h=size,
                                    tooltip_en=en, tooltip_ja=ja))
        shown = bool(obs["roles_shown"])
        for slot, g in enumerate(obs["goals"]):
            x, y = int(g["x"]), int(g["y"])
            px, py = grid.at(x, y)
            card = g["card"]
            if card is None:
                en, ja = _both("view.goal_down", x=x, y=y)
                out.pieces.append(Piece(goal_id(slot), "card", px + 1, py + 1, face_up=False,
                                        w=size, h=size, tooltip_en=en, tooltip_ja=ja))
                continue
            shape = SHAPES[SHAPE_OF[str(card), bool(g["turned"])]]
            if g["up"]:
                code, state = "view.goal_up", ""
            elif shown:
                code, state = "view.goal_shown", "dim"
            else:
                # This seat's own Map (nobody else's layout has it): its face, full bright, and
                # beside it what it is and that only this seat sees it.
                code, state = "view.goal_peek", "active"
            en, ja = _both(code, card=str(card), x=x, y=y)
            out.pieces.append(Piece(goal_id(slot), "tile", px + 1, py + 1,
                                    art=shape.art.to_art(), w=size, h=size, state=state,
                                    tooltip_en=en, tooltip_ja=ja))
            if not g["up"] and not shown:
                en, ja = _both(f"card.{card}")
                out.texts.append(Text(f"peek{slot}", px + grid.cell + 3,
                                      py + grid.cell / 2 - 19, en, ja, size=13, bold=True,
                                      color="#ffe08a"))
                en, ja = _both("view.peek_note")
                out.texts.append(Text(f"peek{slot}:only", px + grid.cell + 3,
                                      py + grid.cell / 2 + 1, en, ja, size=11,
                                      color="#ffe08a"))
        for x, y in sorted(cells["empty"]):
            px, py = grid.at(x, y)
            out.zones.append(Zone(cell_id(x, y), px + 3, py + 3, grid.cell - 6, grid.cell - 6))
        # The columns and rows as the log names them (column 3, row −1), counted from the
        # start card, below the maze and left of it (room kept for them: ``LABELS``).
        half = grid.cell / 2
        api.grid_labels(out, "maze",
                    [(x, grid.at(x, grid.y0)[0] + half)
                     for x in range(grid.x0, grid.x0 + grid.cols)],
                    grid.top + grid.rows * grid.cell + 3,
                    [(y, grid.at(grid.x0, y)[1] + half)
                     for y in range(grid.y0, grid.y0 + grid.rows)],
                    grid.left - 5, size=15.0, color=LABEL_COLOR)

    # -- the middle column: round, deck, pay table, last result ----------------------------
    def _add_info(self, out: Layout, obs: Saboteur2Obs, seat: int | None, box: Box) -> None:
        x, y = box.x, box.y
        en, ja = _both("view.round", round=int(obs["round"]), rounds=ROUNDS)
        out.texts.append(Text("round", x, y, en, ja, size=18, bold=True))
        deck = int(obs["deck"])
        en, ja = _both("view.deck_tip", count=deck)
        out.pieces.append(Piece("deck", "card", x, y + 32, face_up=False, w=50, h=70,
                                tooltip_en=en, tooltip_ja=ja))
        en, ja = _both("view.deck")
        out.texts.append(Text("deck_label", x + 58, y + 38, en, ja, size=14, bold=True))
        en, ja = _both("view.deck_count", count=deck)
        out.texts.append(Text("deck_count", x + 58, y + 62, en, ja, size=14))
        en, ja = _both("view.pot_tip")
        out.pieces.append(Piece("pot", "token", x + 2, y + 114, w=46, h=46,
                                art={"label_en": "Gold", "label_ja": "金",
                                     "color": GOLD_COLOR},
                                tooltip_en=en, tooltip_ja=ja))
        for i, code in enumerate(("view.pay_title", "view.pay_1", "view.pay_2")):
            en, ja = _both(code, **{f"p{k}": v for k, v in PAY_BY_WINNERS.items()})
            out.texts.append(Text(f"pay{i}", x + 58, y + 106 + i * 20, en, ja,
                                  size=13, bold=i == 0))
        result = obs["result"]
        room = box.h - 180
        if result is not None and room > 60:
            done = int(obs["round"]) if obs["phase"] in ROUND_OVER else int(obs["round"]) - 1
            title_en, title_ja = _both("view.result_title", round=done)
            body_en, body_ja = both(Msg("log.result", reason=result["reason"],
                                        teams=result["teams"], winners=result["winners"],
                                        pay=result["pay"], crystals=result["crystals"]),
                                    WORDS)
            out.pieces.append(Piece("result", "card", x, y + 178, w=INFO_W,
                                    h=min(room, 230.0),
                                    art={"title_en": title_en, "title_ja": title_ja,
                                         "body_en": body_en, "body_ja": body_ja,
                                         "color": "#6b4f2a"},
                                    tooltip_en=f"{title_en} — {body_en}",
                                    tooltip_ja=f"{title_ja}：{body_ja}"))

    # -- the other seats ------------------------------------------------------------------
    @staticmethod
    def _name(obs: Saboteur2Obs, p: int, seat: int | None) -> tuple[str, str]:
        en, ja = _both("player", seat=p)
        en, ja = f"{api.seat_mark(p)} {en}", f"{api.seat_mark(p)} {ja}"
        extra = []
        if p == seat:
            extra.append("view.you")
        if obs["phase"] == Phase.OVER:
            if p in obs["winners"]:
                extra.append("view.won")
        elif int(obs["turn"]) == p and obs["phase"] not in CHANCE_PHASES:
            extra.append("view.to_move")
        for code in extra:
            e, j = _both(code)
            en, ja = en + e, ja + j
        return en, ja

    def _role_piece(self, obs: Saboteur2Obs, seat: int | None, p: int, x: float, y: float,
                    w: float, h: float, body: bool) -> Piece:
        role = obs["players"][p]["role"]
        if role is None:
            en, ja = _both("view.role_back", seat=p)
            return Piece(role_id(p), "card", x, y, face_up=False, w=w, h=h, tooltip_en=en,
                         tooltip_ja=ja)
        title_en, title_ja = _both(f"role.{role}")
        art: dict[str, Any] = {"title_en": title_en, "title_ja": title_ja,
                               "color": ROLE_COLORS.get(role, "#555555")}
        if body:
            art["body_en"], art["body_ja"] = _both(f"rolebody.{role}")
        code = "view.role_own" if p == seat else "view.role_shown" if obs["roles_shown"] \
            else "view.role_inspected"
        en, ja = _both(code, role=role, seat=p)
        return Piece(role_id(p), "card", x, y, art=art, w=w, h=h, tooltip_en=en,
                     tooltip_ja=ja)

    def _markers(self, out: Layout, obs: Saboteur2Obs, seat: int | None, p: int, x: float,
                 y: float, room: float) -> None:
        front = obs["players"][p]["front"]
        if not front:
            return
        step = min(MARK_W + 4, (room - MARK_W) / max(1, len(front) - 1))
        for i, card in enumerate(front):
            label_en, label_ja = _both(f"marker.{card}")
            en, ja = _both("view.front_own" if p == seat else "view.front_card", card=card,
                           seat=p)
            out.pieces.append(Piece(front_id(p, card), "token", x + i * step, y, w=MARK_W,
                                    h=MARK_H, z=5 + i,
                                    art={"label_en": label_en, "label_ja": label_ja,
                                         "color": MARK_COLORS.get(card, "#555555")},
                                    tooltip_en=en, tooltip_ja=ja))

    def _gold(self, out: Layout, obs: Saboteur2Obs, p: int, x: float, y: float,
              size: float) -> None:
        gold = int(obs["players"][p]["gold"])
        en, ja = _both("view.gold_tip", seat=p, gold=gold)
        out.pieces.append(Piece(gold_id(p), "token", x, y, w=size, h=size,
                                art={"label": str(gold), "color": GOLD_COLOR},
                                tooltip_en=en, tooltip_ja=ja))

    def _add_panel(self, out: Layout, obs: Saboteur2Obs, seat: int | None, p: int,
                   b: Box) -> None:
        en, ja = self._name(obs, p, seat)
        to_move = int(obs["turn"]) == p and obs["phase"] not in CHANCE_PHASES | {Phase.OVER}
        out.zones.append(Zone(seat_id(p), b.x, b.y, b.w, b.h, en, ja,
                              TURN_COLOR if to_move else api.seat_colour(p)))
        pl: SeatObs = obs["players"][p]
        mini_h = min(64.0, b.h - 56) if b.h >= 110 else min(MINI_H, b.h - 12)
        out.pieces.append(self._role_piece(obs, seat, p, b.x + 6, b.y + 6, mini_h * 0.72,
                                           mini_h, False))
        x = b.x + 6 + mini_h * 0.72 + 8
        self._gold(out, obs, p, x, b.y + 6, 28)
        en, ja = _both("view.hand_count", count=len(pl["hand"]))
        out.texts.append(Text(f"hand{p}", x + 34, b.y + 10, en, ja, size=18, bold=True))
        role = pl["role"]
        line = self._role_line(obs, p)
        if line is not None:
            en, ja = line
            tall = b.h >= 110
            out.texts.append(Text(f"role{p}", b.x + 6 if tall else x,
                                  b.y + 8 + mini_h if tall else b.y + 38, en, ja, size=13,
                                  bold=True, color="#ffe08a" if role is not None else "#cfd8dc"))
        mark_y = b.y + b.h - MARK_H - 5
        mark_x = b.x + 6
        self._markers(out, obs, seat, p, mark_x, mark_y, b.x + b.w - 6 - mark_x)

    @staticmethod
    def _role_line(obs: Saboteur2Obs, p: int) -> tuple[str, str] | None:
        """The role a panel names: the one this seat knows now, else the role ``p`` played
        last round (every role is shown when a round ends, SB-R24)."""
        role = obs["players"][p]["role"]
        if role is not None:
            return _both(f"short.{role}")
        result = obs["result"]
        if result is not None and obs["phase"] not in ROUND_OVER and result["roles"]:
            return _both("view.was", role=str(result["roles"][p]))
        return None

    # -- the seat at the screen -----------------------------------------------------------
    def _add_own(self, out: Layout, obs: Saboteur2Obs, seat: int, width: float,
                 height: float) -> None:
        pl: SeatObs = obs["players"][seat]
        top = height - MARGIN - BASE_H * OWN_BAND + 24
        zh = height - MARGIN - top
        own_w = 330.0
        en, ja = self._name(obs, seat, seat)
        to_move = int(obs["turn"]) == seat and obs["phase"] not in CHANCE_PHASES | {Phase.OVER}
        out.zones.append(Zone(seat_id(seat), MARGIN, top, own_w, zh, en, ja,
                              TURN_COLOR if to_move else api.seat_colour(seat)))
        out.pieces.append(self._role_piece(obs, seat, seat, MARGIN + 8, top + 8, ROLE_W,
                                           ROLE_H, True))
        x = MARGIN + 8 + ROLE_W + 12
        self._gold(out, obs, seat, x, top + 8, 36)
        en, ja = _both("view.gold_count", gold=int(pl["gold"]))
        out.texts.append(Text(f"gold_text{seat}", x + 44, top + 14, en, ja, size=16, bold=True))
        en, ja = _both("view.buried", count=len(pl["buried"]))
        out.texts.append(Text(f"buried{seat}", x, top + 52, en, ja, size=13))
        last = obs["result"]
        if last is not None and obs["phase"] not in ROUND_OVER and last["roles"]:
            en, ja = _both("view.last_role", role=str(last["roles"][seat]))
            out.texts.append(Text(f"role{seat}", x, top + 96, en, ja, size=12,
                                  color="#cfd8dc"))
        if pl["set_aside"]:
            en, ja = _both("view.set_aside", roles=[str(r) for r in pl["set_aside"]])
            out.texts.append(Text(f"aside{seat}", x, top + 74, en, ja, size=12))
        self._markers(out, obs, seat, seat, x, top + zh - MARK_H - 10,
                      MARGIN + own_w - 6 - x)
        # The hand.
        hand = [str(c) for c in pl["hand"] if c is not None]
        disc_w = 150.0
        hx = MARGIN + own_w + 14
        hw = width - MARGIN - disc_w - 14 - hx
        en, ja = _both("view.hand_zone")
        out.zones.append(Zone("hand", hx, top, hw, zh, en, ja))
        step = HAND_CARD_W + 12
        if len(hand) > 1:
            step = min(step, (hw - 16 - HAND_CARD_W) / (len(hand) - 1))
        for i, card in enumerate(hand):
            px = hx + 8 + i * step
            if card in PATH_IDS:
                shape = SHAPES[SHAPE_OF[card, False]]
                en, ja = _both("view.tile_hand", card=card)
                out.pieces.append(Piece(hand_id(i), "tile", px + (HAND_CARD_W - HAND_TILE) / 2,
                                        top + (zh - HAND_TILE) / 2, art=shape.art.to_art(),
                                        w=HAND_TILE, h=HAND_TILE, z=10 + i, turnable=True,
                                        tooltip_en=en, tooltip_ja=ja))
            else:
                title_en, title_ja = _both(f"card.{card}")
                kind = _BODY_OF.get(card, "map")
                body_en, body_ja = _both(f"cardbody.{kind}")
                out.pieces.append(Piece(hand_id(i), "card", px, top + (zh - HAND_CARD_H) / 2,
                                        art={"title_en": title_en, "title_ja": title_ja,
                                             "body_en": body_en, "body_ja": body_ja,
                                             "color": _CARD_COLORS[kind]},
                                        w=HAND_CARD_W, h=HAND_CARD_H, z=10 + i,
                                        tooltip_en=f"{title_en} — {body_en}",
                                        tooltip_ja=f"{title_ja}：{body_ja}"))
        en, ja = _both("view.discard_zone")
        out.zones.append(Zone("discard", width - MARGIN - disc_w, top, disc_w, zh, en, ja,
                              "#7f8c8d"))
        if obs["phase"] in (Phase.PASS, Phase.FIX) and int(obs["turn"]) == seat:
            en, ja = _both("view.discarded_now", count=int(obs["count"]))
            out.texts.append(Text("discard_count", width - MARGIN - disc_w + 10,
                                  top + zh / 2 - 10, en, ja, size=14, bold=True,
                                  color="#ffe08a"))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: Saboteur2Obs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        hand = [str(c) for c in obs["players"][seat]["hand"] if c is not None]
        where: dict[str, list[str]] = {}
        for i, c in enumerate(hand):
            where.setdefault(c, []).append(hand_id(i))
        for action in legal_actions:
            en, ja = both(describe(action), WORDS)
            kind, _, rest = action.partition(":")

            def add(source: str | None, target: str | None, turned: bool = False,
                    a: str = action, e: str = en, j: str = ja) -> None:
                out.append(Gesture(a, source=source, target=target, label_en=e, label_ja=j,
                                   choice_en=e, choice_ja=j, turned=turned))

            if kind == "place":
                parsed = parse_place(rest)
                assert parsed is not None
                card, x, y, turned = parsed
                for src in where.get(card, []):
                    add(src, cell_id(x, y), turned)
            elif kind == "play":
                played = parse_play(rest)
                assert played is not None
                card, target = played
                for src in where.get(card, []):
                    for tgt in self._play_targets(obs, seat, card, target):
                        add(src, tgt)
            elif kind == "discard":
                for src in where.get(rest, []):
                    add(src, "discard")
            elif kind == "fix":
                add(None, front_id(seat, rest))
                add(None, None)
            elif kind == "steal":
                add(None, gold_id(int(rest)))
                add(None, seat_id(int(rest)))
            elif action == END:
                out.append(Gesture(action, label_en=en, label_ja=ja, shortcut="E"))
            else:
                add(None, None)
        return out

    @staticmethod
    def _play_targets(obs: Saboteur2Obs, seat: int, card: str, target: Any) -> list[str]:
        if card == THEFT:
            return [seat_id(seat)]
        if card in (ROCKFALL, MAP):
            x, y = target
            if (x, y) in GOAL_CELLS:
                return [goal_id(GOAL_CELLS.index((x, y)))]
            return [maze_id(x, y)]
        if card in REPAIRS:
            p, tool = target
            return [front_id(p, BREAK[tool]), seat_id(p)]
        p = int(target)
        if card == "A-FRE":
            return [front_id(p, TRAP), seat_id(p)]
        if card == "A-HOF":
            return [front_id(p, THEFT), seat_id(p)]
        return [seat_id(p)]

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: Saboteur2Obs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = obs["phase"]
        turn = int(obs["turn"])
        if phase in CHANCE_PHASES:
            return Msg("refuse.dealing")
        front = _front_of(source)
        if target is None and front is not None:
            p, card = front
            if p != seat:
                return Msg("table.fix_own")
            return self._reason(obs, seat, [f"fix:{card}"])
        if target is None:
            victim = gold_id.number(source)
            if victim is None:
                victim = seat_id.number(source)
            if victim is not None and phase == Phase.STEAL:
                return self._reason(obs, seat, [f"steal:{victim}"])
        index = hand_id.number(source)
        if index is None:
            return Msg("table.nothing")
        if turn != seat:
            return Msg("table.turn_of", seat=turn)
        hand = [str(c) for c in obs["players"][seat]["hand"] if c is not None]
        if index >= len(hand):
            return Msg("table.nothing")
        card = hand[index]
        if target is None:
            return self._hint(card)
        if target == "discard":
            return self._reason(obs, seat, [f"discard:{card}"])
        return self._reason(obs, seat, self._meant(obs, seat, card, target)) \
            if self._meant(obs, seat, card, target) else self._hint(card)

    @staticmethod
    def _hint(card: str) -> Msg:
        """Where ``card`` goes (a drop on the felt, or on a place that means nothing)."""
        if card in PATH_IDS:
            return Msg("table.path_to_cell")
        if card == ROCKFALL:
            return Msg("table.rock_on_maze")
        if card == MAP:
            return Msg("table.map_on_goal")
        if card == THEFT:
            return Msg("table.theft_self")
        return Msg("table.action_on_player", card=card)

    @staticmethod
    def _meant(obs: Saboteur2Obs, seat: int, card: str, target: str) -> list[str]:
        """The actions a drop of ``card`` on ``target`` may mean (the first gives the reason
        when none is legal)."""
        spot = cell_id.parse(target) or maze_id.parse(target)
        slot = goal_id.number(target)
        if slot is not None:
            spot = GOAL_CELLS[slot % len(GOAL_CELLS)]
        if spot is not None:
            x, y = spot
            if card in PATH_IDS:
                return [f"place:{card}@{x},{y}", f"place:{card}@{x},{y}:180"]
            if card in (ROCKFALL, MAP):
                return [f"play:{card}@{x},{y}"]
            return []
        front = _front_of(target)
        p = front[0] if front is not None else None
        for form in (seat_id, gold_id, role_id):
            if p is None:
                p = form.number(target)
        if p is None or card in PATH_IDS or card in (ROCKFALL, MAP):
            return []
        if card == THEFT:
            return ["play:A-THF"] if p == seat else []
        if card in REPAIRS:
            tools = [t for t in REPAIRS[card] if front is None or BREAK[t] == front[1]]
            return [f"play:{card}@{p}:{t}" for t in tools or REPAIRS[card]]
        return [f"play:{card}@{p}"] if card in _SEAT_CARDS else []

    @staticmethod
    def _reason(obs: Saboteur2Obs, seat: int, actions: list[str]) -> Msg:
        if not actions:
            return Msg("table.nothing")
        state = visible_state(obs, seat)
        legal = set(_RULES.legal_actions(state))
        if any(a in legal for a in actions):
            return api.MOVE_POSSIBLE
        if not _RULES.is_well_formed(actions[0]):
            return Msg("table.nothing")
        return _RULES.reason(state, actions[0]) or api.MOVE_POSSIBLE

    def status(self, obs: Saboteur2Obs, seat: int | None) -> Msg | None:
        phase = obs["phase"]
        turn = int(obs["turn"])
        if seat is None or seat != turn or phase in CHANCE_PHASES or phase == Phase.OVER:
            return prompt_from_obs(obs, seat)
        if phase == Phase.PASS:
            return Msg("status.pass", count=int(obs["count"]))
        if phase == Phase.FIX:
            return Msg("status.fix", card=str(obs["fixing"]), left=2 - int(obs["count"]))
        if phase == Phase.STEAL:
            return Msg("status.steal")
        assert phase == Phase.PLAY
        front = obs["players"][seat]["front"]
        if any(c in BREAK.values() or c == TRAP for c in front):
            return Msg("status.turn_blocked")
        return Msg("status.turn")

    def series(self, obs: Saboteur2Obs) -> list[api.Figure]:
        return api.seat_figures("series.gold", (pl["gold"] for pl in obs["players"]))

    def series_round(self, obs: Saboteur2Obs) -> int | None:
        return int(obs["round"]) or None

    def score_table(self, obs: Saboteur2Obs) -> list[list[api.Cell]] | None:
        if obs["phase"] != Phase.OVER:
            return None
        n = int(obs["num_players"])
        rows = [api.score_header(range(n))]
        for r, gains in enumerate(obs["gains"]):
            rows.append(score_row(Msg("score.round", round=r + 1), (int(v) for v in gains)))
        rows.append(score_row(Msg("score.total"), (int(pl["gold"]) for pl in obs["players"])))
        return rows

    #: The steps that can close a round: its settling, or the last theft after it.
    _ROUND_ENDS = frozenset({"result", "steal", "steal_none"})

    def moment(self, obs: Saboteur2Obs, seat: int | None,
               events: Sequence[api.Event]) -> api.Moment | None:
        """SB-R23..SB-R33: a round just closed, its tunnel and goals still on the table: how
        it ended, each seat's role, the gold each got this round (thefts included) and has.
        The last round's end is the game's, shown by its summary."""
        if obs["phase"] != Phase.GOALS or not obs["roles_shown"] or obs["result"] is None \
                or not any(e.kind in self._ROUND_ENDS for e in events):
            return None
        result = obs["result"]
        lines: list[Msg | api.Event] = [Msg("log.result", **result)]
        lines += [e for e in events if e.kind in ("steal", "steal_none") and e.logged]
        players = obs["players"]
        gains = obs["gains"][-1] if obs["gains"] else [0] * len(players)
        table = (tuple(api.score_header(range(len(players)))),
                 (Msg("moment.role"), *(Msg(f"role.{pl['role']}") if pl["role"] else "?"
                                        for pl in players)),
                 tuple(score_row(Msg("moment.round_gold"), (int(v) for v in gains))),
                 tuple(score_row(Msg("score.total"), (int(pl["gold"]) for pl in players))))
        return api.Moment(Msg("moment.round_over", round=int(obs["round"]), rounds=ROUNDS),
                      tuple(lines), table, key=f"round{obs['round']}")

    def summary(self, obs: Saboteur2Obs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        return Msg("summary", winners=[int(p) for p in obs["winners"]],
                   gold=[int(pl["gold"]) for pl in obs["players"]])


