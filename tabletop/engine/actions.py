"""A game's action texts as one table: each kind of action and what its argument may be, from
which the game parses an action text, writes one, tells a well-formed one from any other, and
hands each action to the method that handles its kind, with its argument read as a value.

Actions are short texts (``play:spy3``, ``call:hacker``, ``pass``) so that a match replays from
its action list and a save file stays readable. Instead of splitting them by hand in several
places, a game declares its forms once::

    ACTIONS = ActionForms({
        "pass": None,                       # no argument
        "play": is_card,                    # an argument the test accepts (read as its text)
        "call": TYPES,                      # an argument among these texts
        "bid": Arg.numbers(range(1, 13)),   # an argument read as a value: here an int
        "move": Arg.pair(Arg.integer(), Arg.integer(), ","),  # "move:3,4" reads (3, 4)
    })

    ACTIONS.format("play", "spy3")         # "play:spy3"
    ACTIONS.format("move", (3, 4))         # "move:3,4": an ``Arg`` writes its values too
    ACTIONS.parse("play:spy3")             # ("play", "spy3"); None for a text of no form
    ACTIONS.read("bid:7")                  # ("bid", 7): the argument as its value
    ACTIONS.is_well_formed("call:joker")   # False

and its ``Game.is_well_formed`` answers with the table (``Game.actions``).

Dispatch replaces the chains of ``if kind == ...`` that read an action: ``ACTIONS.dispatch``
makes, for one purpose, a caller that sends each action to the game's method named after its
kind, with the argument already read. ``Game`` makes its ``apply_in_place``, ``refuse`` and
``describe_action`` this way for a game that declares ``actions = ACTIONS`` and gives methods
of each kind (``_apply_`` for every kind; a kind without ``_refuse_`` or ``_describe_`` gets
the default answer), so the game writes only those::

    class MyGame(Game[MyState]):
        actions = ACTIONS

        # "bid:7": self._apply_bid(state, 7, events); apply_in_place returns the events
        def _apply_bid(self, state: MyState, bid: int, events: list[Event]) -> None: ...
        def _apply_pass(self, state: MyState, events: list[Event]) -> None: ...
        def _refuse_bid(self, state: MyState, bid: int) -> Msg: ...      # refuse
        def _describe_bid(self, state: MyState, bid: int) -> Msg: ...    # describe_action

Anything else may make a caller of its own::

    WORDS: Dispatch[str] = ACTIONS.dispatch("_word_", default=lambda action: action)
    WORDS(target, state, "bid:7")          # target._word_bid(state, 7)

A kind without an argument is called without one. A caller without a ``default`` needs a
method for every kind (it says which are missing the first time it serves a class) and refuses
an ill-formed text with ``InvalidActionError``; one with a ``default`` answers both with it.
A caller reads each action text once and keeps its handler and value, so a move costs about
what the chain of comparisons it replaces did.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, Final, Generic, Protocol, TypeVar, cast

from .errors import InvalidActionError
from .messages import Msg

T = TypeVar("T")
A = TypeVar("A")
B = TypeVar("B")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class Arg(Generic[T]):
    """An argument read as a value of its own type (an int, a card, a pair, a cell).

    ``read`` gives the value of a text of the form and raises ``ValueError`` for any other;
    ``write`` gives the text of a value (``str`` by default), so ``ActionForms.format`` takes
    the value itself. Values are read once per action text and shared by every call that
    handles that text, so they must not be changed: ints, texts and tuples of them."""

    __slots__ = ("read", "write")

    def __init__(self, read: Callable[[str], T], write: Callable[[T], str] = str) -> None:
        self.read = read
        self.write = write

    @staticmethod
    def among(texts: Mapping[str, A]) -> Arg[A]:
        """An argument among the texts of ``texts``, each read as the value it maps to."""
        table = dict(texts)
        back: dict[A, str] = {}
        for text, value in table.items():
            back.setdefault(value, text)

        def read(text: str) -> A:
            try:
                return table[text]
            except KeyError:
                raise ValueError(f"{text!r} is none of {sorted(table)}") from None

        return Arg(read, back.__getitem__)

    @staticmethod
    def numbers(values: Iterable[int]) -> Arg[int]:
        """An argument among ``values``, written in decimal and read as ints: exactly those
        texts (``"07"`` is not 7)."""
        return Arg.among({str(v): v for v in values})

    @staticmethod
    def integer(*, signed: bool = False) -> Arg[int]:
        """Any whole number written in ASCII decimal digits (with a leading ``-`` if
        ``signed``), read as an int; no sign, space or ``_`` that ``int`` would take."""

        def read(text: str) -> int:
            digits = text[1:] if signed and text[:1] == "-" else text
            if not (digits.isascii() and digits.isdigit()):
                raise ValueError(f"{text!r} is not a whole number")
            return int(text)

        return Arg(read)

    @staticmethod
    def text(form: Collection[str] | Callable[[str], bool]) -> Arg[str]:
        """A text argument as ``ActionForms`` takes one (texts it may be, or a test of it),
        read as the text itself: a part of a ``pair``."""
        reader = _reader(form)

        def read(text: str) -> str:
            if reader(text) is _BAD:
                raise ValueError(f"{text!r} is not of the form")
            return text

        return Arg(read)

    @staticmethod
    def pair(first: Arg[A], second: Arg[B], sep: str) -> Arg[tuple[A, B]]:
        """Two arguments joined by ``sep`` (``"3+4"``, a cell ``"2,-1"``), read as a tuple;
        the text is split at the first ``sep``."""
        if not sep:
            raise ValueError("a pair needs a separator")
        read_a, read_b = first.read, second.read

        def read(text: str) -> tuple[A, B]:
            a, found, b = text.partition(sep)
            if not found:
                raise ValueError(f"{text!r} has no {sep!r}")
            return read_a(a), read_b(b)

        def write(value: tuple[A, B]) -> str:
            return f"{first.write(value[0])}{sep}{second.write(value[1])}"

        return Arg(read, write)


#: What an action kind's argument may be: ``None`` (the kind takes none), the texts it may be,
#: a test of the text (both read as the text), or an ``Arg`` (read as its value).
ArgumentForm = Collection[str] | Callable[[str], bool] | Arg[Any] | None

# A reader's answer for a text not of its form. A sentinel rather than an exception, so that
# an error raised by a game's own test of a text is never taken for "not of the form".
_BAD: Final = object()

#: How many action texts a table keeps read: every legal action a game can offer, many times
#: over; ill-formed texts are never kept, so a stream of odd texts cannot grow it.
READ_CACHE_SIZE = 65_536


def _reader(form: Collection[str] | Callable[[str], bool] | Arg[Any]) -> Callable[[str], Any]:
    """A function giving the value of an argument text of ``form``, or ``_BAD``."""
    if isinstance(form, Arg):
        read = form.read

        def read_arg(text: str) -> Any:
            try:
                return read(text)
            except ValueError:
                return _BAD

        return read_arg
    if callable(form):
        test = form
        return lambda text: text if test(text) else _BAD
    texts = form
    return lambda text: text if text in texts else _BAD


def handler_name(prefix: str, kind: str) -> str:
    """The name of the method of ``kind`` that a dispatch of ``prefix`` calls."""
    return prefix + re.sub(r"\W", "_", kind)


class ActionForms:
    """The action kinds of a game and the argument each takes."""

    def __init__(self, kinds: Mapping[str, ArgumentForm]) -> None:
        for kind in kinds:
            if not kind or ":" in kind or kind != kind.strip():
                raise ValueError(f"action kind {kind!r} must be a word without ':'")
        self.kinds: dict[str, ArgumentForm] = dict(kinds)
        self._readers: dict[str, Callable[[str], Any] | None] = {
            kind: None if form is None else _reader(form) for kind, form in self.kinds.items()}
        # action text -> (kind, value, whether the kind takes an argument)
        self._read: dict[str, tuple[str, Any, bool]] = {}

    def format(self, kind: str, argument: object = None) -> str:
        """The action text of ``kind`` with ``argument`` (``ValueError`` for no such form).
        The argument of an ``Arg`` form may be given as its value or as its text."""
        form = self.kinds.get(kind)
        if isinstance(form, Arg) and argument is not None and not isinstance(argument, str):
            try:
                argument = form.write(argument)
            except (KeyError, TypeError, IndexError, ValueError):
                raise ValueError(f"{argument!r} is no argument of {kind!r}") from None
        text = kind if argument is None else f"{kind}:{argument}"
        if not self.is_well_formed(text):
            raise ValueError(f"{text!r} is not an action of this game")
        return text

    def _split(self, action: str) -> tuple[str, Any, bool] | None:
        """``(kind, value, takes an argument)`` of a well-formed text, else ``None``."""
        kind, sep, argument = action.partition(":")
        if kind not in self._readers:
            return None
        reader = self._readers[kind]
        if reader is None:
            return (kind, None, False) if not sep else None
        if not sep or not argument or argument != argument.strip():
            return None
        value = reader(argument)
        return None if value is _BAD else (kind, value, True)

    def _lookup(self, action: str) -> tuple[str, Any, bool] | None:
        got = self._read.get(action)
        if got is None:
            got = self._split(action)
            if got is not None and len(self._read) < READ_CACHE_SIZE:
                self._read[action] = got
        return got

    def parse(self, action: str) -> tuple[str, str] | None:
        """``(kind, argument)`` of a well-formed action text (the argument "" for a kind that
        takes none); ``None`` for any other text."""
        got = self._lookup(action)
        if got is None:
            return None
        kind = got[0]
        return (kind, action[len(kind) + 1:]) if got[2] else (kind, "")

    def read(self, action: str) -> tuple[str, Any] | None:
        """``(kind, value)`` of a well-formed action text: the argument as its form reads it
        (an ``Arg``'s value, else the text; ``None`` for a kind that takes none); ``None`` for
        any other text."""
        got = self._lookup(action)
        return None if got is None else (got[0], got[1])

    def is_well_formed(self, action: str) -> bool:
        return self._lookup(action) is not None

    def dispatch(self, prefix: str, *, extra: int = 0,
                 default: Callable[[str], R] | None = None) -> Dispatch[R]:
        """A caller that hands each action to the method ``<prefix><kind>`` of the object it
        is given (a ``-`` or other non-word character of the kind read as ``_``), with the
        argument read as a value and the ``extra`` arguments after the action passed on;
        ``default`` answers, from the action text, for a kind without such a method and for
        an ill-formed text."""
        if not prefix.isidentifier():
            raise ValueError(f"handler prefix {prefix!r} must begin a method name")
        if extra < 0:
            raise ValueError("extra counts arguments: 0 or more")
        return _dispatcher(self, prefix, extra, default)


class Dispatch(Protocol[R_co]):
    """Sends an action text to the method that handles its kind (``ActionForms.dispatch``).

    ``dispatch(target, state, action, *extra)`` calls ``target.<prefix><kind>(state, value,
    *extra)``, or ``(state, *extra)`` for a kind that takes no argument, and returns what it
    returns; ``extra`` holds as many arguments as the dispatch was made for. The methods are
    looked up once per class, so a subclass may override one."""

    def __call__(self, target: Any, state: Any, action: str, /, *extra: Any) -> R_co: ...


# The value of a kind that takes no argument, in a dispatch's table: its handler gets none.
_NO_ARGUMENT: Final = object()


def _dispatcher(forms: ActionForms, prefix: str, extra: int,
                default: Callable[[str], R] | None) -> Dispatch[R]:
    names = {kind: handler_name(prefix, kind) for kind in forms.kinds}
    # class -> action text -> (handler, value): a move costs one look-up in each.
    tables: dict[type, dict[str, tuple[Callable[..., R], Any]]] = {}
    handlers: dict[type, dict[str, Callable[..., R] | None]] = {}

    def handlers_of(cls: type) -> dict[str, Callable[..., R] | None]:
        found = {kind: getattr(cls, name, None) for kind, name in names.items()}
        missing = [kind for kind, handler in found.items() if handler is None]
        if missing and default is None:
            raise TypeError(f"{cls.__name__} handles no action of kind "
                            f"{', '.join(map(repr, missing))}: it needs "
                            f"{', '.join(names[kind] for kind in missing)}")
        handlers[cls] = found
        tables.setdefault(cls, {})
        return found

    def slow(target: object, state: object, action: str, more: tuple[Any, ...]) -> R:
        got = forms._lookup(action)
        if got is None:
            if default is not None:
                return default(action)
            raise InvalidActionError(Msg("not_an_action", action=str(action),
                                         game=Msg("game.name")))
        kind, value, takes = got
        cls = type(target)
        found = handlers.get(cls) or handlers_of(cls)
        handler = found[kind]
        if handler is None:
            return cast(Callable[[str], R], default)(action)
        table = tables[cls]
        if len(table) < READ_CACHE_SIZE:
            table[action] = (handler, value if takes else _NO_ARGUMENT)
        if takes:
            return handler(target, state, value, *more)
        return handler(target, state, *more)

    # Written out for its number of extra arguments: a call through ``*args`` costs about as
    # much again as the look-ups, and ``apply`` runs it on every move of every search.
    args = "".join(f", x{i}" for i in range(extra))
    more = "(" + "".join(f"x{i}, " for i in range(extra)) + ")"
    code = "\n".join((
        f"def dispatch(target, state, action{args}):",
        "    try:",
        "        handler, value = _tables[target.__class__][action]",
        "    except KeyError:",
        f"        return _slow(target, state, action, {more})",
        "    if value is _NO_ARGUMENT:",
        f"        return handler(target, state{args})",
        f"    return handler(target, state, value{args})",
    ))
    namespace: dict[str, Any] = {"_tables": tables, "_slow": slow,
                                 "_NO_ARGUMENT": _NO_ARGUMENT}
    exec(code, namespace)
    return cast(Dispatch[R], namespace["dispatch"])
