// @vitest-environment jsdom
// Red team 8, capture level: the separator '|' in a slot and a round key. A slot is
// `commitment|clientSeed|nonce|game` (round-tracker.ts slotOf) and a round key
// `commitment|clientSeed|nonce` (round-key.ts roundKey), written with no escaping, while a
// commitment is any text the page's JSON names (json-tap.ts: the key decides, not a hex shape) and a
// client seed any text. So the panel shows the bound pair C1 for a client seed that holds a '|'
// ("lucky|7", the casino's own choice), next nonce 5. After the bet an invisible data message shows
// a made-up keno draw for commitment "C1|lucky", client seed "7", nonce 5: its slot and its round key
// are the bet's, so it ends the bet (tracker and worker: ending-outcomes.ts keptAsOutcome reads the
// record under that key), yet it is a round of another "commitment", one no seed ever hashes to.
// Then C1's true seed (looks like the player's rotation), C2 at nonce 6, the player's next click, the
// outcome on C2, chosen after the bet: witnessed, and the made-up draw is only `invalid` (no seed
// hashes to "C1|lucky"), never a mismatch. It also squats the real round's key (C1, "lucky|7", 5).
// Closed: a commitment is 64 hex digits or refused (shared/messages.ts), so no key part holds a '|'
// but the client seed, between the commitment and the digits of the nonce. Suggested: build slots and round keys from an unambiguous encoding (JSON.stringify of the tuple, or
// escape '|'), and/or refuse a commitment claim that is not 64 hex (validateClaim: hex64), since
// every supported game's commitment is a SHA3/SHA-256 hex digest.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME, getRound } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const MADE_UP_DRAW = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
const SEED = 'lucky|7';

async function play(forge: boolean) {
  const [bound, chosen] = [pair(`sep-bound-${forge}`), pair(`sep-chosen-${forge}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5, SEED)]);
  later(1000);
  page.press('Place bet'); // THE BET on C1 | lucky|7 | 5
  later();
  const fake = forge
    ? { game: 'Keno', commitment: `${bound.commitment}|lucky`, clientSeed: '7', nonce: '5', result: MADE_UP_DRAW, picks: PICKS }
    : { game: 'Keno', commitment: bound.commitment, clientSeed: SEED, nonce: '5', result: MADE_UP_DRAW, picks: PICKS };
  page.tap([fake]); // never rendered
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 6, SEED)]);
  later(1000);
  page.press('Continue'); // the player's next click
  later();
  page.tap([kenoOutcome(chosen, 6, PICKS, SEED)]); // the bet's outcome, on a pair chosen after it
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  const fakeRecord = await getRound(`${bound.commitment}|${SEED}|5`);
  return { verdict: await verdictOf(chosen, 6, SEED), fake: fakeRecord };
}

it('control: the made-up ending on the bet\'s own pair is caught (mismatch) once C1 is revealed', async () => {
  const { fake } = await play(false);
  expect(fake?.verdict.status).toBe('mismatch');
});

it('closed: the made-up ending spelled "C1|lucky" / "7" (the bet\'s slot and round key, another commitment): the round on the pair chosen after the bet must not be witnessed unless the made-up draw is caught', async () => {
  const { verdict, fake } = await play(true);
  expect(verdict?.status).toBe('verified');
  // Today: witnessed, and the made-up draw is `invalid` (its "commitment" is no hash), never a mismatch.
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});
