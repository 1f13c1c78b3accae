// @vitest-environment jsdom
// The round-end rule of the capture session against a page that tries to end the round between the
// bet and a pair it chose knowing the bet (found by an adversarial review): a made-up outcome of a
// second panel (hidden beside it, or alone in a scan or data message of its own: the real one stays
// live until a state for its client seed or commitment replaces it), or
// of the bound pair at another nonce, does not end it, so the chosen pair's
// outcome stays credited with the bet's click and is never `witnessed`. Through the real store.
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
  ['a hidden decoy pair (other client seed) in the panel scan, then its made-up outcome', 'same-scan'],
  ['a decoy pair (other client seed) in a data message of its own after the panel, then its made-up outcome', 'message'],
  ['a decoy pair (other client seed) alone in the markup after the panel (taken away, not replaced), then its made-up outcome', 'later-scan'],
  ['no decoy: a made-up outcome of the bound pair at another nonce (99)', 'none'],
] as const)('%s: the round goes on, and a pair chosen after the bet is never witnessed', async (_name, decoy) => {
  const useDecoy = decoy !== 'none';
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
  const [C, D, CHOSEN] = [pair('bound'), pair('decoy'), pair('chosen-after-bet')];
  const panel = (p: ReturnType<typeof pair>, cs: string, nonce: number, hidden = false) =>
    `<section class="panel"${hidden ? ' hidden' : ''}><dl><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${cs}</dd><dt>Nonce</dt><dd>${nonce}</dd></dl></section>`;
  const outcome = (p: ReturnType<typeof pair>, cs: string, nonce: number) =>
    `<section class="bet"><dl><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${cs}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${resultOf(p, cs, nonce)}</dd></dl></section>`;
  const show = (html: string, at: number) => {
    time = at;
    document.body.innerHTML = `<h2>Roulette</h2>${html}`;
    session!.scanNow();
  };
  const act = (at: number) => {
    time = at;
    pointerdown({ isTrusted: true, type: 'pointerdown' });
  };

  show(panel(C, S, 5) + (decoy === 'same-scan' ? panel(D, 'decoy-seed', 1, true) : ''), 1500); // the real panel, plus a hidden decoy pair
  if (decoy === 'message') {
    time = 1600; // the decoy alone in one data message (the tap's event: a page can dispatch it too)
    const rounds = [{ commitment: D.commitment, clientSeed: 'decoy-seed', nonce: '1' }];
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) }));
  }
  if (decoy === 'later-scan') {
    show(panel(D, 'decoy-seed', 1), 1600); // the decoy alone in the next scan
  }
  act(2000); // THE BET (on C, nonce 5): the server now knows the bet
  show(useDecoy ? outcome(D, 'decoy-seed', 1) : outcome(C, S, 99), 2500); // a made-up outcome: not the slot the panel showed alone
  show(panel(CHOSEN, S, 5), 2600); // a pair chosen knowing the bet
  act(3000); // any later click (dismiss a toast, the next bet ...)
  show(outcome(CHOSEN, S, 5), 4000); // the bet's outcome, on the chosen pair

  await vi.waitFor(() => expect(sent.flat().some((c) => c.result !== undefined && c.commitment === CHOSEN.commitment)).toBe(true));
  const chosenClaim = sent.flat().find((c) => c.result !== undefined && c.commitment === CHOSEN.commitment)!;
  expect(Math.floor(chosenClaim.actedAt!)).toBe(2000); // credited with the bet, not the later click

  // Into the real store, in the order sent; then the casino reveals the chosen pair.
  for (const batch of sent) {
    const at = Math.max(...batch.flatMap((c) => Object.values(c.observedAt)));
    await storeClaims(batch, at + 1);
  }
  await storeClaims([{ source: 'json', commitment: CHOSEN.commitment, serverSeed: CHOSEN.serverSeed, observedAt: { commitment: 9000, serverSeed: 9000 } }], 9001);
  const record = (await getRound(roundKey({ commitment: CHOSEN.commitment, clientSeed: S, nonce: '5' })))!;
  // The panel showed C for nonce 5 before the bet, and the round came out on a pair first shown
  // after it: never witnessed. The panel never went on with C, so this is also what a rotation
  // after a click looks like when the old pair's reveal is not seen (core/witness.ts): history, no accusation.
  expect(record.verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
  expect(record.preRoundCommitment).toBeUndefined();
});
