// The pages as the extension's scanner meets them: labels (not classes), one container per round,
// truncated hex with the full value in an attribute, keno numbers as chips, German labels, and
// nothing loaded from off the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEAT_MODES } from '../../scripts/demo-casino/casino-state.js';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { get, parseHtml, post, PAGE_PATHS } from './helpers.js';

let casino: DemoCasino;

beforeAll(async () => {
  casino = await startDemoCasino({ seed: 'pages-test' });
  // Round 1 and 2 on pair 1 (revealed below), round 3 on pair 2 (pending).
  await post(casino, '/api/bet', { game: 'roulette-american' });
  await post(casino, '/api/bet', { game: 'keno', picks: [3, 1, 2] });
  await post(casino, '/api/rotate');
  await post(casino, '/api/bet', { game: 'roulette-european' });
});
afterAll(async () => {
  await casino.close();
});

async function page(path: string): Promise<Document> {
  const reply = await get(casino, path);
  expect(reply.status, path).toBe(200);
  expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
  return parseHtml(reply.text);
}

/** label → [value element] of one round container, for the structure it uses. */
function pairs(entry: Element): Map<string, Element> {
  const map = new Map<string, Element>();
  for (const dt of entry.querySelectorAll('dt')) map.set(dt.textContent!, dt.nextElementSibling!);
  for (const th of entry.querySelectorAll('th')) map.set(th.textContent!, th.nextElementSibling!);
  return map;
}

function textPairs(entry: Element): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of entry.querySelectorAll('p')) {
    const match = /^([^:]+): (.*)$/.exec(p.textContent!);
    if (match) map.set(match[1]!, match[2]!);
  }
  return map;
}

const chipsOf = (element: Element) => [...element.children].map((chip) => Number(chip.textContent));

describe('game page (en): active seed pair and dt/dd history', () => {
  it('shows the active seed pair before any bet of the pair: commitment (truncated, full in attributes), client seed input, next nonce', async () => {
    const doc = await page('/casino/keno');
    const active = casino.state().activeSeedPair;
    const panel = doc.querySelector('[data-slot="seed-pair"]')!;
    const label = [...panel.querySelectorAll('span')].find((span) => span.textContent === 'Server Seed Hash')!;
    const value = label.nextElementSibling!;
    expect(value.textContent).toBe(`${active.commitment.slice(0, 6)}…${active.commitment.slice(-6)}`);
    expect(value.getAttribute('title')).toBe(active.commitment);
    expect(value.getAttribute('data-full-value')).toBe(active.commitment);
    const input = panel.querySelector<HTMLInputElement>('input#client-seed')!;
    expect(panel.querySelector('label[for="client-seed"]')!.textContent).toBe('Client Seed');
    expect(input.value).toBe(active.clientSeed);
    expect([...panel.querySelectorAll('p')].map((p) => p.textContent)).toContain('Nonce: 2');
    expect(panel.querySelector('[data-action="rotate"]')!.textContent).toBe('Rotate seed pair');
    expect(panel.querySelector('[data-action="set-client-seed"]')).not.toBeNull();
  });

  it('lists every round newest first, each an <article data-round-id> of dt/dd pairs; reveal fields only once revealed', async () => {
    const doc = await page('/casino/roulette?variant=european');
    const state = casino.state();
    const entries = [...doc.querySelectorAll('[data-slot="history"] > article')];
    expect(entries.map((e) => e.getAttribute('data-round-id'))).toEqual(['3', '2', '1']);

    const pending = pairs(entries[0]!);
    expect([...pending.keys()]).toEqual(['Game', 'Hashed Server Seed', 'Client Seed', 'Nonce', 'Winning Number', 'Bet Amount', 'Payout', 'Multiplier']);
    expect(pending.get('Bet Amount')!.textContent).toBe('$1.00');
    expect(pending.get('Game')!.textContent).toBe('European Roulette');
    expect(pending.get('Winning Number')!.textContent).toBe(state.rounds[2]!.displayedOutcome);

    const keno = pairs(entries[1]!);
    expect([...keno.keys()]).toEqual(['Game', 'Hashed Server Seed', 'Server Seed', 'Client Seed', 'Nonce', 'Round Signature', 'Your Picks', 'Drawn Numbers', 'Bet Amount', 'Payout', 'Multiplier']);
    const round = state.rounds[1]!;
    for (const [labelText, full] of [['Hashed Server Seed', round.commitment], ['Server Seed', round.serverSeed], ['Round Signature', round.roundSignature]] as const) {
      const dd = keno.get(labelText)!;
      expect(dd.tagName).toBe('DD');
      expect(dd.textContent).toMatch(/^[0-9a-f]{6}…[0-9a-f]{6}$/);
      expect(dd.getAttribute('title')).toBe(full);
    }
    expect(keno.get('Nonce')!.textContent).toBe('2');
    expect(chipsOf(keno.get('Your Picks')!)).toEqual([1, 2, 3]);
    expect(chipsOf(keno.get('Drawn Numbers')!)).toEqual(round.displayedOutcome);
    expect([...keno.get('Drawn Numbers')!.children].every((chip) => chip.tagName === 'SPAN')).toBe(true);
    expect(pairs(entries[2]!).get('Game')!.textContent).toBe('American Roulette');
  });

  it('uses generated-looking class names only', async () => {
    const doc = await page('/casino/keno');
    const classes = new Set([...doc.querySelectorAll('[class]')].flatMap((e) => [...e.classList]));
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(name).toMatch(/^sc-[0-9a-f]{6}$/);
  });
});

describe('history page: th/td rows; framed history: "Label: value" text', () => {
  it('renders each round as a <section> table with truncated "..." hex and data-full-value', async () => {
    const doc = await page('/casino/history');
    const entries = [...doc.querySelectorAll('[data-slot="history"] > section[data-round-id]')];
    expect(entries).toHaveLength(3);
    const keno = pairs(entries[1]!);
    expect([...keno.keys()]).toEqual(['Game', 'Commitment', 'Revealed Server Seed', 'Client Seed', 'Nonce', 'Round Signature', 'Selected Numbers', 'Drawn Numbers', 'Stake', 'Win', 'Payout Multiplier']);
    expect(keno.get('Stake')!.textContent).toBe('1.00 USD');
    expect(keno.get('Win')!.textContent).toBe(`${casino.state().rounds[1]!.payout} USD`);
    const td = keno.get('Revealed Server Seed')!;
    expect(td.textContent).toMatch(/^[0-9a-f]{6}\.\.\.[0-9a-f]{6}$/);
    expect(td.getAttribute('data-full-value')).toBe(casino.state().rounds[1]!.serverSeed);
    expect(pairs(entries[0]!).get('Result')!.textContent).toBe(casino.state().rounds[2]!.displayedOutcome);
  });

  it('embeds the history in a same-origin iframe whose rounds are "Label: value" lines with full values', async () => {
    const outer = await page('/embed/history?lang=de');
    const frame = outer.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/embed/history/frame?lang=de');
    const doc = await page('/embed/history/frame?lang=de');
    const entries = [...doc.querySelectorAll('[data-slot="history"] > section[data-round-id]')];
    const keno = textPairs(entries[1]!);
    const round = casino.state().rounds[1]!;
    expect(Object.fromEntries(keno)).toEqual({
      Spiel: 'Keno',
      'Server-Seed-Hash': round.commitment,
      'Server-Seed': round.serverSeed,
      'Client-Seed': round.clientSeed,
      Nonce: '2',
      Rundensignatur: round.roundSignature,
      'Deine Auswahl': '1, 2, 3',
      Ziehung: (round.displayedOutcome as number[]).join(', '),
      Einsatz: '1,00',
      Gewinn: round.payout.replace('.', ','),
      Multiplikator: `x${round.multiplier.replace('.', ',')}`,
    });
    expect(textPairs(entries[0]!).get('Gewinnzahl')).toBe(casino.state().rounds[2]!.displayedOutcome);
    expect(doc.querySelector('[data-demo-controls]')).toBeNull();
  });
});

describe('German pages', () => {
  it('use the German labels and game names', async () => {
    const doc = await page('/casino/roulette?variant=american&lang=de');
    expect(doc.documentElement.lang).toBe('de');
    const entries = [...doc.querySelectorAll('[data-slot="history"] > article')];
    expect([...pairs(entries[1]!).keys()]).toEqual(['Spiel', 'Gehashter Server-Seed', 'Offengelegter Server-Seed', 'Client-Seed', 'Nonce', 'Rundensignatur', 'Deine Auswahl', 'Gezogene Zahlen', 'Einsatz', 'Auszahlung', 'Multiplikator']);
    expect(pairs(entries[1]!).get('Einsatz')!.textContent).toBe('1,00 €');
    expect([...pairs(entries[0]!).keys()]).toContain('Gewinnzahl');
    expect(entries.map((e) => pairs(e).get('Spiel')!.textContent)).toEqual(['Europäisches Roulette', 'Keno', 'Amerikanisches Roulette']);
    const panel = doc.querySelector('[data-slot="seed-pair"]')!;
    expect(panel.textContent).toContain('Gehashter Server-Seed');
    expect(panel.querySelector('label')!.textContent).toBe('Client-Seed');
    expect(panel.querySelector('[data-action="rotate"]')!.textContent).toBe('Seed-Paar wechseln');
    expect(doc.querySelector('h1')!.textContent).toBe('Amerikanisches Roulette');
  });
});

describe('every page', () => {
  it('has the demo control bar (except inside the frame), loads only same-origin resources and no inline script', async () => {
    for (const path of PAGE_PATHS) {
      const reply = await get(casino, path);
      expect(reply.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(reply.text, path).not.toMatch(/https?:|\/\/[a-z]/i);
      const doc = parseHtml(reply.text);
      for (const element of doc.querySelectorAll('[src], [href], [action]')) {
        const url = element.getAttribute('src') ?? element.getAttribute('href') ?? element.getAttribute('action')!;
        expect(url, `${path}: ${url}`).toMatch(/^\/(?!\/)/);
      }
      for (const script of doc.querySelectorAll('script')) expect(script.getAttribute('src')).toBe('/static/casino.js');
      expect(reply.text, path).not.toMatch(/<[^>]*\son[a-z]+=/i);
      const bar = doc.querySelector('[data-demo-controls]');
      if (path.startsWith('/embed/history/frame')) expect(bar).toBeNull();
      else expect(bar?.querySelectorAll('[data-cheat]')).toHaveLength(CHEAT_MODES.length);
    }
  });

  it('serves the page script and stylesheet from /static with nothing off-machine in them', async () => {
    const script = await get(casino, '/static/casino.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain("fetch(\"/api/seed-pair\"");
    const css = await get(casino, '/static/casino.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const text of [script.text, css.text]) expect(text).not.toMatch(/https?:|url\(/);
  });
});
