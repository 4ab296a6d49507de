// The lobby, `/`: start a game of any playable game and scenario with its options, see the
// seat links of a game just made, resume or watch the games in progress, import a record;
// and the way to the mission editor of a game that has one.

import * as api from './api.js';
import { afterCreate, botsRequest, PLAYERS } from './bots.js';
import { hotSeatOffer, hotSeatRequested, resumeText } from './hotseat.js';
import { seatLabels } from './games/index.js';
import { element } from './prompt.js';
import { seats as rememberedSeats, remember } from './storage.js';
import { notify, clearNotice } from './notice.js';

export async function lobbyPage(main) {
  document.title = 'Overlord';
  document.getElementById('page-title').textContent = 'Lobby';
  const newGame = element('section', { class: 'new-game', 'aria-labelledby': 'new-game-title' });
  const created = element('section', { class: 'created', hidden: true, 'data-testid': 'created' });
  const inProgress = element('section', { class: 'in-progress', 'aria-labelledby': 'in-progress-title' });
  const importing = element('section', { class: 'import', 'aria-labelledby': 'import-title' });
  main.replaceChildren(element('div', { class: 'lobby' }, newGame, created, inProgress, importing));

  let catalog;
  try {
    catalog = await api.catalog();
  } catch (error) {
    newGame.replaceChildren(element('p', { class: 'hint' }, `The games could not be listed: ${error.reason}`));
    return;
  }
  renderNewGame(newGame, created, catalog);
  renderWorkshops(newGame, catalog);
  renderImport(importing, created);
  await renderGames(inProgress, catalog);
}

function renderNewGame(section, created, catalog) {
  const playable = catalog.games.filter((g) => g.playable && g.scenarios?.length);
  const gameSelect = element('select', { id: 'game', name: 'game' },
    ...playable.map((g) => element('option', { value: g.id }, g.name)));
  const scenarioSelect = element('select', { id: 'scenario', name: 'scenario' });
  const optionsBox = element('fieldset', { class: 'options' });
  const playersBox = element('fieldset', { class: 'players', 'data-testid': 'players' });
  // Hot-seat: one page plays every person's seat in turn, for people sharing one screen.
  const hotSeatBox = element('input', { type: 'checkbox', id: 'hot-seat', name: 'hot-seat' });
  const hotSeatNote = element('span', { class: 'hint hot-seat-note' });
  const hotSeat = element('p', { class: 'hot-seat', hidden: true },
    element('label', { for: 'hot-seat' }, hotSeatBox, ' Hot-seat: one screen plays every person’s seat'), ' ', hotSeatNote);
  let offer = hotSeatOffer(1);
  const seed = element('input', { id: 'seed', name: 'seed', type: 'number', min: '0', step: '1', inputmode: 'numeric', placeholder: 'random' });
  const start = element('button', { type: 'submit', class: 'primary' }, 'Start the game');
  const unplayable = catalog.games.filter((g) => !g.playable || g.data_error);

  const game = () => playable.find((g) => g.id === gameSelect.value);
  const scenario = () => game()?.scenarios.find((s) => s.id === scenarioSelect.value);
  const showScenarios = () => {
    scenarioSelect.replaceChildren(...(game()?.scenarios ?? []).map((s) =>
      element('option', { value: s.id }, s.name)));
    const firstWave = game()?.scenarios.find((s) => s.id === 'first-wave');
    if (firstWave) scenarioSelect.value = firstWave.id;
    showOptions();
  };
  const chosenOptions = () => {
    const options = {};
    for (const box of optionsBox.querySelectorAll('input[name=option]:checked')) options[box.value] = true;
    return options;
  };
  // Who plays each seat: a person, or the computer (for games the server has bots for). The
  // seats follow the scenario and its options (two players, one per division).
  const playerChoices = () => [...playersBox.querySelectorAll('select[name=player]')].map((s) => s.value);
  // Offered for two seats or more, possible while two or more are people's.
  const showHotSeat = () => {
    offer = hotSeatOffer(seatLabels(game()?.id, scenario(), chosenOptions()).length, playerChoices());
    hotSeat.hidden = !offer.shown;
    hotSeatBox.disabled = !offer.enabled;
    hotSeatNote.textContent = offer.note;
  };
  const showPlayers = () => {
    const before = [...playersBox.querySelectorAll('select')].map((s) => s.value);
    const labels = game()?.bots ? seatLabels(game().id, scenario(), chosenOptions()) : [];
    playersBox.hidden = labels.length === 0;
    playersBox.replaceChildren(element('legend', {}, 'Who plays'),
      ...labels.map((label, seat) => {
        const select = element('select', { name: 'player', id: `player-${seat}`, 'data-seat': seat },
          ...PLAYERS.map((p) => element('option', { value: p.value }, p.label)));
        select.value = before[seat] ?? '';
        return element('label', { class: 'player', for: `player-${seat}` }, `${label}: `, select);
      }));
    showHotSeat();
  };
  const showOptions = () => {
    const options = scenario()?.options ?? [];
    optionsBox.replaceChildren(element('legend', {}, options.length ? 'Options' : 'No options for this scenario'),
      ...options.map((option) => element('label', { class: 'option' },
        element('input', { type: 'checkbox', name: 'option', value: option.id }), ` ${option.name}`)));
    showPlayers();
  };
  gameSelect.addEventListener('change', showScenarios);
  scenarioSelect.addEventListener('change', showOptions);
  optionsBox.addEventListener('change', showPlayers);
  playersBox.addEventListener('change', showHotSeat);

  const form = element('form', { class: 'new-game-form' },
    element('label', { for: 'game' }, 'Game'), gameSelect,
    element('label', { for: 'scenario' }, 'Scenario'), scenarioSelect,
    optionsBox,
    playersBox,
    hotSeat,
    element('details', { class: 'more' },
      element('summary', {}, 'More'),
      element('label', { for: 'seed' }, 'Seed (the same seed deals the same game)'), seed),
    start);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearNotice();
    const options = chosenOptions();
    const request = { game: gameSelect.value, scenario: scenarioSelect.value, options };
    const bots = botsRequest(playerChoices());
    if (bots) request.bots = bots;
    if (hotSeatRequested(offer, hotSeatBox.checked)) request.hot_seat = true;
    if (seed.value !== '') request.seed = Number(seed.value);
    start.disabled = true;
    try {
      const answer = await api.createGame(request);
      showCreated(created, answer);
    } catch (error) {
      notify(error);
    } finally {
      start.disabled = false;
    }
  });
  section.replaceChildren(
    element('h1', { id: 'new-game-title' }, 'New game'),
    playable.length ? form : element('p', { class: 'hint' }, 'No game can be played with this build’s data.'),
    ...unplayable.map((g) => element('p', { class: 'hint' },
      `${g.name}: ${g.data_error ? `its data does not load (${g.data_error.split('\n')[0]}); run overlord validate ${g.id}` : 'its rules are not in yet'}.`)),
  );
  showScenarios();
}

// A link to the mission editor of each game that has one (the catalog's `workshop`), under
// the new game's form.
function renderWorkshops(section, catalog) {
  const games = catalog.games.filter((g) => g.workshop);
  if (!games.length) return;
  section.append(element('p', { class: 'workshops', 'data-testid': 'workshops' },
    ...games.flatMap((g, i) => [
      i ? ' · ' : '',
      element('a', { href: `/workshop/${encodeURIComponent(g.id)}`, 'aria-label': `Write a mission for ${g.name}` }, 'Write a mission'),
      ` for ${g.name}`,
    ])));
}

// A game just started: the one person's seat goes straight to the table (the computer
// playing the others), a hot-seat game to its one page of every person's seat, a game of the
// computer alone to the spectator's view; several people get their links to hand out (each
// opens that seat).
function showCreated(section, answer) {
  const { go, remember: mine } = afterCreate(answer);
  // Only the seat of the one person (or the hot seat) is this browser's to resume; the links
  // of several seats are for handing out.
  if (mine) {
    remember(answer.id, {
      token: mine.token, seat: mine.seat, label: mine.label, hotSeat: mine.hotSeat, game: answer.game, scenario: answer.scenario,
    });
  }
  if (go) {
    location.assign(go);
    return;
  }
  const absolute = (path) => new URL(path, location.origin).href;
  section.hidden = false;
  section.replaceChildren(
    element('h2', {}, 'Game created: one link per seat'),
    element('p', { class: 'hint' }, 'Each link plays its seat. Open yours, and send the other to your partner. Keep them: they are shown only now.'),
    element('ul', { class: 'seat-links' }, ...answer.seats.map((seat) =>
      element('li', { 'data-seat': seat.seat },
        element('strong', {}, seat.label), ' ',
        ...(seat.token
          ? [element('a', { href: seat.link, class: 'seat-link', 'data-testid': `seat-link-${seat.seat}` }, `Play as ${seat.label}`), ' ',
            element('input', { type: 'text', readonly: true, value: absolute(seat.link), 'aria-label': `${seat.label}'s link`, class: 'link-text' })]
          : [element('span', { class: 'hint' }, `played by the computer (${seat.bot})`)])))),
    element('p', {}, element('a', { href: `${answer.spectate}#spectate` }, 'Watch the game')),
  );
  section.scrollIntoView?.({ block: 'nearest' });
}

async function renderGames(section, catalog) {
  const names = new Map(catalog.games.map((g) => [g.id, g]));
  let listing;
  try {
    listing = await api.listGames('in_progress');
  } catch (error) {
    section.replaceChildren(element('p', { class: 'hint' }, `The games in progress could not be listed: ${error.reason}`));
    return;
  }
  const mine = rememberedSeats();
  const rows = listing.games.map((game) => {
    const info = names.get(game.game);
    const scenario = game.workshop
      ? `${game.scenario}, a mission written in the editor`
      : info?.scenarios?.find((s) => s.id === game.scenario)?.name ?? game.scenario;
    const seat = mine[game.id];
    const toAct = game.to_act !== null && game.to_act !== undefined ? game.seats[game.to_act] : null;
    return element('li', { 'data-game': game.id },
      element('span', { class: 'game-name' }, `${info?.name ?? game.game}: ${scenario}`),
      element('span', { class: 'hint' }, ` · ${game.actions} actions${toAct ? ` · ${toAct} to decide` : ''} · ${new Date(game.updated_ms).toLocaleString()}`),
      ' ',
      game.cannot_resume
        ? element('span', { class: 'hint' }, game.cannot_resume)
        : element('span', { class: 'row' },
          seat ? element('a', { href: `/play/${game.id}#${seat.token}`, class: 'resume' }, resumeText(seat, game.seats.length)) : '',
          ' ',
          element('a', { href: `/play/${game.id}#spectate`, class: 'watch' }, 'Watch')));
  });
  section.replaceChildren(
    element('h2', { id: 'in-progress-title' }, 'Games in progress'),
    rows.length ? element('ul', { class: 'games' }, ...rows) : element('p', { class: 'hint' }, 'None yet: start one above.'),
  );
}

function renderImport(section, created) {
  const file = element('input', { type: 'file', accept: 'application/json,.json', id: 'record-file' });
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    clearNotice();
    try {
      const record = JSON.parse(await chosen.text());
      const answer = await api.importGame(record);
      showCreated(created, answer);
    } catch (error) {
      notify(error instanceof SyntaxError ? `That file is not a game record (not JSON: ${error.message}).` : error);
    } finally {
      file.value = '';
    }
  });
  section.replaceChildren(
    element('h2', { id: 'import-title' }, 'Import a record'),
    element('p', { class: 'hint' }, 'A record exported from a game (or saved by overlord play) starts a new game at the same point.'),
    element('label', { for: 'record-file' }, 'Record file '), file,
  );
}
