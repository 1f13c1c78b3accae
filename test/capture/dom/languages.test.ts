// @vitest-environment jsdom
// The label scanner in the casino's other languages (src/shared/vocabularies/): each language's
// page reads as nothing of what only its words name until the worker's vocabulary for it is added,
// and whole once it is; pages that keep the seeds' labels in English read with the page's own words
// for the rest. Each test loads the label module afresh: a vocabulary added stays for the page.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VOCABULARIES } from '../../../src/shared/vocabularies/vocabulary.js';
import { page } from '../dom.js';
import { LANGUAGE_PAGES, LANGUAGE_ROUNDS, languageBody, MIXED_LABELS } from '../fixtures/language-pages.js';

async function fresh() {
  vi.resetModules();
  const { scanDocument } = await import('../../../src/capture/dom/scanner.js');
  const { addVocabulary } = await import('../../../src/capture/readers/labels.js');
  return { scan: (body: string) => scanDocument(page(body)).map((round) => round.fields), addVocabulary };
}

describe('labels in the casino\'s languages', () => {
  beforeEach(() => vi.resetModules());

  it.each(LANGUAGE_PAGES)('$lang: no round before its vocabulary, every round after it', async ({ vocabulary, roulette, labels }) => {
    const { scan, addVocabulary } = await fresh();
    const body = languageBody({ roulette, labels });
    // English and German alone read only the nonces, with no seed, hash or result: no round.
    expect(scan(body)).toEqual([]);
    expect(addVocabulary(VOCABULARIES[vocabulary])).toBe(true);
    expect(scan(body)).toEqual(LANGUAGE_ROUNDS);
  });

  it.each(LANGUAGE_PAGES)('$lang with the seeds labelled in English: the rest read in its words', async ({ vocabulary, roulette, labels }) => {
    const { scan, addVocabulary } = await fresh();
    const body = languageBody({ roulette, labels: { ...labels, ...MIXED_LABELS } });
    addVocabulary(VOCABULARIES[vocabulary]);
    expect(scan(body)).toEqual(LANGUAGE_ROUNDS);
  });

  it('every vocabulary at once reads each language\'s page (a page whose lang names none of them)', async () => {
    const { scan, addVocabulary } = await fresh();
    addVocabulary({ labels: Object.values(VOCABULARIES).flatMap((one) => one.labels), games: Object.values(VOCABULARIES).map((one) => one.games).join(';') });
    for (const { roulette, labels } of LANGUAGE_PAGES) expect(scan(languageBody({ roulette, labels }))).toEqual(LANGUAGE_ROUNDS);
  });

  it('one page with labels of two languages besides English (a Turkish panel in a Portuguese history)', async () => {
    const { scan, addVocabulary } = await fresh();
    addVocabulary(VOCABULARIES.pt);
    addVocabulary(VOCABULARIES.tr);
    const [tr, pt] = [LANGUAGE_PAGES[0]!.labels, LANGUAGE_PAGES[1]!.labels];
    const body = languageBody({ roulette: 'Roleta Europeia', labels: { ...pt, commitment: tr.commitment, nonce: tr.nonce, clientSeed: MIXED_LABELS.clientSeed } });
    expect(scan(body)).toEqual(LANGUAGE_ROUNDS);
  });

  it('a qualified seed is still not read as the revealed one in another language ("hashlenmiş", "(hash)")', async () => {
    const { scan, addVocabulary } = await fresh();
    addVocabulary(VOCABULARIES.tr);
    addVocabulary(VOCABULARIES.pt);
    const fields = scan(`<dl><dt>Sunucu Tohumu (hashlenmiş)</dt><dd>${'a'.repeat(64)}</dd><dt>Seed do Servidor (hash)</dt><dd>${'b'.repeat(64)}</dd><dt>Nonce</dt><dd>1</dd></dl>`);
    expect(fields.flatMap((round) => Object.keys(round))).not.toContain('serverSeed');
  });
});
