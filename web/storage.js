// The seats this browser holds, kept in localStorage so a game can be resumed from the lobby
// or after a reload that lost the link's `#token`. The link itself stays the way to share a
// seat; this is only a memory of links already opened here.

const KEY = 'overlord.seats';

// Whether `text` is a seat token (64 hex digits), as the server makes them.
export function isToken(text) {
  return typeof text === 'string' && /^[0-9a-f]{64}$/.test(text);
}

function read(store) {
  try {
    const value = JSON.parse(store.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

// Every remembered seat: { [gameId]: { token, seat, label, game, scenario, saved } }.
export function seats(store = globalThis.localStorage) {
  return store ? read(store) : {};
}

export function remember(gameId, entry, store = globalThis.localStorage) {
  if (!store || !isToken(entry.token)) return;
  const all = read(store);
  all[gameId] = { ...all[gameId], ...entry, saved: Date.now() };
  try {
    store.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the link still works, only the reminder is lost.
  }
}

export function forget(gameId, store = globalThis.localStorage) {
  if (!store) return;
  const all = read(store);
  delete all[gameId];
  store.setItem(KEY, JSON.stringify(all));
}

// The seat to play at `/play/{id}#{fragment}`: the link's token first, then a remembered
// one; `#spectate` (or nothing remembered) watches.
export function tokenFor(gameId, fragment, store = globalThis.localStorage) {
  const hash = (fragment ?? '').replace(/^#/, '');
  if (isToken(hash)) return hash;
  if (hash === 'spectate') return null;
  return seats(store)[gameId]?.token ?? null;
}
