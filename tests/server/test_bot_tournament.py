"""The bots' rating tournament (meeple.server.bot_tournament): tables, paired seeds, resumable records,
the ratings from records, the shipped file and the server reading it when its database has no anchors."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from meeple.agents import LADDER
from meeple.server import bot_tournament as bt
from meeple.server import db
from meeple.server import ratings as r
from meeple.server.settings import normalize_db_url

from .test_ratings import add_game, add_user, bot, even, human, set_rating

REAL_SHIPPED = bt.SHIPPED_PATH  # before the autouse fixture points the module at an empty file
ROOT = Path(__file__).resolve().parents[2]
NOW = 1_800_000_000.0


@pytest.fixture
def engine(db_url: str) -> Any:
    eng = db.make_engine(normalize_db_url(db_url))
    db.migrate(eng)
    try:
        yield eng
    finally:
        eng.dispose()


# ---------------------------------------------------------------------------- the schedule
def test_tables_put_neighbouring_levels_together() -> None:
    assert bt.tables(LADDER, 2) == [("random", "easy"), ("random", "normal"), ("easy", "normal"), ("easy", "hard"),
                                    ("normal", "hard")]
    assert bt.tables(LADDER, 3) == [("random", "easy", "normal"), ("easy", "normal", "hard")]
    assert bt.tables(LADDER, 4) == [LADDER]
    assert bt.tables(("random", "easy"), 3) == [("random", "easy", "random")]  # fewer levels than seats: cycled
    with pytest.raises(ValueError):
        bt.tables(("easy", "easy"), 2)


@pytest.mark.parametrize("players", [2, 3])
def test_each_seed_is_dealt_to_every_level_in_every_seat(players: int) -> None:
    plan = bt.schedule(LADDER, players, 6 * players * len(bt.tables(LADDER, players)), seed=100)
    assert [g.index for g in plan] == list(range(len(plan)))
    by_seed: dict[int, list[tuple[str, ...]]] = {}
    for g in plan:
        by_seed.setdefault(g.seed, []).append(g.lineup)
    assert sorted(by_seed) == list(range(100, 100 + len(plan) // players))  # one seed per block, in order
    for seed, lineups in by_seed.items():
        assert len(lineups) == players  # game i: seed = base + i // players
        table = set(lineups[0])
        for seat in range(players):  # every level of the table sits in every seat once on this seed
            assert sorted(lineup[seat] for lineup in lineups) == sorted(table)
    # every table gets the same number of seeds, cycling in order
    tables = Counter(tuple(sorted(lineups[0], key=LADDER.index)) for lineups in by_seed.values())
    assert set(tables.values()) == {6}
    assert bt.schedule(LADDER, players, 7, seed=0) == bt.schedule(LADDER, players, 40, seed=0)[:7]  # a prefix


def test_games_per_level() -> None:
    assert bt.games_per_level(LADDER, 2, 10) == {"random": 4, "easy": 6, "normal": 6, "hard": 4}
    assert bt.games_per_level(LADDER, 3, 6) == {"random": 3, "easy": 6, "normal": 6, "hard": 3}


# ---------------------------------------------------------------------------- ratings from records
def _record(index: int, agents: list[str], scores: list[float], winners: list[int], seed: int = 0) -> dict[str, Any]:
    return {"game": "cube-europe", "players": len(agents), "seed": seed, "agents": agents, "scores": scores,
            "winners": winners, "index": index}


def test_rate_follows_plackett_luce_in_game_order() -> None:
    games = [_record(0, ["random", "easy"], [3, 20], [1]), _record(1, ["easy", "random"], [22, 5], [0]),
             _record(2, ["easy", "normal"], [20, 21], [1])]
    rated = bt.rate(games, ["random", "easy", "normal"])
    assert [rated[n].games for n in ("random", "easy", "normal")] == [2, 3, 1]
    # by hand: the same updates one game at a time
    cur = {n: (r.DEFAULT_MU, r.DEFAULT_SIGMA) for n in ("random", "easy", "normal")}
    for rec in games:
        after = r.rate_teams([cur[n] for n in rec["agents"]], r.ranks(rec["scores"], rec["winners"]))
        cur.update(zip(rec["agents"], after))
    assert {n: (x.mu, x.sigma) for n, x in rated.items()} == cur
    assert rated["easy"].mu > r.DEFAULT_MU > rated["random"].mu and rated["normal"].mu > r.DEFAULT_MU
    assert bt.rate(list(reversed(games)), ["random", "easy", "normal"]) != rated  # the order is part of it


def test_records_of_another_tournament_are_refused(tmp_path: Path) -> None:
    plan = bt.schedule(("random", "easy"), 2, 4, seed=0)
    good = _record(1, ["easy", "random"], [9, 1], [0], seed=0)
    assert bt.check_records([good], "cube-europe", plan) == {1: good}
    for bad in (_record(1, ["random", "easy"], [1, 9], [1], seed=0),   # other seats
                _record(1, ["easy", "random"], [9, 1], [0], seed=5),   # other seed
                {**good, "game": "citadels"}, {**good, "index": None}):
        with pytest.raises(bt.RecordsMismatch):
            bt.check_records([bad], "cube-europe", plan)
    path = tmp_path / "torn.jsonl"
    path.write_text(json.dumps(good) + "\n" + '{"game": "cube-eu', encoding="utf-8")  # a run stopped mid-line
    assert bt.read_records(path) == [good] and bt.read_records(tmp_path / "none.jsonl") == []


def test_a_stopped_tournament_goes_on_and_rates_the_same(tmp_path: Path) -> None:
    records = tmp_path / "t.jsonl"
    levels = ["random", "easy"]
    first = bt.play("cube-europe", 2, levels, 2, seed=3, records=records)
    assert [rec["agents"] for rec in first] == [["random", "easy"], ["easy", "random"]]
    assert first[0]["seed"] == first[1]["seed"] == 3
    played: list[int] = []
    whole = bt.play("cube-europe", 2, levels, 4, seed=3, records=records, progress=lambda rec: played.append(rec["index"]))
    assert played == [2, 3] and whole[:2] == first and len(bt.read_records(records)) == 4
    fresh = bt.play("cube-europe", 2, levels, 4, seed=3)
    assert [(x["scores"], x["winners"]) for x in fresh] == [(x["scores"], x["winners"]) for x in whole]
    assert bt.rate(fresh, levels) == bt.rate(whole, levels)


def test_two_runs_on_one_records_file_play_each_game_once(tmp_path: Path) -> None:
    import threading

    records = tmp_path / "t.jsonl"
    results: list[list[dict[str, Any]]] = []
    runs = [threading.Thread(target=lambda: results.append(bt.play("cube-europe", 2, ["random", "easy"], 4, seed=1,
                                                                   records=records))) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    assert sorted(rec["index"] for rec in bt.read_records(records)) == [0, 1, 2, 3]  # no game twice
    assert results[0] == results[1]


# ---------------------------------------------------------------------------- the shipped file
def _ship(path: Path, game: str = "cube-europe", band: str = "2p", **levels: tuple[float, float]) -> None:
    bt.write_shipped(path, game, band, players=2 if band == "2p" else 3, games=10, seed=0, levels=list(levels),
                     rated={n: bt.Rated(mu, sigma, 5) for n, (mu, sigma) in levels.items()})


def test_the_server_rates_with_the_shipped_anchors_until_it_has_its_own(engine: Engine, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = tmp_path / "bot_ratings.json"
    _ship(shipped, easy=(30.0, 2.0), random=(10.0, 2.0))
    _ship(shipped, "citadels", "3p+", hard=(35.0, 3.0))
    monkeypatch.setattr(bt, "SHIPPED_PATH", shipped)
    data = json.loads(shipped.read_text(encoding="utf-8"))
    assert set(data["games"]) == {"citadels", "cube-europe"}  # the second write kept the first
    with engine.begin() as conn:
        ada = add_user(conn, "Ada")
        assert r.anchors(conn, "cube-europe", "2p") == {"bot:easy": (30.0, 2.0), "bot:random": (10.0, 2.0)}
        assert r.anchors(conn, "cube-europe", "3p+") == {} and r.anchors(conn, "kingsburg", "2p") == {}
        row, seats = add_game(conn, "g1", [human(ada), bot("heuristic")])  # heuristic is rated as easy
        changes = r.apply_game(conn, row, seats, [40, 30], [0], even(2), NOW)
        assert changes[1]["participant"] == "bot:easy" and changes[1]["before"] == r.rating_shown(30.0, 2.0)
        assert changes[0]["change"] > 0
        board = r.leaderboard(conn, "cube-europe", "2p")
        assert [b["participant"] for b in board] == ["bot:easy", f"user:{ada}", "bot:random"]
        assert board[0]["games"] == 5 and board[0]["kind"] == "bot"
        assert r.all_anchors(conn)[("citadels", "3p+")] == {"bot:hard": (35.0, 3.0)}
        missing = r.unanchored(conn)  # logged at the server's start
        assert ("cube-europe", "3p+") in missing and ("gods-playground", "3p+") in missing
        assert ("cube-europe", "2p") not in missing and ("citadels", "3p+") not in missing
        assert ("gods-playground", "2p") not in missing  # three players only: no 2p band
        set_rating(conn, "bot:hard", 33.0, 1.0)  # seeded here: this game and band now use the database's only
        assert r.anchors(conn, "cube-europe", "2p") == {"bot:hard": (33.0, 1.0)}
        assert [b["participant"] for b in r.leaderboard(conn, "cube-europe", "2p")] == ["bot:hard", f"user:{ada}"]
        assert r.all_anchors(conn)[("cube-europe", "2p")] == {"bot:hard": (33.0, 1.0)}
        assert r.all_anchors(conn)[("citadels", "3p+")] == {"bot:hard": (35.0, 3.0)}


def test_the_catalog_shows_each_levels_rating(sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from .helpers import client

    shipped = tmp_path / "bot_ratings.json"
    _ship(shipped, easy=(30.0, 2.0), random=(10.0, 2.0), normal=(33.0, 2.0), hard=(34.0, 2.0))
    monkeypatch.setattr(bt, "SHIPPED_PATH", shipped)
    with client(sqlite_url) as c:
        games = {g["id"]: g for g in c.get("/api/catalog").json()["games"]}
    assert games["cube-europe"]["bot_ratings"] == {"2p": {level: r.rating_shown(*mu_sigma) for level, mu_sigma in
                                                          {"easy": (30.0, 2.0), "random": (10.0, 2.0),
                                                           "normal": (33.0, 2.0), "hard": (34.0, 2.0)}.items()}}
    assert games["citadels"]["bot_ratings"] == {}


def test_seed_bots_writes_the_shipped_file_and_resumes_from_its_records(sqlite_url: str, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from meeple.cli import main

    records, shipped = tmp_path / "games.jsonl", tmp_path / "ship.json"
    args = ["ratings", "seed-bots", "--db", sqlite_url, "--game", "cube-europe", "--levels", "random,easy",
            "--records", str(records), "--write-shipped", str(shipped)]
    for games in ("2", "4"):
        with pytest.raises(SystemExit) as done:
            main(args + ["--games", games])
        assert done.value.code in (0, None)
    assert len(bt.read_records(records)) == 4
    entry = json.loads(shipped.read_text(encoding="utf-8"))["games"]["cube-europe"]["2p"]
    rated = bt.rate(bt.read_records(records), ["random", "easy"])
    assert entry["levels"] == {n: {"mu": x.mu, "sigma": x.sigma, "games": x.games} for n, x in rated.items()}
    assert entry["games"] == 4 and entry["players"] == 2 and "--games 4 --seed 0" in entry["command"]
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:  # the same records with another seed: refused, nothing played
        main(args + ["--games", "4", "--seed", "9"])
    assert done.value.code == 2 and "another tournament" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["ratings", "seed-bots", "--db", sqlite_url, "--game", "cube-europe", "--levels", "easy,heuristic"])
    assert done.value.code == 2 and "same player" in capsys.readouterr().err


def test_the_shipped_ratings_are_those_of_their_committed_tournaments() -> None:
    """Every entry of meeple/server/bot_ratings.json: the ladder's four levels, rated from the first
    ``games`` games of its records file, which are the scheduled games of that tournament: seed-bots with
    the entry's command gives these figures exactly (the games themselves replay from their seeds)."""
    data = bt.load_shipped(REAL_SHIPPED)
    for game, bands in data["games"].items():
        for band, entry in bands.items():
            assert r.band_of(entry["players"]) == band
            assert entry["levels_played"] == list(LADDER), (game, band)
            plan = bt.schedule(LADDER, entry["players"], entry["games"], entry["seed"])
            found = bt.check_records(bt.read_records(ROOT / entry["records"]), game, plan)
            assert sorted(found) == list(range(entry["games"])), (game, band, "records missing")
            rated = bt.rate([found[i] for i in range(entry["games"])], LADDER)
            assert entry["levels"] == {n: {"mu": x.mu, "sigma": x.sigma, "games": x.games} for n, x in rated.items()}


def test_the_shipped_file_is_package_data() -> None:
    assert REAL_SHIPPED == ROOT / "meeple" / "server" / "bot_ratings.json"
    assert '"meeple.server" = ["bot_ratings.json"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
