// How the prompt panel words an ended game: each seat's own score from the outcome's
// per-seat `scores`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outcomeText, seatName } from '../prompt.js';

const seats = [{ seat: 0, label: 'Allies' }, { seat: 1, label: 'Germans' }];
const over = (winners, scores, draw = false) => ({
  status: { over: { winners, draw, rule: 'X', rewards: [], scores } },
  game: { seats },
});

test('a player reads their own seat score', () => {
  assert.equal(outcomeText({ ...over(1, [3, -3]), you: 0 }), 'You win (score 3).');
  assert.equal(outcomeText({ ...over(1, [3, -3]), you: 1 }), 'Allies wins (score -3).');
});

test('a spectator reads one shared score, or every seat score when they differ', () => {
  assert.equal(outcomeText({ ...over(0, [12, 12]), you: null }), 'The game is lost (score 12).');
  assert.equal(outcomeText({ ...over(2, [-1, 1]), you: null }), 'Germans wins (scores -1 / 1).');
  assert.equal(outcomeText({ ...over(0, [0, 0], true), you: null }), 'The game is a draw (score 0).');
});

test('a seat the computer plays is named as such, and yours is you', () => {
  const state = { you: 0, game: { seats: [{ seat: 0, label: '1st Division' }, { seat: 1, label: '29th Division', bot: 'rule' }] } };
  assert.equal(seatName(state, 0), 'you');
  assert.equal(seatName(state, 1), '29th Division (the computer)');
  assert.equal(seatName({ ...state, you: null }, 0), '1st Division');
});
