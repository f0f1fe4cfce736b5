"""A flood of hints from one address, and what it does to everyone else on the server.

Starts a real server (``python -m meeple.server`` from whatever ``meeple`` is importable: point
PYTHONPATH at another checkout to measure its code) on a fresh SQLite file, then:

* a signed-in account asks ``GET /api/me`` every ``--probe-every`` seconds (its latency, p50/p95);
* a game of four ``normal`` bots plays (Citadels by default; its move rate from the sequence numbers
  of ``GET /api/games/{id}``, read every half second; a finished game is replaced by a new one);
* first for ``--quiet`` seconds with nothing else, then for ``--flood`` seconds while ``--games``
  Citadels games of four people get hint requests from one address (this one): one loop per game,
  each asking for a hint for the seat to move again as soon as the answer comes, and after a refusal
  (429) waiting what its ``Retry-After`` says, at most ``--backoff`` seconds (1 s): as fast as the
  server answers and allows. ``--backoff 0.2`` makes it a flood of refused requests as well (five a
  second per game);
* then ``--quiet`` seconds without the flood again (``quiet_after``: how much the machine's own load
  drifted during the run).

Prints a summary and writes one JSON record (``--out``, default
``benchmarks/results/coach-flood-<date>.json``; an existing file gets the record appended as a line).
Targets (issue 37): under the flood ``/api/me`` p50 under 50 ms and the bot game at least 80 % of its
quiet move rate.

    python benchmarks/coach_flood.py                                   # this checkout
    python benchmarks/coach_flood.py --server-arg=--coach-threads      # the coach in threads
    PYTHONPATH=/tmp/coach-base python benchmarks/coach_flood.py --label before   # another checkout

A benchmark, not a test: the figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

HTTP_RATE = 10_000  # the server's per-address limits must not be what answers (everything comes from 127.0.0.1)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db_file: str, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    log = tempfile.NamedTemporaryFile(prefix="meeple-coach-flood-", suffix=".log", delete=False)
    proc = subprocess.Popen(
        [sys.executable, "-m", "meeple.server", "--port", str(port), "--db", f"sqlite:///{db_file}",
         "--bot-delay", "0", "--no-open", "--http-rate", str(HTTP_RATE), "--create-rate", str(HTTP_RATE), *extra],
        stdout=log, stderr=subprocess.STDOUT,
        cwd=os.path.dirname(db_file),  # not this checkout: ``-m`` puts the working directory before PYTHONPATH
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited; see {log.name}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc, log.name
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its waited-for children (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def children_cpu(pid: int) -> float:
    """CPU seconds of the live child processes of ``pid`` (the coach's and bots' worker processes)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Phase:
    """What one phase measured."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.me_ms: list[float] = []
        self.me_errors = 0
        self.moves = 0
        self.seconds = 0.0
        self.hints: dict[str, int] = {}
        self.hint_ms: list[float] = []
        self.server_cpu = 0.0
        self.client_cpu = 0.0

    def record(self) -> dict[str, Any]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 1)
        return {
            "seconds": round(self.seconds, 1),
            "me_requests": len(self.me_ms), "me_errors": self.me_errors,
            "me_p50_ms": r(quantile(self.me_ms, 0.5)), "me_p95_ms": r(quantile(self.me_ms, 0.95)),
            "me_max_ms": r(max(self.me_ms) if self.me_ms else None),
            "bot_moves": self.moves, "bot_moves_per_s": round(self.moves / self.seconds, 2) if self.seconds else None,
            "hint_answers": dict(sorted(self.hints.items())),
            "hints_given_per_s": round(self.hints.get("200", 0) / self.seconds, 2) if self.seconds else None,
            "hint_p50_ms": r(quantile(self.hint_ms, 0.5)), "hint_p95_ms": r(quantile(self.hint_ms, 0.95)),
            "server_cpu_s": round(self.server_cpu, 1), "client_cpu_s": round(self.client_cpu, 1),
        }


class Bench:
    def __init__(self, base: str, args: argparse.Namespace) -> None:
        self.base, self.args = base, args
        self.phase: Phase | None = None
        self.stop = asyncio.Event()

    async def sign_up(self) -> httpx.AsyncClient:
        me = httpx.AsyncClient(base_url=self.base, timeout=120)
        r = await me.post("/api/accounts", json={"name": "Flood_probe", "password": "correct horse battery"})
        assert r.status_code == 201, r.text
        assert (await me.get("/api/me")).status_code == 200
        return me

    async def probe_me(self, me: httpx.AsyncClient) -> None:
        while not self.stop.is_set():
            t = time.perf_counter()
            try:
                r = await me.get("/api/me")
                ok = r.status_code == 200
            except httpx.HTTPError:
                ok = False
            took = (time.perf_counter() - t) * 1000
            if self.phase is not None:
                if ok:
                    self.phase.me_ms.append(took)
                else:
                    self.phase.me_errors += 1
            await asyncio.sleep(self.args.probe_every)

    async def bot_game(self, http: httpx.AsyncClient) -> str:
        seats = [{"kind": "bot", "level": self.args.bot_level}] * self.args.bot_players
        r = await http.post("/api/games", json={"game": self.args.bot_game, "players": self.args.bot_players,
                                                 "seats": seats})
        assert r.status_code == 201, r.text
        return r.json()["id"]

    async def watch_bots(self, http: httpx.AsyncClient) -> None:
        """Count the bot game's moves (sequence numbers) in each phase; replace it when it ends."""
        gid = await self.bot_game(http)
        last = 0
        while not self.stop.is_set():
            await asyncio.sleep(0.5)
            summary = (await http.get(f"/api/games/{gid}")).json()
            seq = int(summary["seq"])
            if self.phase is not None:
                self.phase.moves += seq - last
            last = seq
            if summary.get("over") or summary.get("status") in ("finished", "abandoned"):
                gid, last = await self.bot_game(http), 0

    async def hint_games(self, http: httpx.AsyncClient) -> list[tuple[str, list[str]]]:
        games = []
        for _ in range(self.args.games):
            r = await http.post("/api/games", json={"game": "citadels", "players": 4})
            assert r.status_code == 201, r.text
            made = r.json()
            tokens = [made["token"]]
            for invite in made["invites"]:
                j = await http.post(f"/api/games/{made['id']}/join", json={"seat": invite["seat"], "invite": invite["code"]})
                assert j.status_code == 200, j.text
                tokens.append(j.json()["token"])
            games.append((made["id"], tokens))
        return games

    async def flood_one(self, http: httpx.AsyncClient, gid: str, tokens: list[str]) -> None:
        """Ask for hints in one game as fast as the server answers (the seat to move; nobody moves)."""
        view = (await http.get(f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {tokens[0]}"})).json()
        seat = view["to_move"][0]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        while not self.stop.is_set() and self.phase is not None and self.phase.name == "flood":
            t = time.perf_counter()
            try:
                r = await http.post(f"/api/games/{gid}/hint", headers=headers)
                code = str(r.status_code) if r.status_code == 200 else f"{r.status_code} {r.json().get('error')}"
            except httpx.HTTPError:
                code = "error"
            phase = self.phase
            if phase is None:
                break
            phase.hints[code] = phase.hints.get(code, 0) + 1
            if code == "200":
                phase.hint_ms.append((time.perf_counter() - t) * 1000)
            else:
                retry = float(r.headers.get("Retry-After", self.args.backoff)) if code != "error" else self.args.backoff
                await asyncio.sleep(min(retry, self.args.backoff))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="meeple-coach-flood-")
    load_before = round(os.getloadavg()[0], 2)
    port = free_port()
    proc, log_name = start_server(port, os.path.join(folder, "flood.db"), args.server_arg)
    base = f"http://127.0.0.1:{port}"
    bench = Bench(base, args)
    limits = httpx.Limits(max_connections=args.games + 10, max_keepalive_connections=args.games + 10)
    try:
        async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as http:
            me = await bench.sign_up()
            games = await bench.hint_games(http)
            tasks = [asyncio.create_task(bench.probe_me(me)), asyncio.create_task(bench.watch_bots(http))]
            await asyncio.sleep(args.warmup)
            phases = {}
            for name, seconds in (("quiet", args.quiet), ("flood", args.flood), ("quiet_after", args.quiet)):
                phase = bench.phase = Phase(name)
                cpu0, t0 = cpu_seconds(proc.pid) + children_cpu(proc.pid), time.monotonic()
                client0 = time.process_time()
                flooders = [asyncio.create_task(bench.flood_one(http, gid, tokens)) for gid, tokens in games] \
                    if name == "flood" else []
                await asyncio.sleep(seconds)
                phase.seconds = time.monotonic() - t0
                phase.server_cpu = cpu_seconds(proc.pid) + children_cpu(proc.pid) - cpu0
                phase.client_cpu = time.process_time() - client0
                bench.phase = None  # stop counting: the flood's answers still on their way count no more
                phases[name] = phase.record()
                for task in flooders:
                    task.cancel()
                await asyncio.gather(*flooders, return_exceptions=True)
                await asyncio.sleep(1.0)  # answers still on their way belong to no phase
            bench.stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await me.aclose()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)  # the database; the server's log stays (named in the record)
    quiet, flood, after = phases["quiet"], phases["flood"], phases["quiet_after"]
    kept = (flood["bot_moves_per_s"] / quiet["bot_moves_per_s"]) if quiet["bot_moves_per_s"] else None
    both = (quiet["bot_moves_per_s"] or 0) + (after["bot_moves_per_s"] or 0)
    import meeple

    return {
        "benchmark": "coach_flood", "label": args.label,
        "when": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "meeple": os.path.dirname(meeple.__file__), "commit": commit_of(os.path.dirname(meeple.__file__)),
        "server_args": args.server_arg, "hint_games": args.games, "backoff_s": args.backoff,
        "bot_game": f"{args.bot_game} {args.bot_players}p {args.bot_level}", "cpus": os.cpu_count(),
        "load_avg_after": round(os.getloadavg()[0], 2), "server_log": log_name,
        "load_avg_before": load_before, "quiet": quiet, "flood": flood, "quiet_after": after,
        "bot_rate_kept": None if kept is None else round(kept, 3),
        "bot_rate_kept_vs_both_quiet": round(2 * flood["bot_moves_per_s"] / both, 3) if both else None,
        "targets_met": {"me_p50_under_50ms": (flood["me_p50_ms"] or 1e9) < 50,
                        "bot_rate_kept_80pct": kept is not None and kept >= 0.8},
    }


def commit_of(folder: str) -> str | None:
    try:
        return subprocess.run(["git", "-C", folder, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="Citadels games whose seats ask for hints")
    parser.add_argument("--quiet", type=float, default=20.0, help="seconds measured without the flood")
    parser.add_argument("--flood", type=float, default=30.0, help="seconds measured under the flood")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--backoff", type=float, default=1.0,
                        help="the most seconds a flood loop waits after a refusal (else Retry-After)")
    parser.add_argument("--probe-every", type=float, default=0.1, help="seconds between /api/me requests")
    parser.add_argument("--bot-game", default="citadels")
    parser.add_argument("--bot-players", type=int, default=4)
    parser.add_argument("--bot-level", default="normal")
    parser.add_argument("--server-arg", action="append", default=[], help="an argument for the server (repeat)")
    parser.add_argument("--label", default="", help="a name for this run in the record")
    parser.add_argument("--out", default=None, help="the JSON record's file")
    args = parser.parse_args()
    record = asyncio.run(run(args))
    out = Path(args.out or Path(__file__).parent / "results" / f"coach-flood-{datetime.date.today().isoformat()}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
    for name in ("quiet", "flood", "quiet_after"):
        p = record[name]
        print(f"{name:11}  /api/me p50 {p['me_p50_ms']} ms  p95 {p['me_p95_ms']} ms  max {p['me_max_ms']} ms "
              f"({p['me_requests']} requests, {p['me_errors']} errors)  bot moves/s {p['bot_moves_per_s']}  "
              f"hints {p['hint_answers']} ({p['hints_given_per_s']}/s, p50 {p['hint_p50_ms']} ms)  "
              f"server CPU {p['server_cpu_s']} s, client {p['client_cpu_s']} s")
    print(f"bot rate kept {record['bot_rate_kept']} (against both quiet phases {record['bot_rate_kept_vs_both_quiet']})  targets {record['targets_met']}  load {record['load_avg_after']}")
    print(f"record appended to {out}")


if __name__ == "__main__":
    main()
