"""Magos solo on the table: the opponent card and its face table at the top, the wizard below.

Qt-free, like the duel view it builds on (``MagosView`` gives the gestures, the spell cards,
the dice tray and the refusal reasons). The enemy card is a large card piece; beside it its
face table is one column of six "tile" rows per HP band (``row<band>-<face>``). While the enemy
resolves its dice the row of the die just resolved is "active" and the bands not in force are
"dim", so replaying the enemy's turn node by node shows each die's effect in turn.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.game import words as _msg
from tabletop.engine.layout import Layout, Meter, Piece, Text, Zone
from tabletop.engine.messages import Msg

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
    face_words,
)
from .model import DRAW, P_CAST, P_DRAFT, P_MAIN, P_OVER
from .solo import (
    BATTLE_OVER,
    ENEMY_SELF_KO,
    P_ENEMY,
    P_ENEMY_ROLL,
    band_label,
    effect_text,
    solo_prompt_from_obs,
)
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


def face_label(face: int, eff: Face, lang: str) -> str:
    """A face-table row as printed on the card: "1  2 dmg", "6  6 dmg ■" (ends the turn)."""
    text = face_words(eff.kind, eff.amount, eff.heal, lang, short=True)
    if eff.ends_turn:
        text += " ■"  # the rulebook's ⏹; ■ is in every table font, as on the spell cards
    return f"{face}  {text}"


def enemy_art(enemy: Enemy, hp: int, dice_mode: str) -> dict[str, Any]:
    """Card art data for an opponent card."""
    dice_en = "Dice: patch v1.1 table." if dice_mode == PATCH else "Dice: rolled."
    dice_ja = "出目:パッチv1.1の表。" if dice_mode == PATCH else "出目:ダイスを振る。"
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


def _showing_enemy_dice(obs: dict[str, Any]) -> bool:
    """Whether the tray shows the enemy's dice: during its turn, and in the position right
    after its last die (until the wizard rolls)."""
    e = obs["enemy"]
    if obs["phase"] in (P_ENEMY, P_ENEMY_ROLL):
        return True
    return bool(e["last_face"]) and not obs["dice"]


class MagosSoloView(MagosView):
    """Layout, gestures and words for the solo mode."""

    _OVER = BATTLE_OVER
    _OVER_TURN = ("Battle over", "対戦終了")

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: dict[str, Any], seat: int | None, lang: str) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        phase = obs["phase"]
        e = obs["enemy"]
        enemy = ENEMIES[str(e["id"])]
        self._enemy_card(out, obs, enemy)
        self._face_table(out, obs, enemy, lang)
        self._enemy_panel(out, obs, enemy)

        add_spell_row(out, obs, 0, BOTTOM_Y, 0, "Your spells", "あなたの呪文")
        if phase == P_DRAFT and obs["players"][0]["dealt"]:
            add_draft(out, obs, 0)
        elif _showing_enemy_dice(obs):
            self._enemy_dice(out, obs)
        else:
            add_dice(out, obs)
        pl = obs["players"][0]
        name_en, name_ja = "You", "あなた"
        if phase in (P_MAIN, P_CAST):
            name_en += " ◀"
            name_ja += " ◀"
        out.texts.append(Text("name0", 40, BOTTOM_Y, name_en, name_ja, size=18, bold=True))
        add_meters(out, 0, pl, 40, BOTTOM_Y + 40)
        # What to do next is the app's status line; the table only names the turn.
        turn_en, turn_ja = self._turn_text(obs)
        out.texts.append(Text("turn", 40, TRAY.y + 50, turn_en, turn_ja, size=18, bold=True))
        return out

    @staticmethod
    def _enemy_card(out: Layout, obs: dict[str, Any], enemy: Enemy) -> None:
        e = obs["enemy"]
        x, y, w, h = ENEMY_CARD
        hp = int(e["hp"])
        state = "active" if obs["phase"] in (P_ENEMY, P_ENEMY_ROLL) else ""
        out.pieces.append(Piece(
            "enemy", "card", x, y, art=enemy_art(enemy, hp, str(obs["dice_mode"])),
            state=state, w=w, h=h,
            tooltip_en=f"{enemy.en} (a-{enemy.number}): HP {hp}/{enemy.hp}",
            tooltip_ja=f"{enemy.ja}(a-{enemy.number}):HP {hp}/{enemy.hp}"))
        out.meters.append(Meter("enemy_hp", x, y + h + 14, 220, "HP", "HP", hp,
                                int(e["max_hp"]), enemy.hp, HP_COLOR))

    @staticmethod
    def _face_table(out: Layout, obs: dict[str, Any], enemy: Enemy, lang: str) -> None:
        e = obs["enemy"]
        last = int(e["last_face"])
        # The band used for the enemy's dice: locked at the start of its turn (MG-R56.1);
        # between turns, the band its current HP would lock.
        in_force = int(e["last_band"]) if last else int(e["band"])
        # Printed order: the band for the highest HP first.
        order = sorted(range(len(enemy.bands)), key=lambda i: -enemy.bands[i].lo)
        for col, b in enumerate(order):
            x = TABLE_X + col * (TILE_W + COLUMN_GAP)
            label_en = band_label(enemy, b, "en") or "Faces"
            label_ja = band_label(enemy, b, "ja") or "出目"
            out.texts.append(Text(f"band{b}", x, TABLE_Y - 28, label_en, label_ja, size=14,
                                  bold=b == in_force))
            for face in range(1, 7):
                eff = enemy.bands[b].faces[face - 1]
                if b != in_force:
                    state = "dim"
                elif face == last:
                    state = "active"
                else:
                    state = ""
                out.pieces.append(Piece(
                    f"row{b}-{face}", "tile", x, TABLE_Y + (face - 1) * TILE_STEP,
                    art={"label": face_label(face, eff, lang),
                         "label_en": face_label(face, eff, "en"),
                         "label_ja": face_label(face, eff, "ja"),
                         "face": face, "ends_turn": eff.ends_turn,
                         "color": FACE_COLORS[eff.kind]},
                    state=state, w=TILE_W, h=TILE_H,
                    tooltip_en=f"{face}: {eff.text('en')}", tooltip_ja=f"{face}:{eff.text('ja')}"))

    @staticmethod
    def _enemy_panel(out: Layout, obs: dict[str, Any], enemy: Enemy) -> None:
        e = obs["enemy"]
        mine = obs["phase"] in (P_ENEMY, P_ENEMY_ROLL)
        mark = " ◀" if mine else ""
        out.texts.append(Text("enemy_name", PANEL_X, 24, enemy.en + mark, enemy.ja + mark,
                              size=18, bold=True))
        n = int(e["turns"])
        out.texts.append(Text("enemy_turn", PANEL_X, 58, f"Enemy turn {n}",
                              f"敵の{n}ターン目", size=14))
        nxt = e["next_faces"]
        if nxt is not None:
            shown = "-".join(map(str, nxt))
            en = f"Next enemy dice (patch v1.1): {shown}"
            ja = f"次の敵の出目(パッチv1.1):{shown}"
        else:
            count = enemy_dice_count(n + 1)
            en = f"Next enemy turn: {count} rolled dice"
            ja = f"次の敵の手番:ダイス{count}個を振る"
        out.texts.append(Text("next_dice", PANEL_X, 86, en, ja, size=14))
        for i, st in enumerate(e["steps"]):
            healed = int(st["healed"])
            tail_en = " (turn ends)" if st["ends_turn"] else ""
            tail_ja = "(手番終了)" if st["ends_turn"] else ""
            out.texts.append(Text(
                f"step{i}", PANEL_X, 118 + i * 24,
                f"{st['face']} → {effect_text(st['effect'], st['amount'], healed, 'en')}"
                + tail_en,
                f"{st['face']} → {effect_text(st['effect'], st['amount'], healed, 'ja')}"
                + tail_ja, size=13))

    @staticmethod
    def _enemy_dice(out: Layout, obs: dict[str, Any]) -> None:
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
            elif obs["phase"] != P_ENEMY:
                state = "dim"  # ignored after an ends-turn face or a knock-out
            else:
                state = ""
            out.pieces.append(Piece(f"enemy_die{i}", "die", x0 + i * step, y,
                                    art={"value": v, "color": "#5b2c2c"}, state=state))

    @staticmethod
    def _playing_turn_text(obs: dict[str, Any]) -> tuple[str, str]:
        e = obs["enemy"]
        if obs["phase"] in (P_ENEMY, P_ENEMY_ROLL):
            n = int(e["turns"])
            return f"Turn {n} — {e['name_en']}", f"{e['name_ja']}の{n}ターン目"
        n = int(obs["players"][0]["turns"])
        return f"Turn {n} — you", f"あなたの{n}ターン目"

    # -- words ----------------------------------------------------------------------------
    def _why_not_seated(self, obs: dict[str, Any], seat: int, source: str,
                        target: str | None, lang: str) -> Msg | str:
        phase = obs["phase"]
        e = obs["enemy"]
        if source == "enemy" or source.startswith("row"):
            return _msg(lang, f"That is {e['name_en']}'s card: each row says what a die "
                        "showing that face does.",
                        f"{e['name_ja']}のカードです。各段はその目が出たときの効果です。")
        if source.startswith("enemy_die"):
            return _msg(lang, f"Those are {e['name_en']}'s dice.", f"{e['name_ja']}のダイスです。")
        if phase in (P_ENEMY, P_ENEMY_ROLL):
            return _msg(lang, f"{e['name_en']} is taking its turn.", f"{e['name_ja']}の手番です。")
        if source.startswith("die") and target == "enemy":
            return _msg(lang, "Drag the die onto one of your spells; spells that deal damage "
                        "hit the enemy.",
                        "ダイスは自分の呪文にドラッグしてください。ダメージは敵に与えられます。")
        return super()._why_not_seated(obs, seat, source, target, lang)

    def status(self, obs: dict[str, Any], seat: int | None, lang: str) -> str:
        return solo_prompt_from_obs(obs, seat, lang)

    def series(self, obs: dict[str, Any], lang: str) -> dict[str, float]:
        e = obs["enemy"]
        pl = obs["players"][0]
        ja = lang == "ja"
        return {
            "HP": float(pl["hp"]),
            "マナ" if ja else "mana": float(pl["mana"]),
            f"{e['name_ja'] if ja else e['name_en']} HP": float(e["hp"]),
        }

    def summary(self, obs: dict[str, Any], lang: str) -> str:
        if obs["phase"] != P_OVER:
            return ""
        e = obs["enemy"]
        pl = obs["players"][0]
        name = e["name_ja"] if lang == "ja" else e["name_en"]
        turns = int(pl["turns"])
        hp, max_hp, ehp = int(pl["hp"]), int(pl["max_hp"]), int(e["hp"])
        w = int(obs["winner"])
        result = str(obs["result"])
        if w == DRAW:
            n = int(obs["turn_limit"])
            return _msg(lang, f"Draw: after {n} turns each, {name} still has {ehp} HP and you "
                        f"have {hp}.",
                        f"引き分け:{n}ターンずつ戦っても決着がつきませんでした"
                        f"({name} HP{ehp}、あなた HP{hp})。")
        if w == 0:
            how_en = " It knocked itself out." if result == ENEMY_SELF_KO else ""
            how_ja = "(自滅)" if result == ENEMY_SELF_KO else ""
            return _msg(lang, f"Victory! You defeated {name} on your turn {turns}.{how_en} "
                        f"Your HP: {hp}/{max_hp}.",
                        f"勝利!{turns}ターン目に{name}を倒しました{how_ja}。"
                        f"残りHP:{hp}/{max_hp}。")
        if result == "self_ko":
            return _msg(lang, f"Defeat: you knocked yourself out with your own spell; {name} "
                        f"had {ehp} HP left.",
                        f"敗北:自分の呪文で倒れました({name}の残りHP{ehp})。")
        return _msg(lang, f"Defeat: {name} brought your HP to 0 on its turn "
                    f"{int(e['turns'])}; it had {ehp} HP left.",
                    f"敗北:{name}の{int(e['turns'])}ターン目にHPが0になりました"
                    f"({name}の残りHP{ehp})。")
