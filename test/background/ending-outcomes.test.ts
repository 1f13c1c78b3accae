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

describe('keptAsOutcome (asked after the batch was stored)', () => {
  it('a stored round\'s whole outcome ends, and so does the same outcome shown again; a claim that is no outcome does not', async () => {
    const round = vector(0);
    const first = seen(pendingClaim(round, 'Keno'));
    await storeClaims([first, commitmentSighting(vector(1), T)], T);
    expect(await keptAsOutcome([first, commitmentSighting(vector(1), T)])).toEqual([true, false]);
    expect(await keptAsOutcome([seen(pendingClaim(round, 'Keno'), T + 1)])).toEqual([true]);
    // Not seen live (no time for its result), or not stored (refused): no outcome that ends anything.
    expect(await keptAsOutcome([pendingClaim(round, 'Keno')])).toEqual([false]);
    expect(await keptAsOutcome([seen(pendingClaim(vector(2), 'Keno'))])).toEqual([false]);
  });

  it('an outcome its stored round set aside ends nothing: under another game, with part of a draw, or another result', async () => {
    const round = vector(0);
    const asKeno: CapturedClaim = { ...seen(pendingClaim(round, 'Keno'), T + 1), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] };
    const other: CapturedClaim = { ...seen(pendingClaim(round, 'European Roulette'), T + 1), result: wrongResult(round, 'European Roulette') };
    await storeClaims([seen(pendingClaim(round, 'European Roulette')), asKeno, other], T + 1);
    expect(await keptAsOutcome([asKeno, other])).toEqual([false, false]);
    const keno = vector(1);
    const part: CapturedClaim = { ...seen(pendingClaim(keno, 'Keno')), result: (shownResult(keno, 'Keno') as string[]).slice(0, 9) };
    await storeClaims([part], T);
    expect(await keptAsOutcome([part])).toEqual([false]);
  });

  it('the round as another claim left it first (a seed claim with no result under another game, another frame\'s batch): the later name ends nothing', async () => {
    const round = vector(0);
    const { result: _none, ...seedOnly } = seen(pendingClaim(round, 'European Roulette'));
    const keno: CapturedClaim = { ...seen(pendingClaim(round, 'Keno'), T + 1), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] };
    await storeClaims([{ ...seedOnly, serverSeed: round.serverSeed }, keno], T + 1);
    expect(await keptAsOutcome([keno])).toEqual([false]);
  });
});
