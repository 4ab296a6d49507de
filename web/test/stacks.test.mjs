// Pieces grouped into stacks, fanned, and the places legal actions anchor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anchoredPlaces, fanOffsets, groupIntoStacks, placeKey } from '../stacks.js';

test('places have one key each', () => {
  assert.equal(placeKey({ hex: '0812' }), 'hex:0812');
  assert.equal(placeKey({ box: 'ER1' }), 'box:ER1');
  assert.equal(placeKey({ off: 'Eliminated' }), 'off:Eliminated');
  assert.equal(placeKey(null), null);
  assert.equal(placeKey({}), null);
});

test('pieces on one place form one stack, in the order given', () => {
  const stacks = groupIntoStacks([
    { key: 'a', place: { hex: '0812' } },
    { key: 'b', place: { box: 'ER1' } },
    { key: 'c', place: { hex: '0812' } },
    { key: 'd', place: null },
  ]);
  assert.deepEqual([...stacks.keys()], ['hex:0812', 'box:ER1']);
  assert.deepEqual(stacks.get('hex:0812').pieces.map((p) => p.key), ['a', 'c']);
  assert.deepEqual(stacks.get('hex:0812').place, { hex: '0812' });
});

test('a stack fans diagonally, centred, and stops fanning past the visible count', () => {
  assert.deepEqual(fanOffsets(1, 20), [{ x: 0, y: -0 }]);
  const two = fanOffsets(2, 20);
  assert.equal(two[0].x, -two[1].x);
  assert.ok(two[1].x > 0 && two[1].y < 0, 'the top counter is up and to the right');
  const many = fanOffsets(7, 20, 4);
  assert.equal(many.length, 7);
  assert.deepEqual(many[6], many[3], 'pieces past the fourth lie under it');
});

test('legal actions anchor hexes, units and cards', () => {
  const { hexes, units, cards } = anchoredPlaces([
    { anchors: { label: 'Move A to 0813', hexes: ['0812', '0813'], units: [3] } },
    { anchors: { label: 'End' } },
    { anchors: { label: 'Clear 0606', hexes: ['0606'] } },
    { anchors: { label: 'Play card 12', cards: [12] } },
  ]);
  assert.deepEqual([...hexes].sort(), ['0606', '0812', '0813']);
  assert.deepEqual([...units], [3]);
  assert.deepEqual([...cards], [12]);
});
