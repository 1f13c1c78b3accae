// @vitest-environment jsdom
// Red team 4, capture level: what a casino tab's page can do to the slots its content script reports
// with the bet (round-tracker.ts act: only a slot that was the ONLY live panel state at an action is
// reported), so that the bet's action crosses to no outcome in another tab (tab-actions.ts
// mayBeBetOf read those slots; since replaced: every casino tab is one player's, and these are
// closed). Real capture sessions on jsdom documents, one per tab, the real
// router and store. The bet in tab 1 on the pair the casino is bound to, its outcome never shown
// there; tab 2 shows a pair chosen after the bet, the player's next click there, the outcome there.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { casinoTab, tabDocument, type CasinoTabPage } from './red4-tabs.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, verdictOf, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

/** Tab 2: the chosen pair at `nonce` (shown after the bet), the player's next click, the outcome; the chosen seed revealed. */
async function chosenInTab2(chosen: Pair, nonce: number): Promise<void> {
  const tab2 = casinoTab(2, tabDocument());
  later(300);
  tab2.tap([kenoPanel(chosen, nonce)]);
  later(1000);
  tab2.press('Place bet');
  later();
  tab2.tap([kenoOutcome(chosen, nonce, PICKS)]);
  await tab2.settled();
  tab2.unload();
  await revealToWorker(chosen);
}

/** Tab 1: `shown` in one reading, the bet. */
async function betInTab1(shown: object[]): Promise<CasinoTabPage> {
  const tab1 = casinoTab(1, tabDocument());
  tab1.tap(shown);
  await tab1.settled();
  later(1000);
  tab1.press('Place bet'); // THE BET; the casino never shows its outcome in tab 1
  await tab1.settled();
  return tab1;
}

it('held: tab 1 shows the bound pair alone, the bet; tab 2 a pair chosen after it: not witnessed (the control)', async () => {
  const [bound, chosen] = [pair('slots-alone-bound'), pair('slots-alone-chosen')];
  (await betInTab1([kenoPanel(bound, 5)])).unload();
  await chosenInTab2(chosen, 5);
  expect(await verdictOf(chosen, 5)).toMatchObject({ status: 'verified', level: 'history' });
});

it('held: tab 1\'s panel writes the nonce "05" (the slot is canonical: 5): not witnessed', async () => {
  const [bound, chosen] = [pair('slots-05-bound'), pair('slots-05-chosen')];
  (await betInTab1([{ ...kenoPanel(bound, 5), nonce: '05' }])).unload();
  await chosenInTab2(chosen, 5);
  expect(await verdictOf(chosen, 5)).toMatchObject({ status: 'verified', level: 'history' });
});

it('closed: tab 1 shows the bound pair and, in the same data message, a decoy for a made-up client seed (never rendered): two live states, the bet reports no slot, and tab 2\'s pair chosen after the bet is witnessed', async () => {
  const [bound, decoy, chosen] = [pair('slots-decoy-bound'), pair('slots-decoy'), pair('slots-decoy-chosen')];
  (await betInTab1([kenoPanel(bound, 5), kenoPanel(decoy, 0, 'decoy-client-seed')])).unload();
  await chosenInTab2(chosen, 5);
  const verdict = await verdictOf(chosen, 5);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('closed: tab 1 shows the player\'s client seed at two nonces in one reading (the panel\'s "next nonce 5" and a stale "5000"): no slot is alone, the bet crosses to nothing, tab 2\'s chosen pair is witnessed', async () => {
  const [bound, chosen] = [pair('slots-two-bound'), pair('slots-two-chosen')];
  (await betInTab1([kenoPanel(bound, 5), kenoPanel(bound, 5000)])).unload();
  await chosenInTab2(chosen, 5);
  const verdict = await verdictOf(chosen, 5);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('closed: tab 1\'s panel in its top document, the bet button in its game frame (another document: nothing live there, so the bet reports no slot): tab 2\'s pair chosen after the bet is witnessed', async () => {
  const [bound, chosen] = [pair('slots-frame-bound'), pair('slots-frame-chosen')];
  const top = casinoTab(1, tabDocument(), 0);
  const game = casinoTab(1, tabDocument(), 1);
  top.tap([kenoPanel(bound, 5)]); // the seed-pair panel, in the page around the game
  await top.settled();
  later(1000);
  game.press('Place bet'); // THE BET, in the game frame
  await Promise.all([top.settled(), game.settled()]);
  top.unload();
  game.unload();
  await chosenInTab2(chosen, 5);
  const verdict = await verdictOf(chosen, 5);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('held: the bet in tab 1, its page reloaded (a new document, no panel), any click there, then tab 2\'s chosen pair: tab 1\'s first document\'s action still crosses, not witnessed', async () => {
  const [bound, chosen] = [pair('slots-reload-bound'), pair('slots-reload-chosen')];
  (await betInTab1([kenoPanel(bound, 5)])).unload();
  later(300);
  const reloaded = casinoTab(1, tabDocument());
  reloaded.press('Lobby');
  await reloaded.settled();
  reloaded.unload();
  await chosenInTab2(chosen, 5);
  expect(await verdictOf(chosen, 5)).toMatchObject({ status: 'verified', level: 'history' });
});
