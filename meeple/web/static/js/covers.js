// The gallery's covers: each game drawn from its own pieces (the board kit's cubes, discs, meeples,
// dice, tokens) in its own colours. No images, no fonts beyond the page's, no symbol glyphs.
import { s } from "./dom.js";
import { cube, disc, meeple, die, token } from "./boards/kit.js";

const W = 320, H = 180;

function frame(id, background, ...children) {
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "cover", "data-cover": id, role: "img", "aria-hidden": "true",
    preserveAspectRatio: "xMidYMid slice" },
  s("rect", { x: 0, y: 0, width: W, height: H, fill: background }), ...children);
}

// A pointy-top hexagon centred on (x, y) with circumradius r.
function hex(x, y, r, fill, extra = {}) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return s("polygon", { points: pts.join(" "), fill, stroke: "#6d5f43", "stroke-width": 1.5, ...extra });
}

// Cube Europe: a patch of the hex map being filled with the four cube colours, two white dice.
function cubeEurope() {
  const colours = { r: "#d64541", b: "#3a6fd8", g: "#3c9a4a", y: "#e0b400", e: null };
  const rows = ["ybge", "rgyb", "ebry", "gyeb"];
  const parts = [];
  const r = 22, dx = r * Math.sqrt(3), dy = r * 1.5;
  rows.forEach((row, j) => [...row].forEach((c, i) => {
    const x = 40 + i * dx + (j % 2) * dx / 2, y = 30 + j * dy;
    const colour = colours[c];
    parts.push(hex(x, y, r, colour ? `${colour}33` : "#fffaf0"));
    if (colour) parts.push(cube(x, y + 2, colour, { size: 17 }));
  }));
  parts.push(s("rect", { x: 200, y: 28, width: 104, height: 124, rx: 12, fill: "#e9dfc6", stroke: "#8b7b5a", "stroke-width": 2 }));
  parts.push(die(230, 66, 4, { size: 34 }), die(274, 66, 2, { size: 34 }));
  ["#d64541", "#3a6fd8", "#3c9a4a", "#e0b400"].forEach((c, i) => parts.push(cube(222 + i * 20, 124, c, { size: 14 })));
  return frame("cube-europe", "#f4ecd8", ...parts);
}

// Citadels: a hand of district cards in the five district colours and the crown.
function citadels() {
  const colours = ["#e0b400", "#3a6fd8", "#3c9a4a", "#d64541", "#7b3fa0"];
  const costs = [5, 3, 2, 4, 6];
  const parts = [];
  colours.forEach((c, i) => {
    const angle = -28 + i * 14;
    const g = s("g", { transform: `rotate(${angle} 160 250)` },
      s("rect", { x: 133, y: 40, width: 54, height: 82, rx: 6, fill: "#fbf6ea", stroke: "#5b4a2a", "stroke-width": 1.5 }),
      s("rect", { x: 139, y: 46, width: 42, height: 46, rx: 3, fill: c, opacity: 0.85 }),
      s("path", { d: "M148,92 v-20 l6,-8 l6,8 v-6 l6,-8 l6,8 v26 Z", fill: "#fbf6ea", opacity: 0.8 }),
      s("circle", { cx: 147, cy: 52, r: 7, fill: "#f2c94c", stroke: "#7a5b00" }),
      s("text", { x: 147, y: 55.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#3a2a00" }, String(costs[i])));
    parts.push(g);
  });
  // the crown
  parts.push(s("path", { d: "M28,128 l6,-34 l14,18 l12,-26 l12,26 l14,-18 l6,34 Z", fill: "#f2c94c", stroke: "#7a5b00", "stroke-width": 2 }),
    s("rect", { x: 28, y: 128, width: 64, height: 10, rx: 2, fill: "#d9a92c", stroke: "#7a5b00", "stroke-width": 2 }));
  // gold coins
  [[262, 136], [282, 126], [270, 114]].forEach(([x, y]) => parts.push(disc(x, y, "#f2c94c", { r: 11 })));
  return frame("citadels", "#3b2f4a", ...parts);
}

// Kingsburg: the King's advisors 1–18 round the council, three dice, the soldier.
function kingsburg() {
  const parts = [];
  for (let i = 0; i < 18; i++) {
    const x = 24 + (i % 9) * 32, y = i < 9 ? 30 : 74;
    parts.push(s("circle", { cx: x, cy: y, r: 13, fill: "#fffaf0", stroke: "#8b6b2a", "stroke-width": 2 }),
      s("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#4a3410" }, String(i + 1)));
  }
  parts.push(die(70, 136, 6, { size: 36, colour: "#d64541" }), die(114, 136, 6, { size: 36, colour: "#d64541" }),
    die(158, 136, 4, { size: 36, colour: "#d64541" }));
  parts.push(meeple(220, 134, "#3a6fd8", { size: 40 }), meeple(262, 134, "#3c9a4a", { size: 40 }));
  return frame("kingsburg", "#e8d7a9", ...parts);
}

// Versailles: the palace rising tile by tile, the King's pawn and the workers.
function versailles() {
  const parts = [s("rect", { x: 0, y: 138, width: W, height: 42, fill: "#b9c98f" })];
  const tiles = [[0, 2], [1, 2], [2, 2], [3, 2], [4, 2], [1, 1], [2, 1], [3, 1], [2, 0]];
  tiles.forEach(([i, j]) => parts.push(token(60 + i * 40, 50 + j * 38, j === 0 ? "#e0b400" : "#f1e4c4", { size: 36 })));
  parts.push(s("path", { d: "M125,30 l15,-18 l15,18 Z", fill: "#3a6fd8", stroke: "#1d3a7a", "stroke-width": 1.5 }));
  parts.push(meeple(36, 150, "#d64541", { size: 30 }), meeple(276, 150, "#3c9a4a", { size: 30 }),
    meeple(300, 150, "#7b3fa0", { size: 30 }));
  // the King's pawn: a tall crowned piece
  parts.push(s("path", { d: "M250,120 h22 l-4,-36 a7,7 0 1 0 -14,0 Z", fill: "#f2c94c", stroke: "#7a5b00", "stroke-width": 2 }),
    s("path", { d: "M253,74 l3,-8 l5,5 l5,-5 l3,8 Z", fill: "#f2c94c", stroke: "#7a5b00", "stroke-width": 1.5 }));
  return frame("versailles", "#dfe8f2", ...parts);
}

// God's Playground: provinces of the Commonwealth, the three families' discs (white, blue, red), nobles.
function godsPlayground() {
  const provinces = [
    ["M10,20 L110,10 L130,70 L60,95 L10,80 Z", "#d9c9a3"],
    ["M110,10 L220,18 L205,80 L130,70 Z", "#cdbb8e"],
    ["M220,18 L310,30 L305,100 L205,80 Z", "#d9c9a3"],
    ["M10,80 L60,95 L70,170 L10,170 Z", "#c7b383"],
    ["M60,95 L130,70 L205,80 L190,170 L70,170 Z", "#e3d4ae"],
    ["M205,80 L305,100 L310,170 L190,170 Z", "#cdbb8e"],
  ];
  const parts = provinces.map(([d, fill]) => s("path", { d, fill, stroke: "#6d5f43", "stroke-width": 2 }));
  const families = ["#f7f7f2", "#3a6fd8", "#c62828"];
  [[60, 50], [165, 45], [255, 60], [35, 130], [130, 125], [250, 135]].forEach(([x, y], i) => {
    parts.push(disc(x, y, families[i % 3], { r: 13 }));
    parts.push(cube(x + 24, y + 6, families[(i + 1) % 3], { size: 13 }));
  });
  parts.push(meeple(170, 150, "#f2c94c", { size: 30 }));
  return frame("gods-playground", "#a9b9c9", ...parts);
}

const COVERS = { "cube-europe": cubeEurope, citadels, kingsburg, versailles, "gods-playground": godsPlayground };

// The cover of game `id`; an unknown game (a plug-in) gets a plain table with a meeple.
export function cover(id) {
  const draw = COVERS[id];
  if (draw) return draw();
  return frame(id, "#dde3ee", meeple(160, 90, "#2458c6", { size: 70 }));
}
