// The trust rule through the real store (fake-indexeddb): hand-made histories of what a casino page
// showed and when, sent as the content script would (one clock reading per scan, the player's last
// trusted action with each outcome). The eight reproductions of the witness issue never give
// `witnessed` and get their flag; the honest flows give `witnessed` where the order holds, with no
// mismatch and no finding.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { addRateLimitNote } from '../../src/background/rate-limit-notes.js';
import { PANEL_MEMORY } from '../../src/background/pre-round.js';
import { roundKey } from '../../src/background/round-key.js';
import { clearRounds, DATABASE_NAME, getRound, pageInSeenOrder, storeClaims } from '../../src/background/store.js';
import { computeRound, gameById, type Finding } from '../../src/core/index.js';
import type { CapturedClaim, RoundRecord } from '../../src/shared/records.js';

const T = 1_700_000_000_000;
const KENO = gameById('keno');

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/** A seed pair of the casino: its secret seed and the commitment shown for it. */
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
type Pair = ReturnType<typeof pair>;

/** The active-seed-pair panel: this commitment, with this client seed and next nonce, seen at `at`. */
const panel = (p: Pair, clientSeed: string, nonce: number, at: number): CapturedClaim => ({
  source: 'dom',
  game: 'Keno',
  commitment: p.commitment,
  clientSeed,
  nonce: String(nonce),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at },
});

/** The outcome of a round on `p`, first seen at `at`, after the player's action at `actedAt`. */
const outcome = (p: Pair, clientSeed: string, nonce: number, at: number, actedAt?: number): CapturedClaim => ({
  source: 'dom',
  game: 'Keno',
  commitment: p.commitment,
  clientSeed,
  nonce: String(nonce),
  result: (computeRound(KENO, p.serverSeed, clientSeed, nonce).outcome as number[]).map(String),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at },
  ...(actedAt === undefined ? {} : { actedAt }),
});

/** The pair's reveal (a "previous seeds" panel or the rotation's answer), seen at `at`. */
const reveal = (p: Pair, at: number, serverSeed = p.serverSeed): CapturedClaim => ({
  source: 'json',
  commitment: p.commitment,
  serverSeed,
  observedAt: { commitment: at, serverSeed: at },
});

/** Stores each step as its own batch, at its own time (what a page shows, one scan at a time). */
async function play(...steps: (CapturedClaim | CapturedClaim[])[]): Promise<void> {
  for (const step of steps) {
    const batch = Array.isArray(step) ? step : [step];
    const at = Math.max(...batch.map((claim) => Math.max(...Object.values(claim.observedAt), claim.shownAgainAt ?? 0)));
    await storeClaims(batch, at + 1);
  }
}

const roundOf = async (p: Pair, clientSeed: string, nonce: number): Promise<RoundRecord> =>
  (await getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) })))!;

const verdictOf = async (p: Pair, clientSeed: string, nonce: number) => {
  const { verdict, preRoundCommitment } = await roundOf(p, clientSeed, nonce);
  return { status: verdict.status, level: verdict.level, levelReason: verdict.levelReason, failures: verdict.failures.map((f) => f.step), preRoundCommitment };
};

const kinds = (found: Finding[]) => found.map((finding) => finding.kind);

describe('the eight reproductions: never witnessed, each with its flag', () => {
  it('1. the panel first says "next nonce 10"; after the reveal the history shows nonce 3: history, no commitment covering it', async () => {
    const c = pair('late');
    await play(panel(c, 'cs', 10, T), outcome(c, 'cs', 3, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 3)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'no-commitment' });
  });

  it('2. forty panel states with one client seed and nonce at once, the round on whichever: history and a several-commitments finding', async () => {
    const pairs = Array.from({ length: 40 }, (_, i) => pair(`many-${i}`));
    const loser = pairs[23]!;
    await play(
      pairs.map((p) => panel(p, 'cs', 1, T)),
      outcome(loser, 'cs', 1, T + 20, T + 10),
      reveal(loser, T + 30),
    );
    expect(await verdictOf(loser, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
    const found = await findings();
    expect(kinds(found)).toEqual(['several-commitments']);
    expect(found[0]!.commitments).toHaveLength(5);
    expect(found[0]!.message).toMatch(/^40 different unrevealed commitments/);
  });

  it('3. the panel shows C1; after the bet it shows C2 for the same client seed and nonce, then the result on C2, and the panel goes on with C1: step witness', async () => {
    const [c1, c2] = [pair('before'), pair('after')];
    await play(panel(c1, 'cs', 4, T), panel(c2, 'cs', 4, T + 15), [outcome(c2, 'cs', 4, T + 20, T + 10), panel(c1, 'cs', 5, T + 20)], reveal(c2, T + 30));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
    // Without the re-render, the same round is the same mismatch: one extra render changes nothing.
    await clearRounds();
    await play(panel(c1, 'cs', 4, T + 100), [outcome(c2, 'cs', 4, T + 120, T + 110), panel(c1, 'cs', 5, T + 120)], reveal(c2, T + 130));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
    // The panel going on with C1 only after the outcome was stored: the round is judged again then.
    await clearRounds();
    await play(panel(c1, 'cs', 4, T + 200), outcome(c2, 'cs', 4, T + 220, T + 210));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'pending', preRoundCommitment: undefined });
    await play(panel(c1, 'cs', 5, T + 230));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
  });

  it('4. commitment and outcome in one DOM mutation or one JSON answer (one clock reading): history', async () => {
    const c = pair('same-frame');
    await play([panel(c, 'cs', 1, T + 20), outcome(c, 'cs', 1, T + 20, T + 10)], reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'no-commitment' });
  });

  it('5. the panel appears only after the bet button is pressed, then the result: history', async () => {
    const c = pair('after-click');
    await play(panel(c, 'cs', 1, T + 15), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
  });

  it('6. client seed kept across a rotation, panel closed: pair 1 last seen at next nonce 5, pair 2 seen once at next nonce 1; nonce 5 on pair 2 is witnessed, not accused', async () => {
    const [c1, c2] = [pair('kept-1'), pair('kept-2')];
    const steps: CapturedClaim[] = [];
    for (let nonce = 1; nonce <= 4; nonce++) steps.push(panel(c1, 'cs', nonce, T + nonce * 10), outcome(c1, 'cs', nonce, T + nonce * 10 + 5, T + nonce * 10 + 2));
    steps.push(panel(c1, 'cs', 5, T + 50), reveal(c1, T + 60), panel(c2, 'cs', 1, T + 70));
    for (let nonce = 1; nonce <= 5; nonce++) steps.push(outcome(c2, 'cs', nonce, T + 100 + nonce * 10, T + 95 + nonce * 10));
    steps.push(reveal(c2, T + 200));
    await play(...steps);
    for (let nonce = 1; nonce <= 5; nonce++) expect(await verdictOf(c2, 'cs', nonce)).toMatchObject({ status: 'verified', level: 'witnessed' });
    for (let nonce = 1; nonce <= 4; nonce++) expect(await verdictOf(c1, 'cs', nonce)).toMatchObject({ status: 'verified', level: 'witnessed' });
    expect(await findings()).toEqual([]);
  });

  it('7. two revealed seeds for one commitment: both kept, the one that hashes is used, a seed-conflict finding names both (either order)', async () => {
    const c = pair('two-seeds');
    const forged = 'f'.repeat(64);
    for (const order of [[reveal(c, T + 30), reveal(c, T + 31, forged)], [reveal(c, T + 30, forged), reveal(c, T + 31)]]) {
      await clearRounds();
      await play(panel(c, 'cs', 1, T), outcome(c, 'cs', 1, T + 20, T + 10), ...order);
      const record = await roundOf(c, 'cs', 1);
      expect([record.serverSeed, ...(record.otherServerSeeds ?? [])].sort()).toEqual([c.serverSeed, forged].sort());
      expect(record.verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
      const found = await findings();
      expect(kinds(found)).toEqual(['seed-conflict']);
      expect(found[0]!.serverSeeds!.sort()).toEqual([c.serverSeed, forged].sort());
    }
  });

  it('7b. two seeds for one commitment, neither hashing to it: step commitment, and the finding', async () => {
    const c = pair('no-seed-fits');
    await play(panel(c, 'cs', 1, T), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30, 'a'.repeat(64)), reveal(c, T + 31, 'b'.repeat(64)));
    expect((await verdictOf(c, 'cs', 1)).failures).toContain('commitment');
    expect(kinds(await findings())).toEqual(['seed-conflict']);
  });

  it('8. a tab refused for its budget while the round was played: history (flood), however the order looks', async () => {
    const c = pair('flood');
    await play(panel(c, 'cs', 1, T));
    await addRateLimitNote(7, 'www.cloudbet.com', 6000, 1000, T + 5);
    await play(outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'flood' });
  });

  it('8b. a flood after a round was stored, before its reveal, takes the witness away too (the tab may still hold back a state from before the bet)', async () => {
    const c = pair('flood-later');
    await play(panel(c, 'cs', 1, T), outcome(c, 'cs', 1, T + 20, T + 10));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'pending' });
    expect((await roundOf(c, 'cs', 1)).witness).toBe('bound-before-bet');
    await addRateLimitNote(7, 'www.cloudbet.com', 6000, 1000, T + 100);
    await play(outcome(c, 'cs', 2, T + 220, T + 210), reveal(c, T + 300));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'flood' });
    expect(await verdictOf(c, 'cs', 2)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'flood' });
  });
});

describe('honest flows: witnessed where the order holds, no mismatch, no finding', () => {
  async function expectClean(): Promise<RoundRecord[]> {
    const { records } = await pageInSeenOrder(0, 1000);
    expect(records.filter((r) => r.verdict.status === 'mismatch')).toEqual([]);
    expect(await findings()).toEqual([]);
    return records;
  }

  it('one seed pair with manual bets: each round witnessed', async () => {
    const c = pair('manual');
    const steps: CapturedClaim[][] = [[panel(c, 'cs', 1, T)]];
    for (let nonce = 1; nonce <= 5; nonce++) {
      // The bet at +5, the outcome at +10 in the same scan as the panel's next nonce.
      steps.push([outcome(c, 'cs', nonce, T + nonce * 100 + 10, T + nonce * 100 + 5), panel(c, 'cs', nonce + 1, T + nonce * 100 + 10)]);
    }
    steps.push([reveal(c, T + 1000)]);
    await play(...steps);
    const records = await expectClean();
    expect(records.map((r) => r.verdict.level)).toEqual(Array(5).fill('witnessed'));
  });

  it.each([
    ['nonce 1 every round', true],
    ['a nonce that keeps counting', false],
  ])('a new seed pair every round (%s), client seed kept: each round witnessed', async (_label, nonceOne) => {
    const pairs = Array.from({ length: 6 }, (_, i) => pair(`per-round-${nonceOne}-${i}`));
    const steps: CapturedClaim[][] = [[panel(pairs[0]!, 'cs', 1, T)]];
    pairs.forEach((p, i) => {
      const nonce = nonceOne ? 1 : i + 1;
      const at = T + (i + 1) * 100;
      const next = pairs[i + 1];
      steps.push([outcome(p, 'cs', nonce, at + 10, at + 5)]);
      // Moving on to the next round switches pairs: the old pair's reveal and the new pair together.
      steps.push([reveal(p, at + 50), ...(next ? [panel(next, 'cs', nonceOne ? 1 : i + 2, at + 50)] : [])]);
    });
    await play(...steps);
    const records = await expectClean();
    expect(records.map((r) => [r.nonce, r.verdict.status, r.verdict.level])).toEqual(pairs.map((_, i) => [String(nonceOne ? 1 : i + 1), 'verified', 'witnessed']));
  });

  it('the reveal seen with the outcome (a reveal in the same answer): outcome-after-reveal, no mismatch', async () => {
    const c = pair('revealed-at-once');
    await play(panel(c, 'cs', 1, T), [outcome(c, 'cs', 1, T + 20, T + 10), { ...reveal(c, T + 20) }]);
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'outcome-after-reveal' });
    await expectClean();
  });

  it('the extension installed in the middle of a pair: earlier rounds history, later ones witnessed', async () => {
    const c = pair('mid-pair');
    // First sight: the history of nonces 1–6 (no action before them) and the panel at next nonce 7.
    await play([...[1, 2, 3, 4, 5, 6].map((n) => outcome(c, 'cs', n, T)), panel(c, 'cs', 7, T)]);
    await play(outcome(c, 'cs', 7, T + 20, T + 10), outcome(c, 'cs', 8, T + 40, T + 30), reveal(c, T + 50));
    const records = await expectClean();
    expect(records.map((r) => [r.nonce, r.verdict.level])).toEqual([
      ['1', 'history'],
      ['2', 'history'],
      ['3', 'history'],
      ['4', 'history'],
      ['5', 'history'],
      ['6', 'history'],
      ['7', 'witnessed'],
      ['8', 'witnessed'],
    ]);
  });

  it('auto-bet on one pair: one action covers every round; a new pair shown during the auto-bet does not', async () => {
    const c = pair('auto');
    const steps: CapturedClaim[][] = [[panel(c, 'cs', 1, T)]];
    for (let nonce = 1; nonce <= 10; nonce++) steps.push([outcome(c, 'cs', nonce, T + nonce * 10 + 5, T + 5), panel(c, 'cs', nonce + 1, T + nonce * 10 + 5)]);
    steps.push([reveal(c, T + 500)]);
    await play(...steps);
    const records = await expectClean();
    expect(records.map((r) => r.verdict.level)).toEqual(Array(10).fill('witnessed'));

    // A pair per round during an auto-bet: chosen after the bet's settings were known.
    const [a, b] = [pair('auto-a'), pair('auto-b')];
    await play(
      panel(a, 'cs2', 1, T + 1000),
      outcome(a, 'cs2', 1, T + 1020, T + 1005),
      [reveal(a, T + 1025), panel(b, 'cs2', 1, T + 1025)],
      outcome(b, 'cs2', 1, T + 1040, T + 1005),
      reveal(b, T + 1045),
    );
    expect(await verdictOf(a, 'cs2', 1)).toMatchObject({ level: 'witnessed' });
    expect(await verdictOf(b, 'cs2', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
    await expectClean();
  });

  it('two tabs: the outcome first seen in the tab that was played keeps that tab\'s action, whichever arrives first', async () => {
    const c = pair('tabs');
    // Tab A and tab B both show the panel; the player bets in B; A shows the outcome later, with no action of its own.
    await play(panel(c, 'cs', 1, T), panel(c, 'cs', 1, T + 3));
    await play(outcome(c, 'cs', 1, T + 40), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 50));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'witnessed' });
    await expectClean();
  });

  it('a round the page played by itself (no trusted action in that document): history, no action', async () => {
    const c = pair('self-play');
    await play(panel(c, 'cs', 1, T), outcome(c, 'cs', 1, T + 20), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'no-action' });
    await expectClean();
  });
});

describe('property: random honest sessions through the store', () => {
  it('never give a mismatch or a finding, and every round bet on after its pair was shown is witnessed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pairs: fc.integer({ min: 1, max: 4 }),
          rounds: fc.integer({ min: 1, max: 3 }),
          nonceOne: fc.boolean(),
          panelEachRound: fc.boolean(),
          autoBet: fc.boolean(),
          keepClientSeed: fc.boolean(),
        }),
        async ({ pairs, rounds, nonceOne, panelEachRound, autoBet, keepClientSeed }) => {
          await clearRounds();
          let time = T + 10_000 * Math.floor(Math.random() * 1000);
          let counting = 1;
          const steps: CapturedClaim[][] = [];
          const played: [Pair, string, number][] = [];
          for (let i = 0; i < pairs; i++) {
            const p = pair(`prop-${time}-${i}`);
            const clientSeed = keepClientSeed ? 'kept' : `cs-${i}`;
            let nonce = nonceOne ? 1 : counting;
            steps.push([panel(p, clientSeed, nonce, (time += 10))]);
            const start = (time += 3);
            for (let r = 0; r < rounds; r++) {
              const acted = autoBet ? start : (time += 3);
              const at = (time += 5);
              steps.push([outcome(p, clientSeed, nonce, at, acted), ...(panelEachRound ? [panel(p, clientSeed, nonce + 1, at)] : [])]);
              played.push([p, clientSeed, nonce]);
              nonce++;
            }
            counting = nonce;
            steps.push([reveal(p, (time += 10))]);
          }
          await play(...steps);
          const { records } = await pageInSeenOrder(0, 1000);
          expect(records.map((r) => r.verdict.status)).toEqual(played.map(() => 'verified'));
          expect(records.map((r) => r.verdict.level)).toEqual(played.map(() => 'witnessed'));
          expect(await findings()).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('late deliveries', () => {
  it('a rival panel state another frame delivers after the outcome, before the reveal, still keeps the round from witnessed', async () => {
    const [own, rival] = [pair('late-own'), pair('late-rival')];
    // The rival was on screen (another frame) from T + 5, but its claim reaches the worker after the outcome's.
    await play(panel(own, 'cs', 1, T), outcome(own, 'cs', 1, T + 20, T + 10));
    expect(await verdictOf(own, 'cs', 1)).toMatchObject({ status: 'pending' });
    // After the own commitment, the panel (another frame) said "rival, next nonce 1" too.
    await storeClaims([panel(rival, 'cs', 1, T + 2)], T + 25);
    await play(reveal(own, T + 30));
    expect(await verdictOf(own, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('the judgement at the reveal never raises trust: a round judged history stays history', async () => {
    const c = pair('stays');
    // The outcome came with no action before it; a later reveal cannot make it witnessed.
    await play(panel(c, 'cs', 1, T), outcome(c, 'cs', 1, T + 20), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ level: 'history', levelReason: 'no-action' });
  });
});

describe('attacks found in review, and the honest flows they must not hurt', () => {
  it('a silent re-commit after the bet (C2 shown after the first action of the round, the outcome after a later click): not witnessed; step witness once the panel goes on with C1', async () => {
    const [c1, c2] = [pair('recommit-1'), pair('recommit-2')];
    // The content script credits the round with its first action since the previous outcome (T + 10).
    await play(panel(c1, 'cs', 4, T), panel(c2, 'cs', 4, T + 15), outcome(c2, 'cs', 4, T + 40, T + 10), reveal(c2, T + 100));
    // Alone, it looks exactly like a rotation whose old pair's reveal was never seen (next test): history.
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action', preRoundCommitment: undefined });
    await play(panel(c1, 'cs', 5, T + 110));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
  });

  it.each([
    ['a pair never bet on', 1, 1],
    ['nonces counting on across pairs', 5, 5],
  ])('no false accusation: the player rotates with the client seed kept (%s), the old pair\'s reveal never seen: history', async (_label, oldNext, nonce) => {
    const [c1, c2] = [pair(`rotate-unseen-1-${nonce}`), pair(`rotate-unseen-2-${nonce}`)];
    const played: CapturedClaim[] = [];
    // With nonces counting on, the old pair was played up to the nonce before (each round verified only by a reveal never seen).
    for (let n = 1; n < oldNext; n++) played.push(panel(c1, 'cs', n, T + n), outcome(c1, 'cs', n, T + n + 0.5, T + n + 0.25));
    // "C1, next nonce n"; the rotate click at T + 100 (the round's first action); "C2, next nonce n"; the bet; the outcome.
    await play(...played, panel(c1, 'cs', oldNext, T + 50), panel(c2, 'cs', nonce, T + 105), [outcome(c2, 'cs', nonce, T + 130, T + 100), panel(c2, 'cs', nonce + 1, T + 130)]);
    expect(await verdictOf(c2, 'cs', nonce)).toMatchObject({ status: 'pending', preRoundCommitment: undefined });
    await play(reveal(c2, T + 500));
    expect(await verdictOf(c2, 'cs', nonce)).toMatchObject({ status: 'verified', level: 'history', preRoundCommitment: undefined });
    // The new pair's panel never read after the rotation (closed) is history too.
    await clearRounds();
    const [d1, d2] = [pair(`rotate-closed-1-${nonce}`), pair(`rotate-closed-2-${nonce}`)];
    await play(panel(d1, 'cs', oldNext, T + 1050), outcome(d2, 'cs', nonce, T + 1130, T + 1100), reveal(d2, T + 1500));
    expect(await verdictOf(d2, 'cs', nonce)).toMatchObject({ status: 'verified', level: 'history', preRoundCommitment: undefined });
    expect(await findings()).toEqual([]);
  });

  it('a page going back to a commitment it had replaced (C1, C2, C1 again): several commitments, and the finding', async () => {
    const [c1, c2] = [pair('flip-1'), pair('flip-2')];
    await play(panel(c1, 'cs', 1, T), panel(c2, 'cs', 1, T + 5), { ...panel(c1, 'cs', 1, T), shownAgainAt: T + 8 }, outcome(c2, 'cs', 1, T + 20, T + 10), reveal(c2, T + 30));
    expect(await verdictOf(c2, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
    expect(kinds(await findings())).toEqual(['several-commitments']);
  });

  it('dozens of made-up client seeds for one commitment cannot push its real panel state out', async () => {
    const [c1, c2] = [pair('evict-1'), pair('evict-2')];
    const junk = Array.from({ length: 40 }, (_, i) => panel(c1, `junk-${i}`, 0, T + 12));
    await play([panel(c1, 'cs', 1, T), panel(c2, 'cs', 1, T)], junk, outcome(c2, 'cs', 1, T + 20, T + 10), reveal(c2, T + 30));
    expect(await verdictOf(c2, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('an honest rotation with a counting nonce, seen only after the outcome: no accusation, whichever arrives first', async () => {
    const [c1, c2] = [pair('rot-1'), pair('rot-2')];
    await play(panel(c1, 'cs', 5, T), outcome(c2, 'cs', 5, T + 400, T + 300), [reveal(c1, T + 500), panel(c2, 'cs', 5, T + 500)], reveal(c2, T + 900));
    expect(await verdictOf(c2, 'cs', 5)).toMatchObject({ status: 'verified', level: 'history' });
    await clearRounds();
    const [d1, d2] = [pair('rot-1b'), pair('rot-2b')];
    await play(panel(d1, 'cs', 5, T), [reveal(d1, T + 500), panel(d2, 'cs', 5, T + 500)], outcome(d2, 'cs', 5, T + 400, T + 300), reveal(d2, T + 900));
    expect(await verdictOf(d2, 'cs', 5)).toMatchObject({ status: 'verified', level: 'history' });
    expect(await findings()).toEqual([]);
  });

  it('a rotation never seen, the old pair revealed later: never accused, before the reveal or after it', async () => {
    const [c1, c2] = [pair('rot-1c'), pair('rot-2c')];
    await play(panel(c1, 'cs', 5, T), outcome(c2, 'cs', 5, T + 400, T + 300));
    expect(await verdictOf(c2, 'cs', 5)).toMatchObject({ status: 'pending', failures: [], preRoundCommitment: undefined });
    await play(reveal(c1, T + 800), reveal(c2, T + 900));
    expect(await verdictOf(c2, 'cs', 5)).toMatchObject({ status: 'verified', level: 'history', preRoundCommitment: undefined });
  });

  it('the old pair still shown after the round (it went on being the active pair): the accusation stands, even once it is revealed', async () => {
    const [c1, c2] = [pair('switch-1'), pair('switch-2')];
    await play(panel(c1, 'cs', 5, T), outcome(c2, 'cs', 5, T + 400, T + 300), panel(c1, 'cs', 6, T + 400), reveal(c1, T + 800), reveal(c2, T + 900));
    expect(await verdictOf(c2, 'cs', 5)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
  });
});

describe('a live rival cannot be hidden from the store\'s memory', () => {
  // Each: the panel shows the round's own C (next nonce 1), then a rival R for the same client seed
  // and nonce (C, R, bet: the casino holds two seeds), then the page tries to make the store lose R.
  const rivalThenBet = (c: Pair, r: Pair) => [panel(r, 'cs', 0, T), panel(c, 'cs', 1, T + 5), panel(r, 'cs', 1, T + 8)];

  it(`past ${PANEL_MEMORY} panel states of the rival (made-up nonces after the bet): not witnessed`, async () => {
    const [c, r] = [pair('memory-own'), pair('memory-rival')];
    const pushOut = Array.from({ length: PANEL_MEMORY + 8 }, (_, i) => panel(r, 'cs', 100 + i, T + 11 + i / 100));
    await play(...rivalThenBet(c, r), pushOut, outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('past the re-showings kept per state (the rival shown again and again after the bet): not witnessed', async () => {
    const [c, r] = [pair('again-own'), pair('again-rival')];
    const again = (at: number): CapturedClaim => ({ ...panel(r, 'cs', 1, T + 1), shownAgainAt: at });
    await play(panel(r, 'cs', 1, T + 1), panel(c, 'cs', 1, T + 5), again(T + 8), again(T + 11), again(T + 12), again(T + 13), again(T + 14), again(T + 15));
    await play(outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('past the client seeds kept per commitment (the rival\'s state for the real one never stored): not witnessed', async () => {
    const [c, r] = [pair('seeds-own'), pair('seeds-rival')];
    const junk = Array.from({ length: 8 }, (_, i) => panel(r, `junk-${i}`, 1, T + 1));
    await play(panel(c, 'cs', 1, T), junk, panel(r, 'cs', 1, T + 5), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('a forged round of the rival on the same nonce, never verified, does not retire it: not witnessed', async () => {
    const [c, r] = [pair('forged-own'), pair('forged-rival')];
    await play(...rivalThenBet(c, r), outcome(r, 'cs', 1, T + 9), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('a "reveal" of the rival whose seed does not hash to it does not retire it: not witnessed', async () => {
    const [c, r] = [pair('fake-reveal-own'), pair('fake-reveal-rival')];
    await play(...rivalThenBet(c, r), reveal(r, T + 9, 'f'.repeat(64)), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('the verified fact does retire it: its real reveal, before the bet', async () => {
    const [c, r] = [pair('retired-own'), pair('retired-rival')];
    await play(...rivalThenBet(c, r), reveal(r, T + 9), outcome(c, 'cs', 1, T + 20, T + 10), reveal(c, T + 30));
    expect(await verdictOf(c, 'cs', 1)).toMatchObject({ status: 'verified', level: 'witnessed' });
  });

  it('a rival whose panel state names no game is in the several-commitments finding with the game\'s states', async () => {
    const [c, r] = [pair('no-game-own'), pair('no-game-rival')];
    const { game: _game, ...unnamed } = panel(r, 'cs', 1, T);
    await play([panel(c, 'cs', 1, T), unnamed]);
    const found = await findings();
    expect(kinds(found)).toEqual(['several-commitments']);
    expect(found[0]!.commitments!.sort()).toEqual([c.commitment, r.commitment].sort());
  });
});

describe('a flood cannot withdraw an accusation', () => {
  it('a round caught at step witness stays a mismatch at its reveal after any tab was refused for its budget', async () => {
    const [c1, c2] = [pair('flood-accused-1'), pair('flood-accused-2')];
    // The panel said "C1, next nonce 4" before the bet and went on with C1; the round came out on C2, never shown.
    await play(panel(c1, 'cs', 4, T), outcome(c2, 'cs', 4, T + 20, T + 10), panel(c1, 'cs', 5, T + 25));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
    await addRateLimitNote(9, 'www.cloudbet.com', 6000, 1000, T + 50);
    await play(reveal(c2, T + 60));
    expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
  });
});
