// @vitest-environment jsdom
// The player's actions per tab (tab-actions.ts), through the real content-script sessions and the
// real router and store. A casino that reloads the page (or the game frame) after the bet shows a
// pair it chose in the new document, waits for any click there, then shows the outcome: the new
// document alone would credit that click. The worker credits the earliest action of the tab still
// open, so the round is not witnessed; an honest reload (the same pair, then a bet on it) still
// ends the old document's round.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, getRound } from '../../src/background/store.js';
import { creditOutcomes, endActions, forgetTabActions, MAX_TAB_ACTIONS, MAX_TAB_OUTCOMES, noteAction } from '../../src/background/tab-actions.js';
import { startCapture, type CaptureSession } from '../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { EXTENSION_ID } from './quiet-browser.js';

/** A batch from `tab` as the router takes it: credited, then (stored, each outcome kept by its round) ending what it plays. */
async function batch(tab: number, claims: readonly CapturedClaim[]): Promise<CapturedClaim[]> {
  const credited = await creditOutcomes(tab, claims);
  await endActions(tab, credited, credited.map(() => true));
  return credited;
}

vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));

const KENO = gameById('keno');
const TAB = 7;
const sender = (frameId = 0): MessageSender => ({
  id: EXTENSION_ID,
  url: 'https://www.cloudbet.com/en/casino/originals/keno',
  frameId,
  tab: { id: TAB, index: 0, active: true, highlighted: true, pinned: false, incognito: false } as MessageSender['tab'],
});
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
const outcome = (serverSeed: string, nonce: number) => (computeRound(KENO, serverSeed, 'cs', nonce).outcome as number[]).map(String);

let time = 1_700_000_000_000;
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
  document.body.replaceChildren();
});

/**
 * One document of the tab (a page load): the real capture session, its claims and action reports
 * through the router as the worker receives them. `unload` is the page going away (a reload).
 */
function pageLoad(frameId = 0) {
  const addListener = vi.spyOn(window, 'addEventListener');
  const replies: Promise<unknown>[] = [];
  const session: CaptureSession = startCapture({
    document,
    send: async (claims: CapturedClaim[]) => {
      const reply = (await handleMessage({ type: 'claims', claims }, sender(frameId))) as { ok: boolean; error?: string };
      if (!reply.ok) throw new Error(reply.error);
    },
    reportAction: (at, slots) => void replies.push(handleMessage({ type: 'action', at, slots }, sender(frameId))),
    now: () => time,
    scheduler: { minIntervalMs: 0, whenIdle: (callback: () => void) => callback() },
    outbox: { baseDelayMs: 1 },
  });
  const onPointerDown = addListener.mock.calls.filter(([name, , capture]) => name === 'pointerdown' && capture === true).at(-1)![1] as (event: unknown) => void;
  addListener.mockRestore();
  return {
    tap: (rounds: unknown[]) => document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) })),
    click: () => onPointerDown({ isTrusted: true, type: 'pointerdown' }),
    /** A trusted press on a button that says `text` (the page's rotate button, its bet button…). */
    press: (text: string) => {
      const button = document.createElement('button');
      button.textContent = text;
      onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => [button] });
    },
    /** Until every claim offered so far is stored and every action report answered. */
    settled: async () => {
      await vi.waitFor(() => expect(session.outbox.pending).toBe(0), { timeout: 2000, interval: 5 });
      await Promise.all(replies);
    },
    unload: () => session.stop(),
  };
}

const reveal = (serverSeed: string, commitment: string) =>
  handleMessage({ type: 'claims', claims: [{ source: 'json', commitment, serverSeed, observedAt: { serverSeed: (time += 500) } }] }, sender());
const verdictOf = async (commitment: string, nonce: number) => (await getRound(roundKey({ commitment, clientSeed: 'cs', nonce: String(nonce) })))!.verdict;

describe('the player’s actions count per tab, across its documents', () => {
  it('a reload after the bet, a pair shown in the new page, any click there, then the outcome: not witnessed', async () => {
    const [bound, chosen] = [pair('bound'), pair('chosen')];
    const first = pageLoad();
    first.tap([{ game: 'Keno', commitment: bound.commitment, clientSeed: 'cs', nonce: '1' }]);
    time += 1000;
    first.click(); // the bet, on the bound pair
    await first.settled();
    first.unload(); // the casino reloads the page; the round's outcome never shows there
    time += 500;
    const second = pageLoad();
    second.tap([{ game: 'Keno', commitment: chosen.commitment, clientSeed: 'cs', nonce: '1' }]); // a pair chosen after the bet
    time += 1000;
    second.click(); // any click in the new page
    time += 200;
    second.tap([{ game: 'Keno', commitment: chosen.commitment, clientSeed: 'cs', nonce: '1', result: outcome(chosen.serverSeed, 1) }]);
    await second.settled();
    second.unload();
    await reveal(chosen.serverSeed, chosen.commitment);
    const verdict = await verdictOf(chosen.commitment, 1);
    expect(verdict.status).not.toBe('pending');
    expect(verdict.level).not.toBe('witnessed');
  });

  it('an honest reload: the same pair shown again, a bet on it, its outcome: witnessed, and the old page’s click ends there', async () => {
    const [first_, next] = [pair('honest-1'), pair('honest-2')];
    const first = pageLoad();
    first.tap([{ game: 'Keno', commitment: first_.commitment, clientSeed: 'cs', nonce: '1' }]);
    time += 1000;
    first.click(); // a click, then the player reloads (F5)
    await first.settled();
    first.unload();
    time += 500;
    const second = pageLoad();
    second.tap([{ game: 'Keno', commitment: first_.commitment, clientSeed: 'cs', nonce: '1' }]);
    time += 1000;
    second.click(); // the bet
    time += 200;
    second.tap([{ game: 'Keno', commitment: first_.commitment, clientSeed: 'cs', nonce: '1', result: outcome(first_.serverSeed, 1) }]);
    // A new pair (the player rotated), shown before the next bet: witnessed too, so the first page's click no longer counts.
    time += 500;
    second.tap([{ game: 'Keno', commitment: next.commitment, clientSeed: 'cs', nonce: '1' }]);
    time += 1000;
    second.click();
    time += 200;
    second.tap([{ game: 'Keno', commitment: next.commitment, clientSeed: 'cs', nonce: '1', result: outcome(next.serverSeed, 1) }]);
    await second.settled();
    second.unload();
    await reveal(first_.serverSeed, first_.commitment);
    await reveal(next.serverSeed, next.commitment);
    expect(await verdictOf(first_.commitment, 1)).toMatchObject({ status: 'verified', level: 'witnessed' });
    expect(await verdictOf(next.commitment, 1)).toMatchObject({ status: 'verified', level: 'witnessed' });
  });
});

describe('a rotate click before the bet (round-tracker.ts): the round’s first action, in the document and in the worker', () => {
  const PICKS = ['4', '18', '33'];
  /** Round 1 on `first` (witnessed), the rotate button (the old seed revealed, `second` shown), the bet with `picks`: round 2's verdict. */
  async function rotateThenBet(picks: string[], between?: (page: ReturnType<typeof pageLoad>) => ReturnType<typeof pageLoad>) {
    const [first, second] = [pair(`rotate-1-${picks.join()}`), pair(`rotate-2-${picks.join()}`)];
    let page = pageLoad();
    page.tap([{ game: 'Keno', commitment: first.commitment, clientSeed: 'cs', nonce: '1' }]);
    time += 1000;
    page.press('Place bet');
    time += 200;
    page.tap([{ game: 'Keno', commitment: first.commitment, clientSeed: 'cs', nonce: '1', result: outcome(first.serverSeed, 1), picks: PICKS }]);
    time += 1000;
    page.press('Rotate seed pair');
    time += 200;
    page.tap([{ game: 'Keno', commitment: first.commitment, serverSeed: first.serverSeed }]);
    page.tap([{ game: 'Keno', commitment: second.commitment, clientSeed: 'cs', nonce: '1' }]);
    if (between) page = between(page);
    time += 1000;
    page.press('Place bet');
    time += 200;
    page.tap([{ game: 'Keno', commitment: second.commitment, clientSeed: 'cs', nonce: '1', result: outcome(second.serverSeed, 1), picks }]);
    await page.settled();
    page.unload();
    await reveal(second.serverSeed, second.commitment);
    return [await verdictOf(first.commitment, 1), await verdictOf(second.commitment, 1)];
  }

  it('rotate with the page’s button, then the same picks: round 1 witnessed, round 2 history (the page controls its labels and the picks it reports)', async () => {
    const [one, two] = await rotateThenBet(PICKS);
    expect(one).toMatchObject({ status: 'verified', level: 'witnessed' });
    expect(two).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
  });

  it('rotate, then other picks: round 2 history (commitment after action)', async () => {
    const [, two] = await rotateThenBet(['4', '18', '34']);
    expect(two).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
  });

  it('rotate, the page reloaded, a pair shown there, any click, the same picks: not witnessed (the rotate click is still open in the tab)', async () => {
    const [, two] = await rotateThenBet(PICKS, (page) => {
      page.unload();
      time += 500;
      const reloaded = pageLoad();
      reloaded.tap([{ game: 'Keno', commitment: pair('rotate-2-4,18,33').commitment, clientSeed: 'cs', nonce: '1' }]);
      return reloaded;
    });
    expect(two!.status).toBe('verified');
    expect(two!.level).not.toBe('witnessed');
  });
});

describe('the tab’s open actions (tab-actions.ts)', () => {
  const outcomeClaim = (slot: string, at: number, actedAt?: number): CapturedClaim => {
    const [commitment, clientSeed, nonce, game] = slot.split('|');
    return { source: 'json', ...(game ? { game } : {}), commitment: commitment!, clientSeed: clientSeed!, nonce: nonce!, result: '7', observedAt: { result: at }, ...(actedAt === undefined ? {} : { actedAt }) };
  };

  it('are kept in the store: a worker started anew (its module state gone) still credits them; a page left and come back does not forget them', async () => {
    await noteAction(TAB, 0, 100, ['aa|cs|1|keno']);
    await handleMessage({ type: 'bye' }, sender());
    await handleMessage({ type: 'hello' }, sender());
    vi.resetModules();
    const fresh = await import('../../src/background/tab-actions.js');
    const [credited] = await fresh.creditOutcomes(TAB, [outcomeClaim('bb|cs|1|keno', 300, 250)]);
    expect(credited!.actedAt).toBe(100);
  });

  it('an action reported later than now is kept at now: a document whose clock was pushed ahead does not sort the bet after what followed it', async () => {
    const now = Date.now();
    await handleMessage({ type: 'action', at: now + 60_000, slots: ['aa|cs|1|keno'] }, sender(1));
    const [credited] = await creditOutcomes(TAB, [outcomeClaim('bb|cs|1|keno', now + 30_000)]);
    expect(credited!.actedAt).toBeGreaterThanOrEqual(now);
    expect(credited!.actedAt).toBeLessThanOrEqual(Date.now());
  });

  it('an outcome seen before the action that ended it is still credited with it (a late batch from another frame)', async () => {
    await noteAction(TAB, 0, 100, ['aa|cs|1|keno']);
    await batch(TAB, [outcomeClaim('aa|cs|1|keno', 400)]);
    const [late, after] = await batch(TAB, [outcomeClaim('bb|cs|1|keno', 300, 250), outcomeClaim('cc|cs|1|keno', 500, 450)]);
    expect([late!.actedAt, after!.actedAt]).toEqual([100, 450]);
  });

  it('an action ends only with an outcome of its slot\'s game; a slot whose panel named no game, with one of a game Fair Witness verifies', async () => {
    const next = (at: number) => batch(TAB, [outcomeClaim('zz|cs|9|keno', at, at - 50)]).then(([claim]) => claim!.actedAt);
    await noteAction(TAB, 0, 100, ['aa|cs|1|keno']);
    // The bet's pair and nonce under another game, under one no verifier knows, or naming none: the bet stays open.
    for (const game of ['European Roulette', 'Lucky Wheel Deluxe', '']) await batch(TAB, [outcomeClaim(`aa|cs|1|${game}`, 200)]);
    expect(await next(300)).toBe(100);
    await batch(TAB, [outcomeClaim('aa|cs|1|Keno', 400)]);
    expect(await next(500)).toBe(450);
    await noteAction(TAB, 0, 600, ['bb|cs|1|']); // a panel that named no game
    await batch(TAB, [outcomeClaim('bb|cs|1|Lucky Wheel Deluxe', 700)]);
    expect(await next(800)).toBe(600);
    await batch(TAB, [outcomeClaim('bb|cs|1|American Roulette', 900)]);
    expect(await next(1000)).toBe(950);
  });

  it('an open action takes the slots a later action reports in any document of any tab, and ends with their outcome there', async () => {
    await noteAction(TAB, 0, 100, []); // a lobby click: nothing of its own ends it
    await noteAction(TAB + 1, 0, 200, ['aa|cs|1|keno']); // another tab, later: its round went on there
    const [first] = await batch(TAB + 1, [outcomeClaim('aa|cs|1|keno', 300, 200)]);
    expect(first!.actedAt).toBe(100);
    const [next] = await batch(TAB + 1, [outcomeClaim('bb|cs|2|keno', 500, 450)]);
    expect(next!.actedAt).toBe(450);
  });

  it('an action reported earlier than another takes none of that other\'s slots from before it', async () => {
    await noteAction(TAB, 0, 300, ['aa|cs|1|keno']);
    await noteAction(TAB + 1, 0, 100, ['bb|cs|1|keno']); // reported later, happened earlier: its slots are its own
    const [outcome] = await batch(TAB, [outcomeClaim('bb|cs|1|keno', 400, 300)]);
    expect(outcome!.actedAt).toBe(100); // the earliest open
    const [after] = await batch(TAB, [outcomeClaim('cc|cs|1|keno', 600, 550)]);
    expect(after!.actedAt).toBe(300); // 300 is still open: bb was never its slot
  });

  it('an open action adopting a slot whose outcome was already seen after it ends there', async () => {
    await noteAction(TAB, 0, 100, []);
    await batch(TAB + 1, [outcomeClaim('aa|cs|1|keno', 300)]);
    await noteAction(TAB + 1, 0, 200, ['aa|cs|1|keno']); // the report of the click before that outcome, late
    const [after] = await batch(TAB + 1, [outcomeClaim('bb|cs|1|keno', 500, 450)]);
    expect(after!.actedAt).toBe(450);
  });

  it('past 64 tabs the dropped tabs\' open actions are kept together', async () => {
    await noteAction(TAB, 0, 100, ['aa|cs|1|keno']);
    await batch(TAB, [outcomeClaim('aa|cs|1|keno', 200)]);
    await noteAction(TAB, 0, 300, ['bb|cs|1|keno']);
    for (let tab = 1000; tab < 1070; tab++) await noteAction(tab, 0, 10_000 + tab, [`t${tab}|cs|1|keno`]);
    const [credited] = await batch(5000, [outcomeClaim('zz|cs|1|keno', 20_000, 19_000)]);
    expect(credited!.actedAt).toBe(300);
    // All of them end with their own outcomes: then nothing earlier is credited.
    await batch(5000, [outcomeClaim('bb|cs|1|keno', 20_001), ...Array.from({ length: 70 }, (_, i) => outcomeClaim(`t${1000 + i}|cs|1|keno`, 20_001))]);
    const [clean] = await batch(5000, [outcomeClaim('yy|cs|1|keno', 30_000, 29_000)]);
    expect(clean!.actedAt).toBe(29_000);
  });

  it('past the bound, no action ends any more; a closed tab forgets them', async () => {
    for (let index = 0; index <= MAX_TAB_ACTIONS; index++) await noteAction(TAB, 1, 100 + index, [`s${index}|cs|1|keno`]);
    // The outcomes of every kept action's slot: none ends, so the first action still counts.
    await batch(TAB, Array.from({ length: MAX_TAB_ACTIONS }, (_, index) => outcomeClaim(`s${index}|cs|1|keno`, 1000)));
    const [credited] = await batch(TAB, [outcomeClaim('zz|cs|1|keno', 2000, 1900)]);
    expect(credited!.actedAt).toBe(100);
    await forgetTabActions(TAB);
    const [forgotten] = await batch(TAB + 1, [outcomeClaim('zz|cs|1|keno', 2000, 1900)]);
    expect(forgotten!.actedAt).toBe(1900);
  });
});

describe('tab actions: a report that arrives after the outcomes it should have credited', () => {
  const claimAt = (commitment: string, nonce: number, at: number, actedAt?: number): CapturedClaim => ({
    source: 'json',
    game: 'Keno',
    commitment,
    clientSeed: 'cs',
    nonce: String(nonce),
    result: ['1'],
    observedAt: { result: at },
    ...(actedAt === undefined ? {} : { actedAt }),
  });
  const keyOf = (commitment: string, nonce: number) => roundKey({ commitment, clientSeed: 'cs', nonce: String(nonce) });
  const C = 'c'.repeat(64);
  const D = 'd'.repeat(64);

  it('credits again the outcomes seen after it with a later action or none, up to the one of its own slot', async () => {
    const tab = 900;
    await batch(tab, [claimAt(C, 1, 500, 400), claimAt(C, 2, 700, 650), claimAt(D, 1, 900, 850)]);
    // The late action at 300, whose only live slot was C's nonce 2: it ended with that outcome (700).
    const recredits = await noteAction(tab, 1, 300, [`${keyOf(C, 2)}|keno`]);
    expect(recredits).toEqual([
      { key: keyOf(C, 1), actedAt: 300 },
      { key: keyOf(C, 2), actedAt: 300 },
    ]);
    // Once credited, the same report again credits nothing more.
    expect(await noteAction(tab, 1, 300, [`${keyOf(C, 2)}|keno`])).toEqual([]);
    await forgetTabActions(tab);
  });

  it('credits nothing already credited with an earlier action, nor what came before it', async () => {
    const tab = 901;
    await batch(tab, [claimAt(C, 1, 200, 100), claimAt(C, 2, 500, 250)]);
    expect(await noteAction(tab, 1, 300, [])).toEqual([]);
    await forgetTabActions(tab);
  });

  it('remembers the latest outcomes only (a bounded list per tab)', async () => {
    const tab = 902;
    await batch(tab, Array.from({ length: MAX_TAB_OUTCOMES + 10 }, (_, i) => claimAt(C, i, 1000 + i)));
    const recredits = await noteAction(tab, 1, 10, []);
    expect(recredits).toHaveLength(MAX_TAB_OUTCOMES);
    expect(recredits[0]!.key).toBe(keyOf(C, 10));
    await forgetTabActions(tab);
  });
});
