import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { verifyRound, type ExportedRound } from '../../src/core/index.js';
import { buildCsv, buildExportFile, csvCell, EXPORT_PAGE_SIZE, expectedOutcome, exportJson, fetchAllExportRounds, outcomeText } from '../../src/popup/export.js';
import { claimFor, mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';

async function exportedRounds(worker: FakeWorker): Promise<ExportedRound[]> {
  return fetchAllExportRounds((offset, limit) => worker.client.ask({ type: 'export-page', offset, limit }));
}

describe('JSON export', () => {
  test('is an ExportFile that the core reads back to the same verdicts', async () => {
    const worker = new FakeWorker(mixedClaims());
    const file = buildExportFile(await exportedRounds(worker), new Date('2024-05-01T12:30:00Z'));
    const read = JSON.parse(exportJson(file));
    expect(read).toEqual({ format: 'fair-witness-export', version: 1, exportedAt: '2024-05-01T12:30:00.000Z', rounds: file.rounds });
    expect(read.rounds).toHaveLength(7);
    for (const round of read.rounds) {
      // What `fair-witness verify FILE` does with each round: recompute it from the claim alone.
      const verdict = verifyRound(round);
      expect(verdict.status).toBe(round.verdict);
      expect(verdict.failures.map((failure) => failure.step)).toEqual(round.failures ?? []);
    }
    expect(read.rounds.map((round: ExportedRound) => round.verdict)).toContain('mismatch');
  });

  test('is fetched in pages of 5000 until the total is reached', async () => {
    const calls: [number, number][] = [];
    const total = 2 * EXPORT_PAGE_SIZE + 1;
    const progress: number[] = [];
    const rounds = await fetchAllExportRounds(
      async (offset, limit) => {
        calls.push([offset, limit]);
        const count = Math.max(0, Math.min(limit, total - offset));
        return { total, rounds: Array.from({ length: count }, (_, i) => ({ game: 'keno', nonce: String(offset + i), verdict: 'pending' as const })) };
      },
      (done) => progress.push(done),
    );
    expect(calls).toEqual([
      [0, 5000],
      [5000, 5000],
      [10000, 5000],
    ]);
    expect(progress).toEqual([5000, 10000, 10001]);
    expect(rounds.map((round) => round.nonce)).toEqual(Array.from({ length: total }, (_, i) => String(i)));
  });

  test('stops on an empty page even if the total promised more', async () => {
    let calls = 0;
    const rounds = await fetchAllExportRounds(async () => {
      calls++;
      return { total: 10, rounds: [] };
    });
    expect(rounds).toEqual([]);
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
    const csv = buildCsv(await exportedRounds(worker));
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('game,nonce,verdict,level,serverSeed,commitment,clientSeed,result,expected,failures,reasons');
    expect(lines).toHaveLength(4);
    const [mismatch, pending, verified] = lines.slice(1).map((line) => line.split(','));
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
