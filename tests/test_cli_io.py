"""The command line's printing helpers: text from files never reaches the terminal raw."""

from __future__ import annotations

import io
import json
import unicodedata

import pytest

from tabletop.cli_io import OutputError, dumps, emit, shown

# Every control, format and separator character of the first plane, and a few beyond it.
UNSAFE = [chr(c) for c in range(0x30000)
          if unicodedata.category(chr(c)) in ("Cc", "Cf", "Cs", "Zl", "Zp")]


def test_shown_escapes_every_control_format_and_surrogate_character() -> None:
    assert len(UNSAFE) > 2000  # the whole surrogate range is in
    text = "".join(UNSAFE)
    out = shown(text)
    out.encode("ascii")  # every one became an escape
    assert shown("\x1b[31m\t\n") == "\\x1b[31m\\t\\n"
    assert shown("\u202eevil\ud800") == "\\u202eevil\\ud800"
    assert shown("\U000e0001") == "\\U000e0001"
    assert shown("マゴス — ok ½") == "マゴス — ok ½"  # readable text is left alone
    assert shown("a\tb\nc\x1b", keep="\t\n") == "a\tb\nc\\x1b"


def test_dumps_escapes_them_as_json_and_round_trips() -> None:
    # Surrogates one by one: a high one followed by a low one reads back as their pair, in
    # any JSON.
    no_pairs = [c for c in UNSAFE if unicodedata.category(c) != "Cs"]
    value = {"text": "".join(no_pairs) + "マゴス\x7f\ud800.\udfff", "n": 1}
    out = dumps(value)
    assert all(not unicodedata.category(c).startswith(("C", "Z")) or c in " \n" for c in out)
    assert json.loads(out) == value
    assert "マゴス" in out  # not \\u escaped
    with pytest.raises(ValueError):
        dumps({"x": float("nan")})


def test_emit_escapes_what_the_encoding_cannot_hold() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    emit(stream, "マゴス\n")
    assert raw.getvalue() == b"\\u30de\\u30b4\\u30b9\n"


class _Full(io.StringIO):
    def write(self, s: str) -> int:
        raise OSError(28, "No space left on device")


def test_emit_turns_a_failed_write_into_output_error() -> None:
    with pytest.raises(OutputError, match="No space left on device"):
        emit(_Full(), "text")
