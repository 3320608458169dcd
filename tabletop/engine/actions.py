"""A game's action texts as one table: each kind of action and what its argument may be, from
which the game parses an action text, writes one, and tells a well-formed one from any other.

Actions are short texts (``play:spy3``, ``call:hacker``, ``pass``) so that a match replays from
its action list and a save file stays readable. Instead of splitting them by hand in several
places, a game declares its forms once::

    ACTIONS = ActionForms({
        "pass": None,                      # no argument
        "play": is_card,                   # an argument the test accepts
        "call": TYPES,                     # an argument among these
    })

    ACTIONS.format("play", "spy3")         # "play:spy3"
    ACTIONS.parse("play:spy3")             # ("play", "spy3"); None for a text of no form
    ACTIONS.is_well_formed("call:joker")   # False

and its ``Game.is_well_formed`` answers with the table (``Game.actions``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

#: What an action kind's argument may be: ``None`` (the kind takes none), the texts it may be,
#: or a test of the text.
ArgumentForm = Collection[str] | Callable[[str], bool] | None


class ActionForms:
    """The action kinds of a game and the argument each takes."""

    def __init__(self, kinds: Mapping[str, ArgumentForm]) -> None:
        for kind in kinds:
            if not kind or ":" in kind or kind != kind.strip():
                raise ValueError(f"action kind {kind!r} must be a word without ':'")
        self.kinds: dict[str, ArgumentForm] = dict(kinds)

    def format(self, kind: str, argument: object = None) -> str:
        """The action text of ``kind`` with ``argument`` (``ValueError`` for no such form)."""
        text = kind if argument is None else f"{kind}:{argument}"
        if not self.is_well_formed(text):
            raise ValueError(f"{text!r} is not an action of this game")
        return text

    def parse(self, action: str) -> tuple[str, str] | None:
        """``(kind, argument)`` of a well-formed action text (the argument "" for a kind that
        takes none); ``None`` for any other text."""
        kind, sep, argument = action.partition(":")
        if kind not in self.kinds:
            return None
        form = self.kinds[kind]
        if form is None:
            return (kind, "") if not sep else None
        if not sep or not argument or argument != argument.strip():
            return None
        if callable(form):
            return (kind, argument) if form(argument) else None
        return (kind, argument) if argument in form else None

    def is_well_formed(self, action: str) -> bool:
        return self.parse(action) is not None
