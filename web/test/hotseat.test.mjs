// Hot-seat play: what the lobby offers and asks for, where it goes with the game made, and how
// the one page of every person's seat names the seat to decide as the turn passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterCreate } from '../bots.js';
import { hotSeatMemory, hotSeatOffer, hotSeatRequested, pageSeatText, resumeText, tabTitle } from '../hotseat.js';
import { decisionHeading } from '../prompt.js';

test('hot-seat is offered for two seats or more, while two or more are people', () => {
  assert.deepEqual(hotSeatOffer(1), { shown: false, enabled: false, note: '' });
  assert.deepEqual(hotSeatOffer(2), { shown: true, enabled: true, note: '' });
  assert.deepEqual(hotSeatOffer(2, ['', '']), { shown: true, enabled: true, note: '' });
  const withBot = hotSeatOffer(2, ['', 'rule']);
  assert.equal(withBot.shown, true);
  assert.equal(withBot.enabled, false);
  assert.match(withBot.note, /two or more seats played by people/);
  assert.equal(hotSeatOffer(3, ['', 'rule', '']).enabled, true, 'two people and the computer');
  assert.equal(hotSeatOffer(4, ['ismcts', 'rule', '', 'rule']).enabled, false);
});

test('the request asks for hot-seat only where the box may be ticked', () => {
  assert.equal(hotSeatRequested(hotSeatOffer(2), true), true);
  assert.equal(hotSeatRequested(hotSeatOffer(2), false), false);
  assert.equal(hotSeatRequested(hotSeatOffer(1), true), false, 'one seat: not offered');
  assert.equal(hotSeatRequested(hotSeatOffer(2, ['', 'rule']), true), false, 'one person: not possible');
});

test('a hot-seat game goes straight to its one page, remembered as the hot seat', () => {
  const token = 'c'.repeat(64);
  const answer = {
    id: 'g', game: 'omaha', scenario: 'first-wave', spectate: '/play/g',
    seats: [
      { seat: 0, label: '1st Division', token: 'a'.repeat(64), link: `/play/g#${'a'.repeat(64)}` },
      { seat: 1, label: '29th Division', token: 'b'.repeat(64), link: `/play/g#${'b'.repeat(64)}` },
    ],
    hot_seat: { token, link: `/play/g#${token}` },
  };
  assert.deepEqual(afterCreate(answer), { go: `/play/g#${token}`, remember: hotSeatMemory(token, 'omaha', 'first-wave') });
  assert.deepEqual(hotSeatMemory(token, 'omaha', 'first-wave'),
    { token, seat: null, label: 'hot-seat', hotSeat: true, game: 'omaha', scenario: 'first-wave' });
  const { hot_seat: _, ...plain } = answer;
  assert.deepEqual(afterCreate(plain), { go: null, remember: null }, 'without it, links to hand out');
});

test('the lobby resumes a hot-seat game as such', () => {
  assert.equal(resumeText(hotSeatMemory('t', 'omaha', 'first-wave'), 2), 'Resume (hot-seat)');
  assert.equal(resumeText({ label: '29th Division', seat: 1 }, 2), 'Resume as 29th Division');
  assert.equal(resumeText({ label: 'US player', seat: 0 }, 1), 'Resume');
});

const seats = [{ seat: 0, label: 'US' }, { seat: 1, label: 'German' }];
const hotState = (you, deciding = true) => ({
  you, hot_seat: true, prompt: deciding ? { text: '…' } : null,
  game: { name: 'Tide of Iron', seats },
});

test('the hot-seat page names the seat to decide, switching as the turn passes', () => {
  assert.equal(decisionHeading(hotState(0)), 'Your decision (US): ');
  assert.equal(decisionHeading(hotState(1)), 'Your decision (German): ');
  assert.equal(tabTitle(hotState(1)), '● German to decide — Tide of Iron — Overlord');
  assert.equal(tabTitle(hotState(0, false)), 'Tide of Iron — Overlord', 'nobody here to decide');
  assert.equal(pageSeatText(hotState(1)), 'hot-seat');
});

test('a seat of its own keeps its wording', () => {
  const own = { ...hotState(1), hot_seat: undefined };
  assert.equal(decisionHeading(own), 'Your decision (German): ');
  assert.equal(tabTitle(own), '● Your turn — Tide of Iron — Overlord');
  assert.equal(pageSeatText(own), 'German');
  assert.equal(pageSeatText({ ...own, you: null }), 'watching');
  const solo = { you: 0, prompt: {}, game: { name: 'D-Day', seats: [{ seat: 0, label: 'US player' }] } };
  assert.equal(decisionHeading(solo), 'Your decision: ');
  assert.equal(pageSeatText(solo), '');
  assert.equal(tabTitle(solo), 'D-Day — Overlord');
});
