// Picks rounds out of a parsed JSON response: objects with seed-like keys (serverSeed,
// server_seed, hashedServerSeed, clientSeed, nonce…), with their plain values (strings, numbers,
// lists of numbers) as text. Pure and total: any input, however deep, wide, cyclic or odd
// (__proto__ keys, getters), gives a bounded result and never throws. Runs in the page's world
// (page-tap) and in the popup's text parser; the isolated side re-checks what it receives.
import { LIST_FIELDS, namesRound, type FieldName } from './fields.js';
import { MAX_CLAIM_VALUE_LENGTH, MAX_LIST_LENGTH } from '../../core/limits.js';
import { shapeOf } from './value-shape.js';
import { MAX_KEY_NOTES, SEEN_KEY, type KeyNote } from '../../shared/capture-channel.js';

/** A round as the tap hands it on: every value already text. */
export type TapRound = Partial<Record<FieldName, string | string[]>>;

export interface WalkLimits {
  maxDepth: number;
  maxNodes: number;
  maxRounds: number;
  maxKeysPerObject: number;
  maxValueLength: number;
  maxListLength: number;
}

export const DEFAULT_LIMITS: WalkLimits = {
  maxDepth: 40,
  maxNodes: 100_000,
  maxRounds: 1000,
  maxKeysPerObject: 500,
  maxValueLength: MAX_CLAIM_VALUE_LENGTH,
  maxListLength: MAX_LIST_LENGTH,
};

/**
 * A JSON key's folded spelling: case, "_", "-" and any other character but ASCII letters and digits
 * ignored (every API key seen is ASCII). Cheap on purpose: it runs for every key of every message.
 */
const fold = (key: string): string => key.toLowerCase().replace(/[^a-z\d]/g, '');

/** JSON keys by their folded spelling. */
const KEYS = new Map<string, FieldName>();
const KEY_TABLE: readonly [FieldName, readonly string[]][] = [
  ['serverSeed', ['serverSeed', 'revealedServerSeed', 'unhashedServerSeed', 'serverSeedRevealed', 'serverSeedPlain', 'plainServerSeed']],
  ['commitment', ['commitment', 'hashedServerSeed', 'serverSeedHash', 'serverSeedHashed', 'serverSeedCommitment']],
  ['clientSeed', ['clientSeed']],
  ['nonce', ['nonce']],
  ['roundSignature', ['roundSignature']],
  ['result', ['result', 'outcome', 'winningNumber', 'drawnNumbers', 'hits', 'numbers', 'draw']],
  ['picks', ['picks', 'selectedNumbers', 'playerPicks', 'chosenNumbers']],
  ['game', ['game', 'gameName', 'gameType', 'gameSlug']],
  ['stake', ['stake', 'amount', 'betAmount', 'stakeAmount', 'wager']],
  ['payout', ['payout', 'winAmount', 'payoutAmount', 'winnings']],
  ['multiplier', ['multiplier', 'payoutMultiplier']],
];
for (const [field, keys] of KEY_TABLE) for (const key of keys) KEYS.set(fold(key), field);

/** Keys of an object holding a bet's outcome beside its fairness object. */
const OUTCOME_KEYS = new Set(['outcome', 'result']);

/** Keys a game object keeps its name under ({game: {name: "Keno"}}). */
const GAME_NAME_KEYS = ['name', 'title', 'slug'];

function ownValue(object: object, key: string): unknown {
  // A descriptor never runs a getter; a JSON "__proto__" key is an own data property like any other.
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function scalarText(value: unknown, field: FieldName, limits: WalkLimits): string | undefined {
  if (typeof value === 'string') return value.length <= limits.maxValueLength ? value : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  // A nonce beyond 2^53 has already lost digits in JSON.parse: better missing than wrong.
  if (field === 'nonce' && (!Number.isSafeInteger(value) || value < 0)) return undefined;
  return String(value);
}

function plainValue(value: unknown, field: FieldName, limits: WalkLimits): string | string[] | undefined {
  if (Array.isArray(value)) {
    if (!LIST_FIELDS.has(field) || value.length > limits.maxListLength) return undefined;
    const items: string[] = [];
    for (let index = 0; index < value.length; index++) {
      const item = scalarText(ownValue(value, String(index)), field, limits);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return items;
  }
  if (field === 'game' && isObject(value)) {
    for (const key of GAME_NAME_KEYS) {
      const name = scalarText(ownValue(value, key), field, limits);
      if (typeof name === 'string') return name;
    }
    return undefined;
  }
  return scalarText(value, field, limits);
}

function ownKeys(object: object, limits: WalkLimits): string[] {
  const keys = Object.keys(object);
  return keys.length > limits.maxKeysPerObject ? keys.slice(0, limits.maxKeysPerObject) : keys;
}

/** The mapped plain fields an object holds itself. A list result beats a count ("hits": 3). */
function ownFields(object: object, limits: WalkLimits): TapRound {
  const fields: TapRound = {};
  for (const key of ownKeys(object, limits)) {
    const field = KEYS.get(fold(key));
    if (field === undefined) continue;
    const value = plainValue(ownValue(object, key), field, limits);
    if (value === undefined) continue;
    const prior = fields[field];
    if (prior === undefined || (field === 'result' && typeof prior === 'string' && Array.isArray(value))) fields[field] = value;
  }
  return fields;
}

function fillMissing(target: TapRound, source: TapRound): void {
  for (const field of Object.keys(source) as FieldName[]) {
    if (target[field] === undefined) target[field] = source[field];
  }
}

interface Frame {
  value: unknown;
  depth: number;
  /** Fields of enclosing objects that are not rounds themselves (a bet around its "fairness" object). */
  context: TapRound;
}

/** Objects walked between two pauses of walkRounds. */
export const WALK_STEP = 256;

/** Every round in a parsed JSON value, in document order. */
export function extractRounds(input: unknown, limits: WalkLimits = DEFAULT_LIMITS, notes?: Map<string, KeyNote>): TapRound[] {
  for (const walk = walkRounds(input, limits, notes); ; ) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

/**
 * extractRounds as a walk that pauses (yields) every WALK_STEP objects: the page tap reads a huge
 * message in slices, so one frame of 90 000 objects never holds the page's thread for long. With
 * `notes`, it also notes there the keys whose values look fairness-like (noteKeys), for the diagnostics.
 */
export function* walkRounds(input: unknown, limits: WalkLimits = DEFAULT_LIMITS, notes?: Map<string, KeyNote>): Generator<void, TapRound[]> {
  const rounds: TapRound[] = [];
  const visited = new Set<object>();
  const stack: Frame[] = [{ value: input, depth: 0, context: {} }];
  let nodes = 0;
  while (stack.length > 0 && rounds.length < limits.maxRounds && nodes < limits.maxNodes) {
    const frame = stack.pop()!;
    if (!isObject(frame.value) || visited.has(frame.value) || frame.depth > limits.maxDepth) continue;
    visited.add(frame.value);
    if (++nodes % WALK_STEP === 0) yield;
    try {
      visit(frame, stack, rounds, limits, limits.maxNodes - nodes, notes);
    } catch {
      // A proxy or exotic object threw: skip it, keep everything else.
    }
  }
  return rounds;
}

function visit(frame: Frame, stack: Frame[], rounds: TapRound[], limits: WalkLimits, budget: number, notes?: Map<string, KeyNote>): void {
  const { value, depth, context } = frame;
  if (Array.isArray(value)) {
    // Only the game carries across a list: each element has its own outcome.
    const inherited: TapRound = context.game === undefined ? {} : { game: context.game };
    for (let index = Math.min(value.length, budget) - 1; index >= 0; index--) {
      const item = ownValue(value, String(index));
      if (isObject(item)) stack.push({ value: item, depth: depth + 1, context: inherited });
    }
    return;
  }
  const object = value as object;
  const own = ownFields(object, limits);
  const keys = ownKeys(object, limits);
  if (notes) noteKeys(notes, object, keys, namesRound(own));
  let childContext: TapRound;
  if (namesRound(own)) {
    const round: TapRound = { ...own };
    fillFromChildren(round, object, keys, limits);
    fillMissing(round, context);
    rounds.push(round);
    childContext = round.game === undefined ? {} : { game: round.game };
  } else {
    childContext = { ...context };
    for (const field of Object.keys(own) as FieldName[]) childContext[field] = own[field];
    // A bet that keeps its outcome and its fairness in two objects ({outcome: {…}, fairness: {…}}).
    for (const key of keys) if (OUTCOME_KEYS.has(fold(key))) fillFromChildren(childContext, object, [key], limits);
  }
  for (let index = keys.length - 1; index >= 0; index--) {
    const child = ownValue(object, keys[index]!);
    if (isObject(child)) stack.push({ value: child, depth: depth + 1, context: childContext });
  }
}

/** Plain fields one level down in objects that are not rounds ({..., outcome: {winningNumber: 17}}). */
function fillFromChildren(round: TapRound, object: object, keys: string[], limits: WalkLimits): void {
  for (const key of keys) {
    try {
      const child = ownValue(object, key);
      if (!isObject(child) || Array.isArray(child)) continue;
      const fields = ownFields(child, limits);
      if (!namesRound(fields)) fillMissing(round, fields);
    } catch {
      // An exotic child says nothing about the round.
    }
  }
}

/** A key that names a fairness value, however spelt ("srvSeedHashV2", "proof_hash"). */
const FAIRNESS_KEY = /seed|nonce|hash|commit|signature|salt/i;
const HEX64 = /^[\da-f]{64}$/i;
/** extractRounds, also noting into `into` the keys whose values look fairness-like (a 64-hex string, or a scalar under a fairness word). */
export function extractRoundsNoting(input: unknown, into: Map<string, KeyNote>): TapRound[] {
  return extractRounds(input, DEFAULT_LIMITS, into);
}

function noteKeys(notes: Map<string, KeyNote>, object: object, keys: readonly string[], round: boolean): void {
  for (const key of keys) {
    const value = ownValue(object, key);
    const text = typeof value === 'number' ? String(value) : value;
    // Only keys the isolated side keeps (tap-channel.ts): a map keyed by values, or a huge key, would spend the notes for nothing.
    if (typeof text !== 'string' || !(HEX64.test(text) || FAIRNESS_KEY.test(key)) || !SEEN_KEY.test(key)) continue;
    const note: KeyNote = [key, shapeOf(text), round && KEYS.has(fold(key)) ? 1 : 0, 1];
    const id = note.join('\u0001');
    const known = notes.get(id);
    if (known) known[3]++;
    else if (notes.size < MAX_KEY_NOTES) notes.set(id, note);
  }
}
