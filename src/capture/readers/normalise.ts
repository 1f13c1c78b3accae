// Turns what the scanner and the JSON tap found into CapturedClaims the worker will accept:
// every field checked against the message schema's limits (a field that would not fit is dropped,
// so one odd value never costs the whole claim), and each field stamped with the time this
// content script first saw its current value for that round — its own clock, never the page's.
import type { ClaimField } from '../../core/index.js';
import { MAX_GAME_NAME_LENGTH, MAX_HASH_TEXT_LENGTH, MAX_LIST_LENGTH, MAX_RESULT_ITEM_LENGTH, MAX_RESULT_TEXT_LENGTH, MAX_SEED_LENGTH } from '../../core/limits.js';
import { canonicalNonce, COMMITMENT_DIGEST } from '../../shared/claim-kinds.js';
import type { CapturedClaim } from '../../shared/records.js';
import { readAmount } from './amount.js';
import { matchGameName } from './labels.js';
import { AMOUNT_FIELDS, valueSignature, type FairnessFields, type FieldName } from './fields.js';

const NONCE = /^\d{1,20}$/;
/** The text fields and their limits (core/limits.ts). */
const TEXT_FIELDS = {
  game: MAX_GAME_NAME_LENGTH,
  serverSeed: MAX_SEED_LENGTH,
  commitment: MAX_HASH_TEXT_LENGTH,
  clientSeed: MAX_SEED_LENGTH,
  roundSignature: MAX_HASH_TEXT_LENGTH,
} as const;
const TIMED_FIELDS: readonly ClaimField[] = ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature'];

type Source = CapturedClaim['source'];

/**
 * A page value as the schema allows it. DOM text is trimmed (layout whitespace); JSON strings are
 * kept exactly, and an empty client seed from JSON is a real value (the seeds allow it).
 */
function textValue(value: unknown, source: Source, max: number, emptyAllowed: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = source === 'dom' ? value.trim() : value;
  if (text.length > max || (text === '' && !emptyAllowed)) return undefined;
  return text;
}

function listValue(value: unknown, source: Source): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LIST_LENGTH) return undefined;
  const items: string[] = [];
  for (const item of value) {
    const text = textValue(item, source, MAX_RESULT_ITEM_LENGTH, false);
    if (text === undefined) return undefined;
    items.push(text);
  }
  return items;
}

/** Only the fields (and shapes) the message schema accepts; anything else is dropped. */
export function sanitiseFields(raw: unknown, source: Source): FairnessFields {
  if (typeof raw !== 'object' || raw === null) return {};
  const input = raw as Record<string, unknown>;
  const fields: FairnessFields = {};
  /** The page's own property, never one inherited. */
  const own = (field: string): unknown => (Object.hasOwn(input, field) ? input[field] : undefined);
  for (const [field, max] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, number][]) {
    const value = textValue(own(field), source, max, field === 'clientSeed' && source === 'json');
    // A commitment is a digest (shared/messages.ts refuses anything else): other text is no commitment.
    if (value !== undefined && (field !== 'commitment' || COMMITMENT_DIGEST.test(value))) fields[field] = value;
  }
  // A game by the name every reading of it shares ("Ruleta Europea" is European Roulette): the worker knows English and German names only.
  if (fields.game) fields.game = matchGameName(fields.game) ?? fields.game;
  const nonceText = own('nonce');
  const nonce = typeof nonceText === 'string' ? nonceText.trim() : undefined;
  if (nonce !== undefined && NONCE.test(nonce)) fields.nonce = nonce;
  const result = own('result');
  const resultValue = Array.isArray(result) ? listValue(result, source) : textValue(result, source, MAX_RESULT_TEXT_LENGTH, false);
  if (resultValue !== undefined) fields.result = resultValue;
  const picks = listValue(own('picks'), source);
  if (picks !== undefined) fields.picks = picks;
  // A bet is settled once it has an outcome: a stake next to the active seed pair, before any
  // result, is the bet form of a round not played yet, and must not stick to any round.
  if (fields.result === undefined) return fields;
  for (const field of AMOUNT_FIELDS) {
    const text = own(field);
    const value = typeof text === 'string' ? readAmount(text, field === 'multiplier' ? 'multiplier' : 'money', source) : undefined;
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

/**
 * The names one round goes by: its commitment or its server seed, with client seed and nonce. A
 * panel state (a commitment with neither outcome nor seed) goes by its own name, game included: a
 * sighting in another role (a round, a reveal) or on another game's panel lends it no earlier time.
 */
function roundKeys(fields: FairnessFields): string[] {
  // The nonce as the worker has it: "05" and "5" are one state (a re-showing spelled otherwise is one too).
  const rest = `${fields.clientSeed ?? ''}|${fields.nonce === undefined ? '' : canonicalNonce(fields.nonce)}`;
  const keys: string[] = [];
  if (fields.commitment !== undefined) keys.push(`${fields.result || fields.serverSeed ? '' : `p|${fields.game ?? ''}|`}c|${fields.commitment.toLowerCase()}|${rest}`);
  if (fields.serverSeed !== undefined) keys.push(`s|${fields.serverSeed}|${rest}`);
  if (keys.length === 0 && fields.nonce !== undefined) keys.push(`n|${fields.game ?? ''}|${rest}`);
  return keys;
}

type Sightings = Map<ClaimField, { value: string; at: number; actedAt?: number }>;

/** When a round's fields were first seen, for its result the player's action credited as its bet, and for a panel state a re-showing. */
export interface Stamp {
  observedAt: Partial<Record<ClaimField, number>>;
  actedAt?: number;
  shownAgainAt?: number;
}

/** When each field's value was first seen for each round (firstSeenLog). */
export interface FirstSeen {
  /** `at`: the reading of the scan or message that shows `fields` (one per scan, so its rounds tie). */
  stamp(fields: FairnessFields, at?: number, lastActionAt?: number): Stamp;
}

/**
 * Remembers when each field's value was first seen for each round. A round seen first as the
 * active seed pair (commitment, client seed, next nonce) keeps that early commitment time when
 * it reappears in the history with its server seed. A result keeps, with its time, the latest
 * trusted player action before it (core/witness.ts needs commitment, then action, then outcome).
 * A closure rather than a class: its state stays out of the minified content script's text (size budget).
 */
export function firstSeenLog(now: () => number = Date.now, capacity = 5000): FirstSeen {
  const rounds = new Map<string, Sightings>();
  /** Per client seed, the commitment of the panel state seen last in this document. */
  const panelCommitment = new Map<string, string>();
  /** When a panel state was last shown again after another commitment (the state's sightings). */
  const shownAgain = new WeakMap<Sightings, number>();

  /** Re-inserted last: the oldest entries are forgotten first. */
  const remember = <V>(map: Map<string, V>, key: string, value: V): void => {
    map.delete(key);
    map.set(key, value);
    if (map.size > capacity) map.delete(map.keys().next().value!);
  };

  /**
   * A panel state (commitment, client seed, next nonce) this document showed before, shown again after
   * another commitment for the client seed: the page went back to a commitment it had replaced. Its
   * first time stays; the re-showing is reported with it (the claim differs, so it is sent again).
   */
  const panelShowing = (fields: FairnessFields, sightings: Sightings, observedAt: Stamp['observedAt'], at: number): number | undefined => {
    const { commitment, clientSeed } = fields;
    if (commitment === undefined || clientSeed === undefined || fields.result !== undefined || fields.serverSeed !== undefined) return undefined;
    const shown = commitment.toLowerCase();
    const previous = panelCommitment.get(clientSeed);
    remember(panelCommitment, clientSeed, shown); // bounded like the rounds
    // Also when this key is new here, or the client seed's last commitment was forgotten (bounded
    // memory, a page can flood it): the worker may know the state, under another name (the game as
    // "European Roulette" and "Roulette" is one game there) or from before, with its early time; the
    // re-showing must reach it. For a state new to the worker it says nothing (no later than its first time).
    if (previous !== shown) shownAgain.set(sightings, at);
    return shownAgain.get(sightings);
  };

  return {
    stamp(fields, at = now(), lastActionAt) {
      const keys = roundKeys(fields);
      const found = keys.map((key) => rounds.get(key));
      const sightings: Sightings = found.find((entry) => entry !== undefined) ?? new Map();
      for (const other of found) {
        if (other && other !== sightings) for (const [field, seen] of other) if (!sightings.has(field)) sightings.set(field, seen);
      }
      const observedAt: Partial<Record<ClaimField, number>> = {};
      for (const field of TIMED_FIELDS) {
        const value = fields[field];
        if (value === undefined) continue;
        const seen = sightings.get(field);
        // A commitment as the key has it: one spelled otherwise is the same value, seen again (a re-showing).
        const current = field === 'commitment' ? (value as string).toLowerCase() : valueSignature(value);
        if (seen && seen.value === current) {
          observedAt[field] = seen.at;
        } else {
          sightings.set(field, { value: current, at, ...(field === 'result' && lastActionAt !== undefined && lastActionAt < at ? { actedAt: lastActionAt } : {}) });
          observedAt[field] = at;
        }
      }
      for (const key of keys) remember(rounds, key, sightings);
      const actedAt = fields.result === undefined ? undefined : sightings.get('result')?.actedAt;
      const stamp: Stamp = actedAt === undefined ? { observedAt } : { observedAt, actedAt };
      const shownAgainAt = panelShowing(fields, sightings, observedAt, at);
      return shownAgainAt === undefined ? stamp : { ...stamp, shownAgainAt };
    },
  };
}

/**
 * A claim for the worker, or undefined when nothing checkable is left after sanitising. `at` is the
 * reading of the scan or message that shows it; `lastActionAt` the latest trusted action before it.
 */
export function toClaim(raw: FairnessFields, source: Source, firstSeen: FirstSeen, at?: number, lastActionAt?: number): CapturedClaim | undefined {
  const fields = sanitiseFields(raw, source);
  const named = Object.keys(fields) as FieldName[];
  if (named.length === 0 || (named.length === 1 && named[0] === 'game')) return undefined;
  return { source, ...fields, ...firstSeen.stamp(fields, at, lastActionAt) };
}
