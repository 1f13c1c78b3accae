// @vitest-environment jsdom
// Red team 8, capture level: `nonce-skipped` reads the panel's last word before the bet from the
// round's own commitment's kept panel states (core/witness.ts namedNonce), but the store keeps only
// PANEL_MEMORY (32) states per commitment, the first and last of each client seed and game among
// them (background/pre-round.ts withPanelSighting), and a forgotten state of the round's OWN pair
// and client seed counts for nothing: not in namedNonce, not as a hidden rival (witness.ts `hidden`
// skips the round's own commitment and client seed), and step witness only looks at forgotten own
// states when another commitment was open. So the casino keeps a nonce in reserve again:
//  1. the panel shows A, next nonce 5, then moves on, 6, 7, … 38 (readings before the bet);
//  2. the player bets; the casino, knowing the picks, compares the draws of nonces 38 and 5;
//  3a. it likes 38: it shows the outcome at 38 (the panel's last word): witnessed;
//  3b. it likes 5: it first shows 34 more panel states of A (39 … 72) — a data message never
//      rendered — so that every state between A/5 (its lane's first, kept) and the bet is forgotten;
//      then shows the outcome at 5: namedNonce now sees only A/5 before the bet: witnessed.
// Either way witnessed: the better of two outcomes, chosen after the bet.
// Fix: when the round's own pair (client seed, game) has forgotten showings that reach from the
// latest kept state before the action up to the action (ForgottenShowings of its own commitment and
// client seed with `from` before the action and `to` after that kept state), the named nonce is not
// known: judge `nonce-skipped` unless the round's nonce − 1 was played before its outcome (or keep
// the latest state before each recent action unforgettable, e.g. the panel's state at each action).
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

async function play(choice: 38 | 5, flushAfterBet: boolean) {
  const a = pair(`named-forgotten-${choice}-${flushAfterBet}`);
  const page = tabPage(0);
  for (let n = 5; n <= 38; n++) {
    page.tap([kenoPanel(a, n)]);
    later(50);
  }
  await page.settled();
  later(1000);
  page.press('Place bet'); // THE BET: the panel's last word was A, next nonce 38
  later();
  if (flushAfterBet) {
    page.tap(Array.from({ length: 34 }, (_, i) => kenoPanel(a, 39 + i))); // never rendered
    await page.settled();
    later();
  }
  page.tap([kenoOutcome(a, choice, PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(a);
  return verdictOf(a, choice);
}

it('guard: the outcome at the nonce the panel named last (38): witnessed', async () => {
  expect(await play(38, false)).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('guard: the outcome at 5 with nothing forgotten: nonce-skipped', async () => {
  expect(await play(5, false)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
});

it('closed: the outcome at 5 once the panel states between A/5 and the bet were pushed out of memory after the bet: not witnessed', async () => {
  const verdict = await play(5, true);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
