// A page can stay `loading` as long as it likes (issue #23, item 8). The demo's ?loading=hold page
// streams its HTML and keeps the answer open until the test ends it (casino.finishLoading()). The
// attack: the bet is placed while the page is loading, the pair (shown only after the bet,
// 'commitment-after-click') appears, the page finishes loading, waits for any press, then shows
// the outcome. The press during loading is the bet, so the round is never `witnessed`.
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import type { BrowserDriver, CasinoTab } from './driver.js';
import { waitForStored } from './witness-scenario.js';

const SPIN = 'button[data-action="bet"][data-game="roulette-european"]';

async function until(tab: CasinoTab, what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await tab.evaluate(check).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`the held page: ${what} ` + (await tab.evaluate(() => `${document.readyState} ${location.href} ${JSON.stringify(document.body?.dataset)} ${document.body?.innerHTML.length}`).catch((e) => String(e))));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function betWhileLoading(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setPairMode('fixed');
  casino.setCheat('commitment-after-click');
  casino.rotateSeedPair();
  const before = casino.state().rounds.length;
  const tab = await driver.openCasino('/');
  try {
    await tab.evaluate(() => void setTimeout(() => location.assign('/casino/roulette?variant=european&loading=hold'), 0));
    await until(tab, 'never showed its bet button while loading', () => document.readyState === 'loading' && document.querySelector('button[data-action="bet"]') !== null && document.body.dataset.settle === 'press' && document.body.dataset.script === 'ready');
    await (await tab.aim(SPIN))(); // THE BET, the page still loading
    await until(tab, 'never showed the pair after the bet', () => document.querySelector('[data-slot="seed-pair"]:not([hidden])') !== null);
    expect(await tab.evaluate(() => document.readyState)).toBe('loading');
    casino.finishLoading();
    await until(tab, 'never finished loading', () => document.readyState === 'complete');
    await (await tab.aim('main h1'))(); // any press: the page shows the outcome now
    await until(tab, 'never showed the outcome', () => document.body.dataset.busy === undefined);
    casino.setCheat('none');
    const played = casino.state().rounds.slice(before);
    expect(played).toHaveLength(1);
    await waitForStored(driver, played, (round) => round.status === 'pending', 'the spin seen while played');
    casino.rotateSeedPair(); // the reveal, read on the history page (the panel is hidden under the cheat)
    const history = await driver.openCasino('/casino/history');
    try {
      const [stored] = await waitForStored(driver, played, (round) => round.status !== 'pending', 'the spin checked after the reveal');
      expect(stored).toMatchObject({ status: 'verified', level: 'history' });
    } finally {
      await history.close();
    }
  } finally {
    casino.setCheat('none');
    casino.finishLoading();
    await tab.close();
  }
}

/**
 * A page that never finishes loading still has what it shows read (issue #23, item 8): the demo's
 * embedded history frame is server-rendered markup only (no data for the tap), opened on its own, held loading.
 * A round played with a made-up outcome, its seed pair revealed, is listed there: a mismatch, found
 * while the document is still `loading`.
 */
export async function madeUpOutcomeWhileLoading(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setPairMode('fixed');
  casino.rotateSeedPair();
  casino.setCheat('wrong-result');
  const played = casino.bet('roulette-european');
  casino.setCheat('none');
  casino.rotateSeedPair(); // its seed revealed: the history lists it with the seed and the made-up number
  const tab = await driver.openCasino('/');
  try {
    await tab.evaluate(() => void setTimeout(() => location.assign('/embed/history/frame?loading=hold'), 0));
    await until(tab, 'never listed the round while loading', () => document.readyState === 'loading' && document.querySelector('[data-slot="history"]') !== null);
    const [stored] = await waitForStored(driver, [played], (round) => round.status !== 'pending', 'the made-up outcome read while the page stays loading');
    expect(stored).toMatchObject({ status: 'mismatch' });
    expect(await tab.evaluate(() => document.readyState)).toBe('loading');
  } finally {
    casino.finishLoading();
    await tab.close();
  }
}
