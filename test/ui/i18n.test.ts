import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { countText, substitutionList, translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';

const root = join(import.meta.dirname, '../..');
const load = (lang: string) => JSON.parse(readFileSync(join(root, 'src/_locales', lang, 'messages.json'), 'utf8')) as Record<string, LocaleEntry>;
const en = load('en');
const de = load('de');

describe('locales', () => {
  test('en and de have the same keys, each with a message and a description', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const messages of [en, de]) {
      for (const [key, entry] of Object.entries(messages)) {
        expect(key).toMatch(/^[A-Za-z0-9_]+$/);
        expect(entry.message.trim(), key).not.toBe('');
        expect(entry.description?.trim(), key).toBeTruthy();
      }
    }
  });

  test('placeholders: every $NAME$ is declared, every declared one is used, and both languages agree', () => {
    for (const [key, entry] of Object.entries(en)) {
      for (const messages of [en, de]) {
        const item = messages[key]!;
        const used = new Set([...item.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => m[1]!.toLowerCase()));
        const declared = Object.keys(item.placeholders ?? {}).map((name) => name.toLowerCase());
        expect([...used].sort(), key).toEqual([...declared].sort());
        for (const placeholder of Object.values(item.placeholders ?? {})) expect(placeholder.content).toMatch(/^\$[1-9]$/);
      }
      expect(de[key]!.placeholders, key).toEqual(entry.placeholders);
    }
  });

  test('plural pairs: every <key>_one has its <key>_other, and both take the count', () => {
    for (const key of Object.keys(en).filter((name) => name.endsWith('_one'))) {
      const other = key.replace(/_one$/, '_other');
      expect(en, other).toHaveProperty(other);
      for (const messages of [en, de]) expect(translatorFrom(messages)(other, [7, 'x', 'y']), other).toMatch(/7/);
    }
    for (const key of Object.keys(en).filter((name) => name.endsWith('_other'))) expect(en, key).toHaveProperty(key.replace(/_other$/, '_one'));
  });

  test('the manifest and the worker badge keys', () => {
    const t = translatorFrom(en);
    expect(t('extensionName')).toBe('Fair Witness');
    expect(t('extensionDescription')).toMatch(/locally.*sends nothing/);
    expect(t('badgeTitleSummary', ['12', '3', '1'])).toBe('Fair Witness: 12 verified, 3 pending, 1 mismatched');
    expect(t('badgeTitleEmpty')).toBe('Fair Witness: no rounds seen yet');
    expect(translatorFrom(de)('badgeTitleSummary', ['12', '3', '1'])).toBe('Fair Witness: 12 bestätigt, 3 ausstehend, 1 abweichend');
    // The popup sets <html lang> from the translation in use.
    expect([t('uiLanguage'), translatorFrom(de)('uiLanguage')]).toEqual(['en', 'de']);
  });

  test('German is German: most strings differ from English', () => {
    const same = Object.keys(en).filter((key) => en[key]!.message === de[key]!.message);
    expect(same.length).toBeLessThan(Object.keys(en).length / 8);
    expect(de.historyExplained!.message).toMatch(/nach deinem Einsatz wählen/);
  });

  test('German says "du" to the player, never "Sie"', () => {
    // Capitalised Sie/Ihr… is the polite address anywhere in a sentence; at a sentence's start it
    // could also be "they"/"their". Such a message, read and found to mean "they", is listed here.
    const meansThey = new Set<string>([]);
    const polite = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
    const addressing = Object.keys(de).filter((key) => !meansThey.has(key) && polite.test(de[key]!.message));
    expect(addressing).toEqual([]);
    // The informal address is really used (so a blanket rewording to the impersonal would show).
    const informal = Object.keys(de).filter((key) => /\b(du|dein\w*|dir|dich)\b/.test(de[key]!.message));
    expect(informal.length).toBeGreaterThan(15);
  });

  test('every key the popup uses exists', () => {
    const dir = join(root, 'src/popup');
    const source = readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    const keys = new Set([...source.matchAll(/\bt\(\s*'([A-Za-z]+)'/g)].map((m) => m[1]!));
    for (const match of source.matchAll(/'((?:status|level|game|failure|step|draw)[A-Z][A-Za-z]+)'/g)) keys.add(match[1]!);
    expect(keys.size).toBeGreaterThan(60);
    for (const key of keys) expect(en, key).toHaveProperty(key);
    // Counted sentences: both forms of each.
    const counted = [...source.matchAll(/\bcountText\(\s*t,\s*'([A-Za-z]+)'/g)].map((m) => m[1]!);
    expect(counted.length).toBeGreaterThan(5);
    for (const key of counted) for (const form of ['one', 'other']) expect(en, `${key}_${form}`).toHaveProperty(`${key}_${form}`);
  });
});

describe('translatorFrom', () => {
  const t = translatorFrom({
    plain: { message: 'Hello' },
    named: { message: 'Got $COUNT$ of $Total$, $$5', placeholders: { count: { content: '$1' }, total: { content: '$2' } } },
    positional: { message: 'a $1 b $2' },
  });
  test('expands named placeholders, positional substitutions and $$ like chrome.i18n', () => {
    expect(t('plain')).toBe('Hello');
    expect(t('NAMED', [3, 7])).toBe('Got 3 of 7, $5');
    expect(t('positional', 'x')).toBe('a x b ');
    expect(t('missing')).toBe('missing');
  });
  test('countText takes the _one form for exactly 1 and _other for any other count', () => {
    const plural = translatorFrom({ rounds_one: { message: '$1 round of $2' }, rounds_other: { message: '$1 rounds of $2' } });
    expect(countText(plural, 'rounds', 1, ['x'])).toBe('1 round of x');
    expect(countText(plural, 'rounds', 0, ['x'])).toBe('0 rounds of x');
    expect(countText(plural, 'rounds', 3, ['x'])).toBe('3 rounds of x');
  });
  test('substitutionList', () => {
    expect(substitutionList()).toEqual([]);
    expect(substitutionList(4)).toEqual(['4']);
    expect(substitutionList(['a', 2])).toEqual(['a', '2']);
  });
});
