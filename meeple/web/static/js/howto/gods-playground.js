// God's Playground's drawings for the "How to play" sheet (see ../howto-pictures.js): the nobles and the
// King's election (phases 2 and 3 of a round) and a battle (one die per unit, what hits, misses and
// routs). Families' colours and areas, noble tokens and hit numbers are the game's content.
import { s } from "../dom.js";
import { group, cube, meeple, token, die, tip } from "../boards/kit.js";
import { named } from "../boards/common.js";
import { FAMILY_COLOURS, unitPiece } from "../boards/gods-playground.js";
import { pictureRoot, panel, arrow, crown, number } from "./parts.js";

const GAME = "gods-playground";
const PROVINCE = 0;                    // the nobles' example: White's token on the first province
const WHITE_TOKEN = 3;                 // ... showing 3
const CAMP_TOKENS = [2, 5, 4];         // the three families' tokens in the army camp (White, Blue, Red)

// An area (a province or the camp) as a parchment frame with its name in the page's language.
function areaFrame(x, y, w, h, area, fallback) {
  const name = named(GAME, "area", area, fallback);
  return tip(group({ class: "howto-area", "data-area": String(area) },
    s("rect", { x, y, width: w, height: h, rx: 8, class: "howto-area-frame" }),
    s("text", { x: x + w / 2, y: y + 18, "text-anchor": "middle", class: "howto-place-name" }, name)), name);
}

// Phase 2: White's noble token on a province becomes as many noble cubes there; phase 3: the highest
// token in the army camp makes its family King.
function nobles(content, label) {
  const tokens = content.noble_tokens || [];
  const provinces = content.provinces || [];
  if (!provinces.length || content.camp === undefined || ![WHITE_TOKEN, ...CAMP_TOKENS].every((v) => tokens.includes(v))) return null;
  const root = pictureRoot(480, 200, label);

  const two = panel(4, 4, 228, 192, 2);
  two.append(areaFrame(44, 14, 176, 170, PROVINCE, provinces[PROVINCE]));
  two.append(token(80, 70, FAMILY_COLOURS[0], { size: 34, label: WHITE_TOKEN }));
  two.append(arrow(80, 94, 80, 126));
  for (let k = 0; k < WHITE_TOKEN; k++) two.append(cube(70 + k * 30, 150, FAMILY_COLOURS[0], { size: 20 }));
  root.append(two);

  const three = panel(240, 4, 236, 192, 3);
  three.append(areaFrame(280, 14, 186, 100, content.camp, "army camp"));
  const best = Math.max(...CAMP_TOKENS);
  CAMP_TOKENS.forEach((v, seat) => {
    const x = 310 + seat * 56;
    if (v === best) three.append(s("rect", { x: x - 22, y: 46, width: 44, height: 44, rx: 8, class: "howto-lit" }));
    three.append(token(x, 68, FAMILY_COLOURS[seat], { size: 34, label: v }));
  });
  const king = CAMP_TOKENS.indexOf(best);
  three.append(arrow(310 + king * 56, 94, 370, 128));
  three.append(crown(370, 142, 34), meeple(370, 172, FAMILY_COLOURS[king], { size: 30 }));
  root.append(three);
  return root;
}

// The example battle: each unit rolls one die; a die at the unit's hit number or more hits, a 1 routs
// the unit, anything else misses.
const ROLLS = [["inf", 0, 5], ["cav", 1, 4], ["inf", 0, 4], ["cav", 1, 1]];

function battle(content, label) {
  const hitOn = content.hit_on || {};
  if (!ROLLS.every(([name]) => hitOn[name])) return null;
  const root = pictureRoot(480, 170, label);
  root.append(panel(4, 4, 472, 162, 0));
  ROLLS.forEach(([name, u, face], i) => {
    const x = 66 + i * 116, colour = FAMILY_COLOURS[1];
    const outcome = face === 1 ? "rout" : face >= hitOn[name] ? "hit" : "miss";
    const g = group({ class: `howto-roll ${outcome}`, "data-unit": name, "data-outcome": outcome });
    g.append(unitPiece(u, x, 42, colour, { size: 34 }));
    g.append(number(x, 80, `${hitOn[name]}+`, "howto-count"));
    g.append(die(x, 126, face, { size: 40, outcome }));
    root.append(g);
  });
  return root;
}

export const PICTURES = { nobles, battle };
