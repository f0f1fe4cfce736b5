"""Ratings: OpenSkill (Plackett–Luce) per account, game and player-count band; bots as fixed anchors.

Which games are rated (``rated_participants``): a game is rated when it was created rated
(``games.rated``: chosen at creation, on by default for a signed-in player against bots, and never
changed afterwards; ``meeple.server.hub``), it finished, it has two seats or more, every person's
seat is held by an account (no guest may join a rated game), no account holds two seats, and it is
not a referee game (``chance == "manual"``: the outcomes the table typed in cannot be checked). A
rated game offers no hints and no undo, so nothing a seat does during the game can void it.

Who is ranked last (``forfeits``, Board Game Arena's rule): a person who left the game (``/leave``:
``seats.left_game``), and a person whose decisions were mostly played by their fallback bot after
turn timeouts (``seats.bot_moves`` more than half of the seat's decisions). A bot's moves never earn
a person points: such seats share the last place whatever the score says, and the others are ranked
among themselves by the game's result.

Each seat is a team of one; its rank comes from ``ranks`` (the game's winners share first place,
the rulebook's tie-breaks included). Ratings are kept apart per game and per band (``"2p"``, ``"3p+"``):
a two-player duel and a five-player table are different skills.

Bots are anchors: ``apply_game`` never changes a ``"bot:<level>"`` row, only ``seed_bots`` writes
them (from games among the bots themselves). A bot's strength does not change when people play it;
letting thousands of human games move it would drag its number (and so everyone's, measured against
it) up or down over time. Fixed, it keeps the scale comparable from one year to the next.

The number people see is ``rating_shown(mu, sigma) = round(1000 + 40 * (mu - 3 * sigma))``: the
conservative estimate μ−3σ (one is almost surely at least this strong), so a new account shows 1000
and climbs as σ shrinks.

>>> changes = apply_game(conn, game_row, seat_rows, scores=[40, 31], winners=[0], decisions=[52, 50], at=now)
>>> [(c["participant"], c["before"], c["after"]) for c in changes]   # [("user:7", 1000, 1118), ("bot:heuristic", ...)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, false, select
from sqlalchemy.engine import Connection

from meeple.server.db import games, rating_changes, ratings, seats, users

MODEL = PlackettLuce()
"""The one rating model (OpenSkill's defaults: μ = 25, σ = 25/3, τ = 25/300)."""
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma

SHOWN_BASE = 1000
SHOWN_PER_POINT = 40
"""``rating_shown`` = SHOWN_BASE + SHOWN_PER_POINT · (μ − 3σ): a new account (μ−3σ = 0) shows 1000."""

DELETED_NAME = "deleted player"
LEADERBOARD_MAX = 200

Row = Mapping[str, Any]
Key = tuple[str, str, str]  # (participant, game, band)


# ---------------------------------------------------------------------------- pure rules
def band_of(players: int) -> str:
    """The player-count band a game is rated in: ``"2p"`` for two players, ``"3p+"`` for more.

    >>> band_of(2), band_of(4)
    ('2p', '3p+')
    """
    if players < 2:
        raise ValueError(f"a game of {players} player(s) is never rated")
    return "2p" if players == 2 else "3p+"


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place, 1 = best: the winners (the game's ``winners()``, tie-breaks applied) share
    place 1; the others follow by score, highest first, equal scores sharing a place (1, 2, 2, 4).

    >>> ranks([30, 30, 20, 20], winners=[1])
    [2, 1, 3, 3]
    """
    winner_set = set(winners)
    keys = [(0 if seat in winner_set else 1, -float(score)) for seat, score in enumerate(scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


def rating_shown(mu: float, sigma: float) -> int:
    """The number shown to people: ``round(1000 + 40 · (μ − 3σ))`` (a new account: 1000).

    >>> rating_shown(25.0, 25 / 3)
    1000
    """
    return round(SHOWN_BASE + SHOWN_PER_POINT * (mu - 3 * sigma))


def bot_participant(level: str) -> str:
    """``"bot:<level>"`` with the level's base name (``"hard:rollout=heuristic"`` → ``"bot:hard"``);
    ``heuristic`` is the ladder's ``easy`` (one player, one rating).

    >>> bot_participant("hard:rollout=heuristic"), bot_participant("heuristic")
    ('bot:hard', 'bot:easy')
    """
    base = str(level).split(":", 1)[0].strip()
    return "bot:" + ("easy" if base == "heuristic" else base)


def rated_participants(game_row: Row, seat_rows: Sequence[Row]) -> list[str] | None:
    """The participant of each seat (``"user:<id>"``, ``"bot:<level>"``) when the game is rated, else None.

    Not rated: not created rated (``rated``); not ``finished``; fewer than 2 seats; a person's seat
    without an account (a guest); one account in two seats; a referee game (``chance == "manual"``).

    >>> rated_participants({"status": "finished", "rated": True, "chance": None}, [{"seat": 0, "kind": "human",
    ...     "user_id": 7, "level": "heuristic"}, {"seat": 1, "kind": "bot", "level": "easy", "user_id": None}])
    ['user:7', 'bot:easy']
    """
    if game_row.get("status") != "finished" or unrated_reason(game_row, seat_rows) is not None:
        return None
    return _participants(game_row, seat_rows)


def unrated_reason(game_row: Row, seat_rows: Sequence[Row]) -> str | None:
    """Why a game is not rated, as a message id (``server.unrated.*``), or None when it is (or, not
    finished yet, will be) rated."""
    if game_row.get("status") in ("abandoned", "cancelled"):
        return "server.unrated.closed"
    if game_row.get("chance") == "manual":
        return "server.unrated.referee"
    if len(seat_rows) < 2:
        return "server.unrated.solo"
    if not game_row.get("rated"):
        return "server.unrated.not_chosen"
    if any(s["kind"] != "bot" and s.get("user_id") is None for s in seat_rows):
        return "server.unrated.guest"
    if _participants(game_row, seat_rows) is None:
        return "server.unrated.two_seats"
    return None


def _participants(game_row: Row, seat_rows: Sequence[Row]) -> list[str] | None:
    out: list[str] = []
    for seat in sorted(seat_rows, key=lambda s: s["seat"]):
        if seat["kind"] == "bot":
            out.append(bot_participant(seat["level"]))
        elif seat.get("user_id") is None:
            return None
        else:
            out.append(f"user:{seat['user_id']}")
    people = [p for p in out if p.startswith("user:")]
    if len(people) != len(set(people)):
        return None
    return out


FORFEIT_LEFT = "left"
"""A person who left the game (``/leave``): ranked last."""
FORFEIT_BOT = "bot"
"""A person whose fallback bot played more than half of the seat's decisions: ranked last."""


def forfeits(seat_rows: Sequence[Row], decisions: Sequence[int]) -> dict[int, str]:
    """The people's seats ranked last for rating, with why (``FORFEIT_LEFT`` or ``FORFEIT_BOT``);
    ``decisions[seat]``: how many decisions the seat made in the game, by the person or their bot.

    >>> forfeits([{"seat": 0, "kind": "human", "left_game": False, "bot_moves": 30},
    ...           {"seat": 1, "kind": "human", "left_game": True, "bot_moves": 0}], decisions=[50, 50])
    {0: 'bot', 1: 'left'}
    """
    out: dict[int, str] = {}
    for row in seat_rows:
        if row["kind"] == "bot":
            continue
        seat = int(row["seat"])
        if row.get("left_game"):
            out[seat] = FORFEIT_LEFT
        elif 2 * int(row.get("bot_moves") or 0) > decisions[seat]:
            out[seat] = FORFEIT_BOT
    return out


def rating_ranks(scores: Sequence[float], winners: Sequence[int], forfeited: Iterable[int] = ()) -> list[int]:
    """Each seat's place for rating: ``ranks`` among the seats that did not forfeit, and every
    forfeited seat after them all, sharing the last place.

    >>> rating_ranks([40, 30, 20], winners=[0], forfeited=[0])
    [3, 1, 2]
    """
    gone = set(forfeited)
    by_result = ranks(scores, winners)
    kept = [seat for seat in range(len(scores)) if seat not in gone]
    return [1 + len(kept) if seat in gone else 1 + sum(by_result[other] < by_result[seat] for other in kept)
            for seat in range(len(scores))]


def rate_teams(before: Sequence[tuple[float, float]], places: Sequence[int]) -> list[tuple[float, float]]:
    """Plackett–Luce over one-player teams: the (μ, σ) after, for each seat's (μ, σ) before and place."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in rated]


def _user_id(participant: str) -> int | None:
    kind, _, rest = participant.partition(":")
    return int(rest) if kind == "user" and rest.isdigit() else None


# ---------------------------------------------------------------------------- writes
def _ensure_rows(conn: Connection, participants: Iterable[str], game: str, band: str, at: float) -> None:
    """Insert a default row for each participant that has none, without failing when another
    transaction inserts it first (``ON CONFLICT DO NOTHING`` on both SQLite and PostgreSQL)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    for participant in sorted(set(participants)):  # one order everywhere: no deadlock between two games
        conn.execute(insert(ratings).values(participant=participant, game=game, band=band, mu=DEFAULT_MU,
                                            sigma=DEFAULT_SIGMA, games=0, updated_at=at).on_conflict_do_nothing())


def _current(conn: Connection, participants: Iterable[str], game: str, band: str,
             lock: bool = False) -> dict[str, tuple[float, float]]:
    query = select(ratings.c.participant, ratings.c.mu, ratings.c.sigma).where(
        ratings.c.participant.in_(sorted(set(participants))), ratings.c.game == game, ratings.c.band == band)
    if lock:
        query = query.order_by(ratings.c.participant).with_for_update()  # PostgreSQL; SQLite locks the file
    return {r.participant: (r.mu, r.sigma) for r in conn.execute(query)}


def apply_game(conn: Connection, game_row: Row, seat_rows: Sequence[Row], scores: Sequence[float],
               winners: Sequence[int], decisions: Sequence[int], at: float) -> list[dict[str, Any]]:
    """Rate a finished game inside the caller's transaction; the changes (``changes_of_game``), or
    ``[]`` when the game is not rated. ``decisions[seat]``: the decisions each seat made (``forfeits``).

    Reads each participant's (μ, σ) for the game and band (defaults when absent), ranks the seats
    (``rating_ranks``: a person who left or whose bot played most of the game last), runs Plackett–Luce,
    writes the new μ, σ and games + 1 of the accounts only (bots are anchors), and records one
    ``rating_changes`` row per participant (a bot's with before == after; a bot level in two seats
    gets one row, for its first seat). Idempotent: a game with changes already recorded returns those.

    >>> apply_game(conn, game_row, seat_rows, [40, 31], [0], decisions=[52, 50], at=time.time())
    [{'participant': 'user:7', 'seat': 0, 'rank': 1, 'before': 1000, 'after': 1118, 'change': 118}, ...]
    """
    game_id = game_row["id"]
    done = changes_of_game(conn, game_id)
    if done:
        return done
    participants = rated_participants(game_row, seat_rows)
    if participants is None:
        return []
    game, band = game_row["game"], band_of(len(participants))
    forfeited = forfeits(seat_rows, decisions)
    people = [p for p in participants if p.startswith("user:")]
    _ensure_rows(conn, people, game, band, at)
    current = _current(conn, people, game, band, lock=True)  # the accounts' rows, locked until commit
    current.update(anchors(conn, game, band))  # the bots: read only
    before = [current.get(p, (DEFAULT_MU, DEFAULT_SIGMA)) for p in participants]
    places = rating_ranks(scores, winners, forfeited)
    after = rate_teams(before, places)
    recorded: set[str] = set()
    for seat, participant in enumerate(participants):
        if participant in recorded:
            continue
        recorded.add(participant)
        new = after[seat] if participant in people else before[seat]
        if participant in people:
            conn.execute(ratings.update().where(
                ratings.c.participant == participant, ratings.c.game == game, ratings.c.band == band,
            ).values(mu=new[0], sigma=new[1], games=ratings.c.games + 1, updated_at=at))
        conn.execute(rating_changes.insert().values(
            game_id=game_id, participant=participant, game=game, band=band, seat=seat, rank=places[seat],
            mu_before=before[seat][0], sigma_before=before[seat][1], mu_after=new[0], sigma_after=new[1], at=at,
            forfeit=forfeited.get(seat)))
    return changes_of_game(conn, game_id)


# ---------------------------------------------------------------------------- reads
def changes_of_game(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    """A rated game's change per participant, by seat: ``{participant, seat, rank, before, after,
    change, forfeit}`` (shown ratings; ``change = after − before``; ``forfeit``: why the seat was
    ranked last, ``"left"`` or ``"bot"``, else None); ``[]`` for a game that was not rated."""
    rows = conn.execute(select(rating_changes).where(rating_changes.c.game_id == game_id)
                        .order_by(rating_changes.c.seat)).mappings()
    out = []
    for r in rows:
        before, after = rating_shown(r["mu_before"], r["sigma_before"]), rating_shown(r["mu_after"], r["sigma_after"])
        out.append({"participant": r["participant"], "seat": r["seat"], "rank": r["rank"],
                    "before": before, "after": after, "change": after - before, "forfeit": r["forfeit"]})
    return out


def _names(conn: Connection, user_ids: Iterable[int]) -> dict[int, tuple[str, bool]]:
    """user id → (name shown, deleted)."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    rows = conn.execute(select(users.c.id, users.c.name, users.c.deleted_at).where(users.c.id.in_(ids)))
    return {r.id: ((DELETED_NAME, True) if r.deleted_at is not None else (r.name, False)) for r in rows}


def leaderboard(conn: Connection, game: str, band: str, limit: int = 50) -> list[dict[str, Any]]:
    """The best of a game and band by shown rating (``limit`` kept within 1..200), people and bots:
    ``{participant, name, kind "person"|"bot", rating, games, mu, sigma, deleted}``. A deleted
    account's name is ``"deleted player"`` (``deleted`` True); a bot's name is its level."""
    limit = max(1, min(LEADERBOARD_MAX, int(limit)))
    conservative = ratings.c.mu - 3 * ratings.c.sigma
    rows: list[Mapping[str, Any]] = list(conn.execute(
        select(ratings).where(ratings.c.game == game, ratings.c.band == band)
        .order_by(conservative.desc(), ratings.c.games.desc(), ratings.c.participant).limit(limit)).mappings())
    if not _stored_anchor_rows(conn, game, band):  # no stored anchors: the shipped ones
        rows += [{"participant": p, "mu": mu, "sigma": sigma, "games": played}
                 for p, (mu, sigma, played) in anchor_rows(conn, game, band).items()]
        rows.sort(key=lambda r: (-(r["mu"] - 3 * r["sigma"]), -r["games"], r["participant"]))
        rows = rows[:limit]
    names = _names(conn, [uid for r in rows if (uid := _user_id(r["participant"])) is not None])
    out = []
    for r in rows:
        uid = _user_id(r["participant"])
        if uid is None:
            name, deleted, kind = r["participant"].split(":", 1)[-1], False, "bot"
        else:
            name, deleted = names.get(uid, (DELETED_NAME, True))
            kind = "person"
        out.append({"participant": r["participant"], "name": name, "kind": kind, "deleted": deleted,
                    "rating": rating_shown(r["mu"], r["sigma"]), "games": r["games"],
                    "mu": r["mu"], "sigma": r["sigma"]})
    return out


def player_ratings(conn: Connection, user_id: int) -> list[dict[str, Any]]:
    """An account's ratings, by game and band: ``{game, band, rating, games, mu, sigma, history}``;
    ``history`` is ``[{at, rating}]`` after each rated game, oldest first."""
    participant = f"user:{user_id}"
    rows = conn.execute(select(ratings).where(ratings.c.participant == participant)
                        .order_by(ratings.c.game, ratings.c.band)).mappings().all()
    history: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for c in conn.execute(select(rating_changes).where(rating_changes.c.participant == participant)
                          .order_by(rating_changes.c.at, rating_changes.c.game_id)).mappings():
        history.setdefault((c["game"], c["band"]), []).append(
            {"at": c["at"], "rating": rating_shown(c["mu_after"], c["sigma_after"])})
    return [{"game": r["game"], "band": r["band"], "rating": rating_shown(r["mu"], r["sigma"]), "games": r["games"],
             "mu": r["mu"], "sigma": r["sigma"], "history": history.get((r["game"], r["band"]), [])} for r in rows]


def player_games(conn: Connection, user_id: int, limit: int = 20, include_private: bool = False) -> list[dict[str, Any]]:
    """An account's last finished games, newest first (``limit`` within 1..200): ``{game_id, game,
    finished_at, players, seat, rated, rank, change}`` (``rank`` and ``change`` None when unrated).
    Private games only with ``include_private`` (the account's own reading: others never see them)."""
    limit = max(1, min(LEADERBOARD_MAX, int(limit)))
    participant = f"user:{user_id}"
    joined = seats.join(games, games.c.id == seats.c.game_id).outerjoin(
        rating_changes, and_(rating_changes.c.game_id == seats.c.game_id, rating_changes.c.participant == participant))
    query = (select(games.c.id, games.c.game, games.c.finished_at, games.c.players, seats.c.seat,
                    rating_changes.c.rank, rating_changes.c.mu_before, rating_changes.c.sigma_before,
                    rating_changes.c.mu_after, rating_changes.c.sigma_after)
             .select_from(joined)
             .where(seats.c.user_id == user_id, games.c.status == "finished")
             .order_by(games.c.finished_at.desc(), games.c.id, seats.c.seat).limit(limit))
    if not include_private:
        query = query.where(games.c.private == false())
    out = []
    for r in conn.execute(query):
        rated = r.rank is not None
        change = (rating_shown(r.mu_after, r.sigma_after) - rating_shown(r.mu_before, r.sigma_before)) if rated else None
        out.append({"game_id": r.id, "game": r.game, "finished_at": r.finished_at, "players": r.players,
                    "seat": r.seat, "rated": rated, "rank": r.rank if rated else None, "change": change})
    return out


# ---------------------------------------------------------------------------- bots' anchors
def anchors(conn: Connection, game: str, band: str) -> dict[str, tuple[float, float]]:
    """The bots' (μ, σ) in a game and band, by participant (``"bot:<level>"``): the database's rows
    when it has any for that game and band (``meeple ratings seed-bots``), else the ratings shipped
    with the package (``meeple/server/bot_ratings.json``); a level in neither rates as a newcomer.

    >>> anchors(conn, "cube-europe", "2p")["bot:easy"]   # shipped, before any seed-bots
    (31.2, 2.4)
    """
    return {participant: (mu, sigma) for participant, (mu, sigma, _) in anchor_rows(conn, game, band).items()}


def anchor_rows(conn: Connection, game: str, band: str) -> dict[str, tuple[float, float, int]]:
    """``anchors`` with the games each level played: participant → (μ, σ, games)."""
    stored = _stored_anchor_rows(conn, game, band)
    if stored:
        return stored
    from meeple.server.bot_tournament import shipped_anchors

    return {bot_participant(level): row for level, row in shipped_anchors().get((game, band), {}).items()}


def _stored_anchor_rows(conn: Connection, game: str, band: str) -> dict[str, tuple[float, float, int]]:
    return {r.participant: (r.mu, r.sigma, r.games) for r in conn.execute(
        select(ratings).where(ratings.c.participant.like("bot:%"), ratings.c.game == game, ratings.c.band == band))}


def all_anchors(conn: Connection) -> dict[tuple[str, str], dict[str, tuple[float, float]]]:
    """(game, band) → participant → (μ, σ) for every game and band with anchors, stored or shipped
    (the stored ones win for their game and band, as in ``anchors``)."""
    from meeple.server.bot_tournament import shipped_anchors

    out: dict[tuple[str, str], dict[str, tuple[float, float]]] = {
        key: {bot_participant(level): (mu, sigma) for level, (mu, sigma, _) in levels.items()}
        for key, levels in shipped_anchors().items()}
    stored: dict[tuple[str, str], dict[str, tuple[float, float]]] = {}
    for r in conn.execute(select(ratings).where(ratings.c.participant.like("bot:%"))):
        stored.setdefault((r.game, r.band), {})[r.participant] = (r.mu, r.sigma)
    out.update(stored)
    return out


def unanchored(conn: Connection) -> list[tuple[str, str]]:
    """The (game, band) pairs a game can be rated in whose bots have no anchors, stored or shipped: their
    bots rate as newcomers (the server logs them at start; ``meeple ratings seed-bots`` fills them)."""
    import meeple

    have = all_anchors(conn)
    out = []
    for game, info in sorted(meeple.games().items()):
        for band, fits in (("2p", info.min_players <= 2 <= info.max_players), ("3p+", info.max_players >= 3)):
            if fits and not have.get((game, band)):
                out.append((game, band))
    return out


# ---------------------------------------------------------------------------- recomputation
def recompute(conn: Connection,
              replay_result: Callable[[Row], tuple[Sequence[float], Sequence[int], Sequence[int]]]
              ) -> dict[Key, tuple[float, float]]:
    """Every account's (μ, σ) per (participant, game, band), computed afresh from the finished games in
    ``finished_at`` order with the bots' ratings as stored now; ``replay_result(game_row)`` gives
    ``(scores, winners, decisions)`` (the hub replays the game from its seed and events). Equal to
    the ``ratings`` table when every finished game was rated by ``apply_game`` in that order.

    >>> recompute(conn, hub_replay) == {(r.participant, r.game, r.band): (r.mu, r.sigma) for r in user_rows}
    True
    """
    stored_anchors = all_anchors(conn)
    people: dict[Key, tuple[float, float]] = {}
    finished = conn.execute(select(games).where(games.c.status == "finished")
                            .order_by(games.c.finished_at, games.c.id)).mappings().all()
    for game_row in finished:
        seat_rows = conn.execute(select(seats).where(seats.c.game_id == game_row["id"])
                                 .order_by(seats.c.seat)).mappings().all()
        participants = rated_participants(game_row, seat_rows)
        if participants is None:  # decided by the rows: unrated games need no replay
            continue
        scores, winners, decisions = replay_result(game_row)
        game, band = game_row["game"], band_of(len(participants))
        bots = stored_anchors.get((game, band), {})
        before = [people.get((p, game, band)) or bots.get(p) or (DEFAULT_MU, DEFAULT_SIGMA) for p in participants]
        after = rate_teams(before, rating_ranks(scores, winners, forfeits(seat_rows, decisions)))
        for participant, new in zip(participants, after):
            if participant.startswith("user:"):
                people[(participant, game, band)] = new
    return people


# ---------------------------------------------------------------------------- bot anchors
def seed_bots(conn: Connection, game_id: str, players: int, levels: Sequence[str], games: int, seed: int,
              *, jobs: int = 1, records: str | None = None,
              progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, tuple[float, float]]:
    """Rate the bot levels against each other (``bot_tournament.rate_tournament``) and store them as the anchors
    ``"bot:<level>"`` of (``game_id``, ``band_of(players)``); the (μ, σ) per level. Replaces any stored
    rows of these levels for that game and band; writes nothing else.

    >>> seed_bots(conn, "cube-europe", 2, ["random", "easy"], games=40, seed=0)
    {'random': (19.8, 3.1), 'easy': (30.4, 3.0)}
    """
    from meeple.server.bot_tournament import rate_tournament

    rated = rate_tournament(game_id, players, levels, games, seed, jobs=jobs, records=records, progress=progress)
    store_anchors(conn, game_id, band_of(players), rated)
    return {name: (x.mu, x.sigma) for name, x in rated.items()}


def store_anchors(conn: Connection, game: str, band: str, rated: Mapping[str, Any]) -> None:
    """Store ``level → (μ, σ, games)`` as the anchors ``bot:<level>`` of a game and band (replacing theirs)."""
    now = time.time()
    for name, (mu, sigma, played) in rated.items():
        participant = bot_participant(name)
        conn.execute(ratings.delete().where(ratings.c.participant == participant, ratings.c.game == game,
                                            ratings.c.band == band))
        conn.execute(ratings.insert().values(participant=participant, game=game, band=band, mu=mu,
                                             sigma=sigma, games=played, updated_at=now))
