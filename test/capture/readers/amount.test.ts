// @vitest-environment jsdom
// Stakes, payouts and multipliers: read from page text (currency marks, German decimals,
// grouping) and from JSON, never guessed, and carried with a round only once it has an outcome.
import { describe, expect, it } from 'vitest';
import { readAmount } from '../../../src/capture/readers/amount.js';
import { scanDocument } from '../../../src/capture/dom/scanner.js';
import { parseFairnessText } from '../../../src/popup/paste-parser.js';
import { CLIENT, COMMITMENT, KENO, page, SEED, shorten } from '../dom.js';

describe('readAmount: page text', () => {
  it.each([
    ['1.50', '1.50'],
    ['0.00', '0.00'],
    ['  12 ', '12'],
    ['$1.50', '1.50'],
    ['1.50 USD', '1.50'],
    ['USD 1.50', '1.50'],
    ['0.00012345 BTC', '0.00012345'],
    ['1,50 €', '1.50'],
    ['1,5\u00a0€', '1.5'],
    ['€3,96', '3.96'],
    ['1,234.56', '1234.56'],
    ['1.234,56 EUR', '1234.56'],
    ['1,234,567', '1234567'],
    // Grouped with spaces (French with U+202F, Hungarian with U+00A0): the comma or point is the decimal one.
    ['1 234,56', '1234.56'],
    ['1\u202f234,50\u00a0€', '1234.50'],
    ['12\u00a0345\u00a0678,9 EUR', '12345678.9'],
    ['1 234.56 USD', '1234.56'],
    ['10 000', '10000'],
    // The casino's languages' own marks: Turkish lira, Brazilian real, forint, yen.
    ['₺12,50', '12.50'],
    ['12,50 ₺', '12.50'],
    ['R$ 1.234,56', '1234.56'],
    ['1\u00a0234 Ft', '1234'],
    ['1,500円', undefined],
    ['1,234,567円', '1234567'],
    ['¥1,234,567', '1234567'],
    ['0.500', '0.500'],
    ['0,500', '0.500'],
  ])('money %j → %j', (shown, value) => {
    expect(readAmount(shown, 'money', 'dom')).toBe(value);
  });

  it.each([
    ['3.5×', '3.5'],
    ['3,50×', '3.50'],
    ['x3.96', '3.96'],
    ['× 2', '2'],
    ['2.00 x', '2.00'],
    ['100', '100'],
  ])('multiplier %j → %j', (shown, value) => {
    expect(readAmount(shown, 'multiplier', 'dom')).toBe(value);
  });

  it.each([
    // Either 1.5 or 1500: the page's language decides, and it is not known here.
    '1.500',
    '1,500',
    '12.345',
    // Not one amount, or not an amount.
    '-1.00',
    '1.00 / 2.00',
    '$1.00 USD €',
    '1.0.0',
    '1e5',
    'abc',
    '',
    '.5',
    '5.',
    '1 23,45',
    '1 2345',
    '1 234 5',
    '1 234,567.8',
    '1 234.567,8',
    '$ $1.00',
    '1.00 dollars',
    '0x10',
    '1'.repeat(65),
  ])('refuses %j', (shown) => {
    expect(readAmount(shown, 'money', 'dom')).toBeUndefined();
  });

  it('keeps currency marks out of multipliers and "×" out of money', () => {
    expect(readAmount('3.5 USD', 'multiplier', 'dom')).toBeUndefined();
    expect(readAmount('3.5×', 'money', 'dom')).toBeUndefined();
  });

  it('reads JSON text strictly: a point is always the decimal point, nothing is grouped', () => {
    expect(readAmount('1.500', 'money', 'json')).toBe('1.500');
    expect(readAmount('3.8', 'multiplier', 'json')).toBe('3.8');
    expect(readAmount('1,50', 'money', 'json')).toBeUndefined();
    expect(readAmount('1,234.56', 'money', 'json')).toBeUndefined();
    expect(readAmount('1e-7', 'money', 'json')).toBeUndefined();
    expect(readAmount('1.5 USD', 'money', 'json')).toBe('1.5');
  });
});

const only = (document: Document) => {
  const rounds = scanDocument(document);
  expect(rounds).toHaveLength(1);
  return rounds[0]!.fields;
};

describe('scanDocument: stakes and payouts', () => {
  it('reads them beside a round in English (dt/dd, currency marks kept out later by normalise)', () => {
    const document = page(`<h2>European Roulette</h2><dl>
      <dt>Server Seed</dt><dd>${SEED}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>1</dd>
      <dt>Winning Number</dt><dd>23</dd><dt>Bet Amount</dt><dd>$1.00</dd><dt>Payout</dt><dd>$2.00</dd><dt>Multiplier</dt><dd>2.00×</dd></dl>`);
    expect(only(document)).toMatchObject({ nonce: '1', result: '23', stake: '$1.00', payout: '$2.00', multiplier: '2.00×' });
  });

  it('reads the German words in a table and "Label: value" text', () => {
    const table = page(`<table><tr><th>Server-Seed</th><td>${SEED}</td></tr><tr><th>Nonce</th><td>4</td></tr><tr><th>Gezogene Zahlen</th><td>${KENO.join(' ')}</td></tr>
      <tr><th>Einsatz</th><td>1,00 EUR</td></tr><tr><th>Gewinn</th><td>3,96 EUR</td></tr><tr><th>Multiplikator</th><td>3,96</td></tr></table>`);
    expect(only(table)).toMatchObject({ stake: '1,00 EUR', payout: '3,96 EUR', multiplier: '3,96' });
    const text = page(`<section><p>Server-Seed: ${SEED}</p><p>Nonce: 4</p><p>Gewinnzahl: 17</p><p>Einsatz: 1,00</p><p>Auszahlung: 0,00</p><p>Multiplikator: x0,00</p></section>`);
    expect(only(text)).toMatchObject({ stake: '1,00', payout: '0,00', multiplier: 'x0,00' });
  });

  it('does not let amounts alone name a round', () => {
    expect(scanDocument(page(`<dl><dt>Stake</dt><dd>1.00</dd><dt>Win</dt><dd>2.00</dd><dt>Multiplier</dt><dd>2</dd></dl>`))).toEqual([]);
    // A nonce with a stake is still not a round (a bet slip with its counter).
    expect(scanDocument(page(`<dl><dt>Nonce</dt><dd>3</dd><dt>Bet</dt><dd>1.00</dd></dl>`))).toEqual([]);
  });

  it('keeps each history row\'s amounts with its own round', () => {
    const row = (nonce: number, stake: string, payout: string) =>
      `<article><dl><dt>Hashed Server Seed</dt><dd>${COMMITMENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Winning Number</dt><dd>${nonce}</dd><dt>Stake</dt><dd>${stake}</dd><dt>Payout</dt><dd>${payout}</dd></dl></article>`;
    const rounds = scanDocument(page(`<div>${row(1, '1.00', '0.00')}${row(2, '2.00', '4.00')}${row(3, '1.00', '2.00')}</div>`));
    expect(rounds.map((r) => [r.fields.nonce, r.fields.stake, r.fields.payout])).toEqual([
      ['1', '1.00', '0.00'],
      ['2', '2.00', '4.00'],
      ['3', '1.00', '2.00'],
    ]);
  });

  it('leaves truncation rules unchanged: a shortened seed beside an amount is still recovered or missing', () => {
    const document = page(`<dl><dt>Server Seed</dt><dd title="${SEED}">${shorten(SEED)}</dd><dt>Nonce</dt><dd>1</dd><dt>Result</dt><dd>5</dd><dt>Stake</dt><dd>1.00…</dd></dl>`);
    const fields = only(document);
    expect(fields.serverSeed).toBe(SEED);
    // "1.00…" looks truncated and has no full value anywhere: missing, not "1.00".
    expect(fields.stake).toBeUndefined();
  });
});

describe('parseFairnessText: stakes and payouts', () => {
  it('reads them from a pasted panel in either language', () => {
    expect(parseFairnessText(`Server Seed: ${SEED}\nNonce: 1\nResult: 5\nStake: 1.00 USD\nWinnings: 0.00\nPayout Multiplier: 0`)).toMatchObject({ stake: '1.00 USD', payout: '0.00', multiplier: '0' });
    expect(parseFairnessText(`Server-Seed: ${SEED}\nNonce: 1\nErgebnis: 5\nWetteinsatz: 2,50 €\nAuszahlung: 5,00 €`)).toMatchObject({ stake: '2,50 €', payout: '5,00 €' });
  });
});
