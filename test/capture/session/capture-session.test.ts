// @vitest-environment jsdom
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { contentMessageSchema } from '../../../src/shared/messages.js';
import type { CapturedClaim } from '../../../src/shared/records.js';
import { CLIENT, COMMITMENT, SEED } from '../dom.js';

const round = (nonce: number, result: string) =>
  `<dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${result}</dd></dl>`;

/** vi.waitFor, asking every 5 ms instead of every 50: the session answers within its 10 ms
 *  scheduler interval, and most of this file's time was spent between two asks. */
const waitFor = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) => vi.waitFor(check, { interval: 5, ...options });

let session: CaptureSession | undefined;
afterEach(() => {
  session?.stop();
  session = undefined;
  document.body.replaceChildren();
});

function start(send: (claims: CapturedClaim[]) => Promise<void>, now = () => 5000) {
  session = startCapture({
    document,
    send,
    now,
    scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() },
    outbox: { baseDelayMs: 10 },
  });
  return session;
}

function recorder() {
  const messages: CapturedClaim[][] = [];
  const send = async (claims: CapturedClaim[]) => {
    // What the worker will check: every message must pass its schema.
    expect(v.safeParse(contentMessageSchema, { type: 'claims', claims }).success).toBe(true);
    messages.push(claims);
  };
  return { messages, send, claims: () => messages.flat() };
}

describe('startCapture', () => {
  it('scans the page on start and sends its rounds', async () => {
    document.body.innerHTML = `<h2>Roulette</h2><section>${round(1, '17')}</section>`;
    const { send, claims } = recorder();
    start(send);
    await waitFor(() => expect(claims()).toHaveLength(1));
    expect(claims()[0]).toEqual({
      source: 'dom',
      game: 'European Roulette',
      serverSeed: SEED,
      clientSeed: CLIENT,
      nonce: '1',
      result: '17',
      observedAt: { game: 5000, serverSeed: 5000, clientSeed: 5000, nonce: 5000, result: 5000 },
    });
  });

  it('rescans on DOM changes, sending only what is new or changed', async () => {
    document.body.innerHTML = `<section id="a">${round(1, '17')}</section>`;
    const { send, claims, messages } = recorder();
    const capture = start(send);
    await waitFor(() => expect(claims()).toHaveLength(1));
    const section = document.createElement('section');
    section.innerHTML = round(2, '3');
    document.body.appendChild(section);
    await waitFor(() => expect(claims()).toHaveLength(2));
    expect(claims()[1]!.nonce).toBe('2');
    document.body.appendChild(document.createElement('p')); // an unrelated change
    await waitFor(() => expect(capture.stats.scans).toBeGreaterThanOrEqual(3));
    expect(messages.flat()).toHaveLength(2);
    section.querySelectorAll('dd')[3]!.textContent = '4'; // the page corrected an outcome
    await waitFor(() => expect(claims()).toHaveLength(3));
    expect(claims()[2]).toMatchObject({ nonce: '2', result: '4' });
  });

  it('on a history page, reads a new entry and a reveal as the parts they changed, not the whole page', async () => {
    const pending = (nonce: number) => `<article><dl><dt>Hashed Server Seed</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${nonce % 37}</dd></dl></article>`;
    document.body.innerHTML = `<h2>European Roulette</h2><div id="list">${[3, 2, 1].map(pending).join('')}</div>`;
    const { send, claims } = recorder();
    const capture = start(send);
    await waitFor(() => expect(claims()).toHaveLength(3));
    const list = document.getElementById('list')!;
    list.insertAdjacentHTML('afterbegin', pending(4)); // test markup
    await waitFor(() => expect(claims()).toHaveLength(4));
    expect(claims()[3]).toMatchObject({ game: 'European Roulette', nonce: '4', result: '4' });
    // The reveal: the server seed shown in one entry.
    list.querySelectorAll('dl')[1]!.insertAdjacentHTML('beforeend', `<dt>Server Seed</dt><dd>${SEED}</dd>`);
    await waitFor(() => expect(claims()).toHaveLength(5));
    expect(claims()[4]).toMatchObject({ nonce: '3', serverSeed: SEED, commitment: COMMITMENT });
    expect(capture.scanCounts.whole).toBe(1);
    expect(capture.scanCounts.parts).toBeGreaterThanOrEqual(2);
  });

  it('rescans when an input changes its value without a mutation', async () => {
    document.body.innerHTML = `<label for="c">Client Seed</label><input id="c"><p>Commitment: ${COMMITMENT}</p>`;
    const { send, claims } = recorder();
    start(send);
    await waitFor(() => expect(claims()).toHaveLength(1));
    const input = document.getElementById('c') as HTMLInputElement;
    input.value = 'my-new-seed';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => expect(claims().some((claim) => claim.clientSeed === 'my-new-seed')).toBe(true));
  });

  it('takes rounds from the JSON tap, with its own clock and types, whatever the event claims', async () => {
    const { send, claims } = recorder();
    start(send, () => 7000);
    const forged = { rounds: [{ serverSeed: SEED, nonce: 9, clientSeed: CLIENT, observedAt: { serverSeed: 1 } }, { commitment: COMMITMENT, nonce: '12' }] };
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify(forged) }));
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: { not: 'a string' } }));
    await waitFor(() => expect(claims()).toHaveLength(2));
    expect(claims()).toEqual([
      { source: 'json', serverSeed: SEED, clientSeed: CLIENT, observedAt: { serverSeed: 7000, clientSeed: 7000 } },
      { source: 'json', commitment: COMMITMENT, nonce: '12', observedAt: { commitment: 7000, nonce: 7000 } },
    ]);
  });

  it('keeps claims while the worker is away and delivers them once it answers', async () => {
    document.body.innerHTML = round(1, '17');
    let up = false;
    const delivered: CapturedClaim[] = [];
    const capture = start(async (claims) => {
      if (!up) throw new Error('worker restarting');
      delivered.push(...claims);
    });
    await waitFor(() => expect(capture.outbox.stats.failures).toBeGreaterThanOrEqual(2));
    up = true;
    await waitFor(() => expect(delivered).toHaveLength(1), { timeout: 3000 });
  });

  it('as the page is left, reads what it shows and sends everything waiting at once, even behind a send under way', async () => {
    document.body.innerHTML = `<h2>Roulette</h2><section id="a">${round(1, '17')}</section>`;
    const batches: CapturedClaim[][] = [];
    let release!: () => void;
    // Timers run only when the test says: in a closing tab, none runs again.
    const timers: (() => void)[] = [];
    // The 2 s recheck for bare custom element hosts (set at the start, none here) is left aside.
    const setTimer = (callback: () => void, ms: number) => void (ms < 2000 && timers.push(callback));
    session = startCapture({
      document,
      send: (claims) => {
        batches.push(claims);
        return batches.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      now: () => 5000,
      // One slice, however slow the machine: the timers below are the scan's and the outbox's only.
      sliceMs: Number.POSITIVE_INFINITY,
      scheduler: { setTimer, whenIdle: (callback) => callback() },
      outbox: { setTimer },
    });
    timers.shift()!(); // the first scan: round 1
    timers.shift()!(); // round 1 is on its way; its answer has not come
    expect(batches.map((batch) => batch.map((claim) => claim.nonce))).toEqual([['1']]);
    // The page's JSON answer for round 2, then its result drawn: the scan for it is only scheduled.
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds: [{ serverSeed: SEED, clientSeed: CLIENT, nonce: '2', result: '5' }] }) }));
    const next = document.createElement('section');
    next.innerHTML = round(3, '8');
    document.body.appendChild(next);
    window.dispatchEvent(new Event('pagehide'));
    expect(batches.slice(1).flat().map((claim) => `${claim.source} ${claim.nonce}`).sort()).toEqual(['dom 3', 'json 2']);
    release();
  });

  it('never throws into the page: errors are counted', async () => {
    const { send } = recorder();
    const capture = start(send);
    const hostile = new CustomEvent(TAP_EVENT);
    Object.defineProperty(hostile, 'detail', {
      get() {
        throw new Error('gotcha');
      },
    });
    // dispatchEvent never rethrows a listener's exception: the DOM reports it to the page as an
    // "error" event on the window, so that is where a throw into the page would show.
    const thrown: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      thrown.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      document.dispatchEvent(hostile);
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(thrown).toEqual([]);
    expect(capture.stats.errors).toBe(1);
    expect(capture.stats.tapEvents).toBe(1);
  });

  it('stops watching when stopped', async () => {
    const { send, claims } = recorder();
    const capture = start(send);
    await waitFor(() => expect(capture.stats.scans).toBe(1));
    capture.stop();
    document.body.innerHTML = round(1, '2');
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds: [{ serverSeed: SEED, nonce: '1' }] }) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(capture.stats.scans).toBe(1);
    expect(claims()).toEqual([]);
  });
  it('while the document is still being parsed, reads nothing of the round the parser is writing until it moves past it', async () => {
    // The parser has delivered five of ten keno chips so far: the round is the last thing in the page.
    const chips = (numbers: number[]) => numbers.map((n) => `<span>${n}</span>`).join('');
    document.body.innerHTML = `<h2>Keno</h2><section><dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>40</dd><dt>Drawn Numbers</dt><dd id="drawn">${chips([4, 12, 14, 17, 18])}</dd></dl></section>`;
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      const { send, claims } = recorder();
      const capture = start(send);
      document.getElementById('drawn')!.insertAdjacentHTML('beforeend', chips([25, 28]));
      await waitFor(() => expect(capture.stats.scans).toBeGreaterThan(1)); // the page is read while it loads
      expect(claims()).toEqual([]);
      // The rest of the draw, then the parser moves on past the round.
      document.getElementById('drawn')!.insertAdjacentHTML('beforeend', chips([30, 38, 39]));
      document.body.insertAdjacentHTML('beforeend', '<p>more of the page</p>');
      await waitFor(() => expect(claims()).toHaveLength(1));
      expect(claims()[0]!.result).toEqual(['4', '12', '14', '17', '18', '25', '28', '30', '38', '39']);
      expect(readyState).toHaveBeenCalled();
    } finally {
      readyState.mockRestore();
    }
  });
});

describe('startCapture: the player\'s actions', () => {
  // The game named, as a round ends only with an outcome of the slot's game (round-tracker.ts).
  const panel = `<section id="panel"><dl><dt>Game</dt><dd>European Roulette</dd><dt>Server Seed Hash</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>7</dd></dl></section>`;
  const outcome = `<section id="bet"><dl><dt>Game</dt><dd>European Roulette</dd><dt>Server Seed Hash</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>7</dd><dt>Result</dt><dd>17</dd></dl></section>`;

  /**
   * The content script's listener for one action type, as registered on the window. A test cannot
   * make a trusted event (isTrusted is unforgeable, as in browsers), so the trusted case calls the
   * listener with an event-like object; the untrusted case dispatches real events.
   */
  function actionListener(type: string): (event: { isTrusted: boolean; type: string }) => void {
    const calls = addListener.mock.calls.filter(([name, , capture]) => name === type && capture === true);
    expect(calls).toHaveLength(1);
    return calls[0]![1] as never;
  }
  let addListener: MockInstance<Window['addEventListener']>;
  afterEach(() => addListener?.mockRestore());

  it('a trusted pointer or key event is the player\'s action: what was on screen before it is stamped before it, the outcome after it carries it', async () => {
    addListener = vi.spyOn(window, 'addEventListener');
    let time = 1000;
    const { send, claims } = recorder();
    const capture = start(send, () => time);
    await waitFor(() => expect(capture.stats.scans).toBe(1));
    // The panel appears; the player presses the bet button before any scheduled scan ran.
    document.body.insertAdjacentHTML('beforeend', panel);
    time = 2000;
    actionListener('pointerdown')({ isTrusted: true, type: 'pointerdown' });
    expect(capture.stats.actions).toBe(1);
    await waitFor(() => expect(claims()).toHaveLength(1));
    // Read at the click, but shown before it: stamped in the millisecond before the click's (the rule orders pages by whole milliseconds).
    expect(Math.floor(claims()[0]!.observedAt.commitment!)).toBe(1999);
    // The outcome, scanned later, carries the action, which came after the panel.
    time = 3000;
    document.getElementById('panel')!.remove();
    document.body.insertAdjacentHTML('beforeend', outcome);
    await waitFor(() => expect(claims().some((claim) => claim.result !== undefined)).toBe(true));
    const played = claims().find((claim) => claim.result !== undefined)!;
    expect(played.observedAt.result).toBe(3000);
    expect(played.actedAt).toBeGreaterThan(claims()[0]!.observedAt.commitment!);
    expect(played.actedAt).toBeGreaterThanOrEqual(2000);
    expect(played.actedAt).toBeLessThan(3000);
    // A key press counts the same way.
    actionListener('keydown')({ isTrusted: true, type: 'keydown' });
    expect(capture.stats.actions).toBe(2);
  });

  it('each trusted action reports the round\'s first action and the slot alone on screen at it, as the worker\'s action message', async () => {
    addListener = vi.spyOn(window, 'addEventListener');
    let time = 1000;
    const reports: unknown[][] = [];
    session = startCapture({ document, send: async () => {}, now: () => time, scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() }, reportAction: (...report) => reports.push(report) });
    await waitFor(() => expect(session!.stats.scans).toBe(1));
    document.body.insertAdjacentHTML('beforeend', panel);
    time = 2000;
    actionListener('pointerdown')({ isTrusted: true, type: 'pointerdown' });
    time = 2500;
    actionListener('keydown')({ isTrusted: true, type: 'keydown' });
    const slot = `${COMMITMENT.toLowerCase()}|${CLIENT}|7|europeanroulette`;
    expect(reports).toEqual([
      [2000, [slot]],
      [2000, [slot]],
    ]);
    expect(v.safeParse(contentMessageSchema, { type: 'action', at: 2000, slots: [slot] }).success).toBe(true);
  });

  it('an outcome already on screen at the action is stamped before it, so the action cannot pass for its bet', async () => {
    addListener = vi.spyOn(window, 'addEventListener');
    let time = 1000;
    const { send, claims } = recorder();
    const capture = start(send, () => time);
    await waitFor(() => expect(capture.stats.scans).toBe(1));
    document.body.insertAdjacentHTML('beforeend', outcome);
    actionListener('pointerdown')({ isTrusted: true, type: 'pointerdown' });
    await waitFor(() => expect(claims()).toHaveLength(1));
    expect(claims()[0]!.result).toBe('17');
    expect(claims()[0]!.actedAt).toBeUndefined();
  });

  it('clicks and key presses made by page scripts are not actions', async () => {
    document.body.innerHTML = panel + '<button id="bet">Bet</button>';
    const { send, claims } = recorder();
    const capture = start(send);
    await waitFor(() => expect(capture.stats.scans).toBe(1));
    document.getElementById('bet')!.click();
    document.getElementById('bet')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    document.body.insertAdjacentHTML('beforeend', outcome);
    await waitFor(() => expect(claims().some((claim) => claim.result !== undefined)).toBe(true));
    expect(capture.stats.actions).toBe(0);
    expect(claims().find((claim) => claim.result !== undefined)!.actedAt).toBeUndefined();
  });

  it('one clock reading per scan: every round a scan shows shares it, whatever the clock does meanwhile', async () => {
    document.body.innerHTML = `<h2>Roulette</h2><section>${round(1, '17')}</section><section>${round(2, '5')}</section>`;
    let time = 1000;
    const { send, claims } = recorder();
    start(send, () => (time += 7));
    await waitFor(() => expect(claims()).toHaveLength(2));
    expect(new Set(claims().map((claim) => claim.observedAt.result)).size).toBe(1);
  });

  it('credits an outcome with the first action since the previous outcome; with none since (an auto-bet), the latest before', async () => {
    addListener = vi.spyOn(window, 'addEventListener');
    let time = 1000;
    const { send, claims } = recorder();
    const capture = start(send, () => time);
    document.body.innerHTML = panel;
    await waitFor(() => expect(capture.stats.scans).toBeGreaterThanOrEqual(1));
    const act = (at: number) => {
      time = at;
      actionListener('pointerdown')({ isTrusted: true, type: 'pointerdown' });
    };
    const show = (nonce: number, at: number) => {
      time = at;
      document.body.insertAdjacentHTML('beforeend', outcome.replace('<dd>7</dd>', `<dd>${nonce}</dd>`).replace('<dd>7</dd>', `<dd>${nonce}</dd>`));
      capture.scanNow();
    };
    act(2000); // picks a number: the first click of the round
    act(3000); // the bet
    show(7, 4000);
    act(4500);
    show(8, 5000);
    show(9, 6000); // the auto-bet plays on, no click since
    await waitFor(() => expect(claims().filter((claim) => claim.result !== undefined)).toHaveLength(3));
    const acted = Object.fromEntries(claims().filter((claim) => claim.result !== undefined).map((claim) => [claim.nonce, Math.floor(claim.actedAt!)]));
    expect(acted).toEqual({ 7: 2000, 8: 4500, 9: 4500 });
  });

  it('a round ends only with an outcome of a pair shown at its actions: one the page slips in for another pair keeps the bet\'s click', async () => {
    addListener = vi.spyOn(window, 'addEventListener');
    let time = 1000;
    const { send, claims } = recorder();
    const capture = start(send, () => time);
    const other = (hex: string) => COMMITMENT.replace(/^./, hex);
    const panelOf = (commitment: string, nonce: number) =>
      `<section class="panel"><dl><dt>Game</dt><dd>European Roulette</dd><dt>Server Seed Hash</dt><dd>${commitment}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd></dl></section>`;
    const outcomeOf = (commitment: string, nonce: number, result: number) =>
      `<section class="bet"><dl><dt>Game</dt><dd>European Roulette</dd><dt>Server Seed Hash</dt><dd>${commitment}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${result}</dd></dl></section>`;
    const show = (html: string, at: number) => {
      time = at;
      document.body.innerHTML = html;
      capture.scanNow();
    };
    const act = (at: number) => {
      time = at;
      actionListener('pointerdown')({ isTrusted: true, type: 'pointerdown' });
    };
    const [c, decoy, chosen, next] = [COMMITMENT, other('b'), other('c'), other('d')];
    show(panelOf(c, 1), 1500);
    act(2000); // the bet, on C
    show(outcomeOf(decoy, 9, 4), 2500); // an outcome of a pair never shown here
    show(panelOf(chosen, 1), 2600); // then a pair chosen knowing the bet
    act(3000); // any later click
    show(outcomeOf(chosen, 1, 17), 4000);
    // An honest rotation: the rotate click, the new pair, the bet, its outcome (credited with the
    // rotate click), then the next bet starts a round of its own.
    act(4100);
    show(panelOf(next, 1), 4200);
    act(4500);
    show(outcomeOf(next, 1, 5), 5000);
    act(5500);
    show(outcomeOf(next, 2, 6), 6000);
    await waitFor(() => expect(claims().filter((claim) => claim.result !== undefined)).toHaveLength(4));
    const acted = Object.fromEntries(claims().filter((claim) => claim.result !== undefined).map((claim) => [`${claim.commitment!.slice(0, 1)}${claim.nonce}`, Math.floor(claim.actedAt!)]));
    expect(acted).toEqual({ [`${decoy[0]}9`]: 2000, [`${chosen[0]}1`]: 2000, [`${next[0]}1`]: 4100, [`${next[0]}2`]: 5500 });
  });

  it('reports a panel state shown again after another commitment for the same client seed (the page went back)', async () => {
    const other = COMMITMENT.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const state = (commitment: string) => `<section id="panel"><dl><dt>Server Seed Hash</dt><dd>${commitment}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>7</dd></dl></section>`;
    let time = 1000;
    const { send, claims } = recorder();
    const capture = start(send, () => time);
    document.body.innerHTML = state(COMMITMENT);
    await waitFor(() => expect(claims()).toHaveLength(1));
    time = 2000;
    document.body.innerHTML = state(other);
    capture.scanNow();
    time = 3000;
    document.body.innerHTML = state(COMMITMENT);
    capture.scanNow();
    await waitFor(() => expect(claims()).toHaveLength(3));
    expect(claims()[2]).toMatchObject({ commitment: COMMITMENT, observedAt: { commitment: 1000 }, shownAgainAt: 3000 });
    // Shown on, unchanged: nothing new to send.
    time = 4000;
    document.body.insertAdjacentHTML('beforeend', '<p>unrelated</p>');
    capture.scanNow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(claims()).toHaveLength(3);
  });
});

