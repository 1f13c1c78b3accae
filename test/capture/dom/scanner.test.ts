// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { scanDocument } from '../../../src/capture/dom/scanner.js';
import { pageTally } from '../../../src/capture/readers/capture-tally.js';
import { CLIENT, COMMITMENT, KENO, page, SEED, shorten, SIGNATURE } from '../dom.js';

const only = (document: Document) => {
  const rounds = scanDocument(document);
  expect(rounds).toHaveLength(1);
  return rounds[0]!.fields;
};

const ROUND = { serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '23' };

describe('scanDocument: structures', () => {
  it('reads dt/dd pairs', () => {
    const document = page(`<h2>European Roulette</h2><dl>
      <dt>Server Seed</dt><dd>${SEED}</dd>
      <dt>Client Seed</dt><dd>${CLIENT}</dd>
      <dt>Nonce</dt><dd>1</dd>
      <dt>Winning Number</dt><dd>23</dd></dl>`);
    expect(only(document)).toEqual({ game: 'European Roulette', ...ROUND });
  });

  it('reads dt/dd pairs wrapped in divs (as the HTML spec allows)', () => {
    const document = page(`<dl><div><dt>Server Seed:</dt><dd> ${SEED} </dd></div><div><dt>Nonce:</dt><dd>1</dd></div></dl>`);
    expect(only(document)).toEqual({ serverSeed: SEED, nonce: '1' });
  });

  it('reads th/td rows', () => {
    const document = page(`<table><tr><th>Server Seed</th><td>${SEED}</td></tr><tr><th>Client Seed</th><td>${CLIENT}</td></tr>
      <tr><th>Nonce</th><td>1</td></tr><tr><th>Result</th><td>23</td></tr></table>`);
    expect(only(document)).toEqual(ROUND);
  });

  it('reads td/td rows', () => {
    const document = page(`<table><tbody><tr><td>Server Seed</td><td>${SEED}</td></tr><tr><td>Client Seed</td><td>${CLIENT}</td></tr>
      <tr><td>Nonce</td><td>1</td></tr><tr><td>Result</td><td>23</td></tr></tbody></table>`);
    expect(only(document)).toEqual(ROUND);
  });

  it('reads label + input and label + textarea by their value property', () => {
    const document = page(`<form>
      <label for="s">Server Seed</label><input id="s" value="placeholder">
      <label>Client Seed <input value="${CLIENT}"></label>
      <label for="n">Nonce</label><textarea id="n"></textarea>
      <div><label>Result</label><input value="23"></div></form>`);
    (document.getElementById('s') as HTMLInputElement).value = SEED; // typed or set by script: no attribute
    (document.getElementById('n') as HTMLTextAreaElement).value = ' 1 ';
    expect(only(document)).toEqual(ROUND);
  });

  it('reads a field the player is typing in (it has the focus) by the page\'s own value, not the draft', () => {
    // The window's own document: only a document in a window has a focused element.
    document.body.innerHTML = `<label for="c">Client Seed</label><input id="c" value="${CLIENT}"><p>Nonce: 1</p>`;
    const input = document.getElementById('c') as HTMLInputElement;
    input.focus();
    input.value = 'my-new-s'; // half typed
    expect(only(document)).toEqual({ clientSeed: CLIENT, nonce: '1' });
    input.blur();
    expect(only(document)).toEqual({ clientSeed: 'my-new-s', nonce: '1' });
    // A read-only field holds no draft: focused (to copy it), its value is the page's.
    input.readOnly = true;
    input.value = 'set-by-the-page';
    input.focus();
    expect(only(document)).toEqual({ clientSeed: 'set-by-the-page', nonce: '1' });
    document.body.innerHTML = '';
  });

  it('reads inputs named only by aria-label', () => {
    const document = page(`<input aria-label="Server Seed" value="${SEED}"><input aria-label="Nonce" value="1">`);
    expect(only(document)).toEqual({ serverSeed: SEED, nonce: '1' });
  });

  it('reads a label element followed by a value element, however deeply the label is wrapped', () => {
    const document = page(`<div class="x1">
      <div class="r"><div class="a"><span>Server Seed</span></div><div class="b"><span>${SEED}</span><button>Copy</button></div></div>
      <div class="r"><span>Client Seed</span><span>${CLIENT}</span></div>
      <div class="r"><p>Nonce</p><p>1</p></div>
      <div class="r"><span>Result</span> <strong>23</strong></div></div>`);
    expect(only(document)).toEqual(ROUND);
  });

  it('reads "Label: value" in one text node, and a label text node followed by its value', () => {
    const document = page(`<section><p>Server Seed: ${SEED}</p><p>Client Seed: ${CLIENT}</p><p>Nonce: <b>1</b></p><p><b>Result:</b> 23</p></section>`);
    expect(only(document)).toEqual(ROUND);
  });

  it('reads the reference program output in a <pre>', () => {
    const document = page(`<pre>📝 Commitment (shown before the game): ${COMMITMENT}
🔒 Server Seed (revealed after the game): ${SEED}
🎲 Client Seed: ${CLIENT}
🔢 Nonce: 1
🔁 Round Signature (can be verified after the game): ${SIGNATURE}
🎯 Hits: [
   4,  8, 15, 21, 23,
  24, 30, 35, 36, 40
]</pre>`);
    expect(only(document)).toEqual({ game: 'Keno', commitment: COMMITMENT, serverSeed: SEED, clientSeed: CLIENT, nonce: '1', roundSignature: SIGNATURE, result: KENO });
  });

  it('reads German labels', () => {
    const document = page(`<h3>Europäisches Roulette</h3><dl>
      <dt>Offengelegter Server-Seed</dt><dd>${SEED}</dd><dt>Server-Seed-Hash</dt><dd>${COMMITMENT}</dd>
      <dt>Client-Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>1</dd><dt>Rundensignatur</dt><dd>${SIGNATURE}</dd><dt>Gewinnzahl</dt><dd>23</dd></dl>`);
    expect(only(document)).toEqual({ game: 'European Roulette', serverSeed: SEED, commitment: COMMITMENT, clientSeed: CLIENT, nonce: '1', roundSignature: SIGNATURE, result: '23' });
  });

  it('matches a label split over inline elements as a whole', () => {
    const document = page(`<dl><dt>Server seed <small>(revealed)</small></dt><dd>${SEED}</dd><dt>Server Seed <small>(hashed)</small></dt><dd>${COMMITMENT}</dd><dt>Nonce</dt><dd>1</dd></dl>`);
    expect(only(document)).toEqual({ serverSeed: SEED, commitment: COMMITMENT, nonce: '1' });
  });

  it('never takes a label qualifier it does not know for a value', () => {
    const document = page(`<dl><dt>Server Seed <small>(next)</small></dt><dd>${COMMITMENT}</dd><dt>Nonce</dt><dd>1</dd><dt>Client Seed</dt><dd>${CLIENT}</dd></dl>`);
    expect(only(document)).toEqual({ clientSeed: CLIENT, nonce: '1' });
  });

  it('a label followed by another label has no value', () => {
    const document = page(`<dl><dt>Server Seed</dt><dt>Commitment</dt><dd>${COMMITMENT}</dd><dt>Nonce</dt><dd>1</dd></dl>`);
    expect(only(document)).toEqual({ commitment: COMMITMENT, nonce: '1' });
  });

  it('never reads labels inside scripts, styles or buttons', () => {
    const document = page(`<script>var a = "Server Seed: x";</script><button>Nonce</button><span>5</span><style>/* Nonce: 3 */</style>`);
    expect(scanDocument(document)).toEqual([]);
  });

  it('trims whitespace around values but keeps the rest exactly', () => {
    const document = page(`<dl><dt>Client Seed</dt><dd>
        My Seed  ÄÖ ✓
      </dd><dt>Nonce</dt><dd> 1 </dd></dl>`);
    expect(only(document)).toEqual({ clientSeed: 'My Seed  ÄÖ ✓', nonce: '1' });
  });
});

describe('scanDocument: history tables with a header row', () => {
  const rows = (count: number) =>
    Array.from({ length: count }, (_, index) => `<tr><td>${index + 1}</td><td>${SEED.slice(0, 60)}${String(index).padStart(4, '0')}</td><td>${CLIENT}</td><td>${index % 37}</td></tr>`).join('');

  it('reads one round per row', () => {
    const document = page(`<h1>European Roulette</h1><table><thead><tr><th>Nonce</th><th>Server Seed</th><th>Client Seed</th><th>Result</th></tr></thead><tbody>${rows(3)}</tbody></table>`);
    const rounds = scanDocument(document);
    expect(rounds.map((round) => round.fields)).toEqual([0, 1, 2].map((index) => ({
      game: 'European Roulette',
      nonce: String(index + 1),
      serverSeed: `${SEED.slice(0, 60)}${String(index).padStart(4, '0')}`,
      clientSeed: CLIENT,
      result: String(index),
    })));
  });

  it('reads ARIA grids', () => {
    const document = page(`<div role="table"><div role="row"><span role="columnheader">Nonce</span><span role="columnheader">Commitment</span><span role="columnheader">Game</span></div>
      <div role="row"><span role="cell">4</span><span role="cell">${COMMITMENT}</span><span role="cell">Keno</span></div>
      <div role="row"><span role="cell">5</span><span role="cell">${COMMITMENT}</span><span role="cell">Keno</span></div></div>`);
    expect(scanDocument(document).map((round) => round.fields)).toEqual([
      { game: 'Keno', nonce: '4', commitment: COMMITMENT },
      { game: 'Keno', nonce: '5', commitment: COMMITMENT },
    ]);
  });

  it('does not take a label/value row for a header', () => {
    const document = page(`<table><tr><td>Nonce</td><td>5</td><td>Result</td><td>17</td><td>Server Seed</td><td>${SEED}</td></tr></table>`);
    expect(only(document)).toEqual({ nonce: '5', result: '17', serverSeed: SEED });
  });
});

describe('scanDocument: truncated values', () => {
  const panel = (valueMarkup: string) => page(`<dl><dt>Server Seed</dt><dd>${valueMarkup}</dd><dt>Nonce</dt><dd>1</dd><dt>Client Seed</dt><dd>${CLIENT}</dd></dl>`);

  it.each([
    ['title', `<span title="${SEED}">${shorten(SEED)}</span>`],
    ['aria-label', `<span aria-label="${SEED}">${shorten(SEED)}</span>`],
    ['data-* on the value', `<span data-full-value="${SEED}">${shorten(SEED)}</span>`],
    ['a copy button beside it', `<span>${shorten(SEED)}</span><button data-clipboard-text="${SEED}">Copy</button>`],
    ['the value element itself', `<span>${shorten(SEED, '...')}</span>`.replace('<span>', `<span title="${SEED}">`)],
    ['an aria-label sentence', `<span aria-label="Copy server seed ${SEED}">${shorten(SEED)}</span>`],
  ])('takes the full value from %s', (_, markup) => {
    expect(only(panel(markup))).toEqual({ serverSeed: SEED, nonce: '1', clientSeed: CLIENT });
  });

  it('takes the full value from an input whose shown value is truncated', () => {
    const document = page(`<label for="s">Server Seed</label><input id="s" data-value="${SEED}"><p>Nonce: 1</p>`);
    (document.getElementById('s') as HTMLInputElement).value = shorten(SEED);
    expect(only(document)).toEqual({ serverSeed: SEED, nonce: '1' });
  });

  it('takes the full value from the element of a "Label: value" text', () => {
    const document = page(`<p title="${SEED}">Server Seed: ${shorten(SEED, '...')}</p><p>Nonce: 1</p>`);
    expect(only(document)).toEqual({ serverSeed: SEED, nonce: '1' });
  });

  it.each([
    ['no full value anywhere', `<span>${shorten(SEED)}</span>`],
    ['a title that does not match the shown ends', `<span title="${COMMITMENT}">${shorten(SEED)}</span>`],
    ['a title that is itself truncated', `<span title="${SEED.slice(0, 20)}…">${shorten(SEED)}</span>`],
    ['two different candidates', `<span title="${SEED.slice(0, 6)}00${SEED.slice(-6)}" data-x="${SEED}">${shorten(SEED)}</span>`],
    ['an ellipsis alone', `<span title="${SEED}">…</span>`],
    ['three dots', `<span>${shorten(SEED, '...')}</span>`],
  ])('leaves the field missing with %s', (_, markup) => {
    expect(only(panel(markup))).toEqual({ nonce: '1', clientSeed: CLIENT });
  });

  it('never sends the truncated text as a commitment either', () => {
    const document = page(`<dl><dt>Commitment</dt><dd>${shorten(COMMITMENT)}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>2</dd></dl>`);
    expect(only(document)).toEqual({ clientSeed: CLIENT, nonce: '2' });
  });
});

describe('scanDocument: keno numbers', () => {
  const chips = (numbers: string[]) => numbers.map((number) => `<span class="c">${number}</span>`).join('');

  it('collects each chip of the draw and the picks', () => {
    const document = page(`<h2>Keno</h2><dl><dt>Drawn Numbers</dt><dd><div>${chips(KENO)}</div></dd>
      <dt>Your Picks</dt><dd>${chips(['4', '9'])}</dd><dt>Nonce</dt><dd>3</dd></dl>`);
    expect(only(document)).toEqual({ game: 'Keno', result: KENO, picks: ['4', '9'], nonce: '3' });
  });

  it('collects chips that are siblings of the label', () => {
    const document = page(`<div><span>Gezogene Zahlen</span>${chips(KENO)}</div><div><span>Gewählte Zahlen</span>${chips(['1', '2'])}</div><p>Nonce: 3</p>`);
    expect(only(document)).toEqual({ game: 'Keno', result: KENO, picks: ['1', '2'], nonce: '3' });
  });

  it('keeps a draw written as one text, and splits picks written as one text', () => {
    const document = page(`<p>Hits: 4, 8, 15</p><p>Selected Numbers: 4 8</p><p>Nonce: 3</p>`);
    expect(only(document)).toEqual({ game: 'Keno', result: '4, 8, 15', picks: ['4', '8'], nonce: '3' });
  });

  it('a roulette chip with a colour word stays one text', () => {
    const document = page(`<dl><dt>Result</dt><dd><span>17</span><span>Red</span></dd><dt>Nonce</dt><dd>3</dd></dl>`);
    expect(only(document)).toEqual({ result: '17Red', nonce: '3' });
  });
});

describe('scanDocument: rounds and groups', () => {
  const round = (nonce: number, result: string, seed = SEED) =>
    `<section><dl><dt>Server Seed</dt><dd>${seed}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${result}</dd></dl></section>`;

  it('keeps two rounds on one page apart', () => {
    const document = page(`<main>${round(1, '23')}${round(2, '5')}</main>`);
    expect(scanDocument(document).map((found) => found.fields)).toEqual([
      { serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '23' },
      { serverSeed: SEED, clientSeed: CLIENT, nonce: '2', result: '5' },
    ]);
  });

  it('keeps rounds apart even when their fields are flat siblings in one list', () => {
    const document = page(`<ul><li><span>Nonce</span> <b>1</b> <span>Result</span> <b>3</b></li><li><span>Nonce</span> <b>2</b> <span>Result</span> <b>4</b></li></ul>`);
    expect(scanDocument(document).map((found) => found.fields)).toEqual([
      { nonce: '1', result: '3' },
      { nonce: '2', result: '4' },
    ]);
  });

  it('yields the active seed pair as its own group', () => {
    const document = page(`<div id="pair"><h4>Active seed pair</h4><p>Active Server Seed (hashed): ${COMMITMENT}</p><p>Active Client Seed: ${CLIENT}</p><p>Next Nonce: 8</p></div>
      <div id="last">${round(7, '12')}</div>`);
    const rounds = scanDocument(document).map(({ fields, channel }) => ({ fields, channel }));
    expect(rounds).toEqual([
      { fields: { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '8' }, channel: 'dom' },
      { fields: { serverSeed: SEED, clientSeed: CLIENT, nonce: '7', result: '12' }, channel: 'dom' },
    ]);
  });

  it('a value repeated within one round does not split it', () => {
    const document = page(`<div><h5>Round · Nonce: 4</h5><dl><dt>Nonce</dt><dd>4</dd><dt>Server Seed</dt><dd>${SEED}</dd></dl></div>`);
    expect(only(document)).toEqual({ nonce: '4', serverSeed: SEED });
  });

  it('does not yield groups that name no round', () => {
    expect(scanDocument(page(`<p>Result: 17</p>`))).toEqual([]);
    expect(scanDocument(page(`<p>Game: Keno</p><p>Nonce: 3</p>`))).toEqual([]);
    expect(scanDocument(page(`<p>Nothing here</p>`))).toEqual([]);
  });

  it('scans a part of a document', () => {
    const document = page(`<div id="a">${round(1, '2')}</div><div id="b">${round(2, '3')}</div>`);
    expect(scanDocument(document.getElementById('b')!).map((found) => found.fields.nonce)).toEqual(['2']);
  });

  it('iframes are separate documents: each is scanned on its own', () => {
    document.body.innerHTML = `<h2>Roulette</h2>${round(1, '2')}<iframe id="f"></iframe>`;
    const frame = (document.getElementById('f') as HTMLIFrameElement).contentDocument!;
    frame.body.innerHTML = `<h2>Keno</h2>${round(9, '1, 2')}`;
    expect(scanDocument(document).map((found) => found.fields)).toEqual([{ game: 'European Roulette', serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '2' }]);
    expect(scanDocument(frame).map((found) => found.fields)).toEqual([{ game: 'Keno', serverSeed: SEED, clientSeed: CLIENT, nonce: '9', result: '1, 2' }]);
    document.body.replaceChildren();
  });
});

describe('scanDocument: the game', () => {
  const details = (nonce: number) => `<dl><dt>Nonce</dt><dd>${nonce}</dd><dt>Commitment</dt><dd>${COMMITMENT}</dd></dl>`;

  it('prefers the round\'s own Game field, as the page shows it', () => {
    const document = page(`<h1>Keno</h1><dl><dt>Spiel</dt><dd>Amerikanisches Roulette</dd><dt>Nonce</dt><dd>1</dd><dt>Commitment</dt><dd>${COMMITMENT}</dd></dl>`);
    expect(only(document).game).toBe('Amerikanisches Roulette');
  });

  it('takes the heading inside the round, else the nearest heading before it', () => {
    const document = page(`<h1>Keno</h1><section><h2>American Roulette</h2>${details(1)}</section><section><h2>Plinko</h2></section><section>${details(2)}</section>`);
    expect(scanDocument(document).map((found) => found.fields.game)).toEqual(['American Roulette', 'Plinko']);
  });

  it('takes a "Game: Keno" line above a list of rounds', () => {
    const document = page(`<p>Game: Keno</p><div>${details(1)}</div><div>${details(2)}</div>`);
    expect(scanDocument(document).map((found) => found.fields.game)).toEqual(['Keno', 'Keno']);
  });

  it('falls back to the page title, then to an unknown Game field as shown', () => {
    expect(only(page(details(1), 'Play Limbo | Cloudbet')).game).toBe('Limbo');
    expect(only(page(`<p>Game: Blackjack</p>${details(1)}`)).game).toBe('Blackjack');
    expect(only(page(details(1))).game).toBeUndefined();
  });

  it('recognises the unsupported Originals', () => {
    for (const game of ['Mines', 'Pump', 'Plinko', 'Dice', 'Golden Ticket', 'Limbo']) {
      expect(only(page(`<h2>${game}</h2>${details(1)}`)).game).toBe(game);
    }
  });
});

/** One scan, and the DOM calls it makes (on the prototypes of jsdom's window, whose DOMParser made the page). */
function countedScan(document: Document): { rounds: ReturnType<typeof scanDocument>; calls: number } {
  const spies = [
    vi.spyOn(Element.prototype, 'closest'),
    vi.spyOn(Element.prototype, 'getAttribute'),
    vi.spyOn(Element.prototype, 'querySelectorAll'),
    vi.spyOn(Node.prototype, 'textContent', 'get'),
    vi.spyOn(TreeWalker.prototype, 'nextNode'),
  ];
  try {
    const rounds = scanDocument(document);
    return { rounds, calls: spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/**
 * `inner` inside `depth` nested `tag` elements, built from the inside out: jsdom's parser and an
 * append below a deep element both walk the ancestors at every step (2000 levels: seconds); wrapping
 * a detached chain does not, and the tree is the same.
 */
function nested(document: Document, tag: string, depth: number, inner: Node): Element {
  let outer = document.createElement(tag);
  outer.append(inner);
  for (let level = 1; level < depth; level++) {
    const wrapper = document.createElement(tag);
    wrapper.append(outer);
    outer = wrapper;
  }
  return outer;
}

// Pages of thousands of elements: seconds in jsdom on a busy machine.
describe('scanDocument: hostile and large pages', { timeout: 30_000 }, () => {
  it('survives a value nested deeper than any real one', () => {
    const document = page(`<dl><dt>Nonce</dt><dd>1</dd><dt>Commitment</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd id="deep"></dd></dl>`);
    document.getElementById('deep')!.append(nested(document, 'span', 2000, document.createTextNode('x')));
    expect(only(document)).toEqual({ nonce: '1', commitment: COMMITMENT });
  });

  it('reads through deep nesting, huge text and label-only noise, dropping the over-long value', () => {
    // The page `<div>`×2000 <p>… <p>… <p>… `</div>`×2000 `<span>Nonce</span>`×500.
    const document = page(`<p>Nonce: 1</p><p>Commitment: ${COMMITMENT}</p><p>Server Seed: ${'a'.repeat(100_000)}</p>${'<span>Nonce</span>'.repeat(500)}`);
    const values = document.createDocumentFragment();
    values.append(...document.querySelectorAll('p'));
    document.body.prepend(nested(document, 'div', 2000, values));
    expect(only(document)).toEqual({ nonce: '1', commitment: COMMITMENT });
  });

  it('scans 1 000 history rows, with work that grows with the page, not faster', () => {
    const history = (count: number) => {
      const rows = Array.from({ length: count }, (_, index) =>
        `<tr><td>${index}</td><td><span title="${SEED}">${shorten(SEED)}</span></td><td>${CLIENT}</td><td>${index % 37}</td></tr>`).join('');
      const detailRows = Array.from({ length: count }, (_, index) =>
        `<li><dl><dt>Nonce</dt><dd>${index}</dd><dt>Commitment</dt><dd>${COMMITMENT}</dd><dt>Result</dt><dd>${index % 37}</dd></dl></li>`).join('');
      return page(`<h1>Roulette</h1><table><thead><tr><th>Nonce</th><th>Server Seed</th><th>Client Seed</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table><ul>${detailRows}</ul>`);
    };
    const { rounds, calls: large } = countedScan(history(1000));
    expect(rounds).toHaveLength(2000);
    expect(rounds[999]!.fields).toEqual({ game: 'European Roulette', nonce: '999', serverSeed: SEED, clientSeed: CLIENT, result: String(999 % 37) });
    // The work is counted, not timed (a shared machine's clock says little): the DOM calls a scan
    // makes. Twice the rows, about twice the calls; a scan that compared every row with every other
    // would make four times as many.
    const small = countedScan(history(500)).calls;
    expect(small).toBeGreaterThan(1000);
    expect(large / small).toBeLessThan(2.5);
  });
});

describe('scanDocument: the capture diagnostics', () => {
  it('counts texts of 64 hex digits that no label named, each value once, and none that a label named', () => {
    const before = pageTally.tally.bare ?? 0;
    const bareOne = 'a'.repeat(63) + 'b';
    const bareTwo = '0'.repeat(63) + 'c';
    const document = page(`<dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>Nonce</dt><dd>1</dd></dl>
      <div class="mystery"><span>${bareOne}</span><span> ${bareTwo} </span></div><p>${bareOne}</p><p>${bareOne}x</p>`);
    scanDocument(document);
    scanDocument(document); // scanned again: counted once
    expect((pageTally.tally.bare ?? 0) - before).toBe(2);
  });
});
