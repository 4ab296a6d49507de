// The mission's TOML text, editable as it is: a text box with its line numbers beside it and
// the caret's line and column under it. What is typed is read again after a short pause; a
// syntax error is shown with its line, and the model stays as it was until the text reads.

import { element } from '../prompt.js';

// The character offsets where line `line` (1-based) of `text` starts and ends.
export function lineSpan(text, line) {
  let start = 0;
  for (let n = 1; n < line; n += 1) {
    const next = text.indexOf('\n', start);
    if (next < 0) return { start: text.length, end: text.length };
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return { start, end: end < 0 ? text.length : end };
}

// The 1-based line and column of character `offset` of `text`.
export function lineColumn(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

export class RawPanel {
  // `onText(text)`: the text as typed, after a pause.
  constructor({ onText, onTyping }) {
    this.onText = onText;
    this.onTyping = onTyping;
    this.timer = null;
    this.section = element('section', { class: 'ws-raw', 'aria-labelledby': 'ws-raw-title' });
    this.gutter = element('pre', { class: 'ws-gutter', 'aria-hidden': 'true' });
    this.area = element('textarea', {
      id: 'ws-text', class: 'ws-text', spellcheck: 'false', wrap: 'off', autocomplete: 'off',
      'aria-describedby': 'ws-text-where ws-text-error',
    });
    this.where = element('span', { id: 'ws-text-where', class: 'hint' });
    this.error = element('p', { id: 'ws-text-error', class: 'ws-syntax', role: 'status', 'data-testid': 'syntax-error' });
    this.area.addEventListener('input', () => {
      this.numbers();
      this.onTyping?.();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.onText(this.area.value);
      }, 350);
    });
    this.area.addEventListener('scroll', () => {
      this.gutter.scrollTop = this.area.scrollTop;
    });
    for (const name of ['keyup', 'click', 'select', 'focus']) {
      this.area.addEventListener(name, () => this.caret());
    }
    this.section.append(
      element('h2', { id: 'ws-raw-title' }, element('label', { for: 'ws-text' }, 'Mission file (TOML)')),
      element('p', { class: 'hint' }, 'Editing with the map or the forms writes this text again: the comments of an opened file are lost at the first such edit.'),
      element('div', { class: 'ws-text-box' }, this.gutter, this.area),
      element('p', { class: 'ws-where' }, this.where),
      this.error);
  }

  // Show `text` (written from the model), unless it is what the box holds already.
  set(text) {
    if (this.area.value === text) return;
    const { scrollTop } = this.area;
    this.area.value = text;
    this.area.scrollTop = scrollTop;
    this.numbers();
  }

  // Read what is typed now, without waiting for the pause.
  flush() {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.onText(this.area.value);
    }
  }

  numbers() {
    const count = this.area.value.split('\n').length;
    if (count === this.count) return;
    this.count = count;
    this.gutter.textContent = Array.from({ length: count }, (_, i) => i + 1).join('\n');
    this.gutter.scrollTop = this.area.scrollTop;
  }

  caret() {
    const { line, column } = lineColumn(this.area.value, this.area.selectionStart ?? 0);
    this.where.textContent = `Line ${line}, column ${column} of ${this.area.value.split('\n').length}`;
  }

  // A syntax error (`{ line, column, message }`) or null.
  showError(error) {
    this.error.textContent = error
      ? `The text is not valid TOML at line ${error.line ?? '?'}${error.column ? `, column ${error.column}` : ''}: ${error.message}. The map and forms show the text as it last read; fix the text (or undo) to edit with them.`
      : '';
    this.section.dataset.syntax = error ? 'error' : 'ok';
  }

  // Select line `line` and scroll it into view.
  goTo(line) {
    const { start, end } = lineSpan(this.area.value, line);
    this.area.focus({ preventScroll: true });
    this.area.setSelectionRange(start, end);
    const height = parseFloat(getComputedStyle(this.area).lineHeight) || 16;
    this.area.scrollTop = Math.max(0, (line - 1) * height - this.area.clientHeight / 3);
    this.gutter.scrollTop = this.area.scrollTop;
    this.section.scrollIntoView?.({ block: 'nearest' });
    this.caret();
  }
}
