import type { DisplayProblemCode, GameDefinition, Outcome, ParsedDisplay } from './games/game.js';
import { lookupGame, type GameLookup } from './games/registry.js';
import { WITNESS_REASONS, type WitnessReason } from './witness.js';
import { firstControl } from './printable.js';
import { MAX_SEED_LENGTH } from './limits.js';

/** Fields of a round as the casino shows them; `observedAt` says when each was first seen. */
export const CLAIM_FIELDS = ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature'] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];

/**
 * What a page (or a file) claims about one round. Everything is untrusted and may be missing:
 * `checkClaim` turns it into typed values or says which field is wrong.
 */
export interface RoundClaim {
  game: string;
  serverSeed?: string;
  commitment?: string;
  clientSeed?: string;
  nonce?: number | string;
  /** The displayed outcome: "17"/"00", or keno's 10 numbers (array or text, any order). */
  result?: unknown;
  roundSignature?: string;
  /** The commitment shown before the round was played, when one was seen. */
  preRoundCommitment?: string;
  /** Milliseconds since the epoch at which each field was first observed. */
  observedAt?: Partial<Record<ClaimField, number>>;
  /**
   * What the extension's own observations prove about the order of commitment, bet and outcome
   * (core/witness.ts). Only the worker sets it; a claim without it is `history`.
   */
  witness?: WitnessReason;
}

export interface CheckedClaim {
  lookup: GameLookup;
  serverSeed?: string;
  commitment?: string;
  clientSeed?: string;
  /** Canonical decimal text, as the seeds' `${nonce}` writes it. */
  nonce?: string;
  result?: Outcome;
  roundSignature?: string;
  preRoundCommitment?: string;
  observedAt: Partial<Record<ClaimField, number>>;
  witness?: WitnessReason;
}

/** What a problem is, for the UI to word it in the player's language (the CLI prints `text`). */
export type ProblemCode =
  | 'not-object'
  | 'missing'
  | 'unknown-game'
  | 'not-text'
  | 'empty'
  | 'too-long'
  | 'truncated'
  | 'broken-unicode'
  | 'control-character'
  | 'not-hex'
  | 'nonce-inexact'
  | 'not-whole-number'
  | 'unreadable'
  | 'not-times'
  // Why the displayed outcome cannot be read (the game's parser, games/*.ts).
  | `result-${DisplayProblemCode}`
  // Why a well-formed round still has no verdict (verify.ts).
  | 'commitment-missing'
  | 'result-missing'
  | 'not-revealed'
  | 'no-algorithm';

/** Why a claim, or one of its fields, cannot be checked. */
export interface ClaimProblem {
  /** The field concerned ('round' for the whole claim, 'observedAt.result' for one time). */
  field: string;
  code: ProblemCode;
  /** The offending value, clipped, or a detail, where the words quote it. */
  value?: string;
  /** The limit a value went over. */
  limit?: number;
  /** The problem in English, `field: …`: what the CLI prints and a stored verdict keeps. */
  text: string;
}

export const claimProblem = (field: string, code: ProblemCode, text: string, extra: { value?: string; limit?: number } = {}): ClaimProblem => ({
  field,
  code,
  ...extra,
  text: `${field}: ${text}`,
});

export type ClaimCheck = { ok: true; claim: CheckedClaim } | { ok: false; problems: ClaimProblem[]; lookup?: GameLookup };

const HEX_64 = /^[0-9a-fA-F]{64}$/;
// Pages shorten long hex as "3f2a…9c1e" or "3f2a...9c1e"; such a value is never the real one.
const TRUNCATION = /…|\.\.\./;

/** Validates and normalises one claim. Total: any input gets a result, never an exception. */
export function checkClaim(input: unknown): ClaimCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, problems: [claimProblem('round', 'not-object', 'must be an object with game, serverSeed, clientSeed, nonce…')] };
  }
  const raw = input as Record<string, unknown>;
  const problems: ClaimProblem[] = [];

  if (typeof raw.game !== 'string' || raw.game.trim() === '') {
    return { ok: false, problems: [claimProblem('game', 'missing', 'missing')] };
  }
  const lookup = lookupGame(raw.game);
  if (lookup.kind === 'unknown') {
    return { ok: false, lookup, problems: [claimProblem('game', 'unknown-game', `unknown game "${clip(raw.game)}"`, { value: clip(raw.game) })] };
  }

  const serverSeed = optionalSeed(raw.serverSeed, 'serverSeed', problems, false);
  const clientSeed = optionalSeed(raw.clientSeed, 'clientSeed', problems, true);
  const commitment = optionalHex(raw.commitment, 'commitment', problems);
  const roundSignature = optionalHex(raw.roundSignature, 'roundSignature', problems);
  const preRoundCommitment = optionalHex(raw.preRoundCommitment, 'preRoundCommitment', problems);
  const nonce = optionalNonce(raw.nonce, problems);

  let result: Outcome | undefined;
  if (raw.result !== undefined && raw.result !== null && lookup.kind === 'supported') {
    const parsed = parseResult(lookup.game, raw.result);
    if (parsed.ok) result = parsed.outcome;
    else problems.push(claimProblem('result', `result-${parsed.code}`, parsed.reason, { value: parsed.value, limit: parsed.limit }));
  }

  const observedAt = checkObservedAt(raw.observedAt, problems);
  // Anything but a known reason is no evidence at all.
  const witness = (WITNESS_REASONS as readonly unknown[]).includes(raw.witness) ? (raw.witness as WitnessReason) : undefined;
  if (problems.length > 0) return { ok: false, lookup, problems };
  return {
    ok: true,
    claim: { lookup, serverSeed, commitment, clientSeed, nonce, result, roundSignature, preRoundCommitment, observedAt, witness },
  };
}

/**
 * The game's reading of a displayed outcome. Roulette unwraps a one-item list by recursing, so a
 * list nested thousands deep (valid JSON) overflows the stack: that is a refusal, not a throw.
 */
function parseResult(game: GameDefinition, shown: unknown): ParsedDisplay {
  try {
    return game.parseDisplayed(shown);
  } catch (error) {
    return { ok: false, reason: `could not be read (${error instanceof RangeError ? 'nested too deeply' : 'an unreadable value'})`, code: 'too-deep' };
  }
}

function optionalSeed(value: unknown, field: string, problems: ClaimProblem[], emptyAllowed: boolean): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.push(claimProblem(field, 'not-text', 'must be text'));
    return undefined;
  }
  const control = firstControl(value);
  if (value === '' && !emptyAllowed) {
    problems.push(claimProblem(field, 'empty', 'empty'));
  } else if (value.length > MAX_SEED_LENGTH) {
    problems.push(claimProblem(field, 'too-long', `longer than ${MAX_SEED_LENGTH} characters`, { limit: MAX_SEED_LENGTH }));
  } else if (TRUNCATION.test(value)) {
    problems.push(claimProblem(field, 'truncated', `looks truncated ("${clip(value)}"); the full value is needed`, { value: clip(value) }));
  } else if (value.isWellFormed && !value.isWellFormed()) {
    problems.push(claimProblem(field, 'broken-unicode', 'contains a broken Unicode surrogate'));
  } else if (control !== undefined) {
    problems.push(claimProblem(field, 'control-character', `contains the control character ${control}, which no seed shown to a player has`, { value: control }));
  }
  return value;
}

function optionalHex(value: unknown, field: string, problems: ClaimProblem[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.push(claimProblem(field, 'not-hex', 'must be 64 hex characters'));
    return undefined;
  }
  if (TRUNCATION.test(value)) {
    problems.push(claimProblem(field, 'truncated', `looks truncated ("${clip(value)}"); the full value is needed`, { value: clip(value) }));
    return undefined;
  }
  if (!HEX_64.test(value)) {
    problems.push(claimProblem(field, 'not-hex', `must be 64 hex characters, got "${clip(value)}"`, { value: clip(value) }));
    return undefined;
  }
  return value.toLowerCase();
}

/** A nonce is a non-negative integer; as a JSON number it must be exact (≤ 2^53−1). */
function optionalNonce(value: unknown, problems: ClaimProblem[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      problems.push(
        Number.isInteger(value) && value > 0
          ? claimProblem('nonce', 'nonce-inexact', 'larger than 2^53−1 as a number, so not exact; give it as a string')
          : claimProblem('nonce', 'not-whole-number', `must be a non-negative whole number, got ${value}`, { value: String(value) }),
      );
      return undefined;
    }
    return String(value);
  }
  if (typeof value === 'string' && /^\d{1,20}$/.test(value.trim())) return BigInt(value.trim()).toString();
  const shown = typeof value === 'string' ? `"${clip(value)}"` : typeof value;
  problems.push(claimProblem('nonce', 'not-whole-number', `must be a non-negative whole number, got ${shown}`, { value: shown }));
  return undefined;
}

function checkObservedAt(value: unknown, problems: ClaimProblem[]): Partial<Record<ClaimField, number>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push(claimProblem('observedAt', 'not-times', 'must map field names to times'));
    return {};
  }
  const times: Partial<Record<ClaimField, number>> = {};
  for (const field of CLAIM_FIELDS) {
    const time = (value as Record<string, unknown>)[field];
    if (time === undefined) continue;
    if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) {
      problems.push(claimProblem(`observedAt.${field}`, 'not-times', 'must be a time in milliseconds'));
    } else {
      times[field] = time;
    }
  }
  return times;
}

export function clip(text: string, length = 40): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
