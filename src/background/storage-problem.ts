// The storage failure the user must know about (quota, a blocked or newer database), kept for the
// popup's banner. The worker reports what kind of failure it is, with the browser's own words only
// for one it did not foresee; the popup says it in the user's language (popup/header.tsx).
import type { StorageProblem } from '../shared/records.js';
import { DATABASE_VERSION } from './schema.js';

/** An error that already carries its problem: passed on by a later call, it is not re-classified. */
export class StorageProblemError extends Error {
  constructor(readonly problem: StorageProblem) {
    super(describeStorageProblem(problem));
    this.name = 'StorageProblemError';
  }
}

/** The last problem. Lost with the worker, which is fine: it is re-detected on the next write. */
let current: StorageProblem | undefined;

export const currentStorageProblem = (): StorageProblem | undefined => current;

/** Storage works again (or, given a kind, a problem of that kind is over). */
export function clearStorageProblem(kind?: StorageProblem['kind']): void {
  if (kind === undefined || current?.kind === kind) current = undefined;
}

/** Classifies a storage error and remembers it for the summary. */
export function reportStorageProblem(error: unknown): StorageProblem {
  current = classifyStorageError(error);
  return current;
}

/** Reports a storage error, and gives the error to throw in its place (it carries the problem). */
export function storageFailure(error: unknown): StorageProblemError {
  const problem = reportStorageProblem(error);
  return error instanceof StorageProblemError ? error : new StorageProblemError(problem);
}

/** Whether an error is the browser refusing storage (a full disk), or already carries its problem: worth reporting wherever it was thrown. */
export function isStorageProblem(error: unknown): boolean {
  return error instanceof StorageProblemError || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError');
}

export function classifyStorageError(error: unknown): StorageProblem {
  if (error instanceof StorageProblemError) return error.problem;
  const name = typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name ?? '') : '';
  if (name === 'QuotaExceededError') return { kind: 'quota' };
  if (name === 'VersionError') return { kind: 'newer-version', databaseVersion: DATABASE_VERSION };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'failed', detail: message.slice(0, 500) };
}

/** In English, for errors answered to a content script or an import (the popup words the banner itself). */
export function describeStorageProblem(problem: StorageProblem): string {
  switch (problem.kind) {
    case 'quota':
      return 'The disk is full: free some disk space. The browser refused to store more rounds (storage quota exceeded); the rounds waiting in the casino tabs are stored once there is room.';
    case 'blocked':
      return 'The database cannot be upgraded while an older Fair Witness still has it open (another window or browser process). Close it or restart the browser.';
    case 'closed':
      return 'The browser closed the database unexpectedly; it will be reopened.';
    case 'newer-version':
      return `The database was written by a newer version of Fair Witness than this one (database version ${problem.databaseVersion}). Update the extension; nothing was deleted.`;
    case 'failed':
      return `Storing rounds failed: ${problem.detail.replace(/\.?$/, '.')}`;
  }
}
