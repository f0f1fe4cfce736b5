"""The terminal view shows each visible market card's yellow effect (name and text): a player decides
when to place a yellow cube by the rightmost card, the one it would tuck (「拿取最右侧的市场卡牌」)."""

from rich.console import Console

from meeple import Action
from meeple.games.cube_europe.content import EFFECTS
from meeple.games.cube_europe.view import render

from .helpers import new_manual, roll, tuck


def _text(state, player=0):
    console = Console(width=200, record=True, color_system=None)
    console.print(render(state, player))
    return console.export_text()


def _flat(text):
    return " ".join(text.replace("│", " ").split())


def test_market_shows_both_cards_yellow_effects_and_which_one_a_yellow_tucks():
    state = new_manual(discard=5, top=3)  # deck top card 3 (Storehouse), discard top card 5 (Patron of Red)
    obs = state.observation(0)["market"]["effects"]
    assert obs["deck_top"] == {"card": 3, "id": "storehouse", "name": "Storehouse", "text": EFFECTS["storehouse"][1]}
    assert obs["discard_top"]["card"] == 5 and obs["discard_top"]["name"] == "Patron of Red"
    mine = _text(state, 0)  # the market beside your board
    assert "yellow effect Storehouse" in mine and "yellow effect Patron of Red" in mine
    text = _flat(_text(state, None))  # a spectator's view: the market below the boards
    deck = text.index("deck top: card 3")
    discard = text.index("discard top: card 5 (rightmost: a yellow cube tucks it)")
    storehouse = text.index("yellow effect Storehouse: " + EFFECTS["storehouse"][1])
    patron = text.index("yellow effect Patron of Red: " + EFFECTS["red_patron"][1])
    assert deck < storehouse < discard < patron  # each effect under its own card
    assert text.index("square 1 die 3 red") < discard < text.index("square 4 die 1 blue")


def test_market_effects_follow_the_market_and_spectators_see_them_too():
    state = new_manual(discard=5, top=3)
    roll(state, (3, 5))
    state.apply(Action("worker", (3,)))
    state.apply(Action("worker", (5,)))
    state.apply(Action("card", (6,)))  # card 3 moved onto the discard pile; card 6 (Mirror) on top
    text = _flat(_text(state, None))
    assert "deck top: card 6" in text and "yellow effect Mirror: " + EFFECTS["flip"][1] in text
    assert "discard top: card 3 (rightmost" in text and "yellow effect Storehouse" in text
    assert "Patron of Red" not in text


def test_the_free_effects_used_this_turn_are_shown():
    state = new_manual(discard=5, top=3)
    tuck(state, 0, 1)
    state.workers[0] = 0
    roll(state, (2, 5))
    assert "used this turn" not in _text(state, 0)
    state.apply(Action("take", (2, 1)))  # 2 -> 3 with Steady Hand
    assert state.observation(0)["used_free"] == {"steady": True, "mirror": False}
    assert "used this turn: Steady Hand" in _text(state, 0)


def test_the_start_card_holder_is_named_on_its_board_only():
    state = new_manual(players=3, boards=(7, 8, 9), first=1)
    assert state.observation(None)["start_card_seat"] == 1
    text = _flat(_text(state, None))
    assert text.count("holds the start card") == 1
    assert "Blue — board card 8 — holds the start card" in text


def test_an_observation_of_schema_1_reads_as_today_s():
    """Schema 2 named the start card's seat and the follow-ups as their fields; a kept observation of
    schema 1 (``first``, ``pending``) upgrades to today's keys."""
    from meeple.core.observation_schema import upgrade_observation

    state = new_manual(players=2, boards=(7, 8), first=1)
    today = state.observation(0)
    assert today["schema"] == 2 and today["start_card_seat"] == 1 and today["follow_ups"] == []
    kept = {{"start_card_seat": "first", "follow_ups": "pending"}.get(k, k): v for k, v in today.items()}
    kept["schema"] = 1
    assert "first" in kept and "start_card_seat" not in kept
    assert upgrade_observation(type(state), kept) == today
