// Boards by game id; a game without its own board gets the generic one.
import * as generic from "./generic.js";
import * as cubeEurope from "./cube-europe.js";
import * as citadels from "./citadels.js";

const BOARDS = { "cube-europe": cubeEurope, citadels };

export function boardFor(gameId) { return BOARDS[gameId] || generic; }

export function register(gameId, board) { BOARDS[gameId] = board; }
