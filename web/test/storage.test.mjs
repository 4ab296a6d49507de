// The seats this browser remembers, and which token a link plays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forget, isToken, remember, seats, tokenFor } from '../storage.js';

function memoryStore() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
}

const TOKEN = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

test('tokens are 64 hex digits', () => {
  assert.ok(isToken(TOKEN));
  assert.ok(!isToken('spectate'));
  assert.ok(!isToken(`${TOKEN}0`));
  assert.ok(!isToken(undefined));
});

test('the link\'s token plays first, then a remembered one; #spectate watches', () => {
  const store = memoryStore();
  assert.equal(tokenFor('g1', '', store), null);
  remember('g1', { token: TOKEN, seat: 0, label: 'US player' }, store);
  assert.equal(tokenFor('g1', '', store), TOKEN);
  assert.equal(tokenFor('g1', `#${OTHER}`, store), OTHER);
  assert.equal(tokenFor('g1', '#spectate', store), null);
  assert.equal(tokenFor('g2', '', store), null);
  assert.equal(seats(store).g1.label, 'US player');
  forget('g1', store);
  assert.equal(tokenFor('g1', '', store), null);
});

test('what is not a token is not remembered, and a broken store reads as empty', () => {
  const store = memoryStore();
  remember('g1', { token: 'nope' }, store);
  assert.deepEqual(seats(store), {});
  store.setItem('overlord.seats', '{not json');
  assert.deepEqual(seats(store), {});
});
