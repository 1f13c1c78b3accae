// Every message between the extension's parts, typed by direction and validated where it is
// received (a content script runs beside a hostile page; nothing it sends is taken on trust).
import * as v from 'valibot';
import type { ExportedRound, Finding, RoundTrace } from '../core/index.js';
import type { ExportSeal } from '../core/export-seal.js';
import type { SessionRound } from '../core/luck/sessions.js';
import { SUPPORTED_GAME_IDS } from '../core/games/game-ids.js';
import { VERDICT_STATUSES } from '../core/verdict-status.js';
import { MAX_GAME_NAME_LENGTH, MAX_HASH_TEXT_LENGTH, MAX_LIST_LENGTH, MAX_RESULT_ITEM_LENGTH, MAX_RESULT_TEXT_LENGTH, MAX_SEED_LENGTH } from '../core/limits.js';
import { CAPTURE_CHANNELS, FRAME_SHAPE, KINDS_PER_CHANNEL, LANGUAGE_TAG, MAX_SEEN_KINDS, RANDOM_SPELLING, SEEN_KEY, SEEN_SHAPE, type CaptureTally } from './capture-channel.js';
import type { CapturedClaim, GameFigures, RoundFilter, RoundRecord, RoundRow, StorageProblem, Summary, VerifiedRound } from './records.js';
import { MAX_CLAIMS_PER_MESSAGE, MAX_IMPORT_ROUNDS_PER_MESSAGE, MAX_MESSAGE_TEXT_LENGTH, MAX_PAGE } from './message-limits.js';
import { COMMITMENT_DIGEST } from './claim-kinds.js';

export { MAX_CLAIMS_PER_MESSAGE, MAX_IMPORT_ROUNDS_PER_MESSAGE };

/** Slots an action report names at most (a document keeps as many per round). */
export const MAX_ACTION_SLOTS = 16;

const text = v.pipe(v.string(), v.maxLength(MAX_MESSAGE_TEXT_LENGTH));
/** A claim's text field, at most `max` characters (core/limits.ts), refused with the limit named. */
const claimText = (max: number) => v.pipe(v.string(), v.maxLength(max, `longer than ${max} characters`));
/** Stakes, payouts and multipliers: plain decimal text, as capture/readers/amount.ts writes it. */
const amount = (field: string) => v.pipe(v.string(), v.maxLength(41), v.regex(/^\d{1,20}(?:\.\d{1,20})?$/, `${field} must be decimal text like "1.50"`));
const time = v.pipe(v.number(), v.finite(), v.minValue(0));
const hex64 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
/**
 * A commitment is a SHA3-256 digest, 64 hex digits in either case: nothing else can ever match a
 * server seed, and a text with a "|" in it would write another round's key and slot (round-key.ts,
 * round-tracker.ts), ending a bet with a made-up round no seed can prove wrong (red8-slot-separator).
 */
const commitmentText = v.pipe(v.string(), v.regex(COMMITMENT_DIGEST, 'commitment must be 64 hexadecimal digits'));
const uuid = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/));
/** Chain states of a file's chunks: a 1 GiB file (the import's limit) has well under 100 000 chunks of 200 rounds. */
const MAX_SEAL_STATES = 100_000;
const nonceText = v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'nonce must be decimal digits'));
const status = v.picklist(VERDICT_STATUSES);

const observedAtSchema = v.strictObject({
  game: v.optional(time),
  serverSeed: v.optional(time),
  commitment: v.optional(time),
  clientSeed: v.optional(time),
  nonce: v.optional(time),
  result: v.optional(time),
  roundSignature: v.optional(time),
});

export const capturedClaimSchema = v.strictObject({
  source: v.picklist(['dom', 'json']),
  game: v.optional(claimText(MAX_GAME_NAME_LENGTH)),
  serverSeed: v.optional(claimText(MAX_SEED_LENGTH)),
  commitment: v.optional(commitmentText),
  clientSeed: v.optional(claimText(MAX_SEED_LENGTH)),
  nonce: v.optional(nonceText),
  result: v.optional(v.union([claimText(MAX_RESULT_TEXT_LENGTH), v.pipe(v.array(claimText(MAX_RESULT_ITEM_LENGTH)), v.maxLength(MAX_LIST_LENGTH, `more than ${MAX_LIST_LENGTH} items`))])),
  roundSignature: v.optional(claimText(MAX_HASH_TEXT_LENGTH)),
  picks: v.optional(v.pipe(v.array(claimText(MAX_RESULT_ITEM_LENGTH)), v.maxLength(MAX_LIST_LENGTH, `more than ${MAX_LIST_LENGTH} items`))),
  stake: v.optional(amount('stake')),
  payout: v.optional(amount('payout')),
  multiplier: v.optional(amount('multiplier')),
  observedAt: observedAtSchema,
  actedAt: v.optional(time),
  clientSeedTypedAt: v.optional(time),
  shownAgainAt: v.optional(time),
});

/**
 * A text a tally keeps as a label capture could not read (CaptureTally.unread): a letter first, then
 * letters, digits, spaces and the punctuation labels carry, at most MAX_SEEN_KEY characters; never 8
 * hex digits (a value, even split by separators). Those spelt like random strings (RANDOM_SPELLING)
 * are dropped too. Here, not in capture-channel.ts: a /u class the bundler writes as `new RegExp`,
 * which it cannot leave out of the content script and the page tap.
 */
export const UNREAD_LABEL = /^(?=[^]{1,40}$)(?![^]*(?:[\da-f][\s_.:-]*){8})\p{L}[\p{L}\p{M}\p{N} .:()'’/-]*$/u; // {1,40}: MAX_SEEN_KEY

const tallyCount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
const captureChannel = v.picklist(CAPTURE_CHANNELS);
/**
 * A frame's capture diagnostics (capture/readers/capture-tally.ts). Shapes and keys are held to forms that
 * cannot carry a value: a shape is a letter and a length, a key a name (SEEN_KEY: no hex run; keys of RANDOM_SPELLING dropped).
 */
const seenKey = v.pipe(v.string(), v.regex(SEEN_KEY));
const seenShape = v.pipe(v.string(), v.regex(SEEN_SHAPE));
const captureTallySchema = v.strictObject({
  counts: v.record(captureChannel, v.tuple([tallyCount, tallyCount, tallyCount])),
  closed: v.optional(tallyCount),
  bare: v.optional(tallyCount),
  seen: v.pipe(v.array(v.tuple([captureChannel, seenKey, seenShape, v.picklist([0, 1])])), v.maxLength(MAX_SEEN_KINDS)),
  frames: v.optional(v.pipe(v.array(v.tuple([captureChannel, v.pipe(v.string(), v.regex(FRAME_SHAPE)), tallyCount])), v.maxLength(MAX_SEEN_KINDS))),
  // Texts before unplaced 64-hex values: those not spelt like a label are dropped, not refused.
  unread: v.optional(
    v.pipe(
      v.array(v.string()),
      v.maxLength(KINDS_PER_CHANNEL),
      v.filterItems((label) => UNREAD_LABEL.test(label) && !RANDOM_SPELLING.test(label)),
    ),
  ),
  lang: v.optional(v.pipe(v.string(), v.regex(LANGUAGE_TAG))),
  // Keys spelt like random strings (a page keying its JSON by values) are dropped, not refused: the rest of the tally stands.
  keys: v.optional(
    v.pipe(
      v.array(v.tuple([captureChannel, seenKey, seenShape, v.picklist([0, 1]), tallyCount])),
      v.maxLength(MAX_SEEN_KINDS),
      v.filterItems(([, key]) => !RANDOM_SPELLING.test(key)),
    ),
  ),
});

const filterSchema = v.strictObject({ status: v.optional(status), gameId: v.optional(text) });
const pageSize = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PAGE));
const offset = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * Content script → worker. Claims are checked one by one (validateClaim), so one malformed claim
 * is refused on its own and never takes the honest claims of its batch with it.
 */
export const contentMessageSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('claims'),
    claims: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(MAX_CLAIMS_PER_MESSAGE)),
  }),
  // Sent by the top frame as its page loads: this tab is watched, its count starts anew; and as the
  // page is left: the tab is no longer watched (background/watched-tabs.ts).
  v.strictObject({ type: v.literal('hello') }),
  v.strictObject({ type: v.literal('bye') }),
  // A round's first trusted action in a document, with the slots (commitment|client seed|nonce|game) its
  // panel showed at the round's actions so far: sent again as a slot is added (background/tab-actions.ts).
  v.strictObject({
    type: v.literal('action'),
    at: time,
    slots: v.pipe(v.array(claimText(MAX_HASH_TEXT_LENGTH + MAX_SEED_LENGTH + MAX_GAME_NAME_LENGTH + 24)), v.maxLength(MAX_ACTION_SLOTS)),
  }),
  // What a frame's capture saw so far, sent again whole after each change (background/tab-capture.ts).
  v.strictObject({ type: v.literal('capture-tally'), tally: captureTallySchema }),
  // The label words of the page's language (its lang, its address's first segment), or of every
  // language without locales (shared/vocabularies/vocabulary.ts): answered with a Vocabulary or null.
  v.strictObject({ type: v.literal('vocabulary'), locales: v.optional(v.pipe(v.array(text), v.maxLength(4))) }),
]);

/** Popup and extension pages → worker. */
export const pageMessageSchema = v.variant('type', [
  v.strictObject({ type: v.literal('summary') }),
  v.strictObject({ type: v.literal('rounds'), filter: filterSchema, offset, limit: pageSize }),
  v.strictObject({ type: v.literal('round-detail'), key: text }),
  // "Check a round" asks whether the round it checked is stored already; read only (background/find-round.ts).
  v.strictObject({
    type: v.literal('find-round'),
    game: claimText(MAX_GAME_NAME_LENGTH),
    serverSeed: v.optional(claimText(MAX_SEED_LENGTH)),
    commitment: v.optional(claimText(MAX_HASH_TEXT_LENGTH)),
    clientSeed: claimText(MAX_SEED_LENGTH),
    nonce: nonceText,
  }),
  // Export pages follow one another by `after` (the previous page's `last`, a round's seq): a key
  // range, so the millionth round costs what the first does; `offset` steps over rounds one by one.
  v.strictObject({ type: v.literal('export-page'), offset: v.optional(offset), after: v.optional(offset), limit: pageSize }),
  v.strictObject({ type: v.literal('games') }),
  v.strictObject({ type: v.literal('clear-data') }),
  // Rounds of an "Export JSON" file, merged like captured claims; each is checked on its own (background/import.ts).
  v.strictObject({
    type: v.literal('import-rounds'),
    rounds: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(MAX_IMPORT_ROUNDS_PER_MESSAGE)),
    // Chunk `chunk` of a file whose seal this install checked (background/seal-key.ts): hashed again there.
    sealed: v.optional(v.strictObject({ ticket: uuid, chunk: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
  }),
  // "Export JSON": the install's seal over the chain of the rounds written (core/export-seal.ts).
  v.strictObject({ type: v.literal('seal-export'), count: v.pipe(v.number(), v.integer(), v.minValue(0)), exportedAt: v.pipe(v.string(), v.maxLength(40)), chain: hex64 }),
  // "Import JSON", before sending rounds: is the file's seal this install's, over the rounds as they stand?
  v.strictObject({
    type: v.literal('seal-check'),
    seal: v.unknown(),
    rounds: v.pipe(v.number(), v.integer(), v.minValue(0)),
    states: v.pipe(v.array(hex64), v.minLength(1), v.maxLength(MAX_SEAL_STATES)),
    chunkSize: v.literal(MAX_IMPORT_ROUNDS_PER_MESSAGE),
  }),
  v.strictObject({ type: v.literal('seal-done'), ticket: uuid }),
  v.strictObject({ type: v.literal('run-self-test') }),
  // The cross-round audit over every stored round (background/findings.ts).
  v.strictObject({ type: v.literal('findings') }),
  // One game's figures for the statistics page, kept over its verified rounds (background/outcomes.ts).
  v.strictObject({ type: v.literal('outcomes'), gameId: v.picklist(SUPPORTED_GAME_IDS) }),
  // The settled verified rounds in the order first seen, after the one whose seq is `after` (from the first without), as the sessions read them (background/session-rounds.ts).
  v.strictObject({ type: v.literal('session-rounds'), after: v.optional(offset), limit: pageSize }),
  // What the worker saw on one tab (the popup asks about the active one; background/watched-tabs.ts).
  v.strictObject({ type: v.literal('tab-context'), tabId: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
]);

export type ContentMessage = v.InferOutput<typeof contentMessageSchema>;
export type PageMessage = v.InferOutput<typeof pageMessageSchema>;
/** A checked round as the stored-round look-up takes it: the game, the seed pair and the nonce. */
export type FindRoundQuery = Omit<Extract<PageMessage, { type: 'find-round' }>, 'type'>;

// The compile-time check that the schema and the record type agree.
type Assert<T extends true> = T;
export type _ClaimMatchesSchema = Assert<v.InferOutput<typeof capturedClaimSchema> extends CapturedClaim ? true : false>;
export type _SchemaMatchesClaim = Assert<CapturedClaim extends v.InferOutput<typeof capturedClaimSchema> ? true : false>;

export interface ClaimsAck {
  /** Claims now safely stored (or already known unchanged). */
  stored: number;
  /** Claims refused, each with its reason. */
  refused: { index: number; reason: string }[];
  /**
   * Of the refused, those refused only for the tab's budget (a flood): not delivered, so the
   * content script keeps them and sends them again later.
   */
  retryLater: number[];
  /**
   * Commitments (lowercase) whose server seed in the batch hashes to them: the content script's
   * round tracker retires those pairs (capture/session/round-tracker.ts).
   */
  revealed: string[];
}

export interface RoundDetail {
  record: RoundRecord;
  trace?: RoundTrace;
}

/** What is wrong with one field (a path such as "picks.3"): its kind of value, its length, its count of items, or its form. */
export interface FieldIssue {
  field: string;
  issue: 'type' | 'too-long' | 'too-many' | 'form';
  limit?: number;
}

/** Why the store refused a claim: it is full, or a file would change a round the casino's page showed (import-guard.ts). */
export type StoreRefusal = { code: 'store-full' } | { code: 'captured'; differs: string[]; fills: string[] };

/** Why the worker refused one round of an imported file, as codes the popup words (popup/import-result.tsx). */
export type ImportRefusal =
  | { code: 'not-object' }
  | { code: 'game-missing' }
  | ({ code: 'field' } & FieldIssue)
  /** A nonce and a result or server seed are needed: without them it would act on a seed pair (import.ts). */
  | { code: 'no-round' }
  | StoreRefusal;

/** What a file's seal is to this install (background/seal-key.ts). */
export type SealVerdict =
  /** Made by this install over exactly these rounds: the ticket restores them, chunk by chunk. */
  | { kind: 'this-install'; ticket: string }
  /** Another install's (another browser, or this one before it was reinstalled): its rounds stay file-only. */
  | { kind: 'other-install' }
  /** This install's id, but the rounds (or the seal) are not what it signed. */
  | { kind: 'changed' }
  /** No seal an install could have made (the member named). */
  | { kind: 'malformed'; field: string };

/** What importing one chunk of an export file did: rounds new to the store, known rounds completed, rounds already known, rounds refused. */
export interface ImportReport {
  added: number;
  updated: number;
  known: number;
  /** Index within the chunk, and why. */
  refused: { index: number; refusal: ImportRefusal }[];
  /** Rounds taken back with this install's own evidence (a sealed file): trust levels restored. */
  restored?: number;
  /** A chunk sent as sealed did not hash to its place in the checked file: taken as file-only. */
  sealBroken?: true;
}

/**
 * One tab as the worker knows it: not watched (no content script announced itself there since it
 * loaded), or watched, with the page's host, when it was announced and how many distinct rounds its
 * claims were about since (stored or already known; refused ones do not count).
 */
export type TabContext = { watched: false } | { watched: true; host: string; since: number; rounds: number; capture?: CaptureTally };

/** What the worker answers to each page message. */
export interface PageResponses {
  summary: Summary;
  rounds: { total: number; rows: RoundRow[] };
  'round-detail': RoundDetail | null;
  'find-round': RoundRow | null;
  'export-page': { total: number; rounds: ExportedRound[]; last?: number };
  games: string[];
  'clear-data': { cleared: number };
  'import-rounds': ImportReport;
  'seal-export': ExportSeal;
  'seal-check': SealVerdict;
  'seal-done': null;
  'run-self-test': Summary['selfTest'];
  findings: Finding[];
  outcomes: GameFigures;
  /** `last`: the seq of the last round read (the next page's `after`); `read`: how many stored rounds the page went over. */
  'session-rounds': { total: number; rounds: SessionRound[]; read: number; last?: number };
  'tab-context': TabContext;
}

/**
 * Why the worker did not do what a message asked: the message fails its schema, or its sender may
 * not send it (neither changes when sent again), or the work failed (it may succeed later).
 */
export type ReplyFailure = 'invalid-message' | 'sender-not-allowed' | 'failed';

/**
 * Every answer is wrapped so a failure arrives as data, not as a dropped promise. A sender decides
 * by `failure`; `error` is English for logs only.
 */
export type Reply<T> = { ok: true; value: T } | { ok: false; failure: ReplyFailure; error: string; storageProblem?: StorageProblem };

/** A failure says it in English (`error`, for logs and the content script) and as codes (`issue`, for the popup). */
export type ValidationResult<T> = { ok: true; message: T } | { ok: false; error: string; issue: FieldIssue };

function validate<T>(schema: v.GenericSchema<unknown, T>, input: unknown): ValidationResult<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, message: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  const tooMany = Array.isArray(issue.input);
  const coded: FieldIssue =
    issue.type === 'max_length'
      ? { field: path, issue: tooMany ? 'too-many' : 'too-long', limit: Number(issue.requirement) }
      : { field: path, issue: issue.type === 'regex' ? 'form' : 'type' };
  return { ok: false, error: `${path ? `${path}: ` : ''}${issue.message}`, issue: coded };
}

export const validateContentMessage = (input: unknown) => validate(contentMessageSchema, input);
export const validateClaim = (input: unknown): ValidationResult<CapturedClaim> => validate(capturedClaimSchema, input);
export const validatePageMessage = (input: unknown) => validate(pageMessageSchema, input);

export type { RoundFilter };
