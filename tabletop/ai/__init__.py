"""Generic AI players over the engine contract: random, one-move greedy and information-set
MCTS.

Agents see only their seat's observation and the legal actions (see ``base``). Nothing in this
package imports Qt except ``worker``, which runs an agent off the GUI thread; import it
explicitly as ``tabletop.ai.worker``.
"""

from .base import Agent, CancelFlag, Decision
from .greedy import GreedyAgent
from .levels import AGENTS, LEVELS, make_agent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

__all__ = [
    "AGENTS",
    "LEVELS",
    "Agent",
    "CancelFlag",
    "Decision",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "make_agent",
]
