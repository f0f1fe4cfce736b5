"""Cube Europe solo: the solo planner at a given budget on consecutive seeds, one JSON line per game.

    python benchmarks/solo_planner_budget.py CANDIDATES SAMPLES GAMES OUT [FIRST_SEED]
    python benchmarks/solo_planner_budget.py 6 12 80 benchmarks/results/cube-europe-solo-normal-planner-6x12.jsonl 2000

Seeds and the planner's seed are those ``benchmarks/strength.py --players 1`` uses (``agent_seed``), so
the scores pair with its records by seed. ``cpu`` is the game's CPU seconds.
"""
import sys, json, time, meeple
from meeple.games.cube_europe.solo_planner import SoloPlanner
from meeple.agents import choose_action
from meeple.sim import agent_seed
cand, samp, n, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
first = int(sys.argv[5]) if len(sys.argv) > 5 else 2000
game = meeple.load("cube-europe", players=1)
with open(out, "a") as f:
    for i in range(n):
        seed = first + i
        s = game.new_game(seed=seed)
        bot = SoloPlanner(seed=agent_seed(seed, 0), candidates=cand, samples=samp)
        t = time.process_time()
        while not s.is_over():
            p = s.to_move()[0]; s.apply(choose_action(bot, s, p), p)
        f.write(json.dumps({"seed": seed, "score": s.scores()[0], "cpu": round(time.process_time()-t,1)}) + "\n"); f.flush()
