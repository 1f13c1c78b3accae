import { describe, expect, it } from 'vitest';
import { auditRounds, type AuditRound, type Finding, type SeedPairSighting } from '../../src/core/audit.js';
import { nobleBackend } from '../../src/core/hashing.js';

const SEED_A = 'a'.repeat(64);
const SEED_B = 'b'.repeat(64);
const A = nobleBackend.sha3_256Hex(SEED_A);
const B = nobleBackend.sha3_256Hex(SEED_B);
const short = (hex: string) => `${hex.slice(0, 8)}…${hex.slice(-8)}`;

/** A roulette round of seed pair (commitment, client seed) at `nonce`, keyed like the extension's store. */
function round(commitment: string, clientSeed: string, nonce: number | string, extra: Partial<AuditRound> = {}): AuditRound {
  return { key: `${commitment}|${clientSeed}|${nonce}`, game: 'European Roulette', commitment, clientSeed, nonce: String(nonce), result: String(Number(nonce) % 37), ...extra };
}

const run = (pair: [string, string], nonces: number[], extra: Partial<AuditRound> = {}) => nonces.map((n) => round(pair[0], pair[1], n, extra));
const kinds = (findings: Finding[]) => findings.map((f) => f.kind);

describe('auditRounds: histories that must raise nothing', () => {
  it('an empty history', () => {
    expect(auditRounds([])).toEqual([]);
  });

  it('consecutive nonces, in any order', () => {
    expect(auditRounds(run([A, 'alice'], [3, 1, 2, 5, 4]))).toEqual([]);
  });

  it('a new seed pair starting at 1 again', () => {
    expect(auditRounds([...run([A, 'alice'], [1, 2, 3]), ...run([B, 'bob'], [1, 2])])).toEqual([]);
  });

  it('one commitment with a second client seed is a second pair, counted on its own', () => {
    expect(auditRounds([...run([A, 'alice'], [1, 2, 3]), ...run([A, 'alice2'], [1, 2])])).toEqual([]);
  });

  it('the same round twice from two merged exports (same key)', () => {
    const once = run([A, 'alice'], [1, 2, 3]);
    expect(auditRounds([...once, ...once.map((r) => ({ ...r }))])).toEqual([]);
  });

  it('the same round seen once pending and once settled, under one key', () => {
    const settled = round(A, 'alice', 1);
    expect(auditRounds([{ ...settled, result: undefined }, settled])).toEqual([]);
  });

  it('rounds with the client seed the player set, and reveals before nothing', () => {
    const sightings: SeedPairSighting[] = [{ commitment: A, clientSeed: 'alice', firstSeenAt: 100, revealedSeed: SEED_A, revealedAt: 5000 }];
    const rounds = run([A, 'alice'], [1, 2], { serverSeed: SEED_A, observedAt: { commitment: 100, result: 200, serverSeed: 5000 } });
    expect(auditRounds(rounds, sightings)).toEqual([]);
  });

  it('the commitment in upper case is the same pair', () => {
    expect(auditRounds([round(A, 'alice', 1), round(A.toUpperCase(), 'alice', 2)])).toEqual([]);
  });

  it('odd input never throws', () => {
    const odd = [null, 7, { game: 'Keno' }, { game: 'Roulette', commitment: A, nonce: 'x' }, { game: 'Roulette', commitment: A, clientSeed: 'c', nonce: '-1' }];
    expect(auditRounds(odd as never, [null, { commitment: 5 }] as never)).toEqual([]);
  });
});

describe('nonce-gap', () => {
  it('reports the missing nonces compactly, neutrally, with the rounds on either side', () => {
    const findings = auditRounds(run([A, 'alice'], [1, 2, 3, 4, 8, 9, 11]));
    expect(findings).toEqual([
      {
        kind: 'nonce-gap',
        severity: 'finding',
        commitment: A,
        clientSeed: 'alice',
        nonces: ['5–7', '10'],
        roundKeys: [`${A}|alice|4`, `${A}|alice|8`, `${A}|alice|9`, `${A}|alice|11`],
        message: `Seed pair ${short(A)} with client seed "alice" has no rounds at nonces 5–7 and 10 between nonces 1 and 11; they may have been played in a game or tab the extension did not see.`,
      },
    ]);
  });

  it('a single missing nonce reads in the singular', () => {
    const [finding] = auditRounds(run([A, 'alice'], [1, 3]));
    expect(finding!.message).toContain('has no rounds at nonce 2 between nonces 1 and 3');
  });

  it('does not count nonces before the first one seen', () => {
    expect(auditRounds(run([A, 'alice'], [40, 41, 42]))).toEqual([]);
  });

  it('counts gaps per seed pair, across games', () => {
    const rounds = [round(A, 'alice', 1), round(A, 'alice', 2, { game: 'Keno', result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }), round(A, 'alice', 3), ...run([B, 'bob'], [1, 5])];
    const findings = auditRounds(rounds);
    expect(findings.map((f) => [f.kind, f.commitment, f.nonces])).toEqual([['nonce-gap', B, ['2–4']]]);
  });

  it('places rounds that show only the revealed seed on the pair its hash names', () => {
    const rounds = [round(A, 'alice', 1), { ...round(A, 'alice', 4), commitment: undefined, serverSeed: SEED_A, key: undefined }];
    expect(auditRounds(rounds).map((f) => [f.kind, f.commitment, f.nonces, f.roundKeys])).toEqual([['nonce-gap', A, ['2–3'], [`${A}|alice|1`]]]);
  });

  it('handles nonces beyond 2^53 exactly', () => {
    const big = 2n ** 60n;
    const findings = auditRounds([round(A, 'alice', String(big)), round(A, 'alice', String(big + 1n)), round(A, 'alice', String(big + 3n))]);
    expect(findings.map((f) => f.nonces)).toEqual([[String(big + 2n)]]);
  });

  it('a long list of gaps is shortened in the sentence but complete in `nonces`', () => {
    const findings = auditRounds(run([A, 'alice'], [1, 3, 5, 7, 9, 11, 13, 15, 17]));
    expect(findings[0]!.nonces).toEqual(['2', '4', '6', '8', '10', '12', '14', '16']);
    expect(findings[0]!.message).toContain('nonces 2, 4, 6, 8, 10 and 3 more between nonces 1 and 17');
  });
});

describe('nonce-repeat and nonce-conflict', () => {
  it('the same nonce twice with the same outcome under different keys is a repeat', () => {
    const first = round(A, 'alice', 5, { key: 'export-1#5', result: '5' });
    const second = round(A, 'alice', 5, { key: 'export-2#9', result: '5 Red' });
    const findings = auditRounds([round(A, 'alice', 4), first, second]);
    expect(findings).toEqual([
      {
        kind: 'nonce-repeat',
        severity: 'finding',
        commitment: A,
        clientSeed: 'alice',
        nonces: ['5'],
        roundKeys: ['export-1#5', 'export-2#9'],
        message: `Seed pair ${short(A)} with client seed "alice" at nonce 5 appears 2 times with the same outcome (5): either one round was recorded twice or the nonce was used for more than one bet.`,
      },
    ]);
  });

  it('entries without keys cannot be told apart, so they are a repeat too', () => {
    const plain = { game: 'Keno', commitment: A, clientSeed: 'c', nonce: '1', result: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] };
    const findings = auditRounds([plain, { ...plain, result: '1 2 3 4 5 6 7 8 9 10' }, plain]);
    expect(kinds(findings)).toEqual(['nonce-repeat']);
    expect(findings[0]!.message).toContain('appears 3 times with the same outcome (1 2 3 4 5 6 7 8 9 10)');
    expect(findings[0]!.roundKeys).toBeUndefined();
  });

  it('two outcomes for one seed pair and nonce are a conflict, also under one key', () => {
    const findings = auditRounds([round(A, 'alice', 7, { result: '7' }), round(A, 'alice', 7, { result: '8' })]);
    expect(findings).toEqual([
      {
        kind: 'nonce-conflict',
        severity: 'finding',
        commitment: A,
        clientSeed: 'alice',
        nonces: ['7'],
        roundKeys: [`${A}|alice|7`],
        message: `Seed pair ${short(A)} with client seed "alice" at nonce 7 is shown with the outcomes 7 and 8, but one seed pair and nonce give exactly one round.`,
      },
    ]);
  });

  it('two games on one nonce are a conflict', () => {
    const findings = auditRounds([round(A, 'alice', 2, { key: 'r' }), round(A, 'alice', 2, { key: 'k', game: 'Keno', result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })]);
    expect(kinds(findings)).toEqual(['nonce-conflict']);
    expect(findings[0]!.message).toContain('is shown with rounds of roulette-european and keno');
  });

  it('the same nonce in two different pairs is nothing', () => {
    expect(auditRounds([round(A, 'alice', 1), round(B, 'alice', 1), round(A, 'bob', 1)])).toEqual([]);
  });

  it('one round given with the other outcomes shown for it is a conflict, as two rounds would be', () => {
    const one = auditRounds([round(A, 'alice', 7, { result: '7', otherResults: ['8'] })]);
    expect(one).toEqual(auditRounds([round(A, 'alice', 7, { result: '7' }), round(A, 'alice', 7, { result: '8' })]));
    // The same outcome written another way is no other outcome.
    expect(auditRounds([round(A, 'alice', 7, { result: '7', otherResults: ['7 Red'] })])).toEqual([]);
  });

  it('one round given with other bets on its nonce is a repeat, counting every bet', () => {
    const findings = auditRounds([round(A, 'alice', 5, { result: '5', otherBets: 2 })]);
    expect(kinds(findings)).toEqual(['nonce-repeat']);
    expect(findings[0]).toMatchObject({ roundKeys: [`${A}|alice|5`], nonces: ['5'] });
    expect(findings[0]!.message).toContain('appears 3 times with the same outcome (5)');
  });
});

describe('client-seed-changed', () => {
  it('a round whose client seed is not the one set for its commitment', () => {
    const sightings: SeedPairSighting[] = [{ commitment: A, clientSeed: 'alice', firstSeenAt: 100 }];
    const rounds = [...run([A, 'alice'], [1, 2]), ...run([A, 'mallory'], [3, 4, 5])];
    expect(auditRounds(rounds, sightings)).toEqual([
      {
        kind: 'client-seed-changed',
        severity: 'finding',
        commitment: A,
        clientSeed: 'mallory',
        nonces: ['3', '4', '5'],
        roundKeys: [`${A}|mallory|3`, `${A}|mallory|4`, `${A}|mallory|5`],
        message: `The rounds at nonces 3–5 of seed pair ${short(A)} used client seed "mallory", but the client seed set for that pair was "alice".`,
      },
    ]);
  });

  it('follows a client seed the player changed: the seed in force when the result was seen counts', () => {
    const sightings: SeedPairSighting[] = [
      { commitment: A, clientSeed: 'first', firstSeenAt: 100 },
      { commitment: A, clientSeed: 'second', firstSeenAt: 200 },
    ];
    const rounds = [
      round(A, 'first', 1, { observedAt: { result: 150 } }),
      round(A, 'second', 1, { observedAt: { result: 250 } }),
      round(A, 'first', 2, { observedAt: { result: 260 } }),
    ];
    const findings = auditRounds(rounds, sightings);
    expect(findings.map((f) => [f.kind, f.clientSeed, f.nonces])).toEqual([['client-seed-changed', 'first', ['2']]]);
    expect(findings[0]!.message).toBe(`The round at nonce 2 of seed pair ${short(A)} used client seed "first", but the client seed set for that pair was "second".`);
  });

  it('without times, any client seed shown for the commitment is accepted', () => {
    const sightings: SeedPairSighting[] = [
      { commitment: A, clientSeed: 'first', firstSeenAt: 100 },
      { commitment: A, clientSeed: 'second', firstSeenAt: 200 },
    ];
    expect(auditRounds([round(A, 'first', 1), round(A, 'second', 1)], sightings)).toEqual([]);
    expect(auditRounds([round(A, 'third', 1)], sightings)[0]!.message).toContain('was "first" or "second"');
  });

  it('a sighting without a client seed, or of another commitment, says nothing', () => {
    expect(auditRounds(run([A, 'x'], [1]), [{ commitment: A, firstSeenAt: 1 }, { commitment: B, clientSeed: 'y', firstSeenAt: 1 }])).toEqual([]);
  });
});

describe('server-seed-reused', () => {
  it('rounds whose result was first seen after their server seed was revealed', () => {
    const sightings: SeedPairSighting[] = [{ commitment: A, clientSeed: 'alice', firstSeenAt: 100, revealedSeed: SEED_A, revealedAt: 1_700_000_000_000 }];
    const rounds = [
      round(A, 'alice', 1, { observedAt: { result: 1_699_999_999_000 } }),
      round(A, 'alice', 2, { observedAt: { result: 1_700_000_001_000 } }),
      round(A, 'alice', 3, { observedAt: { result: 1_700_000_002_000 } }),
    ];
    expect(auditRounds(rounds, sightings)).toEqual([
      {
        kind: 'server-seed-reused',
        severity: 'finding',
        commitment: A,
        clientSeed: 'alice',
        nonces: ['2', '3'],
        roundKeys: [`${A}|alice|2`, `${A}|alice|3`],
        message: `The server seed of seed pair ${short(A)} was revealed at 2023-11-14T22:13:20.000Z, but the rounds at nonces 2–3 first showed a result after that: if played then, they used a server seed that was already public.`,
      },
    ]);
  });

  it('the reveal time can come from a round that showed the seed', () => {
    const rounds = [
      round(A, 'alice', 1, { serverSeed: SEED_A, observedAt: { result: 10, serverSeed: 20 } }),
      round(A, 'alice', 2, { observedAt: { result: 30 } }),
    ];
    expect(auditRounds(rounds).map((f) => [f.kind, f.nonces])).toEqual([['server-seed-reused', ['2']]]);
  });

  it('a result seen at the very moment of the reveal is not after it', () => {
    const sightings: SeedPairSighting[] = [{ commitment: A, firstSeenAt: 1, revealedSeed: SEED_A, revealedAt: 50 }];
    expect(auditRounds([round(A, 'alice', 1, { observedAt: { result: 50 } })], sightings)).toEqual([]);
  });

  it('one revealed server seed under two client seeds', () => {
    const rounds = [...run([A, 'alice'], [1, 2], { serverSeed: SEED_A }), ...run([A, 'bob'], [1], { serverSeed: SEED_A })];
    const findings = auditRounds(rounds);
    expect(findings.map((f) => [f.kind, f.commitment, f.roundKeys?.length])).toEqual([['server-seed-reused', A, 3]]);
    expect(findings[0]!.message).toBe(
      `Server seed ${short(SEED_A)} was used in more than one seed pair, ${short(A)} with client seed "alice" (nonces 1–2) and ${short(A)} with client seed "bob" (nonce 1), but a server seed belongs to one seed pair and is never used again.`,
    );
  });

  it('one server seed revealed for two commitments (sightings alone)', () => {
    const sightings: SeedPairSighting[] = [
      { commitment: A, firstSeenAt: 1, revealedSeed: SEED_A, revealedAt: 2 },
      { commitment: B, firstSeenAt: 3, revealedSeed: SEED_A, revealedAt: 4 },
    ];
    const findings = auditRounds([], sightings);
    expect(findings.map((f) => [f.kind, f.commitment])).toEqual([['server-seed-reused', A]]);
    expect(findings[0]!.message).toContain(`${short(A)} and ${short(B)}`);
  });

  it('a reveal of the same pair the rounds show is no reuse', () => {
    const sightings: SeedPairSighting[] = [{ commitment: A, firstSeenAt: 1, revealedSeed: SEED_A, revealedAt: 1000 }];
    expect(auditRounds(run([A, 'alice'], [1, 2], { serverSeed: SEED_A, observedAt: { result: 500 } }), sightings)).toEqual([]);
    const withClient: SeedPairSighting[] = [{ ...sightings[0]!, clientSeed: 'alice' }];
    expect(auditRounds(run([A, 'alice'], [1, 2], { serverSeed: SEED_A, observedAt: { result: 500 } }), withClient)).toEqual([]);
  });
});

describe('findings come in a stable order: nonces per pair, then client seeds, then server seeds', () => {
  it('several kinds at once', () => {
    const sightings: SeedPairSighting[] = [{ commitment: A, clientSeed: 'alice', firstSeenAt: 0, revealedSeed: SEED_A, revealedAt: 100 }];
    const rounds = [
      ...run([A, 'alice'], [1, 2, 5], { observedAt: { result: 50 } }),
      round(A, 'eve', 1, { observedAt: { result: 60 } }),
      round(A, 'alice', 6, { observedAt: { result: 150 } }),
    ];
    expect(kinds(auditRounds(rounds, sightings))).toEqual(['nonce-gap', 'client-seed-changed', 'server-seed-reused']);
  });
});
