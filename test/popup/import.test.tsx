// @vitest-environment jsdom
// "Import JSON" in the popup: the file is checked, sent in chunks, and the result shown.
import { afterEach, describe, expect, test } from 'vitest';
import { act } from 'preact/test-utils';
import { IMPORT_CHUNK, MAX_IMPORT_BYTES } from '../../src/popup/import-file.js';
import { exportedRoundOf } from '../../src/background/rows.js';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { click, openView, renderApp, rowsOf, settle, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const exportText = (rounds: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'fair-witness-export', version: 1, exportedAt: '2024-05-01T12:30:00.000Z', rounds, ...extra });

/** Chooses a file in the import input, as the file dialog does. */
async function choose(container: HTMLElement, text: string, size?: number): Promise<void> {
  const input = container.querySelector<HTMLInputElement>('input[type=file][data-import-file]');
  if (!input) throw new Error('no import input');
  expect(input.accept).toContain('application/json');
  const file = new File([text], 'export.json', { type: 'application/json' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle(20);
}

const status = (container: HTMLElement) => container.querySelector('[data-data-status]')!.textContent;
const result = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-import-result]');

describe('Import JSON', () => {
  test('imports an export into an empty store, in chunks the worker accepts, and shows what it did', async () => {
    const source = new FakeWorker(mixedClaims());
    const rounds = source.records.map(exportedRoundOf);
    // Enough rounds for three chunks: the same seven rounds at many nonces.
    const many = Array.from({ length: 2 * IMPORT_CHUNK + 3 }, (_, i) => ({ ...rounds[i % rounds.length]!, nonce: String(1000 + i) }));
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client);
    await openView(rendered.container, 'more');
    await choose(rendered.container, exportText(many));

    const chunks = worker.log.filter((m) => m.type === 'import-rounds');
    expect(chunks.map((m) => m.type === 'import-rounds' && m.rounds.length)).toEqual([IMPORT_CHUNK, IMPORT_CHUNK, 3]);
    expect(result(rendered.container)!.dataset).toMatchObject({ added: String(many.length), known: '0', refused: '0' });
    expect(result(rendered.container)!.textContent).toContain(`Imported: ${many.length} new, 0 completed, 0 already known, 0 refused.`);
    // The list reloaded with the imported rounds.
    expect(rowsOf(rendered.container).length).toBeGreaterThan(0);
    expect(worker.records).toHaveLength(many.length);
  });

  test('importing the same file again adds nothing', async () => {
    const rounds = new FakeWorker(mixedClaims()).records.map(exportedRoundOf);
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client);
    await openView(rendered.container, 'more');
    await choose(rendered.container, exportText(rounds));
    await choose(rendered.container, exportText(rounds));
    expect(result(rendered.container)!.dataset).toMatchObject({ added: '0', known: String(rounds.length) });
    expect(worker.records).toHaveLength(rounds.length);
  });

  test('lists each refused round with its number in the file and the reason, and imports the rest', async () => {
    const rounds: unknown[] = new FakeWorker(mixedClaims()).records.map(exportedRoundOf);
    rounds.splice(2, 0, { ...(rounds[0] as object), nonce: 'twelve' });
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client);
    await openView(rendered.container, 'more');
    await choose(rendered.container, exportText(rounds));
    const shown = result(rendered.container)!;
    expect(shown.dataset).toMatchObject({ added: String(rounds.length - 1), refused: '1' });
    expect(shown.querySelector('.import-refused li')!.textContent).toBe('Round 3 of the file: Nonce: not in the form an export writes (digits for a nonce, decimal text such as 1.50 for an amount).');
  });

  test.each([
    ['not JSON', '{"format": "fair-witness-export", ', /^This file is not JSON: /],
    ['a list of claims (the CLI\'s other input)', '[{"game": "keno"}]', /not a Fair Witness export \(found a list, not an export\)/],
    ['another format', '{"format": "something-else", "rounds": []}', /not a Fair Witness export \(found "something-else"\)/],
    ['a number', '42', /not a Fair Witness export \(found a JSON number\)/],
    ['a newer export version', exportText([], { version: 2 }), /made by a newer Fair Witness \(export version 2\); this one reads up to version 1/],
    ['rounds that are not a list', exportText([], { rounds: {} }), /not a Fair Witness export/],
    ['no rounds', exportText([]), /^The file holds no rounds\.$/],
  ])('refuses %s with a specific message and sends nothing', async (_what, text, message) => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    await openView(rendered.container, 'more');
    await choose(rendered.container, text);
    expect(status(rendered.container)).toMatch(message);
    expect(worker.log.some((m) => m.type === 'import-rounds')).toBe(false);
    expect(result(rendered.container)).toBeNull();
  });

  test('refuses a file that is too big before reading it', async () => {
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client);
    await openView(rendered.container, 'more');
    await choose(rendered.container, exportText([]), MAX_IMPORT_BYTES + 1);
    expect(status(rendered.container)).toBe('The file is too big to import: 1025 MB, at most 1024 MB.');
    expect(worker.log.some((m) => m.type === 'import-rounds')).toBe(false);
  });

  test('a chunk the worker refuses stops the import and says what was kept', async () => {
    const rounds = Array.from({ length: IMPORT_CHUNK + 1 }, (_, i) => ({ ...new FakeWorker(mixedClaims()).records.map(exportedRoundOf)[0]!, nonce: String(i) }));
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client);
    await openView(rendered.container, 'more');
    const receive = worker.receive.bind(worker);
    let calls = 0;
    worker.receive = async (message) => {
      if ((message as { type?: string }).type === 'import-rounds' && ++calls === 2) return { ok: false, failure: 'failed', error: 'quota (English, for logs)', storageProblem: { kind: 'quota' } };
      return receive(message);
    };
    await choose(rendered.container, exportText(rounds));
    expect(status(rendered.container)).toBe(
      `The import stopped after ${IMPORT_CHUNK} rounds: The disk is full: free some disk space (delete files you no longer need, empty the trash). Nothing needs to be deleted here; the browser refused to store more rounds until there is room. Rounds imported so far are kept; importing the file again is safe.`,
    );
    expect(result(rendered.container)!.dataset.added).toBe(String(IMPORT_CHUNK));
  });

  test('the toolbar popup hands the import to the history page (a file dialog would close it)', async () => {
    const opened: (string | undefined)[] = [];
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client, {}, { openTab: (kind) => opened.push(kind) });
    await openView(rendered.container, 'more');
    const button = rendered.container.querySelector<HTMLButtonElement>('button[data-action="import-json"]')!;
    expect(button.title).toMatch(/Opens the history page/);
    await click(button);
    expect(opened).toEqual(['data']);
  });

  test('in the history page the button opens the file dialog', async () => {
    const worker = new FakeWorker([]);
    rendered = await renderApp(worker.client, { tab: true });
    await openView(rendered.container, 'more');
    const input = rendered.container.querySelector<HTMLInputElement>('input[data-import-file]')!;
    let dialogs = 0;
    input.addEventListener('click', () => dialogs++);
    await click(rendered.container.querySelector('button[data-action="import-json"]'));
    expect(dialogs).toBe(1);
  });
});
