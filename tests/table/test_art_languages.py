"""A layout carries both languages and the table paints the player's: a card's title and body
in the player's language only (the hover text gives both), a title line for one language
(``subtitle_en``), a token's label per language. Each case paints exactly as the
single-language art it stands for."""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtGui import QImage

from tabletop.table import art

W, H = 120.0, 170.0


def _face(card: dict[str, Any], lang: str) -> QImage:
    pw, ph = art.piece_pixmap_size(W, H, 2.0)
    return art._paint_face(card, W, H, pw / (W + 2 * art.SHADOW), lang, pw, ph).toImage()


def test_a_card_body_is_painted_in_the_players_language_only(qtbot: object) -> None:
    both = {"title_en": "Guard", "title_ja": "警備", "body_en": "Blocks a door.",
            "body_ja": "扉をふさぐ。", "color": "#445566"}
    for lang, drop in (("en", "body_ja"), ("ja", "body_en")):
        assert _face(both, lang) == _face({**both, drop: ""}, lang)
    # A body in one language only is printed whatever the player's language.
    english_only = {**both, "body_ja": ""}
    assert _face(english_only, "ja") != _face({**english_only, "body_en": ""}, "ja")


def test_a_cards_hover_gives_both_languages(qtbot: object) -> None:
    from tabletop.engine.layout import Layout, Piece
    from tests.table.tablehelp import make_table

    art = {"title_en": "Guard", "title_ja": "警備", "body_en": "Blocks a door.",
           "body_ja": "扉をふさぐ。"}
    card = Piece("c", "card", 100, 100, art=art)
    table = make_table(qtbot, Layout(800, 500, [card]), [])
    item = table.item_for("c")
    assert item.hover_text() == "Guard: Blocks a door.\n警備：扉をふさぐ。"
    table.set_language("ja")
    assert item.hover_text() == "警備：扉をふさぐ。\nGuard: Blocks a door."


def test_a_card_title_is_painted_in_the_players_language_only(qtbot: object) -> None:
    both = {"title_en": "Guard", "title_ja": "警備", "body_en": "Blocks a door.",
            "body_ja": "扉をふさぐ。", "color": "#445566"}
    for lang, drop in (("en", "title_ja"), ("ja", "title_en")):
        assert _face(both, lang) == _face({**both, drop: ""}, lang)
    # A title in one language only is printed whatever the player's language.
    english_only = {**both, "title_ja": ""}
    assert _face(english_only, "ja") != _face({**english_only, "title_en": ""}, "ja")


def test_subtitle_is_the_second_title_line_in_its_language_only(qtbot: object) -> None:
    word = {"title_en": "ぷに", "title_ja": "ぷに", "subtitle_en": "puni", "subtitle_ja": "",
            "body_en": "1", "body_ja": "", "color": "#aa5500"}
    # English readers see the kana with the romaji under it; Japanese readers the kana alone.
    plain = {k: v for k, v in word.items() if not k.startswith("subtitle")}
    assert _face(word, "en") != _face(plain, "en")
    assert _face(word, "ja") == _face(plain, "ja")
    assert _face({**word, "subtitle_ja": "puni"}, "ja") == _face(word, "en")


def test_token_label_in_the_players_language() -> None:
    token = {"label_en": "Thief", "label_ja": "泥棒", "label": "?"}
    assert art.in_lang(token, "label", "en") == "Thief"
    assert art.in_lang(token, "label", "ja") == "泥棒"
    assert art.in_lang({"label_en": "Thief"}, "label", "ja") == "Thief"  # the other language
    assert art.in_lang({"label": "●"}, "label", "ja") == "●"  # the same in every language
    assert art.in_lang({}, "label", "en") == ""


def _body_printed(card: dict[str, Any], scale: float, lang: str = "en") -> tuple[str, float]:
    from tabletop.table import textnotes

    pw, ph = art.piece_pixmap_size(W, H, scale)
    with textnotes.listening() as notes:
        art._paint_face(card, W, H, pw / (W + 2 * art.SHADOW), lang, pw, ph)
    body = next(n for n in notes if n.role == "body")
    return body.text, body.pixel_size


def test_a_card_too_small_for_its_whole_text_prints_its_brief(qtbot: object) -> None:
    long_en = ("Draw 5 consumer goods; then this building goes to the discard pile. It "
               "cannot be sold at payday.")
    card = {"title_en": "Field", "title_ja": "焼畑", "body_en": long_en, "body_ja": "長い文",
            "brief_en": "Draw 5 goods, then discard this.", "brief_ja": "短い文",
            "color": "#4f8a3c"}
    # At a laptop's size the whole text would be set below 9 pt: the brief, larger.
    text, px = _body_printed(card, 0.76)
    assert text == card["brief_en"] and px >= art.READABLE_PX
    # Shown large (a big window, the large view) the card prints its whole text.
    text, px = _body_printed(card, 2.5)
    assert text == long_en and px >= art.READABLE_PX
    # A short text that reads as it is keeps it; a card without a brief keeps its text.
    assert _body_printed({**card, "body_en": "Draw 5."}, 0.76)[0] == "Draw 5."
    assert _body_printed({**card, "brief_en": "", "brief_ja": ""}, 0.76)[0] == long_en
    # The brief is in the player's language, as the body.
    assert _body_printed({**card, "body_ja": long_en * 2}, 0.76, "ja")[0] == "短い文"


def test_a_one_word_body_is_never_broken_inside_the_word(qtbot: object) -> None:
    from tabletop.table import textnotes

    assert art.one_word("マイルストーン") and art.one_word("Milestone")
    assert not art.one_word("建物を1つ建設する。") and not art.one_word("Draw 1 card")
    # On a narrow card the word is set smaller on one line, not split as マイルス/トーン.
    card = {"title_en": "7", "title_ja": "7", "body_en": "Milestone", "body_ja": "マイルストーン",
            "color": "#8a6d2f"}
    pw, ph = art.piece_pixmap_size(80.0, 110.0, 1.0)
    with textnotes.listening() as notes:
        art._paint_face(card, 80.0, 110.0, pw / (80.0 + 2 * art.SHADOW), "ja", pw, ph)
    body = next(n for n in notes if n.role == "body")
    assert body.text == "マイルストーン" and not body.cut and not body.elided
    assert body.rect.height() < 1.6 * body.pixel_size  # one line


def test_a_japanese_title_on_two_lines_breaks_after_its_mark(qtbot: object) -> None:
    from tabletop.table import textnotes

    card = {"title_en": "Broken pickaxe", "title_ja": "道具破壊：つるはし",
            "body_ja": "プレイヤーの道具を壊す。直すまで通路を置けない。", "color": "#a33333"}
    pw, ph = art.piece_pixmap_size(104.0, 146.0, 0.76)
    with textnotes.listening() as notes:
        art._paint_face(card, 104.0, 146.0, pw / (104.0 + 2 * art.SHADOW), "ja", pw, ph)
    title = next(n for n in notes if n.role == "title")
    # Not 道具破壊：つるは / し: the break goes after the colon.
    assert title.text == "道具破壊：\nつるはし"


def test_a_glanced_at_card_prints_its_text_where_it_reads_and_its_gist_elsewhere(
        qtbot: object) -> None:
    from tabletop.table import textnotes

    card = {"title_en": "Orchard", "title_ja": "果樹園",
            "body_en": "[Agricultural] Draw consumer goods until you hold 4 cards.",
            "body_ja": "長い文", "gist_en": "Agricultural", "gist_ja": "農業系",
            "color": "#4f8a3c", "glance": True}

    def printed(scale: float, lang: str = "en") -> list[textnotes.Note]:
        pw, ph = art.piece_pixmap_size(W, H, scale)
        with textnotes.listening() as notes:
            art._paint_face(card, W, H, pw / (W + 2 * art.SHADOW), lang, pw, ph)
        return [n for n in notes if n.role in ("body", art.GLANCE_ROLE)]

    # Small (a rival's panel at a laptop's size): the text is left to the hover text and the
    # large view, and the gist printed at 9 pt in its place.
    small = printed(0.65)
    assert [(n.role, n.text, n.dropped) for n in small] == [
        (art.GLANCE_ROLE, card["body_en"], True), ("body", "Agricultural", False)]
    assert small[1].pixel_size >= art.READABLE_PX - 0.25
    assert [n.text for n in printed(0.65, "ja") if not n.dropped] == ["農業系"]
    # Large (a big window, the large view): the whole text, no gist.
    large = printed(2.5)
    assert [(n.role, n.text, n.dropped) for n in large] == [("body", card["body_en"], False)]
    # A card not marked as glanced at prints its text small, as before.
    plain = {k: v for k, v in card.items() if k != "glance"}
    pw, ph = art.piece_pixmap_size(W, H, 0.5)
    with textnotes.listening() as notes:
        art._paint_face(plain, W, H, pw / (W + 2 * art.SHADOW), "en", pw, ph)
    assert [n.text for n in notes if n.role == "body"] == [card["body_en"]]


#: Two letters a line break may not come between: inside マナ, ダメージ, or シークレット but after
#: シーク.
SPLIT_WORDS = ("マナ", "ダメ", "メー", "ージ", "シー", "ーク", "レッ", "ット")


def test_japanese_wraps_between_words_not_inside_a_katakana_word(qtbot: object) -> None:
    # Qt breaks Japanese between any two characters: 「目の数だけマ/ナを得る」 split a word.
    font = art.table_font(12)
    texts = ["目の数だけマナを得る（最大値を超えた分は消える）。",
             "1つの目だけマナを払い、もう1つの目だけダメージ。", "攻撃・防御・シークレットに。"]
    for text in texts:
        for width in range(40, 200, 3):
            lines = art._wrapped(text, font, float(width))
            assert "".join(lines) == text.replace(" ", "")
            for a, b in itertools.pairwise(lines):
                # A short word stays whole; a long one breaks only as シーク/レット.
                assert a[-1] + b[0] not in SPLIT_WORDS, (width, lines)
    assert art.unbroken("マナ") == "マ\u2060ナ"
    assert art.unbroken("スーパースパイ").replace("\u2060", "|") == "ス|ー|パ|ース|パ|イ"
    assert art.unbroken("HP 15, 工場") == "HP 15, 工場"  # nothing else is touched
    # What a report records is the text as read, without the joiners.
    from tabletop.table import textnotes

    card = {"title_ja": "調和", "body_ja": texts[0], "color": "#2c4f9e"}
    pw, ph = art.piece_pixmap_size(W, H, 0.76)
    with textnotes.listening() as notes:
        art._paint_face(card, W, H, pw / (W + 2 * art.SHADOW), "ja", pw, ph)
    assert [n.text for n in notes if n.role == "body"] == [texts[0]]
