// @vitest-environment jsdom
// The statistics page's luck section: the percentile of the rounds in view against the core's
// exact law for the same bets, the picture's text equivalent, rounds left out and why, the honest
// sentence, and the sessions (a 30-minute gap) with their percentiles.
import { act } from 'preact/test-utils';
import { describe, expect, test } from 'vitest';
import { kenoRoundLaw } from '../../src/core/luck/round-law.js';
import { luckPercentile, MIN_LUCK_ROUNDS } from '../../src/core/luck/percentile.js';
import { decimalRatio } from '../../src/core/rtp/fraction.js';
import { amountText, chanceText, integerText } from '../../src/ui/format.js';
import { countText } from '../../src/ui/i18n.js';
import type { RoundRecord } from '../../src/shared/records.js';
import { claimFor } from '../popup/claims.js';
import { FakeWorker } from '../popup/fake-worker.js';
import { settle, t } from '../popup/render.js';
import { renderStats } from './render-stats.js';

function picksWithHits(record: RoundRecord, count: number, hits: number): string[] {
  const drawn = record.verdict.expected as number[];
  const missed = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));
  return [...drawn.slice(0, hits), ...missed.slice(0, count - hits)].map(String);
}

const minute = 60_000;

/** 1-pick keno rounds at 1.00 paying 3.96 on a hit (every fifth), and roulette rounds (bet not captured), in three sessions. */
function worker() {
  const keno = Array.from({ length: 30 }, (_, i) => claimFor('keno', i + 1));
  const roulette = Array.from({ length: 3 }, (_, i) => claimFor('roulette-european', i + 1));
  const fake = new FakeWorker([...keno, ...roulette]);
  const records = fake.records;
  records.slice(0, 30).forEach((record, i) => {
    const hit = i % 5 === 0;
    Object.assign(record, { stake: '1.00', payout: hit ? '3.96' : '0.00', multiplier: hit ? '3.96' : '0', picks: picksWithHits(record, 1, hit ? 1 : 0) });
    // Rounds 0–11 a minute apart, rounds 12–23 an hour later, rounds 24–29 an hour after that.
    record.observedAt = { result: (i < 12 ? i : i < 24 ? 60 + i : 120 + i) * minute };
  });
  records.slice(30).forEach((record, i) => Object.assign(record, { stake: '2.00', payout: '0.00', observedAt: { result: (150 + i) * minute } }));
  return fake;
}

/** `count` keno rounds of `picks` picks at 1.00, each with `hits` hits paying `pays`, a minute apart. */
function kenoWorker(count: number, picks: number, hits: number, pays: string) {
  const fake = new FakeWorker(Array.from({ length: count }, (_, i) => claimFor('keno', i + 1)));
  fake.records.forEach((record, i) => {
    Object.assign(record, { stake: '1.00', payout: pays, multiplier: pays, picks: picksWithHits(record, picks, hits), observedAt: { result: i * minute } });
  });
  return fake;
}

async function renderedLuck(fake: FakeWorker): Promise<HTMLElement> {
  const root = await renderStats(fake);
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  await settle();
  return root;
}

describe('statistics page: unlucky, or cheated?', () => {
  test('the percentile of all rounds is the exact one for the same bets, with its picture’s text and what is left out', async () => {
    const fake = worker();
    const root = await renderStats(fake);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await settle();
    const result = root.querySelector<HTMLElement>('.luck .luck-result')!;
    // 6 hits of 30: 6 × 3.96 − 30.
    const net = decimalRatio('-6.24');
    const expected = luckPercentile([kenoRoundLaw(1, decimalRatio('1'), { 0: 0, 1: 3.96 }, 30)], net)!;
    expect(result.dataset.rounds).toBe('30');
    expect(Number(result.dataset.net)).toBeCloseTo(-6.24, 9);
    expect(Number(result.dataset.atLeast)).toBeCloseTo(expected.atLeast, 12);
    expect(result.dataset.method).toBe('exact');
    expect(result.querySelector('.luck-sentence')!.textContent).toBe(countText(t, 'luckLost', 30, [amountText(t, 6.24), chanceText(t, expected.atLeast)]));
    // Roulette's bet is not captured: its 3 rounds are left out, and said so.
    expect(result.querySelector('[data-reason="bet"]')!.textContent).toBe(countText(t, 'luckLeftOutBet', 3));
    const caption = result.querySelector('figcaption')!;
    const svg = result.querySelector('svg.luck-chart')!;
    expect(svg.getAttribute('aria-labelledby')).toBe(caption.id);
    expect(caption.textContent).toBe(
      countText(t, 'luckChartCaption', 30, [
        amountText(t, expected.expectedNet),
        amountText(t, expected.expectedNet - 1.96 * expected.spread),
        amountText(t, expected.expectedNet + 1.96 * expected.spread),
        amountText(t, -6.24),
      ]),
    );
    expect(svg.querySelectorAll('rect.luck-bar').length).toBe(expected.bins.length);
    expect(Number(svg.querySelector('.luck-mark')!.getAttribute('data-net'))).toBeCloseTo(-6.24, 9);
    expect(root.querySelector('.luck-honest')!.textContent).toBe(t('luckHonest'));
  });

  test('sessions split at a 30-minute gap, each with its net result, witnessed share and percentile', async () => {
    const root = await renderedLuck(worker());
    const rows = [...root.querySelectorAll<HTMLTableRowElement>('table.sessions tbody tr')];
    expect(rows.map((row) => row.dataset.rounds)).toEqual(['12', '12', '9']);
    // Session 1: rounds 0, 5 and 10 hit: 3 × 3.96 − 12. Session 2: rounds 15 and 20 (2 × 3.96 − 12). Session 3: round 25 (3.96 − 6), and 3 roulette rounds lose 2.00 each.
    expect(rows.map((row) => Number(row.dataset.net))).toEqual([3 * 3.96 - 12, 2 * 3.96 - 12, 3.96 - 6 - 6].map((v) => expect.closeTo(v, 9)) as unknown as number[]);
    const first = luckPercentile([kenoRoundLaw(1, decimalRatio('1'), { 0: 0, 1: 3.96 }, 12)], decimalRatio('-0.12'))!;
    expect(Number(rows[0]!.dataset.atLeast)).toBeCloseTo(first.atLeast, 12);
    expect(rows[0]!.cells[4]!.textContent).toBe(chanceText(t, first.atLeast));
    // Session 3 has 6 rounds of known bet: too few for a percentile, and said so; the line draws the other two.
    expect(rows[2]!.dataset.atLeast).toBeUndefined();
    expect(rows[2]!.cells[4]!.textContent).toBe(t('sessionsTooFew'));
    expect(root.querySelectorAll('.luck-over-time circle.luck-dot')).toHaveLength(2);
    expect(root.querySelector('.luck-over-time figcaption')!.textContent).toContain(t('luckOverTime'));
    // The net result counts roulette, the percentile does not: the page says so.
    expect([...root.querySelectorAll('.luck p.hint')].map((p) => p.textContent)).toContain(t('sessionsNetAll', integerText(t, MIN_LUCK_ROUNDS)));
    // The scope list offers each session.
    expect([...root.querySelectorAll('.luck-scope option')].map((o) => o.getAttribute('value'))).toEqual(['all', 'roulette-european', 'roulette-american', 'keno', 'range', 'session:0', 'session:1', 'session:2']);
  });

  test('too few rounds: says so, with no range and no picture', async () => {
    const root = await renderedLuck(kenoWorker(3, 1, 0, '0.00'));
    const result = root.querySelector<HTMLElement>('.luck .luck-result')!;
    expect(result.dataset.tooFew).toBe('rounds');
    expect(result.dataset.rounds).toBe('3');
    expect(result.querySelector('.luck-too-few')!.textContent).toBe(countText(t, 'luckTooFew', 3, [integerText(t, MIN_LUCK_ROUNDS)]));
    expect(result.querySelector('svg, figcaption, .luck-sentence')).toBeNull();
  });

  test('fair play nearly one result (a 10-pick table seen only at 0 hits): says so, with no range and no picture', async () => {
    const root = await renderedLuck(kenoWorker(12, 10, 0, '0.00'));
    const result = root.querySelector<HTMLElement>('.luck .luck-result')!;
    expect(result.dataset.tooFew).toBe('spread');
    expect(result.dataset.rounds).toBe('12');
    expect(result.querySelector('.luck-too-few')!.textContent).toBe(t('luckNoSpread', integerText(t, 12)));
    expect(result.querySelector('svg, figcaption, .luck-sentence')).toBeNull();
    // The rest of the table was never seen paying: those rounds are still counted, their pay is what is unknown.
    expect(result.dataset.paytableUnknown).toBe('0');
  });

  test('a date range: the rounds from the first day’s midnight to the last day’s end', async () => {
    // 1-pick rounds, 12 on 1 March (every fifth hits) and 12 on 3 March (none hits), in the page's time zone.
    const fake = new FakeWorker(Array.from({ length: 24 }, (_, i) => claimFor('keno', i + 1)));
    fake.records.forEach((record, i) => {
      const hit = i < 12 && i % 5 === 0;
      const day = i < 12 ? 1 : 3;
      Object.assign(record, { stake: '1.00', payout: hit ? '3.96' : '0.00', multiplier: hit ? '3.96' : '0', picks: picksWithHits(record, 1, hit ? 1 : 0), observedAt: { result: new Date(2026, 2, day, 10, i).getTime() } });
    });
    const root = await renderedLuck(fake);
    const select = root.querySelector<HTMLSelectElement>('.luck-scope select')!;
    const choose = async (change: () => void) => {
      await act(() => change());
      for (let i = 0; i < 5; i++) {
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      }
      await settle();
    };
    await choose(() => {
      select.value = 'range';
      select.dispatchEvent(new Event('change'));
    });
    const from = root.querySelector<HTMLInputElement>('input[data-range="from"]')!;
    const to = root.querySelector<HTMLInputElement>('input[data-range="to"]')!;
    // At first the range spans every round.
    expect([from.value, to.value]).toEqual(['2026-03-01', '2026-03-03']);
    const result = () => root.querySelector<HTMLElement>('.luck .luck-result')!;
    expect(result().dataset.rounds).toBe('24');
    expect(Number(result().dataset.net)).toBeCloseTo(3 * 3.96 - 24, 9);
    // 2 and 3 March: the second day's rounds only, compared with the exact law for them.
    await choose(() => {
      from.value = '2026-03-02';
      from.dispatchEvent(new Event('change'));
    });
    const expected = luckPercentile([kenoRoundLaw(1, decimalRatio('1'), { 0: 0, 1: 3.96 }, 12)], decimalRatio('-12'))!;
    expect(result().dataset.rounds).toBe('12');
    expect(Number(result().dataset.net)).toBe(-12);
    expect(Number(result().dataset.atLeast)).toBeCloseTo(expected.atLeast, 12);
    // 1 March alone.
    await choose(() => {
      from.value = '2026-03-01';
      from.dispatchEvent(new Event('change'));
    });
    await choose(() => {
      to.value = '2026-03-01';
      to.dispatchEvent(new Event('change'));
    });
    expect(result().dataset.rounds).toBe('12');
    expect(Number(result().dataset.net)).toBeCloseTo(3 * 3.96 - 12, 9);
    // A range that ends before it starts holds no round.
    await choose(() => {
      from.value = '2026-03-02';
      from.dispatchEvent(new Event('change'));
    });
    expect(result().dataset.rounds).toBe('0');
    expect(result().textContent).toContain(t('luckNone'));
  });

  test('a long history lists its latest 200 sessions (and offers them as scopes), and says how many there are', async () => {
    const fake = kenoWorker(205, 1, 0, '0.00');
    fake.records.forEach((record, i) => (record.observedAt = { result: i * 60 * minute }));
    const root = await renderedLuck(fake);
    const rows = [...root.querySelectorAll<HTMLTableRowElement>('table.sessions tbody tr')];
    expect(rows).toHaveLength(200);
    expect([rows[0]!.dataset.session, rows.at(-1)!.dataset.session]).toEqual(['5', '204']);
    expect(root.querySelectorAll('.luck-scope option[value^="session:"]')).toHaveLength(200);
    expect(root.querySelector('.sessions-latest')!.textContent).toBe(t('sessionsLatest', [integerText(t, 200), integerText(t, 205)]));
  });
});
