// @vitest-environment jsdom
// Red team 9, capture level: namedNonce (core/witness.ts) takes a forgotten span at ONE nonce, after
// the latest kept state and before the action, as the panel's last word ("forgotten showings at one
// nonce … that nonce", c5b504b). But pre-round.ts keeps ONE span per client seed for ALL games (forget
// is keyed by client seed only, while the states it drops are per lane, client seed and game): a
// dropped state of ANOTHER game's panel becomes the round's game's named nonce. Attack (no filler):
//   1. The keno panel shows the pair A at next nonce 5 (the player sees it).
//   2. Invisible data messages show A (same client seed) on a "European Roulette" panel at nonces 20,
//      9, 30 (the roulette lane's first, a middle one, its last) — before the bet.
//   3. The player bets keno. The casino compares keno@5 and keno@9.
//   4a. It likes keno@5: it shows it (the named nonce): witnessed.
//   4b. It likes keno@9: it first shows A under a junk client seed at 30 far-off nonces (never
//       rendered; they cover no nonce of the round, so no rival, no `hidden`): the panel memory (32)
//       overflows and drops its oldest unprotected state, roulette A/9, into the player-seed span
//       (nonce 9, highest 9, before the bet). Then keno@9: namedNonce reads the span as the keno
//       panel's word, named 9 = the round's nonce: witnessed. Nonces 5..8 never played.
// Why: pre-round.ts forget() (one span per client seed, no game) and witness.ts namedNonce (spans of
// the round's commitment and client seed, any game).
// Fix: keep the game on forgotten spans (one per lane, as the kept states), and let namedNonce read
// only spans of the round's game or of a panel naming none; a span whose game is unknown is UNKNOWN.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealToWorker, roulettePanel, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function play(choice: 5 | 9, flush: boolean) {
  const a = pair(`other-lane-names-${choice}-${flush}`);
  const page = tabPage(0);
  page.tap([kenoPanel(a, 5)]); // the keno panel: next nonce 5
  for (const n of [20, 9, 30]) {
    later(100);
    page.tap([roulettePanel(a, n)]); // never rendered
  }
  await page.settled();
  later(1000);
  page.press('Place bet'); // THE keno BET
  later();
  if (flush) {
    page.tap(Array.from({ length: 30 }, (_, i) => kenoPanel(a, 1_000_000 + i, 'junk-seed'))); // never rendered
    await page.settled();
    later();
  }
  page.tap([kenoOutcome(a, choice, PICKS)]);
  await page.settled();
  page.unload();
  const judged = (await recordOf(a, choice))?.witness;
  await revealToWorker(a);
  return { judged, verdict: await verdictOf(a, choice) };
}

it('guard: keno@5, the nonce the keno panel named, while the roulette panel named later nonces of the same pair: nonce-skipped (one pair, one last word: core/witness.ts namedNonce reads every game\'s panel)', async () => {
  const { judged, verdict } = await play(5, false);
  expect(judged).toBe('nonce-skipped');
  expect(verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
});

it('guard: keno@9 with nothing forgotten: nonce-skipped', async () => {
  expect((await play(9, false)).verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
});

it('open: keno@9 once a roulette-panel state at 9 was pushed into the client seed\'s forgotten span: must not be witnessed', async () => {
  const { verdict } = await play(9, true);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
