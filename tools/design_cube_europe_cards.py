"""Design the 17 double-sided Cube Europe cards from the seed's constraints; prints content data.

The seed gives the rules of the cards, not their faces. This script searches, from a fixed seed,
for boards (a 19-hex hexagon: 4 red, 4 blue, 4 green, 4 white, 3 yellow; territory scores totalling
exactly 30; numbers 1-6 spread evenly with no equal numbers side by side) and market faces
(3 centre squares per card, faces and colours balanced over the 9 base cards and over all 17).
Its output was pasted into meeple/games/cube_europe/content.py; rerun it to audit that data:

    python tools/design_cube_europe_cards.py
"""

from __future__ import annotations

import random
from itertools import permutations

COLOURS = ["red", "blue", "green", "white", "yellow"]
COUNTS = {"red": 4, "blue": 4, "green": 4, "white": 4, "yellow": 3}
TERRITORY = {1: 1, 2: 3, 3: 6, 4: 10}
HEXES = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2]
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


def label(q: int, r: int) -> str:
    row = [h for h in HEXES if h[1] == r]
    return "ABCDE"[r + 2] + str(row.index((q, r)) + 1)


def neighbours(h):
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS if (h[0] + dq, h[1] + dr) in HEXES]


def territories(colour_of):
    seen, groups = set(), []
    for h in HEXES:
        if h in seen:
            continue
        stack, group = [h], []
        seen.add(h)
        while stack:
            x = stack.pop()
            group.append(x)
            for n in neighbours(x):
                if n not in seen and colour_of[n] == colour_of[h]:
                    seen.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


def design_board(rng: random.Random):
    while True:
        bag = [c for c in COLOURS for _ in range(COUNTS[c])]
        rng.shuffle(bag)
        colour_of = dict(zip(HEXES, bag))
        groups = territories(colour_of)
        if sum(TERRITORY[len(g)] for g in groups) != 30:
            continue
        yellows = [h for h in HEXES if colour_of[h] == "yellow"]
        if any(n in yellows for y in yellows for n in neighbours(y)):
            continue  # three separate yellow start hexes
        if max(len(g) for g in groups) < 3:
            continue
        break
    for _ in range(10000):
        nums = [1, 2, 3, 4, 5, 6] * 3 + [rng.randint(1, 6)]
        rng.shuffle(nums)
        number_of = dict(zip(HEXES, nums))
        if all(number_of[h] != number_of[n] for h in HEXES for n in neighbours(h)):
            return colour_of, number_of
    return design_board(rng)


def design_markets(rng: random.Random):
    """51 squares: faces 1-6 balanced, colours yellow x7 and the others x11, 3 distinct faces a card."""
    def deal(n_cards, colour_counts):
        while True:
            faces = [f for f in range(1, 7) for _ in range((n_cards * 3 + 5) // 6)][: n_cards * 3]
            colours = [c for c, k in colour_counts.items() for _ in range(k)]
            rng.shuffle(faces)
            rng.shuffle(colours)
            cards = [list(zip(faces[i * 3:i * 3 + 3], colours[i * 3:i * 3 + 3])) for i in range(n_cards)]
            if all(len({f for f, _ in c}) == 3 and len({col for _, col in c}) >= 2 for c in cards):
                return [sorted(c) for c in cards]
    base = deal(9, {"red": 6, "blue": 6, "green": 6, "white": 5, "yellow": 4})
    extra = deal(8, {"red": 5, "blue": 5, "green": 5, "white": 6, "yellow": 3})
    return base + extra


def main() -> None:
    rng = random.Random(20261130)
    markets = design_markets(rng)
    for card in range(17):
        colour_of, number_of = design_board(rng)
        rows = [" ".join(f"{colour_of[h][0]}{number_of[h]}" for h in HEXES if h[1] == r) for r in range(-2, 3)]
        squares = " ".join(f"{f}{c[0]}" for f, c in markets[card])
        print(f'    {card + 1:2}: ("{" / ".join(rows)}", "{squares}"),')


if __name__ == "__main__":
    main()
