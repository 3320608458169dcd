"""The spec of Punimonyo: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

from .data import AI_K_CHOICES, BEAT_MS_CHOICES, BEAT_MS_DEFAULT


def _option_specs() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("beat_ms", "Beat (ms per word)", "拍の長さ(1語のミリ秒)", BEAT_MS_DEFAULT,
                   BEAT_MS_CHOICES,
                   help_en="PM-R11: one word is called, and one answered, per beat.",
                   help_ja="PM-R11:1拍に1語を出題し、1拍に1語を答えます。"),
        OptionSpec("ai_k", "Computer answerer difficulty (k)", "コンピューターの解答の強さ(k)",
                   "level", AI_K_CHOICES,
                   help_en="PM-R16: the computer answers a question of N words correctly with "
                   "chance max(0.05, 1 − k(N − 2)). By level: easy 0.08, normal 0.04, "
                   "hard 0.02; or one k for every computer player.",
                   help_ja="PM-R16:N語の問題に正解する確率は max(0.05, 1 − k(N − 2))。"
                   "強さ別(弱い0.08・普通0.04・強い0.02)か、全コンピューター共通のk。"),
        OptionSpec("tiebreak", "Break ties by the longest answer", "同点は最長正解で決める",
                   False,
                   help_en="PM-R22: with equal scores, the longer single best correct answer "
                   "wins (still equal: a draw).",
                   help_ja="PM-R22:得点が同じなら、1回の最長正解が長いほうの勝ち"
                   "(それも同じなら引き分け)。"),
        OptionSpec("practice", "Practice mode", "練習モード", False,
                   help_en="PM-R23: Player 1 answers every stint and the app asks; Player 2 "
                   "takes no part. The result is the longest correct answer.",
                   help_ja="PM-R23:プレイヤー1が毎回答え、問題はアプリが出します"
                   "(プレイヤー2は参加しません)。結果は最長正解の語数です。"),
        OptionSpec("show_calls", "Called words stay visible (easier)",
                   "出題した語を表示したままにする(易しい)", False,
                   help_en="Off (as spoken): each word shows only during its beat, and the "
                   "answer comes from memory. On: the called words stay on the table.",
                   help_ja="オフ(口頭と同じ):各語はその拍の間だけ表示され、記憶で答えます。"
                   "オン:出題した語が場に残ります。"),
        OptionSpec("sound", "Beep on every beat", "拍ごとにビープ音", False,
                   help_en="The system bell marks each beat (if the desktop plays it).",
                   help_ja="拍ごとにシステムのビープ音を鳴らします(環境によっては鳴りません)。"),
    )


def _choice_labels() -> dict[str, dict[str, dict[str, str]]]:
    beats = {str(v): {"en": f"{v} ms" + (" (default)" if v == BEAT_MS_DEFAULT else ""),
                      "ja": f"{v}ミリ秒" + ("(標準)" if v == BEAT_MS_DEFAULT else "")}
             for v in BEAT_MS_CHOICES}
    ks = {"level": {"en": "By AI level (0.08 / 0.04 / 0.02)",
                    "ja": "AIの強さ別(0.08/0.04/0.02)"}}
    for k in AI_K_CHOICES[1:]:
        ks[k] = {"en": f"k = {k} for every AI", "ja": f"全AI共通 k = {k}"}
    return {"beat_ms": beats, "ai_k": ks}


SPEC = GameSpec.from_file(__package__, "game.toml", "punimonyo",
    options=_option_specs(),
    extra={"choice_labels": _choice_labels()})

