import type { SupportedGameId } from './games/game-ids.js';
import { nobleBackend, type HashBackend } from './hashing.js';
import type { VerdictStatus } from './verdict-status.js';
import { verifyRound } from './verify.js';

// Three rounds of the reference vectors (test/fixtures/reference-vectors.json, the casino's procedure):
// its placeholder seeds, a non-ASCII client seed, and a ':' in the client seed with nonce 2^53−1.
const REFERENCE_ROUNDS = [
  {
    serverSeed: 'your_server_seed',
    clientSeed: 'your_client_seed',
    nonce: 1,
    commitment: 'b7cc9922976bd6f802961f3f8b66da8d49c6e4fca2b9c3b8228e4a85adcb4e65',
    roundSignature: 'b17f53842110e0d89b013e2632ebaed66120ebca91dd089d72c57b11f4fe28dc',
    european: '30',
    american: '7',
    keno: [3, 5, 6, 7, 15, 19, 21, 22, 28, 29],
  },
  {
    serverSeed: '7b935ca53ba7bcf2884163b4380ce2d31be1ddbaf26c54a3b4e9be76259dd9a5',
    clientSeed: 'my lucky seed ✓ ü',
    nonce: 42,
    commitment: '3c2117912f2df5bb70954544820006833d756353ee70696814fccfb48810540a',
    roundSignature: 'c3cc882fe1a305c3e16d33e7603d3c56aed45cf5370dcce6df3aa18926fab627',
    european: '15',
    american: '1',
    keno: [5, 10, 13, 15, 20, 24, 27, 29, 30, 31],
  },
  {
    serverSeed: '9d99f616110b4f738f112183cae0b156f20f01f497d43693f89c0c48f14c765d',
    clientSeed: 'a:b:c',
    nonce: '9007199254740991',
    commitment: '3a73d2f2f5e656a6a6a7049c9e0af459e9f95bd2ae2cb39970aadfb1cc2fc5a4',
    roundSignature: '3c60382266d061996e7d2b05717f19dc03187a4609d761568e38c8b36fda5c1b',
    european: '14',
    american: '29',
    keno: [2, 6, 7, 11, 13, 30, 31, 33, 38, 40],
  },
];

/** One check, as codes the popup words (popup/self-test-text.ts), and in English for logs. */
export interface SelfTestCheck {
  /** `reference`: a reference round (numbered from 1) must verify; `tamper`: a tampered draw must be a mismatch. */
  kind: 'reference' | 'tamper';
  round?: number;
  game: SupportedGameId;
  ok: boolean;
  /** The verdict a failed check got instead. */
  got?: VerdictStatus;
  name: string;
  detail?: string;
}

/**
 * Runs the core over built-in reference rounds: each must verify, and a tampered copy must be
 * flagged, so a verifier that says "verified" to everything fails its own self-test.
 */
export function runSelfTest(backend: HashBackend = nobleBackend): SelfTestCheck[] {
  const checks: SelfTestCheck[] = [];
  for (const [index, round] of REFERENCE_ROUNDS.entries()) {
    const base = { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce, commitment: round.commitment };
    const cases = [
      { game: 'roulette-european', result: round.european },
      { game: 'roulette-american', result: round.american },
      { game: 'keno', result: round.keno },
    ];
    for (const { game, result } of cases as { game: SupportedGameId; result: string | number[] }[]) {
      const verdict = verifyRound({ ...base, game, result, roundSignature: round.roundSignature }, { backend, trace: false });
      const ok = verdict.status === 'verified';
      checks.push({
        kind: 'reference',
        round: index + 1,
        game,
        ok,
        ...(ok ? {} : { got: verdict.status }),
        name: `reference round ${index + 1}, ${game}`,
        detail: verdict.status === 'verified' ? undefined : `${verdict.status}: ${verdict.reasons.join('; ')}`,
      });
    }
  }
  const tampered = verifyRound(
    { ...REFERENCE_ROUNDS[0], game: 'keno', result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { backend, trace: false },
  );
  const flagged = tampered.status === 'mismatch' && tampered.failures.some((failure) => failure.step === 'outcome');
  checks.push({
    kind: 'tamper',
    game: 'keno',
    ok: flagged,
    ...(flagged ? {} : { got: tampered.status }),
    name: 'a tampered draw is flagged',
    detail: tampered.status === 'mismatch' ? undefined : `got ${tampered.status}`,
  });
  return checks;
}
