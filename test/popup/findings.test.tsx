// @vitest-environment jsdom
// The popup's "Findings" section: the count in its summary line, one sentence per finding, and
// the note that findings are not mismatches.
import { afterEach, describe, expect, test } from 'vitest';
import type { RoundClaim } from '../../src/core/index.js';
import { claimFor, mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { act } from 'preact/test-utils';
import { renderApp, settle, t, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const section = (container: HTMLElement) => container.querySelector<HTMLDetailsElement>('details.findings')!;

/** Opens the section as a click on its summary does (jsdom does not fire `toggle` by itself). */
async function open(details: HTMLDetailsElement): Promise<void> {
  await act(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  await settle();
}

describe('findings', () => {
  test('lists each finding in one sentence under a count, and says they are not mismatches', async () => {
    const gapped: RoundClaim[] = [7, 9].map((nonce) => ({ ...claimFor('keno', 7), clientSeed: 'gap', nonce: String(nonce), result: undefined }));
    const worker = new FakeWorker([...mixedClaims(), ...gapped]);
    rendered = await renderApp(worker.client);
    const details = section(rendered.container);
    // The audit reads every stored round: it is asked for only when the section is opened.
    expect(worker.log.some((m) => m.type === 'findings')).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe(t('findingsLoading'));
    await open(details);
    expect(worker.log.some((m) => m.type === 'findings')).toBe(true);
    const items = [...details.querySelectorAll('li')];
    expect(details.dataset.findings).toBe(String(items.length));
    expect(details.querySelector('summary')!.textContent).toBe(t('findingsHeading', String(items.length)));
    const gap = items.find((li) => li.dataset.finding === 'nonce-gap')!;
    expect(gap.textContent).toMatch(/client seed "gap" has no rounds at nonce 8 /);
    expect(details.textContent).toContain(t('findingsExplained'));
  });

  test('says when nothing was found', async () => {
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client);
    const details = section(rendered.container);
    await open(details);
    expect(details.dataset.findings).toBe('0');
    expect(details.textContent).toContain(t('findingsNone'));
  });

  test('shows the worker error in the section', async () => {
    const worker = new FakeWorker([]);
    const ask = worker.client.ask;
    worker.client.ask = (message) => (message.type === 'findings' ? Promise.reject(new Error('store gone')) : ask(message));
    rendered = await renderApp(worker.client);
    await open(section(rendered.container));
    expect(section(rendered.container).querySelector('[role="alert"]')!.textContent).toContain('store gone');
  });
});
