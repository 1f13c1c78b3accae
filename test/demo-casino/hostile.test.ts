// The hostile page's route and data: served with a policy that runs inline script (so a payload
// parsed as HTML would run), its head script first of all scripts, and forged rounds whose
// expected verdicts agree with the extension's own verifier (src/core) on every round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_CSP } from '../../scripts/demo-casino/hostile-page.js';
import { floodRounds, forgedRounds, MEGABYTE_KIND, payloadRounds, payloads } from '../../scripts/demo-casino/hostile-rounds.js';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { verifyRound } from '../../src/core/index.js';
import { get, parseHtml } from './helpers.js';

let casino: DemoCasino;
beforeAll(async () => {
  casino = await startDemoCasino({ seed: 'hostile-test' });
});
afterAll(async () => {
  await casino.close();
});

const RUN = '0123abcd';

describe('GET /casino/hostile', () => {
  it('is a roulette game page whose first script is an inline one at the top of <head>, under a policy that runs inline script', async () => {
    const reply = await get(casino, '/casino/hostile');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toBe(HOSTILE_CSP);
    expect(HOSTILE_CSP).toMatch(/script-src 'self' 'unsafe-inline'/);
    const doc = parseHtml(reply.text);
    const head = doc.head.firstElementChild as HTMLScriptElement;
    expect(head.tagName).toBe('SCRIPT');
    expect(head.src).toBe('');
    expect(head.textContent).toMatch(/MutationObserver/);
    expect(head.textContent).toMatch(/JSON\.parse\s*=/);
    expect(head.textContent).toMatch(/fair-witness:json/);
    expect([...doc.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'))).toEqual(['/static/casino.js', '/static/hostile.js']);
    expect(doc.querySelector('button[data-action="bet"][data-game="roulette-european"]')).not.toBeNull();
    expect(doc.querySelector('button[data-action="hostile-forge"]')).not.toBeNull();
    expect(doc.querySelector('button[data-action="hostile-flood"]')).not.toBeNull();
  });

  it('keeps the strict policy on every other page', async () => {
    const reply = await get(casino, '/casino/roulette');
    expect(reply.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
  });

  it('serves its page script', async () => {
    const reply = await get(casino, '/static/hostile.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.text).toMatch(/hostile-forge/);
  });
});

describe('GET /casino/hostile/forged', () => {
  it('answers as octet-stream (no tap reads it) with the run’s forged rounds and payloads', async () => {
    const reply = await get(casino, `/casino/hostile/forged?run=${RUN}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/octet-stream');
    expect(JSON.parse(reply.text)).toEqual({ forged: forgedRounds(RUN), payloadRounds: payloadRounds(RUN), payloads: payloads() });
  });

  it.each(['', 'xyz', '0123', 'g123abcd', 'a'.repeat(33)])('refuses the run id %j', async (run) => {
    expect((await get(casino, `/casino/hostile/forged?run=${run}`)).status).toBe(404);
  });

  it('predicts for every forged round the verdict the extension’s verifier reaches', () => {
    const forged = forgedRounds(RUN);
    expect(new Set(forged.map((round) => round.expected))).toEqual(new Set(['verified', 'mismatch', 'pending']));
    for (const round of forged) {
      const verdict = verifyRound({ ...round });
      expect(verdict.status, `${round.kind} ${round.clientSeed}`).toBe(round.expected);
    }
    // Another run forges other rounds.
    expect(forgedRounds('ffff0000').map((round) => round.commitment)).not.toEqual(forged.map((round) => round.commitment));
  });

  it('puts every payload into every field of its payload rounds', () => {
    const rounds = payloadRounds(RUN);
    for (const payload of payloads().filter((item) => item.kind !== MEGABYTE_KIND)) {
      const carrying = rounds.filter((round) => Object.values(round).some((value) => value.includes(payload.text)));
      const fields = new Set(carrying.flatMap((round) => Object.keys(round).filter((key) => round[key]!.includes(payload.text))));
      expect([...fields].sort(), payload.kind).toEqual(['clientSeed', 'commitment', 'game', 'result', 'roundSignature', 'serverSeed']);
    }
  });
});

describe('GET /casino/hostile/flood', () => {
  it('answers JSON (read by the JSON tap) with n fresh rounds, the same for the same run and range', async () => {
    const reply = await get(casino, `/casino/hostile/flood?run=${RUN}&from=5&n=1000`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.json.rounds).toHaveLength(1000);
    expect(reply.json.rounds).toEqual(floodRounds(RUN, 5, 1000));
    expect(new Set(reply.json.rounds.map((round: { hashedServerSeed: string }) => round.hashedServerSeed)).size).toBe(1000);
  });

  it.each(['run=0123abcd&from=0&n=1001', 'run=0123abcd&from=-1&n=5', 'run=0123abcd&from=0&n=0', 'run=nope&from=0&n=5', 'from=0&n=5'])('refuses %s', async (query) => {
    expect((await get(casino, `/casino/hostile/flood?${query}`)).status).toBe(404);
  });
});
