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
  // `witness` from a file is reported as "the file says"; `preRoundCommitment` (the worker's other
  // judgement, import.ts does not take it from a file either) still makes the CLI itself accuse an
  // honest round at step witness (exit status 1): an edited file accuses on its own word.
  it('an honest round with a made-up preRoundCommitment is not a mismatch of the CLI\'s own', () => {
    const text = JSON.stringify({ ...honest, preRoundCommitment: 'ab'.repeat(32) });
    const judged = judgeElement(text, 0, 1, 1, JSON_OUT);
    expect(judged.status).toBe('verified');
  });
});
