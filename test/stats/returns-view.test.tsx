// @vitest-environment jsdom
// The statistics page's returns: realised RTP per game from the verified rounds' stakes and
// payouts against the theoretical one, and keno's learnt paytable with its gaps and conflicts.
import { describe, expect, test } from 'vitest';
import { countText } from '../../src/ui/i18n.js';
import type { RoundRecord } from '../../src/shared/records.js';
import { claimFor } from '../popup/claims.js';
import { FakeWorker } from '../popup/fake-worker.js';
import { t } from '../popup/render.js';
import { renderStats } from './render-stats.js';

/** Picks for a verified keno record with exactly `hits` of them in its recomputed draw. */
function picksWithHits(record: RoundRecord, count: number, hits: number): string[] {
  const drawn = record.verdict.expected as number[];
  const missed = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));
  return [...drawn.slice(0, hits), ...missed.slice(0, count - hits)].map(String);
}

function bet(record: RoundRecord, amounts: { stake: string; payout: string; multiplier?: string }, picks?: string[]): void {
  Object.assign(record, amounts, picks ? { picks } : {});
}

const section = (root: HTMLElement, game: string) => root.querySelector<HTMLElement>(`section[data-game="${game}"]`)!;

describe('statistics page: returns', () => {
  test('realised RTP per game with the rounds it rests on, against the theoretical one', async () => {
    const worker = new FakeWorker([claimFor('roulette-european', 1), claimFor('roulette-european', 2), claimFor('roulette-european', 3), claimFor('roulette-american', 4, { pending: true })]);
    const [a, b, c, pending] = worker.records as [RoundRecord, RoundRecord, RoundRecord, RoundRecord];
    bet(a, { stake: '1.00', payout: '2.00' });
    bet(b, { stake: '1.00', payout: '0.00' });
    bet(c, { stake: '5.00', payout: '10.00' });
    c.amountConflicts = { payout: ['0.00'] };
    bet(pending, { stake: '1.00', payout: '2.00' }); // not verified: never counted
    const root = await renderStats(worker);

    const european = section(root, 'roulette-european').querySelector<HTMLElement>('.returns .realised')!;
    expect(european.dataset.rounds).toBe('2');
    expect(european.textContent).toContain(t('returnsRealised', ['2', '100.00%', '2.00', '2.00']));
    expect(european.textContent).toContain(t('returnsTheory', '97.30%'));
    expect(section(root, 'roulette-european').querySelector('.returns-disputed')!.textContent).toBe(countText(t, 'returnsDisputed', 1));
    expect(section(root, 'roulette-american').querySelector('.returns .realised')!.textContent).toBe(t('returnsNone'));
  });

  test('keno: the learnt paytable with unknown hit counts and a conflict, and the exact RTP per picks count', async () => {
    const worker = new FakeWorker(Array.from({ length: 9 }, (_, i) => claimFor('keno', i + 1)));
    const r = worker.records;
    // One pick: both hit counts seen → complete, 0.25 × 3.96 = 99 %.
    bet(r[0]!, { stake: '1.00', payout: '3.96', multiplier: '3.96' }, picksWithHits(r[0]!, 1, 1));
    bet(r[1]!, { stake: '1.00', payout: '0.00', multiplier: '0.00' }, picksWithHits(r[1]!, 1, 0));
    bet(r[2]!, { stake: '2.00', payout: '0.00', multiplier: '0' }, picksWithHits(r[2]!, 1, 0));
    // Two picks: 2 hits never seen.
    bet(r[3]!, { stake: '1.00', payout: '1.90', multiplier: '1.9' }, picksWithHits(r[3]!, 2, 1));
    bet(r[4]!, { stake: '1.00', payout: '0.00', multiplier: '0' }, picksWithHits(r[4]!, 2, 0));
    // Three picks: 1 hit paid two different multipliers.
    bet(r[5]!, { stake: '1.00', payout: '1.00', multiplier: '1' }, picksWithHits(r[5]!, 3, 1));
    bet(r[6]!, { stake: '1.00', payout: '1.10', multiplier: '1.1' }, picksWithHits(r[6]!, 3, 1));
    const root = await renderStats(worker);
    const keno = section(root, 'keno');

    const rows = [...keno.querySelectorAll<HTMLTableRowElement>('table.keno-paytable tbody tr')];
    expect(rows.map((row) => [row.dataset.picks, row.dataset.complete])).toEqual([
      ['1', 'true'],
      ['2', 'false'],
      ['3', 'false'],
    ]);
    const cell = (row: HTMLTableRowElement, hits: number) => row.querySelector<HTMLElement>(`td[data-hits="${hits}"]`)!;
    expect(cell(rows[0]!, 1).textContent).toBe('3.96×');
    expect(cell(rows[0]!, 0).textContent).toBe('0×');
    expect(cell(rows[1]!, 2).classList.contains('unknown')).toBe(true);
    expect(cell(rows[1]!, 2).getAttribute('aria-label')).toBe(t('kenoLearntUnknownCell'));
    expect(cell(rows[2]!, 1).classList.contains('conflict')).toBe(true);
    expect(cell(rows[2]!, 1).textContent).toBe('1× / 1.1×');
    expect(rows[0]!.querySelector('.keno-rtp')!.textContent).toBe('99.00%');
    expect(rows[1]!.querySelector('.keno-rtp')!.textContent).toBe('≥ 73.08%');
    // One column per hit count up to the most picks learnt (3), under one “Hits” heading.
    expect([...keno.querySelectorAll('table.keno-paytable thead tr:last-child th')].map((th) => th.textContent)).toEqual(['0', '1', '2', '3']);
    expect(keno.querySelector('table.keno-paytable th[scope="colgroup"]')!.textContent).toBe(t('kenoHits'));

    expect(keno.querySelector('.keno-conflicts')!.textContent).toBe(t('kenoLearntConflict', ['3', '1', '1× / 1.1×']));
    const sentences = Object.fromEntries([...keno.querySelectorAll<HTMLElement>('.keno-rtps li')].map((li) => [li.dataset.picks, [li.dataset.verdict, li.textContent]]));
    expect(sentences['1']).toEqual(['matches', t('kenoLearntMatchesAll', ['1', '99%'])]);
    // 1 hit pays 1.9 with probability 10·30/780: the known payouts alone return 73.08 %.
    expect(sentences['2']).toEqual(['incomplete', t('kenoLearntIncomplete', ['2', '2', '73.08%'])]);
    expect(sentences['3']![0]).toBe('incomplete');
    expect(sentences['3']![1]).toBe(t('kenoLearntIncomplete', ['3', '0, 1, 2, 3', '0.00%']));

    // Realised: 7 rounds, 9.00 paid of 8.00 staked; no theoretical figure while tables are incomplete.
    const realised = keno.querySelector<HTMLElement>('.returns .realised')!;
    expect(realised.textContent).toBe(`${t('returnsRealised', ['7', '99.50%', '7.96', '8.00'])} ${t('returnsTheoryUnknown')}`);
  });

  test('keno: once the tables of the picks played are complete, the conclusion gives their return beside the advertised 99 %', async () => {
    const worker = new FakeWorker([claimFor('keno', 1), claimFor('keno', 2)]);
    const [win, loss] = worker.records as [RoundRecord, RoundRecord];
    bet(win, { stake: '1.00', payout: '3.96', multiplier: '3.96' }, picksWithHits(win, 1, 1));
    bet(loss, { stake: '1.00', payout: '0.00', multiplier: '0' }, picksWithHits(loss, 1, 0));
    const root = await renderStats(worker);
    const rules = section(root, 'keno').querySelector<HTMLElement>('.conclusion .rules')!;
    expect(rules.dataset.advertisedVerdict).toBe('matches');
    expect(rules.textContent).toBe(t('statsKenoRules', ['99.00%', '99%']));
  });

  test('the learnt table sits in a focusable, named region so the keyboard can scroll it', async () => {
    const worker = new FakeWorker([claimFor('keno', 1)]);
    bet(worker.records[0]!, { stake: '1', payout: '0', multiplier: '0' }, picksWithHits(worker.records[0]!, 4, 0));
    const root = await renderStats(worker);
    const region = section(root, 'keno').querySelector<HTMLElement>('.table-scroll')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-label')).toBe(t('kenoLearntCaption'));
    expect(region.querySelector('caption')!.textContent).toBe(t('kenoLearntCaption'));
    // Picks, the “Hits” group and the return; then one column per hit count, 0 to 4.
    expect([...region.querySelectorAll('thead th')].map((th) => th.getAttribute('scope'))).toEqual(['col', 'colgroup', 'col', ...Array(5).fill('col')]);
    expect(region.querySelectorAll('tbody th[scope="row"]')).toHaveLength(1);
  });
});
