import { describe, expect, test } from 'vitest';
import { EMPTY_FIELDS, fieldsFromParsed, inputFromFields, parsedCount } from '../../src/popup/check-fields.js';
import de from '../../src/_locales/de/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { dataGame, gameLabel, workerErrorText } from '../../src/ui/labels.js';
import { formatOutcome } from '../../src/popup/proof-model.js';
import { RowPages } from '../../src/popup/row-pages.js';
import { scrollToReveal, visibleWindow } from '../../src/popup/virtual-window.js';
import { createWorkerClient, unwrapReply } from '../../src/ui/worker-client.js';
import type { RoundRow } from '../../src/shared/records.js';

describe('worker client', () => {
  test('unwraps a reply, throws the worker’s error, and refuses a non-reply', async () => {
    expect(unwrapReply({ ok: true, value: 5 })).toBe(5);
    expect(() => unwrapReply({ ok: false, error: 'quota exceeded' })).toThrow('quota exceeded');
    expect(() => unwrapReply(undefined)).toThrow(/no usable answer/);
    const sent: unknown[] = [];
    const client = createWorkerClient(async (message) => {
      sent.push(message);
      return { ok: true, value: ['keno'] };
    });
    await expect(client.ask({ type: 'games' })).resolves.toEqual(['keno']);
    expect(sent).toEqual([{ type: 'games' }]);
    const failing = createWorkerClient(async () => ({ ok: false, error: 'round-detail: key too long' }));
    await expect(failing.ask({ type: 'summary' })).rejects.toThrow('round-detail: key too long');
  });

  test('a failure is worded in the UI language: a storage problem from its code, no answer in our words', () => {
    const german = translatorFrom(de as Record<string, LocaleEntry>);
    const failure = (reply: unknown) => {
      try {
        unwrapReply(reply);
      } catch (error) {
        return workerErrorText(german, error);
      }
      throw new Error('no failure');
    };
    expect(failure({ ok: false, error: 'The browser refused…', storageProblem: { kind: 'quota' } })).toMatch(/^Die Festplatte ist voll: Schaffe Platz auf der Festplatte/);
    expect(failure(undefined)).toMatch(/^Der Hintergrunddienst der Erweiterung hat nicht brauchbar geantwortet/);
    expect(failure({ ok: false, error: 'TypeError: x is undefined' })).toBe('Etwas ist schiefgelaufen: TypeError: x is undefined');
  });
});

describe('visibleWindow', () => {
  test('the visible rows plus overscan, clamped to the list', () => {
    expect(visibleWindow(0, 340, 68, 100_000, 6)).toEqual({ start: 0, end: 12 });
    expect(visibleWindow(68 * 1000, 340, 68, 100_000, 6)).toEqual({ start: 994, end: 1012 });
    expect(visibleWindow(68 * 99_999, 340, 68, 100_000, 6)).toEqual({ start: 99_993, end: 100_000 });
    expect(visibleWindow(0, 340, 68, 3, 6)).toEqual({ start: 0, end: 3 });
    expect(visibleWindow(500, 340, 68, 0, 6)).toEqual({ start: 0, end: 0 });
    expect(visibleWindow(-20, 340, 68, 10, 0)).toEqual({ start: 0, end: 6 });
  });
  test('scrollToReveal moves only as far as needed', () => {
    expect(scrollToReveal(0, 100, 340, 68)).toBe(0);
    expect(scrollToReveal(3, 0, 340, 68)).toBe(0);
    expect(scrollToReveal(5, 0, 340, 68)).toBe(68 * 6 - 340);
    expect(scrollToReveal(10, 68 * 20, 340, 68)).toBe(680);
  });
});

describe('RowPages', () => {
  const row = (index: number): RoundRow => ({ key: `k${index}`, game: 'Keno', gameId: 'keno', status: 'verified', updatedAt: 0 });
  const source = (total: number, calls: number[]) => async (offset: number, limit: number) => {
    calls.push(offset);
    return { total, rows: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => row(offset + i)) };
  };

  test('fetches each page once, even when asked twice at the same time', async () => {
    const calls: number[] = [];
    const pages = new RowPages(source(1000, calls), 100);
    expect(pages.total).toBeUndefined();
    await Promise.all([pages.ensure(150, 260), pages.ensure(190, 210)]);
    expect(calls).toEqual([100, 200]);
    expect(pages.total).toBe(1000);
    expect(pages.get(150)!.key).toBe('k150');
    expect(pages.get(50)).toBeUndefined();
    await pages.ensure(100, 300);
    expect(calls).toEqual([100, 200]);
  });

  test('a new generation shows the old rows until its own arrive', async () => {
    const calls: number[] = [];
    const old = new RowPages(source(10, calls), 100);
    await old.ensure(0, 10);
    const fresh = new RowPages(source(12, calls), 100, old);
    expect(fresh.total).toBe(10);
    expect(fresh.get(3)!.key).toBe('k3');
    await fresh.ensure(0, 12);
    expect(fresh.total).toBe(12);
    expect(fresh.get(11)!.key).toBe('k11');
  });

  test('a failed page can be fetched again', async () => {
    let fail = true;
    const pages = new RowPages(async (offset) => {
      if (fail) throw new Error('worker stopped');
      return { total: 1, rows: [row(offset)] };
    }, 100);
    await expect(pages.ensure(0, 1)).rejects.toThrow('worker stopped');
    fail = false;
    await pages.ensure(0, 1);
    expect(pages.get(0)!.key).toBe('k0');
  });
});

describe('check-a-round fields', () => {
  test('parsed text fills the fields; keno is recognised by its ten numbers', () => {
    const parsed = { serverSeed: 's', clientSeed: 'c', nonce: '1', result: ['3', '5', '6', '7', '15', '19', '21', '22', '28', '29'] };
    expect(parsedCount(parsed)).toBe(4);
    expect(fieldsFromParsed(parsed, { ...EMPTY_FIELDS, commitment: 'stale' })).toEqual({
      ...EMPTY_FIELDS,
      game: 'keno',
      serverSeed: 's',
      clientSeed: 'c',
      nonce: '1',
      result: '3 5 6 7 15 19 21 22 28 29',
    });
  });
  test('game names in English or German map to the supported id; others are kept', () => {
    expect(fieldsFromParsed({ game: 'Amerikanisches Roulette' }, EMPTY_FIELDS).game).toBe('roulette-american');
    expect(fieldsFromParsed({ game: 'Mines' }, EMPTY_FIELDS).game).toBe('Mines');
    expect(fieldsFromParsed({ result: '17' }, { ...EMPTY_FIELDS, game: 'roulette-european' }).game).toBe('roulette-european');
  });
  test('the claim is trimmed and drops empty fields', () => {
    expect(inputFromFields({ ...EMPTY_FIELDS, game: 'keno', serverSeed: ' s ', nonce: '2' })).toEqual({
      game: 'keno',
      serverSeed: 's',
      commitment: undefined,
      clientSeed: undefined,
      nonce: '2',
      result: undefined,
      roundSignature: undefined,
    });
  });
});

describe('labels and formatting', () => {
  const t = (key: string) => `<${key}>`;
  test('supported games get the translated name; others keep the casino’s', () => {
    expect(gameLabel(t, 'keno')).toBe('<gameKeno>');
    expect(gameLabel(t, 'mines', 'Mines')).toBe('Mines');
    expect(dataGame('roulette-american', 'Amerikanisches Roulette')).toBe('roulette-american');
    expect(dataGame('mines', 'Mines')).toBe('Mines');
  });
  test('outcomes in the game’s canonical form', () => {
    expect(formatOutcome('keno', ['29', '3', '5', '6', '7', '15', '19', '21', '22', '28'])).toBe('3 5 6 7 15 19 21 22 28 29');
    expect(formatOutcome('roulette-american', '00')).toBe('00');
    expect(formatOutcome('mines', ['a', 'b'])).toBe('a b');
    expect(formatOutcome('keno', undefined)).toBeUndefined();
  });
});
