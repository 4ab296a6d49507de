// A whole First Wave game played in Chromium to its end, as a player would: each decision
// taken by clicking one of the offered buttons (chosen by a seeded generator), with a reload
// now and then and an undo where one is offered; the end shows the outcome.

import { join } from 'node:path';
import {
  args, check, chooser, gameInfo, run, step, turnSummary, waitForGame, waitForRevision,
} from './lib.mjs';

const SEED = '5';
const { base, artefacts } = args();


await run('a whole First Wave game', async ({ context }) => {
  const page = await context.newPage();
  step('a First Wave game is started from the lobby');
  await page.goto(base);
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill(SEED);
  await page.locator('button.primary').click();
  await waitForGame(page);

  step('every decision is clicked until the game ends');
  const pick = chooser(Number(SEED) * 7919);
  let clicks = 0;
  let undos = 0;
  let reloads = 0;
  for (; clicks < 5000; clicks += 1) {
    if (await page.locator('[data-testid=outcome]').count()) break;
    const { revision } = await gameInfo(page);
    const buttons = page.locator('button.action');
    const count = await buttons.count();
    check(count > 0, `a decision is offered at revision ${revision} (${await turnSummary(page)})`);
    if (undos === 0 && clicks >= 20 && (await page.locator('button.undo').isEnabled())) {
      await page.locator('button.undo').click();
      await waitForRevision(page, revision + 1);
      undos += 1;
      continue;
    }
    if (clicks > 0 && clicks % 40 === 0) {
      await page.reload();
      await waitForGame(page);
      await waitForRevision(page, revision);
      reloads += 1;
    }
    // Ending a division's actions early now and then keeps the game moving.
    const labels = await buttons.allTextContents();
    const end = labels.findIndex((l) => l.includes("End this division's actions"));
    const choice = end >= 0 && pick(3) === 0 ? end : pick(count);
    await buttons.nth(choice).click();
    await waitForRevision(page, revision + 1);
  }
  const outcome = page.locator('[data-testid=outcome]');
  check(await outcome.count(), `the game ended within ${clicks} clicks`);
  const text = await outcome.textContent();
  check(/Game over\. .*(win|lost|draw)/.test(text), `the outcome is told: ${text}`);
  check((await page.locator('button.action').count()) === 0, 'nothing is offered once the game is over');
  check(undos === 1 && reloads >= 1, `an undo (${undos}) and reloads (${reloads}) on the way`);
  console.log(`  ${clicks} clicks, ${undos} undos, ${reloads} reloads; ${await turnSummary(page)}; ${text}`);
  await page.screenshot({ path: join(artefacts, 'first-wave-end.png') });
});
