// The hostile page's script (/static/hostile.js). Besides the ordinary game (casino.js), the page
// attacks the extension on command:
//   [data-action="hostile-forge"]  forged tap events (made-up rounds, payload rounds, malformed
//                                  details), look-alike messages, payloads in DOM rows, 1 MB strings
//   [data-action="hostile-flood"]  thousands of fresh rounds a second for a while, through the tap's
//                                  event, the JSON API (the real tap) and DOM rows
//   [data-action="hostile-grow"]   thousands of claims about one round, each with another outcome
//                                  as long as the limits allow (to grow its record)
//   [data-action="hostile-bytes"]  thousands of fresh rounds of that size (to spend the budget in bytes)
// Every value shown is set as text (textContent, setAttribute): the page itself never runs a
// payload, so window.__fwPwned stays unset unless something else parses page text as HTML.
// Counts go to <html data-*>; body[data-busy] is set while an action runs (as casino.js does).
export {};

const root = document.documentElement;
const body = document.body;
const run = root.dataset.run ?? 'unknown';
const TAP_EVENT = 'fair-witness:json';
const GAME = 'European Roulette';
const MEGABYTE = 'A'.repeat(1 << 20);

interface ForgedData {
  forged: Record<string, string>[];
  payloadRounds: Record<string, string>[];
  payloads: { kind: string; text: string }[];
}

const count = (name: string, add: number): void => {
  root.dataset[name] = String(Number(root.dataset[name] ?? 0) + add);
};
const randomHex = (bytes: number): string => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tap's event, forged: the detail is what page-tap.js would send. */
function forgeTap(rounds: unknown[]): void {
  document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) }));
  count('sentTap', rounds.length);
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-action^="hostile-"]') : null;
  if (!button) return;
  const actions: Record<string, () => Promise<void>> = {
    'hostile-forge': forge,
    'hostile-grow': grow,
    'hostile-bytes': floodBytes,
    'hostile-flood': () => flood(Number(button.dataset.durationMs ?? 3000)),
  };
  const action = (actions[button.dataset.action ?? ''] ?? (() => Promise.reject(new Error(`unknown action ${button.dataset.action}`))))();
  body.dataset.busy = 'true';
  void action
    .catch((error: unknown) => {
      root.dataset.hostileError = String(error);
    })
    .finally(() => {
      delete body.dataset.busy;
    });
});

async function forge(): Promise<void> {
  const response = await fetch(`/casino/hostile/forged?run=${run}`);
  const data = (await response.json()) as ForgedData;
  forgeTap(data.forged);
  forgeTap(data.payloadRounds);
  // A 1 MB string in every field: the tap's limits drop it, nothing else may choke on it.
  forgeTap([{ game: MEGABYTE, serverSeed: MEGABYTE, commitment: MEGABYTE, clientSeed: MEGABYTE, nonce: MEGABYTE, result: MEGABYTE }]);
  lookAlikes();
  malformedDetails();
  payloadRows(data.payloads);
  root.dataset.payloadKinds = data.payloads.map((payload) => payload.kind).join(' ');
  root.dataset.forged = 'done';
  await sleep(500);
}

/** Messages shaped like the extension's own, on channels it does not listen to. */
function lookAlikes(): void {
  const claim = (label: string) => ({ source: 'json', game: GAME, commitment: randomHex(32), clientSeed: `hostile-${run}-lookalike-${label}`, nonce: '1', result: '3', observedAt: {} });
  window.postMessage({ type: 'claims', claims: [claim('post-message')] }, '*');
  window.postMessage({ source: 'fair-witness', type: 'claims', claims: [claim('post-message-source')] }, '*');
  window.postMessage(JSON.stringify({ rounds: [claim('post-message-text')] }), '*');
  window.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds: [claim('window-event')] }) }));
  document.dispatchEvent(new CustomEvent('fair-witness:claims', { detail: { type: 'claims', claims: [claim('claims-event')] } }));
  // The tap's event with an object, not a string, as detail.
  document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: { rounds: [claim('object-detail')] } }));
  count('sentLookalike', 6);
}

/** Tap events no honest tap sends: each must be skipped without stopping the content script. */
function malformedDetails(): void {
  const details: unknown[] = [
    'not json',
    '{"rounds": "none"}',
    JSON.stringify({ rounds: [null, 7, 'x', [], { nonce: { toString: 1 } }, { result: [[1]] }] }),
    'x'.repeat(2_100_000),
    JSON.stringify({ rounds: Array.from({ length: 5000 }, () => ({ game: 42 })) }),
    JSON.stringify({ rounds: [{ __proto__: { serverSeed: 'polluted' }, constructor: { prototype: { pwned: 1 } } }] }),
  ];
  for (const detail of details) document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail }));
  count('sentMalformed', details.length);
}

/** One history entry in the game page's dt/dd layout; every value is set as text. */
function entry(fields: [label: string, value: string][], extra?: (article: HTMLElement) => void): HTMLElement {
  const article = document.createElement('article');
  const list = document.createElement('dl');
  for (const [label, value] of fields) {
    const pair = document.createElement('div');
    const term = document.createElement('dt');
    const detail = document.createElement('dd');
    term.textContent = label;
    detail.textContent = value;
    detail.setAttribute('title', value);
    pair.append(term, detail);
    list.append(pair);
  }
  article.append(list);
  extra?.(article);
  return article;
}

function payloadRows(payloads: ForgedData['payloads']): void {
  const section = document.querySelector<HTMLElement>('[data-hostile="payloads"]')!;
  payloads.forEach((payload, index) => {
    const text = payload.text || MEGABYTE;
    section.append(
      entry(
        [
          ['Game', text],
          ['Hashed Server Seed', text],
          ['Server Seed', text],
          ['Client Seed', `hostile-${run}-dom-payload-${index}${text}`],
          ['Nonce', text],
          ['Winning Number', text],
        ],
        (article) => {
          const link = document.createElement('a');
          link.href = `javascript:window.__fwPwned='javascript-link'`;
          link.textContent = text.slice(0, 200);
          link.dataset.clipboardText = text;
          article.append(link);
          article.setAttribute('aria-label', text);
        },
      ),
    );
  });
  count('sentDom', payloads.length);
}

/** Flood ticks are due every TICK_MS: ~8 000 claims a second in all. */
const TICK_MS = 100;

/**
 * A turn of the event loop that no timer throttling delays (a background tab's timers fire at most
 * once a second in Firefox): a message to ourselves.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Fresh made-up rounds for `durationMs`, on a schedule (ticks missed while timers were throttled
 * are caught up): each tick 600 rounds as tap events, every 5th tick 100 DOM rows, every 10th
 * 1 000 through the JSON API.
 */
async function flood(durationMs: number): Promise<void> {
  root.dataset.flood = 'running';
  // A test reads this: a background tab's timers (the content script's too) may be throttled.
  root.dataset.floodVisibility = document.visibilityState;
  const started = performance.now();
  const rows = document.querySelector<HTMLElement>('[data-hostile="flood"]')!;
  let tick = 0;
  let next = 0;
  const requests: Promise<unknown>[] = [];
  while (performance.now() - started < durationMs) {
    const ahead = tick * TICK_MS - (performance.now() - started);
    if (ahead > 0) {
      await sleep(Math.min(ahead, 20));
      continue;
    }
    for (let event = 0; event < 3; event++) {
      const rounds = Array.from({ length: 200 }, () => {
        const nonce = next++;
        return { game: GAME, commitment: randomHex(32), clientSeed: `hostile-${run}-tap-${nonce}`, nonce: String(nonce), result: String(nonce % 37) };
      });
      forgeTap(rounds);
    }
    if (tick % 10 === 0) {
      const from = next;
      next += 1000;
      // Through window.fetch (this page's stand-in, then the extension's tap): a real JSON answer.
      requests.push(
        fetch(`/casino/hostile/flood?run=${run}&from=${from}&n=1000`, { headers: { accept: 'application/json' } })
          .then((response) => response.json())
          .then(() => count('sentJson', 1000)),
      );
    }
    if (tick % 5 === 0) {
      const fresh = Array.from({ length: 100 }, () => {
        const nonce = next++;
        return entry([
          ['Game', GAME],
          ['Hashed Server Seed', randomHex(32)],
          ['Client Seed', `hostile-${run}-dom-${nonce}`],
          ['Nonce', String(nonce)],
          ['Winning Number', String(nonce % 37)],
        ]);
      });
      rows.replaceChildren(...fresh);
      count('sentDom', fresh.length);
    }
    tick++;
    await nextTurn();
  }
  await Promise.allSettled(requests);
  root.dataset.floodMs = String(Math.round(performance.now() - started));
  root.dataset.flood = 'done';
}

/** Claims about one round, and fresh rounds, of `GROW_CLAIMS` each. */
const GROW_CLAIMS = 3000;
/** The longest values the extension takes (src/core/limits.ts): 40 items of 32 characters, seeds of 256. */
const LONG_LIST = 40;
const LONG_ITEM = 32;
const LONG_SEED = 256;

const longList = (seed: number): string[] => Array.from({ length: LONG_LIST }, (_, i) => `${seed}-${i}-`.padEnd(LONG_ITEM, 'x'));

/**
 * The round a test reads back: an unsupported game (its outcome is any text), one commitment,
 * client seed and nonce, and GROW_CLAIMS different long outcomes and picks.
 */
async function grow(): Promise<void> {
  const commitment = run.padEnd(64, '0').slice(0, 64);
  const growing = (n: number) => ({ game: 'Mines', commitment, clientSeed: `hostile-${run}-grow`, nonce: '1', result: longList(n), picks: longList(-n) });
  for (let from = 0; from < GROW_CLAIMS; from += 200) {
    forgeTap(Array.from({ length: 200 }, (_, i) => growing(from + i)));
    await nextTurn();
  }
  count('sentGrow', GROW_CLAIMS);
  root.dataset.grow = 'done';
}

/** GROW_CLAIMS fresh rounds as long as the limits allow, each ≈ 3.5 KB as a claim. */
async function floodBytes(): Promise<void> {
  const long = (n: number) => ({
    game: 'Mines',
    commitment: randomHex(32),
    clientSeed: `hostile-${run}-long-${n}-`.padEnd(LONG_SEED, 'x'),
    nonce: String(n),
    result: longList(n),
    picks: longList(n + 1),
  });
  for (let from = 0; from < GROW_CLAIMS; from += 200) {
    forgeTap(Array.from({ length: 200 }, (_, i) => long(from + i)));
    await nextTurn();
  }
  count('sentLong', GROW_CLAIMS);
  root.dataset.bytes = 'done';
}
