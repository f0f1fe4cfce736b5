"""The shared board kit (meeple/web/static/js/boards/kit.js), rendered in Chromium: each piece comes
out in the colour and with the label it is given, targets carry the contract's data-action and play
their move, dormant targets wait for their pick, and the change marks follow the seat's turns."""

from __future__ import annotations

import pytest

KIT = "/static/js/boards/kit.js"


@pytest.fixture
def kit_page(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.evaluate(f"async () => {{ window.kit = await import('{KIT}'); }}")
    return page


def _render(page, script: str):
    """Run ``script`` (a function body receiving ``kit`` and an SVG root ``svg``) and return its result."""
    return page.evaluate(f"""() => {{
        const kit = window.kit;
        const svg = kit.svgRoot(400, 200, "test");
        document.body.append(svg);
        return (function (kit, svg) {{ {script} }})(kit, svg);
    }}""")


@pytest.mark.parametrize("maker, kind", [("cube", "cube"), ("disc", "disc"), ("meeple", "meeple"), ("token", "token")])
def test_a_piece_has_its_colour_and_label(kit_page, maker, kind):
    got = _render(kit_page, f"""
        const el = kit.{maker}(50, 50, "#1f4fb4", {{ label: 7, title: "seven" }});
        svg.append(el);
        const shape = el.querySelector("[fill]");
        const label = el.querySelector(".piece-label");
        return {{ kind: el.dataset.piece, colour: el.dataset.colour, fill: shape.getAttribute("fill"),
                  label: label && label.textContent, ink: label && label.getAttribute("fill"),
                  tip: el.getAttribute("data-tip"), title: el.querySelector("title").textContent }};""")
    assert got == {"kind": kind, "colour": "#1f4fb4", "fill": "#1f4fb4", "label": "7", "ink": "#ffffff",
                   "tip": "seven", "title": "seven"}


def test_a_light_piece_gets_dark_ink_and_a_face_down_token_no_label(kit_page):
    got = _render(kit_page, """
        const light = kit.cube(10, 10, "#f4f0e4", { label: 3 });
        const down = kit.token(40, 10, "#c62828", { label: 5, faceDown: true });
        return [light.querySelector(".piece-label").getAttribute("fill"), down.dataset.face, down.querySelector(".piece-label")];""")
    assert got == ["#1d1d1f", "down", None]


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_die_shows_its_face_in_pips(kit_page, face):
    got = _render(kit_page, f"""
        const d = kit.die(30, 30, {face}, {{ colour: "#2e7d32", outcome: "hit" }});
        return [d.dataset.face, d.querySelectorAll(".pip").length, d.querySelector(".die-face").getAttribute("fill"),
                d.classList.contains("die-hit")];""")
    assert got == [str(face), face, "#2e7d32", True]


def test_a_track_lights_its_current_value(kit_page):
    got = _render(kit_page, """
        const tr = kit.track(0, 0, [1, 2, 3, 4, 5], { current: 4 });
        return [...tr.g.querySelectorAll(".track-cell")].map((c) => c.classList.contains("lit"));""")
    assert got == [False, False, False, True, False]


def test_a_target_carries_its_action_text_and_plays_it(kit_page):
    got = _render(kit_page, """
        const played = [];
        const ui = { act: (entry) => played.push(entry.text) };
        const spot = kit.group();
        svg.append(spot);
        kit.target(spot, { text: "build 3", label: "Build an estate in Little Poland", action: { name: "build", args: [3] } }, ui);
        spot.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        spot.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
        return [spot.getAttribute("data-action"), spot.classList.contains("legal"), spot.getAttribute("role"),
                spot.getAttribute("aria-label"), played];""")
    assert got == ["build 3", True, "button", "Build an estate in Little Poland", ["build 3", "build 3"]]


def test_a_dormant_target_waits_for_its_pick(kit_page):
    got = _render(kit_page, """
        const a = kit.dormant(kit.group(), "token-3", false), b = kit.dormant(kit.group(), "token-4", true);
        const picks = [];
        const source = kit.pickable(kit.group(), "token-3", false, (key) => picks.push(key), "token 3");
        source.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        return [a.classList.contains("dormant"), b.classList.contains("dormant"), a.dataset.needs, source.dataset.pick, picks];""")
    assert got == [True, False, "token-3", "token-3", ["token-3"]]


def test_changes_mark_what_differs_since_your_last_turn(kit_page):
    got = kit_page.evaluate("""() => {
        const kit = window.kit, ch = new kit.Changes();
        const draw = (view, value) => { ch.begin(view); const el = kit.group(); ch.mark(el, "thing", value); ch.end(); return el; };
        draw({ your_turn: true, seat: 0 }, 1);              // your turn: the thing shows 1
        draw({ your_turn: false, seat: 0 }, 1);             // you moved: this is how you left it
        const other = draw({ your_turn: false, seat: 0 }, 2); // someone else changed it
        const back = draw({ your_turn: true, seat: 0 }, 2);   // your turn again: still marked as changed
        const after = draw({ your_turn: false, seat: 0 }, 2); // your move done: the mark goes
        return [other.classList.contains("fresh"), back.classList.contains("changed"), back.classList.contains("fresh"),
                after.classList.contains("changed")];
    }""")
    assert got == [True, True, False, False]
