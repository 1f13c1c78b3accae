// The fairness core: pure functions, no browser or Node API. Used by the worker, the popup and the CLI.
export * from './claim.js';
export * from './games/game-ids.js';
export * from './games/game.js';
export * from './games/keno.js';
export * from './games/registry.js';
export * from './games/roulette.js';
export * from './hashing.js';
export * from './sampling.js';
export * from './uint32-stream.js';
export * from './verdict-status.js';
export * from './verify.js';
export * from './witness.js';
export * from './client-seed-proof.js';
export * from './commitment-audit.js';
export * from './export-format.js';
export * from './self-test.js';
export * from './printable.js';
export * from './limits.js';
export * from './audit.js';
export * from './cross-round-rules.js';
export { auditGameId, lateRoundsFinding, nonceGapFinding, sameNonceFinding, seedReuseFinding, rangesOf, type NonceEntry, type NonceRange, type SeedUse } from './audit-findings.js';
export { type Ratio, ratio, decimalRatio, decimalText, percentText } from './rtp/fraction.js';
export * from './rtp/advertised.js';
export * from './rtp/roulette.js';
export * from './rtp/keno.js';
// statistics.ts is imported directly ('core/statistics.js'), not re-exported here: its p-value library
// (jStat, CommonJS, ~50 kB minified) cannot be tree-shaken, so re-exporting would add it to every bundle that imports the core.
