// From a game's pieces to stacks on the board, free of the DOM (node tests it).
//
// A piece is what a game adapter makes of its view: `{ key, place, unit?, label, side, ... }`
// where `place` is `{ hex: '0812' }`, `{ box: 'ER1' }` or `{ off: 'Eliminated' }`. Pieces
// on one place form one stack, in the order the adapter gave them (the first is on the bottom).

// A stable key for a place.
export function placeKey(place) {
  if (!place) return null;
  if (place.hex) return `hex:${place.hex}`;
  if (place.box) return `box:${place.box}`;
  if (place.off) return `off:${place.off}`;
  return null;
}

// Pieces grouped by place: Map(placeKey -> { place, pieces }), in first-seen order.
export function groupIntoStacks(pieces) {
  const stacks = new Map();
  for (const piece of pieces) {
    const key = placeKey(piece.place);
    if (!key) continue;
    let stack = stacks.get(key);
    if (!stack) {
      stack = { key, place: piece.place, pieces: [] };
      stacks.set(key, stack);
    }
    stack.pieces.push(piece);
  }
  return stacks;
}

// Where each piece of a stack of `count` is drawn, relative to the stack's anchor, for
// counters `size` wide: a short diagonal fan, so the top counter is read whole and the ones
// below show their edges. Past `visible` pieces the rest sit under the last shown.
export function fanOffsets(count, size, visible = 4) {
  const step = Math.max(1, size * 0.14);
  const shown = Math.min(count, visible);
  const offsets = [];
  for (let i = 0; i < count; i += 1) {
    const slot = Math.min(i, shown - 1);
    const shift = (slot - (shown - 1) / 2) * step;
    offsets.push({ x: shift, y: -shift });
  }
  return offsets;
}

// An anchored place (`{ kind, id }`, not a hex) as one string, for sets: `box:DW1`, the same
// key `placeKey` gives a box's stack.
export function anchorKey(place) {
  return `${place.kind}:${place.id}`;
}

// What the legal actions anchor, for highlighting: the Sets of hex labels, unit ids, card ids
// and place keys (`box:DW1`) named by any of `legal`.
export function anchoredPlaces(legal) {
  const hexes = new Set();
  const units = new Set();
  const cards = new Set();
  const places = new Set();
  for (const { anchors } of legal) {
    for (const hex of anchors?.hexes ?? []) hexes.add(hex);
    for (const unit of anchors?.units ?? []) units.add(unit);
    for (const card of anchors?.cards ?? []) cards.add(card);
    for (const place of anchors?.places ?? []) places.add(anchorKey(place));
  }
  return { hexes, units, cards, places };
}
