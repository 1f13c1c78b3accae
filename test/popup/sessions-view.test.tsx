// @vitest-environment jsdom
// The More view's sessions (#26 item 3): the latest few, newest first, each with its net result,
// rounds, witnessed share and percentile, the same figures as the statistics page's table, and
// the way to that page for the rest.
import { act } from 'preact/test-utils';
import { afterEach, expect, test, vi } from 'vitest';
import { kenoRoundLaw } from '../../src/core/luck/round-law.js';
import { luckPercentile } from '../../src/core/luck/percentile.js';
import { decimalRatio } from '../../src/core/rtp/fraction.js';
import { POPUP_SESSIONS } from '../../src/popup/sessions-view.js';
import { amountText, chanceText, integerText } from '../../src/ui/format.js';
import type { RoundRecord } from '../../src/shared/records.js';
import { claimFor } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { click, renderApp, settle, t, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const minute = 60_000;

function picksWithHits(record: RoundRecord, hits: number): string[] {
  const drawn = record.verdict.expected as number[];
  const missed = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));
  return hits > 0 ? [String(drawn[0])] : [String(missed[0])];
}

/** `sessions` sessions of 12 one-pick keno rounds at 1.00 a minute apart, an hour between sessions; every fifth round of each pays 3.96. */
function worker(sessions: number) {
  const fake = new FakeWorker(Array.from({ length: sessions * 12 }, (_, i) => claimFor('keno', i + 1)));
  fake.records.forEach((record, i) => {
    const hit = (i % 12) % 5 === 0;
    Object.assign(record, { stake: '1.00', payout: hit ? '3.96' : '0.00', multiplier: hit ? '3.96' : '0', picks: picksWithHits(record, hit ? 1 : 0) });
    record.observedAt = { result: (Math.floor(i / 12) * 60 + (i % 12)) * minute };
  });
  return fake;
}

async function openSessions(fake: FakeWorker, openPage?: (path: string) => void) {
  rendered = await renderApp(fake.client, {}, openPage ? { openPage } : {});
  await click(rendered.container.querySelector('nav.views button[data-view="more"]'));
  const list = await vi.waitFor(
    async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      const items = rendered!.container.querySelectorAll<HTMLElement>('.session-list li');
      if (items.length === 0 || [...items].some((item) => item.dataset.atLeast === undefined)) throw new Error('sessions not listed yet');
      return [...items];
    },
    { timeout: 5000 },
  );
  await settle();
  return list;
}

test('lists the latest sessions newest first, each with the statistics page\'s figures, and opens that page for the rest', async () => {
  const opened: string[] = [];
  const items = await openSessions(worker(POPUP_SESSIONS + 2), (path) => opened.push(path));
  expect(items).toHaveLength(POPUP_SESSIONS);
  // Newest first: the last session (index 6 of 0…6) at the top.
  expect(items.map((item) => item.dataset.session)).toEqual(['6', '5', '4', '3', '2']);
  // Each session: 12 rounds, 3 of them hit: 3 × 3.96 − 12, and the exact percentile of that.
  const expected = luckPercentile([kenoRoundLaw(1, decimalRatio('1'), { 0: 0, 1: 3.96 }, 12)], decimalRatio('-0.12'))!;
  for (const item of items) {
    expect(item.dataset.rounds).toBe('12');
    expect(Number(item.dataset.net)).toBeCloseTo(-0.12, 9);
    expect(Number(item.dataset.atLeast)).toBeCloseTo(expected.atLeast, 12);
    expect(item.querySelector('.session-net')!.textContent).toBe(amountText(t, -0.12));
    expect(item.querySelector('.session-facts')!.textContent).toBe(t('sessionsFacts_other', [integerText(t, 12), chanceText(t, Number(item.dataset.witnessed) / 12), chanceText(t, expected.atLeast)]));
  }
  const section = rendered!.container.querySelector('.session-list')!.parentElement!;
  expect(section.textContent).toContain(t('sessionsLatestPopup', [integerText(t, POPUP_SESSIONS), integerText(t, POPUP_SESSIONS + 2)]));
  expect(section.textContent).toContain(t('luckHonest'));
  await click(section.querySelector('button[data-open-statistics="sessions"]'));
  expect(opened).toEqual(['stats.html']);
});

test('a history without settled rounds says there are no sessions yet', async () => {
  rendered = await renderApp(new FakeWorker([claimFor('keno', 1)]).client);
  await click(rendered.container.querySelector('nav.views button[data-view="more"]'));
  await vi.waitFor(async () => {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(rendered!.container.querySelector('.sessions-none')?.textContent).toBe(t('sessionsNone'));
  });
});
