"""Not My Fault! on the table: the milestone row, the face-down pile, the players' hands and
reprimands, and how a drag or a click becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The viewing
seat sits at the bottom with its hand face up; the other players sit along the top in turn
order, their hands face down. The milestone row runs across the table with the current
declaration slid up and lit, the milestones it rules out dimmed. A raise is one drag (a hand
card onto a milestone) or two clicks (the card, then the milestone); the audit is a button.
Refusal reasons come from the rules model (``NotMyFaultGame.reason``) so the table and the
engine always agree.
"""

from __future__ import annotations

from typing import Any

from tabletop import api
from tabletop.api import Gesture, IdForm, Layout, Msg, Piece, Text, Zone, cards_en, seat_name

from .data import (
    LAST_MILESTONE,
    MILESTONE_COLOR,
    MILESTONES,
    REPRIMAND_COLOR,
    REPRIMANDS_TO_LOSE,
    VALUE_COLORS,
    VALUES,
    card_names,
)
from .model import AUDIT, NotMyFaultGame, NotMyFaultObs, Phase, prompt_from_obs
from .words import WORDS

WIDTH = 1280.0
HEIGHT = 800.0
HAND_W, HAND_H = 104.0, 146.0
BACK_W, BACK_H = 44.0, 62.0
PILE_W, PILE_H = 84.0, 118.0
MILE_W, MILE_H = 124.0, 128.0
MILE_STEP = MILE_W + 12.0
MILE_Y = 208.0
MILE_LIFT = 24.0  # the declared milestone is slid up, as on the real table (NMF-R10)
REP_W, REP_H = 44.0, 62.0
SMALL_W, SMALL_H = 54.0, 76.0
PANEL_Y, PANEL_H = 30.0, 140.0
CENTRE_Y = 392.0
HAND_X = 300.0
RIGHT_X = WIDTH - 30.0
TURN_COLOR = "#d4a017"



PILE_ZONE = Zone("pile", 470.0, CENTRE_Y, 340.0, 150.0, "Face-down cards this round",
                 "このラウンドの伏せ札", "#34495e")
DISCARD_ZONE = Zone("discard", 30.0, CENTRE_Y, 200.0, 150.0, "Discard pile", "捨て札",
                    "#3d3d3d")
RESERVE_ZONE = Zone("reserve_zone", 250.0, CENTRE_Y, 110.0, 150.0, "Reserve", "取り置き",
                    "#3d3d3d")
AUDIT_ZONE = Zone("last_audit", 880.0, CENTRE_Y, 370.0, 150.0, "Last audit", "前回の監査",
                  "#3d3d3d")

_RULES = NotMyFaultGame()


def card_art(value: int) -> dict[str, Any]:
    """Card art data for a face-up progress card: its value large, the card's name below."""
    return {
        "title_en": str(value),
        "title_ja": "",  # the same number in both languages: no second line
        "body_en": "Progress",
        "body_ja": "進捗",
        "corner": "",
        "badge": "",
        "color": VALUE_COLORS[value],
    }


def milestone_art(milestone: int, declarer: int | None) -> dict[str, Any]:
    if declarer is None:
        body_en, body_ja = "Milestone", "マイルストーン"
    else:
        body_en = f"Declared by {seat_name(declarer, WORDS)[0]}"
        body_ja = f"申告：{seat_name(declarer, WORDS)[1]}"  # breaks after the colon
    return {"title_en": str(milestone), "title_ja": "", "body_en": body_en, "body_ja": body_ja,
            "corner": "", "badge": "", "color": MILESTONE_COLOR}


REPRIMAND_ART: dict[str, Any] = {
    "title_en": "Reprimand", "title_ja": "戒告", "body_en": "", "body_ja": "", "corner": "",
    "badge": "", "color": REPRIMAND_COLOR,
}


def _card(pid: str, value: int, x: float, y: float, w: float, h: float, z: float = 0.0,
          state: str = "", note: tuple[str, str] = ("", "")) -> Piece:
    en, ja = card_names(value)
    return Piece(pid, "card", x, y, art=card_art(value), w=w, h=h, z=z, state=state,
                 tooltip_en=en + note[0], tooltip_ja=ja + note[1])


#: A hand card: (seat, index in hand order).
hand_id = IdForm("p{}h{}")
milestone_id = IdForm("m{}")
#: A face-down card of this round, by index.
centre_id = IdForm("c{}")


_MILESTONE_IDS = {milestone_id(m): m for m in MILESTONES}


def _spread(n: int, w: float, step: float, room: float) -> float:
    """The step between ``n`` cards of width ``w`` so that they fit in ``room`` units."""
    if n <= 1:
        return step
    return min(step, (room - w) / (n - 1))



def _bottom_seat(seat: int | None) -> int:
    return 0 if seat is None else seat


class NotMyFaultView(api.GameView[NotMyFaultObs]):
    """Layout, gestures and words for Not My Fault!."""

    plain_buttons = True  # an action without words of its own still gets a button

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: NotMyFaultObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        n = int(obs["num_players"])
        me = _bottom_seat(seat)
        others = [(me + k) % n for k in range(1, n)]  # turn order, left to right
        width = min((WIDTH - 40.0) / max(1, len(others)), 436.0)
        left = (WIDTH - width * len(others)) / 2  # a lone opponent sits across the middle
        for k, p in enumerate(others):
            self._add_opponent(out, obs, p, left + k * width, width - 16.0)
        self._add_milestones(out, obs)
        self._add_centre(out, obs, seat)
        self._add_me(out, obs, me, seat)
        return out

    @staticmethod
    def _name(obs: NotMyFaultObs, p: int, seat: int | None) -> tuple[str, str]:
        en, ja = seat_name(p, WORDS)
        if p == seat:
            en, ja = en + " (you)", ja + "（あなた）"
        if obs["phase"] == Phase.OVER:
            if int(obs["loser"]) == p:
                en, ja = en + " — loses", ja + " — 負け"
            else:
                en, ja = en + " — wins", ja + " — 勝ち"
        elif obs["phase"] == Phase.PLAY and int(obs["turn"]) == p:
            en, ja = en + " — to move", ja + " — 手番"
        return en, ja

    def _add_reprimands(self, out: Layout, obs: NotMyFaultObs, p: int, x: float,
                        y: float) -> None:
        count = int(obs["players"][p]["reprimands"])
        out.texts.append(Text(f"rep_label{p}", x, y, f"Reprimands {count}/{REPRIMANDS_TO_LOSE}",
                              f"戒告 {count}/{REPRIMANDS_TO_LOSE}", size=14,
                              color="#ffb4a8" if count else "#f4ecd8", bold=count > 1))
        for i in range(count):
            out.pieces.append(Piece(
                f"rep{p}_{i}", "card", x + i * (REP_W + 6), y + 24, art=dict(REPRIMAND_ART),
                w=REP_W, h=REP_H, tooltip_en=f"Reprimand {i + 1} of {seat_name(p, WORDS)[0]}",
                tooltip_ja=f"{seat_name(p, WORDS)[1]}の戒告{i + 1}枚目"))

    def _add_opponent(self, out: Layout, obs: NotMyFaultObs, p: int, x: float,
                      w: float) -> None:
        en, ja = self._name(obs, p, obs["seat"])
        to_move = obs["phase"] == Phase.PLAY and int(obs["turn"]) == p
        out.zones.append(Zone(f"seat{p}", x, PANEL_Y, w, PANEL_H, en, ja,
                              TURN_COLOR if to_move else ""))
        hand = obs["players"][p]["hand"]
        room = max(BACK_W, w - 180.0)
        step = _spread(len(hand), BACK_W, 16.0, room)
        for i in range(len(hand)):
            # Another seat's cards are always backs: the observation holds no values here.
            out.pieces.append(Piece(hand_id(p, i), "card", x + 12 + i * step, PANEL_Y + 14,
                                    face_up=False, w=BACK_W, h=BACK_H, z=i,
                                    tooltip_en=f"{seat_name(p, WORDS)[0]}'s hand",
                                    tooltip_ja=f"{seat_name(p, WORDS)[1]}の手札"))
        count = len(hand)
        out.texts.append(Text(f"hand_count{p}", x + 12, PANEL_Y + 84,
                              f"{cards_en(count)} in hand",
                              f"手札{count}枚", size=14))
        self._add_reprimands(out, obs, p, x + w - 160, PANEL_Y + 8)

    def _add_milestones(self, out: Layout, obs: NotMyFaultObs) -> None:
        declared = int(obs["declared"])
        declarer = int(obs["declarer"])
        x0 = (WIDTH - (len(MILESTONES) - 1) * MILE_STEP - MILE_W) / 2
        for i, m in enumerate(MILESTONES):
            current = m == declared
            y = MILE_Y - MILE_LIFT if current else MILE_Y
            state = "active" if current else ("dim" if m < declared else "")
            tip_en = f"Milestone {m}"
            tip_ja = f"マイルストーン{m}"
            if current:
                tip_en += f": the current declaration ({seat_name(declarer, WORDS)[0]})"
                tip_ja += f"：現在の申告（{seat_name(declarer, WORDS)[1]}）"
            elif m < declared:
                tip_en += ": below the current declaration"
                tip_ja += "：現在の申告より下"
            out.pieces.append(Piece(milestone_id(m), "card", x0 + i * MILE_STEP, y,
                                    art=milestone_art(m, declarer if current else None),
                                    w=MILE_W, h=MILE_H, state=state, tooltip_en=tip_en,
                                    tooltip_ja=tip_ja))

    def _add_centre(self, out: Layout, obs: NotMyFaultObs, seat: int | None) -> None:
        out.zones.extend((DISCARD_ZONE, RESERVE_ZONE, PILE_ZONE, AUDIT_ZONE))
        # The face-down pile of this round, in play order.
        centre = obs["centre"]
        z = PILE_ZONE
        # Wide enough apart that a card's value band shows on the cards its owner can see.
        step = _spread(len(centre), PILE_W, 0.7 * PILE_W, z.w - 24)
        for i, c in enumerate(centre):
            x, y = z.x + 12 + i * step, z.y + 16
            owner = int(c["seat"])
            if c["card"] is None:
                out.pieces.append(Piece(centre_id(i), "card", x, y, face_up=False, w=PILE_W,
                                        h=PILE_H, z=i,
                                        tooltip_en=f"Face down, from {seat_name(owner, WORDS)[0]}",
                                        tooltip_ja=f"{seat_name(owner, WORDS)[1]}の伏せ札"))
            else:
                out.pieces.append(_card(centre_id(i), int(c["card"]), x, y, PILE_W, PILE_H,
                                        z=i, note=(" — your card, face down to the others",
                                                   "（あなたの伏せ札・ほかの人には見えません）")))
        declared = int(obs["declared"])
        if declared:
            who = int(obs["declarer"])
            en = (f"{len(centre)} down · declared {declared} by {seat_name(who, WORDS)[0]}")
            ja = f"伏せ札{len(centre)}枚・{seat_name(who, WORDS)[1]}が{declared}を申告"
        elif obs["phase"] == Phase.OVER:
            en, ja = "Game over", "ゲーム終了"
        else:
            en, ja = "No cards yet this round", "まだ伏せ札はありません"
        out.texts.append(Text("pile_text", z.x + 8, z.y + z.h + 6, en, ja, size=15, bold=True))
        # Discard pile: the top card and a count per value, for counting what is still out.
        pile = obs["discard"]
        d = DISCARD_ZONE
        if pile:
            out.pieces.append(_card("discard_top", int(pile[-1]), d.x + 10, d.y + 16, PILE_W,
                                    PILE_H))
        counts = {v: 0 for v in VALUES}
        for v in pile:
            counts[int(v)] += 1
        for k, v in enumerate(VALUES):
            out.texts.append(Text(f"discard_{v}", d.x + 108, d.y + 14 + k * 24,
                                  f"{v}: ×{counts[v]}", f"{v}：{counts[v]}枚", size=14))
        out.texts.append(Text("discard_count", d.x + 8, d.y + d.h + 6,
                              cards_en(len(pile)), f"{len(pile)}枚", size=14))
        r = RESERVE_ZONE
        reserve = int(obs["reserve"])
        if reserve:
            out.pieces.append(Piece("reserve", "card", r.x + 13, r.y + 16, face_up=False,
                                    w=PILE_W, h=PILE_H,
                                    tooltip_en=f"Reserve: {cards_en(reserve)}, used at the redeal",
                                    tooltip_ja=f"取り置き：{reserve}枚（配り直しで使います）"))
        out.texts.append(Text("reserve_count", r.x + 8, r.y + r.h + 6, cards_en(reserve),
                              f"{reserve}枚", size=14))
        self._add_last_audit(out, obs)

    def _add_last_audit(self, out: Layout, obs: NotMyFaultObs) -> None:
        last = obs["last_audit"]
        a = AUDIT_ZONE
        if last is None:
            out.texts.append(Text("audit_text", a.x + 10, a.y + 60, "No audit yet",
                                  "まだ監査はありません", size=14))
            return
        cards = [int(v) for v in last["cards"]]
        owners = [int(p) for p in last["owners"]]
        step = _spread(len(cards), SMALL_W, SMALL_W + 6, a.w - 20)
        for i, (v, o) in enumerate(zip(cards, owners, strict=True)):
            out.pieces.append(_card(f"audit{i}", v, a.x + 10 + i * step, a.y + 14, SMALL_W,
                                    SMALL_H, z=i,
                                    note=(f" — played by {seat_name(o, WORDS)[0]}",
                                          f"（{seat_name(o, WORDS)[1]}が出した札）")))
        total, declared = int(last["total"]), int(last["declared"])
        penalised = int(last["penalised"])
        auditor = int(last["auditor"])
        if total < declared:
            en1, ja1 = f"Sum {total} < {declared}: a false report", \
                f"合計{total} < 申告{declared}：虚偽報告"
        else:
            en1, ja1 = f"Sum {total} ≥ {declared}: the report was true", \
                f"合計{total} ≥ 申告{declared}：報告は正しい"
        out.texts.append(Text("audit_text", a.x + 10, a.y + 96, en1, ja1, size=14, bold=True))
        (auditor_en, auditor_ja), (penalised_en, penalised_ja) = (seat_name(auditor, WORDS),
                                                                  seat_name(penalised, WORDS))
        en2 = f"{auditor_en} audited; {penalised_en} reprimanded"
        ja2 = f"{auditor_ja}が監査、{penalised_ja}に戒告"
        out.texts.append(Text("audit_who", a.x + 10, a.y + 120, en2, ja2, size=14))

    def _add_me(self, out: Layout, obs: NotMyFaultObs, me: int, seat: int | None) -> None:
        en, ja = self._name(obs, me, seat)
        to_move = obs["phase"] == Phase.PLAY and int(obs["turn"]) == me
        out.texts.append(Text(f"name{me}", 30, 600, en, ja, size=18, bold=True,
                              color=TURN_COLOR if to_move else "#f4ecd8"))
        self._add_reprimands(out, obs, me, 30, 640)
        hand = obs["players"][me]["hand"]
        y = HEIGHT - HAND_H - 20
        out.zones.append(Zone(f"seat{me}", HAND_X - 12, y - 14, RIGHT_X - HAND_X + 24,
                              HAND_H + 26, "Your hand" if me == seat else "Hand",
                              "あなたの手札" if me == seat else "手札",
                              TURN_COLOR if to_move else ""))
        step = _spread(len(hand), HAND_W, HAND_W + 10, RIGHT_X - HAND_X)
        for i, v in enumerate(hand):
            x = HAND_X + i * step
            if v is None:  # a spectator sees the bottom seat's hand from behind
                out.pieces.append(Piece(hand_id(me, i), "card", x, y, face_up=False, w=HAND_W,
                                        h=HAND_H, z=i, tooltip_en="A card in hand",
                                        tooltip_ja="手札"))
            else:
                out.pieces.append(_card(hand_id(me, i), int(v), x, y, HAND_W, HAND_H, z=i))
        if not hand:
            out.texts.append(Text("no_hand", HAND_X + 10, y + 50, "No cards in hand",
                                  "手札はありません", size=16))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: NotMyFaultObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        slots: dict[int, list[int]] = {}
        for i, v in enumerate(obs["players"][seat]["hand"]):
            if v is not None:
                slots.setdefault(int(v), []).append(i)
        for action in legal_actions:
            if action == AUDIT:
                out.append(Gesture(action, label_en="Audit!", label_ja="監査！", shortcut="A"))
                continue
            kind, _, rest = action.partition(":")
            if kind == "play":
                value_text, _, milestone_text = rest.partition(":")
                v, m = int(value_text), int(milestone_text)
                label_en = f"Play {v} face down, declare {m}"
                label_ja = f"{v}を伏せて「{m}」と申告"
                for i in slots.get(v, []):
                    out.append(Gesture(action, source=hand_id(seat, i), target=milestone_id(m),
                                       label_en=label_en, label_ja=label_ja,
                                       choice_en=f"Declare {m}", choice_ja=f"「{m}」と申告"))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: NotMyFaultObs, seat: int, source: str,
                       target: str | None) -> Msg:
        to_move = int(obs["to_move"])
        found = hand_id.parse(source)
        if found is not None and found[0] != seat:
            return Msg("table.not_your_card", seat=found[0])
        if found is None:
            if centre_id.parse(source) is not None:
                return Msg("table.face_down")
            if source in _MILESTONE_IDS:
                return Msg("table.milestone")
            if source.startswith("rep"):
                return Msg("table.reprimand")
            if source in ("discard_top", "reserve") or source.startswith("audit"):
                return Msg("table.out_of_play")
            return super().why_not_seated(obs, seat, source, target)
        hand = obs["players"][seat]["hand"]
        index = found[1]
        card = hand[index] if index < len(hand) else None
        if card is None:
            return super().why_not_seated(obs, seat, source, target)
        if to_move != seat:
            return api.waiting_reason(to_move)
        value = card
        declared = int(obs["declared"])
        state = NotMyFaultGame._visible_state(obs)
        milestone = _MILESTONE_IDS.get(target or "")
        if milestone is None:
            if declared == LAST_MILESTONE:
                return _RULES.reason(state, f"play:{value}:{LAST_MILESTONE}") or api.MOVE_POSSIBLE
            if target is None:
                return Msg("table.drag_to_milestone")
            return Msg("table.drop_on_milestone")
        return _RULES.reason(state, f"play:{value}:{milestone}") or api.MOVE_POSSIBLE

    def status(self, obs: NotMyFaultObs, seat: int | None) -> Msg:
        return prompt_from_obs(obs, seat)

    def series(self, obs: NotMyFaultObs) -> list[api.Figure]:
        return api.seat_figures("series.reprimands", (pl["reprimands"] for pl in obs["players"]))

    def series_round(self, obs: NotMyFaultObs) -> int | None:
        rnd = int(obs["round"])
        return rnd or None

    def summary(self, obs: NotMyFaultObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        loser = int(obs["loser"])
        n = int(obs["num_players"])
        return Msg("summary", loser=loser, winners=[p for p in range(n) if p != loser],
                   reprimands=[int(pl["reprimands"]) for pl in obs["players"]],
                   rounds=int(obs["round"]))
