"""National Economy against the engine contract and its invariants: the conformance kit, money
and card conservation through random games, the over-selling check against brute force, and
the data tables."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from tabletop.engine import TERMINAL, check_game, random_action
from tabletop.games.national_economy.data import (
    BUILDING_IDS,
    BUILDINGS,
    DECK_SIZE,
    ROUND_WORKPLACES,
    WAGES,
    WORKPLACES,
)
from tabletop.games.national_economy.model import NEState, Phase
from tabletop.games.national_economy.payday import sale_reason, sale_selections
from tests.games.national_economy.ne_build import GAME, card_total, position


def test_conformance_kit() -> None:
    report = check_game(GAME, player_counts=[2, 3, 4], seeds=range(4))
    assert report.games == 12 and report.resamples_differing > 0


@pytest.mark.slow
def test_conformance_kit_many_seeds() -> None:
    report = check_game(GAME, player_counts=[2, 3, 4], seeds=range(4, 30))
    assert report.games == 78 and report.resamples_differing > 0


def test_money_and_cards_are_conserved() -> None:
    _check_conservation(12, 2024)


@pytest.mark.slow
def test_money_and_cards_are_conserved_in_thousands_of_games() -> None:
    _check_conservation(2000, 7)


def _check_conservation(games: int, seed: int) -> None:
    # NE-R5, NE-R6, NE-R52: money only enters from the supply (start cash and sales);
    # every card is in the deck, discard, hands, building areas, revealed or the goods pile.
    rng = random.Random(seed)
    for g in range(games):
        n = 2 + g % 3
        s = GAME.new_game(n)
        sold = 0
        while GAME.current_player(s) != TERMINAL:
            action = random_action(GAME, s, rng)
            if action == "done":
                sold += sum(BUILDINGS[b].value for b in s.selling)
            GAME.apply_in_place(s, action)
            assert card_total(s) == (DECK_SIZE, 24), action
            if s.start >= 0:
                start_cash = sum(range(5, 5 + n))
                assert sum(s.cash) + s.household == start_cash + sold == s.issued, action
                assert min(s.cash) >= 0 and s.household >= 0


def _brute_force(values: list[int], short: int) -> set[tuple[int, ...]]:
    """NE-R53 straight from the rule's words, over index subsets (as sorted value tuples)."""
    out: set[tuple[int, ...]] = set()
    n = len(values)
    for k in range(n + 1):
        for idx in combinations(range(n), k):
            chosen = [values[i] for i in idx]
            total = sum(chosen)
            if short <= 0:
                ok = not chosen
            else:
                must = total >= short or k == n
                no_over = all(total - v < short for v in chosen)
                ok = must and no_over
            if ok:
                out.add(tuple(sorted(chosen)))
    return out


def _random_case(rng: random.Random) -> tuple[list[str], int, int]:
    copies = [b for b in BUILDING_IDS if BUILDINGS[b].sellable
              for _ in range(BUILDINGS[b].copies)]
    own = rng.sample(copies, rng.randint(1, 6))
    own += [rng.choice(["warehouse", "statue", "slash_and_burn"])] * rng.randint(0, 1)
    cash = rng.randint(0, 15)
    due = rng.choice([2, 3, 4, 5]) * rng.randint(2, 10)
    return own, cash, due


def _values(cards: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    return tuple(sorted(BUILDINGS[b].value for b in cards))


def test_sale_selections_agree_with_brute_force() -> None:
    # NE-R53, NE-R54
    rng = random.Random(7)
    for _ in range(400):
        own, cash, due = _random_case(rng)
        values = [BUILDINGS[b].value for b in own if BUILDINGS[b].sellable]
        expected = _brute_force(values, due - cash)
        got = {_values(sel) for sel, why in sale_selections(own, cash, due) if why is None}
        assert got == expected, (own, cash, due)
        for sel, why in sale_selections(own, cash, due):
            assert (why is None) == (_values(sel) in expected)


def _sale_state(own: list[str], cash: int, due: int) -> NEState:
    s = position(2, buildings=[own, []], cash=[cash, 0], round_=1)
    s.workers[0] = due // 2  # round 1 wage is $2
    s.phase = Phase.SELL
    s.queue = [0, 1]
    s.selling = []
    return s


def test_model_sale_picks_reach_exactly_the_legal_sales() -> None:
    # NE-R53: picking one building at a time never dead-ends and reaches every legal sale.
    rng = random.Random(11)
    checked = 0
    while checked < 150:
        own, cash, _ = _random_case(rng)
        workers = rng.randint(1, 9)
        due = 2 * workers
        if due <= cash or not any(BUILDINGS[b].sellable for b in own):
            continue
        s = _sale_state(own, cash, due)
        values = [BUILDINGS[b].value for b in own if BUILDINGS[b].sellable]
        expected = _brute_force(values, due - cash)
        reached: set[tuple[int, ...]] = set()
        stack = [s]
        while stack:
            cur = stack.pop()
            legal = GAME.legal_actions(cur)
            assert legal, (own, cash, due, cur.selling)  # never a dead end
            for a in legal:
                if a == "done":
                    reached.add(_values(cur.selling))
                    assert sale_reason(own, cur.selling, cash, due) is None
                else:
                    nxt, _ = GAME.apply(cur, a)
                    stack.append(nxt)
        assert reached == expected, (own, cash, due)
        checked += 1


def test_data_tables() -> None:
    # NE-C3, NE-T1..NE-T3
    assert len(BUILDINGS) == 24 and DECK_SIZE == 64
    cats: dict[str, int] = {}
    for b in BUILDINGS.values():
        cats[b.category] = cats.get(b.category, 0) + b.copies
        assert b.ja and b.en and b.effect_en and b.effect_ja
        assert b.sellable == (b.category != "P" and b.id != "slash_and_burn")  # NE-R51
    assert cats == {"A": 16, "I": 16, "P": 13, "": 19}
    assert len(WORKPLACES) == 12 and len(ROUND_WORKPLACES) == 8
    assert WAGES == (2, 2, 3, 3, 3, 4, 4, 5, 5)
    assert [WORKPLACES[w].round for w in ROUND_WORKPLACES] == list(range(1, 9))
    json.dumps(GAME.state_to_json(GAME.new_game(4)))
