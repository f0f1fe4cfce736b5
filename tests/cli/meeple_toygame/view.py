"""Toy Dice drawn for the terminal, only from the observation."""

from rich.table import Table


def render(state, player):
    obs = state.observation(player)
    table = Table(title=f"Toy Dice — round {obs['round'] + 1}")
    table.add_column("seat")
    table.add_column("points", justify="right")
    table.add_column("cards", justify="right")
    for p in range(obs["players"]):
        table.add_row(state.player_name(p), str(obs["points"][p]), str(obs["hand_sizes"][p]))
    if obs["hand"] is not None:
        table.caption = "your hand: " + " ".join(str(c) for c in obs["hand"])
    return table
