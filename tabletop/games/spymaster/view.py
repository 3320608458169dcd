"""Spymaster on the table: documents, rows of agents, the deck and discard pile, the hands,
and how a drag, a click or a button becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The viewing
seat sits at the bottom with its hand face up; the opponent's hand lies face down at the top.
The attacker drags a card from hand onto the "Play" zone; the defender names a type with three
buttons (S / F / H); a Spy is tucked or a card discarded by clicking it in hand. After every
successful Spy the attacker is asked to tuck, also with no larger Spy in hand (so the question
tells the defender nothing): then "Don't tuck" (N) is the one button to press. Refusal reasons
come from the rules model (``SpymasterGame.reason``) so the table and the engine always agree.
"""

from __future__ import annotations

from typing import Any

from tabletop import api
from tabletop.api import Gesture, Layout, Msg, Piece, Text, Zone, cards_en, seat_name

from .data import (
    DOCUMENTS,
    TYPE_BODIES,
    TYPE_BRIEF,
    TYPE_COLORS,
    TYPE_KEYS,
    TYPE_SHORT,
    card_names,
    card_type,
    spy_number,
)
from .model import (
    DRAW,
    R_DEADLOCK,
    Phase,
    SpymasterGame,
    SpymasterObs,
    prompt_from_obs,
    tuck_options,
)
from .words import WORDS


def _type(kind: str) -> tuple[str, str]:
    return api.both(Msg(f"type.{kind}"), WORDS)


WIDTH = 1280.0
HEIGHT = 800.0
# The cards the player reads most are the largest: the own hand, then the rows.
HAND_W, HAND_H = 120.0, 168.0
PILE_W, PILE_H = 90.0, 126.0  # the deck, the discard pile and the card in play
BACK_W, BACK_H = 60.0, 84.0
ROW_W, ROW_H = 100.0, 140.0
DOC_W, DOC_H = 66.0, 92.0
TUCK_DX = 24.0  # a tucked Spy peeks out to the left of the Spy above it
ROW_STEP = ROW_W + TUCK_DX + 12.0
LEFT_X = 300.0
RIGHT_X = WIDTH - 30.0
DOC_COLOR = "#8e7c4a"

PLAY_ZONE = Zone("play", 565.0, 288.0, 130.0, 150.0, "Play", "出す", "#34495e")
DISCARD_ZONE = Zone("discard", 150.0, 288.0, 110.0, 150.0, "Discard pile", "捨て札", "#3d3d3d")
DECK_ZONE = Zone("deck_zone", 30.0, 288.0, 110.0, 150.0, "Deck", "山札", "#3d3d3d")

_RULES = SpymasterGame()
#: What the seat to move is doing, by phase, while the other waits (attacking otherwise).
_WAITING = {Phase.CALL: "table.wait_naming", Phase.DISCARD: "table.wait_discarding"}


def card_art(card: str) -> dict[str, Any]:
    """Card art data for a face-up agent card."""
    kind = card_type(card)
    en, ja = card_names(card)
    body_en, body_ja = TYPE_SHORT[kind]
    brief_en, brief_ja = TYPE_BRIEF[kind]
    n = spy_number(card)
    return {
        "title_en": en,
        "title_ja": ja,
        "body_en": body_en,
        "body_ja": body_ja,
        "brief_en": brief_en,
        "brief_ja": brief_ja,
        "corner": str(n) if n else kind[0].upper(),
        "badge": "",
        "color": TYPE_COLORS[kind],
    }


def _tooltip(card: str) -> tuple[str, str]:
    body_en, body_ja = TYPE_BODIES[card_type(card)]
    en, ja = card_names(card)
    return f"{en}: {body_en}", f"{ja}：{body_ja}"


def _card(pid: str, card: str, x: float, y: float, w: float, h: float,
          state: str = "", z: float = 0.0) -> Piece:
    tip_en, tip_ja = _tooltip(card)
    return Piece(pid, "card", x, y, art=card_art(card), w=w, h=h, state=state, z=z,
                 tooltip_en=tip_en, tooltip_ja=tip_ja)


#: A hand card: (seat, index in hand order).
hand_id = api.IdForm("p{}h{}")
#: A card of a seat's row: (seat, index from the first played).
row_id = api.IdForm("row{}_{}")


def _spread(n: int, w: float, step: float) -> float:
    """The step between ``n`` cards of width ``w`` so that they fit between the margins."""
    if n <= 1:
        return step
    return min(step, (RIGHT_X - LEFT_X - w) / (n - 1))


def _bottom_seat(seat: int | None) -> int:
    return 0 if seat is None else seat


class SpymasterView(api.GameView[SpymasterObs]):
    """Layout, gestures and words for Spymaster."""

    plain_buttons = True  # an action without words of its own still gets a button

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: SpymasterObs, seat: int | None) -> Layout:
        me = _bottom_seat(seat)
        opp = 1 - me
        out = Layout(WIDTH, HEIGHT)
        self._add_player(out, obs, opp, seat, top=True)
        self._add_player(out, obs, me, seat, top=False)
        self._add_middle(out, obs, seat)
        return out

    def public_role(self, obs: SpymasterObs, seat: int) -> Msg | None:
        # Who attacks is public (the table says so too): the person taking the screen is told
        # whether they attack or name the cards played against them.
        if obs["phase"] == Phase.OVER or int(obs["attacker"]) < 0:
            return None
        return Msg("role.attacker" if seat == int(obs["attacker"]) else "role.defender")

    def _add_player(self, out: Layout, obs: SpymasterObs, p: int, seat: int | None,
                    top: bool) -> None:
        pl = obs["players"][p]
        attacker = int(obs["attacker"])
        phase = obs["phase"]
        # Name and documents on the left.
        name_y, doc_y = (12.0, 44.0) if top else (590.0, 622.0)
        you = p == seat
        name_en = seat_name(p, WORDS)[0] + (" (you)" if you else "")
        name_ja = seat_name(p, WORDS)[1] + ("（あなた）" if you else "")
        if attacker == p and phase != Phase.OVER:
            name_en += " — attacking"
            name_ja += " — 攻撃中"
        out.texts.append(Text(f"name{p}", 30, name_y, name_en, name_ja, size=18, bold=True))
        exposed = int(pl["exposed"])
        for i in range(DOCUMENTS):
            x = 30 + i * (DOC_W + 8)
            pid = f"doc{p}_{i}"
            if i < exposed:
                out.pieces.append(Piece(
                    pid, "card", x, doc_y, w=DOC_W, h=DOC_H, state="used",
                    art={"title_en": "Exposed", "title_ja": "暴露", "body_en": "", "body_ja": "",
                         "corner": "", "badge": "", "color": DOC_COLOR},
                    tooltip_en="An exposed classified document",
                    tooltip_ja="暴かれた機密書類"))
            else:
                out.pieces.append(Piece(pid, "card", x, doc_y, face_up=False, w=DOC_W, h=DOC_H,
                                        tooltip_en="A classified document, still secret",
                                        tooltip_ja="まだ守られている機密書類"))
        # The hand: face up only for its owner.
        hand = pl["hand"]
        tuckable: set[str] = set()
        if phase == Phase.TUCK and p == attacker and p == seat:
            tuckable = set(tuck_options([str(c) for c in hand], pl_row(obs, p)))
        if top:
            step = _spread(len(hand), BACK_W, BACK_W + 6)
            y = 10.0
        else:
            step = _spread(len(hand), HAND_W, HAND_W + 8)
            y = HEIGHT - HAND_H - 20
        for i, card in enumerate(hand):
            x = LEFT_X + i * step
            pid = hand_id(p, i)
            if card is None:
                w, h = (BACK_W, BACK_H) if top else (HAND_W, HAND_H)
                out.pieces.append(Piece(pid, "card", x, y, face_up=False, w=w, h=h, z=i,
                                        tooltip_en="A card in hand", tooltip_ja="手札"))
            else:
                w, h = (BACK_W, BACK_H) if top else (HAND_W, HAND_H)
                state = "active" if card in tuckable else ""
                out.pieces.append(_card(pid, str(card), x, y, w, h, state=state, z=i))
        # The row of played agents, tucked Spies slid under and peeking out on the left.
        row_y = 120.0 if top else 442.0
        label_en = f"{seat_name(p, WORDS)[0]}'s row"
        label_ja = f"{seat_name(p, WORDS)[1]}の列"
        out.zones.append(Zone(f"row{p}", LEFT_X - 10, row_y - 10, RIGHT_X - LEFT_X + 20,
                              ROW_H + 20, label_en, label_ja))
        row = pl["row"]
        step = _spread(len(row), ROW_W + TUCK_DX, ROW_STEP)
        for i, card in enumerate(row):
            x = LEFT_X + i * step
            tucked = pl["tucks"][i]
            if tucked:
                # Its number in the corner and its colour show; its words would show cut in
                # half beside the Spy above, so they stay in the hover text.
                piece = _card(f"tuck{p}_{i}", str(tucked), x, row_y + 6, ROW_W, ROW_H, z=2 * i)
                piece.art.update(body_en="", body_ja="")
                out.pieces.append(piece)
            # The Spy a larger one may go under; the attacker who holds none is not invited
            # to tuck (the others see the same table whatever the attacker holds).
            last = i == len(row) - 1 and p == attacker and phase == Phase.TUCK
            invite = last and (p != seat or bool(tuckable))
            out.pieces.append(_card(row_id(p, i), str(card), x + TUCK_DX, row_y, ROW_W,
                                    ROW_H, state="active" if invite else "", z=2 * i + 1))

    def _add_middle(self, out: Layout, obs: SpymasterObs, seat: int | None) -> None:
        out.zones.extend((DECK_ZONE, DISCARD_ZONE, PLAY_ZONE))
        n = int(obs["deck_count"])
        if n:
            out.pieces.append(Piece("deck", "card", DECK_ZONE.x + 10, DECK_ZONE.y + 14,
                                    face_up=False, w=PILE_W, h=PILE_H,
                                    tooltip_en=f"Deck: {cards_en(n)}", tooltip_ja=f"山札：{n}枚"))
        out.texts.append(Text("deck_count", DECK_ZONE.x + 10, DECK_ZONE.y + DECK_ZONE.h + 6,
                              cards_en(n), f"{n}枚", size=14))
        pile = obs["discard"]
        if pile:
            out.pieces.append(_card("discard_top", str(pile[-1]), DISCARD_ZONE.x + 10,
                                    DISCARD_ZONE.y + 14, PILE_W, PILE_H))
        out.texts.append(Text("discard_count", DISCARD_ZONE.x + 10,
                              DISCARD_ZONE.y + DISCARD_ZONE.h + 6,
                              cards_en(len(pile)), f"{len(pile)}枚", size=14))
        played = obs["played"]
        if played is not None:
            x, y = PLAY_ZONE.x + 20, PLAY_ZONE.y + 14
            card = played["card"]
            if card is None:
                out.pieces.append(Piece("played", "card", x, y, face_up=False, w=PILE_W,
                                        h=PILE_H, tooltip_en="The attacker's face-down card",
                                        tooltip_ja="攻撃側の伏せカード"))
            else:
                out.pieces.append(_card("played", str(card), x, y, PILE_W, PILE_H,
                                        state="active"))
        en, ja = self._last_text(obs)
        out.texts.append(Text("last", 720, 300, en, ja, size=16))
        rnd = int(obs["round"])
        if rnd:
            out.texts.append(Text("round", 720, 340, f"Round {rnd}", f"第{rnd}ラウンド",
                                  size=16, bold=True))
        if obs["phase"] == Phase.OVER:
            out.texts.append(Text("over", 720, 380, "Game over", "ゲーム終了", size=20,
                                  bold=True))

    @staticmethod
    def _last_text(obs: SpymasterObs) -> tuple[str, str]:
        """The latest call and reveal (English, Japanese)."""
        card = obs["revealed"]
        if not card:
            return "", ""
        call = str(obs["call"])
        en, ja = card_names(str(card))
        if obs["outcome"] == "caught":
            return (f"Named {_type(call)[0]}: {en} caught!",
                    f"「{_type(call)[1]}」の宣言で{ja}を見破った！")
        return (f"Named {_type(call)[0]}: {en} got through.",
                f"「{_type(call)[1]}」の宣言、{ja}が突破。")

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: SpymasterObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        hand = obs["players"][seat]["hand"]
        row = obs["players"][seat]["row"]
        slots: dict[str, list[int]] = {}
        for i, c in enumerate(hand):
            if c is not None:
                slots.setdefault(str(c), []).append(i)
        for action in legal_actions:
            kind, _, rest = action.partition(":")
            if kind == "play":
                en, ja = card_names(rest)
                for i in slots.get(rest, []):
                    out.append(Gesture(action, source=hand_id(seat, i), target=PLAY_ZONE.id,
                                       label_en=f"Play {en}", label_ja=f"{ja}を出す"))
            elif kind == "call":
                out.append(Gesture(action, label_en=_type(rest)[0],
                                   label_ja=_type(rest)[1], shortcut=TYPE_KEYS[rest]))
            elif kind == "tuck":
                en, ja = card_names(rest)
                base = row_id(seat, len(row) - 1)
                for i in slots.get(rest, []):
                    out.append(Gesture(action, target=hand_id(seat, i),
                                       label_en=f"Tuck {en}", label_ja=f"{ja}を差し込む"))
                    out.append(Gesture(action, source=hand_id(seat, i), target=base,
                                       label_en=f"Tuck {en}", label_ja=f"{ja}を差し込む"))
            elif kind == "pass":
                out.append(Gesture(action, label_en="Don't tuck", label_ja="差し込まない",
                                   shortcut="N"))
            elif kind == "discard":
                en, ja = card_names(rest)
                for i in slots.get(rest, []):
                    out.append(Gesture(action, target=hand_id(seat, i),
                                       label_en=f"Discard {en}", label_ja=f"{ja}を捨てる"))
            elif kind == "stop":
                out.append(Gesture(action, label_en="Stop attacking", label_ja="攻撃をやめる",
                                   shortcut="T"))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: SpymasterObs, seat: int, source: str,
                       target: str | None) -> Msg:
        found = hand_id.parse(source)
        if found is not None and found[0] == 1 - seat:
            return Msg("table.opponents_card")
        if found is None or found[0] != seat:
            if source in ("deck", "discard_top"):
                return Msg("table.drawn_for_you")
            return super().why_not_seated(obs, seat, source, target)
        hand = obs["players"][seat]["hand"]
        index = found[1]
        if index >= len(hand):
            return super().why_not_seated(obs, seat, source, target)
        card = str(hand[index])
        phase = obs["phase"]
        row = obs["players"][seat]["row"]
        if target == PLAY_ZONE.id:
            action = f"play:{card}"
        elif target is None:
            if phase == Phase.PLAY and int(obs["to_move"]) == seat:
                return Msg("table.drag_to_attack")
            action = f"discard:{card}" if phase == Phase.DISCARD else f"tuck:{card}"
        elif row and target == row_id(seat, len(row) - 1):
            action = f"tuck:{card}"
        else:
            return Msg("table.drag_to_play")
        to_move = int(obs["to_move"])
        if to_move != seat and to_move >= 0:
            return Msg(_WAITING.get(phase, "table.attacking"), seat=to_move)
        if action.startswith("tuck:") and card_type(card) != "spy":
            return Msg("table.only_spies")
        state = SpymasterGame._visible_state(obs)
        return _RULES.reason(state, action) or api.MOVE_POSSIBLE

    def status(self, obs: SpymasterObs, seat: int | None) -> Msg | None:
        return prompt_from_obs(obs, seat)

    def series(self, obs: SpymasterObs) -> list[api.Figure]:
        return api.seat_figures("series.documents",
                            (DOCUMENTS - int(pl["exposed"]) for pl in obs["players"]))

    def summary(self, obs: SpymasterObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        left = [DOCUMENTS - int(p["exposed"]) for p in obs["players"]]
        figures = {"left0": left[0], "left1": left[1], "rounds": int(obs["round"])}
        w = int(obs["winner"])
        if w == DRAW:
            return Msg("summary.deadlock" if obs["result"] == R_DEADLOCK else "summary.draw",
                       **figures)
        return Msg("summary.won", seat=w, loser=1 - w, **figures)


def pl_row(obs: SpymasterObs, p: int) -> list[str]:
    """Seat ``p``'s row of played cards as plain strings."""
    return [str(c) for c in obs["players"][p]["row"]]

