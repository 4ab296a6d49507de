// Hot-seat play, free of the DOM: people sharing one screen play every person's seat on one
// page, through the game's hot-seat link, whose state's `you` follows the turn
// (docs/server-api.md, "Hot-seat play"). What the lobby offers, and how the pages name it.

// Whether the lobby offers hot-seat for a game of `seatCount` seats, `choices` saying who
// plays each ('' for a person, a bot's name for the computer; empty for a game without bots,
// every seat a person's): shown for two seats or more, and possible while two or more of them
// are people's. `{ shown, enabled, note }`, `note` saying why it is not possible.
export function hotSeatOffer(seatCount, choices = []) {
  const people = Array.from({ length: seatCount }, (_, seat) => choices[seat] ?? '')
    .filter((choice) => !choice).length;
  const shown = seatCount >= 2;
  const enabled = shown && people >= 2;
  return {
    shown,
    enabled,
    note: shown && !enabled ? 'Hot-seat needs two or more seats played by people.' : '',
  };
}

// Whether a creation request asks for hot-seat: the box ticked where it may be.
export function hotSeatRequested(offer, checked) {
  return Boolean(offer.shown && offer.enabled && checked);
}

// What this browser remembers of a game opened with its hot-seat link (storage.js): no seat
// of its own, every person's.
export function hotSeatMemory(token, game, scenario) {
  return { token, seat: null, label: 'hot-seat', hotSeat: true, game, scenario };
}

// The lobby's link to a game this browser holds: "Resume", "Resume as 29th Division", or
// "Resume (hot-seat)".
export function resumeText(remembered, seatCount) {
  if (remembered?.hotSeat) return 'Resume (hot-seat)';
  return `Resume${remembered?.label && seatCount > 1 ? ` as ${remembered.label}` : ''}`;
}

// What a seat is called at this table.
export function seatLabelOf(state, seat) {
  return state.game.seats.find((s) => s.seat === seat)?.label ?? `seat ${seat + 1}`;
}

// The page's heading beside the game's name: the seat it plays ("29th Division"), "hot-seat"
// for the one page of every person's seat, "watching", or nothing for a game of one seat.
export function pageSeatText(state) {
  if (state.you === null || state.you === undefined) return 'watching';
  if (state.hot_seat) return 'hot-seat';
  return state.game.seats.length > 1 ? seatLabelOf(state, state.you) : '';
}

// The tab's title: in a game of several seats it tells when a decision is waiting here, and
// on the hot-seat page whose.
export function tabTitle(state) {
  const deciding = state.prompt && state.game.seats.length > 1;
  const mark = !deciding ? '' : state.hot_seat ? `● ${seatLabelOf(state, state.you)} to decide — ` : '● Your turn — ';
  return `${mark}${state.game.name} — Overlord`;
}
