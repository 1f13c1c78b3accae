// Gathers the audit entries of `verify` in input order and runs the core's auditRounds at the end.
// A million-round file must not hold a million copies of the same seeds: commitments, client seeds,
// server seeds and game ids repeat across a seed pair's rounds, so each distinct string is kept once.
import { auditRounds, type AuditRound, type Finding } from '../core/index.js';
import type { AuditEntry } from './audit-entry.js';

export class AuditCollector {
  private readonly rounds: AuditRound[] = [];
  private readonly strings = new Map<string, string>();

  add(entry: AuditEntry | null | undefined): void {
    if (!entry) return;
    const [game, commitment, clientSeed, nonce, outcome, serverSeed, resultAt, serverSeedAt] = entry;
    const round: AuditRound = { game: this.intern(game) };
    if (commitment !== null) round.commitment = this.intern(commitment);
    if (clientSeed !== null) round.clientSeed = this.intern(clientSeed);
    if (nonce !== null) round.nonce = nonce;
    // Roulette's few outcomes are shared; keno's draws are nearly all distinct, so not worth a map entry.
    if (outcome !== null) round.result = outcome.length <= 2 ? this.intern(outcome) : outcome;
    if (serverSeed !== null) round.serverSeed = this.intern(serverSeed);
    if (resultAt !== null || serverSeedAt !== null) {
      round.observedAt = {};
      if (resultAt !== null) round.observedAt.result = resultAt;
      if (serverSeedAt !== null) round.observedAt.serverSeed = serverSeedAt;
    }
    this.rounds.push(round);
  }

  findings(): Finding[] {
    return auditRounds(this.rounds);
  }

  private intern(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    this.strings.set(text, text);
    return text;
  }
}
