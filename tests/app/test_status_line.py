"""The status line keeps its height whatever it says, so the table below never jumps; a long
message is set smaller and, past that, cut with "…" and given whole in the tooltip."""

from __future__ import annotations

from typing import Any

from tabletop.app.pages import StatusLabel


def shown_label(qtbot: Any, width: int, style: str = "") -> StatusLabel:
    """A status line ``width`` pixels wide, on screen (styled like the app's with ``style``)."""
    label = StatusLabel()
    qtbot.addWidget(label)
    if style:
        label.setStyleSheet(f"QLabel#status {{ {style} padding: 6px 12px; }}")
    label.resize(width, label.height())
    label.show()
    return label


def test_the_status_line_never_changes_height(qtbot) -> None:
    label = shown_label(qtbot, 700)
    height = label.height()
    label.set_full_text("Your turn.")
    assert label.text() == "Your turn." and label.toolTip() == ""
    assert label.font().pointSizeF() == StatusLabel.SIZES[0]
    middle = "Payday: wages $12, you hold $5. Sell buildings to cover $7: " + "Farm $4; " * 6
    label.set_full_text(middle)
    assert label.height() == height
    assert label.font().pointSizeF() <= StatusLabel.SIZES[0]
    very_long = " ".join(f"Option {i}: Farm + Factory = ${i}" for i in range(60))
    label.set_full_text(very_long)
    assert label.height() == height
    assert label.font().pointSizeF() == StatusLabel.SIZES[-1]
    assert label.text().endswith("…") and len(label.text()) < len(very_long)
    assert label.toolTip() == very_long and label.full_text() == very_long
    label.set_full_text("Your turn.")  # a short message is whole again, at the usual size
    assert label.text() == "Your turn." and label.toolTip() == ""
    assert label.font().pointSizeF() == StatusLabel.SIZES[0]


def test_japanese_without_spaces_is_cut_too(qtbot) -> None:
    label = shown_label(qtbot, 500)
    text = "支払日：建物を売って賃金を払ってください。" * 30
    label.set_full_text(text)
    assert label.text().endswith("…") and label.toolTip() == text


def test_hover_is_shown_beside_the_prompt_never_in_its_place(monkeypatch) -> None:
    from tabletop.app import status as st

    shown: list[tuple[str, str]] = []
    hints: list[str] = []
    line = st.StatusLine(lambda text, kind: shown.append((text, kind)), hints.append)
    line.set_base("Your turn: take one or two stones.", st.TURN)
    line.hover("Stone 3")
    line.hover("")
    assert shown == [("Your turn: take one or two stones.", st.TURN)]
    assert hints == ["Stone 3", ""]
    clock = [100.0]
    monkeypatch.setattr(st.time, "monotonic", lambda: clock[0])
    line.refused("Only 1 stone is left.")
    line.hover("Stone 1")  # the reason is held against the pointer's moves for a while
    assert shown[-1] == ("Only 1 stone is left.", st.WARNING)
    clock[0] += st.WARNING_HOLD_S
    line.hover("Stone 2")  # then the prompt comes back
    assert shown[-1] == ("Your turn: take one or two stones.", st.TURN)


def test_a_japanese_prompt_after_a_name_fits_or_is_cut_late(qtbot) -> None:
    # "Ben: " then Japanese without spaces: measured in its own (taller) line height, the
    # prompt fits two lines at a smaller size; three times over it is cut between characters,
    # not after the name.
    label = shown_label(qtbot, 960)
    prompt = ("Ben：あなたの番です：通路カードを光っているマスへドラッグ"
              "（右クリックかRキーで180°回転）、アクションカードをプレイヤーかカードの上へ、"
              "またはパスするならカードを捨て札へ。")
    label.set_full_text(prompt)
    assert label.text() == prompt and label.toolTip() == ""
    label.set_full_text(prompt * 3)
    shown = label.text()
    assert shown.endswith("…") and prompt.startswith(shown[:60]) and len(shown) > len(prompt)


def test_english_is_cut_at_a_space(qtbot) -> None:
    label = shown_label(qtbot, 400)
    text = " ".join(["Farmhouse"] * 80)
    label.set_full_text(text)
    assert label.text().endswith("Farmhouse…")


def test_two_full_lines_of_bold_type_fit(qtbot) -> None:
    # Two wrapped lines are a line and a line spacing high (leading included), not twice one
    # line: a prompt that fills two lines at the smallest size is shown whole, not cut.
    label = shown_label(qtbot, 962, "font-weight: bold;")
    prompt = ("Your turn: a broken tool or Trapped! stops your path cards. Drop an action card "
              "on a player or a card, click a card in front of you to discard two and remove "
              "it, or drop cards on Discard to pass.")
    label.set_full_text(prompt)
    assert label.text() == prompt and label.toolTip() == ""
