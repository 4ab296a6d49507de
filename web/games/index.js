// The game adapters: how each game's view reads as the table the generic client draws.
// A game without one is still playable: its view is shown as data beside the map, and its
// actions as buttons and map highlights, all of which are generic.

import * as omaha from './omaha.js';

const adapters = { omaha };

// A table with no pieces: the view shown as text.
function generic(view) {
  return {
    pieces: [],
    off: [],
    markers: [],
    turns: [],
    phases: [],
    phase: -1,
    step: '',
    cards: [],
    deck: '',
    summary: '',
    raw: JSON.stringify(view, null, 1),
  };
}

export function describe(game, view, board) {
  const adapter = adapters[game];
  return adapter ? adapter.describe(view, board ?? {}) : generic(view);
}
