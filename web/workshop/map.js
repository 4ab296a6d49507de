// The mission editor's map: the mission's hex grid drawn from the model (the same flat-topped
// columns, even ones half a hex lower, as the game's map), and the tools that paint it:
// terrains, a building with its name and material, elevation up and down, and the hexside
// features set on the side of a hex nearest the click.

import { element } from '../prompt.js';
import { svgElement } from '../counters.js';
import {
  DIRS, FEATURES, FEATURE_COLOURS, MATERIALS, MAX_ELEVATION, TERRAINS, TERRAIN_COLOURS,
  gridLabels, hexAt, hexCentre, hexCorners, mapSize, neighbour, opposite, paintHex, parseLabel,
  setElevation, setSide, sideEnds, sideToward,
} from './model.js';

const SIZE = 30;
const PAD = 4;

const capital = (text) => text[0].toUpperCase() + text.slice(1);

// The tools, by the value of their radio button.
export function toolLabel(tool) {
  if (tool === 'select') return 'Select';
  const [kind, what] = tool.split(':');
  if (kind === 'terrain') return capital(what);
  if (kind === 'elev') return what === '+1' ? 'Raise' : 'Lower';
  if (kind === 'side') return what ? capital(what) : 'No feature';
  return tool;
}

export class MapPanel {
  // `editor`: the page (`doc`, `selected`, `edit(what, change)`, `select(label)`).
  constructor(editor) {
    this.editor = editor;
    this.tool = 'select';
    this.section = element('section', { class: 'ws-map', 'aria-labelledby': 'ws-map-title' });
    this.buildingName = element('input', { id: 'ws-building-name', type: 'text', value: 'house', size: '10' });
    this.material = element('select', { id: 'ws-material' },
      ...MATERIALS.map((m) => element('option', { value: m }, m)));
    this.material.value = 'stone';
    const radio = (tool, extra = null) => {
      const id = `ws-tool-${tool.replace(/[^a-z0-9]+/gi, '-')}`;
      const input = element('input', { type: 'radio', name: 'ws-tool', id, value: tool });
      if (tool === this.tool) input.checked = true;
      return element('label', { class: 'ws-tool', for: id }, input, extra, ` ${toolLabel(tool)}`);
    };
    const swatch = (colour) => element('span', { class: 'ws-swatch', style: `background:${colour}`, 'aria-hidden': 'true' });
    const line = (colour) => element('span', { class: 'ws-swatch line', style: `background:${colour}`, 'aria-hidden': 'true' });
    this.palette = element('div', { class: 'ws-palette', role: 'radiogroup', 'aria-label': 'Map tool' },
      element('fieldset', {},
        element('legend', {}, 'Tool'),
        radio('select'),
        radio('elev:+1'),
        radio('elev:-1')),
      element('fieldset', {},
        element('legend', {}, 'Terrain'),
        ...TERRAINS.map((t) => radio(`terrain:${t}`, swatch(TERRAIN_COLOURS[t]))),
        element('span', { class: 'ws-building' },
          element('label', { for: 'ws-building-name' }, 'Building name '), this.buildingName, ' ',
          element('label', { for: 'ws-material' }, 'Material '), this.material)),
      element('fieldset', {},
        element('legend', {}, 'Hexside (click near a side)'),
        ...FEATURES.map((f) => radio(`side:${f}`, line(FEATURE_COLOURS[f]))),
        radio('side:')));
    this.palette.addEventListener('change', (event) => {
      if (event.target.name === 'ws-tool') this.tool = event.target.value;
      this.section.dataset.tool = this.tool;
    });
    this.drawing = element('div', { class: 'ws-drawing' });
    this.drawing.addEventListener('click', (event) => this.click(event));
    // A terrain is also painted by dragging across hexes.
    this.dragging = false;
    this.drawing.addEventListener('pointerdown', (event) => {
      this.dragging = this.tool.startsWith('terrain:') && event.button === 0;
      const label = event.target.closest?.('[data-hex]')?.getAttribute('data-hex');
      if (this.dragging && label) this.use(label, event);
    });
    this.drawing.addEventListener('pointerover', (event) => {
      if (!this.dragging || !(event.buttons & 1)) return;
      const label = event.target.closest?.('[data-hex]')?.getAttribute('data-hex');
      if (label) this.use(label, event);
    });
    window.addEventListener('pointerup', () => {
      this.dragging = false;
    });
    this.section.dataset.tool = this.tool;
    this.section.append(
      element('h2', { id: 'ws-map-title' }, 'Map'),
      this.palette,
      element('p', { class: 'hint' }, 'Choose a tool, then click hexes. Select shows a hex’s details and its mission-sheet entries below.'),
      this.drawing);
  }

  render() {
    const { doc, selected } = this.editor;
    const { columns, rows } = mapSize(doc);
    if (!columns || !rows) {
      this.drawing.replaceChildren(element('p', { class: 'hint' }, 'Give the mission map_cols and map_rows (the mission’s fields) to draw its map.'));
      return;
    }
    const width = SIZE * (1.5 * columns + 0.5) + 2 * PAD;
    const height = Math.sqrt(3) * SIZE * (rows + 0.5) + 2 * PAD;
    const svg = svgElement('svg', {
      // As wide as the panel, up to twice the drawing's own size.
      class: 'ws-svg', viewBox: `${-PAD} ${-PAD} ${width} ${height}`, style: `max-width:${Math.round(width * 2)}px`,
      role: 'group', 'aria-label': 'Mission map: click a hex to use the chosen tool on it',
      'data-columns': columns, 'data-rows': rows,
    });
    const hexes = svgElement('g', { class: 'ws-hexes' });
    const sides = svgElement('g', { class: 'ws-sides' });
    const marks = svgElement('g', { class: 'ws-marks' });
    const entry = new Set(Array.isArray(doc.mission?.us_entry) ? doc.mission.us_entry : []);
    const checked = new Set(Object.keys(doc.sheet?.check ?? {}));
    for (const label of gridLabels(columns, rows)) {
      const [column, row] = parseLabel(label);
      const centre = hexCentre(column, row, SIZE);
      const hex = hexAt(doc, label);
      const points = hexCorners(centre, SIZE).map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ');
      const terrain = hex?.terrain;
      const group = svgElement('g', { class: `ws-hex${label === selected ? ' selected' : ''}`, 'data-hex': label });
      group.append(
        svgElement('title', {}, hex
          ? `${label}: ${terrain}, elevation ${hex.elev ?? 0}${hex.building ? `, ${hex.building} (${hex.material ?? '?'})` : ''}`
          : `${label}: not in the map's hexes yet`),
        svgElement('polygon', {
          points, 'data-hex': label, fill: TERRAIN_COLOURS[terrain] ?? '#ffffff',
          class: hex ? 'ws-cell' : 'ws-cell missing',
        }),
        svgElement('text', { x: centre.x, y: centre.y - SIZE * 0.55, class: 'ws-label' }, label));
      if (hex?.elev) group.append(svgElement('text', { x: centre.x, y: centre.y + SIZE * 0.55, class: 'ws-elev' }, `\u25b2${hex.elev}`));
      if (hex?.building) group.append(svgElement('text', { x: centre.x, y: centre.y + SIZE * 0.1, class: 'ws-building-name' }, hex.building));
      if (checked.has(label)) group.append(svgElement('text', { x: centre.x + SIZE * 0.5, y: centre.y - SIZE * 0.15, class: 'ws-sheet-mark' }, '\u00a7'));
      if (entry.has(label)) {
        const { x, y } = centre;
        marks.append(svgElement('polygon', {
          points: `${x - SIZE * 0.55},${y - 6} ${x - SIZE * 0.55 + 10},${y} ${x - SIZE * 0.55},${y + 6}`,
          class: 'ws-entry', fill: '#2e7d32',
        }, undefined));
      }
      hexes.append(group);
      for (const dir of DIRS) {
        const feature = this.sideShown(label, hex, dir, columns, rows);
        if (!feature) continue;
        const [a, b] = sideEnds(centre, SIZE, dir);
        sides.append(svgElement('line', {
          x1: a.x, y1: a.y, x2: b.x, y2: b.y,
          class: `ws-side ${feature.feature}${feature.implicit ? ' implicit' : ''}`,
          stroke: FEATURE_COLOURS[feature.feature] ?? '#000',
          'data-side': `${label}:${dir}`, 'data-feature': feature.feature,
        }));
      }
    }
    if (selected && parseLabel(selected)) {
      const [column, row] = parseLabel(selected);
      const centre = hexCentre(column, row, SIZE);
      marks.append(svgElement('polygon', {
        class: 'ws-selected', points: hexCorners(centre, SIZE * 0.9).map((p) => `${p.x},${p.y}`).join(' '),
      }));
    }
    svg.append(hexes, sides, marks);
    this.svg = svg;
    this.drawing.replaceChildren(svg);
  }

  // What side `dir` of `label` shows: its listed feature (drawn once, by the hex of the pair
  // that lists it, or by the lower label when both do), or for a building the wall its outer
  // sides have unless listed (AMBX-MAP-4).
  sideShown(label, hex, dir, columns, rows) {
    const { doc } = this.editor;
    const other = neighbour(label, dir);
    const otherHex = other ? hexAt(doc, other) : null;
    const own = hex?.sides?.[dir];
    const mirrored = otherHex?.sides?.[opposite(dir)];
    if (own) return mirrored && other < label ? null : { feature: own };
    if (mirrored) return null; // drawn by the neighbour
    if (hex?.terrain !== 'building') return null;
    const inside = other && (() => {
      const [c, r] = parseLabel(other);
      return c <= columns && r <= rows;
    })();
    const sameBuilding = inside && otherHex?.terrain === 'building' && otherHex.building === hex.building;
    if (sameBuilding) return null;
    // An outer wall between two buildings' hexes is drawn once.
    if (inside && otherHex?.terrain === 'building' && other < label) return null;
    return { feature: 'wall', implicit: true };
  }

  // A click on the map: the hex under it gets the tool.
  click(event) {
    const group = event.target.closest?.('[data-hex]');
    const label = group?.getAttribute('data-hex');
    if (label) this.use(label, event);
  }

  // Use the tool on hex `label` (`event`: the pointer's, for the side nearest it).
  use(label, event) {
    const tool = this.tool;
    if (tool === 'select') {
      this.editor.select(label);
      return;
    }
    const [kind, what] = tool.split(':');
    if (kind === 'terrain') {
      const building = this.buildingName.value.trim() || 'house';
      const material = this.material.value;
      const hex = hexAt(this.editor.doc, label);
      if (hex?.terrain === what && (what !== 'building' || (hex.building === building && hex.material === material))) {
        this.editor.select(label);
        return;
      }
      this.editor.edit(`paint ${label} ${what}`, (doc) => paintHex(doc, label, { terrain: what, building, material }), label);
    } else if (kind === 'elev') {
      const now = hexAt(this.editor.doc, label)?.elev ?? 0;
      const next = Math.max(0, Math.min(MAX_ELEVATION, now + Number(what)));
      this.editor.edit(`elevation ${label}`, (doc) => setElevation(doc, label, next), label);
    } else if (kind === 'side') {
      const dir = this.sideAt(label, event);
      this.editor.edit(`side ${label} ${dir}`, (doc) => setSide(doc, label, dir, what || null), label);
    }
  }

  // The side of `label` nearest the click, in the drawing's units.
  sideAt(label, event) {
    const [column, row] = parseLabel(label);
    const centre = hexCentre(column, row, SIZE);
    const matrix = this.svg?.getScreenCTM?.();
    if (!matrix) return 'N';
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return sideToward(centre, point);
  }
}
