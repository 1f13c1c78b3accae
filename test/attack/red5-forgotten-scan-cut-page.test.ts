// @vitest-environment jsdom
// Red team 5, capture level: red5-forgotten-scan-cut.test.ts through the content script, the router
// and the store, with the page's data messages only (none rendered). Each junk pair's states for one
// made-up client seed come in a message of their own, so that its forgotten span has a time of its
// own (the index keeps one entry per key and record).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const DECOY = 'player-cs\u200b'; // looks like the player's

async function bet(name: string, junk: boolean, play: 'P' | 'X') {
  const [p, x] = [pair(`page-cut-p-${name}`), pair(`page-cut-x-${name}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(x, 100, DECOY)]); // X's first state, covering no lower nonce
  later();
  page.tap([kenoPanel(p, 5)]); // the visible panel: P for the player's client seed, next nonce 5
  later();
  if (junk) {
    const js = [0, 1, 2].map((i) => pair(`page-cut-j${i}-${name}`));
    for (const j of js) {
      for (let k = 0; k < 8; k++) {
        page.tap([0, 1, 2].map((i) => kenoPanel(j, 1_000_000 + i, `junk-${k}`)));
        later(10);
      }
    }
    page.tap(js.map((j) => revealOf(j))); // their true seeds: closed pairs, no rival
    later();
  }
  page.tap([kenoPanel(x, 5, DECOY)]); // a second seed pair for the bet, never rendered
  later(1000);
  page.press('Place bet'); // THE BET
  later();
  if (play === 'X') page.tap([kenoOutcome(x, 5, PICKS, DECOY)]);
  else page.tap([kenoOutcome(p, 5, PICKS), ...Array.from({ length: 40 }, (_, i) => kenoPanel(x, 6 + i, DECOY))]);
  await page.settled();
  page.unload();
  await revealToWorker(play === 'X' ? x : p);
  return play === 'X' ? verdictOf(x, 5, DECOY) : verdictOf(p, 5);
}

it('the other choice: X played: witnessed', async () => {
  expect(await bet('x', true, 'X')).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('guard: P played, X pushed out, no junk: not witnessed', async () => {
  expect(await bet('guard', false, 'P')).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
});

it('closed: P played, X pushed out, three revealed junk pairs fill the forgotten read: not witnessed', async () => {
  expect(await bet('cut', true, 'P')).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
});
