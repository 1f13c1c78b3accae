// @vitest-environment jsdom
// Red team 7, capture level: a slot names its game (round-tracker.ts slotOf) and an outcome ends a
// slot only of its own game, kept by its round (ending-outcomes.ts keptAsOutcome). But for a game no
// verifier knows, merge.ts isWholeOutcome answers "whole" for ANY text, so a made-up outcome under
// that name is kept and ends the slot, and no reveal can ever prove it wrong (such a round is
// `invalid`, never a mismatch). So the casino's keno page names its panel, at the bet, with a game
// Fair Witness does not know: the panel shows C1|5 as keno, then the same commitment and client
// seed as "Lucky Wheel Deluxe" (it replaces the keno state: the only live one at the bet). After the
// bet, an invisible data message "Lucky Wheel Deluxe" C1|5 "WIN x0" ends the bet; C1's true seed
// (looks like a rotation), C2 keno at nonce 6, the next click, the keno outcome on C2: witnessed.
// Fix: an outcome of a game no verifier knows ends nothing (slotsOfKept: no slot unless verifiable;
// or keptAsOutcome: lookupGame(...).kind === 'supported'); an action whose only slots are of such a
// game then never ends (history, never forged).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const UNKNOWN = 'Lucky Wheel Deluxe';

async function play(name: string, relabel: boolean) {
  const [bound, chosen] = [pair(`unknown-panel-bound-${name}`), pair(`unknown-panel-chosen-${name}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]);
  later(300);
  if (relabel) page.tap([{ ...kenoPanel(bound, 5), game: UNKNOWN }]); // the same pair, named as a game no verifier knows
  later(700);
  page.press('Place bet'); // THE BET, keno, nonce 5, on C1
  later();
  page.tap([{ game: relabel ? UNKNOWN : 'Keno', commitment: bound.commitment, clientSeed: CS, nonce: '5', result: relabel ? 'WIN x0' : ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], ...(relabel ? {} : { picks: PICKS }) }]); // never rendered
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 6)]); // C1's true seed: looks like the player's rotation
  later(1000);
  page.press('Continue'); // the player's next click
  later();
  page.tap([kenoOutcome(chosen, 6, PICKS)]); // the bet's outcome, on a pair chosen after it
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  return { verdict: await verdictOf(chosen, 6), fake: await recordOf(bound, 5) };
}

it('control: the made-up ending named as keno is caught (mismatch) once C1 is revealed', async () => {
  const { fake } = await play('control', false);
  expect(fake?.verdict.status).toBe('mismatch');
});

it('closed: the panel named as an unknown game at the bet, a made-up outcome under that name ends it: the round on the pair chosen after the bet must not be witnessed (nothing was ever checked)', async () => {
  const { verdict, fake } = await play('hole', true);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});
