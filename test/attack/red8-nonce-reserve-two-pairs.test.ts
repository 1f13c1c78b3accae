// @vitest-environment jsdom
// Red team 8, capture level: the nonce kept in reserve ACROSS two commitments. A panel state
// "C, client seed, next nonce n" covers n and later nonces (core/witness.ts coversNonce) and a
// rival must cover the round's nonce; the round's own commitment's window starts at its own first
// covering state (witness.ts inWindow). So a page shows, before the bet, A for the player's client
// seed at next nonce 5 and then, in a data message of its own (never rendered), B for the same
// client seed at next nonce 6. After the bet it knows the picks and shows whichever of A/5 and B/6
// suits it:
//  - A/5: B/6 was shown in A's window but does not cover nonce 5: no rival; A's panel named 5:
//    `witnessed`.
//  - B/6: A/5 covers 6 but was shown only before B's first state (it "was replaced by it"): no rival;
//    B's panel named 6: `witnessed`.
// Either way witnessed, so the casino picked the better of two outcomes after the bet. The
// nonce-skipped rule (witness.ts namedNonce) looks only at the round's own commitment; the rival
// rule only at states covering the round's nonce. Neither sees one commitment per nonce.
// The same with B under a look-alike client seed (CS + U+200B) at next nonce 6: rivalsAnySeed also
// asks that the other seed pair cover the round's nonce, so neither pair is the other's rival.
// (Held: the same through usedAt — B/5 shown and its true outcome slipped in before the bet, then
// A/5 — keeps A/5 from witnessed; B/6 is then witnessed alone, which is this file's case B.)
// Closed but for the look-alike's round on B: core/witness.ts `ahead` (a pair at a later nonce shown
// in the window, any client seed) and `leftBehind` (the pair the panel left at a lower nonce,
// never played there). Suggested fix: judge "one pair per client seed" by the panel's last word — a round of commitment X
// is bound only if no other commitment was shown on its game's panel (or one naming no game; any
// client seed) after X's first covering state and before the outcome, at ANY nonce, unless revealed
// before the action (another game's non-covering state need not count: a round on it is never bound
// for this game, and honest per-game pairs would pay for it). Or: a rival is any other commitment of the round's client seed (any client seed)
// shown in the round's window at ANY nonce while still open, or at least one shown at a nonce
// above the round's while the round's own commitment was live (a pair per client seed: B's state
// for CS replaces A's — if A/5 was still playable, B was a second pair for the bet); and for the
// round on B, a state of A covering a nonce at or below B's that was shown before B but never
// revealed/used up while B's named nonce is above A's is a second pair (A/5 open for the bet).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function play(choice: 'A' | 'B', bSeed = CS) {
  const [a, b] = [pair(`reserve2-a-${choice}-${bSeed.length}`), pair(`reserve2-b-${choice}-${bSeed.length}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(a, 5)]); // the visible panel: A, next nonce 5
  later(300);
  page.tap([kenoPanel(b, 6, bSeed)]); // a data message never rendered: B, next nonce 6, same client seed (or a look-alike)
  later(1000);
  page.press('Place bet'); // THE BET
  later();
  // After the bet, the casino shows whichever outcome suits it.
  page.tap([choice === 'A' ? kenoOutcome(a, 5, PICKS) : kenoOutcome(b, 6, PICKS, bSeed)]);
  await page.settled();
  page.unload();
  const played = choice === 'A' ? a : b;
  await revealToWorker(played);
  return choice === 'A' ? verdictOf(a, 5) : verdictOf(b, 6, bSeed);
}

for (const choice of ['A', 'B'] as const) {
  it(`closed: A/5 and B/6 both shown for the player's client seed before the bet; the casino plays ${choice} after it: not witnessed`, async () => {
    const verdict = await play(choice);
    expect(verdict?.status).toBe('verified');
    expect(verdict?.level).not.toBe('witnessed');
  });
}

it('closed: A/5 for the player\'s client seed, B/6 for a look-alike of it, both before the bet; the casino plays A: not witnessed', async () => {
  const verdict = await play('A', CS + '\u200b');
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

// Open: the round on B under the look-alike client seed reads only the states of its own client
// seed from before its window (witness-evidence.ts: scanOthers), so A/5 for the player's is not
// seen as left behind. The round is on a client seed the player did not set (the proof says so).
it.fails('open: A/5 for the player\'s client seed, B/6 for a look-alike of it, both before the bet; the casino plays B: must not be witnessed', async () => {
  const verdict = await play('B', CS + '\u200b');
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
