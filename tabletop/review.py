"""The review of a finished (or unfinished) game: every decision of one seat judged from what
that seat knew then, where its chances fell, and the move the search preferred.

Each decision is judged as the Hint judges a move: the search of ``level`` is given the seat's
observation at that moment (never the state) and the legal moves, and says each move's chance
from that seat's view (``Decision.values``) with the margin of its own noise
(``Decision.margins``). The chance after a decision is the chance of the move made. A decision
is a mistake only where the preferred move's chance exceeds the made one's by more than that
margin (and by two points at least): a drop within the noise of the search is not called one.
Where the game solves the position exactly (``Game.solved_action``: a Magos solo battle under
patch v1.1) the margins are 0 and the figures exact.

Where the rules give a reason why the preferred move was better (``Game.review_reason``: a sale
of the dearer building, a spell that would have won), a mistake carries it in the game's own
words (``Judged.reason``, a message of the game's catalogue); where they give none it has none.
Where the rules give a reason but the fall lies within the search's margin, the decision is
searched again with ``CLOSE_CALL_EFFORT`` times the budget, so that a fall the rules point at
is settled by a closer look of the search rather than left to its noise; it is called a
mistake only if that search shows it beyond its own, narrower margin.

A second view, "with hindsight" (``hindsight=True``), judges a finished game from the true
state of each moment instead: the search plans against the other seats' real hidden cards,
not guesses drawn from the seat's observation. It says what the seat could not have known and
is always labelled so; the fair view stays the default, and the two are kept apart.

Every search is seeded from the review's seed and the decision's place in the game, so a
review replays exactly, and two reviews with different seeds show how far the figures move by
the search alone. No Qt: the app's Review window and ``tabletop-cli review`` both use it.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tabletop.ai.base import CancelFlag, Decision
from tabletop.ai.levels import make_agent
from tabletop.ai.mcts import MCTSAgent
from tabletop.engine.game import Game
from tabletop.engine.messages import Msg
from tabletop.engine.session import Session

#: The level a review searches with: the Hint's.
REVIEW_LEVEL = "hard"
#: How many of the largest drops a review names.
MOST_MISTAKES = 5
#: How many times its usual iterations the search spends on a close call the rules point at
#: (``Game.review_reason`` gives a reason, the fall lies within the first search's margin).
#: The margin narrows with the visits of the move made, which the search gives fewer of than
#: the best: four times the budget narrows it by a quarter to a half.
CLOSE_CALL_EFFORT = 4
#: The least fall of the chance called a mistake, even where the figures are exact: a move
#: that gives up a hundredth of a percent is not one a player needs to hear about.
LEAST_FALL = 0.02


@dataclass
class Judged:
    """One decision of the reviewed seat.

    ``ply`` is the record's index in the game's history (the position before it is
    ``session.state_at(ply)``); ``number`` counts the seat's decisions from 1. The chances are
    from the seat's own view, 0 to 1 (a draw counts half); ``None`` where the search gave no
    estimate (a single legal move, a move the level plays by rule, a move it never tried).
    ``margin`` is how far apart the two chances may lie by the search's noise alone."""

    ply: int
    number: int
    made: str
    best: str
    chance_made: float | None
    chance_best: float | None
    margin: float
    choices: int
    exact: bool
    reason: Msg | None = None  # why the preferred move was better, where the rules say

    @property
    def drop(self) -> float | None:
        """How much the chance fell by not making the preferred move (0 when it was made)."""
        if self.chance_made is None or self.chance_best is None:
            return None
        return max(0.0, self.chance_best - self.chance_made)

    @property
    def mistake(self) -> bool:
        """The preferred move is better by more than the search's margin (and ``LEAST_FALL``)."""
        drop = self.drop
        return (drop is not None and self.made != self.best
                and drop > max(self.margin, LEAST_FALL))

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "number": self.number, "made": self.made, "best": self.best,
                "chance_made": self.chance_made, "chance_best": self.chance_best,
                "margin": self.margin, "drop": self.drop, "mistake": self.mistake,
                "choices": self.choices, "exact": self.exact,
                "reason": None if self.reason is None else {"code": self.reason.code,
                                                            "args": dict(self.reason.args)}}


@dataclass
class Review:
    """Every decision of ``seat`` judged; ``complete`` is False for a review cancelled part
    way (its decisions are those judged by then)."""

    game: str
    seat: int
    level: str
    seed: int
    decisions: list[Judged] = field(default_factory=list)
    complete: bool = True
    hindsight: bool = False  # judged from the true state, not the seat's view (see the module)

    def mistakes(self, most: int = MOST_MISTAKES) -> list[Judged]:
        """The decisions where the chance fell most beyond the search's margin, largest first."""
        found = [d for d in self.decisions if d.mistake]
        return sorted(found, key=lambda d: (-(d.drop or 0.0), d.ply))[:most]

    def curve(self) -> list[tuple[int, float]]:
        """(decision number, chance after it) for every decision the search estimated."""
        return [(d.number, d.chance_made) for d in self.decisions if d.chance_made is not None]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "level": self.level, "seed": self.seed,
                "complete": self.complete, "hindsight": self.hindsight,
                "decisions": [d.to_json() for d in self.decisions],
                "mistakes": [d.ply for d in self.mistakes()]}

    @classmethod
    def from_json(cls, data: Any) -> Review:
        """A review from ``to_json``'s form; ``ValueError`` naming what is wrong otherwise."""
        try:
            out = cls(str(data["game"]), int(data["seat"]), str(data["level"]),
                      int(data["seed"]), complete=bool(data["complete"]),
                      hindsight=bool(data.get("hindsight", False)))
            for d in data["decisions"]:
                out.decisions.append(Judged(
                    int(d["ply"]), int(d["number"]), str(d["made"]), str(d["best"]),
                    _chance(d["chance_made"]), _chance(d["chance_best"]),
                    float(d["margin"]), int(d["choices"]), bool(d["exact"]),
                    _reason(d.get("reason"))))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a review: {type(exc).__name__}: {exc}") from None
        return out


def _reason(value: Any) -> Msg | None:
    if value is None:
        return None
    if not isinstance(value["code"], str) or not isinstance(value["args"], dict):
        raise ValueError("a reason is not a message")
    return Msg.of(value["code"], value["args"])


def _chance(value: Any) -> float | None:
    if value is None:
        return None
    chance = float(value)
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"a chance of {chance}")
    return chance


class ReviewStore:
    """Reviews kept with the finished games they judge, so reopening one is instant: a file
    per game, seat, level and seed under the user data folder's ``reviews``, a review with
    hindsight in a file of its own beside the fair one. A game is known
    by a digest of its seed, options and every entry of its log. A file that does not read as
    a review is left out (and the review made again); one that cannot be written costs only
    the keeping."""

    def __init__(self, folder: Path | None = None) -> None:
        if folder is None:
            from tabletop.userdata import data_dir

            folder = data_dir() / "reviews"
        self.folder = folder

    def path(self, session: Session, seat: int, level: str, seed: int,
             hindsight: bool = False) -> Path:
        log = [[r.seat, r.action] for r in session.history]
        key = json.dumps([session.game.spec.id, session.seed, session.options, log],
                         sort_keys=True, separators=(",", ":"), default=str)
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
        view = "-hindsight" if hindsight else ""
        return self.folder / f"{session.game.spec.id}-{digest}-{seat}-{level}-{seed}{view}.json"

    def load(self, session: Session, seat: int, level: str, seed: int,
             hindsight: bool = False) -> Review | None:
        from tabletop.engine.files import FileProblem, read_json

        try:
            found = Review.from_json(read_json(self.path(session, seat, level, seed, hindsight),
                                               4 * 1024 * 1024))
        except (FileProblem, OSError, ValueError):
            return None
        if (found.game, found.seat, found.level, found.seed, found.hindsight) != (
                session.game.spec.id, seat, level, seed, hindsight) or not found.complete:
            return None
        return found

    def keep(self, session: Session, result: Review) -> bool:
        """Write a complete ``result`` beside the others; False if it could not be."""
        if not result.complete:
            return False
        from tabletop.engine.files import write_atomic

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path(session, result.seat, result.level, result.seed,
                                   result.hindsight),
                         json.dumps(result.to_json(), ensure_ascii=False))
        except OSError:
            return False
        return True


def seat_plies(session: Session, seat: int) -> list[int]:
    """The history indices of ``seat``'s decisions (chance records have a seat of their own)."""
    return [i for i, r in enumerate(session.history) if r.seat == seat]


def search_seed(seed: int, ply: int) -> int:
    """The search's seed for the decision at ``ply``: the same review seed judges a decision
    alike wherever the rest of the game went."""
    return (seed * 1_000_003 + ply * 7_919) % (2**31)


def with_hindsight(game: Game[Any], truth: Any) -> Game[Any]:
    """``game`` as a search sees it with hindsight: every guess of the hidden facts is
    ``truth`` itself. A shallow copy whose ``resampler`` and ``resample`` are replaced on the
    instance, so that the game's class, and with it every hook the search reads from the
    class, stays the game's own."""
    seen = copy.copy(game)

    def resampler(_obs: Any, _seat: int) -> Callable[[Any], Any]:
        return lambda _rng: truth.clone()

    def resample(_obs: Any, _seat: int, _rng: Any) -> Any:
        return truth.clone()

    # On the instance: a method looked up there shadows the class's for this copy alone.
    setattr(seen, "resampler", resampler)  # noqa: B010
    setattr(seen, "resample", resample)  # noqa: B010
    return seen


def judge(session: Session, ply: int, seat: int, number: int, level: str, seed: int,
          cancel: CancelFlag | None = None, *, hindsight: bool = False) -> Judged:
    """The decision at ``ply``, judged from ``seat``'s observation of the position before it
    (``hindsight``: from that position itself, the other seats' hidden cards known)."""
    game = session.game
    state = session.state_at(ply)
    made = session.history[ply].action
    obs = game.observation(state, seat)
    legal = game.legal_actions(state)
    searched = with_hindsight(game, state) if hindsight else game
    out = _searched(searched, obs, seat, legal, made, ply, number, level,
                    search_seed(seed, ply), cancel, 1)
    drop = out.drop
    if drop is None or out.made == out.best or drop <= LEAST_FALL:
        return out
    reason = game.review_reason(obs, seat, made, out.best)
    if reason is not None and not out.mistake and not out.exact:
        # The rules point at this fall, and the search's noise alone hides it: a longer
        # search settles it (its margin narrows with the square root of the visits).
        out = _searched(searched, obs, seat, legal, made, ply, number, level,
                        search_seed(seed, ply), cancel, CLOSE_CALL_EFFORT)
        reason = (game.review_reason(obs, seat, made, out.best)
                  if out.mistake and out.best != made else None)
    if out.mistake:  # a reason explains a mistake, and is shown with nothing else
        out.reason = reason
    return out


def _searched(game: Game[Any], obs: Any, seat: int, legal: list[str], made: str, ply: int,
              number: int, level: str, seed: int, cancel: CancelFlag | None,
              effort: int) -> Judged:
    """The search of ``level`` (``effort`` times its iterations) on one decision."""
    agent = make_agent(level, time_cap=None)
    if effort > 1 and isinstance(agent, MCTSAgent):
        agent.iterations *= effort
    decision: Decision = agent.choose(game, obs, seat, legal, seed=seed, cancel=cancel)
    values = decision.values
    best = decision.action
    exact = bool(decision.margins) and all(m == 0.0 for m in decision.margins.values())

    def chance(action: str) -> float | None:
        value = values.get(action)
        return None if value is None else (value + 1.0) / 2.0

    margin = 0.0 if made == best else decision.margins.get(made, 1.0)
    return Judged(ply, number, made, best, chance(made), chance(best), margin, len(legal),
                  exact)


def review(session: Session, seat: int, *, level: str = REVIEW_LEVEL, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           cancel: CancelFlag | None = None, hindsight: bool = False) -> Review:
    """Judge every decision ``seat`` made in ``session``; ``progress(done, total)`` is called
    after each, and ``cancel`` stops the review between (and within) searches. ``hindsight``
    judges from the true state of each moment, and only once the game is over."""
    if not 0 <= seat < session.num_players:
        raise ValueError(f"There is no seat {seat} in a game of {session.num_players} players "
                         f"(seats are 0 to {session.num_players - 1}).")
    if hindsight and not session.is_terminal():
        raise ValueError("A review with hindsight is made only of a finished game.")
    plies = seat_plies(session, seat)
    result = Review(session.game.spec.id, seat, level, seed, hindsight=hindsight)
    for number, ply in enumerate(plies, 1):
        if cancel is not None and cancel.is_set():
            result.complete = False
            break
        result.decisions.append(judge(session, ply, seat, number, level, seed, cancel,
                                      hindsight=hindsight))
        if progress is not None:
            progress(number, len(plies))
    return result


# -- tabletop-cli review ---------------------------------------------------------------------

def _pct(chance: float | None) -> str:
    return "  -" if chance is None else f"{round(100 * chance):3d}%"


def review_command(args: argparse.Namespace, out: TextIO) -> int:
    """``tabletop-cli review FILE --seat N``: the review of a save file's seat N (0-based)."""
    from tabletop.cli_io import dumps, say, shown
    from tabletop.engine import savefile
    from tabletop.engine.savefile import SaveFileError
    from tabletop.registry import load_plugins

    plugins, _ = load_plugins()
    try:
        session, _data = savefile.load(args.file, plugins)
    except SaveFileError as exc:
        say(sys.stderr, f"tabletop-cli: {exc} [{exc.kind}]")
        return 2
    if not 0 <= args.seat < session.num_players:
        say(sys.stderr, f"tabletop-cli: --seat must be between 0 and "
                        f"{session.num_players - 1} for this game.")
        return 2
    if args.hindsight and not session.is_terminal():
        say(sys.stderr, "tabletop-cli: --hindsight needs a finished game.")
        return 2
    result = review(session, args.seat, level=args.level, seed=args.seed,
                    hindsight=args.hindsight)
    if args.json:
        print(dumps(result.to_json()), file=out)
        return 0
    speaker = plugins[session.game.spec.id].speaker()

    def words(ply: int, action: str) -> str:
        return shown(speaker.describe(session.state_at(ply), action, args.lang))

    spec = session.game.spec
    view = ("WITH HINDSIGHT: from the true state of each moment, the other seats' hidden "
            "cards known" if result.hindsight else "from that seat's view")
    print(f"Review of player {args.seat + 1} in {shown(spec.name_en)}: "
          f"{len(result.decisions)} decisions judged {view} "
          f"({result.level} search, seed {result.seed}).", file=out)
    print(f"{'#':>4} {'ply':>4}  chance  move made -> preferred", file=out)
    for d in result.decisions:
        better = "" if d.best == d.made else f" -> {words(d.ply, d.best)} {_pct(d.chance_best)}"
        mark = "  <- mistake" if d.mistake else ""
        print(f"{d.number:>4} {d.ply:>4}  {_pct(d.chance_made)}   {words(d.ply, d.made)}"
              f"{better}{mark}", file=out)
    mistakes = result.mistakes()
    if not mistakes:
        print("No decision fell by more than the search's margin.", file=out)
    else:
        print("Where the chances fell most:", file=out)
        for d in mistakes:
            print(f"  decision {d.number} (ply {d.ply}): {words(d.ply, d.made)} "
                  f"{_pct(d.chance_made).strip()}; the search prefers {words(d.ply, d.best)} "
                  f"{_pct(d.chance_best).strip()} (margin {round(100 * d.margin)} points"
                  f"{', exact' if d.exact else ''})", file=out)
            if d.reason is not None:
                print(f"    {shown(speaker.say(d.reason, args.lang))}", file=out)
    return 0


def add_review_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``review`` on the CLI's subcommand parsers."""
    from tabletop.ai.levels import LEVELS

    p: argparse.ArgumentParser = sub.add_parser(
        "review", help="judge every decision of one seat of a saved game from its own view")
    p.add_argument("file", help="a Tabletop save file (.json)")
    p.add_argument("--seat", type=int, required=True, metavar="N",
                   help="the seat to review (0-based, as --seat elsewhere)")
    p.add_argument("--level", choices=[lv for lv in LEVELS if lv != "random"],
                   default=REVIEW_LEVEL, help=f"the search that judges (default {REVIEW_LEVEL})")
    p.add_argument("--seed", type=int, default=0, help="the searches' seed (default 0)")
    p.add_argument("--lang", choices=("en", "ja"), default="en",
                   help="the language moves are named in")
    p.add_argument("--hindsight", action="store_true",
                   help="judge from the true state (the other seats' hidden cards known), "
                        "not from what the seat knew; a finished game only")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=review_command)
    return p
