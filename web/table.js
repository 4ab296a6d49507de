// The parts of the table beside the map: the turn and phase tracks, the cards drawn this
// turn, the counters off the board, and what lies on the selected hex.

import { element } from './prompt.js';
import { ruleLink } from './rules.js';
import { placeKey } from './stacks.js';

// The Turn track: one space per turn, the current one marked, with the units waiting there.
export function renderTurns(container, table) {
  if (!table.turns.length) {
    container.replaceChildren();
    return;
  }
  const list = element('ol', { class: 'track turns', 'aria-label': 'Turn track' });
  for (const space of table.turns) {
    const current = space.turn === table.turn;
    const waiting = space.waiting.length;
    list.append(element('li', {
      class: `space tide-${space.tide}${current ? ' current' : ''}${space.turn < table.turn ? ' past' : ''}`,
      title: `${space.title}${waiting ? `; arriving: ${space.waiting.map((p) => p.label).join(', ')}` : ''}`,
      'aria-current': current ? 'step' : null,
    },
    element('span', { class: 'turn-number' }, space.label),
    element('span', { class: 'turn-time' }, space.sub ?? ''),
    waiting ? element('span', { class: 'turn-waiting' }, `+${waiting}`) : null));
  }
  container.replaceChildren(list);
  // Bring the current turn into the track's own scroll (never the page's).
  const current = list.querySelector('.current');
  if (current) {
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollLeft = Math.max(0, offset - (list.clientWidth - current.clientWidth) / 2);
  }
}

// The phases of a turn, the current one marked.
export function renderPhases(container, table) {
  if (!table.phases.length) {
    container.replaceChildren();
    return;
  }
  const list = element('ol', { class: 'track phases', 'aria-label': 'Phases of the turn' });
  table.phases.forEach((phase, i) => {
    list.append(element('li', {
      class: `space${i === table.phase ? ' current' : ''}`,
      title: phase.title,
      'aria-current': i === table.phase ? 'step' : null,
    }, phase.name));
  });
  container.replaceChildren(
    element('p', { class: 'summary', 'data-testid': 'turn-summary' }, table.summary, table.step ? ` · ${table.step}` : ''),
    list,
  );
  if (table.flagsNote) container.append(element('p', { class: 'hint' }, table.flagsNote));
}

// The cards drawn this turn, and the deck; those a legal action names (`anchored`, a Set of
// card ids) highlighted.
export function renderCards(container, table, anchored = new Set()) {
  const cards = table.cards.map((card) =>
    element('li', { class: `card${anchored.has(card.number) ? ' anchored' : ''}`, 'data-card': card.number },
      element('strong', {}, card.title),
      ...card.lines.map((line) => element('span', { class: 'card-line' }, line))));
  container.replaceChildren(
    element('h2', {}, table.cardsTitle ?? 'Cards this turn'),
    cards.length ? element('ol', { class: 'cards' }, ...cards) : element('p', { class: 'hint' }, 'None drawn yet.'),
    table.deck ? element('p', { class: 'hint' }, table.deck) : '',
  );
}

// Counters beside the board (eliminated, exited, German boxes).
export function renderOff(container, table) {
  const sections = table.off.map(({ title, pieces }) =>
    element('details', {},
      element('summary', {}, `${title} (${pieces.length})`),
      element('ul', { class: 'off-list' }, ...pieces.map((p) => element('li', { title: p.title ?? '' }, p.label, p.sub ? ` ${p.sub}` : '')))));
  container.replaceChildren(...sections);
  if (table.raw) container.append(element('pre', { class: 'raw-view' }, table.raw));
}

// What lies on the selected hex or with the selected unit, for reading stacks on a phone.
export function renderSelected(container, table, selection, game, showRule) {
  if (!selection) {
    container.replaceChildren();
    container.hidden = true;
    return;
  }
  let pieces;
  let heading;
  if (selection.hex !== undefined) {
    heading = `Hex ${selection.hex}`;
    pieces = table.pieces.filter((p) => placeKey(p.place) === `hex:${selection.hex}`);
    const markers = table.markers.filter((m) => m.hex === selection.hex);
    pieces = pieces.concat(markers.map((m) => ({ label: m.text, title: m.title, flags: [] })));
  } else {
    const piece = table.pieces.find((p) => p.unit === selection.unit);
    heading = piece ? piece.label : 'Unit';
    const key = piece ? placeKey(piece.place) : null;
    pieces = key ? table.pieces.filter((p) => placeKey(p.place) === key) : [];
  }
  container.hidden = false;
  container.replaceChildren(
    element('h2', {}, heading),
    pieces.length
      ? element('ul', { class: 'selected-list' }, ...pieces.map((p) =>
        element('li', {}, p.title ?? p.label, ...(p.flags ?? []).filter((f) => f.rule).map((f) => [' ', ruleLink(game, f.rule, showRule)]).flat())))
      : element('p', { class: 'hint' }, 'Nothing here.'),
  );
}
