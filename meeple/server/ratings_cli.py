"""``meeple ratings``: the server's ratings from the command line (``meeple.cli`` hands its arguments here).

    meeple ratings seed-bots --db sqlite:///meeple.db --game cube-europe
    meeple ratings seed-bots --db postgresql://localhost/meeple --game citadels --players 4 --games 60
    meeple ratings seed-bots --game kingsburg --players 2 --games 200 \
        --records benchmarks/results/bot-ratings-kingsburg-2p.jsonl --write-shipped meeple/server/bot_ratings.json

``seed-bots`` plays the tournament among bot levels (``meeple.server.bot_tournament``) and stores
their ratings as the fixed anchors ``bot:<level>`` of the game and band (see
``meeple.server.ratings.seed_bots`` and docs/server.md, Ratings). The database is migrated first, as
``meeple serve`` would. ``--records`` keeps the games (a stopped run goes on where it stopped);
``--write-shipped`` also writes the ratings into the file shipped with the package.
"""

from __future__ import annotations

import time
from typing import Any, Optional

import typer
from rich.table import Table
from rich.text import Text

from meeple.agents import LADDER
from meeple.core import i18n
from meeple.terminal.common import CliError, check_agent_names, error_console, load_game, make_console, split_names
from meeple.terminal.help_text import translate_app_help
from meeple.terminal.lang import current, say

DEFAULT_LEVELS = ",".join(LADDER)
"""The ladder's four levels (``meeple.agents.LADDER``); ``normal`` and ``hard`` make it slow (docs/server.md,
Ratings, has the measured times)."""

ratings_app = typer.Typer(name="ratings", add_completion=False, pretty_exceptions_enable=False, no_args_is_help=True,
                          help="The online server's ratings: seed the bots' anchor ratings.")


@ratings_app.callback()
def _group() -> None:
    """The online server's ratings: seed the bots' anchor ratings."""


def _fail(exc: CliError) -> typer.Exit:
    error_console().print(Text(f"meeple: {exc.render()}", style="red"), soft_wrap=True)
    return typer.Exit(exc.code)


@ratings_app.command("seed-bots")
def seed_bots_command(
    db: Optional[str] = typer.Option(
        None, "--db", metavar="URL",
        help="Database URL: sqlite:///path/file.db or postgresql://user@host/dbname (default: the SQLite file "
             "`meeple serve` uses)."),
    game: str = typer.Option(..., "--game", "-g", help="The game's id (see `meeple list`)."),
    players: Optional[int] = typer.Option(
        None, "--players", "-p", help="Number of players: 2 seeds the 2p band, 3 or more the 3p+ band "
                                      "(default: the game's smallest, at least 2)."),
    levels: str = typer.Option(
        DEFAULT_LEVELS, "--levels",
        help="Comma-separated bot levels to rate, weakest first (at least two; plain levels: random, easy, "
             "normal, hard). Neighbouring levels meet; normal and hard make it slow (docs/server.md, Ratings)."),
    games: int = typer.Option(40, "--games", "-n", min=1,
                              help="How many games the bots play (each seed once per seat rotation)."),
    seed: int = typer.Option(0, "--seed", help="The tournament's first seed (each table of players gets the next)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Processes to play in (0: one per CPU)."),
    records: Optional[str] = typer.Option(
        None, "--records", metavar="PATH",
        help="Append each game's record to this JSON-lines file and skip the games already in it (resume)."),
    write_shipped: Optional[str] = typer.Option(
        None, "--write-shipped", metavar="PATH",
        help="Also write the ratings into this file for the package (meeple/server/bot_ratings.json)."),
) -> None:
    """Play games among bot levels and store their ratings as the game's fixed anchors (bot:<level>)."""
    from meeple.server import bot_tournament
    from meeple.server import db as storage
    from meeple.server.bot_tournament import RecordsMismatch, rate_tournament
    from meeple.server.ratings import band_of, store_anchors
    from meeple.sim.playout import default_jobs

    console = make_console()
    names = split_names(levels)
    try:
        loaded, url = _checked_request(game, players, names, db)
    except CliError as exc:
        raise _fail(exc) from None
    band = band_of(loaded.players)
    engine = storage.make_engine(url)
    try:
        storage.migrate(engine)
        start = time.perf_counter()
        with console.status(say("cli.playing_games", n=games)):
            rated = rate_tournament(loaded.id, loaded.players, names, games, seed, jobs=jobs or default_jobs(),
                                    records=records)
        with engine.begin() as conn:  # a short transaction: the games were played outside it
            store_anchors(conn, loaded.id, band, rated)
        seconds = time.perf_counter() - start
    except RecordsMismatch as exc:
        raise _fail(CliError("cli.ratings.other_records", path=records, reason=str(exc))) from None
    finally:
        engine.dispose()
    if write_shipped:
        bot_tournament.write_shipped(write_shipped, loaded.id, band, players=loaded.players, games=games, seed=seed,
                                     levels=names, rated=rated, records=records)
    _print_ratings(console, loaded, band, rated)
    console.print(say("cli.ratings.seeded", n=games, count=len(rated), seconds=f"{seconds:.1f}"))


def _checked_request(game: str, players: int | None, names: list[str], db: str | None) -> tuple[Any, str]:
    """The game to seed (its rules at ``players``) and the database URL; CliError saying what is wrong
    with the request (one player, fewer than two plain levels, an unknown level, a bad database)."""
    import meeple
    from meeple.server import db as storage
    from meeple.server.settings import default_db_url, normalize_db_url

    if players is None:
        info = meeple.games().get(game)
        players = max(2, info.min_players) if info else None
    loaded = load_game(game, players, None)
    if loaded.players < 2:
        raise CliError("cli.ratings.solo")
    if len(set(names)) < 2:
        raise CliError("cli.ratings.two_levels")
    if any(":" in name for name in names):
        raise CliError("cli.ratings.plain_levels", levels=", ".join(n for n in names if ":" in n))
    if {"easy", "heuristic"} <= set(names):
        raise CliError("cli.ratings.easy_is_heuristic")
    check_agent_names(loaded.id, names)
    try:
        url = normalize_db_url(db or default_db_url())
        storage.check_database(url)
    except (ValueError, storage.DatabaseFileError) as exc:
        raise CliError("cli.ratings.bad_db", reason=str(exc)) from None
    return loaded, url


def _print_ratings(console: Any, loaded: Any, band: str, rated: dict[str, Any]) -> None:
    """The seeded ratings as a table, strongest first (by μ − 3σ)."""
    from meeple.server.ratings import bot_participant, rating_shown

    table = Table(title=say("cli.ratings.table_title", title=i18n.title(loaded.id, loaded.info.name), band=band),
                  title_justify="left")
    for message_id, justify in (("cli.ratings.col_level", "left"), ("cli.ratings.col_shown", "right"),
                                ("cli.t_mu", "right"), ("cli.t_sigma", "right")):
        table.add_column(say(message_id), justify=justify)  # type: ignore[arg-type]
    for level, (mu, sigma, _) in sorted(rated.items(), key=lambda kv: kv[1].mu - 3 * kv[1].sigma, reverse=True):
        table.add_row(bot_participant(level), str(rating_shown(mu, sigma)), f"{mu:.2f}", f"{sigma:.2f}")
    console.print(table)


def translate_help(lang: str) -> None:
    """This sub-app's help in ``lang`` (ids ``cli.help.ratings.<command>[.<parameter>]``; the English is
    the code's own text)."""
    translate_app_help(ratings_app, lang, app_id="cli.help.ratings", prefix="cli.help.ratings")


def run(args: list[str]) -> None:
    """Run ``meeple ratings`` with these arguments, its help in the terminal's language."""
    translate_help(current())
    try:
        ratings_app(args=args, prog_name="meeple ratings")
    finally:
        translate_help(i18n.DEFAULT_LANGUAGE)
