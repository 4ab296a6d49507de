// Log slices merged as the server sends them (an undo shortens the log).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mergeLog } from '../log.js';
import { findRule, ruleCandidates } from '../rules.js';

const line = (index) => ({ index, rule: '5.1', text: `line ${index}` });

test('a slice from the end appends its lines', () => {
  const held = [line(0), line(1)];
  const merged = mergeLog(held, { from: 2, length: 4, lines: [line(2), line(3)] });
  assert.deepEqual(merged.map((l) => l.index), [0, 1, 2, 3]);
});

test('a slice from earlier replaces what it covers, so the same slice twice changes nothing', () => {
  const held = [line(0), line(1), line(2)];
  const slice = { from: 1, length: 3, lines: [line(1), line(2)] };
  assert.deepEqual(mergeLog(held, slice).map((l) => l.index), [0, 1, 2]);
  assert.deepEqual(mergeLog(mergeLog(held, slice), slice).map((l) => l.index), [0, 1, 2]);
});

test('after an undo the lines past the shorter log are dropped', () => {
  const held = [line(0), line(1), line(2), line(3)];
  assert.deepEqual(mergeLog(held, { from: 2, length: 2, lines: [] }).map((l) => l.index), [0, 1]);
});

test('lines hidden from this seat leave gaps in the positions, which merging keeps', () => {
  const held = [line(0), line(2)];
  assert.deepEqual(mergeLog(held, { from: 3, length: 5, lines: [line(4)] }).map((l) => l.index), [0, 2, 4]);
  assert.deepEqual(mergeLog(held, null), held);
});

test('a rule id looks itself up, then the rules around it', () => {
  assert.deepEqual(ruleCandidates('5.14'), ['5.14', '5.1', '5']);
  assert.deepEqual(ruleCandidates('4.2-II'), ['4.2-II', '4.2', '4']);
  assert.deepEqual(ruleCandidates('19.3-GARRISON'), ['19.3-GARRISON', '19.3', '19']);
  assert.deepEqual(ruleCandidates('13'), ['13']);
  assert.deepEqual(ruleCandidates('AMB-63'), ['AMB-63']);
  assert.deepEqual(ruleCandidates('T5'), ['T5']);
  assert.deepEqual(ruleCandidates('3.B.5'), ['3.B.5']);
  const reference = { rules: [{ id: '5', title: 'Landing' }, { id: '5.1', title: 'Checks' }, { id: '19.3', title: 'Garrisons' }] };
  assert.equal(findRule(reference, '5.14').id, '5.1');
  assert.equal(findRule(reference, '5.2').id, '5');
  assert.equal(findRule(reference, '19.3-GARRISON').id, '19.3');
  assert.equal(findRule(reference, '6.1'), null);
  assert.equal(findRule(null, '5'), null);
});

test('a word rule id looks itself up, then drops one hyphen part at a time, never to the bare prefix', () => {
  assert.deepEqual(ruleCandidates('TOI-COMBAT-LOS-SAME'), ['TOI-COMBAT-LOS-SAME', 'TOI-COMBAT-LOS', 'TOI-COMBAT']);
  assert.deepEqual(ruleCandidates('TOI-SETUP'), ['TOI-SETUP']);
  assert.deepEqual(ruleCandidates('AMB-ACT-12'), ['AMB-ACT-12', 'AMB-ACT']);
  assert.deepEqual(ruleCandidates('AMBX-VEH-10'), ['AMBX-VEH-10', 'AMBX-VEH']);
  assert.deepEqual(ruleCandidates(' TOI-FORT-WIRE '), ['TOI-FORT-WIRE', 'TOI-FORT']);
  assert.deepEqual(ruleCandidates('EV-SMOKE'), ['EV-SMOKE']);
  const reference = { rules: [{ id: 'TOI-COMBAT', title: 'Combat basics' }, { id: 'TOI-COMBAT-LOS', title: 'Line of sight' }, { id: 'AMB-ACT', title: 'Action tables' }] };
  assert.equal(findRule(reference, 'TOI-COMBAT-LOS-SAME').id, 'TOI-COMBAT-LOS');
  assert.equal(findRule(reference, 'TOI-COMBAT-SEQ').id, 'TOI-COMBAT');
  assert.equal(findRule(reference, 'AMB-ACT-12').id, 'AMB-ACT');
  assert.equal(findRule(reference, 'TOI-MOVE'), null);
  assert.equal(findRule(reference, 'AMB-FIRE-1'), null);
});

test('every rule the Tide of Iron adapter cites has text in its rules reference', () => {
  const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');
  const reference = { rules: [...read('../../data/tide-of-iron/rules.toml').matchAll(/^id = "([^"]+)"$/gm)].map((m) => ({ id: m[1] })) };
  const cited = new Set([...read('../games/tide-of-iron.js').matchAll(/rule: '(TOI-[A-Z0-9-]+)'/g)].map((m) => m[1]));
  assert.ok(cited.size > 5, [...cited].join(' '));
  for (const id of cited) assert.ok(findRule(reference, id), `${id} has no text`);
});
