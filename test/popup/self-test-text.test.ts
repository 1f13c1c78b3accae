// A failed self-test check in the player's language (popup/self-test-text.ts), from the codes the
// core's self-test sends: checks failed for real by a broken hash backend.
import { describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { nobleBackend, runSelfTest, type HashBackend } from '../../src/core/index.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { selfTestCheckText } from '../../src/popup/self-test-text.js';

const english = translatorFrom(en as Record<string, LocaleEntry>);
const german = translatorFrom(de as Record<string, LocaleEntry>);

/** SHAKE256 that gives only zero bytes: every draw is the first outcome left. */
const zeroStream: HashBackend = { ...nobleBackend, name: 'zeros', shake256: () => ({ read: (count) => new Uint8Array(count) }) };

describe('selfTestCheckText', () => {
  const checks = runSelfTest(zeroStream);
  const failed = checks.filter((check) => !check.ok);

  test('the broken backend fails reference rounds and lets the tampered draw (1…10, all zeros) through', () => {
    expect(runSelfTest().every((check) => check.ok)).toBe(true);
    expect(failed.some((check) => check.kind === 'reference')).toBe(true);
    expect(failed.find((check) => check.kind === 'tamper')).toMatchObject({ game: 'keno', got: 'verified' });
  });

  test('each failed check is worded from its codes, in English and in German', () => {
    const reference = failed.find((check) => check.kind === 'reference' && check.game === 'keno')!;
    expect(selfTestCheckText(english, reference)).toBe(
      `Reference round ${reference.round}, Keno: the published procedure verifies it, but this extension judged it “mismatch”.`,
    );
    expect(selfTestCheckText(german, reference)).toBe(
      `Referenzrunde ${reference.round}, Keno: Nach dem veröffentlichten Verfahren ist sie bestätigt, diese Erweiterung urteilte aber „Abweichung“.`,
    );
    const tamper = failed.find((check) => check.kind === 'tamper')!;
    expect(selfTestCheckText(german, tamper)).toBe('Eine manipulierte Keno-Ziehung wurde nicht als falsches Ergebnis erkannt: Diese Erweiterung urteilte „bestätigt“.');
  });

  test('a check stored by an older version, without codes, is named as failed without its English', () => {
    expect(selfTestCheckText(german, { name: 'keno vector', ok: false, detail: 'got 1 2 3' })).toBe('Eine Prüfung des Selbsttests ist fehlgeschlagen.');
  });
});
