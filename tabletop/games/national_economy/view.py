"""National Economy on the table: workplaces, buildings, hands and workers, and how a drag of a
worker becomes a ``place:`` action.

Qt-free: the generic table draws the ``Layout``. The header holds the round and wage track, the
household and the three piles; the public area lists every public workplace in the order it
appeared; each opponent has a panel (cash, workers, buildings, a face-down hand); the viewing
seat's own area sits at the bottom with its hand face up. Placing a worker is a drag of one of
the player's free worker tokens onto a workplace card; follow-up picks (discards, builds, the
Design Office's card, buildings to sell at payday) are clicks on cards, and ``done`` is a
button. Every refusal reason comes from the rules model, so the table and the engine agree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from tabletop import api
from tabletop.api import MOVE_POSSIBLE, Gesture, Layout, Msg, Piece, Text, Zone, both, score_row

from .data import (
    AGRI,
    BUILDING_IDS,
    BUILDINGS,
    GOODS,
    GOODS_EN,
    GOODS_JA,
    INDUSTRY,
    PASSIVE,
    ROUNDS,
    WAGES,
    WORKPLACES,
)
from .model import NationalEconomyGame, NEObs, NEState, Phase, rules_of
from .payday import sale_selections
from .scoring import score_breakdown
from .words import WORDS


def _both(code: str, **args: Any) -> tuple[str, str]:
    """A message of the catalogue in English and Japanese, for pieces, zones and texts."""
    return both(Msg(code, **args), WORDS)


def _chain(code: str, items: Sequence[Msg | str]) -> Msg | str:
    """``items`` joined two at a time by the message ``code`` (``{first}`` and ``{rest}``):
    a list whose separator differs between the languages; ``""`` for no items."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg(code, first=item, rest=out)
    return out


#: Nothing to say: a message that reads as the empty text in every language.


WIDTH = 1600.0
HEIGHT = 1000.0
MARGIN = 20.0
GAP = 8.0
RATIO = 1.4  # card height / width
TOKEN = 30.0
#: The widest the cards the player reads are laid out (the public area, the own hand and
#: buildings): the table is large, so they are wider than a standard card and print larger.
READ_W = 150.0
OWN_MAX_W = 200.0  # the widest the own hand and buildings go where the own area is tall
#: How far a worker token lying on a card's lower edge reaches into the card: no further than
#: the card's rim, below its text; the rest hangs below the card, so rows of cards with
#: workers are ``OVERHANG`` further apart.
FOOT = 5.0
OVERHANG = TOKEN - FOOT

PLAYER_COLORS: tuple[str, ...] = ("#c0392b", "#2e6fd0", "#d4a017", "#8e44ad")
CATEGORY_COLORS: dict[str, str] = {AGRI: "#4f8a3c", INDUSTRY: "#5d6d7e", PASSIVE: "#8a6d2f",
                                   "": "#a0522d"}
WORKPLACE_COLOR = "#2c5f8a"
GOODS_COLOR = "#c98a1b"
#: The category as a brief card text names it.
SHORT_CATEGORY: dict[str, tuple[str, str]] = {
    AGRI: ("Agri.", "農業"), INDUSTRY: ("Ind.", "工業"), PASSIVE: ("Passive", "パッシブ"),
    "": ("", ""),
}
CATEGORY_WORDS: dict[str, tuple[str, str]] = {
    AGRI: ("Agricultural", "農業系"), INDUSTRY: ("Industrial", "工業系"),
    PASSIVE: ("Passive", "パッシブ系"), "": ("", ""),
}

HEADER_Y = 8.0
PUBLIC = Zone("public", MARGIN, 112.0, WIDTH - 2 * MARGIN, 284.0, *_both("view.public"),
              "#e8d6ae")
ME_Y = 676.0
ME_H = HEIGHT - ME_Y - 12.0
REVEAL_W = 5 * (104.0 + GAP) + 2 * GAP

GAME = NationalEconomyGame()

Grid = tuple[list[tuple[float, float]], float, float]


def grid(count: int, x: float, y: float, w: float, h: float, max_w: float,
         min_w: float, row_gap: float = GAP) -> Grid:
    """Where ``count`` cards go in the box ``(x, y, w, h)``: the largest card width from
    ``max_w`` down to ``min_w`` at which they fit in rows ``row_gap`` apart without
    overlapping; below that, cards of ``min_w`` overlap within their rows. Returns positions,
    card width and height."""
    cw = max_w
    while True:
        ch = cw * RATIO
        rows = max(1, int((h + row_gap) // (ch + row_gap)))
        per_row = max(1, int((w + GAP) // (cw + GAP)))
        if rows * per_row >= count or cw <= min_w:
            break
        cw = max(min_w, cw - 2.0)
    if rows * per_row >= count:
        step = cw + GAP
        per_row = min(per_row, max(1, math.ceil(count / rows)))
    else:
        per_row = math.ceil(count / rows)
        step = (w - cw) / max(1, per_row - 1)
    out: list[tuple[float, float]] = []
    for i in range(count):
        r, c = divmod(i, per_row)
        out.append((x + c * step, y + r * (ch + row_gap)))
    return out, cw, ch


#: Card texts short enough to read on a card at a laptop's size (the table prints a card's
#: brief where its whole text would be set small; the hover text and the large view give the
#: whole, which is the rule). Only the cards whose whole text is long have one. "Goods" is
#: the consumer goods card, as the table's goods pile is labelled.
BRIEFS: dict[str, tuple[str, str]] = {
    "slash_and_burn": ("Draw 5 goods, discard it.", "消費財5枚引き、これを捨てる。"),
    "orchard": ("Draw goods up to 4 cards in hand.", "手札4枚まで消費財を引く。"),
    "yakuza": ("End: unpaid wages −1 each, not −3.", "終了時：罰符は1枚−1点。"),
    "headquarters": ("End: +6 per passive.", "終了時：パッシブ系1つ+6点。"),
    "two_in_one": ("Build 2 of one cost, paying for one.", "同じコストの2つを1つ分で建設。"),
    "quarry": ("Draw 1 building card. Start player next round.",
               "建物カードを1枚引く。次から先手。"),
    "design_office": ("Look at 5 building cards, keep 1.", "5枚見て1枚取り、残りを捨てる。"),
    "real_estate": ("End: +3 a building.", "終了時：建物1つにつき+3点。"),
    "chemical_plant": ("Draw 2 cards; 4 if your hand is empty.",
                       "建物カードを2枚引く（手札0枚なら4枚）。"),
    "supermarket": ("Discard 3, take $18.", "手札3枚を捨て、$18を得る。"),
    "market": ("Discard 2, take $12.", "手札2枚を捨て、$12を得る。"),
    "expo": ("Discard 5, take $30.", "手札5枚を捨て、$30を得る。"),
    "department_store": ("Discard 4, take $24.", "手札4枚を捨て、$24を得る。"),
    "stall": ("Discard 1, take $6.", "手札1枚を捨て、$6を得る。"),
    "restaurant": ("Discard 1, take $15.", "手札1枚を捨て、$15を得る。"),
    "farmers_coop": ("End: +3 per goods.", "終了時：消費財1枚+3点。"),
    "railway": ("End: +8 per industrial.", "終了時：工業系1つ+8点。"),
    "university": ("Hire up to 5 workers (work next round).",
                   "労働者を5人まで増やす（次から働く）。"),
    "high_school": ("Hire up to 4 workers (work next round).",
                    "労働者を4人まで増やす（次から働く）。"),
    "settlers": ("Build 1 agricultural building free.", "農業系の建物を1つ無料で建設。"),
    "school": ("Hire 1 worker (works next round).", "労働者を1人増やす（次から働く）。"),
    "vocational_school": ("Hire 1 worker who works now.", "労働者を1人増やす（すぐ働く）。"),
    "general_contractor": ("Build 1, then draw 2 building cards.", "建設し、建物カードを2枚引く。"),
    "mine": ("Draw 1 building card.", "建物カードを1枚引く。"),
    "factory": ("Discard 2, draw 4 building cards.", "手札2枚を捨て、建物カードを4枚引く。"),
    "car_factory": ("Discard 3, draw 7 building cards.", "手札3枚を捨て、建物カードを7枚引く。"),
    "statue": ("Scores its value only.", "資産価値のみ。"),
    "labor_union": ("End: +6 per worker.", "終了時：労働者1人+6点。"),
    "construction_company": ("Build 1 at its cost − 1.", "コスト−1で建設する。"),
}


def card_art(card: str, n_players: int = 4) -> dict[str, Any]:
    """Card art data for a building, a public workplace or consumer goods."""
    if card == GOODS:
        return {"title_ja": GOODS_JA, "title_en": GOODS_EN,
                "body_ja": "手札として数える。捨て札にできる。",
                "body_en": "Counts as a card in hand; can be discarded.",
                "corner": "", "badge": "", "color": GOODS_COLOR}
    b = BUILDINGS.get(card)
    if b is not None:
        cat_en, cat_ja = CATEGORY_WORDS[b.category]
        tag_en, tag_ja = (f"[{cat_en}] " if cat_en else ""), (f"【{cat_ja}】" if cat_ja else "")
        art = {"title_ja": b.ja, "title_en": b.en,
               "body_ja": tag_ja + b.effect_ja, "body_en": tag_en + b.effect_en,
               "corner": str(b.cost), "badge": f"${b.value}",
               "color": CATEGORY_COLORS[b.category]}
        brief = BRIEFS.get(card)
        if brief is not None:
            short_en, short_ja = SHORT_CATEGORY[b.category]
            tag_en, tag_ja = (f"[{short_en}] " if short_en else ""), (
                f"【{short_ja}】" if short_ja else "")
            # The category and "unsellable" stay on the brief: some buildings score by the
            # one, and payday turns on the other.
            sell_en, sell_ja = ("", "") if b.sellable else (" Unsellable.", "売却不可。")
            art["brief_en"] = tag_en + brief[0] + sell_en
            art["brief_ja"] = tag_ja + brief[1] + sell_ja
        return art
    w = WORKPLACES[card]
    body_en, body_ja = w.effect_en, w.effect_ja
    brief_en, brief_ja = BRIEFS.get(card, (body_en, body_ja))
    if w.multi == "3p" and n_players >= 3:
        body_en += " Any number of workers."
        body_ja += "何人でも置ける。"
        brief_en += " Any number."
        brief_ja += "何人でも。"
    return {"title_ja": w.ja, "title_en": w.en, "body_ja": body_ja, "body_en": body_en,
            "brief_en": brief_en, "brief_ja": brief_ja,
            "corner": "", "badge": "", "color": WORKPLACE_COLOR}


def glance_art(card: str) -> dict[str, Any]:
    """What a rival's building adds to its art (``card_art``): it is glanced at, and where its
    text does not read it prints its gist, the category and whether it sells (what the
    rival's score and payday turn on)."""
    b = BUILDINGS[card]
    cat_en, cat_ja = CATEGORY_WORDS[b.category]
    parts_en = [w for w in (cat_en, "" if b.sellable else "Unsellable") if w]
    parts_ja = [w for w in (cat_ja, "" if b.sellable else "売却不可") if w]
    return {"glance": True, "gist_en": "\n".join(parts_en), "gist_ja": "\n".join(parts_ja)}


def card_tooltip(card: str) -> tuple[str, str]:
    """Name, cost, value and effect of a card in one line, for hovering (English,
    Japanese)."""
    if card == GOODS:
        return GOODS_EN, GOODS_JA
    b = BUILDINGS.get(card)
    if b is not None:
        sell_en, sell_ja = ("", "") if b.sellable else (", unsellable", "・売却不可")
        cat_en, cat_ja = CATEGORY_WORDS[b.category]
        cat_en = f", {cat_en.lower()}" if cat_en else ""
        cat_ja = f"・{cat_ja}" if cat_ja else ""
        return (f"{b.en} (cost {b.cost}, value ${b.value}{cat_en}{sell_en}): {b.effect_en}",
                f"{b.ja}（コスト{b.cost}・資産${b.value}{cat_ja}{sell_ja}）：{b.effect_ja}")
    w = WORKPLACES[card]
    return f"{w.en}: {w.effect_en}", f"{w.ja}：{w.effect_ja}"


def _card_piece(pid: str, card: str, x: float, y: float, w: float, h: float,
                n_players: int, state: str = "", z: float = 0.0) -> Piece:
    tip_en, tip_ja = card_tooltip(card)
    return Piece(pid, "card", x, y, art=card_art(card, n_players), state=state, w=w, h=h, z=z,
                 tooltip_en=tip_en, tooltip_ja=tip_ja)


def copy_ids(prefix: str, cards: Sequence[str]) -> list[str]:
    """Stable piece ids for a list of cards: ``<prefix><card>_<k>`` for the k-th copy, so
    selling or discarding one card does not rename the others."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for c in cards:
        k = seen.get(c, 0)
        seen[c] = k + 1
        out.append(f"{prefix}{c}_{k}")
    return out


def hand_ids(p: int, hand: Sequence[str]) -> list[str]:
    return copy_ids(f"h{p}_", hand)


def building_ids(p: int, buildings: Sequence[str]) -> list[str]:
    return copy_ids(f"b{p}_", buildings)


def revealed_ids(revealed: Sequence[str]) -> list[str]:
    return copy_ids("rev_", revealed)


def worker_id(p: int, k: int) -> str:
    return f"w{p}_{k}"


def _order(seat: int | None, n: int) -> tuple[int, list[int]]:
    """The seat shown at the bottom and the others in seat order after it."""
    me = 0 if seat is None else seat
    return me, [(me + k) % n for k in range(1, n)]


def _multi(card: str, n: int) -> bool:
    w = WORKPLACES.get(card)
    return w is not None and (w.multi == "always" or (w.multi == "3p" and n >= 3))


class _Workers:
    """Where each worker token of the table sits: on a public card, on an own building, or
    in its owner's area (free, working somewhere no longer shown, or asleep)."""

    def __init__(self, obs: NObs) -> None:
        n = int(obs["num_players"])
        self.on_public: list[list[str]] = []
        self.on_own: dict[int, dict[int, str]] = {p: {} for p in range(n)}
        self.free: dict[int, list[str]] = {p: [] for p in range(n)}
        self.busy: dict[int, list[str]] = {p: [] for p in range(n)}
        self.asleep: dict[int, list[str]] = {p: [] for p in range(n)}
        nxt = [0] * n

        def take(p: int) -> str:
            wid = worker_id(p, nxt[p])
            nxt[p] += 1
            return wid

        for entry in obs["public"]:
            self.on_public.append([take(int(q)) for q in entry["workers"]])
        for p, pl in enumerate(obs["players"]):
            for i, used in enumerate(pl["used"]):
                if used:
                    self.on_own[p][i] = take(p)
            shown = nxt[p]
            placed = int(pl["placed"])
            self.busy[p] = [take(p) for _ in range(max(0, placed - shown))]
            awake = int(pl["workers"]) - int(pl["sleeping"])
            self.free[p] = [take(p) for _ in range(max(0, awake - nxt[p]))]
            self.asleep[p] = [take(p) for _ in range(int(pl["workers"]) - nxt[p])]


#: The observation a National Economy view reads: the 2-4 player game's, or the solo game's.
NObs = TypeVar("NObs", bound=NEObs)


class NationalEconomyView(api.GameView[NObs]):
    """Layout, gestures and words for National Economy."""

    #: Workers are wooden tokens; wages, income and sales are money.
    sound_of: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "place": (api.sounds.TOKEN,),
        "wages": (api.sounds.COIN,),
        "income": (api.sounds.COIN,),
        "sell": (api.sounds.COIN,),
        "tax": (api.sounds.COIN,),
    }

    plain_buttons = True  # an action without words of its own still gets a button

    #: The catalogue of the game this view shows (the solo view's has the solo words too).
    words = WORDS

    #: The rules whose reasons and prompts the table shows (the solo view puts its own).
    game: NationalEconomyGame = GAME
    #: Whether the start player marker is drawn (the solo game has none, NE-R71).
    show_marker = True
    #: Table units a variant lays out between the public area and the own area when no one
    #: else sits at the table (the solo game's blockers and bill).
    between_h = 0.0

    def _state(self, obs: NObs, seat: int) -> NEState:
        """A full state consistent with what ``seat`` sees; every fact the model's reasons
        for ``seat``'s own actions depend on (public cards, money, its own hand) is exact."""
        return self.game.resample(obs, seat, random.Random(0))

    def _price(self, obs: NObs, card: str) -> int:
        """What selling ``card`` brings (NE-R52)."""
        return BUILDINGS[card].value

    def _sellable(self, obs: NObs, seat: int) -> list[str]:
        """The buildings of ``seat`` that count for the over-selling rule (NE-R53)."""
        return [str(b) for b in obs["players"][seat]["buildings"]]

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: NObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        n = int(obs["num_players"])
        workers = _Workers(obs)
        self._header(out, obs)
        public_zone = PUBLIC
        if obs["revealed"]:
            public_zone = Zone(PUBLIC.id, PUBLIC.x, PUBLIC.y, PUBLIC.w - REVEAL_W - GAP,
                               PUBLIC.h, PUBLIC.label_en, PUBLIC.label_ja, PUBLIC.color)
        bottom = self._public(out, obs, workers, public_zone)
        if obs["revealed"]:
            bottom = max(bottom, PUBLIC.y + 104.0 * RATIO + 2 * GAP)
            out.zones[-1].h = bottom - PUBLIC.y
            self._revealed(out, obs, public_zone.x + public_zone.w + GAP, bottom - PUBLIC.y)
        # The opponents' panels take whatever the public area leaves free.
        opp_y = bottom + 30.0
        opp_h = ME_Y - 30.0 - opp_y
        me, others = _order(seat, n)
        if others:
            pw = (WIDTH - 2 * MARGIN - GAP * (len(others) - 1)) / len(others)
            for k, p in enumerate(others):
                self._player(out, obs, workers, p, seat, MARGIN + k * (pw + GAP), opp_y, pw,
                             opp_h, small=True)
        # Alone at the table (the solo game), the own area takes the room below the public
        # area and whatever the variant puts between them (``between_h``), not a fixed band.
        me_y = ME_Y if others else min(ME_Y, opp_y + self.between_h)
        self._player(out, obs, workers, me, seat, MARGIN, me_y, WIDTH - 2 * MARGIN,
                     HEIGHT - me_y - 12.0, small=False)
        return out

    def _header(self, out: Layout, obs: NObs) -> None:
        rnd = int(obs["round"])
        wage = int(obs["wage"])
        over = obs["phase"] == Phase.OVER
        out.texts.append(Text("round", MARGIN, HEADER_Y,
                              *_both("view.round", round=rnd, rounds=ROUNDS, wage=wage),
                              size=17, bold=True))
        for r in range(1, ROUNDS + 1):
            state = "used" if r < rnd or over else ("active" if r == rnd else "")
            tip_en, tip_ja = _both("view.round_tip", round=r, wage=WAGES[r - 1])
            out.pieces.append(Piece(
                f"round{r}", "token", MARGIN + (r - 1) * 40.0, HEADER_Y + 34, w=34, h=34,
                art={"label": f"${WAGES[r - 1]}",
                     "color": "#f2c94c" if r == rnd and not over else "#34495e"},
                state=state, tooltip_en=tip_en, tooltip_ja=tip_ja))
        hx = MARGIN + ROUNDS * 40.0 + 30
        household = int(obs["household"])
        tip_en, tip_ja = _both("view.household_tip", cash=household)
        out.pieces.append(Piece("household", "token", hx, HEADER_Y + 6, w=64, h=64,
                                art={"label": f"${household}", "color": "#b8860b"},
                                tooltip_en=tip_en, tooltip_ja=tip_ja))
        out.texts.append(Text("household_label", hx + 72, HEADER_Y + 12,
                              *_both("view.household"), size=15, bold=True))
        out.texts.append(Text("household_cash", hx + 72, HEADER_Y + 38, f"${household}",
                              f"${household}", size=20, bold=True, color="#f2c94c"))
        turn_en, turn_ja = both(self._turn_text(obs), self.words)
        out.texts.append(Text("turn", 700, HEADER_Y + 24, turn_en, turn_ja, size=17,
                              bold=True))
        discard = obs["discard"]
        n_discard = sum(int(c) for c in discard.values())
        piles: tuple[tuple[str, int, bool, dict[str, Any]], ...] = (
            ("deck", int(obs["deck_count"]), False, {}),
            ("discard", n_discard, True, self._discard_art(discard) if n_discard else {}),
            ("goods", int(obs["goods"]), True, card_art(GOODS) if int(obs["goods"]) else {}),
        )
        px = WIDTH - MARGIN - 3 * 150.0 + 20
        for pid, count, face_up, art in piles:
            tip_en, tip_ja = _both("view.pile_tip", pile=Msg(f"view.{pid}"), count=count)
            out.pieces.append(Piece(
                f"pile_{pid}", "card", px, HEADER_Y, face_up=face_up and bool(art),
                art=art, w=52, h=52 * RATIO, tooltip_en=tip_en, tooltip_ja=tip_ja))
            out.texts.append(Text(f"{pid}_label", px + 60, HEADER_Y + 12,
                                  *_both(f"view.{pid}"), size=14, bold=True))
            out.texts.append(Text(f"{pid}_count", px + 60, HEADER_Y + 36, str(count),
                                  str(count), size=20, bold=True))
            px += 150.0

    @staticmethod
    def _discard_art(discard: dict[str, int]) -> dict[str, Any]:
        items = sorted(discard.items(), key=lambda kv: (-kv[1], kv[0]))
        title_en, title_ja = _both("view.discard")
        body_en, body_ja = _both("view.text", text=[Msg("view.discard_item", card=b, count=c)
                                                    for b, c in items])
        return {"title_ja": title_ja, "title_en": title_en, "body_ja": body_ja,
                "body_en": body_en, "corner": "", "badge": "", "color": "#6b5a45"}

    def _turn_text(self, obs: NObs) -> Msg:
        """What is going on, for the table and the spectator's status line."""
        phase = obs["phase"]
        if phase == Phase.OVER:
            return Msg("view.game_over")
        to_move = int(obs["to_move"])
        if to_move < 0:
            return Msg("view.drawing")
        if phase == Phase.SELL:
            return Msg("view.turn_sell", seat=to_move)
        if phase == Phase.TRIM:
            return Msg("view.turn_trim", seat=to_move)
        if phase == Phase.PLACE:
            return Msg("view.turn_place", seat=to_move)
        effect = str(obs["effect"])
        if effect:
            return Msg("view.turn_effect", seat=to_move, card=effect)
        return Msg("player", seat=to_move)

    def _revealed(self, out: Layout, obs: NObs, x: float, h: float) -> None:
        zone = Zone("revealed", x, PUBLIC.y, WIDTH - MARGIN - x, h, *_both("view.revealed"),
                    "#f2c94c")
        out.zones.append(zone)
        revealed = [str(c) for c in obs["revealed"]]
        pos, cw, ch = grid(len(revealed), zone.x + GAP, zone.y + GAP, zone.w - 2 * GAP,
                           zone.h - 2 * GAP, 104.0, 60.0)
        for pid, card, (cx, cy) in zip(revealed_ids(revealed), revealed, pos, strict=True):
            out.pieces.append(_card_piece(pid, card, cx, cy, cw, ch, int(obs["num_players"])))

    def _public(self, out: Layout, obs: NObs, workers: _Workers, zone: Zone) -> float:
        """The public area in age order, shrunk to the rows it needs; returns its bottom."""
        n = int(obs["num_players"])
        cards = [str(e["card"]) for e in obs["public"]]
        pos, cw, ch = grid(len(cards), zone.x + GAP, zone.y + GAP, zone.w - 2 * GAP,
                           zone.h - 2 * GAP - OVERHANG, READ_W, 56.0, GAP + OVERHANG)
        rows = len({cy for _, cy in pos}) or 1
        zone = Zone(zone.id, zone.x, zone.y, zone.w, rows * (ch + GAP + OVERHANG) + GAP,
                    zone.label_en, zone.label_ja, zone.color)
        out.zones.append(zone)
        effect = str(obs["effect"])
        for i, (card, (cx, cy)) in enumerate(zip(cards, pos, strict=True)):
            on = workers.on_public[i]
            state = ""
            if on and not _multi(card, n):
                state = "used"
            if effect == card and int(obs["where"]) < 0 and on and on[-1].startswith(
                    f"w{obs['active']}_"):
                state = "active"
            out.pieces.append(_card_piece(f"pub{i}", card, cx, cy, cw, ch, n, state, z=i))
            self._tokens_on(out, obs, on, cx, cy, cw, ch, 10.0 + i)
        return zone.y + zone.h

    def _tokens_on(self, out: Layout, obs: NObs, ids: list[str], cx: float,
                   cy: float, cw: float, ch: float, z: float) -> None:
        """Worker tokens lying across the lower edge of a card, clear of its text."""
        if not ids:
            return
        size = min(TOKEN, cw / 2.5)
        step = min(size * 0.8, (cw - size) / max(1, len(ids) - 1))
        for k, wid in enumerate(ids):
            p = int(wid[1:wid.index("_")])
            out.pieces.append(self._worker(wid, p, cx + 4 + k * step, cy + ch - FOOT,
                                           size, "", z + 0.1 * k + 200))

    @staticmethod
    def _worker(wid: str, p: int, x: float, y: float, size: float, state: str,
                z: float = 300.0) -> Piece:
        tips = {"dim": "view.worker_asleep", "used": "view.worker_working"}
        tip_en, tip_ja = _both(tips.get(state, "view.worker"), seat=p)
        return Piece(wid, "token", x, y, w=size, h=size,
                     art={"label": "z" if state == "dim" else str(p + 1),
                          "color": PLAYER_COLORS[p]},
                     state=state, z=z, tooltip_en=tip_en, tooltip_ja=tip_ja)

    def _player(self, out: Layout, obs: NObs, workers: _Workers, p: int,
                seat: int | None, x: float, y: float, w: float, h: float, small: bool) -> None:
        pl = obs["players"][p]
        n = int(obs["num_players"])
        you = p == seat
        active = int(obs["to_move"]) == p
        zone = Zone(f"area{p}", x, y, w, h, *_both("view.you" if you else "player", seat=p),
                    PLAYER_COLORS[p])
        out.zones.append(zone)
        # Line 1: name, cash, workers, penalties, limits.
        marker = " ★" if self.show_marker and int(obs["marker"]) == p else ""
        arrow = " ◀" if active else ""
        cash = int(pl["cash"])
        pen = int(pl["penalties"])
        line_en, line_ja = _both(
            "view.player_line", seat=p, marker=marker, arrow=arrow, cash=cash,
            workers=pl["workers"], limit=pl["worker_limit"], hand=pl["hand_count"],
            hand_limit=pl["hand_limit"], penalties=Msg("view.penalties", n=pen) if pen else "")
        out.texts.append(Text(f"name{p}", x + 10, y + 6, line_en, line_ja,
                              size=15 if small else 17, bold=True,
                              color="#fff3b0" if active else "#f4ecd8"))
        # Line 2: worker tokens not on a card.
        tx = x + 10
        ty = y + 34
        for ids, state in ((workers.free[p], ""), (workers.busy[p], "used"),
                           (workers.asleep[p], "dim")):
            for wid in ids:
                out.pieces.append(self._worker(wid, p, tx, ty, TOKEN, state))
                tx += TOKEN + 6
        body_y = y + (72.0 if small else 92.0)
        body_h = y + h - body_y - GAP
        hand = pl["hand"]
        count = int(pl["hand_count"])
        if small:
            # The face-down hand says only how many: small backs beside the workers, and
            # the panel's whole width for the buildings, whose words are read.
            hand_w = min(140.0, w * 0.3)
            self._hand(out, obs, p, hand, count, x + w - hand_w - GAP, y + 34, hand_w,
                       body_y - y - 36, 26.0, 20.0)
            self._buildings(out, obs, workers, p, x + GAP, body_y, w - 2 * GAP,
                            body_h, 130.0, 46.0, n, glance=True)
        else:
            hand_w = w * 0.46
            # A tall own area (the solo game) lays the cards out larger still, to one row.
            read_w = max(READ_W, min(OWN_MAX_W, (body_h - OVERHANG) / RATIO))
            self._hand(out, obs, p, hand, count, x + GAP, body_y, hand_w, body_h, read_w, 70.0)
            bx = x + hand_w + 3 * GAP
            out.texts.append(Text(f"hand_label{p}", x + GAP, body_y - 22, *_both("view.hand"),
                                  size=13, bold=True))
            out.texts.append(Text(f"buildings_label{p}", bx, body_y - 22,
                                  *_both("table.buildings"), size=13, bold=True))
            self._buildings(out, obs, workers, p, bx, body_y, x + w - bx - GAP, body_h,
                            read_w, 60.0, n)

    def _hand(self, out: Layout, obs: NObs, p: int, hand: list[str] | None,
              count: int, x: float, y: float, w: float, h: float, max_w: float,
              min_w: float) -> None:
        n = int(obs["num_players"])
        if hand is None:
            # Other hands: only the count is known, so the ids carry no card names.
            cw = min(max_w, w)
            ch = cw * RATIO
            step = min(cw * 0.35, (w - cw) / max(1, count - 1))
            tip_en, tip_ja = _both("view.hidden_hand", seat=p, count=count)
            for i in range(count):
                out.pieces.append(Piece(
                    f"h{p}_{i}", "card", x + i * step, y, face_up=False, w=cw, h=ch, z=i,
                    tooltip_en=tip_en, tooltip_ja=tip_ja))
            return
        pos, cw, ch = grid(len(hand), x, y, w, h, max_w, min_w)
        for i, (pid, card, (cx, cy)) in enumerate(zip(hand_ids(p, hand), hand, pos,
                                                      strict=True)):
            out.pieces.append(_card_piece(pid, card, cx, cy, cw, ch, n, z=i))

    def _buildings(self, out: Layout, obs: NObs, workers: _Workers, p: int,
                   x: float, y: float, w: float, h: float, max_w: float, min_w: float,
                   n: int, glance: bool = False) -> None:
        """``p``'s buildings in the box; a rival's (``glance``) print their texts only where
        they read, the hover text and the large view give them always."""
        pl = obs["players"][p]
        owned = [str(b) for b in pl["buildings"]]
        pos, cw, ch = grid(len(owned), x, y, w, h - OVERHANG, max_w, min_w, GAP + OVERHANG)
        seller = obs["phase"] == Phase.SELL and obs["queue"] and int(obs["queue"][0]) == p
        selling = list(obs["selling"]) if seller else []
        # NE-R53 on the table for the seller: a building that no legal sale can add now is
        # dimmed and its tooltip gives the rule's reason (the status line lists legal sales).
        refused: dict[str, tuple[str, str]] = {}
        if seller and obs.get("seat") == p:
            state_now = self._state(obs, p)
            legal = set(self.game.legal_actions(state_now))
            for card in set(owned):
                action = f"sell:{card}"
                if action not in legal:
                    why = self.game.reason(state_now, action)
                    refused[card] = both(why, self.words) if why is not None else ("", "")
        where = int(obs["where"])
        usable = len(owned) - int(pl.get("fresh", 0))  # NE-R26 with built_buildings=next-round
        for i, (pid, card, (cx, cy)) in enumerate(zip(building_ids(p, owned), owned, pos,
                                                      strict=True)):
            state = ""
            if card in selling:
                selling.remove(card)
                state = "selected"
            elif card in refused:
                state = "dim"
            elif pl["used"][i] and not seller:
                state = "active" if (p == int(obs["active"]) and where == i
                                     and obs["effect"]) else "used"
            piece = _card_piece(pid, card, cx, cy, cw, ch, n, state, z=i)
            if glance:
                piece.art.update(glance_art(card))
            if state == "dim":
                en, ja = refused[card]
                piece.tooltip_en = f"{en}\n\n{piece.tooltip_en}"
                piece.tooltip_ja = f"{ja}\n\n{piece.tooltip_ja}"
            elif i >= usable:
                en, ja = _both("view.fresh")
                piece.tooltip_en = f"{en}\n\n{piece.tooltip_en}"
                piece.tooltip_ja = f"{ja}\n\n{piece.tooltip_ja}"
            out.pieces.append(piece)
            wid = workers.on_own[p].get(i)
            if wid is not None:
                self._tokens_on(out, obs, [wid], cx, cy, cw, ch, 10.0 + i)

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: NObs, seat: int, legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        n = int(obs["num_players"])
        workers = _Workers(obs)
        free = workers.free[seat]
        me = obs["players"][seat]
        hand: list[str] = list(me["hand"] or [])
        owned = [str(b) for b in me["buildings"]]
        hids = hand_ids(seat, hand)
        bids = building_ids(seat, owned)
        selling = list(obs["selling"])
        # The building copies already picked for the sale are the first ones of their kind.
        picked: set[str] = set()
        for b in selling:
            k = sum(1 for pid in picked if pid.startswith(f"b{seat}_{b}_"))
            picked.add(f"b{seat}_{b}_{k}")
        revealed = [str(c) for c in obs["revealed"]]
        rids = revealed_ids(revealed)
        public = [str(e["card"]) for e in obs["public"]]
        for action in legal_actions:
            kind, _, rest = action.partition(":")
            if kind == "place":
                own = rest.startswith("own:")
                card = rest[4:] if own else rest
                label_en, label_ja = _both("gesture.place_own" if own else "gesture.place",
                                           card=card)
                if own:
                    usable = len(owned) - int(me.get("fresh", 0))  # NE-R26 option
                    targets = [bids[i] for i, c in enumerate(owned[:usable])
                               if c == card and not me["used"][i]]
                else:
                    targets = [f"pub{i}" for i, c in enumerate(public)
                               if c == card and (_multi(c, n) or not workers.on_public[i])]
                for wid in free:
                    for t in targets:
                        out.append(Gesture(action, source=wid, target=t, label_en=label_en,
                                           label_ja=label_ja))
            elif kind in ("discard", "build"):
                label_en, label_ja = _both(f"gesture.{kind}", card=rest)
                for pid, c in zip(hids, hand, strict=True):
                    if c == rest:
                        out.append(Gesture(action, target=pid, label_en=label_en,
                                           label_ja=label_ja))
            elif kind == "take":
                label_en, label_ja = _both("gesture.take", card=rest)
                for pid, c in zip(rids, revealed, strict=True):
                    if c == rest:
                        out.append(Gesture(action, target=pid, label_en=label_en,
                                           label_ja=label_ja))
            elif kind == "sell":
                label_en, label_ja = _both("gesture.sell", card=rest,
                                           price=self._price(obs, rest))
                for pid, c in zip(bids, owned, strict=True):
                    if c == rest and pid not in picked:
                        out.append(Gesture(action, target=pid, label_en=label_en,
                                           label_ja=label_ja))
            elif kind == "done":
                label_en, label_ja = _both("gesture.done",
                                           total=sum(self._price(obs, b) for b in selling))
                out.append(Gesture(action, label_en=label_en, label_ja=label_ja, shortcut="D"))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: NObs, seat: int, source: str, target: str | None) -> Msg:
        owner = self._owner(source)
        if source.startswith("w") and owner is not None and owner != seat:
            return Msg("table.others_worker", seat=owner)
        if source.startswith("h") and owner is not None and owner != seat:
            return Msg("table.others_hand", seat=owner)
        to_move = int(obs["to_move"])
        state = self._state(obs, seat)
        if to_move != seat:
            return self.game.prompt(state, seat) or MOVE_POSSIBLE
        phase = obs["phase"]
        if source.startswith("w"):
            return self._why_not_worker(obs, seat, state, source, target)
        card, where = self._card_at(obs, source)
        if card is None:
            return super().why_not_seated(obs, seat, source, target)
        if phase == Phase.PLACE:
            if where == "public":
                return (self.game.reason(state, f"place:{card}")
                        or Msg("table.drag_to_workplace"))
            if where == f"own{seat}":
                return (self.game.reason(state, f"place:own:{card}")
                        or Msg("table.drag_to_building"))
            if where == f"hand{seat}":
                return Msg("table.build_at")
        if phase in (Phase.DISCARD, Phase.TRIM) and where == f"hand{seat}":
            return (self.game.reason(state, f"discard:{card}")
                    or self.game.prompt(state, seat) or MOVE_POSSIBLE)
        if phase in (Phase.BUILD, Phase.BUILD2) and where == f"hand{seat}":
            if card == GOODS:
                return Msg("table.goods_unbuildable")
            return self.game.reason(state, f"build:{card}") or MOVE_POSSIBLE
        if phase == Phase.TAKE and where == "revealed":
            return self.game.reason(state, f"take:{card}") or MOVE_POSSIBLE
        if phase == Phase.SELL and where == f"own{seat}":
            if self._already_picked(obs, seat, source):
                return Msg("table.picked")
            return self.game.reason(state, f"sell:{card}") or MOVE_POSSIBLE
        if where is not None and where.startswith("own") and where != f"own{seat}":
            return Msg("table.owner_only")
        return self.game.prompt(state, seat) or MOVE_POSSIBLE

    def _why_not_worker(self, obs: NObs, seat: int, state: NEState, source: str,
                        target: str | None) -> Msg:
        workers = _Workers(obs)
        if source in workers.asleep[seat]:
            return Msg("table.asleep")
        if source not in workers.free[seat]:
            return Msg("table.working")
        if obs["phase"] != Phase.PLACE:
            return self.game.prompt(state, seat) or MOVE_POSSIBLE
        card, where = self._card_at(obs, target) if target else (None, None)
        if card is None or where is None:
            return Msg("table.drag_worker")
        if where == "public":
            return (self.game.reason(state, f"place:{card}")
                    or Msg("table.copy_taken", card=card))
        if where == f"own{seat}":
            return (self.game.reason(state, f"place:own:{card}")
                    or Msg("refuse.own_taken", card=card))
        if where.startswith("own"):
            return Msg("table.owner_workers")
        return Msg("table.not_on_hand")

    @staticmethod
    def _owner(piece: str) -> int | None:
        """The seat in a worker, hand or building id (``w2_0``, ``h1_3``, ``b0_farm_1``)."""
        if len(piece) > 2 and piece[0] in "whb" and piece[1].isdigit() and piece[2] == "_":
            return int(piece[1])
        return None

    @staticmethod
    def _already_picked(obs: NObs, seat: int, source: str) -> bool:
        card, _, k = source[len(f"b{seat}_"):].rpartition("_")
        return k.isdigit() and int(k) < list(obs["selling"]).count(card)

    def _card_at(self, obs: NObs, piece: str | None) -> tuple[str | None,
                                                                        str | None]:
        """The card shown by a piece id and where it lies (``public``, ``revealed``,
        ``own<p>``, ``hand<p>``); ``(None, None)`` for anything else."""
        if piece is None:
            return None, None
        if piece.startswith("pub") and piece[3:].isdigit():
            i = int(piece[3:])
            if i < len(obs["public"]):
                return str(obs["public"][i]["card"]), "public"
            return None, None
        if piece.startswith("rev_"):
            revealed = [str(c) for c in obs["revealed"]]
            for pid, c in zip(revealed_ids(revealed), revealed, strict=True):
                if pid == piece:
                    return c, "revealed"
            return None, None
        owner = self._owner(piece)
        if owner is None or owner >= int(obs["num_players"]):
            return None, None
        pl = obs["players"][owner]
        if piece[0] == "b":
            owned = [str(b) for b in pl["buildings"]]
            for pid, c in zip(building_ids(owner, owned), owned, strict=True):
                if pid == piece:
                    return c, f"own{owner}"
        elif piece[0] == "h" and pl["hand"] is not None:
            hand = [str(c) for c in pl["hand"]]
            for pid, c in zip(hand_ids(owner, hand), hand, strict=True):
                if pid == piece:
                    return c, f"hand{owner}"
        return None, None

    def status(self, obs: NObs, seat: int | None) -> Msg | None:
        phase = obs["phase"]
        if phase == Phase.OVER:
            return self._winner_text(obs)
        if seat is None:
            return self._turn_text(obs)
        state = self._state(obs, seat)
        if phase == Phase.SELL and int(obs["to_move"]) == seat:
            return self._sale_status(obs, seat)
        return self.game.prompt(state, seat)

    def _sale_status(self, obs: NObs, seat: int) -> Msg:
        """The shortfall, the picks so far and the legal sales that extend them (NE-R53)."""
        pl = obs["players"][seat]
        owned = self._sellable(obs, seat)
        prices = {b: self._price(obs, b) for b in owned}
        cash, due = int(pl["cash"]), int(pl["due"])
        selling = sorted(str(b) for b in obs["selling"])
        picked = sum(prices[b] for b in selling)
        legal = []
        for sel, reason in sale_selections(owned, cash, due, prices):
            if reason is not None:
                continue
            rest = list(sel)
            try:
                for b in selling:
                    rest.remove(b)
            except ValueError:
                continue
            legal.append(sel)
        legal.sort(key=lambda s: (sum(prices[b] for b in s), s))

        def names(sel: Sequence[str]) -> Msg | str:
            return _chain("sale.and", [Msg("sale.item", card=b, price=prices[b]) for b in sel])

        def option(sel: Sequence[str]) -> Msg | str:
            if len(sel) == 1:
                return names(sel)
            return Msg("sale.option", names=names(sel), total=sum(prices[b] for b in sel))

        shown = [option(s) for s in legal[:4]]
        if len(legal) > 4:
            shown.append("…")
        head = self._sale_head(obs, due, cash)
        chosen: Msg | str = ""
        if selling:
            chosen = Msg("status.picked", names=names(selling), picked=picked)
        tail: Msg | str = ""
        if legal:
            complete = tuple(selling) in legal
            if complete and len(legal) == 1:
                tail = Msg("status.press_done")
            else:
                tail = Msg("status.legal_sales", options=_chain("sale.or", shown))
        return Msg("status.sale", head=head, picked=chosen, tail=tail)

    def _sale_head(self, obs: NObs, due: int, cash: int) -> Msg:
        """The first sentence of the payday status: what is owed and what is short."""
        return Msg("status.payday", due=due, cash=cash, short=due - cash)

    def series(self, obs: NObs) -> list[api.Figure]:
        out: list[api.Figure] = []
        cash, assets = Msg("series.cash"), Msg("series.assets")
        for p, pl in enumerate(obs["players"]):
            sb = score_breakdown(pl["buildings"], int(pl["cash"]), int(pl["penalties"]),
                                 int(pl["workers"]), pl["hand"] or [],
                                 rules_of(obs).bonus_each_copy)
            out.append((Msg("series.player", seat=p, what=cash), float(pl["cash"])))
            out.append((Msg("series.player", seat=p, what=assets), float(sb.total)))
        out.append((Msg("series.household"), float(obs["household"])))
        return out

    def series_from_seats(self, obs: NObs, seen: Sequence[NObs]) -> list[api.Figure]:
        """``series`` of the true position, for the end-of-game chart (the app samples it
        after every decision and shows it only once the game is over).

        ``obs`` is the spectator's observation and ``seen[p]`` seat ``p``'s own. Each player's
        entry is taken from their own observation, which holds their hand: total assets then
        include the Farmers' Co-op bonus (NE-B15, NE-R61) in every round, not only once the
        hands are revealed at the end.
        """
        merged = obs.copy()
        merged["players"] = [seen[p]["players"][p] if p < len(seen) else pl
                             for p, pl in enumerate(obs["players"])]
        return self.series(merged)

    def series_round(self, obs: NObs) -> int | None:
        return int(obs["round"])

    def series_panels(self) -> list[tuple[Msg, tuple[Msg, ...]]]:
        # The words are those ``series`` puts in its names.
        return [(Msg("panel.cash"), (Msg("series.cash"),)),
                (Msg("panel.assets"), (Msg("series.assets"),)),
                (Msg("series.household"), (Msg("series.household"),))]

    def score_table(self, obs: NObs) -> list[list[api.Cell]] | None:
        """NE-R60..NE-R62 per player: cash, building values, each end bonus, penalties."""
        scores = obs["scores"]
        if obs["phase"] != Phase.OVER or not scores:
            return None
        rows = [api.score_header(range(len(scores))),
                score_row(Msg("panel.cash"), (sc["cash"] for sc in scores)),
                score_row(Msg("table.buildings"), (sc["buildings"] for sc in scores))]
        owned = {b for sc in scores for b in sc["bonuses"]}
        for b in (b for b in BUILDING_IDS if b in owned):  # a fixed order, the same every game
            rows.append(score_row(Msg("card." + b), (sc["bonuses"].get(b, 0) for sc in scores)))
        rows.append(score_row(Msg("table.penalties"), (-int(sc["penalty"]) for sc in scores)))
        rows.append(score_row(Msg("panel.assets"), (sc["total"] for sc in scores)))
        return rows

    @staticmethod
    def _winners(obs: NObs) -> list[int]:
        """NE-R63: highest total assets, then most cash (NE-G18, unless the game's
        ``tie_break`` option shares the win)."""
        scores = obs["scores"] or []  # set once the game is over
        cash_counts = rules_of(obs).cash_tie_break
        keys = [(int(sc["total"]), int(obs["players"][p]["cash"]) if cash_counts else 0)
                for p, sc in enumerate(scores)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def _winner_text(self, obs: NObs) -> Msg:
        return Msg("log.winner", seats=self._winners(obs))

    def summary(self, obs: NObs) -> Msg | None:
        if obs["phase"] != Phase.OVER or not obs["scores"]:
            return None
        lines: list[Msg | str] = [self._winner_text(obs)]
        for p, sc in enumerate(obs["scores"]):
            parts: list[Msg | str] = [Msg("summary.cash", n=sc["cash"]),
                                      Msg("summary.buildings", n=sc["buildings"])]
            parts += [Msg("summary.bonus", card=b, n=v) for b, v in sc["bonuses"].items()]
            penalty = Msg("summary.penalty", n=sc["penalty"]) if sc["penalty"] else ""
            lines.append(Msg("summary.player", seat=p, parts=_chain("view.plus", parts),
                             penalty=penalty, total=sc["total"]))
        return Msg("view.text", text=_chain("view.lines", lines))
