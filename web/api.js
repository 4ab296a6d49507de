// The server's JSON API and WebSocket (docs/server-api.md), as promises. Every refusal
// becomes an ApiError carrying the server's status, code and reason, so the page can show
// people what to do next.

export class ApiError extends Error {
  constructor(status, code, reason, extra = {}) {
    super(reason);
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.extra = extra;
  }
}

// One request; `token` (a seat's secret) goes in the Authorization header.
async function call(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'offline',
      `the server cannot be reached (${error.message}); check that \`overlord serve\` is running and reload`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw refusal(response, json, text);
  return json;
}

// The ApiError for a refused request: the server's `{ code, reason }`, or its status and the
// start of its text.
function refusal(response, json, text) {
  const reason = json?.reason ?? `the server answered ${response.status}: ${String(text).slice(0, 200)}`;
  return new ApiError(response.status, json?.code ?? 'http', reason, json ?? {});
}

// A GET answered with text (a TOML file), not JSON.
async function callText(path) {
  let response;
  try {
    response = await fetch(path);
  } catch (error) {
    throw new ApiError(0, 'offline',
      `the server cannot be reached (${error.message}); check that \`overlord serve\` is running and reload`);
  }
  const text = await response.text();
  if (!response.ok) {
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    throw refusal(response, json, text);
  }
  return text;
}

export const catalog = () => call('GET', '/api/catalog');
// A game's board data; a game played on a mission of the workshop (`workshop`, its saved
// key) has the board of its own data.
export const board = (game, workshop) => call('GET', workshop
  ? `${workshopPath(game)}/saved/${encodeURIComponent(workshop)}/board.json`
  : `/api/catalog/${encodeURIComponent(game)}/board.json`);
export const rules = (game) => call('GET', `/api/catalog/${encodeURIComponent(game)}/rules`);

// The map a game of `scenario` is played on: the scenario's own where the game's scenarios
// assemble theirs (the server serves the game's one map to the others); a mission saved in
// the workshop (`workshop`, its key) is drawn from its own data.
export async function mapSvg(game, scenario, workshop) {
  const query = scenario ? `?scenario=${encodeURIComponent(scenario)}` : '';
  const folder = workshop
    ? `${workshopPath(game)}/saved/${encodeURIComponent(workshop)}`
    : `/api/catalog/${encodeURIComponent(game)}`;
  const response = await fetch(`${folder}/map.svg${query}`);
  if (!response.ok) {
    throw new ApiError(response.status, 'no_map', `the map of ${game} could not be drawn (${response.status})`);
  }
  return response.text();
}

// The mission workshop (the mission editor's server side): what can be opened, a file's
// check, saving, and the balance lab on a saved mission.
const workshopPath = (game) => `/api/workshop/${encodeURIComponent(game)}`;
export const workshop = (game) => call('GET', workshopPath(game));
export const workshopAuthored = (game, file) =>
  callText(`${workshopPath(game)}/authored/${encodeURIComponent(file)}`);
export const workshopCheck = (game, file, text) =>
  call('POST', `${workshopPath(game)}/check`, { body: { file, text } });
export const workshopSave = (game, file, text) =>
  call('POST', `${workshopPath(game)}/saved`, { body: { file, text } });
export const workshopSaved = (game, key) =>
  call('GET', `${workshopPath(game)}/saved/${encodeURIComponent(key)}`);
export const workshopFileLink = (game, key) =>
  `${workshopPath(game)}/saved/${encodeURIComponent(key)}/file`;
export const workshopBalance = (game, key, scenario, games, seed = 1) =>
  call('POST', `${workshopPath(game)}/saved/${encodeURIComponent(key)}/balance`, { body: { scenario, games, seed } });

export const listGames = (status = 'in_progress') => call('GET', `/api/games?status=${status}`);
export const createGame = (request) => call('POST', '/api/games', { body: request });
export const importGame = (record) => call('POST', '/api/games/import', { body: { record } });

export const gameState = (id, token, logFrom = 0) =>
  call('GET', `/api/games/${id}?log_from=${logFrom}`, { token });

export const act = (id, token, action, revision, logFrom) =>
  call('POST', `/api/games/${id}/actions`, { token, body: { action, revision, log_from: logFrom } });

export const undo = (id, token, revision, logFrom) =>
  call('POST', `/api/games/${id}/undo`, { token, body: { revision, log_from: logFrom } });

// What a bot would play for your seat now (`{ action, anchors, bot, reason?, revision }`);
// the rule bot unless `bot` names another.
export const hint = (id, token, bot) =>
  call('GET', `/api/games/${id}/hint${bot ? `?bot=${encodeURIComponent(bot)}` : ''}`, { token });

// Line of sight from unit `unit` as your seat may know it (`{ unit, from, hexes, targets }`);
// a 404 for a game or unit without it.
export const sight = (id, token, unit) =>
  call('GET', `/api/games/${id}/sight?unit=${encodeURIComponent(unit)}`, { token });

export const record = (id, token) =>
  call('GET', `/api/games/${id}/record?reveal=true`, { token });

export const replay = (id, token, at) => call('GET', `/api/games/${id}/replay?at=${at}`, { token });

// The game's WebSocket: `onState` gets every state the server pushes. Reconnects after a
// drop (a server restart, a sleeping laptop) with a growing pause; `close()` stops it.
export function watch(id, token, { onState, onStatus }) {
  let socket = null;
  let closed = false;
  let pause = 500;
  const open = () => {
    if (closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws${query}`);
    socket.onopen = () => {
      pause = 500;
      onStatus?.('live');
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'state') onState(message.state);
    };
    socket.onclose = () => {
      if (closed) return;
      onStatus?.('reconnecting');
      setTimeout(open, pause);
      pause = Math.min(pause * 2, 10000);
    };
  };
  open();
  return {
    close() {
      closed = true;
      socket?.close();
    },
  };
}
