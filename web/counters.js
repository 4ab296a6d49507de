// Counters, stacks and hex markers drawn as SVG elements.

import { fanOffsets } from './stacks.js';

const SVG = 'http://www.w3.org/2000/svg';

export function svgElement(name, attributes = {}, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, String(value));
  }
  if (text !== undefined) element.textContent = text;
  return element;
}

// Black or white text, whichever reads on `fill` (a #rrggbb colour).
function ink(fill) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill ?? '');
  if (!match) return '#111';
  const [r, g, b] = match.slice(1).map((h) => parseInt(h, 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 140 ? '#111' : '#f4f4f4';
}

// Fit `text` into `width` at most `size` font units (a rough width per character).
function fontFor(text, width, size) {
  const perChar = 0.6;
  return Math.max(3, Math.min(size, width / Math.max(1, String(text).length * perChar)));
}

// One counter, `size` wide, centred on (0, 0).
export function counter(piece, size, { anchored, selected } = {}) {
  const half = size / 2;
  const classes = ['piece', piece.side, piece.faceDown ? 'face-down' : 'face-up'];
  if (anchored) classes.push('anchored');
  if (selected) classes.push('selected');
  const group = svgElement('g', {
    class: classes.join(' '),
    'data-key': piece.key,
    'data-unit': piece.unit,
  });
  const title = svgElement('title', {}, piece.title ?? piece.label);
  const fill = piece.colour ?? '#ddd';
  group.append(
    title,
    svgElement('rect', {
      x: -half, y: -half, width: size, height: size, rx: size * 0.12,
      fill, class: 'counter-face',
    }),
  );
  const colour = ink(fill);
  group.append(
    svgElement('text', {
      x: 0, y: -size * 0.08, 'text-anchor': 'middle', fill: colour,
      'font-size': fontFor(piece.label, size * 0.92, size * 0.3), 'font-weight': 'bold',
    }, piece.label),
  );
  if (piece.sub) {
    group.append(
      svgElement('text', {
        x: 0, y: size * 0.3, 'text-anchor': 'middle', fill: colour,
        'font-size': fontFor(piece.sub, size * 0.92, size * 0.24),
      }, piece.sub),
    );
  }
  // Markers on the counter (Disrupted, Hero...) as a strip along its top.
  if (piece.flags?.length) {
    const text = piece.flags.map((f) => f.short).join(' ');
    group.append(
      svgElement('rect', { x: -half, y: -half - size * 0.22, width: size, height: size * 0.24, rx: size * 0.05, class: 'flag-strip' }),
      svgElement('text', {
        x: 0, y: -half - size * 0.04, 'text-anchor': 'middle', class: 'flag-text',
        'font-size': fontFor(text, size * 0.95, size * 0.19),
      }, text),
    );
  }
  return group;
}

// A stack of pieces at `at` (drawing units): fanned counters, the top one whole, and a count
// when more than one lies there.
export function stack(pieces, at, size, marks = {}) {
  const group = svgElement('g', { class: 'stack', transform: `translate(${at.x} ${at.y})` });
  const offsets = fanOffsets(pieces.length, size);
  pieces.forEach((piece, i) => {
    const drawn = counter(piece, size, {
      anchored: piece.unit !== undefined && marks.units?.has(piece.unit),
      selected: piece.unit !== undefined && marks.selectedUnit === piece.unit,
    });
    drawn.setAttribute('transform', `translate(${offsets[i].x} ${offsets[i].y})`);
    group.append(drawn);
  });
  if (pieces.length > 1) {
    const r = size * 0.2;
    const x = size / 2 + offsets[pieces.length - 1].x;
    const y = -size / 2 + offsets[pieces.length - 1].y;
    group.append(
      svgElement('circle', { cx: x, cy: y, r, class: 'stack-count' }),
      svgElement('text', { x, y: y + r * 0.4, 'text-anchor': 'middle', 'font-size': r * 1.2, class: 'stack-count-text' }, pieces.length),
    );
  }
  return group;
}

// A marker lying in a hex (Cleared, Smoke...): a small label at the hex's foot.
export function hexMarker(marker, at, size, index) {
  const width = size * 0.9;
  const height = size * 0.3;
  const y = at.y + size * 0.55 - index * height * 1.1;
  const group = svgElement('g', { class: `hex-marker ${marker.kind ?? ''}` });
  group.append(
    svgElement('title', {}, marker.title ?? marker.text),
    svgElement('rect', { x: at.x - width / 2, y: y - height / 2, width, height, rx: height * 0.3 }),
    svgElement('text', { x: at.x, y: y + height * 0.3, 'text-anchor': 'middle', 'font-size': height * 0.75 }, marker.text),
  );
  return group;
}
