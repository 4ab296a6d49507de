// Ambush! in Chromium: mission S1 from the lobby, the squad entering and moving until the first
// paragraphs are read and a German is placed, line of sight from a selected soldier, a shot
// whose chance to hit and damage are shown before it is fired, then fired; reload and resume,
// and the replay slider. Then the campaign: its first mission ended, the debriefing played, and
// the squad carried to the second mission, drawn on that mission's map.

import { join } from 'node:path';
import {
  args, check, gameInfo, legalActions, playAction, run, step, turnSummary, waitForGame, waitForRevision,
} from './lib.mjs';

const { base, artefacts } = args();
const SEED = '3';

await run('Ambush! mission S1', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby starts mission S1 for the squad');
  await page.goto(base);
  await page.locator('select#game option[value="ambush"]').waitFor({ state: 'attached' });
  await page.locator('select#game').selectOption('ambush');
  await page.locator('select#scenario option[value="S1"]').waitFor({ state: 'attached' });
  await page.locator('select#scenario').selectOption('S1');
  check((await page.locator('[data-testid=players]').textContent()).includes('Squad'), 'one seat, the squad');
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill(SEED);
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await page.locator('[data-testid=game][data-busy="false"]:not([data-revision=""])').waitFor();
  await page.locator('svg.map polygon[data-hex]').first().waitFor({ state: 'attached' });
  check((await turnSummary(page)).startsWith('Mission S1'), `the summary names the mission: ${await turnSummary(page)}`);
  check((await page.locator('.cards li').count()) === 5, 'the roster shows the five soldiers of the squad');

  step('the squad enters and moves on until a shot is offered');
  let shot = null;
  for (let guard = 0; guard < 60 && !shot; guard += 1) {
    const legal = await legalActions(page);
    shot = legal.find((l) => / fire at (?!the wall)/.test(l.anchors.label));
    if (!shot) await playAction(page, legal[0].anchors.label);
  }
  check(shot, 'a shot at a German is offered');
  const log = await page.locator('.log-lines').textContent();
  check(/paragraph \d+/.test(log), 'a paragraph was read, and shows in the log');
  const view = await page.evaluate(() => window.overlord.page.state.view);
  const germans = view.soldiers.filter((s) => s.side !== 'US' && s.hex);
  check(germans.length >= 1, 'a German is placed on the map');
  for (const german of germans) {
    check((await page.locator(`svg.map .piece[data-unit="${german.id}"]`).count()) === 1, `${german.name} is drawn`);
  }
  await page.locator('svg.map .piece').first().waitFor({ state: 'attached' });

  step('line of sight from the soldier who may shoot');
  const [shooter] = shot.anchors.units;
  await page.evaluate((unit) => window.overlord.page.pointAtUnit(unit), shooter);
  await page.locator('svg.map .sight').first().waitFor({ state: 'attached' });
  check((await page.locator('svg.map .sight-target').count()) >= 1, 'the German he sees is marked as a target');
  await page.screenshot({ path: join(artefacts, 'ambush-sight.png') });
  await page.keyboard.press('Escape');

  step('the shot shows its chances before it is fired, and is fired');
  check(/\(hit \d+%: .*%/.test(shot.anchors.label), `the chance to hit and each damage: ${shot.anchors.label}`);
  const lines = await page.locator('.log-lines li').count();
  await playAction(page, shot.anchors.label);
  const fired = (await page.locator('.log-lines li').allTextContents()).slice(lines).join('\n');
  check(/AMB-FIRE/.test(fired), `the shot is logged with its rule: ${fired.slice(0, 200)}`);
  await page.screenshot({ path: join(artefacts, 'ambush-shot.png') });

  step('a reload resumes the mission where it stands');
  const before = await gameInfo(page);
  await page.reload();
  await waitForGame(page);
  await waitForRevision(page, before.revision);

  step('the replay slider shows the mission after its first action');
  await page.locator('[data-testid=replay-slider]').fill('1');
  await page.locator('[data-testid=game][data-mode=replay]').waitFor();
  await page.locator('button.replay-live').click();
  await page.locator('[data-testid=game][data-mode=live]').waitFor();
});

await run('Ambush! campaign', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby starts the campaign; its first mission is drawn on that mission\'s map');
  await page.goto(base);
  await page.locator('select#game option[value="ambush"]').waitFor({ state: 'attached' });
  await page.locator('select#game').selectOption('ambush');
  await page.locator('select#scenario option[value="campaign"]').waitFor({ state: 'attached' });
  await page.locator('select#scenario').selectOption('campaign');
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill(SEED);
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await page.locator('[data-testid=game][data-map="S1"]').waitFor();
  await page.locator('svg.map polygon[data-hex]').first().waitFor({ state: 'attached' });
  const squad = async () => (await page.evaluate(() => window.overlord.page.state.view.soldiers))
    .filter((s) => s.side === 'US').map((s) => s.name);
  const before = await squad();
  check(before.length >= 5, `the squad (${before})`);

  step('the squad enters, the mission is ended, and the debriefing is played');
  for (let guard = 0; guard < 40 && !(await turnSummary(page)).startsWith('Mission M2'); guard += 1) {
    const labels = (await legalActions(page)).map((l) => l.anchors.label);
    await playAction(page, labels.find((l) => l === 'End the mission') ?? labels[0]);
  }
  check((await turnSummary(page)).startsWith('Mission M2'), `the campaign goes on to M2: ${await turnSummary(page)}`);

  step('the second mission is drawn on its own map, with the same squad');
  await page.locator('[data-testid=game][data-map="M2"]').waitFor();
  await page.locator('svg.map polygon[data-hex]').first().waitFor({ state: 'attached' });
  check(JSON.stringify(await squad()) === JSON.stringify(before), 'the squad carried over');
  check((await page.locator('.cards li').count()) === before.length, 'the roster lists the same soldiers');
  await page.screenshot({ path: join(artefacts, 'ambush-campaign-m2.png') });
});
