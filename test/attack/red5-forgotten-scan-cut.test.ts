// Red team 5, worker level (witness-evidence.ts scanForgotten): the forgotten lanes are read with
// getAllKeys(range, MAX_OTHERS + 1), 17 ENTRIES, and 'several' is decided on the distinct commitments
// among them. A commitment has one entry per client seed with forgotten states (up to 9) in the
// any-forgotten lane (at distinct times: the index keeps one entry per key and record), so three junk
// pairs fill the 17 entries, the read stops there, and every later
// entry is never read: not "several", no moreForgotten, just unread. A rival whose showing before the
// bet the store forgot (red4-seed-spelling's pushed-out rival, closed by reading that lane) is then
// missed again, and the casino has two seed pairs for the bet, each witnessed if played:
//  - P for the player's client seed (the visible panel), and
//  - X for a look-alike client seed (a hidden data message), shown after P.
// Playing X needs nothing (it was the last shown). Playing P needs X's showing forgotten (40 later
// states of X in the outcome's own message) and the forgotten read cut short by three junk pairs
// shown for 8 made-up client seeds each (3 states per client seed) and revealed (their true seeds)
// before the bet: revealed, they are no rival, yet their 24 forgotten spans fill the read.
// Fix: count index entries, not commitments, against the limit ('several' when the read was cut),
// as scanOthers does with MAX_ENTRIES; or read the lanes with a cursor over distinct primary keys.
import { cleanStoreAfterEach, outcome, pair, panel, play, reveal, T, type Pair } from './store-claims.js';
import { expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';

cleanStoreAfterEach();
const recordOf = async (p: Pair, clientSeed: string, nonce: number) => (await getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) })))!;
const DECOY = 'cs\u200b'; // looks like the player's "cs"

async function setUp(name: string, junk: boolean) {
  const [p, x] = [pair(`cut-p-${name}`), pair(`cut-x-${name}`)];
  const js = junk ? [pair(`cut-j1-${name}`), pair(`cut-j2-${name}`), pair(`cut-j3-${name}`)] : []; // 24 spans
  const jStates: CapturedClaim[] = js.flatMap((j) => Array.from({ length: 8 }, (_, k) => [0, 1, 2].map((i) => panel(j, `junk-${k}`, 1_000_000 + i, T + 2 + k * 0.05 + i * 0.01))).flat(2));
  await play(
    panel(x, DECOY, 100, T), // X's first state (kept as its lane's first): covers no lower nonce
    panel(p, 'cs', 5, T + 1), // the visible panel: P for "cs", next nonce 5
    ...(junk ? [jStates, js.map((j) => reveal(j, T + 3))] : []),
    panel(x, DECOY, 5, T + 4), // never rendered: a second seed pair for the bet
  );
  return { p, x };
}

const pushing = (x: Pair) => Array.from({ length: 40 }, (_, i) => panel(x, DECOY, 6 + i, T + 20));

it('the other choice: X played (the last pair shown before the bet): witnessed', async () => {
  const { x } = await setUp('x', true);
  await play([outcome(x, DECOY, 5, T + 20, T + 10)], reveal(x, T + 30));
  expect((await recordOf(x, DECOY, 5)).verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('guard (red4 closed): P played, X pushed out of its memory in the outcome\'s message: not witnessed', async () => {
  const { p, x } = await setUp('guard', false);
  await play([outcome(p, 'cs', 5, T + 20, T + 10), ...pushing(x)], reveal(p, T + 30));
  expect((await recordOf(p, 'cs', 5)).verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
});

it('closed: the same with three revealed junk pairs whose 24 forgotten spans fill the forgotten read: not witnessed', async () => {
  const { p, x } = await setUp('cut', true);
  await play([outcome(p, 'cs', 5, T + 20, T + 10), ...pushing(x)], reveal(p, T + 30));
  expect((await recordOf(p, 'cs', 5)).verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
});
