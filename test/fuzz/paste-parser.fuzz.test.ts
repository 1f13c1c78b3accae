// Fuzzes the popup's paste parser (parseFairnessText): pasted panels, the reference programs'
// output, JSON, and noise. It never throws, returns only values the text holds verbatim (a
// truncated one too, as written, so the check can refuse it by name), and reads the reference
// output exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFairnessText } from '../../src/popup/paste-parser.js';
import { checkClaim } from '../../src/core/claim.js';
import { fairnessText, hex64, labelledLine, referenceRound, referenceText } from './arbitraries.js';
import { fieldProblems } from './field-checks.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, ELLIPSIS, MB, PROPERTY_TIMEOUT, runProperty, share, show, targetCases, withinTime } from './harness.js';
import { format } from 'node:util';

const TARGET = 'paste-parser';
const CASES = targetCases(2000);

/** Strings of a parsed JSON value, and its numbers as String() writes them. */
function jsonLeaves(value: unknown, out: { strings: string[]; numbers: Set<string> }, depth = 0): void {
  if (depth > 200) return;
  if (typeof value === 'string') out.strings.push(value);
  else if (typeof value === 'number') out.numbers.add(String(value));
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) jsonLeaves(item, out, depth + 1);
}

/** Whether `value` is in the JSON `text` (decoded): part of one of its strings, or one of its numbers. */
function inJson(text: string): (value: string) => boolean {
  const leaves = { strings: [] as string[], numbers: new Set<string>() };
  try {
    jsonLeaves(JSON.parse(text.trim()), leaves);
  } catch {
    return () => false;
  }
  return (value) => leaves.numbers.has(value) || leaves.strings.some((string) => string.includes(value));
}

const HEX_FIELDS = ['serverSeed', 'commitment', 'clientSeed', 'roundSignature'] as const;

/** The parser's promises for one input; returns the problems found. */
function problemsOf(text: string, limitMs: number): string[] {
  const fields = withinTime(limitMs, `parseFairnessText(${text.length} chars)`, () => parseFairnessText(text));
  const json = text.trimStart().startsWith('{') || text.trimStart().startsWith('[') ? inJson(text.slice(0, 1_000_000)) : () => false;
  const problems = fieldProblems(fields, {
    occurs: (value) => text.includes(value) || json(value),
    allowEllipsis: true,
    allowCanonicalGame: true,
  });
  // A truncated value is passed on as written: the check must refuse it, naming the field.
  const check = checkClaim({ ...fields, game: 'Keno' });
  for (const field of HEX_FIELDS) {
    const value = (fields as Record<string, unknown>)[field];
    if (typeof value !== 'string' || !ELLIPSIS.test(value)) continue;
    const named = !check.ok && check.problems.some((problem) => problem.field === field);
    if (!named) problems.push(`${field}: truncated ${show(value)} was not refused by checkClaim (${show(check)})`);
  }
  return problems;
}

/** JSON as people paste it: a round object, a list of rounds, or any JSON. */
const jsonPaste = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc
    .record(
      {
        serverSeed: fc.oneof(hex64, fc.string()),
        server_seed_hash: hex64,
        clientSeed: fc.string(),
        nonce: fc.oneof(fc.nat(), fc.double(), fc.string(), fc.constant(2 ** 60)),
        hits: fc.oneof(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 12 }), fc.string()),
        picks: fc.oneof(fc.array(fc.nat(40)), fc.string()),
        game: fc.oneof(fc.constantFrom('Keno', 'European Roulette'), fc.record({ name: fc.string() })),
      },
      { requiredKeys: [] },
    )
    .chain((round) => fc.constantFrom(JSON.stringify(round), JSON.stringify([round]), JSON.stringify({ data: { bet: round } }, null, 2))),
);

describe('fuzz: parseFairnessText', () => {
  it(
    'never throws and returns only values the text holds verbatim (texts)',
    () => {
      runProperty(
        TARGET,
        'verbatim values (texts)',
        fc.property(fairnessText, (text) => {
          const problems = problemsOf(text, CASE_MS);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
        share(CASES, 0.5),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'never throws and returns only values the JSON holds (pasted JSON)',
    () => {
      runProperty(
        TARGET,
        'verbatim values (json)',
        fc.property(jsonPaste, (text) => {
          const problems = problemsOf(text, CASE_MS);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
        share(CASES, 0.2),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "reads the reference program's output exactly, whatever the line endings and indentation",
    () => {
      runProperty(
        TARGET,
        'reference output',
        fc.property(referenceRound, fc.constantFrom('\n', '\r\n', '\n\n'), fc.constantFrom('', '  ', '\t'), (round, newline, indent) => {
          const lines: string[] = [
            format('📝 Commitment (shown before the game):', round.commitment),
            format('🔒 Server Seed (revealed after the game):', round.serverSeed),
            format('🎲 Client Seed:', round.clientSeed),
            format('🔢 Nonce:', round.nonce),
          ];
          if (round.game === 'keno') {
            lines.push(format('🔁 Round Signature (can be verified after the game):', round.signature), format('🎯 Hits:', round.keno));
          } else {
            lines.push(format(`🎯 Winning Number (in the ${round.version} version):`, round.roulette));
          }
          const text = lines
            .join('\n')
            .split('\n')
            .map((line) => indent + line)
            .join(newline);
          const expected =
            round.game === 'keno'
              ? { game: 'Keno', roundSignature: round.signature, result: round.keno.map(String) }
              : { game: round.version === 'american' ? 'American Roulette' : 'European Roulette', result: round.roulette };
          expect(parseFairnessText(text)).toEqual({
            commitment: round.commitment,
            serverSeed: round.serverSeed,
            clientSeed: round.clientSeed,
            nonce: String(round.nonce),
            ...expected,
          });
        }),
        share(CASES, 0.2),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'returns nothing for a value that is not text',
    () => {
      runProperty(
        TARGET,
        'not text',
        fc.property(fc.anything(), (value) => {
          if (typeof value === 'string') return;
          expect(parseFairnessText(value as string)).toEqual({});
        }),
        share(CASES, 0.1),
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** 1 MB pastes: many lines, one endless line, an unclosed list, blank runs, a JSON list. */
  const bigText = fc.oneof(
    fc.tuple(referenceText, fc.array(labelledLine, { minLength: 50, maxLength: 200 })).map(([reference, lines]) => {
      const block = lines.join('\n');
      return `${reference}\n${block.repeat(Math.ceil(MB / Math.max(1, block.length)))}`.slice(0, MB + 100);
    }),
    fc.tuple(fc.constantFrom('Server Seed: ', 'Hits: [', 'Client Seed: [', '"', ''), fc.constantFrom('a', ' ', '.', '…', '1, ', ':', '\t')).map(([head, unit]) => head + unit.repeat(MB)),
    fc.constantFrom('Nonce\n' + '\n'.repeat(MB) + '5', 'Hits: [\n' + '1,\n'.repeat(MB / 3), 'Nonce:\n'.repeat(MB / 7), 'Server Seed\n'.repeat(MB / 12)),
    fc.tuple(referenceRound, fc.constantFrom(1, 2)).map(([round, pretty]) => {
      const one = { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce, hits: round.keno };
      const count = Math.ceil(MB / JSON.stringify(one).length);
      return JSON.stringify(Array.from({ length: count }, () => one), null, pretty === 2 ? 2 : undefined);
    }),
  );

  it(
    'handles 1 MB pastes in bounded time, with the same promises',
    () => {
      runProperty(
        TARGET,
        '1 MB inputs',
        fc.property(bigText, (text) => {
          const problems = problemsOf(text, BIG_INPUT_MS);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
        bigCases(1, 12),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
