// The computer at the table: the lobby's `bots` and where it goes once a game exists, the
// seats a new game has, and hints matched to the legal actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterCreate, botsRequest, hintedNumber, hintText, sameAction } from '../bots.js';
import { seatLabels } from '../games/index.js';

test('only the seats the computer plays are sent, by seat number from 0', () => {
  assert.deepEqual(botsRequest(['', 'rule']), { 1: 'rule' });
  assert.deepEqual(botsRequest(['ismcts', 'rule']), { 0: 'ismcts', 1: 'rule' });
  assert.equal(botsRequest(['', '']), undefined);
  assert.equal(botsRequest([]), undefined);
});

const seat = (number, token, bot) => ({
  seat: number, label: `Seat ${number + 1}`, token, bot,
  link: token ? `/play/g#${token}` : '/play/g',
});

test('the one person goes to their table, the computer alone to watching, several people to their links', () => {
  const answer = (seats) => ({ id: 'g', spectate: '/play/g', seats });
  const person = seat(0, 'a'.repeat(64));
  assert.deepEqual(afterCreate(answer([person])), { go: person.link, remember: person });
  const withBot = afterCreate(answer([person, seat(1, null, 'rule')]));
  assert.deepEqual(withBot, { go: person.link, remember: person });
  const botFirst = afterCreate(answer([seat(0, null, 'rule'), seat(1, 'b'.repeat(64))]));
  assert.equal(botFirst.go, `/play/g#${'b'.repeat(64)}`);
  assert.equal(botFirst.remember.seat, 1);
  assert.deepEqual(afterCreate(answer([seat(0, null, 'rule')])), { go: '/play/g#spectate', remember: null });
  assert.deepEqual(afterCreate(answer([person, seat(1, 'b'.repeat(64))])), { go: null, remember: null });
});

test('a new game has the seats its scenario and options make', () => {
  const firstWave = { id: 'first-wave', seats: 1 };
  assert.deepEqual(seatLabels('omaha', firstWave, {}), ['US player']);
  assert.deepEqual(seatLabels('omaha', firstWave, { 'two-player': true, '22.1': true }), ['1st Division', '29th Division']);
  assert.deepEqual(seatLabels('duel', { id: 'standard', seats: 2 }), ['Seat 1', 'Seat 2']);
});

test('a hint names the legal action it suggests, whatever the order of its keys', () => {
  const legal = [
    { action: { place_in_box: { unit: 68, landing_box: 16 } }, anchors: { label: 'C/2R to CH1' } },
    { action: { place_in_box: { unit: 68, landing_box: 17 } }, anchors: { label: 'C/2R to CH2' } },
    { action: 'end', anchors: { label: 'End' } },
  ];
  assert.ok(sameAction({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 }));
  assert.ok(!sameAction({ a: 1 }, { a: 2 }));
  assert.ok(!sameAction([1, 2], [2, 1]));
  assert.equal(hintedNumber(legal, { action: { place_in_box: { landing_box: 17, unit: 68 } } }), 2);
  assert.equal(hintedNumber(legal, { action: 'end' }), 3);
  assert.equal(hintedNumber(legal, { action: 'pass' }), null, 'a hint of another state names nothing');
  assert.equal(hintedNumber(legal, null), null);
});

test('the hint line gives the number, the label and the reason when there is one', () => {
  assert.equal(hintText({ anchors: { label: 'C/2R to CH2' } }, 2), 'Hint: 2. C/2R to CH2');
  assert.equal(hintText({ anchors: { label: 'End' }, reason: 'nothing left to move' }, 3), 'Hint: 3. End (nothing left to move)');
});
