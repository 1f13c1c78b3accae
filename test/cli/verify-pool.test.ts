import { describe, expect, it } from 'vitest';
import { chooseThreads } from '../../src/cli/verify-pool.js';

describe('chooseThreads', () => {
  const big = 100 << 20;

  it('verifies small files and standard input on the main thread', () => {
    expect(chooseThreads(1000, undefined, 16)).toBe(1);
    expect(chooseThreads(undefined, undefined, 16)).toBe(1);
  });

  it('gives large files one worker per core but the main thread’s, when that makes two or more', () => {
    expect(chooseThreads(big, undefined, 2)).toBe(1);
    expect(chooseThreads(big, undefined, 3)).toBe(2);
    expect(chooseThreads(big, undefined, 8)).toBe(7);
    expect(chooseThreads(big, undefined, 64)).toBe(8);
  });

  it('obeys FAIR_WITNESS_THREADS, and ignores a value that is not a positive whole number', () => {
    expect(chooseThreads(10, '3', 2)).toBe(3);
    expect(chooseThreads(big, '1', 16)).toBe(1);
    expect(chooseThreads(big, '', 8)).toBe(7);
    expect(chooseThreads(big, 'many', 8)).toBe(7);
    expect(chooseThreads(big, '0', 8)).toBe(7);
  });
});
