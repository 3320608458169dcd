"""Sheep & Thief on the table: a 4 x 4 sheet per player with its house, the towns at its edges
and the fence, the one thief standing on the same cell of every sheet, the draft pack and the
hand, and how a drag or a click becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The sheets lie
in a 2 x 2 grid on the left (the viewer's own first, then round the table to the left, so the
packs pass from each sheet to the next in reading order); the right-hand panel holds the round,
the stock and the thief's path, the viewer's pack and hand, what the viewer remembers of the
packs it passed on (ST-C6), the card being resolved and the discard pile. With two players the
free lower half holds the offered pairs of the draft (ST-R33).

Meadow cards are drawn as road or river tiles (``TileArt``), printed icons in the middle: sheep,
sheepdogs, a masked thief, a hut. The sheep on a sheet are white flock tokens in the lower
right of their cell, the thief a dark token in the upper left of its cell, on every sheet.

Gestures: a card of the pack is kept by a click (or a drag onto the hand); with two players a
pair is offered by clicking the card that goes with the lowest, and taken by a click on either
of its cards. A hand card is dragged onto a cell of one's own sheet (the cells where it fits
glow; face down when no card fits face up), or onto the discard pile. For a sheepdog a flock is
dragged onto a neighbouring card (or clicked, then the card clicked); Let the dog rest is a
button. The thief is dragged one step on any sheet, or the cell it goes to clicked on one's own.

A seat's layout shows only what its observation holds: other hands and packs as counts, other
seats' face-down cards as backs. Refusals come from the rules model (``reason`` on a state
drawn consistent with the seat's observation), one reason path for the table and the engine.

The thief's last walk this round (the observation's ``thief_path``) is shown on every sheet and
in the panel until the next thief card or round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, ClassVar

from tabletop import api
from tabletop.api import Gesture, IdForm, Layout, Msg, Piece, Text, TileArt, Zone, score_row

from .data import (
    BIG_TOWN,
    CARDS,
    CELL_OF_TEXT,
    CELL_TEXT,
    CELLS,
    EAST_TOWN,
    EDGES,
    HOUSE,
    HOUSE_NUMERALS,
    PLACED_PER_ROUND,
    ROUNDS,
    SIZE,
    SOUTH_TOWN,
    TOWN_POINTS,
    Card,
)
from .knowledge import HIDDEN, PlayerObs, SheepObs, prompt_from_obs, resample, thief_reading
from .model import SheepAndThiefGame
from .spec import HOUSE_OPEN, OPT_HOUSE, OPT_THIEF, THIEF_UP_TO
from .state import SECRET_PHASES, Phase, SheepState
from .words import WORDS

WIDTH = 1280.0
HEIGHT = 800.0

# A sheet: the 4 x 4 grid, a strip on the right (East town, fence, Big town) and one below
# (South town, two lines of figures).
CELL = 72.0
PAD = 6.0
# Room on the left and at the top of the grid for its row and column labels (1-4), by which
# the log names a cell ("column 3, row 2").
LABEL_L = 18.0
LABEL_T = 18.0
STRIP_R = 38.0
STRIP_B = 46.0
SHEET_W = LABEL_L + SIZE * CELL + STRIP_R + PAD
SHEET_H = LABEL_T + SIZE * CELL + STRIP_B + PAD
#: Top-left corners of the four sheet zones (their labels sit above them).
SLOTS = ((10.0, 30.0), (SHEET_W + 24.0, 30.0), (10.0, SHEET_H + 62.0),
         (SHEET_W + 24.0, SHEET_H + 62.0))
TOKEN = 28.0
FLOCK = 30.0
THIEF_W, THIEF_H = 60.0, 28.0
TRAIL = 22.0

# The panel on the right.
RX = 2 * SHEET_W + 40.0
RW = WIDTH - RX - 10.0
TILE = 78.0
MINI = 50.0
PACK_Y = 128.0
HAND_Y = PACK_Y + TILE + 46.0
BOX_H = TILE + 20.0
CONTEXT_Y = HAND_Y + TILE + 46.0
DISCARD_W, DISCARD_H = 150.0, MINI + 30.0
DISCARD_X = WIDTH - 10.0 - DISCARD_W
DISCARD_Y = HEIGHT - 8.0 - DISCARD_H

TURN_COLOR = "#d4a017"
BACK_COLOR = "#56743a"
THIEF_COLOR = "#2d2438"
TRAIL_COLOR = "#7d6a92"
WOOL = "#fbf8f0"
TOWN_ON = "#d4a017"
TOWN_OFF = "#7b6d5a"
TEXT_DIM = "#cfd8dc"
ACCENT = "#ffe08a"

LEGEND_Y = CONTEXT_Y + BOX_H + 26.0
LEGEND_ROW = 44.0


def _icon_tile(icon: dict[str, Any], style: str = "road") -> dict[str, Any]:
    segments = [["E", "W"]] if style == "river" else []
    edges = {e: "path" if segments and e in "EW" else "wall" for e in EDGES}
    return TileArt.from_art({"edges": edges, "segments": segments, "style": style,
                             "icons": [icon] if icon else []}).to_art()


#: The legend: (word, piece kind, art) per entry, in two columns of four.
_LEGEND: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("flock", "token", {"label": "2", "color": WOOL}),
    ("sheep", "tile", _icon_tile({"icon": "sheep"})),
    ("dog", "tile", _icon_tile({"icon": "dog"})),
    ("thief", "tile", _icon_tile({"icon": "thief"})),
    ("hut", "tile", _icon_tile({"icon": "hut"})),
    ("town", "token", {"label": "5", "color": TOWN_ON}),
    ("river", "tile", _icon_tile({}, "river")),
    ("fence", "token", {"label": "3", "color": WOOL}),
)

HAND_ZONE = "hand"
PACK_ZONE = "pack"
DISCARD_ZONE = "discard"
DOG_STOP = "dog:stop"
THIEF_HALT = "halt"

_RULES = SheepAndThiefGame()
_BLANK_STATE = SheepState(2)


# -- ids ----------------------------------------------------------------------------------------

#: A seat's sheet, and its house, thief and fence on it.
sheet_id = IdForm("sheet{}")
house_id, thief_id, fence_id = IdForm("house{}"), IdForm("thief{}"), IdForm("fence{}")
#: What stands at (seat, cell) of a sheet: the zone of an empty cell (a drop target for cards
#: and the thief), another seat's face-down card (a position, never a card), a flock.
cell_id, down_id, flock_id = IdForm("s{}c{}"), IdForm("down{}_{}"), IdForm("flock{}_{}")
#: A town at the edge of a seat's sheet, by name.
town_id = IdForm("town{}_{}")
#: A step of the thief's last walk on a seat's sheet.
trail_id = IdForm("trail{}_{}")
#: A card a seat passed on and remembers, by card id.
seen_id = IdForm("seen{}_{}")


def _both(code: str, **args: Any) -> tuple[str, str]:
    return api.both(Msg(code, **args), WORDS)


# -- card art -----------------------------------------------------------------------------------

def card_tile(card: Card, label: str = "") -> TileArt:
    """A meadow card as a tile: its roads or its river through the middle, its icons.

    The two bridge cards (road and river) lay the river first and the road over it, each in
    its own style, so the road crosses the water on a bridge."""
    roads = [e for e in EDGES if e in card.roads]
    rivers = [e for e in EDGES if e in card.rivers]
    icons: list[dict[str, Any]] = []
    if card.sheep:
        icons.append({"icon": "sheep", "count": card.sheep})
    if card.dogs:
        icons.append({"icon": "dog", "count": card.dogs})
    if card.thieves:
        icons.append({"icon": "thief", "count": card.thieves})
    if card.hut:
        icons.append({"icon": "hut"})
    art: dict[str, Any] = {"style": "river" if rivers and not roads else "road"}
    if rivers and roads:
        art.update(segments=[rivers, roads], styles=["river", "road"])
    else:
        art["segments"] = [rivers or roads] if rivers or roads else []
    open_edges = set(roads) | set(rivers)
    return TileArt.from_art({"edges": {e: "path" if e in open_edges else "wall" for e in EDGES},
                             **art, "icons": icons, "label": label})


def house_tile(house: int, shelters: bool = True) -> TileArt:
    """The house (ST-R37): roads to the right and downwards; the hut's mark where it shelters
    its sheep (ST-G11, the ``house`` option)."""
    label = HOUSE_NUMERALS[house - 1] if 1 <= house <= len(HOUSE_NUMERALS) else ""
    icons = (api.TileIcon("hut", color="#b03a2e"),) if shelters else ()
    return TileArt(e="path", s="path", segments=(("E", "S"),), style="road",
                   icons=icons, label=label)


def _house_open(obs: SheepObs) -> bool:
    """ST-G11 option ``open``: only hut cards shelter sheep, not the house."""
    return obs["options"].get(OPT_HOUSE) == HOUSE_OPEN


#: Every meadow card's tile art, labelled with its id.
CARD_ARTS: dict[str, dict[str, Any]] = {cid: card_tile(c, cid).to_art()
                                        for cid, c in CARDS.items()}


def card_art(cid: str) -> dict[str, Any]:
    return CARD_ARTS[cid]


# -- reading the observation ---------------------------------------------------------------

def _seats(obs: SheepObs, seat: int | None) -> list[int]:
    """The seats in sheet order: the viewer's first, then round the table to its left."""
    n = int(obs["num_players"])
    me = seat if seat is not None else 0
    return [(me + k) % n for k in range(n)]


def _grid(slot: int) -> tuple[float, float]:
    """The top-left corner of the 4 x 4 grid of the sheet in ``slot``."""
    x, y = SLOTS[slot]
    return x + LABEL_L, y + LABEL_T


def _cell_xy(slot: int, cell: int) -> tuple[float, float]:
    gx, gy = _grid(slot)
    r, c = divmod(cell, SIZE)
    return gx + c * CELL, gy + r * CELL


def _mover(obs: SheepObs) -> int:
    """The seat whose move the table waits for (placement: the seat placing)."""
    if obs["phase"] in SECRET_PHASES or obs["phase"] in (Phase.HOUSES, Phase.OVER):
        return int(obs["to_move"])
    return int(obs["turn"])


def _piece_on(obs: SheepObs, seat: int | None, p: int, cell: int) -> str | None:
    """The id of the card piece lying in ``cell`` of seat ``p``'s sheet, as ``seat`` sees it."""
    cid = obs["players"][p]["cards"][cell]
    if not cid:
        return None
    if cid == HOUSE:
        return house_id(p)
    if cid == HIDDEN:
        return down_id(p, cell)
    return cid


def _target_of(obs: SheepObs, seat: int | None, p: int, cell: int) -> str:
    """What a drop onto ``cell`` of seat ``p``'s sheet lands on: the card there, or the empty
    cell's zone."""
    return _piece_on(obs, seat, p, cell) or cell_id(p, cell)


def _locate(obs: SheepObs, seat: int | None, item: str) -> tuple[int, int] | None:
    """The sheet and cell a piece or cell zone id stands for, if any."""
    n = int(obs["num_players"])
    for p in range(n):
        for cell in range(CELLS):
            if item in (cell_id(p, cell), _piece_on(obs, seat, p, cell)):
                return p, cell
    return None


def _path(obs: SheepObs) -> list[int]:
    """The cells of the thief's last walk this round, start first; empty before any step."""
    path = [CELL_OF_TEXT[str(c)] for c in obs["thief_path"]]
    return path if len(path) > 1 else []


def _step(a: int, b: int) -> str:
    """The direction of one step of the thief from cell ``a`` to the next cell ``b``."""
    (ra, ca), (rb, cb) = divmod(a, SIZE), divmod(b, SIZE)
    return "S" if rb > ra else "N" if rb < ra else "E" if cb > ca else "W"


class SheepAndThiefView(api.GameView[SheepObs]):
    """Layout, gestures and words for Sheep & Thief."""

    #: Sheep, the sheepdog and the thief are wooden tokens; a card laid on the grid is a tile.
    sound_of: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "sheep": (api.sounds.TOKEN,),
        "dog": (api.sounds.TOKEN,),
        "thief": (api.sounds.TOKEN,),
        "steal": (api.sounds.TOKEN,),
        "place": (api.sounds.TILE,),
    }

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: SheepObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        for slot, p in enumerate(_seats(obs, seat)):
            self._add_sheet(out, obs, seat, p, slot)
        self._add_info(out, obs, seat)
        if seat is not None:
            self._add_pack(out, obs, seat)
            self._add_hand(out, obs, seat)
        n = int(obs["num_players"])
        phase = obs["phase"]
        if n == 2 and phase in (Phase.KEEP, Phase.TAKE) and seat is not None:
            self._add_offers(out, obs, seat)
        elif phase == Phase.DRAFT and seat is not None:
            self._add_seen(out, obs, seat)
        elif obs["card"]:
            self._add_resolving(out, obs)
        if phase != Phase.HOUSES:
            self._add_discards(out, obs)
        if not (phase == Phase.DRAFT and seat is not None):
            self._add_legend(out, obs)
        self._add_round_scores(out, obs)
        return out

    # The sheets ---------------------------------------------------------------------------
    def _add_sheet(self, out: Layout, obs: SheepObs, seat: int | None, p: int,
                   slot: int) -> None:
        pl = obs["players"][p]
        x, y = SLOTS[slot]
        gx, gy = _grid(slot)
        house = int(pl["house"])
        numeral = HOUSE_NUMERALS[house - 1] if 1 <= house <= len(HOUSE_NUMERALS) else "–"
        points = int(pl["score"]["total"])
        code = "view.sheet_you" if p == seat else "view.sheet"
        en, ja = _both(code, seat=p, mark=api.seat_mark(p), house=numeral, points=points)
        active = p == _mover(obs) and obs["phase"] not in (Phase.HOUSES, Phase.OVER, *SECRET_PHASES)
        if obs["phase"] == Phase.OVER and p in obs["winners"]:
            en, ja = _both("view.sheet_won", label_en=en, label_ja=ja)
        out.zones.append(Zone(sheet_id(p), x, y, SHEET_W, SHEET_H, en, ja,
                              TURN_COLOR if active else api.seat_colour(p)))
        resolving = str(obs["card"]) if p == int(obs["turn"]) else ""
        for cell in range(CELLS):
            cx, cy = _cell_xy(slot, cell)
            out.zones.append(Zone(cell_id(p, cell), cx + 2, cy + 2, CELL - 4, CELL - 4))
            self._add_card(out, obs, seat, p, cell, cx, cy, resolving)
            sheep = int(pl["sheep"][cell])
            if sheep:
                self._add_flock(out, obs, seat, p, cell, cx, cy, sheep)
        thief = CELL_OF_TEXT[str(obs["thief"])]
        if obs["phase"] != Phase.HOUSES:
            tx, ty = _cell_xy(slot, thief)
            movable = obs["phase"] == Phase.THIEF and seat == int(obs["turn"])
            t_en, t_ja = _both("view.thief")
            tip_en, tip_ja = _both("view.thief_move_tip" if movable else "view.thief_tip",
                                   cell=CELL_TEXT[thief])
            out.pieces.append(Piece(thief_id(p), "token", tx + 3, ty + 3, z=8.0,
                                    art={"label_en": t_en, "label_ja": t_ja,
                                         "color": THIEF_COLOR},
                                    w=THIEF_W, h=THIEF_H, tooltip_en=tip_en, tooltip_ja=tip_ja,
                                    state="active" if movable else ""))
            self._add_trail(out, obs, p, slot)
        api.grid_labels(out, f"sheet{p}",
                    [(c + 1, gx + c * CELL + CELL / 2) for c in range(SIZE)], gy - 18.0,
                    [(r + 1, gy + r * CELL + CELL / 2) for r in range(SIZE)], gx - 4.0,
                    size=12.0, color=TEXT_DIM)
        self._add_towns(out, obs, p, gx, gy)
        self._add_fence(out, p, int(pl["fence"]), gx, gy)
        self._add_figures(out, obs, p, pl, gx, gy)

    def _add_card(self, out: Layout, obs: SheepObs, seat: int | None, p: int, cell: int,
                  cx: float, cy: float, resolving: str) -> None:
        pl = obs["players"][p]
        cid = pl["cards"][cell]
        if not cid:
            return
        size = CELL - 2
        if cid == HOUSE:
            shelters = not _house_open(obs)
            en, ja = _both("view.house_tip" if shelters else "view.house_open_tip", seat=p)
            out.pieces.append(Piece(house_id(p), "tile", cx + 1, cy + 1, z=1.0,
                                    art=house_tile(int(pl["house"]), shelters).to_art(),
                                    w=size, h=size,
                                    tooltip_en=en, tooltip_ja=ja))
            return
        if cid == HIDDEN or pl["down"][cell]:
            if cid == HIDDEN:
                pid = down_id(p, cell)
                en, ja = _both("view.down_tip")
            else:
                pid = cid
                en, ja = _both("view.down_own_tip", card=cid)
            # Every face-down card has the same meadow-green back: it names no card.
            out.pieces.append(Piece(pid, "card", cx + 1, cy + 1, face_up=False, z=1.0,
                                    art={"back": BACK_COLOR}, w=size, h=size, tooltip_en=en,
                                    tooltip_ja=ja))
            return
        en, ja = _both(f"card.{cid}")
        out.pieces.append(Piece(cid, "tile", cx + 1, cy + 1, z=1.0, art=card_art(cid), w=size,
                                h=size, tooltip_en=en, tooltip_ja=ja,
                                state="active" if cid == resolving else ""))

    def _add_flock(self, out: Layout, obs: SheepObs, seat: int | None, p: int, cell: int,
                   cx: float, cy: float, sheep: int) -> None:
        cid = obs["players"][p]["cards"][cell]
        safe = (cid == HOUSE and not _house_open(obs)) or (
            cid in CARDS and CARDS[cid].hut and not obs["players"][p]["down"][cell])
        movable = obs["phase"] == Phase.DOG and seat == p == int(obs["turn"])
        code = ("view.flock_drag_tip" if movable else "view.flock_safe_tip" if safe
                else "view.flock_tip")
        en, ja = _both(code, count=sheep, cell=CELL_TEXT[cell])
        out.pieces.append(Piece(flock_id(p, cell), "token", cx + CELL - FLOCK - 3,
                                cy + CELL - FLOCK - 3, z=6.0,
                                art={"label": str(sheep), "color": WOOL}, w=FLOCK, h=FLOCK,
                                tooltip_en=en, tooltip_ja=ja,
                                state="active" if movable else ""))

    def _add_trail(self, out: Layout, obs: SheepObs, p: int, slot: int) -> None:
        path = _path(obs)
        for k, cell in enumerate(path[:-1]):
            tx, ty = _cell_xy(slot, cell)
            code = "view.trail_start" if k == 0 else "view.trail_tip"
            en, ja = _both(code, step=k)
            shift = 5.0 * sum(1 for c in path[:k] if c == cell)
            out.pieces.append(Piece(trail_id(p, k), "token", tx + 8 + shift, ty + 8 + shift,
                                    z=7.0, art={"label": str(k + 1), "color": TRAIL_COLOR},
                                    w=TRAIL, h=TRAIL, tooltip_en=en, tooltip_ja=ja))

    def _add_towns(self, out: Layout, obs: SheepObs, p: int, gx: float, gy: float) -> None:
        reached = set(obs["players"][p]["score"]["towns"])
        edge = SIZE * CELL
        places = {EAST_TOWN: (gx + edge + 5, gy + CELL / 2 - TOKEN / 2),
                  SOUTH_TOWN: (gx + CELL / 2 - TOKEN / 2, gy + edge + 5),
                  BIG_TOWN: (gx + edge + 4, gy + edge + 4)}
        two = obs["options"].get("towns") == "two"
        for town, (x, y) in places.items():
            if two and town == SOUTH_TOWN:
                continue
            points = TOWN_POINTS[town]
            code = "view.town_reached" if town in reached else "view.town_open"
            en, ja = _both(code, town=town, points=points)
            size = TOKEN + (4.0 if town == BIG_TOWN else 0.0)
            out.pieces.append(Piece(town_id(p, town), "token", x, y, z=2.0,
                                    art={"label": str(points),
                                         "color": TOWN_ON if town in reached else TOWN_OFF},
                                    w=size, h=size, tooltip_en=en, tooltip_ja=ja))

    def _add_fence(self, out: Layout, p: int, fence: int, gx: float, gy: float) -> None:
        x = gx + SIZE * CELL + 5
        y = gy + 1.5 * CELL - TOKEN / 2 - 6
        en, ja = _both("view.fence_tip", seat=p, count=fence)
        out.pieces.append(Piece(fence_id(p), "token", x, y, z=2.0,
                                art={"label": str(fence), "color": WOOL if fence else "#9e9684"},
                                w=TOKEN, h=TOKEN, tooltip_en=en, tooltip_ja=ja))
        c_en, c_ja = _both("view.fence")
        out.texts.append(Text(f"fence_label{p}", x - 3, y + TOKEN + 2, c_en, c_ja, size=11,
                              color=TEXT_DIM))

    def _add_figures(self, out: Layout, obs: SheepObs, p: int, pl: PlayerObs, gx: float,
                     gy: float) -> None:
        phase = obs["phase"]
        hand = len(pl["hand"])
        if phase == Phase.DRAFT:
            code = "view.draft_chosen" if pl["chosen"] else "view.draft_choosing"
            en, ja = _both(code, hand=hand, pack=len(pl["pack"]))
        elif phase in (Phase.KEEP, Phase.TAKE):
            code = "view.pair_chosen" if pl["chosen"] else "view.pair_choosing"
            en, ja = _both(code, hand=hand)
        elif phase == Phase.HOUSES:
            en, ja = "", ""
        else:
            en, ja = _both("view.hand_placed", hand=hand, placed=int(pl["placed"]),
                           of=PLACED_PER_ROUND)
        two = obs["options"].get("towns") == "two"
        x = gx + (6.0 if two else CELL - 8.0)
        y = gy + SIZE * CELL + 3
        if en:
            out.texts.append(Text(f"line1_{p}", x, y, en, ja, size=13,
                                  color=ACCENT if p == _mover(obs) else "#f4ecd8"))
        sc = pl["score"]
        en, ja = _both("view.points", sheep=int(sc["sheep"]), road=int(sc["road"]),
                       river=int(sc["river"]))
        out.texts.append(Text(f"line2_{p}", x, y + 20, en, ja, size=13, color=TEXT_DIM))

    # The panel on the right ----------------------------------------------------------------
    def _add_info(self, out: Layout, obs: SheepObs, seat: int | None) -> None:
        phase = obs["phase"]
        rnd = int(obs["round"])
        if rnd:
            en, ja = _both("view.round", round=rnd, seat=int(obs["start"]))
        else:
            en, ja = _both("view.setup")
        out.texts.append(Text("round", RX, 10, en, ja, size=17, bold=True))
        en, ja = _both("view.supply", stock=int(obs["stock"]), deck=int(obs["deck"]),
                       discards=len(obs["discards"]))
        out.texts.append(Text("supply", RX, 38, en, ja, size=13, color=TEXT_DIM))
        n = int(obs["num_players"])
        if phase == Phase.DRAFT:
            if seat is None:
                en, ja = _both("view.phase_draft_all", step=int(obs["step"]) + 1)
            else:
                en, ja = _both("view.phase_draft", step=int(obs["step"]) + 1,
                               seat=(seat + 1) % n)
        else:
            en, ja = _both(f"view.phase_{phase}"
                           + (thief_reading(obs) if phase == Phase.THIEF else ""))
        out.texts.append(Text("phase", RX, 58, en, ja, size=13, color=TEXT_DIM))
        thief = str(obs["thief"])
        path = _path(obs)
        if path and phase != Phase.HOUSES:
            # The walk as its steps (right, down), which the sheets show.
            steps = [_step(a, b) for a, b in pairwise(path)]
            en, ja = _both("view.thief_path", cell=thief, seat=int(obs["thief_by"]), path=steps)
        else:
            en, ja = _both("view.thief_at", cell=thief)
        out.texts.append(Text("thief_line", RX, 78, en, ja, size=13, color=ACCENT))

    def _add_row(self, out: Layout, cards: list[str], x: float, y: float, size: float,
                 ids: list[str] | None = None, states: dict[str, str] | None = None,
                 tip: str = "", gap: float = 6.0) -> float:
        """Cards face up in a row from ``x``; the x after the last one."""
        for k, cid in enumerate(cards):
            en, ja = _both(f"card.{cid}")
            if tip:
                t_en, t_ja = _both(tip)
                en, ja = f"{en} — {t_en}", f"{ja} — {t_ja}"
            out.pieces.append(Piece(ids[k] if ids else cid, "tile", x, y, z=3.0 + k * 0.01,
                                    art=card_art(cid), w=size, h=size, tooltip_en=en,
                                    tooltip_ja=ja, state=(states or {}).get(cid, "")))
            x += size + gap
        return x

    def _add_pack(self, out: Layout, obs: SheepObs, seat: int) -> None:
        me = obs["players"][seat]
        phase = obs["phase"]
        pack = [str(c) for c in me["pack"] if c is not None]
        if phase not in (Phase.DRAFT, Phase.KEEP) or not pack:
            return
        deciding = int(obs["to_move"]) == seat and not me["chosen"]
        if phase == Phase.KEEP and len(me["hand"]) >= 2:
            code = "view.pack_offer"
        elif phase == Phase.KEEP:
            code = "view.pack_keep"
        else:
            code = "view.pack" if deciding else "view.pack_wait"
        en, ja = _both(code, n=len(pack))
        out.zones.append(Zone(PACK_ZONE, RX - 4, PACK_Y, RW + 4, BOX_H, en, ja,
                              TURN_COLOR if deciding else "#34495e"))
        tip = "view.tip_keep" if deciding else ""
        if phase == Phase.KEEP and len(me["hand"]) >= 2 and pack:
            tip = "view.tip_pair" if deciding else ""
            states = {pack[0]: "selected"} if deciding else {}
            self._add_row(out, pack, RX + 6, PACK_Y + 10, TILE, states=states, tip=tip)
            return
        self._add_row(out, pack, RX + 6, PACK_Y + 10, TILE, tip=tip)

    def _add_hand(self, out: Layout, obs: SheepObs, seat: int) -> None:
        me = obs["players"][seat]
        phase = obs["phase"]
        hand = [str(c) for c in me["hand"] if c is not None]
        chosen = [str(c) for c in me["choice"]] if phase == Phase.DRAFT else []
        en, ja = _both("view.hand", n=len(hand))
        placing = seat == int(obs["turn"]) and phase in (Phase.PLACE, Phase.DISCARD)
        out.zones.append(Zone(HAND_ZONE, RX - 4, HAND_Y, RW + 4, BOX_H, en, ja,
                              TURN_COLOR if placing else "#2e4a36"))
        x = self._add_row(out, hand, RX + 6, HAND_Y + 10, TILE)
        if chosen:
            self._add_row(out, chosen, x + 10, HAND_Y + 10, TILE,
                          states={c: "selected" for c in chosen}, tip="view.tip_chosen")

    def _add_seen(self, out: Layout, obs: SheepObs, seat: int) -> None:
        """ST-C6: what each other seat's pack held when it left the viewer's hands."""
        rows = [(p, pl) for p, pl in enumerate(obs["players"])
                if p != seat and pl["pack_seen"] is not None]
        if not rows:
            return
        height = 20 + len(rows) * (MINI + 30)
        en, ja = _both("view.seen")
        out.zones.append(Zone("seen", RX - 4, CONTEXT_Y, RW + 4, height, en, ja, "#3d3d3d"))
        y = CONTEXT_Y + 8
        for p, pl in rows:
            seen = [str(c) for c in pl["pack_seen"] or []]
            t_en, t_ja = _both("view.seen_row", seat=p, step=int(pl["pack_seen_step"]) + 1,
                               n=len(pl["pack"]))
            out.texts.append(Text(f"seen_row{p}", RX + 4, y, t_en, t_ja, size=12,
                                  color=TEXT_DIM))
            self._add_row(out, seen, RX + 6, y + 20, MINI,
                          ids=[seen_id(p, c) for c in seen], tip="view.tip_seen")
            y += MINI + 30

    def _add_offers(self, out: Layout, obs: SheepObs, seat: int) -> None:
        """ST-R33: the two offers of the two-player draft, as pairs."""
        other = 1 - seat
        x0, y0 = SLOTS[2]
        w = 2 * SHEET_W + 14
        en, ja = _both("view.offers")
        out.zones.append(Zone("offers", x0, y0, w, SHEET_H, en, ja, "#34495e"))
        take = obs["phase"] == Phase.TAKE and int(obs["to_move"]) == seat and \
            not obs["players"][seat]["chosen"]
        mine = [str(c) for c in obs["players"][seat]["offer"] if c is not None]
        theirs = [str(c) for c in obs["players"][other]["offer"] if c is not None]
        taken = [str(c) for c in obs["players"][seat]["choice"]] \
            if obs["phase"] == Phase.TAKE else []
        y = y0 + 12
        for who, cards, code in ((other, theirs, "view.offer_other"),
                                 (seat, mine, "view.offer_mine")):
            if who == other and take:
                code = "view.offer_take"
            en, ja = _both(code, seat=other)
            out.texts.append(Text(f"offer_label{who}", x0 + 12, y, en, ja, size=14,
                                  bold=True, color=ACCENT if who == other and take else
                                  "#f4ecd8"))
            if not cards:
                w_en, w_ja = _both("view.offer_hidden" if obs["players"][who]["chosen"]
                                   else "view.offer_none", seat=who)
                out.texts.append(Text(f"offer_wait{who}", x0 + 12, y + 40, w_en, w_ja,
                                      size=13, color=TEXT_DIM))
            x = x0 + 12
            for k in range(0, len(cards), 2):
                pair = cards[k:k + 2]
                p_en, p_ja = _both("view.pair", n=k // 2 + 1)
                out.texts.append(Text(f"pair{who}_{k // 2}", x, y + 22, p_en, p_ja, size=12,
                                      color=TEXT_DIM))
                states = {c: "selected" for c in pair if c in taken}
                tip = "view.tip_take" if who == other and take else ""
                x = self._add_row(out, pair, x, y + 40, TILE, states=states, tip=tip,
                                  gap=4.0) + 30
            y += TILE + 70

    def _add_resolving(self, out: Layout, obs: SheepObs) -> None:
        card = str(obs["card"])
        turn = int(obs["turn"])
        en, ja = _both("view.resolving", seat=turn)
        out.zones.append(Zone("resolving", RX - 4, CONTEXT_Y, RW + 4, BOX_H, en, ja,
                              TURN_COLOR))
        self._add_row(out, [card], RX + 6, CONTEXT_Y + 10, TILE, ids=["resolving_card"])
        lines: list[tuple[str, str]] = []
        if int(obs["dogs_left"]):
            lines.append(_both("view.dogs_left", n=int(obs["dogs_left"])))
        if int(obs["thieves_left"]):
            lines.append(_both("view.thieves_left", n=int(obs["thieves_left"])))
        for k, (l_en, l_ja) in enumerate(lines):
            out.texts.append(Text(f"resolve{k}", RX + TILE + 20, CONTEXT_Y + 18 + 28 * k, l_en,
                                  l_ja, size=16, bold=True, color=ACCENT))

    def _add_discards(self, out: Layout, obs: SheepObs) -> None:
        discards = [str(c) for c in obs["discards"]]
        en, ja = _both("view.discard_pile", n=len(discards))
        out.zones.append(Zone(DISCARD_ZONE, DISCARD_X, DISCARD_Y, DISCARD_W, DISCARD_H, en, ja,
                              "#5d4037"))
        if discards:
            last = discards[-1]
            self._add_row(out, [last], DISCARD_X + (DISCARD_W - MINI) / 2, DISCARD_Y + 14,
                          MINI, ids=["discard_top"], tip="view.tip_discarded")

    @staticmethod
    def _add_legend(out: Layout, obs: SheepObs) -> None:
        """What the pictures of the sheets mean, in two columns under the panel's boxes (the
        thief's and the hut's as the options have them)."""
        variant = {"thief": "_free" if obs["options"].get(OPT_THIEF) == THIEF_UP_TO else "",
                   "hut": "_only" if _house_open(obs) else ""}
        en, ja = _both("view.legend")
        out.zones.append(Zone("legend", RX - 4, LEGEND_Y, RW + 4, 4 * LEGEND_ROW + 8, en, ja))
        col_w = (RW + 4) / 2
        for k, (code, kind, art) in enumerate(_LEGEND):
            x = RX + 2 + (k // 4) * col_w
            y = LEGEND_Y + 4 + (k % 4) * LEGEND_ROW
            size = LEGEND_ROW - 4
            t_en, t_ja = _both(f"view.legend_{code}{variant.get(code, '')}")
            out.pieces.append(Piece(f"legend_{code}", kind, x, y, z=1.0, art=art, w=size,
                                    h=size, tooltip_en=t_en, tooltip_ja=t_ja))
            out.texts.append(Text(f"legend_{code}", x + size + 8, y + size / 2 - 9, t_en, t_ja,
                                  size=12, color=TEXT_DIM))

    def _add_round_scores(self, out: Layout, obs: SheepObs) -> None:
        rounds = obs["round_scores"]
        if not rounds:
            return
        x, y = RX, LEGEND_Y + 4 * LEGEND_ROW + 16
        en, ja = _both("view.round_scores")
        out.texts.append(Text("round_scores", x, y, en, ja, size=13, bold=True))
        for r, totals in enumerate(rounds):
            parts = [(f"P{p + 1} {v}", f"P{p + 1} {v}") for p, v in enumerate(totals)]
            l_en, l_ja = _both("view.round_score", round=r + 1,
                               scores=" · ".join(a for a, _ in parts))
            out.texts.append(Text(f"round_score{r}", x, y + 22 + 20 * r, l_en, l_ja, size=13,
                                  color=TEXT_DIM))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: SheepObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        pack = [str(c) for c in obs["players"][seat]["pack"] if c is not None]
        for action in legal_actions:
            en, ja = api.both(_RULES.describe_action(_BLANK_STATE, action), WORDS)
            kind, _, rest = action.partition(":")

            def add(source: str | None, target: str | None, a: str = action,
                    l_en: str = en, l_ja: str = ja) -> None:
                out.append(Gesture(a, source=source, target=target, label_en=l_en,
                                   label_ja=l_ja, choice_en=l_en, choice_ja=l_ja))

            if kind in ("pick", "keep"):
                add(None, rest)
                add(rest, HAND_ZONE)
            elif kind == "offer":
                low, _, mate = rest.partition("+")
                partner = mate if low == pack[0] else low
                add(None, partner)
                add(partner, pack[0])
            elif kind == "take":
                for card in rest.split("+"):
                    add(None, card)
                    add(card, HAND_ZONE)
            elif kind in ("place", "down"):
                card, _, cell = rest.partition("@")
                add(card, cell_id(seat, CELL_OF_TEXT[cell]))
            elif kind == "discard":
                add(rest, DISCARD_ZONE)
            elif action == DOG_STOP:
                r_en, r_ja = _both("view.rest")
                out.append(Gesture(action, label_en=r_en, label_ja=r_ja, shortcut="S"))
            elif action == THIEF_HALT:
                r_en, r_ja = _both("view.halt")
                out.append(Gesture(action, label_en=r_en, label_ja=r_ja, shortcut="S"))
            elif kind == "dog":
                a, _, b = rest.partition(">")
                src, dst = CELL_OF_TEXT[a], CELL_OF_TEXT[b]
                add(flock_id(seat, src), _target_of(obs, seat, seat, dst))
            elif kind == "thief":
                step = CELL_OF_TEXT[rest]
                add(None, _target_of(obs, seat, seat, step))
                for p in range(int(obs["num_players"])):
                    add(thief_id(p), _target_of(obs, seat, p, step))
            else:
                out.append(Gesture(action, label_en=en, label_ja=ja))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: SheepObs, seat: int, source: str, target: str | None) -> Msg:
        phase = obs["phase"]
        if phase in (Phase.HOUSES, "deal"):
            return Msg("refuse.dealing")
        action = self._action_for(obs, seat, source, target)
        if isinstance(action, Msg):
            return action
        if action is None:
            return self._about(obs, seat, source)
        waiting = self._waiting(obs, seat)
        if waiting is not None:
            return waiting
        state = resample(obs, seat, random.Random(0))
        return _RULES.reason(state, action) or api.MOVE_POSSIBLE

    @staticmethod
    def _waiting(obs: SheepObs, seat: int) -> Msg | None:
        """Why ``seat`` cannot move at all now, or ``None`` when it may."""
        phase = obs["phase"]
        to_move = int(obs["to_move"])
        if phase in SECRET_PHASES:
            if obs["players"][seat]["chosen"]:
                waiting = [p for p, pl in enumerate(obs["players"]) if not pl["chosen"]]
                return Msg("table.waiting", seats=waiting)
            if to_move != seat:
                return Msg("table.turn_of", seat=to_move)
            return None
        if to_move != seat:
            return Msg("table.turn_of", seat=to_move)
        return None

    def _action_for(self, obs: SheepObs, seat: int, source: str,
                    target: str | None) -> str | Msg | None:
        """The action a drop of ``source`` on ``target`` (or a click on ``source``) asks for,
        a reason against it that needs no rules, or ``None`` when it asks for none."""
        me = obs["players"][seat]
        phase = obs["phase"]
        hand = [str(c) for c in me["hand"] if c is not None]
        pack = [str(c) for c in me["pack"] if c is not None]
        if source in pack:
            if target not in (None, HAND_ZONE) and not (phase == Phase.KEEP and target in pack):
                return Msg("table.drag_pick")
            if phase == Phase.KEEP and len(hand) >= 2 and target == HAND_ZONE:
                return Msg("table.make_pairs", card=pack[0])
            if phase == Phase.DRAFT:
                return f"pick:{source}"
            if phase == Phase.KEEP:
                if len(hand) < 2:
                    return f"keep:{source}"
                low = pack[0]
                mate = target if source == low and target in pack else source
                if mate == low:
                    return Msg("table.pair_with_low", card=low)
                return f"offer:{min(low, mate)}+{max(low, mate)}"
        if source in hand:
            if target is None:
                return Msg("table.drag_discard" if phase == Phase.DISCARD else "table.drag_card")
            if target == DISCARD_ZONE:
                return f"discard:{source}"
            where = _locate(obs, seat, target)
            if where is None:
                return Msg("table.drag_card")
            p, cell = where
            if p != seat:
                return Msg("table.own_sheet")
            return self._placement(obs, seat, source, cell)
        if source.startswith("flock"):
            flock = flock_id.parse(source)
            if flock is None or flock[1] >= CELLS:
                return None
            p, cell = flock
            if p != seat:
                return Msg("table.not_your_sheep", seat=p)
            if phase != Phase.DOG:
                return Msg("table.no_dog")
            if target is None:
                return Msg("table.drag_flock")
            dest = _locate(obs, seat, target)
            if dest is None or dest[0] != seat:
                return Msg("table.drag_flock")
            return f"dog:{CELL_TEXT[cell]}>{CELL_TEXT[dest[1]]}"
        if source.startswith("thief"):
            if phase != Phase.THIEF:
                return Msg("table.no_thief")
            if target is None:
                return Msg("table.drag_thief")
            dest = _locate(obs, seat, target)
            if dest is None:
                return Msg("table.drag_thief")
            return f"thief:{CELL_TEXT[dest[1]]}"
        if phase == Phase.TAKE and target in (None, HAND_ZONE):
            other = obs["players"][1 - seat]["offer"]
            cards = [str(c) for c in other if c is not None]
            if source in cards:
                k = cards.index(source) // 2 * 2
                pair = sorted(cards[k:k + 2])
                return f"take:{pair[0]}+{pair[1]}"
        if phase == Phase.THIEF and target is None:
            where = _locate(obs, seat, source)
            if where is not None:
                return f"thief:{CELL_TEXT[where[1]]}"
        return None

    @staticmethod
    def _placement(obs: SheepObs, seat: int, card: str, cell: int) -> str:
        """``place``, or ``down`` when no card of the hand fits face up (ST-R17), for a hand
        card dropped on a cell of one's own sheet."""
        if obs["phase"] == Phase.PLACE and int(obs["turn"]) == seat:
            state = resample(obs, seat, random.Random(0))
            legal = _RULES.legal_actions(state)
            if legal and legal[0].startswith("down:"):
                return f"down:{card}@{CELL_TEXT[cell]}"
        return f"place:{card}@{CELL_TEXT[cell]}"

    def _about(self, obs: SheepObs, seat: int, item: str) -> Msg:
        """What a click on something that takes no action says."""
        if item.startswith("seen"):
            p = int(item[4:].partition("_")[0])
            return Msg("table.seen_card", seat=p)
        if _locate(obs, seat, item) is not None:
            waiting = self._waiting(obs, seat)
            return waiting or Msg("table.on_sheet")
        return super().why_not_seated(obs, seat, item, None)

    def status(self, obs: SheepObs, seat: int | None) -> Msg:
        phase = obs["phase"]
        if seat is None or phase in (Phase.HOUSES, Phase.OVER) or int(obs["to_move"]) < 0:
            return prompt_from_obs(obs, seat)
        me = obs["players"][seat]
        n = int(obs["num_players"])
        if phase in SECRET_PHASES:
            if me["chosen"] or int(obs["to_move"]) != seat:
                return prompt_from_obs(obs, seat)
            if phase == Phase.DRAFT:
                return Msg("table.pick", seat=(seat + 1) % n)
            if phase == Phase.TAKE:
                return Msg("table.take", seat=1 - seat)
            pack = [str(c) for c in me["pack"] if c is not None]
            if len(me["hand"]) < 2:
                return Msg("table.keep", kept=len(me["hand"]))
            return Msg("table.offer", card=pack[0])
        if int(obs["turn"]) != seat:
            return prompt_from_obs(obs, seat)
        if phase == Phase.PLACE:
            state = resample(obs, seat, random.Random(0))
            legal = _RULES.legal_actions(state)
            first = legal[0].partition(":")[0] if legal else "place"
            code = {"place": "table.place", "down": "table.down"}.get(first,
                                                                      "table.discard_any")
            return Msg(code, n=int(me["placed"]) + 1)
        if phase == Phase.DOG:
            return Msg("table.dog", left=int(obs["dogs_left"]))
        if phase == Phase.THIEF:
            return Msg("table.thief" + thief_reading(obs), left=int(obs["thieves_left"]),
                       at=str(obs["thief"]))
        if phase == Phase.DISCARD:
            return Msg("table.discard")
        return prompt_from_obs(obs, seat)

    def series(self, obs: SheepObs) -> list[api.Figure]:
        return api.seat_figures("series.points", (pl["score"]["total"] for pl in obs["players"]))

    def series_round(self, obs: SheepObs) -> int | None:
        return int(obs["round"]) or None

    def score_table(self, obs: SheepObs) -> list[list[api.Cell]] | None:
        """ST-R28..ST-R30 per player: sheep (and those in the fence), each town, rivers."""
        if obs["phase"] != Phase.OVER:
            return None
        return self._score_rows(obs)

    def _score_rows(self, obs: SheepObs) -> list[list[api.Cell]]:
        players = obs["players"]
        rows = [api.score_header(range(len(players))),
                score_row(Msg("score.sheep"), (pl["score"]["sheep"] for pl in players)),
                score_row(Msg("score.fence"), (pl["fence"] for pl in players))]
        towns = [EAST_TOWN, BIG_TOWN] if obs["options"].get("towns") == "two" \
            else [EAST_TOWN, SOUTH_TOWN, BIG_TOWN]
        for town in towns:
            rows.append(score_row(Msg(f"town.{town}"),
                                  (TOWN_POINTS[town] if town in pl["score"]["towns"] else 0
                                   for pl in players)))
        rows.append(score_row(Msg("score.river"), (pl["score"]["river"] for pl in players)))
        rows.append(score_row(Msg("score.total"), (pl["score"]["total"] for pl in players)))
        return rows

    def moment(self, obs: SheepObs, seat: int | None,
               events: Sequence[api.Event]) -> api.Moment | None:
        """ST-R25..ST-R30: a round (not the last: the game's summary shows that) was scored:
        each sheet by category, with what the round changed, before the next deal."""
        end = next((e for e in events if e.kind == "round_end"), None)
        if end is None:
            return None
        rows = self._score_rows(obs)
        rounds = obs["round_scores"]
        before = rounds[-2] if len(rounds) > 1 else [0] * len(obs["players"])
        now = rounds[-1] if rounds else before
        rows.append(score_row(Msg("moment.change"),
                              (f"{int(a) - int(b):+d}" if a != b else "0"
                               for a, b in zip(now, before, strict=True))))
        return api.Moment(Msg("moment.round_over", round=int(end.data["round"]), rounds=ROUNDS),
                      (end,), tuple(tuple(r) for r in rows), key=f"round{end.data['round']}")

    def summary(self, obs: SheepObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        return Msg("summary", winners=[int(p) for p in obs["winners"]],
                   scores=[int(pl["score"]["total"]) for pl in obs["players"]])
