// The prompt panel: whose decision it is, the question with its rule, and the legal actions
// as numbered buttons (those concerning the selected hex or unit only, when one is selected).

import { ruleLink } from './rules.js';
import { matching } from './selection.js';

function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

export { element };

// Who the seats are, for sentences: "the 29th Division", "you", "US player (the computer)".
export function seatName(state, seat) {
  if (seat === state.you) return 'you';
  const info = state.game.seats.find((s) => s.seat === seat);
  const name = info?.label ?? `seat ${seat + 1}`;
  return info?.bot ? `${name} (the computer)` : name;
}

// The words before the question when the decision is this page's: "Your decision: ", and in a
// game of several seats which seat's ("Your decision (German): "); on the hot-seat page that
// is the seat to act now, so it changes as the turn passes.
export function decisionHeading(state) {
  if (state.game.seats.length <= 1) return 'Your decision: ';
  const label = state.game.seats.find((s) => s.seat === state.you)?.label ?? `seat ${state.you + 1}`;
  return `Your decision (${label}): `;
}

// A sentence on how the game ended (`status.over`: winners as a bit set of seats).
export function outcomeText(state) {
  const over = state.status.over;
  if (!over) return '';
  const winners = state.game.seats.filter((s) => (over.winners & (1 << s.seat)) !== 0);
  let result;
  if (over.draw) result = 'The game is a draw';
  else if (winners.length === 0) result = 'The game is lost';
  else if (state.you !== null && winners.some((s) => s.seat === state.you)) result = 'You win';
  else result = `${winners.map((s) => s.label).join(' and ')} win${winners.length === 1 ? 's' : ''}`;
  // Every seat's score (`scores`, in seat order): yours, or the first seat's for a spectator;
  // all of them when they differ and nobody in particular is asking.
  const scores = over.scores ?? [];
  let score = '';
  if (state.you !== null && state.you !== undefined && scores[state.you] !== undefined) {
    score = ` (score ${scores[state.you]})`;
  } else if (scores.length > 0 && scores.every((s) => s === scores[0])) {
    score = ` (score ${scores[0]})`;
  } else if (scores.length > 0) {
    score = ` (scores ${scores.join(' / ')})`;
  }
  return `${result}${score}.`;
}

// Draw the prompt of `state` into `panel`. `options`: the game id (for rule links), the
// selection, the digits typed so far, the hint shown (`{ number, text }`, or null), and
// callbacks `play(number)`, `clearSelection()`, `undo()`, `showRule(id)`.
export function renderPrompt(panel, state, options) {
  const { game, selection, typed, busy, replaying, hint } = options;
  const parts = [];
  if (replaying) {
    parts.push(element('p', { class: 'prompt-status' }, replaying));
    panel.replaceChildren(...parts);
    return;
  }
  if (state.status.over) {
    const rule = state.status.over.rule;
    parts.push(element('p', { class: 'prompt-status over', 'data-testid': 'outcome' },
      'Game over. ', outcomeText(state), ' ', rule ? ruleLink(game, rule, options.showRule) : ''));
  } else if (state.prompt) {
    parts.push(element('p', {
      class: 'prompt-status yours', 'data-testid': 'decider', 'data-seat': String(state.you),
    }, decisionHeading(state)));
    parts.push(element('p', { class: 'prompt-text', 'data-testid': 'prompt' },
      ruleLink(game, state.prompt.rule, options.showRule), ' ', state.prompt.text));
  } else {
    const toAct = state.status.to_act;
    parts.push(element('p', { class: 'prompt-status waiting', 'data-testid': 'waiting' },
      state.you === null ? 'You are watching. ' : '',
      `Waiting for ${seatName(state, toAct)} to decide.`));
  }
  if (hint && state.prompt) {
    parts.push(element('p', { class: 'hint-line', 'data-testid': 'hint', 'aria-live': 'polite' }, hint.text));
  }

  const legal = state.legal_actions ?? [];
  if (legal.length > 0) {
    const shown = matching(legal, selection);
    if (selection) {
      const what = selection.hex !== undefined ? `hex ${selection.hex}` : `this unit`;
      parts.push(element('p', { class: 'filter' },
        `${shown.length} of ${legal.length} actions concern ${what}. `,
        element('button', { type: 'button', class: 'link', onclick: options.clearSelection }, 'Show all')));
    } else if (legal.length > 9) {
      parts.push(element('p', { class: 'hint' },
        'Click a highlighted counter or hex to narrow the list; type a number and Enter to choose.'));
    }
    const list = element('ol', { class: 'actions', 'aria-label': 'Legal actions' });
    for (const { legal: action, number } of shown) {
      const hinted = hint?.number === number;
      list.append(element('li', {},
        element('button', {
          type: 'button',
          class: hinted ? 'action hinted' : 'action',
          'data-number': number,
          'aria-label': `${number}: ${action.anchors.label}${hinted ? ' (the hint)' : ''}`,
          disabled: busy,
          onclick: () => options.play(number),
        }, element('span', { class: 'number', 'aria-hidden': 'true' }, `${number}`), ' ', action.anchors.label)));
    }
    parts.push(list);
    if (typed) parts.push(element('p', { class: 'typed', 'aria-live': 'polite' }, `Typed ${typed}… press Enter`));
  }
  panel.replaceChildren(...parts);
}
