"""Spymaster's words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge)."""

from __future__ import annotations

from tabletop.api import ENGINE, Catalogue, words_file

from .data import ALL_CARDS, HAND_LIMIT, TYPE_NAMES, card_names
from .spec import SPEC

WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- cards and types ----------------------------------------------------------------
    **{f"card.{c}": card_names(c) for c in ALL_CARDS},
    **{f"type.{t}": names for t, names in TYPE_NAMES.items()},
    "log.reveal": (lambda a, say: f"{say(a['seat'], 'player')} names "
                   f"{say(a['call'], '@type')}; the card is {say(a['card'], '@card')}: "
                   + ("caught!" if a["caught"] else "the attack succeeds."),
                   lambda a, say: f"{say(a['seat'], 'player')}の宣言は"
                   f"「{say(a['call'], '@type')}」、カードは{say(a['card'], '@card')}："
                   + ("見破った！" if a["caught"] else "攻撃成功。")),
    "log.win": (lambda a, say: f"{say(a['winner'], 'player')} wins: all of "
                f"{say(1 - a['winner'], 'player')}'s documents are exposed.",
                lambda a, say: f"{say(a['winner'], 'player')}の勝ち："
                f"{say(1 - a['winner'], 'player')}の機密書類がすべて暴かれました。"),
    "refuse.discard_when": (f"Cards are discarded only at round end, by a player holding "
                            f"{HAND_LIMIT} or more.",
                            f"捨てるのはラウンド終了時、手札が{HAND_LIMIT}枚以上のときだけです。"),
}, spec=SPEC, parent=ENGINE)
