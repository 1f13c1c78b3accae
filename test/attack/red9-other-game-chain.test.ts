// @vitest-environment jsdom
// Red team 9, capture level: the nonce chain (core/witness.ts judgeWitness `chained`) takes the
// round at nonce − 1 as the bet's predecessor when it is `bound-before-bet` itself (previousBound,
// witness-evidence.ts previousOf) — of ANY game. But "bound" for a round of another game means bound
// to THAT game's panel, whose named nonce is the casino's word and need not be the one the round's
// own game's panel named. Attack:
//   1. The keno panel shows the pair P at next nonce 5 (the player sees it).
//   2. Before the bet, an invisible data message shows the SAME pair P on a "European Roulette"
//      panel at next nonce m = 8 (a panel of another game; a casino may keep one per game).
//   3. The player bets keno (one click). The casino now knows the picks and can choose between the
//      draw of keno@5 and that of keno@9.
//   4. If it likes keno@9: an invisible data message with the TRUE roulette spin of P at nonce 8
//      (it verifies; the roulette slot (P, 8) was live at the click, so it is `witnessed` itself),
//      then the keno outcome at nonce 9.
//   5. keno@9: the keno panel named 5, the round at 8 is bound (previousBound) → chained() →
//      witnessed. Nonces 5..7 were never played: the "chain back to the nonce the panel named"
//      (docs/trust.md, The nonce the panel named) does not exist. The two-round filler limit
//      (red6-nonce-fill) needs the filler at the NAMED nonce; here it skips nonces.
// Why: witness-evidence.ts previousOf sets previousBound for a previous round of any game, and
// witness.ts chained() accepts previousBound without asking that the previous round's own named
// nonce chain back to this game's named nonce.
// Fix: a bound round should carry the base of its chain — the nonce its own panel named (for a round
// at it), or its predecessor's base (for a chained one) — and `previousBound` count only when that
// base is at or below THIS round's named nonce. (Restricting it to the same game would break the
// honest shared-pair flow: roulette rounds 5..8 in one tab, then keno at 9 in a tab whose panel still
// names 5 — that chain's base is 5.)
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

async function play(roulettePanelShown: boolean) {
  const bound = pair(`other-game-chain-${roulettePanelShown}`);
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]); // the keno panel: next nonce 5
  later(100);
  if (roulettePanelShown) page.tap([roulettePanel(bound, 8)]); // never rendered: "roulette's next nonce is 8"
  later(1000);
  page.press('Place bet'); // THE keno BET
  later();
  page.tap([rouletteOutcome(bound, 8)]); // never rendered: the true spin of nonce 8 (it verifies)
  later();
  page.tap([kenoOutcome(bound, 9, PICKS)]); // the keno draw the casino liked best
  await page.settled();
  page.unload();
  await revealToWorker(bound);
  return { chosen: await verdictOf(bound, 9), filler: await verdictOf(bound, 8) };
}

it('guard: with no roulette panel, the roulette filler binds nothing and keno@9 is nonce-skipped', async () => {
  const { chosen } = await play(false);
  expect(chosen).toMatchObject({ status: 'verified', level: 'history' });
});

// Kept open as the known limit (docs/trust.md, two rounds for one click): the named nonce is now the
// pair's last word on any game's panel (8), so keno@5 is history; but the casino may still play keno@8,
// or the roulette filler at 8 and keno@9 — the filler then stands in the player's history.
it.fails('open (the known limit): keno panel named 5, keno@9 after a roulette filler at 8 bound to a roulette panel of the same pair (nonces 5..7 never played): must not be witnessed', async () => {
  const { chosen, filler } = await play(true);
  expect(filler?.status).toBe('verified');
  expect(chosen?.status).toBe('verified');
  expect(chosen?.level).not.toBe('witnessed');
});
