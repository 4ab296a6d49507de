// The paragraph book (AMBX-PAR): each paragraph's id, sighting, text and mode as fields, its
// effects and conditional lines as TOML in a text box of its own (`effects = [...]`, each
// line a `[[lines]]` table), read back into the model when the box is left.

import { element } from '../prompt.js';
import {
  addParagraph, nextParagraphId, paragraphRest, paragraphs, removeParagraph, setParagraphField,
  setParagraphRest,
} from './model.js';

export class ParagraphsPanel {
  constructor(editor) {
    this.editor = editor;
    this.open = new Set(); // indices of the paragraphs shown open
    this.pending = new Map(); // index -> text of a box that does not read yet
    this.section = element('section', { class: 'ws-paragraphs', 'aria-labelledby': 'ws-paragraphs-title' });
    this.newId = element('input', { id: 'ws-new-paragraph', type: 'text', size: '4', inputmode: 'numeric' });
    const add = element('button', { type: 'button', class: 'ws-add-paragraph' }, 'Add paragraph');
    add.addEventListener('click', () => this.add());
    this.newId.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.add();
    });
    this.list = element('ol', { class: 'ws-paragraph-list' });
    this.section.append(
      element('h2', { id: 'ws-paragraphs-title' }, 'Paragraphs'),
      element('p', { class: 'ws-row' },
        element('label', { for: 'ws-new-paragraph' }, 'New paragraph id '), this.newId, ' ', add),
      this.list);
  }

  add() {
    const id = this.newId.value.trim() || nextParagraphId(this.editor.doc);
    let index = null;
    this.editor.edit(`add paragraph ${id}`, (doc) => {
      index = addParagraph(doc, id);
    });
    if (index !== null) {
      this.open.add(index);
      this.render();
      this.show(index, true);
    }
  }

  // Open paragraph `index` and bring it into view (its text box focused with `focus`).
  show(index, focus = false) {
    this.open.add(index);
    const item = this.list.querySelector(`[data-paragraph="${index}"]`);
    if (!item) return;
    item.querySelector('details').open = true;
    item.scrollIntoView?.({ block: 'nearest' });
    item.classList.add('wanted');
    setTimeout(() => item.classList.remove('wanted'), 1500);
    if (focus) item.querySelector('textarea.ws-paragraph-text')?.focus();
  }

  // Draw the list; unless `force`, only the paragraphs that changed are drawn again (the
  // others, and the focus in them, stay as they are).
  render(force = false) {
    const all = paragraphs(this.editor.doc);
    if (document.activeElement !== this.newId) this.newId.value = nextParagraphId(this.editor.doc);
    if (force) this.pending.clear();
    for (const i of [...this.open]) if (i >= all.length) this.open.delete(i);
    for (const i of [...this.pending.keys()]) if (i >= all.length) this.pending.delete(i);
    all.forEach((paragraph, index) => {
      const signature = this.signature(paragraph, index);
      const shown = this.list.children[index];
      if (!force && shown && shown.dataset.signature === signature) return;
      const item = this.item(paragraph, index);
      item.dataset.signature = signature;
      if (shown) shown.replaceWith(item);
      else this.list.append(item);
    });
    while (this.list.children.length > all.length) this.list.lastElementChild.remove();
    this.section.dataset.count = String(all.length);
  }

  signature(paragraph, index) {
    return JSON.stringify([index, paragraph]);
  }

  // A field of paragraph `index` changed the model: its item already shows it, so it is not
  // drawn again (a click on its Remove button just after is not lost); its summary follows.
  edited(index) {
    const item = this.list.children[index];
    const paragraph = paragraphs(this.editor.doc)[index];
    if (!item || !paragraph) return;
    item.dataset.signature = this.signature(paragraph, index);
    item.dataset.id = String(paragraph.id ?? '');
    item.querySelector('.ws-summary-id').textContent = String(paragraph.id ?? '') || '(no id)';
    item.querySelector('.ws-summary-sighting').textContent = paragraph.sighting !== undefined ? ` sighting ${paragraph.sighting}` : '';
    item.querySelector('.ws-summary-text').textContent = (typeof paragraph.text === 'string' ? paragraph.text : '').slice(0, 80);
  }

  item(paragraph, index) {
    const id = String(paragraph?.id ?? '');
    const name = `paragraph ${id || index + 1}`;
    const field = (key) => `ws-paragraph-${index}-${key}`;
    const edit = (what, change) => {
      if (this.editor.edit(`${name} ${what}`, change)) this.edited(index);
    };

    const idInput = element('input', { id: field('id'), type: 'text', size: '4', value: id });
    // A new id changes the item's labels: it is drawn again.
    idInput.addEventListener('change', () => this.editor.edit(`${name} id`, (d) => setParagraphField(d, index, 'id', idInput.value.trim())));
    const sighting = element('input', {
      id: field('sighting'), type: 'number', min: '1', max: '99', step: '1',
      value: paragraph?.sighting === undefined ? '' : String(paragraph.sighting),
    });
    sighting.addEventListener('change', () => edit('sighting', (d) => setParagraphField(d, index, 'sighting',
      sighting.value === '' ? undefined : Number(sighting.value))));
    const text = element('textarea', { id: field('text'), rows: '2', class: 'ws-paragraph-text' });
    text.value = typeof paragraph?.text === 'string' ? paragraph.text : '';
    text.addEventListener('change', () => edit('text', (d) => setParagraphField(d, index, 'text', text.value)));
    const mode = element('select', { id: field('mode') },
      element('option', { value: '' }, 'effects only'),
      element('option', { value: 'first' }, 'first: the first line that holds'),
      element('option', { value: 'any' }, 'any: the player picks a line that holds'));
    mode.value = paragraph?.mode ?? '';
    mode.addEventListener('change', () => edit('mode', (d) => setParagraphField(d, index, 'mode', mode.value || undefined)));

    const rest = element('textarea', {
      id: field('rest'), rows: '4', class: 'ws-paragraph-rest', spellcheck: 'false', wrap: 'off',
    });
    rest.value = this.pending.get(index) ?? paragraphRest(paragraph);
    const error = element('p', { class: 'ws-field-error', role: 'status' });
    const check = () => {
      const result = setParagraphRest(structuredClone(this.editor.doc), index, rest.value);
      error.textContent = result.error
        ? `Not read${result.error.line ? ` (line ${result.error.line} of this box)` : ''}: ${result.error.message}`
        : '';
      return result;
    };
    if (this.pending.has(index)) check();
    rest.addEventListener('change', () => {
      if (check().error) {
        this.pending.set(index, rest.value);
        return;
      }
      this.pending.delete(index);
      edit('effects', (d) => setParagraphRest(d, index, rest.value));
    });

    const remove = element('button', { type: 'button', class: 'ws-remove', 'aria-label': `Remove ${name}` }, 'Remove');
    remove.addEventListener('click', () => {
      this.open.delete(index);
      this.pending.delete(index);
      // Indices after it move up by one.
      this.open = new Set([...this.open].map((i) => (i > index ? i - 1 : i)));
      this.pending = new Map([...this.pending].map(([i, t]) => [i > index ? i - 1 : i, t]));
      if (this.editor.edit(`${name} removed`, (d) => removeParagraph(d, index))) this.render();
    });

    const details = element('details', {},
      element('summary', {},
        element('strong', { class: 'ws-summary-id' }, id || '(no id)'),
        element('span', { class: 'hint ws-summary-sighting' }, paragraph?.sighting !== undefined ? ` sighting ${paragraph.sighting}` : ''),
        ' ',
        element('span', { class: 'ws-summary-text' }, (typeof paragraph?.text === 'string' ? paragraph.text : '').slice(0, 80))),
      element('div', { class: 'ws-form' },
        element('label', { for: field('id') }, `Paragraph ${id} id`), idInput,
        element('label', { for: field('sighting') }, `Paragraph ${id} sighting`), sighting,
        element('label', { for: field('text') }, `Paragraph ${id} text`), text,
        element('label', { for: field('mode') }, `Paragraph ${id} mode`), mode,
        element('label', { for: field('rest') }, `Paragraph ${id} effects and lines`), rest),
      error,
      element('p', { class: 'hint' },
        'As TOML: effects = [ { op = "set_flag", flag = "seen" } ]; with a mode, each line as [[lines]] with when = { ... }, text and effects.'),
      remove);
    details.open = this.open.has(index);
    details.addEventListener('toggle', () => {
      if (details.open) this.open.add(index);
      else this.open.delete(index);
    });
    return element('li', { 'data-paragraph': index, 'data-id': id }, details);
  }
}
