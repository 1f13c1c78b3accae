// The streamed-answer splitter: complete values come out as soon as their last piece arrives,
// whatever the pieces' boundaries (inside strings, escapes, numbers), and nothing else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamSplitter } from '../../../src/capture/page-world/stream-split.js';

/** Feeds `text` cut at `cuts`, returning what each piece completed. */
function feed(text: string, cuts: number[], max?: number): string[][] {
  const split = streamSplitter(max);
  const points = [0, ...[...new Set(cuts)].filter((cut) => cut > 0 && cut < text.length).sort((a, b) => a - b), text.length];
  return points.slice(1).map((end, index) => split(text.slice(points[index], end)));
}

const TRICKY = [{ s: '}]"\\', t: 'x' }, ['a', { b: '\\"' }], { u: '\u00fc\ud83d\ude00', n: -1.5e3 }];

describe('streamSplitter', () => {
  it('hands on each element of a top-level array as it ends, at every cut point', () => {
    const text = JSON.stringify([...TRICKY, 7, 'scalar', null]);
    for (let cut = 0; cut <= text.length; cut++) {
      const got = feed(text, [cut]).flat();
      expect(got.map((element) => JSON.parse(element) as unknown)).toEqual(TRICKY);
    }
  });

  it('hands on each value of JSON lines, and an element ends in the piece that holds its last character', () => {
    const lines = TRICKY.map((value) => JSON.stringify(value));
    const text = `${lines.join('\n')}\n`;
    const firstEnd = lines[0]!.length;
    const pieces = feed(text, [firstEnd - 1, firstEnd]);
    expect(pieces[0]).toEqual([]);
    expect(pieces[1]).toEqual([lines[0]]);
    // A line that is an array gives its elements, as any outermost array: the walker reads an array as its elements.
    expect(pieces[2]).toEqual([JSON.stringify((TRICKY[1] as unknown[])[1]), lines[2]]);
  });

  it('reads pretty-printed arrays and objects', () => {
    const text = JSON.stringify({ rounds: TRICKY }, null, 2);
    expect(feed(text, [5, 17, 40])).toEqual([[], [], [], [text]]);
  });

  it('drops a line torn inside a string, and reads the next', () => {
    const text = '{"serverSeed":"ab\n{"nonce":1}\n';
    expect(feed(text, []).flat()).toEqual(['{"nonce":1}']);
  });

  it('drops an element longer than its bound, and keeps the next (memory stays bounded)', () => {
    const big = JSON.stringify({ pad: 'x'.repeat(500) });
    const text = `[${big},{"nonce":2}]`;
    expect(feed(text, [10, 100, 300], 100).flat()).toEqual(['{"nonce":2}']);
    expect(feed(text, [], 100).flat()).toEqual(['{"nonce":2}']);
  });

  it('any JSON array cut anywhere gives exactly its object and array elements (property)', () => {
    let elements = 0;
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (generated, cuts, lines) => {
        // What JSON text can carry of them (-0 is written "0"): the elements are compared with that.
        const values = JSON.parse(JSON.stringify(generated)) as unknown[];
        const text = lines ? values.map((value) => JSON.stringify(value)).join('\n') : JSON.stringify(values, null, cuts.length % 3);
        const container = (value: unknown) => value !== null && typeof value === 'object';
        // Lines: each object, and each object or array element of a line that is an array.
        const expected = (lines ? values.flatMap((value) => (Array.isArray(value) ? value.filter(container) : container(value) ? [value] : [])) : values.filter(container)) as unknown[];
        const got = feed(text, cuts.map((cut) => cut % (text.length + 1))).flat();
        elements += got.length;
        expect(got.map((element) => JSON.parse(element) as unknown)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
    expect(elements).toBeGreaterThan(0);
  });
});
