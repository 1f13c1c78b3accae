// "Import JSON" in the worker: an export merges back through the capture's own path, without
// duplicates, idempotently, with every round verified again and no trust taken from the file.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimsOfExportedRound, importRounds } from '../../src/background/import.js';
import { roundKey } from '../../src/background/round-key.js';
import { exportedRoundOf } from '../../src/background/rows.js';
import { clearRounds, DATABASE_NAME, getRound, pageInSeenOrder, storeClaims, summarise } from '../../src/background/store.js';
import type { ExportFile, ExportedRound } from '../../src/core/index.js';
import type { CapturedClaim, RoundRecord } from '../../src/shared/records.js';
import { findings } from '../../src/background/findings.js';
import { commitmentSighting, pendingClaim, recordOf, revealedClaim, shownResult, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'export-v1.json');

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteDB(DATABASE_NAME);
});

async function all(): Promise<RoundRecord[]> {
  return (await pageInSeenOrder(0, 10_000)).records;
}

/** What the popup's "Export JSON" gets from the worker, through JSON text as the file carries it. */
async function exported(): Promise<ExportedRound[]> {
  return JSON.parse(JSON.stringify((await all()).map(exportedRoundOf))) as ExportedRound[];
}

/** Witnessed, history, pending, an outcome mismatch, a nonce conflict, an unnamed round. */
async function storeMixed(): Promise<void> {
  // (The second pair shown after the first round's outcome: shown in its window, a pair at another nonce would be a second one for its bet.)
  await storeClaims([commitmentSighting(vector(0), T - 100), commitmentSighting(vector(1), T - 45)], T - 45);
  await storeClaims(
    [
      // Bet on (the player's action at T − 70) after its panel was seen: witnessed.
      { ...revealedClaim(vector(0), 'Keno', { commitment: T - 100, result: T - 50 }), actedAt: T - 70 },
      revealedClaim(vector(2), 'European Roulette', { commitment: T, result: T }),
      pendingClaim(vector(1), 'American Roulette', { commitment: T - 45, result: T - 20 }),
      { ...revealedClaim(vector(3), 'Keno'), result: wrongResult(vector(3), 'Keno') },
      revealedClaim(vector(4), 'European Roulette'),
      { ...revealedClaim(vector(4), 'European Roulette'), result: wrongResult(vector(4), 'European Roulette') },
      (({ game: _game, ...unnamed }) => unnamed)(pendingClaim(vector(5), 'Keno')),
    ],
    T,
  );
}

/** A revealed keno round captured honestly, its export, and an empty store: the file is all that is left. */
async function exportedThenCleared(round: ReturnType<typeof vector>): Promise<{ honest: CapturedClaim; file: ExportedRound[] }> {
  const honest = revealedClaim(round, 'Keno', { commitment: T, result: T, serverSeed: T });
  await storeClaims([honest], T);
  const file = await exported();
  await clearRounds();
  return { honest, file };
}

/** A record's facts that a file carries (not its times, sequence number or trust level). */
const facts = (record: RoundRecord) => ({
  key: record.key,
  gameId: record.gameId,
  serverSeed: record.serverSeed,
  commitment: record.commitment,
  clientSeed: record.clientSeed,
  nonce: record.nonce,
  roundSignature: record.roundSignature,
  conflicting: record.conflictingResults?.length ?? 0,
  status: record.verdict.status,
  failures: record.verdict.failures.map((failure) => failure.step),
  expected: record.verdict.expected,
});

describe('importRounds', () => {
  it('brings back every round of an export after the store was cleared: same keys, facts and verdicts', async () => {
    await storeMixed();
    const before = await all();
    const file = await exported();
    await clearRounds();

    const report = await importRounds(file, T + 1000);
    expect(report).toEqual({ added: before.length, updated: 0, known: 0, refused: [] });
    const after = await all();
    expect(after.map(facts)).toEqual(before.map(facts));
    expect(after.find((r) => r.conflictingResults)?.verdict.failures.map((f) => f.step)).toEqual(['nonce']);
  });

  it('takes no trust from the file: verified rounds come back as history, with no observation times', async () => {
    await storeMixed();
    expect((await summarise()).levels.witnessed).toBe(1);
    const file = await exported();
    expect(file.some((round) => round.level === 'witnessed')).toBe(true);
    await clearRounds();
    await importRounds(file, T + 1000);
    const summary = await summarise();
    expect(summary.levels).toEqual({ witnessed: 0, history: file.filter((round) => round.verdict === 'verified').length });
    const records = await all();
    expect(records).toHaveLength(file.length);
    for (const record of records) expect(record.observedAt).toEqual({});
  });

  it('a file cannot make a round witnessed, not even with times that say so, nor beside a commitment this browser saw', async () => {
    const round = vector(6);
    // This browser saw the pair's commitment long before the import.
    await storeClaims([commitmentSighting(round, T - 10_000)], T - 10_000);
    const forged: ExportedRound = {
      ...exportedRoundOf(
        recordOf({
          game: 'Keno',
          gameId: 'keno',
          serverSeed: round.serverSeed,
          commitment: round.commitment,
          clientSeed: round.clientSeed,
          nonce: String(round.nonce),
          result: round.keno.map(String),
          observedAt: { commitment: T - 20_000, result: T },
          firstSeenAt: T,
          updatedAt: T,
          verdict: { status: 'verified', level: 'witnessed', failures: [], reasons: [] },
        }),
      ),
      preRoundCommitment: round.commitment,
    };
    await importRounds([forged], T + 1000);
    const stored = (await getRound(roundKey(revealedClaim(round, 'Keno'))))!;
    expect(stored.verdict).toMatchObject({ status: 'verified', level: 'history' });
    expect(stored.observedAt.result).toBeUndefined();
    expect(stored.preRoundCommitment).toBeUndefined();
  });

  it('re-verifies: a file that calls a wrong result verified imports it as a mismatch', async () => {
    const round = vector(7);
    const lie: ExportedRound = {
      game: 'roulette-european',
      serverSeed: round.serverSeed,
      commitment: round.commitment,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      result: wrongResult(round, 'European Roulette') as string,
      verdict: 'verified',
      level: 'witnessed',
    };
    expect(await importRounds([lie], T)).toMatchObject({ added: 1 });
    expect((await all())[0]!.verdict).toMatchObject({ status: 'mismatch', failures: [expect.objectContaining({ step: 'outcome' })] });
  });

  it('merges into the rounds already stored: no duplicates, nothing changed, witnessed stays witnessed; twice is the same', async () => {
    await storeMixed();
    const before = await all();
    const file = await exported();
    expect(await importRounds(file, T + 1000)).toEqual({ added: 0, updated: 0, known: before.length, refused: [] });
    expect(await all()).toEqual(before);
    expect(await importRounds(file, T + 2000)).toEqual({ added: 0, updated: 0, known: before.length, refused: [] });
    expect(await all()).toEqual(before);
    expect((await summarise()).levels.witnessed).toBe(1);
  });

  it('importing the same file twice after a clear is idempotent', async () => {
    await storeMixed();
    const file = await exported();
    await clearRounds();
    await importRounds(file, T + 1000);
    const once = await all();
    expect(await importRounds(file, T + 2000)).toMatchObject({ added: 0, updated: 0, known: once.length });
    expect(await all()).toEqual(once);
  });

  it('completes a stored pending round with the seed the file reveals, keeping this browser\'s own times', async () => {
    const round = vector(1);
    await storeClaims([commitmentSighting(round, T - 100), { ...pendingClaim(round, 'American Roulette', { commitment: T - 100, result: T - 20 }), actedAt: T - 50 }], T);
    const revealedElsewhere: ExportedRound = { ...(await exported())[0]!, serverSeed: round.serverSeed, verdict: 'verified' };
    expect(await importRounds([revealedElsewhere], T + 1000)).toEqual({ added: 0, updated: 1, known: 0, refused: [] });
    const stored = (await all())[0]!;
    expect(stored.verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
    expect(stored.observedAt.serverSeed).toBeUndefined();
    expect(stored.observedAt.result).toBe(T - 20);
  });

  it('a file cannot change a captured round: a made-up seed, another outcome, a game name or amounts it lacks are refused, field by field', async () => {
    const round = vector(1);
    await storeClaims([commitmentSighting(round, T - 100), { ...pendingClaim(round, 'American Roulette', { commitment: T - 100, result: T - 20 }), actedAt: T - 50 }], T);
    const before = await all();
    const own = (await exported())[0]!;
    const forged: unknown[] = [
      { ...own, serverSeed: 'f'.repeat(64), verdict: 'verified' },
      { ...own, result: wrongResult(round, 'American Roulette') },
      { ...own, stake: '1.00', payout: '36.00' },
      { ...own, game: 'Keno', result: shownResult(vector(2), 'Keno') },
    ];
    const report = await importRounds(forged, T + 1000);
    expect(report).toMatchObject({ added: 0, updated: 0, known: 0 });
    expect(report.refused.map((refusal) => refusal.index)).toEqual([0, 1, 2, 3]);
    expect(report.refused.map((refused) => refused.refusal)).toEqual([
      { code: 'captured', differs: [], fills: ['serverSeed'] },
      { code: 'captured', differs: ['result'], fills: [] },
      { code: 'captured', differs: [], fills: ['stake', 'payout'] },
      { code: 'captured', differs: ['game', 'result'], fills: [] },
    ]);
    expect(await all()).toEqual(before);
    // The casino reveals the true seed: the round verifies, witnessed, with nothing of the files.
    await storeClaims([{ source: 'json', commitment: round.commitment, serverSeed: round.serverSeed, observedAt: { commitment: T + 2000, serverSeed: T + 2000 } }], T + 2001);
    const stored = (await all())[0]!;
    expect(stored.verdict).toMatchObject({ status: 'verified', level: 'witnessed', failures: [] });
    expect(stored.otherServerSeeds).toBeUndefined();
  });

  it('a round known only from a file gives way to the casino\'s page: its outcome and seed are replaced, the file\'s kept apart, no mismatch', async () => {
    const round = vector(3);
    const { honest, file } = await exportedThenCleared(round);
    // The file was edited: another outcome, a conflict it made up, and a seed that does not hash.
    const edited = { ...file[0]!, result: wrongResult(round, 'Keno'), conflictingResults: [shownResult(vector(4), 'Keno')], serverSeed: 'e'.repeat(64) };
    expect(await importRounds([edited], T + 100)).toMatchObject({ added: 1, refused: [] });
    const imported = (await all())[0]!;
    expect(imported.fileFields).toEqual(expect.arrayContaining(['result', 'serverSeed']));
    expect(imported.verdict.status).toBe('mismatch');
    // The casino's history page shows the round as it was: its own outcome, then its reveal.
    await storeClaims([honest], T + 200);
    const shown = (await all())[0]!;
    expect(shown.verdict).toMatchObject({ status: 'verified', failures: [] });
    expect(shown.result).toEqual(honest.result);
    expect(shown.conflictingResults).toBeUndefined();
    expect(shown.otherServerSeeds).toBeUndefined();
    expect(shown.fileSaid).toEqual({ result: edited.result, serverSeed: 'e'.repeat(64) });
    expect(shown.fileFields ?? []).not.toContain('result');
    // Not dropped either: a finding says the file and the page differ, and an export carries the file's values.
    const said = (await findings()).filter((finding) => finding.kind === 'file-disagrees');
    expect(said).toEqual([expect.objectContaining({ roundKeys: [shown.key], nonces: [shown.nonce], fields: ['result', 'serverSeed'] })]);
    expect(exportedRoundOf(shown).fileSaid).toEqual(shown.fileSaid);
    // A later, different outcome on the casino's page is the casino's second outcome: a mismatch.
    await storeClaims([{ ...honest, result: shownResult(vector(5), 'Keno'), observedAt: { result: T + 300 } }], T + 300);
    expect((await all())[0]!.verdict.failures.map((failure) => failure.step)).toContain('nonce');
  });

  it('an import before play plants a round signature, amounts and picks: the page captures the round honestly and it verifies, with the page\'s values', async () => {
    const round = vector(11);
    // A file names the round before it is played: its true identity and outcome, the rest made up.
    const planted = {
      game: 'keno',
      commitment: round.commitment,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      result: shownResult(round, 'Keno'),
      roundSignature: 'ab'.repeat(32),
      picks: ['1', '2', '3'],
      stake: '5.00',
      payout: '500.00',
      multiplier: '100',
    };
    expect(await importRounds([planted], T - 200)).toMatchObject({ added: 1, refused: [] });
    // The player plays it: the panel, the bet, the outcome with its stake (no signature, payout or picks shown), the reveal.
    await storeClaims([commitmentSighting(round, T - 100)], T - 100);
    await storeClaims([{ ...pendingClaim(round, 'Keno', { commitment: T - 100, result: T - 20 }), actedAt: T - 50, stake: '1.00' }], T - 20);
    await storeClaims([{ source: 'dom', commitment: round.commitment, serverSeed: round.serverSeed, observedAt: { commitment: T, serverSeed: T } }], T);
    const played = (await all())[0]!;
    expect(played.verdict).toMatchObject({ status: 'verified', level: 'witnessed', failures: [] });
    expect(played).toMatchObject({ stake: '1.00', result: shownResult(round, 'Keno') });
    for (const field of ['roundSignature', 'payout', 'multiplier', 'picks'] as const) expect(played[field]).toBeUndefined();
    // Kept apart, never verified: what the file alone said, and where it contradicted the page.
    expect(played.fileOnly).toEqual({ roundSignature: 'ab'.repeat(32), picks: ['1', '2', '3'], payout: '500.00', multiplier: '100' });
    expect(played.fileSaid).toEqual({ stake: '5.00' });
    expect(exportedRoundOf(played)).toMatchObject({ fileOnly: played.fileOnly, verdict: 'verified' });
    expect(exportedRoundOf(played).roundSignature).toBeUndefined();
    // The same file again takes nothing back: it disagrees with the page's stake (refused, as any such
    // file), and without it is known; another made-up signature is refused.
    expect((await importRounds([planted], T + 100)).refused).toEqual([{ index: 0, refusal: { code: 'captured', differs: ['stake'], fills: [] } }]);
    const { stake: _stake, ...sameApart } = planted;
    expect(await importRounds([sameApart], T + 100)).toMatchObject({ known: 1, refused: [] });
    const other = await importRounds([{ ...sameApart, roundSignature: 'cd'.repeat(32) }], T + 100);
    expect(other.refused).toEqual([{ index: 0, refusal: { code: 'captured', differs: [], fills: ['roundSignature'] } }]);
    expect(await all()).toEqual([played]);
  });

  it('a file\'s outcome or seed the page never showed for the round it captured does not make that round a mismatch', async () => {
    const [seedShown, outcomeShown] = [vector(12), vector(13)];
    const forged = (round: ReturnType<typeof vector>) => ({ game: 'keno', commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce), result: wrongResult(round, 'Keno'), serverSeed: 'e'.repeat(64) });
    await importRounds([forged(seedShown), forged(outcomeShown)], T - 200);
    expect((await all()).map((record) => record.verdict.status)).toEqual(['mismatch', 'mismatch']);
    // The casino's history page shows one round's seed but not its outcome; its game page the other's outcome, not yet its seed.
    const { result: _result, ...seedOnly } = revealedClaim(seedShown, 'Keno', { serverSeed: T, nonce: T });
    await storeClaims([seedOnly, pendingClaim(outcomeShown, 'Keno', { result: T })], T);
    const [first, second] = await all();
    expect(first!.verdict.status).toBe('invalid');
    expect(first!.fileOnly).toEqual({ result: forged(seedShown).result });
    expect(first!.fileSaid).toEqual({ serverSeed: 'e'.repeat(64) });
    expect(second!.verdict.status).toBe('pending');
    expect(second!.fileOnly).toEqual({ serverSeed: 'e'.repeat(64) });
    expect(second!.fileSaid).toEqual({ result: forged(outcomeShown).result });
    // The page completes both rounds: verified.
    await storeClaims([revealedClaim(seedShown, 'Keno', { result: T + 10 }), revealedClaim(outcomeShown, 'Keno', { serverSeed: T + 10 })], T + 10);
    expect((await all()).map((record) => record.verdict)).toEqual([expect.objectContaining({ status: 'verified', failures: [] }), expect.objectContaining({ status: 'verified', failures: [] })]);
  });

  it('a page that confirms a file\'s outcome does not take on the conflicts the file brought', async () => {
    const round = vector(6);
    const { honest, file } = await exportedThenCleared(round);
    await importRounds([{ ...file[0]!, conflictingResults: [shownResult(vector(7), 'Keno')] }], T + 100);
    expect((await all())[0]!.verdict.failures.map((failure) => failure.step)).toContain('nonce');
    await storeClaims([honest], T + 200);
    const confirmed = (await all())[0]!;
    expect(confirmed.verdict).toMatchObject({ status: 'verified', failures: [] });
    expect(confirmed.conflictingResults).toBeUndefined();
    expect(confirmed.fileSaid).toEqual({ result: shownResult(vector(7), 'Keno') });
  });

  it('a name that names no game takes nothing over, and the file\'s name decides nothing for the round the page showed', async () => {
    const round = vector(8);
    const { honest, file } = await exportedThenCleared(round);
    await importRounds(file, T + 100);
    await storeClaims([{ ...honest, game: '   ' }], T + 200);
    const stored = (await all())[0]!;
    // The file's "keno" is no disagreement with the page, which named no game: kept apart, not the round's.
    expect(stored.fileSaid).toBeUndefined();
    expect(stored.fileOnly).toEqual({ game: 'keno' });
    expect(stored.gameId).toBe('unknown');
    expect(stored.verdict.status).not.toBe('mismatch');
    // The page names it: verified on the page's word.
    await storeClaims([{ ...honest, observedAt: { game: T + 300 } }], T + 300);
    expect((await all())[0]).toMatchObject({ gameId: 'keno', verdict: { status: 'verified', failures: [] } });
  });

  it('a file cannot fill a key field of a captured round: a round shown without a client seed stays without one', async () => {
    const round = vector(9);
    const { clientSeed: _none, ...unseeded } = pendingClaim(round, 'Keno', { commitment: T, result: T });
    await storeClaims([unseeded as CapturedClaim], T);
    const [stored] = await all();
    const forged = { game: 'keno', commitment: round.commitment, clientSeed: '?', nonce: String(round.nonce), result: shownResult(round, 'Keno'), serverSeed: round.serverSeed };
    expect(roundKey(forged)).toBe(stored!.key);
    const report = await importRounds([forged], T + 100);
    expect(report.refused).toEqual([{ index: 0, refusal: { code: 'captured', differs: [], fills: ['clientSeed'] } }]);
    expect(await all()).toEqual([stored]);
  });

  it('a commitment seen in the panel does not make a file\'s round captured: another file may still disagree with it', async () => {
    const round = vector(10);
    await storeClaims([commitmentSighting(round, T - 100)], T - 100);
    const hostile = { game: 'keno', commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce), result: wrongResult(round, 'Keno') };
    expect(await importRounds([hostile], T)).toMatchObject({ added: 1, refused: [] });
    expect((await all())[0]!.observedAt.commitment).toBe(T - 100);
    const honestFile = { ...hostile, result: shownResult(round, 'Keno') };
    expect(await importRounds([honestFile], T + 100)).toMatchObject({ updated: 1, refused: [] });
  });

  it('refuses a bad round on its own, with its reason, and stores the others', async () => {
    await storeMixed();
    const good = await exported();
    await clearRounds();
    const bad: unknown[] = [
      { ...good[0], nonce: 'twelve' },
      { ...good[0], game: undefined },
      'a string',
      { ...good[0], result: { not: 'an outcome' } },
      { game: 'keno', serverSeed: vector(9).serverSeed, verdict: 'verified' }, // a seed reveal: no round
      { game: 'keno', commitment: vector(9).commitment, verdict: 'pending' }, // a commitment sighting: no round
      { ...good[1], clientSeed: 'x'.repeat(5000) },
    ];
    const report = await importRounds([...bad, ...good], T);
    expect(report.added).toBe(good.length);
    expect(report.refused.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(report.refused.map((refused) => refused.refusal)).toEqual([
      { code: 'field', field: 'nonce', issue: 'form' },
      { code: 'game-missing' },
      { code: 'not-object' },
      { code: 'field', field: 'result', issue: 'type' },
      { code: 'no-round' },
      { code: 'no-round' },
      { code: 'field', field: 'clientSeed', issue: 'too-long', limit: 256 },
    ]);
    expect((await all()).length).toBe(good.length);
  });

  it('stores nothing of a chunk the disk refuses, and says so', async () => {
    await storeMixed();
    const file = await exported();
    await clearRounds();
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'rounds') throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    });
    await expect(importRounds(file, T)).rejects.toThrow(/storage quota exceeded/);
    vi.restoreAllMocks();
    expect(await all()).toEqual([]);
    expect((await summarise()).storageProblem).toEqual({ kind: 'quota' });
  });
});

describe('an export written by the previous version (test/fixtures/export-v1.json)', () => {
  const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as ExportFile;

  it('imports into the current code without loss: every round, its facts and its verdict', async () => {
    expect(file).toMatchObject({ format: 'fair-witness-export', version: 1 });
    const report = await importRounds(file.rounds, T);
    expect(report).toEqual({ added: file.rounds.length, updated: 0, known: 0, refused: [] });
    const stored = await all();
    expect(stored).toHaveLength(file.rounds.length);
    for (const [index, round] of file.rounds.entries()) {
      const converted = claimsOfExportedRound(round);
      if (!converted.ok) throw new Error(JSON.stringify(converted.refusal));
      const record = (await getRound(roundKey(converted.claims[0]!)))!;
      expect(record, `round ${index + 1}`).toBeDefined();
      expect(record.verdict.status, `round ${index + 1}`).toBe(round.verdict);
      expect(record.verdict.failures.map((f) => f.step), `round ${index + 1}`).toEqual(round.failures ?? []);
      expect(record.verdict.expected, `round ${index + 1}`).toEqual(round.expected);
      const { game, serverSeed, commitment, clientSeed, nonce, result, roundSignature, conflictingResults } = round;
      const carried = Object.fromEntries(
        Object.entries({ game, serverSeed, commitment, clientSeed, nonce, result, roundSignature, conflictingResults }).filter(([, value]) => value !== undefined),
      );
      expect(exportedRoundOf(record), `round ${index + 1}`).toMatchObject(carried);
      // Witnessed in the file, history here: this browser saw none of it.
      if (round.verdict === 'verified') expect(record.verdict.level).toBe('history');
    }
    // A second import of the same file: nothing new.
    expect(await importRounds(file.rounds, T + 1)).toEqual({ added: 0, updated: 0, known: file.rounds.length, refused: [] });
    const db = await openDB(DATABASE_NAME);
    expect(await db.count('rounds')).toBe(file.rounds.length);
    db.close();
  });
});
