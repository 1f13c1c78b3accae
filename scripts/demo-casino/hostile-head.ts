// The hostile page's first script, inlined at the very top of <head> (served by hostile-page.ts).
// It runs before any other script of the page, but after the extension's document_start content
// scripts: it records what it finds (did the tap wrap fetch before it?), then does what a page
// out to fool a verifier would: replaces fetch, JSON.parse and MutationObserver, and forges the
// tap's event before the page has even parsed. Findings go to <html data-*> for the e2e test.
export {};

const root = document.documentElement;
const isNative = (fn: unknown): boolean => typeof fn === 'function' && /\{\s*\[native code\]\s*\}/.test(Function.prototype.toString.call(fn));
const randomHex = (bytes: number): string => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

root.dataset.run = randomHex(8);
// "wrapped": the extension's MAIN-world tap ran first and put its observer around fetch / XHR.
root.dataset.fetchAtHead = isNative(window.fetch) ? 'native' : 'wrapped';
root.dataset.xhrSendAtHead = isNative(XMLHttpRequest.prototype.send) ? 'native' : 'wrapped';

// fetch: forwards to whatever was there (so the page still works), counting calls. A tap that
// wrapped fetch after this would see only what this chose to hand on.
const forward = window.fetch;
let fetches = 0;
window.fetch = function fetch(this: unknown, ...args: Parameters<typeof forward>) {
  root.dataset.pageFetches = String(++fetches);
  return Reflect.apply(forward, this, args) as ReturnType<typeof forward>;
} as typeof fetch;

// JSON.parse: every round it parses comes out with another result. The page's own code never calls
// it (response.json() is the browser's); a tap that used it would record wrong outcomes, and the
// page's honest rounds would turn into mismatches.
const parse = JSON.parse;
function tamper(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tamper);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = key === 'result' && typeof item === 'string' ? String((Number(item) + 1) % 37) : tamper(item);
  return copy;
}
JSON.parse = function parseTampered(text: string, reviver?: Parameters<typeof parse>[1]) {
  root.dataset.pageParses = String(Number(root.dataset.pageParses ?? 0) + 1);
  return tamper(parse(text, reviver));
} as typeof JSON.parse;

// MutationObserver: a stand-in that never reports anything to whoever creates one from now on.
class BlindObserver {
  observe(): void {}
  disconnect(): void {}
  takeRecords(): MutationRecord[] {
    return [];
  }
}
window.MutationObserver = BlindObserver as unknown as typeof MutationObserver;

// The tap's own event, forged before the body exists: a round the page makes up.
document.dispatchEvent(
  new CustomEvent('fair-witness:json', {
    detail: JSON.stringify({
      rounds: [{ game: 'European Roulette', commitment: randomHex(32), clientSeed: `hostile-${root.dataset.run}-head-0`, nonce: '0', result: '5' }],
    }),
  }),
);

// The control: this page does run inline handlers, so a payload parsed as HTML anywhere in it
// would run. (Proves the "nothing ran" check can fail.)
const probe = document.createElement('div');
probe.innerHTML = `<img src="data:," onerror="window.__fwControl='img-onerror'">`;
root.dataset.hostileHead = 'ran';
