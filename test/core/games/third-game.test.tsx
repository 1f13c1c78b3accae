// @vitest-environment jsdom
// A third game added the way a real one is (docs/design.md, "Adding a game"): its id appended to
// SUPPORTED_GAME_IDS, its module to GAME_MODULES, its words to _locales — here by mocking those three
// modules, with no other source touched. The game is a fictional 0…99 dice roll of shape 'other'.
// Verification, the worker's figures, the statistics and the popup must then treat it as its own
// game with the neutral views, never as roulette or keno; the roulette rounds beside it keep theirs.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FICTIONAL_DICE_ID as DICE } from './fictional-dice.js';

vi.mock('../../../src/core/games/game-ids.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/games/game-ids.js')>();
  const ids: readonly string[] = [...real.SUPPORTED_GAME_IDS, 'fictional-dice'];
  return { ...real, SUPPORTED_GAME_IDS: ids, isSupportedGameId: (id: string) => ids.includes(id) };
});
vi.mock('../../../src/core/games/game-modules.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/games/game-modules.js')>();
  const { fictionalDice } = await import('./fictional-dice.js');
  return { GAME_MODULES: [...real.GAME_MODULES, fictionalDice] };
});
const DICE_WORDS = {
  gameFictionalDice: { message: 'Fictional Dice', description: 'test' },
  statsFictionalDice: { message: 'Fictional Dice', description: 'test' },
  problemResultFictionalDice: { message: 'The roll cannot be read.', description: 'test' },
};
vi.mock('../../../src/_locales/en/messages.json', async (importOriginal) => {
  const real = await importOriginal<{ default: Record<string, unknown> }>();
  return { default: { ...real.default, ...DICE_WORDS } };
});

const { computeRound, gameById, gameShapeOf, lookupGame, SUPPORTED_GAME_IDS, verifyRound } = await import('../../../src/core/index.js');
const { uniformityOfCounts } = await import('../../../src/core/statistics.js');
const { figuresOf, emptyFigures } = await import('../../../src/background/game-figures.js');
const { verifiedRoundOf } = await import('../../../src/background/verified-round.js');
const { gameReturns } = await import('../../../src/ui/luck/returns.js');
const { fairnessSentence, shapeWordKey } = await import('../../../src/stats/stats-text.js');
const { judgeFast } = await import('../../../src/cli/fast-judge.js');
const { judgeElementFully } = await import('../../../src/cli/round-judge.js');
const { helpText } = await import('../../../src/cli/help.js');
const { roundCommand } = await import('../../../src/cli/round-command.js');
const { claimFor } = await import('../../popup/claims.js');
const { FakeWorker } = await import('../../popup/fake-worker.js');
const { click, renderApp, rowsOf, t } = await import('../../popup/render.js');
const { renderStats } = await import('../../stats/render-stats.js');

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe('a third game through the registry', () => {
  test('is listed, found by its name and of its own shape', () => {
    expect(SUPPORTED_GAME_IDS).toEqual(['roulette-european', 'roulette-american', 'keno', DICE]);
    const found = lookupGame('Fiktive Würfel');
    expect(found.kind === 'supported' && found.game.id).toBe(DICE);
    expect(gameShapeOf(DICE)).toEqual({ kind: 'other' });
  });

  test('verify: its own draw decides, a wrong roll is a mismatch', () => {
    const claim = claimFor(DICE, 7);
    const roll = computeRound(gameById(DICE), 'server-seed-fictional-dice-7', 'client-seed', 7).outcome;
    expect(Number(roll)).toBeGreaterThanOrEqual(0);
    expect(Number(roll)).toBeLessThan(100);
    expect(verifyRound(claim)).toMatchObject({ status: 'verified', game: DICE, expected: roll });
    const wrong = verifyRound({ ...claim, result: roll === '1' ? '2' : '1' });
    expect(wrong.status).toBe('mismatch');
    expect(wrong.failures.map((failure) => failure.step)).toEqual(['outcome']);
  });

  test('the CLI: the fast path leaves it to the full path, which verifies it', () => {
    const claim = claimFor(DICE, 3);
    const text = JSON.stringify({ game: claim.game, serverSeed: claim.serverSeed, clientSeed: claim.clientSeed, nonce: claim.nonce, commitment: claim.commitment, result: claim.result });
    const context = { isExport: false, json: true };
    expect(judgeFast(text, 0, context)).toBeUndefined();
    expect(judgeElementFully(text, 0, 1, 1, context).status).toBe('verified');
    // The same round as roulette takes the fast path: the test above can fail.
    const roulette = claimFor('roulette-european', 3);
    expect(judgeFast(JSON.stringify({ game: roulette.game, serverSeed: roulette.serverSeed, clientSeed: roulette.clientSeed, nonce: roulette.nonce, commitment: roulette.commitment, result: roulette.result }), 0, context)?.status).toBe('verified');
  });

  test("the CLI's help and --game errors list it, with no edit to the CLI", () => {
    const overview = helpText();
    expect(overview).toContain('rounds (Roulette, Keno, Dice) with');
    // The Games line grows past 100 columns with it and wraps under its first entry.
    expect(overview).toContain('Games: roulette (European, 0…36), american-roulette (0…36 and 00), keno (10 of 1…40),\n       fictional-dice (0…99).\n');
    expect(helpText('round')).toContain('--game G          roulette | european-roulette | american-roulette | keno | fictional-dice\n');
    const round = (game: string) => () => roundCommand({ kind: 'round', game, serverSeed: 's', clientSeed: 'c', nonce: '1', json: false }, { stdout: { write: () => true } } as never);
    expect(round('blackjack')).toThrow('known: roulette (European), american-roulette, keno, fictional-dice');
    expect(round('mines')).toThrow('(supported: roulette, american-roulette, keno, fictional-dice)');
  });

  test('the worker figures: 100 bins, one per roll, and no paytable cells even with picks and a multiplier', () => {
    expect(emptyFigures()[DICE].counts).toHaveLength(100);
    const figures = figuresOf(DICE, [
      { outcome: '57', stake: '1', payout: '2', multiplier: '2', picks: 2, hits: 1 },
      { outcome: '3', stake: '1', payout: '0' },
    ]);
    expect(figures.rounds).toBe(2);
    expect(figures.counts[57]).toBe(1);
    expect(figures.counts[3]).toBe(1);
    expect(figures.paid).toEqual({});
    expect(figures.staked).toEqual({});
    // A stored round's picks are a draw's only.
    const worker = new FakeWorker([claimFor(DICE, 4)]);
    worker.records[0]!.picks = ['1', '2'];
    expect(verifiedRoundOf(worker.records[0]!)).not.toHaveProperty('picks');
  });

  test('the statistics inputs: one bin per round, neutral words, the realised return without a theoretical one', () => {
    const counts = new Array<number>(100).fill(0);
    counts[57] = 3;
    const test = uniformityOfCounts(DICE, counts, 3, 0);
    expect(test.roundsNeeded).toBe(500);
    expect(test.labels[99]).toBe('99');
    expect(test.message).toMatch(/^3 fictional dice rounds are too few to judge whether the 100 outcomes come up equally often/);
    expect(shapeWordKey('statsChart', DICE)).toBe('statsChartGame');
    expect(fairnessSentence(t, test)).toBe(t('statsFairTooFewGame_other', [3, '500']));
    const returns = gameReturns(DICE, figuresOf(DICE, [{ outcome: '57', stake: '1', payout: '2' }]));
    expect(returns.realised.rounds).toBe(1);
    expect(returns.theoretical).toBeUndefined();
    expect(returns.keno).toBeUndefined();
    // Roulette's rules still give roulette its theoretical return.
    expect(gameReturns('roulette-european', figuresOf('roulette-european', [{ outcome: '5', stake: '1', payout: '0' }])).theoretical?.value).toBeCloseTo(36 / 37);
  });

  test('the popup: its row has the sentence without a roulette or keno picture, its detail no picture and no pocket names', async () => {
    const worker = new FakeWorker([claimFor(DICE, 2), claimFor('roulette-european', 1)]);
    const rendered = await renderApp(worker.client);
    unmount = rendered.unmount;
    const [dice, roulette] = ['fictional-dice', 'roulette-european'].map((game) => rowsOf(rendered.container).find((row) => row.dataset.game === game)!);
    const roll = computeRound(gameById(DICE), 'server-seed-fictional-dice-2', 'client-seed', 2).outcome as string;
    expect(dice!.dataset.verdict).toBe('verified');
    expect(dice!.querySelector('.row-game')!.textContent).toBe('Fictional Dice');
    expect(dice!.querySelector('.pocket, .keno-strip')).toBeNull();
    const summary = dice!.querySelector('.row-summary')!;
    expect(summary.textContent).toBe(t('rowVerified', roll));
    expect(summary.classList.contains('visually-hidden')).toBe(false);
    expect(roulette!.querySelector('.pocket')).not.toBeNull();

    await click(dice!.querySelector('button'));
    const detail = rendered.container.querySelector('.detail')!;
    expect(detail.querySelector('[data-field="outcomeComputed"] code')?.textContent).toBe(roll);
    expect(detail.querySelector('.outcome-picture')).toBeNull();
    expect(detail.querySelector('[data-step="outcome"] .explain')).toBeNull();
    const accepted = [...detail.querySelectorAll('table.draws tbody tr[data-accepted="true"]')];
    expect(accepted.length).toBeGreaterThan(0);
    // The last column names what a draw gave: a wheel's pocket or a draw's number, nothing for another game.
    for (const row of accepted) expect(row.querySelector('td:last-child')!.textContent).toBe('—');
  });

  test('the statistics page: its own section with the neutral chart and conclusion, no rules; roulette keeps its rules', async () => {
    const worker = new FakeWorker([claimFor(DICE, 1), claimFor(DICE, 2), claimFor('roulette-european', 1)]);
    const root = await renderStats(worker);
    const dice = root.querySelector<HTMLElement>(`section[data-game="${DICE}"]`)!;
    expect(dice.querySelector('h2')!.textContent).toBe('Fictional Dice');
    const conclusion = dice.querySelector<HTMLElement>('.conclusion')!;
    expect(conclusion.querySelector('.fairness')!.textContent).toBe(t('statsFairTooFewGame_other', [2, '500']));
    expect(conclusion.querySelector('.rules')).toBeNull();
    expect(dice.querySelectorAll('svg.bars g[data-label]')).toHaveLength(100);
    expect(dice.querySelector('.returns .realised')).not.toBeNull();
    expect(dice.querySelector('.keno-learnt, .keno-learnt-empty')).toBeNull();
    const european = root.querySelector<HTMLElement>('section[data-game="roulette-european"]')!;
    expect(european.querySelector('.conclusion .rules')).not.toBeNull();
    // The RTP section: the two wheels and keno's odds, nothing made up for the dice.
    expect([...root.querySelectorAll('.rtp-variant')].map((el) => (el as HTMLElement).dataset.variant)).toEqual(['european', 'american']);
    expect(root.querySelectorAll('.keno-odds')).toHaveLength(1);
  });
});
