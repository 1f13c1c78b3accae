// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { parseFairnessText } from '../../src/capture/paste-parser.js';
import type { ParsedFairnessText } from '../../src/popup/env.js';
import { FakeWorker } from './fake-worker.js';
import { KENO_REFERENCE_OUTPUT, KENO_REFERENCE_PARSED, ROULETTE_REFERENCE_OUTPUT } from './reference-output.js';
import { buttonByText, click, renderApp, setValue, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

/** Stands in for parseFairnessText with its specified answer for the reference output. */
const stubParser = (text: string): ParsedFairnessText => (text.includes('Hits:') ? { ...KENO_REFERENCE_PARSED } : {});

async function openCheck(parseText = stubParser) {
  const worker = new FakeWorker([]);
  rendered = await renderApp(worker.client, {}, { parseText });
  await click(buttonByText(rendered.container, 'Check a round'));
  const form = rendered.container.querySelector<HTMLFormElement>('form.check-form')!;
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
  expect(proof.querySelector('.reasons')!.textContent).toBe('Commitment (hashed server seed): missing, so nothing shows the server seed was fixed before the round.');
  expect(proof.querySelector('[data-field="outcomeComputed"] code')!.textContent).toBe('7');

  await setValue(input('commitment'), KENO_REFERENCE_PARSED.commitment);
  await click(buttonByText(form, 'Verify'));
  expect(container.querySelector('.check-result .proof')!.getAttribute('data-verdict')).toBe('verified');
});

test('text with nothing recognisable says so and keeps the fields', async () => {
  const { form, input, container } = await openCheck();
  await setValue(input('serverSeed'), 'kept');
  await setValue(form.querySelector('textarea'), 'hello there');
  expect(container.querySelector('.check .note')!.textContent).toBe('No fairness fields recognised in this text.');
  expect(input('serverSeed').value).toBe('kept');
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
