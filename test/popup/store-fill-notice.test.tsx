// @vitest-environment jsdom
// The popup's notice for a store nearly full or full (src/background/store-capacity.ts): in the
// header when the summary carries it, worded for each case, in both languages.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { EnvContext, type PopupEnv } from '../../src/popup/env.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { StoreFillNotice } from '../../src/popup/store-fill-notice.js';
import type { StoreFillNote } from '../../src/shared/records.js';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { renderApp, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

async function appWith(fill: StoreFillNote | undefined): Promise<Rendered> {
  const worker = new FakeWorker(mixedClaims());
  const summary = worker.summary.bind(worker);
  worker.summary = () => ({ ...summary(), ...(fill ? { storeFill: fill } : {}) });
  return renderApp(worker.client);
}

const notice = (root: ParentNode) => root.querySelector<HTMLElement>('[data-notice="store-fill"]');

describe('store-fill notice', () => {
  test('nearly full: the share and the rounds, asking for an export and never to clear or delete, as a warning in the header', async () => {
    rendered = await appWith({ share: 0.934, rounds: 1_868_000, pairs: 1_200, refused: 0 });
    const shown = notice(rendered.container)!;
    expect(shown.closest('.header')).not.toBeNull();
    expect(shown.dataset.percent).toBe('93');
    expect(shown.classList.contains('banner-warning')).toBe(true);
    expect(shown.textContent).toBe(
      "Storage is 93% full (1868000 rounds, 1200 seed pairs). Nothing is deleted. Export your history now and then: its seal keeps each round's trust level when you import it back.",
    );
    // An honest player near the cap is never told to remove evidence.
    expect(shown.textContent).not.toMatch(/\bclear|\bdelete (it|your|them)|\bremove/i);
  });

  test('full: how many new rounds were not stored, as an error', async () => {
    rendered = await appWith({ share: 1, rounds: 2_000_000, pairs: 3_000, refused: 120 });
    const shown = notice(rendered.container)!;
    expect(shown.classList.contains('banner-error')).toBe(true);
    expect(shown.textContent).toBe(
      "Storage is full: 120 new rounds or seed pairs were not stored. Export your history first: its seal keeps each round's trust level when you import it back. Only then, clearing makes room to keep recording.",
    );
  });

  test('full, one refused: in the singular', async () => {
    rendered = await appWith({ share: 1, rounds: 2_000_000, pairs: 3_000, refused: 1 });
    expect(notice(rendered.container)!.textContent).toContain('Storage is full: 1 new round or seed pair was not stored.');
  });

  test('nothing when the summary says nothing', async () => {
    rendered = await appWith(undefined);
    expect(rendered.container.querySelector('[data-status]')).not.toBeNull();
    expect(notice(rendered.container)).toBeNull();
  });

  test('in German', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const env = { t: translatorFrom(de as Record<string, LocaleEntry>) } as PopupEnv;
    await act(() => {
      render(
        <EnvContext.Provider value={env}>
          <StoreFillNotice fill={{ share: 0.95, rounds: 1_900_000, pairs: 40, refused: 0 }} />
        </EnvContext.Provider>,
        container,
      );
    });
    expect(container.textContent).toBe(
      'Der Speicher ist zu 95 % voll (1900000 Runden, 40 Seed-Paare). Nichts wird gelöscht. Exportiere deinen Verlauf ab und zu: Sein Siegel erhält beim erneuten Import die Vertrauensstufe jeder Runde.',
    );
    expect(container.textContent).not.toMatch(/lösche (ihn|sie|deinen)/i);
    render(null, container);
    container.remove();
  });
});
