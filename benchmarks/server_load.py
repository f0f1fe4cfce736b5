"""Load test of the game server: N concurrent bot-vs-bot games played over WebSockets.

Starts a local server (``python -m meeple.server``) on the given database, creates N games whose
seats are all "people", and plays every seat from this process: each seat has its own WebSocket,
keeps its view from the messages it gets, and when it is its turn picks a random legal action and
sends it; the time from sending a move to receiving its acknowledgment (which the server sends after
the move is committed) is the latency. Finished games are replaced by new ones so N games stay live
for the whole run; the first games start at random times during the warmup.

    python benchmarks/server_load.py --games 200 --seconds 30 --db sqlite --rate 1000
    python benchmarks/server_load.py --games 200 --seconds 30 --db postgresql://postgres@127.0.0.1/bench --rate 1000
    python benchmarks/server_load.py --games 200 --seconds 30 --db postgresql://postgres@127.0.0.1/bench --rate 1000 --durability power
    python benchmarks/server_load.py --games 200 --seconds 30 --db sqlite            # closed loop: the most it can do
    python benchmarks/server_load.py --games 200 --servers 2 --db postgresql://postgres@127.0.0.1/bench
    python benchmarks/server_load.py --games 200 --servers 2 --redis redis://127.0.0.1:6379/0 --db postgresql://…

A PostgreSQL database given with ``--db`` is dropped and created anew before the run (``--keep-db``:
not): a server resumes the games left unfinished in its database when it starts, and the games an
earlier run left behind (hundreds per run) would be replayed during this one.

``--rate R`` offers R moves/s in all: each game moves on its own schedule, one move every N/R seconds
on average (people or bots who think); ``--rate 0`` (the default) lets every seat move the moment it
may, so the server runs flat out and the latency is mostly time spent queueing (Little's law: with
N games always waiting for an ack, mean latency = N / throughput). ``--mode`` chooses what each seat
asks to be sent: ``updates`` (what a bot needs: changed fields and legal actions, no observation),
``diff`` (updates with the changed observation keys, as the browser client gets), ``views`` (a whole
view after every change, as the browser client got before it took updates).

Reports moves/s, p50/p95/p99/max latency, conflicts (409: another seat of the same game moved first in
a simultaneous phase), errors (anything else), how late paced moves were sent, and the CPU time per
move of the server processes and of this client, as text and a JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def dumps(obj: Any) -> str:
    return orjson.dumps(obj).decode()


loads = orjson.loads


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    late: list[float] = field(default_factory=list)  # how far behind its schedule a paced move was sent
    watched: dict[int, list[Any]] = field(default_factory=dict)  # open seats: [last message time, game, socket]
    moves: int = 0
    conflicts: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    games_started: int = 0
    games_finished: int = 0
    setup_retries: int = 0
    received_bytes: int = 0  # WebSocket message bytes received while measuring
    measuring: bool = False

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(text)


# Every simulated player connects from 127.0.0.1, which the per-address limits (100 requests/s, 5 new
# WebSocket connections/s and a new game every 5 s by default) would treat as one client; a closed-loop
# run creates and joins 60+ games a second, each seat with a WebSocket of its own.
HTTP_RATE = 10_000


def recreate_database(url: str) -> None:
    """Drop the PostgreSQL database of ``url`` and create it empty (through the server's ``postgres``
    database)."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    target = make_url(url)
    name = target.database
    if not name or name == "postgres":
        raise SystemExit("name a database of its own for the benchmark (it is dropped and created anew)")
    admin = target.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db_url: str, port: int, redis_url: str | None = None,
                 durability: str | None = None) -> subprocess.Popen[bytes]:
    log = tempfile.NamedTemporaryFile(prefix="meeple-server-", suffix=".log", delete=False)
    extra = ["--redis", redis_url] if redis_url else []
    if durability:
        extra += ["--durability", durability]
    proc = subprocess.Popen(
        [sys.executable, "-m", "meeple.server", "--port", str(port), "--db", db_url, "--bot-delay", "0",
         "--no-open", "--http-rate", str(HTTP_RATE), "--ws-connect-rate", str(HTTP_RATE), "--create-rate", str(HTTP_RATE), *extra],
        stdout=log, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited; see {log.name}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any], stats: Stats) -> httpx.Response:
    """POST, retrying a dropped keep-alive connection (setting games up is not what is measured)."""
    for attempt in range(5):
        try:
            r = await http.post(path, json=body)
            if r.status_code != 429:
                return r
            stats.setup_retries += 1
            await asyncio.sleep(1.0)
            continue
        except httpx.TransportError:
            stats.setup_retries += 1
            if attempt == 4:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    return await http.post(path, json=body)


async def new_game(http: httpx.AsyncClient, game: str, players: int, stats: Stats) -> tuple[str, list[str]]:
    r = await post(http, "/api/games", {"game": game, "players": players}, stats)
    r.raise_for_status()
    made = r.json()
    tokens = [made["token"]]
    for inv in made["invites"]:
        j = await post(http, f"/api/games/{made['id']}/join", {"seat": inv["seat"], "invite": inv["code"]}, stats)
        j.raise_for_status()
        tokens.append(j.json()["token"])
    return made["id"], tokens


class Pacer:
    """The moves of one game on a schedule: one every ``interval`` seconds on average (uniform 0.5–1.5×),
    whatever the latencies (an open-loop schedule: a slow server does not lower the offered load).
    ``interval`` 0: no schedule, every move as soon as the seat may act (a closed loop)."""

    def __init__(self, interval: float, rng: random.Random) -> None:
        self.interval, self.rng = interval, rng
        self.restart()

    def restart(self) -> None:
        """A new game: its first move within one interval from now (setting a game up is not lateness)."""
        self.next = time.perf_counter() + self.rng.uniform(0, self.interval)

    async def wait(self, stats: Stats) -> None:
        if not self.interval:
            return
        now = time.perf_counter()
        if self.next > now:
            await asyncio.sleep(self.next - now)
        elif stats.measuring:
            stats.late.append(now - self.next)
        self.next = max(self.next, now) + self.interval * self.rng.uniform(0.5, 1.5)


async def play_seat(ws_base: str, gid: str, token: str, stats: Stats, rng: random.Random, stop: asyncio.Event,
                    mode: str, pacer: Pacer) -> None:
    """Play one seat: keep the newest seq, turn and legal actions from the messages; move when it is our turn."""
    async with connect(f"{ws_base}/api/games/{gid}/ws", max_size=2**24, compression=None) as ws:
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if mode != "views":
            hello.update(updates=True, observation=mode == "diff")
        await ws.send(dumps(hello))
        watch = [time.monotonic(), gid, ws]
        stats.watched[id(watch)] = watch
        try:
            await _play(ws, watch, stats, rng, stop, pacer)
        except ConnectionClosed:
            if id(watch) in stats.watched:
                raise
            # closed by the watchdog, which counted the error
        finally:
            stats.watched.pop(id(watch), None)


async def watchdog(stats: Stats, stop: asyncio.Event, limit: float = 30.0) -> None:
    """Close any seat's connection that has received nothing for ``limit`` seconds (an error): one task
    for all seats instead of a timer around every receive."""
    while not stop.is_set():
        await asyncio.sleep(1.0)
        now = time.monotonic()
        for key, (last, gid, ws) in list(stats.watched.items()):
            if now - last > limit:
                stats.error(f"{gid}: no message for {limit:g} s")
                stats.watched.pop(key, None)
                await ws.close()


async def _play(ws: Any, watch: list[Any], stats: Stats, rng: random.Random, stop: asyncio.Event, pacer: Pacer) -> None:
    """Read messages, keep the newest seq, turn and legal actions; move when it is this seat's turn."""
    sent_at: float | None = None
    pending_seq = -1
    seq, your_turn, legal = -1, False, []
    gid = watch[1]
    while not stop.is_set():
        raw = await ws.recv(decode=False)  # bytes: orjson parses them without a str in between
        watch[0] = time.monotonic()
        if stats.measuring:
            stats.received_bytes += len(raw)
        msg = loads(raw)
        kind = msg["type"]
        if kind == "ack":
            if sent_at is not None and stats.measuring:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.moves += 1
            sent_at = None
            if "update" in msg:  # updates mode: the ack usually carries the mover's update
                msg = msg["update"]
                kind = "update"
        elif kind == "error":
            sent_at = None
            if msg["status"] == 409:
                stats.conflicts += 1
            else:
                stats.error(f"{gid}: {msg['status']} {msg['detail']}")
        if kind == "view" or kind == "update":
            if msg.get("over"):
                return
            seq = msg["seq"]
            your_turn = msg.get("your_turn", your_turn)
            legal = msg.get("legal", legal)
        if your_turn and sent_at is None and seq != pending_seq:
            await pacer.wait(stats)
            choice = rng.choice(legal)
            pending_seq = seq
            sent_at = time.perf_counter()
            await ws.send(orjson.dumps({"type": "move", "seq": seq, "action": choice["action"]}), text=True)


async def keep_game_live(http: httpx.AsyncClient, ws_bases: list[str], game: str, players: int, stats: Stats,
                         rng: random.Random, stop: asyncio.Event, mode: str, interval: float, index: int = 0,
                         start_within: float = 0.0) -> None:
    pacer = Pacer(interval, random.Random(rng.random()))
    # games start at random times (as on a real server), not all in the same second: otherwise they
    # also end together, and the whole set is replaced in one burst every game length
    await asyncio.sleep(rng.uniform(0, start_within))
    while not stop.is_set():
        try:
            gid, tokens = await new_game(http, game, players, stats)
            stats.games_started += 1
            pacer.restart()
            # with several servers, the seats of one game sit on different processes: every move then
            # reaches the other seat through PostgreSQL NOTIFY (or Redis)
            await asyncio.gather(*(play_seat(ws_bases[(index + i) % len(ws_bases)], gid, t, stats,
                                             random.Random(rng.random()), stop, mode, pacer)
                                   for i, t in enumerate(tokens)))
            stats.games_finished += 1
        except Exception as exc:  # noqa: BLE001 - counted and reported
            stats.error(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)


def cpu_seconds(pid: int) -> tuple[float, float] | None:
    """(user, system) CPU seconds of a process (Linux), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    except (OSError, ValueError, IndexError):
        return None


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k]


async def run(urls: list[str], games: int, seconds: float, warmup: float, game: str, players: int, seed: int,
              server_pids: list[int] | None = None, mode: str = "updates", rate: float = 0.0) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    url = urls[0]
    ws_bases = [u.replace("http://", "ws://", 1) for u in urls]
    server_pids = server_pids or []
    limits = httpx.Limits(max_connections=8, max_keepalive_connections=8)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        interval = games / rate if rate else 0.0
        dog = asyncio.create_task(watchdog(stats, stop))
        tasks = [asyncio.create_task(keep_game_live(http, ws_bases, game, players, stats, random.Random(rng.random()),
                                                    stop, mode, interval, index=k, start_within=warmup * 0.75))
                 for k in range(games)]
        await asyncio.sleep(warmup)
        stats.measuring = True
        t0 = time.perf_counter()
        client_cpu0 = time.process_time()
        server_cpu0 = [cpu_seconds(pid) for pid in server_pids]
        await asyncio.sleep(seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        client_cpu = time.process_time() - client_cpu0
        server_cpu1 = [cpu_seconds(pid) for pid in server_pids]
        known = [(a, b) for a, b in zip(server_cpu0, server_cpu1) if a is not None and b is not None]
        server_user = sum(b[0] - a[0] for a, b in known) if known else None
        server_sys = sum(b[1] - a[1] for a, b in known) if known else None
        server_cpu = server_user + server_sys if known else None  # type: ignore[operator]
        stop.set()
        await asyncio.wait(tasks, timeout=10)
        for t in tasks:
            t.cancel()
        dog.cancel()
    lat = stats.latencies
    return {
        "games": games, "game": game, "players": players, "mode": mode, "offered_moves_per_s": rate or None,
        "seconds": round(elapsed, 1),
        "moves": stats.moves, "moves_per_s": round(stats.moves / elapsed, 1),
        "p50_ms": round(percentile(lat, 50) * 1000, 1), "p95_ms": round(percentile(lat, 95) * 1000, 1),
        "p99_ms": round(percentile(lat, 99) * 1000, 1), "mean_ms": round(statistics.fmean(lat) * 1000, 1) if lat else None,
        "max_ms": round(max(lat) * 1000, 1) if lat else None,
        "late_moves": len(stats.late), "late_p99_ms": round(percentile(stats.late, 99) * 1000, 1) if stats.late else 0.0,
        "conflicts": stats.conflicts, "errors": stats.errors, "error_samples": stats.error_samples,
        "setup_retries": stats.setup_retries, "games_started": stats.games_started, "games_finished": stats.games_finished,
        "server_cpu_ms_per_move": round(server_cpu / stats.moves * 1000, 2) if server_cpu and stats.moves else None,
        "server_user_ms_per_move": round(server_user / stats.moves * 1000, 3) if server_cpu and stats.moves else None,
        "server_sys_ms_per_move": round(server_sys / stats.moves * 1000, 3) if server_cpu and stats.moves else None,
        "client_cpu_ms_per_move": round(client_cpu / stats.moves * 1000, 2) if stats.moves else None,
        "received_bytes_per_move": round(stats.received_bytes / stats.moves) if stats.moves else None,
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="concurrent live games")
    ap.add_argument("--seconds", type=float, default=30, help="measured time")
    ap.add_argument("--warmup", type=float, default=8, help="seconds before measuring (games are being created)")
    ap.add_argument("--db", default="sqlite", help="'sqlite' (a temporary file) or a database URL")
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    ap.add_argument("--servers", type=int, default=1,
                    help="start this many server processes on the database (PostgreSQL); a game's seats are spread over them")
    ap.add_argument("--redis", default=None, metavar="URL",
                    help="start the servers with --redis URL (changes between them over Redis pub/sub)")
    ap.add_argument("--durability", choices=("process", "power"), default=None,
                    help="start the servers with --durability (default: the server's default, 'process')")
    ap.add_argument("--game", default="cube-europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", choices=("updates", "diff", "views"), default="updates",
                    help="what each seat asks to be sent: 'updates' (changed fields, no observation: all a bot needs), "
                         "'diff' (updates with the changed observation keys, as the browser client), 'views' (a "
                         "whole view after every change)")
    ap.add_argument("--keep-db", action="store_true",
                    help="PostgreSQL: use the database as it is (by default it is dropped and created anew, so that "
                         "no run starts with the games an earlier run left unfinished, which a server resumes)")
    ap.add_argument("--rate", type=float, default=0.0,
                    help="offered load in moves/s over all games: each game moves on a schedule of one move every "
                         "games/rate seconds on average (players who think); 0 = every seat moves as soon as it "
                         "may (a closed loop: the most the server can do, latency then is mostly queueing)")
    args = ap.parse_args()

    procs: list[subprocess.Popen[bytes]] = []
    urls = [args.url] if args.url else []
    try:
        if not urls:
            db_url = args.db
            if db_url == "sqlite":
                if args.servers > 1:
                    raise SystemExit("several servers need PostgreSQL")
                db_url = f"sqlite:///{tempfile.mkdtemp(prefix='meeple-bench-')}/bench.db"
            elif db_url.startswith("postgresql") and not args.keep_db:
                recreate_database(db_url)
            for _ in range(args.servers):
                port = free_port()
                procs.append(start_server(db_url, port, args.redis, args.durability))
                urls.append(f"http://127.0.0.1:{port}")
        result = asyncio.run(run(urls, args.games, args.seconds, args.warmup, args.game, args.players, args.seed,
                                 [p.pid for p in procs], args.mode, args.rate))
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
    result["db"] = "sqlite" if args.db == "sqlite" else args.db.split("://", 1)[0]
    result["servers"] = len(urls)
    result["redis"] = bool(args.redis)
    result["durability"] = args.durability or "process (default)"
    result["cpus"] = os.cpu_count()
    offered = f"offered {args.rate:g} moves/s" if args.rate else "closed loop"
    print(f"{result['games']} games of {result['game']} ({result['players']} seats each) on {result['db']} "
          f"({result['servers']} server process(es), durability {result['durability']}), {result['mode']} mode, {offered}, "
          f"{result['seconds']} s measured")
    print(f"  moves/s {result['moves_per_s']}   latency p50 {result['p50_ms']} ms  p95 {result['p95_ms']} ms  "
          f"p99 {result['p99_ms']} ms  max {result['max_ms']} ms   conflicts {result['conflicts']}   "
          f"errors {result['errors']}   late sends {result['late_moves']} (p99 {result['late_p99_ms']} ms)")
    print(f"  CPU per move: server {result['server_cpu_ms_per_move']} ms (user {result['server_user_ms_per_move']}, "
          f"system {result['server_sys_ms_per_move']}), client {result['client_cpu_ms_per_move']} ms; "
          f"{result['received_bytes_per_move']} bytes received per move; machine load average {result['load_average']:.1f} on {result['cpus']} CPUs")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
