// @vitest-environment jsdom
// Two pages of one tab (frames) with the real content-script sessions and the real store: a page
// listener runs right after the extension's, in the same task and millisecond, and can make another
// frame show a commitment then. Across pages, a reading in the action's own millisecond is not
// "before" it, so such a commitment, chosen at the click, is never witnessed.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { roundKey } from '../../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../../src/background/store.js';
import { startCapture } from '../../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { computeRound, gameById } from '../../../src/core/index.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const KENO = gameById('keno');
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

it('a commitment another frame shows in the bet click\'s own millisecond is not witnessed', async () => {
  const addListener = vi.spyOn(window, 'addEventListener');
  const [c1, c2] = [pair('tie-1'), pair('tie-2')];
  let time = 1_700_000_000_000;
  const sent: CapturedClaim[] = [];
  const options = {
    send: async (claims: CapturedClaim[]) => void sent.push(...claims),
    now: () => time,
    scheduler: { minIntervalMs: 0, whenIdle: (callback: () => void) => callback() },
    outbox: { baseDelayMs: 1 },
  };
  const panelFrame = document.implementation.createHTMLDocument('panel');
  const panelSession = startCapture({ document: panelFrame, ...options });
  const gameSession = startCapture({ document, ...options });
  const tap = (doc: Document, rounds: unknown[]) => doc.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) }));
  try {
    tap(panelFrame, [{ game: 'Keno', commitment: c1.commitment, clientSeed: 'cs', nonce: '1' }]);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    time += 1000;
    const onPointerDown = addListener.mock.calls.filter(([name, , capture]) => name === 'pointerdown' && capture === true).at(-1)![1] as (event: unknown) => void;
    onPointerDown({ isTrusted: true, type: 'pointerdown' }); // the bet, in the game frame
    tap(panelFrame, [{ game: 'Keno', commitment: c2.commitment, clientSeed: 'cs', nonce: '1' }]); // the page's own listener, same millisecond
    time += 200;
    const result = (computeRound(KENO, c2.serverSeed, 'cs', 1).outcome as number[]).map(String);
    tap(document, [{ game: 'Keno', commitment: c2.commitment, clientSeed: 'cs', nonce: '1', result }]);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    for (const claim of sent) await storeClaims([claim], time + 1);
    await storeClaims([{ source: 'json', commitment: c2.commitment, serverSeed: c2.serverSeed, observedAt: { serverSeed: time + 500 } }], time + 501);
    const verdict = (await getRound(roundKey({ commitment: c2.commitment, clientSeed: 'cs', nonce: '1' })))!.verdict;
    expect(verdict.level).not.toBe('witnessed');
    expect(verdict.status === 'mismatch' || verdict.levelReason === 'commitment-after-action').toBe(true);
  } finally {
    panelSession.stop();
    gameSession.stop();
    addListener.mockRestore();
  }
});
