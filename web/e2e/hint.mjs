// Hints in Chromium: in a solo First Wave game the Hint button (and the h key) asks the
// server what the computer would play; the suggested action is marked among the numbered
// legal actions and on the map with the hint's sentence, is one of the legal actions, goes
// away once the game moves on, and is played by clicking its button.

import { join } from 'node:path';
import { args, check, gameInfo, run, step, waitForGame, waitForRevision } from './lib.mjs';

const { base, artefacts } = args();

// The hinted action, its number, and what the page highlights for it.
async function shownHint(page) {
  await page.locator('button.action.hinted').waitFor();
  return page.evaluate(() => {
    const { hint, state, board } = window.overlord.page;
    const button = document.querySelector('button.action.hinted');
    const number = Number(button.dataset.number);
    return {
      hint,
      number,
      legal: state.legal_actions,
      root: document.querySelector('[data-testid=game]').dataset.hint,
      line: document.querySelector('[data-testid=hint]')?.textContent ?? '',
      hexes: [...board.svg.querySelectorAll('.highlight.anchored[data-hex]')].map((p) => p.dataset.hex),
      units: [...board.svg.querySelectorAll('.piece.anchored')].map((p) => Number(p.dataset.unit)),
      marked: document.querySelectorAll('button.action.hinted').length,
    };
  });
}

// Whether two actions are the same, whatever the order of their keys.
function same(a, b) {
  const canonical = (v) => (Array.isArray(v)
    ? `[${v.map(canonical)}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v).sort().map((k) => `${k}:${canonical(v[k])}`)}}`
      : JSON.stringify(v));
  return canonical(a) === canonical(b);
}

await run('hints', async ({ context }) => {
  const page = await context.newPage();
  step('a solo First Wave game');
  await page.goto(base);
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill('12');
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await waitForGame(page);

  for (let round = 0; round < 4; round += 1) {
    step(`hint ${round + 1}: asked by ${round % 2 ? 'the h key' : 'the Hint button'}`);
    const { revision } = await gameInfo(page);
    if (round % 2) await page.keyboard.press('h');
    else await page.locator('button.hint-button').click();
    const shown = await shownHint(page);
    check(shown.marked === 1, 'one action is marked');
    const legal = shown.legal[shown.number - 1];
    check(legal && same(legal.action, shown.hint.action), `the marked button (${shown.number}) is the hinted action`);
    check(shown.legal.filter((l) => same(l.action, shown.hint.action)).length === 1, 'the hint is one of the legal actions');
    check(shown.root === String(shown.number), 'the page says which action is hinted');
    check(shown.line.includes(`${shown.number}. ${legal.anchors.label}`), `the hint is told: ${shown.line}`);
    const hexes = new Set(legal.anchors.hexes ?? []);
    check(shown.hexes.every((h) => hexes.has(h)) && shown.hexes.length === hexes.size,
      `the map highlights the hinted action's hexes only (${shown.hexes} for ${[...hexes]})`);
    const units = new Set(legal.anchors.units ?? []);
    check(shown.units.every((u) => units.has(u)), `the map highlights the hinted action's units only (${shown.units})`);
    if (round === 0) await page.screenshot({ path: join(artefacts, 'hint.png') });
    if (round === 1) {
      step('the h key again hides the hint');
      await page.keyboard.press('h');
      await page.locator('[data-testid=game][data-hint=""]').waitFor();
      check((await page.locator('button.action.hinted').count()) === 0, 'no action is marked');
      await page.keyboard.press('h');
      await page.locator('button.action.hinted').waitFor();
    }
    step('the hinted action is played by its button, and the hint goes');
    await page.locator('button.action.hinted').click();
    await waitForRevision(page, revision + 1);
    check((await page.locator('button.action.hinted').count()) === 0, 'the hint is gone once the game moved on');
    check((await page.locator('[data-testid=hint]').count()) === 0, 'so is its sentence');
  }
});
