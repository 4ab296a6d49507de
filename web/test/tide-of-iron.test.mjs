// Tide of Iron's view read against its board data as the table the client draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describe, hexMarkers, seatLabels, squadLetters, stepText, unitFlags } from '../games/tide-of-iron.js';

const board = {
  figures: [
    { id: 'us-regular', name: 'US regular', nation: 'us', class: 'regular', short: 'R' },
    { id: 'us-officer', name: 'US officer', nation: 'us', class: 'officer', short: 'O' },
    { id: 'us-mg', name: 'US machine-gun crew', nation: 'us', class: 'mg_crew', short: 'MG' },
    { id: 'sherman', name: 'M4A1 Sherman', nation: 'us', class: 'tank', short: 'Tank' },
    { id: 'de-regular', name: 'German regular', nation: 'de', class: 'regular', short: 'R' },
  ],
  cards: [{ name: 'Rally', text: 'an action (TOI-ACT-CARD), cost 1: remove the activation token of one of your fatigued units' }],
};

const squad = (figures, extra = {}) => ({
  nation: 'us', division: 1, at: { Hex: 19 }, token: 'Fresh',
  kind: { Squad: { figures, condition: 'Normal' } }, fort: 'None', hidden: false, spec: null, ...extra,
});

const view = {
  scenario: 'le-hameau',
  round: 2,
  rounds: 6,
  step: { Action: { nation: 'de' } },
  initiative: 'us',
  vp: [3, 1],
  command: [4, 2],
  initiative_cards: [0, 0],
  turn_of: 'de',
  actions_left: [0, 2],
  ended: [false, false],
  units: [
    { id: 0, name: 'US MG+R+R #0', hex: '1A:0302', unit: squad([2, 0, 0, 255], { spec: 'engineer', token: 'OpFire' }) },
    { id: 1, name: 'US M4A1 Sherman #1', hex: '1A:0302', unit: { ...squad([]), division: 2, kind: { Vehicle: { figure: 3, damage: 'Light' } } } },
    { id: 2, name: 'German R+R #2', hex: '1A:0604', unit: { ...squad([4, 4, 255, 255]), nation: 'de', hidden: true, fort: 'Entrenchment', kind: { Squad: { figures: [4, 4, 255, 255], condition: 'Pinned' } } } },
    { id: 3, name: 'US O+R #3', hex: null, unit: squad([1, 0, 255, 255], { at: { Aboard: 1 } }) },
    { id: 4, name: 'US R+R+R+R #4', hex: null, unit: squad([0, 0, 0, 0], { at: { Reserve: 4 } }) },
    { id: 5, name: 'German R #5', hex: null, unit: { ...squad([4, 255, 255, 255]), nation: 'de', at: 'Gone' } },
  ],
  markers: [['1A:0604', { entrenchments: 1, pillboxes: 0, wire: true, traps: false, mines: false, smoke: true }]],
  objectives: [['1A:0505', 'us'], ['1A:0808', null]],
  cards: [
    { decks: [['US Infantry', 7]], hq: ['Rally'], play_area: [['Air Strike', true]], operations: ['Desperate Defense'] },
    { decks: [['German Infantry', 9], ['German Armor', 5]], hq: [], play_area: [], operations: [] },
  ],
};

test('TOI-TEAM: the seats a new game has, by its players options', () => {
  assert.deepEqual(seatLabels({}, {}), ['US', 'German']);
  assert.equal(seatLabels({}, { 'TOI-TEAM-4': true }).length, 4);
  assert.deepEqual(seatLabels({}, { 'TOI-TEAM-3-de': true }), ['US', 'German 1st division', 'German 2nd division']);
});

test('TOI-SQUAD: a squad reads as its figures letters, empty slots left out', () => {
  assert.equal(squadLetters([2, 0, 0, 255], board), 'MG+R+R');
  assert.equal(squadLetters([255, 255, 255, 255], board), '');
});

test('TOI-COMBAT-COND, TOI-COMBAT-OPFIRE, TOI-FORT-ENTR, TOI-COMBAT-HIDDEN: a unit state shows as flags citing their rules', () => {
  const german = view.units[2].unit;
  assert.deepEqual(unitFlags(german).map((f) => f.short), ['Pin', 'Ent', 'Hid']);
  assert.deepEqual(unitFlags(view.units[0].unit).map((f) => f.rule), ['TOI-COMBAT-OPFIRE']);
  assert.deepEqual(unitFlags(view.units[1].unit).map((f) => f.name), ['Light damage']);
});

test('the table: units on their hexes, the carried, the waiting and the fallen beside the board', () => {
  const table = describe(view, board);
  assert.deepEqual(table.pieces.map((p) => [p.unit, p.place.hex, p.label]), [
    [0, '1A:0302', 'MG+R+R'],
    [1, '1A:0302', 'Sherman'],
    [2, '1A:0604', 'R+R'],
  ]);
  assert.match(table.pieces[0].title, /engineer specialization; Op Fire/);
  assert.deepEqual(table.pieces[1].flags.map((f) => [f.short, f.rule]), [['Dmg', 'TOI-COMBAT-NORMAL-VEH'], ['+1', 'TOI-TRANS']]);
  assert.match(table.pieces[1].title, /carrying US O\+R #3/);
  assert.notEqual(table.pieces[0].colour, table.pieces[1].colour, 'the two divisions in two shades');
  assert.deepEqual(table.off.map((o) => [o.title, o.pieces.map((p) => p.unit)]), [
    ['Aboard US M4A1 Sherman #1', [3]],
    ['Out of play (German)', [5]],
  ]);
  assert.equal(table.turns.length, 6);
  assert.deepEqual(table.turns[3].waiting.map((p) => p.unit), [4]);
  assert.equal(table.turn, 2);
  assert.equal(table.phases[table.phase].name, 'Action');
  assert.equal(table.step, 'German to act, 2 actions left');
  assert.match(table.summary, /Round 2 of 6 · initiative US · VP US 3, German 1/);
  assert.deepEqual(table.cards.map((c) => c.title), ['US cards', 'German cards']);
  assert.deepEqual(table.cards[0].lines, [
    'HQ: Rally — an action (TOI-ACT-CARD), cost 1: remove the activation token of one of your fatigued units',
    'In play (waits for contact): Air Strike',
    'Operations: Desperate Defense',
  ]);
  assert.match(table.deck, /German decks: German Infantry 9, German Armor 5/);
});

test('TOI-CMD-CTRL, TOI-FORT: objectives with their holder, fortifications, obstacles and smoke as hex markers', () => {
  const markers = hexMarkers(view);
  assert.deepEqual(markers.map((m) => [m.hex, m.text]), [
    ['1A:0505', 'Obj US'],
    ['1A:0808', 'Obj'],
    ['1A:0604', 'Entr×1'],
    ['1A:0604', 'Wire'],
    ['1A:0604', 'Smoke'],
  ]);
});

test('TOI-ROUND: each step names its phase and who plays it', () => {
  assert.equal(stepText({ step: { Draw: { nation: 'us', left: 2, setup: true, extra: false } } }), 'US draws 2 cards (setup)');
  assert.equal(stepText({ step: { Command: { nation: 'de' } } }), 'German: command');
  assert.equal(stepText({ step: 'StatusClean' }), 'Status clean');
  assert.equal(stepText({ ...view, step: { OpFire: { unit: 2, mp: 3 } } }), 'Op Fire at German R+R #2?');
  assert.equal(stepText({ step: { Moving: { unit: 9, mp: 3 } } }), 'unit #9 moving, 3 MP left');
  // TOI-ACT-END: once the other side has ended, no count (the game's 255 counting down).
  assert.equal(stepText({ ...view, step: { Action: { nation: 'us' } }, actions_left: [252, 0], ended: [false, true] }),
    'US to act, the German side has ended its Action Phase');
  assert.equal(stepText({ ...view, step: { Action: { nation: 'us' } }, actions_left: [2, 3], ended: [true, false] }),
    'US to act, 2 actions left');
  const setup = describe({ ...view, round: 0, step: { Draw: { nation: 'us', left: 2, setup: true, extra: false } } }, board);
  assert.equal(setup.phases[setup.phase].name, 'Setup');
  const command = describe({ ...view, step: { Command: { nation: 'us' } } }, board);
  assert.equal(command.phases[command.phase].name, 'Command');
});
