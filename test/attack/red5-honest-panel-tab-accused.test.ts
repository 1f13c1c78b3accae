// @vitest-environment jsdom
// Red team 5, honest flow, false accusation (step `witness`): docs/trust.md, Limits: "On a page that
// shows no seed-pair panel (it is in another tab ...), no round ever ends: every outcome there is
// credited with your first click on the page. Rounds on the pair that was shown before that click
// are witnessed; once the pair changes, the page's rounds are `history` until you reload it."
// The player keeps the fairness panel open in tab 1 and plays in tab 2. After the player's rotation
// in tab 1 (the old pair's true seed shown at once), rounds in tab 2 on the new pair C2 at a nonce
// that C1's state before tab 2's first click covered and C1 never played come out a MISMATCH at
// step witness (C1 before the action, C1 going on after it, C2 first shown after it), not history.
// (The same as red5-honest-unended-accused.test.ts: wherever a document's round never ends.)
// Fix: changedAfterAction should not accuse over a pair whose true seed was revealed before the
// round's own commitment was first shown (that is a rotation seen, whatever the action), and should
// take "went on after the action" only from states shown before the round's own commitment.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker } from './tab-session.js';
import { casinoTab, tabDocument } from './red4-tabs.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

it('closed (false accusation): the panel in tab 1, the game in tab 2; C1 from nonce 5, three rounds, rotate in tab 1, nine rounds on C2 in tab 2: the round on C2 at nonce 8 is no mismatch', async () => {
  const [c1, c2] = [pair('panel-tab-1'), pair('panel-tab-2')];
  const panelTab = casinoTab(1, tabDocument());
  const gameTab = casinoTab(2, tabDocument());
  panelTab.tap([kenoPanel(c1, 5)]);
  later(1000);
  for (let n = 5; n < 8; n++) {
    gameTab.press('Place bet');
    later();
    gameTab.tap([kenoOutcome(c1, n, PICKS)]);
    later();
    panelTab.tap([kenoPanel(c1, n + 1)]); // the panel tab follows
    later(1000);
  }
  panelTab.press('Rotate seed pair');
  later();
  panelTab.tap([revealOf(c1), kenoPanel(c2, 0)]); // the old pair's true seed, the new pair
  later(1000);
  for (let n = 0; n < 9; n++) {
    gameTab.press('Place bet');
    later();
    gameTab.tap([kenoOutcome(c2, n, PICKS)]);
    later();
    panelTab.tap([kenoPanel(c2, n + 1)]);
    later(1000);
  }
  await Promise.all([panelTab.settled(), gameTab.settled()]);
  panelTab.unload();
  gameTab.unload();
  await revealToWorker(c2);
  const record = await recordOf(c2, 8);
  expect(record?.verdict.status).toBe('verified');
});
