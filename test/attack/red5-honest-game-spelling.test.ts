// @vitest-environment jsdom
// Red team 5, honest flow (commit 8ee2f1f, a slot names its game, folded by labelKey): a game the
// core knows under several names (keno: "Keno", "Originals Keno", "Cloudbet Keno"; roulette:
// "Roulette", "European Roulette") is one game to the store (gameIdOf) but several to the slot
// (labelKey keeps the words). An honest page whose panel names the game one way and whose outcome
// names it another (the page heading "European Roulette", the API's "roulette") never ends a round:
// after the player's rotation every round on the new pair is credited with the bet before it
// (history, commitment after action), until the page is reloaded.
// Fix: fold a slot's game to the store's id (gameIdOf / knownGameId, else labelKey) on both sides.
// Closed: the content script sends every game by the one name the core calls it (labels.ts GAME_TABLE,
// normalise.ts sanitiseFields), so both sides' slots name it alike.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { later, pair, revealOf, revealToWorker, spin, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const panelAs = (game: string, p: Pair, nonce: number) => ({ game, commitment: p.commitment, clientSeed: CS, nonce: String(nonce) });
const outcomeAs = (game: string, p: Pair, nonce: number) => ({ ...panelAs(game, p, nonce), result: spin(p, nonce) });

for (const [panelName, outcomeName] of [
  ['European Roulette', 'European Roulette'],
  ['European Roulette', 'Roulette'],
  ['Roulette', 'european-roulette'],
] as const) {
  const honest = async () => {
    const [c1, c2] = [pair(`spell-${panelName}-${outcomeName}-1`), pair(`spell-${panelName}-${outcomeName}-2`)];
    const page = tabPage(0);
    page.tap([panelAs(panelName, c1, 5)]);
    later(1000);
    page.press('Spin'); // bet on C1, nonce 5
    later();
    page.tap([outcomeAs(outcomeName, c1, 5)]);
    later(1000);
    page.press('Rotate seed pair'); // the player's rotation: the first round after it is history (documented)
    later();
    page.tap([revealOf(c1), panelAs(panelName, c2, 0)]);
    later(1000);
    page.press('Spin'); // the first round on C2
    later();
    page.tap([outcomeAs(outcomeName, c2, 0), panelAs(panelName, c2, 1)]);
    later(1000);
    page.press('Spin'); // the second round on C2: its pair was shown before this bet
    later();
    page.tap([outcomeAs(outcomeName, c2, 1), panelAs(panelName, c2, 2)]);
    await page.settled();
    page.unload();
    await revealToWorker(c2);
    return verdictOf(c2, 1);
  };
  const title = `honest: panel named "${panelName}", outcomes named "${outcomeName}" (one game to the store); bet, rotate, two rounds on the new pair: the second is witnessed`;
  it(panelName === outcomeName ? title : `closed: ${title}`, async () => expect(await honest()).toMatchObject({ status: 'verified', level: 'witnessed' }));
}
