// @vitest-environment jsdom
// Red team 8, capture level: `nonce-skipped` checks only the nonce right before the round's
// (core/witness.ts playedOn: `previousNonceAt`, the round at nonce − 1, witness-evidence.ts
// previousNonceKey), not every nonce between the one the panel named and the round's. So the panel
// names nonce 5; after the bet the casino, knowing the picks, looks at the draws of nonces 5..5+k
// of the bound pair and picks the best one, n. For n > 5 it slips in the TRUE draw of n − 1 in an
// invisible data message (it verifies: never a mismatch), then shows n as the bet's outcome: the
// panel named 5, the round is at n ≥ 5 (atMost), and the round at n − 1 came first: witnessed. The
// nonces 5..n−2 are never played. The documented limit (two outcomes for one click, the first at
// the nonce the panel named, red6-nonce-fill) gives the casino a choice of two; this gives it k.
// Fix: a round at a later nonce than named counts only when EVERY nonce from the named one up to
// its own was played (seen) before its outcome — in practice: previousNonceAt only when the
// round at nonce − 1 is itself `bound-before-bet` or was played at the named nonce (a chain back
// to the named nonce), else `nonce-skipped`.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function play(chosen: number, filler: boolean) {
  const bound = pair(`gap-filler-${chosen}-${filler}`);
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]); // the panel: next nonce 5
  later(1000);
  page.press('Place bet'); // THE BET
  later();
  if (filler) page.tap([kenoOutcome(bound, chosen - 1, PICKS)]); // never rendered: the true draw of n − 1
  later();
  page.tap([kenoOutcome(bound, chosen, PICKS)]); // the outcome the casino liked best among 5..12
  await page.settled();
  page.unload();
  await revealToWorker(bound);
  return verdictOf(bound, chosen);
}

it('guard: the bet shown at nonce 9 with no filler: nonce-skipped', async () => {
  expect(await play(9, false)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
});

it('closed: the panel named 5, the bet shown at nonce 9 after a filler at 8 (nonces 5..7 never played): must not be witnessed', async () => {
  const verdict = await play(9, true);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
