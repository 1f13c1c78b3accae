// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { parseFairnessText } from '../../src/popup/paste-parser.js';
import type { RoundClaim } from '../../src/core/index.js';
import type { ParsedFairnessText, PopupEnv } from '../../src/popup/env.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { FakeWorker } from './fake-worker.js';
import { KENO_REFERENCE_OUTPUT, KENO_REFERENCE_PARSED, ROULETTE_REFERENCE_OUTPUT } from './reference-output.js';
import { buttonByText, click, renderApp, setValue, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

/** Stands in for parseFairnessText with its specified answer for the reference output. */
const stubParser = (text: string): ParsedFairnessText => (text.includes('Hits:') ? { ...KENO_REFERENCE_PARSED } : {});

async function openCheck(parseText = stubParser, env: Partial<PopupEnv> = {}, stored: RoundClaim[] = []) {
  const worker = new FakeWorker(stored);
  rendered = await renderApp(worker.client, {}, { parseText, ...env });
  await click(rendered.container.querySelector('nav.views button[data-view="check"]'));
  // The view loads on first use (app.tsx checkView), then stays.
  const form = await vi.waitFor(() => rendered!.container.querySelector<HTMLFormElement>('.check-view:not([hidden]) form.check-form') ?? Promise.reject(new Error('no check form yet')));
  const input = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  return { worker, form, input, container: rendered.container };
}

test('pasting the keno reference program output fills the fields and verifies locally', async () => {
  const { worker, form, input, container } = await openCheck();
  await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
  expect(container.querySelector('.check .note')!.textContent).toBe('Fields recognised: 6.');
  expect(input('game').value).toBe('keno');
  expect(input('serverSeed').value).toBe('your_server_seed');
  expect(input('clientSeed').value).toBe('your_client_seed');
  expect(input('nonce').value).toBe('1');
  expect(input('result').value).toBe('3 5 6 7 15 19 21 22 28 29');
  expect(input('commitment').value).toBe(KENO_REFERENCE_PARSED.commitment);

  await click(buttonByText(form, 'Verify'));
  const proof = container.querySelector('.check-result .proof')!;
  expect(proof.getAttribute('data-verdict')).toBe('verified');
  expect(proof.querySelector('.badge')!.textContent).toBe('verified');
  expect(proof.querySelectorAll('table.draws tbody tr').length).toBeGreaterThanOrEqual(10);
  expect(proof.querySelectorAll('[data-match="false"]')).toHaveLength(0);
  expect(proof.querySelectorAll('[data-match="true"]')).toHaveLength(3);
  // Local only: nothing about the check goes to the worker.
  expect(worker.log.map((m) => m.type)).not.toContain('round-detail');
});

test('an edited field changes the verdict: a wrong number is a mismatch, in plain words', async () => {
  const { form, input, container } = await openCheck();
  await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
  await setValue(input('result'), '3 5 6 7 15 19 21 22 28 30');
  await click(buttonByText(form, 'Verify'));
  const proof = container.querySelector('.check-result .proof')!;
  expect(proof.getAttribute('data-verdict')).toBe('mismatch');
  expect(proof.querySelector('.failures [data-step="outcome"]')!.textContent).toBe(
    'The seeds give 3 5 6 7 15 19 21 22 28 29, but the casino showed 3 5 6 7 15 19 21 22 28 30.',
  );
});

test('a wrong commitment is named as the failed step', async () => {
  const { form, input, container } = await openCheck();
  await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
  await setValue(input('commitment'), '0'.repeat(64));
  await click(buttonByText(form, 'Verify'));
  expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('mismatch');
  expect(container.querySelector('.failures [data-step="commitment"]')!.textContent).toContain('does not hash to the commitment shown');
});

test('roulette typed by hand; without a game the form asks for one', async () => {
  const { form, input, container } = await openCheck();
  await setValue(input('serverSeed'), 'your_server_seed');
  await setValue(input('clientSeed'), 'your_client_seed');
  await setValue(input('nonce'), '1');
  await setValue(input('result'), '7');
  await click(buttonByText(form, 'Verify'));
  expect(container.querySelector('.check .note')!.textContent).toBe('Choose the game first.');
  expect(container.querySelector('.check-result .proof')).toBeNull();

  await setValue(input('game'), 'roulette-american');
  await click(buttonByText(form, 'Verify'));
  // No commitment: the outcome is recomputed but nothing proves the seed was fixed in advance.
  const proof = container.querySelector('.check-result .proof')!;
  expect(proof.getAttribute('data-verdict')).toBe('invalid');
  expect(proof.querySelector('.reasons')!.textContent).toBe(
    "Commitment (hashed server seed): missing, so nothing shows the server seed was fixed before the round. The seed-pair panel and the round's fairness details show it as the hashed server seed.",
  );
  expect(proof.querySelector('[data-field="outcomeComputed"] code')!.textContent).toBe('7');

  await setValue(input('commitment'), KENO_REFERENCE_PARSED.commitment);
  await click(buttonByText(form, 'Verify'));
  expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('verified');
});

test('text with nothing recognisable says so, clears the fields and the verdict: Verify cannot check the old round again', async () => {
  const { form, input, container } = await openCheck();
  await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
  await click(buttonByText(form, 'Verify'));
  expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('verified');

  await setValue(form.querySelector('textarea'), 'hello there');
  expect(container.querySelector('.check .note')!.textContent).toBe('No fairness fields recognised in this text.');
  for (const name of ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature']) expect(input(name).value, name).toBe('');
  expect(container.querySelector('.check-result')!.textContent).toBe('');

  await click(buttonByText(form, 'Verify'));
  expect(container.querySelector('.check .note')!.textContent).toBe('Choose the game first.');
  expect(container.querySelector('.check-result .proof')).toBeNull();
});

describe('with the real parseFairnessText', () => {
  test('the keno reference program output (placeholder round) is verified', async () => {
    const { form, input, container } = await openCheck(parseFairnessText);
    await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
    expect(input('game').value).toBe('keno');
    expect(input('result').value.split(/[\s,]+/).filter(Boolean)).toEqual(KENO_REFERENCE_PARSED.result);
    await click(buttonByText(form, 'Verify'));
    expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('verified');
  });

  test('the American roulette reference program output is verified', async () => {
    const { form, input, container } = await openCheck(parseFairnessText);
    await setValue(form.querySelector('textarea'), ROULETTE_REFERENCE_OUTPUT);
    expect(input('game').value).toBe('roulette-american');
    await click(buttonByText(form, 'Verify'));
    const proof = container.querySelector('.check-result .proof')!;
    expect(proof.getAttribute('data-verdict')).toBe('verified');
    expect(proof.querySelector('[data-field="outcomeComputed"] code')!.textContent).toBe('7');
  });
});

const german = translatorFrom(de as Record<string, LocaleEntry>);
const reasonsOf = (container: HTMLElement) => Array.from(container.querySelectorAll('.check-result .reasons li'), (li) => li.textContent);

describe('errors in plain words, in the player\'s language', () => {
  // The casino's history table, copied: label and value per line, long hex cut in the middle.
  const TABLE_COPY = 'Game\tAmerican Roulette\nCommitment\tb7cc99...cb4e65\nRevealed Server Seed\t0123ab...89cdef\nClient Seed\tyour_client_seed\nNonce\t1\nResult\t7\n';
  const TABLE_COPY_DE = 'Spiel\tAmerikanisches Roulette\nCommitment\tb7cc99...cb4e65\nOffengelegter Server-Seed\t0123ab...89cdef\nClient-Seed\tyour_client_seed\nNonce\t1\nErgebnis\t7\n';

  test('a copy of the history table: each shortened value by its field name, and where the full value is', async () => {
    const { form, container } = await openCheck(parseFairnessText);
    await setValue(form.querySelector('textarea'), TABLE_COPY);
    await click(buttonByText(form, 'Verify'));
    expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('invalid');
    expect(reasonsOf(container)).toEqual([
      "Server seed: shortened (“0123ab...89cdef”); the casino's history table cuts long values. Copy the full value from the round's fairness details or the seed-pair panel.",
      "Commitment (hashed server seed): shortened (“b7cc99...cb4e65”); the casino's history table cuts long values. Copy the full value from the round's fairness details or the seed-pair panel.",
    ]);
  });

  test('in German, addressing the player with "du", without the core\'s field names or English', async () => {
    const { form, container } = await openCheck(parseFairnessText, { t: german });
    await setValue(form.querySelector('textarea'), TABLE_COPY_DE);
    await click(form.querySelector('button[type="submit"]'));
    const reasons = reasonsOf(container);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^Server-Seed: gekürzt \(„0123ab\.\.\.89cdef“\); die Verlaufstabelle des Casinos kürzt lange Werte\. Kopiere /);
    expect(reasons[1]).toMatch(/^Commitment \(gehashter Server-Seed\): gekürzt /);
    for (const reason of reasons) {
      expect(reason).toContain('Fairness-Details der Runde oder dem Seed-Paar-Fenster');
      expect(reason).not.toMatch(/\b(Sie|Ihr|Ihre|serverSeed|looks truncated)\b/);
    }
  });

  test('a result the game cannot have: what the game\'s results look like, not the core\'s English detail', async () => {
    for (const [t, expected] of [
      [undefined, 'Result shown: 99 is not on the keno board (1 to 40).'],
      [german, 'Angezeigtes Ergebnis: 99 liegt nicht auf dem Keno-Feld (1 bis 40).'],
    ] as const) {
      const { form, input, container } = await openCheck(stubParser, t ? { t } : {});
      await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
      await setValue(input('result'), '3 5 6 7 15 19 21 22 28 99');
      await click(form.querySelector('button[type="submit"]'));
      expect(reasonsOf(container)).toEqual([expected]);
      rendered!.unmount();
    }
    rendered = undefined;
  });
});

describe('a round already in the player\'s history says so', () => {
  const KENO_ROUND: RoundClaim = { game: 'Keno', ...KENO_REFERENCE_PARSED };
  // Seen without its outcome (and so without a signature to compare): invalid.
  const OTHER_ROUND: RoundClaim = { ...KENO_ROUND, nonce: '2', result: undefined, roundSignature: undefined };

  test('with its stored verdict and level, and a button that opens it; the worker is only asked, never told', async () => {
    const { worker, form, container } = await openCheck(stubParser, {}, [OTHER_ROUND, KENO_ROUND]);
    const before = worker.log.length;
    await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
    await click(buttonByText(form, 'Verify'));
    const note = container.querySelector('.check-result .in-history')!;
    expect(note.textContent).toBe('This round is in your history: verified, not witnessed. Open it');
    expect(worker.log.slice(before)).toEqual([
      { type: 'find-round', game: 'keno', serverSeed: 'your_server_seed', commitment: KENO_REFERENCE_PARSED.commitment, clientSeed: 'your_client_seed', nonce: '1' },
    ]);

    await click(buttonByText(note, 'Open it'));
    expect(container.querySelector('section.detail')!.getAttribute('data-round-key')).toBe(worker.records[1]!.key);
  });

  test('a stored round without a level (a mismatch) says only its verdict', async () => {
    const { form, container } = await openCheck(stubParser, {}, [{ ...KENO_ROUND, result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] }]);
    await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
    await click(buttonByText(form, 'Verify'));
    expect(container.querySelector('.check-result .in-history')!.textContent).toBe('This round is in your history: mismatch. Open it');
    expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('verified');
  });

  test('another nonce or game is not the stored round; an edit after the check takes the line away', async () => {
    const { worker, form, input, container } = await openCheck(stubParser, {}, [OTHER_ROUND]);
    await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
    await click(buttonByText(form, 'Verify'));
    expect(worker.log.at(-1)?.type).toBe('find-round');
    expect(container.querySelector('.in-history')).toBeNull();

    await setValue(input('nonce'), '2');
    await setValue(input('result'), '');
    await click(buttonByText(form, 'Verify'));
    expect(container.querySelector('.in-history')!.textContent).toMatch(/^This round is in your history: invalid\./);
    await setValue(input('game'), 'roulette-european');
    expect(container.querySelector('.in-history')).toBeNull();
    await click(buttonByText(form, 'Verify'));
    expect(worker.log.at(-1)).toMatchObject({ type: 'find-round', game: 'roulette-european' });
    expect(container.querySelector('.in-history')).toBeNull();
  });

  test('a check that names no one round (no seed and no commitment, or a nonce that is not a number) asks nothing', async () => {
    const { worker, form, input } = await openCheck(stubParser, {}, [KENO_ROUND]);
    await setValue(form.querySelector('textarea'), KENO_REFERENCE_OUTPUT);
    const before = worker.log.length;
    await setValue(input('nonce'), '1a');
    await click(buttonByText(form, 'Verify'));
    await setValue(input('nonce'), '1');
    await setValue(input('serverSeed'), '');
    await setValue(input('commitment'), '');
    await click(buttonByText(form, 'Verify'));
    expect(worker.log.slice(before)).toEqual([]);
  });
});
