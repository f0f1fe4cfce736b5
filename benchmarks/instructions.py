"""Machine instructions per random game (or per ISMCTS iteration), counted by Valgrind (callgrind): a
cost figure that a busy or shared machine does not disturb, for before/after comparisons where timings
swing by 10-30 %.

For each game and player count it runs the interpreter under callgrind twice, playing 0 and N random
games after the same start-up and one warm-up game, and prints the difference divided by N. With
``--vs TREE`` it does the same for another checkout (e.g. a ``git worktree`` of an older commit) and
prints the ratio. Needs ``valgrind``; each run takes 20-60 s (callgrind is ~50x slower than Python).

    python benchmarks/instructions.py --game kingsburg --players 3 4 --games 30
    python benchmarks/instructions.py --ismcts 50 --players 4 --game citadels   # per search iteration
    python benchmarks/instructions.py --ismcts 100 --game kingsburg --agent normal:leaf=model:depth=0

With ``--ismcts K`` it runs, instead of random games, one search of K iterations with the game's own
settings (``make_agent("ismcts")``) from each of the 4 positions ``benchmarks/ismcts.py`` searches, and
prints the instructions per iteration (the runs without searches are subtracted the same way);
``--agent SPEC`` searches with that agent instead (its settings written in the name).
    git worktree add /tmp/before 5bc630a && python benchmarks/instructions.py --vs /tmp/before

Numbers are instructions, not seconds: the collector's and the caches' behaviour is counted only as far
as it executes instructions. OpenBLAS threads (which spin) are held to one so they do not add noise.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLAY = """
import sys
root, benchmarks, game, players, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
sys.path[:0] = [root, benchmarks]
import meeple
from meeple.core import Rng
from throughput import random_playout
g = meeple.load(game, players=players)
random_playout(g.new_game(seed=999), Rng(1))
rng = Rng(7)
for i in range(n):
    random_playout(g.new_game(seed=i), rng)
"""
SEARCH = """
import sys
root, benchmarks, game, players, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
spec = sys.argv[6] if len(sys.argv) > 6 else ""
sys.path[:0] = [root, benchmarks]
import meeple
from meeple.agents import make_agent
from ismcts import positions
spots = positions(meeple.load(game, players=players), 0, 4)
if spec:  # a named agent: one search of the last position first, in both runs (a network's loading is not counted)
    agent = make_agent(f"{spec}:iterations={max(n, 1)}", game, 0)
    agent.search(*spots[-1])
else:
    agent = make_agent(f"ismcts:iterations={max(n, 1)}", game, 0)
done = 0
for state, player in spots if n else []:
    agent.search(state, player)
    done += agent.last_iterations
print("iterations", done)
"""


def collected(script: Path, root: Path, game: str, players: int, games: int, agent: str = "") -> tuple[int, str]:
    """Instructions callgrind counted for the whole run, and what the run printed."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(script),
                          str(root), str(HERE), game, str(players), str(games), agent], capture_output=True, text=True,
                         env=env, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if not found:
        raise RuntimeError(f"no count in callgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1)), out.stdout


def per_game(script: Path, root: Path, game: str, players: int, games: int, agent: str = "") -> float:
    """Instructions per random game, or (the search script) per search iteration."""
    busy, printed = collected(script, root, game, players, games, agent)
    idle, _ = collected(script, root, game, players, 0, agent)
    iterations = re.search(r"iterations (\d+)", printed)
    return (busy - idle) / (int(iterations.group(1)) if iterations else games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--players", nargs="*", type=int, help="player counts (default: each game's smallest)")
    parser.add_argument("--games", type=int, default=20, help="random games per count (default 20)")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to measure (default: this one)")
    parser.add_argument("--vs", type=Path, help="another checkout to compare with (the baseline)")
    parser.add_argument("--ismcts", type=int, metavar="K",
                        help="instead of random games: ISMCTS searches of K iterations, the cost per iteration")
    parser.add_argument("--agent", default="", metavar="SPEC",
                        help="with --ismcts: this agent (a make_agent name with settings, e.g. "
                             "'normal:leaf=model:depth=0') instead of 'ismcts'; one search of the last position "
                             "comes first in both runs, so one-time costs (a network's loading) are not counted")
    args = parser.parse_args(argv)
    if not shutil.which("valgrind"):
        parser.error("valgrind is not installed (apt-get install valgrind)")
    sys.path.insert(0, str(args.root))
    import meeple

    catalogue = meeple.games()
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "play.py"
        script.write_text(SEARCH if args.ismcts else PLAY, encoding="utf-8")
        unit = "instructions/iteration" if args.ismcts else "instructions/game"
        print(f"{'game':<18}{'players':>8}{unit:>24}" + (f"{'baseline':>16}{'ratio':>8}" if args.vs else ""))
        for gid in args.game or list(catalogue):
            info = catalogue[gid]
            for n in args.players or [info.min_players]:
                if not info.min_players <= n <= info.max_players:
                    continue
                runs = args.ismcts or args.games
                cost = per_game(script, args.root, gid, n, runs, args.agent)
                line = f"{gid:<18}{n:>8}{cost:>24,.0f}"
                if args.vs:
                    base = per_game(script, args.vs, gid, n, runs, args.agent)
                    line += f"{base:>16,.0f}{cost / base:>8.3f}"
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
