// What demo bets pay: a fixed keno table per picks count with a ~99 % return (checked with the
// extension's exact hypergeometric math, independent of the demo), roulette's "Red" by the real
// rules, exact money arithmetic, and the amounts in the API and every page layout.
import { describe, expect, it } from 'vitest';
import { cleanStake, KENO_PAYTABLE, multiplierOf, payoutOf } from '../../scripts/demo-casino/paytable.js';
import type { DemoCasino } from '../../scripts/demo-casino/server.js';
import { kenoRtp } from '../../src/core/index.js';
import { get, parseHtml, post, useDemoCasino } from './helpers.js';

describe('keno paytable', () => {
  it('has a multiplier for every hit count of 1–10 picks, 0 hits paying nothing, more hits never paying less', () => {
    expect(Object.keys(KENO_PAYTABLE).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let picks = 1; picks <= 10; picks++) {
      const table = KENO_PAYTABLE[picks]!.map(Number);
      expect(table).toHaveLength(picks + 1);
      expect(table[0]).toBe(0);
      for (let hits = 1; hits <= picks; hits++) expect(table[hits]!).toBeGreaterThanOrEqual(table[hits - 1]!);
    }
  });

  it('returns 99 % within 0.05 points for every number of picks', () => {
    for (let picks = 1; picks <= 10; picks++) {
      const rtp = kenoRtp(picks, Object.fromEntries(KENO_PAYTABLE[picks]!.map((m, hits) => [hits, Number(m)])));
      if (!rtp.complete) throw new Error(`table for ${picks} picks is incomplete`);
      expect(Math.abs(rtp.rtp.value - 0.99), `${picks} picks: ${rtp.rtpPercent} %`).toBeLessThan(0.0005);
      expect(rtp.advertised.verdict).toBe('matches');
    }
  });

  it('pays by the hits of the outcome shown', () => {
    const draw = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(multiplierOf('keno', draw, [1])).toBe('3.96');
    expect(multiplierOf('keno', draw, [40])).toBe('0.00');
    expect(multiplierOf('keno', draw, [1, 2, 3, 4, 11, 12, 13, 14, 15, 16])).toBe('2.25');
  });
});

describe('roulette: the demo bet is Red, even money', () => {
  it('pays 2× on the 18 red numbers and nothing on black, 0 or 00', () => {
    const wins = Array.from({ length: 37 }, (_, n) => String(n)).filter((n) => multiplierOf('roulette-european', n, null) === '2.00');
    expect(wins.map(Number)).toEqual([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
    expect(multiplierOf('roulette-american', '00', null)).toBe('0.00');
    expect(multiplierOf('roulette-european', '0', null)).toBe('0.00');
  });
});

describe('money', () => {
  it('normalises stakes to 2 decimals and refuses anything else', () => {
    expect(cleanStake('1')).toBe('1.00');
    expect(cleanStake(' 2.5 ')).toBe('2.50');
    expect(cleanStake(0.1)).toBe('0.10');
    expect(cleanStake('10000.00')).toBe('10000.00');
    for (const bad of ['0', '0.00', '10000.01', '1.234', '-1', '1,50', 'abc', '', null, {}, Number.NaN]) expect(cleanStake(bad), String(bad)).toBeUndefined();
  });

  it('computes stake × multiplier exactly, never with 3 decimals (which would read two ways)', () => {
    expect(payoutOf('1.00', '3.96')).toBe('3.96');
    expect(payoutOf('0.05', '1.55')).toBe('0.0775');
    expect(payoutOf('0.10', '0.47')).toBe('0.0470');
    expect(payoutOf('1000.00', '100.00')).toBe('100000.00');
    expect(payoutOf('2.50', '0.00')).toBe('0.00');
  });
});

describe('amounts in the API and on the pages', () => {
  let casino: DemoCasino;
  useDemoCasino('paytable-test', (started) => (casino = started));

  it('takes the stake from the bet, defaults to 1.00, and answers with amount, payout and multiplier', async () => {
    const keno = await post(casino, '/api/bet', { game: 'keno', picks: [1, 2, 3], stake: '2.50' });
    const round = casino.state().rounds[0]!;
    expect(round.stake).toBe('2.50');
    expect(round.multiplier).toBe(multiplierOf('keno', round.displayedOutcome, round.picks));
    expect(round.payout).toBe(payoutOf('2.50', round.multiplier));
    expect(keno.json.round).toMatchObject({ amount: 2.5, payout: Number(round.payout), payoutMultiplier: Number(round.multiplier) });
    await post(casino, '/api/bet', { game: 'roulette-european' });
    expect(casino.state().rounds[1]!.stake).toBe('1.00');
    expect((await post(casino, '/api/bet', { game: 'roulette-european', stake: 'lots' })).status).toBe(400);
    expect((await post(casino, '/api/bet', { game: 'roulette-european', stake: '0' })).status).toBe(400);
    expect(casino.state().rounds).toHaveLength(2);
  });

  it('shows them in the live view and the bet form, in English and German', async () => {
    casino.bet('roulette-european', undefined, '1234.50');
    const round = casino.state().rounds[0]!;
    const en = parseHtml((await get(casino, '/casino/roulette?variant=european')).text);
    const live = en.querySelector('[data-slot="last-result"]')!;
    const pairs = Object.fromEntries([...live.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(pairs['Bet Amount']).toBe('$1,234.50');
    expect(Object.keys(pairs)).toEqual(['Bet Amount', 'Payout', 'Multiplier']);
    expect(en.querySelector<HTMLInputElement>('input#stake')!.value).toBe('1.00');
    expect(en.querySelector('label[for="stake"]')!.textContent).toBe('Bet Amount');
    const de = parseHtml((await get(casino, '/casino/roulette?variant=european&lang=de')).text);
    const dePairs = Object.fromEntries([...de.querySelector('[data-slot="last-result"]')!.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(dePairs).toEqual({
      Einsatz: '1.234,50 €',
      Auszahlung: `${round.payout === '0.00' ? '0,00' : '2.469,00'} €`,
      Multiplikator: `${round.multiplier.replace('.', ',')}×`,
    });
  });
});
