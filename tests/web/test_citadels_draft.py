"""Citadels's draft at the widths players use (meeple/web/static/js/boards/citadels.js fitDraft): the
character cards handed to you lie in one row at 1280 × 800 when they can (7 cards, and 8 with a rank-9
character), narrower but still readable; at a tablet's width in even rows (never a card alone under six);
at 360 the phone's rows of three. Seat 0 is dealt the crown, so it picks first from the fullest hand."""

from __future__ import annotations

import pytest

import meeple

from .test_citadels_board import DARK_CITY, _start_with_options

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")

FIRST_PICK = 15  # the seed dealing seat 0 the crown at 7 players, with the base characters and with DARK_CITY
CARDS = """() => [...document.querySelectorAll('[data-board] .cit-draft-card')].map((e) => {
    const box = e.getBoundingClientRect(), ability = e.querySelector('.cit-ability');
    return { top: Math.round(box.top), left: box.left, right: box.right, width: box.width, height: box.height,
             text: parseFloat(getComputedStyle(ability).fontSize), clipped: ability.scrollHeight > ability.clientHeight + 1 };
})"""


def _draft(page, server: str, deal_seed, options: dict, width: int, height: int, lang: str = "en") -> list[dict]:
    deal_seed(FIRST_PICK)
    page.set_viewport_size({"width": width, "height": height})
    _start_with_options(page, server, 7, options, lang=lang)
    page.wait_for_selector("#board:not(.busy) [data-board] .cit-draft-card[data-action^='pick ']")
    cards = page.evaluate(CARDS)
    assert len(cards) == (8 if options else 7)
    return cards


def _rows(cards: list[dict]) -> list[int]:
    tops = sorted({c["top"] for c in cards})
    return [sum(1 for c in cards if c["top"] == top) for top in tops]


@pytest.mark.parametrize("options", [{}, DARK_CITY], ids=["seven", "eight"])
def test_the_draft_lies_in_one_row_at_1280(page, server, deal_seed, options):
    cards = _draft(page, server, deal_seed, options, 1280, 800)
    assert _rows(cards) == [len(cards)], cards  # every card's top in one line
    board = page.eval_on_selector("[data-board] .cit-draft", "e => e.getBoundingClientRect().right")
    for c in cards:
        assert c["width"] >= 100 and c["height"] >= 32 and c["right"] <= board, c
        assert c["text"] >= 11 and not c["clipped"], c  # the ability text keeps its size, whole
    assert len({round(c["height"]) for c in cards}) == 1  # as tall as each other
    assert page.console_errors == []


@pytest.mark.parametrize("width,height", [(1024, 768), (768, 1024)])
def test_at_a_tablets_width_the_draft_lies_in_even_rows(page, server, deal_seed, width, height):
    cards = _draft(page, server, deal_seed, {}, width, height)
    rows = _rows(cards)
    assert max(rows) - min(rows) <= 1, rows  # 4 + 3, not 6 + 1
    assert all(c["width"] >= 100 for c in cards), cards
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.console_errors == []


def test_at_360_the_draft_keeps_its_rows_of_three(page, server, deal_seed):
    cards = _draft(page, server, deal_seed, {}, 360, 800, lang="zh")
    assert _rows(cards) == [3, 3, 1]
    assert all(c["width"] >= 32 and c["height"] >= 32 for c in cards)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.console_errors == []
