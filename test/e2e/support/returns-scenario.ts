// Stakes and payouts, end to end: rounds played on the demo's pages (keno in English, roulette in
// German) carry the stake, payout and multiplier the casino showed into the extension's store, and
// its JSON export hands them on with the verified rounds.
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { waitForRows, type BrowserDriver } from './driver.js';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

interface ExportedAmounts {
  commitment?: string;
  clientSeed?: string;
  nonce?: string;
  verdict: string;
  picks?: string[];
  stake?: string;
  payout?: string;
  multiplier?: string;
}

const keyOf = (round: { commitment?: string; clientSeed?: string; nonce?: string | number }) => `${round.commitment}|${round.clientSeed}|${round.nonce}`;

export async function stakesAndPayoutsReachTheExport(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setCheat('none');
  // A fresh pair, shown on the pages before the bets.
  casino.rotateSeedPair();
  const keno = await driver.openCasino('/casino/keno');
  await keno.act('button[data-action="quick-pick"]');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  const roulette = await driver.openCasino('/casino/roulette?variant=european&lang=de');
  await roulette.act('button[data-action="bet"][data-game="roulette-european"]');
  await roulette.act('button[data-action="bet"][data-game="roulette-european"]');
  const played = casino.state().rounds.slice(-4) as PlayedRound[];
  expect(played.map((round) => round.game)).toEqual(['keno', 'keno', 'roulette-european', 'roulette-european']);

  // Rotate on the German page: the reveal is read there, with its German amounts.
  await roulette.act('button[data-action="rotate"]');
  const wanted = new Set(played.map(keyOf));
  await waitForRows(driver, (rows) => rows.filter((row) => wanted.has(row.key) && row.verdict === 'verified').length === 4, 'the four rounds verified');

  const exported = JSON.parse(await driver.exportJson()) as { rounds: ExportedAmounts[] };
  for (const round of played) {
    const entry = exported.rounds.find((candidate) => keyOf(candidate) === keyOf(round));
    expect(entry, `round ${round.id} in the export`).toBeDefined();
    // The page shows "$1.00", the API sends 1: either may be stored first, and they are one amount.
    expect(entry!).toMatchObject({ verdict: 'verified' });
    expect(entry!.stake, `stake of round ${round.id}`).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(entry!.stake)).toBe(Number(round.stake));
    expect(Number(entry!.payout), `payout of round ${round.id}`).toBe(Number(round.payout));
    expect(Number(entry!.multiplier), `multiplier of round ${round.id}`).toBe(Number(round.multiplier));
    if (round.game === 'keno') expect(entry!.picks!.map(Number).sort((a, b) => a - b)).toEqual(round.picks);
  }
  await keno.close();
  await roulette.close();
}
