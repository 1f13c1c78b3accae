// The worker's vocabularies of the casino's other languages (src/shared/vocabularies/): which one a
// page's locale picks, that each is written as the label table reads it, and that no wording means
// one field in one language and another field elsewhere (which language came first would then decide).
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES, type FieldName } from '../../src/capture/readers/fields.js';
import { labelKey } from '../../src/shared/label-key.js';
import { languageOf, VOCABULARIES, vocabularyFor } from '../../src/shared/vocabularies/vocabulary.js';

const GAMES = ['European Roulette', 'American Roulette', 'Roulette', 'Keno', 'Mines', 'Pump', 'Plinko', 'Dice', 'Golden Ticket', 'Limbo'];

describe('vocabularies', () => {
  it.each([
    ['tr', 'tr'],
    ['tr-TR', 'tr'],
    ['pt-BR', 'pt'],
    ['pt_br', 'pt'],
    [' JA ', 'ja'],
    ['es-419', 'es'],
    ['casino', undefined],
    ['', undefined],
    ['en-US', 'en'],
  ])('languageOf(%j) is %j', (locale, language) => {
    expect(languageOf(locale)).toBe(language);
  });

  it('a page\'s locales pick the first language known here, English or German none; no language known, or no locales: every language', () => {
    expect(vocabularyFor(['fr-CA', 'it'])).toBe(VOCABULARIES.fr);
    expect(vocabularyFor(['', 'hu'])).toBe(VOCABULARIES.hu);
    expect(vocabularyFor(['ko', 'tr'])).toBe(VOCABULARIES.tr);
    expect(vocabularyFor(['de', 'casino'])).toBeNull();
    expect(vocabularyFor(['en', 'hu'])).toBeNull();
    const all = vocabularyFor(undefined)!;
    for (const unknown of [['ko', ''], ['', 'casino'], []]) expect(vocabularyFor(unknown), unknown.join()).toEqual(all);
    expect(all.labels).toHaveLength(Object.values(VOCABULARIES).reduce((sum, vocabulary) => sum + vocabulary.labels.length, 0));
    expect(all.games.split(';')).toHaveLength(Object.values(VOCABULARIES).reduce((sum, vocabulary) => sum + vocabulary.games.split(';').length, 0));
  });

  it('has the seven languages, each naming the fields of a round, its game names under names capture knows', () => {
    expect(Object.keys(VOCABULARIES).sort()).toEqual(['es', 'fr', 'hu', 'it', 'ja', 'pt', 'tr']);
    for (const [language, { labels, games }] of Object.entries(VOCABULARIES)) {
      const fields = new Set<string>();
      for (const row of labels) {
        const match = /^(\w+)(?:\/([\w ]+))?=([^=]+)$/.exec(row);
        expect(match, `${language}: ${row}`).not.toBeNull();
        const [, field, game, words] = match!;
        // `control` is no field: the whole text of a fairness control (capture/dom/fairness-control.ts).
        expect([...FIELD_NAMES, 'control'], `${language}: ${row}`).toContain(field as FieldName);
        if (game !== undefined) expect(GAMES).toContain(game);
        for (const word of words!.split('|')) expect(labelKey(word), `${language}: "${word}"`).not.toBe('');
        fields.add(field!);
      }
      for (const field of ['serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'picks', 'game', 'roundSignature', 'control']) expect(fields, `${language} names ${field}`).toContain(field);
      for (const game of games.split(';')) expect(GAMES, `${language}: ${game}`).toContain(game.split('|')[0]);
    }
  });

  it('no wording names two fields (or a field and two games) across the languages', () => {
    const meaning = new Map<string, string>();
    for (const [language, { labels }] of Object.entries(VOCABULARIES)) {
      for (const row of labels) {
        const [head, words] = row.split('=') as [string, string];
        for (const word of words.split('|')) {
          const key = labelKey(word);
          const known = meaning.get(key);
          expect(known === undefined || known === head, `"${word}" (${language}) is ${head}, elsewhere ${known}`).toBe(true);
          meaning.set(key, head);
        }
      }
    }
  });
});
