import { checkClaim, claimProblem, type CheckedClaim, type ClaimProblem } from './claim.js';
import { sameOutcome, type GameDefinition, type Outcome } from './games/game.js';
import { nobleBackend, type HashBackend } from './hashing.js';
import type { DrawStep } from './sampling.js';
import { Uint32Stream } from './uint32-stream.js';
import type { VerdictStatus } from './verdict-status.js';
import type { WitnessReason } from './witness.js';


/** The step of the proof that failed. `signature`: the round signature the casino shows is not the one its seeds give. */
export type FailedStep = 'commitment' | 'signature' | 'outcome' | 'witness' | 'nonce';

/**
 * `witnessed`: the extension saw the commitment, then the player's own action, then the outcome
 * (core/witness.ts): the casino was bound to the seed before the bet. `history`: anything less, so
 * the casino could have chosen seed and commitment after the fact.
 */
export type TrustLevel = 'witnessed' | 'history';

export interface Failure {
  step: FailedStep;
  expected: string;
  shown: string;
  /** One sentence for people. */
  message: string;
}

/** Every computed step of one round, so a person can follow the proof. */
export interface RoundTrace {
  commitment: { input: string; computed: string };
  signature: { input: string; computed: string };
  /** Each uint32 drawn from SHAKE256(roundSignature), with rejections. */
  draws: DrawStep[];
  outcome: Outcome;
}

export interface RoundVerdict {
  status: VerdictStatus;
  /** The game's id, or the name as given when it is not supported. */
  game: string;
  level?: TrustLevel;
  /** Why the level is what it is (a code; the UI words it). */
  levelReason?: WitnessReason;
  failures: Failure[];
  /** Why a round is invalid or pending, in words (English: the CLI prints them, a file carries them). */
  reasons: string[];
  /** The same reasons as codes, for the UI to word: invalid, pending and unsupported rounds. */
  problems?: ClaimProblem[];
  /** The recomputed outcome, when the server seed was known. */
  expected?: Outcome;
  trace?: RoundTrace;
}

export interface VerifyOptions {
  backend?: HashBackend;
  /** Record every draw (default true); the CLI's bulk path turns it off. */
  trace?: boolean;
}

export interface ComputedRound {
  commitment: string;
  roundSignature: string;
  outcome: Outcome;
  /** Every step, unless `trace: false` was asked for. */
  trace?: RoundTrace;
}

/** Runs the published procedure: commitment, round signature, SHAKE256 stream, the game's draw. */
export function computeRound(
  game: GameDefinition,
  serverSeed: string,
  clientSeed: string,
  nonce: string | number,
  options?: VerifyOptions & { trace?: true },
): ComputedRound & { trace: RoundTrace };
export function computeRound(game: GameDefinition, serverSeed: string, clientSeed: string, nonce: string | number, options: VerifyOptions): ComputedRound;
export function computeRound(
  game: GameDefinition,
  serverSeed: string,
  clientSeed: string,
  nonce: string | number,
  options: VerifyOptions = {},
): ComputedRound {
  const backend = options.backend ?? nobleBackend;
  const signatureInput = `${serverSeed}:${clientSeed}:${nonce}`;
  const commitment = backend.sha3_256Hex(serverSeed);
  const roundSignature = backend.sha3_256Hex(signatureInput);
  // The stream is seeded with the signature's 64 hex characters as text, as in the seeds.
  const stream = new Uint32Stream(backend.shake256(roundSignature), game.usualDraws);
  if (options.trace === false) return { commitment, roundSignature, outcome: game.draw(stream) };
  const draws: DrawStep[] = [];
  const outcome = game.draw(stream, draws);
  return {
    commitment,
    roundSignature,
    outcome,
    trace: {
      commitment: { input: serverSeed, computed: commitment },
      signature: { input: signatureInput, computed: roundSignature },
      draws,
      outcome,
    },
  };
}

/**
 * The verdict on one claimed round (docs/design.md "Verdicts"). Total: any input,
 * however malformed, gets a verdict and never an exception.
 */
export function verifyRound(input: unknown, options: VerifyOptions = {}): RoundVerdict {
  let checked;
  try {
    checked = checkClaim(input);
  } catch (error) {
    // checkClaim is written to be total; this guards the promise of a verdict for any input.
    return invalid('?', [claimProblem('round', 'unreadable', `could not be read (${String(error)})`, { value: String(error) })]);
  }
  if (!checked.ok) {
    const lookup = checked.lookup;
    if (lookup?.kind === 'unsupported') return unsupported(lookup.id);
    const game = lookup?.kind === 'supported' ? lookup.game.id : lookup?.kind === 'unknown' ? lookup.name : '?';
    return invalid(game, checked.problems);
  }
  const claim = checked.claim;
  if (claim.lookup.kind === 'unsupported') return unsupported(claim.lookup.id);
  if (claim.lookup.kind === 'unknown') return invalid(claim.lookup.name, [claimProblem('game', 'unknown-game', 'unknown', { value: claim.lookup.name })]);
  return verifySupported(claim.lookup.game, claim, options);
}

function verifySupported(game: GameDefinition, claim: CheckedClaim, options: VerifyOptions): RoundVerdict {
  const missing: ClaimProblem[] = [];
  if (claim.clientSeed === undefined) missing.push(claimProblem('clientSeed', 'missing', 'missing'));
  if (claim.nonce === undefined) missing.push(claimProblem('nonce', 'missing', 'missing'));
  if (missing.length > 0) return invalid(game.id, missing);

  // The commitment shown before the round and the one in history must agree; that needs no seed.
  const witnessFailure = witnessCheck(claim);
  if (claim.serverSeed === undefined) {
    if (witnessFailure) return { status: 'mismatch', game: game.id, failures: [witnessFailure], reasons: [witnessFailure.message] };
    if (claim.result === undefined) return invalid(game.id, [claimProblem('result', 'result-missing', 'missing, and no server seed to compute it from')]);
    const notRevealed: ClaimProblem = {
      field: 'serverSeed',
      code: 'not-revealed',
      text: 'the server seed is not revealed yet (Cloudbet reveals it once you rotate to a new seed pair)',
    };
    return { status: 'pending', game: game.id, failures: [], reasons: [notRevealed.text], problems: [notRevealed] };
  }

  const computed = computeRound(game, claim.serverSeed, claim.clientSeed!, claim.nonce!, options);
  const failures: Failure[] = [];
  // Without a history commitment, the one shown before the round is what the seed must hash to.
  const commitment = claim.commitment ?? claim.preRoundCommitment;
  if (commitment !== undefined && commitment !== computed.commitment) {
    failures.push({
      step: 'commitment',
      expected: computed.commitment,
      shown: commitment,
      message: `The revealed server seed hashes to ${short(computed.commitment)}, not to the commitment ${short(commitment)} shown.`,
    });
  }
  if (witnessFailure) failures.push(witnessFailure);
  if (claim.roundSignature !== undefined && claim.roundSignature !== computed.roundSignature) {
    failures.push({
      step: 'signature',
      expected: computed.roundSignature,
      shown: claim.roundSignature,
      message: `The seeds give round signature ${short(computed.roundSignature)}, but ${short(claim.roundSignature)} is shown.`,
    });
  }
  if (claim.result !== undefined && !sameOutcome(game, claim.result, computed.outcome)) {
    failures.push({
      step: 'outcome',
      expected: game.format(computed.outcome),
      shown: game.format(claim.result),
      message: `The seeds give ${game.format(computed.outcome)}, but ${game.format(claim.result)} is shown.`,
    });
  }
  // Plain literals rather than spreads: this is the CLI's hot path (≈9 % of its time went to spreading).
  const trace = computed.trace;
  if (failures.length > 0) {
    const reasons = failures.map((f) => f.message);
    return { status: 'mismatch', game: game.id, failures, reasons, expected: computed.outcome, trace };
  }

  const problems: ClaimProblem[] = [];
  if (commitment === undefined) {
    problems.push(claimProblem('commitment', 'commitment-missing', 'missing, so nothing shows the server seed was fixed before the round'));
  }
  if (claim.result === undefined) problems.push(claimProblem('result', 'result-missing', 'missing, so there is no displayed outcome to compare'));
  if (problems.length > 0) return { ...invalid(game.id, problems), expected: computed.outcome, trace };

  const levelReason = trustReason(claim);
  const level: TrustLevel = levelReason === 'bound-before-bet' ? 'witnessed' : 'history';
  return { status: 'verified', game: game.id, level, levelReason, failures: [], reasons: [], expected: computed.outcome, trace };
}

function witnessCheck(claim: CheckedClaim): Failure | undefined {
  if (claim.preRoundCommitment === undefined || claim.commitment === undefined) return undefined;
  if (claim.preRoundCommitment === claim.commitment) return undefined;
  return {
    step: 'witness',
    expected: claim.preRoundCommitment,
    shown: claim.commitment,
    message: `The commitment shown before the round (${short(claim.preRoundCommitment)}) differs from the one in its history (${short(claim.commitment)}).`,
  };
}

/**
 * The worker's judgement of the round's evidence, still holding now: a reveal seen at or before the
 * outcome (known only later) undoes it. Without a judgement, the round was not watched.
 */
function trustReason(claim: CheckedClaim): WitnessReason {
  const reason = claim.witness ?? 'not-observed';
  if (reason !== 'bound-before-bet') return reason;
  const { result, serverSeed } = claim.observedAt;
  if (result === undefined) return 'not-observed';
  return serverSeed !== undefined && serverSeed <= result ? 'outcome-after-reveal' : reason;
}

function invalid(game: string, problems: ClaimProblem[]): RoundVerdict {
  return { status: 'invalid', game, failures: [], reasons: problems.map((each) => each.text), problems };
}

function unsupported(game: string): RoundVerdict {
  const noAlgorithm: ClaimProblem = { field: 'game', code: 'no-algorithm', text: 'the casino publishes no algorithm for this game, so it cannot be recomputed' };
  return { status: 'unsupported', game, failures: [], reasons: [noAlgorithm.text], problems: [noAlgorithm] };
}

function short(hex: string): string {
  return hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}
