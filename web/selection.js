// Choosing among legal actions by pointing at the board or typing numbers, free of the DOM.
//
// A selection is `null`, `{ hex: '0812' }`, `{ unit: 68 }` or `{ place: { kind: 'box', id:
// 'DW1' } }` (a place that is not a hex: a landing box, a track's space). The action list
// shows the actions whose anchors name the selected hex, unit or place; pointing at the
// destination of exactly one of them plays it (select a unit, then click where it goes).

// Whether two places are the same place.
export function samePlace(a, b) {
  return !!a && !!b && a.kind === b.kind && a.id === b.id;
}

// Whether `legal` (one `{ action, anchors }`) concerns `selection`.
export function concerns(legal, selection) {
  if (!selection) return true;
  const anchors = legal.anchors ?? {};
  if (selection.hex !== undefined) return (anchors.hexes ?? []).includes(selection.hex);
  if (selection.unit !== undefined) return (anchors.units ?? []).includes(selection.unit);
  if (selection.place !== undefined) return (anchors.places ?? []).some((p) => samePlace(p, selection.place));
  return true;
}

// The numbered actions (1-based, as the buttons show them) that concern `selection`.
export function matching(legalActions, selection) {
  return legalActions
    .map((legal, index) => ({ legal, number: index + 1 }))
    .filter(({ legal }) => concerns(legal, selection));
}

// The hex an action leads to: the last of its anchor hexes, when it names more than one
// (a move names `from, to`), or its only hex.
export function destination(legal) {
  const hexes = legal.anchors?.hexes ?? [];
  return hexes.length > 0 ? hexes[hexes.length - 1] : null;
}

// What a click on `hex` does, given the selection:
// - with a selection, when exactly one selected action moves something to `hex` (it names
//   two hexes or more and `hex` is the last), `{ play: number }`;
// - on the selected hex again: `{ play: number }` when exactly one action concerns it, else
//   `{ select: null }` (clears the selection);
// - otherwise `{ select: { hex } }`.
export function clickHex(legalActions, selection, hex) {
  if (selection && selection.hex === hex) {
    const here = matching(legalActions, selection);
    return here.length === 1 ? { play: here[0].number } : { select: null };
  }
  if (selection) {
    const leading = matching(legalActions, selection).filter(
      ({ legal }) => (legal.anchors?.hexes ?? []).length >= 2 && destination(legal) === hex,
    );
    if (leading.length === 1) return { play: leading[0].number };
  }
  return { select: { hex } };
}

// What a click on `place` (a box, a track's space) does, as for a hex: with a selection, the
// one selected action that names the place plays; the selected place clicked again plays its
// only action or clears; otherwise the place is selected.
export function clickPlace(legalActions, selection, place) {
  if (selection && samePlace(selection.place, place)) {
    const here = matching(legalActions, selection);
    return here.length === 1 ? { play: here[0].number } : { select: null };
  }
  if (selection) {
    const leading = matching(legalActions, selection).filter(({ legal }) =>
      (legal.anchors?.places ?? []).some((p) => samePlace(p, place)));
    if (leading.length === 1) return { play: leading[0].number };
  }
  return { select: { place } };
}

// What a click on unit `unit` does: select it, or clear it when clicked again.
export function clickUnit(selection, unit) {
  return selection && selection.unit === unit ? { select: null } : { select: { unit } };
}

// Typing action numbers. With up to 9 actions a digit plays at once; with more, digits
// build a number, played when it cannot grow (no action has a number that long) or on Enter.
// `typed` is the digits so far ('' for none); the answer is `{ typed, play }`, `play` a
// 1-based number or null.
export function typeDigit(typed, digit, count) {
  const next = `${typed}${digit}`.replace(/^0+/, '');
  if (next === '') return { typed: '', play: null };
  const number = Number(next);
  if (number > count) return { typed: '', play: null };
  if (number * 10 > count) return { typed: '', play: number };
  return { typed: next, play: null };
}

// Enter after typing: the typed number, if it names an action.
export function typeEnter(typed, count) {
  const number = Number(typed);
  return typed !== '' && number >= 1 && number <= count ? number : null;
}
