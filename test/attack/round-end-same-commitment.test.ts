// @vitest-environment jsdom
// Red team: end the round with a decoy that REPLACES the real panel state in the round tracker's
// live set. The tracker drops a live state when a later reading shows a state for the same client
// seed OR the same commitment. A page that shows the bound commitment C again for a made-up client
// seed (in a message of its own, or appended markup) leaves only the decoy slot (C, X, 1) live at the
// bet; its outcome (which the casino can even compute honestly: it knows C's seed) ends the round,
// and a pair chosen after the bet, shown before any later click, is then credited with that click.
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

const reShownForADecoy = async (channel: 'message' | 'appended markup' | 'markup in a container of its own') => {
  page = hostilePage();
  const S = 'player-seed';
  const X = 'decoy-seed';
  const [C, CHOSEN] = [pair('bound'), pair('chosen-after-bet')];
  page.show(`<div id="real">${panelHtml(C, S, 5)}</div><div id="aside"></div>`, 1500); // the real panel
  // The same commitment for another client seed, alone in a reading of its own: it replaces (C, S, 5).
  if (channel === 'message') page.message([{ commitment: C.commitment, clientSeed: X, nonce: '1' }], 1600);
  else if (channel === 'appended markup') page.append(panelHtml(C, X, 1, true), 1600);
  else {
    page.setTime(1600);
    document.getElementById('aside')!.innerHTML = panelHtml(C, X, 1, true);
    page.session.scanNow();
  }
  page.act(2000); // THE BET, on C for S at nonce 5
  // A true outcome of the decoy slot (the casino knows C's seed): it ends the round.
  page.message([{ commitment: C.commitment, clientSeed: X, nonce: '1', result: resultOf(C, X, 1) }], 2500);
  page.show(panelHtml(CHOSEN, S, 5), 2600); // a pair chosen knowing the bet
  page.act(3000); // any later click
  page.show(outcomeHtml(CHOSEN, S, 5), 4000);

  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined && c.commitment === CHOSEN.commitment)).toBe(true));
  await deliver(page.sent);
  await reveal(CHOSEN, 9000);
  const record = (await roundOf(CHOSEN, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level).toBe('history');
};

it('the bound commitment re-shown for a decoy client seed (message) does not end the round: a pair chosen after the bet is never witnessed', () => reShownForADecoy('message'));
it.each(['appended markup', 'markup in a container of its own'] as const)('the bound commitment re-shown for a decoy client seed (%s) does not end the round: a pair chosen after the bet is never witnessed', (channel) => reShownForADecoy(channel));
