// "A round in pictures" for the How to play sheet: small drawings made with the board kit from the
// game's printed content (/content/<game>.json), so they never go out of step with the game. A player
// text asks for one with a line "{{picture NAME}}"; the words that explain it are the text's own (in
// its language), the drawing holds only pieces and numbers.
//
//   const svg = drawPicture("cube-europe", "round", content, "A round");   // an <svg>, or null
import { s } from "./dom.js";
import { svgRoot, group, cube, die } from "./boards/kit.js";

// Cube Europe's cube and land colours (as printed: a filled hex shows its cube, an empty one its land)
const CUBE_FILL = { red: "#d64541", blue: "#3a6fd8", green: "#3c9a4a", white: "#f4f4f0", yellow: "#e8c22e" };
const LAND_FILL = { red: "#f2c4c1", blue: "#c9d8f6", green: "#c8e6cc", white: "#fbfbf7", yellow: "#f7ebb5" };
const SEAT_RED = "#d64541";

// A step's number in a circle, at the top left of its panel.
function stepMark(x, y, n) {
  return group({ class: "howto-step" },
    s("circle", { cx: x, cy: y, r: 13, class: "howto-step-disc" }),
    s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", class: "howto-step-num" }, String(n)));
}

function arrow(x1, y1, x2, y2) {
  const a = Math.atan2(y2 - y1, x2 - x1), k = 9;
  const head = `${x2},${y2} ${x2 - k * Math.cos(a - 0.45)},${y2 - k * Math.sin(a - 0.45)} ${x2 - k * Math.cos(a + 0.45)},${y2 - k * Math.sin(a + 0.45)}`;
  return group({ class: "howto-arrow" }, s("line", { x1, y1, x2, y2 }), s("polygon", { points: head }));
}

// A pointy-top hexagon centred on (x, y) with radius r.
function hex(x, y, r, fill) {
  const pts = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = Math.PI / 180 * (60 * i - 90);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return s("polygon", { points: pts, fill, class: "howto-hex" });
}

// Cube Europe, one round: (1) roll two dice; (2) one die on the market square showing its number takes a
// cube of that square's colour into the inventory; (3) the other die places that cube on a hex with its
// number next to a filled hex. The squares are those of the first market card of the game's content.
function cubeEuropeRound(content, label) {
  const cards = content && content.cards ? Object.values(content.cards) : [];
  const card = cards.find((c) => Array.isArray(c.squares) && c.squares.length === 3);
  if (!card) return null;
  const [takeFace, colour] = card.squares[0];
  const placeFace = card.squares.map((sq) => sq[0]).find((f) => f !== takeFace) || (takeFace % 6) + 1;
  const root = svgRoot(660, 210, label);
  root.classList.add("howto-picture-svg");

  // 1: the roll
  root.append(group({ class: "howto-panel" }, s("rect", { x: 4, y: 4, width: 150, height: 202, rx: 10, class: "howto-panel-frame" }),
    stepMark(24, 24, 1), die(58, 110, takeFace, { size: 42, colour: SEAT_RED }), die(108, 110, placeFace, { size: 42, colour: SEAT_RED })));

  // 2: take — the market card's three centre squares, the die on the matching one, the cube to the inventory
  const take = group({ class: "howto-panel" }, s("rect", { x: 164, y: 4, width: 262, height: 202, rx: 10, class: "howto-panel-frame" }), stepMark(184, 24, 2));
  take.append(s("rect", { x: 200, y: 40, width: 108, height: 156, rx: 8, class: "howto-card" }));
  card.squares.forEach(([face, col], i) => {
    const y = 66 + i * 46;
    take.append(s("rect", { x: 208, y: y - 19, width: 92, height: 38, rx: 5, fill: LAND_FILL[col] || "#eee", class: "howto-square" }));
    take.append(die(230, y, face, { size: 28, colour: "#fffdf5", ink: "#1d1d1f" }));
    take.append(cube(276, y, CUBE_FILL[col] || "#999", { size: 18 }));
  });
  take.append(die(230, 66, takeFace, { size: 24, colour: SEAT_RED }));     // the die put on the square
  take.append(arrow(300, 66, 352, 110));
  take.append(s("rect", { x: 340, y: 96, width: 76, height: 30, rx: 5, class: "howto-inventory" }));
  take.append(cube(356, 111, CUBE_FILL[colour] || "#999", { size: 18 }));
  root.append(take);

  // 3: place — a filled start hex, the empty neighbour of the cube's colour with the other die's number
  const place = group({ class: "howto-panel" }, s("rect", { x: 436, y: 4, width: 220, height: 202, rx: 10, class: "howto-panel-frame" }), stepMark(456, 24, 3));
  const r = 34;
  place.append(hex(500, 118, r, LAND_FILL.yellow), cube(500, 118, CUBE_FILL.yellow, { size: 22 }));
  const nx = 500 + r * Math.sqrt(3), ny = 118;
  place.append(hex(nx, ny, r, LAND_FILL[colour] || "#eee"));
  place.append(die(nx, ny - 12, placeFace, { size: 20, colour: "#fffdf5", ink: "#1d1d1f" }));
  place.append(cube(nx, ny + 14, CUBE_FILL[colour] || "#999", { size: 20 }));
  place.append(die(nx + 54, 60, placeFace, { size: 30, colour: SEAT_RED }));
  place.append(arrow(nx + 42, 74, nx + 14, 100));
  root.append(place);
  return root;
}

// Kingsburg, placing dice: the rulebook's roll 6, 6 and 4, and the King's advisors (the content's numbers)
// in their two rows, those the dice can reach — the sum of one, two or all three of them — lit.
const KINGSBURG_ROLL = [6, 6, 4];

function kingsburgSeason(content, label) {
  const numbers = content && content.advisors ? Object.keys(content.advisors).map(Number).filter((n) => n > 0).sort((a, b) => a - b) : [];
  if (!numbers.length) return null;
  const sums = new Set();
  for (let mask = 1; mask < 1 << KINGSBURG_ROLL.length; mask++) {
    sums.add(KINGSBURG_ROLL.reduce((sum, face, i) => (mask & (1 << i) ? sum + face : sum), 0));
  }
  const perRow = 6, rows = Math.ceil(numbers.length / perRow);   // three rows of six: readable on a phone
  const cell = 46, gap = 6, left = 150;
  const root = svgRoot(left + perRow * (cell + gap) + 6, rows * (cell + gap) + 40, label);
  root.classList.add("howto-picture-svg");
  root.append(stepMark(20, 20, 1));
  KINGSBURG_ROLL.forEach((face, i) => root.append(die(34 + i * 40, 70, face, { size: 34, colour: SEAT_RED })));
  root.append(arrow(128, 70, left - 4, 46));
  numbers.forEach((n, i) => {
    const x = left + (i % perRow) * (cell + gap), y = 20 + Math.floor(i / perRow) * (cell + gap);
    const lit = sums.has(n);
    root.append(group({ class: `howto-advisor ${lit ? "lit" : ""}`, "data-advisor": String(n) },
      s("rect", { x, y, width: cell, height: cell, rx: 6, class: "howto-advisor-face" }),
      s("text", { x: x + cell / 2, y: y + cell / 2, "text-anchor": "middle", "dominant-baseline": "central", class: "howto-advisor-num" }, String(n))));
  });
  // (2) the handful for 10: the 6 and the 4 sit on advisor 10
  const ten = numbers.indexOf(10);
  if (ten >= 0) {
    const x = left + (ten % perRow) * (cell + gap), y = 20 + Math.floor(ten / perRow) * (cell + gap);
    root.append(die(x + 12, y + cell - 4, 6, { size: 18, colour: SEAT_RED }), die(x + 34, y + cell - 4, 4, { size: 18, colour: SEAT_RED }));
    root.append(stepMark(x + 2, y + 2, 2));
  }
  return root;
}

const PICTURES = {
  "cube-europe": { round: cubeEuropeRound },
  kingsburg: { season: kingsburgSeason },
};

// The drawing `name` of game `gameId` from its `content`, labelled `label`; null when there is none.
export function drawPicture(gameId, name, content, label) {
  const draw = PICTURES[gameId] && PICTURES[gameId][name];
  return draw ? draw(content, label) : null;
}

// Whether `gameId` has any drawing (the sheet then loads the game's content first).
export function hasPictures(gameId) {
  return Boolean(PICTURES[gameId]);
}
