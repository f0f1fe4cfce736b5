"""Which games and player counts the adapter tests cover: every registered game with an encoding."""

from __future__ import annotations

import meeple


def encoded_configs() -> list[tuple[str, int]]:
    """(game id, players) at each game's smallest and largest player count."""
    configs = []
    for game_id, info in meeple.games().items():
        game = meeple.load(game_id, players=info.min_players)
        if game.action_space() is None:
            continue
        for n in sorted({info.min_players, info.max_players}):
            configs.append((game_id, n))
    return configs
