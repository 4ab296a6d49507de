// D-Day at Omaha Beach's view read against its board data as the table the client draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describe, describeCard, germanHex, usPlace, variant } from '../games/omaha.js';

const board = {
  hexes: ['0101', '0513', '0812'],
  boxes: [{ name: 'drift-east' }, { name: 'ER1' }],
  slots: { WN62N: '0812' },
  positions: [{ name: 'WN62', hexes: ['0812', '0912'] }],
  units: [
    { name: 'E/2/16', division: '1st', kind: 'infantry', steps: 3, symbol: 'diamond' },
    { name: 'C/2R', division: '29th', kind: 'ranger', steps: 2, symbol: 'circle' },
    { name: 'Cota', division: '29th', kind: 'general', steps: 1 },
    { name: 'A/1/116', division: '29th', kind: 'infantry', steps: 3 },
  ],
  cards: { 5: { number: 5, landing: { diamond: 'B', triangle: 'A', circle: 'D', mine: true }, fire: { icons: [{ colour: 'red', double: true, star: false, tank: false, mark: 'F' }], target: 'circle' }, artillery: { value: 3, calibres: ['75', '88'] }, events: [{ turns: [2, 16], title: 'Smoke Obscures Beach' }, { turns: [17, 32], title: 'Snipers' }] } },
  turns: [{ turn: 1, time: '06:15', tide: 'low', shuffle: false }, { turn: 2, time: '06:30', tide: 'low', shuffle: false }],
  phases: [{ name: 'US Amphibious Operations', short: 'Landing', steps: ['Place'] }, { name: 'US Actions', short: 'Actions', steps: ['Actions'] }],
  flags: [{ bit: 1, name: 'Disrupted', short: 'Dis', rule: '6.33' }, { bit: 16, name: 'Action Taken', short: 'Act', rule: '7.2' }],
};

const view = {
  turn: 2,
  step: { Actions: { division: '29th', left: 1, second: false } },
  us: [
    { name: 'E/2/16', loc: { Hex: 1 }, steps: 3, flags: 1 | 16 },
    { name: 'C/2R', loc: { Box: 1 }, steps: 2, flags: 0 },
    { name: 'Cota', loc: { Track: 2 }, steps: 1, flags: 0 },
    { name: 'A/1/116', loc: 'Eliminated', steps: 0, flags: 0 },
  ],
  germans: [
    { slot: 'WN62N', back: 'WN', front: null, disrupted: false, depth: ['WN', null] },
    { slot: '0101', back: 'tank', front: ['Pz IV', 4], disrupted: true, depth: null },
  ],
  pools: [['Division (D)', 11]],
  deck: { discard: [1, 2], draw_count: 50 },
  turn_cards: [5],
  cleared: ['0513'],
  smoke: ['WN62'],
  heroes: [{ name: 'Hero 1', unit: 0, inspired: false }],
  command_posts: [],
  engineer_bases: [['0513', 2]],
  garrisons: [],
  plunging_fire: false,
};

test('serde enum values read as a name and a body', () => {
  assert.deepEqual(variant('Land'), { name: 'Land', body: null });
  assert.deepEqual(variant({ Place: 68 }), { name: 'Place', body: 68 });
});

test('a US counter\'s location is a hex, a box, the turn track or a list beside the board', () => {
  assert.deepEqual(usPlace({ Hex: 2 }, board), { hex: '0812' });
  assert.deepEqual(usPlace({ Box: 1 }, board), { box: 'ER1' });
  assert.deepEqual(usPlace({ Track: 5 }, board), { track: 5 });
  assert.deepEqual(usPlace('Eliminated', board), { off: 'Eliminated' });
  assert.deepEqual(usPlace({ Exited: 65 }, board), { off: 'Exited (exit A)' });
  assert.equal(usPlace('OutOfPlay', board), null);
  assert.equal(usPlace({ Hex: 99 }, board), null);
});

test('a German counter stands in its slot\'s hex, a tank in its own', () => {
  assert.equal(germanHex('WN62N', board), '0812');
  assert.equal(germanHex('0101', board), '0101');
  assert.equal(germanHex('nowhere', board), null);
});

test('the view becomes pieces: face-down Germans over their depth markers, US units with markers', () => {
  const table = describe(view, board);
  const keys = table.pieces.map((p) => p.key);
  assert.deepEqual(keys, ['depth-0', 'german-0', 'german-1', 'us-0', 'us-1']);
  const [depth, hidden, tank, us, ranger] = table.pieces;
  assert.deepEqual(depth.place, { hex: '0812' });
  assert.ok(depth.faceDown && hidden.faceDown && !tank.faceDown);
  assert.equal(hidden.label, 'WN', 'a face-down counter shows only its back');
  assert.ok(!JSON.stringify(hidden).includes('Pz'), 'and nothing of another counter');
  assert.equal(tank.label, 'Pz IV');
  assert.deepEqual(tank.flags.map((f) => f.short), ['Dis']);
  assert.equal(us.unit, 0);
  assert.deepEqual(us.place, { hex: '0513' });
  assert.deepEqual(us.flags.map((f) => f.short), ['Dis', 'Act', 'Hero']);
  assert.deepEqual(ranger.place, { box: 'ER1' });
});

test('the rest of the table: lists, markers, tracks, phase and cards', () => {
  const table = describe(view, board);
  assert.deepEqual(table.off.map((o) => [o.title, o.pieces.length]), [['Eliminated', 1], ['German boxes (face-down)', 1]]);
  assert.deepEqual(table.markers.map((m) => [m.kind, m.hex]),
    [['cleared', '0513'], ['smoke', '0812'], ['smoke', '0912'], ['base', '0513']]);
  assert.deepEqual(table.turns.map((t) => t.waiting.map((p) => p.label)), [[], ['Cota']]);
  assert.equal(table.turn, 2);
  assert.equal(table.phase, 1);
  assert.equal(table.step, '29th Division, 1 action left');
  assert.equal(table.cards.length, 1);
  assert.equal(table.deck, '50 cards to draw, 2 discarded');
  assert.ok(table.summary.startsWith('Turn 2 · 06:30'));
});

test('a card reads as its landing letters, fire icons, artillery and this turn\'s event', () => {
  const card = describeCard(board.cards[5], 5, 20);
  assert.equal(card.title, 'Card 5');
  assert.deepEqual(card.lines, [
    'Landing: ◆B ▲A ●D · mine',
    'Fire: red (double) F → ●',
    'Artillery: 3 / 75 88',
    'Event: Snipers',
  ]);
  assert.deepEqual(describeCard(undefined, 9, 1), { number: 9, title: 'Card 9', lines: [] });
});
