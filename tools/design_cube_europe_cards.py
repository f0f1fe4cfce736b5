"""Design the 17 double-sided Cube Europe cards from the seed's constraints; print or audit content data.

The seed gives the rules of the cards, not their faces (docs/rules/cube-europe.md, Assumptions). This
script builds them from a fixed seed and prints the ``_CARDS`` table of meeple/games/cube_europe/content.py:

    python tools/design_cube_europe_cards.py            # print the designed table
    python tools/design_cube_europe_cards.py --check    # audit content.py against every constraint
    python tools/design_cube_europe_cards.py --measure 200   # also: solo heuristic scores per board

Boards: a 19-hex hexagon, 4 red, 4 blue, 4 green, 4 white and 3 yellow hexes, the yellow ones apart
(the three start spaces). Territory scores total exactly 30 (「领土所能获得的总分数是30分」): the yellow
singles give 3, so the four other colours give 27, and a colour's 4 hexes split into territories worth
{4}=10, {3,1}=7, {2,2}=6, {2,1,1}=5 or {1,1,1,1}=4. Exactly four splits of 27 exist, the *layouts*:

    A 10+7+5+5    B 10+6+6+5    C 10+7+6+4    D 7+7+7+6

Every layout is dealt to two base cards and two expansion cards, with the colours rotated, except that
the base game holds three D boards: card 7, the board of the rulebook's scoring example (it needs two
3-hex territories, so a D board, with red or white as the {2,2} colour; see tests/cube_europe/
test_scoring.py), kept from the first design. Die numbers: 1-6 three times each plus one, never two
equal numbers side by side, every colour showing at least three different numbers.

Market faces: 3 centre squares per card with three different faces. The 27 squares of the 9 base cards
cannot split evenly over six faces: three faces appear 5 times and three 4 times (the mirror pairs
1/6, 2/5, 3/4 each have one of each); red, blue and green each appear once on every face. The 8
expansion cards have 24 squares: every face exactly 4 times, each with four different colours. Colours:
base red/blue/green 6, white 5, yellow 4; expansion red/blue/green 5, white 6, yellow 3.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

COLOURS = ["red", "blue", "green", "white", "yellow"]
TERRITORY = {1: 1, 2: 3, 3: 6, 4: 10}
HEXES = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2]
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
SPLITS = {10: (4,), 7: (3, 1), 6: (2, 2), 5: (2, 1, 1), 4: (1, 1, 1, 1)}
LAYOUTS = {"A": (10, 7, 5, 5), "B": (10, 6, 6, 5), "C": (10, 7, 6, 4), "D": (7, 7, 7, 6)}
EXAMPLE_CARD = 7
EXAMPLE_BOARD = "w3 g4 y5 / g2 g6 b3 w1 / r1 r5 b4 w6 w5 / g2 b1 y2 b4 / y6 r3 r6"
# The yellow effect printed on each card's market side (content.EFFECTS), unchanged by this design.
EFFECT_OF = {1: "nudge", 2: "white_patron", 3: "storehouse", 4: "recruiter", 5: "red_patron", 6: "flip",
             7: "blue_boost", 8: "harvest", 9: "cartographer", 10: "bulk", 11: "blue_patron", 12: "surveyor",
             13: "wage", 14: "treasury", 15: "white_plus", 16: "recycle", 17: "wild_six"}
# Layout per card; the colour order red, blue, green, white takes the layout's scores rotated by the
# card's position among the cards of its layout, so that every colour gets every role.
SCHEDULE = {1: "A", 2: "B", 3: "C", 4: "D", 5: "A", 6: "B", 7: "D", 8: "C", 9: "D",
            10: "A", 11: "B", 12: "C", 13: "D", 14: "A", 15: "B", 16: "C", 17: "D"}


def neighbours(h):
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS if (h[0] + dq, h[1] + dr) in HEXES]


NEIGH = {h: neighbours(h) for h in HEXES}


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
            for n in NEIGH[x]:
                if n not in seen and colour_of[n] == colour_of[h]:
                    seen.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


def split_of(colour_of, colour):
    return tuple(sorted((len(g) for g in territories(colour_of) if colour_of[g[0]] == colour), reverse=True))


def layout_of(colour_of) -> str:
    scores = sorted((sum(TERRITORY[n] for n in split_of(colour_of, c)) for c in COLOURS[:4]), reverse=True)
    return next(k for k, v in LAYOUTS.items() if tuple(sorted(v, reverse=True)) == tuple(scores))


def targets_for(card: int) -> dict[str, tuple[int, ...]]:
    """The split each of red, blue, green, white must have on ``card``."""
    layout = SCHEDULE[card]
    k = sorted(c for c, lay in SCHEDULE.items() if lay == layout).index(card)
    scores = LAYOUTS[layout]
    rotated = scores[k % 4:] + scores[:k % 4]
    return {colour: SPLITS[score] for colour, score in zip(COLOURS[:4], rotated)}


def design_colours(rng: random.Random, target: dict[str, tuple[int, ...]]):
    """Grow the board territory by territory until every colour has its split and yellow fits apart."""
    while True:
        colour_of: dict = {}
        pieces = [(c, n) for c, split in target.items() for n in split]
        rng.shuffle(pieces)
        pieces.sort(key=lambda p: -p[1])  # big territories first, they need the room
        ok = True
        for colour, size in pieces:
            free = [h for h in HEXES if h not in colour_of
                    and not any(colour_of.get(n) == colour for n in NEIGH[h])]
            rng.shuffle(free)
            for seed_hex in free:
                group = [seed_hex]
                while len(group) < size:
                    options = [n for g in group for n in NEIGH[g] if n not in colour_of and n not in group
                               and not any(colour_of.get(m) == colour for m in NEIGH[n])]
                    if not options:
                        break
                    group.append(rng.choice(options))
                if len(group) == size:
                    for g in group:
                        colour_of[g] = colour
                    break
            else:
                ok = False
                break
        rest = [h for h in HEXES if h not in colour_of]
        if not ok or len(rest) != 3 or any(n in rest for h in rest for n in NEIGH[h]):
            continue
        for h in rest:
            colour_of[h] = "yellow"
        if all(split_of(colour_of, c) == target[c] for c in target):
            return colour_of


def design_numbers(rng: random.Random, colour_of):
    while True:
        nums = [1, 2, 3, 4, 5, 6] * 3 + [rng.randint(1, 6)]
        rng.shuffle(nums)
        number_of = dict(zip(HEXES, nums))
        if any(number_of[h] == number_of[n] for h in HEXES for n in NEIGH[h]):
            continue
        if all(len({number_of[h] for h in HEXES if colour_of[h] == c}) >= 3 for c in COLOURS):
            return number_of


def board_text(colour_of, number_of) -> str:
    rows = [" ".join(f"{colour_of[h][0]}{number_of[h]}" for h in HEXES if h[1] == r) for r in range(-2, 3)]
    return " / ".join(rows)


def parse_board(text: str):
    tokens = text.replace("/", " ").split()
    letters = {c[0]: c for c in COLOURS}
    return {h: letters[t[0]] for h, t in zip(HEXES, tokens)}, {h: int(t[1:]) for h, t in zip(HEXES, tokens)}


def deal_market(rng: random.Random, face_colours: dict[int, list[str]], n_cards: int):
    """Split the squares (face -> colours offered on that face) into cards of three different faces."""
    squares = [(f, c) for f, cs in face_colours.items() for c in cs]
    while True:
        rng.shuffle(squares)
        cards, pool = [], list(squares)
        for _ in range(n_cards):
            card: list = []
            for sq in list(pool):
                if sq[0] not in {f for f, _ in card}:
                    card.append(sq)
                    pool.remove(sq)
                    if len(card) == 3:
                        break
            cards.append(sorted(card))
        if all(len(c) == 3 and len({col for _, col in c}) >= 2 for c in cards):
            return cards


def design_markets(rng: random.Random):
    faces = [1, 2, 3, 4, 5, 6]
    extra = [rng.choice(pair) for pair in ((1, 6), (2, 5), (3, 4))]  # the base faces printed 5 times
    base: dict[int, list[str]] = {f: ["red", "blue", "green"] for f in faces}
    others = [f for f in faces if f not in extra]
    for f in extra:
        base[f] += ["white", "yellow"]
    white_single = rng.sample(others, 2)
    for f in others:
        base[f].append("white" if f in white_single else "yellow")
    expansion: dict[int, list[str]] = {f: ["white"] for f in faces}
    # red, blue, green 5 each, yellow 3: each face gets three of the four, all different
    missing = rng.sample(faces, 6)  # the face each colour skips: red, blue, green one face, yellow three
    skip = {"red": [missing[0]], "blue": [missing[1]], "green": [missing[2]], "yellow": missing[3:]}
    for f in faces:
        expansion[f] += [c for c in ("red", "blue", "green", "yellow") if f not in skip[c]]
    return deal_market(rng, base, 9) + deal_market(rng, expansion, 8)


def design(seed: int = 20270117) -> dict[int, tuple[str, str, str]]:
    rng = random.Random(seed)
    markets = design_markets(rng)
    cards = {}
    for card in range(1, 18):
        if card == EXAMPLE_CARD:
            board = EXAMPLE_BOARD
        else:
            colour_of = design_colours(rng, targets_for(card))
            board = board_text(colour_of, design_numbers(rng, colour_of))
        squares = " ".join(f"{f}{c[0]}" for f, c in markets[card - 1])
        cards[card] = (board, squares, EFFECT_OF[card])
    return cards


def check(cards: dict[int, tuple[str, str, str]]) -> list[str]:
    """Every constraint of the module docstring, as a list of violations (empty: all hold)."""
    problems = []
    for cid, (board, market, _effect) in cards.items():
        colour_of, number_of = parse_board(board)
        count = Counter(colour_of.values())
        if count != {"red": 4, "blue": 4, "green": 4, "white": 4, "yellow": 3}:
            problems.append(f"card {cid}: colour counts {dict(count)}")
        if sum(TERRITORY[len(g)] for g in territories(colour_of)) != 30:
            problems.append(f"card {cid}: territories do not total 30")
        yellows = [h for h in HEXES if colour_of[h] == "yellow"]
        if any(n in yellows for y in yellows for n in NEIGH[y]):
            problems.append(f"card {cid}: yellow hexes touch")
        if any(number_of[h] == number_of[n] for h in HEXES for n in NEIGH[h]):
            problems.append(f"card {cid}: equal numbers side by side")
        faces = [int(t[:-1]) for t in market.split()]
        if len(set(faces)) != 3:
            problems.append(f"card {cid}: market faces {faces} not three different")
    layouts = Counter(layout_of(parse_board(b)[0]) for b, _, _ in cards.values())
    if set(layouts) != set(LAYOUTS):
        problems.append(f"layouts {dict(layouts)}: not all four used")
    for name, ids, allowed in (("base", range(1, 10), (4, 5)), ("expansion", range(10, 18), (4,)),
                               ("all", range(1, 18), (8, 9))):
        faces = Counter(int(t[:-1]) for i in ids for t in cards[i][1].split())
        if set(faces) != set(range(1, 7)) or not set(faces.values()) <= set(allowed):
            problems.append(f"{name} market faces {dict(sorted(faces.items()))}")
    return problems


def measure(cards_games: int) -> None:
    """Solo heuristic scores per board card (classic solo), from the engine's current content."""
    import meeple
    from meeple.agents import choose_action, make_agent

    game = meeple.load("cube-europe", players=1)
    per_board: dict[int, list[int]] = {}
    for seed in range(cards_games):
        state = game.new_game(seed=seed)
        agent = make_agent("heuristic", "cube-europe", seed)
        while not state.is_over():
            state.apply(choose_action(agent, state, 0), 0)
        per_board.setdefault(state.board_cards[0], []).append(state.score(0))
    scores = [s for v in per_board.values() for s in v]
    mean = sum(scores) / len(scores)
    sd = (sum((s - mean) ** 2 for s in scores) / (len(scores) - 1)) ** 0.5
    print(f"{len(scores)} games: mean {mean:.1f} ± {sd:.1f}, wins (30+) {sum(s >= 30 for s in scores) / len(scores):.0%}")
    for cid in sorted(per_board):
        v = per_board[cid]
        print(f"  board {cid:2} ({layout_of(parse_board(content_cards()[cid][0])[0])}): "
              f"{len(v):3} games, mean {sum(v) / len(v):.1f}, min {min(v)}, max {max(v)}")


def content_cards() -> dict[int, tuple[str, str, str]]:
    from meeple.games.cube_europe import content

    return dict(content._CARDS)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="audit content.py instead of printing a design")
    ap.add_argument("--measure", type=int, metavar="GAMES", help="also play GAMES solo heuristic games")
    ap.add_argument("--seed", type=int, default=20270117)
    args = ap.parse_args()
    if args.check:
        problems = check(content_cards())
        print("\n".join(problems) if problems else "content.py meets every constraint")
        designed = design(args.seed)
        if designed != content_cards():
            print("content.py differs from this script's design")
            problems.append("differs")
    else:
        for cid, (board, market, effect) in design(args.seed).items():
            print(f'    {cid:2}: ("{board}", "{market}", "{effect}"),')
    if args.measure:
        measure(args.measure)
    if args.check and problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
