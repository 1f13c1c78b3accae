// One element of a `verify` file judged (src/cli/round-judge.ts): what a file says about a round's
// trust level is reported as the file's word, never as the CLI's level; and text from the file
// appears in --json without a raw control character, as the same value once parsed.
import { describe, expect, it } from 'vitest';
import { judgeElement, type JudgeContext } from '../../src/cli/round-judge.js';
import { loadVectors } from './vectors.js';

const v0 = loadVectors()[0]!;
const honest = { game: 'keno', serverSeed: v0.serverSeed, clientSeed: v0.clientSeed, nonce: v0.nonce, commitment: v0.commitment, result: v0.keno };
const JSON_OUT: JudgeContext = { isExport: false, json: true };
const TABLE: JudgeContext = { isExport: false, json: false };
const EXPORT_JSON: JudgeContext = { isExport: true, json: true };

const judge = (round: unknown, context: JudgeContext) => judgeElement(JSON.stringify(round), 0, 1, 1, context);

// Every trust field of a round the extension watched, as a file can write it.
const SAYS_WITNESSED = { ...honest, witness: 'bound-before-bet', observedAt: { commitment: 1000, clientSeed: 1000, nonce: 1000, result: 3000 } };

describe('verify: a file\'s trust fields are the file\'s word', () => {
  it('a claim whose `witness` says bound-before-bet is verified at level history, and the file\'s word is `fileSays`', () => {
    const judged = judge(SAYS_WITNESSED, JSON_OUT);
    expect(judged).toMatchObject({ status: 'verified', level: 'history' });
    expect(JSON.parse(judged.output)).toEqual({ verdict: 'verified', level: 'history', fileSays: { level: 'witnessed', reason: 'bound-before-bet' }, expected: v0.keno });
    // Without trust fields, or with ones naming no known level, the output is what it always was.
    expect(JSON.parse(judge(honest, JSON_OUT).output)).toEqual({ verdict: 'verified', level: 'history', expected: v0.keno });
    expect(JSON.parse(judge({ ...honest, witness: 'trust me', level: 'certain' }, JSON_OUT).output)).toEqual({ verdict: 'verified', level: 'history', expected: v0.keno });
  });

  it('the table shows level history and "the file says: witnessed" beside the outcome', () => {
    const row = judge(SAYS_WITNESSED, TABLE).output;
    const cells = row.trim().split(/\s+/);
    expect(cells.slice(3, 5)).toEqual(['verified', 'history']);
    expect(row.split('the file says:')[0]).not.toContain('witnessed');
    expect(row.trimEnd()).toMatch(/ · the file says: witnessed$/);
    expect(judge({ ...honest, witness: 'commitment-after-action' }, TABLE).output).toContain('the file says: history (commitment after action)');
  });

  it("an export's own `level` and `levelReason` are the file's word too, and a `witness` in it is not taken", () => {
    const exported = { ...SAYS_WITNESSED, nonce: String(v0.nonce), verdict: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' };
    const judged = judge(exported, EXPORT_JSON);
    expect(judged.level).toBe('history');
    expect(JSON.parse(judged.output)).toMatchObject({ verdict: 'verified', level: 'history', fileSays: { level: 'witnessed', reason: 'bound-before-bet' } });
    const { level: _level, levelReason: _reason, ...onlyWitness } = exported;
    expect(JSON.parse(judge(onlyWitness, EXPORT_JSON).output)).toMatchObject({ level: 'history', fileSays: { level: 'witnessed' } });
  });

  it("the file's word changes no verdict: a mismatch that says witnessed stays a mismatch", () => {
    const judged = judge({ ...SAYS_WITNESSED, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, JSON_OUT);
    expect(judged.status).toBe('mismatch');
    expect(JSON.parse(judged.output)).toMatchObject({ verdict: 'mismatch', failures: ['outcome'], fileSays: { level: 'witnessed' } });
  });
});

describe('verify --json: no raw control character from the file', () => {
  // The bidi overrides, embeddings and isolates, marks, a zero width, the line separator, a BOM, C1.
  const HOSTILE = '\u202e\u202a\u2066\u2069\u200f\u061c\u200b\u2028\ufeff\u0085';
  const RAW = /[\u0080-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;

  it('escapes them as \\uXXXX in reasons: valid JSON with the same text once parsed', () => {
    const game = `Keno${HOSTILE}evil`;
    const judged = judge({ ...honest, game }, JSON_OUT);
    expect(judged.status).toBe('invalid');
    expect(judged.output).not.toMatch(RAW);
    expect(judged.output).toContain('\\u202e');
    expect(JSON.parse(judged.output).reasons.join(' ')).toContain(game);
  });

  it('and the table shows them escaped', () => {
    const row = judge({ ...honest, game: `Keno${HOSTILE}evil` }, TABLE).output;
    expect(row).not.toMatch(RAW);
    expect(row).toContain('\\u2028');
  });
});
