// Red team, CLI (#23 item 9, cli/file-says.ts): a preRoundCommitment beside a different commitment is
// the file's word. Guards that taking it out hides no real problem and claims nothing more.
import { expect, it } from 'vitest';
import { judgeElement, type JudgeContext } from '../../src/cli/round-judge.js';
import { loadVectors } from '../cli/vectors.js';

const v0 = loadVectors()[0]!;
const honest = { game: 'keno', serverSeed: v0.serverSeed, clientSeed: v0.clientSeed, nonce: v0.nonce, commitment: v0.commitment, result: v0.keno };
const JSON_OUT: JudgeContext = { isExport: false, json: true };

it('the round\'s own commitment in capitals as preRoundCommitment: no "other commitment" reported, verified', () => {
  const out = JSON.parse(judgeElement(JSON.stringify({ ...honest, preRoundCommitment: v0.commitment.toUpperCase() }), 0, 1, 1, JSON_OUT).output);
  expect(out.verdict).toBe('verified');
  expect(out.fileSays).toBeUndefined();
});

it('a made-up outcome beside another preRoundCommitment is still a mismatch at step outcome (the file\'s word hides no recomputed failure)', () => {
  const drawn = (v0.keno as number[]).map(Number);
  const wrong = [...drawn];
  wrong[0] = [...Array(40).keys()].map((i) => i + 1).find((n) => !drawn.includes(n))!;
  const judged = judgeElement(JSON.stringify({ ...honest, result: wrong, preRoundCommitment: 'ab'.repeat(32) }), 0, 1, 1, JSON_OUT);
  expect(judged.status).toBe('mismatch');
  const out = JSON.parse(judged.output);
  expect(JSON.stringify(out)).toContain('outcome');
  expect(out.fileSays).toEqual({ preRoundCommitment: 'ab'.repeat(32) });
});

it('a seed that does not hash to the commitment, with preRoundCommitment equal to that seed\'s true hash: still a mismatch at step commitment', () => {
  const other = loadVectors()[1]!;
  const judged = judgeElement(JSON.stringify({ ...honest, commitment: other.commitment, preRoundCommitment: v0.commitment }), 0, 1, 1, JSON_OUT);
  expect(judged.status).toBe('mismatch');
  expect(judged.output).toContain('commitment');
});
