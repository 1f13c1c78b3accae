// Red team 9, DoS: witness-evidence.ts witnessOf's new `playedWhereLeft` loop reads one round
// (`rounds.get`) for EVERY panel state of every other commitment it read, for the round's client
// seed, shown before the round's own first state at a nonce other than the round's (deduplicated
// by commitment and nonce only). Up to MAX_OTHERS = 16 other commitments are read, each with up to
// PANEL_MEMORY = 32 states: 16 × 32 = 512 extra IndexedDB requests for ONE round's judgement
// (before this session: ~16 round reads). Attack:
//   1. Over time (within the rate limits, kept in the store) the page shows 16 junk commitments for
//      the player's client seed, each at 32 different nonces, and once all 16 in one data message
//      (one stamp), just before the player's real pair's first state.
//   2. scanOthers finds no other state in the round's window, so it takes the 16 at that latest
//      stamp; evidenceOf reads all 32 states of each; playedWhereLeft asks for 512 rounds.
//   3. Every round the player then plays on the pair pays this, and every re-judgement (reveal,
//      liftNext's up to 64 along an auto-bet, accused-pair re-judgements) pays it again.
// Only the pair the panel showed LAST before B's first state matters for the rule (core/witness.ts
// leftBehind reads `state.seenAt < firstOwn` of any state but the intent is the panel's last word).
// Fix: ask playedWhereLeft only for the states leftBehind would count — the latest state of each
// other commitment before firstOwn (at most one per commitment, ≤ MAX_OTHERS reads), or only those
// at the latest stamp scanOthers found — and skip commitments already revealed before the action.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { witnessOf, type EvidenceStores } from '../../src/background/witness-evidence.js';
import type { CommitmentSighting } from '../../src/background/schema.js';
import type { RoundRecord } from '../../src/shared/records.js';

const CS = 'player-cs';
const hex = (i: number) => i.toString(16).padStart(64, '0');
const OWN = hex(999);
const JUNK = Array.from({ length: 16 }, (_, i) => hex(i + 1));
const T0 = 1_700_000_000_000;
const STAMP = T0 + 100_000; // all 16 junk pairs shown at once, just before the round's own pair
const FIRST_OWN = STAMP + 1000;

it('one round judgement reads a bounded number of rounds (not one per junk panel state)', async () => {
  const sightings = new Map<string, CommitmentSighting>();
  for (const [i, c] of JUNK.entries()) {
    const panel = Array.from({ length: 31 }, (_, j) => ({ clientSeed: CS, nonce: String(100 + j), game: 'keno', seenAt: T0 + i * 1000 + j }));
    panel.push({ clientSeed: CS, nonce: '50', game: 'keno', seenAt: STAMP });
    sightings.set(c, { commitment: c, firstSeenAt: T0, panel });
  }
  sightings.set(OWN, { commitment: OWN, firstSeenAt: FIRST_OWN, panel: [{ clientSeed: CS, nonce: '5', game: 'keno', seenAt: FIRST_OWN }] });
  let roundReads = 0;
  const stores: EvidenceStores = {
    commitments: {
      get: async (key) => sightings.get(key),
      index: () => ({
        openKeyCursor: async (range: IDBKeyRange) => (range.lower[0] === CS ? { key: [CS, STAMP] } : null),
        getAllKeys: async (range: IDBKeyRange) => {
          // The exact stamp before the window: the 16 junk pairs. Windows and forgotten lanes: nothing.
          if (range.lower[0] === CS && range.lower[1] === STAMP && range.upper[1] === STAMP) return [...JUNK];
          return [];
        },
      }),
    },
    rounds: {
      get: async () => {
        roundReads++;
        return undefined;
      },
    },
  };
  const record = {
    key: 'k',
    commitment: OWN,
    clientSeed: CS,
    nonce: '5',
    game: 'Keno',
    gameId: 'keno',
    observedAt: { result: FIRST_OWN + 3000 },
    actedAt: FIRST_OWN + 2000,
    result: ['1'],
    verdict: { status: 'pending' },
  } as unknown as RoundRecord;
  const judgement = await witnessOf(stores, record, undefined);
  expect(judgement).toBeDefined();
  // 16 other commitments' rounds at this nonce, the previous nonce, and (the fix) one left state each: ≤ 40.
  expect(roundReads).toBeLessThanOrEqual(40);
});
