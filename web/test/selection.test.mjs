// Choosing actions by pointing at counters and hexes, and by typing numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickHex, clickUnit, destination, matching, typeDigit, typeEnter } from '../selection.js';

const legal = [
  { anchors: { label: 'Move A to 0813', hexes: ['0812', '0813'], units: [1] } },
  { anchors: { label: 'Move A to 0912', hexes: ['0812', '0912'], units: [1] } },
  { anchors: { label: 'Move B to 0813', hexes: ['0812', '0813'], units: [2] } },
  { anchors: { label: 'A: rally', hexes: ['0812'], units: [1] } },
  { anchors: { label: 'Clear 0606', hexes: ['0606'] } },
  { anchors: { label: 'End this division\'s actions' } },
];

test('a selection narrows the actions, keeping their numbers', () => {
  assert.equal(matching(legal, null).length, 6);
  assert.deepEqual(matching(legal, { unit: 1 }).map((m) => m.number), [1, 2, 4]);
  assert.deepEqual(matching(legal, { hex: '0813' }).map((m) => m.number), [1, 3]);
  assert.deepEqual(matching(legal, { hex: '0606' }).map((m) => m.number), [5]);
});

test('an action leads to the last hex it names', () => {
  assert.equal(destination(legal[0]), '0813');
  assert.equal(destination(legal[4]), '0606');
  assert.equal(destination(legal[5]), null);
});

test('with a unit selected, clicking where only it can go plays that move', () => {
  assert.deepEqual(clickHex(legal, { unit: 1 }, '0912'), { play: 2 });
  assert.deepEqual(clickHex(legal, { unit: 1 }, '0813'), { play: 1 });
  // Its own hex is not a move (the rally names one hex only): that hex is selected.
  assert.deepEqual(clickHex(legal, { unit: 1 }, '0812'), { select: { hex: '0812' } });
});

test('with a hex selected, a destination two moves share is only selected', () => {
  assert.deepEqual(clickHex(legal, { hex: '0812' }, '0813'), { select: { hex: '0813' } });
  assert.deepEqual(clickHex(legal, { hex: '0812' }, '0912'), { play: 2 });
});

test('clicking the selected hex again plays its only action, or clears the selection', () => {
  assert.deepEqual(clickHex(legal, null, '0606'), { select: { hex: '0606' } });
  assert.deepEqual(clickHex(legal, { hex: '0606' }, '0606'), { play: 5 });
  assert.deepEqual(clickHex(legal, { hex: '0812' }, '0812'), { select: null });
});

test('clicking a unit selects it, and again clears it', () => {
  assert.deepEqual(clickUnit(null, 4), { select: { unit: 4 } });
  assert.deepEqual(clickUnit({ unit: 4 }, 4), { select: null });
  assert.deepEqual(clickUnit({ hex: '0812' }, 4), { select: { unit: 4 } });
});

test('with up to nine actions a digit plays at once', () => {
  assert.deepEqual(typeDigit('', '3', 6), { typed: '', play: 3 });
  assert.deepEqual(typeDigit('', '7', 6), { typed: '', play: null }, 'no seventh action');
  assert.deepEqual(typeDigit('', '0', 6), { typed: '', play: null });
});

test('with more actions digits build a number, played when it cannot grow or on Enter', () => {
  assert.deepEqual(typeDigit('', '1', 25), { typed: '1', play: null });
  assert.deepEqual(typeDigit('1', '2', 25), { typed: '', play: 12 });
  assert.deepEqual(typeDigit('', '3', 25), { typed: '', play: 3 });
  assert.deepEqual(typeDigit('2', '7', 25), { typed: '', play: null }, 'no 27th action');
  assert.deepEqual(typeDigit('', '1', 183), { typed: '1', play: null });
  assert.deepEqual(typeDigit('1', '8', 183), { typed: '18', play: null });
  assert.deepEqual(typeDigit('18', '3', 183), { typed: '', play: 183 });
  assert.equal(typeEnter('1', 25), 1);
  assert.equal(typeEnter('18', 183), 18);
  assert.equal(typeEnter('', 25), null);
});

test('a place that is not a hex (a landing box) is selected and played like a hex', async () => {
  const { clickPlace, concerns } = await import('../selection.js');
  const box = (id) => ({ kind: 'box', id });
  const legal = [
    { action: 1, anchors: { units: [7], places: [box('DW1')] } },
    { action: 2, anchors: { units: [7], places: [box('DW2')] } },
    { action: 3, anchors: { units: [8], places: [box('DW2')] } },
  ];
  // With the unit selected, its one action into the box plays.
  assert.deepEqual(clickPlace(legal, { unit: 7 }, box('DW2')), { play: 2 });
  // Without a selection, the box is selected; it then concerns the actions naming it.
  assert.deepEqual(clickPlace(legal, null, box('DW2')), { select: { place: box('DW2') } });
  assert.equal(legal.filter((l) => concerns(l, { place: box('DW2') })).length, 2);
  // The selected box clicked again: two actions name it, so the selection clears.
  assert.deepEqual(clickPlace(legal, { place: box('DW2') }, box('DW2')), { select: null });
  assert.deepEqual(clickPlace(legal, { place: box('DW1') }, box('DW1')), { play: 1 });
});
