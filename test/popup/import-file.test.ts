// The import's two checks hold for any input: the file's envelope (popup) and each round (worker).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimsOfExportedRound } from '../../src/background/import.js';
import { parseExportFile } from '../../src/popup/import-file.js';

describe('import checks over any input', () => {
  it('parseExportFile never throws and always says why it refuses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify({ format: 'fair-witness-export', version: 1, rounds: value }))), (text) => {
        const parsed = parseExportFile(text);
        if (parsed.ok) expect(Array.isArray(parsed.rounds)).toBe(true);
        else expect(['too-big', 'not-json', 'wrong-format', 'wrong-version']).toContain(parsed.problem.kind);
      }),
      { numRuns: 500 },
    );
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
    fc.assert(
      fc.property(fc.oneof(round, fc.anything()), (input) => {
        const converted = claimsOfExportedRound(input);
        if (!converted.ok) {
          expect(converted.reason).toMatch(/^[\w.]+: \S/);
          return;
        }
        const source = input as Record<string, unknown>;
        const claim = converted.claims[0]!;
        expect(claim.observedAt).toEqual({});
        for (const field of ['serverSeed', 'commitment', 'clientSeed', 'nonce'] as const) expect(claim[field]).toBe(source[field]);
      }),
      { numRuns: 1000 },
    );
  });
});
