// What the browser tests share: Debian's Chromium started headless with a fresh profile and
// no background networking (this machine's network is closed, and Chromium would otherwise
// hang on its own connections), checks that fail with a message, and waits on explicit
// states of the page, never on time.
//
// Each test is `node web/e2e/<test>.mjs <server address> <artefact folder>`; the Rust test
// crates/cli/tests/browser.rs starts `overlord serve` and runs it.

import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.OVERLORD_CHROMIUM ?? '/usr/bin/chromium';
// Generous: the server is a debug build, on a machine that may be busy building.
export const TIMEOUT = 60_000;

export function args() {
  const [base, artefacts] = process.argv.slice(2);
  if (!base) throw new Error('usage: node web/e2e/<test>.mjs http://127.0.0.1:PORT/ [artefact folder]');
  const folder = artefacts ?? join(process.cwd(), 'target', 'e2e');
  mkdirSync(folder, { recursive: true });
  return { base: base.endsWith('/') ? base : `${base}/`, artefacts: folder };
}

// A browser with a profile of its own, removed when it closes.
export async function launch({ width = 1400, height = 900, hasTouch = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'overlord-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width, height },
    hasTouch,
    acceptDownloads: true,
  });
  context.setDefaultTimeout(TIMEOUT);
  const problems = [];
  context.on('page', (page) => watchPage(page, problems));
  for (const page of context.pages()) watchPage(page, problems);
  return {
    context,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Script errors on a page fail the test at its end.
function watchPage(page, problems) {
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) {
      problems.push(`console error: ${message.text()}`);
    }
  });
}

// The tests' own small generator (xorshift32): `chooser(seed)(n)` is below n, the same
// sequence every run, so a test that clicks "at random" clicks the same way each time.
export function chooser(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
}

export function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

export function step(text) {
  console.log(`- ${text}`);
}

// The game page's numbers, from the attributes the page keeps on its root.
export async function gameInfo(page) {
  return page.locator('[data-testid=game]').evaluate((root) => ({
    revision: Number(root.dataset.revision),
    actions: Number(root.dataset.actions),
    busy: root.dataset.busy === 'true',
    mode: root.dataset.mode,
  }));
}

// Wait until the game page shows `revision` (and is not waiting on the server).
export async function waitForRevision(page, revision) {
  await page.locator(`[data-testid=game][data-revision="${revision}"][data-busy="false"]`).waitFor();
}

// Wait until the game page is drawn: its state, the map and its counters.
export async function waitForGame(page) {
  await page.locator('[data-testid=game][data-busy="false"]:not([data-revision=""])').waitFor();
  await page.locator('svg.map polygon[data-hex]').first().waitFor({ state: 'attached' });
  await page.locator('svg.map .piece').first().waitFor({ state: 'attached' });
}

// The legal actions the page holds (to choose which to click; the clicking is the user's).
export async function legalActions(page) {
  return page.evaluate(() => window.overlord.page.state.legal_actions);
}

// Click the action button whose label is `label` (or the first one starting with it), then
// wait for the next revision.
export async function clickAction(page, label) {
  const { revision } = await gameInfo(page);
  const buttons = page.locator('button.action');
  const labels = await buttons.allTextContents();
  const index = labels.findIndex((text) => text.replace(/^\d+\s*/, '').trim().startsWith(label));
  check(index >= 0, `an action "${label}" among ${JSON.stringify(labels)}`);
  await buttons.nth(index).click();
  await waitForRevision(page, revision + 1);
}

// Click the action button whose label starts with `label`, then wait until the page shows a
// later revision and is not busy: the computer's answers may come with it, so the revision
// may have moved on by more than one.
export async function playAction(page, label) {
  const before = await gameInfo(page);
  const buttons = page.locator('button.action');
  const labels = await buttons.allTextContents();
  const index = labels.findIndex((text) => text.replace(/^\d+\s*/, '').trim().startsWith(label));
  check(index >= 0, `an action "${label}" among ${JSON.stringify(labels)}`);
  await buttons.nth(index).click();
  await page.waitForFunction((revision) => {
    const root = document.querySelector('[data-testid=game]');
    return Number(root.dataset.revision) > revision && root.dataset.busy === 'false';
  }, before.revision);
}

// The screen point of a hex's centre on the page's map.
export async function hexPoint(page, label) {
  return page.evaluate((hex) => {
    const board = window.overlord.page.board;
    const centre = board.centres.get(hex);
    const matrix = board.svg.getScreenCTM();
    const point = new DOMPoint(centre.x, centre.y).matrixTransform(matrix);
    return { x: point.x, y: point.y };
  }, label);
}

export async function turnSummary(page) {
  return (await page.locator('[data-testid=turn-summary]').textContent()) ?? '';
}

// Run `test` with a browser (`options` as `launch` takes them); report and exit non-zero on
// any failure or page error.
export async function run(name, test, options = {}) {
  const started = Date.now();
  const browser = await launch(options);
  let failed = null;
  try {
    await test(browser);
  } catch (error) {
    failed = error;
  }
  try {
    await browser.close();
  } catch {
    // Closing a browser that already crashed: the failure is reported below.
  }
  if (!failed && browser.problems.length) {
    failed = new Error(`the page reported problems:\n${browser.problems.join('\n')}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failed) {
    console.error(`FAIL ${name} after ${seconds} s: ${failed.stack ?? failed}`);
    process.exit(1);
  }
  console.log(`ok ${name} (${seconds} s)`);
}
