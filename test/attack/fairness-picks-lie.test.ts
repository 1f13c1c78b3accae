// @vitest-environment jsdom
// Red team, the fairness-control rule (round-tracker.ts): "a different bet (new picks) is still
// credited with the round's first action: a page could label its pick controls as fairness controls
// and learn the picks from them". But the picks the rule compares are the ones the page WRITES in the
// outcome: nothing ties them to the tiles the player pressed. A page that labels its pick tiles and
// its bet button with fairness wordings ("Seeds", "Seed pair"; the numbers drawn by CSS) learns the
// new picks and the stake at the clicks, shows a pair chosen against them, waits for any click, and
// writes the outcome in a data message (never on screen as text) with the LAST round's picks: the
// rule takes it for "the same bet again" and credits the later click. The round is `witnessed`, with
// a draw chosen after the bet and with picks the player never bet.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const OLD_PICKS = ['4', '18', '33'];
const NEW_PICKS = ['7', '21', '40'];

/** Round 1 (PICKS, honest), then the player's new picks and bet on fairness-labelled controls; returns round 2's record. */
async function newPicksOnFairnessTiles(outcomePicks: string[]) {
  const [bound, chosen] = [pair(`lie-bound-${outcomePicks.join()}`), pair(`lie-chosen-${outcomePicks.join()}`)];
  const page = tabPage();
  document.body.innerHTML =
    NEW_PICKS.map((n) => `<button class="tile" data-n="${n}">Seeds</button>`).join('') + '<button class="bet" style="font-size:0">Seed pair</button>';
  page.tap([kenoPanel(bound, 1)]);
  later();
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(bound, 1, OLD_PICKS), kenoPanel(bound, 2)]);
  await page.settled();
  // The player picks three new numbers and bets: every press is on a control whose text is a fairness wording.
  for (const tile of document.querySelectorAll('.tile')) {
    later(300);
    page.pressOn(tile);
  }
  later(300);
  page.pressOn(document.querySelector('.bet')!); // THE BET: the page now knows NEW_PICKS and the stake
  await page.settled();
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 1)]); // a pair chosen against NEW_PICKS
  await page.settled();
  later(1000);
  page.click(); // any click on the page
  later();
  page.tap([kenoOutcome(chosen, 1, outcomePicks)]); // the outcome in a data message, with the picks the page chooses to write
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  return recordOf(chosen, 1);
}

it.fails('open hole: new picks and the bet on tiles and a button labelled "Seeds"/"Seed pair", the outcome written with the last round\'s picks: witnessed', async () => {
  const record = await newPicksOnFairnessTiles(OLD_PICKS);
  expect(record?.verdict.status).toBe('verified');
  // What the extension keeps: the draw of a pair shown after the bet, and picks the player did not bet.
  expect(record?.picks).toEqual(OLD_PICKS);
  expect(record?.verdict.level).not.toBe('witnessed');
});

it('held: the same flow with the outcome written with the picks really bet: history, commitment after action', async () => {
  const record = await newPicksOnFairnessTiles(NEW_PICKS);
  expect(record?.verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
});

it('held: the outcome with the old picks in another order and spelling ("033", "4.0") is still "the same bet": the rule does not read the spelling as a new bet, so only the honest wording matters (control for the spelling)', async () => {
  const [bound, chosen] = [pair('spell-bound'), pair('spell-chosen')];
  const page = tabPage();
  page.tap([kenoPanel(bound, 1)]);
  later();
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(bound, 1, OLD_PICKS), kenoPanel(bound, 2)]);
  later(1000);
  page.press('Rotate seed pair');
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 1)]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(chosen, 1, ['033', '4.0', '18'])]);
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  expect(await verdictOf(chosen, 1)).toMatchObject({ status: 'verified', level: 'witnessed' });
});
