import { describe, expect, it } from 'vitest';
import { seedConflictFindings, severalCommitmentFindings } from '../../src/core/commitment-audit.js';
import type { PanelState } from '../../src/core/witness.js';

const state = (commitment: string, nonce: number, seenAt: number, extra: Partial<PanelState> = {}): PanelState => ({
  commitment,
  clientSeed: 'cs',
  nonce: String(nonce),
  seenAt,
  ...extra,
});

describe('severalCommitmentFindings', () => {
  it('nothing for honest panels: one commitment at a time, each replacing the one before for good', () => {
    const states = [state('A', 1, 1), state('A', 2, 2), state('B', 1, 3), state('B', 2, 4), state('C', 1, 5)];
    expect(severalCommitmentFindings(states)).toEqual([]);
  });

  it('commitments shown at once for one client seed: one finding naming them', () => {
    const found = severalCommitmentFindings([state('B', 1, 10), state('A', 1, 10), state('C', 1, 10)]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'several-commitments', clientSeed: 'cs', commitment: 'A', commitments: ['A', 'B', 'C'], nonces: ['1'] });
  });

  it('a commitment shown again after another (alternating) while unrevealed', () => {
    const found = severalCommitmentFindings([state('A', 1, 1), state('B', 1, 2), state('A', 2, 3)]);
    expect(found.map((finding) => finding.commitments)).toEqual([['A', 'B']]);
  });

  it('not for the old pair shown a moment after its reveal, between the new pair\'s states (a panel re-rendered late after a rotation)', () => {
    expect(severalCommitmentFindings([state('A', 2, 1, { revealedAt: 5 }), state('B', 1, 5), state('A', 2, 6, { revealedAt: 5 }), state('B', 1, 7)])).toEqual([]);
    // Unrevealed when shown between B's states: still a finding.
    expect(severalCommitmentFindings([state('A', 2, 1, { revealedAt: 9 }), state('B', 1, 5), state('A', 2, 6, { revealedAt: 9 }), state('B', 1, 7)]).map((finding) => finding.commitments)).toEqual([['A', 'B']]);
  });

  it('spellings of one client seed that look the same are one client seed: invisible characters, spaces, full-width forms', () => {
    for (const spelling of ['cs\u200b', 'cs ', ' cs', 'c\u2060s', 'cs\ufe0f', '\uff43\uff53', 'cs\u00a0', 'cs\n']) {
      const found = severalCommitmentFindings([state('A', 1, 10), state('B', 1, 10, { clientSeed: spelling })]);
      expect(found.map((finding) => finding.commitments), JSON.stringify(spelling)).toEqual([['A', 'B']]);
    }
    // Visibly different client seeds stay apart.
    expect(severalCommitmentFindings([state('A', 1, 10), state('B', 1, 10, { clientSeed: 'CS' })])).toEqual([]);
    expect(severalCommitmentFindings([state('A', 1, 10), state('B', 1, 10, { clientSeed: 'cs2' })])).toEqual([]);
  });

  it('not for a commitment revealed before it came back, nor across client seeds or games', () => {
    expect(severalCommitmentFindings([state('A', 1, 1), state('B', 1, 2), state('A', 2, 3, { revealedAt: 2 })])).toEqual([]);
    expect(severalCommitmentFindings([state('A', 1, 10), state('B', 1, 10, { clientSeed: 'other' })])).toEqual([]);
    expect(severalCommitmentFindings([state('A', 1, 10, { game: 'keno' }), state('B', 1, 10, { game: 'roulette-european' })])).toEqual([]);
  });

  it('a state that names no game speaks for every game: with a game\'s states at once or alternating, one finding', () => {
    const atOnce = severalCommitmentFindings([state('A', 1, 10, { game: 'keno' }), state('B', 1, 10)]);
    expect(atOnce.map((finding) => finding.commitments)).toEqual([['A', 'B']]);
    const alternating = severalCommitmentFindings([state('A', 1, 1, { game: 'keno' }), state('B', 1, 2), state('A', 2, 3, { game: 'keno' })]);
    expect(alternating.map((finding) => finding.commitments)).toEqual([['A', 'B']]);
    // Named once, though it joins the states of two games.
    const twoGames = severalCommitmentFindings([state('A', 1, 10), state('B', 1, 10), state('C', 1, 20, { game: 'keno' }), state('D', 1, 30, { game: 'roulette-european' })]);
    expect(twoGames.map((finding) => finding.commitments)).toEqual([['A', 'B']]);
  });

});

describe('seedConflictFindings', () => {
  it('a commitment with two different seeds: a finding naming both; one seed (even twice) is none', () => {
    const found = seedConflictFindings(new Map([['C', ['s1', 's2', 's1']], ['D', ['s3', 's3']]]));
    expect(found).toEqual([expect.objectContaining({ kind: 'seed-conflict', commitment: 'C', serverSeeds: ['s1', 's2'] })]);
  });
});
