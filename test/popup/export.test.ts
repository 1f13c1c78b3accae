import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { verifyRound, type ExportedRound } from '../../src/core/index.js';
import { ChainChecker, SEAL_ALGORITHM, SEAL_SCHEME, type ExportSeal } from '../../src/core/export-seal.js';
import { buildCsv, buildExportFile, csvCell, EXPORT_PAGE_SIZE, expectedOutcome, exportJson, outcomeText, writeExport, type ExportPageFetcher } from '../../src/popup/export.js';
import { claimFor, mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';

const AT = new Date('2024-05-01T12:30:00Z');

async function exportText(kind: 'json' | 'csv', fetchPage: ExportPageFetcher): Promise<{ text: string; pieces: string[]; count: number }> {
  const pieces: string[] = [];
  const count = await writeExport(kind, fetchPage, AT, (text) => pieces.push(text));
  return { text: pieces.join(''), pieces, count };
}

const fromWorker =
  (worker: FakeWorker): ExportPageFetcher =>
  (after, limit) =>
    worker.client.ask(after === undefined ? { type: 'export-page', limit } : { type: 'export-page', after, limit });

async function exportedRounds(worker: FakeWorker): Promise<ExportedRound[]> {
  return JSON.parse((await exportText('json', fromWorker(worker))).text).rounds;
}

/** A worker's pages over `rounds` (seq = index + 1), at most `size` a page whatever the limit asked. */
function pagesOf(rounds: readonly ExportedRound[], size: number, calls: (number | undefined)[] = []): ExportPageFetcher {
  return async (after, limit) => {
    calls.push(after);
    const from = after ?? 0;
    const page = rounds.slice(from, from + Math.min(size, limit));
    return { total: rounds.length, rounds: page, last: page.length > 0 ? from + page.length : undefined };
  };
}

const round = (nonce: number): ExportedRound => ({ game: 'keno', nonce: String(nonce), verdict: 'pending' });

describe('JSON export', () => {
  test('is an ExportFile that the core reads back to the same verdicts', async () => {
    const worker = new FakeWorker(mixedClaims());
    const { text, count } = await exportText('json', fromWorker(worker));
    const read = JSON.parse(text);
    expect(read).toMatchObject({ format: 'fair-witness-export', version: 1, exportedAt: '2024-05-01T12:30:00.000Z' });
    expect(read.rounds).toHaveLength(7);
    expect(count).toBe(7);
    for (const round of read.rounds) {
      // What `fair-witness verify FILE` does with each round: recompute it from the claim alone.
      const verdict = verifyRound(round);
      expect(verdict.status).toBe(round.verdict);
      expect(verdict.failures.map((failure) => failure.step)).toEqual(round.failures ?? []);
    }
    expect(read.rounds.map((round: ExportedRound) => round.verdict)).toContain('mismatch');
  });

  test('written page by page is, character for character, the file made at once', async () => {
    const rounds = (await exportedRounds(new FakeWorker(mixedClaims()))) as ExportedRound[];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: rounds.length }), fc.integer({ min: 1, max: 8 }), async (count, size) => {
        const some = rounds.slice(0, count);
        const { text, pieces } = await exportText('json', pagesOf(some, size));
        expect(text).toBe(exportJson(buildExportFile(some, AT)));
        // The head, a piece per page, the tail: never the whole file in one string.
        expect(pieces).toHaveLength(2 + Math.ceil(count / size));
        const csv = await exportText('csv', pagesOf(some, size));
        expect(csv.text).toBe(buildCsv(some));
      }),
    );
  });

  test('sealed: each round gets its link, the seal follows the rounds, and the file reads back intact', async () => {
    const rounds = (await exportedRounds(new FakeWorker(mixedClaims()))) as ExportedRound[];
    const asked: [number, string, string][] = [];
    const seal = async (count: number, exportedAt: string, chain: string): Promise<ExportSeal> => {
      asked.push([count, exportedAt, chain]);
      return { scheme: SEAL_SCHEME, algorithm: SEAL_ALGORITHM, installId: 'install-0001', count, exportedAt, chain, mac: 'a'.repeat(64) };
    };
    for (const size of [1, 3, 100]) {
      asked.length = 0;
      const pieces: string[] = [];
      await writeExport('json', pagesOf(rounds, size), AT, (text) => pieces.push(text), undefined, seal);
      const read = JSON.parse(pieces.join(''));
      expect(read.rounds.map((r: ExportedRound) => r.link?.index)).toEqual(rounds.map((_, index) => index));
      expect(pieces.join('')).toBe(exportJson(buildExportFile(read.rounds, AT, read.seal)));
      const checker = new ChainChecker();
      for (const r of read.rounds) checker.add(r);
      expect(checker.result(read.seal)).toMatchObject({ intact: true, rounds: rounds.length });
      expect(asked).toEqual([[rounds.length, AT.toISOString(), read.seal.chain]]);
    }
    // A worker that cannot seal: the file is written unsealed, links and all, and still reads.
    const pieces: string[] = [];
    await writeExport('json', pagesOf(rounds, 2), AT, (text) => pieces.push(text), undefined, async () => undefined);
    expect(JSON.parse(pieces.join('')).seal).toBeUndefined();
    // CSV is never sealed: its text is as without a sealer.
    const csv: string[] = [];
    await writeExport('csv', pagesOf(rounds, 2), AT, (text) => csv.push(text), undefined, seal);
    expect(csv.join('')).toBe(buildCsv(rounds));
  });

  test('is read in pages of 5000, each starting after the last round of the one before', async () => {
    const calls: (number | undefined)[] = [];
    const total = 2 * EXPORT_PAGE_SIZE + 1;
    const progress: number[] = [];
    const count = await writeExport('csv', pagesOf(Array.from({ length: total }, (_, i) => round(i)), Infinity, calls), AT, () => undefined, (done) => progress.push(done));
    expect(calls).toEqual([undefined, 5000, 10000]);
    expect(progress).toEqual([5000, 10000, 10001]);
    expect(count).toBe(total);
  });

  test('stops on an empty page even if the total promised more', async () => {
    let calls = 0;
    const { text, count } = await exportText('json', async () => {
      calls++;
      return { total: 10, rounds: [] };
    });
    expect(JSON.parse(text).rounds).toEqual([]);
    expect(count).toBe(0);
    expect(calls).toBe(1);
  });
});

describe('CSV export', () => {
  test('cells are quoted as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('')).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
  });

  test('cells a spreadsheet would run as a formula are neutralised', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
    // A spreadsheet that splits on ';' (the German default) keeps a quoted cell whole.
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
  });

  test('has a header and one line per round with expected outcome, failures and reasons', async () => {
    const worker = new FakeWorker([claimFor('roulette-european', 4, { shown: '36' }), claimFor('keno', 2), claimFor('roulette-american', 3, { pending: true })]);
    const csv = (await exportText('csv', fromWorker(worker))).text;
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('game,nonce,verdict,level,serverSeed,commitment,clientSeed,result,expected,failures,reasons');
    expect(lines).toHaveLength(4);
    // In the order the rounds were first seen.
    const [mismatch, verified, pending] = lines.slice(1).map((line) => line.split(','));
    const expected = verifyRound(claimFor('roulette-european', 4)).expected;
    expect(mismatch!.slice(0, 3)).toEqual(['roulette-european', '4', 'mismatch']);
    expect(mismatch![7]).toBe('36');
    expect(mismatch![8]).toBe(String(expected));
    expect(mismatch![9]).toBe('outcome');
    expect(pending!.slice(0, 5)).toEqual(['roulette-american', '3', 'pending', '', '']);
    expect(pending![8]).toBe('');
    expect(verified!.slice(0, 5)).toEqual(['keno', '2', 'verified', 'history', 'server-seed-keno-2']);
    expect(verified![7]).toBe(verified![8]);
    expect(verified![7]).toMatch(/^(\d+ ){9}\d+$/);
  });

  test('the expected column is the core’s recomputation for every round with a revealed seed', async () => {
    const rounds = await exportedRounds(new FakeWorker(mixedClaims()));
    const withSeed = rounds.filter((round) => round.serverSeed !== undefined && round.verdict !== 'unsupported');
    expect(withSeed.length).toBe(5);
    for (const round of withSeed) expect(expectedOutcome(round)).toBe(outcomeText(verifyRound(round).expected));
    expect(rounds.filter((round) => round.serverSeed === undefined).map(expectedOutcome)).toEqual(['', '']);
  });

  test('read with either separator, \',\' or \';\' (a German spreadsheet), no cell starts a formula', () => {
    /** A spreadsheet's CSV reading: quoted fields keep separators and line breaks. */
    const cells = (csv: string, separator: string): string[] => {
      const out: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < csv.length; i++) {
        const c = csv[i]!;
        if (quoted) {
          if (c === '"' && csv[i + 1] === '"') (cell += '"'), i++;
          else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"') quoted = true;
        else if (c === separator || c === '\n') (out.push(cell), (cell = ''));
        else if (c !== '\r') cell += c;
      }
      return out;
    };
    const hostile = fc.stringMatching(/^[=+\-@\t\r\n;,"a1 ]{0,12}$/);
    fc.assert(
      fc.property(fc.array(fc.record({ game: hostile, clientSeed: hostile, nonce: hostile, commitment: hostile }), { maxLength: 4 }), (rows) => {
        const csv = buildCsv(rows.map((row) => ({ ...row, verdict: 'pending' })), () => '');
        for (const separator of [',', ';']) {
          for (const cell of cells(csv, separator)) expect(cell, JSON.stringify({ separator, cell })).not.toMatch(/^[=+\-@\t\r]/);
        }
      }),
    );
  });

  test('a hostile client seed cannot become a formula', () => {
    const csv = buildCsv([{ game: 'keno', clientSeed: '=cmd|" /C calc"!A0', nonce: '1', verdict: 'pending' }], () => '');
    expect(csv.split('\r\n')[1]).toBe(`keno,1,pending,,,,"'=cmd|"" /C calc""!A0",,,,`);
  });
});
