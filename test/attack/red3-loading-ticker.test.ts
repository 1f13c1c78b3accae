// @vitest-environment jsdom
// Red team (#23 item 8, capture-session.ts scanJob): while the document is loading, a round holding
// the parser's last node waits until "the page has left it alone for QUIET_MS". But the quiet is the
// whole page's (changedAt: the time of ANY mutation), not the round's. A casino page that stays
// loading keeps its made-up outcome as the last thing in the document and ticks a clock (or any
// counter) elsewhere every second: the outcome is never quiet, so it is never read, until the
// player's next action. The player sees it, then leaves (pagehide reads with the same rule, so it is
// not read then either), or the page takes it away before the next bet: never stored, never a
// mismatch. The loading-forever hole (loading-forever.test.ts), back for the round that matters.
// Closed: the quiet is the parser's last node's (the same node and text for QUIET_MS), not the page's.
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
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function madeUpAtTheEnd(ticker: boolean, ending: 'pagehide' | 'taken away') {
  page = hostilePage();
  readyState.set('loading'); // the page streams itself forever
  const S = 'player-seed';
  const C = pair(`ticker-${ticker}-${ending}`);
  page.setTime(1500);
  document.body.innerHTML = `<h2>Roulette</h2><span id="clock">0</span>${panelHtml(C, S, 5)}<div id="tail"></div>`;
  await tick();
  page.session.scanNow();
  page.act(2000); // THE BET
  const madeUp = String((Number(resultOf(C, S, 5)) + 1) % 37);
  page.setTime(4000);
  document.getElementById('tail')!.innerHTML = `<section class="bet"><dl><dt>Server Seed Hash</dt><dd>${C.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>5</dd><dt>Result</dt><dd>${madeUp}</dd></dl></section>`;
  await tick();
  page.session.scanNow();
  // The player looks at the result for 20 s; the page's clock ticks every second (or not).
  for (let at = 5000; at <= 24_000; at += 1000) {
    page.setTime(at);
    if (ticker) document.getElementById('clock')!.textContent = String(at);
    await tick();
    page.session.scanNow(); // what the scheduler and the recheck do meanwhile
  }
  page.setTime(25_000);
  if (ending === 'taken away') {
    document.getElementById('tail')!.innerHTML = '<p>Place your next bet</p>';
    await tick();
    page.session.scanNow();
  } else window.dispatchEvent(new Event('pagehide'));
  await tick();
  await deliver(page.sent.filter((batch) => batch.length > 0));
  await reveal(C, 90_000);
  return (await roundOf(C, S, 5))?.verdict.status;
}

it('guard: no ticker, the made-up outcome left alone for 20 s, then taken away: a mismatch', async () => {
  expect(await madeUpAtTheEnd(false, 'taken away')).toBe('mismatch');
});

it.each(['pagehide', 'taken away'] as const)('a clock ticking elsewhere every second, the made-up outcome last in the loading document for 20 s, then %s: a mismatch', async (ending) => {
  expect(await madeUpAtTheEnd(true, ending)).toBe('mismatch');
});
