// The client's entry: which page the address asks for. `/` is the lobby, `/play/{id}` a
// game (the seat's token after `#`), `/rules/{game}` the rules reference, `/workshop/{game}`
// the mission editor.

import { lobbyPage } from './lobby.js';
import { gamePage } from './game.js';
import { rulesPage } from './rules.js';
import { workshopPage } from './workshop.js';
import { tokenFor } from './storage.js';
import { notify } from './notice.js';

async function route() {
  const main = document.getElementById('app');
  const path = location.pathname;
  const play = path.match(/^\/play\/([0-9a-zA-Z_-]+)\/?$/);
  const rules = path.match(/^\/rules\/([0-9a-zA-Z_-]+)\/?$/);
  const workshop = path.match(/^\/workshop\/([0-9a-zA-Z_-]+)\/?$/);
  try {
    if (play) {
      const id = play[1];
      await gamePage(main, id, tokenFor(id, location.hash));
    } else if (rules) {
      await rulesPage(main, rules[1]);
    } else if (workshop) {
      await workshopPage(main, workshop[1]);
    } else {
      await lobbyPage(main);
    }
  } catch (error) {
    notify(`Something went wrong: ${error.message}. Reload the page; if it happens again, report it.`);
    throw error;
  }
}

// Another seat's link pasted into this tab changes only the fragment: load that seat.
window.addEventListener('hashchange', () => {
  if (location.pathname.startsWith('/play/')) location.reload();
});

route();
