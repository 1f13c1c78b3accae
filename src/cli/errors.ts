/** The command line is wrong (unknown option, missing --nonce, …): exit 2 with one line and a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The input cannot be used (missing file, malformed JSON, not an export, …): exit 2 with one line. */
export class InputError extends Error {
  override name = 'InputError';
}

/** Exit codes, as the command line's contract fixes them (docs/design.md; 3: a bug in fair-witness itself). */
export const EXIT_OK = 0;
export const EXIT_MISMATCH = 1;
export const EXIT_UNUSABLE = 2;
export const EXIT_INTERNAL = 3;
