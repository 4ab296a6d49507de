// The game adapters: how each game's view reads as the table the generic client draws.
// A game without one is still playable: its view is shown as data beside the map, and its
// actions as buttons and map highlights, all of which are generic.

import * as ambush from './ambush.js';
import * as omaha from './omaha.js';
import * as tideOfIron from './tide-of-iron.js';

const adapters = { ambush, omaha, 'tide-of-iron': tideOfIron };

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

// The seats of a new game of `scenario` (from the catalog) with `options` (ids set true), by
// label, for the lobby to ask who plays each: the game's adapter knows which options add
// seats; without one, the scenario's count.
export function seatLabels(game, scenario, options = {}) {
  const adapter = adapters[game];
  if (adapter?.seatLabels) return adapter.seatLabels(scenario, options);
  return Array.from({ length: scenario?.seats ?? 1 }, (_, i) => `Seat ${i + 1}`);
}

// The scenario whose map a view of `game` is drawn on: the game's own scenario, unless its
// adapter says the map changes as the game goes (Ambush!'s campaign, a mission at a time).
export function mapScenario(game, view, scenario) {
  return adapters[game]?.mapScenario?.(view) ?? scenario;
}
