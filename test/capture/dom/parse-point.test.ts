// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { parsePoint } from '../../../src/capture/dom/parse-point.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

it('is the last node in tree order while the document loads: the elements holding it are the ones still being written', () => {
  document.body.innerHTML = '<section id="done"><p>1</p></section><section id="open"><dl><dd id="drawn"><span>4</span><span>12</span></dd></dl></section>';
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  const point = parsePoint(document)!;
  expect(point.textContent).toBe('12');
  expect(document.getElementById('drawn')!.contains(point)).toBe(true);
  expect(document.getElementById('open')!.contains(point)).toBe(true);
  expect(document.getElementById('done')!.contains(point)).toBe(false);
});

it('is nothing once the document is parsed', () => {
  document.body.innerHTML = '<p>x</p>';
  for (const state of ['interactive', 'complete'] as const) {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
    expect(parsePoint(document)).toBeUndefined();
  }
});
