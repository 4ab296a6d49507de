// Hot-seat play in Chromium: the lobby starts the cooperative two-player First Wave for one
// screen (the hot-seat box, offered once the game has two seats) and goes straight to its one
// page; the page names the division to decide ("Your decision (29th Division):"), plays
// actions for the 29th and then the 1st Division as the turn passes, takes back the 1st's
// last action once the 29th is to decide, and after a reload (and from the lobby's resume
// link) goes on where it was.

import { join } from 'node:path';
import { args, check, clickAction, gameInfo, run, step, waitForGame, waitForRevision } from './lib.mjs';

// Seed 11: the 29th Division places a unit first, then the 1st Division decides who acts
// first and acts (crates/server/tests/hot_seat.rs plays the same game).
const SEED = '11';
const { base, artefacts } = args();

// The seat the page says is to decide, by its label, once the page is not busy.
async function decider(page) {
  await page.locator('[data-testid=game][data-busy="false"]').waitFor();
  const status = page.locator('[data-testid=decider]');
  await status.waitFor();
  return (await status.textContent()).trim();
}

async function waitForDecider(page, label) {
  await page.locator('[data-testid=decider]', { hasText: `Your decision (${label}):` }).waitFor();
}

// The labels of the action buttons shown.
async function actionLabels(page) {
  return (await page.locator('button.action').allTextContents()).map((text) => text.replace(/^\d+\s*/, '').trim());
}

await run('hot-seat First Wave', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby offers hot-seat once the game has two seats, and goes straight to its page');
  await page.goto(base);
  const box = page.locator('#hot-seat');
  await box.waitFor({ state: 'attached' });
  check(!(await box.isVisible()), 'no hot-seat for the solo game');
  await page.locator('input[name=option][value="two-player"]').check();
  await box.waitFor();
  check(await box.isEnabled(), 'hot-seat may be ticked with two people');
  await page.locator('#player-1').selectOption('rule');
  check(await box.isDisabled(), 'hot-seat needs two people: not with the computer on a seat');
  check((await page.locator('.hot-seat-note').textContent()).includes('two or more'), 'the lobby says why');
  await page.locator('#player-1').selectOption('');
  await box.check();
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill(SEED);
  await page.screenshot({ path: join(artefacts, 'hot-seat-lobby.png') });
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await waitForGame(page);
  const url = page.url();
  const id = /\/play\/([0-9a-f]+)#/.exec(url)[1];
  check((await page.locator('#page-title').textContent()).includes('hot-seat'), 'the page says it is the hot seat');

  step('the 29th Division decides first, and its action goes through');
  check((await decider(page)) === 'Your decision (29th Division):', `the 29th is named: ${await decider(page)}`);
  check((await page.title()).startsWith('● 29th Division to decide'), `the tab names the 29th: ${await page.title()}`);
  const [placing] = await actionLabels(page);
  await clickAction(page, placing);

  step('then the 1st Division, on the same page');
  await waitForDecider(page, '1st Division');
  await clickAction(page, '1st Division first');
  let acted = 0;
  while ((await decider(page)) === 'Your decision (1st Division):') {
    check(acted < 8, 'the 1st Division ends its actions');
    const labels = await actionLabels(page);
    await clickAction(page, labels.find((label) => label.startsWith("End this division's actions")) ?? labels[0]);
    acted += 1;
  }
  check((await decider(page)) === 'Your decision (29th Division):', `the turn passed back: ${await decider(page)}`);
  await page.screenshot({ path: join(artefacts, 'hot-seat-29th.png') });

  step("undo takes back the 1st Division's last action, though the 29th is to decide");
  const before = await gameInfo(page);
  check(await page.locator('button.undo').isEnabled(), 'undo is offered');
  await page.locator('button.undo').click();
  await waitForRevision(page, before.revision + 1);
  await waitForDecider(page, '1st Division');
  check((await gameInfo(page)).actions === before.actions - 1, 'one action taken back');
  const labels = await actionLabels(page);
  await clickAction(page, labels.find((label) => label.startsWith("End this division's actions")) ?? labels[0]);
  await waitForDecider(page, '29th Division');

  step('the 29th Division acts again');
  const [move] = await actionLabels(page);
  await clickAction(page, move);
  const played = await gameInfo(page);

  step('a reload goes on where the game was, as the seat to decide');
  await page.reload();
  await waitForGame(page);
  check((await gameInfo(page)).revision === played.revision, 'the same revision after the reload');
  const afterReload = await decider(page);
  check(afterReload.startsWith('Your decision ('), `a seat decides after the reload: ${afterReload}`);

  step("the lobby's resume link opens the hot seat again");
  await page.goto(base);
  const resume = page.locator(`li[data-game="${id}"] a.resume`);
  await resume.waitFor();
  check((await resume.textContent()) === 'Resume (hot-seat)', `the link says hot-seat: ${await resume.textContent()}`);
  await resume.click();
  await waitForGame(page);
  check((await gameInfo(page)).revision === played.revision, 'the same game');
  check((await decider(page)) === afterReload, 'the same seat to decide');
  const [next] = await actionLabels(page);
  await clickAction(page, next);
  await page.screenshot({ path: join(artefacts, 'hot-seat-resumed.png') });

  step('every action went through for its own division');
  const spectator = await (await page.request.get(`${base}api/games/${id}`)).json();
  check(spectator.actions === played.actions + 1, `the server holds every action (${spectator.actions})`);
});
