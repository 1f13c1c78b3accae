// @vitest-environment jsdom
// Red team 7, capture level: a slot names its game (round-tracker.ts slotOf, tab-actions.ts
// slotsOfKept) folded by labelKey (NFD, marks dropped, every non-letter dropped), but whether that
// game is one Fair Witness verifies, and the round's game as the store keeps it, go by
// normalizeGameName (NFC, non-letters as spaces: core/games/registry.ts lookupGame, merge.ts
// gameIdOf). A name both fold differently, "Kéno" or "K-eno", is `keno` as a slot and an unknown
// game to the verifier: merge.ts isWholeOutcome takes any text as its whole outcome, so
// ending-outcomes.ts keptAsOutcome keeps it, and it ends the keno bet's slot `…|keno`. The round is
// `invalid` (unknown game), never a mismatch, whatever its draw. So, on an honest-looking keno panel:
// the bet on C1|5; an invisible data message "Kéno" C1|5 with a made-up draw ends it; C1's true seed
// (a rotation), C2 at nonce 6, the next click, the outcome on C2: witnessed, and nothing was checked.
// Fix: one folding for both: an outcome ends a slot only when lookupGame(its game) is supported and
// its slot game is labelKey of that game's canonical id/name (or slots keyed by gameIdOf/knownGameId,
// the names of unknown games ending nothing).
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
const MADE_UP_DRAW = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

async function play(name: string, game: string) {
  const [bound, chosen] = [pair(`folding-bound-${name}`), pair(`folding-chosen-${name}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]); // the keno panel, named "Keno"
  later(1000);
  page.press('Place bet'); // THE BET, keno, nonce 5, on C1
  later();
  page.tap([{ game, commitment: bound.commitment, clientSeed: CS, nonce: '5', result: MADE_UP_DRAW, picks: PICKS }]); // never rendered
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

it('control: the made-up ending named "Keno" is caught (mismatch) once C1 is revealed', async () => {
  const { fake } = await play('control', 'Keno');
  expect(fake?.verdict.status).toBe('mismatch');
});

for (const spelling of ['Kéno', 'K-eno']) {
  it(`closed: the made-up ending named "${spelling}" (keno to the slot, unknown to the verifier): the round on the pair chosen after the bet must not be witnessed, or the draw must be caught`, async () => {
    const { verdict, fake } = await play(spelling, spelling);
    expect(verdict?.status).toBe('verified');
    expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
  });
}
