// @vitest-environment jsdom
// Red team: the content script's first-seen log is bounded (5 000 entries per map, normalise.ts). A
// page that shows 5 000 made-up panel states (other client seeds, each its own commitment: nothing
// for the player's client seed, and slowly enough, 50 a second, never refused by the worker's budget)
// between C2 and going back to C1 has the log forget that C2 was the last commitment for the player's
// client seed, and C1's own first sighting: C1 shown again is then no re-showing, and the worker folds
// it into C1's early state. A round on C2 is witnessed with C1 open again beside it, and no finding.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { deliver, hostilePage, outcomeHtml, pair, panelHtml, reveal, roundOf, type Page } from './harness.js';

let page: Page | undefined;
afterEach(async () => {
  page?.stop();
  await deleteDB(DATABASE_NAME);
});

it.each([4990, 5000])('%i made-up panel states between C2 and C1 shown again (5 000: past the log\'s memory): a round on C2 is not witnessed, or a finding names them', async (count) => {
  page = hostilePage();
  const S = 'player-seed';
  const [C1, C2] = [pair('evicted-1'), pair('evicted-2')];
  page.show(panelHtml(C1, S, 5), 1500);
  page.show(panelHtml(C2, S, 5), 1600);
  const junkCommitment = (i: number) => i.toString(16).padStart(64, 'f');
  for (let batch = 0; batch < 25; batch++) {
    const rounds = Array.from({ length: 200 }, (_, k) => ({ commitment: junkCommitment(batch * 200 + k), clientSeed: `junk-${batch * 200 + k}`, nonce: '0' })).filter((_, k) => batch * 200 + k < count);
    page.message(rounds, 1700 + batch);
  }
  page.show(panelHtml(C1, S, 5), 1800); // back to C1
  page.act(2000); // THE BET
  page.show(outcomeHtml(C2, S, 5), 2500);
  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined)).toBe(true));
  // The made-up states name other client seeds, each its own commitment: nothing the rule reads for
  // the player's (left out of the store here only to keep the test fast).
  await deliver(page.sent.map((batch) => batch.filter((claim) => !claim.clientSeed?.startsWith('junk-'))).filter((batch) => batch.length > 0));
  await reveal(C2, 9000);
  const record = (await roundOf(C2, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level === 'history' || (await findings()).length > 0).toBe(true);
});
