// @vitest-environment jsdom
// Red team 9, honest regression: since b014868 `hidden` (core/witness.ts judgeWitness) counts a
// forgotten span of ANY other commitment in the round's window, at any nonce ("another pair at a
// later nonce may be one a nonce apart", as `ahead`) — but unlike `ahead` with no regard to the game:
// a ForgottenShowings has no game. Cloudbet keeps one seed pair per game. An honest player with a
// fresh keno pair K (nonces 0, 1, …) and a long-played roulette pair R (nonces 100+) on one page
// (or two tabs): every roulette spin adds a panel state of R; past PANEL_MEMORY (32) the store
// forgets R's older ones (pre-round.ts), a span at nonces ≥ 101 whose times lie inside the window of
// the keno round (from K's first state, kept forever, to its outcome). The keno round is then
// `history` (several-commitments), and so is every later keno round of the session: R's span only
// grows. Before b014868 a span of another commitment counted only when it covered the round's nonce
// (101 > 0: not counted). `ahead` itself asks sameGame: a roulette panel's pair is no keno rival.
// Why: witness.ts `hidden`: `(coversNonce(span, nonce) || span.commitment !== input.commitment)`.
// Fix: keep the game on forgotten spans (pre-round.ts forget: one span per client seed AND game, as
// the lanes), and count a span above the round's nonce only when it is of the round's game or of a
// panel naming none — the same scope as `ahead`.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, rouletteOutcome, roulettePanel, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

it('honest: a keno round on a fresh pair while a long roulette session on the roulette pair goes on is witnessed', async () => {
  const k = pair('other-game-forgotten-keno');
  const r = pair('other-game-forgotten-roulette');
  const page = tabPage(0);
  page.tap([kenoPanel(k, 0)]);
  later(500);
  page.tap([roulettePanel(r, 100)]);
  for (let n = 100; n < 140; n++) {
    later(1000);
    page.press('Spin'); // a roulette bet
    later();
    page.tap([rouletteOutcome(r, n), roulettePanel(r, n + 1)]);
  }
  later(1000);
  page.press('Place bet'); // the keno bet
  later();
  page.tap([kenoOutcome(k, 0, PICKS), kenoPanel(k, 1)]);
  await page.settled();
  page.unload();
  await revealToWorker(r);
  await revealToWorker(k);
  expect(await verdictOf(r, 139)).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(await verdictOf(k, 0)).toMatchObject({ status: 'verified', level: 'witnessed' });
});
