// The selected hex: its terrain, elevation, building and sides as form fields, and its
// mission-sheet entries (AMBX-MIS-2..4): for each Condition the check entry (`-`, `E`, `A`,
// a paragraph `114`, a gated one `s3:104`, or `{ first = [...] }` written as TOML) and the
// red German movement destination.

import { element } from '../prompt.js';
import {
  DIRS, FEATURES, MATERIALS, TERRAINS, conditionName, conditionNumbers, entryText, hexAt, paintHex,
  parseLabel, readEntry, setElevation, setSheetEntry, setSide, sheetEntry, sideOf,
} from './model.js';

export class SheetPanel {
  constructor(editor) {
    this.editor = editor;
    this.section = element('section', { class: 'ws-sheet', 'aria-labelledby': 'ws-sheet-title' });
    this.hexInput = element('input', { id: 'ws-hex', type: 'text', size: '5', inputmode: 'numeric', placeholder: 'CCRR' });
    this.hexInput.addEventListener('change', () => {
      const label = this.hexInput.value.trim();
      if (parseLabel(label)) this.editor.select(label);
    });
    this.body = element('div', { class: 'ws-sheet-body' });
    this.section.append(
      element('h2', { id: 'ws-sheet-title' }, 'Selected hex and its mission sheet'),
      element('p', {}, element('label', { for: 'ws-hex' }, 'Hex '), this.hexInput,
        element('span', { class: 'hint' }, ' (or choose Select and click the map)')),
      this.body);
  }

  // Draw the selected hex's fields; unless `force`, only when they changed.
  render(force = false) {
    const { doc, selected } = this.editor;
    const signature = JSON.stringify(selected ? [
      selected, hexAt(doc, selected), DIRS.map((dir) => sideOf(doc, selected, dir)),
      conditionNumbers(doc).map((c) => [c, conditionName(doc, c), sheetEntry(doc, 'check', selected, c) ?? null, sheetEntry(doc, 'gmove', selected, c) ?? null]),
    ] : null);
    if (!force && signature === this.signature) return;
    this.signature = signature;
    this.hexInput.value = selected ?? '';
    if (!selected) {
      this.body.replaceChildren(element('p', { class: 'hint' }, 'No hex selected.'));
      return;
    }
    const label = selected;
    const hex = hexAt(doc, label);
    const edit = (what, change) => this.editor.edit(`${what} ${label}`, change, label);

    const terrain = element('select', { id: 'ws-hex-terrain' },
      ...(hex ? [] : [element('option', { value: '' }, '(not on the map)')]),
      ...TERRAINS.map((t) => element('option', { value: t }, t)));
    terrain.value = hex?.terrain ?? '';
    terrain.addEventListener('change', () => {
      if (terrain.value) edit('terrain', (d) => paintHex(d, label, { terrain: terrain.value }));
    });
    const elev = element('input', { id: 'ws-hex-elev', type: 'number', min: '0', max: '3', step: '1', value: String(hex?.elev ?? 0) });
    elev.addEventListener('change', () => edit('elevation', (d) => setElevation(d, label, elev.value)));
    const fields = [
      element('label', { for: 'ws-hex-terrain' }, 'Terrain'), terrain,
      element('label', { for: 'ws-hex-elev' }, 'Elevation'), elev,
    ];
    if (hex?.terrain === 'building') {
      const name = element('input', { id: 'ws-hex-building', type: 'text', value: hex.building ?? '' });
      name.addEventListener('change', () => edit('building', (d) => {
        d.map.hex[label].building = name.value.trim() || 'house';
      }));
      const material = element('select', { id: 'ws-hex-material' },
        ...MATERIALS.map((m) => element('option', { value: m }, m)));
      material.value = hex.material ?? 'stone';
      material.addEventListener('change', () => edit('material', (d) => {
        d.map.hex[label].material = material.value;
      }));
      fields.push(element('label', { for: 'ws-hex-building' }, 'Building'), name,
        element('label', { for: 'ws-hex-material' }, 'Material'), material);
    }
    const sides = DIRS.map((dir) => {
      const id = `ws-side-${dir}`;
      const select = element('select', { id },
        element('option', { value: '' }, '—'),
        ...FEATURES.map((f) => element('option', { value: f }, f)));
      select.value = sideOf(doc, label, dir) ?? '';
      select.addEventListener('change', () => edit(`side ${dir}`, (d) => setSide(d, label, dir, select.value || null)));
      return element('span', { class: 'ws-side-field' }, element('label', { for: id }, `Side ${dir}`), ' ', select);
    });

    const rows = conditionNumbers(doc).map((condition) => {
      const name = conditionName(doc, condition);
      const cell = (which, title) => {
        const id = `ws-${which}-${condition}`;
        const input = element('input', {
          id, type: 'text', class: `ws-entry-input ${which}`, value: entryText(sheetEntry(doc, which, label, condition)),
          'aria-label': `${title}, Condition ${condition}`, placeholder: '-', spellcheck: 'false',
        });
        const error = element('span', { class: 'ws-field-error', role: 'status' });
        input.addEventListener('change', () => {
          const read = readEntry(input.value);
          if (read.error) {
            error.textContent = read.error;
            return;
          }
          error.textContent = '';
          edit(`${which} ${condition}`, (d) => setSheetEntry(d, which, label, condition, read.value));
        });
        return element('td', {}, input, error);
      };
      return element('tr', { 'data-condition': condition },
        element('th', { scope: 'row' }, `${condition}${name ? ` ${name}` : ''}`),
        cell('check', 'Check'),
        cell('gmove', 'German move'));
    });

    this.body.replaceChildren(
      hex ? '' : element('p', { class: 'hint' }, `${label} is not among the map's hexes: choose a terrain to add it.`),
      element('div', { class: 'ws-fields' }, ...fields),
      element('div', { class: 'ws-sides-fields', role: 'group', 'aria-label': 'Hexsides' }, ...sides),
      element('table', { class: 'ws-sheet-table' },
        element('caption', {}, `Mission sheet for ${label}`),
        element('thead', {}, element('tr', {},
          element('th', { scope: 'col' }, 'Condition'),
          element('th', { scope: 'col' }, 'Check'),
          element('th', { scope: 'col' }, 'German move'))),
        element('tbody', {}, ...rows)),
      element('p', { class: 'hint' },
        'Check: - (nothing), E (event), A (activation check), a paragraph like 114, s3:104 (only while sighting 3 has not occurred), or { first = ["s3:104", "E"] } / { any = [...] }. German move: a hex CCRR or -. Empty removes the entry.'));
  }
}
