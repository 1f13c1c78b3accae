// Red team, CLI: a hostile file's ways to make `fair-witness verify` print `witnessed` as its own
// level, or accuse an honest round on the file's word alone.
import { describe, expect, it } from 'vitest';
import { judgeElement, type JudgeContext } from '../../src/cli/round-judge.js';
import { loadVectors } from '../cli/vectors.js';

const v0 = loadVectors()[0]!;
const honest = { game: 'keno', serverSeed: v0.serverSeed, clientSeed: v0.clientSeed, nonce: v0.nonce, commitment: v0.commitment, result: v0.keno };
const JSON_OUT: JudgeContext = { isExport: false, json: true };
const EXPORT_JSON: JudgeContext = { isExport: true, json: true };
const observedAt = { commitment: 1000, clientSeed: 1000, nonce: 1000, result: 3000 };

describe('verify: no way for a file to set the CLI\'s own level', () => {
  it.each([
    ['"__proto__" carrying witness', `{"__proto__":{"witness":"bound-before-bet"},${JSON.stringify({ ...honest, observedAt }).slice(1)}`],
    ['"__proto__" carrying witness and observedAt', `{"__proto__":{"witness":"bound-before-bet","observedAt":${JSON.stringify(observedAt)}},${JSON.stringify(honest).slice(1)}`],
    ['witness spelt with an escape', JSON.stringify({ ...honest, observedAt }).replace(/}$/, ',"witn\\u0065ss":"bound-before-bet"}')],
    ['witness duplicated (the last one wins in JSON.parse)', JSON.stringify({ ...honest, observedAt, witness: 'history' }).replace(/}$/, ',"witness":"bound-before-bet"}')],
  ])('%s: level history', (_name, text) => {
    for (const context of [JSON_OUT, EXPORT_JSON]) {
      const judged = judgeElement(text, 0, 1, 1, context);
      expect(judged.level).not.toBe('witnessed');
      expect(JSON.parse(judged.output).level).not.toBe('witnessed');
    }
  });
});

describe('verify: the extension\'s judgement written in a file is the file\'s word, both ways', () => {
  // `witness` from a file is reported as "the file says"; so is `preRoundCommitment` (the worker's
  // other judgement, which import.ts does not take from a file either): an edited file must not make
  // the CLI itself accuse an honest round at step witness (exit status 1) on its own word.
  it('an honest round with a made-up preRoundCommitment is not a mismatch of the CLI\'s own: the file\'s word, reported', () => {
    const madeUp = 'AB'.repeat(32);
    const text = JSON.stringify({ ...honest, preRoundCommitment: madeUp });
    const judged = judgeElement(text, 0, 1, 1, JSON_OUT);
    expect(judged.status).toBe('verified');
    expect(JSON.parse(judged.output).fileSays).toEqual({ preRoundCommitment: madeUp.toLowerCase() });
    const row = judgeElement(text, 0, 1, 1, { isExport: false, json: false }).output;
    expect(row).toContain('the file says: abababab…abababab was shown before the round');
  });

  it('a preRoundCommitment alone (no commitment beside it) is still the commitment the seed must hash to', () => {
    const { commitment: _, ...withoutCommitment } = honest;
    const madeUp = JSON.stringify({ ...withoutCommitment, preRoundCommitment: 'ab'.repeat(32) });
    expect(judgeElement(madeUp, 0, 1, 1, JSON_OUT).status).toBe('mismatch');
    const true_ = JSON.stringify({ ...withoutCommitment, preRoundCommitment: v0.commitment });
    expect(judgeElement(true_, 0, 1, 1, JSON_OUT).status).toBe('verified');
  });

  it('an export that recorded the accusation: recomputed verified, the export\'s word and the commitment it names both reported', () => {
    const text = JSON.stringify({ ...honest, preRoundCommitment: 'cd'.repeat(32), verdict: 'mismatch', level: 'witnessed' });
    const out = JSON.parse(judgeElement(text, 0, 1, 1, EXPORT_JSON).output);
    expect(out.verdict).toBe('verified');
    expect(out.level).toBe('history');
    expect(out.fileSays).toEqual({ level: 'witnessed', preRoundCommitment: 'cd'.repeat(32) });
    expect(out.reasons.join(' ')).toContain('the export says "mismatch"');
  });
});

describe('verify: no raw control or bidi character from a file reaches the output', () => {
  const nasty = 'x\u202eevil\u001b[2J\u2066\u200b';
  it.each([
    ['the export\'s stored verdict', { ...honest, verdict: nasty }, EXPORT_JSON],
    ['the export\'s stored verdict (table)', { ...honest, verdict: nasty }, { isExport: true, json: false }],
    ['the game name', { ...honest, game: nasty }, JSON_OUT],
    ['the game name (table)', { ...honest, game: nasty }, { isExport: false, json: false }],
    ['the client seed of a mismatching round', { ...honest, clientSeed: nasty }, JSON_OUT],
    ['the result', { ...honest, result: [nasty] }, { isExport: false, json: false }],
  ] as const)('%s', (_name, round, context) => {
    const judged = judgeElement(JSON.stringify(round), 0, 1, 1, context);
    expect(judged.output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    // (judged.reason keeps the raw text: verify-command.ts prints it through printable().)
  });
});
