// The export's seal chain: every edit, drop, reorder, duplicate or addition of a round is found and
// named, and a seal taken from another file or with a changed count does not fit.
import { describe, expect, it } from 'vitest';
import { canonicalJson, ChainChecker, parseSeal, roundDigest, SEAL_ALGORITHM, SEAL_SCHEME, SealChain, sealPayload, type ExportSeal } from '../../src/core/export-seal.js';

type Round = Record<string, unknown>;

function round(nonce: number): Round {
  return { game: 'keno', commitment: 'c'.repeat(64), clientSeed: 'seed', nonce: String(nonce), result: [1, 2, 3], observedAt: { result: 1000 + nonce }, verdict: 'pending', witnessJudgement: 'bound-before-bet' };
}

/** A sealed file's rounds and seal (the mac is not checked here: only the worker holds the key). */
function sealed(count: number): { rounds: Round[]; seal: ExportSeal } {
  const chain = new SealChain();
  const rounds = Array.from({ length: count }, (_, index) => {
    const r = round(index + 1);
    return { ...r, link: chain.add(r) };
  });
  return { rounds, seal: { scheme: SEAL_SCHEME, algorithm: SEAL_ALGORITHM, installId: 'install-0001', count: chain.count, exportedAt: '2026-12-03T12:00:00.000Z', chain: chain.chain, mac: '0'.repeat(64) } };
}

function check(rounds: readonly unknown[], seal: Pick<ExportSeal, 'count' | 'chain'>) {
  const checker = new ChainChecker();
  for (const r of rounds) checker.add(JSON.parse(JSON.stringify(r)));
  return checker.result(seal);
}

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"e":1,"f":2}]},"b":1}');
  });
  it('refuses what no export holds: too deep, not a JSON number', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow();
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
  it('gives a round the same digest however the file orders its members, another one at another place', () => {
    const r = round(1);
    const reordered = Object.fromEntries(Object.entries(r).reverse());
    expect(roundDigest(reordered, 0)).toBe(roundDigest(r, 0));
    expect(roundDigest(r, 1)).not.toBe(roundDigest(r, 0));
  });
});

describe('ChainChecker', () => {
  it('finds an intact file intact', () => {
    const { rounds, seal } = sealed(5);
    expect(check(rounds, seal)).toMatchObject({ intact: true, rounds: 5, chain: seal.chain, breaks: [], breakCount: 0 });
  });

  it('names an edited round by its place and key', () => {
    const { rounds, seal } = sealed(5);
    rounds[2] = { ...rounds[2], result: [4, 5, 6] };
    const found = check(rounds, seal);
    expect(found.intact).toBe(false);
    expect(found.breaks).toEqual([{ kind: 'edited', position: 3, index: 2, key: `${'c'.repeat(64)}|seed|3` }]);
  });

  it('names a round dropped from the middle and from the end', () => {
    const { rounds, seal } = sealed(5);
    expect(check([...rounds.slice(0, 1), ...rounds.slice(2)], seal).breaks).toEqual([
      { kind: 'missing', index: 1, to: 1, position: 2 },
      { kind: 'count', sealed: 5, found: 4 },
    ]);
    expect(check(rounds.slice(0, 3), seal).breaks).toEqual([
      { kind: 'missing', index: 3, to: 4 },
      { kind: 'count', sealed: 5, found: 3 },
    ]);
  });

  it('names reordered rounds', () => {
    const { rounds, seal } = sealed(4);
    const found = check([rounds[0], rounds[2], rounds[1], rounds[3]], seal);
    expect(found.breaks).toEqual([
      { kind: 'missing', index: 1, to: 1, position: 2 },
      { kind: 'out-of-order', position: 3, index: 1, key: `${'c'.repeat(64)}|seed|2` },
    ]);
  });

  it('names a duplicated round and an added one', () => {
    const { rounds, seal } = sealed(3);
    expect(check([rounds[0], rounds[1], rounds[1], rounds[2]], seal).breaks).toEqual([
      { kind: 'duplicated', position: 3, index: 1, key: `${'c'.repeat(64)}|seed|2` },
      { kind: 'count', sealed: 3, found: 4 },
    ]);
    const added = round(9);
    expect(check([rounds[0], added, rounds[1], rounds[2]], seal).breaks).toEqual([
      { kind: 'added', position: 2, key: `${'c'.repeat(64)}|seed|9` },
      { kind: 'count', sealed: 3, found: 4 },
    ]);
  });

  it('catches rounds whose links were rewritten to match: the chain does not give the seal', () => {
    const { rounds, seal } = sealed(3);
    const relinked = new SealChain();
    const forged = rounds.map((r, index) => {
      const { link: _link, ...rest } = index === 1 ? { ...r, result: [7, 8, 9] } : r;
      return { ...rest, link: relinked.add(rest) };
    });
    const found = check(forged, seal);
    expect(found).toMatchObject({ intact: false, breaks: [{ kind: 'chain' }] });
    // …and the chain it gives is another: a mac over the seal's own chain cannot vouch for these rounds.
    expect(found.chain).not.toBe(seal.chain);
  });

  it('catches a seal copied from another file, and a changed count', () => {
    const { rounds } = sealed(3);
    const other = sealed(4);
    expect(check(rounds, other.seal).intact).toBe(false);
    const { rounds: same, seal } = sealed(3);
    expect(check(same, { ...seal, count: 2 }).breaks).toEqual([{ kind: 'count', sealed: 2, found: 3 }]);
    expect(check(rounds, seal).intact).toBe(true);
  });

  it('takes garbage rounds and links as rounds the install did not seal, without throwing', () => {
    const { seal } = sealed(1);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const found = check([null, 7, { link: { index: -1, digest: 'x' } }, { link: { index: 0, digest: 'f'.repeat(64) }, deep }], seal);
    expect(found.intact).toBe(false);
    expect(found.breaks.map((b) => b.kind)).toEqual(['added', 'added', 'added', 'edited', 'count']);
  });

  it('lists at most 20 breaks and counts the rest', () => {
    const { seal } = sealed(1);
    const found = check(Array.from({ length: 50 }, (_, i) => round(i)), seal);
    expect(found.breaks).toHaveLength(20);
    // 50 added, the one sealed round missing, the count.
    expect(found.breakCount).toBe(52);
  });
});

describe('parseSeal and sealPayload', () => {
  it('takes a well-formed seal and names the member of a bad one', () => {
    const { seal } = sealed(2);
    expect(parseSeal(seal)).toEqual({ ok: true, seal });
    expect(parseSeal({ ...seal, mac: 'x'.repeat(10_000_000) })).toEqual({ ok: false, problem: { field: 'mac', issue: 'value' } });
    expect(parseSeal({ ...seal, count: 1.5 })).toEqual({ ok: false, problem: { field: 'count', issue: 'value' } });
    expect(parseSeal({ ...seal, installId: { a: 1 } })).toEqual({ ok: false, problem: { field: 'installId', issue: 'type' } });
    const { chain: _chain, ...noChain } = seal;
    expect(parseSeal(noChain)).toEqual({ ok: false, problem: { field: 'chain', issue: 'missing' } });
    expect(parseSeal({ ...seal, extra: 1 })).toEqual({ ok: false, problem: { field: 'extra', issue: 'value' } });
    expect(parseSeal([seal])).toEqual({ ok: false, problem: { field: 'seal', issue: 'type' } });
  });
  it('signs every header member: a change to any gives other bytes', () => {
    const { seal } = sealed(2);
    const base = new TextDecoder().decode(sealPayload(seal));
    for (const change of [{ count: 3 }, { installId: 'install-0002' }, { exportedAt: 'x' }, { chain: 'a'.repeat(64) }]) {
      expect(new TextDecoder().decode(sealPayload({ ...seal, ...change }))).not.toBe(base);
    }
    // The mac itself is not signed.
    expect(new TextDecoder().decode(sealPayload({ ...seal, mac: "1".repeat(64) } as typeof seal))).toBe(base);
  });
});
