// The import's two checks hold for any input: the file's envelope and its JSON, streamed (popup),
// and each round (worker).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimsOfExportedRound } from '../../src/background/import.js';
import { IMPORT_CHUNK, IMPORT_SLICE_BYTES, importFile, KEPT_REFUSALS, MAX_ROUND_CHARS, type ImportOutcome } from '../../src/popup/import-file.js';
import type { ImportReport } from '../../src/shared/messages.js';

/** Imports `text` with a worker that takes every round; returns the outcome and the rounds sent. */
async function importText(text: string): Promise<{ outcome: ImportOutcome; sent: unknown[] }> {
  const sent: unknown[] = [];
  const send = async (rounds: unknown[]): Promise<ImportReport> => {
    sent.push(...rounds);
    return { added: rounds.length, updated: 0, known: 0, refused: [] };
  };
  return { outcome: await importFile(new Blob([text]), send), sent };
}

const exportOf = (rounds: unknown[]) => JSON.stringify({ format: 'fair-witness-export', version: 1, rounds }, null, 1);
const round = (n: number) => ({ game: 'keno', clientSeed: `spieler-ü-${n}`, nonce: String(n), result: [1, 2, 3, 4, 5, 6, 7, 8, 9, n % 30 + 10] });

describe('importFile streams', () => {
  it('a file of many slices: every round once, in order, in chunks of IMPORT_CHUNK, with progress up to the whole file', async () => {
    const rounds = Array.from({ length: 15_000 }, (_, n) => round(n));
    const text = exportOf(rounds);
    expect(new Blob([text]).size).toBeGreaterThan(2 * IMPORT_SLICE_BYTES);
    const chunks: number[] = [];
    const sent: unknown[] = [];
    const progress: number[] = [];
    const outcome = await importFile(
      new Blob([text]),
      async (chunk) => {
        chunks.push(chunk.length);
        sent.push(...chunk);
        return { added: chunk.length, updated: 0, known: 0, refused: [] };
      },
      (totals) => progress.push(totals.read),
    );
    expect(outcome).toMatchObject({ ok: true, totals: { done: 15_000, added: 15_000, read: 1 } });
    expect(sent).toEqual(rounds);
    expect(chunks).toEqual(Array.from({ length: 15_000 / IMPORT_CHUNK }, () => IMPORT_CHUNK));
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('a syntax error deep in the file: the rounds before it are sent and kept, and the problem names the place', async () => {
    const text = exportOf(Array.from({ length: 1200 }, (_, n) => round(n))).replace('"nonce": "1100"', '"nonce": 1100x');
    const { outcome, sent } = await importText(text);
    expect(outcome.ok).toBe(false);
    expect(sent).toHaveLength(1100);
    expect(outcome.totals.done).toBe(1100);
    // The place of the stray "x", 1-based, as an editor shows it.
    const before = text.slice(0, text.indexOf('1100x') + 4).split('\n');
    expect('problem' in outcome && outcome.problem).toEqual({ kind: 'not-json', line: before.length, column: before.at(-1)!.length + 1 });
  });

  it('a round longer than any export writes stops the import there, before it is held whole', async () => {
    const rounds: unknown[] = Array.from({ length: 700 }, (_, n) => round(n));
    rounds.splice(650, 0, { ...round(650), clientSeed: 'x'.repeat(5 * MAX_ROUND_CHARS) });
    const { outcome, sent } = await importText(exportOf(rounds));
    expect('problem' in outcome && outcome.problem).toEqual({ kind: 'round-too-long', round: 651, limit: MAX_ROUND_CHARS });
    expect(sent).toEqual(rounds.slice(0, 650));
  });

  it('rounds before the envelope are not sent: the file is refused as a whole', async () => {
    const text = `{"rounds": [${JSON.stringify(round(1))}], "format": "fair-witness-export", "version": 1}`;
    const { outcome, sent } = await importText(text);
    expect(sent).toEqual([]);
    expect('problem' in outcome && outcome.problem).toEqual({ kind: 'envelope-late' });
    expect('problem' in (await importText(`{"rounds": [${JSON.stringify(round(1))}]}`)).outcome).toBe(true);
  });

  it('keeps the first KEPT_REFUSALS refused rounds and counts the rest', async () => {
    const text = exportOf(Array.from({ length: 1000 }, (_, n) => round(n)));
    const outcome = await importFile(new Blob([text]), async (chunk) => ({ added: 0, updated: 0, known: 0, refused: chunk.map((_, index) => ({ index, refusal: { code: 'no-round' as const } })) }));
    expect(outcome.totals.refusedCount).toBe(1000);
    expect(outcome.totals.refused).toHaveLength(KEPT_REFUSALS);
    expect(outcome.totals.refused.map((refusal) => refusal.index)).toEqual(Array.from({ length: KEPT_REFUSALS }, (_, i) => i));
  });
});

describe('import checks over any input', () => {
  it('importFile never throws, says why it refuses, and sends exactly the rounds of a valid export', async () => {
    let sentRounds = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify({ format: 'fair-witness-export', version: 1, rounds: value }))),
        async (text) => {
          const { outcome, sent } = await importText(text);
          let whole: unknown;
          try {
            whole = JSON.parse(text);
          } catch {
            whole = undefined;
          }
          const rounds = (whole as { rounds?: unknown } | undefined)?.rounds;
          if (outcome.ok) {
            expect(sent).toEqual(rounds);
            expect(outcome.totals.done).toBe(sent.length);
            sentRounds += sent.length;
          } else {
            expect('problem' in outcome ? outcome.problem.kind : 'no problem named').toMatch(/^(not-json|wrong-format|wrong-version|envelope-late|empty)$/);
            if (Array.isArray(rounds) && rounds.length > 0) expect(sent).toEqual([]);
          }
        },
      ),
      { numRuns: 500 },
    );
    expect(sentRounds, 'rounds sent from valid exports (none: that half was never checked)').toBeGreaterThan(0);
  });

  it('claimsOfExportedRound never throws; what it takes keeps every value exactly, without times', () => {
    const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
    const round = fc.record(
      {
        game: fc.oneof(fc.constantFrom('keno', 'roulette-european', 'roulette-american', 'mines', 'unknown'), fc.string()),
        serverSeed: fc.oneof(hex64, fc.string()),
        commitment: fc.oneof(hex64, fc.anything()),
        clientSeed: fc.string(),
        nonce: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 19n }).map(String), fc.anything()),
        result: fc.oneof(fc.integer(), fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 12 }), fc.string(), fc.anything()),
        observedAt: fc.anything(),
        verdict: fc.string(),
      },
      { requiredKeys: [] },
    );
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof(round, fc.anything()), (input) => {
        const converted = claimsOfExportedRound(input);
        if (!converted.ok) {
          expect(['not-object', 'game-missing', 'field', 'no-round']).toContain(converted.refusal.code);
          if (converted.refusal.code === 'field') expect(converted.refusal.field).toMatch(/^[\w.]+$/);
          return;
        }
        taken++;
        const source = input as Record<string, unknown>;
        const claim = converted.claims[0]!;
        expect(claim.observedAt).toEqual({});
        for (const field of ['serverSeed', 'commitment', 'clientSeed', 'nonce'] as const) expect(claim[field]).toBe(source[field]);
      }),
      { numRuns: 1000 },
    );
    expect(taken, 'rounds taken (none: what is taken was never checked)').toBeGreaterThan(0);
  });
});
