// Line of sight from the selected unit, free of the DOM (node tests it). The server's answer
// (`GET /api/games/{id}/sight?unit=N`, docs/server-api.md) is `{ unit, from, hexes, targets:
// [{ unit, hex, blocked }] }`; the board draws what `sightMarks` makes of it.

// Which sight the page wants now, as a key: the selected unit at this revision (the unit may
// have moved, or a target been hidden, since), or null when none is wanted: nothing or not a
// unit selected, sight turned off, or a replay shown (the server only knows the game as it
// stands).
export function sightKey(selection, revision, { enabled = true, replaying = false } = {}) {
  if (!enabled || replaying || selection?.unit === undefined || selection.unit === null) return null;
  return `${selection.unit}@${revision}`;
}

// What the board draws for `sight`: `hexes`, the hexes it sees, once each; and `targets`,
// one per hex that holds an enemy: `fire` when the unit could fire on some unit there, and a
// `title` with a line per unit there (its name from `nameOf(unit)` when known), saying why
// it cannot be fired on if it cannot.
export function sightMarks(sight, nameOf = () => null) {
  if (!sight) return { hexes: [], targets: [] };
  const byHex = new Map();
  for (const target of sight.targets ?? []) {
    if (!target?.hex) continue;
    const mark = byHex.get(target.hex) ?? { hex: target.hex, fire: false, lines: [] };
    byHex.set(target.hex, mark);
    const name = nameOf(target.unit) ?? `Unit ${target.unit}`;
    if (target.blocked) {
      mark.lines.push(`${name}: ${target.blocked}`);
    } else {
      mark.fire = true;
      mark.lines.push(`${name}: can be fired on`);
    }
  }
  return {
    hexes: [...new Set(sight.hexes ?? [])],
    targets: [...byHex.values()].map(({ hex, fire, lines }) => ({ hex, fire, title: lines.join('\n') })),
  };
}

// Whether an error from asking for sight is worth telling the player: a 404 only means the
// game shows no sight for that unit (D-Day at Omaha Beach never does), so it is passed over.
export function sightErrorWorthShowing(error) {
  return error?.status !== 404;
}
