// @vitest-environment jsdom
// Red team: a page that never finishes loading (an HTML stream left open, document.open() never
// closed) is never read: scanRun returns while readyState is 'loading'. Presses count now (issue
// 23 item 8), but the DOM is blind for as long as the page likes, so a casino that shows its panel
// and its outcomes only in markup avoids every accusation: a round with a made-up outcome is never
// stored, so never a mismatch. (The JSON tap still reads while loading.)
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { documentReadyState, deliver, hostilePage, pair, panelHtml, reveal, roundOf, resultOf, type Page } from './harness.js';

let page: Page | undefined;
const readyState = documentReadyState();
afterEach(async () => {
  page?.stop();
  await deleteDB(DATABASE_NAME);
});

it('a page that stays loading and shows a made-up outcome in its markup is still caught (a mismatch)', async () => {
  page = hostilePage();
  readyState.set('loading'); // the page streams itself forever
  const S = 'player-seed';
  const C = pair('bound');
  page.show(panelHtml(C, S, 5), 1500);
  page.act(2000);
  const truth = Number(resultOf(C, S, 5));
  const madeUp = String((truth + 1) % 37);
  page.show(`<section class="bet"><dl><dt>Server Seed Hash</dt><dd>${C.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>5</dd><dt>Result</dt><dd>${madeUp}</dd></dl></section>`, 4000);
  for (let at = 5000; at < 60_000; at += 5000) {
    page.setTime(at);
    page.session.scanNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await deliver(page.sent.filter((batch) => batch.length > 0));
  await reveal(C, 90_000);
  const record = await roundOf(C, S, 5);
  expect(record?.verdict.status).toBe('mismatch');
});
