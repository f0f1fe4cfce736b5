"""Ratings (meeple.server.ratings): which games are rated, Plackett–Luce updates, bots as anchors,
the reads for pages, recomputation from scratch, and seeding the bots; on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.engine import Engine

from meeple.server import db
from meeple.server import ratings as r
from meeple.server.settings import normalize_db_url

NOW = 1_800_000_000.0


# ---------------------------------------------------------------------------- rows
@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    eng = db.make_engine(normalize_db_url(db_url))
    db.migrate(eng)
    try:
        yield eng
    finally:
        eng.dispose()


def add_user(conn: Any, name: str, deleted: bool = False) -> int:
    res = conn.execute(db.users.insert().values(name=name, name_key=name.casefold(), password_hash="x",
                                                created_at=NOW, deleted_at=NOW if deleted else None))
    return int(res.inserted_primary_key[0])


def human(user_id: int | None, level: str = "heuristic", *, left: bool = False, bot_moves: int = 0) -> dict[str, Any]:
    return {"kind": "human", "level": level, "user_id": user_id, "left_game": left, "bot_moves": bot_moves}


def bot(level: str) -> dict[str, Any]:
    return {"kind": "bot", "level": level, "user_id": None, "left_game": False, "bot_moves": 0}


def add_game(conn: Any, game_id: str, players: list[dict[str, Any]], *, game: str = "cube-europe",
             status: str = "finished", chance: str | None = None, finished_at: float = NOW,
             rated: bool = True) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A game row and its seat rows, stored; both returned as the hub would hand them over."""
    game_row = {"id": game_id, "game": game, "players": len(players), "options": json.dumps({}), "seed": 1,
                "status": status, "private": False, "turn_timeout": None, "name": None, "created_at": finished_at - 60,
                "updated_at": finished_at, "finished_at": finished_at if status == "finished" else None,
                "seen_at": None, "creator_seat": 0, "chance": chance, "rated": rated}
    conn.execute(db.games.insert().values(**game_row))
    seat_rows = []
    for seat, spec in enumerate(players):
        row = {"game_id": game_id, "seat": seat, "kind": spec["kind"], "level": spec["level"], "name": None,
               "token_hash": None, "invite_hash": None, "claimed": True, "away": False, "user_id": spec["user_id"],
               "left_game": spec["left_game"], "bot_moves": spec["bot_moves"]}
        conn.execute(db.seats.insert().values(**row))
        seat_rows.append(row)
    return game_row, seat_rows


def set_rating(conn: Any, participant: str, mu: float, sigma: float, game: str = "cube-europe", band: str = "2p",
               games: int = 40) -> None:
    conn.execute(db.ratings.insert().values(participant=participant, game=game, band=band, mu=mu, sigma=sigma,
                                            games=games, updated_at=NOW))


def even(n: int, each: int = 20) -> list[int]:
    """``decisions`` of ``n`` seats that each made ``each`` decisions."""
    return [each] * n


def stored(conn: Any) -> dict[tuple[str, str, str], tuple[float, float, int]]:
    return {(x.participant, x.game, x.band): (x.mu, x.sigma, x.games) for x in conn.execute(select(db.ratings))}


# ---------------------------------------------------------------------------- pure rules
def test_bands_and_the_shown_number() -> None:
    assert r.band_of(2) == "2p" and r.band_of(3) == "3p+" and r.band_of(5) == "3p+"
    with pytest.raises(ValueError):
        r.band_of(1)
    assert r.rating_shown(25.0, 25 / 3) == 1000
    assert r.rating_shown(30.0, 2.0) == 1000 + 40 * 24


def test_ranks_share_places_and_keep_the_tie_breaks() -> None:
    assert r.ranks([40, 31], [0]) == [1, 2]
    assert r.ranks([10, 30, 30, 5], [1, 2]) == [3, 1, 1, 4]           # two winners share first place
    assert r.ranks([30, 30], [1]) == [2, 1]                            # equal score, the tie-break decided
    assert r.ranks([50, 20, 20, 10], [0]) == [1, 2, 2, 4]              # competition ranking
    assert r.ranks([5, 40, 30, 30, 1], [0]) == [1, 2, 3, 3, 5]         # a winner below others on score (tie-break)


def test_which_games_are_rated() -> None:
    finished = {"status": "finished", "chance": None, "rated": True}
    seats = lambda *specs: [{**s, "seat": i} for i, s in enumerate(specs)]  # noqa: E731
    assert r.rated_participants(finished, seats(human(7), bot("heuristic"))) == ["user:7", "bot:easy"]
    unrated = (
        ({**finished, "rated": False}, seats(human(7), human(8)), "server.unrated.not_chosen"),  # created unrated
        (finished, seats(human(7), human(None)), "server.unrated.guest"),
        ({**finished, "chance": "manual"}, seats(human(7), human(8)), "server.unrated.referee"),
        (finished, seats(human(7)), "server.unrated.solo"),
        ({**finished, "status": "abandoned"}, seats(human(7), human(8)), "server.unrated.closed"),
        (finished, seats(human(7), human(7)), "server.unrated.two_seats"),
    )
    for row, seat_rows, reason in unrated:
        assert r.rated_participants(row, seat_rows) is None
        assert r.unrated_reason(row, seat_rows) == reason
    assert r.rated_participants({**finished, "status": "active"}, seats(human(7), human(8))) is None  # not over yet
    assert r.unrated_reason({**finished, "status": "active"}, seats(human(7), human(8))) is None      # ... but will be
    # a level with settings is rated as its base level; a person a bot replaced is still the person's seat
    assert r.rated_participants(finished, seats(bot("hard:rollout=heuristic"), {**human(8, "normal"), "away": True})
                                ) == ["bot:hard", "user:8"]


def test_who_is_ranked_last_for_rating() -> None:
    """Board Game Arena's rule: a person who left, or whose fallback bot played most of their decisions,
    is ranked last; a bot's moves never earn a person points."""
    seats = lambda *specs: [{**s, "seat": i} for i, s in enumerate(specs)]  # noqa: E731
    line_up = seats(human(1, left=True), human(2, bot_moves=11), human(3, bot_moves=10), bot("easy"))
    assert r.forfeits(line_up, [20, 20, 20, 20]) == {0: "left", 1: "bot"}  # 10 of 20: not "mostly"
    assert r.forfeits(seats(human(1, bot_moves=5)), [9]) == {0: "bot"}
    # the left seat won on the board; it is still last, and the others keep their order among themselves
    assert r.rating_ranks([50, 40, 30, 20], [0], forfeited=[0]) == [4, 1, 2, 3]
    assert r.rating_ranks([50, 40, 30, 20], [0], forfeited=[0, 1]) == [3, 3, 1, 2]  # forfeited seats share last
    assert r.rating_ranks([50, 40, 40, 20], [0], forfeited=[]) == r.ranks([50, 40, 40, 20], [0]) == [1, 2, 2, 4]


# ---------------------------------------------------------------------------- apply_game
def test_a_player_who_keeps_beating_the_heuristic_bot_climbs_past_it(engine: Engine) -> None:
    with engine.begin() as conn:
        uid = add_user(conn, "Ada")
        set_rating(conn, "bot:easy", mu=28.0, sigma=2.0)  # shown 1880
    anchor = r.rating_shown(28.0, 2.0)
    for i in range(15):
        with engine.begin() as conn:
            game_row, seat_rows = add_game(conn, f"g{i}", [human(uid), bot("heuristic")], finished_at=NOW + i)
            changes = r.apply_game(conn, game_row, seat_rows, [40, 30], [0], even(2), NOW + i)
        assert [c["participant"] for c in changes] == [f"user:{uid}", "bot:easy"]
        assert changes[0]["rank"] == 1 and changes[0]["change"] > 0
        assert changes[1]["change"] == 0 and changes[1]["before"] == anchor
    with engine.connect() as conn:
        table = stored(conn)
        assert table[("bot:easy", "cube-europe", "2p")] == (28.0, 2.0, 40)  # the anchor never moved
        mu, sigma, played = table[(f"user:{uid}", "cube-europe", "2p")]
        assert played == 15
        assert r.rating_shown(mu, sigma) > anchor
        board = r.leaderboard(conn, "cube-europe", "2p")
        assert [b["participant"] for b in board] == [f"user:{uid}", "bot:easy"]
        assert board[0]["name"] == "Ada" and board[0]["kind"] == "person" and board[1]["name"] == "easy"
        mine = r.player_ratings(conn, uid)
        assert len(mine) == 1 and mine[0]["games"] == 15 and len(mine[0]["history"]) == 15
        history = [h["rating"] for h in mine[0]["history"]]
        assert history == sorted(history) and history[-1] == mine[0]["rating"]
        games = r.player_games(conn, uid, limit=5)
        assert [g["game_id"] for g in games] == ["g14", "g13", "g12", "g11", "g10"]
        assert all(g["rated"] and g["rank"] == 1 and g["change"] > 0 and g["players"] == 2 for g in games)


def test_apply_game_is_idempotent_and_leaves_unrated_games_alone(engine: Engine) -> None:
    with engine.begin() as conn:
        ada, bob = add_user(conn, "Ada"), add_user(conn, "Bob")
        game_row, seat_rows = add_game(conn, "duel", [human(ada), human(bob)])
        first = r.apply_game(conn, game_row, seat_rows, [30, 30], [1], even(2), NOW)
    with engine.begin() as conn:
        before = stored(conn)
        again = r.apply_game(conn, game_row, seat_rows, [30, 30], [1], even(2), NOW + 5)
        assert again == first == r.changes_of_game(conn, "duel")
        assert stored(conn) == before
        assert [c["rank"] for c in first] == [2, 1] and first[1]["change"] > 0 > first[0]["change"]
        assert [c["forfeit"] for c in first] == [None, None]
        assert before[(f"user:{bob}", "cube-europe", "2p")][2] == 1
        # unrated: a guest, created unrated, a referee game, a solo game
        for game_id, players, kwargs in (
            ("guest", [human(ada), human(None)], {}),
            ("casual", [human(ada), human(bob)], {"rated": False}),
            ("table", [human(ada), human(bob)], {"chance": "manual"}),
            ("solo", [human(ada)], {}),
        ):
            row, seat_list = add_game(conn, game_id, players, **kwargs)
            assert r.apply_game(conn, row, seat_list, [1.0] * len(players), [0], even(len(players)), NOW) == []
            assert r.changes_of_game(conn, game_id) == []
        assert stored(conn) == before
        unrated = {g["game_id"]: g for g in r.player_games(conn, ada)}
        assert set(unrated) == {"duel", "guest", "casual", "table", "solo"}
        assert unrated["guest"]["rated"] is False and unrated["guest"]["rank"] is None and unrated["guest"]["change"] is None


def test_a_person_who_left_or_let_the_bot_play_loses_points_whatever_the_score(engine: Engine) -> None:
    """Rating by proxy: Ada leaves at once and her bot wins the game for her; Bob's bot played most of his
    game after timeouts: both are ranked last, so both lose points, and Cy, who played, gains."""
    with engine.begin() as conn:
        ada, bob, cy = add_user(conn, "Ada"), add_user(conn, "Bob"), add_user(conn, "Cy")
        row, seat_rows = add_game(conn, "proxy", [human(ada, left=True), human(cy)])
        changes = r.apply_game(conn, row, seat_rows, [60, 20], [0], [30, 30], NOW)
        assert [(c["rank"], c["forfeit"]) for c in changes] == [(2, "left"), (1, None)]
        assert changes[0]["change"] < 0 < changes[1]["change"]
        row, seat_rows = add_game(conn, "timeouts", [human(bob, bot_moves=16), human(cy), bot("random")],
                                  game="citadels")
        changes = r.apply_game(conn, row, seat_rows, [30, 20, 10], [0], [30, 30, 30], NOW + 1)
        assert [(c["rank"], c["forfeit"]) for c in changes] == [(3, "bot"), (1, None), (2, None)]
        assert changes[0]["change"] < 0 < changes[1]["change"]


def test_recompute_matches_the_stored_ratings(engine: Engine) -> None:
    results: dict[str, tuple[list[float], list[int], list[int]]] = {}
    with engine.begin() as conn:
        ada, bob, cy = add_user(conn, "Ada"), add_user(conn, "Bob"), add_user(conn, "Cy")
        set_rating(conn, "bot:easy", 27.0, 2.5)
        set_rating(conn, "bot:random", 12.0, 2.5, game="citadels", band="3p+")
    line_ups = [
        ("cube-europe", [human(ada), bot("heuristic")], [40, 31], [0], True, None),
        ("cube-europe", [human(bob), human(ada)], [20, 35], [1], True, None),
        ("citadels", [human(ada), human(bob), bot("random")], [20, 25, 25], [2], True, None),
        ("citadels", [human(cy), human(bob), bot("random"), human(ada)], [30, 12, 12, 28], [0], True, None),
        ("cube-europe", [human(bob), human(None)], [40, 1], [0], True, None),           # a guest: unrated
        ("cube-europe", [human(cy), human(ada)], [40, 1], [0], False, None),            # created unrated
        ("citadels", [human(cy), human(ada), human(bob)], [3, 2, 1], [0], True, "manual"),  # referee: unrated
        ("cube-europe", [bot("heuristic"), human(cy, left=True)], [30, 30], [1], True, None),  # Cy left: last
        ("cube-europe", [human(ada, bot_moves=15), human(cy)], [30, 33], [0], True, None),  # Ada's bot: last
        ("cube-europe", [human(ada), human(cy)], [30, 33], [1], True, None),
    ]
    for i, (game, players, scores, winners, rated, chance) in enumerate(line_ups):
        with engine.begin() as conn:
            row, seat_rows = add_game(conn, f"m{i}", players, game=game, chance=chance, finished_at=NOW + 10 * i,
                                      rated=rated)
            results[f"m{i}"] = ([float(s) for s in scores], winners, even(len(players)))
            r.apply_game(conn, row, seat_rows, scores, winners, even(len(players)), NOW + 10 * i)
    with engine.begin() as conn:
        add_game(conn, "live", [human(ada), human(bob)], status="active")  # not finished: never replayed
    asked: list[str] = []

    def replay_result(game_row: Any) -> tuple[list[float], list[int], list[int]]:
        asked.append(game_row["id"])
        return results[game_row["id"]]

    with engine.connect() as conn:
        fresh = r.recompute(conn, replay_result)
        table = {key: (mu, sigma) for key, (mu, sigma, _n) in stored(conn).items() if key[0].startswith("user:")}
        assert set(fresh) == set(table)
        for key, (mu, sigma) in table.items():
            assert fresh[key] == pytest.approx((mu, sigma), rel=1e-12, abs=1e-12), key
        assert not {"m4", "m5", "m6", "live"} & set(asked)  # unrated games need no replay
        assert {"m7", "m8"} <= set(asked)
        assert stored(conn)[("bot:random", "citadels", "3p+")] == (12.0, 2.5, 40)


def test_leaderboard_orders_by_the_shown_number_and_hides_deleted_names(engine: Engine) -> None:
    with engine.begin() as conn:
        ada, gone = add_user(conn, "Ada"), add_user(conn, "Gone", deleted=True)
        set_rating(conn, f"user:{ada}", 30.0, 3.0, games=12)          # 1840
        set_rating(conn, f"user:{gone}", 33.0, 2.0, games=50)         # 2080
        set_rating(conn, "bot:easy", 30.0, 2.0)                       # 1960
        set_rating(conn, "bot:random", 10.0, 2.0)                     # 1160
        set_rating(conn, "bot:hard", 40.0, 2.0, band="3p+")           # another band
    with engine.connect() as conn:
        board = r.leaderboard(conn, "cube-europe", "2p")
        assert [(b["participant"], b["rating"]) for b in board] == [
            (f"user:{gone}", 2080), ("bot:easy", 1960), (f"user:{ada}", 1840), ("bot:random", 1160)]
        assert board[0]["name"] == "deleted player" and board[0]["deleted"] is True and board[0]["kind"] == "person"
        assert board[1]["kind"] == "bot" and board[1]["name"] == "easy"
        assert [b["participant"] for b in r.leaderboard(conn, "cube-europe", "2p", limit=0)] == [f"user:{gone}"]
        assert len(r.leaderboard(conn, "cube-europe", "2p", limit=10_000)) == 4
        assert r.leaderboard(conn, "citadels", "2p") == []


# ---------------------------------------------------------------------------- seeding the bots
def test_seed_bots_writes_anchors_heuristic_above_random(sqlite_url: str) -> None:
    engine = db.make_engine(normalize_db_url(sqlite_url))
    db.migrate(engine)
    try:
        with engine.begin() as conn:
            rated = r.seed_bots(conn, "cube-europe", 2, ["random", "easy"], games=6, seed=0)
        with engine.connect() as conn:
            table = stored(conn)
        assert set(table) == {("bot:random", "cube-europe", "2p"), ("bot:easy", "cube-europe", "2p")}
        assert table[("bot:random", "cube-europe", "2p")][2] == 6 and table[("bot:easy", "cube-europe", "2p")][2] == 6
        assert r.rating_shown(*rated["easy"]) > r.rating_shown(*rated["random"])
        with engine.begin() as conn:  # seeding again replaces the rows
            again = r.seed_bots(conn, "cube-europe", 2, ["random", "easy"], games=2, seed=0)
        with engine.connect() as conn:
            assert {k: v[2] for k, v in stored(conn).items()} == {k: 2 for k in table}
            assert stored(conn)[("bot:random", "cube-europe", "2p")][:2] == again["random"]
        with pytest.raises(ValueError), engine.begin() as conn:
            r.seed_bots(conn, "cube-europe", 2, ["random"], games=2, seed=0)
    finally:
        engine.dispose()


def test_the_seed_bots_command(sqlite_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    from meeple.cli import main

    with pytest.raises(SystemExit) as done:
        main(["ratings", "seed-bots", "--db", sqlite_url, "--game", "cube-europe", "--levels", "random,easy",
              "--games", "2"])
    assert done.value.code in (0, None)
    out = capsys.readouterr().out
    assert "bot:easy" in out and "stored 2 bot ratings after 2 games" in out
    with pytest.raises(SystemExit) as done:
        main(["--lang", "zh", "ratings", "seed-bots", "--db", sqlite_url, "--game", "cube-europe", "--levels", "random"])
    assert done.value.code == 2
    assert "至少需要两个不同的电脑难度" in capsys.readouterr().err


def test_one_bot_level_in_two_seats(engine: Engine) -> None:
    with engine.begin() as conn:
        ada = add_user(conn, "Ada")
        set_rating(conn, "bot:easy", 27.0, 2.5, game="citadels", band="3p+")
        row, seat_rows = add_game(conn, "three", [bot("heuristic"), human(ada), bot("heuristic")], game="citadels")
        changes = r.apply_game(conn, row, seat_rows, [20, 30, 25], [1], even(3), NOW)
        assert [(c["participant"], c["seat"], c["rank"]) for c in changes] == [("bot:easy", 0, 3), (f"user:{ada}", 1, 1)]
        assert stored(conn)[("bot:easy", "citadels", "3p+")] == (27.0, 2.5, 40)
        assert stored(conn)[(f"user:{ada}", "citadels", "3p+")][2] == 1
