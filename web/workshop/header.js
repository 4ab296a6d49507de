// The mission's own fields (`[mission]`, AMBX-MIS-1): id, name, date, the map's size, the
// start Condition, the squad, the US entry hexes, the German exit edge and the briefing.

import { element } from '../prompt.js';
import { notify } from '../notice.js';
import { EDGES, mapSize, mission, resizeMap } from './model.js';

// The fields, in the file's order: [key, label, kind].
const FIELDS = [
  ['id', 'Mission id', 'text'],
  ['name', 'Name', 'text'],
  ['date', 'Date', 'text'],
  ['map_cols', 'Map columns', 'size'],
  ['map_rows', 'Map rows', 'size'],
  ['start_condition', 'Start Condition', 'number'],
  ['squad', 'Squad', 'text'],
  ['us_entry', 'US entry hexes', 'hexes'],
  ['german_exit_edge', 'German exit edge', 'edge'],
  ['briefing', 'Briefing', 'long'],
];

// The text of a list of hexes, and back: "0102 0103" <-> ["0102", "0103"].
export const hexesText = (list) => (Array.isArray(list) ? list.join(' ') : '');
export const readHexes = (text) => String(text).split(/[\s,;]+/).map((h) => h.trim()).filter(Boolean);

export class HeaderPanel {
  constructor(editor) {
    this.editor = editor;
    this.section = element('section', { class: 'ws-header', 'aria-labelledby': 'ws-header-title' });
    this.form = element('div', { class: 'ws-form' });
    this.section.append(element('h2', { id: 'ws-header-title' }, 'Mission'), this.form);
  }

  // Draw the fields; unless `force`, only when the mission's fields changed.
  render(force = false) {
    const header = this.editor.doc.mission ?? {};
    const signature = JSON.stringify(header);
    if (!force && signature === this.signature) return;
    this.signature = signature;
    const controls = FIELDS.map(([key, label, kind]) => {
      const id = `ws-mission-${key}`;
      let control;
      const value = header[key];
      if (kind === 'long') {
        control = element('textarea', { id, rows: '5', spellcheck: 'true' });
        control.value = typeof value === 'string' ? value : '';
      } else if (kind === 'edge') {
        control = element('select', { id },
          ...(EDGES.includes(value) ? [] : [element('option', { value: '' }, String(value ?? '—'))]),
          ...EDGES.map((e) => element('option', { value: e }, e)));
        control.value = EDGES.includes(value) ? value : '';
      } else if (kind === 'size' || kind === 'number') {
        control = element('input', {
          id, type: 'number', step: '1', min: kind === 'size' ? '1' : '1', max: kind === 'size' ? '99' : '9',
          value: value === undefined ? '' : String(value),
        });
      } else if (kind === 'hexes') {
        control = element('input', { id, type: 'text', value: hexesText(value), placeholder: '0102 0103' });
      } else {
        control = element('input', { id, type: 'text', value: value === undefined ? '' : String(value) });
      }
      control.addEventListener('change', () => this.commit(key, kind, control.value));
      return [element('label', { for: id }, label), control];
    });
    this.form.replaceChildren(...controls.flat());
  }

  commit(key, kind, raw) {
    if (kind === 'size') {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > 99) {
        notify('The map has 1 to 99 columns and rows.');
        this.render(true);
        return;
      }
      const { columns, rows } = mapSize(this.editor.doc);
      const next = key === 'map_cols' ? [n, rows || 1] : [columns || 1, n];
      this.editor.edit(`map size ${next[0]} x ${next[1]}`, (doc) => {
        const removed = resizeMap(doc, next[0], next[1]);
        if (removed.length) {
          notify(`The map is now ${next[0]} x ${next[1]}: hexes ${removed.join(', ')} were taken off it (Undo puts them back).`, 'info');
        }
      });
      return;
    }
    this.editor.edit(`mission ${key}`, (doc) => {
      const header = mission(doc);
      if (kind === 'number') {
        const n = Number(raw);
        if (raw === '') delete header[key];
        else header[key] = Number.isInteger(n) ? n : raw;
      } else if (kind === 'hexes') {
        header[key] = readHexes(raw);
      } else if (kind === 'long') {
        header[key] = raw.endsWith('\n') || raw === '' ? raw : `${raw}\n`;
      } else if (raw === '' && key === 'squad') {
        delete header[key];
      } else {
        header[key] = raw;
      }
    });
  }
}
