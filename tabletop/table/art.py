"""Card, die and token art drawn from data, and the felt of the table (tiles: ``tile_art``).

Nothing here reads image files: a card face is painted from its ``Piece.art`` dictionary
(titles, effect texts, cost corner, badge, colour) so every game gets readable Japanese and
English without an artist. Pictures are rendered at the exact device-pixel size they are shown
at and kept in ``QPixmapCache``; Qt's default 10 MiB cache holds only ~180 cards, after which
item caches thrash, so the limit is raised before the first pixmap is stored.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPixmapCache,
    QRadialGradient,
    QTextLayout,
    QTextOption,
)

from . import textnotes

FONT_FAMILIES: list[str] = [
    "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic", "Meiryo", "IPAGothic",
]
CACHE_LIMIT_KB = 256 * 1024
SHADOW = 6.0  # table units of soft shadow around a card or die, part of the item's bounds
CARD_RADIUS = 8.0
#: Device pixels below which a card's text is not printed at all (its body, the other
#: language's title, a name too long for a small card) and a short line ends in "…": smaller
#: type cannot be read, and the piece's hover text gives every word.
LEGIBLE_PX = 6.0
#: Device pixels from which a card's body reads without effort (9 pt at 96 dpi): a card whose
#: whole text would be set smaller prints its brief text (``brief_en``/``brief_ja``) if it has
#: one.
READABLE_PX = 12.0
#: The role under which a glanced-at card (``glance`` in its art) reports the body it leaves
#: to the hover text and the large view.
GLANCE_ROLE = "glance body"
#: Type sizes on a card, in table units (a card is about 120 wide): the largest a body is set
#: at (a long one is set smaller to fit; a wider card, laid out larger on purpose, sets its
#: body larger in proportion), a badge's, and the "ends turn" strip's. A table shown at 0.76
#: device pixels per unit (a 1280x800 window) prints them at 12 px, 9 pt, and more.
BODY_UNITS = 16.0
BODY_CARD_W = 120.0
BADGE_UNITS = 13.0
BADGE_H = 20.0
ENDS_UNITS = 12.0
ENDS_H = 17.0
#: The widest a title's dark rim is, as a share of its type's size: about half the stem of a
#: bold letter, so that the letter keeps its light middle at any size.
RIM_EM = 0.08

PARCHMENT_TOP = QColor("#f7eed6")
PARCHMENT_BOTTOM = QColor("#e8d6ae")
INK = QColor("#2b2118")
FELT_CENTRE = QColor("#2f7a4a")
FELT_EDGE = QColor("#123a24")
GOLD = QColor("#f2c94c")

_cache_ready = False


def ensure_cache() -> None:
    """Raise the pixmap cache limit once (the default thrashes at ~180 card pictures)."""
    global _cache_ready
    if not _cache_ready:
        if QPixmapCache.cacheLimit() < CACHE_LIMIT_KB:
            QPixmapCache.setCacheLimit(CACHE_LIMIT_KB)
        _cache_ready = True


def table_font(pixel_size: float, bold: bool = False) -> QFont:
    """A font that shows Japanese well, with the platform default as the last resort."""
    font = QFont()
    font.setFamilies(FONT_FAMILIES + font.families())
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


#: Katakana words: Qt breaks Japanese between any two characters, which split words such as
#: マナ and ダメージ over two lines.
_KATAKANA_RUN = re.compile(r"[\u30a1-\u30fa\u30fc\uff66-\uff9f]{2,}")
#: Kana a line may not begin with (the long-vowel mark, small kana).
_NO_LINE_START = frozenset("ーァィゥェォッャュョヮヵヶ")
#: The fewest characters a katakana word leaves on either side of a line break.
_KATAKANA_PART = 3
WORD_JOINER = textnotes.WORD_JOINER


def _join_katakana(word: str) -> str:
    """``word`` (a run of katakana) with a word joiner at every place a line may not break:
    everywhere in a short word, and in a long one (シークレット, スーパースパイ, too wide for a
    narrow card on one line) everywhere but where both parts keep ``_KATAKANA_PART`` letters
    and the second does not begin with ー or a small kana (シーク/レット, スーパー/スパイ)."""
    out = [word[0]]
    for i in range(1, len(word)):
        free = (_KATAKANA_PART <= i <= len(word) - _KATAKANA_PART
                and word[i] not in _NO_LINE_START)
        out.append(word[i] if free else WORD_JOINER + word[i])
    return "".join(out)


@lru_cache(maxsize=4096)
def unbroken(text: str) -> str:
    """``text`` with its katakana words joined, so that wrapping splits none of them except
    where a long one must (``_join_katakana``). Remembered: a card's text is measured several
    times in every paint (fitting, the title plan, drawing), and a table holds few texts."""
    return _KATAKANA_RUN.sub(lambda m: _join_katakana(m.group()), text)


def fit_font(text: str, rect: QRectF, size: float, bold: bool = False, wrap: bool = True,
             minimum: float = 5.0) -> QFont:
    """The largest font not above ``size`` pixels in which ``text`` fits ``rect``."""
    flags = _flags(wrap)
    if wrap:
        text = unbroken(text)
    while True:
        font = table_font(size, bold)
        if size <= minimum:
            return font
        bounds = QFontMetricsF(font).boundingRect(rect, flags, text)
        if bounds.width() <= rect.width() + 0.5 and bounds.height() <= rect.height() + 0.5:
            return font
        size = max(minimum, size * 0.92 if size > 12 else size - 1)


def _fits(text: str, rect: QRectF, font: QFont, wrap: bool) -> bool:
    """Whether ``text`` fits ``rect`` in ``font``."""
    bounds = QFontMetricsF(font).boundingRect(rect, _flags(wrap), unbroken(text) if wrap else text)
    return bounds.width() <= rect.width() + 0.5 and bounds.height() <= rect.height() + 0.5


def _flags(wrap: bool, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> int:
    flags = int(align.value) if hasattr(align, "value") else int(align)
    if wrap:
        flags |= int(Qt.TextFlag.TextWordWrap.value)
    return flags


def draw_fitted(painter: QPainter, rect: QRectF, text: str, size: float, color: QColor,
                bold: bool = False, wrap: bool = True,
                align: Qt.AlignmentFlag | Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
                minimum: float = 5.0, role: str = "text") -> float:
    """Draw ``text`` shrunk to fit ``rect``; returns the height the text actually used.

    A line (``wrap`` off) still too wide at ``minimum`` is cut at a character and ends in "…";
    a wrapped text still too large is clipped at ``rect``. ``role`` names the text for the
    table's text report (``textreport``, through ``textnotes``): ``title``, ``body``,
    ``badge``, ``label``..."""
    if not text:
        return 0.0
    font = fit_font(text, rect, size, bold, wrap, minimum)
    if wrap:
        text = unbroken(text)
    painter.setFont(font)
    painter.setPen(color)
    flags = _flags(wrap, align)
    fm = QFontMetricsF(font)
    elided = False
    if not wrap and fm.horizontalAdvance(text) > rect.width() + 0.5:
        shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        elided = shown != text
        text = shown
    used = fm.boundingRect(rect, flags, text).height()
    textnotes.note(painter, rect, text, font, flags, role, elided)
    painter.drawText(rect, flags, text)
    return min(used, rect.height())


#: Marks after which a text may break a line; a text without one is a single word. Japanese
#: sets its colon, marks and brackets full width, other text its ASCII ones.
_BREAKS = frozenset(" \t\n、。,.:;：；・!?！？)）」』")


def one_word(text: str) -> bool:
    """Whether ``text`` is one short word ("Milestone", 「マイルストーン」): set on one line,
    smaller if need be, rather than broken in the middle (Japanese may break between any
    two characters, which splits a katakana word)."""
    return 0 < len(text) <= 10 and not any(c in _BREAKS for c in text)


def in_lang(art: Mapping[str, Any], key: str, lang: str) -> str:
    """The text ``key`` of ``art`` in ``lang``: ``key_ja`` or ``key_en``, else the other
    language's, else ``key`` itself (a text the same in every language)."""
    first, other = ("_ja", "_en") if lang == "ja" else ("_en", "_ja")
    return str(art.get(key + first) or art.get(key + other) or art.get(key, "") or "")


def cache_key(kind: str, data: Any, w: int, h: int, lang: str) -> str:
    """The ``QPixmapCache`` key of a picture: its kind, data, device-pixel size and language."""
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return f"tabletop/{kind}/{w}x{h}/{lang}/{blob}"


def new_pixmap(w: int, h: int) -> tuple[QPixmap, QPainter]:
    """A transparent pixmap and an antialiased painter on it (the caller ends the painter)."""
    pm = QPixmap(max(1, w), max(1, h))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    return pm, p


def soft_shadow(p: QPainter, rect: QRectF, radius: float, k: float) -> None:
    """A soft drop shadow made of stacked translucent rounded rectangles."""
    p.setPen(Qt.PenStyle.NoPen)
    steps = 5
    for i in range(steps, 0, -1):
        grow = i * 1.1 * k
        p.setBrush(QColor(0, 0, 0, 16))
        r = rect.adjusted(-grow * 0.6, -grow * 0.4, grow * 0.6, grow * 0.9)
        r.translate(0.0, 2.0 * k)
        p.drawRoundedRect(r, radius + grow, radius + grow)


def piece_pixmap_size(w: float, h: float, scale: float) -> tuple[int, int]:
    """Device-pixel size of a piece picture including its shadow margin."""
    return (max(1, math.ceil((w + 2 * SHADOW) * scale)),
            max(1, math.ceil((h + 2 * SHADOW) * scale)))


def cached_face(kind: str, parts: Any, w: float, h: float, scale: float,
                paint: Callable[[QPainter, QRectF, float], None]) -> QPixmap:
    """A piece's picture from the pixmap cache, or painted once by ``paint(painter, body,
    k)`` and cached: ``body`` is the piece's rectangle inside the shadow margin, ``k`` the
    device pixels per table unit. ``kind`` and ``parts`` name the picture in the cache."""
    ensure_cache()
    pw, ph = piece_pixmap_size(w, h, scale)
    key = cache_key(kind, parts, pw, ph, "")
    cached = QPixmapCache.find(key)
    # A text report watches the picture being painted: it is painted afresh.
    if cached is not None and not cached.isNull() and not textnotes.recording():
        return cached
    k = pw / (w + 2 * SHADOW)
    pm, p = new_pixmap(pw, ph)
    paint(p, QRectF(SHADOW * k, SHADOW * k, w * k, h * k), k)
    p.end()
    QPixmapCache.insert(key, pm)
    return pm


# -- cards --------------------------------------------------------------------------------

def card_face(art: Mapping[str, Any], w: float, h: float, scale: float, lang: str) -> QPixmap:
    """A parchment card face for ``art``, ``scale`` device pixels per table unit."""
    ensure_cache()
    pw, ph = piece_pixmap_size(w, h, scale)
    key = cache_key("face", dict(art), pw, ph, lang)
    cached = QPixmapCache.find(key)
    if cached is not None and not cached.isNull() and not textnotes.recording():
        return cached
    pm = _paint_face(art, w, h, pw / (w + 2 * SHADOW), lang, pw, ph)
    QPixmapCache.insert(key, pm)
    return pm


@dataclass(frozen=True)
class _TitlePlan:
    """How a card's title sits in a band ``band_h`` tall: in ``rect``, on one line or
    wrapped, set at ``px`` device pixels (0 when it does not fit at a legible size) of the
    ``size`` a title there may have."""

    band_h: float
    rect: QRectF
    size: float
    wrap: bool
    fits: bool
    px: float


def _title_plan(title: str, line: QRectF, whole: QRectF, size: float,
                band_h: float) -> _TitlePlan:
    """The larger of ``title`` on one line in ``line`` and wrapped over ``whole`` (the band
    without a second line)."""
    one = fit_font(title, line, size, bold=True, wrap=False, minimum=LEGIBLE_PX)
    one_fits = _fits(title, line, one, False)
    best = _TitlePlan(band_h, line, size, False, one_fits,
                      float(one.pixelSize()) if one_fits and title else 0.0)
    if not title or (one_fits and one.pixelSize() >= 0.6 * size):
        return best
    two = fit_font(title, whole, size, bold=True, wrap=True, minimum=LEGIBLE_PX)
    if _fits(title, whole, two, True) and two.pixelSize() > best.px:
        return _TitlePlan(band_h, whole, size, True, True, float(two.pixelSize()))
    return best


def _paint_face(art: Mapping[str, Any], w: float, h: float, k: float, lang: str,
                pw: int, ph: int) -> QPixmap:
    pm, p = new_pixmap(pw, ph)

    def r(x: float, y: float, rw: float, rh: float) -> QRectF:
        return QRectF((x + SHADOW) * k, (y + SHADOW) * k, rw * k, rh * k)

    card = r(0, 0, w, h)
    rad = CARD_RADIUS * k
    soft_shadow(p, card, rad, k)
    path = QPainterPath()
    path.addRoundedRect(card, rad, rad)
    grad = QLinearGradient(card.topLeft(), card.bottomLeft())
    grad.setColorAt(0.0, PARCHMENT_TOP)
    grad.setColorAt(1.0, PARCHMENT_BOTTOM)
    p.fillPath(path, QBrush(grad))

    p.save()
    p.setClipPath(path)
    # A faint vignette makes the parchment look aged rather than flat.
    vign = QRadialGradient(card.center(), max(card.width(), card.height()) * 0.75)
    vign.setColorAt(0.6, QColor(0, 0, 0, 0))
    vign.setColorAt(1.0, QColor(120, 80, 30, 60))
    p.fillRect(card, QBrush(vign))

    colour = QColor(str(art.get("color") or "#7a5c3a"))
    if not colour.isValid():
        colour = QColor("#7a5c3a")
    first = in_lang(art, "title", lang)
    # One language on the card: the other's title would halve the band's type, and the hover
    # text and the large view give it. A game's own second line (Punimonyo's romaji) stays.
    second = str(art.get("subtitle_ja" if lang == "ja" else "subtitle_en", "") or "")
    corner = str(art.get("corner", "") or "")
    # A card laid out wider than usual sets its body, badge and corner larger in proportion.
    grow = max(1.0, w / BODY_CARD_W)
    # The corner disc follows the card's width: smaller on a small card, down to a size its
    # number still reads at, larger on a card laid out large.
    cr = 11.5 * min(1.3, max(0.6, w / BODY_CARD_W))
    inset = 6.0 + 22.0 * cr / 11.5 if corner else 6.0
    # A band of one line leaves the body the room a second line took; a long title on a small
    # card takes the taller band, on two lines, where that sets it larger.
    plans = [_title_plan(first, r(inset, 3, w - inset - 6.0, bh * (0.60 if second else 0.86)),
                         r(inset, 2, w - inset - 6.0, bh - 4), bh * (0.50 if second else 0.62)
                         * k, bh)
             for bh in ((h * 0.28,) if second else (h * 0.21, h * 0.28))]
    plan = next((pl for pl in plans if pl.px >= 0.6 * pl.size), None) \
        or max(plans, key=lambda pl: pl.px)  # the first of the largest: the shorter band
    band_h, title_rect, title_size, wrap, one_fits = (plan.band_h, plan.rect, plan.size,
                                                      plan.wrap, plan.fits)
    if wrap:
        second = ""  # the whole band for the title: a second line stays in the hover text
    band = r(0, 0, w, band_h)
    bgrad = QLinearGradient(band.topLeft(), band.bottomLeft())
    bgrad.setColorAt(0.0, colour.lighter(125))
    bgrad.setColorAt(1.0, colour.darker(125))
    p.fillRect(band, QBrush(bgrad))
    p.setPen(QPen(colour.darker(170), 1.0 * k))
    p.drawLine(band.bottomLeft(), band.bottomRight())

    sub_left = inset if corner and band_h * 0.62 < 4 + 2 * cr else 6.0
    sub_rect = r(sub_left, band_h * 0.62, w - sub_left - 6, band_h * 0.34)
    light = QColor("#fffaf0")
    if first and not wrap and not one_fits:
        # Too small a card to print its name legibly: the hover text names it.
        textnotes.dropped(p, title_rect, first, "title")
        first = ""
    _draw_outlined(p, title_rect, first, title_size, light, colour.darker(220), k, wrap=wrap)
    if second:
        if _fits(second, sub_rect, table_font(LEGIBLE_PX), False):
            draw_fitted(p, sub_rect, second, band_h * 0.25 * k, QColor(255, 248, 230, 235),
                        bold=False, wrap=False, minimum=LEGIBLE_PX, role="subtitle")
        else:
            textnotes.dropped(p, sub_rect, second, "subtitle")
    p.restore()

    if corner:
        centre = QPointF((4 + cr + SHADOW) * k, (4 + cr + SHADOW) * k)
        p.setPen(QPen(QColor("#1d2f55"), 1.2 * k))
        cg = QRadialGradient(centre - QPointF(3 * k, 3 * k), cr * k * 1.4)
        cg.setColorAt(0.0, QColor("#8fb3ff"))
        cg.setColorAt(1.0, QColor("#2c4f9e"))
        p.setBrush(QBrush(cg))
        p.drawEllipse(centre, cr * k, cr * k)
        # The line box of a CJK font is ~1.45 em tall: the number gets the disc's full height.
        draw_fitted(p, QRectF(centre.x() - cr * k * 0.85, centre.y() - cr * k * 0.95,
                              cr * k * 1.7, cr * k * 1.9),
                    corner, 13 * cr / 11.5 * k, QColor("white"), bold=True, wrap=False,
                    minimum=LEGIBLE_PX, role="corner")

    y = band_h + 4
    badge = in_lang(art, "badge", lang)  # a badge in words may come in both languages
    if badge:
        # An icon in front where the badge counts something drawn (a die for Magos's "●●",
        # sunglasses for Mr. Sneaky's agents); a price or a number stands alone.
        icon = _badge_icon(str(art.get("badge_icon") or ""))
        badge_px, badge_h = BADGE_UNITS * grow * k, BADGE_H * grow
        font = table_font(badge_px, bold=True)
        tw = QFontMetricsF(font).horizontalAdvance(badge) / k
        pad = badge_h - 6  # the icon's side, and the room either side of a number
        bw = min(w - 12, tw + (2 * pad if icon is not None else pad))
        brect = r((w - bw) / 2, y, bw, badge_h)
        p.setPen(QPen(QColor("#4a3b28"), 1.0 * k))
        p.setBrush(QColor("#fffdf6"))
        p.drawRoundedRect(brect, badge_h / 2 * k, badge_h / 2 * k)
        if icon is not None:
            icon(p, QRectF(brect.left() + 4 * k, brect.top() + 3 * k, pad * k, pad * k), k)
        text_rect = brect.adjusted((pad + 6 if icon is not None else pad / 2) * k, 0,
                                   (-4 if icon is not None else -pad / 2) * k, 0)
        draw_fitted(p, text_rect, badge, badge_px, INK, bold=True, wrap=False,
                    minimum=LEGIBLE_PX, role="badge")
        y += badge_h + 4

    ends = bool(art.get("ends_turn"))
    bottom = h - (ENDS_H + 7 if ends else 7)
    # The body in the player's language only: two languages halve the room and leave the
    # text unreadably small at a laptop's size; the card's hover text gives both.
    body = in_lang(art, "body", lang)
    body_rect = r(6, y + 1, w - 12, max(1.0, bottom - y - 1))
    # A body that cannot be printed large enough to read is left to the hover text. Asked at
    # the size it would be set at: Japanese wrapped at one size may overhang by a character a
    # box it fits at another (a full stop may not begin a line).
    size = BODY_UNITS * grow * k
    wrap = not one_word(body)
    font = fit_font(body, body_rect, size, wrap=wrap, minimum=LEGIBLE_PX)
    brief = in_lang(art, "brief", lang)
    if body and brief and (font.pixelSize() < READABLE_PX
                           or not _fits(body, body_rect, font, wrap)):
        # Too long to read at this size: the card's brief text; the hover and the large view
        # give the whole.
        body = brief
        wrap = not one_word(body)
        font = fit_font(body, body_rect, size, wrap=wrap, minimum=LEGIBLE_PX)
    if body and art.get("glance") and font.pixelSize() < READABLE_PX:
        # A card the player only glances at (a rival's building) prints its text where it
        # reads and otherwise leaves it to the hover text and the large view, printing its
        # gist (a word or two: what a glance needs) if it has one.
        textnotes.dropped(p, body_rect, body, GLANCE_ROLE)
        gist = in_lang(art, "gist", lang)
        if gist and _fits(gist, body_rect, table_font(READABLE_PX), True):
            draw_fitted(p, body_rect, gist, max(size, READABLE_PX), INK, wrap=True,
                        minimum=READABLE_PX, role="body")
    elif body and _fits(body, body_rect, font, wrap):
        draw_fitted(p, body_rect, body, size, INK, wrap=wrap, minimum=LEGIBLE_PX, role="body")
    elif body:
        textnotes.dropped(p, body_rect, body, "body")

    if ends:
        er = r(8, h - ENDS_H - 4, w - 16, ENDS_H)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#9b2226"))
        p.drawRoundedRect(er, ENDS_H / 2 * k, ENDS_H / 2 * k)
        # The player's language only, as the body: the strip is too small for two.
        label = "■ 手番終了" if lang == "ja" else "■ ends turn"
        draw_fitted(p, er.adjusted(3 * k, 0, -3 * k, 0), label, ENDS_UNITS * k, QColor("#fff3e0"),
                    bold=True, wrap=False, minimum=LEGIBLE_PX, role="ends")

    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor("#5c4630"), 1.2 * k))
    p.drawRoundedRect(card.adjusted(0.6 * k, 0.6 * k, -0.6 * k, -0.6 * k), rad, rad)
    p.setPen(QPen(QColor(255, 255, 255, 90), 0.8 * k))
    p.drawRoundedRect(card.adjusted(2.2 * k, 2.2 * k, -2.2 * k, -2.2 * k), rad * 0.8, rad * 0.8)
    p.end()
    return pm


def _draw_outlined(p: QPainter, rect: QRectF, text: str, size: float, fill: QColor,
                   outline: QColor, k: float, wrap: bool = False) -> None:
    """A title with a dark rim so it reads on any band colour: one line, cut with "…" if it
    is too long even at ``LEGIBLE_PX``, or with ``wrap`` as many lines as ``rect`` holds."""
    if not text:
        return
    font = fit_font(text, rect, size, bold=True, wrap=wrap, minimum=LEGIBLE_PX)
    fm = QFontMetricsF(font)
    lines = _wrapped(text, font, rect.width()) if wrap else [text]
    elided = False
    if not wrap and fm.horizontalAdvance(text) > rect.width() + 0.5:
        lines = [fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())]
        elided = lines[0] != text
    flags = _flags(wrap)
    textnotes.note(p, rect, "\n".join(lines) if wrap else lines[0], font, flags, "title",
                    elided=elided)
    path = QPainterPath()
    top = rect.center().y() - fm.height() * len(lines) / 2
    for i, line in enumerate(lines):
        adv = fm.horizontalAdvance(line)
        # On whole pixels: a line begun between two pixels smears every stem over both.
        path.addText(QPointF(round(rect.center().x() - adv / 2),
                             round(top + i * fm.height() + fm.ascent())), font, line)
    # Half the rim lies over the letters: a rim wider than a small type's thin stems leaves
    # an "i" or an "l" a dark smudge ("Internat onal" at 9 px), so it narrows with the type.
    rim = min(max(1.0, 1.6 * k), RIM_EM * font.pixelSize())
    p.save()
    p.setPen(QPen(outline, rim, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(fill)
    p.drawPath(path)
    p.restore()


def _wrapped(text: str, font: QFont, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` where it can be, as Qt wraps it
    (never inside a katakana word)."""
    joined = unbroken(text)
    layout = QTextLayout(joined, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    lines: list[str] = []
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        lines.append(joined[line.textStart():line.textStart() + line.textLength()]
                     .replace(WORD_JOINER, "").strip())
    layout.endLayout()
    lines = [ln for ln in lines if ln] or [text]
    if len(lines) == 2 and any(c >= "\u3000" for c in text) and lines[0][-1] not in _BREAKS:
        # Japanese breaks between any two characters (「道具破壊：つるは/し」): where the
        # title has a mark to break after, two lines split there, if both fit.
        fm = QFontMetricsF(font)
        marks = sorted((i for i, c in enumerate(text[:-1]) if c in _BREAKS),
                       key=lambda i: abs(i - len(text) / 2))
        for i in marks:
            head, tail = text[:i + 1].strip(), text[i + 1:].strip()
            if head and tail and max(fm.horizontalAdvance(head),
                                     fm.horizontalAdvance(tail)) <= width + 0.5:
                return [head, tail]
    return lines


def _mini_die(p: QPainter, rect: QRectF, k: float) -> None:
    p.save()
    p.setPen(QPen(QColor("#4a3b28"), 0.8 * k))
    p.setBrush(QColor("#fbf7ee"))
    p.drawRoundedRect(rect, rect.width() * 0.22, rect.width() * 0.22)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(INK)
    pr = rect.width() * 0.1
    for fx, fy in ((0.28, 0.28), (0.5, 0.5), (0.72, 0.72)):
        p.drawEllipse(QPointF(rect.left() + fx * rect.width(), rect.top() + fy * rect.height()),
                      pr, pr)
    p.restore()


def _mini_glasses(p: QPainter, rect: QRectF, k: float) -> None:
    """A pair of sunglasses: the mark an agent card prints once for each agent."""
    p.save()
    w, h = rect.width(), rect.height()
    lens_w, lens_h = w * 0.4, h * 0.4
    top = rect.top() + h * 0.34
    left, right = rect.left() + w * 0.06, rect.right() - w * 0.06
    pen = QPen(INK, 1.1 * k)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    # The brow bar across both lenses, and the arms going back from its ends.
    p.drawLine(QPointF(left, top), QPointF(right, top))
    p.drawLine(QPointF(left, top), QPointF(rect.left(), top - h * 0.16))
    p.drawLine(QPointF(right, top), QPointF(rect.right(), top - h * 0.16))
    p.setBrush(INK)
    for x in (left, right - lens_w):
        p.drawRoundedRect(QRectF(x, top, lens_w, lens_h), lens_h * 0.5, lens_h * 0.5)
    p.restore()


def _badge_icon(name: str) -> Callable[[QPainter, QRectF, float], None] | None:
    """The painter of the icon a badge carries in front of its text (``badge_icon``)."""
    return {"die": _mini_die, "glasses": _mini_glasses}.get(name)


def card_back(w: float, h: float, scale: float, colour: str = "#6b1f2a") -> QPixmap:
    """The patterned back shared by every face-down card."""

    def paint(p: QPainter, card: QRectF, k: float) -> None:
        rad = CARD_RADIUS * k
        soft_shadow(p, card, rad, k)
        base = QColor(colour)
        path = QPainterPath()
        path.addRoundedRect(card, rad, rad)
        grad = QLinearGradient(card.topLeft(), card.bottomRight())
        grad.setColorAt(0.0, base.lighter(130))
        grad.setColorAt(1.0, base.darker(130))
        p.fillPath(path, QBrush(grad))
        p.save()
        p.setClipPath(path)
        inner = card.adjusted(7 * k, 7 * k, -7 * k, -7 * k)
        p.setPen(QPen(QColor(240, 210, 140, 120), 0.9 * k))
        step = 9.0 * k
        x = inner.left() - inner.height()
        while x < inner.right():
            p.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
            p.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
            x += step
        p.restore()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#e9c46a"), 1.6 * k))
        p.drawRoundedRect(inner, rad * 0.6, rad * 0.6)
        centre = card.center()
        rr = min(w, h) * 0.2 * k
        p.setBrush(base.darker(150))
        p.drawEllipse(centre, rr, rr)
        star = QPainterPath()
        for i in range(10):
            ang = -math.pi / 2 + i * math.pi / 5
            rad_i = rr * (0.8 if i % 2 == 0 else 0.34)
            pt = QPointF(centre.x() + rad_i * math.cos(ang), centre.y() + rad_i * math.sin(ang))
            if i == 0:
                star.moveTo(pt)
            else:
                star.lineTo(pt)
        star.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e9c46a"))
        p.drawPath(star)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(0, 0, 0, 120), 1.0 * k))
        p.drawRoundedRect(card.adjusted(0.5 * k, 0.5 * k, -0.5 * k, -0.5 * k), rad, rad)

    return cached_face("back", colour, w, h, scale, paint)


# -- dice and tokens ----------------------------------------------------------------------

PIPS: dict[int, Sequence[tuple[float, float]]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _lit_from_above(p: QPainter, body: QRectF, base: QColor, light: tuple[float, float, float],
                    tones: tuple[int, int, int], edge_width: float) -> None:
    """Set a pen and brush that make ``body`` look round and lit from the upper left: a radial
    gradient from ``light`` (x and y of its centre and its reach, as fractions of the body),
    ``tones`` (how much lighter the centre, darker the rim, darker the edge line)."""
    fx, fy, reach = light
    lighter, darker, edge = tones
    grad = QRadialGradient(body.topLeft() + QPointF(body.width() * fx, body.height() * fy),
                           body.width() * reach)
    grad.setColorAt(0.0, base.lighter(lighter))
    grad.setColorAt(1.0, base.darker(darker))
    p.setPen(QPen(base.darker(edge), edge_width))
    p.setBrush(QBrush(grad))


def die_face(value: int, size: float, scale: float, colour: str = "") -> QPixmap:
    """An ivory (or tinted) die showing ``value`` pips; 0 or out of range shows a blank face."""

    def paint(p: QPainter, body: QRectF, k: float) -> None:
        rad = size * 0.2 * k
        soft_shadow(p, body, rad, k * 0.8)
        base = QColor(colour) if colour and QColor(colour).isValid() else QColor("#fbf6ea")
        _lit_from_above(p, body, base, (0.3, 0.3, 0.95), (108, 118, 180), 1.2 * k)
        p.drawRoundedRect(body, rad, rad)
        dark_die = base.lightness() < 110
        pip = QColor("#f8f4ea") if dark_die else QColor("#1f1a17")
        if value == 1 and not colour:
            pip = QColor("#b3202a")  # the traditional red ace
        pr = size * 0.095 * k
        for fx, fy in PIPS.get(value, ()):
            c = QPointF(body.left() + fx * body.width(), body.top() + fy * body.height())
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 120) if not dark_die else QColor(0, 0, 0, 90))
            p.drawEllipse(c + QPointF(0.5 * k, 0.7 * k), pr, pr)
            p.setBrush(pip)
            p.drawEllipse(c, pr, pr)

    return cached_face("die", [value, colour], size, size, scale, paint)


def token_face(label: str, colour: str, w: float, h: float, scale: float) -> QPixmap:
    """A round token with a short label."""

    def paint(p: QPainter, body: QRectF, k: float) -> None:
        soft_shadow(p, body, min(body.width(), body.height()) / 2, k * 0.7)
        base = QColor(colour) if colour and QColor(colour).isValid() else QColor("#c9a227")
        _lit_from_above(p, body, base, (0.35, 0.3, 0.8), (140, 130, 200), 1.4 * k)
        p.drawEllipse(body)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(255, 255, 255, 80), 1.0 * k))
        p.drawEllipse(body.adjusted(3 * k, 3 * k, -3 * k, -3 * k))
        text_col = QColor("white") if base.lightness() < 150 else INK
        # The rim takes a fixed 5 units of a large token, less of a small one: its label is
        # what the player reads.
        rim = min(5.0, 0.15 * min(w, h)) * k
        draw_fitted(p, body.adjusted(rim, rim, -rim, -rim), label, h * 0.42 * k, text_col,
                    bold=True, wrap=False, role="label")

    return cached_face("token", [label, colour], w, h, scale, paint)


# -- the felt -----------------------------------------------------------------------------

_felt_tile: QImage | None = None


def felt_tile() -> QImage:
    """A small seamless speckle texture laid over the felt gradient (fixed seed: no flicker)."""
    global _felt_tile
    if _felt_tile is None:
        size = 96
        img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        rng = random.Random(7)
        p = QPainter(img)
        for _ in range(900):
            x, y = rng.randrange(size), rng.randrange(size)
            light = rng.random() < 0.5
            alpha = rng.randrange(6, 20)
            p.setPen(QColor(255, 255, 255, alpha) if light else QColor(0, 0, 0, alpha + 6))
            p.drawPoint(x, y)
        p.end()
        _felt_tile = img
    return _felt_tile


def paint_felt(painter: QPainter, exposed: QRectF, table: QRectF) -> None:
    """Dark green felt: a soft radial light over the table and a fine texture."""
    grad = QRadialGradient(table.center(), max(table.width(), table.height()) * 0.75)
    grad.setColorAt(0.0, FELT_CENTRE)
    grad.setColorAt(0.7, FELT_CENTRE.darker(135))
    grad.setColorAt(1.0, FELT_EDGE)
    painter.fillRect(exposed, QBrush(grad))
    painter.fillRect(exposed, QBrush(felt_tile()))
