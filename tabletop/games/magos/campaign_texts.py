"""The words of the Magos solo campaign page, in English and Japanese.

The page (``campaign_page``) is the game's own front page: the app knows none of its texts, so
they live with the game. Qt-free, so that a test can check every entry without a display.
"""

from __future__ import annotations

from tabletop.api import words_file

TEXTS = words_file(__package__, "campaign_texts.toml")


def tr(key: str, lang: str, **fmt: object) -> str:
    """The text ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``fmt``; an unknown key
    comes back as itself, so a missing entry shows on screen instead of crashing the page."""
    pair = TEXTS.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ja" else pair[0]
    return text.format(**fmt) if fmt else text
