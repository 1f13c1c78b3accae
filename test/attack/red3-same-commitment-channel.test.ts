// @vitest-environment jsdom
// Red team (#23 item 4, round-tracker.ts): the bound commitment under another client seed replaces
// a live state only of its own channel (dom scan vs json message). But the live set is keyed by
// SLOT (commitment|client seed|nonce), and the latest reading of a slot overwrites its entry with
// its own channel. So a page that also sends its real panel in a data message (as SPAs do: the
// state arrives as JSON, then renders) turns the live entry of the real slot into a 'json' one;
// a second message naming the bound commitment for a made-up client seed then replaces it, and the
// real panel still on screen is not read again (the incremental scan reads changed nodes only).
// The decoy is alone at the bet; its true outcome (the casino knows the seed) ends the round, and
// a pair chosen after the bet is credited with the next click. Simpler still: a panel the page
// draws from its data only (a canvas, a closed shadow root) has only a 'json' entry to begin with.
// Closed: the same commitment under another client seed replaces a live state only for a client seed the player typed (round-tracker.ts).
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

async function decoyAfterEcho(echo: 'message' | 'none' | 'message only', decoy: 'message' | 'markup') {
  page = hostilePage();
  const S = 'player-seed';
  const X = 'decoy-seed';
  const [C, CHOSEN] = [pair(`bound-${echo}-${decoy}`), pair(`chosen-${echo}-${decoy}`)];
  if (echo === 'message only') page.show(`<div id="aside"></div>`, 1500); // a panel drawn from data only (a canvas, a closed shadow root)
  else page.show(`<div id="real">${panelHtml(C, S, 5)}</div><div id="aside"></div>`, 1500); // the real panel, on screen
  if (echo !== 'none') page.message([{ commitment: C.commitment, clientSeed: S, nonce: '5' }], 1550); // the same state as JSON
  if (decoy === 'message') page.message([{ commitment: C.commitment, clientSeed: X, nonce: '1' }], 1600);
  else page.append(panelHtml(C, X, 1, true), 1600);
  page.act(2000); // THE BET on (C, S, 5)
  page.message([{ commitment: C.commitment, clientSeed: X, nonce: '1', result: resultOf(C, X, 1) }], 2500);
  page.show(panelHtml(CHOSEN, S, 5), 2600);
  page.act(3000);
  page.show(outcomeHtml(CHOSEN, S, 5), 4000);
  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined && c.commitment === CHOSEN.commitment)).toBe(true));
  await deliver(page.sent);
  await reveal(CHOSEN, 9000);
  const record = (await roundOf(CHOSEN, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  return record.verdict.level;
}

it('guard: the real panel on screen only, a decoy message for the bound commitment: never witnessed', async () => {
  expect(await decoyAfterEcho('none', 'message')).toBe('history');
});

it('the real panel on screen AND echoed in a data message, then a decoy message for the bound commitment: never witnessed', async () => {
  expect(await decoyAfterEcho('message', 'message')).toBe('history');
});

it('the real panel echoed in a message, then a decoy in appended markup (another channel than the live entry): never witnessed', async () => {
  expect(await decoyAfterEcho('message', 'markup')).toBe('history');
});

it('the real panel known from a data message only, then a decoy message for the bound commitment: never witnessed', async () => {
  expect(await decoyAfterEcho('message only', 'message')).toBe('history');
});
