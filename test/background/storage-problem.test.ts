import { afterEach, describe, expect, test } from 'vitest';
import {
  classifyStorageError,
  clearStorageProblem,
  currentStorageProblem,
  describeStorageProblem,
  reportStorageProblem,
  StorageProblemError,
} from '../../src/background/storage-problem.js';
import { DATABASE_VERSION } from '../../src/background/schema.js';

afterEach(() => clearStorageProblem());

describe('classifyStorageError', () => {
  test('tells the failures the user can act on by their DOMException name', () => {
    expect(classifyStorageError(new DOMException('full', 'QuotaExceededError'))).toEqual({ kind: 'quota' });
    expect(classifyStorageError(new DOMException('newer', 'VersionError'))).toEqual({ kind: 'newer-version', databaseVersion: DATABASE_VERSION });
  });

  test("keeps an unforeseen failure's own words, bounded", () => {
    expect(classifyStorageError(new Error('UnknownError: the disk went away'))).toEqual({ kind: 'failed', detail: 'UnknownError: the disk went away' });
    expect(classifyStorageError('x'.repeat(10_000))).toEqual({ kind: 'failed', detail: 'x'.repeat(500) });
  });

  test('does not re-classify an error that already carries its problem (one passed on by a later call)', () => {
    const error = new StorageProblemError({ kind: 'blocked' });
    expect(classifyStorageError(error)).toEqual({ kind: 'blocked' });
    expect(error.message).toBe(describeStorageProblem({ kind: 'blocked' }));
  });
});

describe('the current problem', () => {
  test('is the last one reported, until storage works again', () => {
    expect(currentStorageProblem()).toBeUndefined();
    reportStorageProblem(new DOMException('full', 'QuotaExceededError'));
    expect(currentStorageProblem()).toEqual({ kind: 'quota' });
    clearStorageProblem();
    expect(currentStorageProblem()).toBeUndefined();
  });

  test('cleared by kind only when it is of that kind', () => {
    reportStorageProblem(new DOMException('full', 'QuotaExceededError'));
    clearStorageProblem('blocked');
    expect(currentStorageProblem()).toEqual({ kind: 'quota' });
    reportStorageProblem(new StorageProblemError({ kind: 'blocked' }));
    clearStorageProblem('blocked');
    expect(currentStorageProblem()).toBeUndefined();
  });
});
