"""Magos on the table: where spells, dice and meters go, and how a drag becomes an action.

Qt-free: the generic table draws the ``Layout`` and turns gestures into actions. The viewing
seat's spells sit at the bottom, the opponent's at the top (face down until revealed), the
dice tray in the middle. Casting is "drag a die onto a spell"; the reasons a drop is refused
come from the rules model (``die_reason_from_obs``), so the table and the engine always agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from tabletop import api
from tabletop.api import DIE_SIZE, MOVE_POSSIBLE, Gesture, Layout, Msg, Piece, Zone, seat_name

from .data import HAND_SIZE, SPELLS, START_HP, START_MAX_MANA
from .model import DRAW, MagosObs, Phase, die_reason_from_obs, prompt_from_obs
from .words import WORDS

WIDTH = 1280.0
HEIGHT = 800.0
GAP = 20.0
# Spell cards are drawn larger than the table's default card so that the effect text stays
# readable at 1280x800; the row sits right of the HP/mana meters.
SPELL_W = 150.0
SPELL_H = SPELL_W * api.CARD_H / api.CARD_W
TOP_Y = 36.0
BOTTOM_Y = HEIGHT - SPELL_H - 36.0
ROW_X = 300.0
DRAFT_W = 108.0
DRAFT_H = DRAFT_W * api.CARD_H / api.CARD_W
DRAFT_GAP = 10.0
TRAY = Zone("tray", 515.0, 330.0, 400.0, 140.0, "Dice", "ダイス", "#2c3e50")
HP_COLOR = "#c0392b"
MANA_COLOR = "#2e5fa8"


#: Spell texts short enough to read on a card at a laptop's size: the table prints a spell's
#: brief where its whole text would be set small (the hover text and the large view give the
#: whole, which is the rule). Only the spells whose whole text is long have one.
BRIEFS: dict[str, tuple[str, str]] = {
    "fireball": ("Pay one die in mana; deal the other as damage.",
                 "1つの目だけマナを払い、もう1つの目だけダメージ。"),
    "vitality": ("Max mana − the die for good; heal 2; refill mana.",
                 "最大マナ−目（戻らない）。HP2回復、マナを最大まで。"),
    "revival": ("Pay X ≥ 1 mana: heal X. Max mana −1 for good.",
                "Xマナ（X≥1）払いX回復。最大マナ−1（戻らない）。"),
    "inspiration": ("Refill mana, then pay mana equal to the die.",
                    "マナを最大まで回復し、目の数だけ払う。"),
    "full_recovery": ("Pay both dice in mana: heal to full. Max mana −2.",
                      "目の合計のマナで全回復。最大マナ−2。"),
    "purgatory": ("Take one die as damage; deal the other.",
                  "1つの目だけ自分に、もう1つの目だけ相手にダメージ。"),
    "healing": ("Pay the die in mana: heal 4. Max mana −1.", "目の数のマナで4回復。最大マナ−1。"),
    "sacrifice": ("Max HP −2 for good; heal the die.", "最大HP−2（戻らない）。目の数だけ回復。"),
    "wrath": ("Deal 1; 4 if the die is above your HP.", "1ダメージ。目が自分のHPより大きければ4。"),
    "will_o_wisp": ("Pay 3 mana: deal one die as damage.", "3マナ：1つの目の数だけダメージ。"),
    "fresh_blood": ("Max HP −4 for good; heal to full.", "最大HP−4（戻らない）。全回復。"),
    "zeal": ("Take the die as damage; refill mana.", "目の数だけ自分にダメージ。マナを最大まで。"),
    "resonance": ("Pay X ≥ 1 mana: deal X damage.", "Xマナ（X≥1）払いXダメージ。"),
    "flame_slash": ("Pay 8 mana: deal one die + 4.", "8マナ：1つの目+4のダメージ。"),
    "harmony": ("Gain mana equal to the die.", "目の数だけマナを得る。"),
}


def spell_art(spell: str) -> dict[str, Any]:
    """Card art data for a face-up spell."""
    sp = SPELLS[spell]
    cost_en = "" if sp.cost_en == "–" else f"Cost: {sp.cost_en}. "
    cost_ja = "" if sp.cost_ja == "なし" else f"コスト：{sp.cost_ja}。"
    brief_en, brief_ja = BRIEFS.get(spell, ("", ""))
    return {
        "title_ja": sp.ja,
        "title_en": sp.en,
        "body_ja": cost_ja + sp.effect_ja,
        "body_en": cost_en + sp.effect_en,
        "brief_ja": brief_ja,
        "brief_en": brief_en,
        "corner": sp.corner,
        "badge": sp.badge,
        # A pair is a word on the card: in the player's language.
        **({"badge_ja": "ゾロ目", "badge_en": sp.badge} if sp.pair else {}),
        "badge_icon": "die",
        "color": sp.color,
        "ends_turn": sp.ends_turn,
    }


def _bottom_seat(seat: int | None) -> int:
    return 0 if seat is None else seat


def _kept_dealt(obs: MObs, seat: int) -> list[bool]:
    """Which of ``seat``'s dealt cards are kept (kept spells matched to the first copies)."""
    me = obs["players"][seat]
    dealt: list[str] = list(me["dealt"] or [])
    kept = [False] * len(dealt)
    for h in me["hand"]:
        for i, sp in enumerate(dealt):
            if sp == h["spell"] and not kept[i]:
                kept[i] = True
                break
    return kept


def _die_label(spell: str, value: int) -> tuple[str, str]:
    """The choice "Fireball with a 4" where one die may go on several spells."""
    return api.both(Msg("choice.die", spell=spell, value=value), WORDS)


def add_spell_row(out: Layout, obs: MObs, p: int, y: float, seat: int | None,
                  label_en: str, label_ja: str) -> None:
    """Seat ``p``'s five spells in a row at height ``y``: face down while hidden from
    ``seat``, "active" while being cast, "used" once cast this turn."""
    phase = obs["phase"]
    casting = obs["casting"]
    casting_slot = casting["slot"] if casting else None
    done = set(obs["cast_done"])
    active = int(obs["active"])
    out.zones.append(Zone(f"row{p}", ROW_X - 10, y - 10,
                          HAND_SIZE * SPELL_W + (HAND_SIZE - 1) * GAP + 20, SPELL_H + 20,
                          label_en, label_ja))
    for i, h in enumerate(obs["players"][p]["hand"]):
        x = ROW_X + i * (SPELL_W + GAP)
        spell = h["spell"]
        if spell is None or (p != seat and not h["revealed"] and h["slot"] != casting_slot):
            out.pieces.append(Piece(h["slot"], "card", x, y, face_up=False,
                                    w=SPELL_W, h=SPELL_H, tooltip_en="A hidden spell",
                                    tooltip_ja="伏せられた呪文"))
            continue
        state = ""
        if h["slot"] == casting_slot:
            state = "active"
        elif p == active and spell in done and phase in (Phase.MAIN, Phase.CAST):
            state = "used"
        sp = SPELLS[spell]
        out.pieces.append(Piece(
            h["slot"], "card", x, y, art=spell_art(spell), state=state, w=SPELL_W, h=SPELL_H,
            tooltip_en=f"{sp.en}: {sp.effect_en}", tooltip_ja=f"{sp.ja}：{sp.effect_ja}"))


def add_draft(out: Layout, obs: MObs, seat: int) -> None:
    """``seat``'s dealt cards across the middle of the table, the kept ones selected."""
    dealt = obs["players"][seat]["dealt"] or []  # a seat sees its own dealt cards
    kept = _kept_dealt(obs, seat)
    n = len(dealt)
    x0 = (WIDTH - (n * DRAFT_W + (n - 1) * DRAFT_GAP)) / 2
    y = (HEIGHT - DRAFT_H) / 2
    out.zones.append(Zone("draft", x0 - 10, y - 10,
                          n * DRAFT_W + (n - 1) * DRAFT_GAP + 20, DRAFT_H + 20,
                          "Your cards: click five to keep",
                          "配られたカード：5枚クリックして残す"))
    for i, spell in enumerate(dealt):
        sp = SPELLS[spell]
        out.pieces.append(Piece(
            f"deal{i}", "card", x0 + i * (DRAFT_W + DRAFT_GAP), y, art=spell_art(spell),
            state="selected" if kept[i] else "", w=DRAFT_W, h=DRAFT_H,
            tooltip_en=f"{sp.en}: {sp.effect_en}", tooltip_ja=f"{sp.ja}：{sp.effect_ja}"))


def dice_row(tray: Zone, n: int) -> tuple[float, float, float]:
    """Where ``n`` dice sit in ``tray``: the first die's x, the step between dice, and y."""
    step = DIE_SIZE + 24
    x0 = tray.x + (tray.w - (n * DIE_SIZE + (n - 1) * 24)) / 2
    y = tray.y + (tray.h - DIE_SIZE) / 2
    return x0, step, y


def add_dice(out: Layout, obs: MObs, tray: Zone = TRAY) -> None:
    """The dice tray with the turn's dice, used ones marked."""
    out.zones.append(tray)
    dice = obs["dice"]
    used = obs["used"]
    x0, step, y = dice_row(tray, len(dice))
    for i, v in enumerate(dice):
        out.pieces.append(Piece(f"die{i}", "die", x0 + i * step, y, art={"value": v},
                                state="used" if used[i] else ""))


def add_meters(out: Layout, p: int, pl: Mapping[str, Any], x: float, y: float) -> None:
    """HP and mana meters of one wizard."""
    out.meters.append(api.Meter(f"hp{p}", x, y, 220, "HP", "HP", int(pl["hp"]),
                            int(pl["max_hp"]), START_HP, HP_COLOR))
    out.meters.append(api.Meter(f"mana{p}", x, y + 40, 220, "Mana", "マナ", int(pl["mana"]),
                            int(pl["max_mana"]), START_MAX_MANA, MANA_COLOR))


#: The observation a Magos view reads: the duel's, or the solo game's (which adds the enemy).
MObs = TypeVar("MObs", bound=MagosObs)


class MagosView(api.GameView[MObs]):
    """Layout, gestures and words for Magos."""

    plain_buttons = True  # an action without words of its own still gets a button

    over_reason = "refuse.over"
    #: The turn counter once the game is over.
    _OVER_TURN: tuple[str, str] = ("Game over", "ゲーム終了")

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: MObs, seat: int | None) -> Layout:
        me = _bottom_seat(seat)
        opp = 1 - me
        out = Layout(WIDTH, HEIGHT)
        phase = obs["phase"]
        active = int(obs["active"])
        for p, y in ((opp, TOP_Y), (me, BOTTOM_Y)):
            add_spell_row(out, obs, p, y, seat, f"{seat_name(p, WORDS)[0]}'s spells",
                          f"{seat_name(p, WORDS)[1]}の呪文")
        if phase == Phase.DRAFT and seat is not None and obs["players"][seat]["dealt"]:
            add_draft(out, obs, seat)
        else:
            add_dice(out, obs)
        for p, y in ((opp, TOP_Y), (me, BOTTOM_Y)):
            pl = obs["players"][p]
            you = p == seat
            name_en = seat_name(p, WORDS)[0] + (" (you)" if you else "")
            name_ja = seat_name(p, WORDS)[1] + ("（あなた）" if you else "")
            if phase in (Phase.MAIN, Phase.CAST) and p == active:
                name_en += " ◀"
                name_ja += " ◀"
            out.texts.append(api.Text(f"name{p}", 40, y, name_en, name_ja, size=18, bold=True))
            add_meters(out, p, pl, 40, y + 40)
        # What to do next is the app's status line; the table only names the turn.
        if phase != Phase.DRAFT:
            turn_en, turn_ja = self._turn_text(obs)
            out.texts.append(api.Text("turn", 40, TRAY.y + 50, turn_en, turn_ja, size=18,
                                  bold=True))
        return out

    def _turn_text(self, obs: MObs) -> tuple[str, str]:
        """Whose turn it is, for the table (English, Japanese)."""
        phase = obs["phase"]
        if phase == Phase.DRAFT:
            return "Draft", "ドラフト"
        if phase == Phase.OVER:
            return self._OVER_TURN
        return self._playing_turn_text(obs)

    @staticmethod
    def _playing_turn_text(obs: MObs) -> tuple[str, str]:
        active = int(obs["active"])
        if active < 0:
            return "", ""
        n = int(obs["players"][active]["turns"])
        return (f"Turn {n} — {seat_name(active, WORDS)[0]}",
                f"{seat_name(active, WORDS)[1]}の{n}ターン目")

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: MObs, seat: int, legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        me = obs["players"][seat]
        slots: dict[str, list[str]] = {}
        for h in me["hand"]:
            if h["spell"] is not None:
                slots.setdefault(h["spell"], []).append(h["slot"])
        dice: list[int] = obs["dice"]
        used: list[bool] = obs["used"]
        free = [i for i, u in enumerate(used) if not u]
        casting = obs["casting"]
        for action in legal_actions:
            kind, _, rest = action.partition(":")
            if kind == "cast":
                spell, _, v = rest.partition(":")
                value = int(v)
                sp = SPELLS[spell]
                for i in free:
                    if dice[i] != value:
                        continue
                    for slot in slots.get(spell, []):
                        out.append(Gesture(
                            action, source=f"die{i}", target=slot,
                            label_en=f"Cast {sp.en} with a {value}",
                            label_ja=f"{sp.ja}に{value}を置く",
                            choice_en=_die_label(spell, value)[0],
                            choice_ja=_die_label(spell, value)[1]))
            elif kind == "die" and casting is not None:
                value = int(rest)
                sp = SPELLS[str(casting["spell"])]
                for i in free:
                    if dice[i] == value:
                        out.append(Gesture(
                            action, source=f"die{i}", target=str(casting["slot"]),
                            label_en=f"Put a {value} on {sp.en}",
                            label_ja=f"{sp.ja}に{value}を置く"))
            elif kind == "x":
                n = int(rest)
                label_en, label_ja = f"X = {n}", f"X = {n}"
                if casting is not None and casting["spell"] == "doomsday" and n >= me["hp"]:
                    label_en += " (you lose!)"
                    label_ja += "（自分が倒れて負け！）"
                out.append(Gesture(action, label_en=label_en, label_ja=label_ja))
            elif kind == "fire":
                out.append(Gesture(action, label_en="Fire", label_ja="発動"))
            elif kind == "end":
                out.append(Gesture(action, label_en="End turn", label_ja="手番終了",
                                   shortcut="E"))
            elif kind == "keep":
                kept = _kept_dealt(obs, seat)
                sp = SPELLS[rest]
                for i, spell in enumerate(me["dealt"] or []):
                    if spell == rest and not kept[i]:
                        out.append(Gesture(action, target=f"deal{i}",
                                           label_en=f"Keep {sp.en}", label_ja=f"{sp.ja}を残す"))
        return out

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: MObs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = obs["phase"]
        if source.startswith("die"):
            index = int(source[3:])
            if phase not in (Phase.MAIN, Phase.CAST) or seat != int(obs["active"]):
                return die_reason_from_obs(obs, seat, None, index) or MOVE_POSSIBLE
            if target is None or target in ("tray", f"row{seat}"):
                return Msg("table.drag_die")
            owner_spell = self._own_spell(obs, seat, target)
            if owner_spell is None:
                return Msg("table.own_spells")
            casting = obs["casting"]
            if casting is not None and target == casting["slot"]:
                return die_reason_from_obs(obs, seat, None, index) or MOVE_POSSIBLE
            return die_reason_from_obs(obs, seat, owner_spell, index) or MOVE_POSSIBLE
        if source.startswith("deal"):
            if phase != Phase.DRAFT:
                return Msg("refuse.draft_over")
            drafting = self._drafting(obs)
            if drafting != seat:
                return Msg("prompt.choosing", seat=drafting)
            index = int(source[4:])
            if _kept_dealt(obs, seat)[index]:
                return Msg("table.kept")
            return MOVE_POSSIBLE
        if self._own_spell(obs, seat, source) is not None:
            return Msg("table.cast_here")
        if source.startswith(f"p{1 - seat}s"):
            return Msg("table.opponents_spell")
        return super().why_not_seated(obs, seat, source, target)

    @staticmethod
    def _own_spell(obs: MObs, seat: int, piece: str) -> str | None:
        for h in obs["players"][seat]["hand"]:
            if h["slot"] == piece:
                return str(h["spell"]) if h["spell"] is not None else None
        return None

    @staticmethod
    def _drafting(obs: MObs) -> int:
        first = int(obs["first"])
        kept = len(obs["players"][first]["hand"])
        return first if kept < HAND_SIZE else 1 - first

    def status(self, obs: MObs, seat: int | None) -> Msg:
        return prompt_from_obs(obs, seat)

    def series(self, obs: MObs) -> list[api.Figure]:
        out: list[api.Figure] = []
        for p in (0, 1):
            pl = obs["players"][p]
            out.append((Msg("series.player_hp", seat=p), float(pl["hp"])))
            out.append((Msg("series.player_mana", seat=p), float(pl["mana"])))
        return out

    def series_colours(self) -> list[tuple[Msg, str]]:
        # As the meters on the table: HP red, mana blue (each player's own dash).
        return [(Msg("series.hp_word"), HP_COLOR), (Msg("series.mana_word"), MANA_COLOR)]

    def series_round(self, obs: MObs) -> int | None:
        # One point per round of turns (the draft is round 0): a chart over single actions
        # said little, a cast being three or four of them.
        if obs["phase"] == Phase.DRAFT:
            return 0
        return max(int(pl["turns"]) for pl in obs["players"])

    def summary(self, obs: MObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        w = int(obs["winner"])
        hp = [int(p["hp"]) for p in obs["players"]]
        if w == DRAW:
            return Msg("summary.draw", turns=int(obs["turn_limit"]), hp0=hp[0], hp1=hp[1])
        code = "summary.self_ko" if obs["result"] == "self_ko" else "summary.won"
        return Msg(code, seat=w, loser=1 - w, hp0=hp[0], hp1=hp[1])
