// Which outcomes end an action's slot: only one its round keeps as its own (ending-outcomes.ts),
// through the real store (fake-indexeddb).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { keptAsOutcome } from '../../src/background/ending-outcomes.js';
import { DATABASE_NAME, storeClaims } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { commitmentSighting, pendingClaim, shownResult, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const seen = (claim: CapturedClaim, at = T): CapturedClaim => ({ ...claim, observedAt: { ...claim.observedAt, result: at } });

describe('keptAsOutcome', () => {
  it('a new round\'s whole outcome, and the same outcome shown again, end; a claim that is no outcome does not', async () => {
    const round = vector(0);
    const first = seen(pendingClaim(round, 'Keno'));
    expect(await keptAsOutcome([first, commitmentSighting(vector(1), T)])).toEqual([true, false]);
    await storeClaims([first], T);
    expect(await keptAsOutcome([seen(pendingClaim(round, 'Keno'), T + 1)])).toEqual([true]);
    // Not seen live (no time for its result): no outcome the page showed.
    expect(await keptAsOutcome([pendingClaim(round, 'Keno')])).toEqual([false]);
  });

  it('an outcome the stored round sets aside ends nothing: under another game, with part of a draw, or another result', async () => {
    const round = vector(0);
    await storeClaims([seen(pendingClaim(round, 'European Roulette'))], T);
    const asKeno: CapturedClaim = { ...seen(pendingClaim(round, 'Keno'), T + 1), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] };
    expect(await keptAsOutcome([asKeno])).toEqual([false]);
    expect(await keptAsOutcome([{ ...seen(pendingClaim(round, 'European Roulette'), T + 1), result: wrongResult(round, 'European Roulette') }])).toEqual([false]);
    const keno = vector(1);
    const part = (shownResult(keno, 'Keno') as string[]).slice(0, 9);
    expect(await keptAsOutcome([{ ...seen(pendingClaim(keno, 'Keno')), result: part }])).toEqual([false]);
  });

  it('within one batch, by the claims before it: a second name for the same round ends nothing', async () => {
    const round = vector(0);
    const roulette = seen(pendingClaim(round, 'European Roulette'));
    const keno: CapturedClaim = { ...seen(pendingClaim(round, 'Keno'), T + 1), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] };
    expect(await keptAsOutcome([roulette, keno])).toEqual([true, false]);
  });
});
