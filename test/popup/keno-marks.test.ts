// The keno reckoning behind the board and the row strip: hits, differences, and the words for them.
import { describe, expect, it } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { boardNumbers, kenoMarks, kenoMarksText } from '../../src/popup/keno-marks.js';

const english = translatorFrom(en as Record<string, LocaleEntry>);
const german = translatorFrom(de as Record<string, LocaleEntry>);
const SEEDS = [2, 5, 9, 12, 14, 17, 22, 30, 33, 38];

describe('kenoMarks', () => {
  it('a verified round: 40 numbers in board order, the draw, the picks and the hits (picked and drawn)', () => {
    const marks = kenoMarks(SEEDS, SEEDS, [1, 5, 12, 40]);
    expect(marks.cells.map((mark) => mark.number)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(marks.drawn).toEqual(SEEDS);
    expect(marks.picks).toEqual([1, 5, 12, 40]);
    expect(marks.hits).toEqual([5, 12]);
    expect(marks.shownOnly).toEqual([]);
    expect(marks.seedsOnly).toEqual([]);
    expect(marks.cells[0]).toEqual({ number: 1, drawn: false, picked: true, hit: false });
    expect(marks.cells[4]).toEqual({ number: 5, drawn: true, picked: true, hit: true });
  });

  it('a mismatch: what the casino showed but the seeds do not draw, and the other way round; hits count against the seeds', () => {
    const shown = [2, 5, 9, 12, 14, 17, 22, 30, 33, 39];
    const marks = kenoMarks(SEEDS, shown, [38, 39]);
    expect(marks.drawn).toEqual(SEEDS);
    expect(marks.shownOnly).toEqual([39]);
    expect(marks.seedsOnly).toEqual([38]);
    // 38 is a real hit the casino did not show; 39 was shown but is no hit.
    expect(marks.hits).toEqual([38]);
    expect(marks.cells[38]).toMatchObject({ number: 39, drawn: false, picked: true, hit: false, difference: 'shown-only' });
  });

  it('before the seed is revealed the shown numbers are the draw, and nothing differs', () => {
    const marks = kenoMarks(undefined, SEEDS, [5]);
    expect(marks.drawn).toEqual(SEEDS);
    expect(marks.hits).toEqual([5]);
    expect(marks.cells.some((mark) => mark.difference)).toBe(false);
  });

  it('boardNumbers keeps whole numbers of 1…40 once, ascending', () => {
    expect(boardNumbers(['13', '7', '7', '0', '41', 'x', '1.5', 40])).toEqual([7, 13, 40]);
    expect(boardNumbers(undefined)).toEqual([]);
  });
});

describe('kenoMarksText: the picture in words', () => {
  it('names the draw, the picks, the hits with their count, and each difference, in English', () => {
    const text = kenoMarksText(kenoMarks(SEEDS, [2, 5, 9, 12, 14, 17, 22, 30, 33, 39], [5, 12, 39]), english);
    expect(text).toBe(
      'Drawn: 2, 5, 9, 12, 14, 17, 22, 30, 33, 38. Your picks: 5, 12, 39. Hits: 5, 12 (2 of 3 picks). ' +
        'Shown by the casino but not drawn by the seeds: 39. Drawn by the seeds but not shown by the casino: 38.',
    );
  });

  it('says there were no hits, and speaks German in German', () => {
    expect(kenoMarksText(kenoMarks(SEEDS, SEEDS, [1]), english)).toBe('Drawn: 2, 5, 9, 12, 14, 17, 22, 30, 33, 38. Your picks: 1. No hits.');
    expect(kenoMarksText(kenoMarks(SEEDS, SEEDS, [1, 2]), german)).toBe(
      'Gezogen: 2, 5, 9, 12, 14, 17, 22, 30, 33, 38. Deine Zahlen: 1, 2. Treffer: 2 (1 von 2 Zahlen).',
    );
  });

  it('without picks it names the draw only', () => {
    expect(kenoMarksText(kenoMarks(SEEDS, SEEDS, undefined), english)).toBe('Drawn: 2, 5, 9, 12, 14, 17, 22, 30, 33, 38.');
  });
});
