// The CLI tests' view of the shared reference rounds (test/support), and where the repository is.
import { fileURLToPath } from 'node:url';
import { loadReferenceRounds, VECTORS_PATH, type ReferenceRound } from '../support/reference-vectors.js';

export type { ReferenceRound };
export { VECTORS_PATH };
export const loadVectors = loadReferenceRounds;

/** The repository's root (test/cli → ../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
