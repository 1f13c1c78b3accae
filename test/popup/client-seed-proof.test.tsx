// @vitest-environment jsdom
// The proof view's line on what the round's client seed proves (core/client-seed-proof.ts), in
// English and German: typed by the player after the commitment, before it, or not seen typed (then
// a fresh random client seed to copy); nothing for a round from a file.
import { afterEach, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import type { RoundRecord } from '../../src/shared/records.js';
import { claimFor } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { click, renderApp, rowsOf, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

/** Opens the proof of one keno round, watched by the extension unless `watched` is false, with `typedAt`. */
async function proofOf(typedAt: number | undefined, options: { watched?: boolean; german?: boolean } = {}) {
  const worker = new FakeWorker([claimFor('keno', 2)]);
  const record: RoundRecord = worker.records[0]!;
  record.observedAt = { ...record.observedAt, commitment: 1000, result: 3000 };
  if (options.watched !== false) record.witness = 'bound-before-bet';
  if (typedAt !== undefined) record.clientSeedTypedAt = typedAt;
  rendered = await renderApp(worker.client, {}, options.german ? { t: translatorFrom(de as Record<string, LocaleEntry>) } : {});
  await click(rowsOf(rendered.container)[0]!.querySelector('button'));
  return rendered.container.querySelector('.detail')!;
}

const proofLine = (detail: Element) => detail.querySelector('[data-client-seed-proof]');

test('typed after the commitment was shown: the casino could not choose its seed against it; no advice', async () => {
  const detail = await proofOf(2000);
  expect(proofLine(detail)!.getAttribute('data-client-seed-proof')).toBe('set-after-commitment');
  expect(proofLine(detail)!.textContent).toMatch(/^You typed this client seed after the casino had shown this round's commitment: it committed to its server seed before it knew your client seed\.$/);
  expect(detail.querySelector('[data-field="freshClientSeed"]')).toBeNull();
});

test('typed before the commitment was first seen: the casino knew it', async () => {
  const detail = await proofOf(500);
  expect(proofLine(detail)!.getAttribute('data-client-seed-proof')).toBe('set-before-commitment');
  expect(proofLine(detail)!.textContent).toMatch(/it knew your client seed when it chose its server seed/);
});

test('never seen typed: says so and offers a fresh random client seed, which the copy button copies', async () => {
  const detail = await proofOf(undefined);
  expect(proofLine(detail)!.getAttribute('data-client-seed-proof')).toBe('not-set-here');
  const fresh = detail.querySelector('[data-field="freshClientSeed"] code')!.textContent!;
  expect(fresh).toMatch(/^[0-9a-f]{32}$/);
  await click(detail.querySelector('[data-field="freshClientSeed"] button.copy'));
  expect(rendered!.copies).toEqual([fresh]);
  // Another opening draws another one.
  rendered!.unmount();
  const again = await proofOf(undefined);
  expect(again.querySelector('[data-field="freshClientSeed"] code')!.textContent).not.toBe(fresh);
});

test('in German', async () => {
  const detail = await proofOf(undefined, { german: true });
  expect(proofLine(detail)!.textContent).toMatch(/^Fair Witness hat nicht gesehen, dass du diesen Client-Seed/);
  expect(detail.querySelector('[data-field="clientSeedProof"] dt')!.textContent).toBe('Was der Client-Seed beweist');
});

test('a round the extension did not watch (a file): no line at all', async () => {
  const detail = await proofOf(2000, { watched: false });
  expect(proofLine(detail)).toBeNull();
});
