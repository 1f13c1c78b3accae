// The witnessing cheats: each breaks the order that makes a round `witnessed` (the commitment
// shown, then the player's action, then the outcome, before the reveal), or shows two seeds for one
// commitment. Checked here through the API and the pages as the page script meets them; the
// end-to-end tests (test/e2e/support/witness-scenario.ts) play them in the browsers. Outcomes are
// checked against computeRound (Node crypto, pinned by the shared vectors).
import { describe, expect, it } from 'vitest';
import { ALTERNATIVE_COUNT, HELD_RESULT_CHEATS } from '../../scripts/demo-casino/casino-state.js';
import { commitmentOf, computeRound, roundSignatureOf, type GameId } from '../../scripts/demo-casino/fairness.js';
import { multiplierOf } from '../../scripts/demo-casino/paytable.js';
import { HELD_RESULT_MS, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { get, parseHtml, post, useDemoCasino } from './helpers.js';

let casino: DemoCasino;
useDemoCasino('witness-cheats-test', (started) => (casino = started));

const HEX64 = /^[0-9a-f]{64}$/;
const ROULETTE = '/casino/roulette?variant=european';

async function cheat(mode: string) {
  const reply = await post(casino, '/__demo/cheat', { mode });
  expect(reply.json.cheat).toBe(mode);
}

async function betReply(game: GameId, picks?: number[]) {
  const reply = await post(casino, '/api/bet', picks ? { game, picks } : { game });
  expect(reply.status, reply.text).toBe(200);
  return reply.json;
}

/** What a game page shows: the panel (null when it shows none), the hidden alternatives, the history's round ids, the whole text. */
async function gamePage(path = ROULETTE) {
  const html = (await get(casino, path)).text;
  const doc = parseHtml(html);
  const section = doc.querySelector('[data-slot="seed-pair"]')!;
  const panelCommitment = section.querySelector('[data-full-value]')?.getAttribute('data-full-value') ?? null;
  return {
    html,
    panel: panelCommitment === null ? null : { commitment: panelCommitment, nonce: /Nonce: (\d+)/.exec(section.textContent ?? '')?.[1] },
    panelHidden: section.hasAttribute('hidden'),
    alternatives: [...doc.querySelectorAll('[data-slot="seed-pair-alternatives"] > div')].map((entry) => ({
      commitment: entry.querySelector('[data-full-value]')!.getAttribute('data-full-value'),
      text: entry.textContent,
    })),
    alternativesHidden: doc.querySelector('[data-slot="seed-pair-alternatives"]')!.hasAttribute('hidden'),
    historyIds: [...doc.querySelectorAll('[data-slot="history"] [data-round-id]')].map((entry) => entry.getAttribute('data-round-id')),
    lastResultId: doc.querySelector('[data-slot="last-result"]')!.getAttribute('data-last-round-id'),
    rounds: doc.body.dataset.rounds,
  };
}

describe("'several-commitments'", () => {
  it('shows other commitments for the panel\'s client seed and nonce, hidden beside the panel and in /api/seed-pair', async () => {
    await cheat('several-commitments');
    const pair = casino.state().activeSeedPair;
    expect(pair.alternatives).toHaveLength(ALTERNATIVE_COUNT);
    for (const alternative of pair.alternatives) expect(commitmentOf(alternative.serverSeed)).toBe(alternative.commitment);
    const others = pair.alternatives.map((alternative) => alternative.commitment);
    expect(new Set([pair.commitment, ...others]).size).toBe(ALTERNATIVE_COUNT + 1);

    const page = await gamePage();
    expect(page.panel).toEqual({ commitment: pair.commitment, nonce: '1' });
    expect(page.alternativesHidden).toBe(true);
    expect(page.alternatives.map((entry) => entry.commitment)).toEqual(others);
    for (const entry of page.alternatives) expect(entry.text).toContain(pair.clientSeed);
    for (const entry of page.alternatives) expect(entry.text).toContain('Nonce: 1');

    const api = (await get(casino, '/api/seed-pair')).json;
    expect(api.seedPair).toEqual({ serverSeedHash: pair.commitment, clientSeed: pair.clientSeed, nonce: 1 });
    expect(api.alternatives).toEqual(others.map((commitment) => ({ serverSeedHash: commitment, clientSeed: pair.clientSeed, nonce: 1 })));
  });

  it('plays each bet on the alternative that pays the player least (chosen after the bet), never the panel\'s; the reveal shows that seed', async () => {
    await cheat('several-commitments');
    const pair = casino.state().activeSeedPair;
    const picks = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const [i, game] of (['keno', 'roulette-european', 'keno'] as GameId[]).entries()) {
      const answer = await betReply(game, game === 'keno' ? picks : undefined);
      const round = casino.state().rounds.at(-1)!;
      const alternative = pair.alternatives.find((candidate) => candidate.serverSeed === round.serverSeed);
      expect(alternative, `round ${i + 1} is played on an alternative`).toBeDefined();
      expect(round.commitment).toBe(alternative!.commitment);
      expect(answer.round).toMatchObject({ hashedServerSeed: alternative!.commitment, clientSeed: pair.clientSeed, nonce: i + 1 });
      const pays = pair.alternatives.map((candidate) => Number(multiplierOf(game, computeRound(game, candidate.serverSeed, pair.clientSeed, i + 1).outcome, game === 'keno' ? picks : null)));
      expect(Number(round.multiplier)).toBe(Math.min(...pays));
      expect(round.displayedOutcome).toEqual(computeRound(game, round.serverSeed, pair.clientSeed, i + 1).outcome);
      // The panel goes on with the next nonce, and so do the alternatives.
      expect(answer.seedPair).toEqual({ serverSeedHash: pair.commitment, clientSeed: pair.clientSeed, nonce: i + 2 });
      expect((await gamePage()).alternatives.every((entry) => entry.text!.includes(`Nonce: ${i + 2}`))).toBe(true);
    }
    const reveal = (await post(casino, '/api/rotate')).json.revealed;
    expect(reveal).toMatchObject({ serverSeed: pair.serverSeed, serverSeedHash: pair.commitment });
    expect(reveal.rounds.map((shown: { nonce: number }) => shown.nonce).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3]); // the three bets above
    for (const shown of reveal.rounds) {
      expect(commitmentOf(shown.serverSeed)).toBe(shown.hashedServerSeed);
      expect(shown.hashedServerSeed).not.toBe(pair.commitment);
      expect(shown.roundSignature).toBe(roundSignatureOf(shown.serverSeed, pair.clientSeed, shown.nonce));
    }
    // The next pair gets alternatives of its own while the cheat is on; none when off.
    expect(casino.state().activeSeedPair.alternatives).toHaveLength(ALTERNATIVE_COUNT);
    await cheat('none');
    expect((await gamePage()).alternatives).toEqual([]);
    expect((await get(casino, '/api/seed-pair')).json.alternatives).toBeUndefined();
  });
});

describe('held results', () => {
  it("'rerender-after-bet': the bet's answer has no result and a fresh commitment for the same client seed and nonce; the panel shows it, then the result", async () => {
    expect(HELD_RESULT_CHEATS).toContain('rerender-after-bet');
    await betReply('roulette-european');
    await cheat('rerender-after-bet');
    const before = casino.state().activeSeedPair;
    expect((await gamePage()).panel).toEqual({ commitment: before.commitment, nonce: '2' });

    const answer = await betReply('roulette-european');
    const after = casino.state().activeSeedPair;
    expect(after.index).toBe(before.index);
    expect(after.commitment).not.toBe(before.commitment);
    expect(answer).toEqual({ round: null, pending: { id: 2, settleInMs: HELD_RESULT_MS }, seedPair: { serverSeedHash: after.commitment, clientSeed: before.clientSeed, nonce: 2 } });
    // Between the bet and the result: the panel re-rendered, no result anywhere.
    const between = await gamePage();
    expect(between.panel).toEqual({ commitment: after.commitment, nonce: '2' });
    expect(between.historyIds).toEqual(['1']);
    expect(between.lastResultId).toBe('1');
    expect(between.rounds).toBe('1');
    expect((await get(casino, '/api/history')).json.rounds.map((round: { id: number }) => round.id)).toEqual([1]);
    expect(casino.state().rounds[1]).toMatchObject({ held: true, commitment: after.commitment, nonce: 2, serverSeed: after.serverSeed });

    const settled = (await post(casino, '/api/settle', { id: 2 })).json;
    const truth = computeRound('roulette-european', after.serverSeed, before.clientSeed, 2);
    expect(settled).toEqual({
      round: expect.objectContaining({ id: 2, hashedServerSeed: after.commitment, nonce: 2, result: truth.outcome, serverSeed: null }),
      seedPair: { serverSeedHash: after.commitment, clientSeed: before.clientSeed, nonce: 3 },
    });
    const shown = await gamePage();
    expect(shown.historyIds).toEqual(['2', '1']);
    expect(shown.lastResultId).toBe('2');
    // Settling again changes nothing; the reveal shows each round's own seed.
    expect((await post(casino, '/api/settle', { id: 2 })).status).toBe(200);
    expect((await post(casino, '/api/settle', { id: 99 })).status).toBe(400);
    const reveal = (await post(casino, '/api/rotate')).json.revealed;
    expect(reveal.serverSeed).toBe(after.serverSeed);
    const byNonce = new Map<number, { serverSeed: string; hashedServerSeed: string }>(reveal.rounds.map((round: { nonce: number }) => [round.nonce, round]));
    expect(byNonce.get(1)).toMatchObject({ serverSeed: before.serverSeed, hashedServerSeed: before.commitment });
    expect(byNonce.get(2)).toMatchObject({ serverSeed: after.serverSeed, hashedServerSeed: after.commitment });
  });

  it("'commitment-after-click': no commitment anywhere before the bet; the panel after it, the result in a later answer; hidden again", async () => {
    await cheat('commitment-after-click');
    const pair = casino.state().activeSeedPair;
    const before = await gamePage('/casino/keno');
    expect(before.panel).toBeNull();
    expect(before.panelHidden).toBe(true);
    expect(before.html).not.toContain(pair.commitment);
    expect((await get(casino, '/api/seed-pair')).json).toEqual({ seedPair: null });

    const answer = await betReply('keno', [5, 6, 7]);
    expect(answer).toEqual({ round: null, pending: { id: 1, settleInMs: HELD_RESULT_MS }, seedPair: { serverSeedHash: pair.commitment, clientSeed: pair.clientSeed, nonce: 1 } });
    const between = await gamePage('/casino/keno');
    expect(between.panel).toEqual({ commitment: pair.commitment, nonce: '1' });
    expect(between.historyIds).toEqual([]);

    const settled = (await post(casino, '/api/settle', { id: 1 })).json;
    expect(settled.round).toMatchObject({ hashedServerSeed: pair.commitment, nonce: 1, result: computeRound('keno', pair.serverSeed, pair.clientSeed, 1).outcome });
    expect(settled.seedPair).toBeNull();
    const after = await gamePage('/casino/keno');
    expect(after.panel).toBeNull();
    expect(after.historyIds).toEqual(['1']);
  });

  it('shows a held result when the next bet or a rotation comes first, and never holds one for a bet from Node', async () => {
    await cheat('commitment-after-click');
    await betReply('roulette-european');
    await betReply('roulette-european');
    expect(casino.state().rounds.map((round) => round.held)).toEqual([false, true]);
    await post(casino, '/api/rotate');
    expect(casino.state().rounds.map((round) => [round.held, round.revealed])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(casino.bet('roulette-european').held).toBe(false);
  });
});

describe('no commitment before the bet', () => {
  it("'same-frame': no panel; the commitment first comes with the outcome, in the bet's answer and the history entry", async () => {
    await cheat('same-frame');
    const pair = casino.state().activeSeedPair;
    const before = await gamePage();
    expect(before.panel).toBeNull();
    expect(before.html).not.toContain(pair.commitment);
    expect((await get(casino, '/api/seed-pair')).json).toEqual({ seedPair: null });

    const answer = await betReply('roulette-european');
    expect(answer.round).toMatchObject({ hashedServerSeed: pair.commitment, nonce: 1, result: computeRound('roulette-european', pair.serverSeed, pair.clientSeed, 1).outcome });
    expect(answer.seedPair).toBeNull();
    const after = await gamePage();
    expect(after.panel).toBeNull();
    expect(after.historyIds).toEqual(['1']);
    expect(after.html).toContain(pair.commitment);
  });

  it("'panel-hidden': no panel, and bet answers without the round: rounds show only in the history; the panel is back when the cheat is off", async () => {
    await cheat('panel-hidden');
    const pair = casino.state().activeSeedPair;
    expect((await gamePage('/casino/keno')).html).not.toContain(pair.commitment);
    expect((await get(casino, '/api/seed-pair')).json).toEqual({ seedPair: null });
    expect(await betReply('keno', [1, 2])).toEqual({ round: null, seedPair: null });
    const after = await gamePage('/casino/keno');
    expect(after.panel).toBeNull();
    expect(after.historyIds).toEqual(['1']);
    expect((await get(casino, '/api/history')).json.rounds[0]).toMatchObject({ hashedServerSeed: pair.commitment, nonce: 1 });
    await cheat('none');
    expect((await gamePage('/casino/keno')).panel).toEqual({ commitment: pair.commitment, nonce: '2' });
  });

  it("'self-play': an honest casino, whose page script plays by itself with untrusted events", async () => {
    await cheat('self-play');
    const page = parseHtml((await get(casino, ROULETTE)).text);
    expect(page.querySelector('[data-demo-controls]')!.getAttribute('data-cheat')).toBe('self-play');
    expect((await gamePage()).panel).not.toBeNull();
    const script = (await get(casino, '/static/casino.js')).text;
    for (const made of ['new PointerEvent("pointerdown"', 'new KeyboardEvent("keydown"', '.click()', 'selfPlayed']) expect(script).toContain(made);
    const answer = await betReply('roulette-european');
    expect(answer.round.result).toBe(computeRound('roulette-european', casino.state().seedPairs[0]!.serverSeed, answer.round.clientSeed, 1).outcome);
  });
});

describe("'two-seeds'", () => {
  it('reveals the true seed in the API and another 64-hex seed in every history layout, for the same commitment', async () => {
    const pair = casino.state().activeSeedPair;
    await betReply('roulette-european');
    await betReply('keno', [3, 4]);
    await cheat('two-seeds');
    const reveal = (await post(casino, '/api/rotate')).json.revealed;
    expect(reveal.serverSeed).toBe(pair.serverSeed);
    expect(reveal.rounds).toHaveLength(2); // the two bets above
    for (const round of reveal.rounds) expect(round.serverSeed).toBe(pair.serverSeed);
    expect((await get(casino, '/api/history')).json.rounds.map((round: { serverSeed: string }) => round.serverSeed)).toEqual([pair.serverSeed, pair.serverSeed]);

    const other = casino.state().rounds[0]!.historyServerSeed!;
    expect(other).toMatch(HEX64);
    expect(other).not.toBe(pair.serverSeed);
    expect(casino.state().rounds.map((round) => round.historyServerSeed)).toEqual([other, other]);
    for (const path of [ROULETTE, '/casino/history', '/embed/history/frame']) {
      const html = (await get(casino, path)).text;
      expect(html, path).toContain(other);
      expect(html, path).not.toContain(pair.serverSeed);
      expect(html, path).toContain(pair.commitment);
      // Only the seed differs: the round signatures are the true ones.
      expect(html, path).toContain(casino.state().rounds[0]!.roundSignature);
    }
  });
});
