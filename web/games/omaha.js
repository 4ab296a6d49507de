// D-Day at Omaha Beach: its view (games/omaha/src/view.rs) read against its board data
// (games/omaha/src/board.rs) as the table the generic client draws. Free of the DOM.
//
// The table: `pieces` on hexes and landing boxes, `off` (lists beside the board), `markers`
// on hexes, the `turns` and `phases` tracks, the `cards` drawn this turn, the `deck`, and a
// one-line `summary`.

import { variant } from './variant.js';

const KIND = {
  infantry: 'Inf',
  ranger: 'Rgr',
  tank: 'Tank',
  artillery: 'Art',
  sp_artillery: 'SP Art',
  dukw: 'DUKW',
  aa: 'AA',
  sp_aa: 'SP AA',
  anti_tank: 'AT',
  engineer: 'Eng',
  hq: 'HQ',
  general: 'Gen',
};

const DIVISION_COLOUR = { '1st': '#d8cf9c', '29th': '#aac0da' };
const SYMBOL = { diamond: '◆', triangle: '▲', circle: '●' };
const TIDE = { low: 'low tide', mid: 'mid tide', high: 'high tide' };

export { variant };

// Where a US counter's `loc` puts it: `{ hex }`, `{ box }`, `{ track: turn }`, or
// `{ off: list name }`; `null` for out of play.
export function usPlace(loc, board) {
  const { name, body } = variant(loc);
  switch (name) {
    case 'Hex':
      return board.hexes?.[body] ? { hex: board.hexes[body] } : null;
    case 'Box':
      return board.boxes?.[body] ? { box: board.boxes[body].name } : null;
    case 'Track':
      return { track: body };
    case 'Eliminated':
      return { off: 'Eliminated' };
    case 'Exited':
      return { off: `Exited (exit ${String.fromCharCode(body)})` };
    default:
      return null;
  }
}

// The hex of a German counter's `slot`: a position's hex (`WN62N`), or a tank's own hex.
export function germanHex(slot, board) {
  if (board.slots?.[slot]) return board.slots[slot];
  return /^\d{4}$/.test(slot) ? slot : null;
}

function flagNames(flags, board) {
  return (board.flags ?? []).filter((flag) => (flags & flag.bit) !== 0);
}

function steps(count) {
  return '•'.repeat(Math.max(0, count));
}

// Who sits at a new game of `scenario` with `options` (the ids set true): the solo game's
// one US player, or rule 1's cooperative game with one seat per division (as the server's
// seat labels name them).
export function seatLabels(scenario, options = {}) {
  return options['two-player'] ? ['1st Division', '29th Division'] : ['US player'];
}

// The table of `view` for the generic client.
export function describe(view, board) {
  const pieces = [];
  const off = new Map();
  const waiting = new Map();
  const heroes = new Map((view.heroes ?? []).map((hero) => [hero.unit, hero]));
  const commandPosts = new Map((view.command_posts ?? []).map(([hq, range]) => [hq, range]));
  const addOff = (list, piece) => {
    if (!off.has(list)) off.set(list, []);
    off.get(list).push(piece);
  };

  // German counters first: a US unit never shares their hex, and a depth marker lies under
  // its unit.
  for (const [i, german] of (view.germans ?? []).entries()) {
    const hex = germanHex(german.slot, board);
    if (!hex) continue;
    if (german.depth) {
      const [back, front] = german.depth;
      pieces.push({
        key: `depth-${i}`,
        place: { hex },
        side: 'depth',
        faceDown: !front,
        label: front ? front[0] : back,
        sub: front ? `+${front[1]}` : 'depth',
        title: front
          ? `Depth marker ${front[0]} (strength ${front[1]}) under ${german.slot} (9.2)`
          : `A face-down ${back} depth marker under ${german.slot} (9.2)`,
        colour: front ? '#b9b9a6' : '#6b6b60',
        flags: [],
      });
    }
    const [name, strength] = german.front ?? [];
    pieces.push({
      key: `german-${i}`,
      place: { hex },
      side: 'german',
      faceDown: !german.front,
      label: german.front ? name : german.back,
      sub: german.front ? `${strength}` : german.slot,
      title: german.front
        ? `${name}, strength ${strength}, in ${german.slot}${german.disrupted ? ', disrupted' : ''}`
        : `A face-down German ${german.back} counter in ${german.slot}${german.disrupted ? ', disrupted' : ''}`,
      colour: german.front ? '#8e9b89' : '#4d5248',
      flags: german.disrupted ? [{ name: 'Disrupted', short: 'Dis', rule: '6.4' }] : [],
    });
  }

  for (const [unit, us] of (view.us ?? []).entries()) {
    const info = board.units?.[unit] ?? {};
    const place = usPlace(us.loc, board);
    if (!place) continue;
    const flags = flagNames(us.flags ?? 0, board);
    const hero = heroes.get(unit);
    if (hero) {
      flags.push({ name: `${hero.inspired ? 'Inspired' : 'Hero'} (${hero.name})`, short: hero.inspired ? 'Insp' : 'Hero', rule: '11.1' });
    }
    if (commandPosts.has(us.name)) {
      flags.push({ name: `Command Post, range ${commandPosts.get(us.name)}`, short: `CP${commandPosts.get(us.name)}`, rule: '18.1' });
    }
    const kind = KIND[info.kind] ?? info.kind ?? '';
    const piece = {
      key: `us-${unit}`,
      unit,
      place,
      side: 'us',
      faceDown: false,
      label: us.name,
      sub: `${kind} ${steps(us.steps)}`.trim(),
      title: `${us.name}: ${info.division ?? ''} Division ${kind}, ${us.steps} step${us.steps === 1 ? '' : 's'}${
        info.symbol ? `, target ${SYMBOL[info.symbol] ?? info.symbol}` : ''}${
        flags.length ? `; ${flags.map((f) => f.name).join(', ')}` : ''}`,
      colour: DIVISION_COLOUR[info.division] ?? '#dddddd',
      flags,
    };
    if (place.track !== undefined) {
      if (!waiting.has(place.track)) waiting.set(place.track, []);
      waiting.get(place.track).push(piece);
    } else if (place.off) {
      addOff(place.off, piece);
    } else {
      pieces.push(piece);
    }
  }

  const germanBoxes = (view.pools ?? []).map(([name, count]) => ({
    key: `pool-${name}`,
    label: name,
    sub: `×${count}`,
    title: `${count} face-down in ${name}`,
    side: 'german',
    faceDown: true,
    flags: [],
  }));
  if (germanBoxes.length) off.set('German boxes (face-down)', germanBoxes);

  const markers = [];
  for (const hex of view.cleared ?? []) {
    markers.push({ hex, text: 'Clr', title: `Obstacles in ${hex} cleared (10.1)`, kind: 'cleared' });
  }
  const positionHexes = (name) => board.positions?.find((p) => p.name === name)?.hexes ?? [];
  for (const name of view.smoke ?? []) {
    for (const hex of positionHexes(name)) {
      markers.push({ hex, text: 'Smoke', title: `${name} is under Smoke this turn`, kind: 'smoke' });
    }
  }
  for (const name of view.garrisons ?? []) {
    for (const hex of positionHexes(name)) {
      markers.push({ hex, text: 'Gar', title: `US Garrison in ${name} (19.3)`, kind: 'garrison' });
    }
  }
  for (const [hex, range] of view.engineer_bases ?? []) {
    markers.push({ hex, text: `Base ${range}`, title: `Engineer Base, range ${range} (19.2)`, kind: 'base' });
  }

  const turns = (board.turns ?? []).map((space) => ({
    turn: space.turn,
    label: `${space.turn}`,
    sub: space.time,
    tide: space.tide,
    title: `Turn ${space.turn}, ${space.time}, ${TIDE[space.tide] ?? space.tide}${space.shuffle ? ', shuffle the cards after it' : ''}`,
    shuffle: space.shuffle,
    waiting: waiting.get(space.turn) ?? [],
  }));

  const step = variant(view.step);
  const phases = (board.phases ?? []).map((phase) => ({ name: phase.short ?? phase.name, title: phase.name, rule: phase.rule }));
  const phaseIndex = (board.phases ?? []).findIndex((phase) => phase.steps.includes(step.name));

  const cards = (view.turn_cards ?? []).map((number) => describeCard(board.cards?.[number], number, view.turn));
  const space = (board.turns ?? []).find((t) => t.turn === view.turn);
  const deck = view.deck ?? {};
  return {
    pieces,
    off: [...off.entries()].map(([title, list]) => ({ title, pieces: list })),
    markers,
    turns,
    turn: view.turn,
    phases,
    phase: phaseIndex,
    step: stepText(step),
    cards,
    deck: `${deck.draw_count ?? '?'} cards to draw, ${(deck.discard ?? []).length} discarded`,
    summary: `Turn ${view.turn}${space ? ` · ${space.time} · ${TIDE[space.tide] ?? space.tide}` : ''}`,
    flagsNote: view.plunging_fire ? 'German Plunging Fire waits for the next German Fire Phase' : null,
  };
}

// A card as lines of text (2.3): its landing letters, fire icons, artillery, the event of
// this turn.
export function describeCard(card, number, turn) {
  if (!card) return { number, title: `Card ${number}`, lines: [] };
  const lines = [];
  if (card.landing) {
    const l = card.landing;
    lines.push(`Landing: ◆${l.diamond} ▲${l.triangle} ●${l.circle}${l.mine ? ' · mine' : ''}`);
  }
  if (card.fire) {
    const icons = card.fire.icons.map((icon) =>
      [icon.colour, icon.double ? '(double)' : '', icon.star ? '★' : '', icon.tank ? 'tank' : '', icon.mark ?? '']
        .filter(Boolean).join(' '));
    lines.push(`Fire: ${icons.join(', ')} → ${SYMBOL[card.fire.target] ?? card.fire.target}`);
  }
  if (card.artillery) {
    lines.push(`Artillery: ${card.artillery.value} / ${card.artillery.calibres.join(' ')}`);
  }
  const event = (card.events ?? []).find((e) => e.turns[0] <= turn && turn <= e.turns[1]);
  if (event) lines.push(`Event: ${event.title}`);
  return { number, title: `Card ${number}`, lines, colours: (card.fire?.icons ?? []).map((i) => i.colour) };
}

function stepText(step) {
  const body = step.body;
  switch (step.name) {
    case 'Actions':
    case 'Attack':
    case 'Infiltration':
      return `${body.division} Division, ${body.left} action${body.left === 1 ? '' : 's'} left`;
    case 'Engineers':
      return `${body.sector} sector, ${body.left} clearance${body.left === 1 ? '' : 's'} left`;
    case 'Fire':
    case 'GermanActions':
      return `${typeof body === 'string' ? body : body?.sector ?? ''} sector`;
    default:
      // `DivisionOrder` -> `Division order`
      return (step.name ?? '').replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/ ([A-Z])/g, (_, c) => ` ${c.toLowerCase()}`);
  }
}
