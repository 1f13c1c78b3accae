// How long each value of a claimed round may be, in one place: the content script drops a value
// over its limit, the worker's message schema refuses it with the field named, and the core's
// checks refuse it in a file. Real values are far shorter (a server seed is 64 hex characters, a
// client seed a few dozen, a result a number or ten); the limits keep one claim to a few KB, so a
// page cannot make one record, or the store, huge with claims that look valid.

/** Server seed and client seed. */
export const MAX_SEED_LENGTH = 256;
/** Commitment and round signature: 64 hex characters, with room for what a page wraps them in. */
export const MAX_HASH_TEXT_LENGTH = 128;
/** A game's name as a page shows it. */
export const MAX_GAME_NAME_LENGTH = 128;
/** A result shown as one text: a number, or a Keno draw written out ("3, 7, 12, …, 38"). */
export const MAX_RESULT_TEXT_LENGTH = 200;
/** One item of a result or of the picks ("00", "17", or an unsupported game's "2.35x"). */
export const MAX_RESULT_ITEM_LENGTH = 32;
/** Items of a result or of the picks: Keno draws 10 of 40. */
export const MAX_LIST_LENGTH = 40;
/**
 * The longest single value a claim may carry: what the JSON tap passes on across worlds at most. The
 * longest of the limits above (test/core/limits.test.ts), written out: the bundles do not compute it.
 */
export const MAX_CLAIM_VALUE_LENGTH = 256;
