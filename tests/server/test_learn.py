"""The learn routes (issue 42): a step's view for your seat with its sentence, a touch answered (played on,
refused with the game's reason, not now with the scenario's), the catalog's Learn flag; nothing stored."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from meeple.core import i18n
from meeple.learn import available
from meeple.server import Settings, create_app


@pytest.fixture
def client(sqlite_url: str):
    with TestClient(create_app(Settings(db_url=sqlite_url))) as c:
        yield c


def test_a_step_of_yours_shows_the_position_before_the_move_and_every_legal_action(client) -> None:
    got = client.get("/api/learn/cube-europe/steps/3?lang=zh").json()
    assert got["who"] == "you" and got["expected"] == "start D3"
    assert got["say"] == i18n.render("cube-europe.learn.start", None, "zh")
    view = got["view"]
    assert view["your_turn"] and {e["text"] for e in view["legal"]} == {"start A3", "start D3", "start E1"}
    assert view["observation"]["seats"][0]["board_card"] == 7


def test_a_chance_step_shows_the_position_after_it_and_no_move(client) -> None:
    got = client.get("/api/learn/cube-europe/steps/0").json()
    assert got["who"] == "chance" and got["intro"] and got["number"] == 1
    assert got["view"]["legal"] == [] and got["view"]["observation"]["seats"][0]["board_card"] == 7
    assert got["next"] == 2  # the silent card draw is skipped
    assert client.get("/api/learn/cube-europe/steps/1").json()["step"] == 2


def test_a_touch_plays_on_or_says_why_not(client) -> None:
    assert client.post("/api/learn/cube-europe/steps/3", json={"text": "start D3"}).json() == {"result": "advanced", "next": 4, "reason": None}
    other = client.post("/api/learn/cube-europe/steps/3?lang=zh", json={"text": "start A3"}).json()
    assert other == {"result": "not_now", "next": 3, "reason": i18n.render("cube-europe.learn.start_why", None, "zh")}
    refused = client.post("/api/learn/cube-europe/steps/3", json={"text": "take 1 1"}).json()
    assert refused["result"] == "refused" and refused["next"] == 3 and "yellow" in refused["reason"]


def test_the_end_and_the_wrong_asks(client) -> None:
    steps = client.get("/api/learn/cube-europe/steps/0").json()["steps"]
    end = client.get(f"/api/learn/cube-europe/steps/{steps}").json()
    assert end["done"] and end["say"] == i18n.render("cube-europe.learn.end", None, "en")
    assert client.get(f"/api/learn/cube-europe/steps/{steps + 1}").status_code == 404
    assert client.get("/api/learn/no-such-game/steps/0").status_code == 404
    assert client.post("/api/learn/cube-europe/steps/0", json={"text": "board 7"}).status_code == 409
    listed = client.get("/api/learn").json()["games"]
    assert listed == available() and {"citadels", "cube-europe", "kingsburg"} <= set(listed)
    flags = {g["id"]: g["learn"] for g in client.get("/api/catalog").json()["games"]}
    assert flags == {game: game in listed for game in flags} and flags["citadels"] is True


def test_a_step_carries_the_whole_log_so_far(client) -> None:
    """The tutorial's "What happened" is the guided game's whole log (its first line on), one event per line, as a
    real game's page has it: the lines a later step explains are still there."""
    from meeple.learn import position, scenario

    lesson = scenario("gods-playground")
    k = max(k for k, step in enumerate(lesson.steps) if step.shown and step.who == "note")
    got = client.get(f"/api/learn/gods-playground/steps/{k}?lang=zh").json()
    entries = [e for e in position(lesson, k).log if e.visible(lesson.you)]
    assert got["log"] == [e.render("zh") for e in entries] and len(entries) > 100
    assert len(got["view"]["events"]) == len(got["log"])
