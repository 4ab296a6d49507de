// Line of sight from a selected unit: when the page asks for it, and what the board draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sightErrorWorthShowing, sightKey, sightMarks } from '../sight.js';

const sight = {
  unit: 3,
  from: '1A:0605',
  hexes: ['1A:0605', '1A:0604', '2B:0101', '1A:0604'],
  targets: [
    { unit: 12, hex: '1A:0604', blocked: null },
    { unit: 14, hex: '2B:0101', blocked: 'blocking terrain in 1A:0506 (woods) (TOI-COMBAT-LOS-SAME)' },
    { unit: 15, hex: '2B:0101', blocked: 'out of range: 9 hexes away (TOI-COMBAT-RANGE)' },
    { unit: 16, hex: '1A:0604', blocked: 'a hidden squad cannot be fired on (TOI-COMBAT-HIDDEN)' },
  ],
};

test('sight is wanted for a selected unit only, and anew when the game moves on', () => {
  assert.equal(sightKey({ unit: 3 }, 7), '3@7');
  assert.equal(sightKey({ unit: 0 }, 7), '0@7', 'unit 0 is a unit');
  assert.notEqual(sightKey({ unit: 3 }, 8), sightKey({ unit: 3 }, 7));
  assert.equal(sightKey(null, 7), null);
  assert.equal(sightKey({ hex: '0812' }, 7), null);
  assert.equal(sightKey({ place: { kind: 'box', id: 'DW1' } }, 7), null);
  assert.equal(sightKey({ unit: 3 }, 7, { enabled: false }), null, 'the toggle turns it off');
  assert.equal(sightKey({ unit: 3 }, 7, { replaying: true }), null, 'not over a replay frame');
});

test('the hexes seen are drawn once each', () => {
  assert.deepEqual(sightMarks(sight).hexes, ['1A:0605', '1A:0604', '2B:0101']);
});

test('a hex with a target it can fire on is marked so, and every target there says why or why not', () => {
  const names = new Map([[12, 'REE'], [14, 'MG'], [16, 'RR']]);
  const { targets } = sightMarks(sight, (unit) => names.get(unit) ?? null);
  assert.deepEqual(targets.map((t) => [t.hex, t.fire]), [['1A:0604', true], ['2B:0101', false]]);
  const [near, far] = targets;
  assert.equal(near.title, 'REE: can be fired on\nRR: a hidden squad cannot be fired on (TOI-COMBAT-HIDDEN)');
  assert.equal(
    far.title,
    'MG: blocking terrain in 1A:0506 (woods) (TOI-COMBAT-LOS-SAME)\nUnit 15: out of range: 9 hexes away (TOI-COMBAT-RANGE)',
    'a unit the table does not name is named by its id',
  );
});

test('no sight, or a sight with nothing in it, draws nothing', () => {
  assert.deepEqual(sightMarks(null), { hexes: [], targets: [] });
  assert.deepEqual(sightMarks({ unit: 1, from: '0101', hexes: ['0101'], targets: [] }), { hexes: ['0101'], targets: [] });
  assert.deepEqual(sightMarks({ unit: 1, targets: [{ unit: 2 }] }), { hexes: [], targets: [] }, 'a target without a hex is left out');
});

test('a game without sight is passed over quietly; other failures are told', () => {
  assert.equal(sightErrorWorthShowing({ status: 404, code: 'no_sight' }), false);
  assert.equal(sightErrorWorthShowing({ status: 429, code: 'too_many_requests' }), true);
  assert.equal(sightErrorWorthShowing({ status: 0, code: 'offline' }), true);
});
