// Shared set-up for the red-team proofs of concept: the real capture session on jsdom, driven by a
// hostile page (markup, tap messages, trusted actions), and the real store on fake-indexeddb.
import { afterEach, vi, type MockInstance } from 'vitest';
import { startCapture, type CaptureSession } from '../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { getRound, storeClaims } from '../../src/background/store.js';
import { roundKey } from '../../src/background/round-key.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const ROULETTE = gameById('roulette-european')!;
export type Pair = { serverSeed: string; commitment: string };
export const pair = (name: string): Pair => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(ROULETTE, serverSeed, 'x', 1).commitment };
};
export const resultOf = (p: Pair, cs: string, nonce: number) => String(computeRound(ROULETTE, p.serverSeed, cs, nonce).outcome);

export const panelHtml = (p: Pair, cs: string, nonce: number, hidden = false) =>
  `<section class="panel"${hidden ? ' hidden' : ''}><dl><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${cs}</dd><dt>Nonce</dt><dd>${nonce}</dd></dl></section>`;
export const outcomeHtml = (p: Pair, cs: string, nonce: number) =>
  `<section class="bet"><dl><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${cs}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${resultOf(p, cs, nonce)}</dd></dl></section>`;

export interface Page {
  session: CaptureSession;
  sent: CapturedClaim[][];
  setTime(at: number): void;
  /** Replaces the body (heading "Roulette") and scans at `at`. */
  show(html: string, at: number): void;
  /** Appends markup (an incremental scan reads only it) and scans at `at`. */
  append(html: string, at: number): void;
  /** One tap message with these rounds at `at`. */
  message(rounds: object[], at: number): void;
  /** A trusted pointerdown at `at`. */
  act(at: number): void;
  stop(): void;
}

export function hostilePage(doc: Document = document): Page {
  const addListener: MockInstance<Window['addEventListener']> = vi.spyOn(doc.defaultView!, 'addEventListener');
  let time = 1000;
  const sent: CapturedClaim[][] = [];
  const session = startCapture({
    document: doc,
    send: async (claims) => void sent.push(claims),
    now: () => time,
    scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() },
    outbox: { baseDelayMs: 10 },
  });
  const pointerdown = addListener.mock.calls.find(([name, , capture]) => name === 'pointerdown' && capture === true)![1] as unknown as (e: { isTrusted: boolean; type: string }) => void;
  addListener.mockRestore();
  return {
    session,
    sent,
    setTime: (at) => void (time = at),
    show(html, at) {
      time = at;
      doc.body.innerHTML = `<h2>Roulette</h2>${html}`;
      session.scanNow();
    },
    append(html, at) {
      time = at;
      doc.body.insertAdjacentHTML('beforeend', html);
      session.scanNow();
    },
    message(rounds, at) {
      time = at;
      doc.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) }));
    },
    act(at) {
      time = at;
      pointerdown({ isTrusted: true, type: 'pointerdown' });
    },
    stop() {
      session.stop();
      doc.body.replaceChildren();
    },
  };
}

/** Every batch the page sent, into the real store in order (each stored just after its latest reading). */
export async function deliver(sent: CapturedClaim[][]): Promise<void> {
  for (const batch of sent) {
    const at = Math.max(...batch.flatMap((c) => Object.values(c.observedAt)));
    await storeClaims(batch, at + 1);
  }
}

export const reveal = (p: Pair, at: number) =>
  storeClaims([{ source: 'json', commitment: p.commitment, serverSeed: p.serverSeed, observedAt: { commitment: at, serverSeed: at } }], at + 1);

export const roundOf = (p: Pair, cs: string, nonce: number) => getRound(roundKey({ commitment: p.commitment, clientSeed: cs, nonce: String(nonce) }));

/** The document's readyState as the test sets it (a page that stays `loading`), 'complete' again after each test. */
export function documentReadyState(): { set(state: DocumentReadyState): void } {
  let state: DocumentReadyState = 'complete';
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
  afterEach(() => {
    state = 'complete';
  });
  return { set: (next) => void (state = next) };
}
