"""Render the table offscreen at a given size and save a PNG, to judge the look by eye.

Uses the Magos first-game layout when the Magos view is available, else a synthetic layout
with cards, dice, tokens, zones, meters and texts.

    python scripts/table_screenshot.py [out.png] [--lang ja|en] [--size 1280x800]
        [--synthetic] [--dpr 2]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from tabletop.engine.layout import Gesture, Layout, Meter, Piece, Text, Zone

SPELLS = [
    ("harmony", "調和", "Harmony", "ダイス1個の目の数だけマナを得る", "Gain mana equal to the die.",
     "1", "", "#3d7a5a", False),
    ("fireball", "火球", "Fireball", "片方のダイスの目のマナを払い、もう片方の目のダメージ",
     "Pay one die's value in mana; deal the other die's value as damage.", "2", "d",
     "#b5412b", False),
    ("pain", "苦痛", "Pain", "2ダメージを与える", "Deal 2 damage.", "1", "", "#6c3483", False),
    ("healing", "治癒", "Healing", "HPを4回復する。最大マナ−1（永続）",
     "Heal 4 HP. Max mana −1 (permanent).", "1", "d", "#2e86c1", False),
    ("resonance", "共鳴", "Resonance", "Xマナを払い、Xダメージを与える",
     "Pay X mana; deal X damage.", "pair", "X", "#a67c00", False),
    ("tempest", "暴風", "Tempest", "8ダメージを与える", "Deal 8 damage.", "3", "5", "#34495e",
     True),
]


def synthetic_layout() -> tuple[Layout, list[Gesture]]:
    lay = Layout(1280, 800)
    lay.zones.append(Zone("opp_row", 40, 40, 1200, 200, "Opponent's spells", "相手の呪文"))
    lay.zones.append(Zone("my_row", 40, 470, 1200, 290, "Your spells", "あなたの呪文",
                          color="#f2c94c"))
    lay.zones.append(Zone("tray", 440, 300, 400, 120, "Dice", "ダイス"))
    for i in range(5):
        lay.pieces.append(Piece(f"opp{i}", "card", 140 + i * 140, 60, face_up=i == 1,
                                art=_art(SPELLS[2]) if i == 1 else {}))
    for i, spell in enumerate(SPELLS):
        lay.pieces.append(Piece(f"card_{spell[0]}", "card", 120 + i * 175, 540,
                                art=_art(spell), state="used" if i == 2 else "",
                                tooltip_en=spell[4]))
    for i, v in enumerate((1, 3, 5, 6)):
        lay.pieces.append(Piece(f"die{i}", "die", 480 + i * 85, 336, art={"value": v},
                                state="used" if i == 3 else ""))
    lay.pieces.append(Piece("turn", "token", 1140, 330, art={"label": "3", "color": "#c0392b"},
                            w=56, h=56))
    lay.meters += [
        Meter("hp0", 900, 260, 330, "HP", "HP", 12, 15, 15, "#c0392b"),
        Meter("mp0", 900, 296, 330, "Mana", "マナ", 5, 7, 8, "#2e86c1"),
        Meter("hp1", 50, 260, 330, "HP", "HP", 9, 15, 15, "#c0392b"),
        Meter("mp1", 50, 296, 330, "Mana", "マナ", 3, 8, 8, "#2e86c1"),
    ]
    lay.texts += [
        Text("me", 960, 436, "You — turn 3", "あなた — 3手番目", 20, bold=True),
        Text("opp", 900, 340, "Opponent", "相手", 20, bold=True),
    ]
    gestures = [Gesture(f"cast:harmony:{v}", f"die{i}", "card_harmony")
                for i, v in enumerate((1, 3, 5))]
    gestures.append(Gesture("end", None, "turn"))
    return lay, gestures


def _art(spell: tuple[str, str, str, str, str, str, str, str, bool]) -> dict[str, object]:
    _id, ja, en, body_ja, body_en, badge, corner, colour, ends = spell
    return {"title_ja": ja, "title_en": en, "body_ja": body_ja, "body_en": body_en,
            "badge": badge, "corner": corner, "color": colour, "ends_turn": ends}


def magos_layout(lang: str) -> tuple[Layout, list[Gesture]] | None:
    try:
        from tabletop.engine import Session
        from tabletop.games.magos.model import MagosGame
        from tabletop.games.magos.view import MagosView
    except ImportError:
        return None
    session = Session(MagosGame(), 2, {}, seed=3)
    seat = session.current_player()
    view = MagosView()
    obs = session.observation(seat)
    return (view.layout(obs, seat),
            view.gestures(obs, seat, session.legal_actions()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", nargs="?", default="table.png")
    ap.add_argument("--lang", default="ja")
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--dpr", type=float, default=1.0)
    ap.add_argument("--synthetic", action="store_true")
    ap.add_argument("--hint", default="", help="an action to show with show_hint")
    args = ap.parse_args(argv)
    if args.dpr != 1.0:
        os.environ["QT_SCALE_FACTOR"] = str(args.dpr)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from tabletop.table import TableWidget

    found = None if args.synthetic else magos_layout(args.lang)
    layout, gestures = found if found is not None else synthetic_layout()
    w, h = (int(v) for v in args.size.split("x"))
    table = TableWidget()
    table.set_language(args.lang)
    table.resize(w, h)
    table.show()
    table.sync(layout, gestures, animate=False)
    if args.hint:
        table.show_hint(args.hint)
    app.processEvents()
    image = table.grab()
    image.save(str(Path(args.out)))
    print(f"saved {args.out} ({image.width()}x{image.height()}, "
          f"dpr {image.devicePixelRatio():g}, {'magos' if found else 'synthetic'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
