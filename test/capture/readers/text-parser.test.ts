import { describe, expect, it } from 'vitest';
import { parseFairnessText } from '../../../src/popup/paste-parser.js';
import { MAX_TEXT } from '../../../src/capture/readers/text-parser.js';
import { CLIENT, COMMITMENT, KENO, SEED, SIGNATURE } from '../dom.js';

// Exactly what the casino's reference programs print (Node's console.log of the keno array).
const KENO_OUTPUT = `📝 Commitment (shown before the game): ${COMMITMENT}
🔒 Server Seed (revealed after the game): ${SEED}
🎲 Client Seed: ${CLIENT}
🔢 Nonce: 1
🔁 Round Signature (can be verified after the game): ${SIGNATURE}
🎯 Hits: [
   4,  8, 15, 21, 23,
  24, 30, 35, 36, 40
]`;

const ROULETTE_OUTPUT = `📝 Commitment (shown before the game): ${COMMITMENT}
🔒 Server Seed (revealed after the game): ${SEED}
🎲 Client Seed: ${CLIENT}
🔢 Nonce: 1
🎯 Winning Number (in the american version): 00`;

describe('parseFairnessText: the reference program output', () => {
  it('reads the keno program, its hits over several lines, and knows the game is keno', () => {
    expect(parseFairnessText(KENO_OUTPUT)).toEqual({
      game: 'Keno',
      commitment: COMMITMENT,
      serverSeed: SEED,
      clientSeed: CLIENT,
      nonce: '1',
      roundSignature: SIGNATURE,
      result: KENO,
    });
  });

  it('reads a short array on one line', () => {
    expect(parseFairnessText('🎯 Hits: [ 1, 2, 3 ]').result).toEqual(['1', '2', '3']);
  });

  it('reads the roulette program with the american "00"', () => {
    expect(parseFairnessText(ROULETTE_OUTPUT)).toEqual({
      game: 'American Roulette',
      commitment: COMMITMENT,
      serverSeed: SEED,
      clientSeed: CLIENT,
      nonce: '1',
      result: '00',
    });
  });

  it('the european version names the european game', () => {
    expect(parseFairnessText('🎯 Winning Number (in the european version): 23').game).toBe('European Roulette');
  });

  it('refuses an array Node abbreviated', () => {
    expect(parseFairnessText("🎯 Hits: [\n 1, 2, 3,\n ... 97 more items\n]").result).toBeUndefined();
  });

  it('tolerates Windows line endings and blank lines', () => {
    expect(parseFairnessText(KENO_OUTPUT.replace(/\n/g, '\r\n\r\n')).result).toEqual(KENO);
  });
});

describe('parseFairnessText: a copied fairness panel', () => {
  it('reads "Label: value" lines in English', () => {
    const text = `Game: European Roulette\nServer Seed: ${SEED}\nClient Seed: ${CLIENT}\nNonce: 7\nWinning Number: 23`;
    expect(parseFairnessText(text)).toEqual({ game: 'European Roulette', serverSeed: SEED, clientSeed: CLIENT, nonce: '7', result: '23' });
  });

  it('reads a label line followed by its value line, in German', () => {
    const text = `Spiel\nEuropäisches Roulette\nOffengelegter Server-Seed\n${SEED}\nGehashter Server-Seed\n${COMMITMENT}\nClient-Seed\n${CLIENT}\nNonce\n7\nGewinnzahl\n0`;
    expect(parseFairnessText(text)).toEqual({
      game: 'Europäisches Roulette',
      serverSeed: SEED,
      commitment: COMMITMENT,
      clientSeed: CLIENT,
      nonce: '7',
      result: '0',
    });
  });

  it('reads tab-separated rows copied from a table', () => {
    expect(parseFairnessText(`Server Seed\t${SEED}\nNonce\t3`)).toEqual({ serverSeed: SEED, nonce: '3' });
  });

  it('a label directly followed by another label has no value', () => {
    expect(parseFairnessText(`Server Seed\nClient Seed\n${CLIENT}`)).toEqual({ clientSeed: CLIENT });
  });

  it('takes a game from a line that is only a game name', () => {
    expect(parseFairnessText(`Keno\nNonce: 2\nDrawn Numbers: 1, 2, 3`)).toMatchObject({ game: 'Keno', result: '1, 2, 3' });
  });

  it('keeps client seeds with colons and spaces exactly', () => {
    expect(parseFairnessText('Client Seed: a:b c:d\nNonce: 9007199254740991')).toEqual({ clientSeed: 'a:b c:d', nonce: '9007199254740991' });
  });

  it('reads picks as a list', () => {
    expect(parseFairnessText('Your Picks: 3, 7, 12').picks).toEqual(['3', '7', '12']);
    expect(parseFairnessText('Deine Auswahl: [3, 7]').picks).toEqual(['3', '7']);
  });

  it('keeps a truncated value as written so the check can say it is truncated', () => {
    expect(parseFairnessText('Server Seed: 3f2a…9c1e').serverSeed).toBe('3f2a…9c1e');
  });

  it('unwraps quoted values from pasted code', () => {
    expect(parseFairnessText(`serverSeed: '${SEED}',\nclientSeed: "${CLIENT}"`)).toEqual({ serverSeed: SEED, clientSeed: CLIENT });
  });

  it('the first value of a field wins', () => {
    expect(parseFairnessText('Nonce: 1\nNonce: 2').nonce).toBe('1');
  });

  it('ignores text that is not a labelled value', () => {
    expect(parseFairnessText('Hello\nThe server seed is secret: really\n')).toEqual({});
    expect(parseFairnessText('')).toEqual({});
  });
});

describe('parseFairnessText: JSON', () => {
  it('reads a JSON round', () => {
    const json = JSON.stringify({ game: 'keno', server_seed: SEED, client_seed: CLIENT, nonce: 3, hits: [1, 2, 3], picks: [1] });
    expect(parseFairnessText(json)).toEqual({ game: 'keno', serverSeed: SEED, clientSeed: CLIENT, nonce: '3', result: ['1', '2', '3'], picks: ['1'] });
  });

  it('falls back to lines when the JSON is broken', () => {
    expect(parseFairnessText('[ not json\nNonce: 4')).toEqual({ nonce: '4' });
  });
});

describe('parseFairnessText: hostile input', () => {
  it('reads huge text up to its limit, and nothing from odd characters or a list that never ends', () => {
    // Cut at MAX_TEXT characters; the seed is kept as written (the worker refuses it as too long).
    expect(parseFairnessText('Server Seed: '.padEnd(2_000_000, 'a'))).toEqual({ serverSeed: 'a'.repeat(MAX_TEXT - 'Server Seed: '.length) });
    expect(parseFairnessText('\u0000\uD800:\n'.repeat(10_000))).toEqual({});
    expect(parseFairnessText('Hits: ['.concat('1,\n'.repeat(100_000)))).toEqual({});
    expect(parseFairnessText(undefined as unknown as string)).toEqual({});
  });
});
