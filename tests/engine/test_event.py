"""The ``Event`` record: its log line as a message code (``log.<kind>`` over its data, or a
message of its own), worded by a catalogue; and the words a game gives at once or builds on
first reading (``render``), for games that word their own events."""

from __future__ import annotations

from tabletop.engine import Event, Msg
from tabletop.text import ENGINE, Catalogue, render

WORDS = Catalogue({
    "log.roll": ("{seat:player} rolls {value}.", "{seat:player}のダイス:{value}"),
    "log.pass": ("{seat:player} passes.", "{seat:player}はパス。"),
}, parent=ENGINE)


def test_the_log_line_is_the_kind_over_the_data_unless_given() -> None:
    ev = Event("roll", {"seat": 0, "value": 3}, reveals=True)
    assert ev.msg == Msg("log.roll", seat=0, value=3)
    assert render(ev, "en", WORDS) == "Player 1 rolls 3."
    assert render(ev, "ja", WORDS) == "プレイヤー1のダイス:3"
    own = Event("roll", {"seat": 1, "value": 6}, msg=Msg("log.pass", seat=1))
    assert render(own, "en", WORDS) == "Player 2 passes."
    assert own.to_json() == {"kind": "roll", "data": {"seat": 1, "value": 6},
                             "msg": {"code": "log.pass", "args": {"seat": 1}}}
    assert own != Event("roll", {"seat": 1, "value": 6})


def test_rendered_text_is_built_once_and_only_when_read() -> None:
    calls: list[int] = []

    def words() -> dict[str, str]:
        calls.append(1)
        return {"en": "Player 1 rolls 3.", "ja": "プレイヤー1のダイス:3"}

    ev = Event("roll", {"seat": 0}, reveals=True, render=words)
    assert calls == []  # making the event builds no words
    assert render(ev, "ja", ENGINE) == "プレイヤー1のダイス:3"
    assert render(ev, "fr", ENGINE) == "Player 1 rolls 3."
    assert ev.text["en"] == "Player 1 rolls 3."
    assert ev.to_json() == {"kind": "roll", "data": {"seat": 0},
                            "text": {"en": "Player 1 rolls 3.", "ja": "プレイヤー1のダイス:3"},
                            "reveals": True}
    assert calls == [1]


def test_rendered_and_given_text_compare_equal() -> None:
    given = Event("end", {"seat": 1}, {"en": "Player 2 ends the turn."},
                  seats=frozenset({1}))
    lazy = Event("end", {"seat": 1}, seats=frozenset({1}),
                 render=lambda: {"en": "Player 2 ends the turn."})
    assert lazy == given
    assert lazy != Event("end", {"seat": 1}, {"en": "Player 2 ends the turn."})
    assert lazy.visible_to(1) and not lazy.visible_to(0) and not lazy.visible_to(None)


def test_a_code_without_words_shows_the_code() -> None:
    ev = Event("shrug")
    assert ev.data == {} and not ev.worded
    assert render(ev, "en", WORDS) == "log.shrug"
