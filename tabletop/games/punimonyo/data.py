"""Punimonyo data: the two words, their keys and colours, and the fixed numbers of a match.

Rules follow rules/reference.md (PM-W1, PM-W2, PM-R10..R23). Everything here is
plain data shared by the model, the view and the tests.
"""

from __future__ import annotations

#: PM-W1, PM-W2: the two words, by their action names (the romaji of the source's spelling).
PUNIU = "puniu"
MONYO = "monyo"
WORDS: tuple[str, ...] = (MONYO, PUNIU)  # sorted, as action lists are
OPPOSITE: dict[str, str] = {PUNIU: MONYO, MONYO: PUNIU}  # PM-R3

#: The words as the source spells them, and as read aloud in romaji.
KANA: dict[str, str] = {PUNIU: "ぷにぅ", MONYO: "もにょ"}
ROMAJI: dict[str, str] = {PUNIU: "puniu", MONYO: "monyo"}

#: PM-R10: the default keys, left hand for ぷにぅ and right hand for もにょ.
KEYS: dict[str, str] = {PUNIU: "F", MONYO: "J"}

#: Word colours on the table: warm for ぷにぅ, cool for もにょ, told apart at a glance.
COLORS: dict[str, str] = {PUNIU: "#d35f3c", MONYO: "#3c6fd3"}

START_LENGTH = 3  # PM-R4, PM-R14
MAX_LENGTH = 20  # PM-R14, PM-G6
MAX_RUN = 4  # PM-R13: an app-called question never has more than 4 identical words in a row
STINTS_PER_PLAYER = 3  # PM-R20 (and the practice of PM-R23)

#: PM-R11: the beat in milliseconds (default 600, 300-1200).
BEAT_MS_DEFAULT = 600
BEAT_MS_CHOICES: tuple[int, ...] = (300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200)

#: PM-R16: p(N) = max(P_FLOOR, 1 - k (N - 2)), with k per AI level.
P_FLOOR = 0.05
LEVEL_K: dict[str, float] = {"easy": 0.08, "normal": 0.04, "hard": 0.02}
#: The ``ai_k`` option: "level" uses ``LEVEL_K``; a number fixes k for every computer answerer.
AI_K_CHOICES: tuple[str, ...] = ("level", "0.01", "0.02", "0.03", "0.04", "0.06", "0.08",
                                 "0.12")


def answer_of(question: list[str]) -> list[str]:
    """PM-R3: the correct answer swaps every word and keeps the order."""
    return [OPPOSITE[w] for w in question]


def k_for(ai_k: str, level: str) -> float | None:
    """PM-R16: the k of a computer answerer at ``level`` under the ``ai_k`` option, or
    ``None`` for a level the rules do not define (the agent then plays by its own means)."""
    if ai_k != "level":
        return float(ai_k)
    return LEVEL_K.get(level)


def p_correct(k: float, length: int) -> float:
    """PM-R16: the chance that a computer answerer gets a question of ``length`` right."""
    return max(P_FLOOR, 1.0 - k * (length - 2))


# Kinds of an answer's outcome (PM-R12).
OK = "correct"
WRONG = "wrong"
MISS = "miss"
EXTRA = "extra"
#: The log quotes a question up to this many words (a longer one would fill it).
LOG_QUOTE = 8
