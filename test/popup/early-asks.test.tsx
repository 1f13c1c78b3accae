// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { EARLY_ASKS, sendEarlyAsks, withEarlyAsks } from '../../src/popup/early-asks.js';
import type { WorkerClient } from '../../src/ui/worker-client.js';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { renderApp, settle, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

/** A client that notes every question as JSON, exactly as the popup's client would send it. */
function recording(worker: FakeWorker): { client: WorkerClient; asked: string[] } {
  const asked: string[] = [];
  return { asked, client: { ask: (message) => (asked.push(JSON.stringify(message)), worker.client.ask(message)) } };
}

describe('the questions popup-boot.js sends early', () => {
  test.each([
    ['toolbar popup', false],
    ['history page', true],
  ])('are asked by the %s as it opens, in the same words (else their answers go unused)', async (_, tab) => {
    const worker = new FakeWorker(mixedClaims());
    const { client, asked } = recording(worker);
    rendered = await renderApp(client, { tab, refreshMs: 0 });
    await settle();
    for (const message of EARLY_ASKS) expect(asked, JSON.stringify(message)).toContain(JSON.stringify(message));
  });

  test('each answers its question once; a question asked again, or never sent early, goes to the worker', async () => {
    const early: unknown[] = [];
    sendEarlyAsks(async (message) => (early.push(message), { ok: true, value: `early ${JSON.stringify(message)}` }));
    expect(early).toEqual(EARLY_ASKS);
    const later: unknown[] = [];
    const send = withEarlyAsks(async (message) => (later.push(message), { ok: true, value: 'later' }));
    expect(await send({ type: 'summary' })).toEqual({ ok: true, value: 'early {"type":"summary"}' });
    expect(later).toEqual([]);
    expect(await send({ type: 'summary' })).toEqual({ ok: true, value: 'later' });
    expect(await send({ type: 'findings' })).toEqual({ ok: true, value: 'later' });
    // Same type, other words: not the question sent early.
    expect(await send({ type: 'rounds', filter: { status: 'verified' }, offset: 0, limit: 200 })).toEqual({ ok: true, value: 'later' });
    expect(later).toEqual([{ type: 'summary' }, { type: 'findings' }, { type: 'rounds', filter: { status: 'verified' }, offset: 0, limit: 200 }]);
  });

  test('a failed early question fails for the one who takes it, not unhandled before', async () => {
    sendEarlyAsks(() => Promise.reject(new Error('worker gone')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const send = withEarlyAsks(async () => ({ ok: true, value: 'later' }));
    await expect(send({ type: 'games' })).rejects.toThrow('worker gone');
    expect(await send({ type: 'games' })).toEqual({ ok: true, value: 'later' });
  });
});
