"""Every word a player reads exists in English and Chinese (issue 18), for every registered game.

Random games at every player count are played; at sample points every screen a player meets is
rendered in both languages: the log lines each seat may read, the sentence of every legal action, the
reason an illegal action is refused, the terminal board. A test fails on a message id that a language
lacks, on a placeholder left unfilled, and, in Chinese, on any Latin word of three letters or more
(outside the compact action notation quoted in “…”, which is what a player types). The games' titles,
summaries and option texts, and every component name of every game (``content.TERMS``), are checked
in both languages too.
"""

from __future__ import annotations

import importlib
import io
import re
from typing import Any

import pytest
from rich.console import Console

import meeple
from meeple.core import CHANCE, Action, Rng, State, i18n

from .harness import random_decision

LANGS = tuple(i18n.LANGUAGES)
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
ALLOWED_LATIN = {"meeple"}
QUOTED = re.compile(r"“[^”]*”|「[^」]*」")
UNFILLED = re.compile(r"\{\w+\}")
MAX_STEPS = 400
SAMPLE_EVERY = 7

GAME_IDS = sorted(meeple.games())
PLAYER_COUNTS = [(gid, n) for gid in GAME_IDS
                 for n in range(meeple.games()[gid].min_players, meeple.games()[gid].max_players + 1)]


def message_ids(message_id: str, args: Any) -> list[str]:
    """The id and the ids of the messages nested in its arguments."""
    found = [message_id]

    def walk(value: Any) -> None:
        if isinstance(value, dict) and "id" in value:
            found.append(value["id"])
            walk(value.get("args") or {})
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(args or {})
    return found


def problems_in(text: str, lang: str) -> list[str]:
    """What is wrong with a rendered text in ``lang``: placeholders left, English words in Chinese."""
    found = [f"unfilled placeholder {m}" for m in UNFILLED.findall(text)]
    if lang == "zh":
        bare = QUOTED.sub("", text)
        found += [f"Latin word {w!r}" for w in LATIN_WORD.findall(bare) if w.lower() not in ALLOWED_LATIN]
    return found


class Findings:
    def __init__(self, where: str) -> None:
        self.where = where
        self.items: dict[str, str] = {}

    def ids(self, message_id: str, args: Any, what: str) -> None:
        for mid in message_ids(message_id, args):
            for lang in LANGS:
                if not i18n.has(mid, lang):
                    self.items.setdefault(f"[{lang}] no message {mid}", what)

    def text(self, text: str, lang: str, what: str) -> None:
        for problem in problems_in(text, lang):
            self.items.setdefault(f"[{lang}] {problem}", f"{what}: {text[:160]}")

    def check(self) -> None:
        assert not self.items, f"{self.where}:\n" + "\n".join(f"  {k}   ({v})" for k, v in sorted(self.items.items())[:40])


def screen(state: State, viewer: int | None, lang: str) -> str:
    view = importlib.import_module(type(state).__module__.rsplit(".", 1)[0] + ".view")
    console = Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)
    console.print(view.render(state, viewer, lang=lang))
    return console.file.getvalue()  # type: ignore[attr-defined]


def illegal_samples(state: State, player: int, rng: Rng, k: int = 3) -> list[Action]:
    space = state.game.action_space() or []
    legal = set(state.legal_actions(player))
    out: list[Action] = []
    for _ in range(20):
        if len(out) >= k or not space:
            break
        action = space[rng.randbelow(len(space))]
        if action not in legal:
            out.append(action)
    return out


def look(state: State, findings: Findings, rng: Rng, step: int, every_viewer: bool = False) -> None:
    """Check what players read at this point. The terminal view (the costly part: Rich tables) is drawn
    for one viewer per sample, in turn (spectator, seat 0, seat 1, ...), or for every viewer at the end."""
    viewers = [None, *range(state.players)]
    if not every_viewer:
        viewers = [viewers[(step // SAMPLE_EVERY) % len(viewers)]]
    for viewer in viewers:
        for lang in LANGS:
            findings.text(screen(state, viewer, lang), lang, f"terminal view for {viewer} at step {step}")
    for mover in state.to_move():
        viewer = None if mover == CHANCE else mover
        for action in state.legal_actions(mover):
            message = state.describe_message(action, viewer)
            if message is None:
                findings.items.setdefault(f"no describe_message for {action.name}", str(action))
                continue
            findings.ids(message.id, message.args, f"describe {action}")
            for lang in LANGS:
                findings.text(state.describe(action, viewer, lang), lang, f"describe {action}")
        if mover != CHANCE:
            for action in illegal_samples(state, mover, rng):
                reason = state.why_illegal(action, mover)
                findings.ids(reason.id, reason.args, f"why_illegal {action}")
                for lang in LANGS:
                    findings.text(reason.render(lang), lang, f"why_illegal {action}")


@pytest.mark.parametrize(("game_id", "players"), [  # more than three players: with the daily tests
    pytest.param(g, n, id=f"{g}-{n}p", marks=[pytest.mark.daily] if n > 3 else []) for g, n in PLAYER_COUNTS])
def test_a_random_game_reads_entirely_in_each_language(game_id: str, players: int) -> None:
    state = meeple.load(game_id, players=players).new_game(seed=players)
    rng = Rng(1000 + players)
    findings = Findings(f"{game_id} {players}p")
    step = 0
    while state.to_move() and step < MAX_STEPS:
        if step % SAMPLE_EVERY == 0:
            look(state, findings, rng, step)
        player, action = random_decision(state, rng)
        state.apply(action, player)
        step += 1
    look(state, findings, rng, step, every_viewer=True)
    for entry in state.log:
        findings.ids(entry.id, entry.args, "log")
        for lang in LANGS:
            findings.text(entry.render(lang), lang, f"log {entry.id}")
    for viewer in [None, *range(state.players)]:
        for lang in LANGS:
            assert len(state.log_for(viewer, lang)) == len(state.log_for(viewer)), "a language shows other lines"
    findings.check()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_titles_summaries_options_and_component_names_exist_in_both_languages(game_id: str) -> None:
    info = meeple.games()[game_id]
    findings = Findings(game_id)
    ids = [f"{game_id}.title", f"{game_id}.summary"]
    for option in info.options:
        ids.append(f"{game_id}.option.{option.name}")
        ids += [f"{game_id}.option.{option.name}.{str(value).lower()}" for value in option.choices]
    for mid in ids:
        findings.ids(mid, {}, "game info")
        for lang in LANGS:
            findings.text(i18n.render(mid, {}, lang), lang, mid)
    terms = i18n.game_terms(game_id)
    assert "seat" in terms, f"{game_id}: content.TERMS names no seats"
    for kind, table in terms.items():
        entries = table.items() if isinstance(table, dict) else enumerate(table)
        for key, names in entries:
            for lang in LANGS:
                name = names.get(lang) if isinstance(names, dict) else None
                if not name:
                    findings.items.setdefault(f"[{lang}] no name for {kind} {key!r}", "TERMS")
                else:
                    findings.text(name, lang, f"TERMS {kind} {key!r}")
    findings.check()


def test_the_checks_catch_english_in_chinese_missing_ids_and_unfilled_placeholders() -> None:
    assert problems_in("红方建造了神庙。", "zh") == []
    assert problems_in("红方 builds 神庙", "zh") == ["Latin word 'builds'"]
    assert problems_in("红方执行“build temple”", "zh") == []
    assert problems_in("Red takes {n} gold", "en") == ["unfilled placeholder {n}"]
    findings = Findings("self-test")
    findings.ids("core.game_over", {"inner": {"id": "core.no_such_message", "args": {}}}, "nested")
    assert set(findings.items) == {"[en] no message core.no_such_message", "[zh] no message core.no_such_message"}
