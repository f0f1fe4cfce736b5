"""OpenSpiel's own ISMCTS bot against meeple's heuristic player, on a meeple game registered in OpenSpiel.

    python examples/openspiel_ismcts.py cube-europe 2 --games 2 --simulations 20

takes about 7 seconds of one core for its two games (each simulation renders and copies the meeple
state through the adapter: 50 simulations take about 2.5 times as long). A stronger ISMCTS needs more
``--simulations``; tests/adapters/test_examples.py runs this command with a smaller budget.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from meeple.adapters.openspiel import register
from meeple.agents import choose_action, make_agent


def play(game_id: str, players: int, games: int, simulations: int, seed: int = 0) -> list[list[float]]:
    name = register(game_id)
    game = pyspiel.load_game(name, {"players": players})
    rng = np.random.RandomState(seed)
    results = []
    for g in range(games):
        spiel_seat = g % players  # OpenSpiel's bot takes each seat in turn
        bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rng,
        )
        others = {p: make_agent("heuristic", game_id, seed + 100 * g + p) for p in range(players)}
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif player == spiel_seat:
                state.apply_action(bot.step(state))
            else:
                meeple_state = state.meeple_state
                action = choose_action(others[player], meeple_state, player)
                state.apply_action(meeple_state.action_index(action))
        returns = state.returns()
        print(f"game {g}: OpenSpiel ISMCTS in seat {spiel_seat}; returns {returns}; scores {state.meeple_state.scores()}")
        results.append(returns)
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="cube-europe")
    parser.add_argument("players", nargs="?", type=int, default=2)
    parser.add_argument("--games", type=int, default=2, help="games to play; the ISMCTS bot changes seat each game")
    parser.add_argument("--simulations", type=int, default=20,
                        help="ISMCTS simulations per move (time grows about linearly)")
    args = parser.parse_args()
    play(args.game, args.players, args.games, args.simulations)
