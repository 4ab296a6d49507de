// The mission editor in Chromium: from the lobby's link, a new mission from the template, given
// its id and file name; a hex painted and a hexside set on the map; a mission-sheet entry
// pointing at a paragraph that does not exist, which the validator's problems name with its
// line; the paragraph written, and the problems gone; saved, played at once (one action on
// the game page, which draws the mission), and back in the editor, the balance lab's verdict.

import { join } from 'node:path';
import { args, check, legalActions, playAction, run, step, turnSummary } from './lib.mjs';

const { base, artefacts } = args();

// The problems panel once it has checked the text as it is now.
async function settledProblems(page) {
  const panel = page.locator('[data-testid=problems]');
  await page.locator('[data-testid=problems][data-state=ok], [data-testid=problems][data-state=problems], [data-testid=problems][data-state=error]').waitFor();
  return {
    state: await panel.getAttribute('data-state'),
    items: await panel.locator('li').allTextContents(),
  };
}

// The raw TOML text as the page holds it.
const rawText = (page) => page.getByRole('textbox', { name: 'Mission file (TOML)' }).inputValue();

// Click hex `label` on the editor's map at `where` (a point in its box, from its top left).
async function clickHex(page, label, where = null) {
  const polygon = page.locator(`.ws-svg polygon.ws-cell[data-hex="${label}"]`);
  if (where) {
    const box = await polygon.boundingBox();
    await polygon.click({ position: where(box), force: true });
  } else {
    await polygon.click({ force: true });
  }
}

await run('the mission editor: write, check, save, play and balance a mission', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby links to the mission editor of Ambush!');
  await page.goto(base);
  await page.getByRole('link', { name: 'Write a mission for Ambush!' }).click();
  await page.waitForURL(/\/workshop\/ambush\/?#?$/);
  await page.locator('[data-testid=workshop-start]').getByRole('button', { name: 'New mission' }).waitFor();
  check((await page.locator('[data-testid=workshop-start]').textContent()).includes('Crossroads Farm'),
    'the authored missions are offered to start from');

  step('a new mission from the template, given its id and file name');
  await page.getByRole('button', { name: 'New mission' }).click();
  await page.waitForURL(/#new$/);
  await page.locator('[data-testid=workshop]:not([hidden])').waitFor();
  await page.getByLabel('Mission id').fill('X1');
  await page.getByLabel('Mission id').press('Tab');
  await page.getByLabel('File name').fill('x1_test.toml');
  await page.getByLabel('File name').press('Tab');
  await page.getByLabel('Name', { exact: true }).fill('The Test Farm');
  await page.getByLabel('Name', { exact: true }).press('Tab');
  check((await rawText(page)).includes('name = "The Test Farm"'), 'the form writes the TOML text');
  const first = await settledProblems(page);
  check(first.state === 'ok', `the template has no problems: ${JSON.stringify(first.items)}`);

  step('a hex painted and a hexside set on the map');
  await page.getByRole('radio', { name: 'Forest' }).check();
  await clickHex(page, '0203');
  check((await rawText(page)).includes('"0203" = { terrain = "forest", elev = 0 }'), 'the painted hex is written');
  await page.getByRole('radio', { name: 'Wall' }).check();
  // Near the top edge of 0203: its N side.
  await clickHex(page, '0203', (box) => ({ x: box.width / 2, y: 3 }));
  check((await rawText(page)).includes('"0203" = { terrain = "forest", elev = 0, sides = { N = "wall" } }'),
    `the hexside is written: ${(await rawText(page)).split('\n').find((l) => l.startsWith('"0203"'))}`);
  await page.locator('.ws-svg line.ws-side.wall[data-side="0203:N"]').waitFor({ state: 'attached' });

  step('a typing slip in the text is shown with its line and leaves the map as it was');
  const area = page.getByRole('textbox', { name: 'Mission file (TOML)' });
  const before = await rawText(page);
  await area.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n[[oops\n');
  await page.locator('[data-testid=syntax-error]').filter({ hasText: /line \d+/ }).waitFor();
  check((await page.locator('.ws-svg polygon.ws-cell[data-hex="0203"]').getAttribute('fill')) === '#6f9a5a', 'the map still shows the forest');
  await page.getByRole('button', { name: 'Undo' }).click();
  check((await rawText(page)) === before, 'Undo takes the slip back');
  await page.locator('[data-testid=syntax-error]:empty').waitFor({ state: 'attached' });

  step('a sheet entry pointing at paragraph 150, which does not exist: the validator says so');
  await page.getByRole('radio', { name: 'Select' }).check();
  await clickHex(page, '0204');
  check((await page.getByLabel('Hex', { exact: true }).inputValue()) === '0204', 'the hex is selected');
  await page.getByLabel('Check, Condition 1').fill('150');
  await page.getByLabel('Check, Condition 1').press('Tab');
  check((await rawText(page)).includes('"0204" = { 1 = "150" }'), 'the sheet entry is written');
  const dangling = await settledProblems(page);
  const named = dangling.items.find((text) => text.includes('150'));
  check(dangling.state === 'problems' && named, `a problem names paragraph 150: ${JSON.stringify(dangling.items)}`);
  check(/line \d+/.test(named), `the problem gives its line: ${named}`);
  await page.screenshot({ path: join(artefacts, 'workshop-problem.png') });

  step('clicking the problem shows its line in the text and its hex');
  await page.locator('[data-testid=problems] li').filter({ hasText: '150' }).first().getByRole('button').click();
  const line = Number(/line (\d+)/.exec(named)[1]);
  const selectedLine = await area.evaluate((box) => box.value.slice(0, box.selectionStart).split('\n').length);
  check(selectedLine === line, `the text's line ${line} is selected (${selectedLine})`);
  check((await page.getByLabel('Hex', { exact: true }).inputValue()) === '0204', 'its hex is selected');

  step('paragraph 150 written: the problems are gone');
  await page.getByLabel('New paragraph id').fill('150');
  await page.getByRole('button', { name: 'Add paragraph' }).click();
  await page.getByLabel('Paragraph 150 text').fill('A crow takes off from the hedge. Nothing else stirs.');
  await page.getByLabel('Paragraph 150 text').press('Tab');
  await page.getByLabel('Paragraph 150 effects and lines').fill('effects = [ { op = "nothing" } ]');
  await page.getByLabel('Paragraph 150 effects and lines').press('Tab');
  check(/\[\[paragraph\]\]\nid = "150"\ntext = "A crow takes off/.test(await rawText(page)), 'the paragraph is written');
  const fixed = await settledProblems(page);
  check(fixed.state === 'ok' && fixed.items.length === 0, `no problems left: ${JSON.stringify(fixed.items)}`);

  step('saved');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('[data-testid=save-status][data-saved=true]').waitFor();
  await page.waitForURL(/#saved=[0-9a-zA-Z_-]+$/);
  const editorUrl = page.url();

  step('played at once: the game page draws the mission and takes an action');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await page.locator('[data-testid=game][data-busy="false"]:not([data-revision=""])').waitFor();
  await page.locator('svg.map polygon[data-hex]').first().waitFor({ state: 'attached' });
  const game = await page.evaluate(() => window.overlord.page.state.game);
  check(game.scenario === 'X1' && game.workshop, `a game of the saved mission: ${JSON.stringify({ scenario: game.scenario, workshop: game.workshop })}`);
  check((await page.locator('#page-title').textContent()).includes('X1'), 'the page names the mission');
  check((await turnSummary(page)).startsWith('Mission X1'), `the summary names the mission: ${await turnSummary(page)}`);
  const hexes = new Set(await page.locator('svg.map polygon[data-hex]').evaluateAll((all) => all.map((p) => p.getAttribute('data-hex'))));
  check(hexes.size === 24 && hexes.has('0604'), `the map is the mission's 6 x 4 (${hexes.size} hexes)`);
  const legal = await legalActions(page);
  check(legal.length > 0, 'the squad has something to do');
  await playAction(page, legal[0].anchors.label);
  await page.screenshot({ path: join(artefacts, 'workshop-play.png') });

  step('back in the editor, the balance lab plays the mission and says how hard it is');
  await page.goBack();
  await page.waitForURL(editorUrl);
  await page.locator('[data-testid=workshop]:not([hidden])').waitFor();
  check((await rawText(page)).includes('id = "150"'), 'the saved mission is open again');
  await page.getByLabel('Games').fill('4');
  await page.getByRole('button', { name: 'How hard is it?' }).click();
  await page.locator('[data-testid=lab][data-state=done]').waitFor();
  const verdict = await page.locator('[data-testid=lab-result]').textContent();
  check(/Success rate \d+(\.\d)? %/.test(verdict) && /4 games/.test(verdict), `the success rate over 4 games: ${verdict}`);
  await page.screenshot({ path: join(artefacts, 'workshop-balance.png') });
});
