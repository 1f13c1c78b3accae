import { describe, expect, it } from 'vitest';
import { isJsonScript, jsonValues } from '../../../src/capture/page-world/tap-text.js';

const ROUND = { serverSeed: 'ab', nonce: 1 };

describe('jsonValues', () => {
  it('reads a JSON document whole', () => {
    expect(jsonValues(JSON.stringify(ROUND))).toEqual([ROUND]);
    expect(jsonValues(`  ${JSON.stringify([ROUND])}\n`)).toEqual([[ROUND]]);
  });

  it('reads Socket.IO-style frames: packet type, namespace and ack id before the JSON', () => {
    expect(jsonValues(`42${JSON.stringify(['bet', ROUND])}`)).toEqual([['bet', ROUND]]);
    expect(jsonValues(`42/casino,${JSON.stringify(['bet', ROUND])}`)).toEqual([['bet', ROUND]]);
    expect(jsonValues(`4317${JSON.stringify([ROUND])}`)).toEqual([[ROUND]]);
  });

  it('reads JSON lines, skipping blank, torn and foreign lines', () => {
    const text = `${JSON.stringify(ROUND)}\n\n{"nonce": 2, "serverSeed": \nnot json\r\n${JSON.stringify({ clientSeed: 'c', nonce: 3 })}\r\n`;
    expect(jsonValues(text)).toEqual([ROUND, { clientSeed: 'c', nonce: 3 }]);
  });

  it('reads multi-line JSON (as event data joined by the browser) as one document', () => {
    expect(jsonValues('{\n"serverSeed": "ab",\n"nonce": 1\n}')).toEqual([ROUND]);
  });

  it('parses nothing without a round-like word, and nothing that is not JSON', () => {
    let parsed = 0;
    const counting = (text: string) => {
      parsed++;
      return JSON.parse(text) as unknown;
    };
    expect(jsonValues('{"price": 1.5}', counting)).toEqual([]);
    expect(parsed).toBe(0);
    expect(jsonValues('the seed is 42')).toEqual([]);
    expect(jsonValues('42')).toEqual([]);
  });
});

describe('isJsonScript', () => {
  it('takes JSON types only', () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', 'application/ld+json', ' application/vnd.api+json ']) expect(isJsonScript(type), type).toBe(true);
    for (const type of [null, '', 'text/javascript', 'module', 'application/javascript', 'text/json-ish', 'application/jsonp']) expect(isJsonScript(type), String(type)).toBe(false);
  });
});
