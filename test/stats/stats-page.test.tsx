// @vitest-environment jsdom
// The statistics page with a fake worker: per game the verified outcomes as a chart and a table,
// the uniformity test's sentence, the RTP tables, and the keno note.
import { act } from 'preact/test-utils';
import { describe, expect, test } from 'vitest';
import { claimFor } from '../popup/claims.js';
import { FakeWorker } from '../popup/fake-worker.js';
import { click, settle, t } from '../popup/render.js';
import { renderStats } from './render-stats.js';

const section = (root: HTMLElement, game: string) => root.querySelector<HTMLElement>(`section[data-game="${game}"]`)!;

describe('statistics page', () => {
  test('asks the worker for each game’s verified outcomes and charts them', async () => {
    // 30 verified keno rounds, 2 verified European spins, and rounds that must not count.
    const claims = [
      ...Array.from({ length: 30 }, (_, i) => claimFor('keno', i)),
      claimFor('roulette-european', 1),
      claimFor('roulette-european', 2),
      claimFor('roulette-european', 3, { pending: true }),
      claimFor('roulette-european', 4, { shown: '0' === claimFor('roulette-european', 4).result ? '1' : '0' }),
    ];
    const worker = new FakeWorker(claims);
    const root = await renderStats(worker);
    expect(worker.log.filter((m) => m.type === 'outcomes').map((m) => (m as { gameId: string }).gameId).sort()).toEqual(['keno', 'roulette-american', 'roulette-european']);

    const european = section(root, 'roulette-european');
    const bars = [...european.querySelectorAll<SVGGElement>('svg.bars g[data-label]')];
    expect(bars).toHaveLength(37);
    expect(bars.reduce((sum, g) => sum + Number(g.dataset.count), 0)).toBe(2);
    expect(european.querySelector('[data-rounds]')!.textContent).toBe(t('statsRoundsRoulette', '2'));
    expect(european.querySelector('.uniformity')!.textContent).toBe(t('statsTooFew', ['2', '185']));

    const american = section(root, 'roulette-american');
    expect(american.querySelectorAll('svg.bars g[data-label]')).toHaveLength(38);
    expect(american.querySelector('svg.bars g:nth-of-type(38)')!.getAttribute('data-label')).toBe('00');

    const keno = section(root, 'keno');
    const kenoBars = [...keno.querySelectorAll<SVGGElement>('svg.bars g[data-label]')];
    expect(kenoBars).toHaveLength(40);
    expect(kenoBars.reduce((sum, g) => sum + Number(g.dataset.count), 0)).toBe(300);
    // 30 rounds ≥ 20 needed: a real test with a p-value.
    const verdict = keno.querySelector<HTMLElement>('.uniformity')!;
    expect(verdict.dataset.reliable).toBe('true');
    expect(verdict.textContent).toMatch(/^Over 30 rounds the numbers came up (about as evenly|less evenly)/);
    expect(verdict.textContent).toMatch(/chi-squared [\d.]+ on 39 degrees of freedom, p [=<] /);
    expect(keno.textContent).toContain(t('statsNeeded', ['20', '30']));
  });

  test('each chart is focusable with a name, and its table view shows the same counts', async () => {
    const worker = new FakeWorker([claimFor('roulette-european', 1), claimFor('roulette-european', 2)]);
    const root = await renderStats(worker);
    const european = section(root, 'roulette-european');
    const svg = european.querySelector('svg.bars')!;
    expect(svg.getAttribute('tabindex')).toBe('0');
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toContain(t('statsChartRoulette', t('statsEuropean')));
    const counts = [...svg.querySelectorAll<SVGGElement>('g[data-label]')].map((g) => [g.dataset.label, g.dataset.count]);

    const toggle = [...european.querySelectorAll('button')].find((b) => b.textContent === t('statsTableView'))!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(european.querySelector('svg.bars')).toBeNull();
    const rows = [...european.querySelectorAll('table tbody tr')].map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]);
    expect(rows).toEqual(counts);
    expect(european.querySelector('table caption')!.textContent).toBe(t('statsChartRoulette', t('statsEuropean')));
  });

  test('RTP: European as advertised, American plainly 94.74 % and not 97 %, keno odds and the paytable note', async () => {
    const root = await renderStats(new FakeWorker([]));
    const european = root.querySelector<HTMLElement>('[data-variant="european"]')!;
    expect(european.dataset.supportsAdvertised).toBe('true');
    expect(european.querySelector('p')!.textContent).toBe(t('rtpMatches', [t('statsEuropean'), '97.30', '97.30']));
    const american = root.querySelector<HTMLElement>('[data-variant="american"]')!;
    expect(american.dataset.supportsAdvertised).toBe('false');
    expect(american.querySelector('p')!.textContent).toBe(t('rtpBelow', [t('statsAmerican'), '94.74', '97']));
    expect(american.querySelector('tr[data-bet="top-line"] td:last-child')!.textContent).toBe('92.11 %');

    const odds = root.querySelector<HTMLTableElement>('.keno-odds table')!;
    expect(odds.dataset.picks).toBe('10');
    expect(odds.querySelectorAll('tbody tr')).toHaveLength(11);
    const select = root.querySelector<HTMLSelectElement>('.keno-odds select')!;
    await act(() => {
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    const one = root.querySelector<HTMLTableElement>('.keno-odds table')!;
    expect([...one.querySelectorAll('tbody td:first-of-type')].map((td) => td.textContent)).toEqual(['75.0000 %', '25.0000 %']);
    expect(root.textContent).toContain(t('kenoPaytableUnknown'));
  });

  test('shows the worker’s error in the game’s section', async () => {
    const worker = new FakeWorker([]);
    worker.failNext = 'store gone';
    const root = await renderStats(worker);
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('store gone');
  });
});
