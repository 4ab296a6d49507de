// The replay slider: any moment of the game's record, as this seat saw it, fetched from the
// server (`/api/games/{id}/replay?at=k`, the record's first k actions replayed). The end of
// the slider is the game as it stands; anywhere before it the table shows that moment and
// no action can be taken.

import * as api from './api.js';
import { element } from './prompt.js';

export class ReplaySlider {
  // `onFrame(frame | null)`: a frame to show, or null to go back to the game as it stands.
  constructor(container, { id, token, onFrame, onError }) {
    this.id = id;
    this.token = token;
    this.onFrame = onFrame;
    this.onError = onError;
    this.total = 0;
    this.wanted = null;
    this.range = element('input', {
      type: 'range', min: '0', max: '0', value: '0', step: '1',
      'aria-label': 'Replay: actions from the start of the game',
      'data-testid': 'replay-slider',
    });
    this.label = element('span', { class: 'replay-label', 'data-testid': 'replay-label' }, 'The game as it stands');
    const step = (delta, text, label) =>
      element('button', { type: 'button', 'aria-label': label, onclick: () => this.go(Number(this.range.value) + delta) }, text);
    this.live = element('button', { type: 'button', class: 'replay-live', onclick: () => this.go(this.total) }, 'Back to the game');
    container.replaceChildren(
      element('div', { class: 'replay-row' },
        step(-1, '◀', 'One action back'), this.range, step(1, '▶', 'One action forward')),
      element('div', { class: 'replay-row' }, this.label, this.live),
    );
    // Fetch when the slider rests; while it is dragged only the number follows.
    this.range.addEventListener('input', () => this.describe(Number(this.range.value)));
    this.range.addEventListener('change', () => this.go(Number(this.range.value)));
    this.describe(0);
  }

  // The record now has `total` actions; a slider left at the end follows the game.
  setTotal(total) {
    const atEnd = this.wanted === null;
    this.total = total;
    this.range.max = String(total);
    if (atEnd) this.range.value = String(total);
    this.describe(Number(this.range.value));
  }

  describe(at) {
    const live = at >= this.total;
    this.label.textContent = live ? `The game as it stands (${this.total} actions)` : `Replay: after action ${at} of ${this.total}`;
    this.live.hidden = live;
  }

  async go(at) {
    const clamped = Math.max(0, Math.min(this.total, at));
    this.range.value = String(clamped);
    this.describe(clamped);
    if (clamped >= this.total) {
      this.wanted = null;
      this.onFrame(null);
      return;
    }
    this.wanted = clamped;
    try {
      const frame = await api.replay(this.id, this.token, clamped);
      // A later move of the slider wins over an answer that arrives late.
      if (this.wanted === clamped) this.onFrame(frame);
    } catch (error) {
      this.onError(error);
    }
  }
}
