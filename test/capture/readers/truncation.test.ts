// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isConsistentExpansion, looksTruncated, recoverFullValue } from '../../../src/capture/readers/truncation.js';
import { COMMITMENT, page, SEED, shorten } from '../dom.js';

describe('truncation', () => {
  it('recognises both ellipsis forms', () => {
    expect(looksTruncated('3f2a…9c1e')).toBe(true);
    expect(looksTruncated('3f2a...9c1e')).toBe(true);
    expect(looksTruncated(SEED)).toBe(false);
    expect(looksTruncated('a.b.c')).toBe(false);
  });

  it('accepts only expansions that keep the shown prefix and suffix and hide something', () => {
    expect(isConsistentExpansion(shorten(SEED), SEED)).toBe(true);
    expect(isConsistentExpansion('3f2a…9c1e', '3f2a9c1e')).toBe(false); // nothing hidden
    expect(isConsistentExpansion('3f2a…9c1e', '3f2ab9c1e')).toBe(true);
    expect(isConsistentExpansion('3f2a…9c1e', '3f2b0000009c1e')).toBe(false);
    expect(isConsistentExpansion('3f2a…', '3f2a0000')).toBe(true);
    expect(isConsistentExpansion('…9c1e', '00009c1e')).toBe(true);
    expect(isConsistentExpansion('ab…cd…ef', 'ab0cd0ef')).toBe(true);
    expect(isConsistentExpansion('ab…cd…ef', 'ab0ef0cd')).toBe(false);
    expect(isConsistentExpansion('3f2a … 9c1e', '3f2a00009c1e')).toBe(true);
  });

  it('never accepts a candidate for a display that shows too little', () => {
    expect(isConsistentExpansion('…', SEED)).toBe(false);
    expect(isConsistentExpansion('a…', SEED)).toBe(false);
  });

  it('finds the one consistent full value on the element or inside it', () => {
    const document = page(`<div id="v" data-x="1"><span title="${SEED}">${shorten(SEED)}</span><button aria-label="Copy ${SEED}"></button></div>`);
    expect(recoverFullValue(document.getElementById('v')!, shorten(SEED))).toBe(SEED);
    expect(recoverFullValue(document.getElementById('v')!, shorten(SEED), true)).toBeUndefined();
  });

  it('gives up when two different values would fit', () => {
    const other = `${SEED.slice(0, 6)}ff${SEED.slice(-6)}`;
    const document = page(`<div id="v" title="${SEED}" data-other="${other}">${shorten(SEED)}</div>`);
    expect(recoverFullValue(document.getElementById('v')!, shorten(SEED))).toBeUndefined();
  });

  it('ignores unrelated attributes', () => {
    const document = page(`<div id="v" title="${COMMITMENT}" class="${SEED}" style="x">${shorten(SEED)}</div>`);
    expect(recoverFullValue(document.getElementById('v')!, shorten(SEED))).toBeUndefined();
  });
});
