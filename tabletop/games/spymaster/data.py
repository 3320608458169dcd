"""Spymaster data: the agent cards, their three types, the deck mixes and card art words.

Rules follow rules/reference.md. The source names 21 agent cards of three types but
not the split; the default mix (SM-G1) is Spies 1-9, six Special Forces and six Hackers, and
other mixes are offered as a game option so the split can be retuned after playtests.
Everything here is plain data and pure functions shared by the model, the view and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

SPY = "spy"
FORCES = "forces"
HACKER = "hacker"
#: The three types a defender may name (SM-R12), in the order of the call buttons.
TYPES: tuple[str, ...] = (SPY, FORCES, HACKER)

DOCUMENTS = 3  # SM-C1, SM-R2: classified documents per player
HAND_START = 5  # SM-R3
HAND_LIMIT = 8  # SM-R15: a hand this large is halved at round end
INFILTRATION_STEP = 3  # SM-R26: every third spy in a row exposes a document

TYPE_COLORS: dict[str, str] = {SPY: "#2e5fa8", FORCES: "#b03a2e", HACKER: "#2e8b57"}
TYPE_NAMES: dict[str, tuple[str, str]] = {
    SPY: ("Spy", "スパイ"),
    FORCES: ("Special Forces", "特殊部隊"),
    HACKER: ("Hacker", "ハッカー"),
}
#: Keyboard shortcuts of the call buttons.
TYPE_KEYS: dict[str, str] = {SPY: "S", FORCES: "F", HACKER: "K"}

TYPE_BODIES: dict[str, tuple[str, str]] = {
    SPY: ("Success: draw 1 if the card before it is a smaller Spy; every 3rd Spy in your row "
          "exposes a document; you may tuck a larger Spy under it. Caught: it defects to the "
          "defender's row.",
          "成功：直前のカードがより小さいスパイなら1枚引く。列のスパイ3枚ごとに書類を1枚暴く。"
          "より大きいスパイを1枚差し込める。失敗：防御側の列に寝返る。"),
    FORCES: ("Success: the defender exposes a document; the round ends. Caught: you expose one "
             "of your own documents.",
             "成功：防御側が書類を1枚暴かれ、ラウンド終了。失敗：自分の書類を1枚暴かれる。"),
    HACKER: ("Success: draw 2 cards and keep attacking. Caught: the round ends.",
             "成功：2枚引いて攻撃を続ける。失敗：ラウンド終了。"),
}

#: Short card texts that stay readable on a small card; the full text is the tooltip.
TYPE_SHORT: dict[str, tuple[str, str]] = {
    SPY: ("Through: chain draw; 3 Spies expose; tuck. Caught: defects.",
          "成功：連鎖ドロー・3枚で潜入・差し込み。失敗：寝返り。"),
    FORCES: ("Through: expose a document. Caught: lose one of yours.",
             "成功：書類を1枚暴く。失敗：自分の書類を1枚暴かれる。"),
    HACKER: ("Through: draw 2, keep attacking. Caught: round ends.",
             "成功：2枚引いて攻撃続行。失敗：ラウンド終了。"),
}

#: Briefer still, for a card of a row (smaller than a hand card): the table prints it where the
#: short text would be set below 9 pt.
TYPE_BRIEF: dict[str, tuple[str, str]] = {
    SPY: ("Through: chain, tuck. Caught: defects.", "成功：連鎖ドロー・差込。失敗：寝返り。"),
    FORCES: ("Through: expose one. Caught: lose one.", "成功：書類を暴く。失敗：自分が暴かれる。"),
    HACKER: ("Through: draw 2, go on. Caught: round ends.",
             "成功：2枚引き続行。失敗：終了。"),
}


@dataclass(frozen=True)
class DeckMix:
    """One composition of the 21-card agent deck: Spies numbered 1..``spies`` (one each)."""

    key: str
    spies: int
    forces: int
    hackers: int
    en: str
    ja: str

    def counts(self) -> dict[str, int]:
        """Copies of each card id in the full deck."""
        out = {f"{SPY}{n}": 1 for n in range(1, self.spies + 1)}
        out[FORCES] = self.forces
        out[HACKER] = self.hackers
        return out


DECK_MIXES: dict[str, DeckMix] = {
    m.key: m
    for m in (
        DeckMix("9-6-6", 9, 6, 6, "Spies 1-9, 6 Special Forces, 6 Hackers",
                "スパイ1〜9・特殊部隊6・ハッカー6"),
        DeckMix("7-7-7", 7, 7, 7, "Spies 1-7, 7 Special Forces, 7 Hackers",
                "スパイ1〜7・特殊部隊7・ハッカー7"),
        DeckMix("11-5-5", 11, 5, 5, "Spies 1-11, 5 Special Forces, 5 Hackers",
                "スパイ1〜11・特殊部隊5・ハッカー5"),
    )
}
DEFAULT_MIX = "9-6-6"  # SM-G1
MAX_SPY = max(m.spies for m in DECK_MIXES.values())

#: Every card id any mix uses, in the stable order actions are listed in.
ALL_CARDS: tuple[str, ...] = tuple(sorted(
    [FORCES, HACKER, *(f"{SPY}{n}" for n in range(1, MAX_SPY + 1))]))


def card_type(card: str) -> str:
    """``spy``, ``forces`` or ``hacker`` for a card id."""
    return SPY if card.startswith(SPY) else card


def spy_number(card: str) -> int:
    """The number of a Spy card; 0 for the other types."""
    return int(card[3:]) if card.startswith(SPY) else 0


def is_card(card: str) -> bool:
    return card in _CARD_SET


_CARD_SET = frozenset(ALL_CARDS)


def card_names(card: str) -> tuple[str, str]:
    """(English, Japanese) name of a card: "Spy 5" / "スパイ5"."""
    n = spy_number(card)
    en, ja = TYPE_NAMES[card_type(card)]
    return (f"{en} {n}", f"{ja}{n}") if n else (en, ja)


def sort_key(card: str) -> tuple[int, int]:
    """Display order in a hand: Spies by number, then Special Forces, then Hackers."""
    return (TYPES.index(card_type(card)), spy_number(card))
