// The player's press is the one moment a page cannot choose; a page must not learn from the
// extension that one is under way (issue #23, item 2). The demo's 'answer-at-press' page listens for
// the read-now event the extension once sent inside each trusted press (and, without it, acts in
// its own first pointerdown listener): it asks the casino for a fresh seed and shows its panel at
// once. Whatever it shows in answer to the press is seen after the press, so the round played on
// that seed is never `witnessed` (history, or step `witness` for the commitment changed after the bet).
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import type { BrowserDriver } from './driver.js';
import { waitForStored } from './witness-scenario.js';

const ROULETTE = '/casino/roulette?variant=european';
const SPIN = 'button[data-action="bet"][data-game="roulette-european"]';

export async function commitmentAnsweredAtPress(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setPairMode('fixed');
  casino.setCheat('answer-at-press');
  casino.rotateSeedPair();
  const shownAtLoad = casino.state().seedPairs.at(-1)!.commitment;
  const before = casino.state().rounds.length;
  const tab = await driver.openCasino(ROULETTE);
  try {
    await tab.act(SPIN);
    casino.setCheat('none');
    const played = casino.state().rounds.slice(before);
    expect(played).toHaveLength(1);
    // The page did answer the press: the round is on a seed chosen then, not on the one shown at load.
    expect(played[0]!.commitment).not.toBe(shownAtLoad);
    await tab.act('button[data-action="rotate"]'); // the reveal
    const [stored] = await waitForStored(driver, played, (round) => round.status !== 'pending', 'the spin checked after the reveal');
    expect(stored!.level).not.toBe('witnessed');
    if (stored!.status === 'mismatch') expect(stored!.failures).toEqual(['witness']);
  } finally {
    casino.setCheat('none');
    await tab.close();
  }
}
