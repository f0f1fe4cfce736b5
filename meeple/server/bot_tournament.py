"""The bots' rating tournament: which levels meet at which table on which seed, the games' records
(JSON lines, resumable), the ratings computed from them, and the ratings shipped with the package.

A tournament of one game and band is fixed by ``(game, players, levels, games, seed)``:

* **Tables** (``tables``): two players: each level meets the levels one and two rungs away
  (``random–easy``, ``random–normal``, ``easy–normal``, ``easy–hard``, ``normal–hard``); three or
  more: each run of ``players`` neighbouring rungs (``random, easy, normal`` and ``easy, normal, hard``).
  A level is measured against its neighbours, where the question is open; ``random`` never meets
  ``hard`` (it always loses, and ``hard`` is the costly seat).
* **Schedule** (``schedule``): block ``b`` is table ``b mod len(tables)`` on seed ``seed + b``, played
  once per seat rotation (game ``i`` is rotation ``i mod players`` of block ``i // players``), so each
  seed is dealt to every level in every seat: paired seeds. ``games`` counts games, blocks in order.
* **Ratings** (``rate``): Plackett–Luce (``meeple.server.ratings.rate_teams``) over the games in
  schedule order, every level from the default rating. The levels play the same moves for the same
  seed (budgets in iterations) on any machine and whatever Python's hash seed
  (``tests/agents/test_hash_seed.py``), so the same tournament gives the same (μ, σ).

The ratings of the tournaments run for the release are shipped in ``bot_ratings.json`` beside this
module (``meeple ratings seed-bots --write-shipped``); the server uses them as a game and band's
anchors while its database has none of its own (``meeple.server.ratings.anchors``).

>>> [t for t in tables(("random", "easy", "normal", "hard"), 3)]
[('random', 'easy', 'normal'), ('easy', 'normal', 'hard')]
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

SHIPPED_PATH = Path(__file__).with_name("bot_ratings.json")
"""The ratings shipped with the package: game → band → the tournament and each level's (μ, σ)."""


class Scheduled(NamedTuple):
    """One game of a tournament: its number, its seed, the level in each seat."""

    index: int
    seed: int
    lineup: tuple[str, ...]


class Rated(NamedTuple):
    """A level's rating after a tournament, and how many games it played."""

    mu: float
    sigma: float
    games: int


class RecordsMismatch(ValueError):
    """A records file holds games of another tournament (other seeds, levels or seats)."""


def tables(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables of a tournament among ``levels`` (weakest first) at ``players`` seats.

    Two players: every pair of levels at most two rungs apart. More: every run of ``players``
    neighbouring levels (the levels cycled when there are fewer levels than seats).

    >>> tables(("random", "easy", "normal", "hard"), 2)
    [('random', 'easy'), ('random', 'normal'), ('easy', 'normal'), ('easy', 'hard'), ('normal', 'hard')]
    """
    names = list(dict.fromkeys(levels))
    if len(names) < 2:
        raise ValueError("a tournament needs at least two different levels")
    if players < 2:
        raise ValueError("a tournament needs at least two players")
    if players == 2:
        return [(a, b) for i, a in enumerate(names) for b in names[i + 1:i + 3]]
    if len(names) <= players:
        return [tuple(names[s % len(names)] for s in range(players))]
    return [tuple(names[i:i + players]) for i in range(len(names) - players + 1)]


def schedule(levels: Sequence[str], players: int, games: int, seed: int) -> list[Scheduled]:
    """The first ``games`` games of the tournament: block ``b`` = table ``b mod len(tables)`` on seed
    ``seed + b``, one game per seat rotation (rotation ``r`` puts the table's level ``(s + r) mod
    players`` in seat ``s``).

    >>> [tuple(g) for g in schedule(("random", "easy"), 2, 3, seed=10)]
    [(0, 10, ('random', 'easy')), (1, 10, ('easy', 'random')), (2, 11, ('random', 'easy'))]
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    plan = tables(levels, players)
    out = []
    for index in range(games):
        block, rotation = divmod(index, players)
        table = plan[block % len(plan)]
        out.append(Scheduled(index, seed + block, tuple(table[(s + rotation) % players] for s in range(players))))
    return out


def games_per_level(levels: Sequence[str], players: int, games: int) -> dict[str, int]:
    """How many of the first ``games`` games of the tournament each level plays.

    >>> games_per_level(("random", "easy", "normal"), 2, 6)
    {'random': 4, 'easy': 4, 'normal': 4}
    """
    out = {name: 0 for name in dict.fromkeys(levels)}
    for scheduled in schedule(levels, players, games, 0):
        for name in dict.fromkeys(scheduled.lineup):
            out[name] += 1
    return out


def read_records(path: Path | str) -> list[dict[str, Any]]:
    """The records in a JSON-lines file (none if it does not exist); a torn last line is ignored."""
    path = Path(path)
    if not path.exists():
        return []
    out = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut short when a run was stopped: that game is played again
    return out


def check_records(records: Sequence[dict[str, Any]], game_id: str, plan: Sequence[Scheduled]) -> dict[int, dict[str, Any]]:
    """The records by game number, after checking each is the scheduled game (same game, seed and
    seats); RecordsMismatch otherwise (a file from another tournament must not be mixed in)."""
    by_index: dict[int, dict[str, Any]] = {}
    for rec in records:
        index = rec.get("index")
        if not isinstance(index, int) or index < 0:
            raise RecordsMismatch(f"a record without a game number: {str(rec)[:80]}")
        if index >= len(plan):
            continue  # a longer run of the same tournament: its first games are these
        want = plan[index]
        if rec.get("game") != game_id or rec.get("seed") != want.seed or tuple(rec.get("agents", ())) != want.lineup:
            raise RecordsMismatch(f"game {index} of the records is {rec.get('game')} seed {rec.get('seed')} "
                                  f"{rec.get('agents')}, the tournament has {game_id} seed {want.seed} {list(want.lineup)}")
        by_index[index] = rec
    return by_index


def play(game_id: str, players: int, levels: Sequence[str], games: int, seed: int, *, jobs: int = 1,
         records: Path | str | None = None,
         progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play the tournament's games (those not already in ``records``, which each new game is appended
    to as it finishes: a stopped run goes on where it stopped) and return all its records in game order.
    A second run on the same records file waits for the first (a lock beside it), then plays what is left.

    >>> recs = play("cube-europe", 2, ["random", "easy"], games=4, seed=0)
    >>> [r["agents"] for r in recs][:2]
    [['random', 'easy'], ['easy', 'random']]
    """
    import meeple
    from meeple.sim.playout import check_agents

    game = meeple.load(game_id, players=players)
    plan = schedule(levels, players, games, seed)
    check_agents(game.id, list(dict.fromkeys(levels)))
    if not records:
        return [rec for rec in _play_all(game, plan, jobs, progress)]
    # One run at a time per records file: a second waits, then finds the games played.
    with open(str(records) + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = check_records(read_records(records), game.id, plan)
        with open(records, "a", encoding="utf-8") as out:
            for rec in _play_all(game, [g for g in plan if g.index not in done], jobs, progress):
                done[rec["index"]] = rec
                out.write(json.dumps(rec) + "\n")
                out.flush()
    return [done[g.index] for g in plan]


def _play_one(job: tuple[Any, Scheduled]) -> dict[str, Any]:
    from meeple.sim.playout import play_game

    game, scheduled = job
    rec = play_game(game, scheduled.seed, list(scheduled.lineup))
    rec["index"] = scheduled.index
    return rec


def _play_all(game: Any, todo: list[Scheduled], jobs: int,
              progress: Callable[[dict[str, Any]], None] | None) -> Iterator[dict[str, Any]]:
    """The records of ``todo``'s games in order, played in ``jobs`` processes; ``progress`` sees each."""
    if jobs <= 1 or len(todo) <= 1:
        played: Iterator[dict[str, Any]] = (_play_one((game, scheduled)) for scheduled in todo)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method))
        played = _closing(pool, pool.map(_play_one, [(game, s) for s in todo]))
    for rec in played:
        if progress:
            progress(rec)
        yield rec


def _closing(pool: Any, results: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    with pool:
        yield from results


def rate(records: Sequence[dict[str, Any]], levels: Sequence[str]) -> dict[str, Rated]:
    """Each level's (μ, σ) after the games, rated with Plackett–Luce in the order given, every level
    from the default rating; a level in two seats of one game takes the mean of its seats' new μ and σ.

    >>> rate([{"agents": ["random", "easy"], "scores": [3, 9], "winners": [1]}], ["random", "easy"])["easy"].mu > 25
    True
    """
    from meeple.server.ratings import DEFAULT_MU, DEFAULT_SIGMA, ranks, rate_teams

    names = list(dict.fromkeys(levels))
    current = {name: (DEFAULT_MU, DEFAULT_SIGMA) for name in names}
    played = {name: 0 for name in names}
    for record in records:
        seated = record["agents"]
        after = rate_teams([current[name] for name in seated], ranks(record["scores"], record["winners"]))
        for name in dict.fromkeys(seated):
            mine = [after[s] for s, other in enumerate(seated) if other == name]
            current[name] = (sum(m for m, _ in mine) / len(mine), sum(s for _, s in mine) / len(mine))
            played[name] += 1
    return {name: Rated(current[name][0], current[name][1], played[name]) for name in names}


def rate_tournament(game_id: str, players: int, levels: Sequence[str], games: int, seed: int, *, jobs: int = 1,
                    records: str | None = None,
                    progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The first ``games`` games of the tournament among ``levels`` (``schedule``:
    neighbouring levels at a table, each seed in every seat rotation), rated with Plackett–Luce in game
    order from the default rating: level → ``Rated(mu, sigma, games)``. ``records``: a JSON-lines file
    the games are appended to and read back on a later run (a stopped tournament goes on where it
    stopped; the ratings are the same as in one run). Touches no database: a long tournament holds no
    transaction open."""
    from meeple.server.ratings import band_of, bot_participant

    names = list(dict.fromkeys(str(level).strip() for level in levels))
    if len(names) < 2:
        raise ValueError("seeding needs at least two different bot levels")
    if any(":" in name for name in names):
        raise ValueError("seed the plain levels (random, easy, normal, hard): a level's settings are not rated apart")
    if len({bot_participant(name) for name in names}) < len(names):
        raise ValueError("easy and heuristic are one player (one rating): seed one of them")
    band_of(players)
    played = play(game_id, players, names, games, seed, jobs=jobs, records=records, progress=progress)
    return rate(played, names)


# ---------------------------------------------------------------------------- the shipped ratings
def load_shipped(path: Path | str = SHIPPED_PATH) -> dict[str, Any]:
    """The shipped file as a dict (``{"games": {game: {band: entry}}}``; empty if there is none)."""
    path = Path(path)
    if not path.exists():
        return {"games": {}}
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    data.setdefault("games", {})
    return data


Anchor = tuple[float, float, int]  # (μ, σ, games played in the tournament)
_SHIPPED_CACHE: dict[tuple[str, float], dict[tuple[str, str], dict[str, Anchor]]] = {}


def shipped_anchors(path: Path | str | None = None) -> dict[tuple[str, str], dict[str, Anchor]]:
    """(game, band) → level → (μ, σ, games), from the shipped file (``SHIPPED_PATH`` unless given;
    read again only when the file changes).

    >>> shipped_anchors()[("cube-europe", "2p")]["easy"]   # doctest: +SKIP
    (31.2, 2.4, 96)
    """
    path = Path(path if path is not None else SHIPPED_PATH)
    try:
        key = (str(path), path.stat().st_mtime)
    except OSError:
        return {}
    if key not in _SHIPPED_CACHE:
        out: dict[tuple[str, str], dict[str, Anchor]] = {}
        for game, bands in load_shipped(path)["games"].items():
            for band, entry in bands.items():
                out[(game, band)] = {level: (float(r["mu"]), float(r["sigma"]), int(r.get("games", 0)))
                                     for level, r in entry["levels"].items()}
        _SHIPPED_CACHE.clear()
        _SHIPPED_CACHE[key] = out
    return _SHIPPED_CACHE[key]


def write_shipped(path: Path | str, game_id: str, band: str, *, players: int, games: int, seed: int,
                  levels: Sequence[str], rated: dict[str, Rated], records: str | None = None) -> None:
    """Put one game and band's tournament and ratings into the shipped file (the others kept). The
    file is locked while it is read and written, so runs of other games may finish at the same time."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(path.suffix + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = {"about": ("Bot anchor ratings per game and band (OpenSkill Plackett-Luce mu, sigma), from the "
                          "tournaments below (meeple/server/bot_tournament.py); regenerate one with the command "
                          "given in its entry."), "games": load_shipped(path)["games"]}
        entry = {
            "players": players, "games": games, "seed": seed, "levels_played": list(dict.fromkeys(levels)),
            "command": (f"meeple ratings seed-bots --game {game_id} --players {players} --levels "
                        f"{','.join(dict.fromkeys(levels))} --games {games} --seed {seed}"
                        + (f" --records {records}" if records else "") + f" --write-shipped {path}"),
            "levels": {level: {"mu": r.mu, "sigma": r.sigma, "games": r.games}
                       for level, r in rated.items()},
        }
        if records:
            entry["records"] = records
        data["games"].setdefault(game_id, {})[band] = entry
        data["games"] = {g: dict(sorted(b.items())) for g, b in sorted(data["games"].items())}
        tmp = path.with_suffix(path.suffix + f".{os.getpid()}.tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
        os.replace(tmp, path)
