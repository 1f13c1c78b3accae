// @vitest-environment jsdom
// Red team, the round tracker's checked-reveal retirement (round-tracker.ts retire()). The tracker
// keeps two bounded maps of MAX_REVEALS (64) each: `revealedAt` (every commitment read with a server
// seed, made-up or not) and `checked` (those the worker checked). A page fills `revealedAt` with
// made-up reveals, which the worker checks never, so a commitment checked earlier is evicted from
// `revealedAt` but stays in `checked`; retire() then reads `revealedAt.get(c)![1]` of undefined and
// throws at every action while a state for that commitment is live. act() throws after it has set
// the round's first action but before it returns the report: the capture session's guard swallows
// it, and the worker never hears of the bet (tab-actions.ts). The page then reloads the game (a new
// document), shows a pair chosen after the bet, waits for any click there and shows its outcome:
// with no action of the first document kept for the tab, it is credited with that click (witnessed).
// Sequence: decoy C shown and truly revealed (checked), 64 made-up reveals, C's panel shown again,
// the real panel R, THE BET; reload; S (chosen after the bet), any click, S's outcome.
// Closed: retire() treats a checked commitment whose reveal time is forgotten as not retired (the
// conservative side: more live states, fewer rounds end).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { roundTracker } from '../../src/capture/session/round-tracker.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { draw, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const MADE_UP = 64;

describe('the round tracker alone', () => {
  const state = (commitment: string, nonce: string, at: number): CapturedClaim => ({ source: 'json', commitment, clientSeed: 'cs', nonce, observedAt: { commitment: at } });
  const seed = (commitment: string, serverSeed: string, at: number): CapturedClaim => ({ source: 'json', commitment, serverSeed, observedAt: { commitment: at, serverSeed: at } });

  it('closed: a checked reveal evicted by made-up ones: act() still answers, with the action', () => {
    const tracker = roundTracker();
    tracker.read([state('c', '1', 1)], 1);
    tracker.read([seed('c', 'true-seed', 2)], 2);
    tracker.verified('c');
    for (let i = 0; i < MADE_UP; i++) tracker.read([seed(`x${i}`, 'made-up', 3 + i)], 3 + i);
    tracker.read([state('c', '2', 100), state('r', '1', 100)], 100);
    expect(tracker.act(200)).toEqual([200, []]);
  });
});

async function flow(flood: boolean) {
  const [c, r, s] = [pair(`evict-c-${flood}`), pair(`evict-r-${flood}`), pair(`evict-s-${flood}`)];
  const page = tabPage(0);
  page.tap([kenoPanel(c, 1)]);
  later();
  page.tap([revealOf(c)]); // the decoy's true seed: the worker checks it
  await page.settled();
  if (flood) {
    later();
    page.tap(Array.from({ length: MADE_UP }, (_, i) => ({ commitment: `${i.toString(16).padStart(2, '0')}${'e'.repeat(62)}`, serverSeed: 'made-up' })));
    await page.settled();
  }
  later();
  page.tap([kenoPanel(c, 2), kenoPanel(r, 1)]);
  await page.settled();
  later(1000);
  page.press('Place bet'); // THE BET
  await page.settled();
  page.unload();
  later(300);
  const reloaded = tabPage(0); // the page reloads the game
  reloaded.tap([kenoPanel(s, 1)]); // a pair chosen after the bet
  await reloaded.settled();
  later(1000);
  reloaded.click(); // any click
  later();
  reloaded.tap([{ ...kenoPanel(s, 1), result: draw(s, 1), picks: ['1', '2'] }]);
  await reloaded.settled();
  reloaded.unload();
  await revealToWorker(s);
  return verdictOf(s, 1, CS);
}

describe('through the capture session, the router and the store', () => {
  it('held (control): no flood: the bet is reported, the pair shown after it in the reloaded page is not witnessed', async () => {
    const verdict = await flow(false);
    expect(verdict?.status).toBe('verified');
    expect(verdict?.level).not.toBe('witnessed');
  });

  it('closed: the flood of made-up reveals: the pair shown after the bet in the reloaded page is still not witnessed', async () => {
    const verdict = await flow(true);
    expect(verdict?.status).toBe('verified');
    expect(verdict?.level).not.toBe('witnessed');
  });
});
