// @vitest-environment jsdom
// How a capture session learns the casino's other languages (capture-session.ts, asked of the
// worker by content.ts): the page's language at the first scan, every language once a 64-hex text
// is left that no label named, one after the other; what the new words read is read then (nothing
// shown before they came is lost), and a page in a language with no vocabulary has the texts
// before its unplaced values named in the capture tally.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { addVocabulary } from '../../../src/capture/readers/labels.js';
import { pageTally } from '../../../src/capture/readers/capture-tally.js';
import { vocabularyFor } from '../../../src/shared/vocabularies/vocabulary.js';
import type { CapturedClaim } from '../../../src/shared/records.js';
import { CLIENT, COMMITMENT, SEED } from '../dom.js';

const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { interval: 5 });

let session: CaptureSession | undefined;
afterEach(() => {
  session?.stop();
  session = undefined;
  document.body.replaceChildren();
});

/** The worker's answer as the router gives it, held until `release` for the test to look in between. */
function worker(locales: string[]) {
  const asked: boolean[] = [];
  const releases: (() => void)[] = [];
  const vocabulary = (all: boolean) => {
    asked.push(all);
    return new Promise<boolean>((resolve) => releases.push(() => resolve(addVocabulary(vocabularyFor(all ? undefined : locales)))));
  };
  return { asked, vocabulary, release: () => releases.shift()!() };
}

function start(vocabulary: (all: boolean) => Promise<boolean>) {
  const claims: CapturedClaim[] = [];
  session = startCapture({
    document,
    send: async (batch) => void claims.push(...batch),
    now: () => 5000,
    scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() },
    outbox: { baseDelayMs: 10 },
    vocabulary,
  });
  return claims;
}

describe('a capture session and the vocabularies of other languages', () => {
  it('a Turkish page: its language asked at the first scan, its round read once the words come, the seeds already read kept', async () => {
    document.body.innerHTML = `<h2>Avrupa Ruleti</h2><dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>İstemci Tohumu</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>3</dd><dt>Sonuç</dt><dd>17</dd></dl>`;
    const turkish = worker(['tr', 'casino']);
    const claims = start(turkish.vocabulary);
    // English reads the server seed and the nonce: a round, without its client seed and result.
    await waitFor(() => expect(claims).toHaveLength(1));
    expect(claims[0]).toMatchObject({ serverSeed: SEED, nonce: '3' });
    expect(claims[0]!.result).toBeUndefined();
    expect(turkish.asked).toEqual([false]);
    turkish.release();
    await waitFor(() => expect(claims.some((claim) => claim.result === '17')).toBe(true));
    expect(claims.at(-1)).toMatchObject({ game: 'European Roulette', serverSeed: SEED, clientSeed: CLIENT, nonce: '3', result: '17' });
    // Nothing was left unnamed: every language is never asked for.
    expect(turkish.asked).toEqual([false]);
  });

  it('a page whose lang is English but whose labels are Portuguese: every language asked after its own, the round read', async () => {
    document.body.innerHTML = `<h2>Roleta Europeia</h2><dl><dt>Seed do Servidor</dt><dd>${SEED}</dd><dt>Seed do Cliente</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>4</dd><dt>Resultado</dt><dd>9</dd></dl>`;
    const english = worker(['en', '']);
    const claims = start(english.vocabulary);
    await waitFor(() => expect(english.asked).toEqual([false]));
    // The scan left a 64-hex text unnamed, but every language waits for the page's own (it comes first).
    session!.scanNow();
    expect(english.asked).toEqual([false]);
    english.release(); // English: nothing to add
    await waitFor(() => expect(english.asked).toEqual([false, true]));
    expect(claims).toEqual([]);
    english.release();
    await waitFor(() => expect(claims).toContainEqual(expect.objectContaining({ game: 'European Roulette', serverSeed: SEED, clientSeed: CLIENT, nonce: '4', result: '9' })));
  });

  it('a page in a language no vocabulary has: the texts before its unplaced values and its language in the capture tally', async () => {
    const unreadBefore = pageTally.tally.unread?.length ?? 0;
    document.documentElement.lang = 'ko';
    // Values no earlier test showed (the tally is the page's one, counting each value once).
    document.body.innerHTML = `<dl><dt>서버 시드</dt><dd>${SEED.replace(/^eb/, 'ec')}</dd><dt>클라이언트 시드</dt><dd>${CLIENT}</dd><dt>논스</dt><dd>5</dd></dl><p><span>해시된 서버 시드</span> <code>${COMMITMENT.replace(/^20/, '21')}</code></p>`;
    // What content.ts sets from the locales it sends (the worker has no Korean: it sends every language, then again when asked).
    pageTally.tally.lang ??= 'ko';
    const korean = worker(['ko']);
    const claims = start(korean.vocabulary);
    await waitFor(() => expect(korean.asked).toEqual([false]));
    korean.release();
    await waitFor(() => expect(korean.asked).toEqual([false, true]));
    korean.release();
    await waitFor(() => expect(pageTally.tally.unread).toEqual(expect.arrayContaining(['서버 시드', '해시된 서버 시드'])));
    expect(pageTally.tally.unread!.length - unreadBefore).toBe(2);
    expect(pageTally.tally.lang).toBe('ko');
    expect(claims).toEqual([]);
    document.documentElement.lang = '';
  });
});

describe('the texts before unplaced values', () => {
  it('never a value read on the page: a client seed put before a 64-hex text is not kept as a label', async () => {
    const { scanDocument } = await import('../../../src/capture/dom/scanner.js');
    const before = pageTally.tally.unread?.length ?? 0;
    const seed = 'luckywords';
    scanDocument(
      new DOMParser().parseFromString(
        `<dl><dt>Client Seed</dt><dd>${seed}</dd><dt>Nonce</dt><dd>1</dd></dl><div><span>${seed}</span><code>${SEED.replace(/^eb/, 'ed')}</code></div>`,
        'text/html',
      ),
    );
    expect(pageTally.tally.unread?.length ?? 0).toBe(before);
    expect(JSON.stringify(pageTally.tally)).not.toContain(seed);
  });
});
