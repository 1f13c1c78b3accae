// @vitest-environment jsdom
// The popup's "Findings" section: the count in its summary line, one sentence per finding, and
// the note that findings are not mismatches.
import { afterEach, describe, expect, test } from 'vitest';
import type { RoundClaim } from '../../src/core/index.js';
import { claimFor, mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { act } from 'preact/test-utils';
import { click, renderApp, rowsOf, settle, t, type Rendered } from './render.js';
import de from '../../src/_locales/de/messages.json';
import type { Finding } from '../../src/core/index.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { FINDINGS_AUTO_LIMIT } from '../../src/popup/findings.js';

const tDe = translatorFrom(de as Record<string, LocaleEntry>);

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
    // A small store: asked for as the popup opens, so the count shows before any click.
    expect(worker.log.filter((m) => m.type === 'findings')).toHaveLength(1);
    expect(details.hidden).toBe(false);
    expect(details.open).toBe(false);
    await open(details);
    const items = [...details.querySelectorAll('li')];
    expect(details.dataset.findings).toBe(String(items.length));
    expect(details.querySelector('summary')!.textContent).toBe(t('findingsHeading', String(items.length)));
    const gap = items.find((li) => li.dataset.finding === 'nonce-gap')!;
    expect(gap.textContent).toMatch(/with client seed “gap” has no rounds at nonce 8;/);
    expect(gap.dataset.kind).toBe('nonce-gap');
    expect(gap.dataset.nonces).toBe('8');
    expect(JSON.parse(gap.dataset.roundKeys!)).toHaveLength(2);
    expect(details.textContent).toContain(t('findingsExplained'));
  });

  test('opening a round and going back asks for the findings no second time', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    const asked = () => worker.log.filter((m) => m.type === 'findings').length;
    expect(asked()).toBe(1);
    await click(rowsOf(rendered.container)[0]!.querySelector('button'));
    expect(rendered.container.querySelector('.detail')).not.toBeNull();
    const summary = rendered.container.querySelector<HTMLElement>('.summary-area')!;
    expect(summary.hidden).toBe(true);
    await click(rendered.container.querySelector('button.back'));
    expect(summary.hidden).toBe(false);
    expect(summary.contains(section(rendered.container))).toBe(true);
    expect(asked()).toBe(1);
  });

  test('no findings: the section is not shown', async () => {
    rendered = await renderApp(new FakeWorker(mixedClaims().slice(0, 3)).client);
    expect(section(rendered.container).dataset.findings).toBe('0');
    expect(section(rendered.container).hidden).toBe(true);
  });

  test('a large store runs the audit only when the section is opened', async () => {
    const worker = new FakeWorker(mixedClaims());
    const ask = worker.client.ask;
    worker.client.ask = (async (message) => {
      const answer = await ask(message);
      return message.type === 'summary' ? { ...(answer as object), total: FINDINGS_AUTO_LIMIT + 1 } : answer;
    }) as typeof ask;
    rendered = await renderApp(worker.client);
    const details = section(rendered.container);
    expect(worker.log.some((m) => m.type === 'findings')).toBe(false);
    expect(details.hidden).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe(t('findingsLoading'));
    await open(details);
    expect(worker.log.some((m) => m.type === 'findings')).toBe(true);
  });

  test('writes every kind of finding in German from its fields, with kind, nonces and round keys on the item', async () => {
    const pair = 'ab'.repeat(32);
    const all: Finding[] = [
      { kind: 'nonce-gap', severity: 'finding', commitment: pair, clientSeed: 'mein-seed', nonces: ['3–4', '9'], roundKeys: ['k2', 'k5'], message: 'EN' },
      { kind: 'nonce-repeat', severity: 'finding', commitment: pair, clientSeed: 'mein-seed', nonces: ['6'], roundKeys: ['k6'], message: 'EN' },
      { kind: 'nonce-conflict', severity: 'finding', commitment: pair, clientSeed: 'mein-seed', nonces: ['7'], roundKeys: ['k7'], message: 'EN' },
      { kind: 'client-seed-changed', severity: 'finding', commitment: pair, clientSeed: 'fremd', nonces: ['8'], roundKeys: ['k8'], message: 'EN' },
      { kind: 'server-seed-reused', severity: 'finding', commitment: pair, roundKeys: ['k1', 'k9'], message: 'EN' },
    ];
    const worker = new FakeWorker([]);
    const ask = worker.client.ask;
    worker.client.ask = ((message) => (message.type === 'findings' ? Promise.resolve(all) : ask(message))) as typeof ask;
    rendered = await renderApp(worker.client, {}, { t: tDe });
    const details = section(rendered.container);
    await open(details);
    expect(details.querySelector('summary')!.textContent).toBe('Befunde über mehrere Runden: 5');
    const items = [...details.querySelectorAll<HTMLElement>('li')];
    expect(items.map((li) => li.dataset.kind)).toEqual(all.map((f) => f.kind));
    const text = (kind: string) => items.find((li) => li.dataset.kind === kind)!.textContent!;
    expect(text('nonce-gap')).toBe(
      'Seed-Paar abababab…abababab mit Client-Seed „mein-seed“ hat keine Runden bei Nonces 3–4, 9; sie wurden vielleicht in einem Spiel oder Tab gespielt, den die Erweiterung nicht gesehen hat.',
    );
    expect(text('nonce-repeat')).toMatch(/^Seed-Paar abababab…abababab mit Client-Seed „mein-seed“ zeigt Nonce 6 mehr als einmal/);
    expect(text('nonce-conflict')).toMatch(/zeigt bei Nonce 7 verschiedene Ergebnisse/);
    expect(text('client-seed-changed')).toMatch(/^Seed-Paar abababab…abababab: Die Runden bei Nonce 8 benutzten den Client-Seed „fremd“/);
    expect(text('server-seed-reused')).toMatch(/^Der Server-Seed von Seed-Paar abababab…abababab wurde erneut benutzt/);
    // Never the core's English sentence.
    for (const li of items) expect(li.textContent).not.toContain('EN');
    const gap = items[0]!;
    expect(gap.dataset.nonces).toBe('3–4, 9');
    expect(JSON.parse(gap.dataset.roundKeys!)).toEqual(['k2', 'k5']);
    expect(gap.dataset.commitment).toBe(pair);
    expect(items[4]!.dataset.nonces).toBeUndefined();
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
