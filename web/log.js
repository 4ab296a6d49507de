// The game log: lines merged from the server's slices, drawn with each rule id linked to the
// rule's text.

import { ruleLink } from './rules.js';

// The lines held after a slice `{ from, length, lines }` arrives: those before `from` stay,
// the slice's lines replace the rest (an undo shortens the log, so lines from `from` on may
// be gone). Lines carry their position in the full log as `index`.
export function mergeLog(held, slice) {
  if (!slice) return held;
  const kept = held.filter((line) => line.index < slice.from);
  return kept.concat(slice.lines ?? []);
}

// The log panel: appends new lines, removes lines an undo took back, keeps the newest in
// sight unless the reader scrolled up.
export class LogView {
  constructor(container, { game, onRule }) {
    this.list = document.createElement('ol');
    this.list.className = 'log-lines';
    this.list.setAttribute('aria-label', 'Game log');
    container.replaceChildren(this.list);
    this.container = container;
    this.game = game;
    this.onRule = onRule;
    this.shown = []; // the indexes drawn, in order
  }

  show(lines) {
    const atBottom =
      this.container.scrollHeight - this.container.scrollTop - this.container.clientHeight < 40;
    // Drop what differs from the lines now held, then append the rest.
    let same = 0;
    while (same < this.shown.length && same < lines.length && this.shown[same] === lines[same].index) {
      same += 1;
    }
    while (this.list.children.length > same) this.list.lastElementChild.remove();
    this.shown.length = same;
    const fragment = document.createDocumentFragment();
    for (const line of lines.slice(same)) {
      fragment.append(this.item(line));
      this.shown.push(line.index);
    }
    this.list.append(fragment);
    if (atBottom) this.container.scrollTop = this.container.scrollHeight;
  }

  item(line) {
    const item = document.createElement('li');
    item.dataset.index = line.index;
    if (line.audience && line.audience !== 'everyone') item.classList.add('private');
    const link = ruleLink(this.game, line.rule, this.onRule);
    item.append(link, ' ', line.text);
    return item;
  }
}
