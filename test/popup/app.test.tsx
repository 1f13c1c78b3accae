// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { buttonByText, click, openView, renderApp, rowsOf, setValue, settle, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

describe('round list', () => {
  test('every row carries data-verdict, data-game, data-nonce and data-key', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    const rows = rowsOf(rendered.container);
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row.dataset.verdict).toMatch(/^(verified|pending|mismatch|unsupported|invalid)$/);
      expect(row.hasAttribute('data-nonce')).toBe(true);
    }
    // Each row's key is its record's, each record has its row; the game is the claim's (mixedClaims),
    // by id, or, not a supported game, the name as the page showed it.
    expect(rows.map((row) => row.dataset.key).sort()).toEqual(worker.records.map((record) => record.key).sort());
    const byNonce = Object.fromEntries(rows.map((row) => [row.dataset.nonce, row]));
    expect(Object.fromEntries(rows.map((row) => [row.dataset.nonce, row.dataset.game]))).toEqual({
      1: 'roulette-european', 2: 'keno', 3: 'roulette-american', 4: 'roulette-european', 5: 'Mines', 6: 'keno', 7: 'roulette-american',
    });
    expect(byNonce['5']!.dataset.verdict).toBe('unsupported');
  });

  test('mismatches first, then pending, then verified, then the rest', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    const verdicts = rowsOf(rendered.container).map((row) => row.dataset.verdict);
    expect(verdicts).toEqual(['mismatch', 'mismatch', 'pending', 'verified', 'verified', 'verified', 'unsupported']);
  });

  test('a mismatch row says in one sentence what failed, with expected and shown', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    const row = rowsOf(rendered.container).find((r) => r.dataset.nonce === '4')!;
    expect(row.querySelector('.row-summary')!.textContent).toMatch(/^The seeds give \d+, but the casino showed \d+\.$/);
    // The badge says the verdict in words, not only in colour.
    expect(row.querySelector('.badge')!.textContent).toBe('mismatch');
    expect(row.textContent).toContain('European Roulette');
    expect(row.textContent).toContain('Nonce 4');
  });

  test('filters by status and by game, with game options from the worker', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    const { container } = rendered;
    const gameSelect = container.querySelector<HTMLSelectElement>('.filters select[name="game"]')!;
    expect(Array.from(gameSelect.options).map((o) => o.value)).toEqual(['', 'keno', 'mines', 'roulette-american', 'roulette-european']);
    expect(Array.from(gameSelect.options).map((o) => o.textContent)).toContain('European Roulette');

    await setValue(container.querySelector('.filters select[name="status"]'), 'verified');
    expect(rowsOf(container).map((r) => r.dataset.verdict)).toEqual(['verified', 'verified', 'verified']);
    expect(worker.log.at(-1)).toMatchObject({ type: 'rounds', filter: { status: 'verified' } });

    await setValue(gameSelect, 'keno');
    expect(rowsOf(container).map((r) => r.dataset.nonce)).toEqual(['2']);

    await setValue(container.querySelector('.filters select[name="status"]'), '');
    expect(rowsOf(container).map((r) => [r.dataset.game, r.dataset.verdict])).toEqual([
      ['keno', 'mismatch'],
      ['keno', 'verified'],
    ]);
    // "Any" is an absent field: the worker's schema is strict.
    expect(worker.log.at(-1)).toEqual({ type: 'rounds', filter: { gameId: 'keno' }, offset: 0, limit: 50 });
  });

  test('an empty store says so', async () => {
    rendered = await renderApp(new FakeWorker([]).client);
    expect(rowsOf(rendered.container)).toHaveLength(0);
    expect(rendered.container.querySelector('.list-count')!.textContent).toBe('The rounds you play show up here.');
  });

  test('a worker error is shown with its message', async () => {
    const worker = new FakeWorker(mixedClaims());
    worker.failNext = 'database blocked';
    rendered = await renderApp(worker.client);
    expect(rendered.container.querySelector('[role="alert"]')!.textContent).toContain('database blocked');
  });
});

describe('header', () => {
  const headline = (root: ParentNode) => root.querySelector<HTMLElement>('.header .headline')!;
  const chips = (root: ParentNode) =>
    Array.from(root.querySelectorAll<HTMLElement>('.counts [data-status]')).map((chip) => [chip.dataset.status, chip.dataset.count, chip.textContent]);

  test('a headline says what matters most; only counts that are not zero show, in words with their plural', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    expect(rendered.container.querySelector<HTMLElement>('.header')!.dataset.headline).toBe('mismatch');
    expect(headline(rendered.container).textContent).toBe('2 rounds don’t add up');
    expect(headline(rendered.container).className).toContain('headline-bad');
    expect(chips(rendered.container)).toEqual([
      ['mismatch', '2', '2 mismatches'],
      ['pending', '1', '1 pending'],
      ['verified', '3', '3 verified'],
      ['unsupported', '1', '1 other game'],
    ]);
    const levels = rendered.container.querySelector('[data-levels]')!.textContent!;
    expect(levels).toContain('witnessed: 1 · not witnessed: 2');
    // The definition waits behind its button.
    expect(rendered.container.querySelector('.explained')).toBeNull();
    await click(buttonByText(rendered.container, 'What does that mean?'));
    expect(rendered.container.querySelector('.explained')!.textContent).toMatch(/casino could have chosen the seed after your bet/);
  });

  test('headline: pending when nothing failed, fair only when every checked round was witnessed', async () => {
    const claims = mixedClaims();
    const honest = claims.filter((claim) => claim.serverSeed !== undefined);
    rendered = await renderApp(new FakeWorker([claims.find((claim) => claim.serverSeed === undefined && claim.game !== 'Mines')!]).client);
    expect(headline(rendered.container).textContent).toBe('1 round waits for its server seed: rotate your seed pair to check it');
    rendered.unmount();
    const verified = new FakeWorker(honest);
    const keep = verified.records.filter((record) => record.verdict.status === 'verified');
    verified.records = keep;
    rendered = await renderApp(verified.client);
    expect(keep.some((record) => record.verdict.level === 'history')).toBe(true);
    expect(headline(rendered.container).textContent).toBe(`All ${keep.length} checked rounds add up; not every one was witnessed`);
    rendered.unmount();
    const witnessed = new FakeWorker(honest);
    witnessed.records = witnessed.records.filter((record) => record.verdict.status === 'verified' && record.verdict.level === 'witnessed');
    rendered = await renderApp(witnessed.client);
    expect(headline(rendered.container).textContent).toBe('The checked round is fair');
    expect(headline(rendered.container).className).toContain('headline-good');
  });

  test('an empty store: a first-run headline, what to do, and a button to the casino', async () => {
    const opened: string[] = [];
    rendered = await renderApp(new FakeWorker([]).client, {}, { openCasino: () => opened.push('casino') });
    expect(headline(rendered.container).textContent).toBe('No rounds yet');
    expect(rendered.container.querySelector('.counts')).toBeNull();
    expect(rendered.container.querySelector('.first-run')!.textContent).toMatch(/Nothing leaves your browser/);
    // The habit that gets rounds witnessed, worded as on the welcome page.
    expect(rendered.container.querySelector('.first-run [data-habit]')!.textContent).toMatch(/^Open the game’s fairness panel once before you bet.* rotate the seed pair/);
    await click(rendered.container.querySelector('[data-action="open-casino"]'));
    expect(opened).toEqual(['casino']);
  });

  test('a failed self-test is an alert in the header; its pass and the button live in More', async () => {
    const worker = new FakeWorker(mixedClaims(), {
      selfTest: { ok: false, ranAt: 1, checks: [{ name: 'keno vector', ok: false, detail: 'got 1 2 3', kind: 'reference', round: 3, game: 'keno', got: 'mismatch' }] },
    });
    rendered = await renderApp(worker.client);
    const alert = rendered.container.querySelector('.header [data-self-test]')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Self-test FAILED');
    // The failed check in the player's words, not the worker's English name and detail.
    expect(alert.textContent).toContain('Reference round 3, Keno: the published procedure verifies it, but this extension judged it “mismatch”.');
    expect(alert.textContent).not.toContain('keno vector');
    await openView(rendered.container, 'more');
    await click(buttonByText(rendered.container, 'Run self-test'));
    expect(worker.log.some((m) => m.type === 'run-self-test')).toBe(true);
    expect(rendered.container.querySelector('.header [data-self-test]')).toBeNull();
    expect(rendered.container.querySelector('[data-self-test-panel]')!.getAttribute('data-self-test-panel')).toBe('true');
    expect(rendered.container.querySelector('[data-self-test-panel]')!.textContent).toContain('Self-test passed');
  });

  test('a storage problem shows as a banner', async () => {
    rendered = await renderApp(new FakeWorker([], { storageProblem: { kind: 'quota' } }).client);
    const banner = rendered.container.querySelector('[data-storage-problem]')!;
    expect(banner.textContent).toBe(
      'Storage problem: The disk is full: free some disk space (delete files you no longer need, empty the trash). Nothing needs to be deleted here; the browser refused to store more rounds until there is room. Rounds captured meanwhile wait in the open casino tabs and are stored once this is solved; closing those tabs loses them.',
    );
    // First in the header, announced at once.
    expect(banner.getAttribute('role')).toBe('alert');
    expect(rendered.container.querySelector('.header')!.firstElementChild).toBe(banner);
  });
});

describe('data actions', () => {
  const openMore = () => openView(rendered!.container, 'more');

  test('Clear data asks first, then clears', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    await openMore();
    await click(buttonByText(rendered.container, 'Clear data…'));
    expect(worker.log.some((m) => m.type === 'clear-data')).toBe(false);
    const dialog = rendered.container.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Delete all 7 recorded rounds');
    await click(buttonByText(dialog, 'Cancel'));
    expect(rendered.container.querySelector('[role="alertdialog"]')).toBeNull();

    await click(buttonByText(rendered.container, 'Clear data…'));
    await click(buttonByText(rendered.container, 'Delete all rounds'));
    expect(worker.log.filter((m) => m.type === 'clear-data')).toHaveLength(1);
    expect(rowsOf(rendered.container)).toHaveLength(0);
    expect(rendered.container.textContent).toContain('Deleted rounds: 7.');
  });

  test('Clear data with one round asks about it in the singular', async () => {
    rendered = await renderApp(new FakeWorker(mixedClaims().slice(0, 1)).client);
    await openMore();
    await click(buttonByText(rendered.container, 'Clear data…'));
    expect(rendered.container.querySelector('[role="alertdialog"]')!.textContent).toContain('Delete the 1 recorded round from this browser? This cannot be undone; export it first');
  });

  test('Export JSON and CSV download files built from every page', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client);
    await openMore();
    await click(buttonByText(rendered.container, 'Export JSON'));
    await click(buttonByText(rendered.container, 'Export CSV'));
    const [json, csv] = rendered.downloads;
    expect(json!.fileName).toBe('fair-witness-2024-05-01T12-30-00.json');
    expect(json!.mimeType).toBe('application/json');
    const file = JSON.parse(json!.content);
    expect(file).toMatchObject({ format: 'fair-witness-export', version: 1, exportedAt: '2024-05-01T12:30:00.000Z' });
    expect(file.rounds).toHaveLength(7);
    expect(csv!.fileName).toBe('fair-witness-2024-05-01T12-30-00.csv');
    expect(csv!.content.split('\r\n')[0]).toBe('game,nonce,verdict,level,serverSeed,commitment,clientSeed,result,expected,failures,reasons');
    expect(worker.log.filter((m) => m.type === 'export-page')).toEqual([
      { type: 'export-page', limit: 5000 },
      { type: 'export-page', limit: 5000 },
    ]);
    expect(rendered.container.textContent).toContain('Exported rounds: 7.');
  });

  test('the toolbar popup hands an export to the history page instead of downloading itself', async () => {
    const worker = new FakeWorker(mixedClaims());
    const opened: (string | undefined)[] = [];
    rendered = await renderApp(worker.client, {}, { openTab: (kind) => opened.push(kind) });
    await openMore();
    await click(buttonByText(rendered.container, 'Export JSON'));
    await click(buttonByText(rendered.container, 'Export CSV'));
    // A Blob URL made in the popup dies with it when the save dialog takes the focus (Firefox).
    expect(opened).toEqual(['json', 'csv']);
    expect(rendered.downloads).toEqual([]);
    expect(worker.log.filter((m) => m.type === 'export-page')).toEqual([]);
  });

  test('the history page opened with an export makes it once, after the summary has loaded', async () => {
    const worker = new FakeWorker(mixedClaims());
    rendered = await renderApp(worker.client, { tab: true, exportOnOpen: 'json', refreshMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settle();
    expect(rendered.downloads).toHaveLength(1);
    expect(rendered.downloads[0]!.fileName).toBe('fair-witness-2024-05-01T12-30-00.json');
    expect(JSON.parse(rendered.downloads[0]!.content).rounds).toHaveLength(7);
    expect(rendered.container.textContent).toContain('Exported rounds: 7.');
  });

  test('the tab view has no "Open in tab" button; the popup has one when it can', async () => {
    const opened: unknown[][] = [];
    rendered = await renderApp(new FakeWorker([]).client, {}, { openTab: (...args) => opened.push(args) });
    await click(buttonByText(rendered.container, 'Open in tab'));
    // Just the page: no export requested (and not the click event passed along as one).
    expect(opened).toEqual([[]]);
    rendered.unmount();
    rendered = await renderApp(new FakeWorker([]).client, { tab: true }, { openTab: (...args) => opened.push(args) });
    expect(buttonByText(rendered.container, 'Open in tab')).toBeUndefined();
    expect(rendered.container.querySelector('.app-tab')).not.toBeNull();
  });
});

describe('new rounds', () => {
  test('polling the summary reloads the list when the store changed', async () => {
    const worker = new FakeWorker(mixedClaims().slice(0, 2));
    rendered = await renderApp(worker.client, { refreshMs: 20 });
    expect(rowsOf(rendered.container)).toHaveLength(2);
    const more = new FakeWorker(mixedClaims());
    worker.records = more.records;
    await new Promise((resolve) => setTimeout(resolve, 60));
    await settle();
    expect(rowsOf(rendered.container)).toHaveLength(7);
  });
});
