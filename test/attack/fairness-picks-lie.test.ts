// @vitest-environment jsdom
// These were open holes of 48513dc's pass-over (a fairness click before the same picks again was
// not taken for the bet); the pass-over was removed for them, and they stay as guards.
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

it('closed since the pass-over was removed: new picks and the bet on tiles and a button labelled "Seeds"/"Seed pair", the outcome written with the last round\'s picks: not witnessed', async () => {
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

// The same without any lie and with honestly labelled pick tiles: only the bet button is mislabelled.
// The page learns the new picks at the tile clicks (the round's first action, its bet as far as the
// tracker knows) and at once plays a PHANTOM round on the bound pair C at its next nonce with those
// picks (C's true draw: it verifies): the slot alone at the tile clicks, so the round ends, and the
// phantom is now "the bet the page showed last" (the new picks). The player's bet on the control
// labelled "Rotate seed pair" starts a new round whose bet is "the same again"; the page shows a pair
// chosen against the picks and the stake, waits for any click, and writes the outcome truthfully.
it('closed since the pass-over was removed: new picks on honest tiles, a phantom round on the bound pair with them right after, the bet on a "Rotate seed pair" control: the pair chosen after the bet is not witnessed', async () => {
  const [bound, chosen] = [pair('phantom-bound'), pair('phantom-chosen')];
  const page = tabPage();
  page.tap([kenoPanel(bound, 1)]);
  later();
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(bound, 1, OLD_PICKS), kenoPanel(bound, 2)]);
  await page.settled();
  for (const n of NEW_PICKS) {
    later(300);
    page.press(n); // the tiles say their numbers: not fairness controls
  }
  later(50);
  page.tap([kenoOutcome(bound, 2, NEW_PICKS), kenoPanel(bound, 3)]); // the phantom: a round the player never bet (it verifies)
  await page.settled();
  later(300);
  page.press('Rotate seed pair'); // THE BET (the bet button's text): the stake and the moment learnt
  await page.settled();
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 1)]);
  await page.settled();
  later(1000);
  page.click();
  later();
  page.tap([kenoOutcome(chosen, 1, NEW_PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  const record = await recordOf(chosen, 1);
  expect(record?.verdict.status).toBe('verified');
  expect(record?.picks).toEqual(NEW_PICKS); // no lie anywhere
  expect(record?.verdict.level).not.toBe('witnessed');
});

it('honest: rotate, then the same picks written in another order and spelling ("033", "4.0"): history (the rotate click is the round\'s first), no mismatch', async () => {
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
  expect(await verdictOf(chosen, 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
});
