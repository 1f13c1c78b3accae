// The `rank` field of a stored round (schema.ts): the `by-rank` and `by-game` indexes sort the list
// by it, and the tally counts statuses from it. Persisted in IndexedDB: never change a value here
// (a new status takes a new number; stored rounds keep theirs). Its own module, not schema.ts,
// because tally.ts needs it at load and schema.ts imports tally.ts.
import type { VerdictStatus } from '../core/index.js';

/** The list's sort order (STATUS_SORT_ORDER in core/verdict-status.ts): mismatches first, then pending, verified, the rest. */
export const STATUS_RANK: Readonly<Record<VerdictStatus, number>> = { mismatch: 0, pending: 1, verified: 2, invalid: 3, unsupported: 4 };
