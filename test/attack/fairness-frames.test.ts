// @vitest-environment jsdom
// Red team, the fairness-control rule across documents and frames (tab-actions.ts ownRoundCredit:
// a document's own round report does not pull its credit back to its fairness click; other
// documents and frames still do). The page swaps or reloads the game frame between the fairness
// click (here: the bet itself, mislabelled) and the later click, or shows the reveal that would
// collapse the live set in one frame and the outcome in another.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { draw, kenoOutcome, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

/** Round 1 in `frame`, then the bet of round 2 on a control labelled "Rotate seed pair" (the same picks); returns the page. */
async function betOnRotateLabel(frame: number, bound: Pair) {
  const page = tabPage(frame);
  page.tap([kenoPanel(bound, 1)]);
  later();
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(bound, 1, PICKS), kenoPanel(bound, 2)]);
  later(1000);
  page.press('Rotate seed pair'); // THE BET of round 2
  await page.settled();
  return page;
}

it('held: the bet on a "Rotate seed pair" control in the game frame, the page swaps the frame (a new document, frame 2) that re-shows round 1\'s outcome, a pair chosen there, any click, the same picks: not witnessed', async () => {
  const [bound, chosen] = [pair('swap-bound'), pair('swap-chosen')];
  (await betOnRotateLabel(1, bound)).unload();
  later(300);
  const swapped = tabPage(2);
  swapped.tap([kenoOutcome(bound, 1, PICKS)]); // "the bet the page knew" in the new document too
  swapped.tap([revealOf(bound), kenoPanel(chosen, 1)]);
  later(1000);
  swapped.press('Place bet'); // any click
  later();
  swapped.tap([kenoOutcome(chosen, 1, PICKS)]);
  await swapped.settled();
  swapped.unload();
  await revealToWorker(chosen);
  const verdict = await verdictOf(chosen, 1);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('held: the same with the page reloaded in the same frame (frame 0 again), after the old document had reported a later click of the round (its betAt): not witnessed', async () => {
  const [bound, chosen] = [pair('reload-bound'), pair('reload-chosen')];
  const page = await betOnRotateLabel(0, bound);
  later(100);
  page.click(); // a later click in the old document: its round's betAt, kept by the worker
  await page.settled();
  page.unload();
  later(300);
  const reloaded = tabPage(0);
  reloaded.tap([kenoOutcome(bound, 1, PICKS)]);
  reloaded.tap([revealOf(bound), kenoPanel(chosen, 1)]);
  later(1000);
  reloaded.press('Rotate seed pair'); // a fairness click in the new document…
  later(1000);
  reloaded.click(); // …then any click: the new document's own round [fairness, bet]
  later();
  reloaded.tap([kenoOutcome(chosen, 1, PICKS)]);
  await reloaded.settled();
  reloaded.unload();
  await revealToWorker(chosen);
  const verdict = await verdictOf(chosen, 1);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('held: two pairs live in the game frame at the bet; the decoy\'s true seed shown in the top frame before the bet: the game frame never retires it, its round never ends, a pair shown after the bet is not witnessed', async () => {
  const [c, d, s] = [pair('frames-c'), pair('frames-d'), pair('frames-s')];
  const top = tabPage(0, document);
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const game = tabPage(1, iframe.contentDocument!);
  game.tap([kenoPanel(c, 1), kenoPanel(d, 1, 'decoy-cs')]);
  top.tap([revealOf(d)]); // read (and checked) in another document
  await Promise.all([top.settled(), game.settled()]);
  later(1000);
  game.press('Place bet'); // THE BET
  later();
  game.tap([{ ...kenoPanel(d, 1, 'decoy-cs'), result: draw(d, 1, 'decoy-cs'), picks: PICKS }]); // D's outcome: ends the round only if D was alone…
  game.tap([{ ...kenoPanel(c, 1), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], picks: PICKS }]); // …or C's (made up) if C was alone
  later();
  game.tap([kenoPanel(s, 1)]);
  later(1000);
  game.click();
  later();
  game.tap([{ ...kenoPanel(s, 1), result: draw(s, 1), picks: PICKS }]);
  await Promise.all([top.settled(), game.settled()]);
  game.unload();
  top.unload();
  await revealToWorker(s);
  const verdict = await verdictOf(s, 1, CS);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
