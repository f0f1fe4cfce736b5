"""An outside opponent: meeple's ``normal`` against OpenSpiel's own ISMCTS bot, played through meeple's
OpenSpiel adapter (``meeple/adapters/openspiel.py``), the bot given about 10× ``normal``'s CPU per move.

The opponent is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (OpenSpiel's Python IS-MCTS; its C++
``pyspiel.ISMCTSBot`` cannot search a Python game in open_spiel 2.0.2: the C++ state wrapper does not
forward ``ResampleFromInfostate`` to Python, and ``step`` releases the GIL before cloning a Python state,
which crashes) with OpenSpiel's ``RandomRolloutEvaluator`` (one random rollout to the end of the game),
UCT constant 2, the move with the most visits, and a fixed number of simulations per move. Its worlds
come from the adapter's ``resample_from_infostate`` (meeple's ``determinize``), drawn by a seeded
``pyspiel.UniformProbabilitySampler`` handed to the bot's ``set_resampler``.

Calibration (``--calibrate``): a few seeded games at a probe budget measure ``normal``'s mean CPU seconds
per decision (``time.process_time`` around ``choose_action``; forced moves are not decisions) and the
bot's CPU per simulation; the budget is ``10 × normal / per simulation``; a second pass plays at that
budget and corrects it by the ratio it measured. The result goes to
``benchmarks/results/outside-<game>-2p-calibration.json`` and the match reads its budget from there.

The match: seed ``seed + k`` is played twice, ``normal`` in seat 0 and then in seat 1 (game ``2k`` and
``2k + 1``). Each finished game is appended as a JSON line to ``benchmarks/results/outside-<game>-2p.jsonl``;
a rerun skips the games already there (resumable), and the same seeds replay the same games::

    nice -n 10 python benchmarks/outside_opponent.py cube-europe --calibrate
    nice -n 10 python benchmarks/outside_opponent.py cube-europe --games 50

A shared win counts ½. The summary prints ``normal``'s win share with its Wilson 95% interval, the mean
score margin (``normal``'s points − the bot's) with a normal-approximation 95% interval, and the CPU
per decision each side actually used.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from meeple.adapters.openspiel import MeepleSpielState, register
from meeple.agents import choose_action, make_agent
from meeple.sim import agent_seed

RESULTS = Path(__file__).resolve().parent / "results"
CPU_FACTOR = 10.0
UCT_C = 2.0
PROBE_SIMULATIONS = 20
CALIBRATION_SEED = 900_000
MAX_ACTIONS = 20_000


def bot_description(simulations: int) -> dict[str, Any]:
    """What the OpenSpiel bot is, as recorded beside every game."""
    return {"bot": "open_spiel.python.algorithms.ismcts.ISMCTSBot", "simulations": simulations,
            "uct_c": UCT_C, "evaluator": "open_spiel.python.algorithms.mcts.RandomRolloutEvaluator(n_rollouts=1)",
            "final_policy": "MAX_VISIT_COUNT", "max_world_samples": "unlimited",
            "resampler": "adapter resample_from_infostate (meeple determinize)"}


def make_openspiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's IS-MCTS with random rollouts and ``simulations`` per move, every random choice seeded.

    Its first simulation only expands the root, so it needs at least 2 (with 1 it fails an assertion)."""
    if simulations < 2:
        raise ValueError(f"OpenSpiel's IS-MCTS needs at least 2 simulations per move, not {simulations}")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed + 1))
    bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, simulations, random_state=np.random.RandomState(seed),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    sampler = pyspiel.UniformProbabilitySampler(seed + 2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play_game(game_id: str, seed: int, meeple_seat: int, simulations: int,
              meeple_agent: str = "normal") -> dict[str, Any]:
    """One two-player game through the OpenSpiel adapter: ``meeple_agent`` in ``meeple_seat``, OpenSpiel's
    IS-MCTS with ``simulations`` per move in the other seat; chance from the game's own seeded generator.

    >>> rec = play_game("cube-europe", seed=1, meeple_seat=0, simulations=2, meeple_agent="normal:iterations=5")
    >>> rec["meeple_result"] in (0.0, 0.5, 1.0)
    True
    """
    game = pyspiel.load_game(register(game_id), {"players": 2})
    state: MeepleSpielState = game.new_state_from_seed(seed)
    bot_seat = 1 - meeple_seat
    agent = make_agent(meeple_agent, game_id, agent_seed(seed, meeple_seat))
    bot = make_openspiel_bot(game, simulations, agent_seed(seed, bot_seat))
    cpu = [0.0, 0.0]
    decisions = [0, 0]
    length = 0
    start = time.perf_counter()
    while not state.is_terminal():
        if state.is_chance_node():
            real = state.meeple_state
            state.apply_action(real.action_index(real.sample_chance(real.rng)))
            continue
        player = state.current_player()
        legal = state.legal_actions(player)
        if len(legal) == 1:
            action = legal[0]
        elif player == meeple_seat:
            t0 = time.process_time()
            chosen = choose_action(agent, state.meeple_state, player)
            cpu[player] += time.process_time() - t0
            decisions[player] += 1
            action = state.meeple_state.action_index(chosen)
        else:
            t0 = time.process_time()
            action = int(bot.step(state))
            cpu[player] += time.process_time() - t0
            decisions[player] += 1
        state.apply_action(action)
        length += 1
        if length > MAX_ACTIONS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_ACTIONS} actions")
    real = state.meeple_state
    scores = [float(x) for x in real.scores()]
    winners = list(real.winners())
    result = (1.0 / len(winners)) if meeple_seat in winners else 0.0
    return {
        "game": game_id, "players": 2, "seed": seed, "meeple_seat": meeple_seat, "meeple_agent": meeple_agent,
        "openspiel": bot_description(simulations), "scores": scores, "winners": winners,
        "meeple_result": result, "margin": scores[meeple_seat] - scores[bot_seat],
        "decisions": {"meeple": decisions[meeple_seat], "openspiel": decisions[bot_seat]},
        "cpu": {"meeple": round(cpu[meeple_seat], 4), "openspiel": round(cpu[bot_seat], 4)},
        "length": length, "time": round(time.perf_counter() - start, 3),
    }


def cpu_per_decision(records: list[dict[str, Any]], side: str) -> float:
    """Mean CPU seconds per decision of ``side`` (``meeple`` or ``openspiel``) over ``records``."""
    timed = [r for r in records if r.get("cpu")]  # a record rebuilt from the run's log has no timings
    n = sum(r["decisions"][side] for r in timed)
    return sum(r["cpu"][side] for r in timed) / n if n else 0.0


def calibrate(game_id: str, seeds: int = 1, meeple_agent: str = "normal") -> dict[str, Any]:
    """Two passes of ``seeds`` seeds (seats swapped): at the probe budget, then at the budget it suggests."""
    passes = []
    simulations = PROBE_SIMULATIONS
    for _ in range(2):
        records = [play_game(game_id, CALIBRATION_SEED + k, seat, simulations, meeple_agent)
                   for k in range(seeds) for seat in (0, 1)]
        normal = cpu_per_decision(records, "meeple")
        bot = cpu_per_decision(records, "openspiel")
        ratio = bot / normal
        suggested = max(2, round(simulations * CPU_FACTOR / ratio))
        passes.append({"simulations": simulations, "games": len(records),
                       "meeple_decisions": sum(r["decisions"]["meeple"] for r in records),
                       "openspiel_decisions": sum(r["decisions"]["openspiel"] for r in records),
                       "meeple_cpu_per_decision": normal, "openspiel_cpu_per_decision": bot,
                       "openspiel_cpu_per_simulation": bot / simulations, "cpu_ratio": ratio,
                       "suggested_simulations": suggested})
        print(f"  {simulations} simulations: {meeple_agent} {normal:.3f} s, OpenSpiel {bot:.3f} s per decision "
              f"(×{ratio:.1f}) → {suggested}", file=sys.stderr)
        simulations = suggested
    return {"game": game_id, "players": 2, "meeple_agent": meeple_agent, "cpu_factor": CPU_FACTOR,
            "seeds": [CALIBRATION_SEED + k for k in range(seeds)], "passes": passes,
            "simulations": simulations, "openspiel": bot_description(simulations),
            "clock": "time.process_time per decision (forced moves excluded)",
            "date": time.strftime("%Y-%m-%d")}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Win share of the meeple agent (Wilson 95%), mean margin (±1.96 standard errors), CPU per decision."""
    n = len(records)
    wins = sum(r["meeple_result"] for r in records)
    margins = [r["margin"] for r in records]
    mean = sum(margins) / n if n else 0.0
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    meeple_cpu, bot_cpu = cpu_per_decision(records, "meeple"), cpu_per_decision(records, "openspiel")
    return {"games": n, "win_share": wins / n if n else 0.0, "ci95": list(wilson(wins, n)),
            "margin": mean, "margin_ci95": [mean - half, mean + half],
            "meeple_cpu_per_decision": meeple_cpu, "openspiel_cpu_per_decision": bot_cpu,
            "cpu_ratio": bot_cpu / meeple_cpu if meeple_cpu else 0.0,
            "by_seat": {seat: sum(r["meeple_result"] for r in records if r["meeple_seat"] == seat)
                        / max(1, sum(1 for r in records if r["meeple_seat"] == seat)) for seat in (0, 1)}}


def read_records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a game id: cube-europe, kingsburg, …")
    ap.add_argument("--games", type=int, default=50, help="games in all (each seed twice, seats swapped)")
    ap.add_argument("--seed", type=int, default=1, help="the first seed")
    ap.add_argument("--agent", default="normal", help="the meeple agent under test")
    ap.add_argument("--simulations", type=int, help="the bot's budget (default: the calibration file's)")
    ap.add_argument("--calibrate", action="store_true", help="measure the budget and write the calibration file")
    ap.add_argument("--calibration-seeds", type=int, default=1)
    ap.add_argument("--out", type=Path, help="JSON lines (default benchmarks/results/outside-<game>-2p.jsonl)")
    ap.add_argument("--summary", action="store_true", help="only summarise the records already there")
    args = ap.parse_args(argv)

    calibration_path = RESULTS / f"outside-{args.game}-2p-calibration.json"
    if args.calibrate:
        print(f"calibrating {args.game}: {CPU_FACTOR:g}× {args.agent}'s CPU per decision", file=sys.stderr)
        result = calibrate(args.game, args.calibration_seeds, args.agent)
        calibration_path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        print(f"{args.game}: {result['simulations']} simulations per move → {calibration_path}")
        return 0

    out = args.out or RESULTS / f"outside-{args.game}-2p.jsonl"
    records = read_records(out)
    if not args.summary:
        simulations = args.simulations
        if simulations is None:
            simulations = json.loads(calibration_path.read_text(encoding="utf-8"))["simulations"]
        have = {(r["seed"], r["meeple_seat"]) for r in records}
        todo = [(args.seed + i // 2, i % 2) for i in range(args.games) if (args.seed + i // 2, i % 2) not in have]
        with open(out, "a", encoding="utf-8") as fh:
            for seed, seat in todo:
                rec = play_game(args.game, seed, seat, simulations, args.agent)
                fh.write(json.dumps(rec) + "\n")
                fh.flush()
                records.append(rec)
                print(f"[{len(records)}/{args.games}] seed {seed} {args.agent} in seat {seat}: scores {rec['scores']} "
                      f"winners {rec['winners']} ({rec['time']:.0f}s)", file=sys.stderr)
    s = summarize(records)
    lo, hi = s["ci95"]
    mlo, mhi = s["margin_ci95"]
    print(f"{args.game} 2p, {args.agent} vs OpenSpiel ISMCTS: {s['games']} games, win share {s['win_share']:.1%} "
          f"[{lo:.1%}, {hi:.1%}], margin {s['margin']:+.1f} [{mlo:+.1f}, {mhi:+.1f}] points; CPU per decision "
          f"{s['meeple_cpu_per_decision']:.3f} s vs {s['openspiel_cpu_per_decision']:.3f} s (×{s['cpu_ratio']:.1f}); "
          f"by seat {s['by_seat'][0]:.0%} / {s['by_seat'][1]:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
