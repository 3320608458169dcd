"""Mr. Sneaky on the table: the pyramid of eight doors, the start card that turns with every
move, the thief piece, rich-man cards on doors, guards, jewels and agents, and how a drag, a
click or a button becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The house keeps
one orientation for both players (the start card at the bottom, the Thief's side), so door D4 is
in the same place whoever views it and whichever role they play this round. A closed door shows
the same neutral art to everyone; only the Rich Man's layout adds its face as the small corner
mark of the door card, built from his own observation, so nothing of it exists in the Thief's
layout. The Rich Man drags the drawn card onto a door; the Thief drags his piece from door to
door and then presses Steal or Do nothing (or clicks the door he stands on). Refusal reasons
come from the rules model so the table and the engine always agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop import api
from tabletop.api import MOVE_POSSIBLE, Gesture, Layout, Msg, Piece, Text, Zone, seat_name

from .data import (
    AGENTS_TO_LOSE,
    CARD_EFFECTS,
    CARD_KINDS,
    CARD_SHORT,
    DOOR_POS,
    DOORS,
    GUARDS_TO_CATCH,
    JEWELS_TO_WIN,
    STEAL_EVERY,
    TILE_COLORS,
    TILE_EFFECTS,
    TILE_MARKS,
    TILE_NAMES,
    agent_total,
    card_names,
    card_symbols_text,
)
from .hidden import SneakyObs
from .rules import (
    card_matches,
    move_reason,
    must_steal_next,
    neighbours_of,
    place_problem,
    place_reason,
    prompt_from_obs,
)
from .state import E_BLOCKED, E_GUARDS, E_NOCARDS, E_TREASURE, R_AGENTS, Phase
from .words import WORDS

WIDTH = 1280.0
HEIGHT = 800.0

# The house: tiles in staggered rows, row 0 (the start card) at the bottom.
TILE_W, TILE_H = 176.0, 128.0
HALF = 98.0  # half a column: neighbouring rows are offset by this much (MS-R05)
ROW_DY = 132.0
CENTRE_X = 620.0
TOP_Y = 18.0
CARD_W, CARD_H = 56.0, 82.0
CARD_TOP = 42.0  # rich-man cards lie on the lower part of a door, below its title band
THIEF_SIZE = 44.0
START_W, START_H = 112.0, 78.0
CLOSED_COLOR = "#5d4037"
START_COLOR = "#6c3483"
THIEF_COLOR = "#9acd32"  # yellow-green, as the physical piece
GUARD_COLOR = "#8e9499"
JEWEL_COLOR = "#e84393"

# Side panels.
PANEL_X, PANEL_W, PANEL_H = 16.0, 296.0, 376.0
RIGHT_X = 924.0
PILE_W, PILE_H = 80.0, 112.0
DRAWN_W, DRAWN_H = 104.0, 146.0

DECK_ZONE = Zone("deck_zone", RIGHT_X, 16.0, 110.0, 160.0, "Deck", "山札", "#3d3d3d")
DISCARD_ZONE = Zone("discard", RIGHT_X + 124.0, 16.0, 110.0, 160.0, "Discard pile", "捨て札",
                    "#3d3d3d")
DRAWN_ZONE = Zone("drawn_zone", RIGHT_X, 212.0, 300.0, 180.0, "Drawn card", "引いたカード",
                  "#34495e")
GUARDS_ZONE = Zone("guards", 336.0, 686.0, 270.0, 96.0, "Thief's guards", "泥棒の警備コマ",
                   "#4a4a4a")
SUPPLY_ZONE = Zone("guard_supply", 634.0, 686.0, 270.0, 96.0, "Guard supply", "警備コマの山",
                   "#3d3d3d")


#: A drag onto a door, by action: the piece dragged and the gesture's words (the door named).
_TO_DOOR = {"place": ("drawn", "Place on {}", "{}に置く"),
            "move": ("thief", "Move to {}", "{}へ移動")}
#: What the seat to move is doing, by phase, while the other waits (moving otherwise).
_WAITING = {Phase.PLACE: "table.wait_place", Phase.STEAL: "table.wait_steal"}


def door_id(door: int) -> str:
    """Piece id of the door tile at position ``door`` (0..7); a position, never a tile."""
    return f"door_{DOORS[door]}"


def door_rect(door: int) -> tuple[float, float]:
    """Top-left corner of the door tile at ``door``."""
    row, x = DOOR_POS[door]
    return (CENTRE_X + (x - 2) * HALF - TILE_W / 2, TOP_Y + (4 - row) * ROW_DY)


#: What ``why_not`` says when nothing stands in the way (the rules would take the move).


def start_centre() -> tuple[float, float]:
    return CENTRE_X, TOP_Y + 4 * ROW_DY + TILE_H / 2


def card_art(card: str, small: bool = False) -> dict[str, Any]:
    """Card art data for a face-up rich-man card: its kanji as the title, its effect below.

    A ``small`` card carries the short effect: the full one leaves nothing readable on a card
    as small as those lying on a door (the tooltip keeps it). A small agent card counts its
    agents in sunglasses on a badge, as the printed card does (§10.2)."""
    kind = CARD_KINDS[card]
    sym = card_symbols_text(card)
    eff_en, eff_ja = CARD_SHORT[card] if small else CARD_EFFECTS[card]
    art = {"title_en": sym, "title_ja": "", "body_en": eff_en, "body_ja": eff_ja,
           "corner": "", "badge": "", "color": kind.color}
    if small and kind.agents:
        art.update(badge=f"×{kind.agents}", badge_icon="glasses")
    return art


def _card_tooltip(card: str) -> tuple[str, str]:
    en, ja = card_names(card)
    sym = card_symbols_text(card)
    return (f"{en}. Takes effect if the door it lies on is {sym}.",
            f"{ja}。置かれた扉が{sym}なら効果を発揮します。")


def _card(pid: str, card: str, x: float, y: float, w: float, h: float,
          state: str = "", z: float = 0.0, small: bool = False) -> Piece:
    tip_en, tip_ja = _card_tooltip(card)
    return Piece(pid, "card", x, y, art=card_art(card, small), w=w, h=h, state=state, z=z,
                 tooltip_en=tip_en, tooltip_ja=tip_ja)


def closed_door_art(door: int, mark: str, face: str | None = None) -> dict[str, Any]:
    """A closed door: the same for everyone except ``mark`` and ``face``, which only the Rich
    Man gets: the face's mark in the corner and its colour on the band (gold for the
    Treasure, red for a trap, grey for nothing), so he reads his layout at a glance.

    It prints no words under its name: the rich man's cards lie across that part of the door
    and would hide them in part; the plain brown face says "closed", the hover text too."""
    name = DOORS[door]
    return {"title_en": name, "title_ja": "", "body_en": "", "body_ja": "", "corner": mark,
            "badge": "", "color": TILE_COLORS[face] if face is not None else CLOSED_COLOR}


def open_door_art(door: int, face: str) -> dict[str, Any]:
    """An opened door, the same for everyone."""
    # The title stays as short as a closed door's, so the thief piece standing in the top
    # corner never hides it; the face is in the corner mark, the colour and the text.
    name = DOORS[door]
    en, ja = TILE_NAMES[face]
    body_en, body_ja = TILE_EFFECTS[face]
    return {"title_en": name, "title_ja": "", "body_en": f"{en}: {body_en}",
            "body_ja": f"{ja}：{body_ja}", "corner": TILE_MARKS[face], "badge": "",
            "color": TILE_COLORS[face]}




def _role(rich: bool) -> tuple[str, str]:
    return api.both(Msg("role.rich" if rich else "role.thief"), WORDS)


def _neighbour_text(door: int) -> tuple[str, str]:
    """The doors next to ``door``, in English and Japanese, for its tooltip."""
    names = [DOORS[d] for d in neighbours_of(door)]
    return "Next to " + ", ".join(names), "隣：" + "・".join(names)


class MrSneakyView(api.GameView[SneakyObs]):
    """Layout, gestures and words for Mr. Sneaky."""

    #: Guards are tokens the Thief takes; a door's tile turned by a theft sounds as a card.
    sound_of: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "guard": (api.sounds.TOKEN,),
        "steal": (api.sounds.CARD,),
        "place": (api.sounds.DEAL,),
    }

    plain_buttons = True  # an action without words of its own still gets a button

    def public_role(self, obs: SneakyObs, seat: int) -> Msg | None:
        # The roles swap every round (MS-R34) and are public: the person taking the screen is
        # told which one is theirs now.
        if int(obs["rich"]) < 0:
            return None
        return Msg("role.rich" if seat == int(obs["rich"]) else "role.thief")

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: SneakyObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        me = 0 if seat is None else seat
        self._add_player(out, obs, 1 - me, seat, top=True)
        self._add_player(out, obs, me, seat, top=False)
        self._add_house(out, obs, seat)
        self._add_guards(out, obs)
        self._add_piles(out, obs, seat)
        self._add_texts(out, obs)
        if seat is not None and seat == int(obs["rich"]) and obs["dealt"] \
                and obs["phase"] != Phase.OVER:
            # The marks are the game's own symbols; an English reader gets them decoded.
            out.texts.append(Text("secret", RIGHT_X, 690, "Marks and colours only you see:",
                                  "隅の印と色：あなただけが知る扉の中身", size=14,
                                  color="#ffd27f"))
            out.texts.append(Text("secret2", RIGHT_X, 712, "宝 Treasure · 罠 Trap · 無 Nothing",
                                  "（相手には見えません）", size=14, color="#ffd27f"))
        return out

    def _add_player(self, out: Layout, obs: SneakyObs, p: int, seat: int | None,
                    top: bool) -> None:
        y0 = 16.0 if top else 16.0 + PANEL_H + 16.0
        rich = int(obs["rich"])
        you = p == seat
        name_en = seat_name(p, WORDS)[0] + (" (you)" if you else "")
        name_ja = seat_name(p, WORDS)[1] + ("（あなた）" if you else "")
        if rich >= 0:
            name_en += " — " + _role(p == rich)[0]
            name_ja += " — " + _role(p == rich)[1]
        out.zones.append(Zone(f"player{p}", PANEL_X, y0, PANEL_W, PANEL_H, name_en, name_ja))
        jewels = int(obs["jewels"][p])
        out.texts.append(Text(f"jewels{p}", PANEL_X + 14, y0 + 30,
                              f"Jewels: {jewels} / {JEWELS_TO_WIN}",
                              f"宝石：{jewels} / {JEWELS_TO_WIN}", size=16, bold=True))
        per_row = 7
        for i in range(jewels):
            x = PANEL_X + 16 + (i % per_row) * 38
            y = y0 + 62 + (i // per_row) * 34
            out.pieces.append(Piece(f"jewel{p}_{i}", "token", x, y, w=28, h=28,
                                    art={"label": "", "color": JEWEL_COLOR},
                                    tooltip_en=f"{seat_name(p, WORDS)[0]}'s jewels: {jewels}",
                                    tooltip_ja=f"{seat_name(p, WORDS)[1]}の宝石：{jewels}個"))
        agents = [str(c) for c in obs["agents"][p]]
        total = agent_total(agents)
        ay = y0 + 170
        out.texts.append(Text(f"agents{p}", PANEL_X + 14, ay,
                              f"Agents: {total} (lose at {AGENTS_TO_LOSE})",
                              f"エージェント：{total}（{AGENTS_TO_LOSE}で負け）", size=16,
                              bold=True,
                              color="#ffb4a8" if total >= AGENTS_TO_LOSE - 1 else "#f4ecd8"))
        for i, c in enumerate(agents):
            out.pieces.append(_card(f"agent{p}_{i}", c, PANEL_X + 14 + i * 68, ay + 30, 62, 88,
                                    small=True))

    def _add_house(self, out: Layout, obs: SneakyObs, seat: int | None) -> None:
        rich = int(obs["rich"])
        sees_house = seat is not None and seat == rich
        phase = obs["phase"]
        thief_at = int(obs["thief"])
        for d, door in enumerate(obs["doors"]):
            x, y = door_rect(d)
            face = door["face"]
            nb_en, nb_ja = _neighbour_text(d)
            if door["open"]:
                art = open_door_art(d, str(face))
                en, ja = TILE_NAMES[str(face)]
                eff_en, eff_ja = TILE_EFFECTS[str(face)]
                tip_en = f"{DOORS[d]}: open — {en}. {eff_en} {nb_en}."
                tip_ja = f"{DOORS[d]}：開いた扉 — {ja}。{eff_ja}{nb_ja}。"
                state = "dim"
            else:
                # The corner mark is the Rich Man's private knowledge (MS-R10); without it the
                # art is identical for every face.
                mark = TILE_MARKS[str(face)] if sees_house and face is not None else ""
                art = closed_door_art(d, mark, str(face) if mark else None)
                if mark:
                    en, ja = TILE_NAMES[str(face)]
                    tip_en = (f"{DOORS[d]}: closed door. Only you know it is {en}. "
                              f"{nb_en}.")
                    tip_ja = f"{DOORS[d]}：閉じた扉。あなただけが知っています：{ja}。{nb_ja}。"
                else:
                    tip_en = f"{DOORS[d]}: closed door. {nb_en}."
                    tip_ja = f"{DOORS[d]}：閉じた扉。{nb_ja}。"
                state = ""
            if phase == Phase.STEAL and thief_at == d:
                state = "active"
            out.pieces.append(Piece(door_id(d), "card", x, y, art=art, w=TILE_W, h=TILE_H,
                                    state=state, z=1, tooltip_en=tip_en, tooltip_ja=tip_ja))
            for i, c in enumerate(door["cards"]):
                out.pieces.append(_card(f"card_{DOORS[d]}_{i}", str(c),
                                        x + 4 + i * (CARD_W + 2), y + CARD_TOP, CARD_W, CARD_H,
                                        z=2 + i, small=True))
        # The start card turns a quarter for every move since the last steal (MS-R20).
        cx, cy = start_centre()
        moves = int(obs["moves"])
        out.pieces.append(Piece(
            "start", "card", cx - START_W / 2, cy - START_H / 2, w=START_W, h=START_H,
            rotation=90.0 * (moves % STEAL_EVERY) if moves < STEAL_EVERY else 0.0, z=1,
            state="active" if moves >= STEAL_EVERY else "",
            art={"title_en": "Start", "title_ja": "始", "body_en": f"{moves}/{STEAL_EVERY}",
                 "body_ja": "", "corner": "", "badge": "",
                 "color": START_COLOR},
            tooltip_en=f"Start card: turned {moves} of {STEAL_EVERY} quarters since the last "
            "steal. When it completes the circle the Thief must steal.",
            tooltip_ja=f"スタートカード：前回の盗み以降{moves}/{STEAL_EVERY}回転。"
            "一周したら泥棒は盗まなければなりません。"))
        if int(obs["round"]) and obs["dealt"]:
            thief_en, thief_ja = _role(False)
            if thief_at < 0:
                tx, ty = cx + START_W / 2 + 6, cy - THIEF_SIZE / 2
            else:
                dx, dy = door_rect(thief_at)
                tx, ty = dx + TILE_W - THIEF_SIZE - 4, dy + 3
            out.pieces.append(Piece(
                "thief", "token", tx, ty, w=THIEF_SIZE, h=THIEF_SIZE, z=50,
                state="active" if phase == Phase.MOVE and seat == 1 - rich else "",
                art={"label_en": thief_en, "label_ja": thief_ja, "color": THIEF_COLOR},
                tooltip_en=f"The thief ({seat_name(1 - rich, WORDS)[0]}) on "
                f"{'the start card' if thief_at < 0 else DOORS[thief_at]}",
                tooltip_ja=f"泥棒コマ（{seat_name(1 - rich, WORDS)[1]}）"
                f"{'スタートカード' if thief_at < 0 else DOORS[thief_at]}にいます"))

    def _add_guards(self, out: Layout, obs: SneakyObs) -> None:
        guards = int(obs["guards"])
        out.zones.append(Zone(GUARDS_ZONE.id, GUARDS_ZONE.x, GUARDS_ZONE.y, GUARDS_ZONE.w,
                              GUARDS_ZONE.h, f"Thief's guards {guards}/{GUARDS_TO_CATCH}",
                              f"泥棒の警備コマ {guards}/{GUARDS_TO_CATCH}", GUARDS_ZONE.color))
        out.zones.append(SUPPLY_ZONE)
        held = 0
        free = 0
        for i in range(GUARDS_TO_CATCH):
            if i < guards:
                x, y = GUARDS_ZONE.x + 16 + held * 60, GUARDS_ZONE.y + 34
                held += 1
            else:
                x, y = SUPPLY_ZONE.x + 16 + free * 60, SUPPLY_ZONE.y + 34
                free += 1
            out.pieces.append(Piece(f"guard{i}", "token", x, y, w=44, h=44,
                                    art={"label_en": "Guard", "label_ja": "警備",
                                         "color": GUARD_COLOR},
                                    tooltip_en=f"Guard piece: the Thief holds {guards} of "
                                    f"{GUARDS_TO_CATCH}; at {GUARDS_TO_CATCH} he is caught.",
                                    tooltip_ja=f"警備コマ：泥棒は{guards}/{GUARDS_TO_CATCH}個。"
                                    f"{GUARDS_TO_CATCH}個で捕まります。"))

    def _add_piles(self, out: Layout, obs: SneakyObs, seat: int | None) -> None:
        out.zones.extend((DECK_ZONE, DISCARD_ZONE, DRAWN_ZONE))
        n = int(obs["deck_count"])
        if n:
            out.pieces.append(Piece("deck", "card", DECK_ZONE.x + 15, DECK_ZONE.y + 22,
                                    face_up=False, w=PILE_W, h=PILE_H,
                                    tooltip_en=f"The Rich Man's deck: {n} cards, order unknown "
                                    "to both players",
                                    tooltip_ja=f"富豪の山札：{n}枚（順番は誰も知りません）"))
        out.texts.append(Text("deck_count", DECK_ZONE.x + 15, DECK_ZONE.y + DECK_ZONE.h - 22,
                              api.cards_en(n), f"{n}枚", size=14))
        pile = obs["discard"]
        if pile:
            out.pieces.append(_card("discard_top", str(pile[-1]), DISCARD_ZONE.x + 15,
                                    DISCARD_ZONE.y + 22, PILE_W, PILE_H, small=True))
        out.texts.append(Text("discard_count", DISCARD_ZONE.x + 15,
                              DISCARD_ZONE.y + DISCARD_ZONE.h - 22,
                              api.cards_en(len(pile)), f"{len(pile)}枚", size=14))
        drawn = obs["drawn"]
        if drawn:
            placing = obs["phase"] == Phase.PLACE and seat == int(obs["rich"])
            out.pieces.append(_card("drawn", str(drawn), DRAWN_ZONE.x + 14, DRAWN_ZONE.y + 24,
                                    DRAWN_W, DRAWN_H, state="active" if placing else "", z=40))
            kind = CARD_KINDS[str(drawn)]
            tag_en = "Treasure card" if kind.is_treasure_card else (
                "Guard card" if kind.family == "guard" else "Agent card")
            tag_ja = "宝カード" if kind.is_treasure_card else (
                "警備カード" if kind.family == "guard" else "エージェントカード")
            out.texts.append(Text("drawn_kind", DRAWN_ZONE.x + 128, DRAWN_ZONE.y + 40,
                                  tag_en, tag_ja, size=14, bold=True))
            out.texts.append(Text("drawn_match", DRAWN_ZONE.x + 128, DRAWN_ZONE.y + 66,
                                  f"on {card_symbols_text(str(drawn))}:",
                                  f"{card_symbols_text(str(drawn))}なら：", size=14))
            eff_en, eff_ja = CARD_EFFECTS[str(drawn)]
            for i, (en, ja) in enumerate(_wrap2(eff_en, eff_ja)):
                out.texts.append(Text(f"drawn_effect{i}", DRAWN_ZONE.x + 128,
                                      DRAWN_ZONE.y + 90 + 22 * i, en, ja, size=13))

    def _add_texts(self, out: Layout, obs: SneakyObs) -> None:
        x = RIGHT_X
        rnd = int(obs["round"])
        if rnd:
            out.texts.append(Text("round", x, 408, f"Round {rnd}", f"第{rnd}ラウンド", size=18,
                                  bold=True))
        moves = int(obs["moves"])
        forced = must_steal_next(moves)
        out.texts.append(Text("moves", 340, 590, f"Moves since steal: {moves}/{STEAL_EVERY}",
                              f"盗み以降の移動：{moves}/{STEAL_EVERY}", size=14,
                              color="#ffd27f" if forced else "#f4ecd8"))
        if forced and obs["phase"] in (Phase.MOVE, Phase.PLACE) and rnd:
            out.texts.append(Text("forced", 340, 614, "Next move: must steal!",
                                  "次の移動で必ず盗む！", size=14, bold=True, color="#ffd27f"))
        nothing = int(obs["nothing"])
        out.texts.append(Text("nothing", x, 440,
                              f"Nothing doors opened: {nothing} (½ guard each)",
                              f"開いた無の扉：{nothing}枚（各½警備）", size=14))
        y = 472.0
        last = obs["last_steal"]
        if last is not None:
            face = str(last["face"])
            en, ja = TILE_NAMES[face]
            out.texts.append(Text("last_steal", x, y, f"Last steal: {last['door']} — {en}",
                                  f"直前の盗み：{last['door']} — {ja}", size=14, bold=True))
            for i, c in enumerate(last["cards"]):
                y += 22
                ok = card_matches(str(c), face)
                eff_en, eff_ja = CARD_EFFECTS[str(c)]
                sym = card_symbols_text(str(c))
                out.texts.append(Text(
                    f"last_card{i}", x + 12, y,
                    f"{sym}: {eff_en}" if ok else f"{sym}: no match, discarded",
                    f"{sym}：{eff_ja}" if ok else f"{sym}：不一致で捨て札", size=13,
                    color="#b8f5b0" if ok else "#c9c1b0"))
            y += 32
        lr = obs["last_round"]
        if lr is not None:
            w = int(lr["winner"])
            how = str(lr["how"])
            why_en = {E_TREASURE: "found the Treasure", E_GUARDS: "caught the Thief",
                      E_BLOCKED: "the card fit no door", E_NOCARDS: "no cards left"}[how]
            why_ja = {E_TREASURE: "宝を発見", E_GUARDS: "泥棒を捕まえた",
                      E_BLOCKED: "カードが置けない", E_NOCARDS: "カード切れ"}[how]
            out.texts.append(Text("last_round", x, max(y, 580.0),
                                  f"Round {lr['round']}: {seat_name(w, WORDS)[0]} +{lr['jewels']} "
                                  f"({why_en})",
                                  f"第{lr['round']}ラウンド：{seat_name(w, WORDS)[1]} 宝石+"
                                  f"{lr['jewels']}（{why_ja}）", size=14))
        if obs["phase"] == Phase.OVER:
            w = int(obs["winner"])
            out.texts.append(Text("over", x, 640, f"Game over: {seat_name(w, WORDS)[0]} wins",
                                  f"ゲーム終了：{seat_name(w, WORDS)[1]}の勝ち", size=20,
                                  bold=True))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: SneakyObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        for action in legal_actions:
            kind, _, rest = action.partition(":")
            if kind in _TO_DOOR:
                # A drag of the piece onto the door, or a click on the door.
                piece, label_en, label_ja = _TO_DOOR[kind]
                for source in (piece, None):
                    out.append(Gesture(action, source=source, target=door_id(DOORS.index(rest)),
                                       label_en=label_en.format(rest),
                                       label_ja=label_ja.format(rest)))
            elif action == "steal":
                out.append(Gesture(action, target=door_id(int(obs["thief"])),
                                   label_en="Steal", label_ja="盗む"))
                out.append(Gesture(action, label_en="Steal", label_ja="盗む", shortcut="S"))
            elif action == "pass":
                out.append(Gesture(action, label_en="Do nothing", label_ja="何もしない",
                                   shortcut="N"))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: SneakyObs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = obs["phase"]
        rich = int(obs["rich"])
        thief = 1 - rich
        to_move = int(obs["to_move"])
        fixed = self._fixed_piece(source)
        if fixed is not None:
            return fixed
        if to_move != seat:
            return self._waiting(obs, to_move)
        opened = [bool(d["open"]) for d in obs["doors"]]
        pos = int(obs["thief"])
        moves = int(obs["moves"])
        door = _door_of(target) if target is not None else _door_of(source)
        if source == "thief":
            if seat != thief:
                return Msg("table.thief_only")
            if phase == Phase.STEAL:
                return Msg("refuse.steal_first")
            if target is None:
                return Msg("table.drag_thief")
            if door < 0:
                return Msg("table.thief_doors")
            return move_reason(pos, moves, opened, door) or MOVE_POSSIBLE
        if source == "drawn":
            if target is None:
                return Msg("table.drag_card")
            if door < 0:
                return Msg("table.card_doors")
            cards = [[str(c) for c in d["cards"]] for d in obs["doors"]]
            return place_reason(place_problem(opened, cards, str(obs["drawn"]), door),
                                door) or MOVE_POSSIBLE
        if door >= 0 and target is None:  # a click on a door
            if phase == Phase.PLACE:
                cards = [[str(c) for c in d["cards"]] for d in obs["doors"]]
                return place_reason(place_problem(opened, cards, str(obs["drawn"]), door),
                                    door) or MOVE_POSSIBLE
            if phase == Phase.MOVE:
                return move_reason(pos, moves, opened, door) or MOVE_POSSIBLE
            if phase == Phase.STEAL:
                if door != pos:
                    return Msg("table.steal_here", door=DOORS[pos])
                return MOVE_POSSIBLE
        if source.startswith("card_"):
            return Msg("table.placed")
        return super().why_not_seated(obs, seat, source, target)

    @staticmethod
    def _fixed_piece(source: str) -> Msg | None:
        """Reasons for pieces that only the rules move, whoever's turn it is."""
        if source in ("deck", "discard_top"):
            return Msg("table.deck")
        if source == "start":
            return Msg("table.start")
        if source.startswith("guard"):
            return Msg("table.guards")
        if source.startswith("jewel"):
            return Msg("table.jewels")
        if source.startswith("agent"):
            return Msg("table.agents")
        return None

    @staticmethod
    def _waiting(obs: SneakyObs, to_move: int) -> Msg:
        if to_move < 0:
            return Msg("table.wait_shuffle")
        return Msg(_WAITING.get(obs["phase"], "table.wait_move"), seat=to_move)

    def status(self, obs: SneakyObs, seat: int | None) -> Msg | None:
        return prompt_from_obs(obs, seat)

    def series(self, obs: SneakyObs) -> list[api.Figure]:
        return api.seat_figures("series.jewels", obs["jewels"])

    def series_round(self, obs: SneakyObs) -> int | None:
        rnd = int(obs["round"])
        return rnd or None

    def summary(self, obs: SneakyObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        figures = {"seat": int(obs["winner"]), "jewels": [int(v) for v in obs["jewels"]],
                   "agents": [agent_total([str(c) for c in obs["agents"][p]]) for p in (0, 1)],
                   "rounds": int(obs["round"])}
        return Msg("summary.agents" if obs["result"] == R_AGENTS else "summary.jewels",
                   **figures)



def _door_of(piece_id: str | None) -> int:
    """The door index of a door piece id (``door_D4`` → 3), else -1."""
    if piece_id is None or not piece_id.startswith("door_"):
        return -1
    name = piece_id[5:]
    return DOORS.index(name) if name in DOORS else -1


def _wrap2(en: str, ja: str) -> list[tuple[str, str]]:
    """Split an effect text into at most two short lines for the narrow side panel.

    A line empty in one language holds a space: an empty text would fall back to the other
    language on the table."""
    en_lines = [en]
    if len(en) > 16:
        cut = en.rfind(" ", 0, 17)
        cut = cut if cut > 0 else 16
        en_lines = [en[:cut], en[cut + 1:]]
    ja_lines = ja.split(" ", 1) if " " in ja else [ja]
    n = max(len(en_lines), len(ja_lines))
    en_lines += [" "] * (n - len(en_lines))
    ja_lines += [" "] * (n - len(ja_lines))
    return list(zip(en_lines, ja_lines, strict=True))

