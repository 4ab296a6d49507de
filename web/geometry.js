// Board geometry, free of the DOM so node's test runner can check it: hex centres read from
// the map's polygons, and the view box arithmetic of pan and zoom.

// The centre of a hex polygon from its SVG `points` attribute ("x1,y1 x2,y2 ..."): the mean
// of its corners, which for a regular hexagon is its centre.
export function polygonCentre(points) {
  const numbers = String(points)
    .trim()
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);
  if (numbers.length < 6 || numbers.length % 2 !== 0 || numbers.some((n) => !Number.isFinite(n))) {
    return null;
  }
  let x = 0;
  let y = 0;
  const corners = numbers.length / 2;
  for (let i = 0; i < numbers.length; i += 2) {
    x += numbers[i];
    y += numbers[i + 1];
  }
  return { x: x / corners, y: y / corners };
}

// The distance from the centre to a corner: the hex's size, which scales counters.
export function polygonRadius(points) {
  const centre = polygonCentre(points);
  if (!centre) return null;
  const numbers = String(points).trim().split(/[\s,]+/).map(Number);
  return Math.hypot(numbers[0] - centre.x, numbers[1] - centre.y);
}

// Hex label -> centre, from `[label, points]` pairs (the map's `data-hex` polygons).
export function hexCentres(pairs) {
  const centres = new Map();
  for (const [label, points] of pairs) {
    const centre = polygonCentre(points);
    if (label && centre) centres.set(label, centre);
  }
  return centres;
}

// The centre of a rectangle given as SVG attributes.
export function rectCentre({ x, y, width, height }) {
  return { x: Number(x) + Number(width) / 2, y: Number(y) + Number(height) / 2 };
}

// A view box {x, y, w, h} zoomed by `factor` (> 1 zooms in) around `focus`, a point of the
// drawing that stays where it is on screen; never closer than `minWidth`, never wider than
// `maxWidth`.
export function zoomViewBox(box, factor, focus, { minWidth = 60, maxWidth = Infinity } = {}) {
  const width = Math.min(Math.max(box.w / factor, minWidth), maxWidth);
  const scale = width / box.w;
  const height = box.h * scale;
  const fx = focus?.x ?? box.x + box.w / 2;
  const fy = focus?.y ?? box.y + box.h / 2;
  return {
    x: fx - (fx - box.x) * scale,
    y: fy - (fy - box.y) * scale,
    w: width,
    h: height,
  };
}

// A view box moved by (dx, dy) drawing units, kept so some of `bounds` stays in sight.
export function panViewBox(box, dx, dy, bounds) {
  const moved = { ...box, x: box.x + dx, y: box.y + dy };
  return bounds ? clampViewBox(moved, bounds) : moved;
}

// Keep at least a quarter of the view on the drawing, so the board cannot be lost off screen.
export function clampViewBox(box, bounds) {
  const marginX = box.w * 0.75;
  const marginY = box.h * 0.75;
  const x = Math.min(Math.max(box.x, bounds.x - marginX), bounds.x + bounds.w - box.w + marginX);
  const y = Math.min(Math.max(box.y, bounds.y - marginY), bounds.y + bounds.h - box.h + marginY);
  return { ...box, x, y };
}

// The view box showing all of `bounds` in a viewport of `aspect` (width / height), centred.
export function fitViewBox(bounds, aspect) {
  if (!(aspect > 0)) return { ...bounds };
  const boundsAspect = bounds.w / bounds.h;
  if (boundsAspect > aspect) {
    const h = bounds.w / aspect;
    return { x: bounds.x, y: bounds.y - (h - bounds.h) / 2, w: bounds.w, h };
  }
  const w = bounds.h * aspect;
  return { x: bounds.x - (w - bounds.w) / 2, y: bounds.y, w, h: bounds.h };
}

// The view box centred on `point`, keeping its size.
export function centreOn(box, point) {
  return { ...box, x: point.x - box.w / 2, y: point.y - box.h / 2 };
}

// Screen offset (pixels) to drawing units, for a viewport `pixelWidth` wide showing `box`.
export function pixelsToUnits(box, pixelWidth, pixels) {
  return pixelWidth > 0 ? (pixels * box.w) / pixelWidth : 0;
}

// The label of the hex whose centre is nearest `point`, if within `radius`; `centres` is a
// Map(label -> {x, y}).
export function nearestHex(centres, point, radius) {
  let best = null;
  let bestDistance = radius;
  for (const [label, centre] of centres) {
    const distance = Math.hypot(centre.x - point.x, centre.y - point.y);
    if (distance <= bestDistance) {
      best = label;
      bestDistance = distance;
    }
  }
  return best;
}
