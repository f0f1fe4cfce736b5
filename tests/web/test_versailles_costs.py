"""Versailles's printed costs and words read one by one (issue 41): under each display tile and each tile in hand, and on
each decoration of the Workshop, every cost (a meeple or a cube with its number) sits right of its icon, apart
from the costs beside it and from those of the neighbouring tiles, and inside its tile's slot or its decoration's
space; and no word or number of the board runs into another or into a piece, nor passes its button — at
1280 × 800, 1024 × 768 and 360 × 800, with 2 and 5 players, as a game goes on.

Measured with getBoundingClientRect: the text box of a number is its glyphs' advance, so two boxes apart on
screen are two costs a player reads apart."""

from __future__ import annotations

import random
import time

import pytest

import meeple

from .daily import by_default
from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("versailles" not in meeple.games(), reason="Versailles is not registered")

GAME = "versailles"
GAP_PX = 3          # between two costs (of one line or of neighbouring lines)
NEAR_PX = 6         # at most between an icon and its number

# Every cost line shown on the board: each cost is an icon (a piece) followed by its number (a text). For each,
# where it is (page px), the room it must stay in (its slot's frame, its decoration's space) if any, and the
# board part (one drawing) it is in.
COSTS = """() => {
  const shown = (e) => e.getClientRects().length > 0 && !e.closest('.dormant');
  const box = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, r: r.right, t: r.top, b: r.bottom }; };
  const lines = [...document.querySelectorAll('[data-board] .vs-cost, [data-board] .vs-supply .vs-price')].filter(shown);
  return lines.map((line) => {
    const items = [];
    const kids = [...line.querySelectorAll('.piece, text')];
    kids.forEach((icon, i) => {
      const num = kids[i + 1];
      if (icon.tagName === 'text' || !num || num.tagName !== 'text') return;
      items.push({ icon: box(icon), num: box(num), text: num.textContent });
    });
    const roomOf = line.closest('.vs-slot') ? line.closest('.vs-slot').querySelector('.vs-slot-frame')
      : line.closest('.vs-supply') ? line.closest('.vs-supply').querySelector('.vs-supply-space') : null;
    const where = line.closest('.vs-slot') ? `slot ${line.closest('.vs-slot').dataset.slot}`
      : line.closest('.vs-hand-tile') ? `hand tile ${line.closest('.vs-hand-tile').dataset.tile}`
      : line.closest('.vs-supply') ? `decoration ${line.closest('.vs-supply').dataset.decoration}` : '?';
    return { where, part: [...document.querySelectorAll('[data-board] svg.board-svg')].indexOf(line.ownerSVGElement),
             room: roomOf ? box(roomOf) : null, items };
  });
}"""


# Every word or number drawn on the board (not a piece's own label) that runs into another or into a piece of
# the same drawing, and every button whose words pass its face.
TEXTS_APART = """() => {
  const shown = (e) => e.getClientRects().length > 0 && !e.closest('.dormant') && getComputedStyle(e).visibility !== 'hidden';
  const name = (e) => e.tagName === 'text' ? `"${e.textContent.trim().slice(0, 16)}"` : `a ${e.getAttribute('data-piece')}`;
  const where = (e) => { const at = e.closest('[data-location], [data-seat], [class^="vs-"]');
                         return at ? at.getAttribute('data-location') || at.getAttribute('class').split(' ')[0] : '?'; };
  const faults = [];
  for (const svg of document.querySelectorAll('[data-board] svg.board-svg')) {
    if (!shown(svg)) continue;
    const texts = [...svg.querySelectorAll('text')].filter((t) => shown(t) && t.textContent.trim() && !t.closest('.piece'));
    const things = [...texts, ...[...svg.querySelectorAll('.piece')].filter(shown)];
    const boxes = things.map((e) => e.getBoundingClientRect());
    for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < things.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 3) faults.push(`${name(things[i])} runs into ${name(things[j])} at ${where(things[i])}`);
    }
    for (const t of texts.filter((t) => t.classList.contains('svg-button-text'))) {
      const a = t.getBoundingClientRect(), b = t.parentNode.querySelector('.svg-button-face').getBoundingClientRect();
      if (a.left < b.left + 1 || a.right > b.right - 1) faults.push(`"${t.textContent}" passes its button at ${where(t)}`);
    }
  }
  return faults;
}"""


def _union(item: dict) -> dict:
    a, b = item["icon"], item["num"]
    return {"l": min(a["l"], b["l"]), "r": max(a["r"], b["r"]), "t": min(a["t"], b["t"]), "b": max(a["b"], b["b"])}


def cost_faults(lines: list[dict]) -> list[str]:
    """What is wrong with the cost lines as COSTS measured them: a number not just right of its icon, two costs
    closer than GAP_PX (in one line or neighbouring lines), a cost out of its slot or space."""
    faults = []
    every = [(line, k, item, _union(item)) for line in lines for k, item in enumerate(line["items"])]
    for line, k, item, whole in every:
        name = f"{line['where']} cost {k + 1} ({item['text']})"
        gap = item["num"]["l"] - item["icon"]["r"]
        if gap < -1 or gap > NEAR_PX:
            faults.append(f"{name}: its number is {gap:.1f} px from its icon")
        room = line["room"]
        if room and (whole["l"] < room["l"] - 0.5 or whole["r"] > room["r"] + 0.5):
            faults.append(f"{name}: passes its {line['where']} ({whole['l']:.0f}–{whole['r']:.0f} in {room['l']:.0f}–{room['r']:.0f})")
    for i, (line, k, _, a) in enumerate(every):
        for other, m, _, b in every[i + 1:]:
            if other["part"] != line["part"] or min(a["b"], b["b"]) - max(a["t"], b["t"]) <= 2:
                continue
            apart = max(b["l"] - a["r"], a["l"] - b["r"])
            if apart < GAP_PX:
                faults.append(f"{line['where']} cost {k + 1} and {other['where']} cost {m + 1}: {apart:.1f} px apart")
    return faults


def play_looking(page, seed: int, moves: int, timeout: float) -> tuple[int, dict[str, int]]:
    """Play random moves of the move list; before each, measure the cost lines and the words. Returns how many
    cost lines were measured and each fault with the move it was first seen at."""
    rnd = random.Random(seed)
    faults: dict[str, int] = {}
    measured = 0
    deadline = time.time() + timeout
    done = 0
    while done < moves and time.time() < deadline:
        if page.query_selector("#game-over"):
            break
        buttons = page.query_selector_all("#actions:not(.busy) button.action")
        if not buttons:
            page.wait_for_timeout(30)
            continue
        lines = page.evaluate(COSTS)
        measured += len(lines)
        for fault in cost_faults(lines) + page.evaluate(TEXTS_APART):
            faults.setdefault(fault, done)
        try:
            rnd.choice(buttons).click(timeout=2000)
            done += 1
        except Exception:  # the view was replaced under the click: look again
            continue
        page.wait_for_timeout(10)
    return measured, faults


@pytest.mark.parametrize(("width", "height", "players", "lang"),
                         by_default([(1280, 800, 2, "en"), (1280, 800, 5, "zh"), (1024, 768, 5, "en"), (360, 800, 2, "zh")],
                                    kept={(1024, 768, 5, "en"), (360, 800, 2, "zh")}))  # the tightest desk, a phone
def test_each_cost_and_word_reads_apart_from_its_neighbours(browser, server, deal_seed, width, height, players, lang):
    deal_seed(41)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, players, lang=lang)
    page.wait_for_selector("[data-board] [data-pick]")
    measured, faults = play_looking(page, seed=width + players, moves=40, timeout=30)
    assert measured >= 40, measured
    assert not faults, "\n".join(f"{fault} (move {at})" for fault, at in list(faults.items())[:20])
    assert page.console_errors == []
    context.close()
