"""Simulation statistics used to tune Versailles' designed content (content.py).

    python tools/versailles_tune.py PLAYERS GAMES MODE [PROCESSES]

PLAYERS: a player count, a list (``3,4``) or ``all`` (2 to 5).
MODE: ``hvr`` (one heuristic bot, the others random; the bot's seat rotates), ``hvh`` (all
heuristic) or ``rvr`` (all random). Prints the end conditions, turns per player, the share of
activations and of moves ending at each location, tiles built, the technology levels reached, the
new workers recruited and the bot's win rate; with ``hvh``, whether the tuning goals are met (every
location at least 8% of the activations, a technology at level 2 in most games, a median game of
30-60 turns per player).
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
        "turns": st.turns_completed / n, "act": list(st.activations), "visits": list(st.arrivals),
        "built": sum(1 for t in st.construction_site if t >= 0),
        "tech": [list(t) for t in st.technology_levels], "recruited": [2 - r[0] - r[1] for r in st.workers_off_board],
    }


MIN_SHARE = 0.08
"""Goal: every location gets at least this share of the heuristic players' activations."""
TURNS = (30, 60)
"""Goal: the median game lasts this many turns per player."""


def report(n: int, games: int, mode: str, jobs: list, results: list[dict]) -> dict:
    """Print the statistics of one player count; return what the goals are checked on."""
    reasons = collections.Counter(r["reason"] for r in results)
    turns = sorted(r["turns"] for r in results)
    act = [sum(r["act"][i] for r in results) for i in range(8)]
    vis = [sum(r["visits"][i] for r in results) for i in range(8)]
    print(f"{n} players, {games} games, {mode}")
    if mode == "hvr":
        wins = sum(1 for (_, _, kinds), r in zip(jobs, results) if kinds.index("heuristic") in r["winners"])
        print(f"heuristic bot wins {wins}/{games} = {wins / games:.1%}")
    for reason, k in reasons.most_common():
        print(f"  end: {reason}: {k / games:.0%}")
    median = turns[len(turns) // 2]
    print(f"  turns per player: median {median:.1f}, "
          f"10%-90% {turns[len(turns) // 10]:.1f}-{turns[9 * len(turns) // 10]:.1f}")
    print("  activations: " + ", ".join(f"{C.LOCATIONS[i]} {act[i] / sum(act):.1%}" for i in range(8)))
    print("  moves ending: " + ", ".join(f"{C.LOCATIONS[i]} {vis[i] / sum(vis):.1%}" for i in range(8)))
    print(f"  tiles built per game: {sum(r['built'] for r in results) / games:.1f}")
    top = [max(max(t) for t in r["tech"]) for r in results]
    level2 = sum(x >= 2 for x in top) / games
    print("  highest technology level reached in a game: " + ", ".join(
        f"{lvl} {top.count(lvl) / games:.0%}" for lvl in range(4)) + f"; level 2+ in {level2:.0%}")
    learned = [sum(sum(t) for t in r["tech"]) / n for r in results]
    print(f"  technology levels per player per game: {sum(learned) / games:.2f}; by track (gains/sites/guilds): "
          + "/".join(f"{sum(sum(t[k] for t in r['tech']) for r in results) / games / n:.2f}" for k in range(3)))
    print(f"  new workers recruited per player per game: {sum(sum(r['recruited']) for r in results) / games / n:.2f}")
    low = min(act) / sum(act)
    print(f"  least activated location: {C.LOCATIONS[act.index(min(act))]} {low:.1%}")
    print(f"  mean score: {sum(sum(r['scores']) for r in results) / games / n:.1f}")
    return {"low": low, "level2": level2, "median": median}


def main() -> None:
    counts = [int(x) for x in sys.argv[1].replace("all", "2,3,4,5").split(",")]
    games, mode = int(sys.argv[2]), sys.argv[3]
    procs = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    jobs = []
    for n in counts:
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
    checks = {}
    for n in counts:
        mine = [(j, r) for j, r in zip(jobs, results) if j[0] == n]
        checks[n] = report(n, games, mode, [j for j, _ in mine], [r for _, r in mine])
    print(f"{time.time() - t0:.0f}s")
    if mode == "hvh":
        ok = all(c["low"] >= MIN_SHARE and c["level2"] > 0.5 and TURNS[0] <= c["median"] <= TURNS[1]
                 for c in checks.values())
        print(f"goals (every location >= {MIN_SHARE:.0%} of activations, a level 2 in most games, median "
              f"{TURNS[0]}-{TURNS[1]} turns per player): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
