// Boards by game id; a game without its own board gets the generic one.
import * as generic from "./generic.js";
import * as cubeEurope from "./cube-europe.js";

const BOARDS = { "cube-europe": cubeEurope };

export function boardFor(gameId) { return BOARDS[gameId] || generic; }

export function register(gameId, board) { BOARDS[gameId] = board; }
