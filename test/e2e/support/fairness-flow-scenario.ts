// The flows a player uses around the seed-pair panel, on one page without reloading (#23): rotate
// with the page's button then bet, rotate after every round, close the panel and open it again,
// type a client seed and set it. The round right after such a click is `history` (commitment after
// action): the page controls its labels, its focus and the bet it reports, so Fair Witness cannot
// tell that click from a bet (docs/trust.md, limits; test/attack/fairness-*.test.ts). Every other
// round is `witnessed`, the rounds after a rotation end (the next bet is witnessed again), and no
// honest flow gets a mismatch or a finding.
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { clientSeedProof, type ClientSeedProof } from '../../../src/core/index.js';
import { askInPage, type BrowserDriver, type CasinoTab } from './driver.js';
import { expectHonest, KENO, KENO_BET, onFreshPair, QUICK_PICK, ROTATE, ROULETTE, roundsSince, SPIN, waitForStored, withPages, type StoredRound } from './witness-scenario.js';

const TOGGLE_PANEL = 'button[data-action="toggle-seed-pair"]';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

/** What the stored round's client seed proves, from what the worker stored (the popup words it: test/popup/client-seed-proof.test.tsx). */
async function clientSeedProofOf(driver: BrowserDriver, round: PlayedRound): Promise<ClientSeedProof> {
  const [detail] = (await driver.inPopup(askInPage, [{ type: 'round-detail', key: `${round.commitment}|${round.clientSeed}|${round.nonce}` }])) as [
    { record: { clientSeedTypedAt?: number; observedAt: { commitment?: number } } },
  ];
  return clientSeedProof(detail.record.clientSeedTypedAt, detail.record.observedAt.commitment);
}

const W = 'witnessed';
const H = 'history';

/** Every round verified, each at its `levels` entry (history: commitment after action), no finding about their pairs. */
async function expectLevels(driver: BrowserDriver, played: readonly PlayedRound[], levels: readonly string[]): Promise<void> {
  expect(played).toHaveLength(levels.length);
  const witnessed = played.filter((_, index) => levels[index] === W);
  await expectHonest(driver, witnessed, played);
  const others = played.filter((_, index) => levels[index] !== W);
  const stored: StoredRound[] = await waitForStored(driver, others, (round) => round.status !== 'pending', 'the rounds after a fairness click checked');
  expect(stored).toEqual(others.map(() => ({ status: 'verified', level: 'history', levelReason: 'commitment-after-action', failures: [] })));
}

/** Quick pick and a first bet on a fresh pair, `more` on the keno page, then a rotation that reveals the last pair: each round at its level of `levels`. */
async function kenoFlow(
  driver: BrowserDriver,
  casino: DemoCasino,
  more: (tab: CasinoTab) => Promise<void>,
  levels: readonly string[],
  check: (played: PlayedRound[]) => Promise<void> = async () => undefined,
): Promise<void> {
  const before = casino.state().rounds.length;
  await onFreshPair(casino, {}, () =>
    withPages(driver, [KENO], async ([tab]) => {
      await tab!.act(QUICK_PICK);
      await tab!.act(KENO_BET);
      await more(tab!);
      await tab!.act(ROTATE);
      const played = roundsSince(casino, before);
      expect(new Set(played.map((round) => String(round.picks))).size).toBe(1);
      await expectLevels(driver, played, levels);
      await check(played);
    }),
  );
}

/** Rotate with the page's button, then bet twice: the bet after the rotate click history, the next one witnessed again. */
export function rotateThenBet(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  return kenoFlow(
    driver,
    casino,
    async (tab) => {
      await tab.act(ROTATE);
      await tab.act(KENO_BET);
      await tab.act(KENO_BET);
    },
    [W, H, W],
  );
}

/** A rotation after every round (to see each seed revealed), four rounds: the first witnessed, each one after a rotate click history. */
export function rotateEveryRound(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  return kenoFlow(
    driver,
    casino,
    async (tab) => {
      for (let round = 0; round < 3; round++) {
        await tab.act(ROTATE);
        await tab.act(KENO_BET);
      }
    },
    [W, H, H, H],
  );
}

/**
 * The panel closed after the first round, a bet with it closed, then opened again and a bet: all
 * witnessed. The panel showed the pair before the first bet, and a panel state covers its nonce and
 * the later ones: the click that opens the panel again shows nothing new, so it hides nothing.
 */
export function panelClosedThenOpened(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  return kenoFlow(
    driver,
    casino,
    async (tab) => {
      await tab.act(TOGGLE_PANEL);
      expect(await tab.evaluate(() => document.getElementById('client-seed') === null), 'the panel is closed').toBe(true);
      await tab.act(KENO_BET);
      await tab.act(TOGGLE_PANEL);
      await tab.act(KENO_BET);
    },
    [W, W, W],
  );
}

/**
 * A client seed typed into the panel's field and set, then a bet: history (the typing came first). The demo casino starts
 * a new pair when the client seed of a pair with rounds is set, so the round's commitment came after
 * the typing: the casino knew the client seed (set-before-commitment); round 1's seed was the casino's.
 */
export function clientSeedTypedThenBet(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const clientSeed = `fw-typed-${driver.name}-${casino.state().rounds.length}`;
  return kenoFlow(
    driver,
    casino,
    async (tab) => {
      await tab.type('#client-seed', clientSeed);
      await tab.act('button[data-action="set-client-seed"]');
      await tab.act(KENO_BET);
      expect(casino.state().rounds.at(-1)!.clientSeed).toBe(clientSeed);
    },
    [W, H],
    async ([first, second]) => {
      expect(await clientSeedProofOf(driver, first!)).toBe('not-set-here');
      expect(await clientSeedProofOf(driver, second!)).toBe('set-before-commitment');
    },
  );
}

/**
 * Rotate first, then type and set a client seed on the new pair before betting on it (the casino
 * keeps that pair's commitment), then bet: history (the rotate click came first), but the client
 * seed was set after the commitment was shown: the casino committed before it knew it.
 */
export function rotateThenClientSeedThenBet(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const clientSeed = `fw-fresh-${driver.name}-${casino.state().rounds.length}`;
  return kenoFlow(
    driver,
    casino,
    async (tab) => {
      await tab.act(ROTATE);
      const committed = casino.state().activeSeedPair.commitment;
      await tab.type('#client-seed', clientSeed);
      await tab.act('button[data-action="set-client-seed"]');
      await tab.act(KENO_BET);
      expect(casino.state().rounds.at(-1)).toMatchObject({ clientSeed, commitment: committed });
    },
    [W, H],
    async ([, second]) => expect(await clientSeedProofOf(driver, second!)).toBe('set-after-commitment'),
  );
}

/**
 * Roulette: the extension does not read where the chips are, so it cannot tell the rotate click
 * from a bet the page learnt: the spin after a rotation is `history` (commitment after action), the
 * one before it witnessed, no mismatch.
 */
export async function rouletteRotateThenSpin(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const before = casino.state().rounds.length;
  await onFreshPair(casino, {}, () =>
    withPages(driver, [ROULETTE], async ([tab]) => {
      await tab!.act(SPIN);
      await tab!.act(ROTATE);
      await tab!.act(SPIN);
      await tab!.act(ROTATE);
      const played = roundsSince(casino, before);
      expect(played).toHaveLength(2);
      await expectHonest(driver, played.slice(0, 1), played);
      const [after] = await waitForStored(driver, played.slice(1), (round) => round.status !== 'pending', 'the spin after the rotation checked');
      expect(after).toEqual({ status: 'verified', level: 'history', levelReason: 'commitment-after-action', failures: [] });
    }),
  );
}
