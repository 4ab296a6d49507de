// The computer at the table, in Chromium: the lobby asks who plays each seat (one per
// division once the two-player option is ticked), a game of Easy Fox with the computer on
// its one seat is started and the page, watching, shows the computer's moves arrive until
// the outcome; and in a cooperative game the person's move is answered by the computer's.

import { join } from 'node:path';
import { args, check, gameInfo, run, step, waitForGame } from './lib.mjs';

const { base, artefacts } = args();

// The longest the computer may take over a whole game (a debug server on a busy machine).
const WHOLE_GAME = 240_000;

await run('the computer plays', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby asks who plays each seat, as the options make them');
  await page.goto(base);
  await page.locator('select#scenario option[value="easy-fox"]').waitFor({ state: 'attached' });
  const players = page.locator('[data-testid=players] select[name=player]');
  check((await players.count()) === 1, 'one seat in the solo game');
  check((await page.locator('[data-testid=players]').textContent()).includes('US player'), 'the seat is named');
  await page.locator('input[name=option][value="two-player"]').check();
  check((await players.count()) === 2, 'two seats with the two-player option');
  await page.locator('input[name=option][value="two-player"]').uncheck();
  check((await players.count()) === 1, 'one seat again');

  step('an Easy Fox game where the computer plays every seat');
  await page.locator('select#scenario').selectOption('easy-fox');
  await page.locator('#player-0').selectOption('rule');
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill('4');
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#spectate$/);
  await waitForGame(page);
  check((await page.locator('button.hint-button').isHidden()), 'a spectator is offered no hint');

  step('the computer plays it to its end, each move arriving over the WebSocket');
  const outcome = page.locator('[data-testid=outcome]');
  await outcome.waitFor({ timeout: WHOLE_GAME });
  const text = await outcome.textContent();
  check(/Game over\. .*(win|lost|draw)/.test(text), `the outcome is told: ${text}`);
  const { actions } = await gameInfo(page);
  check(actions > 50, `a whole game was played (${actions} actions)`);
  check((await page.locator('button.action').count()) === 0, 'a spectator is offered nothing');
  check((await page.locator('.log-lines li').count()) > 50, 'the computer\'s moves are in the log');
  console.log(`  ${actions} actions; ${text}`);
  await page.screenshot({ path: join(artefacts, 'computer-plays-easy-fox.png') });

  step('a cooperative game: the 29th Division is the computer\'s, and answers the person\'s moves');
  await page.goto(base);
  await page.locator('select#scenario option[value="first-wave"]').waitFor({ state: 'attached' });
  await page.locator('input[name=option][value="two-player"]').check();
  await page.locator('#player-1').selectOption('rule');
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill('9');
  await page.locator('button.primary').click();
  // The one person's seat goes straight to the table.
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await waitForGame(page);
  let answered = false;
  for (let moves = 0; moves < 60 && !answered; moves += 1) {
    await page.locator('[data-testid=prompt]').waitFor({ timeout: WHOLE_GAME });
    const before = await gameInfo(page);
    await page.locator('button.action').first().click();
    // The answer to the click, and perhaps the computer's moves after it at once.
    try {
      await page.waitForFunction((revision) => {
        const root = document.querySelector('[data-testid=game]');
        return Number(root.dataset.revision) > revision && root.dataset.busy === 'false';
      }, before.revision);
    } catch (error) {
      // Where the page stood: a busy mark never cleared, or a revision that never came.
      const now = await gameInfo(page);
      console.error(`move ${moves}: before ${JSON.stringify(before)}, now ${JSON.stringify(now)}`);
      throw error;
    }
    // The computer's moves come over the WebSocket until it is the person's turn again.
    await page.locator('[data-testid=prompt]').waitFor({ timeout: WHOLE_GAME });
    const now = await gameInfo(page);
    check(now.actions >= before.actions + 1, 'the person\'s move stands');
    answered = now.actions > before.actions + 1;
    if (answered) {
      const log = await page.locator('.log-lines').textContent();
      check(log.length > 0, 'the computer\'s moves are logged');
    }
  }
  check(answered, 'the computer answered one of the person\'s moves');
  await page.screenshot({ path: join(artefacts, 'computer-answers.png') });
});
