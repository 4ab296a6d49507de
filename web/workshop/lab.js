// The balance lab's answer in words: how often the squad succeeds on the saved mission over
// a batch of games played by the rule bot, with the 95 % interval, the mean VP, and what the
// batch cost. Free of the DOM (node-tested).

export const DEFAULT_GAMES = 20;
export const MAX_GAMES = 200;

// The number of games to ask for, from what was typed: 1..=200, the default when unreadable.
export function gamesWanted(text) {
  const n = Math.round(Number(text));
  if (!Number.isFinite(n) || n < 1) return DEFAULT_GAMES;
  return Math.min(n, MAX_GAMES);
}

const percent = (x) => `${Math.round(Number(x) * 1000) / 10} %`;
const number = (x, digits = 1) => (Number.isFinite(Number(x)) ? Number(x).toFixed(digits) : '?');

// A verdict on a success rate: hard below a third, easy above two thirds.
export function difficulty(rate) {
  if (!Number.isFinite(rate)) return '';
  if (rate < 0.2) return 'very hard';
  if (rate < 0.4) return 'hard';
  if (rate <= 0.6) return 'balanced';
  if (rate <= 0.8) return 'easy';
  return 'very easy';
}

// `{ headline, seats: [sentence], footer }` from the server's answer
// (`{ scenario, bot, games, seats: [{ label, wins, rate, low, high, mean_score }], mean_decisions, seconds }`).
export function balanceSummary(answer) {
  const seats = (answer?.seats ?? []).map((seat) => {
    const label = seat.label ?? `Seat ${Number(seat.seat ?? 0) + 1}`;
    return `${label}: success ${percent(seat.rate)} [${percent(seat.low)}, ${percent(seat.high)}] ` +
      `(${seat.wins} of ${answer.games} games), mean VP ${number(seat.mean_score)}`;
  });
  const first = answer?.seats?.[0];
  const headline = first
    ? `Success rate ${percent(first.rate)} (95 % interval ${percent(first.low)} to ${percent(first.high)}): ${difficulty(Number(first.rate))}`
    : 'No result';
  const unfinished = [
    answer?.draws ? `${answer.draws} drawn` : '',
    answer?.stalled ? `${answer.stalled} stopped unfinished` : '',
  ].filter(Boolean).join(', ');
  const footer = `${answer?.games ?? '?'} games of mission ${answer?.scenario ?? '?'} played by the ${answer?.bot ?? '?'} bot` +
    `${unfinished ? ` (${unfinished})` : ''}` +
    `${answer?.mean_decisions !== undefined ? `, ${number(answer.mean_decisions)} decisions a game` : ''}` +
    ` in ${number(answer?.seconds)} s`;
  return { headline, seats, footer };
}
