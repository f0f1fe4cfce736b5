"""The "How to play" texts for players (meeple/web/static/howto/<game>.<lang>.md): every game has both
languages with the same sections (the goal, the components, the set-up, every section a phase opens,
the scoring, the variants, the link to the rules as implemented), and no player text reads like code:
no backticks, calls, comparisons, file paths, snake_case names or move codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "meeple" / "web" / "static" / "howto"
RULES_JS = ROOT / "meeple" / "web" / "static" / "js" / "rules.js"
GAMES = ("cube-europe", "citadels", "kingsburg", "versailles", "gods-playground")
LANGS = ("en", "zh")
REQUIRED = ("goal", "components", "setup", "scoring", "variants", "implementation")

HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*\{#([a-z0-9-]+)\}\s*$")

# what code looks like in a text: each pattern with what it catches
CODE_LIKE = {
    "backtick": re.compile(r"`"),
    "a call": re.compile(r"\w\(\)|\(\)"),
    "a comparison": re.compile(r"==|!=|<=|>="),
    "a file path or name": re.compile(r"(?:\b[\w.-]+/)+[\w.-]+\.\w+|\b[\w-]+\.(?:py|md|js|json|txt|po|css)\b|\bdocs/|\bmeeple/|\bseeds/"),
    "a snake_case name": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "a command-line option": re.compile(r"(?<![\w-])--[a-z]"),
    # move codes: a verb with two numbers or hexes ("take 4 2", "roll 6 6 4", "place 6 B3"), a hyphenated
    # code ("keep-done", "deal-up", "navigate-gold"), the Market's "m+1"
    "a move code": re.compile(r"\b[a-z]+ (?:\d|[A-E]\d)+ (?:\d|[A-E]\d)\b|\b(?:keep-done|deal-up|deal-down|navigate-gold|navigate-cards|give-crown|tribute-gold|"
                              r"exchange-with|wizard-keep|wizard-build)\b|\bm[+-]1\b"),
    "an internal name": re.compile(r"\b(?:winners|observation|determinize|state|seed rulebook|chance event)\b", re.I),
}


def text(game: str, lang: str) -> str:
    return (HOWTO / f"{game}.{lang}.md").read_text(encoding="utf-8")


def section_keys(markdown: str) -> list[str]:
    return [m.group(3) for line in markdown.splitlines() if (m := HEADING.match(line))]


def phase_keys(game: str) -> set[str]:
    """The section keys rules.js opens for ``game``'s phases (its RULES_SECTIONS entry)."""
    source = RULES_JS.read_text(encoding="utf-8")
    name = f'"{game}"' if "-" in game else game
    block = source[source.index(f"  {name}: {{"):]
    keys = re.search(r"keys: \{(.*?)\}", block, re.S)
    assert keys, game
    return set(re.findall(r':\s*"([a-z0-9-]+)"', keys.group(1)))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_both_languages_with_the_same_sections(game: str) -> None:
    en, zh = section_keys(text(game, "en")), section_keys(text(game, "zh"))
    assert en == zh, (game, en, zh)
    missing = [k for k in (*REQUIRED, *sorted(phase_keys(game))) if k not in en]
    assert not missing, (game, missing)
    assert len(set(en)) == len(en), game
    for lang in LANGS:
        body = text(game, lang)
        assert body.startswith("# "), (game, lang)   # the sheet's title
        assert "](#implementation)" in body.split("{#implementation}")[1], (game, lang)   # the link at the end


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_player_text_reads_like_code(game: str, lang: str) -> None:
    body = text(game, lang)
    # the section keys, the link and the drawings ("{{picture round}}") are not prose
    prose = re.sub(r"\{#[a-z0-9-]+\}|\]\(#implementation\)|\{\{picture [a-z0-9-]+\}\}", "", body)
    found = {what: pattern.findall(prose) for what, pattern in CODE_LIKE.items()}
    assert not {k: v for k, v in found.items() if v}, (game, lang)
    if lang == "zh":   # no English words left but the names of the components in brackets
        english = re.findall(r"[A-Za-z]{4,}", re.sub(r"（[^）]*）|\([^)]*\)", "", prose))
        assert not english, (game, english[:10])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_tables_are_whole_tables_at_the_left_margin(game: str, lang: str) -> None:
    """A table renders as a table only at the start of a line with its header and |---| line: a table
    inside a list (indented) would show its |---| as text."""
    lines = text(game, lang).splitlines()
    for i, line in enumerate(lines):
        if "|" in line and line.lstrip().startswith("|"):
            assert not line.startswith(" "), (game, lang, i + 1, line)
            if not lines[i - 1].startswith("|"):   # a table's first line: its header, then the separator
                assert re.fullmatch(r"\|(?:\s*:?-+:?\s*\|)+", lines[i + 1]), (game, lang, i + 1)
                assert lines[i + 1].count("|") == line.count("|"), (game, lang, i + 1)


def _table(markdown: str, header: str) -> list[list[str]]:
    """The body rows of the table whose header line starts with ``header``."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_kingsburgs_tables_are_the_games_own_numbers(lang: str) -> None:
    """The advisors and the buildings in the player text are the game's content: names, costs, points."""
    from meeple.games.kingsburg import content

    body = text("kingsburg", lang)
    advisors = _table(body, "| No. |" if lang == "en" else "| 编号 |")
    assert [(int(n), name) for n, name, _gift in advisors] == [
        (n, terms[0][lang]) for n, terms in sorted(content.ADVISOR_TERMS.items())]
    buildings = _table(body, "| Building |" if lang == "en" else "| 建筑 |")
    assert len(buildings) == len(content.BUILDINGS)
    for (name, cost, points, _effect), (_key, en, price, vp, zh) in zip(buildings, content.BUILDINGS):
        assert (name, tuple(int(c) for c in cost.split("/")), int(points)) == ((en if lang == "en" else zh), price, vp)


@pytest.mark.parametrize("lang", LANGS)
def test_citadels_and_cube_europes_tables_are_the_games_own(lang: str) -> None:
    """Citadels' purple districts (name, cost) and Cube Europe's yellow effects (names) are the content's."""
    from meeple.games.citadels import content as citadels
    from meeple.games.cube_europe import content as cube

    purple = _table(text("citadels", lang), "| District |" if lang == "en" else "| 地区 |")
    printed = {(row[1] if lang == "en" else row[2], row[4]) for row in citadels.DISTRICT_TABLE if row[3] == citadels.PURPLE}
    assert {(name, int(cost)) for name, cost, _power in purple} == printed
    effects = _table(text("cube-europe", lang), "| Effect |" if lang == "en" else "| 效果 |")
    assert {row[0] for row in effects} == {names[lang] for names in cube.TERMS["effect"].values()}


PICTURE_LINE = re.compile(r"^\{\{picture ([a-z0-9-]+)\}\}$")
PICTURES_JS = ROOT / "meeple" / "web" / "static" / "js" / "howto"


def pictures_in(markdown: str) -> list[tuple[str, str]]:
    """The drawings a text asks for, each with the key of the section it is in: [(section, name), ...]."""
    found, section = [], ""
    for line in markdown.splitlines():
        if m := HEADING.match(line):
            section = m.group(3)
        elif m := PICTURE_LINE.match(line.strip()):
            found.append((section, m.group(1)))
    return found


def drawn_pictures(game: str) -> set[str]:
    """The drawings js/howto/<game>.js exports (its ``PICTURES = { ... }`` line)."""
    source = (PICTURES_JS / f"{game}.js").read_text(encoding="utf-8")
    names = re.search(r"export const PICTURES = \{([^}]*)\}", source)
    assert names, game
    return set(re.findall(r"[a-z][a-z0-9-]*", names.group(1)))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_round_in_pictures_in_both_languages(game: str) -> None:
    """Issue 41: every game's text asks for at least one drawing, the same ones in the same sections in
    both languages, each one its game's module draws, each followed by words that explain it."""
    en, zh = pictures_in(text(game, "en")), pictures_in(text(game, "zh"))
    assert en, game
    assert en == zh, (game, en, zh)
    assert {name for _section, name in en} <= drawn_pictures(game), (game, en)
    for lang in LANGS:
        lines = text(game, lang).splitlines()
        for i, line in enumerate(lines):
            if PICTURE_LINE.match(line.strip()):   # a blank line, then a paragraph of words, not a heading
                after = next(rest for rest in lines[i + 1:] if rest.strip())
                assert not after.startswith("#") and not PICTURE_LINE.match(after.strip()), (game, lang, i + 1)
