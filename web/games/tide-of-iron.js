// Tide of Iron: its view (games/tide-of-iron/src/view.rs) read against its board data (the
// figures, games/tide-of-iron/src/picture.rs `board`) as the table the generic client draws.
// Free of the DOM.
//
// The table: squads and vehicles on the battlefield's hexes, with their condition, activation
// token, fortification and hidden state as flags; objectives, fortifications, obstacles and
// smoke as hex markers; the rounds as the turn track, reinforcements waiting on their round;
// each side's strategy and operations cards; a one-line summary of the round.

import { variant } from './variant.js';

const NATION = { us: 'US', de: 'German' };
// The two divisions of a side in two shades (TOI-DIV), the German grey, the US olive.
const COLOUR = {
  us: ['#b5c27f', '#cfd6a4'],
  de: ['#9aa3ab', '#bfc5cb'],
};
const CONDITION = {
  Pinned: { name: 'Pinned', short: 'Pin', rule: 'TOI-COMBAT-COND' },
  Disrupted: { name: 'Disrupted', short: 'Dis', rule: 'TOI-COMBAT-COND' },
};
const TOKEN = {
  Fatigued: { name: 'Fatigued (activated this round)', short: 'Fat', rule: 'TOI-ACT' },
  OpFire: { name: 'Op Fire', short: 'OpF', rule: 'TOI-COMBAT-OPFIRE' },
};
const FORT = {
  Entrenchment: { name: 'In an entrenchment', short: 'Ent', rule: 'TOI-FORT-ENTR' },
  Pillbox: { name: 'In a pillbox', short: 'Pbx', rule: 'TOI-FORT-PILL' },
};
const DAMAGE = {
  Light: { name: 'Light damage', short: 'Dmg', rule: 'TOI-COMBAT-NORMAL-VEH' },
  Heavy: { name: 'Heavy damage', short: 'Dmg!', rule: 'TOI-COMBAT-NORMAL-VEH' },
};
const SPEC = { engineer: 'Eng', anti_tank: 'AT', flamethrower: 'Flm', medic: 'Med' };
const EMPTY_SLOT = 255;
// The phases of a round (TOI-ROUND), and the steps each holds; steps not listed are setup.
const PHASES = [
  { name: 'Setup', title: 'Setup: cards, squads and deployment (TOI-SETUP)', rule: 'TOI-SETUP', steps: ['Build', 'Specialize', 'Deploy', 'SetupDone'] },
  {
    name: 'Action',
    title: 'Action Phase (TOI-ACT)',
    rule: 'TOI-ACT',
    steps: ['Action', 'Moving', 'OpFire', 'Combining', 'AssaultSupport', 'AssaultLosses', 'DefenderLosses',
      'HiddenDefenders', 'Retreat', 'AdvanceAfter', 'Casualties', 'Entered', 'Resume', 'Obstacles',
      'ObstacleOrder', 'Stopped', 'Card', 'TeamOrder', 'AfterAction'],
  },
  { name: 'Command', title: 'Command Phase (TOI-CMD)', rule: 'TOI-CMD', steps: ['Command'] },
  { name: 'Status', title: 'Status Phase (TOI-STAT)', rule: 'TOI-STAT', steps: ['Status', 'Draw', 'StatusClean', 'Transfers', 'StatusOpFire', 'Reinforce', 'NextRound'] },
];

// Who sits at a new game with `options` (the ids set true), as the server's seat labels name
// them (TOI-TEAM): seats 0 and 1 are the US and the Germans; a third or fourth seat is a 2nd
// division's player.
export function seatLabels(scenario, options = {}) {
  if (options['TOI-TEAM-4']) return ['US 1st division', 'German 1st division', 'US 2nd division', 'German 2nd division'];
  if (options['TOI-TEAM-3-us']) return ['US 1st division', 'German', 'US 2nd division'];
  if (options['TOI-TEAM-3-de']) return ['US', 'German 1st division', 'German 2nd division'];
  return ['US', 'German'];
}

// A squad's figures as letters (`MG+R+R`), from the board's figure list; empty slots left out.
export function squadLetters(figures, board) {
  return (figures ?? [])
    .filter((f) => f !== EMPTY_SLOT)
    .map((f) => board.figures?.[f]?.short ?? '?')
    .join('+');
}

// The flags on a unit's counter (its condition, token, fortification, damage, hidden state).
export function unitFlags(unit) {
  const flags = [];
  const kind = variant(unit.kind);
  if (kind.name === 'Squad' && CONDITION[kind.body.condition]) flags.push(CONDITION[kind.body.condition]);
  if (kind.name === 'Vehicle' && DAMAGE[kind.body.damage]) flags.push(DAMAGE[kind.body.damage]);
  if (TOKEN[unit.token]) flags.push(TOKEN[unit.token]);
  if (FORT[unit.fort]) flags.push(FORT[unit.fort]);
  if (unit.hidden) flags.push({ name: 'Hidden', short: 'Hid', rule: 'TOI-COMBAT-HIDDEN' });
  return flags;
}

// One unit of the view as a counter.
export function unitPiece(shown, board) {
  const unit = shown.unit;
  const kind = variant(unit.kind);
  const nation = NATION[unit.nation] ?? unit.nation;
  const flags = unitFlags(unit);
  let label;
  let sub;
  let what;
  if (kind.name === 'Vehicle') {
    const figure = board.figures?.[kind.body.figure];
    const name = figure?.name ?? 'Vehicle';
    // The model's last word reads best on a small counter (`M4A1 Sherman` -> `Sherman`).
    label = name.split(/\s+/).pop();
    sub = figure?.short ?? 'Veh';
    what = name;
  } else {
    const figures = (kind.body?.figures ?? []).filter((f) => f !== EMPTY_SLOT);
    label = squadLetters(figures, board) || 'Squad';
    sub = [`${figures.length} fig`, SPEC[unit.spec]].filter(Boolean).join(' ');
    what = `squad of ${figures.map((f) => board.figures?.[f]?.name ?? 'a figure').join(', ') || 'unknown figures'}`;
    if (unit.spec) what += `, ${unit.spec.replace('_', '-')} specialization`;
  }
  return {
    key: `unit-${shown.id}`,
    unit: shown.id,
    side: unit.nation === 'us' ? 'us' : 'german',
    faceDown: false,
    label,
    sub,
    title: `${shown.name}: ${nation} ${ordinal(unit.division)} division, ${what}${
      flags.length ? `; ${flags.map((f) => f.name).join(', ')}` : ''}`,
    colour: (COLOUR[unit.nation] ?? ['#dddddd'])[unit.division === 2 ? 1 : 0],
    flags,
  };
}

function ordinal(division) {
  return division === 2 ? '2nd' : '1st';
}

// The markers lying on hexes: objectives with their holder, fortifications, obstacles, smoke.
export function hexMarkers(view) {
  const markers = [];
  for (const [hex, holder] of view.objectives ?? []) {
    const who = holder ? NATION[holder] ?? holder : null;
    markers.push({
      hex,
      text: who ? `Obj ${who}` : 'Obj',
      title: who ? `Objective held by the ${who} side (TOI-CMD-CTRL)` : 'Objective, held by neither side (TOI-CMD-CTRL)',
      kind: `objective ${holder ?? 'none'}`,
    });
  }
  for (const [hex, m] of view.markers ?? []) {
    if (m.entrenchments) markers.push({ hex, text: `Entr×${m.entrenchments}`, title: `${m.entrenchments} entrenchment(s) (TOI-FORT-ENTR)`, kind: 'fort' });
    if (m.pillboxes) markers.push({ hex, text: `Pbox×${m.pillboxes}`, title: `${m.pillboxes} pillbox(es) (TOI-FORT-PILL)`, kind: 'fort' });
    if (m.wire) markers.push({ hex, text: 'Wire', title: 'Barbed wire (TOI-FORT-WIRE)', kind: 'obstacle' });
    if (m.traps) markers.push({ hex, text: 'Traps', title: 'Tank traps (TOI-FORT-TRAP)', kind: 'obstacle' });
    if (m.mines) markers.push({ hex, text: 'Mines', title: 'Minefield (TOI-FORT-MINE)', kind: 'obstacle' });
    if (m.smoke) markers.push({ hex, text: 'Smoke', title: 'Smoke: blocks sight, +2 cover (TOI-FORT-SMOKE)', kind: 'smoke' });
  }
  return markers;
}

// Each side's cards as the client's card list: HQ (face up), play area, operations, each with
// what it does (from the board data's card texts).
export function sideCards(view, board = {}) {
  const texts = new Map((board.cards ?? []).map((c) => [c.name, c.text]));
  const read = (name) => (texts.has(name) ? `${name} — ${texts.get(name)}` : name);
  const cards = [];
  (view.cards ?? []).forEach((hand, i) => {
    const side = i === 0 ? 'US' : 'German';
    const lines = [
      ...(hand.hq ?? []).map((name) => `HQ: ${read(name)}`),
      ...(hand.play_area ?? []).map(([name, waiting]) => `In play${waiting ? ' (waits for contact)' : ''}: ${read(name)}`),
      ...(hand.operations ?? []).map((name) => `Operations: ${read(name)}`),
    ];
    cards.push({ number: `side-${i}`, title: `${side} cards`, lines: lines.length ? lines : ['none'] });
  });
  return cards;
}

// The step being played, in words: whose it is and what they do.
export function stepText(view) {
  const step = variant(view.step);
  const body = step.body ?? {};
  const nation = body.nation ? NATION[body.nation] : null;
  const words = (step.name ?? '').replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
  const unit = (id) => view.units?.find((u) => u.id === id)?.name ?? `unit #${id}`;
  switch (step.name) {
    case 'Action': {
      const mine = body.nation === 'us' ? 0 : 1;
      // Once the other side has ended its Action Phase, this one acts as long as it likes
      // (TOI-ACT-END; the game counts down from 255 then, which is no number to show).
      if (view.ended?.[1 - mine]) {
        return `${nation} to act, the ${NATION[body.nation === 'us' ? 'de' : 'us']} side has ended its Action Phase`;
      }
      const left = view.actions_left?.[mine];
      return `${nation} to act${left !== undefined ? `, ${left} action${left === 1 ? '' : 's'} left` : ''}`;
    }
    case 'Moving':
      return `${unit(body.unit)} moving, ${body.mp} MP left`;
    case 'OpFire':
      return `Op Fire at ${unit(body.unit)}?`;
    case 'Casualties':
      return `${unit(body.unit)} takes ${body.hits} more loss${body.hits === 1 ? '' : 'es'}`;
    case 'Draw':
      return `${nation} draws ${body.left} card${body.left === 1 ? '' : 's'}${body.setup ? ' (setup)' : ''}`;
    default:
      return nation ? `${nation}: ${words}` : words.charAt(0).toUpperCase() + words.slice(1);
  }
}

// The table of `view` for the generic client.
export function describe(view, board) {
  const pieces = [];
  const off = new Map();
  const waiting = new Map();
  const addOff = (list, piece) => {
    if (!off.has(list)) off.set(list, []);
    off.get(list).push(piece);
  };
  const names = new Map((view.units ?? []).map((u) => [u.id, u.name]));
  const carried = new Map();
  for (const shown of view.units ?? []) {
    const at = variant(shown.unit.at);
    if (at.name === 'Aboard') carried.set(at.body, [...(carried.get(at.body) ?? []), shown.name]);
  }
  for (const shown of view.units ?? []) {
    const piece = unitPiece(shown, board);
    const passengers = carried.get(shown.id);
    if (passengers) {
      piece.flags.push({ name: `Carrying ${passengers.join(', ')}`, short: `+${passengers.length}`, rule: 'TOI-TRANS' });
      piece.title += `; carrying ${passengers.join(', ')}`;
    }
    const at = variant(shown.unit.at);
    if (shown.hex) {
      pieces.push({ ...piece, place: { hex: shown.hex } });
    } else if (at.name === 'Aboard') {
      addOff(`Aboard ${names.get(at.body) ?? `unit #${at.body}`}`, piece);
    } else if (at.name === 'Reserve') {
      if (!waiting.has(at.body)) waiting.set(at.body, []);
      waiting.get(at.body).push(piece);
    } else {
      addOff(`Out of play (${NATION[shown.unit.nation] ?? shown.unit.nation})`, piece);
    }
  }
  const turns = Array.from({ length: view.rounds ?? 0 }, (_, i) => {
    const round = i + 1;
    const arriving = waiting.get(round) ?? [];
    return {
      turn: round,
      label: `${round}`,
      sub: 'round',
      tide: '',
      title: `Round ${round} of ${view.rounds}${arriving.length ? ` (reinforcements, TOI-STAT-REINF)` : ''}`,
      waiting: arriving,
    };
  });
  const step = variant(view.step);
  const phase = PHASES.findIndex((p) => p.steps.includes(step.name));
  const setupDraw = step.name === 'Draw' && step.body?.setup;
  const decks = (view.cards ?? []).map((hand, i) =>
    `${i === 0 ? 'US' : 'German'} decks: ${(hand.decks ?? []).map(([name, left]) => `${name} ${left}`).join(', ') || 'none'}`);
  return {
    pieces,
    off: [...off.entries()].map(([title, list]) => ({ title, pieces: list })),
    markers: hexMarkers(view),
    turns,
    turn: view.round,
    phases: PHASES.map(({ name, title, rule }) => ({ name, title, rule })),
    phase: setupDraw || view.round === 0 ? 0 : phase,
    step: stepText(view),
    cards: sideCards(view, board),
    cardsTitle: 'Cards',
    deck: decks.join(' · '),
    summary: `Round ${view.round} of ${view.rounds} · initiative ${NATION[view.initiative] ?? view.initiative} · VP US ${view.vp?.[0]}, German ${view.vp?.[1]} · command US ${view.command?.[0]}, German ${view.command?.[1]}`,
  };
}
