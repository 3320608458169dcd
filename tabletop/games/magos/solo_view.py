"""Magos solo on the table: the opponent card and its face table at the top, the wizard below.

Qt-free, like the duel view it builds on (``MagosView`` gives the gestures, the spell cards,
the dice tray and the refusal reasons). The enemy card is a large card piece; beside it its
face table is one column of six "tile" rows per HP band (``row<band>-<face>``). While the enemy
resolves its dice the row of the die just resolved is "active" and the bands not in force are
"dim", so replaying the enemy's turn node by node shows each die's effect in turn.
"""

from __future__ import annotations

from typing import Any

from tabletop.api import Figure, Layout, Meter, Msg, Piece, Text, Zone, both

from .data import (
    DRAIN,
    ENEMIES,
    FULL_HEAL,
    HEAL_SELF,
    HIT,
    MANA_HIT,
    MISS,
    SELF_HIT,
    Enemy,
    Face,
    enemy_dice_count,
)
from .model import DRAW
from .solo import ENEMY_SELF_KO, MagosSoloObs, Phase, band_label, solo_prompt_from_obs
from .spec import PATCH
from .view import (
    BOTTOM_Y,
    HEIGHT,
    HP_COLOR,
    TRAY,
    WIDTH,
    MagosView,
    add_dice,
    add_draft,
    add_meters,
    add_spell_row,
    dice_row,
)
from .words import SOLO_WORDS, effect_text, face_text, face_words

ENEMY_CARD = (40.0, 24.0, 160.0, 224.0)  # x, y, w, h
TABLE_X = 230.0
TABLE_Y = 52.0
TILE_W = 190.0
TILE_H = 28.0
TILE_STEP = 32.0
COLUMN_GAP = 14.0
PANEL_X = 880.0

# Face colours by effect, matching the spell categories of the duel where they overlap.
FACE_COLORS: dict[str, str] = {
    MISS: "#7f8c8d",
    HIT: "#b03a2e",
    MANA_HIT: "#2e5fa8",
    HEAL_SELF: "#2e8b57",
    FULL_HEAL: "#1e7045",
    SELF_HIT: "#d68910",
    DRAIN: "#7d3c98",
}


def enemy_color(enemy: Enemy) -> str:
    """The card colour by campaign stage: the later, the darker."""
    tiers = ("#4a7c59", "#8e6c2f", "#9c3d2e", "#6c3483", "#1b2631")
    return tiers[min((enemy.number - 1) // 4, len(tiers) - 1)]


def face_label(face: int, eff: Face) -> tuple[str, str]:
    """A face-table row as printed on the card, in English and Japanese: "1  2 dmg",
    "6  6 dmg, ends turn"."""
    # The rulebook marks a face that ends the turn with ⏹; a mark alone says nothing to
    # whoever has not read that page, so the row says it in words.
    en = face_words(eff.kind, eff.amount, eff.heal, "en", short=True)
    ja = face_words(eff.kind, eff.amount, eff.heal, "ja", short=True)
    if eff.ends_turn:
        return f"{face}  {en}, ends turn", f"{face}  {ja}・手番終了"
    return f"{face}  {en}", f"{face}  {ja}"


def enemy_art(enemy: Enemy, hp: int, dice_mode: str) -> dict[str, Any]:
    """Card art data for an opponent card."""
    dice_en = "Dice: patch v1.1 table." if dice_mode == PATCH else "Dice: rolled."
    dice_ja = "出目：パッチv1.1の表。" if dice_mode == PATCH else "出目：ダイスを振る。"
    return {
        "title_ja": enemy.ja,
        "title_en": enemy.en,
        "body_en": f"Opponent a-{enemy.number}. HP {hp}/{enemy.hp}. {dice_en}",
        "body_ja": f"対戦相手 a-{enemy.number}。HP {hp}/{enemy.hp}。{dice_ja}",
        "corner": str(enemy.hp),
        "badge": f"a-{enemy.number}",
        "color": enemy_color(enemy),
        "ends_turn": False,
    }


def _showing_enemy_dice(obs: MagosSoloObs) -> bool:
    """Whether the tray shows the enemy's dice: during its turn, and in the position right
    after its last die (until the wizard rolls)."""
    e = obs["enemy"]
    if obs["phase"] in (Phase.ENEMY, Phase.ENEMY_ROLL):
        return True
    return bool(e["last_face"]) and not obs["dice"]


class MagosSoloView(MagosView[MagosSoloObs]):
    """Layout, gestures and words for the solo mode."""

    over_reason = "refuse.battle_over"
    _OVER_TURN = ("Battle over", "対戦終了")

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: MagosSoloObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        phase = obs["phase"]
        e = obs["enemy"]
        enemy = ENEMIES[str(e["id"])]
        self._enemy_card(out, obs, enemy)
        self._face_table(out, obs, enemy)
        self._enemy_panel(out, obs, enemy)

        add_spell_row(out, obs, 0, BOTTOM_Y, 0, "Your spells", "あなたの呪文")
        if phase == Phase.DRAFT and obs["players"][0]["dealt"]:
            add_draft(out, obs, 0)
        elif _showing_enemy_dice(obs):
            self._enemy_dice(out, obs)
        else:
            add_dice(out, obs)
        pl = obs["players"][0]
        name_en, name_ja = "You", "あなた"
        if phase in (Phase.MAIN, Phase.CAST):
            name_en += " ◀"
            name_ja += " ◀"
        out.texts.append(Text("name0", 40, BOTTOM_Y, name_en, name_ja, size=18, bold=True))
        add_meters(out, 0, pl, 40, BOTTOM_Y + 40)
        # What to do next is the app's status line; the table only names the turn. In the
        # draft the dealt cards cover that spot, and the turn has not begun.
        if phase != Phase.DRAFT:
            turn_en, turn_ja = self._turn_text(obs)
            out.texts.append(Text("turn", 40, TRAY.y + 50, turn_en, turn_ja, size=18,
                                  bold=True))
        return out

    @staticmethod
    def _enemy_card(out: Layout, obs: MagosSoloObs, enemy: Enemy) -> None:
        e = obs["enemy"]
        x, y, w, h = ENEMY_CARD
        hp = int(e["hp"])
        state = "active" if obs["phase"] in (Phase.ENEMY, Phase.ENEMY_ROLL) else ""
        out.pieces.append(Piece(
            "enemy", "card", x, y, art=enemy_art(enemy, hp, str(obs["dice_mode"])),
            state=state, w=w, h=h,
            tooltip_en=f"{enemy.en} (a-{enemy.number}): HP {hp}/{enemy.hp}",
            tooltip_ja=f"{enemy.ja}（a-{enemy.number}）：HP {hp}/{enemy.hp}"))
        out.meters.append(Meter("enemy_hp", x, y + h + 14, 220, "HP", "HP", hp,
                                int(e["max_hp"]), enemy.hp, HP_COLOR))

    @staticmethod
    def _face_table(out: Layout, obs: MagosSoloObs, enemy: Enemy) -> None:
        e = obs["enemy"]
        last = int(e["last_face"])
        # The band used for the enemy's dice: locked at the start of its turn (MG-R56.1);
        # between turns, the band its current HP would lock.
        in_force = int(e["last_band"]) if last else int(e["band"])
        # Printed order: the band for the highest HP first.
        order = sorted(range(len(enemy.bands)), key=lambda i: -enemy.bands[i].lo)
        for col, b in enumerate(order):
            x = TABLE_X + col * (TILE_W + COLUMN_GAP)
            band = band_label(enemy, b)
            label_en, label_ja = both(band, SOLO_WORDS) if band else ("Faces", "出目")
            out.texts.append(Text(f"band{b}", x, TABLE_Y - 28, label_en, label_ja, size=14,
                                  bold=b == in_force))
            for face in range(1, 7):
                eff = enemy.bands[b].faces[face - 1]
                row_en, row_ja = face_label(face, eff)
                if b != in_force:
                    state = "dim"
                elif face == last:
                    state = "active"
                else:
                    state = ""
                out.pieces.append(Piece(
                    f"row{b}-{face}", "tile", x, TABLE_Y + (face - 1) * TILE_STEP,
                    art={"label_en": row_en, "label_ja": row_ja,
                         "face": face, "ends_turn": eff.ends_turn,
                         "color": FACE_COLORS[eff.kind]},
                    state=state, w=TILE_W, h=TILE_H,
                    tooltip_en=f"{face}: {face_text(eff, 'en')}",
                    tooltip_ja=f"{face}：{face_text(eff, 'ja')}"))

    @staticmethod
    def _enemy_panel(out: Layout, obs: MagosSoloObs, enemy: Enemy) -> None:
        e = obs["enemy"]
        mine = obs["phase"] in (Phase.ENEMY, Phase.ENEMY_ROLL)
        mark = " ◀" if mine else ""
        out.texts.append(Text("enemy_name", PANEL_X, 24, enemy.en + mark, enemy.ja + mark,
                              size=18, bold=True))
        n = int(e["turns"])
        # On the player's turn the count is of the enemy's turns already over: "Enemy turn 0"
        # before its first would read as a turn under way.
        if mine:
            en, ja = f"Enemy turn {n}", f"敵の{n}ターン目"
        elif n == 0:
            en, ja = "The enemy has not moved yet", "敵はまだ動いていません"
        else:
            en, ja = f"Enemy turns played: {n}", f"敵の手番：{n}回終了"
        out.texts.append(Text("enemy_turn", PANEL_X, 58, en, ja, size=14))
        nxt = e["next_faces"]
        if nxt is not None:
            # Listed, not joined by dashes: "1-6" reads as "one to six".
            en = f"Next enemy dice (patch v1.1): {', '.join(map(str, nxt))}"
            ja = f"次の敵の出目（パッチv1.1）：{'・'.join(map(str, nxt))}"
        else:
            count = enemy_dice_count(n + 1)
            en = f"Next enemy turn: {count} rolled dice"
            ja = f"次の敵の手番：ダイス{count}個を振る"
        out.texts.append(Text("next_dice", PANEL_X, 86, en, ja, size=14))
        for i, st in enumerate(e["steps"]):
            healed = int(st["healed"])
            tail_en = " (turn ends)" if st["ends_turn"] else ""
            tail_ja = "（手番終了）" if st["ends_turn"] else ""
            out.texts.append(Text(
                f"step{i}", PANEL_X, 118 + i * 24,
                f"{st['face']} → {effect_text(st['effect'], st['amount'], healed, 'en')}"
                + tail_en,
                f"{st['face']} → {effect_text(st['effect'], st['amount'], healed, 'ja')}"
                + tail_ja, size=13))

    @staticmethod
    def _enemy_dice(out: Layout, obs: MagosSoloObs) -> None:
        e = obs["enemy"]
        tray = Zone(TRAY.id, TRAY.x, TRAY.y, TRAY.w, TRAY.h, "Enemy dice", "敵のダイス",
                    TRAY.color)
        out.zones.append(tray)
        faces: list[int] = list(e["faces"])
        done = int(e["resolved"])
        x0, step, y = dice_row(tray, len(faces))
        for i, v in enumerate(faces):
            if i == done - 1:
                state = "active"
            elif i < done - 1:
                state = "used"
            elif obs["phase"] != Phase.ENEMY:
                state = "dim"  # ignored after an ends-turn face or a knock-out
            else:
                state = ""
            out.pieces.append(Piece(f"enemy_die{i}", "die", x0 + i * step, y,
                                    art={"value": v, "color": "#5b2c2c"}, state=state))

    @staticmethod
    def _playing_turn_text(obs: MagosSoloObs) -> tuple[str, str]:
        e = obs["enemy"]
        if obs["phase"] in (Phase.ENEMY, Phase.ENEMY_ROLL):
            n = int(e["turns"])
            return f"Turn {n} — {e['name_en']}", f"{e['name_ja']}の{n}ターン目"
        n = int(obs["players"][0]["turns"])
        return f"Turn {n} — you", f"あなたの{n}ターン目"

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: MagosSoloObs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = obs["phase"]
        enemy = str(obs["enemy"]["id"])
        if source == "enemy" or source.startswith("row"):
            return Msg("table.enemy_card", enemy=enemy)
        if source.startswith("enemy_die"):
            return Msg("table.enemy_dice", enemy=enemy)
        if phase in (Phase.ENEMY, Phase.ENEMY_ROLL):
            return Msg("refuse.enemy_turn", enemy=enemy)
        if source.startswith("die") and target == "enemy":
            return Msg("table.not_on_enemy")
        return super().why_not_seated(obs, seat, source, target)

    def status(self, obs: MagosSoloObs, seat: int | None) -> Msg:
        return solo_prompt_from_obs(obs, seat)

    def series(self, obs: MagosSoloObs) -> list[Figure]:
        e = obs["enemy"]
        pl = obs["players"][0]
        return [
            (Msg("series.hp"), float(pl["hp"])),
            (Msg("series.mana"), float(pl["mana"])),
            (Msg("series.enemy_hp", enemy=str(e["id"])), float(e["hp"])),
        ]

    def summary(self, obs: MagosSoloObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        e = obs["enemy"]
        pl = obs["players"][0]
        figures = {"enemy": str(e["id"]), "hp": int(pl["hp"]), "ehp": int(e["hp"])}
        w = int(obs["winner"])
        result = str(obs["result"])
        if w == DRAW:
            return Msg("summary.solo_draw", turns=int(obs["turn_limit"]), **figures)
        if w == 0:
            return Msg("summary.victory", turns=int(pl["turns"]), max_hp=int(pl["max_hp"]),
                       self_ko=result == ENEMY_SELF_KO, **figures)
        if result == "self_ko":
            return Msg("summary.self_defeat", **figures)
        return Msg("summary.defeat", turn=int(e["turns"]), **figures)
