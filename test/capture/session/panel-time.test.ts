// @vitest-environment jsdom
// A panel state's time is when that exact state (commitment, client seed, nonce, game) was first
// seen (found by an adversarial review): a page that pre-announces a pool of commitments for the
// player's client seed and next nonce under made-up game names, or as "rounds" with a result, and
// after the bet shows the one that beats the bet as the real game's panel, gets no early time for
// it. Through the real capture session and the real store.
// (The made-up games also keep the real panel's C out of the worker's evidence, so no accusation.)
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi, type MockInstance } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { roundKey } from '../../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../../src/background/store.js';
import { computeRound, gameById } from '../../../src/core/index.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const ROULETTE = gameById('roulette-european')!;
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(ROULETTE, serverSeed, 'x', 1).commitment };
};
const resultOf = (p: ReturnType<typeof pair>, cs: string, nonce: number) => String(computeRound(ROULETTE, p.serverSeed, cs, nonce).outcome);

let session: CaptureSession | undefined;
let addListener: MockInstance<Window['addEventListener']> | undefined;
afterEach(async () => {
  session?.stop();
  addListener?.mockRestore();
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

it.each([
  // The pool hides nothing from the worker's rule but its time: the round is \`history\`.
  ['panel states under made-up game names', (p: ReturnType<typeof pair>, i: number) => ({ game: `Lucky Wheel ${i}`, commitment: p.commitment }), 'commitment-after-action'],
  // A "round" on the very slot is the round's own first outcome: the round is spoilt for the page anyway.
  ['"rounds" with a result', (p: ReturnType<typeof pair>) => ({ commitment: p.commitment, result: '0' }), 'no-commitment'],
])('a pool announced as %s lends the pair shown after the bet no early time', async (_name, poolEntry, reason) => {
  addListener = vi.spyOn(window, 'addEventListener');
  let time = 1000;
  const sent: CapturedClaim[][] = [];
  session = startCapture({
    document,
    send: async (claims) => void sent.push(claims),
    now: () => time,
    scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() },
    outbox: { baseDelayMs: 10 },
  });
  const pointerdown = addListener.mock.calls.find(([name, , capture]) => name === 'pointerdown' && capture === true)![1] as unknown as (e: { isTrusted: boolean; type: string }) => void;
  const S = 'player-seed';
  const C = pair('bound');
  const pool = [1, 2, 3, 4].map((i) => pair(`pool-${i}`));
  const CHOSEN = pool[2]!;
  const panel = (p: ReturnType<typeof pair>, nonce: number) =>
    `<section class="panel"><dl><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>${nonce}</dd></dl></section>`;
  const outcome = (p: ReturnType<typeof pair>, nonce: number) =>
    `<section class="bet"><dl><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${S}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${resultOf(p, S, nonce)}</dd></dl></section>`;
  const show = (html: string, at: number) => {
    time = at;
    document.body.innerHTML = `<h2>Roulette</h2>${html}`;
    session!.scanNow();
  };
  const message = (rounds: object[], at: number) => {
    time = at;
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) }));
  };
  const act = (at: number) => {
    time = at;
    pointerdown({ isTrusted: true, type: 'pointerdown' });
  };

  show(panel(C, 5), 1500); // the real panel
  message(pool.map((p, i) => ({ ...poolEntry(p, i), clientSeed: S, nonce: '5' })), 1700); // the pool, invisible
  act(2000); // THE BET (on C, nonce 5)
  show(panel(CHOSEN, 5), 2600); // the pool's commitment that beats the bet, now as the game's panel
  act(3000); // any later click
  show(panel(CHOSEN, 5) + outcome(CHOSEN, 5), 4000);

  await vi.waitFor(() => expect(sent.flat().some((c) => c.result !== undefined && c.commitment === CHOSEN.commitment && c.game === 'European Roulette')).toBe(true));
  const shown = sent.flat().find((c) => c.result === undefined && c.commitment === CHOSEN.commitment && c.game === 'European Roulette')!;
  expect(shown.observedAt.commitment).toBe(2600); // when this panel state was first seen, not the pool's time

  for (const batch of sent) {
    const at = Math.max(...batch.flatMap((c) => Object.values(c.observedAt)));
    await storeClaims(batch, at + 1);
  }
  await storeClaims([{ source: 'json', commitment: CHOSEN.commitment, serverSeed: CHOSEN.serverSeed, observedAt: { commitment: 9000, serverSeed: 9000 } }], 9001);
  const record = (await getRound(roundKey({ commitment: CHOSEN.commitment, clientSeed: S, nonce: '5' })))!;
  expect(record.witness).toBe(reason);
});
