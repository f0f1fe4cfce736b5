// Kingsburg's drawings for the "How to play" sheet (see ../howto-pictures.js): placing dice in a season.
import { s } from "../dom.js";
import { group, die } from "../boards/kit.js";
import { pictureRoot, stepMark, arrow } from "./parts.js";

const SEAT_RED = "#d64541";

// Kingsburg, placing dice: the rulebook's roll 6, 6 and 4, and the King's advisors (the content's numbers)
// in their two rows, those the dice can reach — the sum of one, two or all three of them — lit.
const KINGSBURG_ROLL = [6, 6, 4];

function season(content, label) {
  const numbers = content && content.advisors ? Object.keys(content.advisors).map(Number).filter((n) => n > 0).sort((a, b) => a - b) : [];
  if (!numbers.length) return null;
  const sums = new Set();
  for (let mask = 1; mask < 1 << KINGSBURG_ROLL.length; mask++) {
    sums.add(KINGSBURG_ROLL.reduce((sum, face, i) => (mask & (1 << i) ? sum + face : sum), 0));
  }
  const perRow = 6, rows = Math.ceil(numbers.length / perRow);   // three rows of six: readable on a phone
  const cell = 46, gap = 6, left = 150;
  const root = pictureRoot(left + perRow * (cell + gap) + 6, rows * (cell + gap) + 40, label);
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

export const PICTURES = { season };
