// Shared set-up for the red team's proofs of concept on the fairness-control rule (round-tracker.ts,
// fairness-control.ts, tab-actions.ts): a real capture session on jsdom per document of one tab,
// its claims sent through the real claimSender and router (so the worker's answer, with the reveals
// it checked, reaches the session's round tracker as in the browser), its action reports through
// the router, the real store on fake-indexeddb. Actions are trusted events with a composedPath, as a
// browser gives them: on a control the page labelled (its text), on an element of the page (an
// overlay), on the page's background, or a key press on whatever the page focused.
//
// Each test file must itself mock the browser module (vi.mock is hoisted per file):
//   vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));
import { expect, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';
import { TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { startCapture, type CaptureSession } from '../../src/capture/session/capture-session.js';
import { claimSender } from '../../src/capture/session/worker-send.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { MessageSender } from '../../src/shared/browser.js';
import { EXTENSION_ID } from '../background/quiet-browser.js';

const KENO = gameById('keno');
const ROULETTE = gameById('roulette-european')!;
export const TAB = 11;
export const CS = 'player-cs';

export const sender = (frameId = 0): MessageSender => ({
  id: EXTENSION_ID,
  url: 'https://www.cloudbet.com/en/casino/originals/keno',
  frameId,
  tab: { id: TAB, index: 0, active: true, highlighted: true, pinned: false, incognito: false } as MessageSender['tab'],
});

export const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
export type Pair = ReturnType<typeof pair>;
export const draw = (p: Pair, nonce: number, clientSeed = CS): string[] => (computeRound(KENO, p.serverSeed, clientSeed, nonce).outcome as number[]).map(String);
export const spin = (p: Pair, nonce: number, clientSeed = CS): string => String(computeRound(ROULETTE, p.serverSeed, clientSeed, nonce).outcome);

/** The keno panel state as a data message shows it. */
export const kenoPanel = (p: Pair, nonce: number, clientSeed = CS) => ({ game: 'Keno', commitment: p.commitment, clientSeed, nonce: String(nonce) });
/** A keno outcome as a data message shows it: the true draw of `p`, with the picks the page says were bet. */
export const kenoOutcome = (p: Pair, nonce: number, picks: string[], clientSeed = CS) => ({ ...kenoPanel(p, nonce, clientSeed), result: draw(p, nonce, clientSeed), picks });
export const roulettePanel = (p: Pair, nonce: number, clientSeed = CS) => ({ game: 'European Roulette', commitment: p.commitment, clientSeed, nonce: String(nonce) });
export const rouletteOutcome = (p: Pair, nonce: number, clientSeed = CS) => ({ ...roulettePanel(p, nonce, clientSeed), result: spin(p, nonce, clientSeed) });
export const revealOf = (p: Pair, serverSeed = p.serverSeed) => ({ commitment: p.commitment, serverSeed });

/** The shared clock of the tab's documents (each document's capture reads it). */
export const clock = { time: 1_700_000_000_000 };
export const later = (ms = 200): number => (clock.time += ms);

export interface TabPage {
  session: CaptureSession;
  /** One data message (the page tap) with these rounds, read now. */
  tap(rounds: object[]): void;
  /** A trusted pointerdown on a new button (not in the document) whose text is `text`. */
  press(text: string): void;
  /** A trusted pointerdown whose target is `element` (an element of the page: an overlay, a tile). */
  pressOn(element: Element): void;
  /** A trusted pointerdown on the page's background (the body: no control). */
  click(): void;
  /** A trusted keydown: its target is the element the page focused (or the body). */
  key(): void;
  /** Trusted keydowns of each of `keys` (KeyboardEvent.key values) on `element`, 20 ms apart. */
  typeInto(element: Element, keys: Iterable<string>): void;
  /** A trusted paste of `text` on `element`. */
  pasteInto(element: Element, text: string): void;
  /** Until every claim offered is answered (the worker's answer back in the round tracker) and every action report kept. */
  settled(): Promise<void>;
  unload(): void;
}

/** One document of the tab (frame `frameId`). */
export function tabPage(frameId = 0, doc: Document = document): TabPage {
  const win = doc.defaultView!;
  const addListener = vi.spyOn(win, 'addEventListener');
  const replies: Promise<unknown>[] = [];
  const session = startCapture({
    document: doc,
    send: claimSender((message) => handleMessage(message, sender(frameId))),
    reportAction: (at, slots) => void replies.push(handleMessage({ type: 'action', at, slots }, sender(frameId))),
    now: () => clock.time,
    scheduler: { minIntervalMs: 0, whenIdle: (callback: () => void) => callback() },
    outbox: { baseDelayMs: 1 },
  });
  const listener = (type: string) => addListener.mock.calls.filter(([name, , capture]) => name === type && capture === true).at(-1)![1] as (event: unknown) => void;
  const [onPointerDown, onKeyDown, onPaste] = [listener('pointerdown'), listener('keydown'), listener('paste')];
  addListener.mockRestore();
  const path = (target: Element): EventTarget[] => {
    const list: EventTarget[] = [];
    for (let node: Element | null = target; node; node = node.parentElement) list.push(node);
    return [...list, doc, win];
  };
  return {
    session,
    tap: (rounds) => void doc.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) })),
    press: (text) => {
      const button = doc.createElement('button');
      button.textContent = text;
      onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => [button] });
    },
    pressOn: (element) => onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => path(element) }),
    click: () => onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => path(doc.body) }),
    key: () => onKeyDown({ isTrusted: true, type: 'keydown', composedPath: () => path(doc.activeElement ?? doc.body) }),
    typeInto: (element, keys) => {
      for (const key of keys) {
        onKeyDown({ isTrusted: true, type: 'keydown', key, ctrlKey: false, altKey: false, metaKey: false, composedPath: () => path(element) });
        later(20);
      }
    },
    pasteInto: (element, text) => onPaste({ isTrusted: true, type: 'paste', clipboardData: { getData: () => text }, composedPath: () => path(element) }),
    settled: async () => {
      await vi.waitFor(() => expect(session.outbox.pending).toBe(0), { timeout: 3000, interval: 2 });
      await Promise.all(replies);
    },
    unload: () => session.stop(),
  };
}

/** The seed revealed to the worker outside any document (the casino's history page, later). */
export const revealToWorker = (p: Pair) =>
  handleMessage({ type: 'claims', claims: [{ source: 'json', commitment: p.commitment, serverSeed: p.serverSeed, observedAt: { serverSeed: later(500), commitment: clock.time } }] }, sender());

export const verdictOf = async (p: Pair, nonce: number, clientSeed = CS) => (await getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) })))?.verdict;
export const recordOf = (p: Pair, nonce: number, clientSeed = CS) => getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) }));
