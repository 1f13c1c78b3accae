// @vitest-environment jsdom
// Capture through open shadow roots (nested, and hosts added later) and in slices: a long scan
// paused between steps, with the page changing meanwhile, leaving the page (pagehide) mid-scan.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { scanDocument } from '../../../src/capture/dom/scanner.js';
import type { CapturedClaim } from '../../../src/shared/records.js';
import { CLIENT, SEED } from '../dom.js';

const round = (nonce: number, result: string) =>
  `<dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${result}</dd></dl>`;

/** A host element whose open shadow root shows `markup`. */
function host(tag: string, markup: string, mode: ShadowRootMode = 'open'): HTMLElement {
  const element = document.createElement(tag);
  element.attachShadow({ mode }).innerHTML = markup;
  return element;
}

/** A list component (open root) holding a component per round (open root each). */
function historyComponent(rounds: [number, string][]): HTMLElement {
  const list = host('x-history', '<h2>Roulette</h2><div id="list"></div>');
  list.shadowRoot!.getElementById('list')!.append(...rounds.map(([nonce, result]) => host('x-round', `<section>${round(nonce, result)}</section>`)));
  return list;
}

let session: CaptureSession | undefined;
afterEach(() => {
  session?.stop();
  session = undefined;
  document.body.replaceChildren();
});

function recorder() {
  const sent: CapturedClaim[] = [];
  return { sent, send: async (claims: CapturedClaim[]) => void sent.push(...claims) };
}

describe('shadow roots', () => {
  it('reads rounds in nested open roots and groups values split over a host and its root', () => {
    document.body.append(historyComponent([[1, '17'], [2, '5']]));
    // The seed in the host's tree, the rest of the round in a component inside it.
    const split = document.createElement('section');
    split.innerHTML = `<dl><dt>Server Seed</dt><dd>${SEED}</dd></dl>`;
    split.append(host('x-details', `<dl><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>9</dd><dt>Result</dt><dd>30</dd></dl>`));
    document.body.append(split);
    const rounds = scanDocument(document).map((found) => found.fields);
    expect(rounds).toEqual(
      expect.arrayContaining([
        { game: 'European Roulette', serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '17' },
        { game: 'European Roulette', serverSeed: SEED, clientSeed: CLIENT, nonce: '2', result: '5' },
        expect.objectContaining({ serverSeed: SEED, clientSeed: CLIENT, nonce: '9', result: '30' }),
      ]),
    );
    expect(rounds).toHaveLength(3);
  });

  it('finds roots of hosts added later, watches them, and counts what it entered', async () => {
    const history = historyComponent([[1, '17']]);
    document.body.append(history, host('x-promo', '<p>Promo</p>', 'closed'));
    const { sent, send } = recorder();
    session = startCapture({ document, send, now: () => 5000, scheduler: { minIntervalMs: 1, whenIdle: (callback) => callback() } });
    await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1']));
    // A new component host, then a change deep inside an existing one's root.
    history.shadowRoot!.getElementById('list')!.append(host('x-round', `<section>${round(2, '5')}</section>`));
    await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1', '2']));
    const added = history.shadowRoot!.getElementById('list')!.lastElementChild!.shadowRoot!;
    added.querySelectorAll('dd')[3]!.textContent = '6';
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ nonce: '2', result: '6' }));
    // jsdom has neither browser's way to tell a closed root: it says it cannot know.
    expect(session.shadowReach()).toEqual({ openRoots: 3, closedHosts: 0, closedDetectable: false });
  });

  // Once a gap (wt-attack): attachShadow makes no mutation record; the scan checks the hosts it has
  // seen bare for a root at each scan (dom-query.ts rootWatch).
  it('reads a root attached later to a host already scanned (a component whose definition loads after the page: no mutation tells)', async () => {
    // The host is in the page from the start; its element definition arrives later (a lazily loaded module).
    document.body.innerHTML = `<main><h2>Roulette</h2><div id="list"><section>${round(1, '17')}</section><section>${round(2, '5')}</section><x-late-round></x-late-round></div></main>`;
    const { sent, send } = recorder();
    session = startCapture({ document, send, now: () => 5000, scheduler: { minIntervalMs: 1, whenIdle: (callback) => callback() } });
    session.scanNow();
    // The upgrade attaches the root and renders into it: nothing in the observed trees changes.
    document.querySelector('x-late-round')!.attachShadow({ mode: 'open' }).innerHTML = `<section>${round(3, '21')}</section>`;
    // The page goes on changing elsewhere (the next round added to the history): capture gets its turns.
    document.getElementById('list')!.insertAdjacentHTML('afterbegin', `<section>${round(4, '30')}</section>`);
    await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toContain('4'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.map((claim) => claim.nonce).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('reads a root attached later even when the page never changes again: bare hosts are checked again every 2 s', async () => {
    document.body.innerHTML = `<main><h2>Roulette</h2><div id="list"><section>${round(1, '17')}</section><x-quiet-round></x-quiet-round></div></main>`;
    const { sent, send } = recorder();
    session = startCapture({ document, send, now: () => 5000, scheduler: { minIntervalMs: 1, whenIdle: (callback) => callback() } });
    session.scanNow();
    await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1']));
    document.querySelector('x-quiet-round')!.attachShadow({ mode: 'open' }).innerHTML = `<section>${round(2, '5')}</section>`;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent.map((claim) => claim.nonce)).toEqual(['1']); // no mutation: nothing noticed yet
    await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1', '2']), { timeout: 4000 });
  }, 10_000);
});

describe('sliced scans', () => {
  const rows = (count: number, result = (nonce: number) => String(nonce % 37)) =>
    Array.from({ length: count }, (_, nonce) => `<section data-nonce="${nonce}">${round(nonce, result(nonce))}</section>`).join('');

  /** A session whose every step is a slice of its own, the next one run only when the test says. */
  function sliced() {
    const slices: (() => void)[] = [];
    const { sent, send } = recorder();
    const outbox = { setTimer: (callback: () => void) => void Promise.resolve().then(callback) };
    session = startCapture({ document, send, now: () => 5000, sliceMs: 0, nextSlice: (callback) => void slices.push(callback), scheduler: { setTimer: (callback) => void callback() }, outbox });
    return { sent, slices, next: () => slices.shift()?.() };
  }

  it('offers every round once, none half read, as the page changes between slices', { timeout: 30_000 }, async () => {
    document.body.innerHTML = `<div id="list">${rows(120)}</div>`;
    const { sent, slices, next } = sliced();
    const list = document.getElementById('list')!;
    for (let step = 0; slices.length > 0; step++) {
      next();
      // Meanwhile: a round's result changes, one is removed, one added at the top.
      // A round already read: the value read before the change is not sent, the new one is.
      if (step === 3) list.querySelector('[data-nonce="0"] dd:last-of-type')!.textContent = '36';
      if (step === 3) list.querySelector('[data-nonce="100"] dd:last-of-type')!.textContent = '36';
      if (step === 4) list.querySelector('[data-nonce="10"]')!.remove();
      if (step === 5) list.insertAdjacentHTML('afterbegin', `<section data-nonce="120">${round(120, '1')}</section>`);
      await Promise.resolve();
    }
    expect(slices.length).toBe(0);
    await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(120));
    // Every round now on the page was sent, each once, and nothing else with the same nonce.
    const byNonce = new Map<string, string[]>();
    for (const claim of sent) byNonce.set(claim.nonce!, [...(byNonce.get(claim.nonce!) ?? []), String(claim.result)]);
    const onPage = scanDocument(document);
    expect(onPage).toHaveLength(120); // 120 rows, one removed, one added
    for (const found of onPage) expect(byNonce.get(found.fields.nonce!)).toContain(found.fields.result);
    expect(byNonce.get('0')).toEqual(['36']);
    expect(byNonce.get('100')).toEqual(['36']);
    expect(byNonce.get('120')).toEqual(['1']);
    for (const [nonce, results] of byNonce) if (nonce !== '10') expect(results, `nonce ${nonce}`).toHaveLength(1);
  });

  it('leaving the page mid-scan reads and sends everything at once', () => {
    document.body.innerHTML = `<div>${rows(200)}</div>`;
    const { sent, slices, next } = sliced();
    next();
    expect(slices.length).toBe(1); // paused mid-scan
    window.dispatchEvent(new Event('pagehide'));
    // flushLeaving sent every claim in this same turn, even with a send in progress.
    expect(new Set(sent.map((claim) => claim.nonce)).size).toBe(200);
  });
});
