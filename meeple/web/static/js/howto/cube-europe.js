// Cube Europe's drawings for the "How to play" sheet (see ../howto-pictures.js): a round.
import { s } from "../dom.js";
import { group, cube, die } from "../boards/kit.js";
import { pictureRoot, stepMark, arrow, hex } from "./parts.js";

// Cube Europe's cube and land colours (as printed: a filled hex shows its cube, an empty one its land)
const CUBE_FILL = { red: "#d64541", blue: "#3a6fd8", green: "#3c9a4a", white: "#f4f4f0", yellow: "#e8c22e" };
const LAND_FILL = { red: "#f2c4c1", blue: "#c9d8f6", green: "#c8e6cc", white: "#fbfbf7", yellow: "#f7ebb5" };
const SEAT_RED = "#d64541";

// Cube Europe, one round: (1) roll two dice; (2) one die on the market square showing its number takes a
// cube of that square's colour into the inventory; (3) the other die places that cube on a hex with its
// number next to a filled hex. The squares are those of the first market card of the game's content.
function round(content, label) {
  const cards = content && content.cards ? Object.values(content.cards) : [];
  const card = cards.find((c) => Array.isArray(c.squares) && c.squares.length === 3);
  if (!card) return null;
  const [takeFace, colour] = card.squares[0];
  const placeFace = card.squares.map((sq) => sq[0]).find((f) => f !== takeFace) || (takeFace % 6) + 1;
  const root = pictureRoot(660, 210, label);

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

export const PICTURES = { round };
