// What each keno number was in a round: drawn by the seeds, picked by the player, a hit, or one
// where the seeds and the casino's display differ. The board, the row's strip and their text
// equivalents all read this one reckoning.
import { KENO_BOARD } from '../core/index.js';
import type { Translate } from '../ui/i18n.js';

/** `shown-only`: the casino showed it, the seeds did not draw it; `seeds-only`: the other way round. */
export type KenoDifference = 'shown-only' | 'seeds-only';

export interface KenoMark {
  number: number;
  /** In the draw: the seeds' numbers where they are known, else the numbers shown. */
  drawn: boolean;
  picked: boolean;
  /** Picked and drawn. */
  hit: boolean;
  difference?: KenoDifference;
}

export interface KenoMarks {
  /** Numbers 1…40, in board order. */
  cells: KenoMark[];
  drawn: number[];
  picks: number[];
  hits: number[];
  shownOnly: number[];
  seedsOnly: number[];
}

/** Whole numbers of 1…40 in a list of texts or numbers; anything else is left out. */
export function boardNumbers(values: readonly (string | number)[] | undefined): number[] {
  const numbers = (values ?? []).map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= KENO_BOARD);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/**
 * `seeds`: what the revealed seeds draw (absent while the seed is secret); `shown`: what the casino
 * showed; `picks`: the player's numbers. Hits count against the seeds' draw, the true one.
 */
export function kenoMarks(seeds: readonly number[] | undefined, shown: readonly number[] | undefined, picks: readonly number[] | undefined): KenoMarks {
  const seedSet = seeds && seeds.length > 0 ? new Set(seeds) : undefined;
  const shownSet = new Set(shown ?? []);
  const drawnSet = seedSet ?? shownSet;
  const pickSet = new Set(picks ?? []);
  const cells: KenoMark[] = [];
  for (let number = 1; number <= KENO_BOARD; number++) {
    const drawn = drawnSet.has(number);
    const picked = pickSet.has(number);
    const mark: KenoMark = { number, drawn, picked, hit: drawn && picked };
    // Differences exist only where both the seeds' draw and a shown one are known.
    if (seedSet && shownSet.size > 0 && seedSet.has(number) !== shownSet.has(number)) {
      mark.difference = shownSet.has(number) ? 'shown-only' : 'seeds-only';
    }
    cells.push(mark);
  }
  const numbersWhere = (test: (mark: KenoMark) => boolean) => cells.filter(test).map((mark) => mark.number);
  return {
    cells,
    drawn: numbersWhere((mark) => mark.drawn),
    picks: numbersWhere((mark) => mark.picked),
    hits: numbersWhere((mark) => mark.hit),
    shownOnly: numbersWhere((mark) => mark.difference === 'shown-only'),
    seedsOnly: numbersWhere((mark) => mark.difference === 'seeds-only'),
  };
}

const list = (numbers: number[]) => numbers.join(', ');

/** The picture in words, for screen readers: the draw, the picks and hits, and each difference. */
export function kenoMarksText(marks: KenoMarks, t: Translate): string {
  const parts = [t('kenoTextDrawn', list(marks.drawn))];
  if (marks.picks.length > 0) {
    parts.push(t('kenoTextPicks', list(marks.picks)));
    parts.push(marks.hits.length > 0 ? t('kenoTextHits', [list(marks.hits), marks.hits.length, marks.picks.length]) : t('kenoTextNoHits'));
  }
  if (marks.shownOnly.length > 0) parts.push(t('kenoTextShownOnly', list(marks.shownOnly)));
  if (marks.seedsOnly.length > 0) parts.push(t('kenoTextSeedsOnly', list(marks.seedsOnly)));
  return parts.join(' ');
}
