"""Which hint settings agree best with the recorded long searches (a cheap first look before a full
``coach_agreement.py`` run).

``coach_agreement.py`` records, per position, the move a search of 10× the hint's budget plays. This
script rebuilds the same positions (the same heuristic games and seeds), asks for a hint with changed
settings — the exploration constant, the budget — and counts how often its first move is the recorded
long search's move. The long searches are not run again, so a variant is measured in the time of its
hints alone; its verdict is provisional (the reference searched with today's settings), and a setting
that wins here is then measured in full by ``coach_agreement.py`` with both searches changed.

    python benchmarks/coach_variants.py --game gods-playground --exploration 0.7 0.4 0.25
    python benchmarks/coach_variants.py --summary
    python benchmarks/coach_variants.py --game citadels --rankings      # both searches' rankings, kept
    python benchmarks/coach_variants.py --game citadels --rules         # selection rules, from the kept rankings

``--rankings`` runs the hint (seed 1) and the long search (seed 2) again and keeps the first 15 moves of
both rankings (playouts, mean outcome, its standard error) and the heuristic player's move, so that a rule
for picking the first move among moves the search cannot tell apart is measured without searching again
(``coach-rankings-<game>-<n>p.jsonl``).

Records: ``benchmarks/results/coach-variants-<game>-<n>p.jsonl`` (one line per position and variant,
resumable).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coach_agreement import RESULTS, TABLES, positions, records, wilson

from meeple.agents import choose_action, make_agent
from meeple.agents.coach import COACH_LEVEL, hint, ranked
from meeple.agents.ismcts import ISMCTSAgent, Search
from meeple.core import State


def variant_hint(state: State, seat: int, iterations: int, exploration: float, seed: int = 1,
                 ensemble: int = 1) -> str:
    """The first move of a hint searched with ``exploration`` (otherwise the coach's search).

    ``ensemble`` > 1 splits the budget between that many independent searches (seeds ``seed`` …) and
    ranks the moves by their playouts summed over all of them (root parallelisation)."""
    visits: dict[str, int] = {}
    reward: dict[str, float] = {}
    for k in range(ensemble):
        spec = f"{COACH_LEVEL}:solo=search:iterations={iterations // ensemble}:exploration={exploration}"
        agent = make_agent(spec, state.game.id, seed + k)
        assert isinstance(agent, ISMCTSAgent)
        search = agent.begin(state.determinize(seat, seed + k), seat)
        assert isinstance(search, Search)
        search.done = False
        search.advance()
        if ensemble == 1:
            return str(ranked(search, state.players == 1)[0].action)
        for suggestion in ranked(search, state.players == 1):
            move = str(suggestion.action)
            visits[move] = visits.get(move, 0) + suggestion.visits
            reward[move] = reward.get(move, 0.0) + suggestion.value * suggestion.visits
    return max(visits, key=lambda m: (visits[m], reward[m] / max(1, visits[m])))


KEPT = 15


def _ranking(state: State, seat: int, seed: int, iterations: int) -> list[list[Any]]:
    """The first ``KEPT`` moves of a hint's ranking: [move, playouts, mean outcome, standard error]."""
    return [[str(s.action), s.visits, round(s.outcome, 5), round(min(s.standard_error, 9.0), 5)]
            for s in hint(state, seat, seed=seed, top=KEPT, iterations=iterations)]


def keep_rankings(game_id: str, players: int, budget: int, count: int) -> Path:
    out = RESULTS / f"coach-rankings-{game_id}-{players}p.jsonl"
    done = set()
    if out.exists():
        done = {(r["game_seed"], r["decision"]) for r in map(json.loads, out.read_text().splitlines())}
    for seed, number, seat, state in positions(game_id, players, count, 10):
        if (seed, number) in done:
            continue
        started = time.process_time()
        row = {"game": game_id, "game_seed": seed, "decision": number, "seat": seat, "iterations": budget,
               "heuristic": str(choose_action(make_agent("heuristic", game_id, 0), state.clone(), seat)),
               "hint": _ranking(state, seat, 1, budget), "reference": _ranking(state, seat, 2, 10 * budget)}
        row["cpu_s"] = round(time.process_time() - started, 2)
        with out.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
    return out


def pick(ranking: list[list[Any]], heuristic: str, rule: str, sigmas: float) -> str:
    """The first move by ``rule``: ``visits`` (the search's own), ``heuristic`` (the heuristic player's move
    where its outcome is within ``sigmas`` standard errors of the most-played move's), ``order`` (the
    first of those moves in the ranking's own order, i.e. visits)."""
    best = ranking[0]
    if rule == "visits":
        return best[0]
    close = [m for m in ranking if best[2] - m[2] <= sigmas * math.sqrt(best[3] ** 2 + m[3] ** 2)]
    if rule == "heuristic":
        return heuristic if any(m[0] == heuristic for m in close) else best[0]
    raise ValueError(rule)


def rules_summary(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for rule, sigmas in (("visits", 0), ("heuristic", 0.5), ("heuristic", 1.0), ("heuristic", 2.0)):
        agree = sum(pick(r["hint"], r["heuristic"], rule, sigmas) == pick(r["reference"], r["heuristic"], rule, sigmas)
                    for r in rows)
        # how much the rule's move gives up by the long search's measure
        loss = []
        for r in rows:
            chosen = pick(r["hint"], r["heuristic"], rule, sigmas)
            ref = {m[0]: m[2] for m in r["reference"]}
            loss.append(r["reference"][0][2] - ref.get(chosen, r["reference"][-1][2]))
        low, high = wilson(agree, len(rows))
        print(f"{path.stem}: rule {rule} ({sigmas} se): {agree}/{len(rows)} agree ({agree / len(rows):.0%}, "
              f"95% {low:.0%}–{high:.0%}); mean loss by the long search {sum(loss) / len(loss):.4f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=False, default="gods-playground")
    ap.add_argument("--exploration", type=float, nargs="+", default=[0.7])
    ap.add_argument("--budget", type=int, default=2000, help="the hint's iterations (the records' hint budget)")
    ap.add_argument("--against", type=int, default=None,
                    help="compare with the long searches recorded for this hint budget (default: --budget)")
    ap.add_argument("--ensemble", type=int, default=1, help="independent searches sharing the hint's budget")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--rankings", action="store_true", help="keep both searches' rankings (runs the long search)")
    ap.add_argument("--rules", action="store_true", help="measure selection rules on the kept rankings")
    ap.add_argument("--positions", type=int, default=100)
    args = ap.parse_args(argv)
    players = TABLES[args.game]
    if args.rankings or args.rules:
        path = RESULTS / f"coach-rankings-{args.game}-{players}p.jsonl"
        if args.rankings:
            keep_rankings(args.game, players, args.budget, args.positions)
        rules_summary(path)
        return 0
    against = args.against or args.budget
    reference = {(r["game_seed"], r["decision"]): r for r in
                 records(RESULTS / f"coach-agreement-{args.game}-{players}p.jsonl", against)}
    out = RESULTS / f"coach-variants-{args.game}-{players}p.jsonl"
    done = set()
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            done.add((row["game_seed"], row["decision"], row["exploration"], row["iterations"],
                      row.get("ensemble", 1), row.get("against", row["iterations"])))
    if not args.summary:
        for seed, number, seat, state in positions(args.game, players, len(reference), 10):
            ref = reference.get((seed, number))
            if ref is None:
                continue
            for c in args.exploration:
                if (seed, number, c, args.budget, args.ensemble, against) in done:
                    continue
                started = time.process_time()
                move = variant_hint(state, seat, args.budget, c, ensemble=args.ensemble)
                row = {"game": args.game, "game_seed": seed, "decision": number, "exploration": c,
                       "iterations": args.budget, "ensemble": args.ensemble, "against": against, "hint": move, "reference": ref["reference"],
                       "agree": move == ref["reference"], "recorded_hint": ref["hint"],
                       "cpu_s": round(time.process_time() - started, 2),
                       "load_average": round(os.getloadavg()[0], 2)}
                with out.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
    if out.exists():
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        by_variant: dict[tuple[float, int, int, int], list[dict[str, Any]]] = {}
        for row in rows:
            key = (row["exploration"], row["iterations"], row.get("ensemble", 1), row.get("against", row["iterations"]))
            by_variant.setdefault(key, []).append(row)
        for (c, budget, ensemble, against), group in sorted(by_variant.items()):
            agree = sum(r["agree"] for r in group)
            low, high = wilson(agree, len(group))
            same = sum(r["hint"] == r["recorded_hint"] for r in group)
            split = f" in {ensemble} searches" if ensemble > 1 else ""
            split += f" (against the long searches of the {against} hints)" if against != budget else ""
            print(f"{args.game} exploration {c} at {budget}{split}: {agree}/{len(group)} agree with the long search "
                  f"({agree / len(group):.0%}, 95% {low:.0%}–{high:.0%}); same move as the recorded hint {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
