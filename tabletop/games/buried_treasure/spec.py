"""The spec of Buried Treasure: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec

SPEC = GameSpec(
    id="buried-treasure",
    name_en="Buried Treasure",
    name_ja="埋蔵金",
    min_players=2,
    max_players=6,
    rules_version="1",
    options=(),
    summary_en="A 5-10 minute bidding game for 2-6: everyone secretly buries a score card, "
    "then bids on the hidden total. Bid too high and you bust; hit it exactly and you "
    "take every positive card.",
    summary_ja="2〜6人・5〜10分の競りゲーム。全員がこっそり得点カードを1枚埋め、その合計を"
    "予想して入札。合計を超えるとバースト、ピタリ賞ならプラスのカードを総取り。",
    has_hidden_information=True,
    rules_file="buried-treasure",
)

