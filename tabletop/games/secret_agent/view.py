"""Secret Agent on the table: a panel per country (its five technology stacks by kind, its open
counters, its hand as a face-down pile with a count), the person's own country and hand with
the leader card along the bottom, and in the middle the deck, the discard pile, the two dice
with the threshold beside them, the attack under way and the super-spy auction.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. A hand card is
dragged where its action goes: technology, a counter or a defector onto one's own country; a
disaster or a super spy (open action) onto a rival's country; spies onto a rival's hand pile
(secret action) or onto one of its open counters (counter destruction); a super spy onto a
rival's hand pile (secret action). Spies committed to an attack, counters played in answer
and contracts bid are clicked (or dragged onto the attack or the auction); a card of a country
is clicked when it is to be hit, lost or re-ordered; the rest are buttons.

A seat's layout shows only what its observation holds: other hands are backs with a count,
spies committed face down are backs until revealed, bids are backs until the reveal. Refusals
come from the rules model (``reason`` on a state drawn from what this seat sees), one reason
path for the table and the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from tabletop import api
from tabletop.api import Box, Gesture, IdForm, Layout, Msg, Piece, Text, Zone, seat_mark

from .data import (
    CONTRACT,
    COUNTER,
    DEFECTOR,
    DISASTER,
    EVENT,
    KIND_INDEX,
    KINDS,
    LEADER,
    SPY,
    SUPER,
    TECH,
    family,
    kind_of,
    value,
)
from .hidden import SecretAgentObs
from .model import SecretAgentGame, prompt_from_obs
from .phases import CHANCE_PHASES, Phase
from .state import SecretAgentState
from .words import WORDS

WIDTH = 1280.0
HEIGHT = 800.0
MARGIN = 10.0
GAP = 10.0
LABEL_ROOM = 24.0
TURN_COLOR = "#d4a017"

#: Opponent panels: the top row and the panels down each side.
TOP_Y = MARGIN + LABEL_ROOM
PANEL_H = 150.0
SIDE_W = 340.0
SIDE_Y = TOP_Y + PANEL_H + LABEL_ROOM + 12
SIDE_H = 176.0
#: The person's own strip along the bottom: country on the left, hand on the right.
OWN_H = 172.0
OWN_Y = HEIGHT - MARGIN - OWN_H
OWN_W = 470.0
HAND_W, HAND_H = 100.0, 140.0
#: A technology card in a stack, drawn as a chip with its value.
RC_W = 112.0
KIND_LABEL_W = 78.0
CT_W, CT_H = 52.0, 24.0
PILE_W, PILE_H = 44.0, 62.0
MID_W, MID_H = 100.0, 140.0
SPY_W, SPY_H = 40.0, 56.0
BID_W, BID_H = 32.0, 44.0
KNOWN_H = 24.0

KIND_COLORS: dict[str, str] = {"SPA": "#3566c4", "COM": "#2e8b6e", "HEA": "#8a5a2b",
                               "NUC": "#c8641e", "MIL": "#687a2c"}
FAMILY_COLORS: dict[str, str] = {DISASTER: "#a3262a", SPY: "#3a3f58", SUPER: "#6a2c8c",
                                 CONTRACT: "#9a7b1c", COUNTER: "#1f7f8f", LEADER: "#5b4632",
                                 EVENT: "#555555"}

#: Phases where a hand card is played by a click (or a drag onto the attack or auction).
_PLAY_PHASES = frozenset((Phase.COMMIT, Phase.DEFEND, Phase.CD_SPY, Phase.CD_DEFEND, Phase.STOP,
                          Phase.BODY_DOUBLE, Phase.AUCTION, Phase.LOSE, Phase.SHED,
                          Phase.DOUBLE_SPY))

_RULES = SecretAgentGame()


def _both(code: str, **args: Any) -> tuple[str, str]:
    return api.both(Msg(code, **args), WORDS)


# -- piece and zone ids --------------------------------------------------------------------

#: A card of the viewer's own hand (its index in the sorted hand).
hand_id = IdForm("h{}")
#: Another seat's hand, a face-down pile.
pile_id = IdForm("hand{}")
lead_id = IdForm("lead{}")
#: A seat's panel, and its country (the rows of its stacks).
seat_id, country_id = IdForm("seat{}"), IdForm("country{}")
#: A counter in front of a seat: (seat, index).
counter_id = IdForm("c{}-{}")
#: A card everyone saw go into another seat's hand: (seat, index).
known_id = IdForm("k{}-{}")
#: A card of a stack: (seat, the kind's index, index from the bottom).
_CHIP = IdForm("t{}-{}-{}")


def _per_row(counters: list[str]) -> int:
    """How many of a seat's open counters share a row of its column."""
    return 2 if len(counters) <= 4 else 3


def _rows(counters: list[str]) -> int:
    """How many rows a seat's open counters take in its column."""
    return -(-len(counters) // _per_row(counters))


def chip_id(seat: int, kind: str, index: int) -> str:
    """A card of a stack: ``index`` counts from the bottom."""
    return _CHIP(seat, KIND_INDEX[kind], index)


def _chip(pid: str) -> tuple[int, str, int] | None:
    found = _CHIP.parse(pid)
    if found is None or found[1] >= len(KINDS):
        return None
    return found[0], KINDS[found[1]], found[2]


# -- card faces ----------------------------------------------------------------------------

def card_color(face: str) -> str:
    fam = family(face)
    if fam in (TECH, DEFECTOR):
        return KIND_COLORS[kind_of(face)]
    return FAMILY_COLORS.get(fam, "#555555")


def card_art(face: str) -> dict[str, Any]:
    """A hand-sized card: its name, its number in the corner, what it does."""
    title_en, title_ja = _both(f"card.{face}")
    fam = family(face)
    args: dict[str, Any] = {"n": value(face)}
    if fam in (TECH, DEFECTOR, DISASTER):
        args["kind"] = kind_of(face)
    code = f"body.{face}" if fam in (SUPER, COUNTER, LEADER) else f"body.{fam}"
    body_en, body_ja = _both(code, **args)
    brief_en, brief_ja = _both("brief.LD" if fam == LEADER else code.replace("body.", "brief."),
                               **args)
    art: dict[str, Any] = {"title_en": title_en, "title_ja": title_ja, "body_en": body_en,
                           "body_ja": body_ja, "brief_en": brief_en, "brief_ja": brief_ja,
                           "color": card_color(face)}
    if value(face) and fam != LEADER:
        n = str(value(face))
        art["corner"] = n
        # The number is in the corner: the title names the card without it, as printed cards
        # do, so that it reads larger (the hover text gives the whole name).
        art["title_en"] = title_en.removesuffix(f" {n}")
        art["title_ja"] = title_ja.removesuffix(n)
    return art


def chip_art(face: str) -> dict[str, Any]:
    """A card of a stack as a round chip: its value (a defector is marked)."""
    n = value(face)
    if family(face) == DEFECTOR:
        return {"label_en": f"D{n}", "label_ja": f"亡{n}", "color": card_color(face)}
    return {"label": str(n), "color": card_color(face)}


def counter_art(face: str) -> dict[str, Any]:
    en, ja = _both(f"short.{face}")
    return {"label_en": en, "label_ja": ja, "color": FAMILY_COLORS[COUNTER]}


def _card(pid: str, face: str | None, x: float, y: float, w: float, h: float, *,
          z: float = 0.0, state: str = "", tip: tuple[str, str] | None = None) -> Piece:
    """A card piece: face up with its art, or a back (``face`` None) with nothing in it."""
    if face is None:
        en, ja = tip if tip is not None else _both("view.face_down")
        return Piece(pid, "card", x, y, face_up=False, w=w, h=h, z=z, state=state,
                     tooltip_en=en, tooltip_ja=ja)
    art = card_art(face)
    name_en, name_ja = _both(f"card.{face}")  # the whole name: the card's title lacks its number
    en, ja = tip if tip is not None else (f"{name_en}: {art['body_en']}",
                                          f"{name_ja}：{art['body_ja']}")
    return Piece(pid, "card", x, y, art=art, w=w, h=h, z=z, state=state, tooltip_en=en,
                 tooltip_ja=ja)


def _lines(out: Layout, tid: str, x: float, y: float, en: str, ja: str, size: float,
           color: str = "#f4ecd8", bold: bool = False) -> None:
    """A text of several lines (the table draws one line per ``Text``)."""
    le, lj = en.split("\n"), ja.split("\n")
    for i in range(max(len(le), len(lj))):
        e = le[i] if i < len(le) else " "
        j = lj[i] if i < len(lj) else " "
        out.texts.append(Text(tid if i == 0 else f"{tid}_{i}", x, y + i * (size + 5), e, j,
                              size=size, bold=bold, color=color))


class SecretAgentView(api.GameView[SecretAgentObs]):
    """Layout, gestures and words for Secret Agent."""

    def __init__(self) -> None:
        self._seen: tuple[str, SecretAgentState] | None = None

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: SecretAgentObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        n = int(obs["num_players"])
        bottom = seat if seat is not None else 0
        boxes, centre = self._boxes(n, bottom)
        for p in range(n):
            if p == bottom:
                continue
            self._panel(out, obs, seat, p, boxes[p], own=False)
        own_box = Box(MARGIN, OWN_Y, OWN_W, OWN_H)
        self._panel(out, obs, seat, bottom, own_box, own=seat is not None)
        if seat is not None:
            self._hand(out, obs, seat)
        self._centre(out, obs, seat, centre)
        return out

    @staticmethod
    def _boxes(n: int, bottom: int) -> tuple[dict[int, Box], Box]:
        """The panels of the other seats, clockwise from the bottom seat's left (up the left
        side, along the top, down the right side), and the middle of the table."""
        others = [(bottom + k) % n for k in range(1, n)]
        sides = 1 if len(others) >= 4 else 0
        left, right = others[:sides], others[len(others) - sides:] if sides else []
        top = others[sides:len(others) - sides]
        boxes: dict[int, Box] = {}
        for p in left:
            boxes[p] = Box(MARGIN, SIDE_Y, SIDE_W, SIDE_H)
        for p in right:
            boxes[p] = Box(WIDTH - MARGIN - SIDE_W, SIDE_Y, SIDE_W, SIDE_H)
        room = WIDTH - 2 * MARGIN
        w = min(430.0, (room - GAP * (len(top) - 1)) / len(top))
        x0 = MARGIN + (room - (w * len(top) + GAP * (len(top) - 1))) / 2
        for i, p in enumerate(top):
            boxes[p] = Box(x0 + i * (w + GAP), TOP_Y, w, PANEL_H)
        cx0 = MARGIN + SIDE_W + GAP if sides else 150.0
        cx1 = WIDTH - MARGIN - SIDE_W - GAP if sides else WIDTH - 150.0
        cy0 = TOP_Y + PANEL_H + 8
        centre = Box(cx0, cy0, cx1 - cx0, OWN_Y - LABEL_ROOM - 6 - cy0)
        return boxes, centre

    # -- a country ------------------------------------------------------------------------
    @staticmethod
    def _label(obs: SecretAgentObs, seat: int | None, p: int) -> tuple[str, str]:
        en, ja = _both("player", seat=p)
        en, ja = f"{seat_mark(p)} {en}", f"{seat_mark(p)} {ja}"
        lead = str(obs["leaders"][p])
        if lead:
            le, lj = _both(f"card.{lead}")
            en, ja = f"{en} · {le}", f"{ja}・{lj}"
        pts = int(obs["scores_now"][p])
        pe, pj = _both("view.points", n=pts)
        en, ja = f"{en} · {pe}", f"{ja}・{pj}"
        extra: list[str] = []
        if p == seat:
            extra.append("view.you")
        phase = str(obs["phase"])
        if phase == Phase.OVER:
            if p in obs["winners"]:
                extra.append("view.won")
        elif obs["declared"][p]:
            extra.append("view.declared")
        elif phase not in CHANCE_PHASES and int(obs["actor"]) == p:
            extra.append("view.to_move")
        elif int(obs["turn"]) == p:
            extra.append("view.turn")
        if p in obs["passed"] and not obs["declared"][p] and phase != Phase.OVER:
            extra.append("view.passed")
        for code in extra:
            e, j = _both(code)
            en, ja = en + e, ja + j
        return en, ja

    def _panel(self, out: Layout, obs: SecretAgentObs, seat: int | None, p: int, b: Box,
               own: bool) -> None:
        phase = str(obs["phase"])
        deciding = phase not in CHANCE_PHASES and phase != Phase.OVER and int(obs["actor"]) == p
        en, ja = self._label(obs, seat, p)
        out.zones.append(Zone(seat_id(p), b.x, b.y, b.w, b.h, en, ja,
                              TURN_COLOR if deciding else api.seat_colour(p)))
        rc_x = b.x + b.w - RC_W
        rows = Box(b.x + 4, b.y + 4, rc_x - b.x - 8, b.h - 8)
        out.zones.append(Zone(country_id(p), rows.x, rows.y, rows.w, rows.h))
        self._stacks(out, obs, seat, p, rows, big=own)
        # The right column: the hand (a pile with its count, or the person's own count),
        # the open counters, Long-term Government.
        y = b.y + 6
        hand = obs["hands"][p]
        count = len(hand)
        if own:
            e, j = _both("view.hand_own", n=count)
            out.texts.append(Text(f"count{p}", rc_x + 2, y, e, j, size=13, bold=True))
            y += 24
        else:
            lead = str(obs["leaders"][p])
            tip = _both("view.pile_tip", seat=p, n=count, card=lead or "LD-PRE")
            if obs["known"][p]:
                names = [_both(f"card.{c}") for c in obs["known"][p]]
                e, j = _both("view.pile_tip_known", cards=", ".join(n[0] for n in names),
                             cards_ja="、".join(n[1] for n in names))
                tip = (f"{tip[0]} {e}", f"{tip[1]}{j}")
            out.pieces.append(_card(pile_id(p), None, rc_x + 2, y, PILE_W, PILE_H, tip=tip))
            e, j = _both("view.hand_count", n=count)
            out.texts.append(Text(f"count{p}", rc_x + PILE_W + 8, y + 4, e, j, size=13,
                                  bold=True))
            if obs["known"][p]:
                e, j = _both("view.known_count", n=len(obs["known"][p]))
                out.texts.append(Text(f"known{p}", rc_x + PILE_W + 8, y + 24, e, j, size=11))
            y += PILE_H + 6
        if int(obs["ltg"]) == p:
            e, j = _both("short.EV-LTG")
            te, tj = _both("view.ltg_tip", seat=p)
            out.pieces.append(Piece(f"ltg{p}", "token", rc_x + 2, y, w=RC_W - 10, h=22,
                                    art={"label_en": e, "label_ja": j, "color": "#555555"},
                                    tooltip_en=te, tooltip_ja=tj))
            y += 26
        counters = [str(c) for c in obs["counters"][p]]
        if not own:
            self._known(out, obs, p, rc_x, y, b.y + b.h - 4 - (CT_H + 3) * _rows(counters))
        if counters:
            # From the bottom of the column up, clear of the hand pile: a spy dropped on a
            # counter must overlap it more than the pile (a secret action) above.
            per_row = _per_row(counters)
            rows_n = _rows(counters)
            low = b.y + b.h - 4 - CT_H
            step_y = min(CT_H + 3, (low - y) / max(1, rows_n - 1)) if rows_n > 1 else 0.0
            w = (RC_W - 8 - 3 * (per_row - 1)) / per_row
            for i, c in enumerate(counters):
                x = rc_x + 2 + (i % per_row) * (w + 3)
                cy = low - (i // per_row) * step_y
                te, tj = _both("view.counter_tip", seat=p, card=c)
                out.pieces.append(Piece(counter_id(p, i), "token", x, cy, w=w, h=CT_H, z=i,
                                        art=counter_art(c), tooltip_en=te, tooltip_ja=tj))

    @staticmethod
    def _known(out: Layout, obs: SecretAgentObs, p: int, x: float, top: float,
               bottom: float) -> None:
        """The cards everyone saw go into ``p``'s hand (a card given back after a secret
        action, a losing bid, a super spy hired), under the pile: what a player at the table
        would remember. As many as the column has room for, clear of the counters below
        (drop targets); the pile's tooltip names them all."""
        known = [str(c) for c in obs["known"][p]]
        step = KNOWN_H + 2
        room = int((bottom - top - KNOWN_H) // step) + 1 if bottom - top >= KNOWN_H else 0
        for i, c in enumerate(known[:room]):
            e, j = _both(f"card.{c}")
            te, tj = _both("view.known_tip", seat=p, card=c)
            out.pieces.append(Piece(known_id(p, i), "token", x + 2, top + i * step,
                                    w=RC_W - 10, h=KNOWN_H, z=i,
                                    art={"label_en": e, "label_ja": j, "color": card_color(c)},
                                    tooltip_en=te, tooltip_ja=tj))

    def _stacks(self, out: Layout, obs: SecretAgentObs, seat: int | None, p: int, rows: Box,
                big: bool) -> None:
        k = len(KINDS)
        rh = min(32.0 if big else 28.0, rows.h / k)
        cs = rh - 3
        chips_x = rows.x + KIND_LABEL_W
        room = rows.x + rows.w - chips_x - 2
        phase = str(obs["phase"])
        reorg = (phase == Phase.PUT and int(obs["reorg_seat"]) == p)
        for ki, kind in enumerate(KINDS):
            y = rows.y + ki * rh
            stack = [str(c) for c in obs["stacks"][p * k + ki]]
            e, j = _both(f"kindshort.{kind}")
            out.texts.append(Text(f"kind{p}-{ki}", rows.x + 4, y + rh / 2 - 10, e, j, size=12,
                                  bold=True, color="#f4ecd8" if stack else "#8fa39a"))
            if not stack:
                continue
            step = cs + 3
            if len(stack) > 1:
                step = min(step, (room - cs) / (len(stack) - 1))
            fixed = int(obs["reorg_fixed"]) if reorg and str(obs["reorg_kind"]) == kind else 0
            for i, face in enumerate(stack):
                top = i == len(stack) - 1
                code = "view.chip_top" if top else "view.chip"
                te, tj = _both(code, card=face, seat=p, pos=i + 1)
                state = "dim" if fixed and i >= len(stack) - fixed else ""
                out.pieces.append(Piece(chip_id(p, kind, i), "token", chips_x + i * step,
                                        y + 1.5, w=cs, h=cs, z=i, art=chip_art(face),
                                        state=state, tooltip_en=te, tooltip_ja=tj))

    # -- the person's hand ----------------------------------------------------------------
    def _hand(self, out: Layout, obs: SecretAgentObs, seat: int) -> None:
        hand = [str(c) for c in obs["hands"][seat] if c is not None]
        x0 = MARGIN + OWN_W + GAP
        w = WIDTH - MARGIN - x0
        e, j = _both("view.hand_zone", n=len(hand))
        out.zones.append(Zone("hand", x0, OWN_Y, w, OWN_H, e, j))
        lead = [c for c in hand if family(c) == LEADER]
        rest = [(i, c) for i, c in enumerate(hand) if family(c) != LEADER]
        y = OWN_Y + (OWN_H - HAND_H) / 2
        x = x0 + 8
        for c in lead:
            art = card_art(c)
            if obs["leader_abilities"]:
                art["body_en"], art["body_ja"] = _both(f"ability.{c}")
            te, tj = _both("view.leader_tip", card=c)
            out.pieces.append(Piece(lead_id(seat), "card", x, y, art=art, w=HAND_W, h=HAND_H,
                                    tooltip_en=f"{te} {art['body_en']}",
                                    tooltip_ja=f"{tj}{art['body_ja']}"))
            x += HAND_W + 14
        room = x0 + w - 8 - x
        step = HAND_W + 6
        if len(rest) > 1:
            step = min(step, (room - HAND_W) / (len(rest) - 1))
        for k, (i, c) in enumerate(rest):
            out.pieces.append(_card(hand_id(i), c, x + k * step, y, HAND_W, HAND_H, z=10 + k))

    # -- the middle of the table ----------------------------------------------------------
    def _centre(self, out: Layout, obs: SecretAgentObs, seat: int | None, c: Box) -> None:
        x, y = c.x + 6, c.y + LABEL_ROOM
        deck = int(obs["deck_count"])
        te, tj = _both("view.deck_tip", n=deck)
        e, j = _both("view.deck")
        out.zones.append(Zone("deck_zone", x, y, MID_W + 12, MID_H + 30, e, j))
        if deck:
            out.pieces.append(Piece("deck", "card", x + 6, y + 6, face_up=False, w=MID_W,
                                    h=MID_H, tooltip_en=te, tooltip_ja=tj))
        e, j = _both("view.count", n=deck)
        out.texts.append(Text("deck_count", x + 8, y + MID_H + 8, e, j, size=13, bold=True))
        # The discard pile: its top card face up, its count.
        dx = x + MID_W + 22
        discard = [str(d) for d in obs["discard"]]
        e, j = _both("view.discard")
        out.zones.append(Zone("discard", dx, y, MID_W + 12, MID_H + 30, e, j))
        if discard:
            tip = _both("view.discard_tip", card=discard[-1], n=len(discard))
            out.pieces.append(_card("discard_top", discard[-1], dx + 6, y + 6, MID_W, MID_H,
                                    tip=tip))
        e, j = _both("view.count", n=len(discard))
        out.texts.append(Text("discard_count", dx + 8, y + MID_H + 8, e, j, size=13,
                              bold=True))
        self._dice(out, obs, Box(dx + MID_W + 22, y, 214, MID_H + 30))
        # The end stage, announced.
        ex = dx + MID_W + 22 + 224
        if obs["end_stage"] or (deck == 0 and str(obs["phase"]) not in CHANCE_PHASES):
            e, j = _both("view.end_stage")
            out.texts.append(Text("end_stage", ex, y - 2, e, j, size=20, bold=True,
                                  color="#ff8a65"))
            e, j = _both("view.end_stage_rules")
            _lines(out, "end_stage_rules", ex, y + 28, e, j, 12, color="#ffe0b2")
        else:
            e, j = _both("view.turn_no", n=int(obs["turns"]))
            out.texts.append(Text("turn_no", ex, y, e, j, size=15, bold=True))
        ay = y + MID_H + 30 + LABEL_ROOM + 8
        ah = c.y + c.h - ay
        # An attack under way with no auction takes most of the width: its title names two
        # countries and the action, and its cards and spies need the room.
        aw = c.w * (0.7 if obs["mode"] and not obs["auction_card"] else 0.56)
        self._attack(out, obs, seat, Box(x, ay, aw - 12, ah))
        self._auction(out, obs, seat, Box(x + aw, ay, c.x + c.w - x - aw - 6, ah))

    def _dice(self, out: Layout, obs: SecretAgentObs, b: Box) -> None:
        e, j = _both("view.dice")
        out.zones.append(Zone("dice", b.x, b.y, b.w, b.h, e, j))
        phase = str(obs["phase"])
        check = obs["last_check"]
        dice: list[int] = []
        line: tuple[str, str] | None = None
        big: tuple[str, str] | None = None
        colour = "#f4ecd8"
        if phase == Phase.REROLL and obs["dice"]:
            dice = [int(d) for d in obs["dice"]]
            big = (f"≤ {int(obs['threshold'])}", f"{int(obs['threshold'])}以下")
            line = _both("view.roll_pending", seat=int(obs["roll_seat"]),
                         total=sum(dice), need=int(obs["threshold"]))
        elif phase == Phase.ROLL and not str(obs["purpose"]).startswith("clash"):
            big = (f"≤ {int(obs['threshold'])}", f"{int(obs['threshold'])}以下")
            line = _both("view.roll_next", seat=int(obs["roll_seat"]))
            if check is not None:
                dice = [int(d) for d in check["dice"]]
        elif check is not None:
            dice = [int(d) for d in check["dice"]]
            ok = bool(check["success"])
            t = int(check["threshold"])
            big = (f"≤ {t}", f"{t}以下")
            colour = "#7bd389" if ok else "#ff8a80"
            line = _both("view.check_ok" if ok else "view.check_fail",
                         total=int(check["total"]), need=t, seat=int(check["seat"]),
                         purpose=Msg(f"purpose.{check['purpose']}"))
        if not dice:
            dice = []
        for i, d in enumerate(dice[:2]):
            out.pieces.append(Piece(f"die{i}", "die", b.x + 10 + i * 54, b.y + 10,
                                    art={"value": d},
                                    tooltip_en=f"Die: {d}", tooltip_ja=f"ダイス：{d}"))
        if big is not None:
            out.texts.append(Text("threshold", b.x + 122, b.y + 14, big[0], big[1], size=24,
                                  bold=True, color=colour))
        if line is not None:
            _lines(out, "check", b.x + 8, b.y + 68, line[0], line[1], 12, colour, True)
        elif not dice:
            e, j = _both("view.no_roll")
            _lines(out, "check", b.x + 8, b.y + 14, e, j, 12, "#cfd8dc")

    def _attack(self, out: Layout, obs: SecretAgentObs, seat: int | None, b: Box) -> None:
        e, j = _both("view.attack")
        mode = str(obs["mode"])
        attacker, defender = int(obs["attacker"]), int(obs["defender"])
        out.zones.append(Zone("attack", b.x, b.y, b.w, b.h, e, j,
                              "#a3262a" if mode else ""))
        if not mode:
            e, j = _both("view.no_attack")
            out.texts.append(Text("attack_none", b.x + 10, b.y + 10, e, j, size=13,
                                  color="#cfd8dc"))
            return
        code = f"view.mode_{mode}" + (f"_{obs['target']}" if mode == "special" else "")
        e, j = _both(code, attacker=attacker, defender=defender)
        out.texts.append(Text("attack_title", b.x + 8, b.y + 6, e, j, size=14, bold=True,
                              color="#ffe08a"))
        x = b.x + 8
        head = 26.0  # the area's title line
        top = b.y + head
        # The played card (and a stolen one) as tall as the area allows, at most a pile's
        # size (where its text reads at 9 pt: the defender reads it here first); the spies in
        # two rows beside it, small enough that the threshold line fits under them on a
        # crowded table (six countries).
        ch = min(MID_H, b.h - head - 4)
        cw = ch * MID_W / MID_H
        spy_h = min(SPY_H, (b.h - head - 12 - 24 - 2 * 18 - 6) / 2)
        spy_w = spy_h * SPY_W / SPY_H
        played = str(obs["played"])
        if played:
            out.pieces.append(_card("played", played, x, top, cw, ch))
            x += cw + 12
        elif mode == "destroy" and obs["target"]:
            e, j = _both("view.target", card=str(obs["target"]))
            _lines(out, "attack_target", x, top, e, j, 13, bold=True)
            x += 110
        stolen = str(obs["stolen"])
        sh = ch - 16  # a stolen card sits under its label
        sw = sh * MID_W / MID_H
        right = b.x + b.w - (sw + 10 if stolen else 0)
        for row, (key, code, who) in enumerate((("atk_spies", "view.atk_spies", attacker),
                                                ("def_spies", "view.def_spies", defender))):
            spies = obs[key]  # type: ignore[literal-required]
            ry = top + row * (spy_h + 24)
            e, j = _both(code, n=len(spies))
            out.texts.append(Text(f"{key}_label", x, ry, e, j, size=12, bold=True))
            if not spies:
                continue
            step = spy_w + 4
            if len(spies) > 1:
                step = min(step, (right - x - spy_w) / (len(spies) - 1))
            for i, s in enumerate(spies):
                face = None if s is None else str(s)
                tip = None
                if face is not None and who == seat and not obs["revealed"] \
                        and mode == "disaster":
                    tip = _both("view.own_spy", card=face)
                elif face is None:
                    tip = _both("view.spy_down", seat=who)
                out.pieces.append(_card(f"{key[:1]}spy{i}", face, x + i * step, ry + 18,
                                        spy_w, spy_h, z=i, tip=tip))
        if stolen:
            sx = b.x + b.w - sw - 8
            e, j = _both("view.stolen")
            out.texts.append(Text("stolen_label", sx, top - 2, e, j, size=12, bold=True))
            out.pieces.append(_card("stolen", stolen, sx, top + 16, sw, sh))
        t = self._threshold(obs, seat)
        if t is not None:
            out.texts.append(Text("attack_threshold", x, b.y + b.h - 24, t[0], t[1],
                                  size=13, bold=True, color="#ffe08a"))

    @staticmethod
    def _threshold(obs: SecretAgentObs, seat: int | None) -> tuple[str, str] | None:
        """The threshold of the attack as far as ``seat`` knows it."""
        mode = str(obs["mode"])
        atk = obs["atk_spies"]
        dfn = obs["def_spies"]
        if mode == "disaster":
            base = value(str(obs["played"]))
            if any(s is None for s in atk) or any(s is None for s in dfn):
                return _both("view.t_hidden", base=base, atk=len(atk), dfn=len(dfn))
            a = sum(value(str(s)) for s in atk)
            d = sum(value(str(s)) for s in dfn)
            return _both("view.t_disaster", base=base, atk=a, dfn=d, t=base + a - d)
        if mode == "secret" and atk:
            return _both("view.t_secret", s=sum(value(str(s)) for s in atk if s))
        if mode == "destroy" and atk and atk[0]:
            return _both("view.t_destroy", need=value(str(atk[0])))
        return None

    def _auction(self, out: Layout, obs: SecretAgentObs, seat: int | None, b: Box) -> None:
        e, j = _both("view.auction")
        card = str(obs["auction_card"])
        out.zones.append(Zone("auction", b.x, b.y, b.w, b.h, e, j, "#6a2c8c" if card else ""))
        hire = [str(h) for h in obs["hire"]]
        if not card:
            e, j = _both("view.no_auction")
            out.texts.append(Text("auction_none", b.x + 10, b.y + 10, e, j, size=13,
                                  color="#cfd8dc"))
            # The super spies nobody hired, under the auction they left (beside the dice
            # the line ran into the right-hand country at six players).
            removed = [str(r) for r in obs["removed"] if family(str(r)) == SUPER]
            if removed:
                e, j = _both("view.removed", cards=removed)
                out.texts.append(Text("removed", b.x + 10, b.y + 34, e, j, size=12,
                                      color="#cfd8dc"))
            return
        # The super spy up for hire is read before anyone bids: as large as a hand card.
        # As tall as the area allows, up to a little over a hand card: it is read once, whole.
        fh = max(HAND_H, min(HAND_H * 1.12, b.h - 14))
        fw = fh * HAND_W / HAND_H
        out.pieces.append(_card("forhire", card, b.x + 8, b.y + 10, fw, fh))
        bx = b.x + fw + 16
        cell_w, cell_h = BID_W + 20, BID_H + 24
        cols = max(1, int((b.x + b.w - bx) // cell_w))
        bidders = [int(q) for q in obs["bidders"]]
        rows = (len(bidders) + cols - 1) // cols
        if rows * cell_h > b.h - 30 and rows > 1:
            cell_h = (b.h - 30) / rows
        for k, p in enumerate(bidders):
            bid = str(obs["bids"][p])
            x = bx + (k % cols) * cell_w
            y = b.y + 6 + (k // cols) * cell_h
            e, j = _both("view.bidder", seat=p)
            e, j = f"{seat_mark(p)}{e}", f"{seat_mark(p)}{j}"
            out.texts.append(Text(f"bidder{p}", x, y, e, j, size=12, bold=True,
                                  color=TURN_COLOR if p == int(obs["actor"]) else "#f4ecd8"))
            if bid in ("", "-"):
                code = "view.bid_none" if bid == "-" else "view.bid_wait"
                e, j = _both(code)
                out.texts.append(Text(f"bidtext{p}", x, y + 22, e, j, size=11,
                                      color="#cfd8dc"))
                continue
            face = None if bid == "?" else bid.rstrip("!")
            tip = _both("view.bid_down", seat=p) if face is None else _both(
                "view.bid_own", card=face)
            out.pieces.append(_card(f"bid{p}", face, x, y + 17, BID_W, BID_H, tip=tip))
        if hire:
            e, j = _both("view.next_hire", cards=hire)
            out.texts.append(Text("next_hire", b.x + 8, b.y + b.h - 22, e, j, size=11,
                                  color="#cfd8dc"))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: SecretAgentObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        phase = str(obs["phase"])
        hand = [str(c) for c in obs["hands"][seat] if c is not None]
        lead = {c for c in hand if family(c) == LEADER}
        where: dict[str, list[str]] = {}
        for i, c in enumerate(hand):
            where.setdefault(c, []).append(lead_id(seat) if c in lead else hand_id(i))
        for action in legal_actions:
            en, ja = api.both(_RULES.describe_action(_stub(obs), action), WORDS)
            kind, _, rest = action.partition(":")
            parts = rest.split(":") if rest else []

            def add(source: str | None, target: str | None, a: str = action, e: str = en,
                    j: str = ja, shortcut: str = "") -> None:
                out.append(Gesture(a, source=source, target=target, label_en=e, label_ja=j,
                                   choice_en=e, choice_ja=j, shortcut=shortcut))

            def button(code: str | None = None, shortcut: str = "", a: str = action,
                       label: tuple[str, str] = (en, ja)) -> None:
                e, j = _both(code) if code else label
                add(None, None, a, e, j, shortcut)

            if kind in ("tech", "employ", "defence"):
                for src in where.get(rest, []):
                    add(src, country_id(seat))
            elif kind == "disaster":
                for src in where.get(parts[0], []):
                    add(src, country_id(int(parts[1])))
            elif kind == "secret":
                # The spy dropped on the hand is the first one sent: the drop starts the
                # secret action and commits that spy (the next choice, more spies or That is
                # all, is offered at once).
                for c, srcs in where.items():
                    if family(c) == SPY:
                        for src in srcs:
                            out.append(Gesture(action, source=src, target=pile_id(int(rest)),
                                               label_en=en, label_ja=ja, choice_en=en,
                                               choice_ja=ja, then=(f"spy:{c}",)))
            elif kind == "destroy":
                p, ct = int(parts[0]), parts[1]
                targets = [counter_id(p, i) for i, c in enumerate(obs["counters"][p])
                           if str(c) == ct]
                for c, srcs in where.items():
                    if family(c) == SPY:
                        for src in srcs:
                            for tgt in targets:
                                add(src, tgt)
            elif kind == "special":
                tgt = country_id(int(parts[1])) if parts[2] == "open" else pile_id(int(parts[1]))
                for src in where.get(parts[0], []):
                    add(src, tgt)
            elif kind in ("purge",) or (kind == "discard" and phase == Phase.ACTION):
                for src in where.get(rest, []):
                    add(src, "discard")
            elif kind in ("spy", "counter", "bid", "priority", "discard"):
                zone = {Phase.AUCTION: "auction", Phase.SHED: "discard",
                        Phase.DOUBLE_SPY: "discard",
                        Phase.LOSE: country_id(seat)}.get(phase, "attack")
                for src in where.get(rest, []):
                    add(None, src)
                    add(src, zone)
            elif kind in ("hit", "low", "lose", "put"):
                for tgt in self._chips(obs, kind, rest):
                    add(None, tgt)
            elif kind == "reorg":
                p = seat
                size = len(obs["stacks"][p * len(KINDS) + KIND_INDEX[rest]])
                for i in range(size):
                    add(None, chip_id(p, rest, i))
                button()
            elif kind in ("target", "attach"):
                p = int(rest)
                for tgt in (seat_id(p), country_id(p), pile_id(p)):
                    if tgt != pile_id(seat):
                        add(None, tgt)
            elif kind == "draw" or kind == "refill":
                if int(obs["deck_count"]):
                    add(None, "deck")
                button(shortcut="D")
            elif kind == "no":
                button(f"button.no_{phase}" if f"button.no_{phase}" in WORDS else None,
                       shortcut="N")
            elif kind == "done":
                button(shortcut="Enter")
            elif kind == "pass":
                button(shortcut="P")
            else:
                button()
        return out

    @staticmethod
    def _chips(obs: SecretAgentObs, kind: str, face: str) -> list[str]:
        """The pieces a click on which means ``kind:face`` (a card of a country)."""
        k = len(KINDS)
        phase = str(obs["phase"])
        if kind in ("hit", "low"):
            p = int(obs["defender"])
        elif kind == "put":
            p = int(obs["reorg_seat"])
        else:
            p = int(obs["actor"])
        if family(face) == COUNTER:
            return [counter_id(p, i) for i, c in enumerate(obs["counters"][p]) if str(c) == face]
        stack = [str(c) for c in obs["stacks"][p * k + KIND_INDEX[kind_of(face)]]]
        out: list[str] = []
        for i, c in enumerate(stack):
            if c != face:
                continue
            top = i == len(stack) - 1
            if kind == "hit" and not top:
                continue
            if kind == "low" and top:
                continue
            if kind == "lose" and obs["tops_only"] and not top:
                continue
            if kind == "put" and phase == Phase.PUT and i >= len(stack) - int(obs["reorg_fixed"]):
                continue
            out.append(chip_id(p, kind_of(face), i))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: SecretAgentObs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = str(obs["phase"])
        if phase in CHANCE_PHASES:
            return Msg("refuse.wait")
        actor = int(obs["actor"])
        hand = [str(c) for c in obs["hands"][seat] if c is not None]
        card = self._hand_card(hand, seat, source)
        pile = pile_id.number(source)
        if card is None and target is None and pile is not None and pile != seat \
                and phase not in ("coup", "attach"):
            return Msg("view.why_pile", seat=pile)
        if actor != seat:
            return Msg("view.why_wait", prompt=prompt_from_obs(obs, seat))
        meant = self._meant(obs, seat, card, source, target)
        if isinstance(meant, Msg):
            return meant
        if not meant:
            return Msg("view.why_nothing", prompt=prompt_from_obs(obs, seat))
        state = self._state(obs, seat)
        first: Msg | None = None
        for action in meant:
            reason = _RULES.reason(state, action)
            if reason is None:
                return api.MOVE_POSSIBLE
            first = first or reason
        return first or api.MOVE_POSSIBLE

    @staticmethod
    def _hand_card(hand: list[str], seat: int, pid: str) -> str | None:
        i = hand_id.number(pid)
        if i is not None and i < len(hand):
            return hand[i]
        if pid == lead_id(seat):
            lead = [c for c in hand if family(c) == LEADER]
            return lead[0] if lead else None
        return None

    def _meant(self, obs: SecretAgentObs, seat: int, card: str | None, source: str,
               target: str | None) -> list[str] | Msg:
        """The actions a drop of ``source`` on ``target`` (or a click on ``source``) may
        mean, or a hint when it means nothing."""
        phase = str(obs["phase"])
        k = len(KINDS)
        if card is not None:
            fam = family(card)
            if fam == LEADER and phase not in ("coup", "attach"):
                return Msg("view.why_leader")
            if target is None:
                if phase in _PLAY_PHASES:
                    return self._play(phase, card)
                return Msg(f"view.hint_{fam}") if phase == Phase.ACTION else []
            if target in ("attack", "auction") or (target == "discard"
                                                   and phase != Phase.ACTION):
                return self._play(phase, card)
            if target == "discard":
                return [f"purge:{card}", f"discard:{card}"]
            p = country_id.number(target)
            if p is None:
                p = seat_id.number(target)
            if p is not None:
                if phase == Phase.LOSE and card.startswith("CT-"):
                    return [f"counter:{card}"]
                if fam in (TECH, DEFECTOR, COUNTER):
                    if p != seat:
                        return Msg("view.why_own", card=card)
                    return [{TECH: "tech", DEFECTOR: "employ", COUNTER: "defence"}[fam]
                            + f":{card}"]
                if fam == DISASTER:
                    return [f"disaster:{card}:{p}"]
                if fam == SUPER:
                    return [f"special:{card}:{p}:open"]
                if fam == SPY:
                    return Msg("view.why_spy_country")
                return Msg(f"view.hint_{fam}")
            p = pile_id.number(target)
            if p is not None:
                if fam == SPY:
                    return [f"secret:{p}"]
                if fam == SUPER:
                    return [f"special:{card}:{p}:secret"]
                return Msg(f"view.hint_{fam}")
            ct = counter_id.parse(target)
            if ct is not None:
                if fam != SPY:
                    return Msg(f"view.hint_{fam}")
                face = str(obs["counters"][ct[0]][ct[1]]) if ct[1] < len(
                    obs["counters"][ct[0]]) else ""
                return [f"destroy:{ct[0]}:{face}"]
            return Msg(f"view.hint_{fam}") if phase == Phase.ACTION else []
        spot = target or source
        if spot == "deck":
            return ["draw", "refill"]
        chip = _chip(spot)
        if chip is not None:
            p, kind, i = chip
            stack = [str(c) for c in obs["stacks"][p * k + KIND_INDEX[kind]]]
            if i >= len(stack):
                return []
            face = stack[i]
            if phase in (Phase.START, Phase.REORG):
                return [f"reorg:{kind}"]
            if phase == Phase.PUT:
                return [f"put:{face}"]
            if phase == Phase.LOSE:
                return [f"lose:{face}"]
            if phase == "hit":
                return [f"hit:{face}" if i == len(stack) - 1 else f"low:{face}"]
            if phase in ("coup", "attach"):
                return [f"target:{p}", f"attach:{p}"]
            return []
        ct = counter_id.parse(spot)
        if ct is not None:
            if phase == "hit" and ct[1] < len(obs["counters"][ct[0]]):
                return [f"hit:{obs['counters'][ct[0]][ct[1]]}"]
            return []
        for form in (seat_id, country_id, pile_id, lead_id):
            p = form.number(spot)
            if p is not None:
                return [f"target:{p}", f"attach:{p}"]
        return []

    @staticmethod
    def _play(phase: str, card: str) -> list[str]:
        """What a click on a hand card means in a phase where hand cards are played."""
        if phase == Phase.AUCTION:
            return [f"bid:{card}", f"priority:{card}"]
        if phase in (Phase.SHED, Phase.DOUBLE_SPY):
            return [f"discard:{card}"]
        if family(card) == COUNTER:
            return [f"counter:{card}"]
        return [f"spy:{card}"]

    def _state(self, obs: SecretAgentObs, seat: int) -> SecretAgentState:
        """A full state as ``seat`` sees it (what it cannot see drawn at random, fixed seed):
        enough for the rules' reasons, which read only the mover's hand and the open table."""
        key = json.dumps([seat, obs], sort_keys=True, default=str)
        if self._seen is not None and self._seen[0] == key:
            return self._seen[1]
        state = _RULES.resample(obs, seat, random.Random(0))
        self._seen = (key, state)
        return state

    def status(self, obs: SecretAgentObs, seat: int | None) -> Msg | None:
        phase = str(obs["phase"])
        prompt = prompt_from_obs(obs, seat)
        if seat is None or prompt is None or phase in CHANCE_PHASES or phase == Phase.OVER \
                or int(obs["actor"]) != seat:
            return prompt
        forced = self._forced_button(obs, seat, phase)
        if forced is not None:
            return Msg("view.status", prompt=prompt, hint=forced)
        code = f"hint.{phase}"
        if code not in WORDS:
            return prompt
        return Msg("view.status", prompt=prompt, hint=Msg(code))

    def _forced_button(self, obs: SecretAgentObs, seat: int, phase: str) -> Msg | None:
        """When nothing in the hand answers a question (no contract to bid, no spy or counter
        to defend with), the hint names the one button left instead of asking for a card
        the player does not hold. The legal moves are exact here: they read only the
        mover's own hand and the open table."""
        legal = _RULES.legal_actions(self._state(obs, seat))
        if len(legal) != 1 or legal[0] not in ("no", "done"):
            return None
        action = legal[0]
        code = f"button.no_{phase}" if action == "no" else ""
        label = Msg(code) if code in WORDS else _RULES.describe_action(_stub(obs), action)
        return Msg("hint.forced", button=label, key="N" if action == "no" else "Enter")

    def series(self, obs: SecretAgentObs) -> list[api.Figure]:
        return api.seat_figures("series.points", obs["scores_now"])

    def series_round(self, obs: SecretAgentObs) -> int | None:
        return int(obs["turns"]) or None

    def series_axis(self) -> Msg:
        # The chart's points are turns, as the log counts them ("Turn 108"), not rounds.
        return Msg("series.turn_axis")

    def score_table(self, obs: SecretAgentObs) -> list[list[api.Cell]] | None:
        if str(obs["phase"]) != Phase.OVER:
            return None
        n = int(obs["num_players"])
        k = len(KINDS)
        rows = [api.score_header(range(n))]
        for ki, kind in enumerate(KINDS):
            row: list[api.Cell] = [Msg(f"kind.{kind}")]
            for p in range(n):
                stack = [str(c) for c in obs["stacks"][p * k + ki]]
                if not stack:
                    row.append("—")
                    continue
                parts = [f"{value(c)}" + ("D" if family(c) == DEFECTOR else "") for c in stack]
                total = sum(value(c) for c in stack)
                row.append(f"{'+'.join(parts)} = {total}" if len(stack) > 1 else str(total))
            rows.append(row)
        rows.append(api.score_row(Msg("score.cards"), (sum(len(obs["stacks"][p * k + ki])
                                                       for ki in range(k)) for p in range(n))))
        rows.append(api.score_row(Msg("score.total"), (int(v) for v in obs["scores_now"])))
        return rows

    def moment(self, obs: SecretAgentObs, seat: int | None,
               events: Sequence[api.Event]) -> api.Moment | None:
        """What an attack or an auction came to: a check's dice against its target and what
        became of the card (SA-R03, SA-R40), a clash of super spies, a leader assassinated,
        a super spy hired or left unhired; the step's lines say it all."""
        kinds = {e.kind: e for e in events}
        check = kinds.get("check")
        if check is not None:
            title = Msg("moment.check_ok" if check.data["success"] else "moment.check_failed",
                        seat=int(check.data["seat"]))
        elif "clash" in kinds:
            title = Msg("moment.clash")
        elif "assassinated" in kinds:
            title = Msg("moment.assassinated", seat=int(kinds["assassinated"].data["seat"]))
        elif "hired" in kinds:
            title = Msg("moment.hired", seat=int(kinds["hired"].data["seat"]))
        elif "unhired" in kinds:
            title = Msg("moment.unhired")
        else:
            return None
        return api.Moment(title, tuple(e for e in events if e.logged))

    def summary(self, obs: SecretAgentObs) -> Msg | None:
        if str(obs["phase"]) != Phase.OVER:
            return None
        return Msg("log.end", scores=[int(v) for v in obs["scores_now"]],
                   winners=[int(p) for p in obs["winners"]])


def _stub(obs: SecretAgentObs) -> Any:
    """``describe_action`` reads nothing of the state: any stands in."""
    return obs
