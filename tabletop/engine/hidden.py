"""Helpers for hidden information shared by the games' chance and ``resample``: decks held as
copies per card (a draw, a copy taken out), dealing what a seat cannot locate, and weighing
guesses by the public evidence.

A seat that sees its own hand and the open cards knows which cards are somewhere else (other
hands, face-down cards, the deck) but not where. Every game that hides cards resamples the
same way: shuffle those cards and deal them back into the hidden places, each of its known
size; what is left over is the deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T", bound=Any)


def deal_unseen(pool: Sequence[T], sizes: Sequence[int], rng: random.Random, *,
                sort: bool = False) -> tuple[list[list[T]], list[T]]:
    """The cards of ``pool`` shuffled and dealt into places of ``sizes`` cards each (in that
    order), with the rest: ``(places, rest)``. ``sort`` sorts each place (a hand kept in
    order). Raises ``ValueError`` when the places hold more cards than the pool."""
    cards = list(pool)
    if sum(sizes) > len(cards):
        raise ValueError(f"{sum(sizes)} hidden cards but only {len(cards)} unseen")
    rng.shuffle(cards)
    places: list[list[T]] = []
    k = 0
    for n in sizes:
        place = cards[k:k + n]
        if sort:
            place.sort()
        places.append(place)
        k += n
    return places, cards[k:]


def count_copies(cards: Iterable[T], index: Mapping[T, int]) -> list[int]:
    """A deck held as copies per card in a list, each card at its place in ``index``: how
    many times each card stands in ``cards`` (what a deal left over, say)."""
    counts = [0] * len(index)
    for c in cards:
        counts[index[c]] += 1
    return counts


K = TypeVar("K")


def draw_by_count(counts: Mapping[K, int] | Sequence[int], rng: random.Random,
                  total: int | None = None) -> K | int:
    """One card drawn at random from a deck held as copies per card: the key of ``counts``
    (a mapping card -> copies) or the index (a list of copies), each copy as likely as any
    other. ``total`` is the number of copies when the caller keeps it (else it is summed).
    One ``rng.randrange`` per draw, so a seeded game draws the same cards whatever holds the
    counts."""
    r = rng.randrange(sum(counts.values() if isinstance(counts, Mapping) else counts)
                      if total is None else total)
    pairs = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
    for key, copies in pairs:
        if r < copies:
            return key
        r -= copies
    raise AssertionError("the total does not match the copies")


def take_copy(counts: dict[K, int], card: K) -> None:
    """Take one copy of ``card`` out of a deck held as copies per card with no zero entries
    (``draw_by_count``'s mapping): the card leaves the mapping with its last copy."""
    k = counts[card]
    if k == 1:
        del counts[card]
    else:
        counts[card] = k - 1


def weighted_draw(draw: Callable[[random.Random], T], weight: Callable[[T], float],
                  rng: random.Random, tries: int = 32) -> T:
    """A guess of the hidden facts from ``draw``, kept in proportion to ``weight`` (0 to 1):
    how well it explains what was seen in public (a secret role that played as its side
    would, say). A search that resamples through this weighs its guesses by the evidence
    instead of taking every guess the rules allow as equally likely. After ``tries`` guesses
    the last one is kept, so the search never stalls on evidence that fits no guess well."""
    guess = draw(rng)
    for _ in range(tries - 1):
        if rng.random() < weight(guess):
            return guess
        guess = draw(rng)
    return guess
