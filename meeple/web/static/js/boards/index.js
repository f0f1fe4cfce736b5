// Boards by game id; a game without its own board gets the generic one.
import * as generic from "./generic.js";
import * as cubeEurope from "./cube-europe.js";
import * as citadels from "./citadels.js";
import * as kingsburg from "./kingsburg.js";
import * as versailles from "./versailles.js";
import * as godsPlayground from "./gods-playground.js";

const BOARDS = { "cube-europe": cubeEurope, citadels, kingsburg, versailles, "gods-playground": godsPlayground };

export function boardFor(gameId) { return BOARDS[gameId] || generic; }

export function register(gameId, board) { BOARDS[gameId] = board; }
