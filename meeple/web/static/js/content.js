// Printed component facts per game (names, colours, costs), fetched once from /content/<game>.json.
const cache = {};

export async function loadContent(gameId) {
  if (!cache[gameId]) cache[gameId] = fetch(`/content/${encodeURIComponent(gameId)}.json`).then((r) => (r.ok ? r.json() : {}));
  return cache[gameId];
}
