// The one limit written out rather than computed (the content script's size budget): it must stay the longest of the others.
import { expect, it } from 'vitest';
import * as limits from '../../src/core/limits.js';

it('MAX_CLAIM_VALUE_LENGTH is the longest single value any field may carry', () => {
  const { MAX_CLAIM_VALUE_LENGTH, MAX_LIST_LENGTH, ...values } = limits;
  expect(MAX_LIST_LENGTH).toBeLessThan(MAX_CLAIM_VALUE_LENGTH); // a count, not a length
  expect(MAX_CLAIM_VALUE_LENGTH).toBe(Math.max(...Object.values(values)));
});
