import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyGameFigures, figuresOf } from '../../src/background/game-figures.js';
import { handleMessage } from '../../src/background/router.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, getRound, loadSelfTest, storeClaims, summarise } from '../../src/background/store.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { PageResponses, Reply } from '../../src/shared/messages.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';
import { VOCABULARIES, type Vocabulary } from '../../src/shared/vocabularies/vocabulary.js';

// The real wrapper imports webextension-polyfill, which refuses to load outside an extension.
// This fake answers with a fixed extension id and URL and records what the badge was set to.
const EXTENSION_ID = 'fairwitnessextensionidabcdefghij';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
const fake = vi.hoisted(() => ({ badges: [] as { text: string; color: string; title: string }[] }));
vi.mock('../../src/shared/browser.js', () => ({
  extensionId: () => 'fairwitnessextensionidabcdefghij',
  extensionUrl: (path: string) => `chrome-extension://fairwitnessextensionidabcdefghij/${path}`,
  message: (name: string, substitutions?: string | string[]) => [name, ...[substitutions ?? []].flat()].join(':'),
  setBadge: async (text: string, color: string, title: string) => {
    fake.badges.push({ text, color, title });
  },
  senderOrigin: (sender: { origin?: unknown }) => (typeof sender.origin === 'string' ? sender.origin : undefined),
}));

type Tab = NonNullable<MessageSender['tab']>;
const TAB = { id: 7, index: 0, active: true, highlighted: true, pinned: false, incognito: false } as Tab;

function casinoTab(url = 'https://www.cloudbet.com/en/casino/originals/keno'): MessageSender {
  return { id: EXTENSION_ID, url, tab: { ...TAB, url } };
}
const POPUP: MessageSender = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}popup.html` };

function claimsMessage(...claims: CapturedClaim[]) {
  return { type: 'claims', claims };
}

const now = () => Date.now();

beforeEach(() => {
  fake.badges.length = 0;
});
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

describe('handleMessage: who may send', () => {
  const claim = () => revealedClaim(vector(0), 'Keno', { result: now() - 1000 });

  it.each([
    ['another extension', { ...casinoTab(), id: 'someotherextensionidabcdefghijkl' }],
    ['a sender without an id', { url: 'https://www.cloudbet.com/', tab: TAB }],
    ['plain http', casinoTab('http://www.cloudbet.com/en/casino')],
    ['a look-alike host', casinoTab('https://cloudbet.com.evil.example/en/casino')],
    ['a host ending in the name', casinoTab('https://evilcloudbet.com/en/casino')],
    ['another site', casinoTab('https://example.org/')],
    ['a casino URL but no tab', { id: EXTENSION_ID, url: 'https://www.cloudbet.com/en/casino' }],
    ['a tab without a URL', { id: EXTENSION_ID, tab: TAB }],
    ['an unparsable URL', casinoTab('not a url')],
    ['another extension’s page', { id: 'someotherextensionidabcdefghijkl', url: 'chrome-extension://someotherextensionidabcdefghijkl/popup.html' }],
  ] as [string, MessageSender][])('refuses claims from %s, and stores nothing', async (_label, sender) => {
    const reply = await handleMessage(claimsMessage(claim()), sender);
    expect(reply).toEqual({ ok: false, failure: 'sender-not-allowed', error: 'sender not allowed' });
    expect((await summarise()).total).toBe(0);
    expect(fake.badges).toEqual([]);
  });

  it('refuses page requests from outside the extension', async () => {
    expect(await handleMessage({ type: 'summary' }, { id: 'someotherextensionidabcdefghijkl', url: `${EXTENSION_ORIGIN}popup.html` })).toEqual({
      ok: false,
      failure: 'sender-not-allowed',
      error: 'sender not allowed',
    });
    expect(await handleMessage({ type: 'clear-data' }, { url: `${EXTENSION_ORIGIN}popup.html` })).toEqual({ ok: false, failure: 'sender-not-allowed', error: 'sender not allowed' });
  });

  it.each([
    'https://www.cloudbet.com/en/casino/originals/keno',
    'https://cloudbet.com/',
    'https://de.cloudbet.com/de/casino/originals/roulette',
  ])('accepts claims from a casino tab at %s: stored, acknowledged, badge updated', async (url) => {
    const reply = await handleMessage(claimsMessage(claim()), casinoTab(url));
    // The seed shown hashes to the commitment: named in the answer (the content script's round tracker retires that pair).
    expect(reply).toEqual({ ok: true, value: { stored: 1, refused: [], retryLater: [], revealed: [vector(0).commitment] } });
    expect((await getRound(roundKey(claim())))?.verdict.status).toBe('verified');
    expect(fake.badges).toEqual([{ text: '1', color: '#2e7d32', title: 'badgeTitleSummary:1:0:0' }]);
  });

  it('names in its answer only the commitments whose seed in the batch hashes to them (a made-up reveal is not named)', async () => {
    const madeUp = { ...revealedClaim(vector(3), 'Keno'), serverSeed: 'f'.repeat(64) };
    const reply = (await handleMessage(claimsMessage(revealedClaim(vector(2), 'Keno'), madeUp, { ...revealedClaim(vector(2), 'Keno'), commitment: vector(2).commitment.toUpperCase() }), casinoTab())) as Reply<{ revealed: string[] }>;
    expect(reply.ok && reply.value.revealed).toEqual([vector(2).commitment]);
  });

  it('shows mismatches on the badge in red', async () => {
    const round = vector(1);
    const reply = await handleMessage(
      claimsMessage(revealedClaim(round, 'Keno'), { ...revealedClaim(vector(2), 'Keno'), result: wrongResult(vector(2), 'Keno') }, pendingClaim(vector(3), 'Keno')),
      casinoTab(),
    );
    expect(reply).toEqual({ ok: true, value: { stored: 3, refused: [], retryLater: [], revealed: [vector(1).commitment, vector(2).commitment] } });
    expect(fake.badges).toEqual([{ text: '1', color: '#c62828', title: 'badgeTitleSummary:1:1:1' }]);
  });
});

describe('handleMessage: malformed messages', () => {
  const valid = () => revealedClaim(vector(0), 'Keno');

  it.each([
    ['not an object', 'claims', 'invalid message: Invalid type: Expected Object but received "claims"'],
    ['null', null, 'invalid message: Invalid type: Expected Object but received null'],
    ['an unknown type', { type: 'delete-everything' }, 'invalid message: type: Invalid type: Expected ("claims" | "hello" | "bye" | "action" | "capture-tally" | "vocabulary") but received "delete-everything"'],
    ['a page request', { type: 'summary' }, 'invalid message: type: Invalid type: Expected ("claims" | "hello" | "bye" | "action" | "capture-tally" | "vocabulary") but received "summary"'],
    // A casino tab's content script may not have anything sealed, nor a seal checked.
    ['a seal request', { type: 'seal-export', count: 1, exportedAt: 'x', chain: 'a'.repeat(64) }, 'invalid message: type: Invalid type: Expected ("claims" | "hello" | "bye" | "action" | "capture-tally" | "vocabulary") but received "seal-export"'],
    ['no claims', { type: 'claims', claims: [] }, 'invalid message: claims: Invalid length: Expected >=1 but received 0'],
    ['too many claims', claimsMessage(...Array.from({ length: 201 }, valid)), 'invalid message: claims: Invalid length: Expected <=200 but received 201'],
  ] as [string, unknown, string][])('from a casino tab, refuses %s with a specific error', async (_label, message, error) => {
    expect(await handleMessage(message, casinoTab())).toEqual({ ok: false, failure: 'invalid-message', error });
    expect((await summarise()).total).toBe(0);
  });

  it.each([
    ['a nonce that is not digits', { ...valid(), nonce: '1e3' }, 'nonce: nonce must be decimal digits'],
    ['an unknown field', { ...valid(), password: 'x' }, 'password: Invalid key: Expected never but received "password"'],
    ['a negative time', { ...valid(), observedAt: { result: -1 } }, 'observedAt.result: Invalid value: Expected >=0 but received -1'],
    ['an unknown source', { ...valid(), source: 'page' }, 'source: Invalid type: Expected ("dom" | "json") but received "page"'],
    ['an oversized value', { ...valid(), clientSeed: 'x'.repeat(257) }, 'clientSeed: longer than 256 characters'],
    ['an oversized game name', { ...valid(), game: 'G'.repeat(129) }, 'game: longer than 128 characters'],
    ['an oversized result', { ...valid(), result: ['1', 'x'.repeat(33)] }, 'result.1: longer than 32 characters'],
  ] as [string, unknown, string][])('from a casino tab, refuses a claim with %s on its own, with a specific reason', async (_label, claim, reason) => {
    expect(await handleMessage(claimsMessage(claim as CapturedClaim), casinoTab())).toEqual({
      ok: true,
      value: { stored: 0, refused: [{ index: 0, reason }], retryLater: [], revealed: [] },
    });
    expect((await summarise()).total).toBe(0);
  });

  it('a malformed claim is refused alone: the honest claims of its batch are stored', async () => {
    const reply = await handleMessage(claimsMessage(valid(), { ...valid(), nonce: 'x' }, pendingClaim(vector(1), 'Keno')), casinoTab());
    expect(reply).toEqual({ ok: true, value: { stored: 2, refused: [{ index: 1, reason: 'nonce: nonce must be decimal digits' }], retryLater: [], revealed: [valid().commitment] } });
    expect((await summarise()).total).toBe(2);
  });

  it('a claim that names neither a seed pair nor an outcome is taken and dropped (a page read before its language\'s words came)', async () => {
    // The Italian page at its first scan, its English seed labels read and its Italian ones not yet.
    const fragment: CapturedClaim = { source: 'dom', game: 'Keno', clientSeed: 'player-cs', nonce: '4', observedAt: { game: now(), clientSeed: now(), nonce: now() } };
    const reply = await handleMessage(claimsMessage(fragment, valid(), { ...fragment, stake: '1.00', picks: ['3'] }), casinoTab());
    expect(reply).toEqual({ ok: true, value: { stored: 1, refused: [], retryLater: [], revealed: [valid().commitment] } });
    expect((await summarise()).total).toBe(1);
    expect(await getRound(roundKey(fragment))).toBeUndefined();
  });

  it.each([
    ['claims', claimsMessage(revealedClaim(vector(0), 'Keno')), 'invalid message: type: Invalid type: Expected ("summary" | "rounds" | "round-detail" | "find-round" | "export-page" | "games" | "clear-data" | "import-rounds" | "seal-export" | "seal-check" | "seal-done" | "run-self-test" | "findings" | "outcomes" | "session-rounds" | "tab-context") but received "claims"'],
    ['a page too large', { type: 'rounds', filter: {}, offset: 0, limit: 5001 }, 'invalid message: limit: Invalid value: Expected <=5000 but received 5001'],
    ['a negative offset', { type: 'export-page', offset: -1, limit: 10 }, 'invalid message: offset: Invalid value: Expected >=0 but received -1'],
    ['an unknown status', { type: 'rounds', filter: { status: 'good' }, offset: 0, limit: 10 }, 'invalid message: filter.status: Invalid type: Expected ("verified" | "pending" | "mismatch" | "unsupported" | "invalid") but received "good"'],
  ] as [string, unknown, string][])('from an extension page, refuses %s with a specific error', async (_label, message, error) => {
    expect(await handleMessage(message, POPUP)).toEqual({ ok: false, failure: 'invalid-message', error });
    expect((await summarise()).total).toBe(0);
  });
});

describe('handleMessage: extension pages', () => {
  async function ask<T extends keyof PageResponses>(message: { type: T } & Record<string, unknown>): Promise<PageResponses[T]> {
    const reply = (await handleMessage(message, POPUP)) as Reply<PageResponses[T]>;
    if (!reply.ok) throw new Error(reply.error);
    return reply.value;
  }

  beforeEach(async () => {
    await storeClaims([revealedClaim(vector(0), 'Keno'), pendingClaim(vector(1), 'European Roulette')], now());
  });

  it('summary: counts, and runs the self-test once when none is stored', async () => {
    expect(await loadSelfTest()).toBeUndefined();
    const summary = await ask({ type: 'summary' });
    expect(summary.total).toBe(2);
    expect(summary.counts).toMatchObject({ verified: 1, pending: 1 });
    expect(summary.selfTest?.ok).toBe(true);
    expect(await loadSelfTest()).toEqual(summary.selfTest);
  });

  it('findings: the audit over the stored rounds (two rounds of two seed pairs: nothing to find)', async () => {
    expect(await ask({ type: 'findings' })).toEqual([]);
    await storeClaims([{ ...pendingClaim(vector(1), 'European Roulette'), nonce: String(vector(1).nonce + 3) }], now());
    const [gap] = await ask({ type: 'findings' });
    expect(gap).toMatchObject({ kind: 'nonce-gap', commitment: vector(1).commitment });
  });

  it('outcomes: the figures of one game’s verified rounds only', async () => {
    expect(await ask({ type: 'outcomes', gameId: 'keno' })).toEqual(figuresOf('keno', [{ outcome: vector(0).keno }]));
    expect(await ask({ type: 'outcomes', gameId: 'roulette-european' })).toEqual(emptyGameFigures('roulette-european')); // its round is pending
    await expect(ask({ type: 'outcomes', gameId: 'mines' as 'keno' })).rejects.toThrow(/invalid message: gameId/);
  });

  it('rounds: rows, worst first, without seeds', async () => {
    const { total, rows } = await ask({ type: 'rounds', filter: {}, offset: 0, limit: 10 });
    expect(total).toBe(2);
    expect(rows.map((row) => [row.gameId, row.status])).toEqual([
      ['roulette-european', 'pending'],
      ['keno', 'verified'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(vector(0).serverSeed);
  });

  it('round-detail: the record with its trace, or null', async () => {
    const key = roundKey(revealedClaim(vector(0), 'Keno'));
    const detail = await ask({ type: 'round-detail', key });
    expect(detail?.record.key).toBe(key);
    expect(detail?.trace?.outcome).toEqual(vector(0).keno);
    expect(await ask({ type: 'round-detail', key: 'no|such|round' })).toBeNull();
  });

  it('find-round: the stored row of the round a check names, or null; a nonce that is not digits is refused', async () => {
    const round = vector(0);
    const checked = { type: 'find-round', game: 'keno', commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce) } as const;
    expect(await ask(checked)).toMatchObject({ key: roundKey(revealedClaim(round, 'Keno')), status: 'verified' });
    expect(await ask({ ...checked, game: 'roulette-american' })).toBeNull();
    await expect(ask({ ...checked, nonce: '-1' })).rejects.toThrow('invalid message: nonce: nonce must be decimal digits');
    expect((await summarise()).total).toBe(2);
  });

  it('export-page by key range: each page starts after the last one\'s `last`', async () => {
    const first = await ask({ type: 'export-page', limit: 1 });
    const second = await ask({ type: 'export-page', after: first.last, limit: 1 });
    const third = await ask({ type: 'export-page', after: second.last, limit: 1 });
    expect([first.total, second.total, third.total]).toEqual([2, 2, 2]);
    expect([...first.rounds, ...second.rounds].map((round) => round.verdict)).toEqual(['verified', 'pending']);
    expect(third).toEqual({ total: 2, rounds: [] });
  });

  it('export-page, games, clear-data', async () => {
    const exported = await ask({ type: 'export-page', offset: 0, limit: 10 });
    expect(exported.total).toBe(2);
    expect(exported.rounds.map((round) => round.verdict)).toEqual(['verified', 'pending']);
    expect(await ask({ type: 'games' })).toEqual(['keno', 'roulette-european']);
    expect(await ask({ type: 'clear-data' })).toEqual({ cleared: 2 });
    expect((await summarise()).total).toBe(0);
    expect(fake.badges.at(-1)).toEqual({ text: '', color: '#2e7d32', title: 'badgeTitleEmpty' });
  });

  it('run-self-test: runs and stores the result', async () => {
    const result = await ask({ type: 'run-self-test' });
    expect(result?.ok).toBe(true);
    expect(result?.checks.length).toBeGreaterThan(0);
    expect(await loadSelfTest()).toEqual(result);
  });

  it('a storage failure answers with its code, for the popup to word', async () => {
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'rounds') throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const round = { game: 'keno', commitment: vector(5).commitment, clientSeed: vector(5).clientSeed, nonce: String(vector(5).nonce), result: vector(5).keno };
    const reply = await handleMessage({ type: 'import-rounds', rounds: [round] }, POPUP);
    vi.restoreAllMocks();
    expect(reply).toMatchObject({ ok: false, storageProblem: { kind: 'quota' } });
  });
});

describe('handleMessage: the label vocabularies of the casino\'s other languages', () => {
  it('answers a casino tab with the vocabulary of the first locale it knows, null for English or German, every one when it knows none', async () => {
    const turkish = (await handleMessage({ type: 'vocabulary', locales: ['', 'tr'] }, casinoTab())) as Reply<Vocabulary | null>;
    expect(turkish).toEqual({ ok: true, value: VOCABULARIES.tr });
    expect(await handleMessage({ type: 'vocabulary', locales: ['pt-BR', ''] }, casinoTab())).toEqual({ ok: true, value: VOCABULARIES.pt });
    expect(await handleMessage({ type: 'vocabulary', locales: ['de-DE', 'casino'] }, casinoTab())).toEqual({ ok: true, value: null });
    // A language with no vocabulary here (Korean): every one, as without locales.
    expect(await handleMessage({ type: 'vocabulary', locales: ['ko', ''] }, casinoTab())).toEqual(await handleMessage({ type: 'vocabulary' }, casinoTab()));
    const all = (await handleMessage({ type: 'vocabulary' }, casinoTab())) as Reply<Vocabulary>;
    expect(all.ok && all.value.labels).toEqual(Object.values(VOCABULARIES).flatMap((vocabulary) => vocabulary.labels));
  });

  it('refuses it from a page that is not a casino, and with more locales than a page has', async () => {
    expect(await handleMessage({ type: 'vocabulary' }, casinoTab('https://example.com/tr/'))).toEqual({ ok: false, failure: 'sender-not-allowed', error: 'sender not allowed' });
    expect(await handleMessage({ type: 'vocabulary', locales: ['a', 'b', 'c', 'd', 'e'] }, casinoTab())).toMatchObject({ ok: false, failure: 'invalid-message' });
  });
});
