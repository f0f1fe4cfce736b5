// "A round in pictures" for the How to play sheet: small drawings made with the board kit from the
// game's printed content (/content/<game>.json), so they never go out of step with the game. A player
// text asks for one with a line "{{picture NAME}}"; the words that explain it are the text's own (in
// its language), the drawing holds only pieces and numbers. Each game's drawings are in howto/<game>.js.
//
//   const svg = drawPicture("cube-europe", "round", content, "A round");   // an <svg>, or null
import { PICTURES as CUBE_EUROPE } from "./howto/cube-europe.js";
import { PICTURES as KINGSBURG } from "./howto/kingsburg.js";
import { PICTURES as CITADELS } from "./howto/citadels.js";
import { PICTURES as VERSAILLES } from "./howto/versailles.js";
import { PICTURES as GODS_PLAYGROUND } from "./howto/gods-playground.js";

const PICTURES = {
  "cube-europe": CUBE_EUROPE,
  kingsburg: KINGSBURG,
  citadels: CITADELS,
  versailles: VERSAILLES,
  "gods-playground": GODS_PLAYGROUND,
};

// The drawing `name` of game `gameId` from its `content`, labelled `label`; null when there is none
// (or when the content lacks what it needs).
export function drawPicture(gameId, name, content, label) {
  const draw = PICTURES[gameId] && Object.hasOwn(PICTURES[gameId], name) ? PICTURES[gameId][name] : null;
  return draw ? draw(content || {}, label) : null;
}

// Whether `gameId` has any drawing (the sheet then loads the game's content first).
export function hasPictures(gameId) {
  return Boolean(PICTURES[gameId]);
}
