"""Tile descriptions: validation, the Piece.art round trip and turning a tile round."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.api import TileArt, TileError, TileIcon
from tabletop.engine.layout import TILE_SIZE, Piece
from tabletop.engine.tiles import is_tile_art


def crossing() -> TileArt:
    return TileArt(n="path", e="stub", s="path", w="wall", segments=(("S", "N"),),
                   style="tunnel", icons=(TileIcon("door", at="N", color="#2e8b57"),
                                          TileIcon("ladder")), label="7")


def test_segments_are_kept_in_edge_order_and_the_tile_is_hashable() -> None:
    tile = crossing()
    assert tile.segments == (("N", "S"),)
    assert tile.edges() == {"N": "path", "E": "stub", "S": "path", "W": "wall"}
    assert tile.joined("S") == ("N", "S") and tile.joined("E") == ()
    assert [e for e in "NESW" if tile.is_open(e)] == ["N", "E", "S"]  # type: ignore[arg-type]
    assert len({tile, crossing()}) == 1


def test_lists_are_accepted_and_become_tuples() -> None:
    tile = TileArt(n="path", e="path", segments=[["E", "N"]],  # type: ignore[arg-type]
                   icons=[TileIcon("sheep", count=3)])  # type: ignore[arg-type]
    assert tile.segments == (("N", "E"),) and tile.icons == (TileIcon("sheep", count=3),)
    hash(tile)


def test_turning_round_swaps_opposite_edges_and_icon_places() -> None:
    tile = crossing()
    turned = tile.rotated_180()
    assert turned.edges() == {"N": "path", "E": "wall", "S": "path", "W": "stub"}
    assert turned.segments == (("N", "S"),)
    assert [(i.icon, i.at) for i in turned.icons] == [("door", "S"), ("ladder", "C")]
    assert turned.label == "7" and turned.style == "tunnel"
    assert turned.rotated_180() == tile
    corner = TileArt(n="path", e="path", s="stub", segments=(("N", "E"),))
    assert corner.rotated_180().segments == (("S", "W"),)
    assert corner.rotated_180().edges() == {"N": "stub", "E": "wall", "S": "path", "W": "path"}


def test_piece_art_round_trip_leaves_defaults_out() -> None:
    tile = crossing()
    art = tile.to_art()
    assert art == {"edges": {"N": "path", "E": "stub", "S": "path", "W": "wall"},
                   "segments": [["N", "S"]], "style": "tunnel",
                   "icons": [{"icon": "door", "at": "N", "color": "#2e8b57"},
                             {"icon": "ladder"}],
                   "label": "7"}
    assert TileArt.from_art(art) == tile
    assert is_tile_art(art) and not is_tile_art({"label": "5"})
    # Edges left out are walls; other keys of a piece's art are not the tile's business.
    assert TileArt.from_art({"edges": {"E": "path"}, "segments": [["E"]], "turn": 1}) \
        == TileArt(e="path", segments=(("E",),))


def test_a_tile_piece_is_a_square_of_tile_size_unless_sized() -> None:
    assert Piece("t", "tile", 0, 0, art=crossing().to_art()).size() == (TILE_SIZE, TILE_SIZE)
    assert Piece("t", "tile", 0, 0, w=80, h=120).size() == (80, 120)
    assert Piece("t", "tile", 0, 0).turnable is False


@pytest.mark.parametrize(("art", "words"), [
    ({"edges": {"N": "door"}}, "edge N is 'door'"),
    ({"edges": {"Q": "path"}}, "unknown edges"),
    ({"edges": "NESW"}, "needs 'edges'"),
    ({}, "needs 'edges'"),
    ({"edges": {"N": "path"}}, "in no segment"),
    ({"edges": {"N": "stub"}, "segments": [["N"]]}, "which is a stub"),
    ({"edges": {"N": "path", "S": "path"}, "segments": [["N"], ["N", "S"]]},
     "in two segments"),
    ({"edges": {"N": "path"}, "segments": [[]]}, "joins no edge"),
    ({"edges": {"N": "path"}, "segments": [["N", "N"]]}, "twice"),
    ({"edges": {"N": "path"}, "segments": [["X"]]}, "names 'X'"),
    ({"edges": {"N": "path"}, "segments": "N"}, "must be a list"),
    ({"edges": {}, "style": "lava"}, "style 'lava'"),
    ({"edges": {}, "icons": [{"icon": "dragon"}]}, "unknown icon 'dragon'"),
    ({"edges": {}, "icons": [{"icon": "door", "at": "NE"}]}, "placed at 'NE'"),
    ({"edges": {}, "icons": [{"icon": "sheep", "count": 0}]}, "count 0"),
    ({"edges": {}, "icons": [{"icon": "sheep", "count": True}]}, "count True"),
    ({"edges": {}, "icons": [{"icon": "door", "colour": "red"}]}, "unknown keys"),
    ({"edges": {}, "icons": ["door"]}, "must be a mapping"),
    ({"edges": {}, "label": 7}, "label must be a string"),
])
def test_malformed_tiles_say_what_is_wrong(art: dict[str, Any], words: str) -> None:
    with pytest.raises(TileError, match=words.replace("(", r"\(").replace("[", r"\[")):
        TileArt.from_art(art)
