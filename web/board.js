// The board: the game's map (the server's SVG, drawn from the map data) inline in the page,
// with the table's stacks, markers and the legal actions' highlights drawn over it; pan and
// zoom by mouse, touch and keys; layers (fire fields) and hex labels shown on demand.

import * as api from './api.js';
import {
  clampViewBox, fitViewBox, hexCentres, nearestHex, panViewBox, pixelsToUnits, polygonRadius,
  rectCentre, zoomViewBox, centreOn,
} from './geometry.js';
import { groupIntoStacks } from './stacks.js';
import { hexMarker, stack, svgElement } from './counters.js';

export class Board {
  // Fetch the map of `game`'s `scenario` (of the workshop's saved mission `workshop`, for a
  // game played on one) and put it in `container`.
  static async load(container, game, scenario, workshop) {
    const text = await api.mapSvg(game, scenario, workshop);
    const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = parsed.documentElement;
    if (svg.nodeName !== 'svg') throw new Error(`the map of ${game} is not SVG`);
    return new Board(container, document.importNode(svg, true));
  }

  constructor(container, svg) {
    this.container = container;
    this.svg = svg;
    this.onHex = () => {};
    this.onUnit = () => {};
    this.onPlace = () => {};
    const [x, y, w, h] = (svg.getAttribute('viewBox') ?? '0 0 1000 1000').split(/[\s,]+/).map(Number);
    this.bounds = { x, y, w, h };
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'The map. Drag to pan, wheel or pinch to zoom; highlighted hexes and counters have actions.');
    svg.classList.add('map', 'hide-labels');

    const polygons = [...svg.querySelectorAll('polygon[data-hex]')];
    this.centres = hexCentres(polygons.map((p) => [p.dataset.hex ?? p.getAttribute('data-hex'), p.getAttribute('points')]));
    this.hexPoints = new Map(polygons.map((p) => [p.getAttribute('data-hex'), p.getAttribute('points')]));
    this.hexSize = polygons.length ? polygonRadius(polygons[0].getAttribute('points')) : 20;
    this.boxes = new Map(
      [...svg.querySelectorAll('rect[data-box]')].map((r) => [
        r.getAttribute('data-box'),
        {
          centre: rectCentre({ x: r.getAttribute('x'), y: r.getAttribute('y'), width: r.getAttribute('width'), height: r.getAttribute('height') }),
          height: Number(r.getAttribute('height')),
          rect: ['x', 'y', 'width', 'height'].map((k) => r.getAttribute(k)),
        },
      ]),
    );
    // What "Fit" shows: the hexes and the boxes beside them (the legend is a pan away).
    this.mapBounds = boundsOf([...this.centres.values()], this.hexSize, [...this.boxes.values()]) ?? this.bounds;
    this.layers = layersOf(svg);
    this.hidden = new Set(this.layers.flatMap(({ group, members }) => members.map((m) => `${group}:${m}`)));
    this.layerStyle = svgElement('style');
    svg.prepend(this.layerStyle);
    this.applyLayers();

    this.highlights = svgElement('g', { class: 'highlights' });
    this.markerLayer = svgElement('g', { class: 'markers' });
    this.pieceLayer = svgElement('g', { class: 'pieces' });
    svg.append(this.highlights, this.markerLayer, this.pieceLayer);

    container.replaceChildren(svg);
    this.view = { ...this.bounds };
    this.listen();
    this.started = false;
    this.fit();
    new ResizeObserver(() => this.setView(this.view)).observe(container);
  }

  aspect() {
    const rect = this.container.getBoundingClientRect();
    return rect.height > 0 ? rect.width / rect.height : 1.6;
  }

  setView(view) {
    this.view = clampViewBox(view, this.bounds);
    const { x, y, w, h } = this.view;
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  }

  fit() {
    this.setView(fitViewBox(this.mapBounds, this.aspect()));
  }

  // The first view, once the table is drawn: the whole map, or on a narrow screen, where the
  // counters are, closer.
  start() {
    this.started = true;
    this.fit();
    const narrow = this.container.getBoundingClientRect().width < 700;
    if (narrow && this.startFocus) {
      this.zoom(2.5, this.startFocus);
      this.setView(centreOn(this.view, this.startFocus));
    }
  }

  zoom(factor, focus) {
    const fitted = fitViewBox(this.bounds, this.aspect());
    this.setView(zoomViewBox(this.view, factor, focus, { minWidth: this.hexSize * 6, maxWidth: fitted.w * 1.5 }));
  }

  pan(dxPixels, dyPixels) {
    const width = this.svg.getBoundingClientRect().width;
    const dx = pixelsToUnits(this.view, width, dxPixels);
    const dy = pixelsToUnits(this.view, width, dyPixels);
    this.setView(panViewBox(this.view, dx, dy, this.bounds));
  }

  centreOnHex(label) {
    const centre = this.centres.get(label);
    if (centre) this.setView(centreOn(this.view, centre));
  }

  // A point of the drawing under the screen point (clientX, clientY).
  toDrawing(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  setLabels(visible) {
    this.svg.classList.toggle('hide-labels', !visible);
  }

  setLayer(group, member, visible) {
    const key = `${group}:${member}`;
    if (visible) this.hidden.delete(key);
    else this.hidden.add(key);
    this.applyLayers();
  }

  applyLayers() {
    this.layerStyle.textContent = [...this.hidden]
      .map((key) => `[data-layer="${CSS.escape(key)}"]{display:none}`)
      .join('\n');
  }

  // Where a place's stack goes: a hex's centre, or just above a landing box.
  anchorOf(place) {
    if (place.hex) return this.centres.get(place.hex) ?? null;
    if (place.box) {
      const box = this.boxes.get(place.box);
      return box ? { x: box.centre.x, y: box.centre.y - box.height / 2 - this.hexSize * 0.55 } : null;
    }
    return null;
  }

  // Draw `table`'s pieces and markers, and the actions' highlights: `marks` holds `hexes`
  // and `units` (anchored by some legal action), `destinations` (hexes the selection can go
  // to), `selectedHex`, `selectedUnit`, and `sight` (`sightMarks` of the selected unit's).
  draw(table, marks) {
    const size = this.hexSize * 0.95;
    this.highlights.replaceChildren();
    // Sight first, so the actions' highlights lie over it.
    this.drawSight(marks.sight);
    for (const hex of marks.hexes ?? []) this.highlightHex(hex, 'anchored');
    for (const hex of marks.destinations ?? []) this.highlightHex(hex, 'destination');
    if (marks.selectedHex) this.highlightHex(marks.selectedHex, 'selected');
    // Boxes (landing and holding boxes) that an action names, as hexes are.
    for (const key of marks.places ?? []) {
      if (key.startsWith('box:')) this.highlightBox(key.slice(4), key === marks.selectedPlace ? 'selected' : 'anchored');
    }

    this.markerLayer.replaceChildren();
    const perHex = new Map();
    for (const marker of table.markers ?? []) {
      const at = this.centres.get(marker.hex);
      if (!at) continue;
      const index = perHex.get(marker.hex) ?? 0;
      perHex.set(marker.hex, index + 1);
      this.markerLayer.append(hexMarker(marker, at, this.hexSize, index));
    }

    this.pieceLayer.replaceChildren();
    this.stacks = groupIntoStacks(table.pieces ?? []);
    if (!this.started) this.startFocus = centroid([...this.stacks.values()].map((s) => this.anchorOf(s.place)));
    for (const { place, pieces } of this.stacks.values()) {
      const at = this.anchorOf(place);
      if (!at) continue;
      const drawn = stack(pieces, at, size, marks);
      drawn.dataset.place = place.hex ?? place.box;
      this.pieceLayer.append(drawn);
    }
  }

  // The hexes a unit sees, faintly, and its targets outlined: those it can fire on one way,
  // the others another, each saying why in a tooltip.
  drawSight(sight) {
    for (const hex of sight?.hexes ?? []) {
      const points = this.hexPoints.get(hex);
      if (points) this.highlights.append(svgElement('polygon', { points, class: 'sight', 'data-hex': hex }));
    }
    for (const { hex, fire, title } of sight?.targets ?? []) {
      const points = this.hexPoints.get(hex);
      if (!points) continue;
      const mark = svgElement('polygon', { points, class: `sight-target ${fire ? 'can-fire' : 'blocked'}`, 'data-hex': hex });
      mark.append(svgElement('title', {}, title));
      this.highlights.append(mark);
    }
  }

  highlightBox(id, kind) {
    const box = this.boxes.get(id);
    if (!box?.rect) return;
    const [x, y, width, height] = box.rect;
    this.highlights.append(svgElement('rect', { x, y, width, height, class: `highlight ${kind}`, 'data-box': id }));
  }

  highlightHex(label, kind) {
    const points = this.hexPoints.get(label);
    if (!points) return;
    this.highlights.append(svgElement('polygon', { points, class: `highlight ${kind}`, 'data-hex': label }));
  }

  // Clicks (that did not drag) go to `onUnit` for a counter with a unit, else `onHex` for
  // the hex under the pointer; drags pan, wheel and pinch zoom.
  listen() {
    const svg = this.svg;
    const pointers = new Map();
    let dragged = false;
    let pinch = null;
    svg.addEventListener('pointerdown', (event) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
      if (pointers.size === 1) dragged = false;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) };
        dragged = true;
      }
    });
    svg.addEventListener('pointermove', (event) => {
      const pointer = pointers.get(event.pointerId);
      if (!pointer) return;
      const dx = event.clientX - pointer.x;
      const dy = event.clientY - pointer.y;
      pointer.x = event.clientX;
      pointer.y = event.clientY;
      if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const distance = Math.hypot(a.x - b.x, a.y - b.y);
        if (distance > 0 && pinch.distance > 0) {
          this.zoom(distance / pinch.distance, this.toDrawing((a.x + b.x) / 2, (a.y + b.y) / 2));
        }
        pinch.distance = distance;
        return;
      }
      if (!dragged && Math.hypot(event.clientX - pointer.startX, event.clientY - pointer.startY) > 6) {
        dragged = true;
        svg.setPointerCapture?.(event.pointerId);
      }
      if (dragged) this.pan(-dx, -dy);
    });
    const release = (event) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
    };
    svg.addEventListener('pointerup', release);
    svg.addEventListener('pointercancel', release);
    svg.addEventListener('click', (event) => {
      if (dragged) {
        dragged = false;
        return;
      }
      const piece = event.target.closest?.('[data-unit]');
      if (piece && piece.getAttribute('data-unit') !== null) {
        this.onUnit(Number(piece.getAttribute('data-unit')));
        return;
      }
      const boxElement = event.target.closest?.('rect[data-box]');
      if (boxElement) {
        this.onPlace({ kind: 'box', id: boxElement.getAttribute('data-box') });
        return;
      }
      const point = this.toDrawing(event.clientX, event.clientY);
      const stackElement = event.target.closest?.('.stack');
      const hex = stackElement?.dataset.place && this.centres.has(stackElement.dataset.place)
        ? stackElement.dataset.place
        : point && nearestHex(this.centres, point, this.hexSize);
      if (hex) this.onHex(hex);
    });
    svg.addEventListener('wheel', (event) => {
      event.preventDefault();
      this.zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2, this.toDrawing(event.clientX, event.clientY));
    }, { passive: false });
  }
}

// The rectangle around hex centres (each `margin` out) and boxes (`{ centre, height }`).
function boundsOf(centres, margin, boxes) {
  if (!centres.length) return null;
  const xs = centres.map((c) => c.x);
  const ys = centres.map((c) => c.y);
  for (const box of boxes) {
    xs.push(box.centre.x);
    ys.push(box.centre.y + box.height);
  }
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, w: Math.max(...xs) + margin - x, h: Math.max(...ys) + margin - y };
}

// The mean of `points` (nulls left out), or null.
function centroid(points) {
  const known = points.filter(Boolean);
  if (!known.length) return null;
  return {
    x: known.reduce((sum, p) => sum + p.x, 0) / known.length,
    y: known.reduce((sum, p) => sum + p.y, 0) / known.length,
  };
}

// The layers the map's marks belong to (`data-layer="fire:red"`): [{ group, members }].
function layersOf(svg) {
  const groups = new Map();
  for (const element of svg.querySelectorAll('[data-layer]')) {
    const [group, member = ''] = element.getAttribute('data-layer').split(':');
    if (!groups.has(group)) groups.set(group, new Set());
    groups.get(group).add(member);
  }
  return [...groups.entries()].map(([group, members]) => ({ group, members: [...members].sort() }));
}
