"""The spec of Spymaster: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

from .data import DECK_MIXES, DEFAULT_MIX


def _choice_labels() -> dict[str, dict[str, dict[str, str]]]:
    """Words for the deck-mix choices in the new-game dialog (the keys alone read "9 6 6")."""
    mixes: dict[str, dict[str, str]] = {}
    for key, m in DECK_MIXES.items():
        default = key == DEFAULT_MIX
        mixes[key] = {
            "en": f"Spies {m.spies} · Forces {m.forces} · Hackers {m.hackers}"
                  + (" (standard)" if default else ""),
            "ja": f"スパイ{m.spies}・特殊部隊{m.forces}・ハッカー{m.hackers}"
                  + ("(標準)" if default else ""),
        }
    return {"deck": mixes}


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


SPEC = GameSpec.from_file(__package__, "game.toml", "spymaster",
    options=(
        OptionSpec("deck", "Deck mix", "山札の構成", DEFAULT_MIX, tuple(DECK_MIXES),
                   help_en="Spies (numbered from 1) - Special Forces - Hackers in the "
                   "21-card deck.",
                   help_ja="21枚の山札に入れるスパイ(1から番号順)・特殊部隊・ハッカーの枚数。"),
        OptionSpec("may_stop", "Attacker may stop", "攻撃を途中でやめられる", False,
                   help_en="Variant: after a successful attack the attacker may end the "
                   "round instead of playing another card.",
                   help_ja="バリアント:攻撃が成功したあと、攻撃側は次のカードを出さずに"
                   "ラウンドを終えてもよい。"),
    ),
    extra={"choice_labels": _choice_labels()})

