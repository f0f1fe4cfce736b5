"""What `meeple play` sets up before the first move: a new or loaded game, who sits where, the bots' levels.

>>> state, humans, names, settings = setup_play("kingsburg", 2, None, "hard", 7, None, False, False, None)
>>> sorted(humans), names
([0], {1: 'hard'})
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import LADDER
from meeple.terminal.common import (
    CliError,
    check_agent_names,
    default_agent,
    load_game,
    parse_seat,
    read_save,
    split_names,
)


def setup_play(
    game_id: str | None, players: int | None, seat: str | None, opponents: str | None, seed: int | None,
    load: Path | None, hotseat: bool, table: bool, option: list[str] | None,
) -> tuple[Any, set[int], dict[int, str], dict[str, Any]]:
    saved: dict[str, Any] = {}
    if load is not None:
        state, saved = read_save(load)
        if game_id is not None and game_id != state.game.id:
            raise CliError("cli.load_other_game", path=str(load), saved=state.game.id, given=game_id)
        if players is not None and players != state.players:
            raise CliError("cli.load_other_players", path=str(load), n=state.players)
        if seed is not None and seed != state.seed:
            raise CliError("cli.load_other_seed", path=str(load), seed=state.seed)
        if option:
            raise CliError("cli.load_options")
        if table and state.chance != "manual":
            raise CliError("cli.load_not_table", path=str(load))
    else:
        if game_id is None:
            raise CliError("cli.which_game", games=", ".join(meeple.games()) or "-")
        g = load_game(game_id, players, option)
        state = g.new_game(seed=secrets.randbelow(1_000_000) if seed is None else seed, chance="manual" if table else "auto")
    n = state.players
    gid = state.game.id
    manual = state.chance == "manual"
    saved_humans = [int(p) for p in saved.get("humans") or [] if isinstance(p, int) and 0 <= p < n]
    saved_agents = saved.get("agents") if isinstance(saved.get("agents"), dict) else {}
    names: dict[int, str] = {}
    if saved_humans and seat is None and opponents is None and not hotseat:
        # a loaded game keeps its seats: the same people, the same kinds of bot
        humans = set(saved_humans)
        for p in range(n):
            if p not in humans:
                names[p] = str(saved_agents.get(str(p)) or default_agent(gid))
    else:
        if hotseat or (manual and opponents is None and seat is None):
            humans = set(range(n))  # hot seat, or a refereed table where everyone types their moves
        else:
            humans = {parse_seat(seat, state.game) if seat is not None else (saved_humans or [0])[0]}
        if opponents is not None:
            wanted = split_names(opponents)
            if not wanted:
                raise CliError("cli.opponents_needs", agents=", ".join((*LADDER, "heuristic")))
        else:
            wanted = [default_agent(gid)]
        for i, p in enumerate(p for p in range(n) if p not in humans):
            names[p] = wanted[i % len(wanted)]
    for p in [p for p, name in names.items() if name.lower() == "human"]:
        humans.add(p)  # --opponents human,heuristic: friends and bots at one screen
        del names[p]
    try:
        check_agent_names(gid, list(dict.fromkeys(names.values())) + [w for w in split_names(opponents) if w.lower() != "human"])
    except CliError as exc:
        raise CliError("cli.or_human", error=exc.message.to_json()) from None
    # several people at one screen hand it over between seats (a refereed table only with --hotseat)
    hotseat = hotseat or bool(saved.get("hotseat")) or (len(humans) > 1 and not manual)
    settings = {
        "humans": sorted(humans),
        "agents": {str(p): a for p, a in names.items()},
        "hotseat": hotseat,
        "table": state.chance == "manual",
    }
    hints = saved.get("hints")
    if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0:
        settings["hints"] = hints  # the coach was asked before the game was saved
    return state, humans, names, settings
