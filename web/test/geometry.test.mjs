// Hex centres from the map's polygons, and pan and zoom arithmetic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clampViewBox, fitViewBox, hexCentres, nearestHex, panViewBox, polygonCentre, polygonRadius,
  rectCentre, zoomViewBox,
} from '../geometry.js';

// A flat-top hexagon of size 10 around (50, 40), as mapdraw writes its points.
const HEX = '60,40 55,48.66 45,48.66 40,40 45,31.34 55,31.34';

test('a hex polygon has its centre at the mean of its corners', () => {
  assert.deepEqual(polygonCentre(HEX), { x: 50, y: 40 });
  assert.ok(Math.abs(polygonRadius(HEX) - 10) < 1e-9);
  assert.deepEqual(polygonCentre(' 0,0 2,0  2,2 0,2 '), { x: 1, y: 1 });
});

test('points that are not a polygon have no centre', () => {
  assert.equal(polygonCentre(''), null);
  assert.equal(polygonCentre('1,2 3'), null);
  assert.equal(polygonCentre('a,b c,d e,f'), null);
});

test('hex labels map to centres, and a point finds its hex', () => {
  const centres = hexCentres([['0812', HEX], ['0813', '80,40 75,48.66 65,48.66 60,40 65,31.34 75,31.34'], ['', HEX], ['0999', 'bad']]);
  assert.deepEqual([...centres.keys()], ['0812', '0813']);
  assert.equal(nearestHex(centres, { x: 52, y: 41 }, 10), '0812');
  assert.equal(nearestHex(centres, { x: 69, y: 40 }, 10), '0813');
  assert.equal(nearestHex(centres, { x: 200, y: 200 }, 10), null);
});

test('a box centre is the middle of its rectangle', () => {
  assert.deepEqual(rectCentre({ x: '10', y: '20', width: '30', height: '20' }), { x: 25, y: 30 });
});

test('zooming keeps the focus point still and respects the limits', () => {
  const box = { x: 0, y: 0, w: 1000, h: 500 };
  const zoomed = zoomViewBox(box, 2, { x: 250, y: 100 });
  assert.deepEqual(zoomed, { x: 125, y: 50, w: 500, h: 250 });
  // The focus sits at the same fraction of the view before and after.
  assert.equal((250 - zoomed.x) / zoomed.w, (250 - box.x) / box.w);
  assert.equal(zoomViewBox(box, 100, null, { minWidth: 60 }).w, 60);
  assert.equal(zoomViewBox(box, 0.1, null, { maxWidth: 1500 }).w, 1500);
});

test('panning cannot lose the board off screen', () => {
  const bounds = { x: 0, y: 0, w: 1000, h: 500 };
  const view = { x: 0, y: 0, w: 400, h: 200 };
  assert.deepEqual(panViewBox(view, 100, 50, bounds), { x: 100, y: 50, w: 400, h: 200 });
  const far = panViewBox(view, 5000, 5000, bounds);
  assert.ok(far.x <= bounds.w - view.w * 0.25 && far.y <= bounds.h - view.h * 0.25);
  const back = clampViewBox({ ...view, x: -5000, y: -5000 }, bounds);
  assert.ok(back.x + back.w >= view.w * 0.25 && back.y + back.h >= view.h * 0.25);
});

test('fitting shows the whole board, centred, at the viewport\'s shape', () => {
  const bounds = { x: 0, y: 0, w: 1000, h: 500 };
  assert.deepEqual(fitViewBox(bounds, 2), { x: 0, y: 0, w: 1000, h: 500 });
  assert.deepEqual(fitViewBox(bounds, 1), { x: 0, y: -250, w: 1000, h: 1000 });
  assert.deepEqual(fitViewBox(bounds, 4), { x: -500, y: 0, w: 2000, h: 500 });
});
