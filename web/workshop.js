// The mission editor, `/workshop/{game}` (Ambush!'s missions): open an authored mission (as a
// copy), a saved one or the template; paint the map, fill in the mission sheet, write the
// paragraphs; see the server's validator's problems as you go; save the TOML file the game
// loads, play it at once, and ask the balance lab how hard it is.
//
// The TOML text is the document. The page keeps it and the model it parses to
// (`workshop/model.js`): the map and forms change the model and write the text again; typing
// in the text reads it again. The address remembers what is open (`#new`, `#authored=FILE`,
// `#saved=KEY`), so the browser's Back from a game played on the mission comes back to it.

import * as api from './api.js';
import { afterCreate } from './bots.js';
import { element } from './prompt.js';
import { remember } from './storage.js';
import { notify, clearNotice } from './notice.js';
import { HeaderPanel } from './workshop/header.js';
import { DEFAULT_GAMES, balanceSummary, gamesWanted } from './workshop/lab.js';
import { MapPanel } from './workshop/map.js';
import {
  applyText, fileNameProblem, parseMission, problemTarget, problemText, problemsSummary, serializeMission,
  suggestedFileName,
} from './workshop/model.js';
import { ParagraphsPanel } from './workshop/paragraphs.js';
import { RawPanel } from './workshop/raw.js';
import { SheetPanel } from './workshop/sheet.js';

// How long after the last change the text is sent to be checked.
const CHECK_PAUSE_MS = 500;
// How many earlier texts Undo keeps.
const UNDO_DEPTH = 100;

export async function workshopPage(main, game) {
  const page = new WorkshopPage(main, game);
  await page.start();
  return page;
}

// What the address's fragment asks to open: `{ kind: 'new' | 'authored' | 'saved', value }`
// or null (the list of missions).
export function wantedFromHash(hash) {
  const text = String(hash ?? '').replace(/^#/, '');
  if (text === 'new') return { kind: 'new' };
  const match = /^(authored|saved)=(.+)$/.exec(text);
  return match ? { kind: match[1], value: decodeURIComponent(match[2]) } : null;
}

class WorkshopPage {
  constructor(main, game) {
    this.main = main;
    this.game = game;
    this.info = null;
    this.name = null; // the game's name, from the catalog
    this.text = '';
    this.doc = {};
    this.syntax = null; // the text's TOML syntax error, or null
    this.selected = null; // the hex shown in the sheet panel
    this.history = []; // earlier texts, for Undo
    this.baseText = ''; // the text as opened or last saved
    this.saved = null; // the server's answer to the last save: { key, file, ok, problems, scenarios }
    this.savedText = null;
    this.savedFile = null;
    this.opened = null; // the fragment of what is open
    this.checkTimer = null;
    this.checkSeq = 0;
    this.problems = [];
  }

  async start() {
    document.title = 'Mission editor · Overlord';
    document.getElementById('page-title').textContent = 'Mission editor';
    try {
      this.info = await api.workshop(this.game);
    } catch (error) {
      this.main.replaceChildren(element('div', { class: 'failure' },
        element('h1', {}, 'No mission editor'),
        element('p', {}, error.status === 404
          ? `The game ${this.game} has no mission editor.`
          : `The mission editor could not be opened: ${error.reason ?? error.message}`),
        element('p', {}, element('a', { href: '/' }, 'Back to the lobby'))));
      return;
    }
    try {
      this.name = (await api.catalog()).games.find((g) => g.id === this.game)?.name;
    } catch {
      // The game's id names it.
    }
    this.layout();
    window.addEventListener('hashchange', () => this.follow());
    window.addEventListener('beforeunload', (event) => {
      if (this.dirty()) {
        event.preventDefault();
        event.returnValue = '';
      }
    });
    // Ctrl+S (Cmd+S) saves the mission open.
    document.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's' && this.opened !== null) {
        event.preventDefault();
        this.save().catch((error) => notify(error));
      }
    });
    // A test or a curious reader can reach the editor from the console.
    window.overlord = { workshop: this };
    await this.follow();
  }

  gameName() {
    return this.name ?? this.game;
  }

  layout() {
    this.startView = element('div', { class: 'ws-start', 'data-testid': 'workshop-start' });
    this.fileInput = element('input', { id: 'ws-file', type: 'text', size: '28', spellcheck: 'false', placeholder: 'x1_my_mission.toml' });
    this.fileInput.addEventListener('change', () => {
      this.fileInput.value = this.fileInput.value.trim();
      this.status();
      this.scheduleCheck(0);
    });
    const button = (label, onclick, extra = {}) => element('button', { type: 'button', onclick, ...extra }, label);
    this.saveButton = button('Save', () => this.save().catch((e) => notify(e)), {
      class: 'primary', 'aria-keyshortcuts': 'Control+S', title: 'Save the mission (Ctrl+S)',
    });
    this.playButton = button('Play', () => this.play());
    this.labButton = button('How hard is it?', () => this.balance());
    this.undoButton = button('Undo', () => this.undo(), { title: 'Take back the last change' });
    this.gamesInput = element('input', { id: 'ws-games', type: 'number', min: '1', max: '200', step: '1', value: String(DEFAULT_GAMES) });
    this.statusText = element('span', { class: 'ws-status', 'data-testid': 'save-status', role: 'status' });
    const bar = element('div', { class: 'ws-bar', role: 'toolbar', 'aria-label': 'Mission file' },
      element('label', { for: 'ws-file' }, 'File name'), this.fileInput,
      this.saveButton,
      button('Download TOML', () => this.download()),
      this.playButton,
      element('span', { class: 'ws-lab-ask' },
        element('label', { for: 'ws-games' }, 'Games'), this.gamesInput, this.labButton),
      this.undoButton,
      button('Open another mission', () => {
        location.hash = '';
      }),
      this.statusText);

    this.map = new MapPanel(this);
    this.sheet = new SheetPanel(this);
    this.header = new HeaderPanel(this);
    this.paragraphs = new ParagraphsPanel(this);
    this.raw = new RawPanel({
      onText: (text) => this.typed(text),
      onTyping: () => this.pending(),
    });
    this.problemsSection = element('section', {
      class: 'ws-problems', 'aria-labelledby': 'ws-problems-title', 'data-testid': 'problems', 'data-state': 'pending',
    });
    this.problemsSummary = element('p', { class: 'ws-problems-summary', role: 'status' });
    this.problemsList = element('ul', { class: 'ws-problem-list' });
    this.problemsSection.append(element('h2', { id: 'ws-problems-title' }, 'Problems'), this.problemsSummary, this.problemsList);
    this.labSection = element('section', {
      class: 'ws-lab', 'aria-labelledby': 'ws-lab-title', 'data-testid': 'lab', 'data-state': 'idle',
    });
    this.labResult = element('div', { class: 'ws-lab-result', 'data-testid': 'lab-result', role: 'status' },
      element('p', { class: 'hint' }, 'Save the mission without problems, then press “How hard is it?”: the computer plays it many times and tells how often the squad succeeds.'));
    this.labSection.append(element('h2', { id: 'ws-lab-title' }, 'Balance lab'), this.labResult);

    this.editorView = element('div', { class: 'ws-editor', hidden: true, 'data-testid': 'workshop' },
      bar,
      element('div', { class: 'ws-columns' },
        element('div', { class: 'ws-left' }, this.map.section, this.sheet.section, this.raw.section),
        element('div', { class: 'ws-right' }, this.problemsSection, this.labSection, this.header.section, this.paragraphs.section)));
    this.main.replaceChildren(element('div', { class: 'workshop' }, this.startView, this.editorView));
  }

  // ------------------------------------------------------------ opening

  // Open what the address asks for, or show the list.
  async follow() {
    const hash = location.hash.replace(/^#/, '');
    if (hash === this.opened && this.opened !== null) return;
    const wanted = wantedFromHash(hash);
    if (this.dirty() && this.opened !== null && !window.confirm('This mission has changes that are not saved. Leave it anyway?')) {
      history.replaceState(null, '', `#${this.opened}`);
      return;
    }
    clearNotice();
    try {
      if (!wanted) {
        await this.showStart();
      } else if (wanted.kind === 'new') {
        const doc = parseMission(this.info.template).doc ?? {};
        this.open(this.info.template, { file: suggestedFileName(doc), fragment: 'new' });
      } else if (wanted.kind === 'authored') {
        const text = await api.workshopAuthored(this.game, wanted.value);
        this.open(text, { file: wanted.value, fragment: hash, from: `a copy of ${wanted.value}` });
      } else {
        const saved = await api.workshopSaved(this.game, wanted.value);
        this.open(saved.text, { file: saved.file, fragment: hash, saved });
      }
    } catch (error) {
      notify(error);
      this.opened = null;
      await this.showStart();
    }
  }

  async showStart() {
    this.opened = null;
    this.editorView.hidden = true;
    this.startView.hidden = false;
    document.getElementById('page-title').textContent = `Mission editor · ${this.gameName()}`;
    try {
      this.info = await api.workshop(this.game);
    } catch {
      // The list as it was loaded.
    }
    const { authored = [], saved = [] } = this.info;
    const go = (fragment) => () => {
      location.hash = fragment;
    };
    const file = element('input', { id: 'ws-open-file', type: 'file', accept: '.toml,text/plain' });
    file.addEventListener('change', async () => {
      const chosen = file.files?.[0];
      if (!chosen) return;
      const text = await chosen.text();
      history.pushState(null, '', '#new');
      this.open(text, { file: chosen.name.toLowerCase(), fragment: 'new', from: chosen.name });
    });
    const sortedSaved = [...saved].sort((a, b) => (b.saved_ms ?? 0) - (a.saved_ms ?? 0));
    this.startView.replaceChildren(
      element('h1', {}, `Mission editor: ${this.gameName()}`),
      element('p', {}, 'Write a mission: paint its map, fill in its mission sheet and paragraph book, and see what the validator finds as you go. Save it, play it at once, and ask the balance lab how hard it is.'),
      element('p', {}, element('button', { type: 'button', class: 'primary', onclick: go('new') }, 'New mission'),
        element('span', { class: 'hint' }, ' from the template: a small map with a cottage, one German and one paragraph.')),
      element('section', { 'aria-labelledby': 'ws-authored-title' },
        element('h2', { id: 'ws-authored-title' }, 'Start from an authored mission'),
        element('p', { class: 'hint' }, 'You edit a copy. Saved under the authored file’s name, it stands in for that mission in your copy of the data; give it a new mission id and file name to keep it as a mission of its own.'),
        element('ul', { class: 'ws-missions' }, ...authored.map((m) => element('li', {},
          element('button', { type: 'button', class: 'link', onclick: go(`authored=${encodeURIComponent(m.file)}`) },
            `Open ${m.scenario ?? ''} ${m.name ?? m.file}`.replace(/\s+/g, ' ')),
          element('span', { class: 'hint' }, ` ${m.file}`))))),
      element('section', { 'aria-labelledby': 'ws-saved-title' },
        element('h2', { id: 'ws-saved-title' }, 'Your saved missions'),
        sortedSaved.length
          ? element('ul', { class: 'ws-missions', 'data-testid': 'saved-missions' }, ...sortedSaved.map((m) => element('li', { 'data-key': m.key },
            element('button', { type: 'button', class: 'link', onclick: go(`saved=${encodeURIComponent(m.key)}`) },
              `Open ${m.file}`),
            element('span', { class: 'hint' },
              ` ${[m.scenario, m.name].filter(Boolean).join(' ')}${m.saved_ms ? ` · saved ${new Date(m.saved_ms).toLocaleString()}` : ''} · ${m.ok ? 'no problems' : 'has problems'} · `),
            element('a', { href: api.workshopFileLink(this.game, m.key), download: m.file }, 'Download'))))
          : element('p', { class: 'hint' }, 'None yet.')),
      element('section', { 'aria-labelledby': 'ws-open-title' },
        element('h2', { id: 'ws-open-title' }, 'Open a mission file'),
        element('label', { for: 'ws-open-file' }, 'TOML file '), file),
      element('p', {}, element('a', { href: '/' }, 'Back to the lobby')));
  }

  // Show `text` in the editor.
  open(text, { file, fragment, saved = null, from = null }) {
    this.opened = fragment;
    this.startView.hidden = true;
    this.editorView.hidden = false;
    this.text = text;
    this.history = [];
    this.baseText = text;
    this.selected = null;
    this.saved = saved ? { ...saved, problems: null } : null;
    this.savedText = saved ? text : null;
    this.savedFile = saved ? file : null;
    this.fileInput.value = file ?? '';
    const read = parseMission(text);
    this.doc = read.doc ?? {};
    this.syntax = read.error ?? null;
    this.raw.set(text);
    this.raw.showError(this.syntax);
    this.renderPanels(true);
    this.resetLab();
    this.status(from ? `Opened ${from}.` : '');
    document.getElementById('page-title').textContent = `Mission editor · ${this.missionTitle()}`;
    this.scheduleCheck(0);
  }

  missionTitle() {
    const header = this.doc.mission ?? {};
    return [header.id, header.name].filter(Boolean).join(' ') || this.fileInput.value || 'mission';
  }

  dirty() {
    return this.opened !== null && this.text !== (this.savedText ?? this.baseText);
  }

  // ------------------------------------------------------------ editing

  // Change the model with `change(doc)` (described by `what`), write the text again, and
  // select hex `select` if given. Refused while the text does not read.
  edit(what, change, select = null) {
    this.raw.flush();
    if (this.syntax) {
      notify(`The text has a TOML syntax error at line ${this.syntax.line ?? '?'}: fix it (or press Undo) before editing with the map and forms.`);
      this.renderPanels(true);
      return false;
    }
    const next = structuredClone(this.doc);
    change(next);
    const text = serializeMission(next);
    if (select) this.selected = select;
    if (text !== this.text) {
      this.remember();
      this.doc = next;
      this.text = text;
      this.raw.set(text);
      this.changed();
    }
    this.map.render();
    this.renderSoon();
    return true;
  }

  // Draw the panels once the event that changed the model is over (a Tab that committed a
  // field has moved the focus by then, and the focus is kept where it went).
  renderSoon() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = null;
      this.renderPanels();
    }, 0);
  }

  remember() {
    this.history.push(this.text);
    if (this.history.length > UNDO_DEPTH) this.history.shift();
    this.undoButton.disabled = false;
  }

  // The text typed in the box, after a pause: read again, or its syntax error shown.
  typed(text) {
    if (text === this.text) return;
    this.remember();
    this.text = text;
    const { doc, syntax } = applyText(this.doc, text);
    this.syntax = syntax;
    this.raw.showError(syntax);
    if (doc !== this.doc) {
      this.doc = doc;
      this.renderPanels(true);
    }
    this.changed();
  }

  undo() {
    this.raw.flush();
    const text = this.history.pop();
    if (text === undefined) return;
    this.text = text;
    ({ doc: this.doc, syntax: this.syntax } = applyText(this.doc, text));
    this.raw.set(text);
    this.raw.showError(this.syntax);
    this.renderPanels(true);
    this.changed();
  }

  // The text changed: check it again, and say it is not saved.
  changed() {
    this.status();
    this.scheduleCheck();
    if (this.labSection.dataset.state === 'done') this.labSection.dataset.state = 'stale';
    document.getElementById('page-title').textContent = `Mission editor · ${this.missionTitle()}`;
  }

  // Typing in the text box: the problems shown are for an older text.
  pending() {
    this.checkSeq += 1;
    this.problemsSection.dataset.state = 'pending';
  }

  select(label) {
    this.selected = label;
    this.map.render();
    this.sheet.render();
  }

  // Draw every panel from the model, keeping the focused field focused.
  renderPanels(force = false) {
    clearTimeout(this.renderTimer);
    this.renderTimer = null;
    const active = document.activeElement;
    const id = active?.id && active !== this.raw.area ? active.id : null;
    const selection = id && typeof active.selectionStart === 'number'
      ? [active.selectionStart, active.selectionEnd] : null;
    this.map.render();
    this.sheet.render(force);
    this.header.render(force);
    this.paragraphs.render(force);
    this.undoButton.disabled = this.history.length === 0;
    if (id && !document.getElementById(id)?.isSameNode(active)) {
      const again = document.getElementById(id);
      if (again) {
        again.focus({ preventScroll: true });
        if (selection && typeof again.setSelectionRange === 'function') {
          try {
            again.setSelectionRange(...selection);
          } catch {
            // Inputs without a selection (numbers) keep the caret where it lands.
          }
        }
      }
    }
  }

  status(note = '') {
    const file = this.fileInput.value;
    let text;
    if (this.saved && this.savedText === this.text && this.savedFile === file) {
      text = `Saved as ${file}${this.saved.ok === false ? ' (with problems: fix them to play it)' : ''}.`;
    } else if (this.saved) {
      text = 'Changed since it was saved.';
    } else {
      text = 'Not saved yet.';
    }
    this.statusText.textContent = note ? `${note} ${text}` : text;
    this.statusText.dataset.saved = String(Boolean(this.saved && this.savedText === this.text && this.savedFile === file));
  }

  // ------------------------------------------------------------ problems

  scheduleCheck(delay = CHECK_PAUSE_MS) {
    // An answer still on its way is for an older text: it is not shown.
    this.checkSeq += 1;
    this.problemsSection.dataset.state = 'pending';
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.check(), delay);
  }

  async check() {
    const seq = ++this.checkSeq;
    const file = this.fileInput.value;
    const text = this.text;
    const bad = fileNameProblem(file);
    if (bad) {
      this.showProblems([{ file, line: null, column: null, field: 'file name', message: bad }]);
      return;
    }
    this.problemsSection.dataset.state = 'checking';
    try {
      const answer = await api.workshopCheck(this.game, file, text);
      this.learn(answer, file, text);
      if (seq !== this.checkSeq) return;
      this.showProblems(answer.problems ?? []);
    } catch (error) {
      if (seq !== this.checkSeq) return;
      this.showProblems([{ file, line: null, column: null, field: '', message: `the check could not be made: ${error.reason ?? error.message}` }], 'error');
    }
  }

  showProblems(problems, state = null) {
    this.problems = problems;
    this.problemsSection.dataset.state = state ?? (problems.length ? 'problems' : 'ok');
    this.problemsSection.dataset.count = String(problems.length);
    this.problemsSummary.textContent = problemsSummary(problems);
    const ours = (file) => !file || file === this.fileInput.value || String(file).endsWith(`/${this.fileInput.value}`);
    this.problemsList.replaceChildren(...problems.map((problem) => {
      const item = element('li', {
        'data-line': problem.line ?? '', 'data-field': problem.field ?? '',
      }, element('button', { type: 'button', class: 'link ws-problem' }, problemText(problem)),
      problem.file ? element('span', { class: 'hint ws-problem-file' }, ` ${problem.file}`) : '');
      item.firstChild.addEventListener('click', () => this.goToProblem(problem, ours(problem.file)));
      return item;
    }));
  }

  // Show where a problem is: its line in the text, its hex or its paragraph.
  goToProblem(problem, inThisFile = true) {
    if (!inThisFile) {
      notify(`That problem is in ${problem.file}, another mission of the data: ${problem.message}`, 'info');
      return;
    }
    const target = problemTarget(problem, this.text);
    if (target.hex) {
      this.select(target.hex);
    } else if (target.paragraph !== undefined) {
      this.paragraphs.show(target.paragraph);
    }
    if (problem.line) this.raw.goTo(problem.line);
    else if (target.hex) this.sheet.section.scrollIntoView?.({ block: 'nearest' });
  }

  // ------------------------------------------------------------ saving, playing, balance

  fileOk() {
    const file = this.fileInput.value;
    const bad = fileNameProblem(file);
    if (bad) {
      notify(`Give the mission a file name first: ${bad}.`);
      this.fileInput.focus();
      return null;
    }
    return file;
  }

  busy(on) {
    for (const b of [this.saveButton, this.playButton, this.labButton]) b.disabled = on;
    this.editorView.dataset.busy = String(on);
  }

  // Save the text as it is (problems and all); the server's answer, or null.
  async save() {
    this.raw.flush();
    const file = this.fileOk();
    if (!file) return null;
    const text = this.text;
    this.busy(true);
    try {
      const answer = await api.workshopSave(this.game, file, text);
      this.saved = answer;
      this.savedText = text;
      this.savedFile = answer.file ?? file;
      this.opened = `saved=${encodeURIComponent(answer.key)}`;
      history.replaceState(null, '', `#${this.opened}`);
      if (text === this.text) {
        clearTimeout(this.checkTimer);
        this.checkSeq += 1;
        this.showProblems(answer.problems ?? []);
      }
      this.status();
      return answer;
    } finally {
      this.busy(false);
    }
  }

  // A check's answer on the saved text tells whether the saved mission plays (a mission
  // opened from the saved list comes without it).
  learn(answer, file, text) {
    if (this.saved && text === this.savedText && file === this.savedFile) {
      this.saved.ok = answer.ok;
      if (answer.scenarios?.length) this.saved.scenarios = answer.scenarios;
      this.status();
    }
  }

  // The saved mission of the text as it is now: saved again if it changed.
  async savedNow() {
    this.raw.flush();
    const file = this.fileInput.value;
    if (this.saved && this.savedText === this.text && this.savedFile === file) {
      if (typeof this.saved.ok !== 'boolean') this.learn(await api.workshopCheck(this.game, file, this.text), file, this.text);
      return this.saved;
    }
    return this.save();
  }

  // The mission's scenario id as the server knows it.
  scenarioId(saved) {
    const id = this.doc.mission?.id;
    const list = saved.scenarios ?? [];
    return list.find((s) => s.id === id)?.id ?? id ?? list[0]?.id;
  }

  async readyToPlay(what) {
    clearNotice();
    let saved;
    try {
      saved = await this.savedNow();
    } catch (error) {
      notify(error);
      return null;
    }
    if (!saved) return null;
    if (!saved.ok) {
      notify(`The mission was saved, but it has problems (listed under Problems): fix them to ${what}.`);
      return null;
    }
    return saved;
  }

  // Play the saved mission: a new game on it, opened the way the lobby opens one.
  async play() {
    const saved = await this.readyToPlay('play it');
    if (!saved) return;
    this.busy(true);
    try {
      const request = { game: this.game, scenario: this.scenarioId(saved), options: {}, workshop: saved.key };
      const answer = await api.createGame(request);
      const { go, remember: mine } = afterCreate(answer);
      if (mine) {
        remember(answer.id, {
          token: mine.token, seat: mine.seat, label: mine.label, hotSeat: mine.hotSeat, game: answer.game, scenario: answer.scenario,
        });
      }
      location.assign(go ?? `/play/${answer.id}#spectate`);
    } catch (error) {
      notify(error);
    } finally {
      this.busy(false);
    }
  }

  resetLab() {
    this.labSection.dataset.state = 'idle';
  }

  // The balance lab: the saved mission played `games` times by the rule bot.
  async balance() {
    const saved = await this.readyToPlay('measure it');
    if (!saved) return;
    const games = gamesWanted(this.gamesInput.value);
    this.gamesInput.value = String(games);
    this.busy(true);
    this.labSection.dataset.state = 'running';
    this.labResult.replaceChildren(element('p', { class: 'hint' }, `Playing ${games} games of the mission…`));
    try {
      const answer = await api.workshopBalance(this.game, saved.key, this.scenarioId(saved), games, 1);
      const summary = balanceSummary(answer);
      this.labResult.replaceChildren(
        element('p', { class: 'ws-lab-headline' }, summary.headline),
        element('ul', {}, ...summary.seats.map((line) => element('li', {}, line))),
        element('p', { class: 'hint' }, summary.footer));
      this.labSection.dataset.state = 'done';
    } catch (error) {
      this.labResult.replaceChildren(element('p', { class: 'ws-field-error' }, `The balance lab could not play it: ${error.reason ?? error.message}`));
      this.labSection.dataset.state = 'error';
    } finally {
      this.busy(false);
    }
  }

  download() {
    this.raw.flush();
    const name = this.fileInput.value || 'mission.toml';
    const url = URL.createObjectURL(new Blob([this.text], { type: 'application/toml' }));
    const link = element('a', { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
