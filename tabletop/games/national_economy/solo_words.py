"""The words of National Economy's solo variants: the 2-4 player game's catalogue with the
solo game's own messages (the blockers, the tax, the result)."""

from __future__ import annotations

from tabletop.api import words_file

from .data import CLEAR_SCORE
from .spec import SOLO_SPEC
from .words import WORDS

SOLO_WORDS = WORDS.merged({
    **words_file(__package__, "solo_words.toml"),
    "game.name": (SOLO_SPEC.name_en, SOLO_SPEC.name_ja),
    "result.clear": (f"Cleared! Total assets {{total}} (target {CLEAR_SCORE}).",
                     f"クリア！総資産{{total}}（目標{CLEAR_SCORE}）。"),
    "result.not-cleared": (f"Not cleared: total assets {{total}}, {CLEAR_SCORE} needed.",
                           f"クリアならず：総資産{{total}}（クリアには{CLEAR_SCORE}必要）。"),
    "prompt.with_blocked": (lambda a, say: f"{say(a['prompt'], '')} Blocked this round: "
                            f"{', '.join(say(c, '@card') for c in a['cards'])}.",
                            lambda a, say: f"{say(a['prompt'], '')}このラウンドふさがれている職場："
                            f"{'、'.join(say(c, '@card') for c in a['cards'])}。"),
})
