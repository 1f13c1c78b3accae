// The storage problem's sentence, in both languages, from the kind the worker sends.
import { describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { gameWordKey, isSupportedGameId, SUPPORTED_GAME_IDS } from '../../src/core/games/game-ids.js';
import { storageProblemText } from '../../src/ui/labels.js';
import type { StorageProblem } from '../../src/shared/records.js';

const english = translatorFrom(en as Record<string, LocaleEntry>);
const german = translatorFrom(de as Record<string, LocaleEntry>);

const PROBLEMS: StorageProblem[] = [
  { kind: 'quota' },
  { kind: 'blocked' },
  { kind: 'closed' },
  { kind: 'newer-version', databaseVersion: 7 },
  { kind: 'failed', detail: 'UnknownError: the disk went away.' },
];

describe('storageProblemText', () => {
  test.each(PROBLEMS)('words $kind in English and German, every placeholder filled', (problem) => {
    const texts = [storageProblemText(english, problem), storageProblemText(german, problem)];
    for (const text of texts) {
      expect(text).not.toMatch(/^storageProblem|\$/);
      expect(text.length).toBeGreaterThan(30);
    }
    expect(texts[1]).not.toBe(texts[0]);
  });

  test('German sentences are German', () => {
    expect(storageProblemText(german, { kind: 'quota' })).toContain('Die Festplatte ist voll');
    expect(storageProblemText(german, { kind: 'newer-version', databaseVersion: 7 })).toContain('Datenbankversion 7');
  });

  test("an unforeseen failure keeps the browser's words, once", () => {
    expect(storageProblemText(english, { kind: 'failed', detail: 'UnknownError: the disk went away.' })).toBe('Storing rounds failed (UnknownError: the disk went away).');
    expect(storageProblemText(german, { kind: 'failed', detail: 'UnknownError' })).toBe('Das Speichern der Runden ist fehlgeschlagen (UnknownError).');
  });
});

describe('gameWordKey', () => {
  test('is the prefix and the id in PascalCase', () => {
    expect(gameWordKey('game', 'roulette-european')).toBe('gameRouletteEuropean');
    expect(gameWordKey('problemResult', 'keno')).toBe('problemResultKeno');
  });

  test.each(SUPPORTED_GAME_IDS)('%s has its words in both languages', (gameId) => {
    for (const prefix of ['game', 'stats', 'problemResult']) {
      const key = gameWordKey(prefix, gameId);
      expect(en).toHaveProperty(key);
      expect(de).toHaveProperty(key);
    }
  });

  test('isSupportedGameId: a supported id only, not a name or an inherited key', () => {
    expect(isSupportedGameId('keno')).toBe(true);
    expect(isSupportedGameId('Keno')).toBe(false);
    expect(isSupportedGameId('constructor')).toBe(false);
  });
});
