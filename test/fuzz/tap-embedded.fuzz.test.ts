// @vitest-environment jsdom
// Fuzzes the reading of JSON embedded in a page: documents with script elements of every kind
// (JSON types in any case and with parameters, code, modules, no type) holding JSON made safe for
// a script element, torn JSON or junk, parsed with the document or added later. The tap reads
// only the JSON-typed ones, each once, never runs or reads code, and never throws into the page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonScript } from '../../src/capture/page-world/tap-text.js';
import { installTap, type TapWindow } from '../../src/capture/page-world/tap-install.js';
import { decodeTapDetail, TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { hex64 } from './arbitraries.js';
import { CASE_MS, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';
import { junkText } from './tap-text-arbitraries.js';

const TARGET = 'tap-embedded';
const CASES = targetCases(1000);

const JSON_TYPES = ['application/json', 'APPLICATION/JSON', 'application/json; charset=utf-8', ' application/ld+json ', 'application/vnd.next+json'];
const CODE_TYPES = [null, '', 'text/javascript', 'module', 'application/javascript', 'text/babel', 'importmap', 'text/json-template', 'application/jsonp'];

interface Script {
  type: string | null;
  /** The client seed of its round: each script's own, so a read is traced back to its script. */
  clientSeed: string;
  text: string;
  later: boolean;
}

const script = fc
  .record({
    json: fc.boolean(),
    type: fc.nat(),
    seed: hex64,
    body: fc.constantFrom('whole', 'torn', 'junk', 'code'),
    junk: junkText,
    later: fc.boolean(),
    wrapped: fc.boolean(),
  })
  .map(({ json, type, seed, body, junk, later }, ) => {
    const clientSeed = `c${seed.slice(0, 12)}`;
    const round = JSON.stringify({ page: { bet: { serverSeed: seed, clientSeed, nonce: 1, note: '</script><!--' } } }).replace(/</g, '\\u003c');
    const text = body === 'whole' ? round : body === 'torn' ? round.slice(0, round.length - 1) : body === 'code' ? `window.x = ${round};` : junk;
    return { type: json ? JSON_TYPES[type % JSON_TYPES.length]! : CODE_TYPES[type % CODE_TYPES.length]!, clientSeed, text, later } satisfies Script;
  });

function element(document: Document, { type, text }: Script): HTMLScriptElement {
  const node = document.createElement('script');
  if (type !== null) node.setAttribute('type', type);
  node.textContent = text;
  return node;
}

describe('tap-embedded: JSON script elements', () => {
  it('types: only JSON ones, never throwing', () => {
    runProperty(
      TARGET,
      'types',
      fc.property(fc.oneof(fc.constantFrom(...JSON_TYPES, ...CODE_TYPES), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 })), (type) => {
        const json = withinTime(CASE_MS, 'isJsonScript', () => isJsonScript(type));
        if (json) expect(type!.toLowerCase()).toContain('json');
        if (type !== null && JSON_TYPES.includes(type)) expect(json).toBe(true);
        if (CODE_TYPES.includes(type)) expect(json).toBe(false);
      }),
      share(CASES, 0.7),
    );
  }, PROPERTY_TIMEOUT);

  it('documents: each whole JSON script read once, nothing else read, the page undisturbed', () => {
    // Parsed, as a page is when the tap reads it (jsdom leaves createHTMLDocument's documents "loading").
    const page = new DOMParser().parseFromString('<html><body></body></html>', 'text/html');
    runProperty(
      TARGET,
      'documents',
      fc.property(fc.array(script, { maxLength: 6 }), (scripts) => {
        page.body.replaceChildren();
        const seen: string[] = [];
        const onTap = (event: Event) => {
          for (const round of decodeTapDetail((event as CustomEvent).detail)) seen.push(round.clientSeed ?? '');
        };
        page.addEventListener(TAP_EVENT, onTap);
        for (const item of scripts.filter((entry) => !entry.later)) page.body.append(element(page, item));
        // The browser's observer, delivering its records when the test says (the real one waits for a microtask).
        let deliver: MutationCallback = () => undefined;
        class Observer {
          constructor(callback: MutationCallback) {
            deliver = callback;
          }
          observe(): void {}
        }
        const win: TapWindow = { document: page, CustomEvent, setTimeout: (callback) => callback(), TextDecoder, MutationObserver: Observer as unknown as typeof MutationObserver };
        const stats = withinTime(CASE_MS, 'installTap', () => installTap(win));
        const holder = page.createElement('div');
        for (const item of scripts.filter((entry) => entry.later)) holder.append(element(page, item));
        page.body.append(holder);
        const first = page.body.querySelector('script');
        // An added part, and a script moved (added again): each script is read once at most.
        deliver([{ addedNodes: [holder] }, ...(first ? [{ addedNodes: [first] }] : [])] as unknown as MutationRecord[], {} as MutationObserver);
        page.removeEventListener(TAP_EVENT, onTap);
        // Every script is still there, as written.
        expect([...page.querySelectorAll('script')].map((node) => node.textContent)).toEqual([...scripts.filter((item) => !item.later), ...scripts.filter((item) => item.later)].map((item) => item.text));
        const readable = scripts.filter((item) => isJsonScript(item.type) && item.text.startsWith('{"page"') && item.text.endsWith('}}}'));
        expect(stats.errors).toBe(0);
        expect(seen.sort()).toEqual(readable.map((item) => item.clientSeed).sort());
      }),
      share(CASES, 0.3),
    );
  }, PROPERTY_TIMEOUT);
});
