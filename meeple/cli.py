"""The ``meeple`` command: list the games, read their rules, play, referee, replay and simulate.

    meeple list
    meeple rules cube-europe
    meeple learn cube-europe                   # a guided first game, each step explained
    meeple play cube-europe --players 3 --opponents heuristic
    meeple play cube-europe --table           # referee a game played with the real box
    meeple replay meeple-cube-europe-42.json
    meeple review meeple-cube-europe-42.json --seat 1   # the moves the search rates costliest
    meeple simulate cube-europe --players 2 --games 200 --agents random,heuristic --out results.jsonl
    meeple train kingsburg --players 2 --games 4000 --search-games 400   # the search's value network, from self-play

Bad input (an unknown game, player count, option, seat, agent or language) prints what is valid and
exits with code 2; a malformed save file names what is wrong and exits with code 1, writing nothing.

Every screen speaks English or Chinese: ``--lang zh`` anywhere on the line (``meeple --lang zh play``,
``meeple rules citadels --lang zh``), else ``MEEPLE_LANG``, else the locale.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

import meeple
from meeple.agents import AGENT_NAMES, make_agent
from meeple.core import UnknownGame, i18n
from meeple.sim import agent_seed
from meeple.sim.playout import default_jobs
from meeple.terminal.common import (
    CliError,
    check_agent_names,
    error_console,
    game_info,
    load_game,
    make_console,
    options_text,
    parse_seat,
    players_text,
    read_save,
    seat_label,
    split_names,
)
from meeple.terminal.help_text import translate_app_help
from meeple.terminal.lang import current, level_label, say, set_language, take_language

app = typer.Typer(
    name="meeple",
    help="Euro board games with complete rules: play in the terminal, referee a real table, simulate in bulk.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

OptionItems = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help="A game option (repeatable); see `meeple list`.")


def rules_dir() -> Path:
    return Path(meeple.__file__).resolve().parents[1] / "docs" / "rules"


def fail(exc: CliError) -> typer.Exit:
    error_console().print(Text(f"meeple: {exc.render()}", style="red"), soft_wrap=True)
    return typer.Exit(exc.code)


_ARGV_LANG: list[str | None] = [None]  # a --lang that main() took from anywhere on the command line


@app.callback(epilog="Language: --lang en|zh anywhere on the line, or MEEPLE_LANG (default: the locale).")
def _language(
    lang: Optional[str] = typer.Option(None, "--lang", metavar="en|zh",
                                       help="Language of every screen: en (English) or zh (简体中文)."),
) -> None:
    """Choose the language of every screen (the option may stand anywhere on the line)."""
    try:
        set_language(lang or _ARGV_LANG[0])
    except i18n.UnknownLanguage as exc:
        raise fail(CliError(str(exc))) from None


# ---------------------------------------------------------------------------- list
@app.command("list")
def list_games() -> None:
    """The games: ids, player counts and options."""
    console = make_console()
    registry = meeple.games()
    if not registry:
        console.print(say("cli.no_games"))
        return
    table = Table(title=say("cli.list_title"))
    table.add_column(say("cli.col_id"), style="bold cyan", no_wrap=True)
    table.add_column(say("cli.col_name"))
    table.add_column(say("cli.col_players"), justify="center")
    table.add_column(say("cli.col_options"))
    for gid, info in registry.items():
        name = Text(i18n.game_text(gid, "title", info.name, current()))
        summary = i18n.game_text(gid, "summary", info.summary, current())
        if summary:
            name.append("\n" + summary, style="dim")
        table.add_row(gid, name, players_text(info), options_text(info))
    console.print(table)
    console.print(say("cli.list_footer", agents=", ".join(AGENT_NAMES)))


# ---------------------------------------------------------------------------- levels
@app.command()
def levels(game: str = typer.Argument(..., help="The game's id (see `meeple list`).")) -> None:
    """The bot levels a game offers, weakest first, with their ratings (the same as the lobby's)."""
    from meeple.terminal.levels import print_levels

    try:
        print_levels(make_console(), game)
    except CliError as exc:
        raise fail(exc) from None


# ---------------------------------------------------------------------------- rules
@app.command()
def rules(
    game: str = typer.Argument(..., help="The game's id (see `meeple list`)."),
    raw: bool = typer.Option(False, "--raw", help="Print the Markdown source instead of formatting it."),
) -> None:
    """Print a game's rules document (docs/rules/<id>.md; docs/rules/<id>.zh.md with --lang zh)."""
    console = make_console()
    suffix = "" if current() == i18n.DEFAULT_LANGUAGE else f".{current()}"
    path = rules_dir() / f"{game}{suffix}.md"
    try:
        if not path.is_file():
            game_info(game)  # an unknown game: exit 2 listing the games
            raise CliError("cli.no_rules_doc", 1, game=game, path=str(path))
        text = path.read_text(encoding="utf-8")
    except CliError as exc:
        raise fail(exc) from None
    if raw or not console.is_terminal:
        console.print(text, markup=False, end="" if text.endswith("\n") else "\n", soft_wrap=True)
    else:
        from rich.markdown import Markdown

        console.print(Markdown(text))


@app.command()
def learn(
    game: str = typer.Argument(..., help="The game's id (see `meeple list`)."),
    restart: bool = typer.Option(False, "--restart", help="Start the guided game over instead of going on where you left it."),
) -> None:
    """Learn a game by playing it: a guided first game, each step explained (q stops; the next run goes on)."""
    from meeple.terminal.learn import learn_command

    try:
        raise typer.Exit(learn_command(make_console(), game, restart))
    except CliError as exc:
        raise fail(exc) from None


# ---------------------------------------------------------------------------- play
OPPONENTS_HELP = (  # the ladder, meeple.agents.LADDER (cli.help.play.opponents in other languages)
    "Who takes the other seats, comma-separated and cycled. The levels, weakest first: random (Beginner: random "
    "legal moves), easy (Easy: the game's rules of thumb), normal (Normal: a search of hundreds to thousands of "
    "simulated games a move, within a second), hard (Hard: a longer search, within 3 seconds); "
    "also heuristic (the same player as easy) and human (a friend at this screen). Default: easy. A game offers "
    "only the levels measured to differ there: `meeple levels GAME`.")

@app.command()
def play(
    game: Optional[str] = typer.Argument(None, help="The game's id (see `meeple list`); may be left out with --load."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's smallest)."),
    seat: Optional[str] = typer.Option(None, "--seat", "-s", help="Your seat: its number from 1, or its name (default 1)."),
    opponents: Optional[str] = typer.Option(None, "--opponents", help=OPPONENTS_HELP),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the game's randomness (default: a fresh one, printed)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Save the game here on quit and at the end."),
    load: Optional[Path] = typer.Option(None, "--load", help="Resume a saved game."),
    hotseat: bool = typer.Option(False, "--hotseat", help="Every seat is a person at this screen; the screen is cleared between seats."),
    table: bool = typer.Option(False, "--table", help="Referee a real table: you type every die roll and card drawn; meeple checks moves and keeps score."),
    option: Optional[list[str]] = OptionItems,
) -> None:
    """Play a game in the terminal against bots, with friends at one screen, or as referee of a real table."""
    from meeple.terminal.levels import print_not_offered
    from meeple.terminal.play import Session
    from meeple.terminal.setup_play import setup_play

    console = make_console()
    try:
        state, humans, names, settings = setup_play(game, players, seat, opponents, seed, load, hotseat, table, option)
    except CliError as exc:
        raise fail(exc) from None
    hot = bool(settings.get("hotseat"))
    agents = {p: make_agent(name, game_id=state.game.id, seed=agent_seed(state.seed, p)) for p, name in names.items()}
    info = state.game.info
    intro = Text.assemble((i18n.game_text(info.id, "title", info.name, current()), "bold"), say("cli.intro", n=state.players, seed=state.seed))
    if state.chance == "manual":
        intro.append(say("cli.referee_mode"))
    console.print(intro)
    for p in range(state.players):
        who = say("cli.a_person") if p in humans else level_label(names[p])
        console.print(Text.assemble("  ", seat_label(state, p, humans), say("cli.colon"), who))
    print_not_offered(console, state.game.id, list(names.values()))
    console.print(Text(say("cli.type_hint"), style="dim"))
    session = Session(console, state, humans, agents, hotseat=hot, save_path=save or load, settings=settings)
    raise typer.Exit(session.run())


# ---------------------------------------------------------------------------- replay
@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game saved by `meeple play` (seed + moves)."),
    to: Optional[int] = typer.Option(None, "--to", help="Show the position after move N and stop (no prompt)."),
    seat: Optional[str] = typer.Option(None, "--seat", "-s", help="Draw the board as this seat sees it (default: a spectator)."),
    reveal: bool = typer.Option(False, "--reveal", help="Also show every seat's moves (hidden choices included)."),
) -> None:
    """Step through a saved game, forward and back (n/p/q), or jump to a move with --to."""
    from meeple.terminal.replay import Replay

    console = make_console()
    try:
        saved, _ = read_save(file)
        viewer = parse_seat(seat, saved.game) if seat is not None else None
        rep = Replay(console, saved, viewer=viewer, reveal=reveal)
        if to is not None and not 0 <= to <= rep.last:
            raise CliError("cli.to_range", last=rep.last)
    except CliError as exc:
        raise fail(exc) from None
    if to is not None:
        rep.show(to)
        return
    raise typer.Exit(rep.run())


# ---------------------------------------------------------------------------- review
@app.command()
def review(
    file: Path = typer.Argument(..., help="A game saved by `meeple play` (seed + moves)."),
    seat: Optional[str] = typer.Option(None, "--seat", "-s", help="Review only this seat: its number from 1, or its name (default: every seat)."),
    top: int = typer.Option(10, "--top", "-n", min=1, help="Show at most this many blunders."),
    iterations: Optional[int] = typer.Option(None, "--iterations", min=1, help="Search iterations per position (more: surer, slower)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the search (default: the game's own seed)."),
    min_drop: Optional[float] = typer.Option(None, "--min-drop", min=0.0, help="The least loss that counts as a blunder: of the chance of winning, 0-1 (default 0.10), or of points in a solo game (default 3)."),
) -> None:
    """Review a saved game: the moves the search rates costliest, worst first (with a progress bar)."""
    from meeple.terminal.review import run_review

    console = make_console()
    try:
        saved, _ = read_save(file)
        reviewed = parse_seat(seat, saved.game) if seat is not None else None
    except CliError as exc:
        raise fail(exc) from None
    run_review(console, saved, reviewed, top=top, iterations=iterations, seed=seed, min_drop=min_drop)


# ---------------------------------------------------------------------------- simulate
@app.command()
def simulate(
    game: str = typer.Argument(..., help="The game's id (see `meeple list`)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's smallest)."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games to play."),
    seed: int = typer.Option(0, "--seed", help="Game i uses seed S+i."),
    agents: str = typer.Option("random", "--agents", "-a", help="Comma-separated agents (see `meeple list`), cycled over the seats and rotated one seat per game."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write one JSON record per game here (JSON lines)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Processes to play in (0: one per CPU)."),
    backend: str = typer.Option("local", "--backend", help="Where to play: local (processes) or ray."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster to join (host:port or auto); default: start a local Ray."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Write a PNG report (win shares, score distributions)."),
    option: Optional[list[str]] = OptionItems,
) -> None:
    """Play many games between agents: a progress bar, then win rates, scores, lengths and speed."""
    from meeple.terminal.simulate import run_simulation

    console = make_console()
    try:
        g = load_game(game, players, option)
        names = split_names(agents)
        if not names:
            raise CliError("cli.agents_needs", agents=", ".join(AGENT_NAMES))
        check_agent_names(g.id, names)
        if out is not None and out.is_dir():
            raise CliError("cli.out_is_dir", path=str(out))
        if out is not None and not (out.parent if str(out.parent) else Path(".")).is_dir():
            raise CliError("cli.no_directory", option="--out", path=str(out.parent))
        if plot is not None and not (plot.parent if str(plot.parent) else Path(".")).is_dir():
            raise CliError("cli.no_directory", option="--plot", path=str(plot.parent))
        if backend not in ("local", "ray"):
            raise CliError("cli.unknown_backend", value=repr(backend))
        if address is not None and backend != "ray":
            raise CliError("cli.address_needs_ray")
    except CliError as exc:
        raise fail(exc) from None
    except UnknownGame as exc:
        raise fail(CliError(exc)) from None
    from meeple.sim.ray_backend import RayUnavailable

    try:
        run_simulation(console, g, games, seed, names, jobs or default_jobs(), out, backend, address, plot)
    except RayUnavailable as exc:
        raise fail(CliError(exc, 1)) from None


# ---------------------------------------------------------------------------- train
@app.command()
def train(
    game: str = typer.Argument(..., help="The game's id (see `meeple list`)."),
    players: str = typer.Option("2", "--players", "-p", help="Player counts to train a network for, comma-separated (one network each)."),
    games: int = typer.Option(4000, "--games", "--heuristic-games", "-n", min=20, max=1_000_000, help="Self-play games of the heuristic player per player count (seeds SEED, SEED+1, …)."),
    search_games: int = typer.Option(0, "--search-games", min=0, max=1_000_000, help="Self-play games of a search per player count as well (seeds from SEED+500000): the positions a search plays into."),
    search_player: str = typer.Option("normal:iterations=64", "--search-player", help="The search that plays the --search-games (a level, as --opponents takes them)."),
    target: str = typer.Option("lead", "--target", help="What the network learns: lead (the final lead, squashed as the search squashes a running one; the default: it measured better), final (the final reward) or mix (their mean)."),
    seed: int = typer.Option(1, "--seed", help="Seed of the games, the split and the network (the same seed gives the same weights)."),
    hidden: str = typer.Option("64", "--hidden", help="Sizes of the hidden layers, comma-separated."),
    out: Path = typer.Option(Path("value_model.npz"), "--out", help="Write the weights here (the shipped file is meeple/games/<game>/value_model.npz)."),
    record: Optional[Path] = typer.Option(None, "--record", help="Write the training record (target, sources with their games and seeds, positions, held-out error) here as JSON."),
) -> None:
    """Train the game's value network from self-play, for the search's `leaf=model` (needs `pip install 'meeple[train]'`)."""
    from meeple.agents.training import TARGETS
    from meeple.terminal.train import run_training

    console = make_console()
    try:
        counts = [int(x) for x in split_names(players)] if all(x.isdigit() for x in split_names(players)) else None
        if not counts:
            raise CliError("cli.train_bad_list", option="--players", value=repr(players)[:40])
        if any(n < 2 for n in counts):
            raise CliError("cli.train_solo")
        loaded = [load_game(game, n, None) for n in dict.fromkeys(counts)]
        sizes = [int(x) for x in split_names(hidden)] if all(x.isdigit() for x in split_names(hidden)) else None
        if not sizes or not all(1 <= x <= 1024 for x in sizes) or len(sizes) > 4:
            raise CliError("cli.train_bad_list", option="--hidden", value=repr(hidden)[:40])
        if target not in TARGETS:
            raise CliError("cli.train_bad_target", value=repr(target)[:40], targets=", ".join(TARGETS))
        try:
            check_agent_names(loaded[0].id, [search_player])
        except CliError as exc:
            raise CliError("cli.train_bad_search_player", error=exc.message.to_json()) from None
        for path, option in ((out, "--out"), (record, "--record")):
            if path is not None and not (path.parent if str(path.parent) else Path(".")).is_dir():
                raise CliError("cli.no_directory", option=option, path=str(path.parent))
    except CliError as exc:
        raise fail(exc) from None
    except UnknownGame as exc:
        raise fail(CliError(exc)) from None
    try:
        run_training(console, loaded, games=games, seed=seed, hidden=tuple(sizes), out=out, record=record,
                     target=target, search_games=search_games, search_player=search_player)
    except ImportError as exc:
        raise fail(CliError("cli.train_needs_sklearn", 1, reason=str(exc))) from None


# ---------------------------------------------------------------------------- tournament
@app.command()
def tournament(
    game: str = typer.Argument(..., help="The game's id (see `meeple list`)."),
    agents: str = typer.Option(..., "--agents", "-a", help="Comma-separated agents to rate (at least two)."),
    games: int = typer.Option(20, "--games", "-n", min=1, help="Games per line-up of the round robin."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's smallest, at least 2)."),
    seed: int = typer.Option(0, "--seed", help="First seed."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Processes to play in (0: one per CPU)."),
    option: Optional[list[str]] = OptionItems,
) -> None:
    """A round robin between agents, rated with OpenSkill; prints the ranked table."""
    from rich.table import Table

    from meeple.sim.tournament import pairings, tournament as run_tournament

    console = make_console()
    try:
        if players is None:
            info = meeple.games().get(game)
            players = max(2, info.min_players) if info else None
        g = load_game(game, players, option)
        names = split_names(agents)
        check_agent_names(g.id, names)
        with console.status(say("cli.playing_games", n=len(pairings(list(dict.fromkeys(names)), g.players)) * games)):
            standings, records = run_tournament(g, names, games, seed=seed, jobs=jobs or default_jobs())
    except CliError as exc:
        raise fail(exc) from None
    except UnknownGame as exc:
        raise fail(CliError(exc)) from None
    table = Table(title=say("cli.tournament_title", title=i18n.title(g.id, g.info.name), players=g.players, n=len(records)),
                  title_justify="left")
    for name, just in (("cli.t_rank", "right"), ("cli.sim_col_agent", "left"), ("cli.t_rating", "right"), ("cli.t_mu", "right"),
                       ("cli.t_sigma", "right"), ("cli.sim_col_games", "right"), ("cli.sim_col_win_rate", "right")):
        table.add_column(say(name), justify=just)  # type: ignore[arg-type]
    for i, st in enumerate(standings, 1):
        table.add_row(str(i), st.agent, f"{st.ordinal:.1f}", f"{st.mu:.1f}", f"{st.sigma:.1f}", str(st.games),
                      f"{st.wins / st.games:.1%}" if st.games else "-")
    console.print(table)


# ---------------------------------------------------------------------------- serve
@app.command(
    "serve",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def serve(ctx: typer.Context) -> None:
    """Run the online game server: lobby, seats, bots, play in the browser (`meeple serve --help`)."""
    try:  # imported only when asked for: the server's web stack takes a while to load
        from meeple.server.cli import serve_command
    except ImportError as exc:
        raise fail(CliError("cli.no_server", 1, reason=str(exc))) from None
    server = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    server.command()(serve_command)
    server(args=list(ctx.args), prog_name="meeple serve")


# ---------------------------------------------------------------------------- ratings
@app.command(
    "ratings",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def ratings(ctx: typer.Context) -> None:
    """The online server's ratings: seed the bots' anchor ratings (`meeple ratings seed-bots --help`)."""
    try:  # imported only when asked for, like the server
        from meeple.server.ratings_cli import run
    except ImportError as exc:
        raise fail(CliError("cli.no_server", 1, reason=str(exc))) from None
    run(list(ctx.args))


def translate_help(lang: str) -> None:
    """Put the commands' and options' help in ``lang`` (ids ``cli.help.<command>[.<parameter>]``, and
    ``cli.typer.*`` for Typer's panel titles; the English is the code's own text)."""
    translate_app_help(app, lang, app_id="cli.help.app", prefix="cli.help", panels=True)


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point."""
    lang, rest = take_language(list(sys.argv[1:] if argv is None else argv))
    try:
        chosen = i18n.terminal_language(lang)
    except i18n.UnknownLanguage as exc:
        error_console().print(Text(f"meeple: {exc}", style="red"), soft_wrap=True)
        raise SystemExit(2) from None
    _ARGV_LANG[0] = lang
    translate_help(chosen)
    try:
        app(args=rest, prog_name="meeple")
    finally:  # a caller in the same process (a test, a notebook) starts afresh
        _ARGV_LANG[0] = None
        if chosen != i18n.DEFAULT_LANGUAGE:
            translate_help(i18n.DEFAULT_LANGUAGE)


if __name__ == "__main__":
    main()
