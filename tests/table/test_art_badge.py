"""Card badges: a small die goes in front of a badge only when the art says it states dice
(Magos's spell requirements), never in front of National Economy's "$10" prices; sunglasses go
in front of a Mr. Sneaky agent card's count."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.games.magos.view import spell_art
from tabletop.games.national_economy.data import BUILDINGS
from tabletop.games.national_economy.view import card_art
from tabletop.table import art

W, H = 120.0, 170.0


def _calls(monkeypatch: pytest.MonkeyPatch, painter: str) -> list[object]:
    """The calls of ``art``'s icon painter ``painter`` from now on (it still paints)."""
    calls: list[object] = []
    real = getattr(art, painter)

    def counting(*args: Any) -> None:
        calls.append(args)
        real(*args)

    monkeypatch.setattr(art, painter, counting)
    return calls


def _face(monkeypatch: pytest.MonkeyPatch, card: dict[str, Any],
          lang: str = "en") -> tuple[QImage, int]:
    """The painted face and how many mini dice were drawn on it."""
    dice = _calls(monkeypatch, "_mini_die")
    pw, ph = art.piece_pixmap_size(W, H, 2.0)
    pm = art._paint_face(card, W, H, pw / (W + 2 * art.SHADOW), lang, pw, ph)
    return pm.toImage(), len(dice)


def test_magos_spells_keep_their_dice_badge(qtbot: object,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    fireball = spell_art("fireball")
    assert fireball["badge"] == "●●" and fireball["badge_icon"] == "die"
    _, dice = _face(monkeypatch, fireball)
    assert dice == 1


def test_a_price_badge_has_no_die(qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    building = next(b for b in BUILDINGS.values() if b.value > 0)
    price = card_art(building.id)
    assert price["badge"].startswith("$") and "badge_icon" not in price
    image, dice = _face(monkeypatch, price)
    assert dice == 0
    # The badge is still drawn: its pale fill sits in the middle under the title band.
    k = image.width() / (W + 2 * art.SHADOW)
    centre = image.pixelColor(int((art.SHADOW + W / 2) * k),
                              int((art.SHADOW + H * 0.28 + 4 + 2) * k))
    assert centre.lightness() > QColor("#e0d8c8").lightness()


def test_the_badge_tells_the_two_kinds_apart_in_pixels(qtbot: object,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    plain = {"title_en": "Card", "badge": "12", "color": "#3d7a5a"}
    with_die, _ = _face(monkeypatch, {**plain, "badge_icon": "die"})
    without, _ = _face(monkeypatch, plain)
    assert with_die != without


def test_a_pair_badge_is_a_word_in_the_players_language(qtbot: object,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    # MG-S20: Gale asks for a pair of dice; a Japanese table says so in Japanese.
    gale = spell_art("gale")
    assert art.in_lang(gale, "badge", "ja") == "ゾロ目"
    assert art.in_lang(gale, "badge", "en") == "pair"
    assert art.in_lang(spell_art("fireball"), "badge", "ja") == "●●"  # dice stay dice
    drawn: list[str] = []
    real = art.draw_fitted

    def noting(p: Any, rect: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("role") == "badge":
            drawn.append(text)
        return real(p, rect, text, *args, **kwargs)

    monkeypatch.setattr(art, "draw_fitted", noting)
    _face(monkeypatch, gale, "ja")
    _face(monkeypatch, gale, "en")
    assert drawn == ["ゾロ目", "pair"]


def test_a_small_agent_card_counts_its_agents_in_sunglasses(qtbot: object,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    # MS §10.2: an agent card shows one pair of sunglasses per agent; on a door's small card
    # the count is a badge, since no word for agents fits there in Japanese.
    from tabletop.games.mr_sneaky.view import card_art as sneaky_art

    glasses = _calls(monkeypatch, "_mini_glasses")
    small = sneaky_art("C4", small=True)
    assert small["badge"] == "×2" and small["badge_icon"] == "glasses"
    assert small["body_ja"] == "泥棒が\n保持" and small["body_en"] == "Thief keeps"
    _, dice = _face(monkeypatch, small, "ja")
    assert dice == 0 and len(glasses) == 1
    assert sneaky_art("C1", small=True)["badge"] == "×1"
    # The large card names the agents in words; guard cards carry no badge.
    assert sneaky_art("C4")["badge"] == "" and "エージェント2" in sneaky_art("C4")["body_ja"]
    assert sneaky_art("B1", small=True)["badge"] == ""
