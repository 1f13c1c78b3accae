// The cross-round rules, each decided once (src/core/cross-round-rules.ts), and what the worker and
// the command line make of them.
import { describe, expect, it } from 'vitest';
import { StoreFindings } from '../../src/background/findings.js';
import { mergeClaim } from '../../src/background/merge.js';
import { auditEntryOf } from '../../src/cli/audit-entry.js';
import { CompactAudit } from '../../src/cli/compact-audit.js';
import {
  auditRounds,
  canonicalOutcome,
  namedSeedUses,
  nonceRule,
  resultAfterReveal,
  seedUseKey,
  skippedNonces,
  withNonceConflict,
  type Failure,
  type Finding,
  type RoundVerdict,
} from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const failure: Failure = { step: 'nonce', expected: '17', shown: '17 / 3', message: 'Nonce 4 of this seed pair was shown with different outcomes: 17 / 3.' };

describe('one seed pair and nonce, one round', () => {
  it('other outcomes or other games at one nonce are a conflict, more bets on one outcome a repeat', () => {
    expect(nonceRule(1, 1, 1)).toBeUndefined();
    expect(nonceRule(0, 1, 1)).toBeUndefined();
    expect(nonceRule(2, 1, 1)).toBe('nonce-conflict');
    expect(nonceRule(1, 2, 1)).toBe('nonce-conflict');
    expect(nonceRule(2, 1, 3)).toBe('nonce-conflict');
    expect(nonceRule(1, 1, 2)).toBe('nonce-repeat');
    expect(nonceRule(0, 1, 2)).toBe('nonce-repeat');
  });

  it('a pending round shown with another outcome becomes a mismatch at step nonce, its pending reasons gone', () => {
    const pending: RoundVerdict = { status: 'pending', game: 'keno', failures: [], reasons: ['not revealed'], problems: [{ field: 'serverSeed', code: 'not-revealed', text: 'not revealed' }] };
    expect(withNonceConflict(pending, failure)).toEqual({ status: 'mismatch', game: 'keno', failures: [failure], reasons: [failure.message] });
    expect(pending.status).toBe('pending');
  });

  it('a verified round loses its trust level; a mismatched one keeps its failures and reasons', () => {
    const verified: RoundVerdict = { status: 'verified', game: 'keno', level: 'witnessed', levelReason: 'bound-before-bet', failures: [], reasons: [], expected: [1, 2] };
    expect(withNonceConflict(verified, failure)).toEqual({ status: 'mismatch', game: 'keno', failures: [failure], reasons: [failure.message], expected: [1, 2] });
    const outcome: Failure = { step: 'outcome', expected: '3', shown: '17', message: 'The seeds give 3, but 17 is shown.' };
    const mismatched: RoundVerdict = { status: 'mismatch', game: 'keno', failures: [outcome], reasons: [outcome.message] };
    expect(withNonceConflict(mismatched, failure)).toMatchObject({ failures: [outcome, failure], reasons: [outcome.message, failure.message] });
  });
});

describe('a seed pair counts its nonces 1, 2, 3…', () => {
  it('names the nonces skipped between two that follow each other', () => {
    expect(skippedNonces(1n, 2n)).toBeUndefined();
    expect(skippedNonces(1n, 3n)).toEqual([2n, 2n]);
    expect(skippedNonces(4n, 9n)).toEqual([5n, 8n]);
    expect(skippedNonces(2n ** 64n, 2n ** 64n + 3n)).toEqual([2n ** 64n + 1n, 2n ** 64n + 2n]);
  });
});

describe('a revealed server seed is never played', () => {
  it('only a result first seen after the reveal, both times known', () => {
    expect(resultAfterReveal(100, 101)).toBe(true);
    expect(resultAfterReveal(100, 100)).toBe(false);
    expect(resultAfterReveal(100, 99)).toBe(false);
    expect(resultAfterReveal(undefined, 101)).toBe(false);
    expect(resultAfterReveal(NaN, 101)).toBe(false);
    expect(resultAfterReveal(100, undefined)).toBe(false);
    expect(resultAfterReveal(100, NaN)).toBe(false);
    // A time a file gives as text is no time.
    expect(resultAfterReveal(100, '101')).toBe(false);
  });
});

describe('the canonical text of an outcome', () => {
  it('a supported game reads the value as its outcome, however it is written', () => {
    expect(canonicalOutcome('European Roulette', '17 Red')).toBe('17');
    expect(canonicalOutcome('roulette', 17)).toBe('17');
    expect(canonicalOutcome('American Roulette', '00 Green')).toBe('00');
    const drawn = ['40', '3', '12', '7', '1', '2', '5', '9', '22', '30'];
    expect(canonicalOutcome('Keno', drawn)).toBe('1 2 3 5 7 9 12 22 30 40');
    expect(canonicalOutcome('keno', drawn.map(Number).reverse())).toBe('1 2 3 5 7 9 12 22 30 40');
  });

  it("a game the registry does not know, or a value that is not the game's outcome: only the writing is set aside", () => {
    for (const game of ['mines', 'Some New Game', undefined, 7]) {
      // A text stays as it is: spaces and all, never read as a number.
      expect(canonicalOutcome(game, '17')).toBe('17');
      expect(canonicalOutcome(game, ' 17')).toBe(' 17');
      expect(canonicalOutcome(game, '017')).toBe('017');
      // A list is its items in order, however the page or the file ordered or wrote them.
      expect(canonicalOutcome(game, ['2', '1'])).toBe('1 2');
      expect(canonicalOutcome(game, [2, 1])).toBe('1 2');
      expect(canonicalOutcome(game, ['1', '2'])).toBe(canonicalOutcome(game, '1 2'));
      expect(canonicalOutcome(game, 17)).toBe(canonicalOutcome(game, '17'));
      // Anything else is its JSON; no outcome is none.
      expect(canonicalOutcome(game, { odd: 1 })).toBe('{"odd":1}');
      expect(canonicalOutcome(game, [['1'], '2'])).toBe('[["1"],"2"]');
      expect(canonicalOutcome(game, 10n)).toBe('bigint');
      expect(canonicalOutcome(game, null)).toBeUndefined();
      expect(canonicalOutcome(game, undefined)).toBeUndefined();
    }
    expect(canonicalOutcome('roulette', '99')).toBe('99');
    expect(canonicalOutcome('keno', ['5', '3'])).toBe('3 5');
  });

  it('is its own canonical text, so text kept as canonical reads back the same', () => {
    const shown = ['17 Red', 17, '00', '99', ' 17', ['2', '1'], [3, 1, 2], { odd: 1 }, ['40', '3', '12', '7', '1', '2', '5', '9', '22', '30']];
    for (const game of ['roulette', 'American Roulette', 'keno', 'mines', 'Some New Game']) {
      for (const value of shown) {
        const text = canonicalOutcome(game, value)!;
        expect(canonicalOutcome(game, text)).toBe(text);
      }
    }
  });
});

describe('one outcome for the worker, its findings and the command line', () => {
  const commitment = 'c'.repeat(64);
  const claim = (game: string, result: string | string[]): CapturedClaim & { game: string } => ({ game, commitment, clientSeed: 'alice', nonce: '4', result, source: 'dom', observedAt: {} });
  const nonceFindings = (findings: Finding[]) => findings.filter((f) => f.kind === 'nonce-conflict' || f.kind === 'nonce-repeat');

  /** What each caller makes of two sightings of one round: other outcomes in the worker's record, and the findings. */
  function judged(game: string, first: string | string[], second: string | string[]) {
    const record = mergeClaim(mergeClaim(undefined, claim(game, first), 1, 1), claim(game, second), 2, 1);
    const worker = new StoreFindings();
    worker.addRound(record);
    const rounds = [claim(game, first), claim(game, second)];
    const cli = new CompactAudit();
    for (const round of rounds) cli.add(auditEntryOf(round));
    return { recordOutcomes: 1 + (record.conflictingResults?.length ?? 0), worker: nonceFindings(worker.findings([])), core: nonceFindings(auditRounds(rounds)), cli: nonceFindings(cli.findings()) };
  }

  const cases: [game: string, first: string | string[], second: string | string[], one: boolean][] = [
    ['European Roulette', '17', '17 Red', true],
    ['European Roulette', '17', '18', false],
    ['Keno', ['40', '3', '12', '7', '1', '2', '5', '9', '22', '30'], ['1', '2', '3', '5', '7', '9', '12', '22', '30', '40'], true],
    ['mines', ['2', '1'], ['1', '2'], true],
    ['mines', '1 2', ['2', '1'], true],
    ['mines', '17', '18', false],
    ['mines', ' 17', '17', false],
    ['Some New Game', ['b', 'a'], ['a', 'b'], true],
    ['Some New Game', ['a', 'b'], ['a', 'c'], false],
  ];

  it.each(cases)('%s: %j and %j', (game, first, second, one) => {
    const { recordOutcomes, worker, core, cli } = judged(game, first, second);
    expect(recordOutcomes).toBe(one ? 1 : 2);
    // The worker's record is one round: one outcome is no finding there; two are a conflict.
    expect(worker.map((f) => f.kind)).toEqual(one ? [] : ['nonce-conflict']);
    // Two rounds of a file: the same outcome twice is a repeat, two outcomes a conflict, worded alike by the core and the CLI.
    expect(core.map((f) => f.kind)).toEqual([one ? 'nonce-repeat' : 'nonce-conflict']);
    expect(cli).toEqual(core);
    if (!one) expect(worker[0]!.message).toBe(core[0]!.message);
  });

  it('quotes an outcome the registry cannot read as the page showed it', () => {
    const { core } = judged('mines', ['3', '1'], '2 4');
    expect(core[0]!.message).toContain('the outcomes 1 3 and 2 4,');
  });
});

describe('a server seed belongs to one seed pair', () => {
  it('tells the uses of a seed apart by commitment and client seed; no client seed and "" are one use', () => {
    expect(seedUseKey('ab', undefined)).toBe(seedUseKey('ab', ''));
    expect(seedUseKey('ab', 'alice')).not.toBe(seedUseKey('ab', 'bob'));
    expect(seedUseKey('ab', 'alice')).not.toBe(seedUseKey('cd', 'alice'));
    expect(seedUseKey('ab', 'alice')).toBe(seedUseKey('ab', 'alice'));
  });

  it('a use without a client seed is named only where no other use shows its commitment', () => {
    const alone = { commitment: 'ab' };
    const withSeed = { commitment: 'ab', clientSeed: 'alice' };
    const other = { commitment: 'cd' };
    expect(namedSeedUses([alone, withSeed, other])).toEqual([withSeed, other]);
    expect(namedSeedUses([alone, other])).toEqual([alone, other]);
  });

  it("the core's audit and the CLI find the same reuse, naming the same uses", () => {
    const seed = 'seed shown twice';
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    const reuse = (rounds: object[]) => {
      const cli = new CompactAudit();
      for (const round of rounds) cli.add(auditEntryOf(round));
      const reused = (findings: Finding[]) => findings.filter((f) => f.kind === 'server-seed-reused').map((f) => f.message);
      const core = reused(auditRounds(rounds as never));
      expect(reused(cli.findings())).toEqual(core);
      return core;
    };
    const alice = { game: 'keno', commitment: a, clientSeed: 'alice', nonce: '1', serverSeed: seed };
    const bob = { game: 'keno', commitment: b, clientSeed: 'bob', nonce: '1', serverSeed: seed };
    const empty = { game: 'keno', commitment: a, clientSeed: '', nonce: '2', serverSeed: seed };
    const none = { game: 'keno', commitment: a, nonce: '3', serverSeed: seed };
    // "" first: the use (with the round without a client seed) is named by it.
    expect(reuse([alice, empty, none, bob])).toEqual([expect.stringContaining('client seed "alice" (nonce 1), aaaaaaaa…aaaaaaaa with client seed "" (nonces 2–3) and bbbbbbbb…bbbbbbbb')]);
    // No client seed first: the use says nothing the round with "alice" does not, and is not named.
    expect(reuse([alice, none, empty, bob])).toEqual([expect.stringContaining('client seed "alice" (nonce 1) and bbbbbbbb…bbbbbbbb with client seed "bob" (nonce 1)')]);
    // One commitment, the seed shown with and without a client seed: one seed pair, no reuse.
    expect(reuse([alice, none])).toEqual([]);
  });
});
