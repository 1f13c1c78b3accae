// Each finding kind worded from the locale files, in English and German: never the core's English
// message, never a placeholder left unfilled.
import { describe, expect, it } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import type { Finding, FindingKind } from '../../src/core/index.js';
import { findingSentence } from '../../src/popup/finding-text.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';

const KINDS: FindingKind[] = ['nonce-gap', 'nonce-repeat', 'nonce-conflict', 'client-seed-changed', 'server-seed-reused', 'several-commitments', 'seed-conflict', 'file-disagrees'];

const finding = (kind: FindingKind): Finding => ({
  kind,
  severity: 'finding',
  commitment: 'a'.repeat(64),
  clientSeed: 'player-seed',
  nonces: ['12'],
  roundKeys: ['k'],
  commitments: ['a'.repeat(64), 'b'.repeat(64)],
  serverSeeds: ['c'.repeat(64), 'd'.repeat(64)],
  message: 'THE CORE MESSAGE',
});

describe('findingSentence', () => {
  for (const [language, messages] of [['en', en], ['de', de]] as const) {
    it(`words every kind from the ${language} locale`, () => {
      const t = translatorFrom(messages as Record<string, LocaleEntry>);
      for (const kind of KINDS) {
        const sentence = findingSentence(finding(kind), t);
        expect(sentence, kind).not.toBe('THE CORE MESSAGE');
        expect(sentence, kind).not.toMatch(/\$|^finding[A-Z]/);
        expect(sentence.length, kind).toBeGreaterThan(30);
      }
    });
  }

  it('names the round of a file-disagrees finding', () => {
    const t = translatorFrom(en as Record<string, LocaleEntry>);
    expect(findingSentence(finding('file-disagrees'), t)).toBe(
      "An imported file shows nonce 12 of seed pair aaaaaaaa…aaaaaaaa with client seed “player-seed” differently from the casino's page; the page's values are the ones verified.",
    );
  });
});
