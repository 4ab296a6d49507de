// The rules reference: every rule id the game cites (log lines, prompts, refusals) links to
// the rule's text, served from the game's data (`data/<game>/rules.toml`, the project's own
// restatement) at `/api/catalog/{game}/rules`.

import * as api from './api.js';

// The ids to look up for `id`, most precise first: `5.14` -> `5.14`, `5.1`, `5`;
// `4.2-II` -> `4.2-II`, `4.2`, `4`; a word id drops one hyphen part at a time, never down to
// its bare prefix: `TOI-COMBAT-LOS-SAME` -> `TOI-COMBAT-LOS-SAME`, `TOI-COMBAT-LOS`,
// `TOI-COMBAT`; `AMB-ACT-12` -> `AMB-ACT-12`, `AMB-ACT`; `AMB-63` -> `AMB-63`. A reference
// that lacks a sub-rule still answers with the rule around it.
export function ruleCandidates(id) {
  const candidates = [];
  const push = (candidate) => {
    if (candidate && !candidates.includes(candidate)) candidates.push(candidate);
  };
  const text = String(id ?? '').trim();
  push(text);
  const numbered = text.match(/^(\d+(?:\.\d+)?)(?:-.*)?$/);
  if (numbered) {
    let number = numbered[1];
    push(number);
    // 5.14 -> 5.1 -> 5: drop a digit at a time after the point, then the point.
    while (number.includes('.')) {
      number = number.slice(0, -1);
      if (number.endsWith('.')) number = number.slice(0, -1);
      push(number);
    }
  } else if (/^[A-Z]+(?:-[A-Z0-9]+)+$/.test(text)) {
    // TOI-COMBAT-LOS-SAME -> TOI-COMBAT-LOS -> TOI-COMBAT (not TOI).
    const parts = text.split('-');
    for (let n = parts.length - 1; n >= 2; n -= 1) push(parts.slice(0, n).join('-'));
  }
  return candidates;
}

// The rule `id` of `reference` (`{ rules: [{id, title, text}] }`), or the nearest one around
// it; `null` when none.
export function findRule(reference, id) {
  const rules = reference?.rules ?? [];
  for (const candidate of ruleCandidates(id)) {
    const rule = rules.find((r) => r.id === candidate);
    if (rule) return rule;
  }
  return null;
}

const references = new Map();

// The reference of `game`, fetched once.
export function reference(game) {
  if (!references.has(game)) {
    references.set(game, api.rules(game).catch((error) => {
      references.delete(game);
      throw error;
    }));
  }
  return references.get(game);
}

// A link from rule id `id` to its text: a plain link to the rules page (a new tab works),
// which opens the rule in a dialog on a plain click.
export function ruleLink(game, id, onRule) {
  const link = document.createElement('a');
  link.className = 'rule';
  link.href = `/rules/${encodeURIComponent(game)}#${encodeURIComponent(id)}`;
  link.textContent = id;
  link.title = `Rule ${id}: show its text`;
  if (onRule) {
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      onRule(id);
    });
  }
  return link;
}

// Show rule `id` of `game` in `dialog` (a <dialog> element).
export async function showRule(dialog, game, id) {
  const body = dialog.querySelector('.rule-body');
  const title = dialog.querySelector('.rule-title');
  title.textContent = `Rule ${id}`;
  body.textContent = 'Loading…';
  if (!dialog.open) dialog.showModal();
  try {
    const ref = await reference(game);
    const rule = findRule(ref, id);
    if (!rule) {
      body.textContent = `The rules reference has no text for ${id}. See the rulebook.`;
      return;
    }
    title.textContent = rule.id === id ? `${rule.id} ${rule.title}` : `${id} (in ${rule.id} ${rule.title})`;
    body.replaceChildren(...paragraphs(rule.text));
    const note = document.createElement('p');
    note.className = 'rule-note';
    note.textContent = ref.about;
    body.append(note);
  } catch (error) {
    body.textContent = `The rules could not be loaded: ${error.message}`;
  }
}

// Plain text with blank lines between paragraphs, as <p> elements (never as HTML).
export function paragraphs(text) {
  return String(text)
    .split(/\n\s*\n/)
    .map((part) => {
      const p = document.createElement('p');
      p.textContent = part.trim();
      return p;
    });
}

// The whole reference as a page (`/rules/{game}`), scrolled to the fragment's rule.
export async function rulesPage(main, game) {
  document.title = `Rules — Overlord`;
  main.replaceChildren();
  const heading = document.createElement('h1');
  heading.textContent = 'Rules reference';
  main.append(heading);
  try {
    const ref = await reference(game);
    const about = document.createElement('p');
    about.className = 'rule-note';
    about.textContent = ref.about;
    main.append(about);
    const list = document.createElement('div');
    list.className = 'rules-list';
    for (const rule of ref.rules) {
      const section = document.createElement('section');
      section.id = rule.id;
      const h = document.createElement('h2');
      h.textContent = `${rule.id} ${rule.title}`;
      section.append(h, ...paragraphs(rule.text));
      list.append(section);
    }
    main.append(list);
    const wanted = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (wanted) {
      const rule = findRule(ref, wanted);
      const target = rule && document.getElementById(rule.id);
      if (target) {
        target.classList.add('wanted');
        target.scrollIntoView();
      }
    }
  } catch (error) {
    const p = document.createElement('p');
    p.textContent = `The rules could not be loaded: ${error.message}. Go back to the game and try again.`;
    main.append(p);
  }
}
