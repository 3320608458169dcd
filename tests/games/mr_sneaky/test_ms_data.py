"""Mr. Sneaky data tables: the neighbour table of §3.2, the tiles of §10.1, the cards of §10.2."""

from __future__ import annotations

from tabletop.games.mr_sneaky.data import (
    AGENT_VALUE,
    CARD_KINDS,
    CARD_SYMBOLS,
    DOOR_POS,
    DOORS,
    FROM_START,
    GUARD_MIXES,
    NEIGHBOUR_TABLE,
    NEIGHBOURS,
    START_POS,
    TRAP_MIXES,
    TREASURE_CARDS,
    adjacent,
    card_counts,
    door_tiles,
    layouts,
)

#: §3.2, copied from the spec by hand so that a slip in data.py cannot hide itself.
SPEC_TABLE = {
    "S": {"D1", "D2"},
    "D1": {"D2", "D3", "D4"},
    "D2": {"D1", "D4", "D5"},
    "D3": {"D1", "D4", "D6"},
    "D4": {"D1", "D2", "D3", "D5", "D6", "D7"},
    "D5": {"D2", "D4", "D7"},
    "D6": {"D3", "D4", "D7", "D8"},
    "D7": {"D4", "D5", "D6", "D8"},
    "D8": {"D6", "D7"},
}


def test_neighbour_table_matches_the_spec() -> None:
    # §3.2
    assert {k: set(v) for k, v in NEIGHBOUR_TABLE.items()} == SPEC_TABLE
    assert [{DOORS[j] for j in nb} for nb in NEIGHBOURS] == [SPEC_TABLE[d] for d in DOORS]
    assert {DOORS[j] for j in FROM_START} == SPEC_TABLE["S"]


def test_neighbour_table_is_symmetric_and_derived_from_geometry() -> None:
    # MS-R06, MS-R07: symmetric between doors; S leads out but nothing leads back.
    for d in DOORS:
        for n in NEIGHBOUR_TABLE[d]:
            assert d in NEIGHBOUR_TABLE[n]
    pos = dict(zip(DOORS, DOOR_POS, strict=True))
    pos["S"] = START_POS
    for a, nbs in SPEC_TABLE.items():
        assert nbs == {b for b in DOORS if adjacent(pos[a], pos[b])}


def test_door_tiles_and_layouts() -> None:
    # §10.1, MS-G01
    for mix in TRAP_MIXES:
        tiles = door_tiles(mix)
        assert len(tiles) == 8 and tiles.count("T") == 1 and tiles.count("N") == 4
        assert len(layouts(mix)) == 840 and len(set(layouts(mix))) == 840
    assert sorted(door_tiles("1-1-2")).count("2") == 1


def test_rich_man_cards() -> None:
    # §10.2, MS-G02, MS-G04
    counts = card_counts()
    assert sum(counts.values()) == 31
    fam: dict[str, int] = {}
    for c, k in counts.items():
        fam[CARD_KINDS[c].family] = fam.get(CARD_KINDS[c].family, 0) + k
    assert fam == {"treasure": 15, "guard": 8, "agent": 8}
    assert sorted(TREASURE_CARDS) == ["A1", "A2", "A3"]
    assert CARD_SYMBOLS["A3"] == {"R"} and CARD_SYMBOLS["A1"] == {"T", "N"}
    assert AGENT_VALUE["C4"] == 2 and AGENT_VALUE["C3"] == 1
    for mix in GUARD_MIXES:
        assert sum(card_counts(mix).values()) == 31
