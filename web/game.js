// The game page, `/play/{id}#{token}`: the board, the prompt and its actions, the tracks,
// cards and log, undo, hints, the replay slider and the record. The server is the authority:
// every action goes to it, and the page shows the state it answers (or pushes on the
// WebSocket).

import * as api from './api.js';
import { Board } from './board.js';
import { hintedNumber, hintText } from './bots.js';
import { hotSeatMemory, pageSeatText, tabTitle } from './hotseat.js';
import { describe, mapScenario } from './games/index.js';
import { LogView, mergeLog } from './log.js';
import { element, renderPrompt } from './prompt.js';
import { ReplaySlider } from './replay.js';
import { showRule } from './rules.js';
import { clickHex, clickPlace, clickUnit, destination, matching, typeDigit, typeEnter } from './selection.js';
import { anchoredPlaces, anchorKey } from './stacks.js';
import { sightErrorWorthShowing, sightKey, sightMarks } from './sight.js';
import { remember } from './storage.js';
import { renderCards, renderOff, renderPhases, renderSelected, renderTurns } from './table.js';
import { notify, clearNotice } from './notice.js';

export async function gamePage(main, id, token) {
  const page = new GamePage(main, id, token);
  await page.start();
  return page;
}

class GamePage {
  constructor(main, id, token) {
    this.main = main;
    this.id = id;
    this.token = token;
    this.state = null;
    this.logLines = [];
    this.selection = null;
    this.typed = '';
    this.busy = false;
    this.frame = null; // a replay frame being shown, or null for the game as it stands
    this.hint = null; // the hint shown (the server's answer), until the game moves on
    this.hints = true; // whether the game has bots to ask (the catalog says)
    this.sightOn = true; // the toolbar's Sight toggle
    this.sightWanted = null; // the `sightKey` last asked for
    this.sight = null; // `{ key, answer }`: the server's sight for that key
  }

  async start() {
    this.layout();
    try {
      this.state = await api.gameState(this.id, this.token, 0);
    } catch (error) {
      this.fail(error);
      return;
    }
    const game = this.state.game.game;
    this.game = game;
    // A game on a mission written in the workshop: its map and board come from that data.
    this.workshop = this.state.game.workshop ?? null;
    if (this.workshop) {
      this.parts.controls.append(element('a', {
        class: 'workshop-link', href: `/workshop/${encodeURIComponent(game)}#saved=${encodeURIComponent(this.workshop)}`,
      }, 'Back to the mission editor'));
    }
    if (this.state.hot_seat && this.token) {
      remember(this.id, hotSeatMemory(this.token, game, this.state.game.scenario));
    } else if (this.state.you !== null && this.token) {
      const label = this.state.game.seats.find((s) => s.seat === this.state.you)?.label;
      remember(this.id, { token: this.token, seat: this.state.you, label, game, scenario: this.state.game.scenario });
    }
    document.getElementById('page-title').textContent =
      `${this.state.game.name} · ${this.state.game.scenario}${this.seatLabel() ? ` · ${this.seatLabel()}` : ''}`;
    this.logView = new LogView(this.parts.log, { game, onRule: (rule) => this.rule(rule) });
    const [boardData] = await Promise.all([
      api.board(game, this.workshop).catch(() => null),
      this.loadBoard(mapScenario(game, this.state.view, this.state.game.scenario)),
    ]);
    this.boardData = boardData;
    const board = this.board;
    // Games without bots have no hints: the Hint button goes (a failed catalog keeps it).
    api.catalog().then((catalog) => {
      this.hints = catalog.games.find((g) => g.id === game)?.bots !== false;
      if (this.state) this.render();
    }).catch(() => {});
    this.replay = new ReplaySlider(this.parts.replay, {
      id: this.id,
      token: this.token,
      onFrame: (frame) => this.showFrame(frame),
      onError: (error) => notify(error),
    });
    this.accept(this.state, true);
    requestAnimationFrame(() => this.board?.start());
    this.socket = api.watch(this.id, this.token, {
      onState: (state) => this.accept(state),
      onStatus: (status) => {
        this.parts.root.dataset.socket = status;
      },
    });
    document.addEventListener('keydown', (event) => this.key(event));
    // A test or a curious reader can reach the page's state and actions from the console.
    window.overlord = { page: this, act: (action) => this.send(action) };
  }

  seatLabel() {
    return this.state ? pageSeatText(this.state) : '';
  }

  layout() {
    const section = (name, label, extra = {}) =>
      element('section', { class: name, 'aria-label': label, ...extra });
    const parts = {
      root: element('div', { class: 'game', 'data-revision': '', 'data-testid': 'game' }),
      tools: element('div', { class: 'board-tools', role: 'toolbar', 'aria-label': 'Map tools' }),
      board: element('div', { class: 'board' }, element('p', { class: 'loading' }, 'Drawing the map…')),
      prompt: section('prompt', 'Decision'),
      controls: element('div', { class: 'controls' }),
      tracks: section('tracks', 'Turn and phase'),
      turns: element('div', { class: 'turn-track' }),
      selected: section('selected', 'Selected hex', { hidden: true }),
      cards: section('cards', 'Cards'),
      replay: section('replay', 'Replay'),
      log: element('div', { class: 'log', tabindex: '0' }),
      off: section('off', 'Off the board'),
      record: section('record', 'Record'),
      dialog: element('dialog', { class: 'rule-dialog', 'aria-labelledby': 'rule-title' },
        element('h2', { class: 'rule-title', id: 'rule-title' }),
        element('div', { class: 'rule-body' }),
        element('form', { method: 'dialog' }, element('button', { type: 'submit' }, 'Close'))),
    };
    this.undoButton = element('button', {
      type: 'button', class: 'undo', onclick: () => this.undo(),
      'aria-keyshortcuts': 'u', title: 'Take back your last action (key u)',
    }, 'Undo');
    this.hintButton = element('button', {
      type: 'button', class: 'hint-button', onclick: () => this.askHint(),
      'aria-keyshortcuts': 'h', title: 'What would the computer play here? (key h)',
    }, 'Hint');
    parts.controls.append(this.undoButton, this.hintButton);
    parts.tracks.append(parts.turns, element('div', { class: 'phase-track' }));
    const logSection = section('log-section', 'Log');
    logSection.append(element('h2', {}, 'Log'), parts.log);
    parts.root.append(
      element('div', { class: 'board-area' }, parts.tools, parts.board),
      element('div', { class: 'side' },
        parts.prompt, parts.controls, parts.tracks, parts.selected, parts.cards, parts.replay,
        logSection, parts.off, parts.record),
      parts.dialog,
    );
    this.parts = parts;
    this.main.replaceChildren(parts.root);
    this.recordTools();
  }

  // Draw the map of `scenario` (the game's, or the one its adapter names for the view shown:
  // an Ambush! campaign changes maps between missions), with its toolbar.
  async loadBoard(scenario) {
    this.boardScenario = scenario;
    const board = await Board.load(this.parts.board, this.game, scenario, this.workshop).catch((error) => {
      this.parts.board.replaceChildren(element('p', { class: 'hint' }, `The map could not be drawn: ${error.message}`));
      return null;
    });
    this.board = board;
    if (board) {
      board.onHex = (hex) => this.pointAtHex(hex);
      board.onUnit = (unit) => this.pointAtUnit(unit);
      board.onPlace = (place) => this.pointAtPlace(place);
      this.toolbar();
    }
    return board;
  }

  // The map follows the view shown, when its adapter says the map changes with it.
  followMap(view) {
    const wanted = mapScenario(this.game, view, this.state.game.scenario);
    if (wanted === this.boardScenario || this.loadingBoard) return;
    this.loadingBoard = this.loadBoard(wanted).then((board) => {
      this.loadingBoard = null;
      board?.start();
      this.render();
    });
  }

  // Zoom, labels, and one toggle per layer of the map (D-Day at Omaha Beach: fire fields by
  // colour).
  toolbar() {
    const board = this.board;
    const button = (text, label, onclick) => element('button', { type: 'button', 'aria-label': label, title: label, onclick }, text);
    const toggle = (text, label, onchange, checked = false) => {
      const input = element('input', { type: 'checkbox', checked, 'aria-label': label });
      input.addEventListener('change', () => onchange(input.checked));
      return element('label', { class: 'toggle', title: label }, input, text);
    };
    const tools = [
      button('−', 'Zoom out', () => board.zoom(1 / 1.4)),
      button('+', 'Zoom in', () => board.zoom(1.4)),
      button('Fit', 'Show the whole map', () => board.fit()),
      toggle('Hex labels', 'Show hex labels', (on) => board.setLabels(on)),
      toggle('Sight', 'Show line of sight from a selected unit', (on) => {
        this.sightOn = on;
        this.render();
      }, true),
    ];
    for (const { group, members } of board.layers) {
      const name = group === 'fire' ? 'Fire' : group;
      const boxes = members.map((member) =>
        toggle(member, `Show ${name.toLowerCase()} ${member}`, (on) => board.setLayer(group, member, on)));
      const all = element('button', {
        type: 'button', class: 'link', onclick: () => {
          const show = boxes.some((b) => !b.querySelector('input').checked);
          for (const box of boxes) {
            const input = box.querySelector('input');
            input.checked = show;
            input.dispatchEvent(new Event('change'));
          }
        },
      }, 'all');
      tools.push(element('span', { class: `layer layer-${group}`, role: 'group', 'aria-label': `${name} layers` }, `${name}:`, ...boxes, all));
    }
    this.parts.tools.replaceChildren(...tools);
  }

  recordTools() {
    const exportButton = element('button', { type: 'button', onclick: () => this.exportRecord() }, 'Export record');
    const links = element('button', { type: 'button', onclick: () => this.copyLink() }, 'Copy this seat’s link');
    this.parts.record.replaceChildren(
      element('h2', {}, 'Record'),
      element('p', { class: 'hint' },
        'The record replays the whole game (in the lobby, or with overlord replay FILE). ',
        'It holds the seed, so reading it tells what is hidden.'),
      element('div', { class: 'row' }, exportButton, links),
    );
  }

  fail(error) {
    const what = error.code === 'not_found'
      ? 'No such game on this server. Start a new one from the lobby.'
      : error.code === 'bad_token'
        ? 'This link’s seat is not known here. Open the link you were given when the game was created, or watch without it.'
        : `${error.reason ?? error.message}`;
    this.main.replaceChildren(element('div', { class: 'failure' },
      element('h1', {}, 'This game cannot be shown'),
      element('p', { 'data-testid': 'failure' }, what),
      element('p', {}, element('a', { href: '/' }, 'Back to the lobby'))));
  }

  // A state from the server (an answer, or a push): kept when it is not older than the one
  // shown; its log lines merged.
  accept(state, first = false) {
    // An answer older than what the WebSocket already brought (the computer moved on at once)
    // changes nothing but the busy mark, which the page must still clear.
    if (!first && state.revision < this.state.revision) {
      this.render();
      return;
    }
    this.logLines = mergeLog(first ? [] : this.logLines, state.log);
    this.logLength = state.log.length;
    const moved = first || state.revision !== this.state.revision;
    this.state = state;
    if (moved) {
      this.typed = '';
      this.hint = null;
      if (this.selection && matching(state.legal_actions, this.selection).length === 0) this.selection = null;
    }
    this.replay?.setTotal(state.actions);
    this.render();
  }

  render() {
    const state = this.state;
    const root = this.parts.root;
    // In a game of several seats, the tab's title tells when the decision is yours (on the
    // hot-seat page, whose).
    document.title = tabTitle(state);
    root.dataset.revision = String(state.revision);
    root.dataset.actions = String(state.actions);
    root.dataset.busy = this.busy ? 'true' : 'false';
    root.dataset.mode = this.frame ? 'replay' : 'live';
    root.dataset.map = this.boardScenario ?? '';
    const hint = this.shownHint();
    root.dataset.hint = hint ? String(hint.number) : '';
    const shown = this.frame ?? state;
    if (this.boardScenario !== undefined) this.followMap(shown.view);
    const table = describe(this.game, shown.view, this.boardData);
    this.table = table;
    // A hint shown narrows the map's highlights to its one action.
    const legal = this.frame ? [] : hint ? [state.legal_actions[hint.number - 1]] : state.legal_actions;
    const selected = matching(legal, this.selection).map(({ legal: l }) => l);
    const { hexes, units, cards, places } = anchoredPlaces(legal);
    const destinations = this.selection
      ? new Set(selected.filter((l) => (l.anchors.hexes ?? []).length >= 2).map(destination))
      : new Set();
    this.board?.draw(table, {
      sight: this.shownSight(table),
      hexes: this.selection ? new Set(selected.flatMap((l) => l.anchors.hexes ?? [])) : hexes,
      units: this.selection ? new Set(selected.flatMap((l) => l.anchors.units ?? [])) : units,
      places: this.selection ? anchoredPlaces(selected).places : places,
      selectedPlace: this.selection?.place ? anchorKey(this.selection.place) : undefined,
      destinations,
      selectedHex: this.selection?.hex,
      selectedUnit: this.selection?.unit,
    });
    const showRuleHere = (id) => this.rule(id);
    renderPrompt(this.parts.prompt, state, {
      game: this.game,
      selection: this.selection,
      typed: this.typed,
      busy: this.busy,
      replaying: this.frame ? this.frameText() : null,
      hint,
      play: (number) => this.play(number),
      clearSelection: () => this.select(null),
      showRule: showRuleHere,
    });
    this.undoButton.disabled = this.busy || !!this.frame || !state.can_undo;
    this.hintButton.hidden = !this.hints || state.you === null;
    this.hintButton.disabled = this.busy || !!this.frame || !state.prompt;
    this.hintButton.setAttribute('aria-pressed', hint ? 'true' : 'false');
    this.undoButton.title = state.can_undo
      ? state.hot_seat ? 'Take back the last action of a person (key u)' : 'Take back your last action (key u)'
      : 'Nothing to take back: the last action was not yours, or it drew a card or showed something hidden';
    renderTurns(this.parts.turns, table);
    renderPhases(this.parts.tracks.querySelector('.phase-track'), table);
    renderSelected(this.parts.selected, table, this.frame ? null : this.selection, this.game, showRuleHere);
    renderCards(this.parts.cards, table, cards);
    renderOff(this.parts.off, table);
    this.logView.show(this.frame ? this.frame.log.lines : this.logLines);
  }

  // The selected unit's sight as the board draws it, or null; asks the server when the
  // sight wanted changed (another unit, or the game moved on) and draws it once answered.
  shownSight(table) {
    const key = sightKey(this.selection, this.state.revision, { enabled: this.sightOn, replaying: !!this.frame });
    if (key !== this.sightWanted) {
      this.sightWanted = key;
      if (key !== null) this.askSight(key, this.selection.unit);
    }
    if (key === null || this.sight?.key !== key) return null;
    // A target is named as its counter reads, so the tooltip points at what the player sees.
    const names = new Map((table.pieces ?? []).filter((p) => p.unit !== undefined).map((p) => [p.unit, p.label]));
    return sightMarks(this.sight.answer, (unit) => names.get(unit) ?? null);
  }

  async askSight(key, unit) {
    try {
      const answer = await api.sight(this.id, this.token, unit);
      // Drawn only if it is still the one wanted: the player may have clicked on meanwhile.
      if (this.sightWanted !== key) return;
      this.sight = { key, answer };
      this.render();
    } catch (error) {
      if (sightErrorWorthShowing(error)) notify(error);
    }
  }

  frameText() {
    const frame = this.frame;
    const last = frame.last_action;
    const who = last
      ? last.label
        ? ` (${last.label})`
        : ` (by ${frame.game.seats.find((s) => s.seat === last.seat)?.label ?? `seat ${last.seat + 1}`})`
      : '';
    return `Replay: the game after action ${frame.at} of ${frame.actions}${who}. Move the slider to its end, or press “Back to the game”, to play on.`;
  }

  showFrame(frame) {
    this.frame = frame;
    this.render();
  }

  select(selection) {
    this.selection = selection;
    this.typed = '';
    this.render();
  }

  pointAtHex(hex) {
    if (this.frame || !this.state.legal_actions.length) {
      this.select(this.selection?.hex === hex ? null : { hex });
      return;
    }
    const outcome = clickHex(this.state.legal_actions, this.selection, hex);
    if (outcome.play) this.play(outcome.play);
    else this.select(outcome.select);
  }

  pointAtPlace(place) {
    if (this.frame || !this.state.legal_actions.length) return;
    const outcome = clickPlace(this.state.legal_actions, this.selection, place);
    if (outcome.play) this.play(outcome.play);
    else this.select(outcome.select);
  }

  pointAtUnit(unit) {
    this.select(clickUnit(this.selection, unit).select);
  }

  play(number) {
    const legal = this.state.legal_actions[number - 1];
    if (legal) this.send(legal.action);
  }

  async send(action) {
    if (this.busy) return;
    if (this.frame) {
      notify('You are looking at a replay: go back to the game to play on.');
      return;
    }
    this.busy = true;
    this.render();
    try {
      const state = await api.act(this.id, this.token, action, this.state.revision, this.logLength);
      clearNotice();
      this.selection = null;
      this.busy = false;
      this.accept(state);
    } catch (error) {
      this.busy = false;
      await this.refused(error);
    }
  }

  async undo() {
    if (this.busy || this.frame) return;
    if (!this.state.can_undo) {
      notify('Nothing to take back: the last action was not yours, or it drew a card or showed something hidden, so it stands.');
      return;
    }
    this.busy = true;
    this.render();
    try {
      const state = await api.undo(this.id, this.token, this.state.revision, this.logLength);
      clearNotice();
      this.busy = false;
      this.selection = null;
      this.accept(state);
    } catch (error) {
      this.busy = false;
      await this.refused(error);
    }
  }

  // The hint to show now, `{ number, text }`, or null: only for the state it was asked in,
  // and not over a selection the player made since.
  shownHint() {
    const hint = this.hint;
    if (!hint || this.frame || this.selection || hint.revision !== this.state.revision) return null;
    const number = hintedNumber(this.state.legal_actions, hint);
    return number ? { number, text: hintText(hint, number) } : null;
  }

  // Ask the server what the computer would play here, and show it (asked again, hide it).
  async askHint() {
    if (this.busy || this.frame || !this.state.prompt) return;
    if (this.shownHint()) {
      this.hint = null;
      this.render();
      return;
    }
    const revision = this.state.revision;
    this.parts.root.dataset.hinting = 'true';
    try {
      const hint = await api.hint(this.id, this.token);
      if (hint.revision === this.state.revision && revision === this.state.revision) {
        this.selection = null;
        this.hint = hint;
        clearNotice();
      }
    } catch (error) {
      notify(error);
    } finally {
      this.parts.root.dataset.hinting = 'false';
      this.render();
    }
  }

  // A refusal: say why and what to do; when the game moved on, show it as it is now.
  async refused(error) {
    notify(error);
    if (['stale', 'not_your_turn', 'game_over', 'cannot_undo', 'refused'].includes(error.code)) {
      try {
        this.accept(await api.gameState(this.id, this.token, 0), true);
        return;
      } catch (again) {
        notify(again);
      }
    }
    this.render();
  }

  rule(id) {
    showRule(this.parts.dialog, this.game, id);
  }

  async exportRecord() {
    try {
      const record = await api.record(this.id, this.token);
      const blob = new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' });
      const link = element('a', { href: URL.createObjectURL(blob), download: `overlord-${this.id}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      notify('The record is saved as a file. Import it in the lobby to play it on from here.', 'info');
    } catch (error) {
      notify(error);
    }
  }

  async copyLink() {
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      notify('This seat’s link is copied: keep it to come back to this game.', 'info');
    } catch {
      notify(`Keep this link to come back to this seat: ${link}`, 'info');
    }
  }

  key(event) {
    if (event.target.closest?.('input, textarea, select, dialog') || event.ctrlKey || event.metaKey || event.altKey) return;
    const legal = this.frame ? [] : this.state.legal_actions;
    const shown = matching(legal, this.selection);
    if (/^[0-9]$/.test(event.key) && shown.length) {
      event.preventDefault();
      const { typed, play } = typeDigit(this.typed, event.key, legal.length);
      this.typed = typed;
      if (play) this.play(play);
      else this.render();
    } else if (event.key === 'Enter' && this.typed) {
      event.preventDefault();
      const number = typeEnter(this.typed, legal.length);
      this.typed = '';
      if (number) this.play(number);
      else this.render();
    } else if (event.key === 'Escape') {
      this.typed = '';
      this.select(null);
    } else if (event.key === 'u') {
      event.preventDefault();
      this.undo();
    } else if (event.key === 'h' && this.hints) {
      event.preventDefault();
      this.askHint();
    } else if (event.key === '+' || event.key === '=') {
      this.board?.zoom(1.4);
    } else if (event.key === '-') {
      this.board?.zoom(1 / 1.4);
    } else if (event.key.startsWith('Arrow') && this.board) {
      const step = 80;
      const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
      event.preventDefault();
      this.board.pan(dx, dy);
    }
  }
}
