// Ambush!: its view (games/ambush/src/view.rs) as the table the generic client draws. Free of
// the DOM.
//
// The table: each soldier on his hex with his stance, health and weapon (the Germans only once
// a paragraph has placed them, AMBX-HID), the vehicles placed, the map's markers; the AR Track
// as the track of spaces, each soldier waiting in the row of his next turn (AMBX-AR); the
// mission's phases; the squad's roster with ratings, weapons and ammunition as cards; and a
// summary of the round, the Condition and the VP. The paragraphs read show in the log.

const STANCE = { Standing: 'Std', Crouching: 'Cr', Prone: 'Pr' };
const HEALTH = {
  Wounded: { name: 'Wounded', short: 'WND', rule: 'AMBX-DMG' },
  Incapacitated: { name: 'Incapacitated', short: 'INC', rule: 'AMBX-DMG' },
  Killed: { name: 'Killed', short: 'KIA', rule: 'AMBX-DMG' },
};
// The AR Track's rows, top to bottom (AMB-AWR-1, AMBX-AR-1).
const ROWS = [
  { row: 'TwoTurns', label: '2', title: 'Two turns this round' },
  { row: 'OneTurn', label: '1', title: 'One turn this round' },
  { row: 'Complete', label: 'Done', title: 'Turns complete' },
  { row: 'Unaware', label: 'Unaw', title: 'Unaware' },
  { row: 'Panic', label: 'Pan', title: 'Panic' },
  { row: 'Inactive', label: 'Inact', title: 'Inactive' },
];
const PHASES = [
  { name: 'Entry', title: 'The squad enters (AMBX-MIS-1)', rule: 'AMBX-MIS', phase: 'entry' },
  { name: 'Operations', title: 'Operations: no German active (AMB-OPS)', rule: 'AMB-OPS', phase: 'operations' },
  { name: 'Rounds', title: 'Action Rounds (AMB-RND)', rule: 'AMB-RND', phase: 'rounds' },
  { name: 'Debrief', title: 'Debriefing (AMBX-CAMP)', rule: 'AMBX-CAMP', phase: 'debrief' },
  { name: 'Ended', title: 'The mission is over (AMBX-MIS-10)', rule: 'AMBX-MIS-10', phase: 'ended' },
];
const US = 'US';

// The map a view is drawn on: its mission's (a campaign plays one mission after another).
export function mapScenario(view) {
  return view?.mission ?? null;
}

// One seat: the squad's player.
export function seatLabels() {
  return ['Squad'];
}

// A place label of the view (`0601`, `0601 (aboard)`, `exited`) as the hex it stands on.
export function hexOf(label) {
  const match = /^(\S+?)(?: \(aboard\))?$/.exec(label ?? '');
  if (!match || label === 'exited') return null;
  return match[1];
}

// The flags on a soldier's counter.
export function soldierFlags(soldier) {
  const flags = [];
  if (HEALTH[soldier.health]) flags.push(HEALTH[soldier.health]);
  if (soldier.panicked) flags.push({ name: 'Panicked', short: 'PAN', rule: 'AMB-STS' });
  if (soldier.commander) flags.push({ name: 'Commander', short: 'Cmd', rule: 'AMB-CMD' });
  if (soldier.advantage) flags.push({ name: 'In the advantage half', short: 'Adv', rule: 'AMBX-AR' });
  if (soldier.captured) flags.push({ name: 'Captured', short: 'Capt', rule: 'AMB-PRIS' });
  if (soldier.surrendered) flags.push({ name: 'Surrendered', short: 'Surr', rule: 'AMB-PRIS' });
  if (/\(aboard\)$/.test(soldier.hex ?? '')) flags.push({ name: 'Aboard a vehicle', short: 'Abd', rule: 'AMB-VMOV' });
  return flags;
}

// What a soldier carries in words: his weapons (jammed or prepared as the view says).
function weapons(soldier) {
  return (soldier.items ?? []).join(', ') || 'no weapon';
}

// His ratings in words: IN, PC, WS, DS, MPA for the squad; a German's IN and WS only.
export function ratingsText(soldier) {
  const r = soldier.ratings ?? [];
  return soldier.side === US
    ? `IN ${r[0]} · PC ${r[1]} · WS ${r[2]} · DS ${r[3]} · MPA ${r[4]}`
    : `IN ${r[0]} · WS ${r[1]}`;
}

// One soldier as a counter.
export function soldierPiece(soldier) {
  const flags = soldierFlags(soldier);
  const us = soldier.side === US;
  const weapon = (soldier.items ?? [])[0]?.replace(/ \(.*\)$/, '') ?? '';
  return {
    key: `soldier-${soldier.id}`,
    unit: soldier.id,
    side: us ? 'us' : 'german',
    faceDown: false,
    label: soldier.name,
    sub: [STANCE[soldier.stance] ?? soldier.stance, weapon.split(/\s+/)[0]].filter(Boolean).join(' '),
    title: `${soldier.name} (${us ? 'US' : 'German'}): ${soldier.stance.toLowerCase()}, ${soldier.health.toLowerCase()}; ${
      ratingsText(soldier)}; ${weapons(soldier)}${flags.length ? `; ${flags.map((f) => f.name).join(', ')}` : ''}`,
    colour: us ? (soldier.health === 'Healthy' ? '#b5c27f' : '#d9c27f') : '#9aa3ab',
    flags,
  };
}

// A vehicle as a counter (no unit: actions name it by its hex).
export function vehiclePiece(vehicle) {
  const flags = [];
  if (vehicle.status !== 'Ok') flags.push({ name: vehicle.status.replace(/(?<=[a-z])(?=[A-Z])/g, ' '), short: vehicle.status.slice(0, 4), rule: 'AMBX-VEH' });
  if (vehicle.open) flags.push({ name: 'Open', short: 'Open', rule: 'AMBX-VEH' });
  return {
    key: `vehicle-${vehicle.id}`,
    side: vehicle.side === US ? 'us' : 'german',
    faceDown: false,
    label: vehicle.name.split(/\s+/).pop(),
    sub: `facing ${vehicle.facing}`,
    title: `${vehicle.name} (${vehicle.side === US ? 'US' : 'German'}), facing ${vehicle.facing}, ${vehicle.status.toLowerCase()}${
      vehicle.crew ? `, crew ${vehicle.crew}` : ''}`,
    colour: vehicle.side === US ? '#8fa05f' : '#7d868e',
    flags,
  };
}

// The markers of the map in words.
export function mapMarkers(view) {
  const markers = [];
  for (const [hex, names] of view.markers ?? []) {
    for (const name of names) {
      markers.push({ hex, text: name.replace(/(?<=[a-z])(?=[A-Z])/g, ' '), title: `${name} marker (AMBX-MAP)`, kind: name.toLowerCase() });
    }
  }
  return markers;
}

// The squad's roster: a card per US soldier with his ratings, weapons and ammunition.
export function roster(view) {
  return (view.soldiers ?? []).filter((s) => s.side === US).map((s) => ({
    number: `soldier-${s.id}`,
    title: `${s.name}${s.commander ? ' (commander)' : ''}: ${s.health.toLowerCase()}, ${s.stance.toLowerCase()}`,
    lines: [ratingsText(s), `Carries: ${weapons(s)}`, `Ammunition: ${(s.ammo ?? []).join(', ') || 'none'}`,
      ...(s.mp_spent ? [`MP spent this turn: ${s.mp_spent}`] : [])],
  }));
}

// The table of `view` for the generic client.
export function describe(view) {
  const pieces = [];
  const off = new Map();
  const waiting = new Map(ROWS.map(({ row }) => [row, []]));
  for (const vehicle of view.vehicles ?? []) pieces.push({ ...vehiclePiece(vehicle), place: { hex: vehicle.hex } });
  for (const soldier of view.soldiers ?? []) {
    const piece = soldierPiece(soldier);
    const hex = hexOf(soldier.hex);
    if (hex) {
      pieces.push({ ...piece, place: { hex } });
    } else {
      const list = soldier.hex === 'exited' ? 'Exited' : 'Off the map';
      if (!off.has(list)) off.set(list, []);
      off.get(list).push(piece);
    }
    if (view.round && waiting.has(soldier.row) && soldier.health !== 'Killed') waiting.get(soldier.row).push(piece);
  }
  const turns = view.round
    ? ROWS.map(({ row, label, title }, i) => ({
      turn: i,
      label,
      sub: 'row',
      tide: '',
      title: `AR Track: ${title} (AMBX-AR-1)`,
      waiting: waiting.get(row),
    }))
    : [];
  const acting = view.round?.acting;
  const actingRow = (view.soldiers ?? []).find((s) => s.id === acting)?.row;
  const phase = PHASES.findIndex((p) => (view.phase ?? '').startsWith(p.phase));
  const round = view.round
    ? ` · round ${view.round.number} · Action Number ${view.round.action_number} · initiative US ${view.round.us_die}, German ${view.round.german_die}`
    : '';
  const name = (id) => (view.soldiers ?? []).find((s) => s.id === id)?.name;
  return {
    pieces,
    off: [...off.entries()].map(([title, list]) => ({ title, pieces: list })),
    markers: mapMarkers(view),
    turns,
    turn: ROWS.findIndex(({ row }) => row === actingRow),
    phases: PHASES.map(({ name: phaseName, title, rule }) => ({ name: phaseName, title, rule })),
    phase,
    step: acting !== undefined && acting !== null ? `${name(acting) ?? `soldier ${acting}`} acting` : view.phase,
    cards: roster(view),
    cardsTitle: 'Squad',
    deck: (view.sightings ?? []).length ? `Sightings: ${view.sightings.join(', ')}` : '',
    summary: `Mission ${view.mission}${round} · Condition ${view.condition} · VP ${view.vp}`,
  };
}
