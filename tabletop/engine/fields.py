"""A state's fields as one table, from which its copy and its JSON form are made.

A rules model's state is a plain class with ``__slots__`` whose ``__init__`` sets the opening
position. Everything else that must name every field (the slots, ``clone()``, the JSON form and
loading it back) comes from one ``StateFields`` table, so a field added to a game is added in one
place and cannot be forgotten by its copy or its save file::

    FIELDS = StateFields(phase=STR, hands=STRS2, deck=Field(DICT, dump=sorted_counts),
                         deck_size=derived(lambda s: sum(s.deck.values())))

    class MyState:
        __slots__ = FIELDS.names

        def clone(self) -> MyState:
            return FIELDS.clone(self)

A state rebuilt from an observation reads the fields the observation shows as the state keeps
them through the same table (``FIELDS.load_shown(state, obs, "phase round turn")``), and a
game whose JSON form is the table's names it as its ``Game.fields``.

``clone`` is generated code that copies each field as its kind says (a list by a slice, a list
of lists by a slice of each, a dict by ``copy``), as fast as a hand-written copy: searches clone a
state on every iteration, and ``copy.deepcopy`` is about 25 times slower.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

# How ``clone`` copies a field's value.
SAME = "same"    # numbers, text, tuples, frozen objects: the value itself
LIST = "list"    # a list of values that are not copied: a slice
LISTS = "lists"  # a list of such lists: each sliced
DICT = "dict"    # a dict of values that are not copied: ``copy()``

_COPY_CODE = {SAME: "{v}", LIST: "{v}[:]", LISTS: "[x[:] for x in {v}]", DICT: "{v}.copy()"}


@dataclass(frozen=True)
class Field:
    """One field: how it is copied, written to JSON (``dump``; by default a copy of the same
    shape) and read back (``load``; by default the value as stored), under ``key`` if its
    stored name differs. A field with ``derive`` is not stored: loading works it out from the
    other fields once they are read. A ``given`` field is written but not set by ``load``: the
    state's constructor, which the game calls with it, has set it already."""

    copy: str = SAME
    dump: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None
    derive: Callable[[Any], Any] | None = None
    key: str | None = None  # its name in the JSON form, where that differs
    given: bool = False  # the state's constructor sets it from the JSON form: not loaded again


def _ints(v: Any) -> list[int]:
    return [int(x) for x in v]


def _strs(v: Any) -> list[str]:
    return [str(x) for x in v]


INT = Field(load=int)
STR = Field(load=str)
BOOL = Field(load=bool)
INTS = Field(LIST, load=_ints)
STRS = Field(LIST, load=_strs)
BOOLS = Field(LIST, load=lambda v: [bool(x) for x in v])
INTS2 = Field(LISTS, load=lambda v: [_ints(r) for r in v])
STRS2 = Field(LISTS, load=lambda v: [_strs(r) for r in v])
BOOLS2 = Field(LISTS, load=lambda v: [[bool(x) for x in r] for r in v])
OPT_INT = Field(load=lambda v: None if v is None else int(v))
OPT_INTS = Field(LIST, load=lambda v: [None if x is None else int(x) for x in v])
SORTED_INTS = Field(LIST, load=lambda v: sorted(int(x) for x in v))
SORTED_INTS2 = Field(LISTS, load=lambda v: [sorted(int(x) for x in r) for r in v])


def _copies(data: Any) -> dict[str, int]:
    return {str(c): int(k) for c, k in data.items() if int(k) > 0}


#: Copies left per card id (no zero entries), written in the order of the ids.
COPIES = Field(DICT, dump=lambda d: dict(sorted(d.items())), load=_copies)


def maybe(convert: Callable[[Any], Any]) -> Field:
    """A field that may be ``None``, shared by copies (its value is never changed once made)
    and written and read through ``convert`` otherwise (a copy that checks each part)."""
    def either(value: Any) -> Any:
        return None if value is None else convert(value)

    return Field(dump=either, load=either)


def counts_per(values: Sequence[object]) -> Field:
    """A count per value, kept as a list in the order of ``values`` and written as a mapping
    from each value's text to its count (a deck of numbered cards, say)."""
    keys = [str(v) for v in values]
    return Field(LIST, dump=lambda counts: dict(zip(keys, counts, strict=True)),
                 load=lambda data: [int(data.get(k, 0)) for k in keys])


def derived(derive: Callable[[Any], Any], copy: str = SAME) -> Field:
    """A field kept for speed and worked out again on loading (a count of a deck, say)."""
    return Field(copy, derive=derive)


def _dump_default(copy: str) -> Callable[[Any], Any]:
    if copy == LIST:
        return lambda v: v[:]
    if copy == LISTS:
        return lambda v: [x[:] for x in v]
    if copy == DICT:
        return dict
    return lambda v: v


class StateFields:
    """The table of a state's fields, in order: its slots, its copy and its JSON form."""

    def __init__(self, **fields: Field) -> None:
        for name, f in fields.items():
            if f.copy not in _COPY_CODE:
                raise ValueError(f"field {name!r}: unknown copy kind {f.copy!r}")
        self.fields: dict[str, Field] = dict(fields)
        self.names: tuple[str, ...] = tuple(fields)
        kept = [(name, f) for name, f in fields.items() if f.derive is None]
        self.stored: tuple[tuple[str, str, Callable[[Any], Any], Callable[[Any], Any]], ...] = (
            tuple((name, f.key or name, f.dump or _dump_default(f.copy), f.load or (lambda v: v))
                  for name, f in kept))
        self.loaded = tuple(entry for entry, (_, f) in zip(self.stored, kept, strict=True)
                            if not f.given)
        self.derived: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple(
            (name, f.derive) for name, f in fields.items() if f.derive is not None)
        lines = ["def clone(self):", "    s = _new(self.__class__)"]
        lines += [f"    s.{name} = " + _COPY_CODE[f.copy].format(v=f"self.{name}")
                  for name, f in fields.items()]
        lines.append("    return s")
        namespace: dict[str, Any] = {"_new": object.__new__}
        exec("\n".join(lines), namespace)
        self._clone: Callable[[Any], Any] = namespace["clone"]

    def extended(self, **fields: Field) -> StateFields:
        """The table of a state class derived from this one's: the named fields replaced
        (kept in their place), new ones added at the end."""
        return StateFields(**{**self.fields, **fields})

    def names_beyond(self, base: StateFields) -> tuple[str, ...]:
        """The slots a subclass adds to ``base``'s state class."""
        return tuple(n for n in self.names if n not in base.fields)

    def stored_keys(self) -> tuple[str, ...]:
        """The keys of the JSON form."""
        return tuple(key for _, key, _, _ in self.stored)

    def clone(self, state: T) -> T:
        """A copy of ``state`` that shares nothing mutable with it."""
        copied: T = self._clone(state)
        return copied

    def to_json(self, state: Any) -> dict[str, Any]:
        """The JSON form: every stored field by its ``dump``."""
        return {key: dump(getattr(state, name)) for name, key, dump, _ in self.stored}

    def load_shown(self, state: T, shown: Mapping[str, Any], names: str) -> T:
        """Set the fields ``names`` (separated by spaces) of ``state`` from ``shown``, each
        read by its field's ``load`` (a field without one, copied as its kind says) under its
        own name: the part of an observation that shows fields as the state keeps them, when a
        state is rebuilt from what a seat sees. A missing key raises ``KeyError``."""
        fields = self.fields
        for name in names.split():
            f = fields[name]
            setattr(state, name, (f.load or _dump_default(f.copy))(shown[name]))
        return state

    def load(self, state: T, data: Mapping[str, Any]) -> T:
        """Set every field of ``state`` from the JSON form ``data`` (stored fields by their
        ``load``, then derived ones); a missing key raises ``KeyError``, a value of the
        wrong kind ``ValueError`` or ``TypeError``, as a damaged save file is refused."""
        for name, key, _, load in self.loaded:
            setattr(state, name, load(data[key]))
        for name, derive in self.derived:
            setattr(state, name, derive(state))
        return state
