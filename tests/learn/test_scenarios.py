"""The guided first games (meeple/learn, issue 42): every scenario replays through the engine and matches the
rules and both catalogues; a touch at each step of yours does what the step says; and the checker fails a
scenario that no longer matches (an illegal move, a missing sentence, a move out of turn)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from meeple.core import CHANCE, i18n
from meeple.learn import available, position, problems, scenario, shown_from, touch
from meeple.learn.scenario import ScenarioError, Step, from_dict

GAMES = available()


def test_cube_europe_has_a_guided_game() -> None:
    assert "cube-europe" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_scenario_matches_the_rules_and_the_catalogues(game: str) -> None:
    assert problems(scenario(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_scenario_replays_through_the_engine_step_by_step(game: str) -> None:
    """Each move is legal for its seat when it comes; touching your step's move plays on, any other legal
    move is 'not now' with the step's explanation, and the position does not move."""
    lesson = scenario(game)
    for k, step in enumerate(lesson.steps):
        state = position(lesson, k)
        if not step.moves:
            continue
        seat = lesson.seat_of(step)
        assert seat in state.to_move(), (k, step)
        assert step.action in [str(a) for a in state.legal_actions(seat)], (k, step)
        if step.who != "you":
            continue
        assert touch(lesson, k, step.action).kind == "advanced"
        for other in [str(a) for a in state.legal_actions(seat) if str(a) != step.action][:4]:
            answer = touch(lesson, k, other)
            assert answer.kind == "not_now" and answer.next == k
            assert answer.reason.id == (step.why_not or "core.learn.not_now")
    assert position(lesson, len(lesson.steps)).history != []


def test_an_illegal_touch_gets_the_games_own_refusal() -> None:
    lesson = scenario("cube-europe")
    k = next(k for k, s in enumerate(lesson.steps) if s.who == "you")
    answer = touch(lesson, k, "take 1 1")
    state = position(lesson, k)
    with pytest.raises(Exception) as refusal:
        state.parse_action("take 1 1", lesson.you)
    assert answer.kind == "refused" and answer.reason == refusal.value.message


def test_the_cube_europe_tutorial_covers_every_topic_of_the_issue() -> None:
    """Dice, the market, workers, territories, yellow effects, scoring: each comes up, and a whole game is
    played: every placed cube colour's effect, a full inventory and a returned cube, completed colours, the
    deck running out and reshuffled, the twelve rounds, and the end, whose score and rank the last note tells."""
    lesson = scenario("cube-europe")
    names = [s.action.split()[0] for s in lesson.steps if s.who == "you"]
    assert {"start", "take", "place", "worker", "chain", "white", "return"} <= set(names)
    says = " ".join(i18n.render(s.say, None, "en") for s in lesson.steps if s.say)
    for topic in ("rolled", "market", "worker", "territor", "yellow effect", "score", "inventory", "shuffled",
                  "round track", "completed colour", "rank"):
        assert topic in says, topic
    placed, returned, full, colours_done = set(), [], [], []
    for k, step in enumerate(lesson.steps):
        if step.who != "you":
            continue
        before, after = position(lesson, k), position(lesson, k + 1)
        placed |= {before.board(0).hexes[h][0] for h in after.filled_hexes[0] if h not in before.filled_hexes[0]}
        if step.action.startswith("return"):
            returned.append(k)
            full.append(len(before.inventory[0]))
        if after.score_breakdown(0)["colours"] > before.score_breakdown(0)["colours"]:
            colours_done.append(k)
    assert placed == {"red", "blue", "green", "white", "yellow"}, "a cube of every colour is placed"
    assert returned and full == [4], "a fourth cube taken with a full inventory, one returned"
    assert len(colours_done) >= 2, "colours are completed by your moves"
    reshuffled = [k for k in range(len(lesson.steps)) if position(lesson, k + 1).deck_exhaustions == 1
                  and position(lesson, k).deck_exhaustions == 0]
    assert reshuffled and lesson.steps[shown_from(lesson, reshuffled[0] + 1)].focus == "[data-deck]", "the reshuffle is told"
    final = position(lesson, len(lesson.steps))
    assert final.is_over() and final.round == 12 and final.deck_exhaustions == 2
    assert final.observation(0)["seats"][0]["effects"], "a yellow effect was tucked"
    last = lesson.steps[-1]
    assert last.who == "note" and last.focus
    english, chinese = final.rank(0)
    for lang, rank_name in (("en", english), ("zh", chinese)):
        told = i18n.render(last.say, last.args, lang)
        assert f"{final.score(0)} " in told and rank_name in told, (lang, told)
        for part in ("Novice", "Apprentice", "Journeyman", "Expert", "Master") if lang == "en" else ("新手", "学徒", "熟练工", "专家", "大师"):
            assert part in told, (lang, part)


def test_the_citadels_tutorial_covers_every_topic_of_the_issue() -> None:
    """The draft, gold or cards, building, the eight base characters and the game's end each come up; two
    rounds are played through and the tutorial stops at round 3's draft, before the game ends."""
    lesson = scenario("citadels")
    yours = {s.action.split()[0] for s in lesson.steps if s.who == "you"}
    bots = {s.action.split()[0] for s in lesson.steps if s.who == "bot"}
    assert {"pick", "facedown", "gold", "build", "income", "swap"} <= yours
    assert {"kill", "rob", "cards", "keep", "build", "destroy"} <= bots
    says = " ".join(i18n.render(s.say, s.args, "en") for s in lesson.steps if s.say)
    for name in ("Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"):
        assert name in says, name
    for topic in ("2 gold", "2 district cards", "build", "10 districts"):
        assert topic in says, topic
    final = position(lesson, len(lesson.steps)).observation(lesson.you)
    assert not final["over"] and final["round"] == 3 and final["phase"] == "draft"
    assert final["crown_seat"] == lesson.you  # nobody played the King in round 2
    assert sorted(final["cities"][lesson.you]) == ["church", "market", "temple", "trading-post", "watchtower"]


def test_the_citadels_second_round_is_played_with_the_magician_architect_warlord_and_bishop() -> None:
    """Round 2: you swap hands as the Magician and build three districts as the Architect after its 2 extra
    cards; Blue, the Bishop, is out of its own Warlord's reach, and the Warlord destroys one of yours."""
    from meeple.games.citadels.content import CHARACTER_SLUG

    lesson = scenario("citadels")
    actions = [(s.who, s.action) for s in lesson.steps if s.moves]
    assert ("you", "pick magician") in actions and ("you", "pick architect") in actions
    assert ("bot", "pick bishop") in actions and ("bot", "pick warlord") in actions
    k_swap = next(k for k, s in enumerate(lesson.steps) if s.who == "you" and s.action == "swap 1")
    before, after = position(lesson, k_swap), position(lesson, k_swap + 1)
    assert after.hands[0] == before.hands[1] and after.hands[1] == before.hands[0]
    assert len(before.hands[0]) < len(before.hands[1])
    builds = [k for k, s in enumerate(lesson.steps) if s.who == "you" and s.action.startswith("build")]
    architect = [k for k in builds if CHARACTER_SLUG[position(lesson, k).current_character] == "architect"]
    assert len(architect) == 3
    draws = [s.action for s in lesson.steps[architect[0] - 2:architect[0]]]
    assert [d.split()[0] for d in draws] == ["draw", "draw"], draws
    k_destroy = next(k for k, s in enumerate(lesson.steps) if s.who == "bot" and s.action.startswith("destroy"))
    targets = [str(a) for a in position(lesson, k_destroy).legal_actions(1) if str(a).startswith("destroy")]
    assert targets and all(t.startswith("destroy 0 ") for t in targets), targets  # Blue, the Bishop, is safe
    assert "manor" not in position(lesson, k_destroy + 1).cities[0]


def test_the_citadels_bot_draft_sentences_keep_its_characters_secret() -> None:
    """A bot's pick or face-down card is hidden: its sentence names no character, in any language."""
    from meeple.games.citadels.content import CHARACTER_NAME, CHARACTER_ZH

    lesson = scenario("citadels")
    secret = [s for s in lesson.steps if s.who == "bot" and s.action.split()[0] in ("pick", "facedown")]
    assert len(secret) == 6
    for step in secret:
        if step.say is None:
            continue  # played without a word; the next shown step tells it
        for lang, names in (("en", CHARACTER_NAME), ("zh", CHARACTER_ZH)):
            said = i18n.render(step.say, step.args, lang)
            assert not [n for n in names if n in said], (step, said)


def _every_bot_move_is_explained(lesson, at_least: int) -> None:  # type: ignore[no-untyped-def]
    """At least ``at_least`` bot moves, each said as it happens or by the very next shown step, itself Blue's."""
    bots = [k for k, s in enumerate(lesson.steps) if s.who == "bot"]
    assert len(bots) >= at_least
    for k in bots:
        assert lesson.steps[k].say or lesson.steps[shown_from(lesson, k)].who == "bot", k


def test_the_kingsburg_tutorial_covers_every_topic_of_the_issue() -> None:
    """Two players against an easy bot; the King's aid, the roll, advisors and their rewards, the +2 token,
    building, the King's envoy and the winter battle each come up in year 1. Year 2 is played to its end: your
    Statue rerolls a roll of equal dice, Blue places beside you with the envoy, your +2 token takes you to the
    General, you recruit and stop, and Blue loses a battle and its highest building; a note tells how the game
    ends. Every bot move is explained as it happens, and the tutorial hands over at year 3, before the end."""
    lesson = scenario("kingsburg")
    assert lesson.players == 2 and lesson.seats == ("you", "bot")
    _every_bot_move_is_explained(lesson, at_least=16)
    yours = [s.action for s in lesson.steps if s.who == "you"]
    names = {a.split()[0] for a in yours}
    assert {"take", "place", "use", "build", "recruit", "statue", "done"} <= names
    assert len(yours) >= 20 and 40 <= sum(s.shown for s in lesson.steps) <= 48
    assert "envoy 7" in [s.action for s in lesson.steps if s.who == "bot"], "Blue uses the King's envoy"
    chances = {s.action.split()[0] for s in lesson.steps if s.who == "chance"}
    assert {"roll", "enemy", "reinforce"} <= chances
    says = " ".join(i18n.render(s.say, None, "en") for s in lesson.steps if s.say)
    for topic in ("King's aid", "rolled", "advisor", "reward", "+2 token", "build", "King's envoy", "Winter", "soldier",
                  "Statue", "white die", "Recruiting", "highest building", "fifth winter", "most VP wins"):
        assert topic in says, topic
    k_statue = yours.index("statue")
    k_statue = [k for k, s in enumerate(lesson.steps) if s.who == "you"][k_statue]
    after = position(lesson, k_statue + 2)  # the Statue's one die rolled again
    assert after.observation(0)["unplaced_dice"][0] == [5, 1, 1]
    final = position(lesson, len(lesson.steps))
    seen = final.observation(0)
    assert not final.is_over() and seen["year"] == 3
    assert seen["battle_result"] == ["won", "lost"], "year 2's battle: you won, Blue lost"
    assert seen["buildings"] == [["statue", "tower", "barricade"], ["statue", "tower", "palisade"]], "Blue lost its Chapel"
    assert seen["vp"] == [8, 5] and seen["resources"][0] == [1, 0, 2]


def test_the_versailles_tutorial_covers_every_topic_of_the_issue() -> None:
    """Two players against an easy bot; moving, the jump (a double-move token), activating, taking a tile and
    building it in the palace, and the King (jumped over by Blue, then activated by you) each come up; then you
    learn a technology at the Alchemists' Guild and use it on Blue's turn, recruit both new workers at King's
    Favor and buy a decoration at the Workshop, and a note tells how the game ends and scores. Every bot move is
    explained as it happens, and the tutorial hands over before the game ends."""
    lesson = scenario("versailles")
    assert lesson.players == 2 and lesson.seats == ("you", "bot")
    _every_bot_move_is_explained(lesson, at_least=4)
    names = {s.action.split()[0] for s in lesson.steps if s.who == "you"}
    assert {"move", "jump", "activate", "take", "build", "flip", "tech", "recruit2", "buy"} <= names
    assert "jump al mq" in [s.action for s in lesson.steps if s.who == "bot"], "Blue jumps over King's Favor"
    says = " ".join(i18n.render(s.say, None, "en") for s in lesson.steps if s.say)
    for topic in ("arrow", "double-move token", "Activate", "palace tile", "construction site", "King's track", "game ends",
                  "technolog", "Alchemists' Guild", "recruit", "Workshop", "decoration", "3 VP", "most VP wins"):
        assert topic in says, topic
    shown = sum(step.shown for step in lesson.steps)
    assert 32 <= shown <= 45, shown
    you = lesson.you
    k_tech = next(k for k, s in enumerate(lesson.steps) if s.who == "you" and s.action.startswith("tech"))
    k_react = next(k for k, s in enumerate(lesson.steps) if k > k_tech and s.who == "you" and s.action == "activate")
    before = position(lesson, k_react)
    assert before.phase == "offer" and before.turn_seat != you, "the technology lets you activate on Blue's turn"
    after = position(lesson, k_react + 1)
    assert after.resources[you][0] == before.resources[you][0] + 2, "your two workers at the Lumber Mill collect 2 wood"
    final = position(lesson, len(lesson.steps))
    seen = final.observation(you)
    assert not final.is_over() and seen["king_space"] == 4, "jumped over, activated twice by you, once by Blue"
    assert seen["construction_site"].count(17) == 1 and seen["vp"][you] == 5, "the Council Chamber is built"
    assert seen["technology_levels"][you] == [0, 1, 0], "sites, level 1"
    assert seen["workers_off_board"][you][:2] == [0, 0], "both new workers recruited"
    assert seen["decorations"][you] == [0, 0, 0, 0, 0, 1], "the Tapestry bought"
    assert lesson.steps[-1].who == "note" and lesson.steps[-1].focus, "the end and the scoring, a part of the board lit"


def test_the_gods_playground_tutorial_covers_every_topic_of_the_issue() -> None:
    """Three families (the smallest count), you against two easy bots; estates, the noble tokens, the bids
    for the crown, the senate, diplomacy, armies, enemies and the round's scoring each come up; every bot
    move is told by its own sentence or by the next shown one, which names its family; armies, the battles
    and the enemies' attack are played, and the tutorial stops after round 1's scoring, in round 2's nobles."""
    lesson = scenario("gods-playground")
    assert lesson.players == 3 and lesson.seats == ("you", "bot", "bot")
    seat_names = {1: "Blue", 2: "Red"}
    for k, step in enumerate(lesson.steps):
        if step.who == "bot":
            told = lesson.steps[shown_from(lesson, k)]
            assert seat_names[step.seat] in i18n.render(told.say, told.args, "en"), k
    yours = {s.action.split()[0] for s in lesson.steps if s.who == "you"}
    assert {"estate", "token", "bid", "build", "pass", "diplomacy", "recruit", "buy", "campaign", "royal"} <= yours
    says = " ".join(i18n.render(s.say, s.args, "en") for s in lesson.steps if s.say)
    for topic in ("estate", "noble token", "bids", "senate", "Diplomacy", "armies", "enemies attack", "invade",
                  "royal army", "routs", "estates are lost", "points"):
        assert topic in says, topic
    campaign = next(k for k, s in enumerate(lesson.steps) if s.action == "campaign 3")
    after_campaign = position(lesson, campaign + 4).observation(lesson.you)  # its three dice rolled
    assert after_campaign["phase"] == 10 and after_campaign["track_nobles"][3][lesson.you] == 2, "two hits on the Ottomans' track"
    round_2 = next(k for k, s in enumerate(lesson.steps) if s.say == "gods-playground.learn.r2_token_camp")
    seen = position(lesson, round_2).observation(lesson.you)
    assert seen["round"] == 2 and seen["phase"] == 2, "round 1 is scored, round 2 begins"
    assert seen["king"] == lesson.you and seen["vp"] == [5, 7, 7], "the Ottomans' 5 for you; discs and money for the bots"
    assert seen["income_levels"][2] == 4 and seen["enemies_in_provinces"][3] == [0] * 5, "Ukraine at peace; Little Poland cleared"
    assert [len(seen["estates"][i]) for i in (0, 1)] == [2, 2], "Prussia and Lithuania each lost their third estate"


def test_the_gods_playground_tutorial_plays_on_into_round_2_and_shows_an_expansion() -> None:
    """What decided the newcomer's game is shown, not only told: round 2 is played with Jesuit schools (Blue's
    five in one action, +7; yours), a second treaty, and an expansion whose spill is on the board when its
    sentence is read (Swedes beside Russians in Lithuania and beside Habsburgs in Great Poland) and cancelled
    on the next step; notes then light the parts for the new city, the veto and the confederation, and every
    step's board agrees with its sentence where the old one ran ahead (events before the senate)."""
    lesson = scenario("gods-playground")
    shown = [k for k in range(len(lesson.steps)) if shown_from(lesson, k) == k]
    assert 55 <= len(shown) <= 64, len(shown)
    says = " ".join(i18n.render(s.say, s.args, "en") for s in lesson.steps if s.say)
    for topic in ("Jesuit school", "spill", "cancel", "new city", "Only one city", "liberum veto", "confederation",
                  "artillery is only raised from round 2", "bidding again",
                  "a die + 2", "seal"):
        assert topic in says, topic
    for cryptic in ("half of the game", "the price of diplomacy", "none expands"):
        assert cryptic not in says, cryptic
    step = {s.say: k for k, s in enumerate(lesson.steps) if s.say}
    g = "gods-playground.learn."
    events = position(lesson, step[g + "events"] + 1).observation(lesson.you)
    assert events["phase"] == 5 and events["senate"] == [-1] * 5, "the events' sentence is read before the senate sits"
    jesuits = position(lesson, step[g + "r2_jesuit"]).observation(lesson.you)
    assert jesuits["round"] == 2 and jesuits["vp"][1] == 14, "Blue's five schools in one action: 7 points"
    spill = position(lesson, step[g + "r2_expand"] + 1).observation(lesson.you)
    assert spill["phase"] == 13, "the board stops in the expansion"
    swedes, russia, habsburgs = 0, 1, 4
    lithuania, great_poland = 1, 4
    assert spill["enemies_in_provinces"][lithuania][swedes] == 2 and spill["enemies_in_provinces"][lithuania][russia] > 0
    assert spill["enemies_in_provinces"][great_poland][swedes] == 2 and spill["enemies_in_provinces"][great_poland][habsburgs] > 0
    after = position(lesson, step[g + "r2_cancel"]).observation(lesson.you)
    assert after["round"] == 3 and after["phase"] == 2
    assert after["enemies_in_provinces"][lithuania][swedes] == 0 and after["enemies_in_provinces"][great_poland][swedes] == 0, "cancelled"
    assert after["estates"][0] == [] and after["income_levels"][2] == 5, "Prussia overrun; Ukraine at peace under the treaty"
    assert after["vp"][lesson.you] == min(after["vp"]) and after["vp"].count(after["vp"][lesson.you]) == 1, "you alone last: a confederation is yours"
    focus = {lesson.steps[k].say: lesson.steps[k].focus for k in range(len(lesson.steps)) if lesson.steps[k].who == "note"}
    assert focus[g + "r2_city"] and focus[g + "r2_veto"] == ".gp-senate"
    final = position(lesson, len(lesson.steps))
    assert not final.is_over() and final.observation(lesson.you)["round"] == 3


def test_the_shown_steps_skip_the_silent_ones() -> None:
    lesson = scenario("cube-europe")
    silent = [k for k, s in enumerate(lesson.steps) if not s.shown]
    assert silent and all(lesson.steps[k].who == "chance" for k in silent)
    assert all(shown_from(lesson, k) > k for k in silent)
    assert shown_from(lesson, len(lesson.steps)) == len(lesson.steps)


def _broken(step_no: int, **change) -> list[str]:
    lesson = scenario("cube-europe")
    steps = list(lesson.steps)
    steps[step_no] = dataclasses.replace(steps[step_no], **change)
    return problems(dataclasses.replace(lesson, steps=tuple(steps)))


def test_the_checker_fails_an_expected_action_that_is_illegal() -> None:
    k = next(k for k, s in enumerate(scenario("cube-europe").steps) if s.who == "you" and s.action.startswith("place"))
    found = _broken(k, action="place 4 A1")
    assert any(f"step {k}" in p and "illegal" in p for p in found), found


def test_the_checker_fails_a_sentence_missing_in_a_language(monkeypatch: pytest.MonkeyPatch) -> None:
    real = i18n.template
    monkeypatch.setattr(i18n, "template", lambda mid, lang, n=None: None if (lang, mid) == ("zh", "cube-europe.learn.take") else real(mid, lang, n))
    assert any("cube-europe.learn.take" in p and "zh" in p for p in problems(scenario("cube-europe")))
    assert any("no.such.sentence" in p for p in _broken(3, why_not="no.such.sentence"))


def test_the_checker_fails_a_move_out_of_turn() -> None:
    found = _broken(4, who="you")  # the dice roll as if it were your move
    assert any("step 4" in p for p in found), found


def test_a_scenario_file_of_the_wrong_shape_is_refused() -> None:
    good = {"game": "cube-europe", "players": 1, "seats": ["you"], "intro": "a.b", "end": "a.c", "steps": []}
    assert from_dict(good).you == 0
    for bad in ({**good, "seats": ["bot"]}, {**good, "steps": [{"who": "you"}]}, {**good, "steps": [{"who": "dragon"}]},
                {k: v for k, v in good.items() if k != "end"}, {**good, "steps": [{"who": "bot", "action": "x"}]}):
        with pytest.raises(ScenarioError):
            from_dict(bad)
    assert Step("chance", "roll 1 1").shown is False and Step("note", say="x").moves is False


def _played_scenario(game: str, players: int, moves: int) -> dict:
    """A scenario written from the first legal action of a manual-chance game: seat 0 is you, the others
    bots, every random outcome a chance step (the shape a Kingsburg or Citadels scenario takes)."""
    import meeple

    state = meeple.load(game, players=players).new_game(seed=0, chance="manual")
    steps = []
    for _ in range(moves):
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        who = "chance" if seat == CHANCE else "you" if seat == 0 else "bot"
        step = {"who": who, "action": str(action), "say": "core.learn.not_now"}
        if who == "bot":
            step["seat"] = seat
        steps.append(step)
        state.apply(action, seat)
    return {"game": game, "players": players, "seats": ["you"] + ["bot"] * (players - 1),
            "intro": "core.learn.not_now", "end": "core.learn.not_now", "steps": steps}


@pytest.mark.parametrize("game", ["kingsburg", "citadels"])
def test_bot_and_chance_steps_replay_and_are_checked(game: str) -> None:
    data = _played_scenario(game, 2, 40)
    lesson = from_dict(data)
    assert {s.who for s in lesson.steps} >= {"you", "bot"}
    assert problems(lesson) == []
    k = next(k for k, s in enumerate(lesson.steps) if s.who == "you")
    assert touch(lesson, k, lesson.steps[k].action).kind == "advanced"
    bot = next(k for k, s in enumerate(data["steps"]) if s["who"] == "bot")
    data["steps"][bot]["seat"] = 0  # a bot step on your seat is caught
    assert any(f"step {bot}" in p for p in problems(from_dict(data)))


DIE_MOVES = ("take", "place", "worker")
TOUCH_A_DIE = {"en": re.compile(r"touch (the|your) die", re.IGNORECASE), "zh": re.compile(r"点击(你的)?骰子")}
NAMES_THE_DIE = {"en": "die {d}", "zh": "骰子 {d}"}


def test_the_cube_europe_sentences_ask_to_touch_a_die_only_when_the_board_waits_for_one() -> None:
    """The Cube Europe board keeps one of your dice picked (the first with a move): a die move is lit at once
    when only one die value has a move, and its die is lit first when several have. Each sentence of a die
    move of yours (and its explanation) says the same: no "touch the die" when the die is already chosen,
    the die's value when it must be touched first."""
    lesson = scenario("cube-europe")
    checked = {"one": 0, "several": 0}
    for k, step in enumerate(lesson.steps):
        name, *args = (step.action or "-").split()
        if step.who != "you" or name not in DIE_MOVES:
            continue
        state = position(lesson, k)
        values = {a.args[0] for a in state.legal_actions(lesson.you) if a.name in DIE_MOVES}
        die = int(args[0])
        for lang in ("en", "zh"):
            for message in filter(None, (step.say, step.why_not)):
                text = i18n.render(message, step.args, lang)
                if len(values) == 1:
                    assert not TOUCH_A_DIE[lang].search(text), (k, message, lang, text)
                else:
                    assert NAMES_THE_DIE[lang].format(d=die) in text, (k, message, lang, text)
        checked["one" if len(values) == 1 else "several"] += 1
    assert checked["one"] >= 3 and checked["several"] >= 2, checked
