// @vitest-environment jsdom
// Red team 6, capture level: ending-outcomes.ts keptAsOutcome merges "the batch's earlier claims"
// into the stored round before asking whether an outcome is its round's own, but only the earlier
// OUTCOME claims (isOutcome: a result with its time); the store merges every round claim of the
// batch in order (store.ts mergeBatch), also one without a result. So the page sends, in ONE data
// message, first C1|5 as a European Roulette round with no result but C1's server seed (a round
// claim: neither a panel state nor a seed reveal), then C1|5 as keno with a made-up draw. keptAsOutcome
// skips the first and says the keno claim is its round's outcome: it ends the keno bet's slot; the
// store files the round as roulette first and then drops the keno draw (no whole roulette outcome):
// never checked, never a mismatch. C2, the next click, the outcome on C2: witnessed.
// Fix: merge every round claim of the batch (with or without a result) in keptAsOutcome, in the
// order mergeBatch uses; better, let writeClaims answer which claims its rounds kept as outcomes.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealToWorker, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const MADE_UP_DRAW = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

async function play(name: string, first: ((bound: Pair) => object) | undefined) {
  const [bound, chosen] = [pair(`seed-claim-bound-${name}`), pair(`seed-claim-chosen-${name}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]);
  later(1000);
  page.press('Place bet'); // THE BET, keno, nonce 5, on C1
  later();
  page.tap([...(first ? [first(bound)] : []), { ...kenoPanel(bound, 5), result: MADE_UP_DRAW, picks: PICKS }]); // one invisible message
  later();
  page.tap([kenoPanel(chosen, 6)]);
  later(1000);
  page.press('Continue'); // the player's next click
  later();
  page.tap([kenoOutcome(chosen, 6, PICKS)]); // the bet's outcome, on a pair chosen after it
  await page.settled();
  page.unload();
  await revealToWorker(bound);
  await revealToWorker(chosen);
  return { verdict: await verdictOf(chosen, 6), fake: await recordOf(bound, 5) };
}

it('control: the made-up keno draw alone: caught (mismatch) once C1 is revealed', async () => {
  const { fake } = await play('control', undefined);
  expect(fake?.verdict.status).toBe('mismatch');
});

it('closed: a roulette round claim of C1|5 with no result (C1\'s seed), then the made-up keno claim, in one message: not witnessed, or the made-up draw caught', async () => {
  const { verdict, fake } = await play('roulette-first', (bound) => ({ game: 'European Roulette', commitment: bound.commitment, clientSeed: CS, nonce: '5', serverSeed: bound.serverSeed }));
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});
