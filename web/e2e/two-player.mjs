// The cooperative two-player First Wave in Chromium: the lobby shows one link per division,
// each link opens its seat, the seat not to decide is shown no actions, an action sent with
// its link anyway is refused (and the page says why, and nothing changes), and the deciding
// seat's action (tapped, on a touch screen) reaches the other seat's page over the WebSocket.

import { join } from 'node:path';
import {
  args, check, gameInfo, legalActions, run, step, waitForGame, waitForRevision,
} from './lib.mjs';

const SEED = '11';
const { base, artefacts } = args();

await run('two-player First Wave', async ({ context }) => {
  const lobby = await context.newPage();

  step('the lobby starts a two-player game and shows both divisions\' links');
  await lobby.goto(base);
  await lobby.locator('input[name=option][value="two-player"]').check();
  await lobby.locator('details.more summary').click();
  await lobby.locator('#seed').fill(SEED);
  await lobby.locator('button.primary').click();
  await lobby.locator('[data-testid=created]').waitFor();
  const links = await lobby.locator('a.seat-link').evaluateAll((as) => as.map((a) => ({ href: a.href, text: a.textContent })));
  check(links.length === 2, `two seat links (${links.length})`);
  check(links[0].text.includes('1st Division') && links[1].text.includes('29th Division'), `the links name the divisions: ${links.map((l) => l.text)}`);
  await lobby.screenshot({ path: join(artefacts, 'two-player-lobby.png') });

  step('each link opens its own seat');
  const first = await context.newPage();
  await first.goto(links[0].href);
  await waitForGame(first);
  const second = await context.newPage();
  await second.goto(links[1].href);
  await waitForGame(second);
  const deciding = (await second.locator('[data-testid=prompt]').count()) ? second : first;
  const waiting = deciding === first ? second : first;
  const decider = deciding === first ? '1st Division' : '29th Division';
  check((await deciding.locator('[data-testid=prompt]').count()) === 1, 'one seat is asked to decide');
  await waiting.locator('[data-testid=waiting]', { hasText: `Waiting for ${decider}` }).waitFor();
  check((await waiting.locator('button.action').count()) === 0, 'the other seat is offered no action');

  step("an action sent with the other seat's link is refused, and changes nothing");
  const { revision } = await gameInfo(deciding);
  const [action] = await legalActions(deciding);
  await waiting.keyboard.press('1');
  await waiting.evaluate((chosen) => window.overlord.act(chosen), action.action);
  const notice = waiting.locator('#notice');
  await notice.waitFor();
  check((await notice.getAttribute('data-code')) === 'not_your_turn', `the refusal's code (${await notice.getAttribute('data-code')})`);
  check((await notice.textContent()).includes(decider), `the refusal says whose decision it is: ${await notice.textContent()}`);
  await waitForRevision(waiting, revision);
  check((await gameInfo(deciding)).revision === revision, 'the game did not move');
  check((await legalActions(deciding)).length > 0, 'the deciding seat still decides');
  await waiting.screenshot({ path: join(artefacts, 'two-player-refused.png') });

  step("the deciding seat's action, tapped on a touch screen, reaches the other seat's page");
  const button = deciding.locator('button.action', { hasText: action.anchors.label }).first();
  await button.tap();
  await waitForRevision(deciding, revision + 1);
  await waitForRevision(waiting, revision + 1);
  check((await waiting.locator('.log-lines li').count()) === (await deciding.locator('.log-lines li').count()),
    'both seats read the same log');
}, { hasTouch: true });
