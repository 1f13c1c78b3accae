// The seed-lifecycle audit end to end: the demo casino cheats in each way the audit knows, through
// its pages as a player sees them, and the popup shows each as a finding (by data-kind) or, for
// the two cheats that are mismatches, as a round row failing step `nonce` or `witness`. Run by both
// browser suites after the round scenarios: every step starts on a fresh seed pair and looks only
// at its own pair's rounds and findings, so what earlier scenarios stored does not matter.
import { expect } from 'vitest';
import type { CheatMode } from '../../../scripts/demo-casino/casino-state.js';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { waitForFindings, waitForRows, type BrowserDriver, type CasinoTab, type PopupFinding, type PopupRow } from './driver.js';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

const keyOf = (round: PlayedRound) => `${round.commitment}|${round.clientSeed}|${round.nonce}`;
const rowOf = (rows: PopupRow[], round: PlayedRound) => rows.find((row) => row.key === keyOf(round));
const findingOf = (findings: PopupFinding[], kind: string, commitment: string) =>
  findings.find((finding) => finding.kind === kind && finding.commitment === commitment);
const lastRound = (casino: DemoCasino): PlayedRound => casino.state().rounds.at(-1)!;

const ROULETTE = '/casino/roulette?variant=european';
const SPIN = 'button[data-action="bet"][data-game="roulette-european"]';

/**
 * Rotates from Node (as if in another tab) and opens a game page, so the panel shows a seed pair no
 * earlier scenario used, and the step's first click in the page is its bet.
 */
async function freshPair(driver: BrowserDriver, casino: DemoCasino, path: string): Promise<CasinoTab> {
  casino.rotateSeedPair();
  return driver.openCasino(path);
}

/** Plays one bet with the casino cheating in `mode`, honest again afterwards. */
async function cheating(casino: DemoCasino, mode: CheatMode, play: () => Promise<void>): Promise<PlayedRound> {
  casino.setCheat(mode);
  try {
    await play();
  } finally {
    casino.setCheat('none');
  }
  return lastRound(casino);
}

/** A nonce the casino skipped: a `nonce-gap` finding that names the missing nonce. */
export async function nonceGapFinding(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await freshPair(driver, casino, ROULETTE);
  await tab.act(SPIN);
  const skipped = await cheating(casino, 'skip-nonce', () => tab.act(SPIN));
  expect(skipped.nonce).toBe(3);
  const found = await waitForFindings(driver, (all) => findingOf(all, 'nonce-gap', skipped.commitment) !== undefined, 'the nonce gap');
  const gap = findingOf(found, 'nonce-gap', skipped.commitment)!;
  expect(gap.nonces).toBe('2');
  expect(gap.roundKeys).toContain(keyOf(skipped));
  // Only a finding: both rounds keep their own (pending) verdicts.
  const rows = await driver.popupRows();
  expect(rowOf(rows, skipped)?.verdict).toBe('pending');
  await tab.close();
}

/** The same nonce bet twice (keno, other picks, so the same draw): a `nonce-repeat` finding. */
export async function nonceRepeatFinding(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await freshPair(driver, casino, '/casino/keno');
  for (const n of [1, 2, 3]) await tab.act(`button[data-number="${n}"]`);
  await tab.act('button[data-action="bet"][data-game="keno"]');
  const first = lastRound(casino);
  await tab.act('button[data-action="clear"]');
  for (const n of [4, 5]) await tab.act(`button[data-number="${n}"]`);
  const again = await cheating(casino, 'repeat-nonce', () => tab.act('button[data-action="bet"][data-game="keno"]'));
  expect(keyOf(again)).toBe(keyOf(first));
  expect(again.displayedOutcome).toEqual(first.displayedOutcome);
  const found = await waitForFindings(driver, (all) => findingOf(all, 'nonce-repeat', first.commitment) !== undefined, 'the repeated nonce');
  const repeat = findingOf(found, 'nonce-repeat', first.commitment)!;
  expect(repeat.nonces).toBe(String(first.nonce));
  expect(repeat.roundKeys).toEqual([keyOf(first)]);
  // Same outcome both times: no mismatch.
  expect(rowOf(await driver.popupRows(), first)?.verdict).toBe('pending');
  await tab.close();
}

/** The same nonce shown with two outcomes: the round's row is a mismatch at step `nonce`, and a `nonce-conflict` finding. */
export async function nonceConflictMismatch(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await freshPair(driver, casino, ROULETTE);
  await tab.act(SPIN);
  const first = lastRound(casino);
  const second = await cheating(casino, 'conflict-nonce', () => tab.act(SPIN));
  expect(keyOf(second)).toBe(keyOf(first));
  expect(second.displayedOutcome).not.toEqual(first.displayedOutcome);
  const rows = await waitForRows(driver, (all) => rowOf(all, first)?.verdict === 'mismatch', 'the conflicting nonce flagged');
  expect(rowOf(rows, first)!.failures.split(' ')).toContain('nonce');
  const found = await waitForFindings(driver, (all) => findingOf(all, 'nonce-conflict', first.commitment) !== undefined, 'the nonce conflict finding');
  expect(findingOf(found, 'nonce-conflict', first.commitment)!.roundKeys).toEqual([keyOf(first)]);
  // Revealed, the first outcome recomputes, and the second still contradicts it.
  await tab.act('button[data-action="rotate"]');
  const after = await waitForRows(driver, (all) => rowOf(all, first)?.failures === 'nonce', 'the conflict still flagged after the reveal');
  expect(rowOf(after, first)!.verdict).toBe('mismatch');
  await tab.close();
}

/** A round played with a client seed other than the one the panel showed: `client-seed-changed`. */
export async function clientSeedChangedFinding(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await freshPair(driver, casino, ROULETTE);
  const set = casino.state().activeSeedPair.clientSeed;
  const round = await cheating(casino, 'other-client-seed', () => tab.act(SPIN));
  expect(round.clientSeed).not.toBe(set);
  const found = await waitForFindings(driver, (all) => findingOf(all, 'client-seed-changed', round.commitment) !== undefined, 'the changed client seed');
  const changed = findingOf(found, 'client-seed-changed', round.commitment)!;
  expect(changed.roundKeys).toEqual([keyOf(round)]);
  expect(changed.nonces).toBe(String(round.nonce));
  expect(changed.text).toContain(round.clientSeed);
  await tab.close();
}

/** A rotation that starts the next pair on the seed it just revealed: `server-seed-reused`. */
export async function serverSeedReusedFinding(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await freshPair(driver, casino, ROULETTE);
  await tab.act(SPIN);
  const before = lastRound(casino);
  await cheating(casino, 'reuse-server-seed', () => tab.act('button[data-action="rotate"]'));
  await tab.act(SPIN);
  const after = lastRound(casino);
  expect(after.serverSeed).toBe(before.serverSeed);
  expect(after.clientSeed).not.toBe(before.clientSeed);
  const found = await waitForFindings(driver, (all) => findingOf(all, 'server-seed-reused', before.commitment) !== undefined, 'the reused server seed');
  const reused = findingOf(found, 'server-seed-reused', before.commitment)!;
  expect(reused.roundKeys).toEqual(expect.arrayContaining([keyOf(before), keyOf(after)]));
  await tab.close();
}

/**
 * The panel showed one commitment before the bet, the round's history entry names another (the
 * casino played it on a seed chosen afterwards): the row is a mismatch at step `witness`, while
 * pending and after the reveal, though the revealed seed matches its history entry.
 */
export async function witnessMismatch(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await freshPair(driver, casino, ROULETTE);
  const shownBefore = casino.state().activeSeedPair.commitment;
  const round = await cheating(casino, 'switch-commitment', () => tab.act(SPIN));
  expect(round.commitment).not.toBe(shownBefore);
  const rows = await waitForRows(driver, (all) => rowOf(all, round)?.verdict === 'mismatch', 'the switched commitment flagged');
  expect(rowOf(rows, round)!.failures).toBe('witness');
  await tab.act('button[data-action="rotate"]');
  const revealed = await waitForRows(
    driver,
    (all) => rowOf(all, round)?.verdict === 'mismatch' && casino.state().rounds.find((r) => r.id === round.id)!.revealed,
    'the switched round after the reveal',
  );
  expect(rowOf(revealed, round)!.failures).toBe('witness');
  await tab.close();
}
