// @vitest-environment jsdom
// The statistics page with a fake worker: per game its conclusion first, then the verified outcomes
// as a chart and a table with the uniformity test's figures, the RTP tables, and the keno odds.
import { act } from 'preact/test-utils';
import { describe, expect, test } from 'vitest';
import { countText } from '../../src/ui/i18n.js';
import { claimFor } from '../popup/claims.js';
import { FakeWorker } from '../popup/fake-worker.js';
import { click, settle, t } from '../popup/render.js';
import { renderStats } from './render-stats.js';

const section = (root: HTMLElement, game: string) => root.querySelector<HTMLElement>(`section[data-game="${game}"]`)!;

describe('statistics page', () => {
  test('asks the worker for each game’s verified outcomes, concludes first, then charts them', async () => {
    // 30 verified keno rounds, 2 verified European spins, 1 American, and rounds that must not count.
    const claims = [
      ...Array.from({ length: 30 }, (_, i) => claimFor('keno', i)),
      claimFor('roulette-european', 1),
      claimFor('roulette-european', 2),
      claimFor('roulette-european', 3, { pending: true }),
      claimFor('roulette-european', 4, { shown: '0' === claimFor('roulette-european', 4).result ? '1' : '0' }),
      claimFor('roulette-american', 5),
    ];
    const worker = new FakeWorker(claims);
    const root = await renderStats(worker);
    // Each game's section and the luck section ask for its figures.
    expect([...new Set(worker.log.filter((m) => m.type === 'outcomes').map((m) => (m as { gameId: string }).gameId))].sort()).toEqual(['keno', 'roulette-american', 'roulette-european']);

    for (const game of ['roulette-european', 'roulette-american', 'keno']) {
      // The conclusion comes right under the game's heading, before any chart or table.
      expect(section(root, game).children[0]!.tagName).toBe('H2');
      expect(section(root, game).children[1]!.classList.contains('conclusion')).toBe(true);
    }

    const european = section(root, 'roulette-european');
    const bars = [...european.querySelectorAll<SVGGElement>('svg.bars g[data-label]')];
    expect(bars).toHaveLength(37);
    expect(bars.reduce((sum, g) => sum + Number(g.dataset.count), 0)).toBe(2);
    const conclusion = european.querySelector<HTMLElement>('.conclusion')!;
    expect(conclusion.dataset.rounds).toBe('2');
    expect(conclusion.dataset.fairness).toBe('too-few');
    expect(conclusion.querySelector('.fairness')!.textContent).toBe(countText(t, 'statsFairTooFewRoulette', 2, ['185']));
    expect(european.querySelector('.uniformity')!.textContent).toBe(t('statsNeeded', '185'));

    const american = section(root, 'roulette-american');
    expect(american.querySelectorAll('svg.bars g[data-label]')).toHaveLength(38);
    expect(american.querySelector('svg.bars g[data-label]:last-of-type')!.getAttribute('data-label')).toBe('00');
    expect(american.querySelector('.conclusion .fairness')!.textContent).toBe(countText(t, 'statsFairTooFewRoulette', 1, ['190']));

    const keno = section(root, 'keno');
    const kenoBars = [...keno.querySelectorAll<SVGGElement>('svg.bars g[data-label]')];
    expect(kenoBars).toHaveLength(40);
    expect(kenoBars.reduce((sum, g) => sum + Number(g.dataset.count), 0)).toBe(300);
    // 30 rounds ≥ 20 needed: a real test with a p-value, said plainly first and in figures below.
    const verdict = keno.querySelector<HTMLElement>('.uniformity')!;
    expect(verdict.dataset.reliable).toBe('true');
    const fairness = keno.querySelector<HTMLElement>('.conclusion')!.dataset.fairness;
    expect(['even', 'uneven']).toContain(fairness);
    expect(keno.querySelector('.conclusion .fairness')!.textContent).toBe(t(fairness === 'even' ? 'statsFairEvenKeno' : 'statsFairUnevenKeno', '30'));
    expect(verdict.textContent).toMatch(/^Chi-squared test of “every number equally likely”: [\d.]+ on 39 degrees of freedom, p [=<] [\d.]+ \(below 0\.01 would be unusual\)\.$/);
  });

  test('with no verified rounds a game says so, draws no empty chart, and American roulette still shows its 94.74 %', async () => {
    const root = await renderStats(new FakeWorker([]));
    const american = section(root, 'roulette-american');
    expect(american.querySelector('svg.bars')).toBeNull();
    const conclusion = american.querySelector<HTMLElement>('.conclusion')!;
    expect(conclusion.dataset.fairness).toBe('none');
    expect(conclusion.dataset.tone).toBe('bad');
    expect(conclusion.querySelector('.fairness')!.textContent).toBe(t('statsFairNoneRoulette'));
    const rules = conclusion.querySelector<HTMLElement>('.rules')!;
    expect(rules.dataset.supportsAdvertised).toBe('false');
    expect(rules.textContent).toBe(`${t('statsRulesBelow', ['97%', '94.74%', '2.26'])} ${t('statsRulesWorstBet', ['Top line', '92.11%'])}`);

    const european = section(root, 'roulette-european').querySelector<HTMLElement>('.conclusion')!;
    expect(european.dataset.tone).toBe('neutral');
    expect(european.querySelector('.rules')!.textContent).toBe(t('statsRulesMatch', '97.30%'));
    expect(section(root, 'keno').querySelector('.conclusion .rules')).toBeNull();
  });

  test('each chart has a labelled y-axis, is focusable with a name, and its table view shows the same counts', async () => {
    const worker = new FakeWorker([claimFor('roulette-european', 1), claimFor('roulette-european', 2)]);
    const root = await renderStats(worker);
    const european = section(root, 'roulette-european');
    const svg = european.querySelector('svg.bars')!;
    expect(svg.getAttribute('tabindex')).toBe('0');
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toContain(t('statsChartRoulette', t('statsRouletteEuropean')));
    expect([...svg.querySelectorAll('.axis-title')].map((text) => text.textContent)).toEqual([t('statsAxisCountRoulette'), t('statsNumber')]);
    // Two spins on different numbers: the y-axis runs 0 to 1.
    expect([...svg.querySelectorAll('.tick-label')].map((text) => text.textContent)).toEqual(['0', '1']);
    expect(european.querySelector('figcaption')!.textContent).toContain(t('statsChartRoulette', t('statsRouletteEuropean')));
    expect(european.querySelector('.chart-legend')!.textContent).toBe(t('statsExpectedLegend', '0.1'));
    const counts = [...svg.querySelectorAll<SVGGElement>('g[data-label]')].map((g) => [g.dataset.label, g.dataset.count]);

    const toggle = [...european.querySelectorAll('button')].find((b) => b.textContent === t('statsTableView'))!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(european.querySelector('svg.bars')).toBeNull();
    const rows = [...european.querySelectorAll('table tbody tr')].map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]);
    expect(rows).toEqual(counts);
    expect(european.querySelector('table caption')!.textContent).toBe(t('statsChartRoulette', t('statsRouletteEuropean')));
  });

  test('RTP: European as advertised, American plainly 94.74 % and not 97 %, keno odds without “0.0000 %”', async () => {
    const root = await renderStats(new FakeWorker([]));
    const european = root.querySelector<HTMLElement>('[data-variant="european"]')!;
    expect(european.dataset.supportsAdvertised).toBe('true');
    expect(european.querySelector('p')!.textContent).toBe(t('rtpMatches', [t('statsRouletteEuropean'), '97.30%', '97.30%']));
    const american = root.querySelector<HTMLElement>('[data-variant="american"]')!;
    expect(american.dataset.supportsAdvertised).toBe('false');
    expect(american.querySelector('p')!.textContent).toBe(t('rtpBelow', [t('statsRouletteAmerican'), '94.74%', '97%']));
    expect(american.querySelector('tr[data-bet="top-line"] th')!.textContent).toBe(t('rtpBetTopLine'));
    expect(american.querySelector('tr[data-bet="top-line"] td:last-child')!.textContent).toBe('92.11%');

    const odds = root.querySelector<HTMLTableElement>('.keno-odds table')!;
    expect(odds.dataset.picks).toBe('10');
    const chances = [...odds.querySelectorAll('tbody td:first-of-type')].map((td) => td.textContent);
    expect(chances).toHaveLength(11);
    // 8 of 10 hits: 1 in 43 303 → three significant digits; 10 of 10 (1 in 847 660 528) → a floor, not zeros.
    expect(chances[8]).toBe('0.00231%');
    expect(chances[10]).toBe('< 0.001%');
    expect(odds.querySelector('tbody tr:last-child td:last-child')!.textContent).toBe('847,660,528');
    expect(root.textContent).not.toMatch(/0\.0000/);
    const select = root.querySelector<HTMLSelectElement>('.keno-odds select')!;
    await act(() => {
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    const one = root.querySelector<HTMLTableElement>('.keno-odds table')!;
    expect([...one.querySelectorAll('tbody td:first-of-type')].map((td) => td.textContent)).toEqual(['75%', '25%']);
    expect(root.textContent).toContain(t('kenoPaytableUnknown'));
  });

  test('shows the worker’s error in the game’s section', async () => {
    const worker = new FakeWorker([]);
    worker.failNext = 'store gone';
    const root = await renderStats(worker);
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('store gone');
  });
});
