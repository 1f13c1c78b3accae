// @vitest-environment jsdom
// Red team 8: honest flows on the capture level (a real capture session per document, the router,
// the store): none may be accused, and the rounds that the rule can witness must be witnessed.
// All HELD at the time of writing (kept as guards; each reading reaches the worker before the next
// step, as it does within milliseconds — red8-honest-late-previous.test.ts is the late case).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { casinoTab, tabDocument } from './red4-tabs.js';
import { kenoOutcome, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const findingKinds = async () => (await findings()).map((finding) => finding.kind);

it('honest: two tabs on one pair, bets alternating, each tab\'s panel stale until its own bet: every round witnessed, no finding', async () => {
  const c = pair('h8-two-tabs');
  const a = casinoTab(21, tabDocument());
  const b = casinoTab(22, tabDocument());
  a.tap([kenoPanel(c, 5)]);
  b.tap([kenoPanel(c, 5)]);
  later(1000);
  let nonce = 5;
  for (const tab of [a, b, a, b, b, a]) {
    tab.press('Place bet');
    later();
    tab.tap([kenoOutcome(c, nonce, PICKS), kenoPanel(c, nonce + 1)]);
    await tab.settled(); // each reading reaches the worker before the next step (as it does within milliseconds)
    nonce++;
    later(1000);
  }
  await Promise.all([a.settled(), b.settled()]);
  a.unload();
  b.unload();
  await revealToWorker(c);
  for (let n = 5; n < nonce; n++) expect(await verdictOf(c, n), `nonce ${n}`).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(await findingKinds()).toEqual([]);
});

it('honest: rotate in tab A (its answer reveals C and shows D), tab B stale on C; bets in A, then in B (served on D): no accusation, later rounds witnessed', async () => {
  const [c, d] = [pair('h8-rot-c'), pair('h8-rot-d')];
  const a = casinoTab(31, tabDocument());
  const b = casinoTab(32, tabDocument());
  a.tap([kenoPanel(c, 5)]);
  await a.settled();
  b.tap([kenoPanel(c, 5)]);
  await b.settled();
  later(1000);
  a.press('Place bet');
  later();
  a.tap([kenoOutcome(c, 5, PICKS), kenoPanel(c, 6)]);
  await a.settled();
  later(1000);
  a.press('Rotate seed pair');
  later();
  a.tap([revealOf(c), kenoPanel(d, 0)]);
  await a.settled();
  later(1000);
  a.press('Place bet');
  later();
  a.tap([kenoOutcome(d, 0, PICKS), kenoPanel(d, 1)]);
  await a.settled();
  later(1000);
  a.press('Place bet');
  later();
  a.tap([kenoOutcome(d, 1, PICKS), kenoPanel(d, 2)]);
  await a.settled();
  later(1000);
  b.press('Place bet'); // B still shows C/5
  later();
  b.tap([kenoOutcome(d, 2, PICKS), kenoPanel(d, 3)]);
  await b.settled();
  later(1000);
  b.press('Place bet');
  later();
  b.tap([kenoOutcome(d, 3, PICKS), kenoPanel(d, 4)]);
  await b.settled();
  await Promise.all([a.settled(), b.settled()]);
  a.unload();
  b.unload();
  await revealToWorker(d);
  for (let n = 0; n < 4; n++) expect((await verdictOf(d, n))?.status, `nonce ${n}`).toBe('verified');
  expect(await verdictOf(d, 1)).toMatchObject({ level: 'witnessed' });
  expect(await verdictOf(d, 3)).toMatchObject({ level: 'witnessed' });
  expect(await findingKinds()).toEqual([]);
});

it('honest: the panel closed after it was read, an auto-bet of 5 rounds on one start click (outcomes in data messages naming the game): all witnessed', async () => {
  const c = pair('h8-auto');
  const page = tabPage(0);
  page.tap([kenoPanel(c, 5)]);
  later(1000);
  page.press('Start autobet');
  for (let n = 5; n < 10; n++) {
    later(500);
    page.tap([kenoOutcome(c, n, PICKS)]);
  }
  await page.settled();
  page.unload();
  await revealToWorker(c);
  for (let n = 5; n < 10; n++) expect(await verdictOf(c, n), `nonce ${n}`).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('honest: a client seed typed and saved (Enter), the panel re-rendered with it, then two bets: the second witnessed, no finding', async () => {
  const c = pair('h8-typed');
  const page = tabPage(0);
  const field = document.createElement('input');
  field.setAttribute('aria-label', 'Client seed');
  document.body.append(field);
  page.tap([kenoPanel(c, 5, 'casino-chosen')]);
  later(1000);
  page.pressOn(field);
  page.typeInto(field, [...'my-own-seed', 'Enter']);
  later();
  page.tap([kenoPanel(c, 5, 'my-own-seed')]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(c, 5, PICKS, 'my-own-seed'), kenoPanel(c, 6, 'my-own-seed')]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(c, 6, PICKS, 'my-own-seed'), kenoPanel(c, 7, 'my-own-seed')]);
  await page.settled();
  page.unload();
  await revealToWorker(c);
  expect(await verdictOf(c, 5, 'my-own-seed')).toMatchObject({ status: 'verified' });
  expect(await verdictOf(c, 6, 'my-own-seed')).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(await findingKinds()).toEqual([]);
});

it('honest: the fairness panel opened with a click (the pair first shown then), then two bets: the first is history at worst, the second witnessed, no finding', async () => {
  const c = pair('h8-open-panel');
  const page = tabPage(0);
  page.press('Show seed pair');
  later();
  page.tap([kenoPanel(c, 5)]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(c, 5, PICKS), kenoPanel(c, 6)]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(c, 6, PICKS), kenoPanel(c, 7)]);
  await page.settled();
  page.unload();
  await revealToWorker(c);
  expect((await verdictOf(c, 5))?.status).toBe('verified');
  expect(await verdictOf(c, 6)).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(await findingKinds()).toEqual([]);
});
