"""Magos solo campaign progress and the save slots that keep it between sessions.

A ``Campaign`` records where a player stands in the run of 17 opponent cards: which enemy is
next, the five spells carried over from the last victory (or ``None`` when a draft is due), the
defeats so far (the campaign score, MG-R58) and the enemies beaten with the turn they fell. Its
transitions are pure: ``after_battle`` returns a new ``Campaign`` (MG-R51, MG-G13).

``CampaignStore`` keeps named slots as JSON files in one directory. Writes are atomic (a temp
file in the same directory, flushed and fsynced, then ``os.replace``), so a crash leaves either
the old file or the new one. A file that cannot be read as a campaign raises
``CampaignFileError``; the file is first moved aside as ``<name>.damaged-<timestamp>.json`` so it
is never silently reset or overwritten. Qt-free.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from tabletop import api
from tabletop.api import now_iso

from .data import CAMPAIGN_ORDER, LISTING_ORDER
from .solo import parse_hand
from .spec import DICE_MODES, PATCH

FORMAT = "tabletop-magos-campaign"
FORMAT_VERSION = 1
ORDER_CAMPAIGN = "campaign"  # MG-G1: a-1 .. a-17, easy to hard
ORDER_LISTING = "listing"    # MG-G1: the order of the source listing
ORDERS: dict[str, tuple[str, ...]] = {ORDER_CAMPAIGN: CAMPAIGN_ORDER,
                                      ORDER_LISTING: LISTING_ORDER}
SLOT_MAX = 64
#: A campaign file is a few KiB; anything far larger is not one of ours.
MAX_BYTES = 1024 * 1024
_SUFFIX = ".json"
_DAMAGED = api.DAMAGED


class CampaignError(ValueError):
    """A campaign operation that cannot be done (an unknown slot, a finished campaign)."""


class CampaignFileError(api.DamagedFileError, CampaignError):
    """A campaign file is damaged. ``path`` is where it was, ``kept`` where it was moved."""

    what = "campaign file"



@dataclass(frozen=True)
class Beaten:
    """An enemy defeated in the campaign, on the player's ``turn``-th turn of that battle."""

    enemy: str
    turn: int


@dataclass(frozen=True)
class Campaign:
    """Progress of one solo campaign (MG-R50..MG-R58)."""

    slot: str
    enemy_index: int = 0
    defeats: int = 0
    spells: tuple[str, ...] | None = None
    beaten: tuple[Beaten, ...] = ()
    dice: str = PATCH
    order: str = ORDER_CAMPAIGN
    started: str = ""
    updated: str = ""
    finished: bool = False
    battles: int = field(default=0)

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def new(cls, slot: str, dice: str = PATCH, order: str = ORDER_CAMPAIGN,
            spells: Sequence[str] | None = None, now: str | None = None) -> Campaign:
        """A fresh campaign against a-1. A draft is due unless ``spells`` are given (MG-R51)."""
        stamp = now or now_iso()
        c = cls(slot=slot, spells=tuple(spells) if spells is not None else None, dice=dice,
                order=order, started=stamp, updated=stamp)
        c.validate()
        return c

    # -- queries ----------------------------------------------------------------------------
    @property
    def order_ids(self) -> tuple[str, ...]:
        return ORDERS[self.order]

    @property
    def enemy(self) -> str | None:
        """The id of the next opponent, ``None`` once the campaign is won."""
        if self.finished:
            return None
        return self.order_ids[self.enemy_index]

    @property
    def draft_due(self) -> bool:
        return self.spells is None

    @property
    def score(self) -> int:
        """MG-R58: the number of defeats; lower is better."""
        return self.defeats

    def battle_options(self) -> dict[str, str]:
        """Options for ``MagosSoloGame`` to fight the next battle of this campaign."""
        enemy = self.enemy
        if enemy is None:
            raise CampaignError(f"The campaign '{self.slot}' is already won.")
        if self.spells is None:
            return {"enemy": enemy, "dice": self.dice, "setup": "draft", "hand": ""}
        return {"enemy": enemy, "dice": self.dice, "setup": "first-game",
                "hand": ",".join(self.spells)}

    # -- transitions ------------------------------------------------------------------------
    def after_battle(self, won: bool, spells: Sequence[str] | None = None, turn: int = 0,
                     now: str | None = None) -> Campaign:
        """The campaign after a battle against the current enemy (MG-R51, MG-G13).

        ``spells`` are the five spells fought with (needed after a drafted battle, so that a
        victory carries them on); ``turn`` is the player's turn on which the enemy fell. A
        victory moves to the next enemy with the same five spells; a defeat (a draw counts as
        one: the enemy still stands) keeps the enemy, adds a defeat and makes a draft due.
        """
        enemy = self.enemy
        if enemy is None:
            raise CampaignError(f"The campaign '{self.slot}' is already won.")
        used = tuple(spells) if spells is not None else self.spells
        stamp = now or now_iso()
        if won:
            if used is None:
                raise CampaignError("After a drafted battle, after_battle needs the five spells "
                                    "that were fought with.")
            try:
                parse_hand(",".join(used))
            except api.InvalidOptionError as exc:
                raise CampaignError(str(exc)) from None
            nxt = self.enemy_index + 1
            done = nxt >= len(self.order_ids)
            return Campaign(
                slot=self.slot, enemy_index=nxt, defeats=self.defeats, spells=used,
                beaten=(*self.beaten, Beaten(enemy, int(turn))), dice=self.dice,
                order=self.order, started=self.started, updated=stamp, finished=done,
                battles=self.battles + 1)
        return Campaign(
            slot=self.slot, enemy_index=self.enemy_index, defeats=self.defeats + 1,
            spells=None, beaten=self.beaten, dice=self.dice, order=self.order,
            started=self.started, updated=stamp, finished=False, battles=self.battles + 1)

    # -- checking and JSON ------------------------------------------------------------------
    def validate(self) -> None:
        """Raise ``CampaignError`` naming the first field that makes no sense."""
        check_slot(self.slot)
        if self.order not in ORDERS:
            raise CampaignError(f"unknown enemy order {api.quote(repr(self.order))}")
        if self.dice not in DICE_MODES:
            raise CampaignError(f"unknown dice mode {api.quote(repr(self.dice))}")
        n = len(self.order_ids)
        if not 0 <= self.enemy_index <= n:
            raise CampaignError(f"enemy index {self.enemy_index} is outside 0..{n}")
        if self.finished != (self.enemy_index == n):
            raise CampaignError("the finished flag does not match the enemy index")
        if self.defeats < 0 or self.battles < 0:
            raise CampaignError("negative defeat or battle count")
        if self.spells is not None:
            try:
                parse_hand(",".join(self.spells))
            except api.InvalidOptionError as exc:
                raise CampaignError(f"bad spells: {exc}") from None
        if len(self.beaten) != self.enemy_index:
            raise CampaignError(f"{len(self.beaten)} beaten enemies recorded, but the "
                                f"campaign is at enemy {self.enemy_index + 1}")
        for i, b in enumerate(self.beaten):
            if b.enemy != self.order_ids[i]:
                raise CampaignError(f"beaten enemy {i + 1} is {api.quote(repr(b.enemy))}, not "
                                    f"{self.order_ids[i]!r}")
            if b.turn < 0:
                raise CampaignError(f"beaten enemy {api.quote(repr(b.enemy))} has a "
                                    f"negative turn")

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "slot": self.slot,
            "enemy_index": self.enemy_index,
            "enemy": self.enemy,
            "defeats": self.defeats,
            "battles": self.battles,
            "spells": list(self.spells) if self.spells is not None else None,
            "beaten": [{"enemy": b.enemy, "turn": b.turn} for b in self.beaten],
            "dice": self.dice,
            "order": self.order,
            "started": self.started,
            "updated": self.updated,
            "finished": self.finished,
        }

    @classmethod
    def from_json(cls, data: object) -> Campaign:
        """Read a campaign; ``CampaignError`` says what is wrong with ``data``."""
        if not isinstance(data, Mapping):
            raise CampaignError("it does not hold a JSON object")
        if data.get("format") != FORMAT:
            fmt = api.quote(repr(data.get("format")))
            raise CampaignError(f"it is not a Magos campaign (format {fmt})")
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise CampaignError(f"format version {api.quote(repr(version))} is not supported "
                                f"(this version of Tabletop reads version {FORMAT_VERSION})")
        try:
            spells_raw = data["spells"]
            spells = None if spells_raw is None else tuple(_str(s, "spell") for s in
                                                           _list(spells_raw, "spells"))
            beaten = tuple(Beaten(_str(b["enemy"], "beaten enemy"), _int(b["turn"], "turn"))
                           for b in _list(data["beaten"], "beaten"))
            c = cls(
                slot=_str(data["slot"], "slot"),
                enemy_index=_int(data["enemy_index"], "enemy_index"),
                defeats=_int(data["defeats"], "defeats"),
                spells=spells,
                beaten=beaten,
                dice=_str(data["dice"], "dice"),
                order=_str(data["order"], "order"),
                started=_str(data["started"], "started"),
                updated=_str(data["updated"], "updated"),
                finished=_bool(data["finished"], "finished"),
                battles=_int(data.get("battles", 0), "battles"),
            )
        except KeyError as exc:
            raise CampaignError(f"the field {exc.args[0]!r} is missing") from None
        except TypeError as exc:
            raise CampaignError(str(exc)) from None
        c.validate()
        return c


def _str(v: object, name: str) -> str:
    if not isinstance(v, str):
        raise TypeError(f"the field {name!r} should be text, not {api.quote(repr(v))}")
    return v


def _int(v: object, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"the field {name!r} should be a whole number, "
                        f"not {api.quote(repr(v))}")
    return v


def _bool(v: object, name: str) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"the field {name!r} should be true or false, "
                        f"not {api.quote(repr(v))}")
    return v


def _list(v: object, name: str) -> list[Any]:
    if not isinstance(v, list):
        raise TypeError(f"the field {name!r} should be a list, not {api.quote(repr(v))}")
    return v


def check_slot(slot: str) -> None:
    """A slot name is 1..64 printable characters without surrounding spaces."""
    if not isinstance(slot, str) or not slot or slot != slot.strip():
        raise CampaignError(f"a slot name must be non-empty text without surrounding spaces, "
                            f"not {slot!r}")
    if len(slot) > SLOT_MAX:
        raise CampaignError(f"a slot name has at most {SLOT_MAX} characters")
    if any(not ch.isprintable() for ch in slot):
        raise CampaignError(f"the slot name {slot!r} holds control characters")


_RESERVED = frozenset('/\\:*?"<>|%')


def _stem(slot: str) -> str:
    # Only characters that some file system refuses are percent-encoded, so a Japanese name
    # stays readable and short enough; a leading dot (hidden file) and a trailing dot or space
    # (dropped by Windows) are encoded too. ``unquote`` reverses it.
    out = []
    last = len(slot) - 1
    for i, ch in enumerate(slot):
        if ch in _RESERVED or (i == 0 and ch == ".") or (i == last and ch in ". "):
            out.append(f"%{ord(ch):02X}")
        else:
            out.append(ch)
    return "".join(out)


def default_directory() -> Path:
    """Where campaigns live unless told otherwise: ``magos`` in the app's data directory."""
    from tabletop.api import data_dir

    return data_dir() / "magos"


class CampaignStore:
    """Named campaign slots as JSON files in ``directory``."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()

    def path(self, slot: str) -> Path:
        check_slot(slot)
        return self.directory / f"{_stem(slot)}{_SUFFIX}"

    def list(self) -> list[str]:
        """Slot names with a file, sorted; damaged copies kept aside and temp files excluded."""
        if not self.directory.is_dir():
            return []
        names = []
        for p in self.directory.iterdir():
            name = p.name
            if (not name.endswith(_SUFFIX) or name.startswith(".") or _DAMAGED in name
                    or not p.is_file()):
                continue
            names.append(unquote(name[: -len(_SUFFIX)]))
        return sorted(names)

    def exists(self, slot: str) -> bool:
        return self.path(slot).is_file()

    def load(self, slot: str) -> Campaign:
        """Read a slot. ``CampaignError`` if there is none; ``CampaignFileError`` (with the
        file moved aside) if it is damaged."""
        path = self.path(slot)
        if not path.exists() and not path.is_symlink():
            raise CampaignError(f"There is no campaign named '{slot}'.")
        try:
            campaign = Campaign.from_json(api.read_json(path, MAX_BYTES))
        except api.FileProblem as exc:
            raise self._damaged(path, exc.problem.rstrip(".")) from None
        except CampaignError as exc:
            raise self._damaged(path, str(exc)) from None
        if campaign.slot != slot:
            # A case-insensitive file system maps both names to one file: not damage.
            raise CampaignError(f"There is no campaign named '{slot}' (its file holds the "
                                f"campaign '{campaign.slot}').")
        return campaign

    def save(self, campaign: Campaign) -> Path:
        """Write ``campaign`` to its slot atomically; return the file's path.

        A damaged file in the way is moved aside first, never overwritten.
        """
        campaign.validate()
        path = self.path(campaign.slot)
        self.directory.mkdir(parents=True, exist_ok=True)
        if path.exists():
            self._set_aside_if_damaged(path, campaign.slot)
        api.remove_stale_temporaries(self.directory)
        api.write_atomic(path, json.dumps(campaign.to_json(), ensure_ascii=False, indent=2)
                           + "\n")
        return path

    def delete(self, slot: str) -> None:
        """Remove a slot; ``CampaignError`` if there is none."""
        try:
            self.path(slot).unlink()
        except FileNotFoundError:
            raise CampaignError(f"There is no campaign named '{slot}'.") from None

    # -- damaged files ----------------------------------------------------------------------
    def _set_aside_if_damaged(self, path: Path, slot: str) -> None:
        try:
            existing = Campaign.from_json(api.read_json(path, MAX_BYTES))
        except (api.FileProblem, CampaignError):
            self._move_aside(path)
            return
        if existing.slot != slot:
            raise CampaignError(f"The slot name '{slot}' uses the same file as the campaign "
                                f"'{existing.slot}'; choose another name.")

    def _damaged(self, path: Path, problem: str) -> CampaignFileError:
        return CampaignFileError(path, problem, self._move_aside(path))

    @staticmethod
    def _move_aside(path: Path) -> Path | None:
        return api.keep_aside(path, _SUFFIX)


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "ORDERS",
    "ORDER_CAMPAIGN",
    "ORDER_LISTING",
    "Beaten",
    "Campaign",
    "CampaignError",
    "CampaignFileError",
    "CampaignStore",
    "default_directory",
    "now_iso",
]
