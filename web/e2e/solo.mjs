// A solo game of The First Wave in Chromium, as a player plays it: created in the lobby with a
// fixed seed, turn 1 played by clicking buttons, counters and hexes and by typing numbers,
// a move taken back, the page reloaded and resumed (from the link, from this browser's
// memory, from the lobby), the replay slider, a rule's text, the record exported and
// imported, and screenshots at desktop and phone widths.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  args, check, clickAction, gameInfo, hexPoint, legalActions, run, step, turnSummary,
  waitForGame, waitForRevision,
} from './lib.mjs';

const SEED = '7';
const { base, artefacts } = args();

await run('solo First Wave', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby lists the games, the scenarios and their options');
  await page.goto(base);
  await page.locator('select#scenario option[value="first-wave"]').waitFor({ state: 'attached' });
  check((await page.locator('select#scenario').inputValue()) === 'first-wave', 'The First Wave is chosen first');
  const options = await page.locator('input[name=option]').evaluateAll((boxes) => boxes.map((b) => b.value));
  check(options.includes('22.1') && options.includes('two-player'), `the First Wave options ${options}`);

  step('a First Wave game is started with a fixed seed');
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill(SEED);
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await waitForGame(page);
  const url = new URL(page.url());
  const id = url.pathname.split('/').pop();
  check((await gameInfo(page)).revision === 0, 'a new game is at revision 0');
  check((await page.locator('svg.map polygon[data-hex]').count()) > 500, 'the map has its hexes');
  check((await page.locator('svg.map .piece.german.face-down').count()) > 5, 'German counters are drawn face-down');
  check((await turnSummary(page)).startsWith('Turn 1'), 'turn 1');

  step("a rule id opens the rule's text");
  await page.locator('[data-testid=prompt] a.rule').click();
  const dialog = page.locator('dialog.rule-dialog');
  await dialog.waitFor();
  await page.locator('dialog.rule-dialog .rule-body p').first().waitFor();
  check(/land/i.test(await dialog.locator('.rule-body').textContent()), 'rule 5.3 speaks of landing');
  await dialog.locator('button[type=submit]').click();
  await dialog.waitFor({ state: 'hidden' });

  step('the fire fields show colour by colour, and hex labels on demand');
  const fire = page.locator('svg.map [data-layer="fire:red"]').first();
  check(!(await fire.isVisible()), 'fire fields start hidden');
  await page.getByLabel('Show fire red').check();
  check(await fire.isVisible(), 'the red fire field shows');
  await page.getByLabel('Show fire red').uncheck();
  await page.getByLabel('Show hex labels').check();
  check(await page.locator('svg.map #labels').isVisible(), 'hex labels show');
  await page.getByLabel('Show hex labels').uncheck();

  step('turn 1: a button places the arriving unit in a landing box');
  const place = (await legalActions(page))[0].anchors.label;
  await clickAction(page, place);

  step('turn 1: a number key picks the division that acts first');
  const order = await legalActions(page);
  check(order.length === 2 && order[1].anchors.label === '29th Division first', `the division order prompt: ${order.map((a) => a.anchors.label)}`);
  let { revision } = await gameInfo(page);
  await page.keyboard.press('2');
  await waitForRevision(page, revision + 1);

  step('turn 1: a counter clicked, then the hex it moves to');
  const move = await page.evaluate(() => {
    const { board, state } = window.overlord.page;
    const tops = new Map();
    for (const stack of board.stacks.values()) {
      const top = stack.pieces[stack.pieces.length - 1];
      if (top.unit !== undefined && stack.place.hex) tops.set(top.unit, stack.place.hex);
    }
    const legal = state.legal_actions;
    for (const { anchors } of legal) {
      const [unit] = anchors.units ?? [];
      const [from, to] = anchors.hexes ?? [];
      if ((anchors.units ?? []).length !== 1 || (anchors.hexes ?? []).length !== 2) continue;
      if (tops.get(unit) !== from || board.stacks.has(`hex:${to}`)) continue;
      const same = legal.filter((l) => (l.anchors.units ?? []).includes(unit)
        && (l.anchors.hexes ?? []).length >= 2 && l.anchors.hexes.at(-1) === to);
      if (same.length === 1) return { unit, from, to, label: anchors.label };
    }
    return null;
  });
  check(move, 'a move of a unit on top of its stack to an empty hex');
  await page.evaluate((hex) => window.overlord.page.board.centreOnHex(hex), move.from);
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  ({ revision } = await gameInfo(page));
  const actionsBefore = (await gameInfo(page)).actions;
  const from = await hexPoint(page, move.from);
  await page.mouse.click(from.x, from.y);
  await page.locator('.prompt .filter').waitFor();
  check((await page.locator('svg.map .highlight.destination').count()) >= 1, 'the unit\'s destinations are highlighted');
  const to = await hexPoint(page, move.to);
  await page.mouse.click(to.x, to.y);
  await waitForRevision(page, revision + 1);
  const moved = await page.locator(`svg.map .stack[data-place="${move.to}"] .piece[data-unit="${move.unit}"]`).count();
  check(moved === 1, `${move.label}: the unit stands in ${move.to}`);
  check((await page.locator('.log-lines li').last().textContent()).length > 0, 'the move is logged');

  step('undo takes the move back (key u), and the move is made again with its button');
  check(await page.locator('button.undo').isEnabled(), 'undo is offered after a move');
  await page.keyboard.press('u');
  await waitForRevision(page, revision + 2);
  check((await gameInfo(page)).actions === actionsBefore, 'the record is one action shorter again');
  check((await page.locator(`svg.map .stack[data-place="${move.from}"] .piece[data-unit="${move.unit}"]`).count()) === 1,
    `the unit is back in ${move.from}`);
  await clickAction(page, move.label);

  step('turn 1 is played to its end by clicking actions');
  const taken = new Map();
  for (let guard = 0; guard < 60 && (await turnSummary(page)).startsWith('Turn 1 '); guard += 1) {
    const legal = await legalActions(page);
    check(legal.length > 0, 'a decision is offered in turn 1');
    const division = /(\w+) Division/.exec(await turnSummary(page))?.[1] ?? 'none';
    const done = taken.get(division) ?? 0;
    const end = legal.find((l) => l.anchors.label === "End this division's actions");
    const label = end && done >= 1 ? end.anchors.label : legal[0].anchors.label;
    taken.set(division, done + 1);
    await clickAction(page, label);
  }
  check((await turnSummary(page)).startsWith('Turn 2'), `turn 2 is reached (${await turnSummary(page)})`);
  await page.screenshot({ path: join(artefacts, 'first-wave-desktop.png') });

  step('a reload resumes the game where it stands');
  const before = await gameInfo(page);
  const prompt = await page.locator('.prompt').textContent();
  const logLines = await page.locator('.log-lines li').count();
  await page.reload();
  await waitForGame(page);
  await waitForRevision(page, before.revision);
  check((await page.locator('.prompt').textContent()) === prompt, 'the same decision after a reload');
  check((await page.locator('.log-lines li').count()) === logLines, 'the same log after a reload');

  step('the link without its token resumes from this browser\'s memory, and so does the lobby');
  await page.goto(`${base}play/${id}`);
  await waitForGame(page);
  check((await page.locator('[data-testid=prompt]').count()) === 1, 'still this seat\'s decision');
  await page.goto(base);
  await page.locator(`li[data-game="${id}"] a.resume`).click();
  await waitForGame(page);
  await waitForRevision(page, before.revision);

  step('the replay slider shows an earlier moment, then the game again');
  await page.locator('[data-testid=replay-slider]').fill('1');
  await page.locator('[data-testid=game][data-mode=replay]').waitFor();
  await page.locator('[data-testid=replay-label]', { hasText: `after action 1 of ${before.actions}` }).waitFor();
  await page.locator('.prompt', { hasText: 'Replay: the game after action 1' }).waitFor();
  check((await page.locator('button.action').count()) === 0, 'no action can be taken in a replay');
  check((await turnSummary(page)).startsWith('Turn 1'), 'action 1 was in turn 1');
  await page.locator('button.replay-live').click();
  await page.locator('[data-testid=game][data-mode=live]').waitFor();
  check((await page.locator('button.action').count()) > 0, 'the actions are back');

  step('the record is exported, and imported as a new game at the same point');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export record' }).click(),
  ]);
  const saved = join(artefacts, 'first-wave-record.json');
  await download.saveAs(saved);
  const record = JSON.parse(readFileSync(saved, 'utf8'));
  check(record.game === 'omaha' && record.actions.length === before.actions, 'the record holds every action');
  await page.goto(base);
  await page.locator('#record-file').setInputFiles(saved);
  await page.waitForURL((next) => next.pathname.startsWith('/play/') && !next.pathname.endsWith(id));
  await waitForGame(page);
  check((await gameInfo(page)).actions === before.actions, 'the imported game has every action');
  check((await turnSummary(page)).startsWith('Turn 2'), 'the imported game is in turn 2');

  step('at phone width the page fits the screen');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('svg.map').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 1, `no sideways scrolling at 360 px (${overflow} px too wide)`);
  await page.screenshot({ path: join(artefacts, 'first-wave-phone.png'), fullPage: true });
});
