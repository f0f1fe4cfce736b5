"""The bot levels a game offers in the terminal (``meeple levels GAME``): the same as the lobby's set-up.

A game's levels are ``meeple.agents.ladder(game_id)``: the ladder less the rungs measured to add nothing
there. Each is shown with its name, one sentence, and its rating at each player-count band (the ratings
shipped with the package, ``meeple/server/bot_ratings.json``; ``meeple ratings seed-bots`` makes them).

>>> rows = level_rows("cube-europe")
>>> [row.level for row in rows]
['random', 'easy', 'normal']
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from meeple.agents import LADDER, ladder
from meeple.core import i18n
from meeple.terminal.common import game_info
from meeple.terminal.lang import current, say

BANDS = ("2p", "3p+")


@dataclass(frozen=True)
class LevelRow:
    """One offered level: its id, and its shown rating per band (``None`` where none was measured)."""

    level: str
    ratings: dict[str, int | None]


def bands_of(game_id: str) -> tuple[str, ...]:
    """The rating bands a game can be played in: ``2p`` if it seats two, ``3p+`` if it seats three or more."""
    info = game_info(game_id)
    return tuple(band for band, fits in (("2p", info.min_players <= 2 <= info.max_players),
                                         ("3p+", info.max_players >= 3)) if fits)


def level_rows(game_id: str) -> list[LevelRow]:
    """The game's offered levels, weakest first, each with its shipped rating per band."""
    from meeple.server.bot_tournament import shipped_anchors
    from meeple.server.ratings import rating_shown

    game_info(game_id)  # an unknown game: a CliError listing the games
    anchors = shipped_anchors()
    rows = []
    for level in ladder(game_id):
        ratings: dict[str, int | None] = {}
        for band in bands_of(game_id):
            anchor = anchors.get((game_id, band), {}).get(level)
            ratings[band] = rating_shown(anchor[0], anchor[1]) if anchor else None
        rows.append(LevelRow(level, ratings))
    return rows


def not_offered(game_id: str, names: list[str]) -> list[str]:
    """The ladder's levels among ``names`` (an opponent list, settings allowed) that ``game_id`` does not
    offer, in the order given: they still play, and the terminal says they add nothing there.

    >>> not_offered("cube-europe", ["hard", "easy", "hard:iterations=9000"])
    ['hard']
    """
    offered = ladder(game_id)
    out: list[str] = []
    for name in names:
        base = name.split(":", 1)[0].strip()
        if base in LADDER and base not in offered and base not in out:
            out.append(base)
    return out




def print_levels(console: Console, game_id: str) -> None:
    """``meeple levels GAME``: the offered levels as a table (name, one sentence, rating per band)."""
    rows = level_rows(game_id)
    bands = bands_of(game_id)
    info = game_info(game_id)
    table = Table(title=say("cli.levels_title", game=i18n.game_text(game_id, "title", info.name, current())))
    table.add_column(say("cli.col_level"), style="bold cyan", no_wrap=True)
    table.add_column(say("cli.col_what"), overflow="fold")
    for band in bands:
        table.add_column(say("cli.col_rating_2p") if band == "2p" else say("cli.col_rating_3p"), justify="right")
    for row in rows:
        about = Text(i18n.render(f"web.level.{row.level}", None, current()), style="bold")
        about.append("\n" + i18n.render(f"web.setup.level.{row.level}", None, current()), style="dim")
        table.add_row(row.level, about, *(str(row.ratings[b]) if row.ratings[b] is not None else "—" for b in bands))
    console.print(table)
    console.print(say("cli.levels_footer", game=game_id))


def print_not_offered(console: Console, game_id: str, names: list[str]) -> None:
    """Say, before a game, which of its bots' levels the game does not offer (they play all the same)."""
    for level in not_offered(game_id, names):
        console.print(Text(say("cli.level_not_offered", level=level, game=game_id,
                               levels=", ".join(ladder(game_id))), style="dim"))
