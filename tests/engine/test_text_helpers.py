"""The shared wording helpers of ``tabletop.text`` that every game's catalogue builds on:
one figure per seat, the winners' verb, the game-over prompt, a count's unit, and the full
stop a word that ends in its own mark stands for."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Msg
from tabletop.text import (
    ENGINE,
    Catalogue,
    MissingWords,
    counted,
    game_over_prompt,
    per_seat,
    render,
    who_wins,
)


def _say(value: Any, form: str) -> str:
    if form == "players":
        return " and ".join(f"Player {p + 1}" for p in value)
    return f"Player {value + 1}"


def test_per_seat_names_each_seat_then_its_figure() -> None:
    assert per_seat([12, 9], _say, "en") == "Player 1 12, Player 2 9"
    assert per_seat([12, 9], _say, "ja", unit_ja="点") == "Player 1 12点、Player 2 9点"
    assert per_seat([3, 0, 5], _say, "en", sep_en="; ") == "Player 1 3; Player 2 0; Player 3 5"


def test_per_seat_may_leave_out_empty_figures() -> None:
    assert per_seat([0, 4, 0, 2], _say, "en", skip_empty=True) == "Player 2 4, Player 4 2"
    assert per_seat([0, 0], _say, "ja", skip_empty=True) == ""


def test_who_wins_agrees_in_number() -> None:
    assert who_wins([1], _say) == "Player 2 wins"
    assert who_wins([0, 2], _say) == "Player 1 and Player 3 share the win"


def test_per_seat_reads_through_a_catalogue_in_both_languages() -> None:
    words = Catalogue({"tally": (lambda a, say: per_seat(a["v"], say, "en"),
                                 lambda a, say: per_seat(a["v"], say, "ja", unit_ja="点"))},
                      parent=ENGINE)
    msg = Msg("tally", v=[3, 1])
    assert render(msg, "en", words) == "Player 1 3, Player 2 1"
    assert render(msg, "ja", words) == "プレイヤー1 3点、プレイヤー2 1点"


def test_an_empty_list_of_terms_reads_none() -> None:
    # Worded through a catalogue with the engine's words or without: "attack none", never a
    # gap before the comma.
    entries = {"reveal": ("Attack {a:@card,}, defence {d:@card,}.",
                          "攻撃側 {a:@card,}、防御側 {d:@card,}。"),
               "card.s2": ("spy 2", "スパイ2"), "card.s4": ("spy 4", "スパイ4")}
    msg = Msg("reveal", a=[], d=["s2", "s4"])
    for words in (Catalogue(entries, parent=ENGINE), Catalogue(entries)):
        assert render(msg, "en", words, strict=True) == "Attack none, defence spy 2, spy 4."
        assert render(msg, "ja", words, strict=True) == "攻撃側 なし、防御側 スパイ2、スパイ4。"


def test_an_optional_part_is_worded_only_where_its_flag_is_true() -> None:
    words = Catalogue({
        "prompt": ("Go.{late:?prompt.late}{big:?prompt.big|prompt.small}",
                   "どうぞ。{late:?prompt.late}{big:?prompt.big|prompt.small}"),
        "prompt.late": (" It is late ({hour}h).", "遅い（{hour}時）。"),
        "prompt.big": (" Big {n:plural:hand:hands}.", "大きい手札。"),
        "prompt.small": (" Small.", "小さい。"),
    }, parent=ENGINE)
    assert render(Msg("prompt", late=False, big=True, n=2, hour=9), "en", words,
                  strict=True) == "Go. Big hands."
    assert render(Msg("prompt", late=True, big=False, n=1, hour=23), "en", words,
                  strict=True) == "Go. It is late (23h). Small."
    assert render(Msg("prompt", late=[3], big=[], n=1, hour=23), "ja", words,
                  strict=True) == "どうぞ。遅い（23時）。小さい。"


def test_an_optional_part_without_words_is_refused_in_strict_mode() -> None:
    words = Catalogue({"prompt": ("Go.{late:?prompt.nowhere}", "どうぞ。")}, parent=ENGINE)
    with pytest.raises(MissingWords):
        render(Msg("prompt", late=True), "en", words, strict=True)
    assert render(Msg("prompt", late=False), "en", words, strict=True) == "Go."


def test_templates_word_a_figure_per_seat_and_the_winners() -> None:
    words = Catalogue({"end": ("{s:tally} | {s:tally:点:;} | {w:wins}.",
                               "{s:tally} | {s:tally:点:;} | {w:wins}。")}, parent=ENGINE)
    both_won = Msg("end", s=[3, 1], w=[0, 1])
    assert render(both_won, "en", words, strict=True) == \
        "Player 1 3, Player 2 1 | Player 1 3; Player 2 1 | Player 1 and Player 2 share the win."
    assert render(both_won, "ja", words, strict=True) == (
        "プレイヤー1 3、プレイヤー2 1 | プレイヤー1 3点、プレイヤー2 1点 | "
        "プレイヤー1・プレイヤー2の勝ち。")
    one_won = Msg("end", s=[3, 1], w=[1])
    assert render(one_won, "en", words, strict=True).endswith("| Player 2 wins.")
    assert render(one_won, "ja", words, strict=True).endswith("| プレイヤー2の勝ち。")


def test_a_word_that_ends_in_its_own_mark_ends_the_sentence() -> None:
    # "removes Trapped!." read as a slip: the name's mark stands for the full stop.
    words = Catalogue({"card.T": ("Trapped!", "罠！"), "card.J": ("J.B.", "J.B."),
                       "card.G": ("Gold", "金"),
                       "line": ("{seat:player} removes {card:@card}.",
                                "{card:@card}を取り除いた。"),
                       "tail": ("Drew {card:@card}.", "{card:@card}。")}, parent=ENGINE)
    assert render(Msg("line", seat=0, card="T"), "en", words) == "Player 1 removes Trapped!"
    assert render(Msg("line", seat=0, card="J"), "en", words) == "Player 1 removes J.B."
    assert render(Msg("line", seat=0, card="G"), "en", words) == "Player 1 removes Gold."
    assert render(Msg("tail", card="T"), "ja", words) == "罠！"
    assert render(Msg("tail", card="J"), "ja", words) == "J.B.。"  # an abbreviation's dot


def test_a_count_names_its_unit_in_the_number_it_has() -> None:
    assert counted(1, "point:points") == "1 point" and counted(12, "point:points") == "12 points"
    assert counted(1, "gold") == "1 gold" and counted(0, "point:points") == "0 points"
    prompt = Catalogue({"prompt.over": game_over_prompt("point:points", "{best}点")},
                       parent=ENGINE)
    assert render(Msg("prompt.over", winners=[1], best=1), "en", prompt) == \
        "Game over: Player 2 wins with 1 point."
