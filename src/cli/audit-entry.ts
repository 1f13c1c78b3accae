// What `verify` keeps of each round for the cross-round audit (core/audit.ts): only the fields the
// audit reads, as a small tuple. It is made where the round is judged (main thread or a worker of
// verify-pool.ts), so the element's full text never has to be kept or parsed twice, and a tuple
// crosses the thread boundary as a few short strings.
import { canonicalOutcome, knownGameId } from '../core/index.js';
import { nodeBackend } from './node-hash-backend.js';

/**
 * [game id, commitment, client seed, nonce, outcome text, server seed, result seen at, server seed
 * seen at, the commitment the server seed hashes to when that is not `commitment` (null when it is, or without a seed)].
 * The outcome may also come as the bit mask of its numbers (outcome-codes.ts), which is what the
 * audit keeps of a set of numbers: the fast path (fast-judge.ts) has it without writing the text.
 */
export type AuditEntry = [
  game: string,
  commitment: string | null,
  clientSeed: string | null,
  nonce: string | null,
  outcome: string | number | null,
  serverSeed: string | null,
  resultAt: number | null,
  serverSeedAt: number | null,
  seedCommitment: string | null,
];

const HEX_64 = /^[0-9a-fA-F]{64}$/;

/** The audit's view of one parsed element; undefined for something that is not a round object. */
export function auditEntryOf(claim: unknown): AuditEntry | undefined {
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) return undefined;
  const raw = claim as Record<string, unknown>;
  const game = typeof raw.game === 'string' ? (knownGameId(raw.game) ?? raw.game) : '?';
  const serverSeed = typeof raw.serverSeed === 'string' && raw.serverSeed !== '' ? raw.serverSeed : null;
  const shown = hex(raw.commitment) ?? hex(raw.preRoundCommitment);
  // Hashed here rather than by the audit so a large file's hashing stays spread over the workers.
  // The seed's own hash is remembered by the backend from verifying the round, so it costs nothing
  // here; the audit knows a seed by it (a commitment binds one seed), not by the seed's text.
  const seedCommitment = serverSeed === null ? null : nodeBackend.sha3_256Hex(serverSeed);
  const commitment = shown ?? seedCommitment;
  const nonce = typeof raw.nonce === 'string' ? raw.nonce.trim() : typeof raw.nonce === 'number' && Number.isFinite(raw.nonce) ? String(raw.nonce) : null;
  const observed = typeof raw.observedAt === 'object' && raw.observedAt !== null ? (raw.observedAt as Record<string, unknown>) : {};
  return [game, commitment, typeof raw.clientSeed === 'string' ? raw.clientSeed : null, nonce, canonicalOutcome(raw.game, raw.result) ?? null, serverSeed, time(observed.result), time(observed.serverSeed), seedCommitment === commitment ? null : seedCommitment];
}

function hex(value: unknown): string | null {
  return typeof value === 'string' && HEX_64.test(value) ? value.toLowerCase() : null;
}

function time(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
