"""Write the recorded games that ``tests/core/test_recorded_games.py`` replays (``meeple.sim.recording``).

    python tools/record_games.py            # tests/recorded/<game>.json.gz, one file per game

Every game at every player count from two seeds, plus one game for each option's other choices (at a
player count where the choice means something). Run it only on purpose: the recordings are the record
of how the games played *before* a change, which the change must then reproduce move for move.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

import meeple
from meeple.sim.recording import record

OUT = Path(__file__).resolve().parent.parent / "tests" / "recorded"
SEEDS = (1, 2)

OPTION_PLAYERS = {"three_player": 3, "two_player_city": 2}
"""The player count at which an option's other choices are recorded, where not the middle one."""

EXTRA_LINEUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "citadels": [
        (5, {"rank1": "witch", "rank2": "tax-collector", "rank3": "wizard", "rank4": "emperor", "rank5": "abbot",
             "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat", "rank9": "artist"}),
        (7, {"rank9": "queen"}),
    ],
}
"""Games with several options changed at once (every alternative character in one game, say)."""


def recordings(game_id: str, info: Any) -> list[dict[str, Any]]:
    out = []
    for players in range(info.min_players, info.max_players + 1):
        for seed in SEEDS:
            out.append(record(game_id, players, seed))
    middle = (info.min_players + info.max_players + 1) // 2
    for option in info.options:
        for choice in option.choices:
            if choice == option.default:
                continue
            out.append(record(game_id, OPTION_PLAYERS.get(option.name, middle), 3, options={option.name: choice}))
    for players, options in EXTRA_LINEUPS.get(game_id, []):
        out.append(record(game_id, players, 4, options=options))
    return out


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id, info in meeple.games().items():
        games = recordings(game_id, info)
        path = OUT / f"{game_id}.json.gz"
        path.write_bytes(gzip.compress(json.dumps(games, separators=(",", ":")).encode(), mtime=0))
        moves = sum(len(g["moves"]) for g in games)
        print(f"{path.relative_to(OUT.parent.parent)}: {len(games)} games, {moves} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
