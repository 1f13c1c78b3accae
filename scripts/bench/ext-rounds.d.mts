/** A small deterministic PRNG (mulberry32): numbers in [0, 1). */
export declare function prng(seed: number): () => number;
export declare function playRounds(
  count: number,
  seed?: string,
): { pairs: object[]; rounds: object[]; claims: object[]; expected: { rounds: number; pending: number; verified: number; mismatch: number } };
export declare function exportFileOf(count: number, seed?: string): string;
