// @vitest-environment jsdom
// Which scans are whole and which read only the changed parts, and what a part scan reads.
import { afterEach, describe, expect, it } from 'vitest';
import type { IncrementalOptions } from '../../../src/capture/dom/incremental-scan.js';
import { scanDocument } from '../../../src/capture/dom/scanner.js';
import { CLIENT, COMMITMENT, page, SEED } from '../dom.js';
import { watchedScanner } from '../watched-scanner.js';

let watched: ReturnType<typeof watchedScanner> | undefined;
afterEach(() => watched?.stop());

/** The scanner as the content script feeds it; `scan` gives the rounds' fields. */
function watch(document: Document, options?: IncrementalOptions) {
  watched = watchedScanner(document, options);
  const { counts, scan } = watched;
  return { counts, scan: () => scan().map((round) => round.fields) };
}

const entry = (nonce: number, result: number, seed = '') =>
  `<article><h3>Bet #${nonce}</h3><dl><dt>Hashed Server Seed</dt><dd>${COMMITMENT}</dd>${seed ? `<dt>Server Seed</dt><dd>${seed}</dd>` : ''}<dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Winning Number</dt><dd>${result}</dd></dl></article>`;

const historyPage = (count: number) => page(`<h2>European Roulette</h2><div id="list">${Array.from({ length: count }, (_, i) => entry(count - i, i)).join('')}</div>`);

function append(document: Document, parent: Element, markup: string, first = false): Element {
  const template = document.createElement('template');
  template.innerHTML = markup; // test markup, not page text
  const element = template.content.firstElementChild!;
  parent.insertBefore(element, first ? parent.firstChild : null);
  return element;
}

describe('IncrementalScanner', () => {
  it('scans whole first, then reads only a new history entry, with the game of its heading', () => {
    const document = historyPage(50);
    const scanner = watch(document);
    expect(scanner.scan()).toHaveLength(50);
    append(document, document.getElementById('list')!, entry(51, 17), true);
    expect(scanner.scan()).toEqual([{ game: 'European Roulette', commitment: COMMITMENT, clientSeed: CLIENT, nonce: '51', result: '17' }]);
    expect(scanner.counts).toEqual({ whole: 1, parts: 1 });
  });

  it('reads a reveal inside one entry as that entry alone', () => {
    const document = historyPage(3);
    const scanner = watch(document);
    scanner.scan();
    const dl = document.querySelectorAll('dl')[1]!;
    append(document, dl, `<dt>Server Seed</dt>`);
    append(document, dl, `<dd>${SEED}</dd>`);
    expect(scanner.scan()).toEqual([{ game: 'European Roulette', commitment: COMMITMENT, serverSeed: SEED, clientSeed: CLIENT, nonce: '2', result: '1' }]);
    expect(scanner.counts).toEqual({ whole: 1, parts: 1 });
  });

  it("reads a row added to a column table by the table's header, and scans whole when the header changes", () => {
    const row = (nonce: number) => `<tr><td>${nonce}</td><td>${CLIENT}</td><td>${nonce % 37}</td></tr>`;
    const document = page(`<table><thead><tr><th>Nonce</th><th>Client Seed</th><th>Result</th></tr></thead><tbody>${row(1)}${row(2)}</tbody></table>`);
    const scanner = watch(document);
    expect(scanner.scan()).toHaveLength(2);
    const tbody = document.querySelector('tbody')!;
    const template = document.createElement('template');
    template.innerHTML = `<table><tbody>${row(3)}</tbody></table>`;
    tbody.appendChild(template.content.querySelector('tr')!);
    expect(scanner.scan()).toEqual([{ nonce: '3', clientSeed: CLIENT, result: '3' }]);
    expect(scanner.counts).toEqual({ whole: 1, parts: 1 });

    document.querySelector('th')!.textContent = 'Bet';
    scanner.scan();
    expect(scanner.counts.whole).toBe(2);
  });

  it('scans whole when an entry is removed (the rounds left may join what was beside them)', () => {
    const document = historyPage(3);
    const scanner = watch(document);
    scanner.scan();
    document.querySelector('article')!.remove();
    expect(scanner.scan()).toEqual(scanDocument(document).map((round) => round.fields));
    expect(scanner.counts).toEqual({ whole: 2, parts: 0 });
  });

  it('scans whole when a change takes away a value its entry held (a nonce rewritten)', () => {
    const document = historyPage(3);
    const scanner = watch(document);
    scanner.scan();
    document.querySelectorAll('dd')[3]!.textContent = '99';
    expect(scanner.scan()).toHaveLength(3);
    expect(scanner.counts).toEqual({ whole: 2, parts: 0 });
  });

  it('scans whole when a heading that names a game changes, as it may name the game of every round', () => {
    const document = historyPage(3);
    const scanner = watch(document);
    scanner.scan();
    document.querySelector('h2')!.textContent = 'American Roulette';
    expect(scanner.scan().map((fields) => fields.game)).toEqual(['American Roulette', 'American Roulette', 'American Roulette']);
    expect(scanner.counts.whole).toBe(2);
  });

  it('scans a page with one round whole each time (no part of it holds several rounds)', () => {
    const document = page(`<dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>Nonce</dt><dd>1</dd></dl>`);
    const scanner = watch(document);
    scanner.scan();
    append(document, document.querySelector('dl')!, '<dt>Result</dt>');
    append(document, document.querySelector('dl')!, '<dd>5</dd>');
    expect(scanner.scan()).toEqual([{ serverSeed: SEED, nonce: '1', result: '5' }]);
    expect(scanner.counts).toEqual({ whole: 2, parts: 0 });
  });

  it('still scans a changing page whole every so often', () => {
    let now = 0;
    const document = historyPage(3);
    const scanner = watch(document, { now: () => now, wholeEveryMs: 30_000 });
    scanner.scan();
    append(document, document.getElementById('list')!, entry(4, 4), true);
    now = 29_000;
    scanner.scan();
    expect(scanner.counts).toEqual({ whole: 1, parts: 1 });
    append(document, document.getElementById('list')!, entry(5, 5), true);
    now = 31_000;
    expect(scanner.scan()).toHaveLength(5);
    expect(scanner.counts).toEqual({ whole: 2, parts: 1 });
    // Nothing changed: nothing to scan, however long ago.
    now = 100_000;
    expect(scanner.scan()).toEqual([]);
    expect(scanner.counts.whole).toBe(2);
  });
});
