"""Everything a player can do at the table can be done from the command line: seeded random
games of every built-in game, written as action texts, replay through ``tabletop-cli play`` to
the same state, and the games replayed cover every kind of decision each game declares (a path
card turned round, a repair, a theft, a bid, a leader's ability that an option brings...)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine import CHANCE, Session
from tabletop.registry import load_plugins

PLUGINS = load_plugins(include_entry_points=False)[0]
#: Kinds a game declares but never takes: the solo game shares the 2-4 player game's action
#: forms, and with one player no start player is drawn.
NEVER_TAKEN = {"national-economy-solo": {"start"}}


def _options(game_id: str, seed: int) -> dict[str, object]:
    """Seed 0 plays the defaults; later seeds turn every switch and step through every
    choice, so that decisions only an option brings (a leader's ability) are reached too."""
    out: dict[str, object] = {}
    if seed == 0:
        return out
    for opt in PLUGINS[game_id].spec.options:
        if isinstance(opt.default, bool):
            out[opt.key] = bool(seed % 2) != opt.default
        elif opt.choices:
            out[opt.key] = opt.choices[seed % len(opt.choices)]
    return out


def _random_decisions(game_id: str, players: int, seed: int, limit: int = 3000
                      ) -> tuple[list[str], Session]:
    session = Session(PLUGINS[game_id].game, players, _options(game_id, seed), seed,
                      human_seats=range(players))
    rng = random.Random(f"cli-reach/{game_id}/{players}/{seed}")
    decisions: list[str] = []
    while not session.is_terminal() and len(decisions) < limit:
        legal = session.legal_actions()
        action = legal[rng.randrange(len(legal))]
        decisions.append(action)
        session.submit(session.current_player(), action)
    return decisions, session


def _replay(tmp_path: Path, game_id: str, players: int, seed: int, decisions: list[str],
            capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    script = tmp_path / f"{game_id}-{players}-{seed}.txt"
    script.write_text("\n".join(decisions) + "\n", encoding="utf-8")
    options = [f"--option={k}={v}" for k, v in _options(game_id, seed).items()]
    assert main(["play", game_id, "--seed", str(seed), "--players", str(players),
                 "--actions", str(script), "--json", *options]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_a_random_game_replays_through_the_command_line(
        game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = PLUGINS[game_id].spec
    for players in sorted({spec.min_players, spec.max_players}):
        decisions, session = _random_decisions(game_id, players, seed=7, limit=600)
        data = _replay(tmp_path, game_id, players, 7, decisions, capsys)
        assert data["decisions"] == decisions
        assert data["state_hash"] == session.state_hash()
        assert data["terminal"] == session.is_terminal()


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_every_kind_of_decision_is_reached_by_action_texts(
        game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plugin = PLUGINS[game_id]
    forms = plugin.game.actions
    assert forms is not None
    spec = plugin.spec
    decided: set[str] = set()
    drawn: set[str] = set()  # kinds only chance takes (shuffles, dice, deals)
    for seed in range(40):
        for players in sorted({spec.min_players, spec.max_players}):
            decisions, session = _random_decisions(game_id, players, seed)
            new = {d.partition(":")[0] for d in decisions} - decided
            drawn |= {r.action.partition(":")[0] for r in session.history if r.seat == CHANCE}
            if new:  # a game that brings a new kind of decision is replayed from its text
                data = _replay(tmp_path, game_id, players, seed, decisions, capsys)
                assert data["state_hash"] == session.state_hash()
                decided |= new
        if set(forms.kinds) - NEVER_TAKEN.get(game_id, set()) <= decided | drawn:
            break
    assert set(forms.kinds) - decided - drawn == NEVER_TAKEN.get(game_id, set())
