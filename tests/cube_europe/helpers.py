"""Cube Europe's test helpers: positions built with manual chance, the tests choosing every card and die."""

from __future__ import annotations

import meeple
from meeple import CHANCE, Action


def new_manual(players: int = 1, boards=(7,), first: int = 0, discard: int = 5, top: int = 3,
               starts=None, solo_deck: str = "classic"):
    """A game in manual chance, set up with the given boards, start player and market cards."""
    opts = {"solo_deck": solo_deck} if players == 1 else {}
    state = meeple.load("cube-europe", players=players, **opts).new_game(seed=1, chance="manual")
    for card in boards:
        state.apply(Action("board", (card,)), CHANCE)
    if players > 1:
        state.apply(Action("first", (first,)), CHANCE)
    state.apply(Action("card", (discard,)), CHANCE)
    state.apply(Action("card", (top,)), CHANCE)
    for k in range(players):
        p = (first + k) % players
        hexes = state.board(p).start_hexes
        start = starts[p] if starts else hexes[0]
        state.apply(Action("start", (start,)), p)
    return state


def tuck(state, player, *cards):
    """Put cards under a player's board, as the yellow effect does, making their effects active."""
    from meeple.games.cube_europe.content import CARDS

    state.tucked_cards[player] = list(cards)
    state.active_effects[player] = [CARDS[c].effect for c in cards]


def roll(state, *pairs):
    """Roll the given dice for each player in turn order, e.g. roll(s, (6, 4))."""
    for a, b in pairs:
        state.apply(Action("roll", (min(a, b), max(a, b))), CHANCE)

