"""Buried Treasure on the table: the bid board, the burial spots, the centre display, the
players' hands and collected cards, and how a drag or a click becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The viewing
seat sits at the bottom with its hand face up; the others sit along the top. A bury is one drag
(a hand card onto your burial spot) or two clicks; a bid is one click on a free value of the
board; a reward is one click on a centre card, or the Take nothing button. Another seat's
buried card is always a back without art: the observation never holds its value before the
reveal. Refusal reasons come from the rules model so the table and the engine agree.
"""

from __future__ import annotations

from typing import Any

from tabletop import api
from tabletop.api import MOVE_POSSIBLE, Gesture, IdForm, Layout, Msg, Piece, Text, Zone

from .data import BID_VALUES, BOARD_COLOR, PAWN_COLORS, ROUNDS, TARGET, VALUE_COLORS
from .model import PASS, BuriedTreasureGame, BuriedTreasureObs, Phase, prompt_from_obs
from .words import WORDS

WIDTH = 1280.0
HEIGHT = 800.0
HAND_W, HAND_H = 92.0, 130.0
SLOT_W, SLOT_H = 80.0, 108.0
MID_W, MID_H = 80.0, 112.0
PANEL_Y, PANEL_H = 26.0, 150.0
BOARD_Y = 214.0
MID_Y = 356.0
HAND_X = 330.0
TURN_COLOR = "#d4a017"



def _both(code: str, **args: Any) -> tuple[str, str]:
    """A message of the catalogue in English and Japanese, for pieces, zones and texts."""
    return api.both(Msg(code, **args), WORDS)


BOARD_ZONE = Zone("board", 20.0, BOARD_Y - 12, WIDTH - 40.0, SLOT_H + 32, *_both("view.board"),
                  "#3b2f22")
# The burial row holds six cards side by side at the most players.
BURIAL_ZONE = Zone("burial", 20.0, MID_Y, 6 * (MID_W + 4) + 20, 160.0,
                   *_both("view.burial"), "#34495e")
CENTRE_ZONE = Zone("centre", BURIAL_ZONE.x + BURIAL_ZONE.w + 12, MID_Y, 392.0, 160.0,
                   *_both("view.centre"), "#2e4a36")
LAST_ZONE = Zone("last", CENTRE_ZONE.x + CENTRE_ZONE.w + 12, MID_Y,
                 WIDTH - 20 - (CENTRE_ZONE.x + CENTRE_ZONE.w + 12), 160.0, *_both("view.last"),
                 "#3d3d3d")

_RULES = BuriedTreasureGame()


def card_art(value: int) -> dict[str, Any]:
    # The value is the title in both languages: the Japanese table shows the English one.
    body_en, body_ja = _both("view.card_body")
    return {"title_en": str(value), "title_ja": "", "body_en": body_en, "body_ja": body_ja,
            "corner": "", "badge": "", "color": VALUE_COLORS[value]}


#: A hand card (seat, index), a seat's burial spot, a centre card (index).
hand_id = IdForm("p{}h{}")
bury_id = IdForm("bur{}")
centre_id = IdForm("d{}")
#: A value of the bid board, and the slots of the zero bids, taken in order.
_BID = IdForm("b{}")
_ZERO = IdForm("z{}")


def bid_id(value: int, zero_slot: int = 0) -> str:
    return _ZERO(zero_slot) if value == 0 else _BID(value)


def _score_text(cards: list[int], score: int) -> tuple[str, str]:
    points = Msg("view.points", n=score)
    if not cards:
        return _both("view.collected_none", points=points)
    return _both("view.collected", cards=Msg("view.values", values=sorted(cards, reverse=True)),
                 points=points)


class BuriedTreasureView(api.GameView[BuriedTreasureObs]):
    """Layout, gestures and words for Buried Treasure."""

    plain_buttons = True  # an action without words of its own still gets a button

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: BuriedTreasureObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        n = int(obs["num_players"])
        me = 0 if seat is None else seat
        others = [(me + k) % n for k in range(1, n)]
        width = min((WIDTH - 40.0) / max(1, len(others)), 420.0)
        left = (WIDTH - width * len(others)) / 2
        for k, p in enumerate(others):
            self._add_opponent(out, obs, p, left + k * width, width - 12.0)
        self._add_board(out, obs)
        self._add_burial(out, obs, seat, me)
        self._add_centre(out, obs)
        self._add_last(out, obs)
        self._add_me(out, obs, me, seat)
        return out

    @staticmethod
    def _name(obs: BuriedTreasureObs, p: int, seat: int | None) -> tuple[str, str]:
        over = obs["phase"] == Phase.OVER
        return _both("view.name", seat=p, you=p == seat,
                     dealer=int(obs["dealer"]) == p and not over,
                     wins=over and p in obs["winners"],
                     to_move=not over and int(obs["to_move"]) == p)

    @staticmethod
    def _status_line(obs: BuriedTreasureObs, p: int) -> tuple[str, str]:
        pl = obs["players"][p]
        phase = obs["phase"]
        if phase == Phase.BURY:
            return _both("view.chosen" if pl["buried"] else "view.choosing")
        bid = int(pl["bid"])
        if bid >= 0:
            return _both("view.has_bid", bid=bid)
        if phase == Phase.BID:
            return _both("view.chosen_no_bid")
        return "", ""

    def _add_opponent(self, out: Layout, obs: BuriedTreasureObs, p: int, x: float,
                      w: float) -> None:
        en, ja = self._name(obs, p, obs["seat"])
        to_move = int(obs["to_move"]) == p
        out.zones.append(Zone(f"seat{p}", x, PANEL_Y, w, PANEL_H, en, ja,
                              TURN_COLOR if to_move else ""))
        pl = obs["players"][p]
        count = len(pl["hand"])
        out.texts.append(Text(f"hand_count{p}", x + 10, PANEL_Y + 12,
                              *_both("view.in_hand", n=count), size=14))
        s_en, s_ja = self._status_line(obs, p)
        out.texts.append(Text(f"state{p}", x + 10, PANEL_Y + 38, s_en, s_ja, size=14,
                              bold=True, color="#ffe08a" if s_en else "#f4ecd8"))
        c_en, c_ja = _score_text(pl["collected"], int(pl["score"]))
        out.texts.append(Text(f"score{p}", x + 10, PANEL_Y + 64,
                              *_both("view.points", n=int(pl["score"])), size=22, bold=True))
        out.texts.append(Text(f"collected{p}", x + 10, PANEL_Y + 100, c_en, c_ja, size=12))

    def _add_board(self, out: Layout, obs: BuriedTreasureObs) -> None:
        out.zones.append(BOARD_ZONE)
        n = int(obs["num_players"])
        players = obs["players"]
        owner = {int(pl["bid"]): p for p, pl in enumerate(players) if int(pl["bid"]) > 0}
        zeros = sorted((int(pl["order"]), p) for p, pl in enumerate(players)
                       if int(pl["bid"]) == 0)
        # Each slot: its id, its value, whose pawn is on it, the zero slot's number (or 0).
        slots: list[tuple[str, int, int | None, int]] = []
        for k in range(n):
            who = zeros[k][1] if k < len(zeros) else None
            slots.append((bid_id(0, k), 0, who, k + 1))
        for v in BID_VALUES:
            slots.append((bid_id(v), v, owner.get(v), 0))
        step = min(SLOT_W + 10, (BOARD_ZONE.w - 20 - SLOT_W) / max(1, len(slots) - 1))
        x0 = BOARD_ZONE.x + 10
        for i, (pid, value, who, zero) in enumerate(slots):
            if who is None:
                body_en, body_ja = _both("view.free")
                art = {"title_en": str(value), "title_ja": "", "body_en": body_en,
                       "body_ja": body_ja, "corner": "", "badge": "", "color": BOARD_COLOR}
                tip_en, tip_ja = _both("view.slot_free", bid=value, zero=zero)
                state = ""
            else:
                body_en, body_ja = _both("view.seat", seat=who)
                art = {"title_en": str(value), "title_ja": "",
                       "body_en": body_en, "body_ja": body_ja, "corner": "",
                       "badge": "", "color": PAWN_COLORS[who]}
                tip_en, tip_ja = _both("view.slot_taken", bid=value, zero=zero, seat=who)
                state = "active"
            out.pieces.append(Piece(pid, "card", x0 + i * step, BOARD_Y + 4, art=art, w=SLOT_W,
                                    h=SLOT_H, state=state, tooltip_en=tip_en,
                                    tooltip_ja=tip_ja))

    def _add_burial(self, out: Layout, obs: BuriedTreasureObs, seat: int | None,
                    me: int) -> None:
        out.zones.append(BURIAL_ZONE)
        z = BURIAL_ZONE
        n = int(obs["num_players"])
        step = min(MID_W + 4, (z.w - 20 - MID_W) / max(1, n - 1))
        for k in range(n):
            p = (me + k) % n
            pl = obs["players"][p]
            x, y = z.x + 10 + k * step, z.y + 18
            label = "view.seat"
            card = pl["buried_card"]
            if pl["buried"] and card is not None:
                tip_en, tip_ja = _both("view.own_buried", card=card)
                out.pieces.append(Piece(bury_id(p), "card", x, y, art=card_art(int(card)),
                                        w=MID_W, h=MID_H, z=k,
                                        tooltip_en=tip_en, tooltip_ja=tip_ja))
            elif pl["buried"]:
                # Another seat's choice: a bare back, no value in the art or the tooltip.
                tip_en, tip_ja = _both("view.other_buried", seat=p)
                out.pieces.append(Piece(bury_id(p), "card", x, y, face_up=False, w=MID_W,
                                        h=MID_H, z=k, tooltip_en=tip_en, tooltip_ja=tip_ja))
            elif p == seat and obs["phase"] == Phase.BURY:
                title_en, title_ja = _both("view.bury_title")
                body_en, body_ja = _both("view.bury_body")
                tip_en, tip_ja = _both("view.bury_spot")
                out.pieces.append(Piece(bury_id(p), "card", x, y,
                                        art={"title_en": title_en, "title_ja": title_ja,
                                             "body_en": body_en, "body_ja": body_ja,
                                             "corner": "", "badge": "", "color": "#5b4a36"},
                                        w=MID_W, h=MID_H, z=k, state="active",
                                        tooltip_en=tip_en, tooltip_ja=tip_ja))
            elif obs["phase"] == Phase.BURY:
                label = "view.seat_waiting"
            # After the reveal the cards are in the centre.
            if obs["phase"] in (Phase.BURY, Phase.BID):
                out.texts.append(Text(f"bur_label{p}", x + 4, y + MID_H + 4,
                                      *_both(label, seat=p), size=13))

    def _add_centre(self, out: Layout, obs: BuriedTreasureObs) -> None:
        out.zones.append(CENTRE_ZONE)
        z = CENTRE_ZONE
        centre = [int(v) for v in obs["centre"]]
        step = min(MID_W + 6, (z.w - 20 - MID_W) / max(1, len(centre) - 1))
        for i, v in enumerate(centre):
            tip_en, tip_ja = _both("view.centre_card", card=v)
            out.pieces.append(Piece(centre_id(i), "card", z.x + 10 + i * step, z.y + 18,
                                    art=card_art(v), w=MID_W, h=MID_H, z=i,
                                    tooltip_en=tip_en, tooltip_ja=tip_ja))
        if not centre:
            out.texts.append(Text("centre_empty", z.x + 12, z.y + 60, *_both("view.empty"),
                                  size=15))
        total = obs["total"]
        en, ja = _both("view.round_line", round=int(obs["round"]), rounds=ROUNDS, total=total,
                       taking=total is not None and obs["phase"] == Phase.TAKE)
        out.texts.append(Text("round_text", z.x + 8, z.y + z.h + 6, en, ja, size=15,
                              bold=True))

    def _add_last(self, out: Layout, obs: BuriedTreasureObs) -> None:
        out.zones.append(LAST_ZONE)
        z = LAST_ZONE
        last = obs["last"]
        if last is None:
            out.texts.append(Text("last_text", z.x + 10, z.y + 24, *_both("view.no_reveal"),
                                  size=14))
            return
        cards = [int(v) for v in last["cards"]]
        bids = [int(b) for b in last["bids"]]
        total = int(last["total"])
        busted = [int(p) for p in last["busted"]]
        lines = [Msg("view.last_buried", cards=Msg("view.sum", values=cards), total=total),
                 Msg("view.last_bids", bids=[Msg("view.seat_bid", seat=p, bid=b)
                                             for p, b in enumerate(bids)])]
        if busted:
            lines.append(Msg("view.last_bust", seats=[Msg("view.seat", seat=p) for p in busted]))
        exact = [p for p, b in enumerate(bids) if b == total]
        if exact:
            lines.append(Msg("view.last_exact", seats=[Msg("view.seat", seat=p) for p in exact]))
        for i, line in enumerate(lines):
            out.texts.append(Text(f"last{i}", z.x + 10, z.y + 18 + i * 30, *api.both(line, WORDS),
                                  size=14, bold=i == 0))

    def _add_me(self, out: Layout, obs: BuriedTreasureObs, me: int, seat: int | None) -> None:
        en, ja = self._name(obs, me, seat)
        to_move = int(obs["to_move"]) == me
        out.texts.append(Text(f"name{me}", 24, 560, en, ja, size=18, bold=True,
                              color=TURN_COLOR if to_move else "#f4ecd8"))
        pl = obs["players"][me]
        s_en, s_ja = self._status_line(obs, me)
        if pl["buried_card"] is not None:
            s_en, s_ja = _both("view.you_buried", card=pl["buried_card"], bid=pl["bid"],
                               has_bid=int(pl["bid"]) >= 0)
        out.texts.append(Text(f"state{me}", 24, 592, s_en, s_ja, size=14, bold=True,
                              color="#ffe08a"))
        out.texts.append(Text(f"score{me}", 24, 622, *_both("view.points", n=int(pl["score"])),
                              size=24, bold=True))
        c_en, c_ja = _score_text(pl["collected"], int(pl["score"]))
        out.texts.append(Text(f"collected{me}", 24, 664, c_en, c_ja, size=12))
        out.texts.append(Text("goal", 24, 690, *_both("view.goal", rounds=ROUNDS, target=TARGET),
                              size=12, color="#cfd8dc"))
        hand = pl["hand"]
        y = HEIGHT - HAND_H - 22
        out.zones.append(Zone(f"seat{me}", HAND_X - 12, y - 14, WIDTH - 30 - HAND_X + 24,
                              HAND_H + 28, *_both("view.your_hand" if me == seat else "view.hand"),
                              TURN_COLOR if to_move else ""))
        room = WIDTH - 30 - HAND_X
        step = HAND_W + 10 if len(hand) <= 1 else min(HAND_W + 10,
                                                      (room - HAND_W) / (len(hand) - 1))
        for i, v in enumerate(hand):
            x = HAND_X + i * step
            if v is None:
                tip_en, tip_ja = _both("view.hand_card")
                out.pieces.append(Piece(hand_id(me, i), "card", x, y, face_up=False, w=HAND_W,
                                        h=HAND_H, z=i, tooltip_en=tip_en, tooltip_ja=tip_ja))
            else:
                tip_en, tip_ja = _both(f"card.{v}")
                out.pieces.append(Piece(hand_id(me, i), "card", x, y, art=card_art(int(v)),
                                        w=HAND_W, h=HAND_H, z=i,
                                        tooltip_en=tip_en, tooltip_ja=tip_ja))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: BuriedTreasureObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        hand = obs["players"][seat]["hand"]
        centre = [int(v) for v in obs["centre"]]
        zeros = sum(1 for pl in obs["players"] if int(pl["bid"]) == 0)
        for action in legal_actions:
            if action == PASS:
                label_en, label_ja = _both("gesture.pass")
                out.append(Gesture(action, label_en=label_en, label_ja=label_ja, shortcut="N"))
                continue
            kind, _, rest = action.partition(":")
            value = int(rest)
            if kind not in ("bury", "bid", "take"):
                continue
            label_en, label_ja = _both(f"gesture.{kind}", value=value)
            if kind == "bury":
                for i, v in enumerate(hand):
                    if v is not None and int(v) == value:
                        out.append(Gesture(action, source=hand_id(seat, i),
                                           target=bury_id(seat),
                                           label_en=label_en, label_ja=label_ja))
            elif kind == "bid":
                out.append(Gesture(action, target=bid_id(value, zeros),
                                   label_en=label_en, label_ja=label_ja))
            elif kind == "take":
                for i, v in enumerate(centre):
                    if v == value:
                        out.append(Gesture(action, target=centre_id(i),
                                           label_en=label_en, label_ja=label_ja))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: BuriedTreasureObs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = obs["phase"]
        to_move = int(obs["to_move"])
        # The rules' own reasons, asked of the state as far as this seat sees it: one reason
        # for the table and the engine, and no secret in it.
        state = BuriedTreasureGame._visible_state(obs)
        legal = set(_RULES.legal_actions(state)) if to_move == seat else set()
        found = hand_id.parse(source)
        if found is not None:
            if found[0] != seat:
                return Msg("table.not_your_card", seat=found[0])
            hand = obs["players"][seat]["hand"]
            card = hand[found[1]] if found[1] < len(hand) else None
            if card is None:
                return super().why_not_seated(obs, seat, source, target)
            if phase != Phase.BURY:
                return Msg("table.bury_at_start")
            if to_move != seat:
                if obs["players"][seat]["buried"]:
                    return Msg("table.already_buried")
                return api.waiting_reason(to_move)
            if target is None:
                return Msg("table.drag_to_bury")
            if target != bury_id(seat):
                return Msg("table.drop_on_bury")
            return _RULES.reason(state, f"bury:{card}") or MOVE_POSSIBLE
        spot = target or source
        value, zero = _BID.number(spot), _ZERO.number(spot)
        if value is not None or zero is not None:
            if phase != Phase.BID:
                return Msg("refuse.bury_first" if phase == Phase.BURY else "refuse.bids_in")
            if to_move != seat:
                return api.waiting_reason(to_move)
            if zero is not None:
                zeros = sum(1 for pl in obs["players"] if int(pl["bid"]) == 0)
                return MOVE_POSSIBLE if zero == zeros else Msg("table.zero_in_order")
            if f"bid:{value}" in legal:
                return MOVE_POSSIBLE
            return _RULES.reason(state, f"bid:{value}") or MOVE_POSSIBLE
        if centre_id.parse(spot) is not None:
            if phase != Phase.TAKE:
                return Msg("refuse.take_later")
            return api.waiting_reason(to_move) if to_move != seat else MOVE_POSSIBLE
        if spot.startswith("bur"):
            if spot != bury_id(seat):
                return Msg("table.face_down")
            if phase == Phase.BURY and to_move == seat:
                return Msg("table.bury_here")
            return Msg("table.yours_buried")
        return super().why_not_seated(obs, seat, source, target)

    def status(self, obs: BuriedTreasureObs, seat: int | None) -> Msg:
        return prompt_from_obs(obs, seat)

    def series(self, obs: BuriedTreasureObs) -> list[api.Figure]:
        return api.seat_figures("series.points", (pl["score"] for pl in obs["players"]))

    def series_round(self, obs: BuriedTreasureObs) -> int | None:
        return int(obs["round"]) or None

    def summary(self, obs: BuriedTreasureObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        return Msg("summary", winners=[int(p) for p in obs["winners"]],
                   scores=[int(pl["score"]) for pl in obs["players"]], rounds=int(obs["round"]))
