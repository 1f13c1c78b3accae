// @vitest-environment jsdom
// Red team (#23 item 8, capture-session.ts scanJob): while the document is loading, a round whose
// value nodes hold the parser's last node waits, unless the page left it alone for QUIET_MS (1.5 s)
// or the player acts: then it is read "complete or not". An HONEST server-rendered page whose
// stream stalls (a slow network: 1.5 s between two chunks is common on mobile) or that the player
// clicks while it loads can be cut in the middle of a value: the text node "2" of "29", read as a
// round with result 2; once the rest arrives, the same round (commitment, client seed, nonce) shows
// result 29. Two outcomes for one nonce are a mismatch at step `nonce`: an honest casino accused.
// Closed: a round being written is not read at the player's action, and only after 3 s of quiet.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { documentReadyState, deliver, hostilePage, pair, panelHtml, resultOf, reveal, roundOf, type Page } from './harness.js';

let page: Page | undefined;
const readyState = documentReadyState();
afterEach(async () => {
  page?.stop();
  await deleteDB(DATABASE_NAME);
});

const S = 'player-seed';

/** An honest history page streaming in: its one row's result cut after `cut` characters, then `interrupt`, then the rest. */
async function streamed(interrupt: 'player click' | 'stall of 1.6 s' | 'nothing', cut = 1) {
  page = hostilePage();
  readyState.set('loading');
  const C = pair('stream-0');
  const truth = resultOf(C, S, 5); // "29"
  expect(truth.length).toBe(2);
  page.setTime(1000);
  document.body.innerHTML = `<h2>Roulette</h2>${panelHtml(pair('stream-next'), S, 6)}<section class="bet"><dl><dt>Server Seed Hash</dt><dd>${C.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>5</dd><dt>Result</dt><dd id="r">${truth.slice(0, cut)}</dd></dl></section>`;
  page.session.scanNow();
  if (interrupt === 'player click') page.act(1200);
  else if (interrupt === 'stall of 1.6 s') {
    page.setTime(2700);
    page.session.scanNow(); // what the recheck timer does meanwhile (request → scan)
  }
  // The next chunk: the rest of the value, then the parser moves on and the document is parsed.
  page.setTime(3000);
  (document.getElementById('r')!.firstChild as Text).appendData(truth.slice(cut));
  document.body.insertAdjacentHTML('beforeend', '<footer>more</footer>');
  page.session.scanNow();
  readyState.set('interactive');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  page.setTime(3500);
  page.session.scanNow();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await deliver(page.sent.filter((batch) => batch.length > 0));
  await reveal(C, 9000);
  return (await roundOf(C, S, 5))?.verdict;
}

it('guard: an honest stream cut in the middle of the result, no pause, no click: verified', async () => {
  expect((await streamed('nothing'))?.status).toBe('verified');
});

it('an honest stream cut in the middle of the result, the player clicks meanwhile: verified (not a nonce mismatch)', async () => {
  expect((await streamed('player click'))?.status).toBe('verified');
});

it('an honest stream cut in the middle of the result, the network stalls 1.6 s: verified (not a nonce mismatch)', async () => {
  expect((await streamed('stall of 1.6 s'))?.status).toBe('verified');
});
