// @vitest-environment jsdom
// Red team: go back to a replaced commitment without being seen going back. The first-seen log keys a
// panel state by the commitment in lower case, but compares the field's value as written: C1 shown
// again in upper case after C2 is a "new value" stamped now, so it is no re-showing (no shownAgainAt),
// and the worker folds it into C1's state with its first, early time. C1 was open again beside C2 at
// the bet; a round on C2 is then `witnessed` and no several-commitments finding names them.
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

it.each([
  ['markup', false],
  ['a message', true],
  ['markup, same spelling (control)', false, false],
  ['markup, the nonce written "05"', false, false, '05'],
  ['a message, the nonce written "005"', true, false, '005'],
  ['markup, the game named "European Roulette"', false, false, '5', 'European Roulette'],
  ['markup, the game named "ROULETTE"', false, false, '5', 'ROULETTE'],
])('C1, C2, then C1 again in upper case (%s) before the bet: a round on C2 is not witnessed, and a finding names both', async (_name, viaMessage, upperCase = true, nonceText = '5', gameName = 'Roulette') => {
  page = hostilePage();
  const S = 'player-seed';
  const [C1, C2] = [pair('first'), pair('second')];
  const upper = upperCase ? { ...C1, commitment: C1.commitment.toUpperCase() } : C1;
  page.show(panelHtml(C1, S, 5), 1500);
  page.show(panelHtml(C2, S, 5), 1600); // replaces C1
  if (viaMessage) page.message([{ commitment: upper.commitment, clientSeed: S, nonce: nonceText }], 1700);
  else {
    page.setTime(1700); // back to C1: two seeds open
    document.body.innerHTML = `<h2>${gameName}</h2>${panelHtml(upper, S, 5).replace('<dd>5</dd>', `<dd>${nonceText}</dd>`)}`;
    page.session.scanNow();
  }
  page.act(2000); // THE BET
  page.show(outcomeHtml(C2, S, 5), 2500); // whichever of the two beats the bet
  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined)).toBe(true));
  await deliver(page.sent);
  await reveal(C2, 9000);
  const record = (await roundOf(C2, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level).toBe('history');
  expect((await findings()).map((f) => f.kind)).toContain('several-commitments');
});
