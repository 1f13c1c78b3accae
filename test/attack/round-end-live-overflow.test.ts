// @vitest-environment jsdom
// Red team: the round tracker's MAX_LIVE (32 live panel states) used against the rule. Its comment
// says a page that shows more pushes its oldest out and "none is ever alone" — but a later reading
// can replace all the decoys at once (they share one client seed) with a single one, leaving one
// decoy live and the real panel state forgotten. That decoy's outcome then ends the round at the
// bet, and a pair chosen after the bet is credited with a later click.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { deliver, hostilePage, outcomeHtml, pair, panelHtml, resultOf, reveal, roundOf, type Page } from './harness.js';

let page: Page | undefined;
afterEach(async () => {
  page?.stop();
  await deleteDB(DATABASE_NAME);
});

it.each([31, 32])('%i decoys for one client seed (32: the real panel state pushed out of the live set), one more collapses them: no pair chosen after the bet is witnessed', async (count) => {
  page = hostilePage();
  const S = 'player-seed';
  const Y = 'decoy-seed';
  const [C, CHOSEN] = [pair('bound'), pair('chosen-after-bet')];
  const decoys = Array.from({ length: count }, (_, i) => pair(`decoy-${i}`));
  page.show(panelHtml(C, S, 5), 1500); // the real panel, on screen throughout
  page.message(decoys.map((d) => ({ commitment: d.commitment, clientSeed: Y, nonce: '1' })), 1600); // 33 live: (C, S, 5) pushed out
  page.message([{ commitment: decoys[0]!.commitment, clientSeed: Y, nonce: '1' }], 1700); // replaces every Y state: one live
  page.act(2000); // THE BET, on C for S at nonce 5
  page.message([{ commitment: decoys[0]!.commitment, clientSeed: Y, nonce: '1', result: resultOf(decoys[0]!, Y, 1) }], 2500); // ends the round
  page.show(panelHtml(CHOSEN, S, 5), 2600); // a pair chosen knowing the bet
  page.act(3000); // any later click
  page.show(outcomeHtml(CHOSEN, S, 5), 4000);

  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined && c.commitment === CHOSEN.commitment)).toBe(true));
  await deliver(page.sent);
  await reveal(CHOSEN, 9000);
  const record = (await roundOf(CHOSEN, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level).toBe('history');
});
