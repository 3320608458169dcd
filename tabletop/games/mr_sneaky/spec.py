"""The spec of Mr. Sneaky: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from typing import Any

from tabletop.api import GameSpec, OptionSpec

from .data import DEFAULT_GUARDS, DEFAULT_TRAPS, GUARD_MIXES, TRAP_MIXES


def _choice_labels() -> dict[str, dict[str, dict[str, Any]]]:
    """Words for the new-game dialog's choices. The first Rich Man is a seat: with one person
    at the screen the dialog words it as that person's role ("You are the Thief first")."""
    def first(seat: int) -> dict[str, Any]:
        return {"en": f"Player {seat + 1} is the Rich Man first",
                "ja": f"プレイヤー{seat + 1}が先に富豪",
                "seat": seat,
                "you": {"en": "You are the Rich Man first (you hide the treasure)",
                        "ja": "あなたが先に富豪(宝を隠す)"},
                "other": {"en": "You are the Thief first (you hunt for the treasure)",
                          "ja": "あなたが先に泥棒(宝を探す)"}}

    return {
        "first": {"random": {"en": "Random", "ja": "ランダム"}, "1": first(0), "2": first(1)},
        "traps": {
            "1-1-2": {"en": "Guards 1, 1 and 2 (default)", "ja": "警備1・1・2(既定)"},
            "1-2-2": {"en": "Guards 1, 2 and 2 (harder for the Thief)",
                      "ja": "警備1・2・2(泥棒に厳しい)"},
        },
        "guard_cards": {
            mix: {"en": f"{y} yellow (無) + {b} blue (罠)"
                        + (" (default)" if mix == DEFAULT_GUARDS else ""),
                  "ja": f"黄(無){y}枚+青(罠){b}枚" + ("(既定)" if mix == DEFAULT_GUARDS else "")}
            for mix, (y, b) in GUARD_MIXES.items()
        },
    }


SPEC = GameSpec.from_file(__package__, "game.toml", "mr-sneaky",
    options=(
        OptionSpec("first", "First Rich Man", "最初の富豪", "random",
                   ("random", "1", "2"),
                   help_en="Who hides the treasure in the first round: drawn at random, "
                   "or Player 1 / Player 2.",
                   help_ja="最初のラウンドで宝を隠す人:ランダム、またはプレイヤー1/2。"),
        OptionSpec("traps", "Trap tiles", "罠タイル", DEFAULT_TRAPS, tuple(TRAP_MIXES),
                   help_en="Guards shown on the three trap doors (the source does not "
                   "say; 1-1-2 is our reading).",
                   help_ja="罠タイル3枚に描かれた警備の数(原典に記載なし。既定は1-1-2)。"),
        OptionSpec("guard_cards", "Guard cards", "警備カード", DEFAULT_GUARDS,
                   tuple(GUARD_MIXES),
                   help_en="How the 8 guard cards split into yellow (無) and blue (罠).",
                   help_ja="警備カード8枚の内訳:黄(無)-青(罠)。"),
    ),
    extra={"choice_labels": _choice_labels()})

