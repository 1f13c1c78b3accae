// The compact audit of `verify` must give exactly the findings of the core's auditRounds (the
// reference) over the same rounds: the rounds go through auditEntryOf as in `verify`, then once into
// CompactAudit and once, as AuditRound objects, into auditRounds.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditEntryOf, type AuditEntry } from '../../src/cli/audit-entry.js';
import { CompactAudit } from '../../src/cli/compact-audit.js';
import { auditRounds, type AuditRound, type Finding } from '../../src/core/index.js';

const sha3 = (text: string): string => createHash('sha3-256').update(text).digest('hex');

/** A round as the old `verify` handed it to auditRounds (what its AuditCollector built from an entry). */
function asAuditRound(entry: AuditEntry): AuditRound {
  const [game, commitment, clientSeed, nonce, outcome, serverSeed, resultAt, serverSeedAt] = entry;
  const round: AuditRound = { game };
  if (commitment !== null) round.commitment = commitment;
  if (clientSeed !== null) round.clientSeed = clientSeed;
  if (nonce !== null) round.nonce = nonce;
  if (outcome !== null) round.result = outcome;
  if (serverSeed !== null) round.serverSeed = serverSeed;
  if (resultAt !== null || serverSeedAt !== null) {
    round.observedAt = {};
    if (resultAt !== null) round.observedAt.result = resultAt;
    if (serverSeedAt !== null) round.observedAt.serverSeed = serverSeedAt;
  }
  return round;
}

/** Both paths over the same claims: [compact, reference]. */
function bothPaths(claims: readonly unknown[]): [Finding[], Finding[]] {
  const entries = claims.map(auditEntryOf);
  const compact = new CompactAudit();
  for (const entry of entries) compact.add(entry);
  const reference = auditRounds(entries.flatMap((entry) => (entry === undefined ? [] : [asAuditRound(entry)])));
  return [compact.findings(), reference];
}

function expectSameFindings(claims: readonly unknown[]): Finding[] {
  const [compact, reference] = bothPaths(claims);
  expect(compact).toEqual(reference);
  // Same order of members too, as --json writes them.
  expect(JSON.stringify(compact)).toBe(JSON.stringify(reference));
  return reference;
}

const SEEDS = ['a'.repeat(64), sha3('second seed'), 'free text seed ✓'];
const COMMITMENTS = SEEDS.map(sha3);
const keno = (seed: number) => Array.from({ length: 10 }, (_, i) => ((seed * 7 + i * 3) % 40) + 1);
const kinds = (findings: Finding[]) => findings.map((f) => f.kind);

describe('CompactAudit gives the findings of auditRounds', () => {
  it('on honest runs: nothing', () => {
    const claims = Array.from({ length: 50 }, (_, i) => ({ game: 'keno', serverSeed: SEEDS[i % 2], commitment: COMMITMENTS[i % 2], clientSeed: 'c', nonce: Math.floor(i / 2) + 1, result: keno(i) }));
    expect(expectSameFindings(claims)).toEqual([]);
  });

  it('on gaps, repeats and conflicts, in any order', () => {
    const at = (nonce: number | string, result: unknown, extra: object = {}) => ({ game: 'European Roulette', commitment: COMMITMENTS[0], clientSeed: 'alice', nonce, result, ...extra });
    const findings = expectSameFindings([at(5, '5'), at(1, '1'), at(2, '2'), at(2, '2'), at(8, '8'), at(3, '3'), at(3, '4'), at('3', '3 Red'), at(9, 9), at(20, '20'), at(12, '00')]);
    expect(kinds(findings)).toEqual(['nonce-gap', 'nonce-repeat', 'nonce-conflict']);
  });

  it('on a conflict between games and the same nonce shown many times', () => {
    const claims = [
      ...Array.from({ length: 9 }, (_, i) => ({ game: 'keno', commitment: COMMITMENTS[1], clientSeed: 'b', nonce: 4, result: keno(i) })),
      { game: 'American Roulette', commitment: COMMITMENTS[2], clientSeed: 'b', nonce: 4, result: '00' },
      { game: 'keno', commitment: COMMITMENTS[2], clientSeed: 'b', nonce: 4, result: keno(1) },
    ];
    expect(kinds(expectSameFindings(claims))).toEqual(['nonce-conflict', 'nonce-conflict']);
  });

  it('on a server seed in two pairs, and rounds played after the reveal', () => {
    const claims = [
      { game: 'keno', serverSeed: SEEDS[0], clientSeed: 'one', nonce: 1, result: keno(1), observedAt: { result: 10, serverSeed: 50 } },
      { game: 'keno', serverSeed: SEEDS[0], clientSeed: 'one', nonce: 2, result: keno(2), observedAt: { result: 60 } },
      { game: 'keno', serverSeed: SEEDS[0], clientSeed: 'two', nonce: '3', result: keno(3) },
      { game: 'keno', serverSeed: SEEDS[1], commitment: COMMITMENTS[2], nonce: 1, result: keno(4) },
      { game: 'keno', serverSeed: SEEDS[1], clientSeed: '', nonce: 1, result: keno(4), observedAt: { result: 70, serverSeed: 20 } },
      { game: 'keno', commitment: COMMITMENTS[1], nonce: 2, result: keno(4), observedAt: { result: 80 } },
    ];
    expect(kinds(expectSameFindings(claims))).toEqual(['server-seed-reused', 'server-seed-reused', 'server-seed-reused', 'server-seed-reused']);
  });

  it('on rounds known only by their revealed seed, next to rounds that show the commitment', () => {
    const claims = [
      { game: 'keno', commitment: COMMITMENTS[2]!.toUpperCase(), clientSeed: 'k', nonce: 1, result: keno(1) },
      { game: 'keno', serverSeed: SEEDS[2], clientSeed: 'k', nonce: 3, result: keno(3) },
    ];
    expect(kinds(expectSameFindings(claims))).toEqual(['nonce-gap']);
  });

  it('on nonces beyond 2^53 written as decimal text', () => {
    const at = (nonce: string, result: string) => ({ game: 'roulette', commitment: COMMITMENTS[0], clientSeed: 'big', nonce, result });
    const claims = [at('9007199254740991', '1'), at('9007199254740993', '2'), at(' 9007199254740993 ', '3'), at('18446744073709551615', '4'), at('18446744073709551614', '4'), at('9007199254740992', '5')];
    const findings = expectSameFindings(claims);
    expect(kinds(findings)).toEqual(['nonce-gap', 'nonce-conflict']);
    expect(findings[0]!.nonces).toContain('9007199254740994–18446744073709551613');
  });

  it('on odd input', () => {
    const claims = [null, 7, 'x', [], {}, { game: 5, commitment: COMMITMENTS[0], clientSeed: 'c', nonce: 1 }, { game: 'keno', commitment: 'abc…def', nonce: 1 },
      { game: 'Keno', commitment: COMMITMENTS[0], clientSeed: 'c', nonce: 1e21, result: { odd: true } }, { game: 'keno', commitment: COMMITMENTS[0], clientSeed: 'c', nonce: '1'.repeat(31) },
      { game: 'keno', commitment: COMMITMENTS[0], clientSeed: 'c', nonce: -1 }, { game: 'keno', commitment: COMMITMENTS[0], clientSeed: 'c', nonce: 'x' },
      { game: 'Some Game', commitment: COMMITMENTS[0], clientSeed: 'c', nonce: 1, result: ['a', 'b'] }, { game: 'some-game', commitment: COMMITMENTS[0], clientSeed: 'c', nonce: 1, result: ['a', 'b'] },
      { game: 'keno', commitment: COMMITMENTS[0], clientSeed: '\ud800', nonce: 1 }, { game: 'keno', commitment: COMMITMENTS[0], clientSeed: '\udc00', nonce: 1 }, { game: 'keno', commitment: COMMITMENTS[0], clientSeed: '\ud800', nonce: 3 },
      { game: 'keno', serverSeed: '', commitment: COMMITMENTS[1], clientSeed: 'c', nonce: 1, observedAt: { result: Infinity, serverSeed: 'soon' } }];
    expectSameFindings(claims);
  });
});

// ---- property ---------------------------------------------------------------------------------------

const commitmentArb = fc.oneof(
  fc.constantFrom(...COMMITMENTS),
  fc.constantFrom(...COMMITMENTS).map((c) => c.toUpperCase()),
  fc.constant(undefined),
  fc.constant('abc…def'),
);
const clientSeedArb = fc.oneof(fc.constantFrom('alice', 'bob', '', 'ü', '\ud800', 'x'.repeat(300), 'émoji 🎲'), fc.constant(undefined), fc.string({ maxLength: 3 }));
const nonceArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 8 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 8 }).map((n) => (n % 2 === 0 ? String(n) : ` ${n} `)) },
  { weight: 2, arbitrary: fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('18446744073709551615', '0000000000000000000000000000001', '1'.repeat(31), '-1', 'x', '1e3', '', undefined, 1e21, 2 ** 53 + 2, 3.5) },
);
const gameArb = fc.constantFrom('keno', 'Keno', 'European Roulette', 'roulette', 'roulette-american', 'Crash', 'crash', 'Weird  Game', 7);
const resultArb = fc.oneof(
  fc.integer({ min: 0, max: 40 }).map(String),
  fc.integer({ min: 0, max: 40 }),
  fc.constantFrom('00', '0', '17 Red', '', ' 3', '52', '53', '3 5', '5 3', '1 2 3 4 5 6 7 8 9 10'),
  fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }),
  fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 4 }),
  fc.constantFrom(null, undefined, { odd: 1 }, ['a', 'b']),
);
const timeArb = fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined });
const claimArb = fc.record(
  {
    game: gameArb,
    commitment: commitmentArb,
    serverSeed: fc.oneof(fc.constantFrom(...SEEDS), fc.constant(''), fc.constant(undefined)),
    clientSeed: clientSeedArb,
    nonce: nonceArb,
    result: resultArb,
    observedAt: fc.option(fc.record({ result: timeArb, serverSeed: timeArb }), { nil: undefined }),
  },
  { requiredKeys: ['game'] },
);

describe('CompactAudit, property', () => {
  it('gives the findings of auditRounds for any rounds', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 20, arbitrary: claimArb }, { weight: 1, arbitrary: fc.anything() }), { maxLength: 40 }), (claims) => {
        const [compact, reference] = bothPaths(claims);
        expect(compact).toEqual(reference);
        expect(JSON.stringify(compact)).toBe(JSON.stringify(reference));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the findings of auditRounds on long runs of a few pairs with a few faults', () => {
    const faultArb = fc.record({ at: fc.nat(299), kind: fc.constantFrom('drop', 'twice', 'other', 'swap', 'late') });
    fc.assert(
      fc.property(fc.array(faultArb, { maxLength: 6 }), fc.integer({ min: 1, max: 4 }), (faults, pairs) => {
        const claims: object[] = [];
        for (let i = 0; i < 300; i++) {
          const p = i % pairs;
          const claim = { game: 'keno', serverSeed: SEEDS[p % 3], clientSeed: `client ${p}`, nonce: Math.floor(i / pairs) + 1, result: keno(i) };
          const fault = faults.find((f) => f.at === i)?.kind;
          if (fault === 'drop') continue;
          if (fault === 'twice') claims.push(claim);
          if (fault === 'other') claims.push({ ...claim, result: keno(i + 1) });
          if (fault === 'swap') claims.splice(Math.max(0, claims.length - 3), 0, claim);
          else claims.push(fault === 'late' ? { ...claim, observedAt: { result: 9, serverSeed: 3 } } : claim);
        }
        const [compact, reference] = bothPaths(claims);
        expect(compact).toEqual(reference);
      }),
      { numRuns: 100 },
    );
  });
});
