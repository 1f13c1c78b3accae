// @vitest-environment jsdom
// Red team 4, capture level, one tab: a data message the page never renders offers a pool of
// commitments for the player's client seed at the next nonce, each under a spelling of it that looks
// the same (an invisible character appended); after the bet the page plays the pool member whose
// outcome suits it, on that spelling. Each spelling had one commitment only, shown before the bet:
// while rivals were per client seed as an exact string, that was witnessed — the casino chose among
// N seeds after the bet. A second seed pair for the bet is now one under any client seed (core/witness.ts).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';
import { EXTENSION_ID } from '../background/quiet-browser.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
/** The kinds of the findings the popup shows. */
const findingKinds = async (): Promise<string[]> => {
  const reply = await handleMessage({ type: 'findings' }, { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html` });
  expect(reply.ok).toBe(true);
  return ((reply as { value: { kind: string }[] }).value ?? []).map((finding) => finding.kind);
};

for (const [name, spell] of [
  ['zero-width spaces appended', (i: number) => CS + '\u200b'.repeat(i)],
  ['trailing spaces (JSON strings are kept exactly)', (i: number) => CS + ' '.repeat(i)],
] as const) {
  it(`closed: a pool of 8 commitments for the player's client seed spelled 8 ways (${name}), in a hidden data message before the bet; the page plays the one it likes after the bet: not witnessed`, async () => {
    const pool = Array.from({ length: 8 }, (_, i) => pair(`spelling-${name}-${i}`));
    const page = tabPage(0);
    page.tap([kenoPanel(pool[0]!, 5)]); // the visible panel: C0 for "player-cs", next nonce 5
    page.tap(pool.map((p, i) => kenoPanel(p, 5, spell(i)))); // never rendered
    later(1000);
    page.press('Place bet'); // THE BET
    later();
    const picked = 5; // whichever suits the casino, chosen knowing the bet
    page.tap([kenoOutcome(pool[picked]!, 5, PICKS, spell(picked))]);
    await page.settled();
    page.unload();
    await revealToWorker(pool[picked]!);
    const verdict = await verdictOf(pool[picked]!, 5, spell(picked));
    expect(verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
    // And the pool is named: the spellings look the same, so they are one client seed to the finding.
    expect(await findingKinds()).toContain('several-commitments');
  });
}

it('closed: one commitment under 8 spellings of the player\'s client seed (the outcome differs with each), the page plays the spelling it likes: not witnessed', async () => {
  const one = pair('spelling-one-commitment');
  const page = tabPage(0);
  page.tap([kenoPanel(one, 5)]);
  page.tap(Array.from({ length: 8 }, (_, i) => kenoPanel(one, 5, CS + '\u200b'.repeat(i + 1)))); // never rendered
  later(1000);
  page.press('Place bet');
  later();
  const spelling = CS + '\u200b'.repeat(3);
  page.tap([kenoOutcome(one, 5, PICKS, spelling)]);
  await page.settled();
  page.unload();
  await revealToWorker(one);
  expect(await verdictOf(one, 5, spelling)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
});

it('control: the player types a new client seed for the shown pair, then bets: witnessed (the old client seed was replaced before the bet)', async () => {
  const one = pair('spelling-typed');
  const page = tabPage(0);
  page.tap([kenoPanel(one, 5, 'casino-chosen')]);
  later(1000);
  page.tap([kenoPanel(one, 5)]); // the player's own, saved
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(one, 5, PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(one);
  expect(await verdictOf(one, 5)).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('control: the same pool under the one exact spelling is caught (several commitments)', async () => {
  const pool = Array.from({ length: 8 }, (_, i) => pair(`spelling-exact-${i}`));
  const page = tabPage(0);
  page.tap([kenoPanel(pool[0]!, 5)]);
  page.tap(pool.map((p) => kenoPanel(p, 5)));
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(pool[5]!, 5, PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(pool[5]!);
  expect(await verdictOf(pool[5]!, 5)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  expect(await findingKinds()).toContain('several-commitments');
});

it('closed: the rival under another client seed pushed out of its pair\'s memory in the outcome\'s own message (40 later states of it): what was forgotten keeps the round from witnessed', async () => {
  const played = pair('spelling-forgotten-played');
  const rival = pair('spelling-forgotten-rival');
  const page = tabPage(0);
  page.tap([kenoPanel(rival, 100, 'decoy-cs')]); // the rival's first state, kept by its memory: covers no lower nonce
  later();
  page.tap([kenoPanel(played, 5)]);
  later();
  page.tap([kenoPanel(rival, 5, 'decoy-cs')]); // a second seed pair for the bet, never rendered
  later(1000);
  page.press('Place bet');
  later();
  // Stored in one batch: the rival's later states push "rival, decoy-cs, 5" out (32 states kept)
  // before the round is judged, and they are stamped with the outcome, after the round's window.
  const pushing = Array.from({ length: 40 }, (_, i) => kenoPanel(rival, 6 + i, 'decoy-cs'));
  page.tap([kenoOutcome(played, 5, PICKS), ...pushing]);
  await page.settled();
  page.unload();
  await revealToWorker(played);
  expect(await verdictOf(played, 5)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
});
