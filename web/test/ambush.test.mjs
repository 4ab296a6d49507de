// Ambush!'s view as the table the client draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describe, hexOf, ratingsText, roster, soldierFlags } from '../games/ambush.js';
import { mapScenario } from '../games/index.js';

const soldier = (extra) => ({
  id: 0, name: 'US1', side: 'US', hex: '0601', stance: 'Standing', health: 'Healthy', row: 'TwoTurns',
  advantage: false, panicked: false, captured: false, surrendered: false, commander: false,
  ratings: [3, 7, 1, 3, 5], items: ['Thompson SMG'], ammo: ['Mk 2 grenade', 'Thompson SMG'], mp_spent: 0, ...extra,
});

const view = {
  mission: 'S1',
  phase: 'rounds',
  round: { number: 1, action_number: 6, us_die: 6, german_die: 0, us_initiative: true, acting: 0 },
  condition: 2,
  vp: 1,
  sightings: [4],
  soldiers: [
    soldier({ commander: true, advantage: true }),
    soldier({ id: 1, name: 'US2', hex: '0701 (aboard)', row: 'OneTurn', health: 'Wounded', items: ['M1 Garand (jammed)'] }),
    soldier({ id: 2, name: 'US3', hex: 'exited', row: 'Complete' }),
    soldier({ id: 6, name: 'B', side: 'GER', hex: '0702', stance: 'Prone', row: 'Complete', ratings: [2, 0], items: ['MG 42 (bipod) (prepared)'], ammo: [], panicked: true }),
  ],
  markers: [['0101', []], ['0305', ['TrapResolved', 'Rubble']]],
  vehicles: [{ id: 0, name: 'US Jeep', side: 'US', hex: '0701', facing: 'N', open: true, status: 'TireHit', crew: 0 }],
};

test('AMB-VMOV: a soldier aboard stands on his vehicle\'s hex; one who exited has none', () => {
  assert.equal(hexOf('0601'), '0601');
  assert.equal(hexOf('0701 (aboard)'), '0701');
  assert.equal(hexOf('exited'), null);
  assert.equal(hexOf(null), null);
});

test('AMBX-HID-2: the squad\'s ratings in full, a German\'s initiative and weapon skill only', () => {
  assert.equal(ratingsText(view.soldiers[0]), 'IN 3 · PC 7 · WS 1 · DS 3 · MPA 5');
  assert.equal(ratingsText(view.soldiers[3]), 'IN 2 · WS 0');
});

test('AMB-STS, AMB-CMD, AMBX-DMG: a soldier\'s state shows as flags citing their rules', () => {
  assert.deepEqual(soldierFlags(view.soldiers[0]).map((f) => f.short), ['Cmd', 'Adv']);
  assert.deepEqual(soldierFlags(view.soldiers[1]).map((f) => [f.short, f.rule]), [['WND', 'AMBX-DMG'], ['Abd', 'AMB-VMOV']]);
  assert.deepEqual(soldierFlags(view.soldiers[3]).map((f) => f.short), ['PAN']);
});

test('the table: soldiers and vehicles on their hexes, the AR Track rows with who waits there', () => {
  const table = describe(view);
  assert.deepEqual(table.pieces.map((p) => [p.key, p.place.hex, p.label, p.sub]), [
    ['vehicle-0', '0701', 'Jeep', 'facing N'],
    ['soldier-0', '0601', 'US1', 'Std Thompson'],
    ['soldier-1', '0701', 'US2', 'Std M1'],
    ['soldier-6', '0702', 'B', 'Pr MG'],
  ]);
  assert.deepEqual(table.off.map((o) => [o.title, o.pieces.map((p) => p.unit)]), [['Exited', [2]]]);
  assert.equal(table.turns.length, 6);
  assert.deepEqual(table.turns.map((t) => t.waiting.map((p) => p.unit)), [[0], [1], [2, 6], [], [], []]);
  assert.equal(table.turn, 0, 'the acting soldier\'s row is current');
  assert.equal(table.phases[table.phase].name, 'Rounds');
  assert.equal(table.step, 'US1 acting');
  assert.equal(table.summary, 'Mission S1 · round 1 · Action Number 6 · initiative US 6, German 0 · Condition 2 · VP 1');
  assert.deepEqual(table.markers.map((m) => [m.hex, m.text]), [['0305', 'Trap Resolved'], ['0305', 'Rubble']]);
  assert.equal(table.deck, 'Sightings: 4');
});

test('the roster: a card per US soldier with ratings, weapons and ammunition; no Germans', () => {
  const cards = roster(view);
  assert.deepEqual(cards.map((c) => c.title), ['US1 (commander): healthy, standing', 'US2: wounded, standing', 'US3: healthy, standing']);
  assert.deepEqual(cards[0].lines, ['IN 3 · PC 7 · WS 1 · DS 3 · MPA 5', 'Carries: Thompson SMG', 'Ammunition: Mk 2 grenade, Thompson SMG']);
});

test('before the rounds, no AR Track is shown', () => {
  const table = describe({ ...view, phase: 'operations', round: null });
  assert.deepEqual(table.turns, []);
  assert.equal(table.phases[table.phase].name, 'Operations');
});

test('AMBX-CAMP: a campaign is drawn on the map of the mission it plays; other games on their scenario\'s', () => {
  assert.equal(mapScenario('ambush', { ...view, mission: 'M2' }, 'campaign'), 'M2');
  assert.equal(mapScenario('ambush', null, 'S1'), 'S1');
  assert.equal(mapScenario('tide-of-iron', { round: 1 }, 'le-hameau'), 'le-hameau');
});
