// A whole Tide of Iron game played in Chromium to its end, as a new player would: Le Hameau
// started from the lobby against the computer (the rule bot plays the Germans), every US
// decision taken by clicking one of the offered buttons, chosen by a seeded generator that
// leans to the attack buttons so that shots are fired; a reload now and then (the game
// resumes where it stood) and an undo where one is offered. On the way: an attack button gives
// its dice and the chance of each number of hits, and a unit clicked on the map shows its line
// of sight. At the end: the outcome (who won) and the victory points, and the replay slider
// stepping up to the last action.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  args, check, chooser, gameInfo, run, step, turnSummary, waitForGame, waitForRevision,
} from './lib.mjs';

const { base, artefacts } = args();
// The game's seed, and the generator's (a different stream of the same number). The game is
// not the same on every run all the same: the computer's guesses at what is hidden are seeded
// by the game's id (crates/server/src/bots.rs, `advice_seed`), a new random one each time, so
// its choices differ from the first German card draw on; the checks below hold whatever the
// course of the game (a full game is always 7 rounds, some 110 to 140 US decisions).
const SEED = '11';
// How often a reload comes (in the person's decisions), and after which decisions an undo is
// tried (the first decision from there on where one is offered).
const RELOAD_EVERY = 45;
const UNDO_AFTER = [30, 90];
// Attack buttons: a unit firing or suppressing, or Op Fire at a moving unit.
const ATTACK = / (fires at|suppresses) |^Op Fire with/;


function round(summary) {
  return Number(/Round (\d+)/.exec(summary)?.[1] ?? -1);
}

// The labels of the action buttons shown, without their numbers.
async function buttonLabels(page) {
  const labels = await page.locator('button.action').allTextContents();
  return labels.map((text) => text.replace(/^\d+\s*/, '').trim());
}

// Wait until the page asks the person something, or the game is over (the computer's moves
// arrive over the WebSocket meanwhile).
async function yourTurn(page) {
  await page.locator('[data-testid=prompt], [data-testid=outcome]').first().waitFor({ timeout: 120_000 });
  await page.locator('[data-testid=game][data-busy="false"]').waitFor();
}

// Click the `index`th action button, and wait for the server's answer.
async function clickButton(page, index) {
  const before = await gameInfo(page);
  await page.locator('button.action').nth(index).click();
  await page.waitForFunction((revision) => {
    const root = document.querySelector('[data-testid=game]');
    return Number(root.dataset.revision) > revision && root.dataset.busy === 'false';
  }, before.revision);
}

await run('a whole Tide of Iron game against the computer', async ({ context }) => {
  const page = await context.newPage();

  step('the lobby starts Le Hameau with the computer as the Germans');
  await page.goto(base);
  await page.locator('select#game option[value="tide-of-iron"]').waitFor({ state: 'attached' });
  await page.locator('select#game').selectOption('tide-of-iron');
  await page.locator('select#scenario option[value="le-hameau"]').waitFor({ state: 'attached' });
  await page.locator('select#scenario').selectOption('le-hameau');
  await page.locator('#player-1').selectOption('rule');
  await page.locator('details.more summary').click();
  await page.locator('#seed').fill(SEED);
  await page.locator('button.primary').click();
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{64}$/);
  await waitForGame(page);
  const rounds = Number(/Round \d+ of (\d+)/.exec(await turnSummary(page))?.[1]);
  check(rounds === 7, `Le Hameau lasts 7 rounds (${await turnSummary(page)})`);

  step('every US decision is clicked until the game ends');
  const pick = chooser(Number(SEED) * 7919);
  let decisions = 0;
  let clicks = 0;
  let reloads = 0;
  const undos = [];
  let oddsSeen = null;
  let attacksClicked = 0;
  let sightSeen = null;
  let opFirePrompts = 0;
  for (; decisions < 2000; decisions += 1) {
    await yourTurn(page);
    if (await page.locator('[data-testid=outcome]').count()) break;
    let info = await gameInfo(page);

    if (decisions > 0 && decisions % RELOAD_EVERY === 0) {
      const logLines = await page.locator('.log-lines li').count();
      await page.reload();
      await waitForGame(page);
      await waitForRevision(page, info.revision);
      await yourTurn(page);
      check((await gameInfo(page)).actions === info.actions, 'the reload resumes the game where it stood');
      check((await page.locator('.log-lines li').count()) === logLines, `the same log after a reload (${logLines} lines)`);
      reloads += 1;
    }

    if (undos.length < UNDO_AFTER.length && decisions >= UNDO_AFTER[undos.length]
      && (await page.locator('button.undo').isEnabled())) {
      await page.locator('button.undo').click();
      await page.waitForFunction((actions) => {
        const root = document.querySelector('[data-testid=game]');
        return Number(root.dataset.actions) < actions && root.dataset.busy === 'false';
      }, info.actions);
      await yourTurn(page);
      const after = await gameInfo(page);
      undos.push(`${info.actions}->${after.actions} (${await turnSummary(page)})`);
      info = after;
      continue;
    }

    // Line of sight, once the first round's actions begin: click a US counter on the map.
    if (!sightSeen && round(await turnSummary(page)) >= 1) {
      const unit = await page.evaluate(() => {
        // The top counter of a stack holding a US unit (the last drawn is on top).
        for (const stack of document.querySelectorAll('svg.map .stack')) {
          const pieces = stack.querySelectorAll('.piece[data-unit]');
          const top = pieces[pieces.length - 1];
          const shown = window.overlord.page.state.view.units.find((u) => u.id === Number(top?.dataset.unit));
          if (shown?.unit.nation === 'us') return shown.id;
        }
        return null;
      });
      check(unit !== null, 'a US counter stands on the map');
      await page.locator(`svg.map .piece[data-unit="${unit}"]`).click();
      await page.locator('svg.map .sight').first().waitFor({ state: 'attached' });
      const seen = await page.locator('svg.map .sight').count();
      const hexes = await page.locator('svg.map polygon[data-hex]').count();
      check(seen > 1 && seen < hexes, `the selected unit sees some hexes and not others (${seen} of ${hexes})`);
      const targets = await page.locator('svg.map .sight-target title').allTextContents();
      check(targets.length > 0, 'the enemies in sight are outlined');
      const told = (title) => title.split('\n').every((line) => /: can be fired on$|\(TOI-[A-Z0-9-]+\)$/.test(line));
      check(targets.every(told), `each outlined enemy says whether it can be fired on, or why not with its rule: ${targets}`);
      sightSeen = { unit, seen, targets: targets.length, titles: targets };
      await page.screenshot({ path: join(artefacts, 'toi-full-sight.png') });
      await page.keyboard.press('Escape');
      await page.locator('svg.map .sight').first().waitFor({ state: 'detached' });
    }

    const notice = page.locator('#notice.error:not([hidden])');
    if (await notice.count()) throw new Error(`an error is shown at revision ${info.revision}: ${await notice.textContent()}`);
    const labels = await buttonLabels(page);
    if (labels.some((l) => l.startsWith('Op Fire with'))) opFirePrompts += 1;
    check(labels.length > 0, `a decision is offered at revision ${info.revision} (${await turnSummary(page)})`);
    const attacks = labels.map((label, index) => ({ label, index })).filter(({ label }) => ATTACK.test(label));
    for (const { label } of attacks) {
      check(/\d+ black on [1-6](-6)?, \d+ red/.test(label) && /hits 0 \d+%/.test(label), `an attack shows its dice and chances before the roll: ${label}`);
      if (!oddsSeen) {
        oddsSeen = label;
        await page.screenshot({ path: join(artefacts, 'toi-full-odds.png') });
      }
    }
    // Shots when they are offered, often; ending the Action Phase now and then, as a player
    // would once a few actions are spent; otherwise any button.
    const end = labels.findIndex((l) => /End the Action Phase/i.test(l));
    let choice;
    if (attacks.length && pick(3) < 2) {
      choice = attacks[pick(attacks.length)].index;
      attacksClicked += 1;
    } else if (end >= 0 && pick(4) === 0) {
      choice = end;
    } else {
      choice = pick(labels.length);
      if (ATTACK.test(labels[choice])) attacksClicked += 1;
    }
    await clickButton(page, choice);
    clicks += 1;
  }

  step('the game is over: the outcome and the victory points');
  const outcome = page.locator('[data-testid=outcome]');
  check(await outcome.count(), `the game ended within ${decisions} decisions`);
  const text = (await outcome.textContent()).trim();
  const summary = await turnSummary(page);
  console.log(`  ${clicks} action buttons clicked (${attacksClicked} attacks), ${reloads} reloads, ${undos.length} undos [${undos.join('; ')}]`);
  console.log(`  ${text} | ${summary}`);
  const log = await page.locator('.log-lines li').allTextContents();
  writeFileSync(join(artefacts, 'toi-full-log.txt'), log.join('\n'));
  console.log(`  ${opFirePrompts} Op Fire prompts; ${log.length} log lines`);
  console.log(`  sight: unit ${sightSeen?.unit} sees ${sightSeen?.seen} hexes, ${sightSeen?.targets} enemies outlined (${sightSeen?.titles[0]}); odds: ${oddsSeen}`);
  check(/^Game over\. (You win|German wins|The game is a draw)/.test(text), `the outcome says who won: ${text}`);
  const vp = /VP US (\d+), German (\d+)/.exec(summary);
  check(vp, `the victory points are shown: ${summary}`);
  const [us, german] = [Number(vp[1]), Number(vp[2])];
  // TOI-WIN: the most VP, a tie to the side holding the initiative.
  const initiative = /initiative (US|German)/.exec(summary)?.[1];
  const usWins = us > german || (us === german && initiative === 'US');
  check(/You win/.test(text) === usWins && /German wins/.test(text) === !usWins,
    `the winner is the side with more VP (${text}; US ${us}, German ${german}, initiative ${initiative})`);
  check(text.includes(`(score ${us - german})`), `the US score told is its VP margin (${text}; US ${us}, German ${german})`);
  check(text.includes('TOI-WIN'), `the outcome cites its rule: ${text}`);
  check(round(summary) === rounds && /Over$/.test(summary), `the game ran its ${rounds} rounds: ${summary}`);
  check(log.some((line) => line.startsWith('TOI-WIN') && line.includes(`US ${us} VP, German ${german} VP`)),
    `the log tells the end with the VP: ${log[log.length - 1]}`);
  check((await page.locator('button.action').count()) === 0, 'nothing is offered once the game is over');
  check(await page.locator('button.undo').isDisabled(), 'nothing to take back once the game is over');
  check(oddsSeen, 'an attack was offered with its odds');
  check(sightSeen, 'a unit showed its line of sight');
  check(attacksClicked >= 1, 'shots were fired');
  check(reloads >= 1, `reloads on the way (${reloads})`);
  check(undos.length >= 1, `an undo on the way (${undos.length})`);
  await page.screenshot({ path: join(artefacts, 'toi-full-end.png') });

  step('the replay slider steps up to the last action, then the game as it stands');
  const { actions } = await gameInfo(page);
  const slider = page.locator('[data-testid=replay-slider]');
  check(Number(await slider.getAttribute('max')) === actions, `the slider runs to the last action (${actions})`);
  await slider.fill(String(actions - 1));
  await page.locator('[data-testid=game][data-mode=replay]').waitFor();
  const frame = await page.locator('.prompt .prompt-status').textContent();
  check(frame.includes(`after action ${actions - 1} of ${actions}`), `the replay shows the last action but one: ${frame}`);
  check((await page.locator('[data-testid=replay-label]').textContent()).includes(`after action ${actions - 1} of ${actions}`), 'the slider says where it stands');
  const before = await turnSummary(page);
  check(round(before) === rounds && !/Over$/.test(before), `the last action but one is in the last round, the game not over yet: ${before}`);
  await page.locator('button[aria-label="One action forward"]').click();
  await page.locator('[data-testid=game][data-mode=live]').waitFor();
  check(Number(await slider.inputValue()) === actions, 'one step forward reaches the last action');
  check((await page.locator('[data-testid=replay-label]').textContent()).includes(`as it stands (${actions} actions)`), 'the slider at its end is the game as it stands');
  check((await outcome.textContent()).trim() === text, 'the outcome is shown again at the last action');
  check(/Over$/.test(await turnSummary(page)), 'the game is over again at the last action');
});
