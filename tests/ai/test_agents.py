"""Agents: legal answers, seeded determinism, fairness towards hidden facts, cancelling."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.ai import AGENTS, LEVELS, CancelFlag, GreedyAgent, MCTSAgent, RandomAgent, make_agent
from tabletop.ai.base import visit_margin
from tabletop.ai.greedy import lookahead
from tabletop.engine import CHANCE, Game, Session
from tabletop.engine.game import Observation
from tabletop.games.magos.model import MagosGame
from tabletop.games.national_economy.model import NationalEconomyGame
from tabletop.games.national_economy.solo import NationalEconomySoloGame
from tabletop.games.spymaster.model import SpymasterGame
from tabletop.testing.aicheck import assert_choice_ignores_hidden_facts
from tabletop.testing.build import play_out
from tests.toygame import ToyGame


def _position(game: Game[Any], seed: int, plies: int,
              options: dict[str, object] | None = None) -> Session:
    """A session after ``plies`` random decisions (fewer if the game ends first)."""
    return play_out(Session(game, 2, options, seed=seed), random.Random(seed), plies)


def _decision_point(game: Game[Any], seed: int, plies: int,
                    options: dict[str, object] | None = None) -> Session:
    """Like ``_position`` but stopping at the first later position with a real choice."""
    session = _position(game, seed, plies, options)
    rng = random.Random(seed + 1)
    while not session.is_terminal() and len(session.legal_actions()) < 2:
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    assert not session.is_terminal()
    return session


GAMES: list[tuple[str, Game[Any], dict[str, object] | None, int]] = [
    ("toy", ToyGame(), None, 1),
    ("magos-first-game", MagosGame(), {"setup": "first-game"}, 6),
    ("magos-draft", MagosGame(), {"setup": "draft"}, 14),
    ("national-economy", NationalEconomyGame(), None, 20),
]


@pytest.mark.parametrize(("name", "game", "options", "plies"), GAMES, ids=[g[0] for g in GAMES])
def test_agents_answer_with_a_legal_action(name: str, game: Game[Any],
                                           options: dict[str, object] | None,
                                           plies: int) -> None:
    session = _decision_point(game, 3, plies, options)
    seat = session.current_player()
    legal = session.legal_actions()
    for agent in (RandomAgent(), MCTSAgent(60), GreedyAgent()):
        decision = agent.choose(game, session.observation(seat), seat, legal, seed=7)
        assert decision.action in legal
    decision = MCTSAgent(60).choose(game, session.observation(seat), seat, legal, seed=7)
    assert decision.iterations == 60
    assert sum(decision.visits.values()) == 60
    assert set(decision.visits) <= set(legal)
    assert decision.value is not None and -1.0 <= decision.value <= 1.0


def test_random_agent_is_seeded_and_uses_the_seed() -> None:
    game = MagosGame()
    session = _decision_point(game, 2, 14, {"setup": "draft"})
    seat, legal, obs = session.current_player(), session.legal_actions(), None
    obs = session.observation(seat)
    picks = [RandomAgent().choose(game, obs, seat, legal, seed=s).action for s in range(30)]
    again = [RandomAgent().choose(game, obs, seat, legal, seed=s).action for s in range(30)]
    assert picks == again
    assert len(set(picks)) > 1


@pytest.mark.parametrize(("name", "game", "options", "plies"), GAMES, ids=[g[0] for g in GAMES])
def test_mcts_same_seed_same_search(name: str, game: Game[Any],
                                    options: dict[str, object] | None, plies: int) -> None:
    session = _decision_point(game, 5, plies, options)
    seat, legal = session.current_player(), session.legal_actions()
    a = MCTSAgent(150).choose(game, session.observation(seat), seat, legal, seed=11)
    b = MCTSAgent(150).choose(game, session.observation(seat), seat, legal, seed=11)
    assert (a.action, a.visits, a.value) == (b.action, b.visits, b.value)


FAIR: list[tuple[str, Game[Any], dict[str, object] | None, int]] = [
    ("toy", ToyGame(), None, 1),
    ("magos-first-game", MagosGame(), {"setup": "first-game"}, 6),
    ("magos-draft", MagosGame(), {"setup": "draft"}, 14),
    ("magos-draft-midgame", MagosGame(), {"setup": "draft"}, 30),
    # National Economy: the other player's hand and the deck are hidden (NE-R9).
    ("national-economy", NationalEconomyGame(), None, 6),
    ("national-economy-midgame", NationalEconomyGame(), None, 40),
    ("national-economy-late", NationalEconomyGame(), None, 80),
]


@pytest.mark.parametrize(("name", "game", "options", "plies"), FAIR, ids=[g[0] for g in FAIR])
def test_choice_ignores_facts_hidden_from_the_agent(name: str, game: Game[Any],
                                                     options: dict[str, object] | None,
                                                     plies: int) -> None:
    # DESIGN §3: an agent's choice must not change when only hidden facts change.
    assert_choice_ignores_hidden_facts(game, _decision_point(game, 8, plies, options))


class _CountdownFlag(CancelFlag):
    """A flag that reports itself set after a fixed number of checks."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0 or super().is_set()


def test_cancel_flag_stops_the_search_within_one_iteration() -> None:
    game = MagosGame()
    session = _decision_point(game, 4, 6)
    seat, legal = session.current_player(), session.legal_actions()
    obs = session.observation(seat)
    decision = MCTSAgent(5000).choose(game, obs, seat, legal, seed=1,
                                      cancel=_CountdownFlag(25))
    assert decision.iterations == 25
    assert decision.cancelled
    assert decision.action in legal

    flag = CancelFlag()
    flag.set()
    decision = MCTSAgent(5000).choose(game, obs, seat, legal, seed=1, cancel=flag)
    assert decision.iterations == 0
    assert decision.cancelled
    assert decision.action in legal


def test_mcts_takes_a_winning_spell() -> None:
    # MG-R40: reducing the opponent to 0 HP wins at once; Pain deals 2 (MG-S02). With one die
    # left, Harmony would use it up and let the opponent play on.
    game = MagosGame()
    session = _position(game, 1, 0)
    state = session.state.clone()
    seat = game.current_player(state)
    data = game.state_to_json(state)
    data["hp"][1 - seat] = 2
    data["dice"] = [5]
    data["used"] = [False]
    state = game.state_from_json(data)
    legal = game.legal_actions(state)
    assert legal == ["cast:harmony:5", "cast:pain:5", "end"]
    for level in ("normal", "hard"):
        agent = make_agent(level)
        for seed in range(3):
            decision = agent.choose(game, game.observation(state, seat), seat, legal, seed=seed)
            assert decision.action == "cast:pain:5", (level, seed, decision)
            assert decision.value is not None and decision.value > 0.9
            assert max(decision.visits, key=decision.visits.__getitem__) == "cast:pain:5"


def test_single_legal_action_needs_no_search() -> None:
    game = ToyGame()
    session = Session(game, 2, {"stones": 5}, seed=1)
    for a in ("take:2", "take:2"):
        session.submit(session.current_player(), a)
    seat = session.current_player()
    assert session.legal_actions() == ["take:1"]
    decision = MCTSAgent(500).choose(game, session.observation(seat), seat, ["take:1"], seed=0)
    assert decision.action == "take:1"
    assert decision.iterations == 0


def test_levels() -> None:
    assert LEVELS == ("random", "easy", "normal", "hard", "expert")
    budgets = []
    for level in LEVELS:
        agent = make_agent(level)
        assert agent.name == level
        if isinstance(agent, MCTSAgent):
            budgets.append(agent.iterations)
    assert isinstance(make_agent("random"), RandomAgent)
    assert budgets == sorted(budgets) and len(set(budgets)) == 4
    with pytest.raises(ValueError, match="random, easy, normal, hard, expert, greedy"):
        make_agent("grandmaster")
    # The yardsticks are for the command line and benchmarks, not the new-game dialog:
    # greedy, and hard without the game's search hooks.
    assert (*LEVELS, "greedy", "hard-unguided") == AGENTS
    assert isinstance(make_agent("greedy"), GreedyAgent)
    unguided = make_agent("hard-unguided")
    assert isinstance(unguided, MCTSAgent) and not unguided.guided
    assert unguided.iterations == make_agent("hard").iterations and make_agent("hard").guided


def test_expert_is_hard_searching_longer_for_at_most_three_seconds() -> None:
    hard, expert = make_agent("hard"), make_agent("expert")
    assert isinstance(hard, MCTSAgent) and isinstance(expert, MCTSAgent)
    assert expert.iterations == 8 * hard.iterations and expert.top_k == hard.top_k == 1
    # The rules' scripts for a level (a Saboteur 2 role's play, a Punimonyo answerer's
    # accuracy) give expert hard's way of play, and its name stays its own.
    assert expert.level == "hard" and expert.name == "expert"
    # The app's agent stops thinking at 3 s; a tighter cap stays; seeded runs keep none.
    assert expert.time_cap == 3.0 and hard.time_cap == 10.0
    assert make_agent("expert", 1.5).time_cap == 1.5
    assert make_agent("expert", None).time_cap is None


def test_agents_never_get_chance_nodes() -> None:
    # The session resolves chance before asking anyone, so agents only see decisions.
    session = Session(MagosGame(), 2, None, seed=9)
    assert session.current_player() != CHANCE


def _match(game: Game[Any], first: Any, second: Any, seed: int) -> list[float]:
    session = Session(game, 2, None, seed=seed)
    agents = (first, second)
    while not session.is_terminal():
        seat = session.current_player()
        d = agents[seat].choose(game, session.observation(seat), seat,
                                session.legal_actions(), seed=seed * 997 + len(session.history))
        session.submit(seat, d.action)
    return session.returns()


@pytest.mark.parametrize("game_id", ["magos", "national-economy"])
def test_greedy_is_a_fair_yardstick_that_beats_random(game_id: str) -> None:
    """The greedy agent plays its whole move before judging it (a carpenter's worker is worth
    the building it puts up), so it clearly beats random on both deep games."""
    from tabletop.registry import load_plugins

    game = load_plugins()[0][game_id].game
    wins = 0
    for i in range(8):
        g = i % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[g] = GreedyAgent()
        wins += _match(game, agents[0], agents[1], 40 + i)[g] > 0
    assert wins >= 7, wins


# -- one-player games ---------------------------------------------------------------------------

SOLO: list[tuple[str, Game[Any], dict[str, object] | None, int]] = [
    ("national-economy-solo-a", NationalEconomySoloGame(), None, 3),
    ("national-economy-solo-b", NationalEconomySoloGame(),
     {"variant": "b", "wage_failure": "penalty-tokens"}, 30),
]


def _solo_decision_point(game: Game[Any], seed: int, plies: int,
                         options: dict[str, object] | None) -> Session:
    """``_decision_point`` for a game of one seat."""
    session = Session(game, 1, options, seed=seed)
    rng = random.Random(seed)
    while not session.is_terminal() and (plies > 0 or len(session.legal_actions()) < 2):
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
        plies -= 1
    assert not session.is_terminal()
    return session


@pytest.mark.parametrize(("name", "game", "options", "plies"), SOLO, ids=[g[0] for g in SOLO])
def test_agents_answer_alone_legally_and_repeatably(name: str, game: Game[Any],
                                                    options: dict[str, object] | None,
                                                    plies: int) -> None:
    session = _solo_decision_point(game, 3, plies, options)
    seat, legal = session.current_player(), session.legal_actions()
    assert seat == 0
    obs = session.observation(seat)
    for agent in (RandomAgent(), MCTSAgent(60), GreedyAgent(), make_agent("easy")):
        decision = agent.choose(game, obs, seat, legal, seed=7)
        assert decision.action in legal
    a = MCTSAgent(150).choose(game, obs, seat, legal, seed=11)
    b = MCTSAgent(150).choose(game, session.observation(seat), seat, legal, seed=11)
    assert (a.action, a.visits, a.value) == (b.action, b.visits, b.value)
    assert a.value is not None and -1.0 <= a.value <= 1.0


class _WideSolo(NationalEconomySoloGame):
    """The solo game with the search's own exploration constant."""

    def search_exploration(self, obs: Observation) -> float:
        return 1.0


def test_game_scales_the_exploration_constant() -> None:
    # Under rules b the solo game narrows exploration to a quarter (``search_exploration``):
    # its search is the one an agent with a quarter of the constant runs on the game left wide.
    options: dict[str, object] = {"variant": "b", "wage_failure": "penalty-tokens"}
    session = _solo_decision_point(NationalEconomySoloGame(), 5, 12, options)
    obs, legal = session.observation(0), session.legal_actions()
    narrowed = MCTSAgent(200).choose(NationalEconomySoloGame(), obs, 0, legal, seed=3)
    by_hand = MCTSAgent(200, exploration=0.25).choose(_WideSolo(), obs, 0, legal, seed=3)
    wide = MCTSAgent(200).choose(_WideSolo(), obs, 0, legal, seed=3)
    assert narrowed.visits == by_hand.visits
    assert narrowed.visits != wide.visits


class _ThoroughToy(ToyGame):
    """The toy game asking its searches for two and a half times the level's iterations."""

    def search_effort(self) -> float:
        return 2.5


def test_search_effort_scales_the_budget() -> None:
    game, base = _ThoroughToy(), ToyGame()
    session = _decision_point(base, 3, 1)
    seat, legal = session.current_player(), session.legal_actions()
    obs = session.observation(seat)
    assert MCTSAgent(60).choose(base, obs, seat, legal, seed=1).iterations == 60
    decision = MCTSAgent(60).choose(game, obs, seat, legal, seed=1)
    assert decision.iterations == 150
    assert sum(decision.visits.values()) == 150


class _DeepToy(_ThoroughToy):
    """The thorough toy game asking its expert level for three times its iterations more."""

    def expert_effort(self) -> float:
        return 3.0


def test_expert_effort_scales_only_the_expert_budget() -> None:
    from tabletop.ai.levels import _SEARCH

    game = _DeepToy()
    session = _decision_point(ToyGame(), 3, 1)
    seat, legal = session.current_player(), session.legal_actions()
    obs = session.observation(seat)
    for level in ("easy", "normal", "hard"):
        decision = make_agent(level, None).choose(game, obs, seat, legal, seed=1)
        assert decision.iterations == round(_SEARCH[level]["iterations"] * 2.5)
    expert = make_agent("expert", None).choose(game, obs, seat, legal, seed=1)
    assert expert.iterations == round(_SEARCH["expert"]["iterations"] * 2.5 * 3.0)
    assert sum(expert.visits.values()) == expert.iterations
    # Without the hook, expert searches its usual budget (times the game's search effort).
    usual = make_agent("expert", None).choose(_ThoroughToy(), obs, seat, legal, seed=1)
    assert usual.iterations == round(_SEARCH["expert"]["iterations"] * 2.5)


def test_magos_expert_searches_twice_its_budget() -> None:
    # ``MagosGame.expert_effort``: a duel's iterations are cheap enough for a deeper expert.
    game = MagosGame()
    session = Session(game, 2, None, seed=2)
    seat = session.current_player()
    assert len(session.legal_actions()) > 1
    decision = make_agent("expert", None).choose(
        game, session.observation(seat), seat, session.legal_actions(), seed=2)
    assert decision.iterations == 2 * 9600


class _LookaheadToy(ToyGame):
    """The toy game whose hard level judges moves one ahead over five guesses."""

    def lookahead_samples(self, level: str) -> int | None:
        return 5 if level == "hard" else None


def test_a_game_may_have_a_level_judge_moves_one_ahead() -> None:
    # ``Game.lookahead_samples``: hard plays what a one-move lookahead over that many guesses
    # plays (the greedy yardstick's rule), every move tried alike, and the hint ranks the
    # moves by their mean; the other levels, and hard without the game's hooks, still search.
    game = _LookaheadToy()
    session = _decision_point(ToyGame(), 3, 1)
    seat, legal = session.current_player(), session.legal_actions()
    obs = session.observation(seat)
    hard = make_agent("hard", None).choose(game, obs, seat, legal, seed=7)
    yardstick = GreedyAgent(samples=5).choose(game, obs, seat, legal, seed=7)
    assert (hard.action, hard.values) == (yardstick.action, yardstick.values)
    assert hard.visits == dict.fromkeys(legal, 5) and hard.iterations == 5 * len(legal)
    chances = [c for _, c in hard.ranked()]
    assert hard.ranked()[0][0] == hard.action and chances[1:] == sorted(chances[1:],
                                                                        reverse=True)
    assert make_agent("normal", None).choose(game, obs, seat, legal, seed=7).iterations == 300
    unguided = make_agent("hard-unguided", None).choose(game, obs, seat, legal, seed=7)
    assert unguided.iterations == 1200


class _HoardingLookaheadToy(_LookaheadToy):
    """The lookahead toy whose hard level values the stones left on the table (the toy has no
    heuristic), and counts the levels it was asked for."""

    def __init__(self) -> None:
        self.levels: list[str] = []

    def lookahead_heuristic(self, state: Any, seat: int, level: str) -> float | None:
        self.levels.append(level)
        return state.stones / 10.0


def test_a_level_that_looks_one_ahead_scores_with_the_games_lookahead_heuristic() -> None:
    # ``Game.lookahead_heuristic``: hard's lookahead scores by the game's judge for hard, not
    # by the heuristic its tree search would use; the greedy yardstick keeps the heuristic.
    game = _HoardingLookaheadToy()
    session = _decision_point(ToyGame(), 3, 1)
    seat, legal = session.current_player(), session.legal_actions()
    assert session.state.stones > 3 and legal == ["take:1", "take:2"]
    obs = session.observation(seat)
    hard = make_agent("hard", None).choose(game, obs, seat, legal, seed=7)
    assert game.levels and set(game.levels) == {"hard"}
    # Neither move ends the game here, so each is judged by the stones it leaves.
    left = session.state.stones
    assert hard.values == pytest.approx({"take:1": (left - 1) / 10.0, "take:2": (left - 2) / 10.0})
    assert hard.action == "take:1"
    plain = GreedyAgent(samples=5).choose(_LookaheadToy(), obs, seat, legal, seed=7)
    assert plain.values == {"take:1": 0.0, "take:2": 0.0}
    calls = len(game.levels)
    GreedyAgent(samples=5).choose(game, obs, seat, legal, seed=7)
    assert len(game.levels) == calls


def test_lookahead_stops_at_a_cancel_after_the_guess_under_way() -> None:
    session = _decision_point(ToyGame(), 3, 1)
    seat, legal = session.current_player(), session.legal_actions()
    flag = CancelFlag()
    flag.set()
    found = lookahead(ToyGame(), session.observation(seat), seat, legal, 50,
                      random.Random(1), flag)
    assert found.cancelled and found.iterations == len(legal) and found.action in legal


class _TimidOpponentToy(ToyGame):
    """The toy game with a model of the other player: he always takes one stone."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, list[str]]] = []

    def opponent_model(self, state: Any, seat: int, legal: Any,
                       rng: random.Random) -> str | None:
        self.calls.append((seat, self.current_player(state), list(legal)))
        return "take:1"


def test_opponent_model_chooses_for_the_other_seat_only() -> None:
    base, modelled = ToyGame(), _TimidOpponentToy()
    session = Session(base, 2, {"stones": 9}, seed=4)
    while session.current_player() == CHANCE:
        session.submit(CHANCE, session.legal_actions()[0])
    seat, legal = session.current_player(), session.legal_actions()
    obs = session.observation(seat)
    searched = MCTSAgent(400).choose(base, obs, seat, legal, seed=3)
    decision = MCTSAgent(400).choose(modelled, obs, seat, legal, seed=3)
    assert decision.iterations == 400
    # Asked only where the other seat moves in the tree, always on behalf of the searcher.
    assert modelled.calls
    assert {(s, p) for s, p, _ in modelled.calls} == {(seat, 1 - seat)}
    assert all(set(offered) <= {"take:1", "take:2"} for _, _, offered in modelled.calls)
    # An opponent who never takes two leaves more stones to the searcher: the search that
    # models him expects more than the one that lets him search too.
    assert searched.value is not None and decision.value is not None
    assert decision.value > searched.value


@pytest.mark.parametrize("cap", [float("nan"), float("inf"), -1.0, 0.0, -float("inf")])
@pytest.mark.parametrize("level", AGENTS)
def test_make_agent_refuses_a_time_cap_that_is_not_a_positive_number(level: str,
                                                                     cap: float) -> None:
    with pytest.raises(ValueError, match="time cap"):
        make_agent(level, cap)
    assert make_agent(level, 0.5).name == level and make_agent(level, None).name == level


def test_visit_margin_is_the_widest_noise_of_two_means() -> None:
    # Win-or-lose results in [-1, 1] give chances with a standard deviation of at most 1/2.
    assert visit_margin(100, 100) == pytest.approx(1.96 * 0.5 * (2 / 100) ** 0.5)
    assert visit_margin(10_000, 100) < visit_margin(100, 100) < visit_margin(10, 100)


def test_the_search_says_how_far_each_move_may_lie_from_its_choice() -> None:
    # The hint calls a move about as good only within these margins (``Decision.margins``).
    game = ToyGame()
    session = _decision_point(game, 5, 1)
    seat, legal = session.current_player(), session.legal_actions()
    small = MCTSAgent(100).choose(game, session.observation(seat), seat, legal, seed=3)
    large = MCTSAgent(3_000).choose(game, session.observation(seat), seat, legal, seed=3)
    for d in (small, large):
        assert set(d.margins) == set(d.values) and d.margins[d.action] == 0.0
        for a in d.margins:
            if a != d.action:
                assert d.margins[a] == pytest.approx(visit_margin(d.visits[d.action],
                                                                  d.visits[a]))
    other = next(a for a in large.margins if a != large.action)
    assert large.margins[other] < small.margins[other]


def test_lookahead_margins_come_from_the_differences_guess_by_guess() -> None:
    # Every move is judged on the same guesses, so the margin is the spread of the
    # differences, guess by guess.
    game = ToyGame()
    session = _decision_point(game, 5, 1)
    seat, legal = session.current_player(), session.legal_actions()
    d = lookahead(game, session.observation(seat), seat, legal, 12, random.Random(2))
    assert set(d.margins) == set(legal) and d.margins[d.action] == 0.0
    assert all(m >= 0.0 for m in d.margins.values())
    one = lookahead(game, session.observation(seat), seat, legal, 1, random.Random(2))
    assert one.margins == {}  # one guess tells nothing of the spread


@pytest.mark.parametrize("game", [ToyGame(), SpymasterGame()], ids=["one-tree", "tree-per-seat"])
def test_a_time_cap_too_short_for_any_search_still_gives_a_searched_move(game: Any) -> None:
    # A machine too busy to run one iteration within the cap (seen: a Magos solo solve took
    # the whole of a one-second cap under load) used to get legal[0] marked cancelled.
    session = Session(game, 2, None, 5, human_seats=())
    while session.current_player() != 0 or len(session.legal_actions()) < 2:
        session.submit(session.current_player(), session.legal_actions()[0])
    legal = session.legal_actions()
    agent = MCTSAgent(iterations=500, time_cap=1e-9)
    decision = agent.choose(game, session.observation(0), 0, legal, seed=3)
    assert not decision.cancelled
    assert decision.iterations >= 1 and decision.action in legal and decision.visits
    # A cancel still stops it before it starts.
    flag = CancelFlag()
    flag.set()
    stopped = agent.choose(game, session.observation(0), 0, legal, seed=3, cancel=flag)
    assert stopped.cancelled and stopped.iterations == 0
