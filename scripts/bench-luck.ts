// `npm run bench:luck`: the statistics page's luck percentile at 1 M stored-like rounds, in three
// layouts (one game; mixed games, picks and stakes; many short sessions). Prints, per layout:
//   - the worker's figures over the rounds (game-figures.ts, what an older store counts once; a
//     store keeps them with every write), in chunks of 50 000 rounds: total and the longest chunk;
//   - the page's percentile of all rounds from those figures (stats/luck.ts): one task;
//   - the sessions (core/luck/sessions.ts) folded, and the latest 200 sessions' percentiles, in
//     the page's ~50 ms tasks (stats/slices.ts): total and the longest task;
//   - a date range over every round (its groups folded in such tasks, then its percentile).
// Reading the rounds from IndexedDB for the sessions is not in these figures (the percentile of
// all rounds and of a game does not read them: it reads the kept figures).
//
//   npx tsx scripts/bench-luck.ts [--rounds N]
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { addRoundToFigures, emptyGameFigures } from '../src/background/game-figures.js';
import type { SupportedGameId } from '../src/core/index.js';
import { inTimeOrder, SessionFold, type SessionRound } from '../src/core/luck/sessions.js';
import { seededRandom } from '../src/core/luck/simulate.js';
import { kenoHitDistribution } from '../src/core/rtp/keno.js';
import type { GameFigures, VerifiedRound } from '../src/shared/records.js';
import { groupsOfFigures, luckOf, paytablesOf, type KeptFigures, type Luck } from '../src/ui/luck/luck.js';
import { inSlices } from '../src/ui/slices.js';
import { KENO_PAYTABLE, payoutOf } from './demo-casino/paytable.js';

const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 1_000_000);
const FIGURE_CHUNK = 50_000;

interface Layout {
  name: string;
  /** A round's game, picks (keno) and stake. */
  bet(i: number, random: () => number): { gameId: SupportedGameId; picks?: number; stake: string };
  /** Rounds per session. */
  session: number;
}

const STAKES = ['0.10', '1.00', '2.50', '10.00'];
const layouts: Layout[] = [
  { name: 'one game (keno, 5 picks, 1.00)', bet: () => ({ gameId: 'keno', picks: 5, stake: '1.00' }), session: 1000 },
  {
    name: 'mixed games (keno 1–10 picks and both roulettes, 4 stakes)',
    bet: (i, random) => {
      const stake = STAKES[Math.floor(random() * STAKES.length)]!;
      if (i % 3 === 0) return { gameId: i % 2 === 0 ? 'roulette-european' : 'roulette-american', stake };
      return { gameId: 'keno', picks: 1 + Math.floor(random() * 10), stake };
    },
    session: 500,
  },
  { name: 'many sessions (keno 1–10 picks, 10 rounds a session)', bet: (_, random) => ({ gameId: 'keno', picks: 1 + Math.floor(random() * 10), stake: '1.00' }), session: 10 },
];

const DRAW = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const hitTables = new Map<number, number[]>();
/** A fair number of hits for `picks`, from the hypergeometric law. */
function hitsOf(picks: number, random: () => number): number {
  let cumulative = hitTables.get(picks);
  if (cumulative === undefined) {
    let sum = 0;
    hitTables.set(picks, (cumulative = kenoHitDistribution(picks).map(({ probability }) => (sum += probability.value))));
  }
  const u = random();
  const hits = cumulative.findIndex((c) => u < c);
  return hits === -1 ? picks : hits;
}

function generate(layout: Layout): { verified: [SupportedGameId, VerifiedRound][]; sessions: SessionRound[] } {
  const random = seededRandom(26);
  const verified: [SupportedGameId, VerifiedRound][] = [];
  const sessions: SessionRound[] = [];
  let at = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ROUNDS; i++) {
    at += i % layout.session === 0 ? 2 * 3_600_000 : 4_000;
    const { gameId, picks, stake } = layout.bet(i, random);
    let multiplier: string;
    let round: VerifiedRound;
    if (picks === undefined) {
      const pocket = Math.floor(random() * (gameId === 'roulette-american' ? 38 : 37));
      multiplier = pocket % 2 === 1 && pocket < 37 ? '2.00' : '0.00';
      round = { outcome: pocket === 37 ? '00' : String(pocket), stake, multiplier };
    } else {
      const hits = hitsOf(picks, random);
      multiplier = KENO_PAYTABLE[picks]![hits]!;
      round = { outcome: DRAW, stake, multiplier, picks, hits };
    }
    round.payout = payoutOf(stake, multiplier);
    verified.push([gameId, round]);
    sessions.push({ at, gameId, stake, payout: round.payout, witnessed: i % 3 !== 0, ...(picks === undefined ? {} : { bet: String(picks) }) });
  }
  return { verified, sessions };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const later = () => new Promise<void>((resolve) => setImmediate(resolve));

async function run(layout: Layout): Promise<void> {
  const { verified, sessions: rounds } = generate(layout);
  // The worker's figures, in chunks.
  const figures: KeptFigures = {};
  let longestFigures = 0;
  let began = performance.now();
  for (let from = 0; from < verified.length; from += FIGURE_CHUNK) {
    const chunk = performance.now();
    for (let i = from; i < Math.min(verified.length, from + FIGURE_CHUNK); i++) {
      const [gameId, round] = verified[i]!;
      addRoundToFigures((figures[gameId] ??= emptyGameFigures(gameId)) as GameFigures, gameId, round, 1);
    }
    longestFigures = Math.max(longestFigures, performance.now() - chunk);
    await later();
  }
  const figuresTotal = performance.now() - began;
  // The page: the percentile of all rounds, from the kept figures, in one task.
  began = performance.now();
  const paytables = paytablesOf(figures);
  const groups = (Object.keys(figures) as SupportedGameId[]).flatMap((gameId) => groupsOfFigures(gameId, figures[gameId]!));
  const all = luckOf(groups, paytables);
  const percentileTime = performance.now() - began;
  // The page (stats/luck-view.tsx): sessions folded in ~50 ms tasks (stats/slices.ts), then the
  // latest 200 sessions' percentiles in such tasks, then a date range spanning every round.
  const tasks = taskClock();
  began = performance.now();
  const ordered = inTimeOrder(rounds);
  const fold = new SessionFold();
  await inSlices(ordered.length, (from, to) => fold.add(ordered, from, to), { live: () => true, next: tasks.next });
  const sessions = fold.finish();
  const foldTime = performance.now() - began;
  const latest = sessions.slice(-200);
  let longestOne = 0;
  await inSlices(
    latest.length,
    (from) => {
      const one = performance.now();
      luckOf(latest[from]!.groups, paytables, false);
      longestOne = Math.max(longestOne, performance.now() - one);
    },
    { live: () => true, next: tasks.next, stepItems: 1 },
  );
  const sessionsTotal = performance.now() - began;
  const sessionsLongest = tasks.longest();
  const rangeTasks = taskClock();
  began = performance.now();
  const everything = new SessionFold(Infinity);
  await inSlices(ordered.length, (from, to) => everything.add(ordered, from, to), { live: () => true, next: rangeTasks.next });
  let range: Luck | undefined;
  await inSlices(1, () => void (range = luckOf(everything.finish()[0]!.groups, paytables)), { live: () => true, next: rangeTasks.next });
  const rangeTime = performance.now() - began;
  const p = all.percentile;
  console.log(`\n${layout.name}: ${ROUNDS.toLocaleString('en')} rounds, ${groups.length} bet groups, ${sessions.length.toLocaleString('en')} sessions`);
  console.log(`  worker figures (counted once for an older store; kept by every write): ${ms(figuresTotal)}, longest chunk of ${FIGURE_CHUNK.toLocaleString('en')} ${ms(longestFigures)}`);
  console.log(`  page, percentile of all rounds (one task): ${ms(percentileTime)} — ${p ? `${p.method}, ${p.rounds.toLocaleString('en')} rounds, P(fair ≤ actual) ${(p.atLeast * 100).toFixed(2)} %${p.atMost - p.atLeast > 5e-4 ? ` … ${(p.atMost * 100).toFixed(2)} %` : ''}` : 'none'}; left out: bet unknown ${all.inputs.betUnknown.toLocaleString('en')}, paytable unknown ${all.inputs.paytableUnknown}`);
  console.log(`  page, sessions folded: ${ms(foldTime)}; with the latest ${latest.length} sessions' percentiles: ${ms(sessionsTotal)}; longest task ${ms(sessionsLongest)} (longest single session percentile ${ms(longestOne)})`);
  console.log(`  page, a date range over every round (${range?.percentile?.rounds.toLocaleString('en') ?? 0} compared): ${ms(rangeTime)}; longest task ${ms(rangeTasks.longest())}`);
}

/** Measures the tasks between waits: `next` ends one task (and waits), the time until the next `next` is the next task. */
function taskClock() {
  let started = performance.now();
  let longest = 0;
  return {
    next: async () => {
      longest = Math.max(longest, performance.now() - started);
      await later();
      started = performance.now();
    },
    longest: () => Math.max(longest, performance.now() - started),
  };
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores (the figures are wall time: other work on the machine stretches them)`);
for (const layout of layouts) await run(layout);
