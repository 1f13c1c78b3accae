// The fairness core: pure functions, no browser or Node API. Used by the worker, the popup and the CLI.
export * from './claim.js';
export * from './games/game.js';
export * from './games/keno.js';
export * from './games/registry.js';
export * from './games/roulette.js';
export * from './hashing.js';
export * from './sampling.js';
export * from './uint32-stream.js';
export * from './verify.js';
export * from './export-format.js';
export * from './self-test.js';
