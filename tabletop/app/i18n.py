"""The app's own UI strings in English and Japanese, the one function that looks them up, and
two helpers for texts shown in labels and dialog titles.

Game texts (card titles, log lines, prompts) come from the game itself in both languages; this
catalogue holds only what the window, menus and dialogs say. Switching the language at run time
re-reads every string through ``tr``, so nothing here is cached by the widgets.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tabletop.engine.datafile import words_file

if TYPE_CHECKING:
    from tabletop.engine.layout import Gesture
    from tabletop.engine.spec import GameSpec, OptionSpec

LANGUAGES: tuple[str, ...] = ("ja", "en")
LANGUAGE_NAMES: dict[str, str] = {"ja": "日本語", "en": "English"}

_STRINGS: dict[str, tuple[str, str]] = {}


def _strings() -> dict[str, tuple[str, str]]:
    """The catalogue, read on first use: after the app's start has said where parsed data
    files are kept (``datafile.keep_parsed``)."""
    if not _STRINGS:
        _STRINGS.update(words_file(__package__, "strings.toml"))
    return _STRINGS


def tr(key: str, lang: str, **fmt: object) -> str:
    """The UI string ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``fmt``.

    An unknown key returns the key itself so a missing entry shows up on screen instead of
    crashing the window.
    """
    pair = _strings().get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ja" else pair[0]
    return text.format(**fmt) if fmt else text


def catalogue_keys() -> list[str]:
    return list(_strings())


def plain(menu_text: str) -> str:
    """A menu text without its mnemonic: "元に戻す(&U)" → "元に戻す", "&New Game…" → "New Game"."""
    return re.sub(r"\(&\w\)", "", menu_text).replace("&", "").replace("…", "").strip()


def escape(text: str) -> str:
    """``text`` for a rich-text label: exactly its words."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def player_name(seat: int, lang: str, *, ai: bool = False) -> str:
    """How the app names a seat: "Player 2" / "プレイヤー2", with "(AI)" for computer seats."""
    return tr("player.ai" if ai else "player", lang, n=seat + 1)


def in_lang(en: str, ja: str, lang: str) -> str:
    """The Japanese of a pair where ``lang`` is "ja", else the English: how the app picks a
    name, a label or a help text that a game's data holds in both languages."""
    return ja if lang == "ja" else en


def spec_name(spec: GameSpec | OptionSpec, lang: str) -> str:
    """A game's or an option's name in ``lang``."""
    return in_lang(spec.name_en, spec.name_ja, lang)


def sort_key(spec: GameSpec, lang: str) -> str:
    """Where a game goes in the game list in ``lang``: English by its name ignoring case;
    Japanese by its reading in the kana order (katakana read as hiragana, so that a katakana
    name sorts among the hiragana ones and not after all of them), as a Japanese reader looks
    it up."""
    if lang != "ja":
        return spec.name_en.casefold()
    reading = spec.reading_ja or spec.name_ja
    # Katakana U+30A1..U+30F6 lie 0x60 above their hiragana; the long mark stays as it is.
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in reading).casefold()


def gesture_label(gesture: Gesture, lang: str) -> str:
    """A gesture's button text in ``lang`` (its action text where it has none)."""
    return in_lang(gesture.label_en, gesture.label_ja, lang) or gesture.action
