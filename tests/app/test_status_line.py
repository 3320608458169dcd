"""The status line keeps its height whatever it says, so the table below never jumps; a long
message is set smaller and, past that, cut with "…" and given whole in the tooltip."""

from __future__ import annotations

from tabletop.app.pages import StatusLabel


def test_the_status_line_never_changes_height(qtbot) -> None:
    label = StatusLabel()
    qtbot.addWidget(label)
    label.resize(700, label.height())
    label.show()
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
    label = StatusLabel()
    qtbot.addWidget(label)
    label.resize(500, label.height())
    label.show()
    text = "支払日:建物を売って賃金を払ってください。" * 30
    label.set_full_text(text)
    assert label.text().endswith("…") and label.toolTip() == text
