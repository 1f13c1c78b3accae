// @vitest-environment jsdom
// Red team (#23 item 8, capture-session.ts scanJob + scanner.ts valueNodes): a round waits while
// one of its value nodes holds the parser's last node. For a keno draw written as a run of sibling
// chips after its label ("Drawn Numbers" <b>3</b> <b>17</b> …, label-pairs.ts readChipRun) the
// value node is the FIRST chip only: while the parser writes the fifth chip, no value node holds
// it, so the round is read at once with the chips so far. Once the rest arrives the same round
// shows ten. The draw itself is safe (a five-number draw is no keno outcome, merge keeps the ten),
// but the PICKS, read the same way, are not: two sets of picks on one nonce are a second bet on it
// (merge.ts otherPicks), a finding against an honest, still-loading history page (no click, no
// stall needed).
// Closed: a value node's parent holding the parser's last node defers the round too (capture-session.ts).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { findings } from '../../src/background/findings.js';
import { documentReadyState, deliver, hostilePage, reveal, roundOf, type Page } from './harness.js';
import { draw, pair } from './store-claims.js';

let page: Page | undefined;
const readyState = documentReadyState();
afterEach(async () => {
  page?.stop();
  await deleteDB(DATABASE_NAME);
});

const S = 'player-seed';

async function streamedDraw(layout: 'sibling chips' | 'chips in a box') {
  page = hostilePage();
  readyState.set('loading');
  const C = pair(`chips-${layout}`);
  const chips = draw(C, S, 5);
  const chip = (n: string) => `<b>${n}</b>`;
  const head = `<h2>Keno</h2><section class="bet"><dl><dt>Server Seed Hash</dt><dd>${C.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>5</dd></dl><p id="drawn"><span>Drawn Numbers</span>`;
  page.setTime(1000);
  if (layout === 'sibling chips') document.body.innerHTML = `${head} ${chips.slice(0, 5).map(chip).join(' ')}</p></section>`;
  else document.body.innerHTML = `${head}<span id="box">${chips.slice(0, 5).map(chip).join(' ')}</span></p></section>`;
  page.session.scanNow(); // the parser is writing the fifth chip
  // The next chunk: the other five chips, then the page goes on and is parsed.
  page.setTime(1100);
  const into = layout === 'sibling chips' ? document.getElementById('drawn')! : document.getElementById('box')!;
  into.insertAdjacentHTML('beforeend', ` ${chips.slice(5).map(chip).join(' ')}`);
  page.session.scanNow();
  document.body.insertAdjacentHTML('beforeend', '<footer>more</footer>');
  page.setTime(1200);
  page.session.scanNow();
  readyState.set('interactive');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  page.setTime(1300);
  page.session.scanNow();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const results = page.sent.flat().filter((c) => c.result !== undefined).map((c) => (c.result as string[]).length);
  await deliver(page.sent.filter((batch) => batch.length > 0));
  await reveal(C, 9000);
  return { verdict: (await roundOf(C, S, 5))?.verdict, results };
}

it('guard: chips in a box of their own, the parser in the fifth: read whole once the parser moved on, verified', async () => {
  const { verdict, results } = await streamedDraw('chips in a box');
  expect(results).toContain(10);
  expect(verdict?.status).toBe('verified');
});

it('held, but read half: sibling chips after the label, the parser in the fifth: the five-chip read is no outcome, verified', async () => {
  const { verdict, results } = await streamedDraw('sibling chips');
  expect(results).toContain(10);
  expect(verdict?.status).toBe('verified');
});

it('sibling pick chips after "Your picks", the parser in the second of four: no finding (not a second bet on the nonce)', async () => {
  page = hostilePage();
  readyState.set('loading');
  const C = pair('picks-sibling');
  const chips = draw(C, S, 5);
  const picks = ['4', '18', '33', '40'];
  const chip = (n: string) => `<b>${n}</b>`;
  page.setTime(1000);
  document.body.innerHTML = `<h2>Keno</h2><section class="bet"><dl><dt>Server Seed Hash</dt><dd>${C.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>5</dd><dt>Drawn Numbers</dt><dd>${chips.map(chip).join(' ')}</dd></dl><p id="picks"><span>Your picks</span> ${picks.slice(0, 2).map(chip).join(' ')}</p></section>`;
  page.session.scanNow(); // the parser is writing the second pick
  page.setTime(1100);
  document.getElementById('picks')!.insertAdjacentHTML('beforeend', ` ${picks.slice(2).map(chip).join(' ')}`);
  document.body.insertAdjacentHTML('beforeend', '<footer>more</footer>');
  page.session.scanNow();
  readyState.set('interactive');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  page.setTime(1300);
  page.session.scanNow();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await deliver(page.sent.filter((batch) => batch.length > 0));
  await reveal(C, 9000);
  const record = (await roundOf(C, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.otherPicks).toBeUndefined();
  expect(await findings()).toEqual([]);
});
