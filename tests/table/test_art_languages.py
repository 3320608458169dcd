"""A layout carries both languages and the table paints the player's: a card body in one
language only (``one_language``), a title line for one language (``subtitle_en``), a token's
label per language. Each case paints exactly as the single-language art it stands for."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QImage

from tabletop.table import art

W, H = 120.0, 170.0


def _face(card: dict[str, Any], lang: str) -> QImage:
    pw, ph = art.piece_pixmap_size(W, H, 2.0)
    return art._paint_face(card, W, H, pw / (W + 2 * art.SHADOW), lang, pw, ph).toImage()


def test_one_language_paints_only_the_players_body(qtbot: object) -> None:
    both = {"title_en": "Guard", "title_ja": "警備", "body_en": "Blocks a door.",
            "body_ja": "扉をふさぐ。", "color": "#445566"}
    one = {**both, "one_language": True}
    for lang, drop in (("en", "body_ja"), ("ja", "body_en")):
        assert _face(one, lang) == _face({**both, drop: ""}, lang)
        assert _face(one, lang) != _face(both, lang)  # both bodies fit: the second is dropped


def test_subtitle_is_the_second_title_line_in_its_language_only(qtbot: object) -> None:
    word = {"title_en": "ぷに", "title_ja": "ぷに", "subtitle_en": "puni", "subtitle_ja": "",
            "body_en": "1", "body_ja": "", "color": "#aa5500"}
    # English readers see the kana with the romaji under it; Japanese readers the kana alone.
    plain_en = {k: v for k, v in word.items() if not k.startswith("subtitle")}
    assert _face(word, "en") == _face({**plain_en, "title_ja": "puni"}, "en")
    assert _face(word, "ja") == _face({**plain_en, "title_en": ""}, "ja")
    assert _face(word, "en") != _face(word, "ja")


def test_token_label_in_the_players_language() -> None:
    token = {"label_en": "Thief", "label_ja": "泥棒", "label": "?"}
    assert art.in_lang(token, "label", "en") == "Thief"
    assert art.in_lang(token, "label", "ja") == "泥棒"
    assert art.in_lang({"label_en": "Thief"}, "label", "ja") == "Thief"  # the other language
    assert art.in_lang({"label": "●"}, "label", "ja") == "●"  # the same in every language
    assert art.in_lang({}, "label", "en") == ""
