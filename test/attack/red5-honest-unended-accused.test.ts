// @vitest-environment jsdom
// Red team 5, honest flow, false accusation (step `witness`): when no outcome ends the page's round
// (its outcomes name the game otherwise than its panel, commit 8ee2f1f: "European Roulette" and
// "Roulette" are one game to the store but two slots), every later round of the page is credited
// with the player's first bet, long ago. After the player's rotation (the old pair's true seed shown
// at once), a round on the new pair C2 at a nonce that the old pair's first panel state covered and
// the old pair never played is judged as "the panel showed C1 before the action, went on showing it
// after, and the round came out on C2, first shown after the action": a mismatch at step witness,
// for an honest casino. The same holds wherever a page's round never ends (outcomes that name no
// game: docs/trust.md promises only `history` there).
// Fix: besides the spelling (fold slots to the store's game id), changedAfterAction should not
// accuse over a pair whose true seed was revealed before the round's own commitment was first shown
// (the rotation is then seen, whatever the action), nor when the round's own commitment was shown
// before the round's outcome's previous outcome on the page (the page had moved on long before).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { later, pair, recordOf, revealOf, revealToWorker, spin, tabPage, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const panelAs = (game: string | undefined, p: Pair, nonce: number) => ({ ...(game === undefined ? {} : { game }), commitment: p.commitment, clientSeed: CS, nonce: String(nonce) });
const outcomeAs = (game: string | undefined, p: Pair, nonce: number) => ({ ...panelAs(game, p, nonce), game: game ?? 'European Roulette', result: spin(p, nonce) });

for (const [name, panelGame, outcomeGame] of [
  ['control: panel and outcomes named alike', 'European Roulette', 'European Roulette'],
  ['panel "European Roulette", outcomes "Roulette"', 'European Roulette', 'Roulette'],
] as const) {
  const run = async () => {
    const [c1, c2] = [pair(`unended-1-${name}`), pair(`unended-2-${name}`)];
    const page = tabPage(0);
    page.tap([panelAs(panelGame, c1, 5)]);
    later(1000);
    for (let n = 5; n < 8; n++) {
      page.press('Spin');
      later();
      page.tap([outcomeAs(outcomeGame, c1, n), panelAs(panelGame, c1, n + 1)]);
      later(1000);
    }
    page.press('Rotate seed pair');
    later();
    page.tap([revealOf(c1), panelAs(panelGame, c2, 0)]); // the old pair's true seed, the new pair
    later(1000);
    for (let n = 0; n < 9; n++) {
      page.press('Spin');
      later();
      page.tap([outcomeAs(outcomeGame, c2, n), panelAs(panelGame, c2, n + 1)]);
      later(1000);
    }
    await page.settled();
    page.unload();
    await revealToWorker(c2);
    return recordOf(c2, 8);
  };
  if (name.startsWith('control')) {
    it(`${name}: the round on C2 at nonce 8 is witnessed`, async () => expect((await run())?.verdict).toMatchObject({ status: 'verified', level: 'witnessed' }));
  } else {
    it(`closed (false accusation): ${name}; C1 from nonce 5, three rounds, rotate, nine rounds on C2: the round on C2 at nonce 8 is no mismatch`, async () => {
      const record = await run();
      expect(record?.verdict.status).toBe('verified');
    });
  }
}
