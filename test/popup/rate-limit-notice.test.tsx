// @vitest-environment jsdom
// The popup's notice for a tab the worker rate-limited: visible, with the counts from the summary,
// in both languages, and the page's text shown as text.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { EnvContext, type PopupEnv } from '../../src/popup/env.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { RateLimitNotices } from '../../src/popup/rate-limit-notice.js';
import type { RateLimitNote } from '../../src/shared/records.js';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { renderApp, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const note = (fields: Partial<RateLimitNote> = {}): RateLimitNote => ({ tab: 3, host: 'www.cloudbet.com', claims: 25_000, refused: 19_800, lastAt: 1, ...fields });

async function appWith(notes: RateLimitNote[] | undefined): Promise<Rendered> {
  const worker = new FakeWorker(mixedClaims());
  const summary = worker.summary.bind(worker);
  worker.summary = () => ({ ...summary(), ...(notes ? { rateLimited: notes } : {}) });
  return renderApp(worker.client);
}

const notices = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('[data-notice="rate-limit"]')];

describe('rate-limit notice', () => {
  test('shows each rate-limited tab with its counts, in the header', async () => {
    rendered = await appWith([note(), note({ tab: 9, host: 'de.cloudbet.com', claims: 6000, refused: 900 })]);
    const shown = notices(rendered.container);
    expect(shown.map((element) => [element.dataset.host, element.dataset.claims, element.dataset.refused])).toEqual([
      ['www.cloudbet.com', '25000', '19800'],
      ['de.cloudbet.com', '6000', '900'],
    ]);
    expect(shown[0]!.closest('.header')).not.toBeNull();
    expect(shown[0]!.getAttribute('role')).toBe('status');
    expect(shown[0]!.textContent).toBe(
      'A tab on www.cloudbet.com sent round reports faster than any real game (25000 in all); 19800 of them were refused for now and are sent again later. Meanwhile no round counts as witnessed.',
    );
  });

  test('one refused report is said in the singular', async () => {
    rendered = await appWith([note({ claims: 41, refused: 1 })]);
    expect(notices(rendered.container)[0]!.textContent).toContain('(41 in all); 1 of them was refused for now and is sent again later.');
  });

  test('a refusal for the budget all tabs share says so, not that this tab flooded', async () => {
    rendered = await appWith([note({ shared: true }), note({ tab: 9, host: 'de.cloudbet.com', claims: 41, refused: 1, shared: true })]);
    const [many, one] = notices(rendered.container);
    expect(many!.dataset.shared).toBe('true');
    expect(many!.textContent).toBe(
      'All casino tabs together sent round reports faster than any real game, so 19800 reports from a tab on www.cloudbet.com (25000 in all) were refused for now and are sent again later. Meanwhile no round counts as witnessed.',
    );
    expect(one!.textContent).toContain('so 1 report from a tab on de.cloudbet.com (41 in all) was refused for now and is sent again later.');
  });

  test('shows nothing when no tab was limited', async () => {
    rendered = await appWith(undefined);
    expect(rendered.container.querySelector('[data-status]')).not.toBeNull();
    expect(notices(rendered.container)).toEqual([]);
  });

  test('renders in German, and renders whatever it is given as text, never as markup', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const env = { t: translatorFrom(de as Record<string, LocaleEntry>) } as PopupEnv;
    const host = '<img src=x onerror="globalThis.pwned=1">';
    await act(() => {
      render(
        <EnvContext.Provider value={env}>
          <RateLimitNotices notes={[note({ host })]} />
        </EnvContext.Provider>,
        container,
      );
    });
    expect(container.textContent).toContain(`Ein Tab auf ${host} hat Rundenmeldungen schneller gesendet, als ein echtes Spiel es kann (25000 insgesamt); 19800 davon wurden`);
    expect(container.querySelector('img')).toBeNull();
    render(null, container);
    container.remove();
  });
});
