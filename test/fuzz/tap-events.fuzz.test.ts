// Fuzzes server-sent event reading: the data the browser hands the page for an event (its data:
// lines joined with "\n") is parsed by the page tap as one JSON document, or else one JSON value per
// line. Generated from event streams as servers write them: JSON pretty-printed over many data
// lines, several JSON values on successive data lines, junk data. Never throws, gives what the
// stream sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonValues, WORTH_PARSING } from '../../src/capture/page-world/tap-text.js';
import { CASE_MS, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';
import { jsonText, jsonValue, junkText } from './tap-text-arbitraries.js';

const TARGET = 'tap-events';
const CASES = targetCases(2000);

/** An event as a server writes it (data: lines, maybe id/event/comment lines, CRLF or LF), and the data the browser dispatches. */
function eventData(dataLines: string[], newline: string, extras: string[]): { stream: string; data: string } {
  const stream = [...extras, ...dataLines.map((line) => `data:${line.startsWith(' ') ? ' ' : ''}${line}`)].join(newline) + newline + newline;
  return { stream, data: dataLines.join('\n') };
}

/** The browser's event-stream interpretation (WHATWG HTML §9.2.6) for one event: its data. */
function browserData(stream: string): string {
  const data: string[] = [];
  for (const line of stream.split(/\r\n|\r|\n/)) {
    if (!line.startsWith('data')) continue;
    const colon = line.indexOf(':');
    if (colon === -1 ? line !== 'data' : line.slice(0, colon) !== 'data') continue;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  }
  return data.join('\n');
}

const extras = fc.array(fc.constantFrom(': keep-alive', 'id: 7', 'event: message', 'retry: 1000'), { maxLength: 3 });

describe('tap-events: server-sent event data', () => {
  it('reads JSON spread over data lines as one document', () => {
    runProperty(
      TARGET,
      'multi-line',
      fc.property(jsonText, fc.constantFrom('\n', '\r\n'), extras, ({ value, text }, newline, extra) => {
        const { stream, data } = eventData(text.split('\n'), newline, extra);
        expect(browserData(stream)).toBe(data);
        const got = withinTime(CASE_MS, 'jsonValues', () => jsonValues(data));
        expect(got).toEqual(WORTH_PARSING.test(data) ? [JSON.parse(JSON.stringify(value))] : []);
      }),
      share(CASES, 0.5),
    );
  }, PROPERTY_TIMEOUT);

  it('reads one JSON value per data line, and survives junk data', () => {
    const line = fc.oneof({ weight: 3, arbitrary: jsonValue.map((value) => ({ value })) }, { weight: 1, arbitrary: junkText.map((junk) => ({ junk: junk.replace(/[\r\n]/g, ' ') })) });
    runProperty(
      TARGET,
      'lines',
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n'), extras, (lines, newline, extra) => {
        const texts = lines.map((item) => ('value' in item ? JSON.stringify(item.value) : item.junk));
        const { stream, data } = eventData(texts, newline, extra);
        expect(browserData(stream)).toBe(data);
        const got = withinTime(CASE_MS, 'jsonValues', () => jsonValues(data));
        for (const value of got) expect(JSON.parse(JSON.stringify(value))).toEqual(value);
        if (lines.every((item) => 'value' in item) && WORTH_PARSING.test(data) && lines.length > 1) {
          const objects = lines.map((item) => (item as { value: unknown }).value).filter((value) => typeof value === 'object' && value !== null);
          expect(got).toEqual(objects.map((value) => JSON.parse(JSON.stringify(value)) as unknown));
        }
      }),
      share(CASES, 0.5),
    );
  }, PROPERTY_TIMEOUT);
});
