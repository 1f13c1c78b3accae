// A row's sentence in the player's language, from what the worker sends (background/rows.ts): the
// failed steps with their values, the recomputed outcome, or why there is no verdict yet, all from
// codes: no English of the core's reaches a German player.
import { describe, expect, it } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { problemSentence } from '../../src/popup/problem-text.js';
import { rowSentence } from '../../src/popup/round-row.js';
import type { RoundRow } from '../../src/shared/records.js';

const english = translatorFrom(en as Record<string, LocaleEntry>);
const german = translatorFrom(de as Record<string, LocaleEntry>);
const row = (fields: Partial<RoundRow>): RoundRow => ({ key: 'k', game: 'European Roulette', gameId: 'roulette-european', status: 'verified', updatedAt: 0, ...fields });

describe('rowSentence', () => {
  it('a mismatch: each failed step with what the seeds give and what the casino showed, in both languages', () => {
    const mismatch = row({ status: 'mismatch', failures: [{ step: 'outcome', expected: '17', shown: '5' }], expected: '17', shown: '5' });
    expect(rowSentence(mismatch, english)).toBe('The seeds give 17, but the casino showed 5.');
    expect(rowSentence(mismatch, german)).toBe('Die Seeds ergeben 17, das Casino zeigte aber 5.');
    const two = row({ status: 'mismatch', failures: [{ step: 'commitment', expected: 'aa', shown: 'bb' }, { step: 'outcome', expected: '1', shown: '2' }] });
    expect(rowSentence(two, english)).toBe(
      'The revealed server seed does not hash to the commitment shown: it gives aa, the casino showed bb. The seeds give 1, but the casino showed 2.',
    );
  });

  it('verified, pending and unsupported rounds in German are German', () => {
    expect(rowSentence(row({ status: 'verified', expected: '00' }), german)).toBe('Aus den offengelegten Seeds neu berechnet: 00 – stimmt überein.');
    expect(rowSentence(row({ status: 'verified', expected: '00' }), english)).toBe('Recomputed 00 from the revealed seeds; it matches.');
    for (const status of ['pending', 'unsupported'] as const) {
      const sentence = rowSentence(row({ status }), german);
      expect(sentence, status).toMatch(/^(Der|Das) /);
      expect(sentence, status).not.toBe(rowSentence(row({ status }), english));
    }
  });

  it('an invalid round without problem codes still gets words of the player\'s language', () => {
    expect(rowSentence(row({ status: 'invalid' }), german)).toBe('Ein Feld dieser Runde fehlt oder ist nicht lesbar, daher lässt sie sich nicht prüfen.');
    expect(rowSentence(row({ status: 'invalid', problems: [] }), english)).toBe('A field of this round is missing or unreadable, so it cannot be checked.');
  });
});

describe('problemSentence through rowSentence', () => {
  it('an invalid round with problem codes is worded in the player\'s language, naming the field', () => {
    const invalid = row({
      status: 'invalid',
      problems: [{ field: 'serverSeed', code: 'truncated', value: '3f2a…9c1e', text: 'serverSeed: looks truncated ("3f2a…9c1e"); the full value is needed' }],
    });
    expect(rowSentence(invalid, english)).toBe(
      "Server seed: shortened (“3f2a…9c1e”); the casino's history table cuts long values. Copy the full value from the round's fairness details or the seed-pair panel.",
    );
    expect(rowSentence(invalid, german)).toMatch(/^Server-Seed: gekürzt \(„3f2a…9c1e“\)/);
  });

  it('a result the game cannot read is worded from the row\'s game, never from the core\'s English detail', () => {
    const detail = 'drawn numbers: 99 is not on the board (1…40)';
    const problems = [{ field: 'result', code: 'unreadable' as const, value: detail, text: `result: could not be read (${detail})` }];
    for (const [gameId, pattern] of [
      ['keno', /^Angezeigtes Ergebnis: Ein Keno-Ergebnis sind 10 /],
      ['roulette-american', /^Angezeigtes Ergebnis: .* von 0 bis 36 oder 00 /],
      ['roulette-european', /^Angezeigtes Ergebnis: .* von 0 bis 36 \(/],
    ] as const) {
      const sentence = rowSentence(row({ status: 'invalid', gameId, problems }), german);
      expect(sentence, gameId).toMatch(pattern);
      expect(sentence, gameId).not.toContain('board');
    }
    // A game id that is no supported game (page text) keeps the general words, without the core's English detail.
    expect(rowSentence(row({ status: 'invalid', gameId: 'constructor', problems }), english)).toBe('Result shown: could not be read.');
  });

  it('every problem code of the core has words in both languages', () => {
    const codes = ['not-object', 'missing', 'unknown-game', 'not-text', 'empty', 'too-long', 'truncated', 'broken-unicode', 'control-character', 'not-hex', 'nonce-inexact', 'not-whole-number', 'unreadable', 'not-times', 'commitment-missing', 'result-missing', 'not-revealed', 'no-algorithm'] as const;
    for (const t of [english, german]) {
      for (const code of codes) {
        const sentence = problemSentence({ field: 'nonce', code, value: 'x', limit: 9, text: 'THE CORE TEXT' }, t);
        expect(sentence, code).not.toBe('THE CORE TEXT');
        expect(sentence, code).not.toMatch(/\$|^problem[A-Z]|\b(Sie|Ihr|Ihre|Ihren)\b/);
      }
    }
  });
});
