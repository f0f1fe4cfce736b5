"""The server answers in the reader's language (issue 18): ``?lang=``, ``Accept-Language``, the WebSocket
hello's ``lang``; a language it does not speak is a 422 naming the ones it does. Hidden lines stay
hidden in every language."""

from __future__ import annotations

import re

from .helpers import auth, client, humans

HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _first_move(c, gid: str, token: str) -> None:
    v = c.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    r = c.post(f"/api/games/{gid}/actions", headers=auth(token), json={"seq": v["seq"], "action": v["legal"][0]["action"]})
    assert r.status_code == 200, r.text


def test_views_come_in_the_language_asked_for(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (red, blue) = humans(c, "citadels", 2)
        english = c.get(f"/api/games/{gid}/view", headers=auth(red)).json()
        chinese = c.get(f"/api/games/{gid}/view?lang=zh", headers=auth(red)).json()
        by_header = c.get(f"/api/games/{gid}/view", headers={**auth(red), "Accept-Language": "zh-CN,zh;q=0.9"}).json()
        assert chinese == by_header
        assert len(english["log"]) == len(chinese["log"]) > 0
        assert all(HAN.search(line) for line in chinese["log"]) and not any(HAN.search(line) for line in english["log"])
        movers = chinese["to_move"]
        mine = red if 0 in movers else blue
        labels = c.get(f"/api/games/{gid}/view?lang=zh", headers=auth(mine)).json()["legal"]
        assert labels and all(HAN.search(entry["label"]) for entry in labels)
        assert [s["color"] for s in chinese["seats"]] == ["红方", "蓝方"]
        assert chinese["observation"] == english["observation"]  # only words change, never what is shown


def test_hidden_lines_stay_hidden_in_every_language(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (red, blue) = humans(c, "citadels", 2)
        for _ in range(3):
            v = c.get(f"/api/games/{gid}/view", headers=auth(red)).json()
            token = red if 0 in v["to_move"] else blue
            _first_move(c, gid, token)
        for lang in ("en", "zh"):
            mine = c.get(f"/api/games/{gid}/view?lang={lang}", headers=auth(red)).json()["log"]
            public = c.get(f"/api/games/{gid}/spectate?lang={lang}").json()["log"]
            assert len(public) < len(mine), "the seat's own hidden lines are not shown to spectators"
        assert len(c.get(f"/api/games/{gid}/spectate?lang=zh").json()["log"]) == \
            len(c.get(f"/api/games/{gid}/spectate?lang=en").json()["log"])


def test_an_unknown_language_is_a_422_listing_the_available_ones(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        for path in ("/api/catalog", "/api/lobby", "/api/i18n/fr"):
            url = path if path.endswith("/fr") else f"{path}?lang=fr"
            r = c.get(url)
            assert r.status_code == 422, (path, r.text)
            assert "en (English)" in r.json()["detail"] and r.json()["languages"] == ["en", "zh"]
        # the browser's page itself never fails on ?lang= (the client falls back quietly)
        assert c.get("/?lang=fr").status_code == 200


def test_errors_are_said_in_the_readers_language(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (red, blue) = humans(c, "citadels", 2)
        v = c.get(f"/api/games/{gid}/view", headers=auth(red)).json()
        waiting = blue if 0 in v["to_move"] else red
        body = {"seq": v["seq"], "text": "gold"}
        en = c.post(f"/api/games/{gid}/actions", headers=auth(waiting), json=body)
        zh = c.post(f"/api/games/{gid}/actions?lang=zh", headers=auth(waiting), json=body)
        assert en.status_code == zh.status_code == 422
        assert en.json()["error"] == zh.json()["error"] == "core.not_your_turn"
        assert "turn" in en.json()["detail"] and "回合" in zh.json()["detail"]
        missing = c.get("/api/games/nosuchgame?lang=zh")
        assert missing.status_code == 404 and HAN.search(missing.json()["detail"])


def test_the_catalog_and_the_catalogues_are_served_per_language(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        games = {g["id"]: g for g in c.get("/api/catalog?lang=zh").json()["games"]}
        assert games["citadels"]["name"] == "富饶之城" and games["kingsburg"]["name"] == "帝王堡"
        assert games["versailles"]["name"] == "凡尔赛" and games["cube-europe"]["name"] == "方块欧洲"
        for game in (games[g] for g in ("citadels", "kingsburg", "versailles", "gods-playground", "cube-europe")):
            assert HAN.search(game["summary"]), game["id"]
            for option in game["options"]:
                assert HAN.search(option["help"]) and len(option["labels"]) == len(option["choices"])
        english = {g["id"]: g for g in c.get("/api/catalog").json()["games"]}
        assert english["citadels"]["name"] == "Citadels"
        levels = c.get("/api/catalog?lang=zh").json()["bot_level_help"]
        assert all(HAN.search(level["help"]) for level in levels)
        data = c.get("/api/i18n/zh").json()
        assert data["lang"] == "zh" and data["messages"]["core.game_over"] == "对局已经结束，不能再行动"
        assert data["terms"]["citadels"]["character"]
        assert c.get("/api/i18n/zh-CN").json()["lang"] == "zh"


def test_the_websocket_speaks_the_hello_language(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (red, blue) = humans(c, "citadels", 2)
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as zh, c.websocket_connect(url) as en:
            zh.send_json({"type": "hello", "token": red, "lang": "zh"})
            en.send_json({"type": "hello", "token": red})
            first_zh, first_en = zh.receive_json(), en.receive_json()
            assert first_zh["type"] == first_en["type"] == "view"
            assert all(HAN.search(line) for line in first_zh["log"])
            assert not any(HAN.search(line) for line in first_en["log"])
            zh.send_json({"type": "move", "seq": first_zh["seq"], "text": "no-such-move", "ref": 1})
            error = zh.receive_json()
            while error["type"] != "error":
                error = zh.receive_json()
            assert HAN.search(error["detail"]) and error["error"].startswith("core.")
        with c.websocket_connect(url) as ws:
            ws.send_json({"type": "hello", "token": red, "lang": "fr"})
            try:
                ws.receive_json()
                raise AssertionError("an unknown language must close the connection")
            except Exception as exc:  # noqa: BLE001 - the test client raises WebSocketDisconnect
                assert getattr(exc, "code", None) == 1008 and "zh" in getattr(exc, "reason", "")
