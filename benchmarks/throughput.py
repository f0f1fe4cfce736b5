"""Throughput of the engine: random playouts/s, actions/s and the cost of clone() and determinize().

Runs on one core (the process is pinned to one CPU where the OS allows it), for every registered game
and player count unless told otherwise. A benchmark, not a test: the figures depend on the machine.

    python benchmarks/throughput.py                          # every game, every player count
    python benchmarks/throughput.py --game cube-europe --players 1 2 --seconds 5
    python benchmarks/throughput.py --json throughput.json   # also write the figures as JSON
    python benchmarks/throughput.py --reference               # and each row against OpenSpiel's C++ backgammon
    python benchmarks/throughput.py --reference --rounds 3 --seconds 2   # the issue's own measurement

With ``--reference`` every row is measured between two slices of OpenSpiel's backgammon (C++, driven
from Python through ``pyspiel``: random legal play, chance outcomes drawn by their probabilities, the
same loop and clock as meeple's rows, in the same process), and the row's ``vs C++`` column is its
actions/s divided by the mean of those two slices' calls/s: a ratio that a busy or shared machine
disturbs far less than the absolute figures. ``vs C++`` counts like for like: every action applied
(meeple's ``history``, chance outcomes included, against OpenSpiel's ``apply_action`` calls, chance
nodes included), which is how issue 27 counts (its target is 1.0 for every row). ``dec. vs C++`` is
the stricter reading: only meeple's decisions (``legal_actions`` + ``apply`` calls; with
``chance="auto"`` the dice and draws happen inside ``apply``) against all of backgammon's calls.
With ``--rounds K`` every row is measured K times, each between two reference slices, and the medians
are printed (the issue's own measurement: 2-second slices, median of three).

Rates are per second of this process's CPU time by default (``--clock cpu``), so that a busy machine
does not distort them; ``--clock wall`` measures elapsed time instead.

Columns: ``playouts/s`` (new_game + random play to the end), ``actions/s`` (every applied action,
chance outcomes included), ``decisions/s`` (players' actions only), ``actions/game``, and the mean
cost in microseconds of one ``clone()`` and one ``determinize()`` measured on positions spread over
a random game.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

import meeple
from meeple.core import CHANCE, Rng, State


CLOCK = time.process_time


@dataclass
class Result:
    game: str
    players: int
    options: dict[str, Any]
    playouts: int
    seconds: float
    playouts_per_s: float
    actions_per_s: float
    decisions_per_s: float
    actions_per_game: float
    clone_us: float
    determinize_us: float
    reference_actions_per_s: float | None = None
    actions_vs_reference: float | None = None
    decisions_vs_reference: float | None = None


def random_playout(state: State, rng: Rng) -> tuple[int, int]:
    """Play ``state`` to the end with uniformly random legal actions; return (actions, decisions)."""
    decisions = 0
    while True:
        movers = state.to_move()
        if not movers:
            break
        player = movers[0] if len(movers) == 1 else movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randbelow(len(legal))], player)
        decisions += 1
    return len(state.history), decisions


def sample_positions(game: Any, seed: int, count: int) -> list[State]:
    """``count`` positions spread evenly over one random game."""
    end = game.new_game(seed=seed)
    random_playout(end, Rng(seed))
    moves = [(p, a) for p, a in end.history if p != CHANCE]
    state = game.new_game(seed=seed)
    marks = {int(i * len(moves) / count) for i in range(count)}
    positions = []
    for i, (p, a) in enumerate(moves):
        if i in marks:
            positions.append(state.clone())
        state.apply(a, p)
    return positions or [state]


def mean_cost_us(positions: list[State], op: Any, budget: float) -> float:
    """Mean microseconds per call of ``op(position)``, cycling over the positions for ``budget`` s."""
    calls, start = 0, CLOCK()
    while True:
        for pos in positions:
            op(pos)
        calls += len(positions)
        elapsed = CLOCK() - start
        if elapsed >= budget:
            return elapsed / calls * 1e6


def bench(game_id: str, players: int, options: dict[str, Any], seconds: float, min_games: int, seed: int) -> Result:
    game = meeple.load(game_id, players=players, **options)
    rng = Rng(seed)
    random_playout(game.new_game(seed=seed), Rng(seed))  # warm up caches and imports
    games = actions = decisions = 0
    start = CLOCK()
    while True:
        state = game.new_game(seed=seed + games)
        a, d = random_playout(state, rng)
        games += 1
        actions += a
        decisions += d
        elapsed = CLOCK() - start
        if elapsed >= seconds and games >= min_games:
            break
    positions = sample_positions(game, seed, 12)
    clone_us = mean_cost_us(positions, lambda s: s.clone(), min(seconds, 1.0) / 2)
    seats = [None, *range(players)]
    det_us = mean_cost_us(positions, lambda s: s.determinize(seats[len(s.history) % len(seats)], 1), min(seconds, 1.0) / 2)
    return Result(
        game=game_id, players=players, options=dict(options), playouts=games, seconds=round(elapsed, 3),
        playouts_per_s=games / elapsed, actions_per_s=actions / elapsed, decisions_per_s=decisions / elapsed,
        actions_per_game=actions / games, clone_us=clone_us, determinize_us=det_us,
    )


def reference_actions_per_s(seconds: float, seed: int) -> float:
    """``apply_action`` calls/s of random play in OpenSpiel's C++ backgammon through its Python API
    (``pyspiel``), chance nodes included (drawn by their probabilities), timed like meeple's rows."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = Rng(seed)
    actions, start = 0, CLOCK()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.weighted_index([p for _, p in outcomes])][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randbelow(len(legal))]
            state.apply_action(action)
            actions += 1
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return actions / elapsed


def median_result(rounds: list[Result]) -> Result:
    """One row from several measurements of it: the median of every rate, ratio and cost."""
    first = rounds[0]
    medians = {}
    for name, value in asdict(first).items():
        if isinstance(value, float):
            medians[name] = statistics.median(getattr(r, name) for r in rounds)
    return replace(first, playouts=sum(r.playouts for r in rounds), **{k: v for k, v in medians.items() if k != "seconds"},
                   seconds=sum(r.seconds for r in rounds))


def pin_to_one_core(cpu: int | None) -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return f"pinned to CPU {chosen}"


def parse_option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--players", nargs="*", type=int, help="player counts (default: every count of each game)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, VALUE read as JSON when it parses (repeatable)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and player count (default 2)")
    parser.add_argument("--min-games", type=int, default=3, help="at least this many playouts (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpu", type=int, default=None, help="CPU to pin to (default: the first allowed)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="cpu: this process's CPU time (default); wall: elapsed time")
    parser.add_argument("--json", metavar="FILE", help="also write the results to FILE as JSON")
    parser.add_argument("--reference", action="store_true",
                        help="measure OpenSpiel's C++ backgammon before and after every row and report the ratio")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure every row this many times and print the medians (default 1)")
    args = parser.parse_args(argv)

    catalogue = meeple.games()
    ids = args.game or list(catalogue)
    unknown = [g for g in ids if g not in catalogue]
    if unknown:
        parser.error(f"unknown game(s) {unknown}; registered: {list(catalogue)}")
    options = dict(parse_option(o) for o in args.option)
    pinned = pin_to_one_core(args.cpu)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter

    header = f"{'game':<18}{'players':>8}{'playouts/s':>12}{'actions/s':>12}{'decisions/s':>13}{'actions/game':>14}{'clone µs':>10}{'determ. µs':>12}"
    if args.reference:
        header += f"{'C++ bg/s':>11}{'vs C++':>8}{'dec. vs C++':>12}"
        reference_before = reference_actions_per_s(args.seconds, args.seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"meeple throughput, Python {platform.python_version()}, {pinned}, {args.seconds:g}s of {args.clock} time per row,"
          f" load average {load:.1f}")
    print(header)
    print("-" * len(header))
    results = []
    for gid in ids:
        info = catalogue[gid]
        counts = [n for n in (args.players or range(info.min_players, info.max_players + 1))
                  if info.min_players <= n <= info.max_players]
        game_options = {k: v for k, v in options.items() if any(o.name == k for o in info.options)}
        for n in counts:
            rounds = []
            for _ in range(max(1, args.rounds)):
                r = bench(gid, n, game_options, args.seconds, args.min_games, args.seed)
                if args.reference:
                    reference_after = reference_actions_per_s(args.seconds, args.seed)
                    r.reference_actions_per_s = (reference_before + reference_after) / 2
                    r.actions_vs_reference = r.actions_per_s / r.reference_actions_per_s
                    r.decisions_vs_reference = r.decisions_per_s / r.reference_actions_per_s
                    reference_before = reference_after
                rounds.append(r)
            r = median_result(rounds)
            results.append(r)
            line = (f"{gid:<18}{n:>8}{r.playouts_per_s:>12.1f}{r.actions_per_s:>12,.0f}{r.decisions_per_s:>13,.0f}"
                    f"{r.actions_per_game:>14.1f}{r.clone_us:>10.1f}{r.determinize_us:>12.1f}")
            if args.reference:
                line += (f"{r.reference_actions_per_s:>11,.0f}{r.actions_vs_reference:>8.2f}"
                         f"{r.decisions_vs_reference:>12.2f}")
            print(line, flush=True)
    if args.json:
        meta = {
            "python": platform.python_version(), "implementation": platform.python_implementation(),
            "machine": platform.machine(), "system": platform.system(), "pinned": pinned,
            "meeple": getattr(meeple, "__version__", "?"), "seconds_per_row": args.seconds, "clock": args.clock,
            "load_average": load, "argv": sys.argv[1:],
        }
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"meta": meta, "results": [asdict(r) for r in results]}, fh, indent=2)
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
