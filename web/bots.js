// The computer at the table, free of the DOM: who plays each seat of a game being created
// (the `bots` the lobby sends), where the lobby goes once the game exists, and a hint matched
// to the legal actions it names.

import { hotSeatMemory } from './hotseat.js';

// What the lobby offers for each seat: a person, or the server's rule bot, or its search
// (IS-MCTS, at most the server's time a move).
export const PLAYERS = [
  { value: '', label: 'A person' },
  { value: 'rule', label: 'The computer (quick)' },
  { value: 'ismcts', label: 'The computer (searching, a few seconds a move)' },
];

// The `bots` of a creation request from the choice made for each seat (in seat order; '' for
// a person): `{ "1": "rule" }`, or undefined when people play every seat.
export function botsRequest(choices) {
  const bots = {};
  choices.forEach((bot, seat) => {
    if (bot) bots[String(seat)] = bot;
  });
  return Object.keys(bots).length ? bots : undefined;
}

// Where the lobby goes with a game just created: straight to the table of its one person's
// seat (to be remembered in this browser), to the hot-seat page that plays every person's seat
// when one was asked for, to the spectator's view when the computer plays every seat, or
// nowhere (several people: their links are handed out).
// `{ go, remember }`: a link or null, a seat (`{ token, seat, label }`) or null.
export function afterCreate(answer) {
  if (answer.hot_seat?.token) {
    return { go: answer.hot_seat.link, remember: hotSeatMemory(answer.hot_seat.token, answer.game, answer.scenario) };
  }
  const people = answer.seats.filter((seat) => seat.token);
  if (people.length === 1) return { go: people[0].link, remember: people[0] };
  if (people.length === 0) return { go: `${answer.spectate}#spectate`, remember: null };
  return { go: null, remember: null };
}

// JSON with its object keys sorted, so that two actions compare by content.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// Whether two actions (as the server writes them) are the same action.
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

// The number (1-based, as the buttons show them) of the legal action `hint` suggests, or
// null when it is not among them (the game moved on).
export function hintedNumber(legalActions, hint) {
  if (!hint) return null;
  const index = legalActions.findIndex((legal) => sameAction(legal.action, hint.action));
  return index >= 0 ? index + 1 : null;
}

// The sentence the prompt shows for a hint: "Hint: 3. C/2R to CH1 (because …)".
export function hintText(hint, number) {
  const label = hint.anchors?.label ?? '';
  const reason = hint.reason ? ` (${hint.reason})` : '';
  return `Hint: ${number ? `${number}. ` : ''}${label}${reason}`;
}
