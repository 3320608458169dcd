"""A state's fields as one table, from which its copy, its JSON form and the promise of who
may see each field are made.

A rules model's state is a plain class with ``__slots__`` whose ``__init__`` sets the opening
position. Everything else that must name every field (the slots, ``clone()``, the JSON form and
loading it back) comes from one ``StateFields`` table, so a field added to a game is added in one
place and cannot be forgotten by its copy or its save file::

    FIELDS = StateFields(phase=STR.public, hands=STRS2.owned, deck=COPIES.unseen,
                         deck_size=derived(lambda s: sum(s.deck.values())).public)

    class MyState:
        __slots__ = FIELDS.names

        def clone(self) -> MyState:
            return FIELDS.clone(self)

Each field says who may see it, that is, what the observations promise about it:

* ``.public``: every seat's observation shows it, or lets it be worked out exactly (a count of
  this round's swaps from the swapped cards lying open), so every state a resampler draws for
  any seat holds the truth's value.
* ``.owned``: one entry per seat (a list indexed by seat, or a dict keyed by it), and seat
  ``i``'s observation shows entry ``i`` (its hand); the others may see only part of it (a
  count). ``.owned_by("name")`` is the same where the owner is named by another field or a
  property of the state: a seat (the Rich Man who sees every door: the whole value is his), or
  one seat per entry (the seat that laid each face-down card of a row).
* ``.unseen``: no observation promises to show it as the state keeps it: the deck's order, a
  face-down goal, and also what the table could remember but the observation does not carry
  (a serial number of which only the order is ever read).

A field left undeclared promises nothing: the conformance kit refuses a game that declares
hidden information with such a field, so that every field is thought about once, and takes
every field of a game without hidden information to be public. The kit checks the promises on
every state drawn by the game's resampler, and the step after it.

A state rebuilt from an observation reads the fields the observation shows as the state keeps
them through the same table: ``FIELDS.load_seen(state, obs, seat)`` sets every public field,
and ``seat``'s entry of every owned one, that the observation holds under the field's own key
(``but=`` names those it shows otherwise); ``FIELDS.load_shown(state, obs, "phase round")``
sets the fields named. A game whose JSON form is the table's names it as its ``Game.fields``.

``clone`` is generated code that copies each field as its kind says (a list by a slice, a list
of lists by a slice of each, a dict by ``copy``), as fast as a hand-written copy: searches clone a
state on every iteration, and ``copy.deepcopy`` is about 25 times slower.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

T = TypeVar("T")

# How ``clone`` copies a field's value.
SAME = "same"    # numbers, text, tuples, frozen objects: the value itself
LIST = "list"    # a list of values that are not copied: a slice
LISTS = "lists"  # a list of such lists: each sliced
DICT = "dict"    # a dict of values that are not copied: ``copy()``

_COPY_CODE = {SAME: "{v}", LIST: "{v}[:]", LISTS: "[x[:] for x in {v}]", DICT: "{v}.copy()"}

# Who may see a field (``Field.seen``; ``None``: not declared).
PUBLIC = "public"  # every seat
OWNER = "owner"    # each seat its own entry
UNSEEN = "unseen"  # no seat is promised it

_SEEN = (None, PUBLIC, OWNER, UNSEEN)

# ``Field.absent`` of a field the JSON form always holds.
_ALWAYS: Any = object()


@dataclass(frozen=True)
class Field:
    """One field: how it is copied, written to JSON (``dump``; by default a copy of the same
    shape) and read back (``load``; by default the value as stored), under ``key`` if its
    stored name differs. A field with ``derive`` is not stored: loading works it out from the
    other fields once they are read. A ``given`` field is written but not set by ``load``: the
    state's constructor, which the game calls with it, has set it already. ``seen`` says who
    may see it (``PUBLIC``, ``OWNER``, ``UNSEEN``; ``None``: not declared) and ``owner``, for
    an owned field, names the field or property that tells whose it is where that is not one
    entry per seat; the properties ``public``, ``owned`` and ``unseen`` and ``owned_by`` set
    them. A field with ``absent`` (``added``) is left out of the JSON form while it holds that
    value and holds it where the form lacks it."""

    copy: str = SAME
    dump: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None
    derive: Callable[[Any], Any] | None = None
    key: str | None = None  # its name in the JSON form, where that differs
    given: bool = False  # the state's constructor sets it from the JSON form: not loaded again
    seen: str | None = None
    owner: str | None = None
    absent: Any = _ALWAYS  # the value a form without the field stands for (see ``added``)

    def added(self, absent: Any) -> Field:
        """This field, added to a state after states were saved without it, its value there
        ``absent``: the JSON form leaves it out while it holds ``absent`` (so the form and its
        digest stay those the saves recorded) and a form without it loads as ``absent``."""
        return replace(self, absent=absent)

    @property
    def public(self) -> Field:
        """This field, seen by every seat."""
        return replace(self, seen=PUBLIC, owner=None)

    @property
    def owned(self) -> Field:
        """This field, one entry per seat (list index or dict key), each seen by its seat."""
        return replace(self, seen=OWNER, owner=None)

    def owned_by(self, owner: str) -> Field:
        """This field, seen by the seat the state's ``owner`` names: the whole value where
        that is a seat number, entry ``i`` by seat ``owner[i]`` where it is a list of them."""
        return replace(self, seen=OWNER, owner=owner)

    @property
    def unseen(self) -> Field:
        """This field, shown to no seat as the state keeps it."""
        return replace(self, seen=UNSEEN, owner=None)


class FieldError(Exception):
    """A field of a state's JSON form that does not load: the field, its key in the form, what
    is wrong, and (once the game has said so) the game's id."""

    def __init__(self, field: str, key: str, problem: str) -> None:
        super().__init__(field, key, problem)
        self.field = field
        self.key = key
        self.problem = problem
        self.game: str | None = None

    def __str__(self) -> str:
        whose = f"the state of '{self.game}'" if self.game else "the state"
        where = f"field '{self.field}'" + (f" (key '{self.key}')" if self.key != self.field
                                           else "")
        return f"{whose}: {where} {self.problem}"


class MissingFieldError(FieldError, KeyError):
    """A key the JSON form lacks (or one a field's value lacks)."""


class BadFieldError(FieldError, ValueError):
    """A value of the right kind that makes no sense (``"three"`` for a number)."""


class BadFieldTypeError(FieldError, TypeError):
    """A value of the wrong kind (``None`` where a list belongs)."""


def _damaged(name: str, key: str, data: Mapping[str, Any] | None, exc: Exception) -> FieldError:
    """The error for field ``name`` (under ``key``) that ``exc`` stopped from loading."""
    if isinstance(exc, FieldError):
        return exc
    if data is not None and key not in data:
        return MissingFieldError(name, key, "is missing from the JSON form")
    if isinstance(exc, KeyError):
        return MissingFieldError(name, key, f"is damaged: it has no {exc}")
    if isinstance(exc, ValueError):
        return BadFieldError(name, key, f"cannot be read: {exc}")
    return BadFieldTypeError(name, key, f"cannot be read: {type(exc).__name__}: {exc}")


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


#: What ``StateFields.part`` answers for a seat that holds nothing of a field.
NOTHING: Any = ()


class StateFields:
    """The table of a state's fields, in order: its slots, its copy, its JSON form and who may
    see each field."""

    def __init__(self, **fields: Field) -> None:
        for name, f in fields.items():
            if f.copy not in _COPY_CODE:
                raise ValueError(f"field {name!r}: unknown copy kind {f.copy!r}")
            if f.seen not in _SEEN:
                raise ValueError(f"field {name!r}: unknown visibility {f.seen!r}")
            if f.owner is not None and f.seen != OWNER:
                raise ValueError(f"field {name!r}: only an owned field names an owner")
        self.fields: dict[str, Field] = dict(fields)
        self.names: tuple[str, ...] = tuple(fields)
        kept = [(name, f) for name, f in fields.items() if f.derive is None]
        self.stored: tuple[tuple[str, str, Callable[[Any], Any], Callable[[Any], Any]], ...] = (
            tuple((name, f.key or name, f.dump or _dump_default(f.copy), f.load or (lambda v: v))
                  for name, f in kept))
        self.loaded = tuple(entry for entry, (_, f) in zip(self.stored, kept, strict=True)
                            if not f.given)
        # Added fields: their key and the value for which the JSON form leaves them out.
        self.absent: dict[str, Any] = {f.key or name: f.absent for name, f in kept
                                       if f.absent is not _ALWAYS}
        self.derived: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple(
            (name, f.derive) for name, f in fields.items() if f.derive is not None)
        # What ``load_seen`` may read from an observation: stored fields the constructor does
        # not set, public ones whole, owned ones (an entry per seat) by the seat's entry.
        self._seen_loads = tuple(
            (name, f.key or name, f.seen == OWNER, f.load or _dump_default(f.copy))
            for name, f in kept if not f.given and (
                f.seen == PUBLIC or (f.seen == OWNER and f.owner is None
                                     and f.copy in (LIST, LISTS))))
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

    # -- who may see what -----------------------------------------------------------------
    def seen(self, name: str) -> str | None:
        """Who may see field ``name``: ``PUBLIC``, ``OWNER``, ``UNSEEN`` or ``None``."""
        return self.fields[name].seen

    def undeclared(self) -> tuple[str, ...]:
        """The fields that do not say who may see them."""
        return tuple(name for name, f in self.fields.items() if f.seen is None)

    def part(self, state: Any, name: str, seat: int) -> Any:
        """What of owned field ``name`` of ``state`` is ``seat``'s: its entry (list index or
        dict key), the whole value when the owner field names ``seat``, the entries it owns by
        index, or ``NOTHING``."""
        f = self.fields[name]
        value = getattr(state, name)
        if f.owner is None:
            if isinstance(value, Mapping):
                return value.get(seat, value.get(str(seat), NOTHING))
            return value[seat] if 0 <= seat < len(value) else NOTHING
        owner = getattr(state, f.owner)
        if isinstance(owner, int):
            return value if owner == seat else NOTHING
        return tuple((i, value[i]) for i, p in enumerate(owner) if p == seat and i < len(value))

    # -- copies and the JSON form ---------------------------------------------------------
    def clone(self, state: T) -> T:
        """A copy of ``state`` that shares nothing mutable with it."""
        copied: T = self._clone(state)
        return copied

    def to_json(self, state: Any) -> dict[str, Any]:
        """The JSON form: every stored field by its ``dump``, an added field only where it
        holds another value than the one its absence stands for."""
        data = {key: dump(getattr(state, name)) for name, key, dump, _ in self.stored}
        for key, absent in self.absent.items():
            if data[key] == absent:
                del data[key]
        return data

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

    def load_seen(self, state: T, shown: Mapping[str, Any], seat: int, but: str = "") -> T:
        """Set what ``seat`` is shown of ``state`` from its observation ``shown``: every public
        field the observation holds under the field's key, read by its ``load``, and
        ``seat``'s entry of every owned field kept one entry per seat (a list) that it holds so
        (another seat's entry may be a placeholder there: only ``seat``'s is read). The fields
        named in ``but`` (separated by spaces) are left alone: those the observation shows
        under their key in another form. The constructor's values stay in everything else
        (unseen, derived and given fields, other seats' entries), for the resampler to deal.
        Where a state's observation shows its fields as the JSON form writes them, a resampler
        then deals only what the seat cannot see."""
        skip = set(but.split())
        for name, key, own, load in self._seen_loads:
            if key not in shown or name in skip:
                continue
            if own:
                getattr(state, name)[seat] = load([shown[key][seat]])[0]
            else:
                setattr(state, name, load(shown[key]))
        return state

    def load(self, state: T, data: Mapping[str, Any]) -> T:
        """Set every field of ``state`` from the JSON form ``data`` (stored fields by their
        ``load``, then derived ones). A missing key raises ``MissingFieldError`` (a
        ``KeyError``), a value of the wrong kind ``BadFieldError`` or ``BadFieldTypeError``
        (a ``ValueError``, a ``TypeError``), each naming the field, as a damaged save file is
        refused."""
        absent = self.absent
        for name, key, _, load in self.loaded:
            if key in absent and key not in data:
                setattr(state, name, absent[key])
                continue
            try:
                setattr(state, name, load(data[key]))
            except Exception as exc:
                raise _damaged(name, key, data, exc) from exc
        for name, derive in self.derived:
            try:
                setattr(state, name, derive(state))
            except Exception as exc:  # worked out from damaged fields
                raise _damaged(name, name, None, exc) from exc
        return state
