"""Helpers for the Citadels tests: manual-chance games with chosen cards and a chosen draft."""

from __future__ import annotations

import meeple
from meeple.core import CHANCE, Action, IllegalAction
from meeple.games.citadels import content
from meeple.games.citadels.rules import CitadelsState

D = content.DISTRICT_INDEX
C = content.CHARACTER_INDEX


def new(n: int = 4, seed: int = 0, **opts) -> CitadelsState:
    return meeple.load("citadels", players=n, **opts).new_game(seed=seed, chance="manual")


def act(s: CitadelsState, text: str, player: int | None = None) -> None:
    if player is None:
        player = s.to_move()[0]
    s.apply(s.parse_action(text, player), player)


def legal(s: CitadelsState, player: int | None = None) -> list[str]:
    if player is None:
        player = s.to_move()[0]
    return [str(a) for a in s.legal_actions(player)]


def draw(s: CitadelsState, *cards: str) -> None:
    """Chance: the next cards drawn from the deck."""
    for card in cards:
        assert s.to_move() == [CHANCE], f"no draw pending: {s.to_move()}"
        act(s, f"draw {card}", CHANCE)


def deal(s: CitadelsState, hands: dict[int, list[str]] | None = None, crown: int = 0) -> None:
    """Finish set-up: each seat's four cards (default: whatever comes first) and the crown."""
    hands = {p: list(h) for p, h in (hands or {}).items()}
    while s.draw_queue:
        p = s.draw_queue[0]["seat"]
        wanted = hands.get(p)
        if wanted:
            act(s, f"draw {wanted.pop(0)}", CHANCE)
        else:
            # a plain card nobody asked for: keep the purple ones in the deck
            # (the most plentiful ordinary card, so that tests can still take any card from the deck)
            wanted_later = [D[c] for h in hands.values() for c in h]
            best = max((d for d in set(s.deck_unseen) if content.DISTRICT_COLOUR[d] != content.PURPLE),
                       key=lambda d: (s.deck_unseen.count(d) - wanted_later.count(d), -d))
            act(s, f"draw {content.DISTRICT_SLUG[best]}", CHANCE)
    act(s, f"crown {crown}", CHANCE)


def draft(s: CitadelsState, picks: list[str], down: str | None = None, up: list[str] | None = None,
          buries: list[str] | None = None) -> None:
    """The round's character selection: the face-down card, the face-up ones, then each pick in order."""
    picks = list(picks)
    buries = list(buries or [])
    assert s.to_move() == [CHANCE] and s.chance_kind == "down"
    if down is None:
        down = next(content.CHARACTER_SLUG[c] for c in s.character_pool
                    if content.CHARACTER_SLUG[c] not in picks and content.CHARACTER_SLUG[c] not in (up or []))
    act(s, f"deal-down {down}", CHANCE)
    for c in up or []:
        act(s, f"deal-up {c}", CHANCE)
    while s.to_move() == [CHANCE] and s.chance_kind == "up":
        # face-up cards not chosen by the test: any that nobody wants to pick
        free = [content.CHARACTER_SLUG[c] for c in s.character_pool
                if content.CHARACTER_SLUG[c] not in picks and content.CHARACTER_RANK[c] != 4]
        act(s, f"deal-up {free[0]}", CHANCE)
    while s.phase == 1 and s.to_move() != [CHANCE]:
        kind = s.draft_order[s.draft_index][1]
        if kind == 0:
            act(s, f"pick {picks.pop(0)}")
        else:
            act(s, f"facedown {buries.pop(0)}")


def start(n: int, roles: dict[int, str | list[str]], crown: int = 0, hands: dict[int, list[str]] | None = None,
          down: str | None = None, up: list[str] | None = None, seed: int = 0, **opts) -> CitadelsState:
    """A game whose first round gives each seat the characters in ``roles``; ready for the first call."""
    s = new(n, seed, **opts)
    deal(s, hands, crown)
    script = s.draft_order
    picks = []
    taken = {p: ([r] if isinstance(r, str) else list(r)) for p, r in roles.items()}
    for seat, _kind in script:
        if _kind == 0:
            picks.append(taken[seat].pop(0))
    draft(s, picks, down=down, up=up)
    return s


def give_city(s: CitadelsState, p: int, *cards: str) -> None:
    """Put districts straight into a city (taken from the deck, so cards stay conserved)."""
    for card in cards:
        d = D[card]
        s.deck_unseen.remove(d)
        s.cities[p].append(d)
    s._legal_cache = {}


def give_hand(s: CitadelsState, p: int, *cards: str) -> None:
    for card in cards:
        d = D[card]
        s.deck_unseen.remove(d)
        s.hands[p].append(d)
    s._legal_cache = {}


def set_gold(s: CitadelsState, p: int, gold: int) -> None:
    s.gold[p] = gold
    s._legal_cache = {}


def refresh(s: CitadelsState) -> None:
    """After a test changed fields by hand: recompute who moves."""
    s._legal_cache = {}
    s.run_flow()


def city(s: CitadelsState, p: int) -> list[str]:
    return [content.DISTRICT_SLUG[d] for d in s.cities[p]]


def hand(s: CitadelsState, p: int) -> list[str]:
    return sorted(content.DISTRICT_SLUG[d] for d in s.hands[p])


def illegal(s: CitadelsState, text: str, player: int | None = None) -> str:
    """Apply ``text`` expecting IllegalAction; the state must be unchanged. Returns the message."""
    before = s.to_json()
    if player is None:
        player = s.to_move()[0]
    try:
        s.apply(Action.parse(text), player)
    except IllegalAction as exc:
        assert s.to_json() == before
        return str(exc)
    raise AssertionError(f"'{text}' was accepted")


def turn_of(s: CitadelsState) -> tuple[str, int]:
    return content.CHARACTER_SLUG[s.current_character], s.current_seat
