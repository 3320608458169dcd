"""Messages as codes: what the rules say, without saying it in any language.

A refusal, a log line, a prompt or a move's description is a ``Msg``: a stable code and its
arguments (``Msg("no_card", card="spy3")``). The rules build them; each game's message
catalogue words them in Japanese and English at the app's edge (``tabletop.text``). So a
refusal is written once and reads the same to the table, the session, the command line and the
AI, in whatever language the player chose, and a code that lacks a language is found by the
conformance kit rather than by a player.

Arguments are plain values (numbers, text, true/false), lists of them, or other messages,
worded in turn. By convention ``seat`` and ``seats`` name players and ``card``-like arguments
are ids the catalogue knows terms for. The message of an event is its ``kind`` and ``data``
unless the event gives one (see ``Event``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Msg:
    """A message code with named arguments. Immutable by convention; cheap to build."""

    __slots__ = ("args", "code")

    def __init__(self, code: str, /, **args: Any) -> None:
        self.code = code
        self.args: Mapping[str, Any] = args

    @classmethod
    def of(cls, code: str, args: Mapping[str, Any]) -> Msg:
        """A message from a mapping of arguments (an event's data, say)."""
        msg = cls(code)
        msg.args = args
        return msg

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return self.code == other.code and dict(self.args) == dict(other.args)

    __hash__ = None  # type: ignore[assignment]  # arguments may be lists

    def __repr__(self) -> str:
        inner = ", ".join([repr(self.code), *(f"{k}={v!r}" for k, v in self.args.items())])
        return f"Msg({inner})"

    # The code and arguments, for a programmer; a player reads ``tabletop.text.render``.
    __str__ = __repr__

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "args": {k: _json(v) for k, v in self.args.items()}}


def _json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def messages_in(value: Any) -> list[Msg]:
    """Every message in ``value`` and in its arguments, outermost first (for the kit)."""
    out: list[Msg] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Msg):
            out.append(item)
            stack.extend(reversed(list(item.args.values())))
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
    return out
