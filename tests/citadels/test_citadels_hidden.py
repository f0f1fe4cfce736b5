"""Hidden information: what each seat sees, and determinize re-dealing only what it cannot know."""

from __future__ import annotations

import meeple
from meeple.core import Rng
from meeple.games.citadels import content

from .helpers import CHANCE, act, deal, draw, hand, legal, new, start, turn_of


def holders(s):
    return {content.CHARACTER_SLUG[c]: s.character_holder[c] for c in s.characters}


def test_observation_hides_other_hands_and_face_down_cards():
    s = start(4, {0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, down="magician", up=["bishop", "architect"])
    obs = s.observation(1)
    assert obs["hand"] == hand(s, 1) and obs["hand_sizes"] == [4, 4, 4, 4]
    assert "hands" not in obs and obs["my_characters"] == ["thief"]
    assert obs["face_up"] == ["bishop", "architect"]
    spectator = s.observation(None)
    assert "hand" not in spectator and "my_characters" not in spectator and "draft_seen" not in spectator


def test_determinize_keeps_the_draft_knowledge_of_each_seat():
    s = start(4, {0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, down="magician", up=["bishop", "architect"])
    # Blue (second to choose) was handed {thief, king, merchant, warlord} (the assassin was taken) and
    # passed on {king, merchant, warlord}
    passed_on = {"king", "merchant", "warlord"}
    seen_variants = set()
    for seed in range(40):
        d = s.determinize(1, seed)
        h = holders(d)
        assert h["thief"] == 1 and h["bishop"] == -2 and h["architect"] == -2
        red = next(c for c, p in h.items() if p == 0)
        assert red in {"assassin", "magician"}  # Red chose before Blue saw the cards
        later = {c for c, p in h.items() if p in (2, 3)}
        assert later <= passed_on
        assert d.observation(1) == s.observation(1)
        seen_variants.add(tuple(sorted(h.items())))
    assert len(seen_variants) > 1  # it really re-deals


def test_revealed_and_absent_characters_stay_where_everyone_saw_them():
    s = start(4, {0: "warlord", 1: "king", 2: "thief", 3: "merchant"}, down="assassin", up=["magician", "bishop"])
    # the Assassin was called and nobody answered: everyone knows it is face down
    assert turn_of(s) == ("thief", 2)
    for seed in range(30):
        d = s.determinize(0, seed)
        h = holders(d)
        assert h["assassin"] == -1 and h["thief"] == 2 and h["warlord"] == 0


def test_seven_players_the_last_player_knows_the_face_down_card():
    s = new(7)
    deal(s, crown=0)
    act(s, "deal-down merchant", CHANCE)
    for c in ["assassin", "thief", "magician", "king", "bishop", "architect"]:
        act(s, f"pick {c}")
    act(s, "pick warlord")  # the last player keeps the Warlord, lays the Merchant face down again
    for seed in range(20):
        d = s.determinize(6, seed)
        assert holders(d)["merchant"] == -1 and holders(d)["warlord"] == 6
    # the first player only knows it is one of the two cards he never saw
    variants = {holders(s.determinize(0, seed))["merchant"] for seed in range(40)}
    assert variants <= {-1, 6, 1, 2, 3, 4, 5}


def test_determinize_keeps_the_hand_seen_through_the_magicians_swap():
    s = start(4, {0: "magician", 1: "thief", 2: "king", 3: "warlord"}, down="assassin", up=["bishop", "architect"],
              hands={0: ["temple", "church", "monastery", "cathedral"]})
    while turn_of(s)[0] != "magician":
        act(s, "gold")
        if s.to_move() == [s.current_seat] and "end" in legal(s):
            act(s, "end")
    act(s, "swap 2")
    for seed in range(10):
        d = s.determinize(0, seed)
        assert hand(d, 2) == ["cathedral", "church", "monastery", "temple"]  # the Magician gave them
        d2 = s.determinize(2, seed)
        assert sorted(content.DISTRICT_SLUG[x] for x in d2.hands[0]) == hand(s, 0)  # Green knows what it gave
    # a third seat knows neither hand
    assert any(hand(s.determinize(3, seed), 2) != hand(s, 2) for seed in range(10))


def test_determinize_keeps_the_cards_a_seat_put_at_the_bottom():
    s = start(4, {0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, down="magician", up=["bishop", "architect"])
    act(s, "cards")
    draw(s, "castle", "tavern")
    act(s, "keep castle")
    for seed in range(10):
        assert content.DISTRICT_SLUG[s.determinize(0, seed).deck_bottom[0]] == "tavern"
    assert any(content.DISTRICT_SLUG[s.determinize(1, seed).deck_bottom[0]] != "tavern" for seed in range(20))


def test_determinize_of_random_positions_keeps_observation_and_legal_actions():
    for n in (2, 3, 4, 7):
        s = meeple.load("citadels", players=n).new_game(seed=11)
        rng = Rng(2)
        step = 0
        while s.to_move():
            p = s.to_move()[0]
            if step % 9 == 0:
                for q in [None, *range(n)]:
                    d = s.determinize(q, step)
                    assert d.observation(q) == s.observation(q)
                    if q is not None:
                        assert d.legal_actions(q) == s.legal_actions(q)
                    d.check_invariants()
            la = s.legal_actions(p)
            s.apply(la[rng.randbelow(len(la))], p)
            step += 1


def _hidden_deal(s):
    """Where every hidden card and character is, in a form that two equal deals share."""
    return (
        [sorted(h) for h in s.hands], list(s.deck_unseen), list(s.deck_bottom), sorted(s.drawn_to_choose), sorted(s.magician_discards),
        [list(st) for st in s.character_deal], list(s.character_pool), holders(s),
    )


def test_determinize_depends_only_on_what_the_seat_knows():
    # A determinized copy lies in the same information set as the real game, so re-determinizing it
    # with a seed must give exactly what determinizing the real game with that seed gives; any
    # dependence on where the hidden cards really are (the real deal) would show here.
    for n in (2, 4, 7):
        s = meeple.load("citadels", players=n).new_game(seed=5 + n)
        rng = Rng(n)
        step = 0
        while s.to_move():
            p = s.to_move()[0]
            if step % 13 == 0:
                for q in [None, *range(n)]:
                    direct = s.determinize(q, 99)
                    via_other_world = s.determinize(q, step + 1).determinize(q, 99)
                    assert _hidden_deal(via_other_world) == _hidden_deal(direct), (n, step, q)
            la = s.legal_actions(p)
            s.apply(la[rng.randbelow(len(la))], p)
            step += 1


def test_character_knowledge_the_sampler_cannot_use_falls_back_without_the_real_deal():
    s = start(4, {0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, down="magician", up=["bishop", "architect"])
    # Corrupt Blue's record of the offers it saw so that it fits no deal: the sampler must drop it
    # (keeping only public facts and Blue's own pick) rather than keep the real characters.
    s.draft_offers_seen[1] = [[0, [], [content.CHARACTER_SLUG.index("assassin"), content.CHARACTER_SLUG.index("thief")]]]
    deals = set()
    for seed in range(40):
        d = s.determinize(1, seed)
        h = holders(d)
        assert h["thief"] == 1 and h["bishop"] == -2 and h["architect"] == -2
        assert d.observation(1) == s.observation(1)
        d.check_invariants()
        deals.add(tuple(sorted(h.items())))
    assert len(deals) > 5


def test_determinize_does_not_carry_what_the_other_seats_really_saw_in_the_draft():
    # Two tables Red (seat 0) cannot tell apart: Green and Yellow hold the King and the Warlord one way
    # or the other. What Yellow was handed differs ({merchant, warlord} or {king, merchant}); a copy for
    # Red must not keep that, or Red's search (whose rollout players guess from it) would know who is King.
    one = start(4, {0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, down="magician", up=["bishop", "architect"])
    other = start(4, {0: "assassin", 1: "thief", 2: "warlord", 3: "king"}, down="magician", up=["bishop", "architect"])
    assert one.observation(0) == other.observation(0)
    assert one.draft_offers_seen[3] != other.draft_offers_seen[3]
    for seed in range(12):
        a, b = one.determinize(0, seed), other.determinize(0, seed)
        assert holders(a) == holders(b)
        assert a.draft_offers_seen == b.draft_offers_seen
        # and each seat's memory fits the world it is in: read again from that world, it is unchanged
        again = a.clone()
        again._redraw_offers_seen(None)
        assert again.draft_offers_seen == a.draft_offers_seen


def test_each_seats_memory_of_the_draft_is_read_back_from_the_deal():
    # the rule _redraw_offers_seen uses, on the real game: it gives back every offer as recorded
    for n in (2, 4, 7):
        s = meeple.load("citadels", players=n).new_game(seed=30 + n)
        rng = Rng(n)
        checked = 0
        while s.to_move() and checked < 40:
            p = s.to_move()[0]
            if any(s.draft_offers_seen):
                copy = s.clone()
                copy._redraw_offers_seen(None)
                assert copy.draft_offers_seen == s.draft_offers_seen, n
                checked += 1
            la = s.legal_actions(p)
            s.apply(la[rng.randbelow(len(la))], p)
        assert checked
