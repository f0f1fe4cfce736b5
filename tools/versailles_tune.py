"""Simulation statistics used to tune Versailles' designed content (content.py).

    python tools/versailles_tune.py PLAYERS GAMES MODE [PROCESSES]

MODE: ``hvr`` (one heuristic bot, the others random; the bot's seat rotates), ``hvh`` (all
heuristic) or ``rvr`` (all random). Prints the end conditions, turns per player, the share of
activations and of moves ending at each location, tiles built, the technology levels reached, the
new workers recruited and the bot's win rate.
"""

from __future__ import annotations

import collections
import sys
import time
from multiprocessing import Pool

import meeple
from meeple.agents import choose_action, make_agent
from meeple.games.versailles import content as C


def game(args: tuple[int, int, tuple[str, ...]]) -> dict:
    n, seed, kinds = args
    st = meeple.load("versailles", players=n).new_game(seed=seed)
    agents = [make_agent(k, "versailles", seed * 10 + i) for i, k in enumerate(kinds)]
    while not st.is_over():
        p = st.to_move()[0]
        st.apply(choose_action(agents[p], st, p), p)
    return {
        "winners": st.winners(), "scores": st.scores(), "reason": st.end_reason.split(" and only")[0],
        "turns": st.turn / n, "act": list(st.activations), "visits": list(st.visits),
        "built": sum(1 for t in st.site if t >= 0),
        "tech": [list(t) for t in st.tech], "recruited": [2 - r[0] - r[1] for r in st.reserve],
    }


def main() -> None:
    n, games, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    procs = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    jobs = []
    for s in range(games):
        if mode == "hvr":
            kinds = ["random"] * n
            kinds[s % n] = "heuristic"
        else:
            kinds = ["heuristic" if mode == "hvh" else "random"] * n
        jobs.append((n, s, tuple(kinds)))
    t0 = time.time()
    with Pool(procs) as pool:
        results = pool.map(game, jobs, chunksize=2)
    reasons = collections.Counter(r["reason"] for r in results)
    turns = sorted(r["turns"] for r in results)
    act = [sum(r["act"][i] for r in results) for i in range(8)]
    vis = [sum(r["visits"][i] for r in results) for i in range(8)]
    print(f"{n} players, {games} games, {mode}, {time.time() - t0:.0f}s")
    if mode == "hvr":
        wins = sum(1 for (_, _, kinds), r in zip(jobs, results) if kinds.index("heuristic") in r["winners"])
        print(f"heuristic bot wins {wins}/{games} = {wins / games:.1%}")
    for reason, k in reasons.most_common():
        print(f"  end: {reason}: {k / games:.0%}")
    print(f"  turns per player: median {turns[len(turns) // 2]:.1f}, "
          f"10%-90% {turns[len(turns) // 10]:.1f}-{turns[9 * len(turns) // 10]:.1f}")
    print("  activations: " + ", ".join(f"{C.LOCATIONS[i]} {act[i] / sum(act):.1%}" for i in range(8)))
    print("  moves ending: " + ", ".join(f"{C.LOCATIONS[i]} {vis[i] / sum(vis):.1%}" for i in range(8)))
    print(f"  tiles built per game: {sum(r['built'] for r in results) / games:.1f}")
    top = [max(max(t) for t in r["tech"]) for r in results]
    print("  highest technology level reached in a game: " + ", ".join(
        f"{lvl} {top.count(lvl) / games:.0%}" for lvl in range(4)) + f"; level 2+ in {sum(x >= 2 for x in top) / games:.0%}")
    learned = [sum(sum(t) for t in r["tech"]) / n for r in results]
    print(f"  technology levels per player per game: {sum(learned) / games:.2f}; by track (gains/sites/guilds): "
          + "/".join(f"{sum(sum(t[k] for t in r['tech']) for r in results) / games / n:.2f}" for k in range(3)))
    print(f"  new workers recruited per player per game: {sum(sum(r['recruited']) for r in results) / games / n:.2f}")
    low = min(act) / sum(act)
    print(f"  least activated location: {C.LOCATIONS[act.index(min(act))]} {low:.1%}")
    print(f"  mean score: {sum(sum(r['scores']) for r in results) / games / n:.1f}")


if __name__ == "__main__":
    main()
